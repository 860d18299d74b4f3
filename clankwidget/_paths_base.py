"""The parts of :mod:`clankwidget.paths` that every search shares: a board's arrays for
the kernels (built once per board) and the checks of the public functions' arguments."""

from __future__ import annotations

import numbers
import weakref
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from .data import Board
from .errors import PathsInputError, at_most, shown
from .kernels import graph as _g

# ---------------------------------------------------------------------------
# Per-board arrays that do not depend on the player


class _Prepared:
    """A board's arrays for path search, built once per board (weakly cached)."""

    def __init__(self, board: Board):
        a = board.arrays
        n = len(board.spaces)
        self.n = n
        self.arrays = a
        self.indptr = a.indptr
        self.dst = a.dst
        self.cost = a.boots
        self.monsters = a.monsters
        self.stop = a.stop
        self._usable: dict[tuple[bool, bool], np.ndarray] = {}
        # teleport targets: spaces joined by any path, either way, each once
        u = np.concatenate([a.src, a.dst])
        v = np.concatenate([a.dst, a.src])
        pairs = np.unique(u * max(n, 1) + v)
        tu, tv = pairs // max(n, 1), pairs % max(n, 1)
        self.tp_indptr = np.zeros(n + 1, np.int64)
        np.cumsum(np.bincount(tu, minlength=n), out=self.tp_indptr[1:])
        self.tp_dst = tv.astype(np.int64)
        # reverse CSR, for distances *to* targets
        order = np.argsort(a.dst, kind="stable")
        self.rev_order = order
        self.rev_dst = a.src[order]
        self.rev_cost = a.boots[order]
        self.rev_indptr = np.zeros(n + 1, np.int64)
        np.cumsum(np.bincount(a.dst, minlength=n), out=self.rev_indptr[1:])
        self._walk: dict[tuple[bool, bool, bool], tuple] = {}
        self.max_monsters = int(a.monsters.max()) if len(a.monsters) else 0
        self.max_boots = int(a.boots.max()) if len(a.boots) else 1
        #: most monsters a route meets per boot it walks (each path's monsters over its
        #: boots, rounded up), or ``None`` if a path with monsters costs no boots: a
        #: turn's search never spends more swords or damage than this times its boots
        #: (teleports, lifts and coach rides meet none)
        self.monsters_per_boot: int | None = 0
        for m, b in zip(a.monsters.tolist(), a.boots.tolist(), strict=True):
            if m and self.monsters_per_boot is not None:
                self.monsters_per_boot = None if b <= 0 else max(self.monsters_per_boot, -(-m // b))
        self.no_lifts = (np.zeros(n + 1, np.int64), np.zeros(0, np.int64))
        #: lift groups (tuples of space ids) -> their CSR arrays, see _lift_csr
        self.lifts: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}
        #: (exits, closed, can_exit) -> the gate array, see _gate
        self.gates: dict[tuple, np.ndarray] = {}
        #: the board's own exits (its start space) and the spaces that stop boots
        self.start_ids = tuple(sp.id for sp in board.spaces if sp.start)
        self.stop_ids = tuple(sp.id for sp in board.spaces if sp.stops_movement)
        # coach stops (Legacy): their indices, and the gold printed on each space (-1
        # where there is no stop); a board without stops gets empty arrays
        self.fare = np.array(
            [-1 if sp.coach is None else sp.coach for sp in board.spaces], dtype=np.int64
        )
        self.coach = np.flatnonzero(self.fare >= 0).astype(np.int64)
        for x in (self.fare, self.coach):
            x.setflags(write=False)
        fares = sorted(self.fare[self.coach].tolist(), reverse=True)
        #: most gold a fewest-boots route can spend on rides: it visits each stop at most
        #: once, so it rides at most len(stops) // 2 times, on the dearest stops at most
        self.useful_gold = int(sum(fares[: 2 * (len(fares) // 2)]))
        self._layers: dict[tuple, tuple] = {}
        #: the resolved arguments of a turn's search -> its (labels, order, bounds), see
        #: :func:`clankwidget.paths.turn_options`
        self.fronts: dict[tuple, tuple] = {}
        # turn_options' plain arguments -> (start index, settings, front key), once checked
        self.resolved: dict[tuple, tuple] = {}

    def layers(self, keys: bool, canoe: bool, gold: int, reverse: bool = False) -> tuple:
        """The usable edges with coach rides within ``gold`` (at most :attr:`useful_gold`),
        as the CSR of :func:`~clankwidget.kernels.graph._coach_layers` over (space, gold
        spent) nodes, ``(indptr, dst, boots, edge)``; ``reverse=True`` for distances *to*
        a space."""
        key = (keys, canoe, gold, reverse)
        if key not in self._layers:
            if reverse:
                ok = self.usable(keys, canoe)[self.rev_order]
                csr = (self.rev_indptr, self.rev_dst, self.rev_cost, ok)
            else:
                csr = (self.indptr, self.dst, self.cost, self.usable(keys, canoe))
            out = _g._coach_layers(*csr, self.fare, self.coach, 1, gold)
            for x in out:
                x.setflags(write=False)
            self._layers[key] = out
        return self._layers[key]

    def usable(self, keys: bool, canoe: bool) -> np.ndarray:
        key = (keys, canoe)
        if key not in self._usable:
            ok = np.ones(len(self.dst), np.bool_)
            if not keys:
                ok &= ~self.arrays.locked
            if not canoe:
                ok &= ~self.arrays.water
            ok.setflags(write=False)
            self._usable[key] = ok
        return self._usable[key]

    def walk(self, keys: bool, canoe: bool, reverse: bool = False) -> tuple:
        """The usable edges as a compact CSR ``(indptr, dst, boots)``; ``reverse=True``
        turns every edge around (for distances *to* a space)."""
        key = (keys, canoe, reverse)
        if key not in self._walk:
            if reverse:
                ok = self.usable(keys, canoe)[self.rev_order]
                csr = _g._usable_csr(self.rev_indptr, self.rev_dst, self.rev_cost, ok)
            else:
                csr = _g._usable_csr(self.indptr, self.dst, self.cost, self.usable(keys, canoe))
            for x in csr:
                x.setflags(write=False)
            self._walk[key] = csr
        return self._walk[key]


_PREPARED: weakref.WeakKeyDictionary[Board, _Prepared] = weakref.WeakKeyDictionary()


def _prepared(board: Board) -> _Prepared:
    p = _PREPARED.get(board)
    if p is None:
        p = _PREPARED[board] = _Prepared(board)
    return p


# ---------------------------------------------------------------------------
# Argument checks


def _as_board(obj: Any, func: str) -> Board:
    if isinstance(obj, Board):
        return obj
    board = getattr(obj, "board", None)
    if isinstance(board, Board):
        return board
    raise TypeError(f"{func}() needs a Board (or a game with .board), got {type(obj).__name__}")


def _is_game(obj: Any) -> bool:
    from .game import Game  # here, not at the top: game imports the rules, paths does not

    return isinstance(obj, Game)


def _space_index(board: Board, space_id: Any, what: str = "space") -> int:
    if not isinstance(space_id, str):
        raise TypeError(
            f"{what} must be a space id (a string such as {board.space_ids[0]!r}), "
            f"got {shown(space_id)}"
        )
    if space_id not in board:
        ids = board.space_ids
        listed = ", ".join(ids[:12]) + (f", ... ({len(ids)} in all)" if len(ids) > 12 else "")
        raise KeyError(
            f"{what}: board {board.id!r} has no space {shown(space_id)} (its spaces: {listed})"
        )
    return board.index(space_id)


def _count(name: str, value: Any, least: int = 0) -> int:
    if type(value) is not int and (
        isinstance(value, bool) or not isinstance(value, numbers.Integral)
    ):
        raise TypeError(f"{name} must be a whole number, got {shown(value)}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, got {shown(value)}")
    return int(value)


MAX_TABLE_BYTES = 1 << 30
"""Largest distance table :func:`distance_table` makes (1 GiB: all pairs of about 11,000
spaces); a larger one is refused at once with :class:`PathsInputError`."""


def _check_table(rows: int, cols: int, what: str, advice: str) -> None:
    need = 8 * rows * cols
    if need > MAX_TABLE_BYTES:
        raise PathsInputError(
            f"{what} would take {need / 2**30:,.1f} GiB or more ({rows:,} spaces), more "
            f"than the {MAX_TABLE_BYTES / 2**30:g} GiB limit; {advice}"
        )


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {shown(value)}")
    return bool(value)


def _lift_groups(board: Board, lifts: Any) -> tuple[tuple[str, ...], ...]:
    # (a tuple, as every turn_options() call without lifts passes, is iterable: the ABC
    # checks are skipped for it, as for the ids of _space_set)
    if type(lifts) is not tuple and (
        isinstance(lifts, (str, bytes)) or not isinstance(lifts, Iterable)
    ):
        raise TypeError(f"lifts must be a list of groups of space ids, got {shown(lifts)}")
    groups = []
    most = len(board.spaces) * 4 + 16  # (names of the board's spaces, repeats and all)
    for group in at_most(lifts, most, "lifts"):
        if type(group) is not tuple and (
            isinstance(group, (str, bytes)) or not isinstance(group, Iterable)
        ):
            raise TypeError(
                f"each lift group must be a list of space ids, got {shown(group)} "
                "(write lifts=[['a', 'b']] for one group)"
            )
        members = tuple(dict.fromkeys(at_most(group, most, "a lift group")))
        for sid in members:
            _space_index(board, sid, "a lift space")
        groups.append(members)
    return tuple(groups)


def _space_set(board: Board, name: str, ids: Any) -> tuple[str, ...]:
    if type(ids) is not tuple and (isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable)):
        raise TypeError(f"{name} must be a list of space ids, got {shown(ids)}")
    members = tuple(dict.fromkeys(at_most(ids, len(board.spaces) * 4 + 16, name)))  # (as lifts)
    for sid in members:
        _space_index(board, sid, f"a space in {name}")
    return members


def _gate(board: Board, exits: Sequence[str], closed: Sequence[str], can_exit: bool):
    """What entering each space does, for the kernel: open, exit (ends the walk; closed
    without ``can_exit``) or closed. The same few gates come back turn after turn: each
    is built once per board (the kernel only reads it)."""
    kept = _prepared(board).gates
    key = (tuple(exits), tuple(closed), can_exit)
    gate = kept.get(key)
    if gate is None:
        gate = np.full(len(board.spaces), _g._OPEN, np.int8)
        for sid in exits:
            gate[board.index(sid)] = _g._EXIT if can_exit else _g._CLOSED
        for sid in closed:
            gate[board.index(sid)] = _g._CLOSED
        if len(kept) > 32:
            kept.clear()
        kept[key] = gate
    return gate


def _lift_csr(board: Board, groups: Sequence[Sequence[str]]) -> tuple[np.ndarray, np.ndarray]:
    if not groups:
        return _prepared(board).no_lifts
    # a ship's lifts are the same groups turn after turn: built once per board and groups
    kept = _prepared(board).lifts
    key = tuple(map(tuple, groups))
    if key not in kept:
        if len(kept) > 32:
            kept.clear()
        kept[key] = _build_lift_csr(board, key)
    return kept[key]


def _build_lift_csr(board: Board, groups) -> tuple[np.ndarray, np.ndarray]:
    n = len(board.spaces)
    targets: list[set[int]] = [set() for _ in range(n)]
    for group in groups:
        idx = [board.index(s) for s in group]
        for i in idx:
            targets[i].update(j for j in idx if j != i)
    indptr = np.zeros(n + 1, np.int64)
    np.cumsum([len(t) for t in targets], out=indptr[1:])
    dst = np.array([j for t in targets for j in sorted(t)], dtype=np.int64)
    return indptr, dst
