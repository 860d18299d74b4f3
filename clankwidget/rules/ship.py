"""Ship assembly for the ship editions (Clank! In! Space!, Pulsarcade).

:func:`assemble_ship` builds a playable :class:`~clankwidget.data.Board` from the pieces
a table lays out. The same pieces, positions and options always give the same ship, so a
ship assembled once is kept and handed out again (a board is immutable): a new game of a
ship edition no longer re-validates its board against the schema every time, nor reads
its pieces (it looks when their files last changed).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from ..data import Board, check_space_effects, load_board, load_edition
from ..data._files import mtime, resolve
from ..errors import BoardDataError, at_most, shown

__all__ = ["assemble_ship"]

#: ships already assembled, by what they were assembled from (see :func:`_ship_key`)
_SHIPS: dict[tuple, Board] = {}


def _piece(name: str | Board) -> Board:
    return name if isinstance(name, Board) else load_board(name)


@cache
def _always_aboard(edition: str) -> tuple[str, ...]:
    """The pieces every ship of ``edition`` has unless told otherwise (the fixed pieces
    and the default command piece), by name."""
    ship = load_edition(edition)["ship"]
    return (*ship["fixed"].values(), ship["command"]["default"])


@cache
def _ship_positions(edition: str) -> tuple[str, ...]:
    """The positions of ``edition``'s ship (fore, mid, aft), read once: a ship given by
    name is found in the cache without copying the edition file."""
    return tuple(load_edition(edition)["ship"]["positions"])


def _piece_key(name: str | Board) -> Board | tuple[str, int]:
    """A piece as part of a key: a board itself, or the file a name resolves to with the
    time it last changed (what :func:`load_board` caches a piece by, found without
    reading the piece or resolving links: a file that changes gives a new key)."""
    if isinstance(name, Board):
        return name
    path = resolve(name, "boards", "board")
    return (str(path), mtime(path))


def _ship_key(pieces, positions, edition, options) -> tuple | None:
    """What a ship is assembled from, as a key: each piece by its board or its file and
    that file's last change (:func:`_piece_key`), so a piece file that changes gives a
    new key (the edition files are read once per process). ``None`` when the arguments
    are unusual enough to be refused: they take the uncached path, which says why."""
    try:
        if pieces is None:
            given = None
        elif isinstance(pieces, Mapping):
            given = ("map", *((pos, _piece_key(side)) for pos, side in pieces.items()))
        else:
            given = ("seq", *(_piece_key(name) for name in pieces))
        where = None if positions is None else tuple(positions)
        always = tuple(_piece_key(name) for name in _always_aboard(edition))
        return (edition, given, always, where, json.dumps(dict(options or {}), sort_keys=True))
    # (a piece that is no board file, an unknown edition: refused below with the reason;
    # options that are not JSON: assembled uncached. Any other error is not "unusual
    # arguments" and is not hidden behind another message.)
    except (TypeError, ValueError, RecursionError):
        return None


def _read_given(pieces, positions, order: Sequence[str]) -> tuple[Any, list[str] | None]:
    """``pieces`` and ``positions`` as a caller gave them, read only as far as a ship
    could use (an endless iterable is refused, not read on), each position checked to be
    one of ``order``: the values :func:`_ship_key` and :func:`_assemble` both read."""
    names = ", ".join(order)
    if isinstance(pieces, Mapping) and len(pieces) > len(order) + 1:
        raise ValueError(
            f"modules maps {len(pieces):,} positions: a ship has {names} and a command slot"
        )
    if pieces is not None and not isinstance(pieces, Mapping):
        if isinstance(pieces, (str, bytes)) or not isinstance(pieces, Iterable):
            raise TypeError(
                f"modules must be a list of module sides (such as 'space-greenhouse') or a "
                f"mapping {{position: side}}, got {shown(pieces)}"
            )
        pieces = at_most(pieces, 4 * len(order) + 4, "modules")  # (more than fit is refused)
    if positions is None:
        return pieces, None
    if pieces is None:
        raise TypeError(
            f"positions place the modules you list ({names} in turn): give modules with "
            "them, or neither for the edition's first-game ship"
        )
    if isinstance(pieces, Mapping):
        raise TypeError(
            "give positions either in the modules mapping {position: side} or as positions, "
            "not both"
        )
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
        raise TypeError(
            f"positions must be a list naming each of {names} once, got {shown(positions)}"
        )
    positions = at_most(positions, len(order), f"positions (each of {names} once)")
    for i, pos in enumerate(positions):
        if not isinstance(pos, str) or pos not in order:
            error = ValueError if isinstance(pos, str) else TypeError
            raise error(f"positions[{i}] must be a ship position ({names}), got {shown(pos)}")
    return pieces, positions


def assemble_ship(
    pieces: Iterable[str | Board] | Mapping[str, str | Board] | None = None,
    positions: Sequence[str] | None = None,
    *,
    edition: str = "space",
    options: Mapping[str, Any] | None = None,
) -> Board:
    """Build a playable ship :class:`~clankwidget.data.Board` from its pieces.

    ``pieces`` are the three interchangeable module sides (board names such as
    ``"space-greenhouse"``, or piece boards), optionally with a command piece
    (``"space-command"`` or, for Pulsarcade, ``"pulsarcade-mcp"``, which replaces the
    Command module: a Pulsarcade ship with the Command module is refused); ``None`` takes the
    edition's recommended first-game layout. They fill the positions in ``positions``
    order (default: the edition's order, ``fore, mid, aft``). ``pieces`` may instead be a
    mapping ``{position: side}``. The Cargo Bay and the Corridor are always there.

    The slots, the connector ids each slot needs and the paths that join them are data
    (``ship`` in ``board_data/space/<edition>.json``): a piece fits a slot when its
    ``connectors`` carry exactly the slot's connector ids, and each join makes a path
    between two connector spaces. The result is an ordinary board (``kind: "board"``,
    validated by :meth:`Board.from_dict`) whose ``raw`` document is self-contained, so a
    saved game rebuilds it without the piece files.

    >>> ship = assemble_ship(["space-armory", "space-reactor", "space-gymnasium"])
    >>> ship.space(ship.start).name
    'Loading Dock'
    """
    pieces, positions = _read_given(pieces, positions, _ship_positions(edition))
    key = _ship_key(pieces, positions, edition, options)
    if key is not None and key in _SHIPS:
        return _SHIPS[key]
    board = _assemble(pieces, positions, edition, options)
    if key is not None:
        if len(_SHIPS) > 64:
            _SHIPS.clear()
        _SHIPS[key] = board
    return board


def _assemble(pieces, positions, edition: str, options) -> Board:
    data = load_edition(edition)
    ship = data["ship"]
    options = dict(options or {})
    slots = ship["slots"]
    order = list(ship["positions"])
    command_names = list(ship["command"]["pieces"])
    source = f"<{edition} ship>"

    if pieces is None:
        chosen = dict(ship["first_game"])
        given = []
    elif isinstance(pieces, Mapping):
        chosen = {}
        given = []
        for pos, side in pieces.items():
            if pos == ship["command"]["slot"]:
                given.append(side)
                continue
            if pos not in order:
                raise ValueError(
                    f"unknown ship position {shown(pos)}; positions are {', '.join(order)}"
                )
            chosen[pos] = side
    else:
        given = pieces  # (a list, bounded: see _read_given)
        chosen = None
    boards: dict[str, Board] = {}

    def refuse_other_command(b: Board) -> None:
        if b.id not in command_names and any(m.get("command") for m in b.modules):
            raise ValueError(
                f"{b.id!r} is a command piece that {edition!r} ships do not take: their "
                f"command piece is {' or '.join(map(repr, command_names))}, which replaces it"
            )

    if chosen is None:
        standard, commands = [], []
        for name in given:
            b = _piece(name)
            if b.id in ship["fixed"].values():
                continue
            refuse_other_command(b)
            (commands if b.id in command_names else standard).append(b)
        if positions is None:
            positions = order[: len(standard)]
        if len(standard) != len(order):
            raise ValueError(
                f"a ship needs {len(order)} modules for the positions {', '.join(order)}, "
                f"got {len(standard)}: {', '.join(b.id for b in standard) or 'none'}"
            )
        if sorted(positions) != sorted(order):
            raise ValueError(
                f"positions must name each of {', '.join(order)} once, got {positions}"
            )
        for pos, b in zip(positions, standard, strict=True):
            boards[pos] = b
    else:
        missing = [p for p in order if p not in chosen]
        if missing:
            raise ValueError(f"no module chosen for position {', '.join(missing)}")
        commands = [_piece(n) for n in given]
        for pos in order:
            boards[pos] = _piece(chosen[pos])
        for b in [*commands, *boards.values()]:
            refuse_other_command(b)
    if len(commands) > 1:
        raise ValueError(
            "only one command piece fits a ship, and "
            + " and ".join(b.id for b in commands)
            + " do not combine (the MCP replaces the Command module)"
        )
    default_command = ship["command"]["default"]
    boards[ship["command"]["slot"]] = commands[0] if commands else _piece(default_command)
    for slot, name in ship["fixed"].items():
        boards[slot] = _piece(name)

    allowed = {"space"} | ({"pulsarcade"} if edition == "pulsarcade" else set())
    side_of = {}
    for i, pair in enumerate(ship["sides"]):
        for side in pair:
            side_of[side] = i
    used_piece: dict[int, str] = {}
    for slot, b in boards.items():
        if b.kind != "piece":
            raise ValueError(f"{b.id!r} is a whole board, not a ship piece")
        if b.edition not in allowed:
            raise ValueError(
                f"{b.id!r} is a {b.edition!r} piece; {edition!r} ships use "
                f"{', '.join(sorted(allowed))} pieces"
            )
        if slot in order and b.id in command_names:
            raise ValueError(f"{b.id!r} is a command piece, not a module for position {slot!r}")
        if slot in order and b.id in ship["fixed"].values():
            raise ValueError(f"{b.id!r} is always aboard; it cannot fill position {slot!r}")
        if slot in order and b.id in side_of:
            k = side_of[b.id]
            if k in used_piece:
                raise ValueError(
                    f"{used_piece[k]!r} and {b.id!r} are two sides of one piece; use one of them"
                )
            used_piece[k] = b.id
        have = {c["id"] for c in b.raw.get("connectors", [])}
        want = set(slots[slot]["connectors"])
        if have != want:
            raise ValueError(
                f"{b.id!r} does not fit the {slot!r} slot: it has connectors "
                f"{sorted(have)}, the slot needs {sorted(want)}"
            )

    spaces, paths, modules = [], [], []
    owner: dict[str, str] = {}
    module_owner: dict[str, str] = {}
    layout = []
    for slot in [*ship["fixed"], ship["command"]["slot"], *order]:
        b = boards[slot]
        dx, dy = slots[slot]["offset"]
        layout.append(f"{slot}: {b.title}")
        check_space_effects(b)
        for m in b.raw.get("modules", []):
            if m["id"] in module_owner:
                raise BoardDataError(
                    b.source or b.id,
                    "$.modules",
                    f"expected a module id no other piece uses: {m['id']!r} is also in "
                    f"{module_owner[m['id']]!r}",
                )
            module_owner[m["id"]] = b.id
            modules.append(copy.deepcopy(m))
        for i, sp in enumerate(b.raw["spaces"]):
            if sp["id"] in owner:
                raise BoardDataError(
                    b.source or b.id,
                    f"$.spaces[{i}].id",
                    f"expected a space id no other piece uses: {sp['id']!r} is also in "
                    f"{owner[sp['id']]!r}",
                )
            owner[sp["id"]] = b.id
            new = copy.deepcopy(sp)
            new["x"], new["y"] = sp["x"] + dx, sp["y"] + dy
            spaces.append(new)
        paths.extend(copy.deepcopy(b.raw["paths"]))
    for i, join in enumerate(ship["joins"]):
        ends = []
        for end in ("a", "b"):
            slot, _, conn = join[end].partition(".")
            if slot not in boards:
                raise BoardDataError(
                    source, f"$.ship.joins[{i}].{end}", f"expected a slot, got {slot!r}"
                )
            spaces_by_conn = {c["id"]: c["space"] for c in boards[slot].raw.get("connectors", [])}
            if conn not in spaces_by_conn:
                raise BoardDataError(
                    source,
                    f"$.ship.joins[{i}].{end}",
                    f"expected a connector of the {slot!r} slot, got {conn!r}",
                )
            ends.append(spaces_by_conn[conn])
        path = {"from": ends[0], "to": ends[1]}
        path.update({k: v for k, v in join.items() if k not in ("a", "b")})
        paths.append(path)

    for mid, rules in data.get("modules", {}).items():
        if mid in module_owner:
            for option in rules.get("conflicts", ()):
                if options.get(option):
                    raise ValueError(
                        f"the {rules.get('name', mid)} module cannot be used with a "
                        f"{option!r} option ({options[option]!r})"
                    )
    pads = [sp["id"] for sp in spaces if sp.get("telepad")]
    if len(pads) < 2:
        raise ValueError(
            f"a {edition!r} ship needs two telepads or more (a TelePass rides from one "
            f"telepad to another, and Q*Alert asks for a ride); these pieces have "
            f"{len(pads)}: {', '.join(pads) or 'none'}"
        )
    names = ", ".join(boards[p].title for p in order)
    doc = {
        "format": "clankwidget-board",
        "version": 1,
        "id": f"{edition}-ship",
        "title": f"Ship: {names}, {boards[ship['command']['slot']].title}",
        "description": "Assembled by clankwidget from pieces (" + "; ".join(layout) + ").",
        "edition": edition,
        "kind": "board",
        "width": ship["width"],
        "height": ship["height"],
        "modules": modules,
        "spaces": spaces,
        "paths": paths,
    }
    return Board.from_dict(doc, source=source)
