"""Where can a player go? Path search over a board, for play, bots and lessons.

Three questions, three functions:

* :func:`turn_options` -- *this turn*: every space the player can reach with the boots,
  swords, health, keys and teleports they have now, each with its Pareto front of
  (boots, swords, damage) and a route for every option, ready to become engine actions.
* :func:`distance_table` -- *over several turns*: fewest boots from every space to some
  targets (or between all pairs). Crystal caves and other stopping spaces are ignored
  here: they end a turn's boot movement, not the journey.
* :func:`route` -- one cheapest route (list of space ids) under a stated trade-off.

A small board, built in code::

    >>> from clankwidget.data import Board
    >>> doc = {
    ...     "format": "clankwidget-board", "version": 1, "id": "demo", "title": "Demo",
    ...     "edition": "clank",
    ...     "spaces": [
    ...         {"id": "entrance", "name": "Entrance", "x": 0, "y": 0, "start": True},
    ...         {"id": "hall", "name": "Hall", "x": 1, "y": 0},
    ...         {"id": "cave", "name": "Crystal Cave", "x": 2, "y": 0, "crystal_cave": True},
    ...         {"id": "vault", "name": "Vault", "x": 3, "y": 0},
    ...     ],
    ...     "paths": [
    ...         {"from": "entrance", "to": "hall"},
    ...         {"from": "hall", "to": "cave", "monsters": 1},
    ...         {"from": "cave", "to": "vault"},
    ...         {"from": "hall", "to": "vault", "boots": 2, "locked": True},
    ...     ],
    ... }
    >>> board = Board.from_dict(doc)
    >>> opts = turn_options(board, "entrance", boots=3, swords=1, health=5)
    >>> opts.reachable
    ('entrance', 'hall', 'cave')
    >>> opts.front("cave")
    [Option(boots=2, swords=0, damage=1), Option(boots=2, swords=1, damage=0)]
    >>> [(s.path, s.space, s.swords) for s in opts.route("cave", (2, 1, 0))]
    [(0, 'hall', 0), (1, 'cave', 1)]
    >>> distance_table(board, ["vault"], keys=True).ravel().tolist()
    [3.0, 2.0, 1.0, 0.0]
    >>> route(board, "entrance", "vault")
    ['entrance', 'hall', 'cave', 'vault']

A live game can be passed instead of a board: :func:`turn_options` then takes its
defaults from ``game.path_context()``, a dict with any of the keys ``start``, ``boots``,
``swords``, ``health``, ``keys``, ``teleports``, ``can_exit``, ``exhausted``, ``canoe``,
``lifts``, ``exits``, ``closed`` and ``stops`` for the current player (other keys are an
error).
Each edition fills it with its own movement rules: a ship's context has no exit, its
hyperlifts (and telepads with a TelePass) as lifts, and its command module closed until
the player holds a command code.

The kernels live in :mod:`clankwidget.kernels.graph`; this module checks arguments, turns
space ids into indices, calls them and wraps the answers.
"""

from __future__ import annotations

import itertools
import numbers
import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from . import registry
from .data import Board
from .errors import PathsInputError
from .kernels import graph as _g

__all__ = [
    "MAX_TABLE_BYTES",
    "Choice",
    "Option",
    "PathsInputError",
    "Step",
    "TurnOptions",
    "distance_table",
    "route",
    "turn_options",
    "weighted_distance_table",
]

#: Health a fresh player has left when nothing else is said (the damage meter holds 10).
DEFAULT_HEALTH = 10

_CONTEXT_KEYS = (
    "start",
    "boots",
    "swords",
    "health",
    "keys",
    "teleports",
    "can_exit",
    "exhausted",
    "canoe",
    "lifts",
    "exits",
    "closed",
    "stops",
)


# ---------------------------------------------------------------------------
# Results


class Option(NamedTuple):
    """One point of a space's Pareto front: what reaching it costs this turn."""

    boots: int
    swords: int
    damage: int


class Choice(NamedTuple):
    """An :class:`Option` with the rest of what it means for the turn.

    ``teleports`` is how many teleports it uses; ``stopped`` is true when the player can
    spend no more boots afterwards (the route entered a crystal cave, checkpoint or
    forest, rode a lift, ended on the exit, or the turn started ``exhausted``).
    """

    boots: int
    swords: int
    damage: int
    teleports: int
    stopped: bool

    @property
    def option(self) -> Option:
        return Option(self.boots, self.swords, self.damage)


