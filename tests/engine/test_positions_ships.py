"""Positions of a ship (Clank! In! Space! and Pulsarcade): the state of each module and
the data ports are held to what a fresh set-up has and what the rules can read on from,
so a broken one is refused naming its field instead of crashing mid-game."""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import re
import subprocess
import sys

import pytest

import clankwidget as cw
from clankwidget import Game, PositionError, SaveError

#: a ship with the three other Pulsarcade modules (the default one has the rest)
LAB_SHIP = ["pulsarcade-race-track", "pulsarcade-research-lab", "pulsarcade-vault"]


@functools.cache
def _fresh(ship: str) -> dict:
    if ship == "space":
        return Game.new("space", players=2, seed=1).position()  # blue, yellow
    modules = LAB_SHIP if ship == "lab" else None  # blue, yellow, green
    return Game.new("pulsarcade", players=3, seed=0, modules=modules).position()


def _module(name: str, *path, value):
    """Set ``path`` of module ``name``'s state to ``value`` (``path`` empty: the state)."""

    def edit(pos):
        node, keys = pos["state"]["extra"]["modules"], (name, *path)
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return edit


def _without(name: str, *path):
    def edit(pos):
        node = pos["state"]["extra"]["modules"][name]
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return edit


def _clones(**vats):
    """Clones in the Cloning Vats, each cube taken from its thief's supply (the cubes add up)."""

    def edit(pos):
        seats = {p["colour"]: p for p in pos["state"]["players"]}
        for vat, colours in vats.items():
            pos["state"]["extra"]["modules"]["cloning-vats"]["vats"][vat.replace("_", "-")] = (
                colours
            )
            for c in colours:
                if isinstance(c, str) and c in seats:
                    seats[c]["supply"] -= 1

    return edit


def _hacked(seat: int, *ports, mark=None):
    """Seat ``seat`` hacked ``ports``: a data cube each, each port marked (``mark``: with
    that instead of the thief's colour)."""

    def edit(pos):
        p = pos["state"]["players"][seat]
        p["extra"]["data"] -= len(ports)
        p["extra"]["hacked"] += list(ports)
        for port in ports:
            pos["state"]["extra"]["ports"][port] = p["colour"] if mark is None else mark

    return edit


def _extra(*path, value):
    def edit(pos):
        node = pos["state"]
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def _research(pos):  # blue took a token the lab never had (and holds it)
    pos["state"]["extra"]["modules"]["research-lab"]["taken"]["nope"] = "blue"
    pos["state"]["players"][0]["extra"]["research"] = ["nope"]


def _renamed_hunter(pos):
    hunters = pos["state"]["extra"]["hunters"]
    hunters["nope"] = hunters.pop("7")


def _renamed_pod_bay(pos):
    pods = pos["state"]["extra"]["pods"]
    pods["nope"] = pods.pop("cb-pods")


DT, CV = "danger-theater", "cloning-vats"

