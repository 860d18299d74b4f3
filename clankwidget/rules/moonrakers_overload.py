"""Moonrakers' Overload expansion: the ``overload`` option of the Moonrakers rules.

A mixin of :class:`~clankwidget.rules.moonrakers.MoonrakersRules`; every method here is
a no-op or refuses unless the game was made with ``options={"overload": True}``, which
makes :class:`~clankwidget.rules.moonrakers_data.MoonrakersData` shuffle the card set's
``overload`` section into the base decks (its crew, ship parts, contracts and
objectives) and deal its advanced action cards into an offer of their own.

State (in ``s.extra["mr"]``, only with the option): ``advanced_deck`` and
``advanced_offer`` (card ids); ``free_removal`` (free Armory removals left this turn);
``join`` (a head-to-head contract's sign-up: ``queue`` of seats still to answer and
``joined``); ``bonus`` (a won bonus waiting for its captain's choice: ``seat``,
``kind``). An execution of a head-to-head contract also keeps ``own``: the requirements
each seat met by itself.

What the source says, and the readings chosen where it is silent (also in
``board_data/moonrakers/README.md``):

- Head-to-head contracts are redrawn at set-up like contracts of 3+ dice. The leader
  needs no invitation: choosing one asks every other captain in turn, clockwise from the
  leader, to join or stay out (actions ``join-contract``, ``stay-out``); there is no
  negotiation, no deal and no allies (no card of the teaching set refers to allies).
  After two failed negotiations (the leader must go alone) a head-to-head contract is
  run by the leader alone.
- Everyone taking part rolls the contract's full hazard dice (each attempt is their
  own) and only their own cards and parts count for them. The winner is the captain who
  meets the most requirements (each kind counted up to what the contract asks), ties to
  the turn order from the leader, and must have met at least one; run alone (nobody
  joined), it is an ordinary contract: the leader must meet every requirement. The
  winner takes the whole reward (prestige, credits, the bonus card); nobody else gets
  anything; every taker loses a prestige per unblocked hazard, as usual. A win counts as
  a completed contract of its kind and for the ``head_to_head`` objective, not as
  ``led`` or ``helped`` (there are no allies).
- Advanced action cards have their own offer (``setup.advanced_offer`` face up, from
  their shuffled deck); the leader buys one with ``buy-action`` naming it; it goes to the
  discard pile and is replaced at once.
- Before buying, the leader may remove one card of their choice from any Armory offer
  (parts, crew, advanced) for free (``replace-offer``, which costs nothing while a free
  removal is left and nothing has been bought this turn); the removed card goes under
  its deck, as a paid one does; the paid replacement (once a turn) stays available.
- A won bonus card (a negotiated one, or a head-to-head winner's) waits for its captain's
  ``take-bonus``: the top card of the deck the contract names (``"deck"``), or an
  advanced action card on offer (replaced at once). When the advanced action cards
  have run out (offer and deck empty) any basic action card of the supply may be taken
  instead ("an action card of the same type").
- IOsphere tokens are not included: the source names them without their rule. Asking
  for them (``options={"iosphere": True}``) raises :class:`RuleNotImplemented`.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import actions as A
from .moonrakers_data import KINDS

__all__ = ["OverloadRules"]


class OverloadRules:
    """The Overload option (a mixin; see the module docstring)."""

    @property
    def overload(self) -> bool:
        """Whether this game plays the Overload expansion."""
        return self.data.overload is not None

    # -- set-up and turns --------------------------------------------------------------

    def redrawn_at_setup(self, c: dict) -> bool:
        """Whether contract ``c`` is set aside when drawn for Dispatch at set-up."""
        return c["dice"] >= self.su["redraw_dice"] or bool(c.get("head_to_head"))

    def _setup_overload(self, mr: dict) -> None:
        if not self.overload:
            return
        deck = self.shuffled([c for c, k in self.data.advanced for _ in range(k)])
        offer = [deck.pop() for _ in range(min(len(deck), self.data.overload["advanced_offer"]))]
        mr.update(advanced_deck=deck, advanced_offer=offer)

    def _overload_turn(self) -> dict:
        """The Overload keys of a fresh turn (none without the option)."""
        if not self.overload:
            return {}
        return {"free_removal": self.data.overload["free_removals"], "join": None, "bonus": None}

    def _overload_public(self, mr: dict) -> dict:
        """What every seat may see of Overload's table (nothing without the option)."""
        if not self.overload:
            return {}
        keys = ("advanced_offer", "free_removal", "join", "bonus")
        return {k: mr[k] for k in keys} | {"advanced_deck": len(mr["advanced_deck"])}

    def _overload_candidates(self, s, p) -> Iterable[A.Action]:
        mr = s.extra["mr"]
        if mr["phase"] == "join":
            yield A.JoinContract()
            yield A.StayOut()
        elif mr["phase"] == "bonus":
            yield from (A.TakeBonus(c) for c in self._bonus_choices(s))

    # -- head-to-head contracts --------------------------------------------------------

    def _start_join(self, s) -> None:
        mr = s.extra["mr"]
        n, leader = len(s.players), mr["leader"]
        queue = [(leader + k) % n for k in range(1, n)]
        mr["join"] = {"queue": queue, "joined": []}
        mr["phase"], mr["actor"] = "join", queue[0]
        self.say(
            s,
            f"{self.contract(s)['name']} is head to head: anyone may join",
            "info",
            s.players[leader],
        )

    def _check_join_contract(self, s, p, a):
        return self._phase(s, "join")

    def _do_join_contract(self, s, p, a):
        s.extra["mr"]["join"]["joined"].append(s.players.index(p))
        self.say(s, f"{self.name(p)} joins the head-to-head contract", "deal", p)
        self._next_joiner(s)

    def _check_stay_out(self, s, p, a):
        return self._phase(s, "join")

    def _do_stay_out(self, s, p, a):
        self.say(s, f"{self.name(p)} stays out", "deal", p)
        self._next_joiner(s)

    def _next_joiner(self, s) -> None:
        mr = s.extra["mr"]
        join = mr["join"]
        join["queue"].pop(0)
        if join["queue"]:
            mr["actor"] = join["queue"][0]
            return
        none = {"prestige": 0, "credits": 0, "bonus": 0, "dice": 0}
        mr["deals"] = {str(i): dict(none) for i in join["joined"]}
        mr["join"] = None
        self._launch(s)

    def own_met(self, s, seat: int) -> dict[str, int]:
        """In a head-to-head execution, the requirements ``seat`` met by itself."""
        exe = s.extra["mr"]["execution"]
        met = dict(exe["own"][seat])
        misses = sum(1 for c in s.players[seat].play if self.mr_card(c)["kind"] == "miss")
        met["damage"] += misses * exe["miss_damage"][seat]
        return met

    def _settle_head_to_head(self, s, c: dict) -> None:
        """Pay the head-to-head winner, if any (see the module docstring)."""
        mr = s.extra["mr"]
        exe = mr["execution"]
        scores = {}
        for i in exe["seats"]:
            met = self.own_met(s, i)
            scores[i] = sum(min(met.get(k, 0), v) for k, v in c["requires"].items())
        best = max(scores.values())
        winner = next(i for i in exe["seats"] if scores[i] == best)
        needed = sum(c["requires"].values()) if len(exe["seats"]) == 1 else 1
        won = best >= needed
        words = ", ".join(f"{self.name(s.players[i])} {k}" for i, k in scores.items())
        self.say(
            s,
            f"{c['name']} (head to head, requirements met: {words}): "
            + (f"{self.name(s.players[winner])} wins" if won else "nobody wins"),
            "info",
            success=won,
            met=self.own_met(s, winner),
            winner=s.players[winner].colour if won else None,
        )
        if not won:
            return
        p = s.players[winner]
        p.gold += c["reward"]["credits"]
        p.gold += sum(
            self.data.parts[x]["passive"].get("success_credits", 0) for x in p.extra["parts"]
        )
        self._gain_prestige(s, p, c["reward"]["prestige"], c["name"])
        st = p.extra["stats"]
        st["completed"][c["kind"]] = st["completed"].get(c["kind"], 0) + 1
        st["head_to_head"] = st.get("head_to_head", 0) + 1
        if exe["dice"][winner] and exe["rolled"][winner] <= exe["blocks"][winner]:
            st["clean"] += 1
        if c["reward"].get("bonus"):
            self._won_bonus(s, p, c["reward"]["bonus"])

    # -- bonus cards -------------------------------------------------------------------

    def _won_bonus(self, s, p, kind: str) -> dict | None:
        """A bonus card won: given at once (a refit may follow), or with Overload held for
        its captain's ``take-bonus``."""
        if not self.overload:
            return self._bonus(s, p, kind)
        s.extra["mr"]["bonus"] = {"seat": s.players.index(p), "kind": kind}
        return None

    def _bonus_choices(self, s) -> list[str]:
        mr = s.extra["mr"]
        out = ["deck", *dict.fromkeys(mr["advanced_offer"])]
        if not mr["advanced_offer"] and not mr["advanced_deck"]:
            out += [c for c, k in s.reserve.items() if k > 0]
        return out

    def _check_take_bonus(self, s, p, a: A.TakeBonus):
        why = self._phase(s, "bonus")
        if why:
            return why
        if a.choice not in self._bonus_choices(s):
            return (
                f"{a.choice!r} is not a bonus you may take: 'deck', an advanced action "
                "card on offer, or (when those have run out) a supply card"
            )
        return None

    def _do_take_bonus(self, s, p, a: A.TakeBonus):
        mr = s.extra["mr"]
        bonus, mr["bonus"] = mr["bonus"], None
        mr["phase"], mr["actor"] = "buy", mr["leader"]
        if a.choice == "deck":
            refit = self._bonus(s, p, bonus["kind"])
            if refit is not None:
                mr["refit"] = refit
                mr["phase"], mr["actor"] = "refit", refit["seat"]
            return
        if a.choice in mr["advanced_offer"]:
            self._refill_offer(s, "advanced", mr["advanced_offer"].index(a.choice))
        else:
            s.reserve[a.choice] -= 1
        p.discard.append(a.choice)
        self.say(s, f"{self.name(p)} takes the bonus {self.card(a.choice).name}", "gain", p)

    # -- buying ------------------------------------------------------------------------

    def is_advanced_on_offer(self, s, card: str) -> bool:
        """Whether ``card`` is an advanced action card in the Overload offer now."""
        return card in s.extra["mr"].get("advanced_offer", ())

    def _check_buy_advanced(self, s, p, card: str) -> str | None:
        why = self._phase(s, "buy") or self._leader_only(s, p)
        if why:
            return why
        cost = self.card(card).cost
        if p.gold < cost:
            return f"{self.card(card).name} costs {cost} credits; you have {p.gold}"
        return None

    def _do_buy_advanced(self, s, p, card: str) -> None:
        mr = s.extra["mr"]
        p.gold -= self.card(card).cost
        p.discard.append(card)
        self._refill_offer(s, "advanced", mr["advanced_offer"].index(card))
        self.say(s, f"{self.name(p)} buys {self.card(card).name}", "buy", p, card=card)

    def _bought(self, s) -> None:
        """A purchase ends Overload's free removal for the turn ("before buying")."""
        if self.overload:
            s.extra["mr"]["free_removal"] = 0

    def free_removal(self, s) -> bool:
        """Whether the leader's next Armory removal is Overload's free one."""
        return self.overload and s.extra["mr"]["free_removal"] > 0

    def advanced_owned(self, p) -> int:
        """How many advanced action cards captain ``p`` owns (an objective's count)."""
        return p.cards_among(self.data.advanced_cards)

    @staticmethod
    def fresh_own(c: dict, n: int) -> list[dict] | None:
        """Per-seat requirement counters for a head-to-head execution, else ``None``."""
        return [dict.fromkeys(KINDS, 0) for _ in range(n)] if c.get("head_to_head") else None
