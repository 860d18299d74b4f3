"""Data: boards, card sets and edition files, loaded, validated and wrapped, in one place.

Every shipped board and card set lives in ``board_data/`` as JSON and is checked on load:

1. as plain, bounded JSON (:mod:`clankwidget.data._files`: file size, UTF-8, finite
   numbers, no lone surrogates, nesting depth);
2. against its JSON Schema, from the one schema registry
   (:mod:`clankwidget.data._schema`, every ``board_data/schema/*.schema.json``);
3. for what a schema cannot say (ids that must exist or be unique, set-up numbers that
   must fit together).

A failure raises :class:`~clankwidget.errors.BoardDataError` naming the file, the JSON
path and what was expected there. ``board_data/README.md`` documents every field and
bound.
"""

from __future__ import annotations

from ._files import (
    MAX_DEPTH,
    MAX_EFFECT_DEPTH,
    MAX_FILE_BYTES,
    MAX_STRING,
    MAX_VALUES,
    board_data_dir,
    check_plain,
)
from ._files import read_json as _read_json  # noqa: F401 - the name before 0.2
from ._schema import SCHEMAS, check, schema
from ._schema import _expected as _expected
from .boards import Board, BoardArrays, Path_, Space, list_boards, load_board
from .cards import MAX_DECK, Card, CardSet, list_card_sets, load_cards
from .editions import check_edition_fits, check_space_effects, load_card_extras, load_edition

__all__ = [
    "MAX_DECK",
    "MAX_DEPTH",
    "MAX_EFFECT_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_STRING",
    "MAX_VALUES",
    "SCHEMAS",
    "Board",
    "BoardArrays",
    "Card",
    "CardSet",
    "Path_",
    "Space",
    "board_data_dir",
    "check",
    "check_edition_fits",
    "check_plain",
    "check_space_effects",
    "list_boards",
    "list_card_sets",
    "load_board",
    "load_card_extras",
    "load_cards",
    "load_edition",
    "schema",
]
