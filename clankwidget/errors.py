"""The exceptions clankwidget raises, in one place so callers can catch them by name."""

from __future__ import annotations


class ClankwidgetError(Exception):
    """Base class of every error this package raises on purpose."""


class BoardDataError(ClankwidgetError, ValueError):
    """A board or card file is malformed.

    The message names the file, the JSON path inside it (``$.paths[3].to``) and what
    was expected there. ``file`` and ``json_path`` hold the same facts for code.
    """

    def __init__(self, file: str, json_path: str, problem: str):
        self.file = str(file)
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
        super().__init__(f"{action}: {reason}")


class SaveError(ClankwidgetError, ValueError):
    """A saved game that cannot be loaded: corrupt, tampered with, or from a newer version.

    Nothing is half-loaded: the error is raised before any game object exists.
    """


class OddsInputError(ClankwidgetError, ValueError):
    """An argument to an odds function that makes no sense; the message says which and why."""


class PositionError(ClankwidgetError, ValueError):
    """A position (see :mod:`clankwidget.positions`) that breaks the rules or the schema.

    ``field`` is the JSON path of what is wrong (``$.state.players[0].damage``).
    """

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"position {field}: {problem}")


class RuleNotImplemented(ClankwidgetError, NotImplementedError):
    """A rule, edition or option the engine does not implement (yet)."""
