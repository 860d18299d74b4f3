"""Where can a player go? Path search over a board, for play, bots and lessons.

Three questions, three functions:

* :func:`turn_options` -- *this turn*: every space the player can reach with the boots,
  swords, health, keys and teleports they have now, each with its Pareto front of
  (boots, swords, damage) and a route for every option, ready to become engine actions.
* :func:`distance_table` -- *over several turns*: fewest boots from every space to some
  targets (or between all pairs). Crystal caves and other stopping spaces are ignored
  here: they end a turn's boot movement, not the journey.
* :func:`route` -- one cheapest route (list of space ids) under a stated trade-off;
  :func:`journey` the same leg by leg, with its boots, monsters and coach gold.

Coach rides (Clank! Legacy: 1 boot plus the gold printed on both stops, from a coach stop
to any other) are part of every search on a board with coach stops, paid from a ``gold``
budget (the player's gold); a ride shows as a ``"coach"`` step or leg.

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
``lifts``, ``exits``, ``closed``, ``stops`` and ``gold`` for the current player (other
keys are an error).
Each edition fills it with its own movement rules: a ship's context has no exit, its
hyperlifts (and telepads with a TelePass) as lifts, and its command module closed until
the player holds a command code.

The kernels live in :mod:`clankwidget.kernels.graph`; this module checks arguments, turns
space ids into indices, calls them and wraps the answers.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np

from . import registry
from ._paths_base import (
    MAX_TABLE_BYTES,
    _as_board,
    _count,
    _flag,
    _gate,
    _is_game,
    _lift_csr,
    _lift_groups,
    _prepared,
    _space_index,
    _space_set,
)
from ._paths_far import Journey, Leg, distance_table, journey, route, weighted_distance_table
from .data import Board
from .errors import PathsInputError, shown
from .kernels import graph as _g

__all__ = [
    "MAX_FRONT_WORK",
    "MAX_TABLE_BYTES",
    "Choice",
    "Journey",
    "Leg",
    "Option",
    "PathsInputError",
    "Step",
    "TurnOptions",
    "distance_table",
    "journey",
    "route",
    "turn_options",
    "weighted_distance_table",
]

#: Health a fresh player has left when nothing else is said (the damage meter holds 10).
DEFAULT_HEALTH = 10

_PLAIN = frozenset((type(None), bool, int, str))  # argument types a resolution is kept for
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
    "gold",
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
    forest, rode a lift, ended on the exit, or the turn started ``exhausted``); ``gold``
    is what its coach rides cost (Legacy; 0 elsewhere).
    """

    boots: int
    swords: int
    damage: int
    teleports: int
    stopped: bool
    gold: int = 0

    @property
    def option(self) -> Option:
        return Option(self.boots, self.swords, self.damage)


class Step(NamedTuple):
    """One move of a route.

    ``path`` is the index of the path walked (into ``board.paths``), or ``"teleport"``,
    ``"lift"`` or ``"coach"`` (a Legacy coach ride); ``space`` the id of the space
    entered; ``swords`` the swords paid for monsters on this path, ``damage`` the damage
    taken for the rest of them, ``boots`` the boots spent, ``gold`` the fare of a coach
    ride. A walked step is the engine action ``Move(path=step.path,
    swords=step.swords)``; ``game.rules.route_action`` gives the action of any step.
    """

    path: int | str
    space: str
    swords: int
    damage: int
    boots: int
    gold: int = 0


# ---------------------------------------------------------------------------
# This turn


