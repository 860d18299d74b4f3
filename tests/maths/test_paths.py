"""Path search: kernels against their plain-Python twins, networkx, and every movement rule."""

from __future__ import annotations

import doctest
import math

import networkx as nx
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import clankwidget.paths as paths_module
from clankwidget.data import Board
from clankwidget.game import Game
from clankwidget.kernels import graph as g
from clankwidget.paths import (
    Choice,
    Journey,
    Leg,
    Option,
    PathsInputError,
    Step,
    distance_table,
    journey,
    route,
    turn_options,
    weighted_distance_table,
)

from naive_paths import (
    board_doc,
    coach_fares,
    generated_board,
    journey_cost,
    naive_distance_table,
    naive_lexi_distances,
    naive_replay,
    naive_turn_front,
    route_cost,
)

SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# ---------------------------------------------------------------------------
# Random boards and turns


def _chance(draw, one_in: int) -> bool:
    return draw(st.integers(0, one_in - 1)) == 0


@st.composite
def boards(draw, max_spaces: int = 8):
    n = draw(st.integers(1, max_spaces))
    paths = []
    if n > 1:
        for _ in range(draw(st.integers(0, 2 * n))):
            a = draw(st.integers(0, n - 1))
            b = draw(st.integers(0, n - 2))
            b += b >= a
            p = {
                "from": f"s{a}",
                "to": f"s{b}",
                "boots": draw(st.integers(1, 3)),
                "monsters": draw(st.sampled_from([0, 0, 0, 1, 1, 2, 3])),
            }
            if _chance(draw, 5):
                p["locked"] = True
            if _chance(draw, 4):
                p["one_way"] = True
            if _chance(draw, 8):
                p["water"] = True
            paths.append(p)
    stops = draw(
        st.dictionaries(
            st.integers(0, n - 1),
            st.sampled_from(["crystal_cave", "checkpoint", "forest"]),
            max_size=max(1, n // 3),
        )
    )
    start = draw(st.integers(0, n - 1))
    coaches = {}
    if n > 1 and _chance(draw, 2):  # coach stops (Legacy), each with its fare
        coaches = draw(st.dictionaries(st.integers(0, n - 1), st.integers(0, 3), max_size=4))
    return Board.from_dict(board_doc(n, paths, start=start, stops=stops, coaches=coaches))


@st.composite
def turns(draw, max_spaces: int = 8):
    board = draw(boards(max_spaces))
    ids = list(board.space_ids)
    lifts = []
    if len(ids) > 1:
        for _ in range(draw(st.integers(0, 2))):
            lifts.append(draw(st.lists(st.sampled_from(ids), min_size=2, max_size=3, unique=True)))
    kw = dict(
        boots=draw(st.integers(0, 6)),
        swords=draw(st.integers(0, 3)),
        health=draw(st.integers(1, 5)),
        keys=draw(st.booleans()),
        teleports=draw(st.sampled_from([0, 0, 1, 2])),
        can_exit=draw(st.booleans()),
        exhausted=_chance(draw, 6),
        canoe=draw(st.booleans()),
        lifts=lifts,
        gold=draw(st.sampled_from([0, 0, 2, 4, 7])),
    )
    if _chance(draw, 4):  # an edition's own exits (a ship has none) and closed spaces
        kw["exits"] = draw(st.lists(st.sampled_from(ids), max_size=2, unique=True))
    if _chance(draw, 4):
        kw["closed"] = draw(st.lists(st.sampled_from(ids), max_size=2, unique=True))
    if _chance(draw, 4):  # a player who walks through checkpoints, or stops elsewhere
        kw["stops"] = draw(st.lists(st.sampled_from(ids), max_size=3, unique=True))
    return board, draw(st.sampled_from(ids)), kw


def _kernel_fronts(opts) -> dict:
    """{space: sorted Choice tuples (boots, swords, damage, teleports, stopped, gold)}."""
    return {s: sorted(tuple(c) for c in opts.options(s)) for s in opts.reachable}


@SETTINGS
@given(turns())
def test_turn_front_matches_naive(case):
    board, start, kw = case
    opts = turn_options(board, start, **kw)
    want = naive_turn_front(board, start, **kw)
    assert _kernel_fronts(opts) == want
    assert set(opts.reachable) == set(want)
    for s in board.space_ids:
        assert opts.front(s) == [Option(*p[:3]) for p in want.get(s, [])]


@SETTINGS
@given(turns())
def test_every_route_is_legal_and_costs_its_option(case):
    board, start, kw = case
    opts = turn_options(board, start, **kw)
    for space in opts.reachable:
        for choice in opts.options(space):
            steps = opts.route(space, choice)
            assert all(isinstance(s, Step) for s in steps)
            played = naive_replay(board, start, [(s.path, s.space, s.swords) for s in steps], **kw)
            assert played == (space, *choice)
            for s in steps:
                if isinstance(s.path, int):
                    p = board.paths[s.path]
                    assert (s.boots, s.swords + s.damage, s.gold) == (p.boots, p.monsters, 0)
                elif s.path == "coach":
                    assert (s.boots, s.swords, s.damage) == (1, 0, 0)
            assert sum(s.gold for s in steps) == choice.gold <= kw["gold"]
        # the default route is the least-damage option
        assert opts.best(space).damage == min(c.damage for c in opts.options(space))


@settings(max_examples=40, deadline=None)
@given(turns(max_spaces=6))
def test_jit_and_plain_python_kernels_agree(case):
    board, start, kw = case
    if not hasattr(g._turn_front, "py_func"):
        pytest.skip("NUMBA_DISABLE_JIT=1: the kernel is plain Python already")
    opts = turn_options(board, start, **kw)
    p = paths_module._prepared(board)
    lift_indptr, lift_dst = paths_module._lift_csr(board, kw["lifts"])
    stop = np.isin(board.space_ids, opts.settings["stops"])
    gate = paths_module._gate(
        board, opts.settings["exits"], opts.settings["closed"], kw["can_exit"]
    )
    args = (
        p.indptr, p.dst, p.cost, p.monsters, p.usable(kw["keys"], kw["canoe"]), stop, gate,
        p.tp_indptr, p.tp_dst, lift_indptr, lift_dst, board.index(start),
        kw["boots"], kw["swords"], kw["health"] - 1, kw["teleports"], kw["exhausted"],
        p.fare, p.coach, kw["gold"],
    )  # fmt: skip
    plain = g._turn_front.py_func(*args, np.array([10**9]))
    jitted = g._turn_front(*args, np.array([10**9]))
    for x, y in zip(plain, jitted):
        np.testing.assert_array_equal(x, y)
    layers = (p.indptr, p.dst, p.cost, args[4], p.fare, p.coach, 1, kw["gold"])
    for x, y in zip(g._coach_layers.py_func(*layers), g._coach_layers(*layers)):
        np.testing.assert_array_equal(x, y)
    assert len(plain[1]) == sum(len(opts.front(s)) for s in opts.reachable)


@pytest.mark.parametrize("seed", [1, 2])
def test_turn_front_on_a_generated_dungeon(seed):
    board = generated_board(60, seed)
    kw = dict(boots=4, swords=1, health=4, keys=False, teleports=1, can_exit=False,
              exhausted=False, canoe=False, lifts=[["s3", "s40", "s55"]])  # fmt: skip
    opts = turn_options(board, "s7", **kw)
    assert _kernel_fronts(opts) == naive_turn_front(board, "s7", **kw)


# ---------------------------------------------------------------------------
# Distances


def _nx_lengths(board: Board, keys: bool, canoe: bool) -> dict:
    G = board.to_networkx()
    view = nx.subgraph_view(
        G,
        filter_edge=lambda u, v, k: (
            (keys or not G.edges[u, v, k]["locked"]) and (canoe or not G.edges[u, v, k]["water"])
        ),
    )
    return dict(nx.all_pairs_dijkstra_path_length(view, weight="boots"))


def _nx_table(board: Board, keys: bool, canoe: bool, gold: int, cost) -> np.ndarray:
    """All-pairs least ``cost(path)`` (a ride costs 1) by networkx, on a graph of
    (space, gold spent) nodes for the coach rides, folded over the gold spent."""
    fares = coach_fares(board)
    G = nx.DiGraph()
    for spent in range(gold + 1):
        G.add_nodes_from((s, spent) for s in board.space_ids)
        for path in board.paths:
            if (path.locked and not keys) or (path.water and not canoe):
                continue
            for u, v in [(path.a, path.b)] + ([] if path.one_way else [(path.b, path.a)]):
                if not G.has_edge((u, spent), (v, spent)) or G.edges[(u, spent), (v, spent)][
                    "w"
                ] > cost(path):
                    G.add_edge((u, spent), (v, spent), w=cost(path))
        for u in fares:
            for v in fares:
                if u != v and spent + fares[u] + fares[v] <= gold:
                    G.add_edge((u, spent), (v, spent + fares[u] + fares[v]), w=1)
    ids = board.space_ids
    out = np.full((len(ids), len(ids)), math.inf)
    for i, a in enumerate(ids):
        for (b, _g), d in nx.single_source_dijkstra_path_length(G, (a, 0), weight="w").items():
            j = board.index(b)
            out[i, j] = min(out[i, j], d)
    return out


@SETTINGS
@given(boards(max_spaces=10), st.booleans(), st.booleans(), st.sampled_from([0, 0, 3, 6]))
def test_distance_table_matches_networkx_and_naive(board, keys, canoe, gold):
    table = distance_table(board, keys=keys, canoe=canoe, gold=gold)
    ids = board.space_ids
    assert table.shape == (len(ids), len(ids)) and table.dtype == np.float64
    if not coach_fares(board):  # networkx's own multigraph view, as before coaches
        lengths = _nx_lengths(board, keys, canoe)
        want = np.array([[lengths[a].get(b, math.inf) for b in ids] for a in ids], dtype=float)
        np.testing.assert_array_equal(table, want)
    np.testing.assert_array_equal(table, _nx_table(board, keys, canoe, gold, lambda p: p.boots))
    np.testing.assert_array_equal(
        table, naive_distance_table(board, keys=keys, canoe=canoe, gold=gold)
    )
    targets = [ids[i] for i in range(0, len(ids), 2)]
    some = distance_table(board, targets, keys=keys, canoe=canoe, gold=gold)
    assert some.shape == (len(ids), len(targets))
    np.testing.assert_array_equal(some, table[:, [board.index(t) for t in targets]])


@SETTINGS
@given(
    boards(max_spaces=10),
    st.booleans(),
    st.booleans(),
    st.sampled_from([0.0, 0.5, 2.0]),
    st.sampled_from([0, 0, 3, 6]),
)
def test_weighted_distance_table_matches_networkx(board, keys, canoe, monster_cost, gold):
    table = weighted_distance_table(
        board, keys=keys, canoe=canoe, monster_cost=monster_cost, gold=gold
    )
    want = _nx_table(board, keys, canoe, gold, lambda p: p.boots + monster_cost * p.monsters)
    np.testing.assert_allclose(table, want)
    if monster_cost == 0:
        np.testing.assert_array_equal(
            table, distance_table(board, keys=keys, canoe=canoe, gold=gold)
        )


def test_single_source_kernel_matches_all_pairs():
    board = generated_board(50, 3)
    p = paths_module._prepared(board)
    for keys in (False, True):
        walk = p.walk(keys, False)
        table = g._all_pairs_boots(*walk)
        np.testing.assert_array_equal(g._boots_from_many(*walk, np.arange(50)), table)
        for s in range(0, 50, 7):
            np.testing.assert_array_equal(g._boots_from(*walk, s), table[s])


@SETTINGS
@given(boards(max_spaces=9), st.data())
def test_route_is_cheapest_under_its_preference(board, data):
    ids = board.space_ids
    start = data.draw(st.sampled_from(ids))
    target = data.draw(st.sampled_from(ids))
    keys = data.draw(st.booleans())
    canoe = data.draw(st.booleans())
    gold = data.draw(st.sampled_from([0, 0, 3, 6]))
    weights = {
        "boots": (lambda p: (p.boots, p.monsters), (1, 0)),
        "monsters": (lambda p: (p.monsters, p.boots), (0, 1)),
    }
    ways = dict(keys=keys, canoe=canoe)
    for prefer, (weight, ride) in weights.items():
        best = naive_lexi_distances(board, start, weight, **ways, gold=gold, ride=ride)
        if target not in best:
            with pytest.raises(ValueError, match="no route"):
                route(board, start, target, **ways, gold=gold, prefer=prefer)
            continue
        way = journey(board, start, target, **ways, gold=gold, prefer=prefer)
        r = route(board, start, target, **ways, gold=gold, prefer=prefer)
        assert r == way.spaces and r[0] == start and r[-1] == target
        total, boots, monsters, spent = journey_cost(board, start, way.legs, weight, ride, **ways)
        assert (way.boots, way.monsters, way.gold) == (boots, monsters, spent)
        assert spent <= gold
        if start == target:
            assert r == [start] and way.legs == []
        else:
            assert total == best[target]
        if not coach_fares(board) and start != target:
            assert way.coaches == 0 and route_cost(board, r, weight, **ways) == best[target]


# ---------------------------------------------------------------------------
# Hand-built scenarios, one per rule


def _board(spaces, paths, board_id="hand"):
    """spaces: list of (id, extra-dict); paths: list of dicts with from/to."""
    doc = {
        "format": "clankwidget-board",
        "version": 1,
        "id": board_id,
        "title": "Hand-built",
        "edition": "clank",
        "spaces": [
            {"id": sid, "name": sid.title(), "x": float(i), "y": 0.0, **extra}
            for i, (sid, extra) in enumerate(spaces)
        ],
        "paths": paths,
    }
    return Board.from_dict(doc)


def _line(*extras, paths_kw=None, board_id="line"):
    """Spaces a, b, c, ... in a row joined by 1-boot paths; ``extras[i]`` for space i."""
    names = "abcdefgh"[: len(extras)]
    spaces = [(names[i], extras[i]) for i in range(len(extras))]
    paths = [
        {"from": names[i], "to": names[i + 1], **((paths_kw or {}).get(i, {}))}
        for i in range(len(extras) - 1)
    ]
    return _board(spaces, paths, board_id)


def test_boots_limit_reach():
    b = _line({"start": True}, {}, {}, {}, paths_kw={1: {"boots": 2}})
    opts = turn_options(b, "a", boots=2)
    assert opts.reachable == ("a", "b")
    assert turn_options(b, "a", boots=3).reachable == ("a", "b", "c")
    assert turn_options(b, "a", boots=3).front("c") == [Option(3, 0, 0)]
    assert turn_options(b, "a", boots=4).front("d") == [Option(4, 0, 0)]


def test_crystal_cave_stops_boots():
    b = _line({"start": True}, {"crystal_cave": True}, {})
    opts = turn_options(b, "a", boots=5)
    assert opts.reachable == ("a", "b")
    (choice,) = opts.options("b")
    assert choice.stopped
    # starting in a cave is fine: it was entered on an earlier turn
    assert turn_options(b, "b", boots=1).reachable == ("b", "c")


@pytest.mark.parametrize("kind", ["checkpoint", "forest"])
def test_checkpoint_and_forest_stop_boots(kind):
    b = _line({"start": True}, {kind: True}, {})
    assert turn_options(b, "a", boots=5).reachable == ("a", "b")


def test_teleport_out_of_a_cave_still_allowed():
    b = _line({"start": True}, {"crystal_cave": True}, {}, {})
    opts = turn_options(b, "a", boots=5, teleports=1)
    assert opts.reachable == ("a", "b", "c")
    assert [s.path for s in opts.route("c")] == [0, "teleport"]
    assert opts.table()[-1]["route"] == "b > c (teleport)"
    assert opts.options("c")[0].stopped  # teleporting does not restart boots


def test_teleport_into_a_cave_stops_boots():
    b = _line({"start": True}, {}, {"crystal_cave": True}, {})
    opts = turn_options(b, "b", boots=3, teleports=1)
    # walk b>c stops and teleport b>c stops too: d only by walking in and teleporting on
    assert all(c.stopped for c in opts.options("c"))
    assert opts.options("d") == [paths_module.Choice(1, 0, 0, 1, True)]
    assert [s.path for s in opts.route("d")] == [1, "teleport"]


def test_teleport_ignores_lock_arrow_water_boots_and_monsters():
    b = _board(
        [("a", {"start": True}), ("b", {}), ("c", {}), ("d", {}), ("e", {})],
        [
            {"from": "a", "to": "b", "locked": True},
            {"from": "c", "to": "a", "one_way": True},  # arrow points into a
            {"from": "a", "to": "d", "water": True, "boots": 3, "monsters": 3},
            {"from": "a", "to": "e"},
        ],
    )
    walk = turn_options(b, "a", boots=3, swords=3)
    assert walk.reachable == ("a", "e")
    tele = turn_options(b, "a", boots=0, health=1, teleports=1)
    assert tele.reachable == ("a", "b", "c", "d", "e")
    for s in "bcd":
        assert tele.route(s) == [Step("teleport", s, 0, 0, 0)]
    assert tele.options("b")[0].teleports == 1


def test_teleports_are_a_fourth_count_of_the_front():
    b = _line({"start": True}, {}, {}, paths_kw={1: {"boots": 2}})
    opts = turn_options(b, "a", boots=3, teleports=1)
    got = {(c.boots, c.teleports) for c in opts.options("c")}
    assert got == {(3, 0), (1, 1)}  # walk all the way, or walk to b and teleport


def test_cannot_fill_the_damage_meter():
    b = _line({"start": True}, {}, {}, paths_kw={0: {"monsters": 2}, 1: {"monsters": 1}})
    assert turn_options(b, "a", boots=2, health=3).front("c") == []
    assert turn_options(b, "a", boots=2, health=3).front("b") == [Option(1, 0, 2)]
    assert turn_options(b, "a", boots=2, health=4).front("c") == [Option(2, 0, 3)]
    assert turn_options(b, "a", boots=2, health=2).reachable == ("a",)
    # a sword lets a player with 2 health through: 1 damage taken
    assert turn_options(b, "a", boots=2, swords=2, health=2).front("c") == [Option(2, 2, 1)]


def test_swords_cancel_monsters_every_split_on_the_front():
    b = _line({"start": True}, {}, paths_kw={0: {"monsters": 2}})
    opts = turn_options(b, "a", boots=1, swords=2, health=10)
    assert opts.front("b") == [Option(1, 0, 2), Option(1, 1, 1), Option(1, 2, 0)]
    assert opts.route("b") == [Step(0, "b", 2, 0, 1)]  # best: least damage
    assert opts.route("b", (1, 1, 1)) == [Step(0, "b", 1, 1, 1)]
    assert opts.route("b", 0) == [Step(0, "b", 0, 2, 1)]


def test_exit_needs_an_artifact_and_ends_the_walk():
    b = _line({}, {"start": True}, {})
    assert turn_options(b, "a", boots=3).reachable == ("a",)
    opts = turn_options(b, "a", boots=3, can_exit=True, teleports=1, lifts=[["b", "c"]])
    assert opts.reachable == ("a", "b")  # entering the exit ends it all: no c
    assert opts.options("b")[0].stopped
    # teleports and lifts obey the same rule
    assert turn_options(b, "a", teleports=1).reachable == ("a",)
    assert turn_options(b, "a", lifts=[["a", "b"]]).reachable == ("a",)
    # leaving the start space is always allowed
    assert turn_options(b, "b", boots=1).reachable == ("a", "b", "c")


def test_an_edition_names_its_own_exits_and_closed_spaces():
    b = _line({}, {"start": True}, {}, {})
    # a ship has no exit: its start space is walked through like any other
    assert turn_options(b, "a", boots=3, exits=()).reachable == ("a", "b", "c", "d")
    # an escape pod at c is an exit for an artifact holder
    opts = turn_options(b, "a", boots=3, exits=["c"], can_exit=True)
    assert opts.reachable == ("a", "b", "c") and opts.options("c")[0].stopped
    assert turn_options(b, "a", boots=3, exits=["c"]).reachable == ("a", "b")
    # a sealed module cannot be entered by any means, even with an artifact
    closed = dict(boots=3, exits=(), closed=["c"], teleports=2, can_exit=True)
    assert turn_options(b, "a", **closed, lifts=[["a", "c"]]).reachable == ("a", "b")
    assert "closed: c" in repr(turn_options(b, "a", **closed))
    with pytest.raises(KeyError, match="a space in closed: board 'line' has no space 'nowhere'"):
        turn_options(b, "a", closed=["nowhere"])
    with pytest.raises(TypeError, match="exits must be a list"):
        turn_options(b, "a", exits="c")
    # stops: where boots end for this player (the board's caves and checkpoints by default)
    assert turn_options(b, "a", boots=3, exits=(), stops=["b"]).reachable == ("a", "b")


def test_locked_paths_need_keys_and_water_a_canoe():
    b = _line({"start": True}, {}, {}, paths_kw={0: {"locked": True}, 1: {"water": True}})
    assert turn_options(b, "a", boots=2).reachable == ("a",)
    assert turn_options(b, "a", boots=2, keys=True).reachable == ("a", "b")
    assert turn_options(b, "a", boots=2, keys=True, canoe=True).reachable == ("a", "b", "c")


def test_one_way_paths_only_their_way():
    b = _board([("a", {"start": True}), ("b", {})], [{"from": "a", "to": "b", "one_way": True}])
    assert turn_options(b, "a", boots=1).reachable == ("a", "b")
    assert turn_options(b, "b", boots=1).reachable == ("b",)


def test_lifts_are_free_and_stop_boots():
    b = _line({"start": True}, {}, {}, {}, {}, {})
    opts = turn_options(b, "b", boots=1, lifts=[["b", "e"]])
    # a is the exit (no artifact); not d or f: boots stop after a lift
    assert set(opts.reachable) == {"b", "c", "e"}
    assert opts.route("e") == [Step("lift", "e", 0, 0, 0)]
    assert opts.options("e") == [paths_module.Choice(0, 0, 0, 0, True)]
    # walk to a lift, then ride it
    opts = turn_options(b, "c", boots=1, lifts=[["b", "e"]])
    assert [s.path for s in opts.route("e")] == [1, "lift"]
    # teleporting after a lift is still allowed
    opts = turn_options(b, "b", lifts=[["b", "e"]], teleports=1)
    assert set(opts.reachable) == {"b", "c", "d", "e", "f"}


def _coach_line():
    """a - b(coach 1) - c - d - e(coach 2) - f, and g(coach 3) joined to nothing."""
    return _board(
        [
            ("a", {"start": True}),
            ("b", {"coach": 1}),
            ("c", {}),
            ("d", {"forest": True}),
            ("e", {"coach": 2}),
            ("f", {}),
            ("g", {"coach": 3}),
        ],
        [{"from": x, "to": y} for x, y in ["ab", "bc", "cd", "de", "ef"]],
        "coaches",
    )


def test_a_coach_ride_costs_a_boot_and_both_fares():
    b = _coach_line()
    opts = turn_options(b, "b", boots=1, gold=3)
    assert set(opts.reachable) == {"b", "c", "e"}  # 1 + 2 gold to e; g would cost 4
    assert opts.options("e") == [Choice(1, 0, 0, 0, False, 3)]
    assert opts.route("e") == [Step("coach", "e", 0, 0, 1, 3)]
    both = turn_options(b, "b", boots=2, gold=4)
    assert set(both.reachable) == {"a", "b", "c", "d", "e", "f", "g"} - {"a"}  # a: the exit
    assert both.options("g") == [Choice(1, 0, 0, 0, False, 4)]
    assert [s.path for s in both.route("f")] == ["coach", 4]
    # no gold, no boots, or boots already stopped: no ride
    assert "e" not in turn_options(b, "b", boots=1, gold=2)
    assert "e" not in turn_options(b, "b", boots=0, gold=9)
    assert "e" not in turn_options(b, "b", boots=3, gold=9, exhausted=True)


def test_gold_is_a_fifth_count_of_the_front():
    b = _line({"start": True}, {"coach": 1}, {}, {}, {"coach": 2}, {}, board_id="gold")
    opts = turn_options(b, "b", boots=3, gold=3)
    # walk three boots to e, or ride there for one boot and three gold
    assert opts.options("e") == [Choice(1, 0, 0, 0, False, 3), Choice(3, 0, 0, 0, False, 0)]
    assert opts.route("e") == [Step("coach", "e", 0, 0, 1, 3)]  # fewer boots, then gold
    assert opts.route("e", (3, 0, 0)) == [Step(1, "c", 0, 0, 1), Step(2, "d", 0, 0, 1),
                                          Step(3, "e", 0, 0, 1)]  # fmt: skip
    assert "1b 0s 0d 3g" in repr(opts) and "gold=3" in repr(opts)
    assert [r["route"] for r in opts.table() if r["space"] == "f"] == ["e (coach) > f"]
    # one teleport or three gold: the same (boots, swords, damage), two options
    b = _line({"start": True}, {"coach": 1}, {}, {"coach": 2}, paths_kw={2: {"boots": 3}})
    tele = turn_options(b, "b", boots=1, gold=3, teleports=1)
    assert tele.front("d") == [Option(1, 0, 0), Option(1, 0, 0)]
    assert tele.options("d") == [Choice(1, 0, 0, 0, False, 3), Choice(1, 0, 0, 1, False, 0)]
    assert [s.path for s in tele.route("d", tele.options("d")[0])] == ["coach"]
    assert [s.path for s in tele.route("d", tele.options("d")[1])] == [1, "teleport"]
    assert [s.path for s in tele.route("d", (1, 0, 0, 1))] == [1, "teleport"]


def test_a_forest_stops_the_coach_too():
    b = _board(
        [("a", {"start": True, "coach": 0}), ("b", {"forest": True}), ("c", {"coach": 1})],
        [{"from": "a", "to": "b"}, {"from": "b", "to": "c"}],
    )
    # the exit is a coach stop: a ride there needs an artifact, and ends the walk
    assert "a" not in turn_options(b, "c", boots=3, gold=5)
    opts = turn_options(b, "c", boots=3, gold=5, can_exit=True)
    assert opts.route("a") == [Step("coach", "a", 0, 0, 1, 1)] and opts.options("a")[0].stopped
    forest = _board(
        [("a", {"start": True}), ("f", {"forest": True, "coach": 1}), ("c", {"coach": 1})],
        [{"from": "a", "to": "f"}],
    )
    assert "c" not in turn_options(forest, "a", boots=3, gold=5)  # stopped in the forest
    assert turn_options(forest, "f", boots=1, gold=5).reachable == ("f", "c")  # begun there
    into = turn_options(forest, "c", boots=3, gold=5)
    assert into.options("f") == [Choice(1, 0, 0, 0, True, 2)]  # riding into a forest stops


def test_a_teleport_after_a_ride_and_a_ride_after_a_teleport():
    b = _coach_line()
    opts = turn_options(b, "c", boots=1, gold=4, teleports=1)
    assert [s.path for s in opts.route("g")] == ["teleport", "coach"]
    assert "f" not in opts  # no boot left after a ride, no teleport after the teleport
    opts = turn_options(b, "b", boots=1, gold=3, teleports=1)
    assert [s.path for s in opts.route("f")] == ["coach", "teleport"]


def test_multi_turn_paths_ride_the_coach_within_the_gold():
    b = _coach_line()
    assert distance_table(b, ["f"]).ravel().tolist() == [5, 4, 3, 2, 1, 0, math.inf]
    assert distance_table(b, ["f"], gold=3).ravel().tolist() == [3, 2, 3, 2, 1, 0, math.inf]
    assert distance_table(b, ["f"], gold=5).ravel().tolist() == [3, 2, 3, 2, 1, 0, 2]
    assert route(b, "a", "f", gold=3) == ["a", "b", "e", "f"]
    way = journey(b, "a", "f", gold=3)
    assert way == Journey(
        ["a", "b", "e", "f"],
        [Leg(0, "b", 1, 0, 0), Leg("coach", "e", 1, 0, 3), Leg(4, "f", 1, 0, 0)],
        3,
        0,
        3,
    )
    assert way.coaches == 1 and journey(b, "a", "f").coaches == 0
    assert weighted_distance_table(b, gold=3)[0, 5] == 3.0
    with pytest.raises(ValueError, match="gold must be at least 0"):
        distance_table(b, gold=-1)
    with pytest.raises(TypeError, match="gold must be a whole number"):
        turn_options(b, "a", gold=1.5)


def test_exhausted_means_no_more_boots():
    b = _line({"start": True}, {}, {})
    assert turn_options(b, "a", boots=5, exhausted=True).reachable == ("a",)
    opts = turn_options(b, "a", boots=5, exhausted=True, teleports=1)
    assert opts.reachable == ("a", "b")


def test_default_start_is_the_board_start_and_resources_default_to_zero():
    b = _line({}, {"start": True}, {})
    opts = turn_options(b)
    assert opts.start == "b" and opts.reachable == ("b",)
    assert opts.settings["health"] == paths_module.DEFAULT_HEALTH


def test_table_repr_and_contains():
    b = _line({"start": True}, {}, {}, paths_kw={0: {"monsters": 1}})
    opts = turn_options(b, "a", boots=2, swords=1)
    rows = opts.table()
    assert rows[0] == {
        "space": "a", "name": "A", "boots": 0, "swords": 0, "damage": 0, "teleports": 0,
        "stopped": False, "gold": 0, "route": "",
    }  # fmt: skip
    assert [r["space"] for r in rows] == ["a", "b", "b", "c", "c"]
    assert rows[-1]["route"] == "b > c"
    text = repr(opts)
    assert text.startswith("<TurnOptions on board 'line' from 'a' (boots=2, swords=1")
    assert "b: 1b 0s 1d, 1b 1s 0d" in text
    assert "b" in opts and "z" not in opts


def test_game_context_gives_defaults_and_arguments_override():
    b = _line({"start": True}, {}, {}, {}, paths_kw={1: {"locked": True}})

    class FakeGame(Game):  # a Game (turn_options asks isinstance), with a board of ours
        board = b
        edition = "clank"

        def __init__(self):
            pass

        def path_context(self):
            return {"start": "b", "boots": 2, "swords": 0, "health": 10, "keys": True}

    opts = turn_options(FakeGame())
    assert opts.start == "b" and opts.reachable == ("b", "c", "d")  # a is the exit
    assert turn_options(FakeGame(), keys=False).reachable == ("b",)
    assert turn_options(FakeGame(), "a", boots=1).reachable == ("a", "b")

    class Odd(FakeGame):
        def path_context(self):
            return {"boots": 1, "coins": 3}

    with pytest.raises(TypeError, match="unknown argument.*coins"):
        turn_options(Odd())


# ---------------------------------------------------------------------------
# Distances by hand


def test_distance_table_by_hand():
    b = _board(
        [("a", {"start": True}), ("b", {}), ("c", {"crystal_cave": True}), ("d", {})],
        [
            {"from": "a", "to": "b", "boots": 2},
            {"from": "b", "to": "c"},
            {"from": "c", "to": "d", "one_way": True},
            {"from": "a", "to": "d", "locked": True, "boots": 3},
        ],
    )
    inf = math.inf
    want = [[0, 2, 3, 4], [2, 0, 1, 2], [3, 1, 0, 1], [inf, inf, inf, 0]]
    np.testing.assert_array_equal(distance_table(b), want)
    want_keys = [[0, 2, 3, 3], [2, 0, 1, 2], [3, 1, 0, 1], [3, 5, 6, 0]]
    np.testing.assert_array_equal(distance_table(b, keys=True), want_keys)
    np.testing.assert_array_equal(distance_table(b, ["d", "a"]), [[4, 0], [2, 2], [1, 3], [0, inf]])
    np.testing.assert_array_equal(distance_table(b, "a").ravel(), [0, 2, 3, inf])


def test_route_preferences():
    b = _board(
        [("a", {"start": True}), ("b", {}), ("c", {}), ("d", {})],
        [
            {"from": "a", "to": "b", "monsters": 2},
            {"from": "b", "to": "d"},
            {"from": "a", "to": "c"},
            {"from": "c", "to": "d", "boots": 2},
        ],
    )
    assert route(b, "a", "d") == ["a", "b", "d"]
    assert route(b, "a", "d", prefer="monsters") == ["a", "c", "d"]
    assert route(b, "a", "a") == ["a"]


# ---------------------------------------------------------------------------
# Errors


def test_errors_name_the_problem():
    b = _line({"start": True}, {}, board_id="tiny")
    with pytest.raises(KeyError, match="board 'tiny' has no space 'zz'"):
        turn_options(b, "zz")
    with pytest.raises(KeyError, match="board 'tiny' has no space 'q'"):
        turn_options(b, "a", boots=1).front("q")
    with pytest.raises(KeyError, match="'nowhere'"):
        distance_table(b, ["a", "nowhere"])
    with pytest.raises(KeyError, match="'x'"):
        route(b, "a", "x")
    with pytest.raises(KeyError, match="'ghost'"):
        turn_options(b, "a", lifts=[["a", "ghost"]])
    with pytest.raises(TypeError, match="space id"):
        turn_options(b, 0)
    with pytest.raises(ValueError, match="boots must be at least 0, got -1"):
        turn_options(b, "a", boots=-1)
    with pytest.raises(ValueError, match="swords must be at least 0"):
        turn_options(b, "a", swords=-2)
    with pytest.raises(ValueError, match="teleports must be at least 0"):
        turn_options(b, "a", teleports=-1)
    with pytest.raises(ValueError, match="health must be at least 1, got 0"):
        turn_options(b, "a", health=0)
    with pytest.raises(TypeError, match="boots must be a whole number"):
        turn_options(b, "a", boots=1.5)
    with pytest.raises(TypeError, match="keys must be True or False"):
        turn_options(b, "a", keys="yes")
    with pytest.raises(TypeError, match="lift group must be a list"):
        turn_options(b, "a", lifts=["a", "b"])
    with pytest.raises(TypeError, match="list of groups"):
        turn_options(b, "a", lifts="ab")
    with pytest.raises(TypeError, match="needs a Board"):
        turn_options("tiny")
    with pytest.raises(ValueError, match="prefer must be one of"):
        route(b, "a", "b", prefer="gold")
    opts = turn_options(b, "a")
    with pytest.raises(ValueError, match="'b' cannot be reached this turn from 'a'"):
        opts.route("b")
    opts = turn_options(b, "a", boots=1)
    with pytest.raises(ValueError, match="not on the front"):
        opts.route("b", (2, 0, 0))
    with pytest.raises(IndexError, match="out of range"):
        opts.route("b", 3)
    one_way = _board(
        [("a", {"start": True}), ("b", {})], [{"from": "a", "to": "b", "one_way": True}]
    )
    with pytest.raises(ValueError, match="no route from 'b' to 'a' on board 'hand'"):
        route(one_way, "b", "a")


def test_numpy_integers_are_accepted_and_huge_budgets_are_fine():
    b = _line({"start": True}, {}, {}, paths_kw={0: {"monsters": 3}})
    opts = turn_options(b, "a", boots=np.int64(10**6), swords=10**6, health=10**6, teleports=99)
    assert opts.reachable == ("a", "b", "c")
    assert opts.settings["boots"] == 10**6


def test_module_examples():
    result = doctest.testmod(paths_module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 5


def _ladder(n: int) -> Board:
    """A corridor of ``n`` spaces, each step two ways: past a monster, or 2 boots round it."""
    spaces = [{"id": f"s{i}", "x": i, "y": 0, "start": i == 0} for i in range(n)]
    ways = [
        {"from": f"s{i}", "to": f"s{i + 1}", **way}
        for i in range(n - 1)
        for way in ({"monsters": 1}, {"boots": 2})
    ]
    return Board.from_dict(
        {
            "format": "clankwidget-board", "version": 1, "id": "ladder", "title": "Ladder",
            "edition": "clank", "kind": "board", "width": n + 1, "height": 1,
            "spaces": [{"name": s["id"], **s} for s in spaces], "paths": ways,
        }
    )  # fmt: skip


def test_a_search_whose_fronts_outgrow_its_budget_is_refused(monkeypatch):
    """(Two hundred spaces of such a corridor searched with 400 swords and health ran for
    minutes in a kernel that Ctrl-C cannot stop: a front grows with swords times damage.)
    Every comparison of two labels spends one unit of a budget; a small one here keeps the
    test quick with numba off too, and a smaller question still gets its answer."""
    monkeypatch.setattr(paths_module, "MAX_FRONT_WORK", 20_000)
    board = _ladder(14)
    with pytest.raises(PathsInputError, match="more than 20,000 comparisons"):
        turn_options(board, "s0", boots=28, swords=28, health=28)
    again = turn_options(board, "s0", boots=6, swords=1, health=2)
    best = again.best("s3")  # (round two monsters, fight the third: the least damage)
    assert (best.boots, best.swords, best.damage) == (5, 1, 0)
