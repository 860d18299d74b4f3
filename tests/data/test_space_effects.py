"""A space's ``enter`` and ``data_port`` effects are checked on load, as card effects are.

The board schema refers to the one effect vocabulary (the card effects of
``cards.schema.json`` and the Clank! In! Space! / Pulsarcade ones of
``space-effects.schema.json``), so ``load_board`` and ``python -m clankwidget check``
refuse an unknown effect or a number out of bounds with the file and the JSON path, on
every edition's board; a ``"legacy"`` board's spaces may name the card effects only. The
Legacy rules also refuse, when a game opens, a Space effect on another edition's board.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

import clankwidget as cw
from clankwidget import check as C
from clankwidget.data import Board, load_board
from clankwidget.errors import BoardDataError

# (shipped board, space index, field, effects, JSON path of the error, words of the error)
BAD = {
    "unknown enter effect": (
        "teaching-dungeon",
        3,
        "enter",
        [{"nonsense": 1}],
        "$.spaces[3].enter[0]",
        "expected a known effect: {nonsense} is not a known effect",
    ),
    "enter gold out of range": (
        "teaching-dungeon",
        3,
        "enter",
        [{"gold": 1_000_000}],
        "$.spaces[3].enter[0].gold",
        "expected a number at most 50: 1000000 is greater than the maximum of 50",
    ),
    "legacy enter draw out of range": (
        "legacy-teaching",
        13,
        "enter",
        [{"draw": 1_000_000}],
        "$.spaces[13].enter[0].draw",
        "expected a number at most 10: 1000000 is greater than the maximum of 10",
    ),
    "nested enter effect out of range": (
        "legacy-teaching",
        13,
        "enter",
        [{"if": {"depths": True}, "then": [{"heal": 99}]}],
        "$.spaces[13].enter[0].then[0].heal",
        "expected a number at most 10",
    ),
    "unknown data_port effect": (
        "space-reactor",
        3,
        "data_port",
        [{"laser": 2}],
        "$.spaces[3].data_port[0]",
        "expected a known effect: {laser} is not a known effect",
    ),
    "data_port crystal out of range": (
        "space-reactor",
        2,
        "data_port",
        [{"crystal": 1}, {"clank": 10_000}],
        "$.spaces[2].data_port[1].clank",
        "expected a number at most 10",
    ),
    "pulsarcade data_port race out of range": (
        "pulsarcade-race-track",
        1,
        "data_port",
        [{"race": 500}],
        "$.spaces[1].data_port[0].race",
        "expected a number at most 10",
    ),
}


def _bad_file(tmp_path, case: str) -> tuple[str, str, str]:
    board, i, key, effects, where, words = BAD[case]
    doc = copy.deepcopy(load_board(board).raw)
    doc["spaces"][i][key] = effects
    path = tmp_path / f"{case.replace(' ', '-')}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path), where, words


@pytest.mark.parametrize("case", list(BAD))
def test_load_board_refuses_a_bad_space_effect_naming_file_and_path(tmp_path, case):
    path, where, words = _bad_file(tmp_path, case)
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    assert err.value.file == path
    assert err.value.json_path == where
    assert words in err.value.problem
    assert str(err.value) == f"{path}: {where}: {err.value.problem}"


@pytest.mark.parametrize("case", list(BAD))
def test_check_refuses_a_bad_space_effect_naming_the_path(tmp_path, case):
    path, where, words = _bad_file(tmp_path, case)
    report = C.check_file(path)
    assert not report.ok
    assert report.problem.startswith(f"{where}: ")
    assert words in report.problem
    assert report.lines() == [f"{path}: refused: {report.problem}"]


def test_python_dash_m_check_refuses_bad_space_effects(tmp_path):
    files = [_bad_file(tmp_path, case) for case in BAD]
    done = subprocess.run(
        [sys.executable, "-m", "clankwidget", "check", *(path for path, _, _ in files)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(files), done.stdout
    for line, (path, where, words) in zip(lines, files, strict=True):
        assert line.startswith(f"{path}: refused: {where}: "), line
        assert words in line, line


def test_every_effect_kind_of_the_family_loads_on_a_space():
    """The board schema takes the whole vocabulary: the card effects and the Space ones."""
    doc = copy.deepcopy(load_board("teaching-dungeon").raw)
    doc["spaces"][3]["enter"] = [
        {"clank": -2},
        {"gold": 50},
        {"if": {"key": True}, "then": [{"choose": [[{"boots": 1}], [{"heal": 1}]]}]},
        {"trash": {"from": ["hand"], "optional": True}},
        {"crystal": 1},
        {"if": {"faction": "rebels"}, "then": [{"race": 1}]},
    ]
    doc["spaces"][4]["data_port"] = [{"research": "jump-boots"}, {"row_trash": 1}]
    board = Board.from_dict(doc, source="family.json")
    assert board.space(doc["spaces"][3]["id"]).enter[4] == {"crystal": 1}


SPACE_ONLY = [
    [{"crystal": 1}],
    [{"if": {"faction": "rebels"}, "then": [{"gold": 1}]}],
    [{"race": 2}],
]


@pytest.mark.parametrize("effects", SPACE_ONLY, ids=str)
def test_a_legacy_map_naming_a_space_effect_is_refused_on_load_and_by_check(tmp_path, effects):
    doc = copy.deepcopy(load_board("legacy-teaching").raw)
    doc["spaces"][13]["enter"] = effects
    path = tmp_path / "my-map.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    because = "a Clank! Legacy map's spaces give only the card effects"
    with pytest.raises(BoardDataError) as err:
        load_board(path)
    assert err.value.file == str(path)
    assert err.value.json_path.startswith("$.spaces[13].enter[0]")
    assert because in err.value.problem
    report = C.check_file(path)
    assert not report.ok and report.problem.startswith("$.spaces[13].enter[0]")
    assert because in report.problem
    doc["edition"] = "space"  # the same spaces on a Space board load
    assert Board.from_dict(doc).space("sunken-library").enter == tuple(effects)


@pytest.mark.parametrize("effects", SPACE_ONLY, ids=str)
def test_legacy_refuses_at_game_new_what_its_spaces_cannot_give(effects):
    doc = copy.deepcopy(load_board("legacy-teaching").raw)
    doc["edition"] = "space"  # (the schema's whole vocabulary: it loads)
    doc["spaces"][13]["enter"] = effects
    board = Board.from_dict(doc, source="my-map.json")
    with pytest.raises(BoardDataError) as err:
        cw.Game.new("legacy", board=board, seed=1)
    assert err.value.file == "my-map.json"
    assert err.value.json_path.startswith("$.spaces[13].enter[0]")
    assert "a Clank! Legacy game's spaces give only the card effects" in err.value.problem