class TurnOptions:
    """Where a player can be at the end of this turn's movement, and at what price.

    Built by :func:`turn_options`. For every reachable space (the starting space
    included) it holds the Pareto front: the options (boots, swords, damage) that no
    other way of getting there beats on all counts. Teleports used are a fourth count of
    the front (see :meth:`options`), so a space can show ``(1, 0, 0)`` with a teleport
    and ``(2, 0, 0)`` without one; the gold spent on coach rides is a fifth. Within one
    front the (boots, swords, damage, teleports, gold) tuples are distinct.

    Attributes: ``board``, ``start`` (space id) and ``settings`` (the resolved
    arguments: boots, swords, health, keys, teleports, can_exit, exhausted, canoe,
    lifts, exits, closed, stops, gold).
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
        # The same three arrays as Python tuples (made once, on first use): the fronts are
        # a few dozen labels, so reading them from tuples beats a numpy call per space.
        # (Tuples, not lists, as they may be kept with the board: the garbage collector
        # stops looking at tuples of numbers, while every list kept costs each collection.)
        self._lists: tuple[tuple, tuple, tuple] | None = None
        self._reachable: tuple[str, ...] | None = None
        self._cache: dict[str, tuple[tuple[Choice, int], ...]] = {}

    def _as_lists(self) -> tuple[tuple, tuple, tuple]:
        """``(labels, front, bounds)`` as tuples (the arrays never change)."""
        if self._lists is None:
            self._lists = (
                tuple(map(tuple, self._labels.tolist())),
                tuple(self._front.tolist()),
                tuple(self._bounds.tolist()),
            )
        return self._lists

    @property
    def reachable(self) -> tuple[str, ...]:
        """Ids of the spaces reachable this turn (the start included), in board order."""
        if self._reachable is None:
            ids = self.board.space_ids
            bounds = self._as_lists()[2]
            self._reachable = tuple(
                ids[i] for i in range(len(bounds) - 1) if bounds[i + 1] != bounds[i]
            )
        return self._reachable

    def __contains__(self, space_id: object) -> bool:
        if not isinstance(space_id, str) or space_id not in self.board:
            return False
        i = self.board.index(space_id)
        bounds = self._as_lists()[2]
        return bounds[i + 1] > bounds[i]

    def _entries(self, space_id: str) -> tuple[tuple[Choice, int], ...]:
        entries = self._cache.get(space_id)
        if entries is None:
            i = _space_index(self.board, space_id)
            lab, front, bounds = self._as_lists()
            listed = []
            for label in front[bounds[i] : bounds[i + 1]]:
                row = lab[label]
                b, s, d, t, f = row[_g._BOOTS : _g._FLAG + 1]
                listed.append((Choice(b, s, d, t, f != _g._MOVING, row[_g._GOLD]), label))
            entries = self._cache[space_id] = tuple(listed)
        return entries

    def front(self, space_id: str) -> list[Option]:
        """The Pareto front of ``space_id``: ``Option(boots, swords, damage)`` tuples.

        Sorted by boots, then swords, then damage; empty if the space cannot be reached.
        (Two options of a front may show the same triple when they differ in teleports or
        coach gold: :meth:`options` tells them apart.)
        """
        return [c.option for c, _ in self._entries(space_id)]

    def options(self, space_id: str) -> list[Choice]:
        """The front of ``space_id`` with teleports used, whether boots stop and the gold of
        coach rides (``Choice``)."""
        return [c for c, _ in self._entries(space_id)]

    def best(self, space_id: str) -> Choice:
        """The option :meth:`route` takes by default: least damage, then fewest
        teleports, boots, swords and coach gold."""
        entries = self._entries(space_id)
        if not entries:
            raise ValueError(self._unreachable(space_id))
        return min(
            (c for c, _ in entries),
            key=lambda c: (c.damage, c.teleports, c.boots, c.swords, c.gold),
        )

    def _unreachable(self, space_id: str) -> str:
        return (
            f"space {space_id!r} cannot be reached this turn from {self.start!r} ({self._budget()})"
        )

    def _budget(self) -> str:
        s = self.settings
        # (a budget may be absurdly large, past what Python writes as text: shown() says so)
        text = (
            f"boots={shown(s['boots'])}, swords={shown(s['swords'])}, health={shown(s['health'])}"
        )
        extras = [k for k in ("keys", "can_exit", "exhausted", "canoe") if s[k]]
        if s["teleports"]:
            text += f", teleports={shown(s['teleports'])}"
        if s["gold"]:
            text += f", gold={shown(s['gold'])}"
        if s["lifts"]:
            text += f", {len(s['lifts'])} lift group(s)"
        if s["closed"]:
            text += f", closed: {', '.join(s['closed'])}"
        return text + "".join(f", {k}" for k in extras)

    def route(self, space_id: str, option: Any = None) -> list[Step]:
        """The steps that reach ``space_id`` at the cost of one option of its front.

        ``option``: ``None`` (the :meth:`best` option), an index into :meth:`front`, an
        ``Option``/``(boots, swords, damage)``, ``(boots, swords, damage, teleports)`` or a
        ``Choice`` (its gold counts too, its ``stopped`` does not). Raises ``ValueError``
        if the space is unreachable or the option is not on its front. The starting space
        gives an empty list.
        """
        entries = self._entries(space_id)
        if not entries:
            raise ValueError(self._unreachable(space_id))
        if option is None:
            best = self.best(space_id)
            label = next(i for c, i in entries if c == best)
        elif (
            # (a Choice, the usual option, is a tuple: no ABC check for it)
            not isinstance(option, tuple)
            and isinstance(option, numbers.Integral)
            and not isinstance(option, bool)
        ):
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
            if len(want) not in (3, 4, 5, 6):
                raise TypeError(
                    f"option must be an index, (boots, swords, damage) or a Choice, got {option!r}"
                )
            k = min(len(want), 4)
            found = [
                i
                for c, i in entries
                if tuple(c)[:k] == want[:k] and (len(want) < 6 or c.gold == want[5])
            ]
            if not found:
                raise ValueError(
                    f"{option!r} is not on the front of {space_id!r}: "
                    f"{[tuple(c) for c, _ in entries]}"
                )
            label = found[0]
        return self._steps(label)

    def _steps(self, label: int) -> list[Step]:
        lab = self._as_lists()[0]
        a = self.board.arrays
        ids = self.board.space_ids
        steps = []
        i = label
        while lab[i][_g._PRED] != -1:
            row = lab[i]
            step = row[_g._STEP]
            space = ids[row[_g._NODE]]
            if step >= 0:
                paid = row[_g._PAID]
                steps.append(
                    Step(
                        int(a.path[step]),
                        space,
                        paid,
                        int(a.monsters[step]) - paid,
                        int(a.boots[step]),
                    )
                )
            elif step == _g._COACH:
                fare = row[_g._GOLD] - lab[row[_g._PRED]][_g._GOLD]
                steps.append(Step("coach", space, 0, 0, 1, fare))
            else:
                steps.append(Step("teleport" if step == _g._TELEPORT else "lift", space, 0, 0, 0))
            i = row[_g._PRED]
        steps.reverse()
        return steps

    def table(self) -> list[dict]:
        """One row per (space, option), in board order: a dict with ``space``, ``name``,
        ``boots``, ``swords``, ``damage``, ``teleports``, ``stopped``, ``gold`` and
        ``route`` (the spaces entered, joined by " > ", a teleport, lift or coach ride
        marked like ``"c (teleport)"``).
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
                if c.gold:
                    text += f" {c.gold}g"
                parts.append(text)
            lines.append(f"  {space_id}: " + ", ".join(parts))
        if len(reachable) > 20:
            lines.append(f"  ... and {len(reachable) - 20} more space(s)")
        return "\n".join(lines) + ">"


