"""The base class every bot shares."""

from __future__ import annotations

import math

import numpy as np

from ..rules import actions as A

INF = math.inf


class Bot:
    """Base class: subclasses implement :meth:`choose`.

    ``rng`` is the bot's own generator, ``np.random.default_rng(seed)``. For a plain seed
    (an ``int`` from 0) it is made on first use: most bots never draw, and a generator
    costs more to make than a bot (a game makes its bots anew). Made then or now, it
    starts at the same state and draws the same numbers."""

    name = "bot"

    def __init__(self, seed: int = 0):
        self.seed = seed
        if type(seed) is int and seed >= 0:
            self._rng_seed = seed  # a valid seed: the generator waits for __getattr__
        else:
            self.rng = np.random.default_rng(seed)  # anything else is checked (or refused) now

    def __getattr__(self, name: str):
        # called only for an attribute not found the usual way: ``rng`` before its first
        # use (it then becomes a plain attribute)
        if name == "rng" and "_rng_seed" in self.__dict__:
            self.rng = np.random.default_rng(self.__dict__["_rng_seed"])
            return self.rng
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def choose(self, game) -> A.Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
