"""Paths over several turns, the part of :mod:`clankwidget.paths` that ignores what ends a
turn: fewest boots (:func:`distance_table`), a careful walker's costs
(:func:`weighted_distance_table`) and one cheapest way (:func:`route`,
:func:`journey`).

Coaches (Clank! Legacy): on a board with two coach stops or more, a ride from one stop to
any other costs 1 boot plus the gold printed on both stops. ``gold`` is what may be spent
on rides in all (the player's gold; 0 by default, so rides are only counted for a player
who can pay). Gold found on the way is not counted: a route these functions give can
always be paid. On a board without coach stops nothing here changes with ``gold``.
"""

from __future__ import annotations

import itertools
import numbers
from collections.abc import Iterable, Mapping
from typing import NamedTuple

import numpy as np

from ._paths_base import (
    MAX_TABLE_BYTES,
    _as_board,
    _check_table,
    _count,
    _flag,
    _prepared,
    _space_index,
)
from .data import Board
from .errors import shown
from .kernels import graph as _g

__all__ = [
    "Journey",
    "Leg",
    "distance_table",
    "journey",
    "route",
    "weighted_distance_table",
]


def _budget(p, gold) -> int | None:
    """Levels of gold for the layered search, or ``None`` on a board without rides (the
    plain search, unchanged)."""
    gold = _count("gold", gold)
    if len(p.coach) < 2:
        return None
    return min(gold, p.useful_gold)


def _fold(rows: np.ndarray, n: int, levels: int) -> np.ndarray:
    """Rows over (space, gold spent) nodes -> rows over spaces: the least over the levels."""
    return rows.reshape(rows.shape[0], n, levels).min(axis=2)


def distance_table(
    board: Board,
    targets: Iterable[str] | str | None = None,
    *,
    keys: bool = False,
    canoe: bool = False,
    gold: int = 0,
) -> np.ndarray:
    """Fewest boots from every space to each target, ignoring everything but paths.

    Returns a float array in ``board.space_ids`` order of shape ``(n_spaces,
    n_targets)``; with ``targets=None`` the all-pairs table, shape ``(n, n)``, row = from,
    column = to. Unreachable is ``inf``. Locked paths count only with ``keys=True``,
    water paths only with ``canoe=True``; one-way paths only their way; coach rides (1
    boot each) while their fares fit in ``gold`` in all. This is a multi-turn distance:
    crystal caves, checkpoints and forests (which end a turn's boot movement), monsters,
    health and the exit's artifact rule do not matter here.

    >>> distance_table(board, ["entrance", "vault"])  # doctest: +SKIP
    array([[0., 4.], [1., 3.], ...])
    """
    board = _as_board(board, "distance_table")
    keys = _flag("keys", keys)
    canoe = _flag("canoe", canoe)
    n = len(board.spaces)
    p = _prepared(board)
    budget = _budget(p, gold)
    if targets is None:
        _check_table(n, n, "the all-pairs distance table", "give the targets you need")
        if budget is None:
            return _g._all_pairs_boots(*p.walk(keys, canoe))
        levels = budget + 1
        _check_table(n, n * levels, "the coach distance table", "give fewer gold")
        lptr, ldst, lcost, _ = p.layers(keys, canoe, budget)
        rows = _g._boots_from_many(lptr, ldst, lcost, np.arange(n, dtype=np.int64) * levels)
        return _fold(rows, n, levels)
    if isinstance(targets, str):
        targets = [targets]
    elif type(targets) not in (list, tuple):  # the usual cases skip the ABC checks
        if isinstance(targets, (bytes, Mapping)) or not isinstance(targets, Iterable):
            raise TypeError(f"targets must be a space id or a list of them, got {shown(targets)}")
        most = MAX_TABLE_BYTES // (8 * max(n, 1))
        targets = list(itertools.islice(targets, most + 1))  # an endless iterator stops here
    if 8 * n * len(targets) > MAX_TABLE_BYTES:
        _check_table(n, len(targets), "a distance table", "give fewer targets")
    idx = np.array([_space_index(board, t, "target") for t in targets], dtype=np.int64)
    if budget is None:
        rows = _g._boots_from_many(*p.walk(keys, canoe, reverse=True), idx)
    else:
        # a ride costs the same either way: from each target back over the turned edges
        levels = budget + 1
        _check_table(n * levels, len(targets), "a coach distance table", "give fewer gold")
        lptr, ldst, lcost, _ = p.layers(keys, canoe, budget, reverse=True)
        rows = _fold(_g._boots_from_many(lptr, ldst, lcost, idx * levels), n, levels)
    return np.ascontiguousarray(rows.T)


