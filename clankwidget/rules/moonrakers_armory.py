"""Moonrakers' Armory: the leader buys ship parts and crew (with Overload also advanced
action cards), and replaces cards on offer.

A mixin of :class:`~clankwidget.rules.moonrakers.MoonrakersRules` (read its module
docstring for the turn and the readings chosen). Parts go on the buyer's command
terminal (at most ``max_parts``; a new one then replaces one, which leaves the game while
the cards it added stay); the cards a part adds, bought crew and bought advanced action
cards go to the discard pile; a bought card is replaced at once from its deck. Basic
action cards are not sold: their tray (the card set's ``reserve``) is where the cards a
part adds come from (the source's buying phase lists "ship parts, (advanced action
cards) or crew"). With the ``overload`` option the advanced action offer is one more row
here, and the first removal before buying is free
(:mod:`~clankwidget.rules.moonrakers_overload`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from . import actions as A

__all__ = ["ArmoryRules", "Family", "buying_groups"]


class ArmoryRules:
    """Buying at the Armory (a mixin; see the module docstring)."""

    # -- buying (the leader only) ------------------------------------------------------

    def _check_buy_part(self, s, p, a: A.BuyPart):
        mr = s.extra["mr"]
        why = self._phase(s, "buy") or self._leader_only(s, p)
        if why:
            return why
        if not 0 <= a.slot < len(mr["parts_offer"]):
            return f"there is no ship part in Armory slot {a.slot}"
        part = self.data.parts[mr["parts_offer"][a.slot]]
        if p.gold < part["cost"]:
            return f"{part['name']} costs {part['cost']} credits; you have {p.gold}"
        full = len(p.extra["parts"]) >= self.su["max_parts"]
        if full and not 0 <= a.replace < len(p.extra["parts"]):
            return (
                f"your terminal holds {self.su['max_parts']} parts: say which one "
                f"(replace=0..{len(p.extra['parts']) - 1}) the new part replaces"
            )
        if not full and a.replace != -1:
            return "there is room on your terminal: nothing to replace (replace=-1)"
        return None

    def _do_buy_part(self, s, p, a: A.BuyPart):
        mr = s.extra["mr"]
        pid = mr["parts_offer"][a.slot]
        p.gold -= self.data.parts[pid]["cost"]
        self.say(
            s,
            f"{self.name(p)} buys {self.data.parts[pid]['name']}",
            "buy",
            p,
            part=pid,
            cost=self.data.parts[pid]["cost"],
        )
        self._refill_offer(s, "parts", a.slot)
        self._bought(s)
        self._install(s, p, pid, replace=a.replace)

    def _install(self, s, p, pid: str, replace: int = -1) -> None:
        mr = s.extra["mr"]
        part = self.data.parts[pid]
        if replace >= 0:
            old = p.extra["parts"].pop(replace)
            mr["parts_gone"].append(old)
            self.say(
                s, f"{self.data.parts[old]['name']} leaves the game (its cards stay)", "info", p
            )
        p.extra["parts"].append(pid)
        self.say(s, f"{self.name(p)} installs {part['name']}", "gain", p, part=pid)
        for cid in part["adds"]:
            if s.reserve.get(cid, 0) > 0:
                s.reserve[cid] -= 1
                p.discard.append(cid)
                self.say(s, f"{self.card(cid).name} goes to {self.name(p)}'s discard", "gain", p)
            else:
                self.say(s, f"The {self.card(cid).name} supply is empty: none added", "info", p)

    #: Each Armory offer's keys in ``s.extra["mr"]``: (the row, its deck).
    _OFFERS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "parts": ("parts_offer", "part_deck"),
        "crew": ("crew_offer", "crew_deck"),
        "advanced": ("advanced_offer", "advanced_deck"),
    }

    def _refill_offer(self, s, offer: str, slot: int) -> None:
        mr = s.extra["mr"]
        row, deck = (mr[k] for k in self._OFFERS[offer])
        if deck:
            row[slot] = deck.pop()
            self.revealed = True
        else:
            row.pop(slot)

    def _check_buy_crew(self, s, p, a: A.BuyCrew):
        mr = s.extra["mr"]
        why = self._phase(s, "buy") or self._leader_only(s, p)
        if why:
            return why
        if not 0 <= a.slot < len(mr["crew_offer"]):
            return f"there is no crew card in Armory crew slot {a.slot}"
        card = self.card(mr["crew_offer"][a.slot])
        if p.gold < card.cost:
            return f"{card.name} costs {card.cost} credits; you have {p.gold}"
        return None

    def _do_buy_crew(self, s, p, a: A.BuyCrew):
        mr = s.extra["mr"]
        cid = mr["crew_offer"][a.slot]
        p.gold -= self.card(cid).cost
        p.discard.append(cid)
        self.say(s, f"{self.name(p)} hires {self.card(cid).name}", "buy", p, card=cid)
        self._refill_offer(s, "crew", a.slot)
        self._bought(s)

    def _check_buy_action(self, s, p, a: A.BuyAction):
        if self.is_advanced_on_offer(s, a.card):
            return self._check_buy_advanced(s, p, a.card)
        why = self._phase(s, "buy") or self._leader_only(s, p)
        if why:
            return why
        if a.card in s.reserve:
            return (
                f"{self.card(a.card).name} is a basic action card: they are not sold (the "
                "tray holds the cards ship parts add); the Armory sells ship parts, crew"
                + (" and the advanced action cards on offer" if self.overload else "")
            )
        if self.overload:
            return f"{a.card!r} is not an advanced action card on offer"
        return "the Armory sells no action cards without Overload: buy ship parts or crew"

    def _do_buy_action(self, s, p, a: A.BuyAction):
        self._bought(s)
        self._do_buy_advanced(s, p, a.card)

    def _check_replace_offer(self, s, p, a: A.ReplaceOffer):
        mr = s.extra["mr"]
        why = self._phase(s, "buy") or self._leader_only(s, p)
        if why:
            return why
        offers = [k for k, (row, _) in self._OFFERS.items() if row in mr]
        if a.offer not in offers:
            return f"offer is one of {', '.join(map(repr, offers))}, got {a.offer!r}"
        row, deck = (mr[k] for k in self._OFFERS[a.offer])
        if not 0 <= a.slot < len(row):
            return f"there is no {a.offer} slot {a.slot} at the Armory"
        if not deck:
            return f"the {a.offer} deck is empty: nothing to replace it with"
        if self.free_removal(s):
            return None
        if mr["replaced"]:
            return "the leader has already replaced an Armory card this turn"
        if p.gold < self.su["replace_cost"]:
            return f"replacing costs {self.su['replace_cost']} credit; you have {p.gold}"
        return None

    def _do_replace_offer(self, s, p, a: A.ReplaceOffer):
        mr = s.extra["mr"]
        if self.free_removal(s):
            mr["free_removal"] -= 1
            how = "free"
        else:
            mr["replaced"] = True
            p.gold -= self.su["replace_cost"]
            how = f"{self.su['replace_cost']} credit"
        row, deck = (mr[k] for k in self._OFFERS[a.offer])
        old = row[a.slot]
        deck.insert(0, old)
        name = self.data.parts[old]["name"] if a.offer == "parts" else self.card(old).name
        self._refill_offer(s, a.offer, a.slot)
        self.say(
            s, f"{self.name(p)} replaces {name} at the Armory ({how}; under its deck)", "row", p
        )


class Family(list):
    """Candidate actions whose checks ask the same questions but for the slot (or the
    part replaced) each names, and each of those is one the list was made from: the
    first action's check answers for all of them, and the legal list asks it once."""


