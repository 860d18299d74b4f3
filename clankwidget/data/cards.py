"""Card sets: the cards and components of one edition, from ``board_data/cards/*.json``.

A card file is checked as plain, bounded JSON (:mod:`._files`), against
``cards.schema.json`` (:mod:`._schema`), then for what a schema cannot say: unique ids,
decks that name cards of the set, set-up numbers that fit together (the rage marker starts
on the track, starting Clank! fits in a player's cubes). Every failure is a
:class:`~clankwidget.errors.BoardDataError` naming the file and the JSON path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import BoardDataError
from ._files import check_plain, located, names, read_json
from ._schema import check

__all__ = ["MAX_DECK", "Card", "CardSet", "list_card_sets", "load_cards"]

MAX_DECK = 500
"""Most cards in a dungeon deck, and in a starting deck (the shipped ones hold 40 and 10)."""


def list_card_sets() -> list[str]:
    """Names of the shipped card sets, for :func:`load_cards`."""
    return names("cards")


# ---------------------------------------------------------------------------
# Cards


@dataclass(frozen=True)
class Card:
    """One card type. Instances in decks are referred to by ``id``."""

    id: str
    name: str
    banner: str
    cost: int = 0
    defeat: int = 0
    points: int = 0
    dragon: bool = False
    danger: bool = False
    companion: bool = False
    gem: bool = False
    requires: dict | None = None
    play: tuple = ()
    acquire: tuple = ()
    use: tuple = ()
    reward: tuple = ()
    arrive: tuple = ()
    text: str = ""

    @property
    def is_monster(self) -> bool:
        return self.banner == "monster"

    @property
    def is_device(self) -> bool:
        return self.banner == "device"


_EFFECT_LISTS = ("play", "acquire", "use", "reward", "arrive")


@dataclass(frozen=True, eq=False)
class CardSet:
    """A validated card set: the cards and components of one edition."""

    id: str
    title: str
    edition: str
    cards: dict[str, Card]
    starting_deck: tuple[tuple[str, int], ...]
    dungeon_deck: tuple[tuple[str, int], ...]
    reserve: tuple[tuple[str, int | None], ...]
    market: tuple[dict, ...]
    secrets: dict[str, tuple[dict, ...]]
    idol: dict | None
    setup: dict
    raw: dict = field(repr=False)
    source: str = ""

    @classmethod
    def from_dict(cls, doc: Any, source: str = "<cards>") -> CardSet:
        check_plain(doc, source)
        check("cards", doc, source)
        _check_setup(doc["setup"], source)
        cards: dict[str, Card] = {}
        for i, c in enumerate(doc["cards"]):
            if c["id"] in cards:
                raise BoardDataError(
                    source, f"$.cards[{i}].id", f"expected a unique card id: {c['id']!r} repeats"
                )
            if c["banner"] == "monster" and "defeat" not in c:
                raise BoardDataError(
                    source, f"$.cards[{i}]", 'expected "defeat" (swords) on a monster'
                )
            kw = dict(c)
            for key in _EFFECT_LISTS:
                if key in kw:
                    kw[key] = tuple(kw[key])
            cards[c["id"]] = Card(**kw)

        def stacks(key: str) -> tuple:
            out = []
            for i, entry in enumerate(doc[key]):
                if entry["card"] not in cards:
                    raise BoardDataError(
                        source,
                        f"$.{key}[{i}].card",
                        f"expected the id of a card in $.cards, got {entry['card']!r}",
                    )
                out.append((entry["card"], entry["count"]))
            return tuple(out)

        dungeon = stacks("dungeon_deck")
        for key in ("starting_deck", "dungeon_deck"):
            total = sum(entry["count"] for entry in doc[key])
            if total > MAX_DECK:
                raise BoardDataError(
                    source, f"$.{key}", f"expected at most {MAX_DECK} cards in all, got {total:,}"
                )
        _unique_ids(doc.get("market", []), "$.market", "market item", source)
        for group in ("minor", "major"):
            _unique_ids(
                doc.get("secrets", {}).get(group, []), f"$.secrets.{group}", "secret", source
            )
        for i, (cid, _) in enumerate(dungeon):
            if cards[cid].banner in ("starter", "reserve"):
                raise BoardDataError(
                    source,
                    f"$.dungeon_deck[{i}].card",
                    f"expected an ordinary, device or monster card, {cid!r} is {cards[cid].banner}",
                )
        return cls(
            id=doc["id"],
            title=doc["title"],
            edition=doc["edition"],
            cards=cards,
            starting_deck=stacks("starting_deck"),
            dungeon_deck=dungeon,
            reserve=stacks("reserve"),
            market=tuple(doc["market"]),
            secrets={k: tuple(v) for k, v in doc.get("secrets", {}).items()},
            idol=doc.get("idol"),
            setup=doc["setup"],
            raw=doc,
            source=source,
        )

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __repr__(self) -> str:
        n = sum(c for _, c in self.dungeon_deck)
        return f"<CardSet {self.id!r}: {len(self.cards)} cards, dungeon deck of {n}>"


def load_cards(name_or_path: str | Path = "clank-teaching") -> CardSet:
    """Load a shipped card set by name (see :func:`list_card_sets`) or any card file by path."""
    if isinstance(name_or_path, CardSet):
        return name_or_path
    return _load_cards_file(*located(name_or_path, "cards", "card set"))


@cache
def _load_cards_file(path: str, mtime: float) -> CardSet:
    return CardSet.from_dict(read_json(Path(path)), source=path)


def _unique_ids(items, where: str, what: str, source: str) -> None:
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        if item["id"] in seen:
            raise BoardDataError(
                source,
                f"{where}[{i}].id",
                f"expected a unique {what} id: {item['id']!r} is also {where}[{seen[item['id']]}]",
            )
        seen[item["id"]] = i


def _check_setup(setup: dict, source: str) -> None:
    """The set-up numbers that must fit together (the schema bounds each one alone)."""
    track = setup["rage_track"]
    for players, rage in setup["rage_start"].items():
        if rage >= len(track):
            raise BoardDataError(
                source,
                f"$.setup.rage_start.{players}",
                f"expected a place on the rage track (0 to {len(track) - 1}, the track has "
                f"{len(track)} spaces), got {rage}",
            )
    for i, clank in enumerate(setup["starting_clank"]):
        if clank > setup["cubes"]:
            raise BoardDataError(
                source,
                f"$.setup.starting_clank[{i}]",
                f"expected at most the {setup['cubes']} cubes a player has, got {clank}",
            )
