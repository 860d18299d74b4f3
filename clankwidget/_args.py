"""Checking the arguments of a teaching helper (:mod:`clankwidget.lessons`,
:mod:`clankwidget.plots`) before any work: a student types them in an exercise cell, so
each is checked up front and refused with a
:class:`~clankwidget.errors.LessonInputError` that names the argument, quotes what it got
briefly (:func:`~clankwidget.errors.shown`) and says what it should be. Counts have
ceilings, so that no call runs for hours or asks for terabytes."""

from __future__ import annotations

import contextlib
import math
import numbers
from collections.abc import Collection, Iterable, Mapping
from typing import Any

import numpy as np

from .errors import LessonInputError, at_most, shown

MAX_COUNT = 1_000
"""The most turns, rounds, draws, attacks, dice or rows a lesson helper takes (a game has
a few dozen of each)."""

MAX_TRIALS = 2_000_000
"""The most simulated trials one call runs: ten times the lessons' 200,000, a few seconds
and at most a few hundred MB."""


def whole(
    value: Any,
    what: str,
    *,
    least: int = 0,
    most: int = MAX_COUNT,
    error: type[Exception] = LessonInputError,
) -> int:
    """``value`` as an ``int`` from ``least`` to ``most``: an int or NumPy integer, not a
    bool, a float or text. A refusal is an ``error`` (the odds functions pass theirs)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise error(f"{what} must be a whole number, got {shown(value)}")
    value = int(value)
    if not least <= value <= most:
        raise error(f"{what} must be from {least:,} to {most:,}, got {shown(value)}")
    return value


def trials(value: Any, what: str = "n") -> int:
    """A number of simulated trials: 1 to :data:`MAX_TRIALS`."""
    return whole(value, what, least=1, most=MAX_TRIALS)


def real(
    value: Any,
    what: str,
    *,
    least: float = -math.inf,
    most: float = math.inf,
    error: type[Exception] = LessonInputError,
) -> float:
    """``value`` as a finite ``float`` from ``least`` to ``most`` (a refusal: ``error``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise error(f"{what} must be a number, got {shown(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not (math.isfinite(number) and least <= number <= most):
        if math.isfinite(least) and math.isfinite(most):
            span = f" from {least:g} to {most:g}"
        elif math.isfinite(least):
            span = f" of at least {least:g}"
        else:
            span = f" of at most {most:g}" if math.isfinite(most) else ""
        raise error(f"{what} must be a finite number{span}, got {shown(value)}")
    return number


def chance(value: Any, what: str) -> float:
    """A probability: a number from 0 to 1."""
    return real(value, what, least=0.0, most=1.0)


def one_of(value: Any, options: Collection, what: str) -> Any:
    """``value`` if it is one of ``options`` (a mapping's keys, a list...), else a refusal
    listing them (the first twelve)."""
    try:
        known = value in options
    except TypeError:  # (an unhashable value is in no mapping)
        known = False
    if not known:
        names = list(options)
        listed = ", ".join(map(str, names[:12])) + (", ..." if len(names) > 12 else "")
        raise LessonInputError(f"{what} must be one of {listed}; got {shown(value)}")
    return value


def seed(value: Any, what: str = "seed") -> Any:
    """A seed NumPy takes (a non-negative int, a ``SeedSequence`` or ``Generator``),
    returned as given: checked here so that a bad one is refused in these words."""
    if isinstance(value, (np.random.SeedSequence, np.random.Generator)):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 0:
        raise LessonInputError(
            f"{what} must be a whole number of 0 or more (or a NumPy Generator), got {shown(value)}"
        )
    return value


def story(value: Any, kind: type, maker: str, what: str = "story") -> Any:
    """``value`` if it is a ``kind`` (a lesson's story), else a refusal naming the
    helper that makes one."""
    if not isinstance(value, kind):
        raise LessonInputError(
            f"{what} must be a {kind.__name__} (from lessons.{maker}()), got {shown(value)}"
        )
    return value


def mapping(value: Any, what: str, of: str) -> Mapping:
    """``value`` if it is a mapping (of ``of``, in the message), else a refusal."""
    if not isinstance(value, Mapping):
        raise LessonInputError(f"{what} must be a mapping of {of}, got {shown(value)}")
    return value


def bag(cubes: Any, what: str = "cubes") -> dict[str, int]:
    """A bag of cubes (colour -> count) as a new dict, each colour a string and each count
    a whole number up to :data:`MAX_COUNT` (the odds functions check a bag again; the
    lessons' own tables count its cubes first)."""
    cubes = mapping(cubes, what, "colour to count")
    out = {}
    for colour, count in items(cubes.items(), what):
        if not isinstance(colour, str):
            raise LessonInputError(f"{what}: a colour must be a string, got {shown(colour)}")
        out[colour] = whole(count, f"{what}[{shown(colour)}]")
    if not sum(out.values()):
        raise LessonInputError(f"{what} holds no cube")
    return out


def items(values: Any, what: str, most: int = MAX_COUNT) -> list:
    """``values`` (a list, tuple, range or other iterable, not text) as a list of at most
    ``most`` items: an endless or huge iterable is not read on."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise LessonInputError(f"{what} must be a list, got {shown(values)}")
    return at_most(values, most, what, LessonInputError)


def successes(k: Any, n: Any, z: Any) -> tuple[np.ndarray, np.ndarray, float]:
    """An interval's inputs: ``k`` successes in ``n`` trials (numbers or arrays of them,
    ``0 <= k <= n``, ``n >= 1``, finite) as float arrays, and ``z`` (0 to 10)."""
    try:
        k, n = np.asarray(k, dtype=float), np.asarray(n, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise LessonInputError(
            f"k and n must be numbers or arrays of numbers, got {shown(k)} and {shown(n)}"
        ) from None
    with np.errstate(invalid="ignore"):
        ok = np.isfinite(n) & (n >= 1) & (k >= 0) & (k <= n)
    if not np.all(ok):
        raise LessonInputError(
            f"need 0 <= k <= n and n >= 1 (finite), got k={shown(k)} and n={shown(n)}"
        )
    return k, n, real(z, "z", least=0.0, most=10.0)


MAX_POINTS = 1_000_000
"""The most numbers one series of a lesson's table or plot takes."""


def number_list(values: Any, what: str) -> np.ndarray:
    """``values`` (a sequence of numbers) as a flat float array, else a refusal that says
    what it got (NumPy's own error quotes the whole input, or names no argument)."""
    out = None
    if not isinstance(values, (str, bytes, Mapping)):
        with contextlib.suppress(TypeError, ValueError, OverflowError):
            out = np.asarray(values, dtype=float)
    if out is None or out.ndim == 0:
        raise LessonInputError(f"{what} must be a list of numbers, got {shown(values)}")
    if out.size > MAX_POINTS:
        raise LessonInputError(f"{what} holds {out.size:,} numbers; at most {MAX_POINTS:,} are")
    return out.ravel()


def text(value: Any, what: str, most: int = 500) -> str:
    """A title, label or name a caller gave: text of at most ``most`` characters."""
    if not isinstance(value, str) or len(value) > most:
        raise LessonInputError(
            f"{what} must be text of at most {most} characters, got {shown(value)}"
        )
    return value
