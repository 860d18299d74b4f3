"""The card effect vocabulary, in words.

Effects are data (see ``board_data/README.md``); the engine applies them in
:mod:`clankwidget.rules.core`. This module turns them into the short rules text the
widget and the docs show, so a card's text can never disagree with what it does.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["condition_text", "describe"]

_AMOUNTS = {
    "skill": ("Skill", "Skill"),
    "swords": ("Sword", "Swords"),
    "boots": ("Boot", "Boots"),
    "gold": ("Gold", "Gold"),
    "teleport": ("Teleport", "Teleports"),
}

_CONDITIONS = {
    "companion": "you have another companion in play",
    "artifact": "you hold an artifact",
    "depths": "you are in the Depths",
    "key": "you have a Master Key",
    "crown": "you have a Crown",
}


def condition_text(condition: dict) -> str:
    return " and ".join(_CONDITIONS.get(k, k) for k in condition)


def _one(effect: dict) -> str:
    key, value = next(iter(effect.items()))
    if key in _AMOUNTS:
        one, many = _AMOUNTS[key]
        return f"+{value} {one if value == 1 else many}"
    if key == "clank":
        return f"{value:+d} Clank!"
    if key == "draw":
        return f"draw {value}"
    if key == "heal":
        return f"heal {value}"
    if key == "rage":
        return f"rage +{value}"
    if key == "others_clank":
        return f"each opponent +{value} Clank!"
    if key == "all_clank":
        return f"everyone +{value} Clank!"
    if key == "return_black":
        return f"return {value} black cube{'s' if value != 1 else ''} to the bag"
    if key == "regrow_fruit":
        return "every eaten mystic fruit grows back"
    if key == "pay_gold":
        return f"pay {value} Gold"
    if key == "trash":
        zones = "/".join(value.get("from", ["hand", "discard", "play"]))
        may = "you may trash" if value.get("optional", True) else "trash"
        return f"{may} a card ({zones})"
    if key == "discard":
        return f"you may discard a card to get {describe(effect['then'])}"
    if key == "if":
        return f"if {condition_text(value)}: {describe(effect['then'])}"
    if key == "choose":
        return "choose: " + " or ".join(f"({describe(o)})" for o in value)
    return f"{key} {value}"


def describe(effects: Iterable[dict]) -> str:
    """``[{"skill": 2}, {"clank": -1}]`` -> ``"+2 Skill, -1 Clank!"``."""
    return ", ".join(_one(e) for e in effects)
