"""clankwidget: play, study and teach the Clank! family of deck-building games in Jupyter.

>>> import clankwidget as cw
>>> game = cw.Game.new(players=3, seed=7)
>>> board = cw.load_board("teaching-dungeon")
"""

from .data import Board, CardSet, list_boards, list_card_sets, load_board, load_cards
from .data import Path_ as Tunnel
from .errors import BoardDataError, ClankwidgetError, IllegalAction, RuleNotImplemented, SaveError
from .game import Game
from .rules import actions

__version__ = "0.1.0"

__all__ = [
    "Board",
    "BoardDataError",
    "CardSet",
    "ClankwidgetError",
    "Game",
    "IllegalAction",
    "RuleNotImplemented",
    "SaveError",
    "Tunnel",
    "actions",
    "list_boards",
    "list_card_sets",
    "load_board",
    "load_cards",
]
