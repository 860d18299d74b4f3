"""The end of a turn in the deck-building core: drawing, refilling the row, passing the turn
on and finishing the game.

:class:`TurnEnd` is a mixin of :class:`~clankwidget.rules.deckbuilding.DeckBuildingRules`
(which gives it ``card``, ``say``, ``name``, ``shuffled``, ``apply_effects``, ``scores``
and the set-up numbers). Ending a turn discards the play area, draws a new hand, refills
the row (its arrive effects and one dragon attack at most: the hooks ``after_reveal`` and
``after_refill``) and passes the turn to the next player still in; a player who has left
has their turn resolved by ``out_turn``.
"""

from __future__ import annotations

from .state import IN

__all__ = ["TurnEnd"]


class TurnEnd:
    """Drawing, the row's refill, ending the turn and the game (see the module docs)."""

    def draw(self, s, p, n: int) -> None:
        deck = p.deck
        if 0 < n <= len(deck):  # no reshuffle on the way: the top n cards, top first
            p.hand.extend(deck[: -n - 1 : -1])
            del deck[-n:]
            self.revealed = True
            return
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    return
                p.deck = self.shuffled(p.discard)
                p.discard = []
            p.hand.append(p.deck.pop())
            self.revealed = True

    def refill_row(self, s) -> None:
        """Fill empty row slots; one attack at most, after arrive effects."""
        dragon = False
        for i in range(len(s.row)):
            while s.row[i] is None:  # a card that leaves at once (an event) is replaced
                if not s.dungeon_deck:
                    self.deck_exhausted(s)
                    if s.over or not s.dungeon_deck:
                        return
                new = s.dungeon_deck.pop()
                s.row[i] = new
                self.revealed = True
                card = self.card(new)
                text = f"{card.name} enters the row" + (" (dragon attack!)" if card.dragon else "")
                if self._plain_say:  # what say() adds, without its call
                    s.log.append(text)
                    s.events.append({"kind": "row", "actor": None, "card": new})
                else:
                    self.say(s, text, "row", card=new)
                dragon = dragon or card.dragon
                self.apply_effects(s, None, card.arrive, source=new)
                self.after_reveal(s, i)
        self.after_refill(s, dragon)

    def after_reveal(self, s, slot: int) -> None:
        """Hook: the card in row ``slot`` was just revealed and its arrive effects resolved.
        An edition may take it out of the row again (Legacy's events go to the discard
        pile); an emptied slot is filled again from the deck in the same refill, so a
        card taken out must not come back in that refill (see :meth:`deck_exhausted`), or
        the refill may never end."""

    def after_refill(self, s, dragon: bool) -> None:
        """Hook: the row was refilled (``dragon``: a card with the attack symbol arrived)."""

    def deck_exhausted(self, s) -> None:
        """Hook: the dungeon deck cannot refill the row (the map layer ends the game). An
        edition that makes a new deck here (Legacy shuffles the discard pile) lets the
        refill go on; that deck must leave out what :meth:`after_reveal` took out of the
        row in this refill (Legacy's Events resolved in it), which keeps every refill
        finite: each card is revealed at most once in it."""
        self.say(s, "The dungeon deck has run out", "deck-out")
        self.finish(s, "the dungeon deck ran out")

    def _check_end_turn(self, s, p, a):
        if p.hand:
            left = ", ".join(self.card(c).name for c in p.hand)
            return f"play every card in your hand first ({left})"
        return None

    def _do_end_turn(self, s, p, a):
        self.before_end_turn(s, p)
        p.discard.extend(p.play)
        p.play = []
        p.skill = p.swords = p.boots = p.teleports = 0
        p.clank_made = p.skill_generated = 0
        for q in s.players:  # negative Clank! left over is lost when the turn ends, anyone's
            q.clank_credit = 0
        p.exhausted = False
        p.held = []
        p.turn_flags = {}
        if p.is_in:
            self.draw(s, p, self.setup_numbers["hand_size"])
        self.after_end_turn(s, p)
        if s.over:
            return
        self.refill_row(s)
        if not s.over:
            self.next_turn(s)

    def before_end_turn(self, s, p) -> None:
        """Hook: before the play area is discarded."""

    def after_end_turn(self, s, p) -> None:
        """Hook: after discarding and drawing, before the row is refilled."""

    def next_turn(self, s) -> None:
        """Pass the turn on; out players' turns are resolved (countdown, cube draws)."""
        n = len(s.players)
        players = s.players
        for _ in range(2 * n + 1):
            for q in players:  # any player still in? (a loop: no generator to make)
                if q.status == IN:
                    break
            else:
                self.finish(s, "every player has left the dungeon")
                return
            s.current = (s.current + 1) % n
            s.turn += 1
            p = players[s.current]
            if p.status == IN:
                name = self._names[p.colour] if self._plain_name else self.name(p)
                if self._plain_say:  # what say() adds, without its call
                    s.log.append(f"— {name}'s turn —")
                    s.events.append({"kind": "turn", "actor": p.colour, "turn": s.turn})
                else:
                    self.say(s, f"— {name}'s turn —", "turn", p, turn=s.turn)
                return
            self.out_turn(s, p)
            if s.over:
                return
        self.finish(s, "no player can take a turn")  # pragma: no cover - defensive

    def out_turn(self, s, p) -> None:
        """Hook: what the turn of a player who has left does."""

    def finish(self, s, reason: str) -> None:
        if s.over:
            return
        s.over = True
        s.end_reason = reason
        s.pending = None
        scores = self.scores(s)
        self.say(
            s,
            f"Game over ({reason}): "
            + ", ".join(f"{self.name(q)} {v}" for q, v in zip(s.players, scores, strict=True)),
            "game-over",
            reason=reason,
        )