class Step(NamedTuple):
    """One move of a route.

    ``path`` is the index of the path walked (into ``board.paths``), or ``"teleport"`` or
    ``"lift"``; ``space`` the id of the space entered; ``swords`` the swords paid for
    monsters on this path, ``damage`` the damage taken for the rest of them, ``boots``
    the boots spent. A walked step is the engine action ``Move(path=step.path,
    swords=step.swords)``.
    """

    path: int | str
    space: str
    swords: int
    damage: int
    boots: int


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
        self.no_lifts = (np.zeros(n + 1, np.int64), np.zeros(0, np.int64))
        #: lift groups (tuples of space ids) -> their CSR arrays, see _lift_csr
        self.lifts: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

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
            f"{what} must be a space id (a string such as {board.space_ids[0]!r}), got {space_id!r}"
        )
    if space_id not in board:
        ids = board.space_ids
        shown = ", ".join(ids[:12]) + (f", ... ({len(ids)} in all)" if len(ids) > 12 else "")
        raise KeyError(
            f"{what}: board {board.id!r} has no space {space_id!r} (its spaces: {shown})"
        )
    return board.index(space_id)


def _count(name: str, value: Any, least: int = 0) -> int:
    if type(value) is not int and (
        isinstance(value, bool) or not isinstance(value, numbers.Integral)
    ):
        raise TypeError(f"{name} must be a whole number, got {value!r}")
    if value < least:
        raise ValueError(f"{name} must be at least {least}, got {value}")
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
        raise TypeError(f"{name} must be True or False, got {value!r}")
    return bool(value)


def _lift_groups(board: Board, lifts: Any) -> tuple[tuple[str, ...], ...]:
    if isinstance(lifts, (str, bytes)) or not isinstance(lifts, Iterable):
        raise TypeError(f"lifts must be a list of groups of space ids, got {lifts!r}")
    groups = []
    for group in lifts:
        if isinstance(group, (str, bytes)) or not isinstance(group, Iterable):
            raise TypeError(
                f"each lift group must be a list of space ids, got {group!r} "
                "(write lifts=[['a', 'b']] for one group)"
            )
        members = tuple(dict.fromkeys(group))
        for sid in members:
            _space_index(board, sid, "a lift space")
        groups.append(members)
    return tuple(groups)


def _space_set(board: Board, name: str, ids: Any) -> tuple[str, ...]:
    if isinstance(ids, (str, bytes)) or not isinstance(ids, Iterable):
        raise TypeError(f"{name} must be a list of space ids, got {ids!r}")
    members = tuple(dict.fromkeys(ids))
    for sid in members:
        _space_index(board, sid, f"a space in {name}")
    return members


def _gate(board: Board, exits: Sequence[str], closed: Sequence[str], can_exit: bool):
    """What entering each space does, for the kernel: open, exit (ends the walk; closed
    without ``can_exit``) or closed."""
    gate = np.full(len(board.spaces), _g._OPEN, np.int8)
    for sid in exits:
        gate[board.index(sid)] = _g._EXIT if can_exit else _g._CLOSED
    for sid in closed:
        gate[board.index(sid)] = _g._CLOSED
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


# ---------------------------------------------------------------------------
# This turn


