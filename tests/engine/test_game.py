"""The Game API: creation, undo/redo, replay, saves, and refusing bad input."""

from __future__ import annotations

import itertools
import json
import time

import numpy as np
import pytest

from clankwidget import Game, IllegalAction, RuleNotImplemented, SaveError
from clankwidget.rules import ship
from clankwidget.rules.actions import Acquire, EndTurn, Move, Play, action_from_dict

from helpers import at, new_game, play_a_while


def test_same_seed_same_game_and_different_seed_differs():
    a, b, c = new_game(seed=11), new_game(seed=11), new_game(seed=12)
    assert a.state.to_dict() == b.state.to_dict()
    assert a.state.to_dict() != c.state.to_dict()
    play_a_while(a, 200)
    for action in a.actions:
        b.apply(action)
    assert a.state.to_dict() == b.state.to_dict()


def test_a_game_without_a_seed_gets_one_a_browser_can_carry_exactly():
    """The seed drawn for a game asked without one is recorded (saves, positions, the
    widget's replies) and stays an exact JavaScript number, below 2**53."""
    seeds = [Game.new(players=2).seed for _ in range(40)]
    seeds += [Game.from_position(Game.new(players=2, seed=1).position()).seed for _ in range(5)]
    assert all(isinstance(s, int) and 0 <= s < 2**53 for s in seeds)
    assert len(set(seeds)) == len(seeds)
    assert max(seeds) > 2**48  # (drawn from the whole range, not a small one)


def test_players_by_colour_and_bad_player_lists():
    game = new_game(players=["green", "red", "blue"])
    assert [p.colour for p in game.players] == ["green", "red", "blue"]
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_game(players=5)
    with pytest.raises(ValueError, match="unknown player colour 'black'"):
        new_game(players=["black", "blue"])
    with pytest.raises(ValueError, match="different colour"):
        new_game(players=["blue", "blue"])
    for odd in (2.5, None, float("nan"), object()):  # (not a count, not a list)
        with pytest.raises(ValueError, match="players must be a count or a list of colours"):
            new_game(players=odd)


def test_unknown_and_unimplemented_editions_say_so(monkeypatch):
    from clankwidget import registry

    # every shipped edition is written now: register one that is not, for this test
    unwritten = registry.Edition(
        name="unwritten", title="An Unwritten Edition", rules=None, board=None, cards=None,
        playable=False,
    )  # fmt: skip
    monkeypatch.setitem(registry._REGISTRY, "unwritten", unwritten)
    with pytest.raises(
        RuleNotImplemented,
        match="not implemented yet; available editions: clank, space, pulsarcade, legacy",
    ):
        Game.new(edition="unwritten")
    with pytest.raises(ValueError, match="unknown edition 'chess'"):
        Game.new(edition="chess")


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError):
        Game.new(players=2, sede=3)


def test_legal_actions_are_stable_and_each_is_accepted():
    game = new_game(seed=4)
    play_a_while(game, 40)
    assert game.legal_actions() == game.legal_actions()
    for action in game.legal_actions():
        assert game.why_illegal(action) is None
        assert action_from_dict(action.to_dict()) == action


def test_undo_and_redo_within_a_turn():
    game = at(hand=["sidestep", "burgle"])
    game.apply(Play("sidestep"))
    game.apply(Move(0))
    assert game.current_player.space == "hall"
    assert game.undo() == Move(0)
    assert game.current_player.space == "entrance" and game.current_player.boots == 1
    assert game.can_redo
    game.redo()
    assert game.current_player.space == "hall"
    game.undo()
    game.undo()
    assert game.current_player.hand == ["sidestep", "burgle"]
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_undo_never_crosses_a_revealed_card():
    game = at(hand=["scout", "burgle"])
    game.apply(Play("burgle"))
    game.apply(Play("scout"))  # draws a card: hidden information is now known
    assert not game.can_undo
    with pytest.raises(IllegalAction, match="revealed"):
        game.undo()


def test_undo_never_crosses_end_of_turn():
    game = at(hand=[])
    game.apply(EndTurn())
    assert not game.can_undo


