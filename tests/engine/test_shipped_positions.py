"""The positions shipped in board_data/positions: found by name, checked on load, and each
a situation the game goes on from (every edition has one to hand out)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import clankwidget as cw
from clankwidget import Game
from clankwidget.data import board_data_dir
from clankwidget.errors import BoardDataError, PositionError
from clankwidget.positions import list_positions, load_position

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
#: the turn each "what can this turn do?" position's bot played from it (seed 0)
TURNS = json.loads((FIXTURES / "position-turns.json").read_text())


def test_every_shipped_file_is_listed_and_every_edition_has_one():
    files = sorted(p.stem for p in (board_data_dir() / "positions").glob("*.json"))
    assert list_positions() == files
    editions = {load_position(name)["edition"] for name in files}
    assert editions == {e.name for e in cw.editions() if e.has_engine}


@pytest.mark.parametrize("name", list_positions())
def test_a_shipped_position_opens_by_name_and_plays_to_the_end(name):
    doc = load_position(name)
    path = board_data_dir() / "positions" / f"{name}.json"
    for given in (name, path, str(path), path.read_text(), doc):
        game = Game.from_position(given, seed=3)
        assert game.position() == {k: v for k, v in doc.items() if k != "note"}
        assert game.note == doc["note"]  # the story, for the people it is handed to
    assert Game.from_json(game.to_json()).note == doc["note"]
    assert Game.new(doc["edition"], players=2, seed=3).note is None
    bots = [cw.edition(game.edition).make_bot("greedy", seed=i) for i in range(len(game.players))]
    for _ in range(5000):
        if game.is_over:
            break
        game.apply(bots[game.players.index(game.acting_player)].choose(game))
    assert game.is_over


def _replayed(name: str) -> tuple[Game, dict]:
    game = Game.from_position(name, seed=0)
    before = game.position()
    for action in TURNS[name]:
        game.apply(action)
    return game, before


def test_blue_gets_away_in_an_escape_pod_with_the_loot():
    game, before = _replayed("space-escape-pod")
    blue = game.players[0]
    assert before["state"]["players"][0]["status"] == "in"
    assert blue.status == "escaped" and blue.artifacts == [10]


def test_blue_claims_an_arcade_cabinet():
    game, before = _replayed("pulsarcade-arcade-cabinet")
    assert before["state"]["players"][0]["extra"]["cabinets"] == []
    assert game.players[0].extra["cabinets"] == ["slogger"]


def test_blue_completes_the_rainy_day_fund():
    game, before = _replayed("legacy-rainy-day")
    done = {c["id"]: c["done"] for c in game.state.extra["contracts"]}
    assert {c["id"]: c["done"] for c in before["state"]["extra"]["contracts"]}["rainy-day"] is None
    assert done["rainy-day"] == "blue"


def test_yellow_leads_a_contract_to_success():
    game, before = _replayed("moonrakers-survey-nebula")
    had = before["state"]["players"][1]["extra"]["stats"]["completed"]
    assert sum(game.players[1].extra["stats"]["completed"].values()) > sum(had.values())


def test_a_refused_position_file_is_named_with_the_field(tmp_path):
    doc = load_position("last-dash")
    doc["state"]["players"][0]["damage"] = 99
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(PositionError, match=r"broken\.json: \$\.state\.players\[0\]\.damage"):
        load_position(bad)
    with pytest.raises(PositionError, match=r"broken\.json: \$\.state\.players\[0\]\.damage"):
        Game.from_position(str(bad))
    with pytest.raises(BoardDataError, match="no shipped position by that name.*last-dash"):
        Game.from_position("last-dahs")
    with pytest.raises(PositionError, match=r"position \$: not JSON"):
        Game.from_position('{"format": ')
