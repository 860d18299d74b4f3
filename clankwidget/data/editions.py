"""Edition data beyond boards and card sets: Clank! In! Space! and Pulsarcade.

* :func:`load_edition` reads ``board_data/space/<name>.json`` (how a ship is assembled,
  the rage track's red zone, the bank, Arcade Cabinets, the rules data of ship modules),
  with ``extends`` merged;
* :func:`load_card_extras` reads ``board_data/space/<card set id>.json`` (factions and
  the space-only effects of a card set's cards);
* :func:`check_space_effects` checks the ``data_port`` and ``enter`` effects of a
  board's spaces in an edition's effect vocabulary (a ship piece's in Space's).

All three validate with the one schema registry (:mod:`._schema`) and then check what a
schema cannot say: every id a file refers to exists (slots, connectors, race-track
spaces, vaults, factions, cards, secret tokens). Errors are
:class:`~clankwidget.errors.BoardDataError` naming the file and the JSON path.
"""

from __future__ import annotations

import copy
import re
import weakref
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import BoardDataError
from ._files import board_data_dir, check_plain, mtime, read_json
from ._schema import check
from .boards import Board
from .cards import CardSet

__all__ = ["check_edition_fits", "check_space_effects", "load_card_extras", "load_edition"]

_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _space_dir() -> Path:
    return board_data_dir() / "space"