def test_undo_late_in_a_long_game_is_exact_and_replays_a_bounded_span(monkeypatch):
    """Undo rebuilds the state from a snapshot taken every so many actions: late in a long
    game it gives back exactly the state before the action, replaying no more than that
    span (a bot game pays for each snapshot, a player's undo for each action replayed)."""
    from clankwidget import game as game_module

    game = new_game(players=3, seed=4)
    rules, applied = game.rules, []
    real_apply = rules.apply
    monkeypatch.setattr(rules, "apply", lambda s, a: (applied.append(a), real_apply(s, a)))
    checked = 0
    for round_ in range(6):
        play_a_while(game, 120, seed=round_)
        if game.is_over:
            break
        if len(game.actions) <= game_module._REPLAY_SPAN or not game.can_undo:
            continue
        rebuilt = new_game(players=3, seed=4)  # the same game without its last action
        for action in game.actions[:-1]:
            rebuilt.apply(action)
        last = game.actions[-1]
        applied.clear()
        assert game.undo() == last
        assert len(applied) <= 2 * game_module._REPLAY_SPAN
        assert game.state.to_dict() == rebuilt.state.to_dict()
        game.redo()
        checked += 1
    assert checked, "no position late in the game could be undone: the test saw nothing"


def test_a_new_action_clears_redo():
    game = at(hand=["burgle", "stumble"])
    game.apply(Play("burgle"))
    game.undo()
    game.apply(Play("stumble"))
    assert not game.can_redo


def test_replay_rebuilds_the_identical_game():
    game = Game.new(players=3, seed=21) if _has_teaching_set() else new_game(players=3, seed=21)
    play_a_while(game, 300, seed=2)
    again = game.replay()
    assert again.state.to_dict() == game.state.to_dict()
    assert again.actions == game.actions


def test_json_round_trip_is_exact_and_keeps_the_rng():
    game = new_game(seed=8)
    play_a_while(game, 150)
    loaded = Game.from_json(game.to_json())
    assert loaded.state.to_dict() == game.state.to_dict()
    play_a_while(game, 50, seed=9)
    play_a_while(loaded, 50, seed=9)
    assert loaded.state.to_dict() == game.state.to_dict()


def test_saves_from_the_future_are_refused():
    doc = json.loads(new_game().to_json())
    doc["version"] = 99
    with pytest.raises(SaveError, match="version 99, made by a newer clankwidget"):
        Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: d.update(checksum="0" * 64), "checksum"),
        (lambda d: d["state"]["players"][0].update(gold=99), "checksum"),
        (lambda d: d.update(format="something"), "not a clankwidget save"),
        (lambda d: d.pop("actions"), "missing actions"),
        (lambda d: d.update(version="1"), "'version' must be an integer"),
    ],
)
def test_corrupt_saves_are_refused(mangle, message):
    game = new_game(seed=3)
    play_a_while(game, 30)
    doc = json.loads(game.to_json())
    mangle(doc)
    with pytest.raises(SaveError, match=message):
        Game.from_json(json.dumps(doc))


def test_a_tampered_save_with_a_fixed_checksum_is_still_refused():
    from clankwidget.game import _digest

    game = new_game(seed=3)
    play_a_while(game, 30)
    doc = json.loads(game.to_json())
    doc["state"]["players"][0]["gold"] += 50
    doc["checksum"] = _digest({k: doc[k] for k in ("setup", "actions", "state")})
    with pytest.raises(SaveError, match="does not follow from its actions"):
        Game.from_json(json.dumps(doc))
    doc = json.loads(game.to_json())
    doc["actions"].append({"kind": "move", "path": 999})
    doc["checksum"] = _digest({k: doc[k] for k in ("setup", "actions", "state")})
    with pytest.raises(SaveError, match="cannot be replayed"):
        Game.from_json(json.dumps(doc))


def test_not_json_is_refused():
    with pytest.raises(SaveError, match="not JSON"):
        Game.from_json("{oops")


def test_repr_is_stable():
    assert (
        repr(new_game(seed=1))
        == "<Game clank on 'scenario-board', 2 players, seed 1: turn 1, blue to play>"
    )


def _has_teaching_set() -> bool:
    from clankwidget import list_boards, list_card_sets

    return "teaching-dungeon" in list_boards() and "clank-teaching" in list_card_sets()


def test_attack_odds_of_a_live_game_match_the_bag():
    from clankwidget.odds import attack_odds

    game = new_game(players=3, seed=5)
    s = game.state
    s.clank_area["yellow"] = 4
    s.players[1].supply -= 2
    game.players[0].damage, game.players[0].supply = 9, game.players[0].supply - 9
    odds = game.attack_odds(extra=2)
    assert list(odds.colours) == ["blue", "yellow", "green"]
    draws = game.rules.rage_value(s) + game.rules.dangers(s) + 2
    cubes = {"blue": 3, "yellow": 4, "green": 1, "black": 24}
    same = attack_odds(cubes, draws, health={"blue": 1, "yellow": 10, "green": 10})
    np.testing.assert_allclose(odds.damage("yellow"), same.damage("yellow"))
    assert odds.knockout("blue") > 0
    assert odds.knockout("blue") == pytest.approx(same.knockout("blue"))


