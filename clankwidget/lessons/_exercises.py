"""The exercises: what a question is, the register every lesson adds its own to, and
:func:`check`, which says whether a learner's answer is right.

Each lesson module builds its :class:`Exercise` next to its story and hands it to
:func:`register`; :mod:`clankwidget.lessons` imports every lesson, so :data:`EXERCISES`
holds them all, in lesson order.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = ["EXERCISES", "Exercise", "Feedback", "check", "exercise", "register", "solution"]


@dataclass(frozen=True)
class Feedback:
    """What :func:`check` says. True when the answer is right; shows as its message."""

    lesson: str
    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Exercise:
    """One lesson's exercise: the question, how to compute the answer with the package's
    functions, how close counts as right, a hint, and known wrong answers ("traps"), each
    with the hint it deserves."""

    lesson: str
    question: str
    solve: Callable[[], float]
    hint: str
    kind: str = "probability"  # or "count"
    tolerance: float = 6e-4
    traps: Callable[[], list[tuple[float, str]]] = field(default=lambda: [])


EXERCISES: dict[str, Exercise] = {}
"""Every lesson's exercise by lesson number (``"01"``, ``"02"``, ...), in lesson order."""


def register(ex: Exercise) -> Exercise:
    """Add a lesson's exercise to :data:`EXERCISES` (once per lesson) and return it."""
    if ex.lesson in EXERCISES:
        raise ValueError(f"lesson {ex.lesson} already has an exercise")
    EXERCISES[ex.lesson] = ex
    return ex


def _lesson_key(lesson: Any) -> str | None:
    if isinstance(lesson, bool):
        return None
    if isinstance(lesson, numbers.Integral):
        key = f"{int(lesson):02d}"
    elif isinstance(lesson, str):
        head = lesson.strip().split("-")[0]
        key = f"{int(head):02d}" if head.isdigit() else head
    else:
        return None
    return key if key in EXERCISES else None


def exercise(lesson: Any) -> str:
    """The question of a lesson's exercise."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {lesson!r}; the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[key].question


def solution(lesson: Any) -> float:
    """The worked answer of a lesson's exercise, computed with the package's functions."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {lesson!r}; the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[key].solve()


def _number(answer: Any) -> float | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, np.ndarray) and answer.size == 1:
        answer = answer.item()
    if isinstance(answer, numbers.Real):
        return float(answer)
    if isinstance(answer, str):
        try:
            return float(answer.strip().rstrip("%")) / (100 if answer.strip().endswith("%") else 1)
        except ValueError:
            return None
    if isinstance(answer, (list, tuple, dict, set, np.ndarray)):
        return None
    try:  # Decimal, numpy scalars and other number-like objects
        return float(answer)
    except (TypeError, ValueError, OverflowError):
        return None


def _places(tolerance: float) -> int:
    """Decimals an answer needs to land within ``tolerance`` once rounded."""
    return max(1, math.ceil(-math.log10(2 * tolerance)))


def _show(value: float, kind: str) -> str:
    return str(round(value)) if kind == "count" else f"{value:.4f}"


def check(lesson: Any, answer: Any) -> Feedback:
    """Say whether ``answer`` is right for a lesson's exercise, with a hint if not.

    Never raises: a placeholder (``...`` or ``None``), text, or anything else gets a
    "Not yet" with what to do. Probabilities count as right within the exercise's
    tolerance (0.0006, three decimals, unless the question asks for more); counts must be
    exact.
    """
    key = _lesson_key(lesson)
    if key is None:
        return Feedback(
            str(lesson),
            False,
            f"Not yet: there is no exercise {lesson!r}; the exercises are "
            f"{', '.join(repr(k) for k in EXERCISES)}.",
        )
    ex = EXERCISES[key]
    if answer is ... or answer is None:
        return Feedback(
            key,
            False,
            "Not yet: replace the ... in the exercise cell with your answer (a number), "
            "then run it and this cell again.",
        )
    value = _number(answer)
    if value is None or not math.isfinite(value):
        return Feedback(
            key,
            False,
            f"Not yet: the answer should be a number, got {type(answer).__name__} "
            f"{answer!r}. Hint: {ex.hint}",
        )
    try:
        right = float(ex.solve())
        traps = ex.traps()
    except Exception as exc:  # the check must never fail a lesson
        return Feedback(key, False, f"Cannot check right now ({type(exc).__name__}: {exc}).")
    if abs(value - right) <= ex.tolerance + 1e-12:
        return Feedback(key, True, f"Right! The exact answer is {_show(right, ex.kind)}.")
    if ex.kind == "probability" and 1 < value <= 100 and abs(value / 100 - right) <= ex.tolerance:
        return Feedback(
            key, False, "Nearly: that looks like a percentage. Write it as a probability (0 to 1)."
        )
    for wrong, why in traps:
        if abs(value - wrong) <= max(ex.tolerance, 1e-9):
            return Feedback(key, False, f"Not yet: {why}")
    if ex.kind == "probability" and not 0 <= value <= 1:
        return Feedback(key, False, f"Not yet: a probability lies between 0 and 1. Hint: {ex.hint}")
    if ex.kind == "probability" and abs(value - right) <= 0.01:
        places = _places(ex.tolerance)
        decimals = {3: "three", 4: "four"}.get(places, str(places))
        return Feedback(
            key,
            False,
            "Close, but not exact (a simulation estimate, or rounded too early?). Give at "
            f"least {decimals} decimals of the exact value. Hint: {ex.hint}",
        )
    return Feedback(key, False, f"Not yet: {_show(value, ex.kind)} is not it. Hint: {ex.hint}")
