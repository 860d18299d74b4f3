"""The base class every bot shares."""

from __future__ import annotations

import math

import numpy as np

from ..rules import actions as A

INF = math.inf


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