def test_path_context_feeds_turn_options():
    from clankwidget.paths import turn_options

    game = at(hand=[], space="hall", boots=2, swords=1)
    ctx = game.path_context()
    assert ctx["start"] == "hall" and ctx["boots"] == 2 and ctx["health"] == 10 and not ctx["keys"]
    options = turn_options(game)
    assert "gallery" in options.reachable and "vault" not in options.reachable  # locked
    step = options.route("den")[0]
    assert game.why_illegal(Move(step.path, step.swords)) is None


BIG = 10**6  # characters: a pasted file, a script's mistake, a crafted message or save


@pytest.mark.parametrize(
    "action, says",
    [
        ({"kind": "play", "card": "q" * BIG}, "not in your hand"),
        ({"kind": "move", "path": 0, "to": "x" * BIG}, "does not take to"),
        ({"kind": "k" * BIG}, "unknown action kind 'kkk"),
        ({"kind": "play", "card": [[[[[["deep"]]]]]] * BIG}, "'card' must be a string"),
        ({"kind": "end-turn", **{f"field{i}": i for i in range(10_000)}}, "and 9,994 more"),
        ({"kind": "acquire", "slot": 2**64}, "from -2\\*\\*63 to 2\\*\\*63 - 1, got 18446"),
        ({"kind": "acquire", "slot": -(10**5000)}, "got <an integer of about 5,000 digits>"),
        (Play("felt-slippers" * BIG), "not in your hand"),
        (Acquire(10**5000), "no row slot <an integer of about 5,000 digits>"),
        (Move(-(10**5000)), "no path <an integer of about 5,000 digits>"),
    ],
    ids=[
        "long id",
        "long extra",
        "long kind",
        "nested",
        "fields",
        "big int",
        "huge int",
        "object",
        "object slot",
        "object path",
    ],
)
def test_a_refusal_quotes_hostile_input_briefly_and_changes_nothing(action, says):
    """A refusal says what was wrong, quoting the input it refuses, but a megabyte of it
    (from a browser, a save or a script) is quoted by its start and end only: the message
    stays short enough to read, log and send back to a browser."""
    game = at(hand=["burgle"])
    before = game.to_json()
    with pytest.raises(IllegalAction, match=says) as refused:
        game.apply(action)
    assert len(str(refused.value)) <= 1300
    assert game.to_json() == before
    assert game.why_illegal(action) is not None


@pytest.mark.parametrize(
    "kwargs, says",
    [
        ({"seed": 10**5000}, "got <an integer of about 5,000 digits>"),
        ({"players": ["x" * BIG, "blue"]}, "unknown player colour 'xxx"),
        ({"edition": "e" * BIG}, "unknown edition 'eee"),
        ({"board": "b" * BIG}, "cannot be read \\(File name too long\\)"),
        ({"options": {"o" * BIG: 1}}, "unknown option 'ooo"),
    ],
    ids=["seed", "colour", "edition", "board", "option"],
)
def test_a_new_game_refuses_hostile_arguments_briefly(kwargs, says):
    with pytest.raises(ValueError, match=says) as refused:
        Game.new(**{"players": 2, **kwargs})
    assert len(str(refused.value)) <= 1300


def test_the_odds_and_replay_helpers_check_their_counts():
    """(extra=-5 drew -3 cubes, 2.5 drew 4.5, 'x' raised Python's TypeError; replay(-5)
    replayed all but five actions.)"""
    game = new_game(players=3, seed=7)
    play_a_while(game, 12)
    for bad in (-5, 2.5, float("nan"), True, "x"):
        with pytest.raises(ValueError, match="extra must be a whole number of cubes"):
            game.attack_cubes(bad)
        with pytest.raises(ValueError, match="extra must be a whole number of cubes"):
            game.attack_odds(bad)
    assert game.attack_cubes(np.int64(2))[1] == game.attack_cubes(0)[1] + 2
    n = len(game.actions)
    for bad in (-5, n + 1, 2.5, True):
        with pytest.raises(ValueError, match=f"steps must be a whole number from 0 to {n}"):
            game.replay(bad)
    assert game.replay(np.int64(3)).actions == game.actions[:3]


def test_options_are_a_dict_of_plain_json():
    """(A string raised a dict() error; a list nested 5,000 deep, RecursionError while
    the game was being saved.)"""
    with pytest.raises(TypeError, match="options must be a dict"):
        Game.new(seed=1, options="contracts")
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(ValueError, match=r"options \$\.card_extras\[0\]"):
        Game.new("space", seed=1, options={"card_extras": deep})
    with pytest.raises(ValueError, match=r"options \$\.x"):
        Game.new("legacy", seed=1, options={"x": float("nan")})


