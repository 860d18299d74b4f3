"""The exceptions clankwidget raises, in one place so callers can catch them by name."""

from __future__ import annotations

import itertools
import reprlib


class _Shown(reprlib.Repr):
    def repr_int(self, x, level):
        # (Python will not write an int of 4,300+ digits as text: say how long it is)
        if x.bit_length() > 200:
            return f"<an integer of about {int(x.bit_length() * 0.30103):,} digits>"
        return super().repr_int(x, level)


#: how :func:`shown` quotes what a caller gave: long texts and big or deep containers cut
_SHOWN = _Shown()
_SHOWN.maxstring = _SHOWN.maxother = 60
_SHOWN.maxlevel = 3
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = _SHOWN.maxset = 6
_SHOWN.maxlong = 40

#: the longest reason an error quotes whole (longer ones come from echoed input)
MAX_REASON = 1000


def shown(value: object) -> str:
    """``repr(value)`` for an error message, of bounded length: a message quotes what it
    refuses, and a refused value may be a megabyte of text or a deeply nested list (from
    a browser, a save or a script); the quote keeps its start and end."""
    kind = type(value)
    if (kind is str and len(value) <= 60) or (kind is int and -(2**63) <= value < 2**63):
        return repr(value)  # (the usual case, as repr writes it, at repr's cost)
    return _SHOWN.repr(value)


def big_number(value: int) -> str:
    """A whole number for a message: in full (with thousands separators) up to 20 digits,
    else how big it is (``about 10^5000``)."""
    if abs(value) < 10**20:
        return f"{value:,}"
    return f"about 10^{int(abs(value).bit_length() * 0.30103)}"


def at_most(items, most: int, what: str, error: type[Exception] = ValueError) -> list:
    """``items`` (any iterable a caller gave) as a list, refused with ``error`` past
    ``most`` items: an endless or huge iterable is not read on."""
    out = list(itertools.islice(items, most + 1))
    if len(out) > most:
        raise error(f"{what} holds more than {most:,} items")
    return out


def _bounded(text: str) -> str:
    """``text`` whole up to :data:`MAX_REASON` characters, else its start and end."""
    if len(text) <= MAX_REASON:
        return text
    cut = len(text) - MAX_REASON + 200
    return f"{text[:600]} ... ({cut:,} characters left out) ... {text[-200:]}"


class ClankwidgetError(Exception):
    """Base class of every error this package raises on purpose."""


class BoardDataError(ClankwidgetError, ValueError):
    """A board or card file is malformed.

    The message names the file, the JSON path inside it (``$.paths[3].to``) and what
    was expected there. ``file`` and ``json_path`` hold the same facts for code.
    """

    def __init__(self, file: str, json_path: str, problem: str):
        self.file = str(file) if not isinstance(file, int) else shown(file)  # (a label)
        self.json_path = json_path
        self.problem = problem
        super().__init__(f"{self.file}: {json_path}: {problem}")


class IllegalAction(ClankwidgetError, ValueError):
    """An action the rules do not allow now. The game is unchanged.

    ``reason`` says why in a sentence a player can read.
    """

    def __init__(self, action: object, reason: str):
        self.action = action
        self.reason = reason
        # (an action's own text is bounded; anything else given as one is quoted so)
        what = action if isinstance(action, str) and len(action) <= 60 else None
        if what is None:
            what = str(action) if hasattr(action, "kind") else shown(action)
        super().__init__(f"{what}: {_bounded(reason)}")


class SaveError(ClankwidgetError, ValueError):
    """A saved game that cannot be loaded: corrupt, tampered with, or from a newer version.

    Nothing is half-loaded: the error is raised before any game object exists.
    """


class OddsInputError(ClankwidgetError, ValueError):
    """An argument to an odds function that makes no sense; the message says which and why."""


class PositionError(ClankwidgetError, ValueError):
    """A position (see :mod:`clankwidget.positions`) that breaks the rules or the schema.

    ``field`` is the JSON path of what is wrong (``$.state.players[0].damage``);
    ``file``, the file the position was read from (``None`` for a dict or text).
    """

    def __init__(self, field: str, problem: str, file: str | None = None):
        self.field = field
        self.problem = problem
        self.file = file
        where = f"position {file}: " if file is not None else "position "
        super().__init__(f"{where}{field}: {problem}")


class LessonInputError(ClankwidgetError, ValueError):
    """An argument a lesson helper (:mod:`clankwidget.lessons`) cannot take: the message
    names the argument, quotes it briefly and says what it should be."""


class RuleNotImplemented(ClankwidgetError, NotImplementedError):
    """A rule, edition or option the engine does not implement (yet)."""


class PathsInputError(ClankwidgetError, ValueError):
    """A request to the paths functions that cannot be answered within bounds (a table
    too large for memory); the message says the limit."""