def load_edition(name: str = "space") -> dict:
    """The edition file ``board_data/space/<name>.json``, validated, with ``extends`` merged."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise BoardDataError(
            repr(name)[:60],
            "$",
            "expected the name of an edition file (lower-case letters, "
            "digits, '-' and '_'), such as 'space' or 'pulsarcade'",
        )
    return copy.deepcopy(_load_edition(name))


@cache
def _load_edition(name: str, chain: tuple[str, ...] = ()) -> dict:
    path = _space_dir() / f"{name}.json"
    doc = read_json(path)
    check("space-edition", doc, str(path))
    base_name = doc.get("extends")
    if base_name:
        if base_name in (*chain, name):
            raise BoardDataError(
                path,
                "$.extends",
                f"expected an edition that does not extend itself, "
                f"got {' -> '.join((*chain, name, base_name))}",
            )
        base = dict(_load_edition(base_name, (*chain, name)))
        base.update({k: v for k, v in doc.items() if k != "extends"})
        doc = base
    _check_edition(doc, str(path))
    return doc


def _refer(ids: Iterable[str], value: Any, source: str, where: str, what: str) -> None:
    ids = list(ids)
    if value not in ids:
        raise BoardDataError(
            source,
            where,
            f"expected one of the {what} ({', '.join(map(repr, ids))}), got {value!r}",
        )


def _check_edition(doc: dict, source: str) -> None:
    """The ids an edition file refers to exist in it (slots, connectors, track spaces)."""
    ship = doc.get("ship")
    if ship:
        slots = ship["slots"]
        for slot in ship["fixed"]:
            _refer(slots, slot, source, f"$.ship.fixed.{slot}", "slots in $.ship.slots")
        _refer(slots, ship["command"]["slot"], source, "$.ship.command.slot", "slots")
        _refer(
            ship["command"]["pieces"],
            ship["command"]["default"],
            source,
            "$.ship.command.default",
            "command pieces",
        )
        for i, pos in enumerate(ship["positions"]):
            _refer(slots, pos, source, f"$.ship.positions[{i}]", "slots in $.ship.slots")
        for pos in ship["first_game"]:
            _refer(ship["positions"], pos, source, f"$.ship.first_game.{pos}", "positions")
        for i, join in enumerate(ship["joins"]):
            for end in ("a", "b"):
                slot, _, conn = join[end].partition(".")
                where = f"$.ship.joins[{i}].{end}"
                _refer(slots, slot, source, where, "slots in $.ship.slots")
                _refer(slots[slot]["connectors"], conn, source, where, f"connectors of {slot!r}")
    for mid, rules in doc.get("modules", {}).items():
        where = f"$.modules.{mid}"
        if rules["kind"] == "race-track":
            track = rules["track"]
            _refer(track, rules["start"], source, f"{where}.start", "race-track spaces")
            for key, spot in track.items():
                for j, nxt in enumerate(spot.get("next", ())):
                    _refer(track, nxt, source, f"{where}.track.{key}.next[{j}]", "track spaces")
            if not any(spot.get("finish") for spot in track.values()):
                raise BoardDataError(source, f"{where}.track", 'expected a space with "finish"')
        elif rules["kind"] == "vault":
            vaults = rules["vaults"]
            for j, (vault, slot) in enumerate(rules["fill"]):
                _refer(vaults, vault, source, f"{where}.fill[{j}][0]", "vaults")
                if slot >= len(vaults[vault]["slots"]):
                    raise BoardDataError(
                        source,
                        f"{where}.fill[{j}][1]",
                        f"expected a slot of {vault!r} (0 to {len(vaults[vault]['slots']) - 1}), "
                        f"got {slot}",
                    )
    seen: set[str] = set()
    for i, cabinet in enumerate(doc.get("cabinets", ())):
        if cabinet["id"] in seen:
            raise BoardDataError(
                source, f"$.cabinets[{i}].id", f"expected a unique id, {cabinet['id']!r} repeats"
            )
        seen.add(cabinet["id"])


def load_card_extras(cards: CardSet, doc: dict | None = None) -> dict:
    """The space-only rules of a card set's cards (factions, bonuses, special secrets).

    Read from ``board_data/space/<card set id>.json`` unless ``doc`` is given; a card set
    without such a file has no factions or bonuses. Every card id, faction and secret
    token it names must exist.
    """
    if doc is None:
        path = _space_dir() / f"{cards.id}.json"
        if not path.exists():
            return {"cards": {}, "tokens": {}, "factions": {}}
        return _load_card_extras_file(str(path), cards)
    source = "<card extras>"
    check_plain(doc, source)
    check("space-cards", doc, source)
    _check_extras_against(doc, cards, source)
    return doc


@cache
def _read_card_extras(path: str, mtime: float) -> dict:
    doc = read_json(Path(path))
    check("space-cards", doc, path)
    return doc


def _load_card_extras_file(path: str, cards: CardSet) -> dict:
    doc = _read_card_extras(path, mtime(Path(path)))
    _check_extras_against(doc, cards, path)
    return doc


def _factions_named(effects, where: str):
    """(json path, faction) of every faction condition in a list of effects, however deep."""
    stack = [(effects, where)]
    while stack:
        items, at = stack.pop()
        for i, effect in enumerate(items):
            if "if" in effect and "faction" in effect["if"]:
                yield f"{at}[{i}].if.faction", effect["if"]["faction"]
            if "then" in effect:
                stack.append((effect["then"], f"{at}[{i}].then"))
            for j, option in enumerate(effect.get("choose", ())):
                stack.append((option, f"{at}[{i}].choose[{j}]"))


def _check_extras_against(doc: dict, cards: CardSet, source: str) -> None:
    if doc["id"] != cards.id:
        raise BoardDataError(
            source, "$.id", f"expected the id of the card set, {cards.id!r}, got {doc['id']!r}"
        )
    for cid in doc["cards"]:
        if cid not in cards.cards:
            raise BoardDataError(
                source, f"$.cards.{cid}", f"expected the id of a card in {cards.id!r}"
            )
    factions = doc.get("factions", {})
    listed = f"one of the factions in $.factions ({', '.join(factions) or 'none declared'})"
    for cid, entry in doc["cards"].items():
        if "faction" in entry and entry["faction"] not in factions:
            raise BoardDataError(source, f"$.cards.{cid}.faction", f"expected {listed}")
        for key, effects in entry.items():
            if isinstance(effects, list):
                for where, faction in _factions_named(effects, f"$.cards.{cid}.{key}"):
                    if faction not in factions:
                        raise BoardDataError(source, where, f"expected {listed}")
    tokens = {t["id"] for group in cards.secrets.values() for t in group}
    for tid in doc.get("tokens", {}):
        if tid not in tokens:
            raise BoardDataError(
                source,
                f"$.tokens.{tid}",
                f"expected the id of a secret token in {cards.id!r} ({', '.join(sorted(tokens))})",
            )


#: boards whose space effects were checked, with the vocabularies they were checked in
_CHECKED: weakref.WeakKeyDictionary[Board, set] = weakref.WeakKeyDictionary()


def check_space_effects(board: Board, vocabulary: str = "space-effects") -> None:
    """The ``data_port`` and ``enter`` effects of a board's spaces, in an edition's
    effect vocabulary: ``"space-effects"`` (``space-effects.schema.json``, a ship piece's)
    or ``"card-effects"`` (the card schema's, Clank! Legacy's). The board schema already
    checked them on load in the whole family's vocabulary (the card effects and the Space
    ones; a ``"legacy"`` board's in the card effects only); this refuses, when a game
    opens, what an edition that plays fewer cannot do (a power crystal on another
    edition's board played as Legacy), naming the file and the path. Checked once per
    board object."""
    done = _CHECKED.setdefault(board, set())
    if vocabulary in done:
        return
    for i, sp in enumerate(board.raw["spaces"]):
        for key in ("data_port", "enter"):
            if key in sp:
                try:
                    check(vocabulary, sp[key], board.source or board.id, f"$.spaces[{i}].{key}")
                except BoardDataError as exc:
                    if vocabulary not in _PLAYS:
                        raise
                    problem = f"{exc.problem}; {_PLAYS[vocabulary]}"
                    raise BoardDataError(exc.file, exc.json_path, problem) from None
    done.add(vocabulary)


#: what an edition that plays fewer effects on its spaces than a board may name plays
_PLAYS = {
    "card-effects": "a Clank! Legacy game's spaces give only the card effects, "
    "not those of Clank! In! Space! or Pulsarcade",
}


def check_edition_fits(edition: dict, cards: CardSet, source: str | None = None) -> None:
    """The rage indices of an edition file (red zone, plaid, bounty hunters, lockdown) are
    places on the card set's rage track. For the rules to call once they hold both; the
    error names the edition file's path (``source``, default ``<edition id>.json``)."""
    rage = edition.get("rage")
    if not rage:
        return
    source = source or f"{edition.get('id', 'edition')}.json"
    length = len(cards.setup["rage_track"])
    places = [(f"$.rage.red_zone[{i}]", v) for i, v in enumerate(rage.get("red_zone", ()))]
    places += [(f"$.rage.hunters.{k}", int(k)) for k in rage.get("hunters", {})]
    places += [(f"$.rage.{key}", rage[key]) for key in ("plaid", "lockdown") if key in rage]
    for where, index in places:
        if index >= length:
            raise BoardDataError(
                source,
                where,
                f"expected a place on the rage track of {cards.id!r} (0 to {length - 1}), "
                f"got {index}",
            )
