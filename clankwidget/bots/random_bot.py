"""The random bot: any legal action."""

from __future__ import annotations

from ..rules import actions as A
from .base import Bot


class RandomBot(Bot):
    """Plays a uniformly random legal action, ending its turn only when nothing else is left
    or with a small chance (so it neither stalls nor rushes)."""

    name = "random"

    def choose(self, game) -> A.Action:
        legal = game.legal_actions()
        end = A.EndTurn
        others = [a for a in legal if not isinstance(a, end)]
        n = len(others)
        if not n or (n < len(legal) and self.rng.random() < 0.25):
            return next(a for a in legal if isinstance(a, end))
        return others[self.rng.integers(n)]