#: the largest ``monster_cost`` :func:`weighted_distance_table` takes (boots a monster
#: counts as: a few in play; past this a number is a mistake)
MAX_MONSTER_COST = 1_000


def weighted_distance_table(
    board: Board,
    *,
    keys: bool = False,
    canoe: bool = False,
    monster_cost: float = 2.0,
    gold: int = 0,
) -> np.ndarray:
    """All-pairs cheapest cost where each path costs its boots plus ``monster_cost`` per
    monster icon on it: a careful walker's distances (the planner bot measures detours
    with them). A float array ``(n, n)`` in ``board.space_ids`` order, row = from,
    column = to, ``inf`` when unreachable; locked paths count only with ``keys``, water
    paths only with ``canoe``, coach rides (1 each, no monsters) while their fares fit in
    ``gold``. ``monster_cost=0`` gives :func:`distance_table`'s boots.
    """
    board = _as_board(board, "weighted_distance_table")
    keys = _flag("keys", keys)
    canoe = _flag("canoe", canoe)
    if isinstance(monster_cost, bool) or not isinstance(monster_cost, numbers.Real):
        raise TypeError(f"monster_cost must be a number, got {shown(monster_cost)}")
    if not 0 <= monster_cost <= MAX_MONSTER_COST:  # (nan too)
        raise ValueError(
            f"monster_cost must be from 0 to {MAX_MONSTER_COST:,}, got {shown(monster_cost)}"
        )
    n = len(board.spaces)
    _check_table(n, n, "the all-pairs distance table", "use distance_table with targets")
    p = _prepared(board)
    budget = _budget(p, gold)
    if budget is None:
        w = np.full((n, n), np.inf)
        np.fill_diagonal(w, 0.0)
        for path in board.paths:
            if (path.locked and not keys) or (path.water and not canoe):
                continue
            cost = path.boots + monster_cost * path.monsters
            i, j = board.index(path.a), board.index(path.b)
            w[i, j] = min(w[i, j], cost)
            if not path.one_way:
                w[j, i] = min(w[j, i], cost)
    else:  # over (space, gold spent) nodes, folded at the end
        levels = budget + 1
        size = n * levels
        _check_table(size, size, "the coach distance table", "give fewer gold")
        lptr, ldst, _, ledge = p.layers(keys, canoe, budget)
        lsrc = np.repeat(np.arange(size), np.diff(lptr))
        walked = ledge >= 0
        cost = np.ones(len(ldst))
        e = ledge[walked]
        cost[walked] = p.cost[e] + monster_cost * p.monsters[e]
        w = np.full((size, size), np.inf)
        np.fill_diagonal(w, 0.0)
        np.minimum.at(w, (lsrc, ldst), cost)
    for k in range(len(w)):  # Floyd-Warshall, one row and column at a time
        np.minimum(w, w[:, k : k + 1] + w[k : k + 1, :], out=w)
    if budget is None:
        return w
    return w[:: budget + 1].reshape(n, n, budget + 1).min(axis=2)


_PREFER = {
    "boots": "fewest boots, then fewest monsters",
    "monsters": "fewest monsters, then fewest boots",
}


class Leg(NamedTuple):
    """One leg of a :class:`Journey`: ``path`` is the index of the path walked (into
    ``board.paths``) or ``"coach"`` for a ride; ``space`` the id of the space entered;
    ``boots``, ``monsters`` and ``gold`` what the leg costs."""

    path: int | str
    space: str
    boots: int
    monsters: int
    gold: int


class Journey(NamedTuple):
    """One cheapest way from a space to another over several turns (:func:`journey`):
    ``spaces`` (both ends included), ``legs``, and its totals ``boots``, ``monsters`` and
    ``gold`` (the fares of its coach rides)."""

    spaces: list[str]
    legs: list[Leg]
    boots: int
    monsters: int
    gold: int

    @property
    def coaches(self) -> int:
        """How many coach rides it takes."""
        return sum(1 for leg in self.legs if leg.path == "coach")


