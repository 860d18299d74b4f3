"""``python -m clankwidget check``: every kind of file a class opens, checked as the package
opens it, with a board looked over for rooms nothing leads to or back from."""

from __future__ import annotations

import copy
import functools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clankwidget as cw
from clankwidget import check as C
from clankwidget.campaign import Campaign
from clankwidget.data import Board, board_data_dir, load_board

from helpers import json_places

SHIPPED = sorted(
    p
    for folder in ("boards", "cards", "moonrakers", "positions", "campaigns")
    for p in (board_data_dir() / folder).glob("*.json")
)


def _write(tmp_path, name: str, doc) -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


def _dungeon() -> dict:
    return copy.deepcopy(load_board("teaching-dungeon").raw)


def _cut(doc: dict, rooms: set[str]) -> dict:
    """``doc`` with every path that touches ``rooms`` taken out."""
    doc["paths"] = [p for p in doc["paths"] if not {p["from"], p["to"]} & rooms]
    return doc


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_file_is_accepted_without_warnings(path):
    report = C.check_file(path)
    assert report.ok, report.problem
    assert report.warnings == ()
    assert report.lines() == [f"{path}: {report.what}"]


def test_what_each_kind_of_file_is_called(tmp_path):
    folder = board_data_dir()
    said = {
        p.parent.name: C.check_file(p).what
        for p in (
            folder / "boards/teaching-dungeon.json",
            folder / "boards/space-armory.json",
            folder / "cards/clank-teaching.json",
            folder / "moonrakers/moonrakers-teaching.json",
            folder / "positions/last-dash.json",
            folder / "campaigns/quillmere-charter.json",
        )
    }
    assert said["boards"].startswith("ship piece 'space-armory' (Armory, space)")
    assert said["cards"].startswith("card set 'clank-teaching'")
    assert said["moonrakers"].startswith("Moonrakers card set 'moonrakers-teaching'")
    assert said["positions"] == "clank position: turn 1, 2 players"
    assert said["campaigns"] == (
        "campaign 'quillmere-charter' (The Quillmere Charter: a three-game teaching "
        "campaign): 3 games"
    )
    board = C.check_file(folder / "boards/teaching-dungeon.json").what
    assert (
        board
        == "board 'teaching-dungeon' (Ashfell Keep: a teaching dungeon, clank): 49 spaces, 80 paths"
    )


@pytest.mark.parametrize("edition", ["clank", "moonrakers"])
def test_a_save_is_replayed_and_a_tampered_one_refused(tmp_path, edition):
    game = cw.Game.new(edition, players=2, seed=5)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    report = C.check_file(_write(tmp_path, "game.json", game.to_json()))
    assert report.ok, report.problem
    assert report.what == (f"saved {edition} game, at turn {game.state.turn}: 30 actions replayed")
    doc = json.loads(game.to_json())
    doc["actions"] = doc["actions"][:-1]  # (the checksum no longer matches)
    report = C.check_file(_write(tmp_path, "edited.json", doc))
    assert not report.ok
    assert "corrupt save" in report.problem


def test_a_campaign_save_is_checked(tmp_path):
    camp = Campaign.start()
    report = C.check_file(_write(tmp_path, "camp.json", camp.to_json()))
    assert report.what == "saved campaign 'quillmere-charter', game 1 of 3 next"
    doc = json.loads(camp.to_json())
    doc["next"] = 7
    report = C.check_file(_write(tmp_path, "camp-7.json", doc))
    assert not report.ok and "campaign" in report.problem