BROKEN = [
    # the Danger Theater: every seated colour, a place on the track (0 to 6)
    ("arcade", _module(DT, "contestants", value={}), r"danger-theater\.contestants\.blue", "this"),
    ("arcade", _without(DT, "contestants", "yellow"), r"contestants\.yellow", "expected this"),
    ("arcade", _module(DT, "contestants", value="x"), r"danger-theater\.contestants", "object"),
    ("arcade", _module(DT, "contestants", value=4), r"danger-theater\.contestants", "object"),
    ("arcade", _module(DT, value=3), r"modules\.danger-theater", "an object, got 3"),
    ("arcade", _module(DT, value=1.5), r"modules\.danger-theater", "an object, got 1.5"),
    ("arcade", _module(DT, "contestants", "yellow", value=999), r"contestants\.yellow", "0 to 6"),
    ("arcade", _module(DT, "contestants", "yellow", value=7), r"contestants\.yellow", "0 to 6"),
    ("arcade", _module(DT, "contestants", "yellow", value=-1), r"contestants\.yellow", "0 to 6"),
    ("arcade", _module(DT, "contestants", "yellow", value=1.5), r"contestants\.yellow", "whole"),
    ("arcade", _module(DT, "contestants", "red", value=0), r"contestants\.red", "expected only"),
    # the Cloning Vats: each vat of the set-up, clones of seated thieves, within its room
    ("arcade", _module(CV, "vats", value={}), r"cloning-vats\.vats\.cv-vat-1", "expected this"),
    ("arcade", _module(CV, "vats", "cv-vat-9", value=[]), r"vats\.cv-vat-9", "expected only"),
    ("arcade", _module(CV, "vats", "cv-vat-1", value="blue"), r"vats\.cv-vat-1", "a list"),
    ("arcade", _clones(cv_vat_1=["red"]), r"vats\.cv-vat-1\[0\]", "colour of a thief"),
    ("arcade", _clones(cv_vat_1=[["blue"]]), r"vats\.cv-vat-1\[0\]", "colour of a thief"),
    ("arcade", _clones(cv_vat_2=["blue", "blue"]), r"vats\.cv-vat-2\[1\]", "no clone here yet"),
    ("arcade", _clones(cv_vat_3=["blue", "yellow", "green"]), r"vats\.cv-vat-3", "in a vat of 2"),
    ("arcade", _module(CV, "owed", value={"blue": 1}), r"cloning-vats\.owed\.blue", "1 to 0"),
    ("arcade", _module(CV, "owed", value=[]), r"cloning-vats\.owed", "an object"),
    ("arcade", _module("black-market", "x", value=1), r"black-market\.x", "not a field"),
    ("arcade", _extra("extra", "modules", "vault", value={}), r"modules\.vault", "no such"),
    ("arcade", lambda p: p["state"]["extra"]["modules"].pop(DT), r"modules\.danger-theater", ""),
    # the Race Track, the Research Lab and the Vault
    ("lab", _module("race-track", "racers", "blue", value="nope"), r"racers\.blue", "the track"),
    ("lab", _module("race-track", "racers", "blue", value=3), r"racers\.blue", "text"),
    ("lab", _module("race-track", "standings", 0, value="red"), r"standings\[0\]", "not placed"),
    ("lab", _module("race-track", "standings", value=[None]), r"race-track\.standings", "4 items"),
    ("lab", _research, r"research-lab\.taken\.nope", "no research token"),
    (
        "lab",
        _module("research-lab", "taken", value={"focus-serum": "blue"}),
        r"players\[0\]\.extra\.research",
        "",
    ),
    ("lab", _module("research-lab", "taken", value=[]), r"research-lab\.taken", "an object"),
    (
        "lab",
        _extra("players", 1, "extra", "research", value=5),
        r"players\[1\]\.extra\.research",
        "",
    ),
    ("lab", _module("vault", "filled", value=[1] * 8), r"vault\.filled\[0\]", "true or false"),
    ("lab", _module("vault", "filled", value=[]), r"vault\.filled", "expected 8 items"),
    # data ports: a space with a data port on the ship, marked by a seated thief
    ("space", _hacked(1, "nope"), r"\$\.state\.extra\.ports\.nope", "no data port 'nope'"),
    ("space", _hacked(0, "cb-dock"), r"\$\.state\.extra\.ports\.cb-dock", "no data port"),
    ("space", _extra("extra", "ports", value={"nowhere": [0]}), r"ports\.nowhere", "no data port"),
    ("space", _hacked(0, "gh-pump", mark=[0]), r"ports\.gh-pump", "colour of a thief"),
    ("space", _hacked(0, "gh-pump", mark="red"), r"ports\.gh-pump", "colour of a thief .*'red'"),
    ("space", _hacked(0, "gh-pump", "gh-shed"), r"players\[0\]\.extra\.hacked\[1\]", "different"),
    # the ship's other fields keyed by id, and the ids a thief has
    ("space", _renamed_hunter, r"extra\.hunters\.nope", "not in the set-up"),
    ("space", _extra("extra", "hunters", "7", value=True), r"hunters\.7", "a whole number"),
    ("space", _renamed_pod_bay, r"extra\.pods\.nope", "not in the set-up"),
    ("space", _extra("players", 0, "extra", "crystals", value=-1), r"\[0\]\.extra\.crystals", "0"),
    ("space", _extra("players", 1, "extra", "visited", 0, value="nope"), r"visited\[0\]", "space"),
]