class TurnOptions:
    """Where a player can be at the end of this turn's movement, and at what price.

    Built by :func:`turn_options`. For every reachable space (the starting space
    included) it holds the Pareto front: the options (boots, swords, damage) that no
    other way of getting there beats on all counts. Teleports used are a fourth count of
    the front (see :meth:`options`), so a space can show ``(1, 0, 0)`` with a teleport
    and ``(2, 0, 0)`` without one. Within one front the (boots, swords, damage) triples
    are distinct.

    Attributes: ``board``, ``start`` (space id) and ``settings`` (the resolved
    arguments: boots, swords, health, keys, teleports, can_exit, exhausted, canoe,
    lifts, exits, closed, stops).
    """

    def __init__(
        self,
        board: Board,
        start: str,
        settings: dict,
        labels: np.ndarray,
        order: np.ndarray,
        bounds: np.ndarray,
    ):
        self.board = board
        self.start = start
        self.settings = settings
        # space i's front: labels[order[bounds[i]:bounds[i + 1]]], sorted (kernel docs)
        self._labels = labels
        self._front = order
        self._bounds = bounds
        self._cache: dict[str, list[tuple[Choice, int]]] = {}

    @property
    def reachable(self) -> tuple[str, ...]:
        """Ids of the spaces reachable this turn (the start included), in board order."""
        ids = self.board.space_ids
        return tuple(ids[i] for i in np.flatnonzero(np.diff(self._bounds)))

    def __contains__(self, space_id: object) -> bool:
        if not isinstance(space_id, str) or space_id not in self.board:
            return False
        i = self.board.index(space_id)
        return bool(self._bounds[i + 1] > self._bounds[i])

    def _entries(self, space_id: str) -> list[tuple[Choice, int]]:
        entries = self._cache.get(space_id)
        if entries is None:
            i = _space_index(self.board, space_id)
            labels = self._front[self._bounds[i] : self._bounds[i + 1]].tolist()
            rows = self._labels[labels, _g._BOOTS : _g._FLAG + 1].tolist()
            entries = [
                (Choice(b, s, d, t, f != _g._MOVING), label)
                for (b, s, d, t, f), label in zip(rows, labels)
            ]
            self._cache[space_id] = entries
        return entries

    def front(self, space_id: str) -> list[Option]:
        """The Pareto front of ``space_id``: ``Option(boots, swords, damage)`` tuples.

        Sorted by boots, then swords, then damage; empty if the space cannot be reached.
        """
        return [c.option for c, _ in self._entries(space_id)]

    def options(self, space_id: str) -> list[Choice]:
        """The front of ``space_id`` with teleports used and whether boots stop (``Choice``)."""
        return [c for c, _ in self._entries(space_id)]

    def best(self, space_id: str) -> Choice:
        """The option :meth:`route` takes by default: least damage, then fewest
        teleports, boots and swords."""
        entries = self._entries(space_id)
        if not entries:
            raise ValueError(self._unreachable(space_id))
        return min(
            (c for c, _ in entries), key=lambda c: (c.damage, c.teleports, c.boots, c.swords)
        )

    def _unreachable(self, space_id: str) -> str:
        return (
            f"space {space_id!r} cannot be reached this turn from {self.start!r} ({self._budget()})"
        )

    def _budget(self) -> str:
        s = self.settings
        text = f"boots={s['boots']}, swords={s['swords']}, health={s['health']}"
        extras = [k for k in ("keys", "can_exit", "exhausted", "canoe") if s[k]]
        if s["teleports"]:
            text += f", teleports={s['teleports']}"
        if s["lifts"]:
            text += f", {len(s['lifts'])} lift group(s)"
        if s["closed"]:
            text += f", closed: {', '.join(s['closed'])}"
        return text + "".join(f", {k}" for k in extras)

    def route(self, space_id: str, option: Any = None) -> list[Step]:
        """The steps that reach ``space_id`` at the cost of one option of its front.

        ``option``: ``None`` (the :meth:`best` option), an index into :meth:`front`, an
        ``Option``/``(boots, swords, damage)``, or a ``Choice``/``(boots, swords, damage,
        teleports)``. Raises ``ValueError`` if the space is unreachable or the option is
        not on its front. The starting space gives an empty list.
        """
        entries = self._entries(space_id)
        if not entries:
            raise ValueError(self._unreachable(space_id))
        if option is None:
            best = self.best(space_id)
            label = next(i for c, i in entries if c == best)
        elif isinstance(option, numbers.Integral) and not isinstance(option, bool):
            if not -len(entries) <= option < len(entries):
                raise IndexError(
                    f"option {option} is out of range: {space_id!r} has {len(entries)} option(s)"
                )
            label = entries[option][1]
        else:
            try:
                want = tuple(option)
            except TypeError:
                want = ()
            if len(want) not in (3, 4, 5):
                raise TypeError(
                    f"option must be an index, (boots, swords, damage) or a Choice, got {option!r}"
                )
            found = [i for c, i in entries if tuple(c)[: min(len(want), 4)] == want[:4]]
            if not found:
                raise ValueError(
                    f"{option!r} is not on the front of {space_id!r}: "
                    f"{[tuple(c) for c, _ in entries]}"
                )
            label = found[0]
        return self._steps(label)

    def _steps(self, label: int) -> list[Step]:
        lab = self._labels
        a = self.board.arrays
        ids = self.board.space_ids
        steps = []
        i = label
        while lab[i, _g._PRED] != -1:
            step = int(lab[i, _g._STEP])
            space = ids[lab[i, _g._NODE]]
            if step >= 0:
                paid = int(lab[i, _g._PAID])
                steps.append(
                    Step(
                        int(a.path[step]),
                        space,
                        paid,
                        int(a.monsters[step]) - paid,
                        int(a.boots[step]),
                    )
                )
            else:
                steps.append(Step("teleport" if step == _g._TELEPORT else "lift", space, 0, 0, 0))
            i = int(lab[i, _g._PRED])
        steps.reverse()
        return steps

    def table(self) -> list[dict]:
        """One row per (space, option), in board order: a dict with ``space``, ``name``,
        ``boots``, ``swords``, ``damage``, ``teleports``, ``stopped`` and ``route`` (the
        spaces entered, joined by " > ", a teleport or lift marked like ``"c (teleport)"``).
        Ready for ``pandas.DataFrame(opts.table())``."""
        rows = []
        for space_id in self.reachable:
            name = self.board.space(space_id).name
            for choice, label in self._entries(space_id):
                rows.append(
                    {
                        "space": space_id,
                        "name": name,
                        **choice._asdict(),
                        "route": " > ".join(
                            s.space if isinstance(s.path, int) else f"{s.space} ({s.path})"
                            for s in self._steps(label)
                        ),
                    }
                )
        return rows

    def __repr__(self) -> str:
        reachable = self.reachable
        lines = [
            f"<TurnOptions on board {self.board.id!r} from {self.start!r} ({self._budget()}): "
            f"{len(reachable)} space(s), {len(self._front)} option(s)"
        ]
        for space_id in reachable[:20]:
            parts = []
            for c in self.options(space_id):
                text = f"{c.boots}b {c.swords}s {c.damage}d"
                if c.teleports:
                    text += f" {c.teleports}t"
                parts.append(text)
            lines.append(f"  {space_id}: " + ", ".join(parts))
        if len(reachable) > 20:
            lines.append(f"  ... and {len(reachable) - 20} more space(s)")
        return "\n".join(lines) + ">"


