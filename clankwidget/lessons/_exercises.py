"""The exercises: what a question is, the register every lesson adds its own to, and
:func:`check`, which says whether a learner's answer is right.

Each lesson module builds its :class:`Exercise` next to its story and hands it to
:func:`register`; :mod:`clankwidget.lessons` imports every lesson, so :data:`EXERCISES`
holds them all, in lesson order.
"""

from __future__ import annotations

import decimal
import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import shown

__all__ = [
    "EXERCISES",
    "Exercise",
    "Feedback",
    "check",
    "exercise",
    "misconceptions",
    "register",
    "solution",
]


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
    functions, how precise an answer the question asks for, a hint, and known wrong
    answers ("traps"), each with the hint it deserves.

    ``kind`` is ``"probability"`` (between 0 and 1), ``"number"`` (an expected value, say)
    or ``"count"`` (a whole number, which must be exact). ``decimals`` is how many decimal
    places the question asks for (probabilities and numbers); the question's text says so.
    """

    lesson: str
    question: str
    solve: Callable[[], float]
    hint: str
    kind: str = "probability"  # or "number", "count"
    decimals: int = 4
    traps: Callable[[], list[tuple[float, str]]] = field(default=lambda: [])

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if not 1 <= self.decimals <= MAX_DECIMALS:
            raise ValueError(f"decimals must be 1 to {MAX_DECIMALS}, not {self.decimals}")

    @property
    def tolerance(self) -> float:
        """How far an answer given to the asked decimals may lie from the exact value:
        half a unit in the last asked place (0.00005 for 4 decimals); 0 for a count."""
        return 0.0 if self.kind == "count" else 0.5 * 10.0**-self.decimals


KINDS = ("probability", "number", "count")
MAX_DECIMALS = 9
EXACT = 1e-9
"""Two values this close are the same number computed two ways (float rounding)."""
CLOSE = 0.01
"""A wrong answer this close to the exact value, as a share of it (1%), is called "Close"
(a simulation's estimate, or a value rounded too early); never less than one unit in the
last asked place. Relative, so that for a small answer (lesson 07's 0.008) a real mistake
(0.0021, one branch of the sum) is not called close."""


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
        if not 0 <= lesson < 100:  # (lessons are numbered 00 to 99)
            return None
        key = f"{int(lesson):02d}"
    elif isinstance(lesson, str):
        head = lesson.strip().split("-")[0]
        key = f"{int(head):02d}" if head.isdigit() and len(head) <= 2 else head
    else:
        return None
    return key if key in EXERCISES else None


def exercise(lesson: Any) -> str:
    """The question of a lesson's exercise."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {shown(lesson)}; the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[key].question


def solution(lesson: Any) -> float:
    """The worked answer of a lesson's exercise, computed with the package's functions."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {shown(lesson)}; the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[key].solve()


def misconceptions(lesson: Any) -> list[tuple[float, Feedback]]:
    """The known wrong answers of a lesson's exercise (its traps), each with what
    :func:`check` says to it: the misconceptions the check recognises, for a teacher."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {shown(lesson)}; the exercises are {', '.join(EXERCISES)}")
    return [(wrong, check(key, wrong)) for wrong, _ in EXERCISES[key].traps()]


def _decimal_places(text: str) -> int:
    """Decimal places written in a number's text: ``"0.4216"`` 4, ``"3"`` 0, ``"4.2e-3"`` 4."""
    try:
        exponent = decimal.Decimal(text).as_tuple().exponent
    except decimal.InvalidOperation:
        return MAX_DECIMALS
    return max(0, -exponent) if isinstance(exponent, int) else MAX_DECIMALS


def _said(answer: Any) -> str:
    """An answer as a hint repeats it: a text as typed, anything else as ``str`` gives it
    (both cut to their start and end when long: :func:`clankwidget.errors.shown`)."""
    if isinstance(answer, int):
        return shown(answer)  # (an int past Python's digit limit says how long it is)
    text = answer if isinstance(answer, str) else str(answer)
    return text if len(text) <= 60 else shown(text)


def _number(answer: Any) -> tuple[float, int] | None:
    """An answer as ``(value, decimal places given)``, or None when it is not a number.

    A float's places are those of its shortest repr (``0.42155`` has 5); an integer has
    none; a fraction is exact (all places)."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, np.ndarray) and answer.size == 1:
        answer = answer.item()
    if isinstance(answer, numbers.Integral):
        try:
            return float(answer), 0
        except OverflowError:  # (past any float: no answer to a lesson's question)
            return math.inf, 0
    if isinstance(answer, np.floating):
        answer = float(answer)
    if isinstance(answer, float):
        return answer, _decimal_places(repr(answer))
    if isinstance(answer, decimal.Decimal):
        return float(answer), _decimal_places(str(answer))
    if isinstance(answer, numbers.Rational):
        return float(answer), MAX_DECIMALS
    if isinstance(answer, str):
        text = answer.strip().replace("_", "")
        percent = text.endswith("%")
        text = text.rstrip("%").strip()
        try:
            value = float(text)
        except ValueError:
            return None
        places = _decimal_places(text)
        return (value / 100, places + 2) if percent else (value, places)
    if isinstance(answer, (list, tuple, dict, set, np.ndarray)):
        return None
    try:  # other number-like objects
        return float(answer), MAX_DECIMALS
    except (TypeError, ValueError, OverflowError):
        return None


VERDICTS = ("Not yet:", "Nearly:", "Close:", "Close,")
"""How a hint that is not "Right!" begins; a trap's hint may bring its own."""


def _verdict(why: str) -> str:
    """A trap's hint as the check says it: ``"Not yet: ..."`` unless the hint already
    starts with a verdict ("Nearly: ...", "Close: ..."), which is kept, not doubled."""
    why = why.strip()
    return why if why.startswith(VERDICTS) else f"Not yet: {why}"


def _show(value: float, ex: Exercise) -> str:
    return str(round(value)) if ex.kind == "count" else f"{value:.{ex.decimals}f}"


def _agrees(value: float, right: float, places: int) -> bool:
    """``value``, written with ``places`` decimals, is ``right`` rounded to them (or is
    ``right`` itself, however written)."""
    places = min(places, MAX_DECIMALS)
    return abs(value - right) <= max(0.5 * 10.0**-places * (1 + 1e-9), EXACT)


def check(lesson: Any, answer: Any) -> Feedback:
    """Say whether ``answer`` is right for a lesson's exercise, with a hint if not.

    Never raises: a placeholder (``...`` or ``None``), text, or anything else gets a
    "Not yet" with what to do.

    What counts as right is what the question asks, no more and no less:

    * a **count** must be that whole number (``3``, ``3.0`` or ``"3"``; ``3.4`` is not 3);
    * a **probability** or a **number** asked to *d* decimal places must be the exact value
      rounded to at least *d* places, and every decimal written must be right: ``0.4216``
      or ``0.42157...`` pass for 0.421573..., ``0.422`` (too few places) and ``0.42155``
      (a simulation's estimate, right to 4 places but wrong in the 5th) do not. An answer
      equal to the exact value however written (``7/8`` as ``0.875``) is right.

    Fewer places than asked get "Nearly" when they are right as far as they go (and not
    0), typed as text (``"0.422"``) or as a number (``0.422``); a number is first read with
    the zeros it cannot show (``0.008`` is ``0.00800``, right when the exact value rounds
    to that). A percentage written as a number (``64.06``) gets "Nearly"; typed as text
    with its sign (``"64.06%"``) it is read as the probability. A wrong answer within
    :data:`CLOSE` of the exact value, relative to its size, gets "Close" (a simulation's
    estimate, or a value rounded too early).
    """
    key = _lesson_key(lesson)
    if key is None:
        return Feedback(
            _said(lesson),
            False,
            f"Not yet: there is no exercise {shown(lesson)}; the exercises are "
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
    parsed = _number(answer)
    if parsed is None or not math.isfinite(parsed[0]):
        what = "a number" if parsed is None else "a finite number of sensible size"
        return Feedback(
            key,
            False,
            f"Not yet: the answer should be {what}, got {type(answer).__name__} "
            f"{shown(answer)}. Hint: {ex.hint}",
        )
    value, places = parsed
    written = places  # the places the answer shows (a number shows no trailing zeros)
    if not isinstance(answer, str):
        # a number cannot show trailing zeros: 0.008 may be 0.00800 rounded to 5 places
        places = max(places, ex.decimals)
    try:
        right = float(ex.solve())
        traps = ex.traps()
    except Exception as exc:  # the check must never fail a lesson
        return Feedback(key, False, f"Cannot check right now ({type(exc).__name__}: {exc}).")
    say = f"{_show(right, ex)}" if ex.kind == "count" else f"{right:.{ex.decimals}f}"
    if ex.kind == "count":
        if abs(value - round(value)) > EXACT:
            return Feedback(
                key,
                False,
                f"Not yet: the answer is a whole number, and {_said(answer)} is not one.",
            )
        if round(value) == round(right):
            return Feedback(key, True, f"Right! The exact answer is {say}.")
    else:
        if abs(value - right) <= EXACT:
            return Feedback(key, True, f"Right! The exact answer is {say}.")
        if places >= ex.decimals:
            if _agrees(value, right, places):
                return Feedback(key, True, f"Right! The exact answer is {say}.")
            if _agrees(value, right, ex.decimals):
                return Feedback(
                    key,
                    False,
                    f"Close, but not exact: right to {ex.decimals} places, wrong in the places "
                    "after. Is it a simulation's estimate? The question asks for the exact "
                    f"value (rounded to {ex.decimals} places, or in full).",
                )
        if 1 <= written < ex.decimals and value != 0 and _agrees(value, right, written):
            return Feedback(
                key,
                False,
                "Nearly: right as far as it goes, but the question asks for "
                f"{ex.decimals} decimal places.",
            )
        if (
            ex.kind == "probability"
            and 1 < value <= 100
            and _agrees(value / 100, right, written + 2)
        ):
            return Feedback(
                key,
                False,
                "Nearly: that looks like a percentage. Write it as a probability (0 to 1).",
            )
        cut = math.trunc(right * 10**ex.decimals) / 10**ex.decimals
        if places == ex.decimals and abs(value - cut) <= EXACT and not _agrees(cut, right, places):
            return Feedback(
                key,
                False,
                f"Nearly: round to {ex.decimals} places rather than cut the digits off.",
            )
    for wrong, why in traps:
        if _agrees(value, wrong, max(min(places, ex.decimals), 0 if ex.kind == "count" else 1)):
            return Feedback(key, False, _verdict(why))
    if ex.kind == "probability" and not 0 <= value <= 1:
        return Feedback(key, False, f"Not yet: a probability lies between 0 and 1. Hint: {ex.hint}")
    close = max(CLOSE * abs(right), 10.0**-ex.decimals)
    if ex.kind != "count" and abs(value - right) <= close:
        return Feedback(
            key,
            False,
            "Close, but not exact (a simulation estimate, or rounded too early?). Give the "
            f"exact value to {ex.decimals} decimal places. Hint: {ex.hint}",
        )
    said = _said(answer) if isinstance(answer, str) else f"{value:g}"
    return Feedback(key, False, f"Not yet: {said} is not it. Hint: {ex.hint}")
