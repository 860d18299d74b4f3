"""Odds and paths in Clank! Legacy states, against the plain-Python twins.

``game.attack_odds()``: the dragon's draws are the rage value plus the Danger cards; while
a player is off the clock they are exactly 4 (6 with two players) whatever the rage and
the row; an attack that empties the bag knocks out everyone still in. Paths: the Forest
stops Boots, water paths need a Canoe (``game.path_context()`` says whether the player
owns one); coach rides are steps of a route, paid from the player's Gold."""

from __future__ import annotations

from fractions import Fraction

import pytest
from legacy_helpers import legacy_game

from clankwidget import Game
from clankwidget.paths import turn_options
from clankwidget.rules.actions import EndTurn
from clankwidget.rules.legacy import Coach

from naive_odds import naive_attack_joint
from naive_paths import naive_turn_front

DANGER_ROW = ["brass-bugle", "cult-zealot", "dragon-altar", "ferryman", "road-map", "hedge-witch"]


def _check_against_naive(game: Game, draws: int) -> None:
    s = game.state
    odds = game.attack_odds()
    assert odds.draws == draws
    inside = [p.colour for p in s.players if p.is_in]
    out = [p.colour for p in s.players if not p.is_in]
    counts = [s.bag.get(c, 0) + s.clank_area.get(c, 0) for c in inside]
    black = s.bag["black"] + sum(s.bag.get(c, 0) + s.clank_area.get(c, 0) for c in out)
    want = naive_attack_joint(counts, 0, black, draws)
    assert set(odds.colours) == set(inside)
    order = [inside.index(c) for c in odds.colours]
    for key, p in want.items():
        assert float(odds.joint[tuple(key[i] for i in order)]) == pytest.approx(float(p))
    assert sum(want.values()) == Fraction(1)


def test_draws_are_rage_plus_danger_cards():
    game = legacy_game(3, row=DANGER_ROW)
    s = game.state
    assert game.rules.dangers(s) == 3
    _check_against_naive(game, game.rules.rage_value(s) + 3)
    assert not game.attack_odds().ends


@pytest.mark.parametrize(("players", "draws"), [(3, 4), (2, 6)])
def test_off_clock_draws_ignore_rage_and_danger_cards(players, draws):
    game = legacy_game(
        players,
        row=DANGER_ROW,
        changes={"rage": 6, "players": {"yellow": {"status": "knocked-out"}}},
    )
    assert game.attack_cubes()[1] == draws
    _check_against_naive(game, draws)  # yellow's cubes hurt nobody: counted as black


QUIET = {"clank_area": {"blue": 0, "yellow": 0, "green": 0}}
SUPPLIES = {"players": {c: {"supply": 30} for c in ("blue", "yellow", "green")}}


def test_an_attack_that_empties_the_bag_knocks_everyone_out():
    game = legacy_game(
        3,
        row=DANGER_ROW,
        changes={"bag": {"black": 2}, "aside": {"black": 22}, **QUIET, **SUPPLIES},
    )
    cubes, draws = game.attack_cubes()
    assert (sum(cubes.values()), draws) == (2, 5)
    odds = game.attack_odds()
    assert odds.ends and all(odds.knockout(c) == 1.0 for c in odds.colours)
    assert "the bag empties" in repr(odds)
    # one cube more in the bag than the attack draws: no ending, no knock-out
    more = legacy_game(
        3,
        row=DANGER_ROW,
        changes={"bag": {"black": 6}, "aside": {"black": 18}, **QUIET, **SUPPLIES},
    )
    assert not more.attack_odds().ends
    assert more.attack_odds().knockout("blue") == 0.0


def test_the_engine_ends_the_game_as_the_odds_say():
    game = legacy_game(
        3,
        row=[None, "ferryman", "quiet-ledger", "road-map", "field-intern", "hedge-witch"],
        top=["ash-knight"],  # the refill's Dragon Attack: rage 2, no Danger card
        hands={"blue": []},
        changes={"bag": {"black": 2}, "aside": {"black": 22}, **QUIET, **SUPPLIES},
    )
    assert game.attack_odds().ends
    game.apply(EndTurn())
    assert game.is_over and game.state.end_reason == "the dragon bag is empty"
    assert all(p.status == "knocked-out" for p in game.players)


