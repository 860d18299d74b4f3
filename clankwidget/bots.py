"""Computer players.

A bot is an object with ``choose(game) -> Action``: given a live game where it is the
current player, it returns one legal action. Bots are seeded and deterministic.
"""

from __future__ import annotations

import numpy as np

from .rules import actions as A

__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]


class Bot:
    """Base class: subclasses implement :meth:`choose`."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def choose(self, game) -> A.Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


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


BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make_bot(kind: str | Bot, seed: int = 0) -> Bot:
    """A bot by name (see :data:`BOTS`) or the bot itself."""
    if isinstance(kind, Bot):
        return kind
    try:
        return BOTS[kind](seed=seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOTS)}") from None
