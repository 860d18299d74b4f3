"""Lesson 03, boots, swords and monsters: where this turn's Boots, Swords and health can
take a thief, set beside seeded random walks.

Tables of :func:`clankwidget.paths.turn_options`: :func:`fronts`,
:func:`walks_against_front`; the simulation: :func:`random_walks`; a Master Key's worth:
:func:`key_savings`, which the exercise asks about.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

import numpy as np

from .. import _args
from ..data import Board, load_board
from ..errors import LessonInputError, shown
from ._common import Table
from ._exercises import Exercise, register

__all__ = ["fronts", "key_savings", "random_walks", "walks_against_front"]


def fronts(options, spaces: Iterable[str] | None = None, *, only_choices: bool = True) -> Table:
    """The Pareto fronts of a :class:`~clankwidget.paths.TurnOptions` as a table, one row
    per option: the room's name, boots, swords, damage and the route (room names). Only
    ``spaces`` if given (in that order), else every reachable space; with ``only_choices``
    only the spaces that offer more than one option."""
    board = _options(options).board
    wanted = list(options.reachable if spaces is None else _spaces(spaces))
    by_space: dict[str, list[dict]] = {}
    for r in options.table():
        by_space.setdefault(r["space"], []).append(r)
    rows = []
    for sid in wanted:
        entries = by_space.get(sid, [])
        if only_choices and len(entries) < 2:
            continue
        for r in entries:
            route = " > ".join(board.space(x).name for x in r["route"].split(" > ") if x)
            rows.append(
                {
                    "room": r["name"],
                    "boots": r["boots"],
                    "swords": r["swords"],
                    "damage": r["damage"],
                    "route": route,
                }
            )
    return Table(rows, ["room", "boots", "swords", "damage", "route"])


def key_savings(board: Board, target: str) -> dict[str, float]:
    """Boots a Master Key saves on the walk from each space to ``target`` (``inf``-free:
    spaces that cannot reach it either way are left out)."""
    from ..paths import distance_table

    _board(board)
    without = distance_table(board, [target], keys=False)[:, 0]
    with_key = distance_table(board, [target], keys=True)[:, 0]
    out = {}
    for i, sid in enumerate(board.space_ids):
        if math.isfinite(with_key[i]):
            out[sid] = float(without[i] - with_key[i]) if math.isfinite(without[i]) else math.inf
    return out


def random_walks(
    board: Board,
    start: str,
    *,
    boots: int,
    swords: int,
    health: int,
    keys: bool = False,
    can_exit: bool = False,
    n: int = 20_000,
    seed: int,
) -> dict[str, set[tuple[int, int, int]]]:
    """Seeded random walks under one turn's movement rules: a simulation to set beside
    :func:`clankwidget.paths.turn_options`.

    Each walk starts at ``start`` and, at every step, picks uniformly among stopping and
    the legal moves: a path leaving this space that the boots left pay for (locked only
    with ``keys``; one way only its way), paying each monster with a random mix of the
    swords left and damage (damage this turn stays below ``health``). Entering a crystal
    cave (or checkpoint) or the exit ends it; the exit needs ``can_exit``. Teleports are
    not tried. Returns, per space reached, the set of (boots, swords, damage) totals seen.
    """
    _args.one_of(start, _board(board).space_ids, "start")
    boots, swords = _args.whole(boots, "boots"), _args.whole(swords, "swords")
    health = _args.whole(health, "health", least=1)
    n = _args.whole(n, "n", least=1, most=MAX_WALKS)
    rng = np.random.default_rng(_args.seed(seed))
    exits = {sid: board.exits(sid) for sid in board.space_ids}
    stops = {s.id: s.stops_movement for s in board.spaces}
    seen: dict[str, set[tuple[int, int, int]]] = {start: {(0, 0, 0)}}
    exit_id = board.start if board.kind == "board" else None
    for _ in range(n):
        here, b, s, d = start, 0, 0, 0
        while True:
            moves = []
            for p in exits[here]:
                there = p.other_end(here)
                if (p.locked and not keys) or p.water or b + p.boots > boots:
                    continue
                if there == exit_id and not can_exit:
                    continue
                # the ways to pay this path's monsters: k swords and the rest as damage
                pays = [
                    k
                    for k in range(p.monsters + 1)
                    if s + k <= swords and d + p.monsters - k <= health - 1
                ]
                moves += [(p, there, k) for k in pays]
            pick = int(rng.integers(len(moves) + 1))
            if pick == len(moves):
                break
            p, there, k = moves[pick]
            here, b, s, d = there, b + p.boots, s + k, d + p.monsters - k
            seen.setdefault(here, set()).add((b, s, d))
            if stops[here] or here == exit_id:
                break
    return seen


MAX_WALKS = 1_000_000
"""The most walks one call of :func:`random_walks` takes (each takes up to ``boots``
steps)."""


def _board(board) -> Board:
    if not isinstance(board, Board):
        raise LessonInputError(f"board must be a Board (from load_board), got {shown(board)}")
    return board


def _options(options):
    from ..paths import TurnOptions

    if not isinstance(options, TurnOptions):
        raise LessonInputError(
            f"options must be the TurnOptions of paths.turn_options, got {shown(options)}"
        )
    return options


def _spaces(spaces) -> list:
    return [_args.text(s, "each of spaces", 64) for s in _args.items(spaces, "spaces", 10_000)]


def _dominates(a: Sequence[int], b: Sequence[int]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True)) and tuple(a) != tuple(b)


def walks_against_front(options, walks: Mapping[str, set]) -> Table:
    """Per reachable space: the exact front, how many distinct costs the walks found, and
    whether any walk beat the front (it never should) or matched all of it."""
    _options(options)
    _args.mapping(walks, "walks", "space to a set of costs (from random_walks)")
    rows = []
    for sid in options.reachable:
        front = [tuple(o) for o in options.front(sid)]
        found = walks.get(sid, set())
        # a walk "beats" the front if no front option is as good on every count
        beat = any(not any(f == w or _dominates(f, w) for f in front) for w in found)
        rows.append(
            {
                "space": sid,
                "front": " | ".join(f"{b}b {s}s {d}d" for b, s, d in front),
                "walk costs seen": len(found),
                "front found": sum(1 for f in front if f in found),
                "front size": len(front),
                "walk beat front": beat,
            }
        )
    return Table(rows)


def _ex03():
    savings = key_savings(load_board("teaching-dungeon"), "hoard-lip")
    return savings["stargazer-loft"]


def _ex03_traps():
    from ..paths import distance_table

    board = load_board("teaching-dungeon")
    i = board.index("stargazer-loft")
    without = float(distance_table(board, ["hoard-lip"])[i, 0])
    with_key = float(distance_table(board, ["hoard-lip"], keys=True)[i, 0])
    return [
        (without, "That is the whole walk without a key; the question asks what the key saves."),
        (with_key, "That is the walk with the key; subtract it from the walk without one."),
    ]


EXERCISE = register(
    Exercise(
        "03",
        "How many boots does a Master Key save on the walk from the Stargazer's Loft to the "
        "Lip of the Hoard?",
        _ex03,
        "Compare distance_table(board, ['hoard-lip'], keys=True) with keys=False at the "
        "Stargazer's Loft ('stargazer-loft').",
        kind="count",
        traps=_ex03_traps,
    )
)