@pytest.mark.parametrize("canoe", [False, True])
def test_paths_stop_in_the_forest_and_take_water_with_a_canoe(canoe):
    tokens = [{"kind": "market", "id": "canoe", "name": "Canoe", "points": 3, "grants": "canoe"}]
    game = legacy_game(
        3,
        changes={
            "market": {"canoe": 3} if canoe else {},
            "players": {"blue": {"boots": 4, "swords": 1, "tokens": tokens if canoe else []}},
        },
    )
    ctx = game.path_context()
    assert ctx["canoe"] is canoe
    opts = turn_options(game)
    kw = {k: v for k, v in ctx.items() if k != "start"}
    want = naive_turn_front(game.board, "hq", **kw)
    assert set(opts.reachable) == set(want)
    for sid in opts.reachable:
        assert [tuple(o) for o in opts.front(sid)] == [p[:3] for p in want[sid]]
    assert ("mirror-lake" in opts.reachable) is canoe  # the island: water only
    # the Forest stops Boots: nothing beyond it through the forest this turn
    assert all(c.stopped for c in opts.options("thornwood"))


RICH = {"players": {"blue": {"space": "coach-north", "boots": 2, "gold": 5}}}


def test_the_path_search_offers_coach_rides_paid_from_gold():
    game = legacy_game(3, changes=RICH)
    ctx = game.path_context()
    assert ctx["gold"] == 5
    opts = turn_options(game)
    want = naive_turn_front(
        game.board, "coach-north", **{k: v for k, v in ctx.items() if k != "start"}
    )
    assert {s: sorted(tuple(c) for c in opts.options(s)) for s in opts.reachable} == want
    # North (1) to Deepway (3): 1 Boot and 4 Gold, straight into the Danger Zone
    (ride,) = [c for c in opts.options("coach-deep") if c.gold]
    assert (ride.boots, ride.gold) == (1, 4)
    steps = opts.route("coach-deep", ride)
    assert [(st.path, st.space, st.boots, st.gold) for st in steps] == [
        ("coach", "coach-deep", 1, 4)
    ]
    action = game.rules.route_action("coach-north", steps[0])
    assert action == Coach("coach-deep") and action in game.legal_actions()
    game.apply(action)
    me = game.current_player
    assert (me.space, me.boots, me.gold) == ("coach-deep", 1, 1)
    # 1 Gold left: no ride from here (3 + 1 or 3 + 2 Gold)
    assert not [
        c for s in turn_options(game).reachable for c in turn_options(game).options(s) if c.gold
    ]


def test_no_ride_without_gold_or_after_the_forest():
    poor = legacy_game(
        3, changes={"players": {"blue": {"space": "coach-north", "boots": 2, "gold": 2}}}
    )
    assert all(
        c.gold == 0 for s in turn_options(poor).reachable for c in turn_options(poor).options(s)
    )
    assert not any(isinstance(a, Coach) for a in poor.legal_actions())
    tired = legacy_game(
        3,
        changes={
            "players": {"blue": {"space": "coach-north", "boots": 2, "gold": 9, "exhausted": True}}
        },
    )
    assert turn_options(tired).reachable == ("coach-north",)
    assert not any(isinstance(a, Coach) for a in tired.legal_actions())


def test_the_widget_draws_a_coach_route_like_any_route():
    from clankwidget.widget.routes import moves

    game = legacy_game(3, changes=RICH)
    by_id = {m["id"]: m for m in moves(game)}
    deep = by_id["coach-deep"]
    assert deep["route"] == [{"path": "coach", "space": "coach-deep", "gold": 4}]
    assert deep["options"][0] == {
        "boots": 1, "swords": 0, "damage": 0, "teleports": 0, "lifts": 0, "coaches": 1, "gold": 4,
    }  # fmt: skip
    # walking on from the far stop in the same turn: the ride, then a path
    ash = by_id["ash-stair"]
    assert ash["route"][0]["path"] == "coach"
    assert isinstance(ash["route"][1]["path"], int)
