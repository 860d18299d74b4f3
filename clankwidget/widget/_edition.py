"""The edition a view is drawn for: its words (the registry's vocabulary over neutral
defaults) and its view part, which fills in what only that edition has."""

from __future__ import annotations

from collections.abc import Mapping

from ..registry import editions, vocabulary
from .parts import ViewPart

#: Words for the parts of the table that an edition's vocabulary may leave out.
_WORDS = {
    "gold": "Gold",
    "boss": "Boss",
    "boss_attack": "boss attack",
    "row": "Row",
    "deck": "Deck",
    "space": "space",
    "spaces": "spaces",
    "place": "board",
    "map": "The board",
    "cubes": "cubes",
}


class _Terms(Mapping):
    """Every registered edition's words, read from the registry when asked."""

    def __getitem__(self, name: str) -> dict[str, str]:
        return {**_WORDS, **vocabulary(name)}

    def __iter__(self):
        return iter([e.name for e in editions()])

    def __len__(self) -> int:
        return len(editions())


#: ``TERMS[edition]``: the words the view uses for an edition's parts (its registry
#: vocabulary over neutral defaults).
TERMS: Mapping[str, dict[str, str]] = _Terms()


def terms(game) -> dict[str, str]:
    """The words for ``game``'s edition: ``clankwidget.edition(game.edition).vocabulary``."""
    return TERMS[game.edition]


def edition_entry(game):
    """``game``'s registry entry (None for an edition the registry does not know)."""
    return next((e for e in editions() if e.name == game.edition), None)


def edition_part(game) -> ViewPart:
    """The view part of ``game``'s edition (its registry ``view``), or the empty part."""
    entry = edition_entry(game)
    make = entry.view_part() if entry is not None else None
    return make(game) if make is not None else ViewPart(game)
