"""Plain-Python twins of the path kernels, written to be obviously right, not fast.

They read the board through :class:`~clankwidget.data.Board` objects (``board.paths``,
``Path_.leaves``, ``board.adjacent``), never through ``board.arrays``, so a mistake in the
CSR arrays or in the kernels cannot hide in both. Also here: a rule-by-rule replay of a
route (to check that every route the kernels give is legal and costs what they say), and
a generator of random boards shared by the tests and the benchmark.
"""

from __future__ import annotations

import heapq
import math
import random

from clankwidget.data import Board

# ---------------------------------------------------------------------------
# Fewest boots (multi-turn)


def _walkable(board: Board, keys: bool, canoe: bool):
    """Every (from, to, path) that may be walked, as space ids."""
    for p in board.paths:
        if p.locked and not keys:
            continue
        if p.water and not canoe:
            continue
        yield p.a, p.b, p
        if not p.one_way:
            yield p.b, p.a, p


def coach_fares(board: Board) -> dict:
    """{space id: gold printed on it} for the board's coach stops (Legacy)."""
    return {sp.id: sp.coach for sp in board.spaces if sp.coach is not None}


def _rides(board: Board, space: str):
    """Every coach ride from ``space``: (stop, fare)."""
    fares = coach_fares(board)
    if space not in fares:
        return
    for stop, fare in fares.items():
        if stop != space:
            yield stop, fares[space] + fare


def naive_lexi_distances(
    board: Board, source: str, weight, *, keys=False, canoe=False, gold=0, ride=None
) -> dict:
    """Dijkstra with heapq from ``source``; ``weight(path)`` gives a number or a tuple,
    ``ride`` the weight of a coach ride (default 1 boot: ``weight`` of a 1-boot path
    without monsters is not known here, so give it for tuples). Rides are taken while
    their fares fit in ``gold`` in all: the search is over (space, gold spent).

    Returns {space id: least total weight} for the spaces reachable.
    """
    out_edges: dict[str, list] = {s: [] for s in board.space_ids}
    for a, b, p in _walkable(board, keys, canoe):
        out_edges[a].append((b, p))
    ride = 1 if ride is None else ride
    zero = weight(board.paths[0]) if board.paths else ride
    zero = tuple(0 for _ in zero) if isinstance(zero, tuple) else 0
    best = {(source, 0): zero}
    heap = [(zero, source, 0)]
    done = set()
    while heap:
        d, u, g = heapq.heappop(heap)
        if (u, g) in done:
            continue
        done.add((u, g))
        moves = [(v, g, weight(p)) for v, p in out_edges[u]]
        moves += [(v, g + fare, ride) for v, fare in _rides(board, u) if g + fare <= gold]
        for v, ng, w in moves:
            nd = tuple(x + y for x, y in zip(d, w)) if isinstance(d, tuple) else d + w
            if (v, ng) not in best or nd < best[(v, ng)]:
                best[(v, ng)] = nd
                heapq.heappush(heap, (nd, v, ng))
    out: dict = {}
    for (v, _g), d in best.items():
        if v not in out or d < out[v]:
            out[v] = d
    return out


def naive_distance_table(board: Board, targets=None, *, keys=False, canoe=False, gold=0) -> list:
    """Fewest boots from every space (rows) to every target (columns), ``math.inf`` if none;
    coach rides (1 boot) while their fares fit in ``gold``."""
    ids = board.space_ids
    targets = list(ids) if targets is None else list(targets)
    table = []
    for s in ids:
        d = naive_lexi_distances(board, s, lambda p: p.boots, keys=keys, canoe=canoe, gold=gold)
        table.append([float(d.get(t, math.inf)) for t in targets])
    return table


def route_cost(board: Board, spaces: list, weight, *, keys=False, canoe=False):
    """Total weight of a route given as space ids, taking the best usable path per step.

    Raises ``AssertionError`` if two consecutive spaces are not joined by a usable path.
    """
    total = None
    for a, b in zip(spaces, spaces[1:]):
        options = [weight(p) for x, y, p in _walkable(board, keys, canoe) if (x, y) == (a, b)]
        assert options, f"no usable path from {a} to {b}"
        w = min(options)
        if total is None:
            total = w
        else:
            total = tuple(x + y for x, y in zip(total, w)) if isinstance(w, tuple) else total + w
    return total


