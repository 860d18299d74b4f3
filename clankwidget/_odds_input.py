"""Checking the arguments of the odds functions, and the bounds they must fit.

Every count (cubes, draws, health, clones, simulations) is a whole number within the
bounds below; memory and work are estimated before anything is allocated or run. A
call outside them is refused at once with :class:`~clankwidget.errors.OddsInputError`
saying the limit. (Split from :mod:`clankwidget.odds` so that module stays readable.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .errors import OddsInputError, big_number, shown
from .kernels.rng import state_from

BLACK = "black"
"""The inert colour: a drawn black cube is set aside and does nothing."""

_MAX_JOINT = 20_000_000  # cells of a joint distribution (160 MB of float64)
_MAX_KEY = 1 << 62  # the exact many-attack DP packs a bag state into one int64
_DEFAULT_EXACT_STEPS = 20_000_000

MAX_CUBES = 10_000_000
"""Most cubes a bag may hold (all colours together, over every attack), and the largest
draw count, health or clone count: far beyond any game (a bag holds about 150), small
enough that no count overflows a kernel's 64-bit integers or its memory."""
MAX_ATTACKS = 10_000
"""Most attacks in one :func:`knockout_odds` sequence."""
MAX_WORK = 2_000_000_000
"""Most cube draws one simulation may make (``n`` times the draws of one run, plus the
cubes put back in the bag at the start of each run): about half a minute. Longer runs
are refused at once; runs longer than a second or two go in chunks, show a progress bar
and stop at Ctrl-C (or the notebook's interrupt) between chunks."""
MAX_EXACT_STEPS = 200_000_000
"""Most transitions ``knockout_odds`` makes exactly (about 15 seconds; the kernel cannot
be interrupted) before it stops and says to simulate; ``max_exact_steps`` may not ask
for more."""
MAX_BYTES = 2 << 30
"""Most memory (bytes) an odds function allocates for its result and scratch space."""


# ---------------------------------------------------------------------------
# Checking input


def _colour(colour: Any, where: str) -> str:
    if not isinstance(colour, str) or not colour.strip():
        raise OddsInputError(f"{where}: a colour must be a non-empty string, got {shown(colour)}")
    return colour


def _whole(value: Any, what: str, *, least: int = 0, most: int = MAX_CUBES) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise OddsInputError(f"{what} must be a whole number, got {shown(value)}")
    value = int(value)
    if value < least:
        raise OddsInputError(f"{what} must be at least {least}, got {value}")
    if value > most:
        raise OddsInputError(f"{what} must be at most {most:,}, got {big_number(value)}")
    return value


def _check_total(total: int, what: str) -> None:
    if total > MAX_CUBES:
        raise OddsInputError(
            f"{what} holds {big_number(total)} cubes; at most {MAX_CUBES:,} are supported "
            "(a game's bag holds about 150)"
        )


def _check_bytes(need: int, what: str, advice: str) -> None:
    if need > MAX_BYTES:
        raise OddsInputError(
            f"{what} would need {need / 2**20:,.0f} MiB of memory (the limit is "
            f"{MAX_BYTES / 2**20:,.0f} MiB); {advice}"
        )


def _check_work(work: int, what: str) -> None:
    if work > MAX_WORK:
        raise OddsInputError(
            f"{what} would draw {big_number(work)} cubes (at most {MAX_WORK:,}, about half a "
            "minute); use a smaller n: the error of a simulated share shrinks as 1/sqrt(n)"
        )


def _check_hit_all(hit_all: Any) -> str | None:
    if hit_all is None:
        return None
    _colour(hit_all, "hit_all")
    if hit_all == BLACK:
        raise OddsInputError("hit_all cannot be 'black': black cubes do no damage")
    return hit_all


def _mapping(value: Any, what: str, of: str | None = "colour to count") -> Mapping:
    if not isinstance(value, Mapping):
        kind = "a mapping" if of is None else f"a mapping of {of}"
        raise OddsInputError(f"{what} must be {kind}, got {type(value).__name__}")
    return value


def _parse_bag(cubes: Any, hit_all: str | None):
    """(players, player counts, black, hit-all) from a mapping colour -> cubes."""
    players: list[str] = []
    counts: list[int] = []
    black = red = 0
    for colour, count in _mapping(cubes, "cubes").items():
        # fast path for the usual str -> int; the checks build their messages only on failure
        if type(colour) is not str or not colour or colour.isspace():
            _colour(colour, "cubes")
        if type(count) is not int or count < 0 or count > MAX_CUBES:
            count = _whole(count, f"cubes[{shown(colour)}]")
        if colour == BLACK:
            black = count
        elif colour == hit_all:
            red = count
        else:
            players.append(colour)
            counts.append(count)
    return players, counts, black, red


def _parse_health(health: Any, players: Sequence[str], hit_all: str | None) -> dict[str, int]:
    if health is None:
        return {}
    out = {}
    for colour, value in _mapping(health, "health").items():
        _colour(colour, "health")
        if colour == BLACK:
            raise OddsInputError("'black' in health: black is not a player (its cubes do nothing)")
        if colour == hit_all:
            raise OddsInputError(
                f"{shown(colour)} in health: it is the hit_all colour, whose cubes hurt every "
                "player, not a player (pass hit_all=None if it is a player here)"
            )
        if colour not in players:
            raise OddsInputError(
                f"unknown colour {shown(colour)} in health: the players are "
                f"{', '.join(map(shown, players)) or 'none'}; list a player with no cubes in "
                f"the bag as {{{shown(colour)}: 0}} in cubes"
            )
        out[colour] = _whole(value, f"health[{shown(colour)}]", least=1)
    return out


def _parse_clones(clones: Any, players: Sequence[str], hit_all: str | None) -> dict[str, int]:
    if clones is None:
        return {}
    out = {}
    for colour, value in _mapping(clones, "clones").items():
        _colour(colour, "clones")
        if colour not in players:
            raise OddsInputError(
                f"unknown colour {shown(colour)} in clones: the players are "
                f"{', '.join(map(repr, players)) or 'none'}"
            )
        n = _whole(value, f"clones[{shown(colour)}]")
        if n:
            out[colour] = n
    if out and hit_all is None:
        raise OddsInputError("clones take hits from hit_all cubes: give hit_all (e.g. 'red')")
    return out


def _generator(seed: Any) -> np.random.Generator:
    """``numpy.random.default_rng(seed)``, a bad seed refused in the odds' words."""
    try:
        if isinstance(seed, bool):
            raise TypeError
        return np.random.default_rng(seed)
    except (TypeError, ValueError):
        raise OddsInputError(
            f"seed must be an int, SeedSequence or Generator, got {shown(seed)}"
        ) from None


def _rng_state(seed: Any) -> np.ndarray:
    """A kernel RNG state (xoshiro256** plus a spare word) seeded from ``seed``."""
    return state_from(_generator(seed))