def test_a_refusal_names_the_json_path(tmp_path):
    doc = _dungeon()
    doc["paths"][3]["to"] = "nowhere"
    report = C.check_file(_write(tmp_path, "broken.json", doc))
    assert report.problem == "$.paths[3].to: expected the id of a space in $.spaces, got 'nowhere'"
    assert report.lines() == [f"{tmp_path / 'broken.json'}: refused: {report.problem}"]
    position = json.loads((board_data_dir() / "positions/last-dash.json").read_text())
    position["state"]["players"][0]["damage"] = 99
    report = C.check_file(_write(tmp_path, "position.json", position))
    assert report.problem == "$.state.players[0].damage: 99 damage is over 10 health"
    campaign = json.loads((board_data_dir() / "campaigns/quillmere-charter.json").read_text())
    campaign["sides"]["day"]["board"] = "nowhere"
    report = C.check_file(_write(tmp_path, "campaign.json", campaign))
    assert report.problem == (
        "$.sides.day.board: expected the name of a shipped board (board_data/boards), got 'nowhere'"
    )
    campaign["sides"]["day"]["board"], campaign["cards"] = "legacy-teaching", "clank-teachin"
    report = C.check_file(_write(tmp_path, "campaign.json", campaign))
    assert report.problem == (
        "$.cards: expected the name of a shipped card set (board_data/cards), got 'clank-teachin'"
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{oops", "$: is not valid JSON: Expecting property name"),
        (b"\xff\xfe{}", "$: expected UTF-8 text (byte 0 is not)"),
        ("[1, 2]", "$.format: expected one of 'clankwidget-board', "),
        ('{"format": "clankwidget-bored"}', "$.format: expected one of"),
        ("{}", "got none"),
        ("[" * 100_000 + "]" * 100_000, "$: expected at most 32 levels of nesting"),
        ('{"format": "clankwidget-space-edition"}', "read by name from board_data/space"),
    ],
)
def test_what_is_not_a_clankwidget_file_is_refused_saying_why(tmp_path, content, problem):
    path = tmp_path / "file.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    report = C.check_file(path)
    assert not report.ok
    assert problem in report.problem


def test_files_that_cannot_be_read_are_refused(tmp_path, monkeypatch):
    assert C.check_file(tmp_path / "missing.json").problem.startswith("cannot be read (No such")
    assert C.check_file(tmp_path).problem == "not a file (a folder, a pipe or a device)"
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: reading would wait for ever
    assert C.check_file(fifo).problem == "not a file (a folder, a pipe or a device)"
    assert C.check_file("bad\0name.json").problem.startswith("cannot be read")
    big = _write(tmp_path, "big.json", {"format": "clankwidget-save", "pad": "x" * 200})
    monkeypatch.setattr(C, "MAX_BYTES", 100)
    assert C.check_file(big).problem == "over 100 bytes: no clankwidget file is"


def test_a_board_with_rooms_nothing_reaches_or_leaves_is_accepted_with_warnings(tmp_path):
    doc = _cut(_dungeon(), {"lava-terrace", "hoard-lip"})
    # the Frayed Rope Ledge keeps only the one-way climb into it
    doc["paths"] = [
        p for p in doc["paths"] if "rope-top" not in (p["from"], p["to"]) or p.get("one_way")
    ]
    report = C.check_file(_write(tmp_path, "board.json", doc))
    assert report.ok
    assert report.warnings == (
        "nothing leads from the start to Lava Terrace (lava-terrace), Lip of the Hoard (hoard-lip)",
        "nothing leads back to the start from Frayed Rope Ledge (rope-top): a thief there "
        "leaves only by teleport",
    )
    for space in doc["spaces"]:
        space.pop("artifact", None)
        space.pop("artifact_cost", None)
    report = C.check_file(_write(tmp_path, "bare.json", doc))
    assert report.warnings[-1] == "no room holds an artifact: nobody can escape with one"


def test_traps_follow_one_way_paths_and_name_the_artifacts_they_hold():
    doc = _dungeon()
    board = Board.from_dict(doc)
    assert board.traps() == ()
    # turn every way out of the Lip of the Hoard (its 30 artifact) into a way in
    for p in doc["paths"]:
        if p["from"] == "hoard-lip":
            p["from"], p["to"] = p["to"], p["from"]
        if p["to"] == "hoard-lip":
            p["one_way"] = True
    board = Board.from_dict(doc)
    assert board.traps() == ("hoard-lip",)
    assert board.unreachable() == ()
    assert board.warnings() == [
        "nothing leads back to the start from Lip of the Hoard (hoard-lip): a thief there "
        "leaves only by teleport, and the artifact in Lip of the Hoard (hoard-lip) never "
        "reaches home"
    ]
    with pytest.raises(ValueError, match="no start space"):
        load_board("space-command").traps()
    assert load_board("space-command").warnings() == []  # a piece: checked once assembled


def test_rides_count_as_ways_in_and_out():
    """A Legacy coach stop cut off from every path is still reached (and left) by coach."""
    doc = _cut(copy.deepcopy(load_board("legacy-teaching").raw), {"coach-ford"})
    board = Board.from_dict(doc)
    assert board.unreachable() == () and board.traps() == ()
    for space in doc["spaces"]:  # no coach: the stop is cut off
        if space["id"] == "coach-ford":
            del space["coach"]
    assert Board.from_dict(doc).unreachable() == ("coach-ford",)