def _broken(ship, edit) -> dict:
    pos = copy.deepcopy(_fresh(ship))
    edit(pos)
    return pos


@pytest.mark.parametrize(("ship", "edit", "field", "message"), BROKEN)
def test_a_broken_module_state_or_port_is_refused_naming_the_field(ship, edit, field, message):
    """Each of these loaded, then crashed in play (a KeyError, IndexError or TypeError in
    the module's rules or the widget's view) or played on a state no game has."""
    Game.from_position(_fresh(ship), seed=0)  # the fresh set-up passes
    with pytest.raises(PositionError, match=f"{field}: .*{message}"):
        Game.from_position(_broken(ship, edit), seed=1)


def test_the_check_command_refuses_them_without_a_traceback(tmp_path):
    files = []
    for i, (ship, edit, field, message) in enumerate(BROKEN):
        path = tmp_path / f"broken-{i}.json"
        path.write_text(json.dumps(_broken(ship, edit)))
        files.append((str(path), field, message))
    done = subprocess.run(
        [sys.executable, "-m", "clankwidget", "check", *(path for path, _, _ in files)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(files), done.stdout
    for line, (path, field, message) in zip(lines, files, strict=True):
        assert line.startswith(f"{path}: refused: $.state"), line
        assert re.search(f"{field}: .*{message}", line), line


def test_a_save_built_on_a_broken_position_is_refused():
    doc = json.loads(Game.from_position(_fresh("arcade"), seed=0).to_json())
    _module(DT, "contestants", "yellow", value=999)(doc["setup"]["position"])
    body = {k: doc[k] for k in ("setup", "actions", "state")}
    doc["checksum"] = hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()
    with pytest.raises(SaveError, match=r"contestants\.yellow.*0 to 6"):
        Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"hacked": ["nope"]}, r"players\[1\]\.extra\.hacked\[0\]", "data port on 'space-ship'"),
        ({"hacked": [["gh-pump"]]}, r"players\[1\]\.extra\.hacked\[0\]", "data port"),
        ({"hacked": ["gh-pump", "gh-shed"]}, r"hacked\[1\]", "different modules"),
    ],
)
def test_a_description_refuses_a_port_the_ship_does_not_have(extra, field, message):
    """The balance marks a port named in ``hacked`` with its thief's colour: not one the
    ship does not have (the widget's view then crashed on it)."""
    changes = {"players": {"yellow": {"extra": extra}}}
    with pytest.raises(PositionError, match=f"{field}: .*{message}"):
        cw.position("space", players=2, seed=1, changes=changes)
    hacked = cw.position("space", players=2, seed=1, changes={
        "players": {"yellow": {"extra": {"hacked": ["gh-pump", "re-core"]}}}
    })  # fmt: skip
    assert hacked["state"]["extra"]["ports"] == {"gh-pump": "yellow", "re-core": "yellow"}


def test_module_states_a_game_reaches_pass_the_checks():
    """Clones in the vats (one a bounty hunter got, its vat still to choose), a contestant
    up the track, racers moved and research taken, as described: each loads and plays on."""
    changes = {
        "extra": {
            "modules": {
                CV: {"vats": {"cv-vat-1": ["blue"], "cv-vat-2": ["blue", "yellow"]}},
                DT: {"contestants": {"blue": 6}},
            }
        }
    }
    changes["extra"]["modules"][CV]["owed"] = {"blue": 2}
    arcade = Game.from_position(cw.position("pulsarcade", 3, seed=0, changes=changes), seed=1)
    lab = {
        "race-track": {"racers": {"blue": "fork"}, "standings": {"0": "yellow"}},
        "research-lab": {"taken": {"focus-serum": "green"}},
        "vault": {"filled": {"0": True}},
    }
    changes = {
        "extra": {"modules": lab},
        "players": {"green": {"extra": {"research": ["focus-serum"]}}},
    }
    pos = cw.position("pulsarcade", 3, seed=0, modules=LAB_SHIP, changes=changes)
    for game in (arcade, Game.from_position(pos, seed=1)):
        bots = [cw.edition("pulsarcade").make_bot("random", seed=i) for i in range(3)]
        for _ in range(200):
            if game.is_over:
                break
            game.apply(bots[game.state.current].choose(game))
