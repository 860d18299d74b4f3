"""Taking cards from the row and the reserve: the part of the deck-building core that
says which cards a player may take now, and takes them.

:class:`CardTakes` is a mixin of :class:`~clankwidget.rules.deckbuilding.DeckBuildingRules`
(which gives it ``card``, ``say``, ``name``, ``apply_effects``, ``condition`` and the card
set). A card is acquired for its cost in Skill, a monster defeated for its Swords, either
only when the card's requirement is met; ``_card_actions`` builds that part of a legal
list straight from the state, as the ``_check_`` methods here decide.
"""

from __future__ import annotations

from ..data import Card
from ..errors import shown
from . import actions as A
from .effects import describe
from .state import GameState, PlayerState

__all__ = ["CardTakes"]


def _no_card(s: GameState, slot: int) -> str:
    """Why row slot ``slot`` holds no card to take: it is empty, or there is no such slot."""
    if 0 <= slot < len(s.row):
        return f"row slot {slot} is empty"
    return f"there is no row slot {shown(slot)}"


class CardTakes:
    """What may be taken from the row and the reserve, and taking it (see the module docs)."""

    def _card_actions(self, s: GameState, p: PlayerState, out: list) -> None:
        """Add to ``out`` the row's and the reserve's cards ``p`` may take now, as the
        core's checks decide: a card is acquired for its cost in Skill (from a reserve pile
        that is not empty), a monster defeated for its Swords (offered only to a thief
        holding some), and either only when the card's requirement is met."""
        prices = self._prices or self._read_prices()
        skill, swords = p.skill, p.swords
        acquires, defeats = self._acquires, self._defeats
        i = -1  # the slot, counted by hand (enumerate makes a tuple per slot)
        for cid in s.row:
            i += 1
            if cid is not None:
                monster, price, requires, c, _ = prices[cid]
                if monster:
                    if swords and swords >= price and (not requires or self._met(s, p, c)):
                        out.append(defeats[i])
                elif skill >= price and (not requires or self._met(s, p, c)):
                    out.append(acquires[i])
        for cid, left in s.reserve.items():
            monster, price, requires, c, take = prices[cid]
            if monster:
                if swords and swords >= price and (not requires or self._met(s, p, c)):
                    out.append(take)
            elif left != 0 and skill >= price and (not requires or self._met(s, p, c)):
                out.append(take)

    def _read_prices(self) -> dict[str, tuple[bool, int, dict | None, Card, A.Action]]:
        """Card id -> ``(monster, price, requires, card, take)``: whether the card is a
        monster, what taking it costs (its Swords to defeat, else its Skill cost), what it
        requires to be taken, the card and the action that takes it from the reserve. Read
        once per card set (the cards never change in play)."""
        prices = self._prices = self._cards_table("prices")
        if not prices:
            for cid, c in self._card_table.items():
                monster = c.is_monster
                price = c.defeat if monster else c.cost
                take = A.DefeatReserve(cid) if monster else A.AcquireReserve(cid)
                prices[cid] = (monster, price, c.requires, c, take)
        return prices

    def _described(self, card: Card, part: str) -> str:
        """The words for a card's ``part`` ("use", "reward") in the log: the same at every
        use or defeat, so worked out once per card (kept with the card they describe:
        words for another card of the same id are worked out anew)."""
        texts = self._described_texts
        if texts is None:
            # (read with the card set when card() is the core's: _plain_card)
            texts = self._described_texts = self._cards_table("described", self._plain_card)
        key = (card.id, part)
        known = texts.get(key)
        if known is None or known[0] is not card:
            known = texts[key] = (card, describe(getattr(card, part)))
        return known[1]

    def _check_acquire(self, s, p, a: A.Acquire):
        cid = self._row_card(s, a.slot)
        if cid is None:
            return _no_card(s, a.slot)
        card = self.card(cid)
        if card.is_monster:
            return f"{card.name} is a monster: defeat it with Swords"
        if p.skill >= card.cost and not card.requires:  # affordable, nothing required
            return None  # (what _afford and _requires answer then, without their calls)
        return self._afford(p, card, "skill", card.cost) or self._requires(s, p, card)

    def _do_acquire(self, s, p, a: A.Acquire):
        cid = s.row[a.slot]
        s.row[a.slot] = None
        self._gain_card(s, p, cid, from_row=True)

    def _check_acquire_reserve(self, s, p, a: A.AcquireReserve):
        if a.card not in s.reserve:
            return f"there is no reserve pile {a.card!r}"
        card = self.card(a.card)
        if card.is_monster:
            return f"{card.name} is a monster: defeat it with Swords"
        if s.reserve[a.card] == 0:
            return f"the {card.name} pile is empty"
        if p.skill >= card.cost and not card.requires:  # affordable, nothing required
            return None  # (what _afford and _requires answer then, without their calls)
        return self._afford(p, card, "skill", card.cost) or self._requires(s, p, card)

    def _do_acquire_reserve(self, s, p, a: A.AcquireReserve):
        if s.reserve[a.card] is not None:
            s.reserve[a.card] -= 1
        self._gain_card(s, p, a.card, from_row=False)

    def _gain_card(self, s, p, cid: str, from_row: bool):
        card = self.card(cid)
        p.skill -= card.cost
        name = self._names[p.colour] if self._plain_name else self.name(p)
        if card.is_device:
            text = f"{name} uses {card.name} ({self._described(card, 'use')})"
        else:
            text = f"{name} acquires {card.name}"
        if self._plain_say:  # what say() adds, without its call
            s.log.append(text)
            s.events.append({"kind": "gain", "actor": p.colour, "card": cid})
        else:
            self.say(s, text, "gain", p, card=cid)
        if card.is_device:
            s.dungeon_discard.append(cid)
            self.apply_effects(s, p, card.use, source=cid)
        else:
            p.discard.append(cid)
            self.apply_effects(s, p, card.acquire, source=cid)
        self.after_gain(s, p, card, from_row)

    def after_gain(self, s, p, card: Card, from_row: bool) -> None:
        """Hook: a card was acquired or defeated (``from_row``: it came from the row)."""

    def _check_defeat(self, s, p, a: A.Defeat):
        cid = self._row_card(s, a.slot)
        if cid is None:
            return _no_card(s, a.slot)
        card = self.card(cid)
        if not card.is_monster:
            return f"{card.name} is not a monster: acquire it with Skill"
        if p.swords >= card.defeat and not card.requires:  # affordable, nothing required
            return None  # (what _afford and _requires answer then, without their calls)
        return self._afford(p, card, "swords", card.defeat) or self._requires(s, p, card)

    def _do_defeat(self, s, p, a: A.Defeat):
        cid = s.row[a.slot]
        s.row[a.slot] = None
        s.dungeon_discard.append(cid)
        self._defeat(s, p, self.card(cid), from_row=True)

    def _check_defeat_reserve(self, s, p, a: A.DefeatReserve):
        if a.card not in s.reserve or not self.card(a.card).is_monster:
            return f"there is no reserve monster {a.card!r}"
        card = self.card(a.card)
        if p.swords >= card.defeat and not card.requires:  # affordable, nothing required
            return None  # (what _afford and _requires answer then, without their calls)
        return self._afford(p, card, "swords", card.defeat) or self._requires(s, p, card)

    def _do_defeat_reserve(self, s, p, a: A.DefeatReserve):
        self._defeat(s, p, self.card(a.card), from_row=False)

    def _defeat(self, s, p, card: Card, from_row: bool):
        p.swords -= card.defeat
        name = self._names[p.colour] if self._plain_name else self.name(p)
        text = f"{name} defeats {card.name}" + (
            f" ({self._described(card, 'reward')})" if card.reward else ""
        )
        if self._plain_say:  # what say() adds, without its call
            s.log.append(text)
            s.events.append({"kind": "defeat", "actor": p.colour, "card": card.id})
        else:
            self.say(s, text, "defeat", p, card=card.id)
        self.apply_effects(s, p, card.reward, source=card.id)
        self.after_gain(s, p, card, from_row)

    def _row_card(self, s, slot: int) -> str | None:
        return s.row[slot] if 0 <= slot < len(s.row) else None

    def _afford(self, p, card: Card, resource: str, cost: int) -> str | None:
        have = getattr(p, resource)
        if have < cost:
            word = "Skill" if resource == "skill" else "Swords"
            return f"{card.name} needs {cost} {word}; you have {have}"
        return None

    def _met(self, s, p, card: Card) -> bool:
        """Whether ``p`` meets what ``card`` requires to be taken (if anything)."""
        return not card.requires or self.condition(s, p, card.requires, source=None)

    def _requires(self, s, p, card: Card) -> str | None:
        if not self._met(s, p, card):
            from .effects import condition_text

            return f"{card.name} can only be taken if {condition_text(card.requires)}"
        return None
