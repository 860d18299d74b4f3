"""Boards: a map of spaces joined by paths, loaded from ``board_data/boards/*.json``.

A board file is checked as plain, bounded JSON (:mod:`._files`), against
``board.schema.json`` (:mod:`._schema`), then for what a schema cannot say: unique space
ids, paths and connectors between spaces that exist, modules that are declared, one start
space, positions on the board. Every failure is a
:class:`~clankwidget.errors.BoardDataError` naming the file, the JSON path and what was
expected there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import BoardDataError
from ._files import check_plain, located, names, read_json
from ._schema import check

__all__ = ["Board", "BoardArrays", "Path_", "Space", "list_boards", "load_board"]


def list_boards() -> list[str]:
    """Names of the shipped boards, for :func:`load_board`."""
    return names("boards")


# ---------------------------------------------------------------------------
# Boards


@dataclass(frozen=True)
class Space:
    """One space (room, ship space) of a board. ``index`` is its place in ``Board.space_ids``."""

    index: int
    id: str
    name: str
    x: float
    y: float
    module: str | None = None
    start: bool = False
    depths: bool = False
    crystal_cave: bool = False
    market: bool = False
    heal: int = 0
    gold: int = 0
    artifact: int | None = None
    artifact_cost: int | None = None
    minor_secrets: int = 0
    major_secrets: int = 0
    idols: int = 0
    checkpoint: bool = False
    hyperlift: bool = False
    telepad: bool = False
    escape_pods: int = 0
    lockdown: bool = False
    data_port: tuple | None = None
    redemption: int | None = None
    enter: tuple = ()
    coach: int | None = None
    forest: bool = False
    town: bool = False
    waypoint: int | None = None
    fruit: int = 0
    note: str = ""

    @property
    def stops_movement(self) -> bool:
        """Entering ends boot movement for the turn (crystal cave, checkpoint, forest)."""
        return self.crystal_cave or self.checkpoint or self.forest


@dataclass(frozen=True)
class Path_:
    """A path between two spaces. ``index`` is its place in ``Board.paths``.

    (Named ``Path_`` so it never shadows :class:`pathlib.Path`; exported as ``clankwidget.Tunnel``.)
    """

    index: int
    a: str
    b: str
    boots: int = 1
    monsters: int = 0
    locked: bool = False
    one_way: bool = False
    water: bool = False
    note: str = ""

    def other_end(self, space_id: str) -> str:
        return self.b if space_id == self.a else self.a

    def leaves(self, space_id: str) -> bool:
        """Whether this path may be walked away from ``space_id``."""
        return space_id == self.a or (space_id == self.b and not self.one_way)


@dataclass(frozen=True)
class BoardArrays:
    """A board as integer arrays for the kernels: directed edges in CSR form.

    Edge ``e`` runs from space ``src[e]`` to ``dst[e]``; the edges leaving space ``i`` are
    ``indptr[i]:indptr[i+1]``. A two-way path gives two edges, a one-way path one.
    """

    indptr: np.ndarray  # int64[n+1]
    src: np.ndarray  # int64[m]
    dst: np.ndarray  # int64[m]
    path: np.ndarray  # int64[m], index into Board.paths
    boots: np.ndarray  # int64[m]
    monsters: np.ndarray  # int64[m]
    locked: np.ndarray  # bool[m]
    water: np.ndarray  # bool[m]
    stop: np.ndarray  # bool[n]: entering ends boot movement
    start: np.ndarray  # bool[n]
    depths: np.ndarray  # bool[n]


@dataclass(frozen=True, eq=False)
class Board:
    """A validated board. Build one with :func:`load_board`.

    ``space_ids`` fixes the order of spaces in every array clankwidget returns.
    """

    id: str
    title: str
    edition: str
    kind: str
    width: float
    height: float
    spaces: tuple[Space, ...]
    paths: tuple[Path_, ...]
    modules: tuple[dict, ...]
    raw: dict = field(repr=False)
    source: str = ""

    @classmethod
    def from_dict(cls, doc: Any, source: str = "<board>") -> Board:
        """Validate a board document (already parsed JSON) and build the board."""
        check_plain(doc, source)
        check("board", doc, source)
        spaces, index = [], {}
        for i, s in enumerate(doc["spaces"]):
            if s["id"] in index:
                raise BoardDataError(
                    source,
                    f"$.spaces[{i}].id",
                    f"expected a unique space id: {s['id']!r} is also $.spaces[{index[s['id']]}]",
                )
            index[s["id"]] = i
            kw = {k: v for k, v in s.items()}
            for key in ("data_port", "enter"):
                if key in kw:
                    kw[key] = tuple(kw[key])
            spaces.append(Space(index=i, **kw))
        module_ids = {m["id"] for m in doc.get("modules", [])}
        width, height = doc.get("width", 1000), doc.get("height", 700)
        for i, s in enumerate(doc["spaces"]):
            if "module" in s and s["module"] not in module_ids:
                raise BoardDataError(
                    source,
                    f"$.spaces[{i}].module",
                    f"expected one of the ids in $.modules, got {s['module']!r}",
                )
            for axis, size in (("x", width), ("y", height)):
                if not 0 <= s[axis] <= size:
                    raise BoardDataError(
                        source,
                        f"$.spaces[{i}].{axis}",
                        f"expected a position on the board (0 to {size}), got {s[axis]!r}",
                    )
        paths = []
        for i, p in enumerate(doc["paths"]):
            for end in ("from", "to"):
                if p[end] not in index:
                    raise BoardDataError(
                        source,
                        f"$.paths[{i}].{end}",
                        f"expected the id of a space in $.spaces, got {p[end]!r}",
                    )
            if p["from"] == p["to"]:
                raise BoardDataError(
                    source, f"$.paths[{i}]", "expected a path between two different spaces"
                )
            kw = {k: v for k, v in p.items() if k not in ("from", "to")}
            paths.append(Path_(index=i, a=p["from"], b=p["to"], **kw))
        for i, c in enumerate(doc.get("connectors", [])):
            if c["space"] not in index:
                raise BoardDataError(
                    source,
                    f"$.connectors[{i}].space",
                    f"expected the id of a space in $.spaces, got {c['space']!r}",
                )
        kind = doc.get("kind", "board")
        starts = [s.id for s in spaces if s.start]
        if kind == "board" and len(starts) != 1:
            raise BoardDataError(
                source,
                "$.spaces",
                f'expected exactly one space with "start": true, found {len(starts)}',
            )
        return cls(
            id=doc["id"],
            title=doc["title"],
            edition=doc["edition"],
            kind=kind,
            width=doc.get("width", 1000),
            height=doc.get("height", 700),
            spaces=tuple(spaces),
            paths=tuple(paths),
            modules=tuple(doc.get("modules", ())),
            raw=doc,
            source=source,
        )

    # -- lookups ---------------------------------------------------------

    @cached_property
    def space_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces)

    @cached_property
    def _index(self) -> dict[str, int]:
        return {s.id: s.index for s in self.spaces}

    def index(self, space_id: str) -> int:
        """The position of ``space_id`` in ``space_ids``; ``KeyError`` names an unknown id."""
        try:
            return self._index[space_id]
        except KeyError:
            raise KeyError(f"board {self.id!r} has no space {space_id!r}") from None

    @cached_property
    def _by_id(self) -> dict[str, Space]:
        return {s.id: s for s in self.spaces}

    def space(self, space_id: str) -> Space:
        """The space ``space_id``; ``KeyError`` names an unknown id (one dict lookup: the
        rules ask at every move)."""
        try:
            return self._by_id[space_id]
        except KeyError:
            raise KeyError(f"board {self.id!r} has no space {space_id!r}") from None

    def __contains__(self, space_id: object) -> bool:
        return space_id in self._index

    @cached_property
    def start(self) -> str:
        return next(s.id for s in self.spaces if s.start)

    @cached_property
    def _exits(self) -> dict[str, tuple[Path_, ...]]:
        out: dict[str, list[Path_]] = {s: [] for s in self.space_ids}
        for p in self.paths:
            out[p.a].append(p)
            if not p.one_way:
                out[p.b].append(p)
        return {k: tuple(v) for k, v in out.items()}

    def exits(self, space_id: str) -> tuple[Path_, ...]:
        """The paths that may be walked away from ``space_id``, in board order."""
        self.index(space_id)
        return self._exits[space_id]

    @cached_property
    def _adjacent(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, set[str]] = {s: set() for s in self.space_ids}
        for p in self.paths:
            out[p.a].add(p.b)
            out[p.b].add(p.a)
        return {k: tuple(sorted(v, key=self.index)) for k, v in out.items()}

    def adjacent(self, space_id: str) -> tuple[str, ...]:
        """Spaces joined to ``space_id`` by any path, either way (where a teleport may go)."""
        self.index(space_id)
        return self._adjacent[space_id]

    def unreachable(self) -> tuple[str, ...]:
        """The spaces nothing leads to from the start, however the paths run and whatever
        they ask (a ride between coach stops, hyperlifts or telepads counts), in board
        order: ``()`` for a board meant for play. A board with such rooms loads (the path
        lessons and tests build them on purpose), so a board's author checks this (or
        :meth:`warnings`); a piece without a start space has no answer (``ValueError``)."""
        ahead, behind = self._steps
        seen = _spread(self._from_start(), {s: ahead[s] + behind[s] for s in ahead})
        return tuple(s for s in self.space_ids if s not in seen)

    def traps(self) -> tuple[str, ...]:
        """The spaces a thief can get to from the start (each path walked its way,
        whatever it asks, and the rides) but from which nothing leads back to the start,
        in board order: a thief there leaves only by teleport, or not at all, and an
        artifact there never reaches home. ``()`` for a board meant for play; a piece
        without a start space has no answer (``ValueError``)."""
        start = self._from_start()
        ahead, behind = self._steps
        there, back = _spread(start, ahead), _spread(start, behind)
        return tuple(s for s in self.space_ids if s in there and s not in back)

    @cached_property
    def _steps(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """Where one step leads from each space, and where the steps into it come from:
        the paths in their direction, and the rides from each coach stop, hyperlift or
        telepad to every other of its kind."""
        ahead: dict[str, list[str]] = {s: [] for s in self.space_ids}
        behind: dict[str, list[str]] = {s: [] for s in self.space_ids}
        for p in self.paths:
            ahead[p.a].append(p.b)
            behind[p.b].append(p.a)
            if not p.one_way:
                ahead[p.b].append(p.a)
                behind[p.a].append(p.b)
        for stops in (
            [s.id for s in self.spaces if s.coach is not None],
            [s.id for s in self.spaces if s.hyperlift],
            [s.id for s in self.spaces if s.telepad],
        ):
            for a in stops:
                others = [b for b in stops if b != a]
                ahead[a] += others
                behind[a] += others
        return ahead, behind

    def warnings(self) -> list[str]:
        """What makes this board a poor one to play, in words (the loader accepts it all):
        rooms nothing reaches (:meth:`unreachable`), rooms nothing leads back from
        (:meth:`traps`), no artifact to take home. ``[]`` for every shipped board; a piece
        of a ship (``kind`` "piece") has none (a ship is checked once assembled)."""
        if self.kind != "board":
            return []
        out = []
        named = self._named
        if lost := self.unreachable():
            out.append(f"nothing leads from the start to {_rooms(lost, named)}")
        if stuck := self.traps():
            text = f"nothing leads back to the start from {_rooms(stuck, named)}"
            text += ": a thief there leaves only by teleport"
            if held := [s for s in stuck if self.space(s).artifact]:
                text += f", and the artifact in {_rooms(held, named)} never reaches home"
            out.append(text)
        if not any(s.artifact for s in self.spaces):
            out.append("no room holds an artifact: nobody can escape with one")
        return out

    def _from_start(self) -> str:
        if not any(s.start for s in self.spaces):
            raise ValueError(f"{self.id!r} has no start space to reach anything from")
        return self.start

    @property
    def _named(self) -> dict[str, str]:
        return {s.id: s.name for s in self.spaces}

    # -- exports ----------------------------------------------------------

    @cached_property
    def arrays(self) -> BoardArrays:
        """The board as CSR integer arrays for the kernels (see :class:`BoardArrays`)."""
        n = len(self.spaces)
        edges = []
        for p in self.paths:
            edges.append((self.index(p.a), self.index(p.b), p))
            if not p.one_way:
                edges.append((self.index(p.b), self.index(p.a), p))
        edges.sort(key=lambda e: (e[0], e[2].index, e[1]))
        src = np.array([e[0] for e in edges], dtype=np.int64)
        counts = np.bincount(src, minlength=n) if len(edges) else np.zeros(n, dtype=np.int64)
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(counts, out=indptr[1:])
        arr = BoardArrays(
            indptr=indptr,
            src=src,
            dst=np.array([e[1] for e in edges], dtype=np.int64),
            path=np.array([e[2].index for e in edges], dtype=np.int64),
            boots=np.array([e[2].boots for e in edges], dtype=np.int64),
            monsters=np.array([e[2].monsters for e in edges], dtype=np.int64),
            locked=np.array([e[2].locked for e in edges], dtype=np.bool_),
            water=np.array([e[2].water for e in edges], dtype=np.bool_),
            stop=np.array([s.stops_movement for s in self.spaces], dtype=np.bool_),
            start=np.array([s.start for s in self.spaces], dtype=np.bool_),
            depths=np.array([s.depths for s in self.spaces], dtype=np.bool_),
        )
        for a in vars(arr).values():
            a.setflags(write=False)
        return arr

    def to_networkx(self):
        """The board as a ``networkx.MultiDiGraph``.

        One node per space (its attributes as node data), and one edge per direction a
        path may be walked, keyed by the path's index, with ``boots``, ``monsters``,
        ``locked``, ``one_way`` and ``water``.
        """
        import networkx as nx

        g = nx.MultiDiGraph(name=self.title, board=self.id)
        for s in self.spaces:
            data = {k: v for k, v in vars(s).items() if k not in ("index", "id")}
            g.add_node(s.id, **data)
        for p in self.paths:
            attrs = dict(
                boots=p.boots,
                monsters=p.monsters,
                locked=p.locked,
                one_way=p.one_way,
                water=p.water,
            )
            g.add_edge(p.a, p.b, key=p.index, **attrs)
            if not p.one_way:
                g.add_edge(p.b, p.a, key=p.index, **attrs)
        return g

    def __repr__(self) -> str:
        return f"<Board {self.id!r}: {len(self.spaces)} spaces, {len(self.paths)} paths>"


def _spread(start: str, links: dict[str, Sequence[str]]) -> set[str]:
    """The spaces ``links`` lead to from ``start``, ``start`` among them."""
    seen, todo = {start}, [start]
    while todo:
        for other in links[todo.pop()]:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _rooms(ids: Sequence[str], named: dict[str, str], most: int = 6) -> str:
    """Rooms in words: ``Cold Forge (cold-forge), ...`` and how many more past ``most``."""
    shown = ", ".join(f"{named[i]} ({i})" for i in ids[:most])
    more = len(ids) - most
    return f"{shown} and {more} more" if more > 0 else shown


def load_board(name_or_path: str | Path = "teaching-dungeon") -> Board:
    """Load a shipped board by name (see :func:`list_boards`) or any board file by path."""
    if isinstance(name_or_path, Board):
        return name_or_path
    return _load_board_file(*located(name_or_path, "boards", "board"))


@cache
def _load_board_file(path: str, mtime: float) -> Board:
    return Board.from_dict(read_json(Path(path)), source=path)
