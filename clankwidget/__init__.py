"""clankwidget: play, study and teach the Clank! family of deck-building games in Jupyter.

>>> import clankwidget as cw
>>> game = cw.Game.new(players=3, seed=7)
>>> game.attack_odds().expected("blue")  # doctest: +SKIP

The submodules ``campaign``, ``odds``, ``paths``, ``deck``, ``bots``, ``simulate``, ``env``,
``plots``, ``lessons`` and ``widget`` (with ``play`` and ``ClankBoard``) load on first use, so that
``import clankwidget`` stays quick.
"""

from __future__ import annotations

import importlib

from .data import Board, CardSet, list_boards, list_card_sets, load_board, load_cards
from .data import Path_ as Tunnel
from .errors import (
    BoardDataError,
    ClankwidgetError,
    IllegalAction,
    LessonInputError,
    OddsInputError,
    PositionError,
    RuleNotImplemented,
    SaveError,
)
from .game import Game
from .positions import position
from .registry import Edition, edition, editions
from .rules import actions

__version__ = "0.1.0"

_LAZY_MODULES = {
    "campaign",
    "odds",
    "paths",
    "deck",
    "bots",
    "simulate",
    "env",
    "plots",
    "lessons",
    "widget",
}
_LAZY_NAMES = {"play": "widget", "ClankBoard": "widget"}

__all__ = [
    "Board",
    "BoardDataError",
    "CardSet",
    "ClankBoard",
    "ClankwidgetError",
    "Edition",
    "Game",
    "IllegalAction",
    "LessonInputError",
    "OddsInputError",
    "PositionError",
    "RuleNotImplemented",
    "SaveError",
    "Tunnel",
    "actions",
    "edition",
    "editions",
    "list_boards",
    "list_card_sets",
    "load_board",
    "load_cards",
    "play",
    "position",
    *sorted(_LAZY_MODULES),
]


def __getattr__(name: str):
    if name in _LAZY_MODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY_NAMES:
        return getattr(importlib.import_module(f".{_LAZY_NAMES[name]}", __name__), name)
    raise AttributeError(f"module 'clankwidget' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(__all__))
