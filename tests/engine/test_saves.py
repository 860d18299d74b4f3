"""Saves: old versions migrate, and a hand-edited or hostile save is a SaveError, never
anything else, and never half-loaded (issue 12).

The checksum is no defence against an edit (anyone can recompute it), so every edited
save here carries a recomputed checksum: what refuses it is the set-up check and the replay.
"""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clankwidget import Game, SaveError, bots
from clankwidget.game import SAVE_VERSION

from helpers import json_places

FIXTURES = Path(__file__).parents[1] / "fixtures"


def _digest(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def resign(doc: dict) -> str:
    """The save with its checksum recomputed, as an editor would."""
    doc = dict(doc)
    doc["checksum"] = _digest({k: doc[k] for k in ("setup", "actions", "state")})
    return json.dumps(doc)


def _played(edition="clank", seed=11, steps=40) -> Game:
    game = Game.new(edition, players=2, seed=seed)
    bot = bots.make_bot("greedy", seed=1)
    for _ in range(steps):
        game.apply(bot.choose(game))
    return game


@pytest.fixture(scope="module")
def save() -> dict:
    return json.loads(_played(steps=12).to_json())


# ------------------------------------------------------------------ old versions


@pytest.mark.parametrize("edition", ["clank", "pulsarcade"])
def test_a_save_written_by_0_1_0_loads_and_goes_on_as_the_same_game(edition):
    text = (FIXTURES / f"save-v0.1.0-{edition}.json").read_text()
    old = json.loads(text)
    assert old["version"] == 1 and "events" not in old["state"]
    game = Game.from_json(text)
    fresh = Game.new(edition, players=old["setup"]["colours"], seed=old["setup"]["seed"])
    for a in game.actions:
        fresh.apply(a)
    assert game.state.to_dict() == fresh.state.to_dict()
    assert len(game.state.events) == len(game.state.log)
    # it goes on the same way as the game played from scratch, and saves as the new version
    bot_a, bot_b = bots.make_bot("greedy", seed=3), bots.make_bot("greedy", seed=3)
    for _ in range(15):
        if game.is_over:
            break
        game.apply(bot_a.choose(game))
        fresh.apply(bot_b.choose(fresh))
    assert game.state.to_dict() == fresh.state.to_dict()
    assert json.loads(game.to_json())["version"] == SAVE_VERSION


def test_a_0_1_0_save_whose_state_was_edited_is_still_refused():
    doc = json.loads((FIXTURES / "save-v0.1.0-clank.json").read_text())
    doc["state"]["players"][0]["gold"] += 5
    with pytest.raises(SaveError, match=r"first difference: \$\.state\.players"):
        Game.from_json(resign(doc))


def test_a_0_1_0_save_the_new_rules_cannot_replay_says_which_version_wrote_it():
    # 0.1.0 took a secret aboard a ship by itself; since then taking one is a choice, so
    # a 0.1.0 game that took one no longer follows from its actions
    doc = json.loads((FIXTURES / "save-v0.1.0-pulsarcade.json").read_text())
    doc["state"]["players"][0]["gold"] += 2  # as if a credit secret had been taken
    with pytest.raises(SaveError, match=r"written by clankwidget 0\.1\.0 .*taking a secret"):
        Game.from_json(resign(doc))


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (SAVE_VERSION + 1, "made by a newer clankwidget"),
        (0, "never written by clankwidget"),
        (-1, "never written by clankwidget"),
        ("2", "must be an integer"),
        (True, "must be an integer"),
    ],
)
def test_versions_that_were_never_written_are_refused(save, version, message):
    doc = dict(save, version=version)
    with pytest.raises(SaveError, match=message):
        Game.from_json(resign(doc))


# ------------------------------------------------------- edited set-ups (issue 12)


def _edit_setup(save, **changes) -> str:
    doc = copy.deepcopy(save)
    doc["setup"].update(changes)
    return resign(doc)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"colours": []}, r"\$\.setup\.colours: .*2 to 4 players"),
        ({"colours": ["blue"]}, r"\$\.setup\.colours: .*2 to 4 players"),
        (
            {
                "colours": [
                    "blue",
                    "yellow",
                    "green",
                    "purple",
                    "red",
                    "orange",
                    "white",
                    "pink",
                    "teal",
                ]
            },
            "2 to 4 players",
        ),
        ({"colours": ["blue", "blue"]}, "different colour"),
        ({"colours": ["black", "blue"]}, "unknown player colour 'black'"),
        ({"colours": "blueyellow"}, r"\$\.setup\.colours must be a list"),
        ({"colours": [1, 2]}, "unknown player colour 1"),
        ({"seed": -4}, r"\$\.setup\.seed"),
        ({"seed": 2.5}, r"\$\.setup\.seed"),
        ({"seed": 2**200}, r"\$\.setup\.seed"),
        ({"options": {"turbo": True}}, "unknown option 'turbo'"),
        ({"options": ["turbo"]}, r"\$\.setup\.options must be an object"),
        ({"edition": "chess"}, r"\$\.setup\.edition: unknown edition 'chess'"),
        ({"edition": ["clank"]}, r"\$\.setup\.edition"),
        # a Clank! save read as Legacy: its card set lacks Legacy's components
        ({"edition": "legacy"}, r"\$\.legacy: expected the Legacy components"),
        ({"referee": "me"}, "unknown key 'referee'"),
        ({"board": "teaching-dungeon"}, r"\$\.setup\.board must be an object"),
    ],
)
def test_a_setup_new_would_refuse_is_refused(save, changes, message):
    with pytest.raises(SaveError, match=message):
        Game.from_json(_edit_setup(save, **changes))


