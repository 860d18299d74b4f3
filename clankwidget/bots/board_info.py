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
        self.to_surface = {
            k: [
                min((d[i][j] for j in range(len(self.ids)) if not self.depths[j]), default=INF)
                for i in range(len(self.ids))
            ]
            for k, d in self.dist.items()
        }


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


def _next_steps(info: _BoardInfo, space: str, target: str, keys: bool, can_exit: bool):
    """Paths out of ``space`` that start a fewest-boots route to ``target``, best first:
    ``(path, dest_id)`` pairs, fewer monsters first."""
    d = info.dist[keys]
    t = info.idx[target]
    here = d[info.idx[space]][t]
    if here == INF or here == 0:
        return []
    out = []
    for path, j in info.exits[space]:
        if path.locked and not keys:
            continue
        if j == info.exit and not (can_exit and j == t):
            continue
        if path.boots + d[j][t] == here:
            out.append((path.monsters, path.boots, path.index, path, info.ids[j]))
    out.sort(key=lambda x: x[:3])
    return [(x[3], x[4]) for x in out]