#: most fronts (and resolved arguments) kept per board before the table starts afresh
_KEPT_FRONTS = 2048

MAX_FRONT_WORK = 500_000_000
"""Most comparisons of two ways to stand on a space that one :func:`turn_options` search
makes (a few seconds). Fronts grow with the square of the budgets (swords against
damage at every space): a game's turn needs thousands; a long board searched with
hundreds of swords and health is refused with :class:`PathsInputError`."""


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
    gold: int | None = None,
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
    checkpoints). Coach stops (Legacy, the board's spaces with a ``coach`` fare): from
    one, 1 boot plus the gold printed on both stops rides to any other stop; a ride is
    boot movement (not after boots stopped), enters its stop like a walk, and its fares
    come out of ``gold`` (the player's gold; the gold found on the way is not counted).
    Gold spent is a fifth count of the front, like teleports.

    ``game_or_board`` is a :class:`~clankwidget.data.Board` or a live game: anything with
    ``.board`` and ``.path_context()`` returning a dict of these keyword arguments for
    the current player. Arguments left at ``None`` come from that dict, else default to:
    start = the board's start space, boots = swords = teleports = gold = 0, health = 10,
    flags False, no lifts, the start space the only exit, nothing closed.

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
        gold=gold,
    )
    v = {k: (given[k] if given[k] is not None else ctx.get(k)) for k in _CONTEXT_KEYS}
    if v["start"] is None:
        if board.kind != "board":
            raise ValueError(f"board {board.id!r} is a piece with no start space: give start=")
        v["start"] = board.start
    p = _prepared(board)
    # Scalar arguments (no lifts, exits, closed or stops given) come back decision after
    # decision: what they resolve to is kept with the board, by each value and its type
    # (True is no count, though it equals 1), so the same arguments are checked once.
    plain = None
    values = tuple(v.values())
    types = tuple(map(type, values))
    if (
        _PLAIN.issuperset(types)
        and v["lifts"] is None
        and v["exits"] is None
        and v["closed"] is None
        and v["stops"] is None
    ):
        plain = types + values
        kept = p.resolved.get(plain)
        if kept is not None:
            src, settings, key = kept
            return _turn_options_over(board, p, v["start"], dict(settings), src, None, key)
    src = _space_index(board, v["start"], "start")
    settings = {
        "boots": _count("boots", 0 if v["boots"] is None else v["boots"]),
        "swords": _count("swords", 0 if v["swords"] is None else v["swords"]),
        "health": _count("health", DEFAULT_HEALTH if v["health"] is None else v["health"], 1),
        "teleports": _count("teleports", 0 if v["teleports"] is None else v["teleports"]),
        "gold": _count("gold", 0 if v["gold"] is None else v["gold"]),
    }
    for name in ("keys", "can_exit", "exhausted", "canoe"):
        settings[name] = _flag(name, False if v[name] is None else v[name])
    settings["lifts"] = _lift_groups(board, () if v["lifts"] is None else v["lifts"])
    settings["exits"] = _space_set(
        board, "exits", p.start_ids if v["exits"] is None else v["exits"]
    )
    settings["closed"] = _space_set(board, "closed", () if v["closed"] is None else v["closed"])
    if v["stops"] is None:
        settings["stops"] = p.stop_ids
        stop = None
    else:
        settings["stops"] = _space_set(board, "stops", v["stops"])
        stop = np.zeros(len(board.spaces), np.bool_)
        stop[[board.index(sid) for sid in settings["stops"]]] = True

    # No non-dominated route repeats a space, so it has at most n - 1 steps: larger
    # budgets than that can buy nothing and only cost memory (one bucket per boot).
    most = max(p.n - 1, 0)
    walk = min(settings["boots"], p.max_boots * most)
    # Nor can a search spend more swords or damage than the monsters its boots can meet:
    # budgets above that never bind, so they search the same front (and find it kept: a
    # dungeon player's swords and health are mostly more than its boots meet).
    met = p.max_monsters * most
    if p.monsters_per_boot is not None:
        met = min(met, p.monsters_per_boot * walk)
    budget = (
        walk,
        min(settings["swords"], met),
        min(settings["health"] - 1, met),
        min(settings["teleports"], most),
        settings["exhausted"],
        min(settings["gold"], p.useful_gold),
    )
    # The search depends on the board and these resolved arguments only, and the same
    # few come back turn after turn (a ship's lifts and sealed modules, a player's boots):
    # each front is searched once per board and kept, read-only; every call still checks
    # its arguments and gets a TurnOptions of its own.
    flags = (settings["keys"], settings["canoe"], settings["can_exit"])
    gates = (settings["exits"], settings["closed"], settings["lifts"])
    key = (src, flags, gates, None if stop is None else settings["stops"], budget)
    if plain is not None:
        if len(p.resolved) > _KEPT_FRONTS:
            p.resolved.clear()
        p.resolved[plain] = (src, dict(settings), key)
    return _turn_options_over(board, p, v["start"], settings, src, stop, key)


def _turn_options_over(board, p, start, settings, src, stop, key) -> TurnOptions:
    """:func:`turn_options` once its arguments are checked and resolved: ``settings``
    (the TurnOptions' own), ``src`` the start's index, ``stop`` the entries that end boot
    movement (``None``: the board's) and ``key`` all the search depends on."""
    budget = key[-1]
    found = p.fronts.get(key)
    if found is None:
        lift_indptr, lift_dst = _lift_csr(board, settings["lifts"])
        work = np.array([MAX_FRONT_WORK], np.int64)
        found = _g._turn_front(
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
            *budget[:5],
            p.fare,
            p.coach,
            budget[5],
            work,
        )
        if work[0] < 0:
            raise PathsInputError(
                f"this turn's options take more than {MAX_FRONT_WORK:,} comparisons to "
                f"search (boots {budget[0]}, swords {budget[1]}, damage {budget[2]} on "
                f"{p.n} spaces): give smaller budgets"
            )
        for array in found:
            array.setflags(write=False)
        first = TurnOptions(board, start, settings, *found)
        # what a TurnOptions works out from the arrays alone, shared by all over them
        found = (*found, first._as_lists(), first.reachable, first._cache)
        # (a dungeon sees over a thousand fronts in 60 games, some 6 kB each: at 256 the
        # table was emptied every few games and a third of its searches were repeats)
        if len(p.fronts) > _KEPT_FRONTS:
            p.fronts.clear()
        p.fronts[key] = found
    labels, order, bounds, lists, reachable, entries = found
    opts = TurnOptions(board, start, settings, labels, order, bounds)
    # (the arrays as lists, the reachable spaces and each space's front, which callers
    # get as lists of their own)
    opts._lists, opts._reachable, opts._cache = lists, reachable, entries
    return opts
