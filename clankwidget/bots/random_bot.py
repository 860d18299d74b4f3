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
        others = [a for a in legal if not isinstance(a, A.EndTurn)]
        if not others or (len(others) < len(legal) and self.rng.random() < 0.25):
            return next(a for a in legal if isinstance(a, A.EndTurn))
        return others[int(self.rng.integers(len(others)))]