def turn_options(
    game_or_board: Any,
    start: str | None = None,
    boots: int | None = None,
    swords: int | None = None,
    health: int | None = None,
    *,
    keys: bool | None = None,
    teleports: int | None = None,
    can_exit: bool | None = None,
    exhausted: bool | None = None,
    canoe: bool | None = None,
    lifts: Iterable[Iterable[str]] | None = None,
    exits: Iterable[str] | None = None,
    closed: Iterable[str] | None = None,
    stops: Iterable[str] | None = None,
) -> TurnOptions:
    """Every space reachable this turn, with its Pareto front of (boots, swords, damage).

    Rules applied: walking a path costs its boots; each monster on it costs a sword or
    deals 1 damage (the player picks, path by path); damage taken this turn must stay at
    most ``health - 1`` (the meter may not fill); locked paths need ``keys``, water paths
    a ``canoe``; one-way paths only their way. Entering a crystal cave, security
    checkpoint or forest ends boot movement (teleports and lifts still work). The start
    space (the exit) may be entered only with ``can_exit`` (an artifact held), and
    entering it ends the walk. A teleport (``teleports`` of them) moves to any space joined
    by a path either way, ignoring boots, monsters, locks, water and arrows. ``lifts`` are
    groups of space ids (hyperlifts, telepads): from one member move free to any other,
    after which boots cannot be used this turn; lifts may be ridden any number of times.
    ``exhausted``: boot movement already ended this turn. ``exits`` names the exit spaces
    (by default the board's start space; ``()`` for a ship, which has none) and
    ``closed`` the spaces that cannot be entered this turn at all (a sealed module).
    ``stops`` names the spaces whose entry ends boot movement, when a player's own rules
    differ from the board's (Pulsarcade's Danger Theater lets a star walk through
    checkpoints).

    ``game_or_board`` is a :class:`~clankwidget.data.Board` or a live game: anything with
    ``.board`` and ``.path_context()`` returning a dict of these keyword arguments for
    the current player. Arguments left at ``None`` come from that dict, else default to:
    start = the board's start space, boots = swords = teleports = 0, health = 10, flags
    False, no lifts, the start space the only exit, nothing closed.

    Examples::

        >>> opts = turn_options(board, "hall", boots=2, swords=0, health=3)  # doctest: +SKIP
        >>> opts.front("vault")                                               # doctest: +SKIP
        [Option(boots=2, swords=0, damage=1)]
        >>> opts.route("vault")                                               # doctest: +SKIP
        [Step(path=4, space='vault', swords=0, damage=1, boots=2)]
    """
    if isinstance(game_or_board, Board):
        board, ctx = game_or_board, {}
    elif _is_game(game_or_board):
        if not registry.edition(game_or_board.edition).has("map"):
            raise TypeError(
                f"turn_options() needs a game on a map; {game_or_board.edition!r} has none"
            )
        board = _as_board(game_or_board, "turn_options")
        ctx = dict(game_or_board.path_context())
        unknown = sorted(set(ctx) - set(_CONTEXT_KEYS))
        if unknown:
            raise TypeError(
                f"path_context() gave unknown argument(s) {', '.join(unknown)}; "
                f"turn_options takes {', '.join(_CONTEXT_KEYS)}"
            )
    else:
        raise TypeError(
            f"turn_options() needs a Board or a Game, got {type(game_or_board).__name__}"
        )

    given = dict(
        start=start,
        boots=boots,
        swords=swords,
        health=health,
        keys=keys,
        teleports=teleports,
        can_exit=can_exit,
        exhausted=exhausted,
        canoe=canoe,
        lifts=lifts,
        exits=exits,
        closed=closed,
        stops=stops,
    )
    v = {k: (given[k] if given[k] is not None else ctx.get(k)) for k in _CONTEXT_KEYS}
    if v["start"] is None:
        if board.kind != "board":
            raise ValueError(f"board {board.id!r} is a piece with no start space: give start=")
        v["start"] = board.start
    src = _space_index(board, v["start"], "start")
    settings = {
        "boots": _count("boots", 0 if v["boots"] is None else v["boots"]),
        "swords": _count("swords", 0 if v["swords"] is None else v["swords"]),
        "health": _count("health", DEFAULT_HEALTH if v["health"] is None else v["health"], 1),
        "teleports": _count("teleports", 0 if v["teleports"] is None else v["teleports"]),
    }
    for name in ("keys", "can_exit", "exhausted", "canoe"):
        settings[name] = _flag(name, False if v[name] is None else v[name])
    settings["lifts"] = _lift_groups(board, () if v["lifts"] is None else v["lifts"])
    default_exits = tuple(sp.id for sp in board.spaces if sp.start)
    settings["exits"] = _space_set(
        board, "exits", default_exits if v["exits"] is None else v["exits"]
    )
    settings["closed"] = _space_set(board, "closed", () if v["closed"] is None else v["closed"])
    if v["stops"] is None:
        settings["stops"] = tuple(sp.id for sp in board.spaces if sp.stops_movement)
        stop = None
    else:
        settings["stops"] = _space_set(board, "stops", v["stops"])
        stop = np.zeros(len(board.spaces), np.bool_)
        stop[[board.index(sid) for sid in settings["stops"]]] = True

    p = _prepared(board)
    # No non-dominated route repeats a space, so it has at most n - 1 steps: larger
    # budgets than that can buy nothing and only cost memory (one bucket per boot).
    most = max(p.n - 1, 0)
    lift_indptr, lift_dst = _lift_csr(board, settings["lifts"])
    labels, order, bounds = _g._turn_front(
        p.indptr,
        p.dst,
        p.cost,
        p.monsters,
        p.usable(settings["keys"], settings["canoe"]),
        p.stop if stop is None else stop,
        _gate(board, settings["exits"], settings["closed"], settings["can_exit"]),
        p.tp_indptr,
        p.tp_dst,
        lift_indptr,
        lift_dst,
        src,
        min(settings["boots"], p.max_boots * most),
        min(settings["swords"], p.max_monsters * most),
        min(settings["health"] - 1, p.max_monsters * most),
        min(settings["teleports"], most),
        settings["exhausted"],
    )
    return TurnOptions(board, v["start"], settings, labels, order, bounds)