def journey(
    board: Board,
    start: str,
    target: str,
    *,
    keys: bool = False,
    canoe: bool = False,
    gold: int = 0,
    prefer: str = "boots",
) -> Journey:
    """One cheapest way from ``start`` to ``target``, leg by leg, with what it costs.

    ``prefer="boots"``: fewest boots, ties broken by fewest monster icons;
    ``prefer="monsters"``: fewest monster icons, then fewest boots; then the least gold
    spent on coach rides. Remaining ties go to the lower-numbered space and path. Like
    :func:`distance_table` this ignores caves, health and the exit rule; locked paths need
    ``keys``, water paths ``canoe``, coach rides their fares within ``gold``. Raises
    ``ValueError`` if there is no way.

    >>> journey(board, "entrance", "vault", keys=True)  # doctest: +SKIP
    Journey(spaces=['entrance', 'hall', 'vault'], legs=[...], boots=3, monsters=0, gold=0)
    """
    board = _as_board(board, "journey")
    s = _space_index(board, start, "start")
    t = _space_index(board, target, "target")
    keys = _flag("keys", keys)
    canoe = _flag("canoe", canoe)
    if prefer not in _PREFER:
        raise ValueError(f"prefer must be one of {', '.join(map(repr, _PREFER))}, got {prefer!r}")
    p = _prepared(board)
    budget = _budget(p, gold)
    # Lexicographic weights: the secondary total along any simple route is < big.
    big = 3 * max(p.n, 1) + 1
    if prefer == "boots":
        weight, ride = p.cost * big + p.monsters, big
    else:
        weight, ride = p.monsters * big + p.cost, 1
    if budget is None:
        dist, pred = _g._dijkstra_pred(p.indptr, p.dst, weight, p.usable(keys, canoe), s)
        levels, last, edge = 1, t, np.arange(len(p.dst))
        node_of = board.arrays.src
    else:
        levels = budget + 1
        lptr, ldst, lw, edge = _g._coach_layers(
            p.indptr, p.dst, weight, p.usable(keys, canoe), p.fare, p.coach, ride, budget
        )
        dist, pred = _g._dijkstra_pred(lptr, ldst, lw, np.ones(len(ldst), np.bool_), s * levels)
        node_of = np.repeat(np.arange(len(lptr) - 1), np.diff(lptr))
        here = dist[t * levels : (t + 1) * levels]
        spent = [g for g in range(levels) if here[g] >= 0]
        last = t * levels + min(spent, key=lambda g: (here[g], g)) if spent else t * levels
    if dist[last] < 0:
        lock = "" if keys else " without keys"
        raise ValueError(f"no route from {start!r} to {target!r} on board {board.id!r}{lock}")
    ids = board.space_ids
    a = board.arrays
    legs = []
    node = last
    while node != s * levels:
        e = int(pred[node])
        v = node // levels
        if edge[e] >= 0:
            k = int(edge[e])
            legs.append(Leg(int(a.path[k]), ids[v], int(a.boots[k]), int(a.monsters[k]), 0))
        else:
            u = int(node_of[e]) // levels
            legs.append(Leg("coach", ids[v], 1, 0, int(p.fare[u] + p.fare[v])))
        node = int(node_of[e])
    legs.reverse()
    return Journey(
        [ids[s]] + [leg.space for leg in legs],
        legs,
        sum(leg.boots for leg in legs),
        sum(leg.monsters for leg in legs),
        sum(leg.gold for leg in legs),
    )


def route(
    board: Board,
    start: str,
    target: str,
    *,
    keys: bool = False,
    canoe: bool = False,
    gold: int = 0,
    prefer: str = "boots",
) -> list[str]:
    """One cheapest route from ``start`` to ``target``: the list of space ids, both ends
    included (``[start]`` when they are the same).

    ``prefer="boots"``: fewest boots, ties broken by fewest monster icons;
    ``prefer="monsters"``: fewest monster icons, then fewest boots. Remaining ties go to
    the lower-numbered space and path. Like :func:`distance_table` this ignores caves,
    health and the exit rule; locked paths need ``keys``, water paths ``canoe``, coach
    rides their fares within ``gold`` (two coach stops in a row, not joined by a path;
    :func:`journey` says which legs are rides and what they cost). Raises ``ValueError``
    if no route exists.

    >>> route(board, "entrance", "vault", keys=True)  # doctest: +SKIP
    ['entrance', 'hall', 'vault']
    """
    board = _as_board(board, "route")
    return journey(board, start, target, keys=keys, canoe=canoe, gold=gold, prefer=prefer).spaces
