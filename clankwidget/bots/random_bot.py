"""The random bot: any legal action."""

from __future__ import annotations

from ..rules import actions as A
from .base import Bot

_END = A.EndTurn
# ``isinstance(a, EndTurn)`` as a function filter() calls without a Python frame
_is_end = A.EndTurn.__instancecheck__


class RandomBot(Bot):
    """Plays a uniformly random legal action, ending its turn only when nothing else is left
    or with a small chance (so it neither stalls nor rushes)."""

    name = "random"

    def choose(self, game) -> A.Action:
        legal = game.rules.legal_actions(game.state)  # game.legal_actions(), one call less
        # The actions other than EndTurn, without listing them: the rules list EndTurn
        # itself (never a subclass, as the greedy bot's _classes reads them too), at most
        # once and, in every edition, last. When it is last the others are the first n;
        # when it is not listed they are all of them (a C-level scan of the classes, no
        # list built). A list with EndTurn elsewhere gets the plain filtered list.
        n = len(legal)
        if n and legal[-1].__class__ is _END:
            end, n = legal[-1], n - 1
            others = legal
        elif _END in map(type, legal):
            others = [a for a in legal if a.__class__ is not _END]
            end, n = next(filter(_is_end, legal)), len(others)
        else:
            end, others = None, legal
        if not n or (end is not None and self.rng.random() < 0.25):
            return end if end is not None else next(filter(_is_end, legal))
        if n == 1:
            # rng.integers(1) is 0 and draws nothing (numpy's bounded integers return the
            # low end of an empty range without asking the bit generator; a test holds
            # it): a sixth of the bot's choices skip numpy's argument handling
            return others[0]
        return others[self.rng.integers(n)]