def journey_cost(board: Board, start: str, legs, weight, ride, *, keys=False, canoe=False):
    """Replay the legs of a :class:`~clankwidget.paths.Journey` from ``start`` by the rules
    and total their weight (``weight(path)``, ``ride`` for a coach ride); returns
    ``(total weight, boots, monsters, gold)``.

    Raises ``AssertionError`` naming the first leg that is not a usable path or a ride
    between two coach stops at their fare.
    """
    fares = coach_fares(board)
    here, total, boots, monsters, gold = start, None, 0, 0, 0
    for n, leg in enumerate(legs):
        if leg.path == "coach":
            assert here in fares and leg.space in fares and here != leg.space, f"leg {n}"
            assert leg.gold == fares[here] + fares[leg.space], f"leg {n}: fare {leg.gold}"
            w, b, m = ride, 1, 0
        else:
            p = board.paths[leg.path]
            assert p.leaves(here) and p.other_end(here) == leg.space, f"leg {n}: not a path"
            assert (keys or not p.locked) and (canoe or not p.water), f"leg {n}: not usable"
            assert leg.gold == 0
            w, b, m = weight(p), p.boots, p.monsters
        assert (leg.boots, leg.monsters) == (b, m), f"leg {n}: costs {leg}"
        if total is None:
            total = w
        else:
            total = tuple(x + y for x, y in zip(total, w)) if isinstance(w, tuple) else total + w
        boots, monsters, gold = boots + b, monsters + m, gold + leg.gold
        here = leg.space
    return total, boots, monsters, gold


# ---------------------------------------------------------------------------
# One turn


def _moves(board: Board, state, rules):
    """Every state one move away. A state is
    (space, boots, swords, damage, teleports, stopped, done, gold)."""
    space, b, s, d, t, stopped, done, g = state
    if done:
        return
    exits = rules["exits"]

    def barred(v):
        return v in rules["closed"] or (v in exits and not rules["can_exit"])

    def entering(v, stopped_after):
        if v in exits:
            return True, True  # entering the exit ends everything
        return stopped_after or v in rules["stops"], False

    # walking
    if not stopped:
        for p in board.exits(space):
            if p.locked and not rules["keys"]:
                continue
            if p.water and not rules["canoe"]:
                continue
            v = p.other_end(space)
            if barred(v):
                continue
            if b + p.boots > rules["boots"]:
                continue
            now_stopped, now_done = entering(v, False)
            for paid in range(p.monsters + 1):
                hurt = p.monsters - paid
                if s + paid > rules["swords"] or d + hurt > rules["health"] - 1:
                    continue
                yield (
                    (v, b + p.boots, s + paid, d + hurt, t, now_stopped, now_done, g),
                    (p.index, paid),
                )
        # a coach ride: boot movement, 1 boot and the fares of both stops
        for v, fare in _rides(board, space):
            if barred(v) or b + 1 > rules["boots"] or g + fare > rules["gold"]:
                continue
            now_stopped, now_done = entering(v, False)
            yield (v, b + 1, s, d, t, now_stopped, now_done, g + fare), ("coach", 0)
    # teleporting
    if t < rules["teleports"]:
        for v in board.adjacent(space):
            if barred(v):
                continue
            now_stopped, now_done = entering(v, stopped)
            yield (v, b, s, d, t + 1, now_stopped, now_done, g), ("teleport", 0)
    # lifts
    for group in rules["lifts"]:
        if space in group:
            for v in group:
                if v == space or barred(v):
                    continue
                _, now_done = entering(v, True)
                yield (v, b, s, d, t, True, now_done, g), ("lift", 0)


def _rules(
    board,
    boots,
    swords,
    health,
    *,
    keys=False,
    teleports=0,
    can_exit=False,
    exhausted=False,
    canoe=False,
    lifts=(),
    exits=None,
    closed=(),
    stops=None,
    gold=0,
) -> dict:
    """The turn's budgets and movement rules, with turn_options' defaults: the start
    space the only exit, the board's caves, checkpoints and forests the stops."""
    if exits is None:
        exits = [sp.id for sp in board.spaces if sp.start]
    if stops is None:
        stops = [sp.id for sp in board.spaces if sp.stops_movement]
    return dict(
        stops=set(stops),
        exits=set(exits),
        closed=set(closed),
        boots=boots,
        swords=swords,
        health=health,
        keys=keys,
        teleports=teleports,
        can_exit=can_exit,
        exhausted=exhausted,
        canoe=canoe,
        lifts=[list(g) for g in lifts],
        gold=gold,
    )