# ---------------------------------------------------------------------------
# Over several turns


def distance_table(
    board: Board,
    targets: Iterable[str] | str | None = None,
    *,
    keys: bool = False,
    canoe: bool = False,
) -> np.ndarray:
    """Fewest boots from every space to each target, ignoring everything but paths.

    Returns a float array in ``board.space_ids`` order of shape ``(n_spaces,
    n_targets)``; with ``targets=None`` the all-pairs table, shape ``(n, n)``, row = from,
    column = to. Unreachable is ``inf``. Locked paths count only with ``keys=True``,
    water paths only with ``canoe=True``; one-way paths only their way. This is a
    multi-turn distance: crystal caves, checkpoints and forests (which end a turn's boot
    movement), monsters, health and the exit's artifact rule do not matter here.

    >>> distance_table(board, ["entrance", "vault"])  # doctest: +SKIP
    array([[0., 4.], [1., 3.], ...])
    """
    board = _as_board(board, "distance_table")
    keys = _flag("keys", keys)
    canoe = _flag("canoe", canoe)
    n = len(board.spaces)
    if targets is None:
        _check_table(n, n, "the all-pairs distance table", "give the targets you need")
        return _g._all_pairs_boots(*_prepared(board).walk(keys, canoe))
    if isinstance(targets, str):
        targets = [targets]
    elif type(targets) not in (list, tuple):  # the usual cases skip the ABC checks
        if isinstance(targets, (bytes, Mapping)) or not isinstance(targets, Iterable):
            raise TypeError(f"targets must be a space id or a list of them, got {targets!r}")
        most = MAX_TABLE_BYTES // (8 * max(n, 1))
        targets = list(itertools.islice(targets, most + 1))  # an endless iterator stops here
    if 8 * n * len(targets) > MAX_TABLE_BYTES:
        _check_table(n, len(targets), "a distance table", "give fewer targets")
    p = _prepared(board)
    idx = np.array([_space_index(board, t, "target") for t in targets], dtype=np.int64)
    rows = _g._boots_from_many(*p.walk(keys, canoe, reverse=True), idx)
    return np.ascontiguousarray(rows.T)


