"""Shared helpers for engine tests: the scenario board and card set, and state surgery."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from clankwidget import Game
from clankwidget.data import CardSet

FIXTURES = Path(__file__).parent / "fixtures"
BOARD = FIXTURES / "scenario-board.json"
CARDS = FIXTURES / "scenario-cards.json"


def cards_doc() -> dict:
    return json.loads(CARDS.read_text())


def new_game(players=2, seed=0, cards=None, board=BOARD) -> Game:
    return Game.new(
        board=board, cards=cards if cards is not None else CARDS, players=players, seed=seed
    )


def custom_cards(**setup_changes) -> CardSet:
    doc = copy.deepcopy(cards_doc())
    doc["setup"].update(setup_changes)
    return CardSet.from_dict(doc, source="<test cards>")


def prepare(game: Game, hand=(), *, space=None, **pool) -> None:
    """Give the current player exactly ``hand`` and the given pool (skill=3, ...)."""
    p = game.current_player
    p.discard.extend(p.hand)
    p.hand = list(hand)
    if space is not None:
        p.space = space
    for key, value in pool.items():
        setattr(p, key, value)
    game._forget_undo()


def cube_total(game: Game, colour: str) -> int:
    s = game.state
    p = next(q for q in s.players if q.colour == colour)
    return (
        p.supply
        + p.damage
        + s.clank_area.get(colour, 0)
        + s.bag.get(colour, 0)
        + s.aside.get(colour, 0)
    )
