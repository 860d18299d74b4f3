"""What the heuristic bots know about a board: distance tables and lookups, built once
per board and shared by every bot that plays on it.
"""

from __future__ import annotations

import weakref

from .. import paths as _paths
from .base import INF


class _BoardInfo:
    """Distance tables and lookups for one board, shared by every bot that plays on it."""

    def __init__(self, board):
        self.board = board
        self.ids = board.space_ids
        self.idx = {sid: i for i, sid in enumerate(self.ids)}
        self.exit = self.idx[board.start]
        # fewest boots from (row) to (column), without and with a Master Key
        self.dist = {k: _paths.distance_table(board, keys=k).tolist() for k in (False, True)}
        # the same, each monster icon on the way counting as two more boots
        self.careful = {
            k: _paths.weighted_distance_table(board, keys=k, monster_cost=2.0).tolist()
            for k in (False, True)
        }
        self.exits = {
            sid: tuple((path, self.idx[path.other_end(sid)]) for path in board.exits(sid))
            for sid in self.ids
        }
        self.depths = [s.depths for s in board.spaces]
        # spaces a planner may stop at on the way: (index, id, gold there, market)
        self.stops = [
            (self.idx[sp.id], sp.id, float(sp.gold), bool(sp.market))
            for sp in board.spaces
            if not sp.start
        ]
        # fewest boots from each space up out of the Depths (0 outside them)
        self.to_surface = {k: self._surface(d) for k, d in self.dist.items()}
        # coach stops (Legacy): no route spends more gold than all their fares together
        fares = [sp.coach for sp in board.spaces if sp.coach is not None]
        self.gold_cap = sum(fares) if len(fares) > 1 else 0
        self.coaches = {sp.id: sp.coach for sp in board.spaces if sp.coach is not None}
        self._ways: dict[tuple, dict] = {}
        self._plain = {
            k: {"dist": self.dist[k], "careful": self.careful[k], "to_surface": self.to_surface[k]}
            for k in (False, True)
        }
        # _next_steps' answers, by its arguments (the board never changes)
        self._steps: dict[tuple, tuple] = {}

    def _surface(self, d) -> list[float]:
        n = len(self.ids)
        return [
            min((d[i][j] for j in range(n) if not self.depths[j]), default=INF) for i in range(n)
        ]

    def ways(self, keys: bool, canoe: bool = False, gold: int = 0) -> dict:
        """The tables for a player's ways of moving: ``dist`` (fewest boots), ``careful``
        (monsters as two more boots) and ``to_surface``, with locked paths for ``keys``,
        water paths for a ``canoe`` and coach rides within ``gold``. Without a canoe or
        coach gold these are the tables above, the same lists."""
        gold = min(gold, self.gold_cap)
        if not canoe and not gold:
            return self._plain[keys]
        key = (keys, canoe, gold)
        if key not in self._ways:
            ways = dict(keys=keys, canoe=canoe, gold=gold)
            d = _paths.distance_table(self.board, **ways).tolist()
            careful = _paths.weighted_distance_table(self.board, monster_cost=2.0, **ways)
            self._ways[key] = {"dist": d, "careful": careful.tolist(),
                               "to_surface": self._surface(d)}  # fmt: skip
        return self._ways[key]


_INFO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _info(board) -> _BoardInfo:
    info = _INFO.get(board)
    if info is None:
        info = _INFO[board] = _BoardInfo(board)
    return info


def _has_key(game, p) -> bool:
    return p.owns("key") > 0


def _capacity(game, p) -> int:
    return 1 + p.owns("backpack")


def _ways(game, p) -> tuple[bool, bool, int]:
    """``(keys, canoe, gold)``: how ``p`` may move (a Master Key, a Canoe, gold for
    coach rides), the arguments of :meth:`_BoardInfo.ways`. (The key and the canoe are
    what ``p.owns`` counts, read in one pass over the tokens.)"""
    keys = canoe = False
    for t in p.tokens:
        grants = t.get("grants")
        if grants == "key":
            keys = True
        elif grants == "canoe":
            canoe = True
    return keys, canoe, p.gold


def _tables(game, p) -> dict:
    """:meth:`_BoardInfo.ways` for ``p``'s ways of moving now."""
    return _info(game.board).ways(*_ways(game, p))


def _next_steps(
    info: _BoardInfo,
    space: str,
    target: str,
    keys: bool,
    can_exit: bool,
    canoe: bool = False,
    gold: int = 0,
) -> tuple:
    """Ways out of ``space`` that start a fewest-boots route to ``target``, best first:
    ``(path, dest_id)`` pairs, fewer monsters first (a ride after the walks without
    monsters: it costs gold); ``path`` is a board path, or
    ``"coach"`` for a coach ride (its fare paid from ``gold``, the rest of the way
    within what is left). Water paths count with a ``canoe``. Worked out once per
    board and arguments (a tuple: read it, do not change it)."""
    # away from a coach stop only the tables' gold counts, which stops at the fares' sum
    key = (
        space,
        target,
        keys,
        can_exit,
        canoe,
        gold if space in info.coaches else min(gold, info.gold_cap),
    )
    steps = info._steps.get(key)
    if steps is None:
        steps = info._steps[key] = _work_out_steps(info, space, target, keys, can_exit, canoe, gold)
    return steps


def _work_out_steps(info, space, target, keys, can_exit, canoe, gold) -> tuple:
    d = info.ways(keys, canoe, gold)["dist"]
    t = info.idx[target]
    here = d[info.idx[space]][t]
    if here == INF or here == 0:
        return ()
    out = []
    for path, j in info.exits[space]:
        if (path.locked and not keys) or (path.water and not canoe):
            continue
        if j == info.exit and not (can_exit and j == t):
            continue
        if path.boots + d[j][t] == here:
            out.append((path.monsters, path.boots, path.index, path, info.ids[j]))
    if space in info.coaches:
        for stop, fare in info.coaches.items():
            fare += info.coaches[space]
            if stop == space or fare > gold:
                continue
            j = info.idx[stop]
            if j == info.exit and not (can_exit and j == t):
                continue
            if 1 + info.ways(keys, canoe, gold - fare)["dist"][j][t] == here:
                out.append((0, 99, 0, "coach", stop))  # after free walks, before monsters
    out.sort(key=lambda x: x[:3])
    return tuple((x[3], x[4]) for x in out)