def weighted_distance_table(
    board: Board, *, keys: bool = False, canoe: bool = False, monster_cost: float = 2.0
) -> np.ndarray:
    """All-pairs cheapest cost where each path costs its boots plus ``monster_cost`` per
    monster icon on it: a careful walker's distances (the planner bot measures detours
    with them). A float array ``(n, n)`` in ``board.space_ids`` order, row = from,
    column = to, ``inf`` when unreachable; locked paths count only with ``keys``, water
    paths only with ``canoe``. ``monster_cost=0`` gives :func:`distance_table`'s boots.
    """
    board = _as_board(board, "weighted_distance_table")
    keys = _flag("keys", keys)
    canoe = _flag("canoe", canoe)
    n = len(board.spaces)
    _check_table(n, n, "the all-pairs distance table", "use distance_table with targets")
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
    for k in range(n):  # Floyd-Warshall, one row and column at a time
        np.minimum(w, w[:, k : k + 1] + w[k : k + 1, :], out=w)
    return w


_PREFER = {
    "boots": "fewest boots, then fewest monsters",
    "monsters": "fewest monsters, then fewest boots",
}


def route(
    board: Board,
    start: str,
    target: str,
    *,
    keys: bool = False,
    canoe: bool = False,
    prefer: str = "boots",
) -> list[str]:
    """One cheapest route from ``start`` to ``target``: the list of space ids, both ends
    included (``[start]`` when they are the same).

    ``prefer="boots"``: fewest boots, ties broken by fewest monster icons;
    ``prefer="monsters"``: fewest monster icons, then fewest boots. Remaining ties go to
    the lower-numbered space and path. Like :func:`distance_table` this ignores caves,
    health and the exit rule; locked paths need ``keys``, water paths ``canoe``. Raises
    ``ValueError`` if no route exists.

    >>> route(board, "entrance", "vault", keys=True)  # doctest: +SKIP
    ['entrance', 'hall', 'vault']
    """
    board = _as_board(board, "route")
    s = _space_index(board, start, "start")
    t = _space_index(board, target, "target")
    keys = _flag("keys", keys)
    canoe = _flag("canoe", canoe)
    if prefer not in _PREFER:
        raise ValueError(f"prefer must be one of {', '.join(map(repr, _PREFER))}, got {prefer!r}")
    p = _prepared(board)
    # Lexicographic weights: the secondary total along any simple route is < big.
    big = 3 * max(p.n, 1) + 1
    if prefer == "boots":
        weight = p.cost * big + p.monsters
    else:
        weight = p.monsters * big + p.cost
    dist, pred = _g._dijkstra_pred(p.indptr, p.dst, weight, p.usable(keys, canoe), s)
    if dist[t] < 0:
        lock = "" if keys else " without keys"
        raise ValueError(f"no route from {start!r} to {target!r} on board {board.id!r}{lock}")
    out = [t]
    src = board.arrays.src
    while out[-1] != s:
        out.append(int(src[pred[out[-1]]]))
    ids = board.space_ids
    return [ids[i] for i in reversed(out)]
