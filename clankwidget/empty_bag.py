"""When does the dragon bag run dry? Clank! Legacy's empty-bag ending, exactly.

In Clank! Legacy an attack that draws the last cube of the dragon bag ends the game at
once, and everyone still inside is knocked out. Every cube drawn leaves the bag (black
cubes are set aside, coloured ones are damage), so what decides the ending is only how
many cubes go in and how many are drawn, not their colours. The count of cubes in the
bag is a Markov chain: each turn adds the Clank! made that turn, then, with some chance,
an attack draws a number of cubes; a draw of at least as many cubes as the bag (and the
Clank! area) holds empties it, an absorbing state.

* :class:`Turn` - one turn of that chain: ``add`` cubes join, then with chance
  ``chance`` an attack draws ``draws`` cubes (an off-clock player's turn: chance 1,
  4 cubes, or 6 with two players; a turn whose refill may show a dragon: the chance of
  that);
* :func:`empty_bag_odds` - the exact chance the bag has run dry by the end of each turn,
  and the law of the cubes left while it has not;
* :func:`sample_empty_bag` - the same chain played ``n`` times with a seeded generator.

Colours, damage and knock-outs by damage are :mod:`clankwidget.odds`' job
(:func:`~clankwidget.odds.knockout_odds`); this module counts cubes only.

>>> odds = empty_bag_odds(10, [Turn(4), Turn(4, chance=0.5, add=1), Turn(4)])
>>> [round(float(p), 4) for p in odds.dry]
[0.0, 0.0, 0.5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._args import real, whole
from ._odds_input import _generator
from .errors import OddsInputError, shown

__all__ = ["EmptyBagOdds", "Turn", "empty_bag_odds", "sample_empty_bag"]

MAX_BAG = 10_000
"""The most cubes the chain follows (a real bag holds about a hundred)."""

MAX_TURNS = 1_000
"""The most turns one call follows (a game has a few dozen)."""

MAX_RUNS = 2_000_000
"""The most runs :func:`sample_empty_bag` plays in one call."""

MAX_STEPS = 200_000_000
"""The most run-turns (runs times turns) one sample plays: a few seconds."""


@dataclass(frozen=True)
class Turn:
    """One turn: ``add`` cubes join the bag (the turn's Clank!, which goes in with the
    Clank! area at the next attack), then with chance ``chance`` an attack draws
    ``draws`` cubes. ``draws == 0`` or ``chance == 0`` is a turn without an attack."""

    draws: int
    chance: float = 1.0
    add: int = 0


def _whole(value: Any, where: str, least: int = 0, most: int = MAX_BAG) -> int:
    return whole(value, where, least=least, most=most, error=OddsInputError)


def _turns(turns: Any) -> tuple[Turn, ...]:
    if isinstance(turns, (str, bytes)) or not isinstance(turns, Sequence) or not turns:
        raise OddsInputError("turns must be a non-empty sequence of Turn(draws, chance, add)")
    if len(turns) > MAX_TURNS:
        raise OddsInputError(f"{len(turns):,} turns; at most {MAX_TURNS:,}")
    out = []
    for t, turn in enumerate(turns):
        if not isinstance(turn, Turn):
            raise OddsInputError(f"turns[{t}] must be a Turn, got {shown(turn)}")
        chance = real(turn.chance, f"turns[{t}].chance", least=0.0, most=1.0, error=OddsInputError)
        draws = _whole(turn.draws, f"turns[{t}].draws")
        add = _whole(turn.add, f"turns[{t}].add")
        out.append(Turn(draws, chance, add))
    return tuple(out)


def _chain(bag: Any, turns: Any) -> tuple[int, tuple[Turn, ...], int]:
    """The checked ``bag`` and ``turns``, and the most cubes the bag can hold."""
    bag, turns = _whole(bag, "bag"), _turns(turns)
    size = bag + sum(t.add for t in turns)
    if size > MAX_BAG:
        raise OddsInputError(f"{size:,} cubes in all; at most {MAX_BAG:,}")
    return bag, turns, size


class EmptyBagOdds:
    """The bag's chain after each turn. Made by :func:`empty_bag_odds`.

    Attributes
    ----------
    bag : int
        Cubes in the bag and the Clank! area before the first turn.
    turns : tuple of Turn
    dry : numpy.ndarray
        ``dry[t]``: the chance the bag has run dry by the end of turn ``t`` (cumulative).
    left : numpy.ndarray
        ``left[t, k]``: the chance the bag has not run dry and holds ``k`` cubes after
        turn ``t``; ``left[t].sum() + dry[t] == 1``.
    """

    def __init__(self, bag: int, turns: tuple[Turn, ...], dry: np.ndarray, left: np.ndarray):
        self.bag = bag
        self.turns = turns
        self.dry = dry
        self.left = left

    def first_dry(self) -> np.ndarray:
        """``p[t]``: the chance the bag runs dry at turn ``t`` exactly."""
        return np.diff(self.dry, prepend=0.0)

    def expected_left(self, after: int = -1) -> float:
        """The expected cubes left after turn ``after`` (counted from 0; negative counts
        from the end), counting an empty bag as 0."""
        n = len(self.turns)
        row = self.left[_whole(after, "after", least=-n, most=n - 1)]
        return float(np.arange(len(row)) @ row)

    def __repr__(self) -> str:
        shown = ", ".join(f"{p:.4f}" for p in self.dry)
        return f"EmptyBagOdds: {self.bag} cubes, {len(self.turns)} turns; P(dry by turn): {shown}"


def empty_bag_odds(bag: int, turns: Sequence[Turn]) -> EmptyBagOdds:
    """The exact chance the dragon bag has run dry by the end of each of ``turns``.

    ``bag`` is the number of cubes in the bag and the Clank! area now. At each turn its
    ``add`` cubes join; then, with the turn's ``chance``, an attack draws ``draws`` cubes:
    all of them leave the bag, and a draw of at least as many cubes as there are empties
    it (Clank! Legacy ends the game then). Turns are independent: the chance of an
    attack does not depend on what happened before.
    """
    bag, turns, size = _chain(bag, turns)
    p = np.zeros(size + 1)
    p[bag] = 1.0
    dry = 0.0
    dry_by = np.zeros(len(turns))
    left = np.zeros((len(turns), size + 1))
    for t, turn in enumerate(turns):
        if turn.add:
            p = np.roll(p, turn.add)  # nothing wraps: size leaves room for every add
        if turn.draws and turn.chance:
            empties = p[: turn.draws + 1].sum()  # draws >= cubes: the bag runs dry
            after = np.zeros_like(p)
            after[: max(size + 1 - turn.draws, 0)] = p[turn.draws :]
            after[0] = 0.0  # counted in empties
            dry += turn.chance * empties
            p = (1.0 - turn.chance) * p + turn.chance * after
        dry_by[t] = dry
        left[t] = p
    return EmptyBagOdds(bag, turns, dry_by, left)


def sample_empty_bag(bag: int, turns: Sequence[Turn], n: int, seed: Any = None) -> np.ndarray:
    """Play the chain of :func:`empty_bag_odds` ``n`` times with a seeded generator.

    Returns, for each run, the turn (counted from 0) at whose attack the bag ran dry, or
    ``-1`` if it never did; ``(result >= 0) & (result <= t)`` is a run dry by turn ``t``.
    """
    bag, turns, _ = _chain(bag, turns)
    n = _whole(n, "n", least=1, most=MAX_RUNS)
    if n * len(turns) > MAX_STEPS:
        raise OddsInputError(
            f"{n:,} runs of {len(turns):,} turns; at most {MAX_STEPS:,} run-turns in one call"
        )
    rng = _generator(seed)
    cubes = np.full(n, bag, dtype=np.int64)
    when = np.full(n, -1, dtype=np.int64)
    for t, turn in enumerate(turns):
        live = when < 0
        cubes[live] += turn.add
        attack = live & (rng.random(n) < turn.chance) & (turn.draws > 0)
        empties = attack & (cubes <= turn.draws)
        when[empties] = t
        cubes[attack] = np.maximum(cubes[attack] - turn.draws, 0)
    return when
