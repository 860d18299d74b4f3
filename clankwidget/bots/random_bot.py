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
        # the rules list EndTurn itself, never a subclass (as the greedy bot's _classes
        # reads them too): a class compared by identity, cheaper than isinstance
        others = [a for a in legal if a.__class__ is not _END]
        n = len(others)
        if not n or (n < len(legal) and self.rng.random() < 0.25):
            return next(filter(_is_end, legal))
        if n == 1:
            # rng.integers(1) is 0 and draws nothing (numpy's bounded integers return the
            # low end of an empty range without asking the bit generator; a test holds
            # it): a sixth of the bot's choices skip numpy's argument handling
            return others[0]
        return others[self.rng.integers(n)]
