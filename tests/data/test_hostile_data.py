"""Hostile board, card and edition files: every one is refused with a BoardDataError that
names the file and the JSON path, quickly and in bounded memory.

Categories (the README's reliability section counts them): encoding and parsing, values
that are not plain JSON (documents built in code), schema bounds, cross-field checks,
Space edition and card-extra files, and hypothesis-generated mutations of the shipped
files (any value anywhere replaced by a hostile one) and random bytes.
"""

from __future__ import annotations

import copy
import json
import math
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clankwidget.data import (
    MAX_DECK,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_STRING,
    Board,
    CardSet,
    _schema,
    board_data_dir,
    check_edition_fits,
    editions,
    load_board,
    load_card_extras,
    load_cards,
    load_edition,
)
from clankwidget.errors import BoardDataError

SECONDS = 10  # a generous guard against a hang: each refusal takes milliseconds
MIB = 64  # memory a refusal may allocate (the shipped files are under 20 kB)

BOARD_FILE = board_data_dir() / "boards" / "teaching-dungeon.json"
CARDS_FILE = board_data_dir() / "cards" / "clank-teaching.json"
PIECE_FILE = board_data_dir() / "boards" / "space-armory.json"


def board_doc() -> dict:
    return json.loads(BOARD_FILE.read_text(encoding="utf-8"))


def cards_doc() -> dict:
    return json.loads(CARDS_FILE.read_text(encoding="utf-8"))


def refused(call, *, file=None, json_path=None, words=()) -> BoardDataError:
    """``call()`` raises BoardDataError (for ``file`` at ``json_path``) within the bounds."""
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(BoardDataError) as err:
            call()
    finally:
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert elapsed < SECONDS, f"took {elapsed:.1f} s"
    assert peak < MIB * 2**20, f"allocated {peak / 2**20:.0f} MiB"
    e = err.value
    if file is not None:
        assert e.file == str(file), (e.file, file)
    if json_path is not None:
        assert e.json_path == json_path, (e.json_path, json_path, str(e))
    assert "expected" in e.problem or "cannot be read" in e.problem or "not valid JSON" in str(e)
    for word in words:
        assert word in str(e), (word, str(e))
    str(e).encode("utf-8")  # the message itself can be shown and sent to the browser
    return e


def write(tmp_path: Path, text: str | bytes, name: str = "hostile.json") -> Path:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return path


def at(doc, keys, value):
    """``doc`` with the value at ``keys`` (a path of dict keys and list indices) replaced."""
    doc = copy.deepcopy(doc)
    node = doc
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    return doc


def card_index(doc, card_id) -> int:
    return next(i for i, c in enumerate(doc["cards"]) if c["id"] == card_id)


# ---------------------------------------------------------------------------
# Encoding and parsing: the bytes of a file