SHIP = ["space-greenhouse", "space-reactor", "space-sickbay"]


@pytest.mark.parametrize(
    "kwargs, error, says",
    [
        (
            {"modules": SHIP, "positions": [1, "fore", None]},
            TypeError,
            r"positions\[0\] must be a ship position \(fore, mid, aft\), got 1$",
        ),
        (
            {"modules": SHIP, "positions": [["a"], "b", "c"]},
            TypeError,
            r"positions\[0\] must be a ship position \(fore, mid, aft\), got \['a'\]$",
        ),
        (
            {"modules": SHIP, "positions": ["fore", "mid", "b" * 10**6]},
            ValueError,
            r"positions\[2\] must be a ship position \(fore, mid, aft\), got 'bbb.*bbb'$",
        ),
        (
            {"modules": SHIP, "positions": "fore"},
            TypeError,
            r"positions must be a list naming each of fore, mid, aft once, got 'fore'$",
        ),
        (
            {"modules": SHIP, "positions": 5},
            TypeError,
            r"positions must be a list naming each of fore, mid, aft once, got 5$",
        ),
        (
            {"modules": SHIP, "positions": ["fore", "mid", "aft", "fore"]},
            ValueError,
            r"positions \(each of fore, mid, aft once\) holds more than 3 items$",
        ),
        (
            {"positions": ["x"]},
            TypeError,
            r"positions place the modules you list .*: give modules with them",
        ),
        (
            {"modules": dict(zip(("fore", "mid", "aft"), SHIP)), "positions": ["fore"]},
            TypeError,
            r"give positions either in the modules mapping .* or as positions, not both",
        ),
        (
            {"modules": "space-greenhouse"},
            TypeError,
            r"modules must be a list of module sides .*, got 'space-greenhouse'$",
        ),
    ],
    ids=[
        "not strings",
        "a list",
        "a huge name",
        "text",
        "a number",
        "too many",
        "without modules",
        "with a mapping",
        "modules as text",
    ],
)
def test_a_ship_refuses_bad_positions_by_name(kwargs, error, says):
    """(Non-text positions raised Python's own TypeError from sorted() or hashing; with no
    modules, positions were said to be given "in the pieces mapping" too.)"""
    with pytest.raises(error, match=says) as refused:
        Game.new("space", **kwargs)
    assert len(str(refused.value)) <= 300


def _counted(item, far=1000):
    """An endless iterable of ``item`` that fails, rather than hanging, once read far."""
    for i in itertools.count():
        assert i < far, f"read {far:,} items of an endless iterable"
        yield item


@pytest.mark.parametrize(
    "kwargs, says",
    [
        (lambda: {"modules": SHIP, "positions": _counted("fore")}, "positions .* more than 3"),
        (lambda: {"modules": _counted("space-greenhouse")}, "modules holds more than 16"),
    ],
    ids=["positions", "modules"],
)
def test_endless_ship_arguments_are_refused_at_once(kwargs, says):
    """(positions=itertools.repeat('fore') and modules=itertools.repeat('space-greenhouse')
    hung, memory climbing; a limit on the reading was hidden behind another message.)"""
    Game.new("space", modules=SHIP)  # (the pieces loaded: the refusal alone is timed)
    start = time.perf_counter()
    with pytest.raises(ValueError, match=says):
        Game.new("space", **kwargs())
    assert time.perf_counter() - start < 0.5


def test_ship_arguments_may_be_read_once():
    """(Iterators were read to make the cache key, leaving the ship no modules.)"""
    ship._SHIPS.clear()
    once = Game.new("space", modules=iter(SHIP), positions=iter(["aft", "fore", "mid"]))
    listed = Game.new("space", modules=SHIP, positions=["aft", "fore", "mid"])
    assert once.board.raw == listed.board.raw
    assert Game.new("space", modules=(m for m in SHIP)).board.raw == (
        Game.new("space", modules=SHIP).board.raw
    )


def test_an_unexpected_error_is_not_hidden_behind_a_refusal(monkeypatch):
    """(The ship cache's key caught every Exception, MemoryError included, and the ship
    was then assembled or refused with another reason.)"""

    def fails(name):
        raise MemoryError("out of memory")

    monkeypatch.setattr(ship, "_piece_key", fails)
    with pytest.raises(MemoryError):
        Game.new("space", modules=SHIP)
