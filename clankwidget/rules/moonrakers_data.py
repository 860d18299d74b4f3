"""Moonrakers card sets: load ``board_data/moonrakers/<name>.json``, validate, wrap.

A Moonrakers card set holds the action cards, crew, ship parts, contracts, objectives,
the hazard die and the set-up numbers (format: ``board_data/moonrakers/README.md``,
schema: ``board_data/schema/moonrakers.schema.json``). It is checked against its schema
on load, then for what a schema cannot say (unique ids, stacks naming known cards, crew
decks of crew cards); a failure raises :class:`~clankwidget.errors.BoardDataError`
naming the file, the JSON path and what was expected, as :mod:`clankwidget.data` does.

The result is a :class:`~clankwidget.data.CardSet` (so the deck-building core deals the
starting decks and the supply of basic action cards as it does for every edition) whose
``raw`` document holds the rest; :class:`MoonrakersData` indexes that rest for the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..data import Card, CardSet
from ..data._files import mtime, read_json, resolve
from ..data._schema import validator
from ..errors import BoardDataError

__all__ = ["KINDS", "MoonrakersData", "card_set_from_dict", "dice_words", "load_card_set"]

#: The requirement kinds a card meets, in display order.
KINDS = ("damage", "shield", "reactor", "thruster", "crew")
FORMAT = "clankwidget-moonrakers"


def dice_words(n: int, what: str = "") -> str:
    """``n`` dice in words, one "die", more (or none) "dice": ``dice_words(1, "hazard")``
    is ``"1 hazard die"``."""
    noun = "die" if n == 1 else "dice"
    return f"{n} {what} {noun}" if what else f"{n} {noun}"


def _schema_check(doc: Any, source: str) -> None:
    from jsonschema.exceptions import best_match

    # (the data layer's validator: a count is an integer, 5.0 is not one)
    error = best_match(validator("moonrakers").iter_errors(doc))
    if error is None:
        return
    schema = error.schema if isinstance(error.schema, dict) else {}
    expected = schema.get("title") or {
        "additionalProperties": "only the fields board_data/moonrakers/README.md lists",
        "required": "the required fields",
        "type": f"a value of type {error.validator_value}",
        "enum": "one of " + ", ".join(map(repr, error.validator_value or ()))
        if error.validator == "enum"
        else "",
        "const": repr(error.validator_value),
    }.get(error.validator, "a value that matches the schema")
    raise BoardDataError(source, error.json_path, f"expected {expected}: {error.message}")


def load_card_set(name_or_path: str | Path | CardSet = "moonrakers-teaching") -> CardSet:
    """A shipped Moonrakers card set by name (``board_data/moonrakers/<name>.json``) or
    any Moonrakers card file by path; a :class:`CardSet` is returned as it is."""
    if isinstance(name_or_path, CardSet):
        return name_or_path
    path = resolve(name_or_path, "moonrakers", "Moonrakers card set")
    return _load_file(str(path), mtime(path))


@cache
def _load_file(path: str, mtime: float) -> CardSet:
    # (bounded, UTF-8, plain JSON: as every data file is read)
    return card_set_from_dict(read_json(path), source=path)


def _unique(items: list[dict], where: str, source: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for i, item in enumerate(items):
        if item["id"] in out:
            raise BoardDataError(
                source, f"$.{where}[{i}].id", f"expected a unique id: {item['id']!r} repeats"
            )
        out[item["id"]] = item
    return out


def card_set_from_dict(doc: Any, source: str = "<moonrakers cards>") -> CardSet:
    """Validate a Moonrakers card-set document and wrap it as a :class:`CardSet`."""
    _schema_check(doc, source)
    ol = doc.get("overload")
    cards = _unique(doc["cards"] + (ol["cards"] if ol else []), "cards", source)

    def stacks(key: str, kinds: set[str] | None = None, where: dict = doc) -> tuple:
        out = []
        at = key if where is doc else f"overload.{key}"
        for i, entry in enumerate(where[key]):
            cid = entry["card"]
            if cid not in cards:
                raise BoardDataError(
                    source, f"$.{at}[{i}].card", f"expected the id of a card in $.cards: {cid!r}"
                )
            if kinds is not None and cards[cid]["kind"] not in kinds:
                raise BoardDataError(
                    source,
                    f"$.{at}[{i}].card",
                    f"expected a card of kind {' or '.join(sorted(kinds))}, "
                    f"{cid!r} is {cards[cid]['kind']}",
                )
            out.append((cid, entry["count"]))
        return tuple(out)

    actions = {"damage", "shield", "reactor", "thruster"}
    starting = stacks("starting_deck", actions | {"miss", "crew"})
    reserve = stacks("reserve", actions)
    stacks("crew_deck", {"crew"})
    if ol:
        stacks("advanced", actions, where=ol)
        stacks("crew_deck", {"crew"}, where=ol)
    _unique(doc["objectives"] + (ol["objectives"] if ol else []), "objectives", source)
    _unique(doc["contracts"] + (ol["contracts"] if ol else []), "contracts", source)
    _unique(doc["parts"] + (ol["parts"] if ol else []), "parts", source)
    for where, prefix in ((doc, "$"), (ol or {"parts": []}, "$.overload")):
        for i, part in enumerate(where["parts"]):
            for j, cid in enumerate(part["adds"]):
                if cid not in cards:
                    raise BoardDataError(
                        source,
                        f"{prefix}.parts[{i}].adds[{j}]",
                        f"expected the id of a card: {cid!r}",
                    )
    parts = _unique(doc["parts"], "parts", source)
    contracts = _unique(doc["contracts"], "contracts", source)
    su = doc["setup"]
    easy = sum(1 for c in contracts.values() if c["dice"] < su["redraw_dice"])
    if easy < su["dispatch"] + 1:
        raise BoardDataError(
            source,
            "$.contracts",
            f"expected at least {su['dispatch'] + 1} contracts with fewer than "
            f"{su['redraw_dice']} dice (Dispatch shows {su['dispatch']}), found {easy}",
        )
    if len(parts) < su["parts_offer"]:
        raise BoardDataError(source, "$.parts", f"expected at least {su['parts_offer']} parts")
    wrapped = {
        cid: Card(id=cid, name=c["name"], banner=c["kind"], cost=c["cost"], text=c.get("text", ""))
        for cid, c in cards.items()
    }
    return CardSet(
        id=doc["id"],
        title=doc["title"],
        edition=doc["edition"],
        cards=wrapped,
        starting_deck=starting,
        dungeon_deck=(),
        reserve=reserve,
        market=(),
        secrets={},
        idol=None,
        setup=dict(doc["setup"]),
        raw=doc,
        source=source,
    )


@dataclass(frozen=True)
class MoonrakersData:
    """The parts of a Moonrakers card set the deck core does not know, by id."""

    cards: dict[str, dict]
    parts: dict[str, dict]
    contracts: dict[str, dict]
    objectives: dict[str, dict]
    crew_deck: tuple[tuple[str, int], ...]
    faces: tuple[int, ...]
    #: Overload's advanced action deck, ``(card, count)`` (empty without the option).
    advanced: tuple[tuple[str, int], ...] = ()
    #: Overload's set-up numbers (``advanced_offer``, ``free_removals``; empty without it).
    overload: dict | None = None
    #: The ids of the crew cards, and of the advanced action cards (objectives count them).
    crew_cards: frozenset[str] = frozenset()
    advanced_cards: frozenset[str] = frozenset()

    @classmethod
    def of(cls, card_set: CardSet, overload: bool = False) -> MoonrakersData:
        """The card set by id; with ``overload`` its Overload section is shuffled in
        (refused with :class:`BoardDataError` when the set has none)."""
        raw = card_set.raw
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise BoardDataError(
                card_set.source or card_set.id,
                "$.format",
                f"expected a Moonrakers card set ({FORMAT!r}); "
                "load one with clankwidget.rules.moonrakers_data.load_card_set",
            )
        ol = raw.get("overload")
        if overload and not ol:
            raise BoardDataError(
                card_set.source or card_set.id,
                "$.overload",
                "expected an Overload section: this card set cannot play the overload option",
            )
        ol = ol if overload else None

        def both(key: str) -> list:
            return raw[key] + (ol[key] if ol else [])

        cards = {c["id"]: c for c in both("cards")}
        advanced = tuple((e["card"], e["count"]) for e in ol["advanced"]) if ol else ()
        return cls(
            cards=cards,
            parts={c["id"]: c for c in both("parts")},
            contracts={c["id"]: c for c in both("contracts")},
            objectives={c["id"]: c for c in both("objectives")},
            crew_deck=tuple((e["card"], e["count"]) for e in both("crew_deck")),
            faces=tuple(raw["die"]["faces"]),
            advanced=advanced,
            overload=dict(ol["setup"]) if ol else None,
            crew_cards=frozenset(cid for cid, c in cards.items() if c["kind"] == "crew"),
            advanced_cards=frozenset(cid for cid, _ in advanced),
        )