def naive_turn_front(board: Board, start: str, boots: int, swords: int, health: int, **rules):
    """Search every state reachable this turn, then keep each space's Pareto front.

    ``rules``: the keyword arguments of ``turn_options`` (keys, teleports, can_exit,
    exhausted, canoe, lifts, exits, closed, stops, gold); the board's coach stops are
    ridden. Returns {space id: sorted list of (boots, swords, damage, teleports, stopped,
    gold)} (a ``Choice``'s order) where (boots, swords, damage, teleports, gold) is not
    beaten on all five counts by another reachable state on that space, and ``stopped``
    is true only if every way to reach that point leaves the player unable to spend
    boots.
    """
    rules = _rules(board, boots, swords, health, **rules)
    first = (start, 0, 0, 0, 0, rules["exhausted"], False, 0)
    seen = {first}
    todo = [first]
    while todo:
        state = todo.pop()
        for nxt, _ in _moves(board, state, rules):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    points: dict[str, dict[tuple, bool]] = {}
    for space, b, s, d, t, stopped, done, g in seen:
        here = points.setdefault(space, {})
        key = (b, s, d, t, g)
        here[key] = here.get(key, True) and (stopped or done)
    front = {}
    for space, here in points.items():
        keep = []
        for p, stopped in here.items():
            beaten = any(q != p and all(x <= y for x, y in zip(q, p)) for q in here)
            if not beaten:
                keep.append((*p[:4], stopped, p[4]))
        front[space] = sorted(keep)
    return front


def naive_replay(board: Board, start: str, steps, boots: int, swords: int, health: int, **rules):
    """Play ``steps`` [(path index or "teleport"/"lift"/"coach", space id, swords paid),
    ...] by the rules (as for :func:`naive_turn_front`); return the final
    (space, boots, swords, damage, teleports, stopped, gold).

    Raises ``AssertionError`` naming the first illegal step.
    """
    rules = _rules(board, boots, swords, health, **rules)
    state = (start, 0, 0, 0, 0, rules["exhausted"], False, 0)
    for n, (path, space, paid) in enumerate(steps):
        legal = {(nxt, how) for nxt, how in _moves(board, state, rules)}
        match = [nxt for nxt, how in legal if nxt[0] == space and how == (path, paid)]
        assert match, f"step {n} {(path, space, paid)} is illegal from {state}"
        state = match[0]
    space, b, s, d, t, stopped, done, g = state
    return space, b, s, d, t, stopped or done, g


# ---------------------------------------------------------------------------
# Random boards


def board_doc(
    n: int,
    paths: list[dict],
    *,
    start: int = 0,
    stops: dict[int, str] | None = None,
    coaches: dict[int, int] | None = None,
    board_id: str = "random",
) -> dict:
    """A board document with spaces s0..s{n-1}; ``stops`` maps an index to
    "crystal_cave", "checkpoint" or "forest", ``coaches`` an index to its coach fare."""
    spaces = []
    for i in range(n):
        sp = {"id": f"s{i}", "name": f"Space {i}", "x": float(i), "y": float(i % 3)}
        if i == start:
            sp["start"] = True
        if stops and i in stops:
            sp[stops[i]] = True
        if coaches and i in coaches:
            sp["coach"] = coaches[i]
        spaces.append(sp)
    return {
        "format": "clankwidget-board",
        "version": 1,
        "id": board_id,
        "title": f"Random board {board_id}",
        "edition": "clank",
        "spaces": spaces,
        "paths": paths,
    }


def generated_board(n: int = 120, seed: int = 0, *, locked=0.05, one_way=0.05, water=0.0):
    """A connected, roughly planar dungeon of ``n`` spaces (about 1.5 paths per space).

    Spaces are random points; each joins its nearest neighbours, and a chain through
    the points sorted by x keeps everything connected. Boots 1 (70%), 2 (25%), 3 (5%);
    monsters 0 (70%) to 3; about 7% of spaces are crystal caves.
    """
    rng = random.Random(seed)
    pts = [(rng.random(), rng.random()) for _ in range(n)]
    pairs = set()
    order = sorted(range(n), key=lambda i: pts[i])
    for a, b in zip(order, order[1:]):
        pairs.add((min(a, b), max(a, b)))
    for i in range(n):
        near = sorted(
            range(n), key=lambda j: (pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2
        )
        for j in near[1:3]:
            pairs.add((min(i, j), max(i, j)))
    paths = []
    for a, b in sorted(pairs):
        if rng.random() < 0.5:
            a, b = b, a
        p = {
            "from": f"s{a}",
            "to": f"s{b}",
            "boots": rng.choices([1, 2, 3], [70, 25, 5])[0],
            "monsters": rng.choices([0, 1, 2, 3], [70, 18, 9, 3])[0],
        }
        if rng.random() < locked:
            p["locked"] = True
        if rng.random() < one_way:
            p["one_way"] = True
        if rng.random() < water:
            p["water"] = True
        paths.append(p)
    stops = {i: "crystal_cave" for i in rng.sample(range(1, n), max(1, n // 14))}
    doc = board_doc(n, paths, start=0, stops=stops, board_id=f"generated-{n}-{seed}")
    return Board.from_dict(doc, source=f"<generated_board({n}, {seed})>")