BOARD_TEXT = BOARD_FILE.read_text(encoding="utf-8")
ENCODING_CASES = {
    "latin-1 byte": (BOARD_TEXT.replace('"name": "', '"name": "\u00e9', 1).encode("latin-1"), "$"),
    "utf-16": (BOARD_TEXT.encode("utf-16"), "$"),
    "invalid utf-8 sequence": (b'{"format": "\xff\xfe"}', "$"),
    "lone surrogate in a value": (
        BOARD_TEXT.replace('"title": "', '"title": "\\ud800', 1),
        "$.title",
    ),
    "lone surrogate in a key": ('{"\\udfff": 1}', "$"),
    "5,000-digit number": (
        BOARD_TEXT.replace('"width": 1000', '"width": 1' + "0" * 5000, 1),
        "$.width",
    ),
    "1e400 (infinite)": (BOARD_TEXT.replace('"width": 1000', '"width": 1e400', 1), "$.width"),
    "NaN": (BOARD_TEXT.replace('"width": 1000', '"width": NaN', 1), "$.width"),
    "Infinity": (BOARD_TEXT.replace('"height": 700', '"height": Infinity', 1), "$.height"),
    "-Infinity position": (
        BOARD_TEXT.replace('"x": ', '"x": -Infinity, "_": ', 1),
        "$.spaces[0].x",
    ),
    "nested 100,000 deep": ("[" * 100_000 + "]" * 100_000, "$"),
    "nested 10,000 deep in objects": ('{"a":' * 10_000 + "1" + "}" * 10_000, "$"),
    f"nested {MAX_DEPTH + 5} deep": ("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5), None),
    "empty file": ("", "$"),
    "truncated": (BOARD_TEXT[: len(BOARD_TEXT) // 2], "$"),
    "not an object": ("[1, 2, 3]", "$"),
    "byte-order mark": ("\ufeff" + BOARD_TEXT, "$"),
    "larger than the limit": (b" " * (MAX_FILE_BYTES + 1) + b"{}", "$"),
    "a string past the limit": (
        BOARD_TEXT.replace('"title": "', '"title": "' + "x" * (MAX_STRING + 1), 1),
        "$.title",
    ),
}


@pytest.mark.parametrize("case", list(ENCODING_CASES))
@pytest.mark.parametrize("loader", [load_board, load_cards])
def test_hostile_bytes_are_refused(tmp_path, case, loader):
    text, json_path = ENCODING_CASES[case]
    path = write(tmp_path, text)
    refused(lambda: loader(path), file=path, json_path=json_path)


@pytest.mark.parametrize(
    "name",
    [123, None, b"teaching-dungeon", "nul\x00byte", "x" * 5000, "no-such-board", ["a"]],
    ids=["int", "None", "bytes", "nul", "long", "unknown", "list"],
)
def test_hostile_names_are_refused(name):
    refused(lambda: load_board(name), json_path="$")


def test_a_directory_is_refused(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    refused(lambda: load_board(folder), json_path="$", words=["cannot be read"])


# ---------------------------------------------------------------------------
# Documents built in code (Board.from_dict / CardSet.from_dict; saves embed them)


def _deep(levels: int) -> dict:
    doc: dict = {}
    node = doc
    for _ in range(levels):
        node["a"] = {}
        node = node["a"]
    return doc


PLAIN_CASES = {
    "NaN width": (["width"], math.nan, "$.width"),
    "infinite x": (["spaces", 0, "x"], math.inf, "$.spaces[0].x"),
    "tuple": (["spaces", 0, "enter"], ({"clank": 1},), "$.spaces[0].enter"),
    "set": (["modules"], {1, 2}, "$.modules"),
    "object": (["title"], object(), "$.title"),
    "bytes": (["title"], b"Dungeon", "$.title"),
    "int key": (["spaces", 0], {1: "x"}, "$.spaces[0]"),
    "10,000-deep dict": (["description"], _deep(10_000), None),
    "10**5000": (["width"], 10**5000, "$.width"),
    "-2**63 position": (["spaces", 0, "y"], -(2**63), "$.spaces[0].y"),
    "lone surrogate": (["spaces", 3, "name"], "Vault\udc80", "$.spaces[3].name"),
}


@pytest.mark.parametrize("case", list(PLAIN_CASES))
def test_documents_built_in_code_are_checked_alike(case):
    keys, value, json_path = PLAIN_CASES[case]
    doc = at(board_doc(), keys, value)
    refused(lambda: Board.from_dict(doc, source="<shared>"), file="<shared>", json_path=json_path)
    cards = at(cards_doc(), ["description"], value) if keys[0] != "spaces" else None
    if cards is not None:
        refused(lambda: CardSet.from_dict(cards, source="<shared>"), file="<shared>")


# ---------------------------------------------------------------------------
# Schema bounds: each number must fit the games

MONSTER = "goblin"
BOARD_BOUNDS = [
    (["width"], 0),
    (["width"], 10**6),
    (["height"], -700),
    (["spaces", 0, "x"], -5),
    (["spaces", 0, "x"], 10**9),
    (["spaces", 0, "y"], 1e9),
    (["spaces", 0, "heal"], 10**6),
    (["spaces", 0, "gold"], 10**8),
    (["spaces", 0, "artifact"], 10**9),
    (["spaces", 0, "minor_secrets"], 10**8),
    (["spaces", 0, "major_secrets"], 10**6),
    (["spaces", 0, "idols"], -1),
    (["spaces", 0, "escape_pods"], 10**6),
    (["spaces", 0, "heal"], 2.0),
    (["paths", 0, "boots"], 0),
    (["paths", 0, "boots"], 10**6),
    (["paths", 0, "monsters"], 10**8),
    (["paths", 0, "monsters"], 1.0),
    (["title"], ""),
    (["title"], "T" * 201),
    (["spaces", 0, "name"], "N" * 201),
    (["spaces", 0, "id"], "s" * 65),  # (ids at most 64: as positions and the widget take)
    (["id"], "b" * 65),
    (["spaces", 0, "enter"], [{"clank": 1}] * 21),
]


@pytest.mark.parametrize(("keys", "value"), BOARD_BOUNDS, ids=lambda v: str(v)[:40])
def test_board_bounds(tmp_path, keys, value):
    path = write(tmp_path, json.dumps(at(board_doc(), keys, value)))
    where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys)
    refused(lambda: load_board(path), file=path, json_path=where)


def test_board_with_too_many_spaces(tmp_path):
    doc = board_doc()
    doc["spaces"] += [{"id": f"extra-{i}", "name": "Extra", "x": 1, "y": 1} for i in range(1000)]
    path = write(tmp_path, json.dumps(doc))
    refused(lambda: load_board(path), file=path, json_path="$.spaces", words=["at most 1000"])


def _set(doc, card, key, value):
    doc = copy.deepcopy(doc)
    doc["cards"][card_index(doc, card)][key] = value
    return doc


CARD_BOUNDS = [
    (["setup", "health"], 10**6),
    (["setup", "health"], 0),
    (["setup", "health"], 1e6),
    (["setup", "health"], 10.0),
    (["setup", "cubes"], 2**63),
    (["setup", "black_cubes"], 2**63),
    (["setup", "black_cubes"], 10**8),
    (["setup", "hand_size"], 10**6),
    (["setup", "row_size"], 10**6),
    (["setup", "rage_track"], []),
    (["setup", "rage_track"], [3] * 31),
    (["setup", "rage_track", 0], 10**6),
    (["setup", "rage_track", 0], -1),
    (["setup", "starting_clank"], [0] * 5),
    (["setup", "mastery_points"], 10**9),
    (["setup", "countdown", 0], 10**6),
    (["dungeon_deck", 0, "count"], 10**8),
    (["dungeon_deck", 0, "count"], 10**10),
    (["dungeon_deck", 0, "count"], 1e8),
    (["dungeon_deck", 0, "count"], 5.0),
    (["dungeon_deck", 0, "count"], 0),
    (["starting_deck", 0, "count"], 10**6),
    (["reserve", 0, "count"], 10**9),
    (["market", 0, "count"], 10**6),
    (["market", 0, "cost"], 10**9),
    (["secrets", "minor", 0, "count"], 10**6),
    (["cards", 0, "id"], "c" * 65),
]


@pytest.mark.parametrize(("keys", "value"), CARD_BOUNDS, ids=lambda v: str(v)[:40])
def test_card_set_bounds(tmp_path, keys, value):
    path = write(tmp_path, json.dumps(at(cards_doc(), keys, value)))
    where = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys)
    refused(lambda: load_cards(path), file=path, json_path=where)


EFFECT_BOUNDS = [
    {"skill": -3},
    {"boots": -1},
    {"swords": -2},
    {"skill": 0},
    {"skill": 10**9},
    {"boots": 10**6},
    {"clank": 10**6},
    {"clank": -(10**6)},
    {"draw": 10**6},
    {"gold": 10**8},
    {"heal": 10**6},
    {"teleport": 10**6},
    {"skill": 2.0},
    {"skill": 1.5},
]


@pytest.mark.parametrize("effect", EFFECT_BOUNDS, ids=str)
def test_effect_bounds(tmp_path, effect):
    doc = cards_doc()
    i = card_index(doc, "burgle")
    doc["cards"][i]["play"] = [effect]
    path = write(tmp_path, json.dumps(doc))
    key = next(iter(effect))
    refused(lambda: load_cards(path), file=path, json_path=f"$.cards[{i}].play[0].{key}")


@pytest.mark.parametrize(
    ("key", "value"), [("cost", 10**9), ("defeat", 10**9), ("points", 10**12), ("cost", -1)]
)
def test_card_number_bounds(tmp_path, key, value):
    doc = cards_doc()
    card = MONSTER if key == "defeat" else "burgle"
    path = write(tmp_path, json.dumps(_set(doc, card, key, value)))
    i = card_index(doc, card)
    refused(lambda: load_cards(path), file=path, json_path=f"$.cards[{i}].{key}")


# ---------------------------------------------------------------------------
# Cross-field checks


def _nested_if(depth: int) -> dict:
    effect: dict = {"skill": 1}
    for _ in range(depth):
        effect = {"if": {"companion": True}, "then": [effect]}
    return effect


def _cross_cases():
    track3 = at(cards_doc(), ["setup", "rage_track"], [3, 3])
    cases = {
        "rage_track [3, 3], rage_start 2": (
            "cards",
            track3,
            "$.setup.rage_start.2",
            "place on the rage track",
        ),
        "rage_start past the track": (
            "cards",
            at(cards_doc(), ["setup", "rage_start", "4"], 7),
            "$.setup.rage_start.4",
            "rage track",
        ),
        "starting Clank! beyond a player's cubes": (
            "cards",
            at(cards_doc(), ["setup", "starting_clank", 0], 31),
            "$.setup.starting_clank[0]",
            "30 cubes",
        ),
        "dungeon deck over the limit": (
            "cards",
            at(
                cards_doc(),
                ["dungeon_deck"],
                [{"card": "tunnel-runner", "count": 50}] * (MAX_DECK // 50 + 1),
            ),
            "$.dungeon_deck",
            f"at most {MAX_DECK}",
        ),
        "duplicate market item": (
            "cards",
            at(cards_doc(), ["market", 1, "id"], cards_doc()["market"][0]["id"]),
            "$.market[1].id",
            "unique",
        ),
        "effects nested 6 deep": (
            "cards",
            _set(cards_doc(), "burgle", "play", [_nested_if(6)]),
            None,
            "nested at most",
        ),
        "deck names a missing card": (
            "cards",
            at(cards_doc(), ["starting_deck", 0, "card"], "no-such-card"),
            "$.starting_deck[0].card",
            "no-such-card",
        ),
        "space in an undeclared module": (
            "board",
            at(board_doc(), ["modules"], []),
            "$.spaces[0].module",
            "$.modules",
        ),
        "space off the board": (
            "board",
            at(board_doc(), ["spaces", 2, "x"], 1001),
            "$.spaces[2].x",
            "0 to 1000",
        ),
        "path to a missing space": (
            "board",
            at(board_doc(), ["paths", 0, "to"], "nowhere"),
            "$.paths[0].to",
            "nowhere",
        ),
    }
    return cases


CROSS = _cross_cases()


@pytest.mark.parametrize("case", list(CROSS))
def test_cross_field_checks(tmp_path, case):
    kind, doc, json_path, word = CROSS[case]
    path = write(tmp_path, json.dumps(doc))
    loader = load_board if kind == "board" else load_cards
    refused(lambda: loader(path), file=path, json_path=json_path, words=[word])


def test_the_cards_used_by_the_cross_field_cases_exist():
    doc = cards_doc()
    ids = {c["id"] for c in doc["cards"]}
    assert {"burgle", MONSTER, "tunnel-runner"} <= ids
    assert len(doc["market"]) >= 2 and doc["setup"]["cubes"] == 30
    assert any("module" in s for s in board_doc()["spaces"][:1])


# ---------------------------------------------------------------------------
# Space edition files and card extras


SPACE_CARDS = load_cards("space-teaching")


def _extras() -> dict:
    path = board_data_dir() / "space" / "space-teaching.json"
    return json.loads(path.read_text(encoding="utf-8"))


EXTRA_CASES = {
    "faction never declared": (
        {**_extras(), "factions": {}},
        None,
        "factions",
    ),
    "if-faction names an unknown faction": (
        at(_extras(), ["cards", "hack"], {"ally": [{"if": {"faction": "pirates"}, "then": []}]}),
        "$.cards.hack.ally[0].if.faction",
        "factions",
    ),
    "token that is not a secret": (
        at(_extras(), ["tokens", "no-such-token"], {"crystal": True}),
        "$.tokens.no-such-token",
        "secret token",
    ),
    "negative crystal effect": (
        at(_extras(), ["cards", "hack"], {"ally": [{"crystal": -4}]}),
        "$.cards.hack.ally[0].crystal",
        "expected",
    ),
    "huge crystal effect": (
        at(_extras(), ["cards", "hack"], {"ally": [{"crystal": 10**9}]}),
        "$.cards.hack.ally[0].crystal",
        "expected",
    ),
    "NaN inside": (
        at(_extras(), ["cards", "hack"], {"ally": [{"crystal": math.nan}]}),
        "$.cards.hack.ally[0].crystal",
        "finite",
    ),
}


@pytest.mark.parametrize("case", list(EXTRA_CASES))
def test_card_extras(case):
    doc, json_path, word = EXTRA_CASES[case]
    refused(
        lambda: load_card_extras(SPACE_CARDS, doc),
        file="<card extras>",
        json_path=json_path,
        words=[word],
    )


def _edition(name: str) -> dict:
    return json.loads((board_data_dir() / "space" / f"{name}.json").read_text("utf-8"))


def _pulsarcade_flat() -> dict:
    doc = _edition("pulsarcade")
    base = _edition("space")
    merged = {**base, **doc}
    merged.pop("extends", None)
    return merged


EDITION_CASES = {
    "extends itself": (lambda: {**_edition("space"), "id": "loop", "extends": "loop"}, "$.extends"),
    "extends in a cycle": (
        lambda: {**_edition("space"), "id": "loop", "extends": "loop2"},
        "$.extends",
    ),
    "race track to nowhere": (
        lambda: at(
            _pulsarcade_flat(),
            ["modules", "race-track", "track", "grid", "next"],
            ["no-such-spot"],
        ),
        "$.modules.race-track.track.grid.next[0]",
    ),
    "race track start unknown": (
        lambda: at(_pulsarcade_flat(), ["modules", "race-track", "start"], "nowhere"),
        "$.modules.race-track.start",
    ),
    "vault slot out of range": (
        lambda: at(_pulsarcade_flat(), ["modules", "vault", "fill", 0, 1], 99),
        "$.modules.vault.fill[0][1]",
    ),
    "join to a missing connector": (
        lambda: at(_edition("space"), ["ship", "joins", 0, "a"], "cargo.nowhere"),
        "$.ship.joins[0].a",
    ),
    "join to a missing slot": (
        lambda: at(_edition("space"), ["ship", "joins", 0, "b"], "attic.west"),
        "$.ship.joins[0].b",
    ),
    "default command piece not listed": (
        lambda: at(_edition("space"), ["ship", "command", "default"], "space-armory"),
        "$.ship.command.default",
    ),
    "first game names no position": (
        lambda: at(_edition("space"), ["ship", "first_game", "attic"], "space-armory"),
        "$.ship.first_game.attic",
    ),
    "hunters past the track": (
        lambda: at(_edition("space"), ["rage", "hunters"], {"1000000": 2}),
        "$.rage.hunters",
    ),
    "ship 1e9 wide": (lambda: at(_edition("space"), ["ship", "width"], 10**9), "$.ship.width"),
    "NaN offset": (
        lambda: at(_edition("space"), ["ship", "slots", "cargo", "offset", 0], math.nan),
        "$.ship.slots.cargo.offset[0]",
    ),
}


@pytest.fixture
def edition_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(editions, "_space_dir", lambda: tmp_path)
    editions._load_edition.cache_clear()
    yield tmp_path
    editions._load_edition.cache_clear()


@pytest.mark.parametrize("case", list(EDITION_CASES))
def test_edition_files(edition_folder, case):
    make, json_path = EDITION_CASES[case]
    doc = make()
    doc["id"] = doc.get("id", "hostile")
    text = json.dumps(doc)  # NaN is written as NaN, as a hand-edited file could
    (edition_folder / "hostile.json").write_text(text, encoding="utf-8")
    loop = {**_edition("space"), "id": "loop2", "extends": "loop"}
    (edition_folder / "loop.json").write_text(json.dumps(doc), encoding="utf-8")
    (edition_folder / "loop2.json").write_text(json.dumps(loop), encoding="utf-8")
    for name in ("space", "pulsarcade"):
        (edition_folder / f"{name}.json").write_text(json.dumps(_edition(name)), "utf-8")
    name = "loop" if "extends" in case else "hostile"
    culprit = "loop2" if "cycle" in case else name
    refused(
        lambda: load_edition(name), file=edition_folder / f"{culprit}.json", json_path=json_path
    )


@pytest.mark.parametrize("name", ["../cards/clank-teaching", "", "SPACE", 7, None])
def test_edition_names(name):
    refused(lambda: load_edition(name), json_path="$")


def test_piece_effects_are_checked_in_the_space_vocabulary(tmp_path):
    # (on load, by the board schema: before a ship is assembled from the piece)
    doc = json.loads(PIECE_FILE.read_text("utf-8"))
    doc["spaces"][0]["enter"] = [{"skill": -5}]
    refused(
        lambda: Board.from_dict(doc, source="my-piece.json"),
        file="my-piece.json",
        json_path="$.spaces[0].enter[0].skill",
    )
    doc["spaces"][0]["enter"] = [{"crystal": 1}, {"if": {"contraband": True}, "then": []}]
    assert Board.from_dict(doc, source="my-piece.json").spaces[0].enter[0] == {"crystal": 1}


@pytest.mark.parametrize(
    ("key", "value", "where"),
    [
        ("red_zone", [7, 30], "$.rage.red_zone[1]"),
        ("hunters", {"11": 2}, "$.rage.hunters.11"),
        ("lockdown", 11, "$.rage.lockdown"),
        ("plaid", 29, "$.rage.plaid"),
    ],
)
def test_edition_rage_places_fit_the_card_sets_track(key, value, where):
    edition = at(load_edition("space"), ["rage", key], value)
    assert len(SPACE_CARDS.setup["rage_track"]) == 11
    refused(
        lambda: check_edition_fits(edition, SPACE_CARDS),
        file="space.json",
        json_path=where,
        words=["0 to 10"],
    )


def test_every_shipped_file_is_within_the_bounds():
    for name in ("space", "pulsarcade"):
        check_edition_fits(load_edition(name), SPACE_CARDS)
    for name in ("space", "pulsarcade"):
        assert load_edition(name)["id"] == name
    assert load_card_extras(SPACE_CARDS)["factions"]


# ---------------------------------------------------------------------------
# Hypothesis: any value of a shipped file replaced by a hostile one


def _paths(doc, prefix=()):
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _paths(value, (*prefix, i))
    return out


BOARD_PATHS = _paths(board_doc())
CARD_PATHS = _paths(cards_doc())

hostile_numbers = st.one_of(
    st.integers(min_value=-(2**80), max_value=2**80),
    st.sampled_from([10**6, 10**8, 10**10, 2**63, -(2**63), -1, 0]),
    st.floats(allow_nan=True, allow_infinity=True),
)
hostile_text = st.text(
    alphabet=st.characters(codec=None, categories=["Cs", "Lu", "Ll", "Nd", "Zs"]),
    max_size=30,
)
hostile_values = st.recursive(
    st.one_of(hostile_numbers, hostile_text, st.booleans(), st.none()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(hostile_text, inner, max_size=4)
    ),
    max_leaves=12,
)
HYPOTHESIS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _loads_or_refuses(loader, tmp_path, doc):
    path = tmp_path / "mutated.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    start = time.perf_counter()
    try:
        return loader(path)
    except BoardDataError as err:
        assert err.file == str(path.resolve()) or err.file == str(path)
        assert err.json_path.startswith("$")
        str(err).encode("utf-8")
        return None
    finally:
        assert time.perf_counter() - start < SECONDS


@HYPOTHESIS
@given(where=st.sampled_from(BOARD_PATHS), value=hostile_values)
def test_mutated_boards_load_or_are_refused(tmp_path, where, value):
    board = _loads_or_refuses(load_board, tmp_path, at(board_doc(), list(where), value))
    if board is not None:  # what loads is usable: arrays, and every number within bounds
        assert board.arrays.boots.max(initial=0) <= 3  # (a board may have no paths)
        for s in board.spaces:
            assert 0 <= s.x <= board.width <= 10_000 and 0 <= s.y <= board.height <= 10_000
            assert s.heal <= 10 and s.gold <= 20


def _first_error(validator, doc):
    """What a refusal of ``doc`` would say: the best error, and inside an effect the
    branch it meant (as :func:`clankwidget.data._schema.check` picks them)."""
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors(doc))
    if error is None:
        return None
    inner = _schema._innermost(error)
    return error.json_path, error.message, inner.json_path, inner.message, inner.validator


@HYPOTHESIS
@given(
    which=st.sampled_from([("board", p) for p in BOARD_PATHS] + [("cards", p) for p in CARD_PATHS]),
    value=hostile_values,
)
def test_the_inlined_schemas_refuse_as_the_plain_ones(which, value):
    # the validators check schemas with their references inlined (twice as fast on a
    # position): the same document gets the same refusal as following each reference.
    # (The plain validator starts from the document itself, not a reference to it: a
    # reference to a whole schema file, which names its dialect, makes jsonschema check
    # the rest with the dialect's own class, whose integers include 0.0.)
    kind, where = which
    doc = at(board_doc() if kind == "board" else cards_doc(), list(where), value)
    registry = _schema._registry()
    plain = _schema._validator_class()(
        registry.contents(f"{_schema._BASE}{kind}.schema.json"), registry=registry
    )
    assert _first_error(_schema.validator(kind), doc) == _first_error(plain, doc)


@HYPOTHESIS
@given(where=st.sampled_from(CARD_PATHS), value=hostile_values)
def test_mutated_card_sets_load_or_are_refused(tmp_path, where, value):
    cards = _loads_or_refuses(load_cards, tmp_path, at(cards_doc(), list(where), value))
    if cards is not None:
        su = cards.setup
        assert 1 <= su["health"] <= 30 and su["cubes"] <= 60 and su["black_cubes"] <= 100
        assert all(r < len(su["rage_track"]) for r in su["rage_start"].values())
        assert sum(n for _, n in cards.dungeon_deck) <= MAX_DECK
        for card in cards.cards.values():
            for effect in card.play:
                for key in ("skill", "boots", "swords"):
                    assert effect.get(key, 1) >= 1


@HYPOTHESIS
@given(data=st.binary(max_size=300))
def test_random_bytes_are_refused(tmp_path, data):
    path = tmp_path / "random.json"
    path.write_bytes(data)
    for loader in (load_board, load_cards):
        with pytest.raises(BoardDataError):
            loader(path)
