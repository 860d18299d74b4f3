"""Cards as the view shows them: public facts about a card type and its rules text,
generated from its effects in the edition's words."""

from __future__ import annotations

from typing import Any

from ..rules.effects import condition_text, describe
from ._edition import edition_part
from .parts import ViewPart

#: A card's effect lists in the order its text reads them, each with its lead-in.
_EFFECT_LEADS = (
    ("play", "Play"),
    ("use", "When acquired, use at once"),
    ("acquire", "On acquire"),
    ("reward", "Defeat"),
    ("arrive", "Arrives"),
)


def card_rules(card, words=describe) -> str:
    """The card's rules text in words, generated from its effects (``words`` puts a list
    of effects into words: the edition's own vocabulary, where it has one)."""
    parts = [f"Only if {condition_text(card.requires)}"] if card.requires else []
    for field, lead in _EFFECT_LEADS:
        effects = getattr(card, field)
        if effects:
            parts.append(f"{lead}: {words(effects)}")
    if card.points:
        parts.append(f"Worth {card.points} points")
    # a sentence that ends in "Clank!" needs no full stop after it
    return " ".join(p if p.endswith(("!", ".", "?")) else p + "." for p in parts)


def card_view(game, card_id: str, part: ViewPart | None = None) -> dict[str, Any]:
    """A card as the view shows it (public facts about the card type only): the rules'
    own card, its text in the edition's words, and the edition part's keys (a faction)."""
    part = part or edition_part(game)
    card = game.rules.card(card_id)
    return {
        "id": card.id,
        "name": card.name,
        "banner": card.banner,
        "cost": card.cost,
        "swords": card.defeat,
        "points": card.points,
        "rules": card_rules(card, part.effects_text),
        "flavour": card.text,
        "dragon": card.dragon,
        "danger": card.danger,
        "companion": card.companion,
        "device": card.is_device,
        "monster": card.is_monster,
        "gem": card.gem,
        **part.card_extra(card_id),
    }
