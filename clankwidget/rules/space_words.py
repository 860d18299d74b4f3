"""Clank! In! Space! in words: effects described the ship's way (Credits, power crystals,
factions) and the core's log lines put in the ship's words."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .effects import condition_text, describe

__all__ = ["describe_space", "in_ship_words"]

#: the core's words that :meth:`SpaceRules.say` puts in the ship's words, in order
_SHIP_WORDS = (
    (" Gold", " Credits"),
    ("(dragon attack!)", "(boss attack!)"),
    ("The dragon attacks", "The boss attacks"),
    ("dungeon deck", "adventure deck"),
    ("left the dungeon", "left the ship"),
)
#: a word each of them holds: a line with none of these holds none of them (most lines);
#: :func:`in_ship_words` looks for them one by one
_KEYWORDS = ("Gold", "dragon", "dungeon")


def in_ship_words(text: str) -> str:
    """A log line of the core (the dungeon's words) in the ship's words."""
    # replaced one after the other (a line may hold several); most lines hold none, and
    # three quick scans for their key words spare those the five replacements
    if "Gold" in text or "dragon" in text or "dungeon" in text:
        for old, new in _SHIP_WORDS:
            text = text.replace(old, new)
    return text


# ---------------------------------------------------------------------------
# Effects in words


_SPACE_CONDITIONS = {
    "contraband": "you own Contraband",
    "crystal": "you hold a power crystal",
}


def _condition_words(cond: dict, factions: Mapping[str, str]) -> str:
    parts = []
    for key, value in cond.items():
        if key == "faction":
            parts.append(f"another {factions.get(value, value)} card is played this turn")
        elif key in _SPACE_CONDITIONS:
            parts.append(_SPACE_CONDITIONS[key])
        else:
            parts.append(condition_text({key: value}))
    return " and ".join(parts)


def describe_space(
    effects: Iterable[dict],
    factions: Mapping[str, str] | None = None,
    research: Mapping[str, str] | None = None,
) -> str:
    """Effects in words, Clank! In! Space! style (Credits, power crystals, factions):
    ``factions`` and ``research`` name the factions and the Research tokens by id."""
    factions = factions or {}
    research = research or {}
    out = []
    for e in effects:
        key, value = next(iter(e.items()))
        if key == "gold":
            out.append(f"+{value} Credit{'s' if value != 1 else ''}")
        elif key == "crystal":
            out.append(f"+{value} power crystal{'s' if value != 1 else ''}")
        elif key == "row_trash":
            out.append("you may trash a card from the adventure row")
        elif key == "multipass":
            out.append("every faction counts this turn")
        elif key == "race":
            out.append(f"advance your racer {value}")
        elif key == "research":
            out.append(f"take the {research.get(value, value)} Research token")
        elif key == "if":
            then = describe_space(e["then"], factions, research)
            out.append(f"if {_condition_words(value, factions)}: {then}")
        elif key == "choose":
            options = (f"({describe_space(o, factions, research)})" for o in value)
            out.append("choose: " + " or ".join(options))
        else:
            out.append(describe([e]).replace("Gold", "Credits"))
    return ", ".join(out)