def buying_groups(n, replace, parts, crew, advanced) -> list[list[A.Action]]:
    """The buying phase's candidates in groups: swaps of the ``n`` contracts in Dispatch,
    each of the ``parts`` on offer (replacing each of ``replace`` installed parts when the
    terminal is full, else ``None``), the ``crew`` on offer, replacing a card on offer,
    Overload's ``advanced`` action cards, the end of the turn. A :class:`Family` is
    answered by its first action's check."""
    groups: list[list[A.Action]] = [Family(A.SwapContract(i) for i in range(n))]
    for i in range(parts):
        if replace is None:
            groups.append([A.BuyPart(i)])
        else:  # which part the new one replaces changes nothing its check asks
            groups.append(Family(A.BuyPart(i, j) for j in range(replace)))
    groups.append([A.BuyCrew(i) for i in range(crew)])
    groups.append(Family(A.ReplaceOffer("parts", i) for i in range(parts)))
    groups.append(Family(A.ReplaceOffer("crew", i) for i in range(crew)))
    if advanced:
        groups.append([A.BuyAction(c) for c in dict.fromkeys(advanced)])
        groups.append(Family(A.ReplaceOffer("advanced", i) for i in range(len(advanced))))
    groups.append([A.EndTurn()])
    return [g for g in groups if g]
