"""Moonrakers positions: the whole table as JSON (Dispatch, the Armory, the decks, the
negotiation and the execution), started from, saved and replayed; a position that
breaks the rules is refused naming the field."""

from __future__ import annotations

import json

import pytest

from clankwidget import Game, PositionError
from clankwidget.bots.moonrakers import GreedyCaptain
from clankwidget.widget import play


def _played(seed: int, steps: int) -> Game:
    game = Game.new("moonrakers", players=2 + seed % 4, seed=seed)
    bots = [GreedyCaptain(seed=i) for i in range(len(game.players))]
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))
    return game


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("steps", [0, 7, 60, 150])
def test_a_position_starts_the_same_table(seed, steps):
    game = _played(seed, steps)
    pos = game.position()
    json.dumps(pos)
    assert pos["board"] is None and pos["cards"] == "moonrakers-teaching"
    again = Game.from_position(json.dumps(pos), seed=7)
    assert again.position() == pos
    assert again.legal_actions() == game.legal_actions()
    assert again.scores() == game.scores()
    # it saves, loads and replays; its save holds the position it started from
    for action in again.legal_actions()[:1]:
        again.apply(action)
    assert Game.from_json(again.to_json()).state.to_dict() == again.state.to_dict()
    assert again.replay().state.to_dict() == again.state.to_dict()


@pytest.mark.parametrize("steps", [0, 40, 120])
def test_an_overload_position_starts_the_same_table(steps):
    game = Game.new("moonrakers", players=3, seed=steps, options={"overload": True})
    bots = [GreedyCaptain(seed=i) for i in range(3)]
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))
    pos = game.position()
    assert pos["options"] == {"overload": True}
    assert "advanced_offer" in pos["state"]["extra"]["mr"]
    again = Game.from_position(json.dumps(pos), seed=7)
    assert again.position() == pos
    assert again.legal_actions() == game.legal_actions()
    for action in again.legal_actions()[:1]:
        again.apply(action)
    assert Game.from_json(again.to_json()).state.to_dict() == again.state.to_dict()
    assert again.replay().state.to_dict() == again.state.to_dict()


def _pos():
    return _played(1, 60).position()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["state"]["extra"]["mr"]["dispatch"].pop(), "$.state"),
        (lambda d: d["state"]["extra"]["mr"]["parts_offer"].append("plasma-lance"), "$.state"),
        (lambda d: d["state"]["players"][0]["hand"].append("reactor"), "$.state"),
        (lambda d: d["state"]["players"][0]["hand"].append("laser-sword"), "$.state.players[0]"),
        (lambda d: d["state"]["extra"]["mr"].update(leader=9), "$.state.extra.mr.leader"),
        (lambda d: d["state"]["players"][1]["extra"].update(prestige=-2), "prestige"),
        (lambda d: d.update(board="teaching-dungeon"), "$.board"),
        (lambda d: d.update(cards="no-such-cards"), "$.cards"),
        (
            lambda d: d["state"]["players"][0]["extra"]["parts"].extend(["a", "b", "c", "d", "e"]),
            "parts",
        ),
    ],
)
def test_a_position_that_breaks_the_rules_is_refused(change, field):
    doc = _pos()
    change(doc)
    with pytest.raises(PositionError) as err:
        Game.from_position(doc, seed=1)
    assert field in str(err.value)


def test_the_widget_opens_a_position():
    pos = _played(2, 40).position()
    w = play(position=pos, bots="greedy", bot_delay=0, seed=3)
    assert w.view["layout"] == "table"
    assert w.game.state.turn >= pos["state"]["turn"]