def test_every_edition_s_own_board_has_no_warnings():
    for edition in ("clank", "space", "pulsarcade", "legacy"):
        assert cw.Game.new(edition, players=2, seed=1).board.warnings() == [], edition


def test_the_command_prints_each_report_and_says_by_its_status(tmp_path, capsys):
    good = str(board_data_dir() / "boards/teaching-dungeon.json")
    warned = _write(tmp_path, "warned.json", _cut(_dungeon(), {"lava-terrace"}))
    bad = _write(tmp_path, "bad.json", "{")
    assert C.main(["check", good]) == 0
    assert C.main(["check", good, warned]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{good}: board 'teaching-dungeon'")
    assert out[-1] == "  warning: nothing leads from the start to Lava Terrace (lava-terrace)"
    assert C.main(["check", "--strict", good, warned]) == 1
    assert C.main(["check", good, bad, warned]) == 1
    assert f"{bad}: refused: $: is not valid JSON" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        C.main([])
    assert stop.value.code == 2


def test_a_folder_is_checked_file_by_file_at_every_level(tmp_path, capsys):
    (tmp_path / "b" / "inner").mkdir(parents=True)
    (tmp_path / "b" / "inner" / "loop").symlink_to(tmp_path)  # (a link back up is not followed)
    board = (board_data_dir() / "boards/teaching-dungeon.json").read_text()
    (tmp_path / "a.json").write_text(board)
    (tmp_path / "b" / "inner" / "z.json").write_text("{")
    (tmp_path / "b" / "notes.txt").write_text("not checked")
    assert C.main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0] for line in out] == [
        str(tmp_path / "a.json"),
        str(tmp_path / "b" / "inner" / "z.json"),
    ]
    (tmp_path / "empty").mkdir()
    assert C.main(["check", str(tmp_path / "empty")]) == 1
    assert capsys.readouterr().out == f"{tmp_path / 'empty'}: no .json file in this folder\n"


def test_python_dash_m_runs_it():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "clankwidget",
            "check",
            str(board_data_dir() / "cards/clank-teaching.json"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "card set 'clank-teaching'" in done.stdout


_FILES = {
    "board": board_data_dir() / "boards/legacy-teaching.json",
    "cards": board_data_dir() / "cards/clank-teaching.json",
    "moonrakers": board_data_dir() / "moonrakers/moonrakers-teaching.json",
    "position": board_data_dir() / "positions/moonrakers-survey-nebula.json",
    "campaign": board_data_dir() / "campaigns/quillmere-charter.json",
}


@functools.cache
def _saves() -> dict[str, str]:
    game = cw.Game.new("pulsarcade", players=2, seed=3)
    for _ in range(25):
        game.apply(game.legal_actions()[-1])
    return {"save": game.to_json(), "campaign save": Campaign.start().to_json()}


_ODD = st.one_of(
    st.sampled_from([None, True, -1, 0, 2**70, 1.5, "", "x" * 300, [], {}, [[]], {"a": {}}]),
    st.text(max_size=8),
    st.integers(),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_edit_of_any_kind_of_file_is_accepted_or_refused_never_raised(tmp_path_factory, data):
    """The command reports on whatever a file holds: one to three values anywhere in a
    board, card set, Moonrakers card set, position, campaign, save or campaign save
    replaced by odd ones, or the file cut short, is accepted or refused, and nothing is
    raised."""
    kind = data.draw(st.sampled_from([*sorted(_FILES), "save", "campaign save"]))
    text = _saves()[kind] if "save" in kind else _FILES[kind].read_text(encoding="utf-8")
    if data.draw(st.booleans()):
        doc = json.loads(text)
        for _ in range(data.draw(st.integers(1, 3))):
            places = list(json_places(doc))
            container, key = places[data.draw(st.integers(0, len(places) - 1))]
            container[key] = data.draw(_ODD)
        text = json.dumps(doc)
    else:
        text = text[: data.draw(st.integers(0, len(text) - 1))]
    report = C.check_file(_write(tmp_path_factory.mktemp("edit"), "file.json", text))
    assert report.ok or report.problem
    assert "\n" not in (report.problem or "")  # one line per refusal