def test_red_is_no_player_colour_aboard_a_ship():
    doc = json.loads(_played("space", seed=2, steps=3).to_json())
    doc["setup"]["colours"] = ["red", "blue"]
    with pytest.raises(SaveError, match="'red' is not a player colour"):
        Game.from_json(resign(doc))


def test_an_embedded_card_set_is_checked_by_the_shipped_schema(save):
    doc = copy.deepcopy(save)
    doc["setup"]["cards"]["cards"][0]["cost"] = "free"
    with pytest.raises(SaveError, match="board or card set is invalid"):
        Game.from_json(resign(doc))


def test_an_unknown_top_level_key_is_refused_even_when_huge(save):
    doc = dict(save, notes="x" * 200_000)
    with pytest.raises(SaveError, match="unknown top-level key 'notes'"):
        Game.from_json(resign(doc))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"\xff\xfe{}", "not UTF-8"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply|not JSON"),
        ('{"format": "clankwidget-save", "version": ' + "9" * 5000 + "}", "not JSON"),
        ("{}", "'format' is not 'clankwidget-save'"),
        ("null", "'format' is not"),
        (12, "expected text or bytes"),
        ("x" * (17 * 2**20), "over"),
    ],
)
def test_files_that_are_not_saves_are_refused(text, message):
    with pytest.raises(SaveError, match=message):
        Game.from_json(text)


def test_an_action_that_cannot_be_replayed_names_its_place(save):
    doc = copy.deepcopy(save)
    doc["actions"][3] = {"kind": "move", "path": 999, "swords": 0}
    with pytest.raises(SaveError, match=r"\$\.actions\[3\] cannot be replayed"):
        Game.from_json(resign(doc))
    doc["actions"] = {"0": "end-turn"}
    with pytest.raises(SaveError, match=r"\$\.actions must be a list"):
        Game.from_json(resign(doc))


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_edit_of_a_save_loads_the_same_game_or_is_a_save_error(save, data):
    doc = copy.deepcopy(save)
    places = list(json_places(doc))
    for _ in range(data.draw(st.integers(1, 3))):
        container, key = places[data.draw(st.integers(0, len(places) - 1))]
        container[key] = data.draw(_JSON)
        places = list(json_places(doc))
    text = resign(doc)
    try:
        game = Game.from_json(text)
    except SaveError:
        return
    # it loaded: then it is a state the rules reach, and it saves and loads again as itself
    again = Game.from_json(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()
    game.legal_actions()


@pytest.mark.parametrize(
    ("edition", "piece"), [("space", "space-armory"), ("clank", "pulsarcade-mcp")]
)
def test_a_ship_piece_is_no_board_to_play_on_however_it_comes(edition, piece):
    """A ship's piece has no start space: given as a board (to Game.new, a tournament, a
    position or inside a save) it is refused saying what it is (it was a bare
    StopIteration from Board.start)."""
    from clankwidget import BoardDataError, PositionError, load_board, simulate

    said = r"\$\.kind: expected a board to play on, got a ship's piece"
    with pytest.raises(BoardDataError, match=said):
        Game.new(edition, board=piece)
    with pytest.raises(BoardDataError, match=said):
        simulate.play_game(["random", "random"], seed=1, edition=edition, board=piece)
    position = Game.new("clank", players=2, seed=1).position()
    position["board"] = piece
    with pytest.raises(PositionError, match=r"\$\.board: " + said):
        Game.from_position(position)
    doc = json.loads(_played(steps=0).to_json())
    doc["setup"]["board"] = load_board(piece).raw
    with pytest.raises(SaveError, match=said):
        Game.from_json(resign(doc))


@pytest.mark.parametrize(
    ("edition", "key", "refused"),
    [
        ("clank", "enter", True),
        ("clank", "data_port", True),
        ("legacy", "data_port", True),
        ("legacy", "enter", False),
        ("space", "enter", False),
        ("space", "data_port", False),
    ],
)
def test_a_space_effect_the_edition_does_not_play_is_refused_not_ignored(edition, key, refused):
    """A board whose space names an effect the edition never applies (Clank!'s rules have
    no enter effects, Legacy's no data ports) is refused when a game opens on it, naming
    the space; it used to load and play as if the effect were not there."""
    from clankwidget import BoardDataError, load_board
    from clankwidget.data import Board

    name = {"clank": "teaching-dungeon", "legacy": "legacy-teaching"}.get(edition)
    doc = copy.deepcopy(load_board(name or "space-reactor").raw)
    i = next(i for i, sp in enumerate(doc["spaces"]) if not sp.get("start"))
    doc["spaces"][i][key] = [{"gold": 1}]
    board = Board.from_dict(doc, source="my-board.json")
    if edition == "space":
        from clankwidget.rules.space import assemble_ship

        board = assemble_ship(["space-greenhouse", board, "space-sickbay"])
    if refused:
        with pytest.raises(BoardDataError, match=rf"\$\.spaces\[{i}\]\.{key}: '{edition}' "):
            Game.new(edition, board=board)
    else:
        Game.new(edition, board=board).legal_actions()
