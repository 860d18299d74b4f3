"""Lesson 07b, the second period of lesson 07: is the Ash Gremlin worth fighting? Several
attacks, where a knock-out changes the ones after it.

The story is lesson 07's (:func:`~clankwidget.lessons.l07_danger_cards.danger_story`);
the tables are :func:`~clankwidget.lessons.l07_danger_cards.danger_knockout`,
:func:`~clankwidget.lessons.l07_danger_cards.knockout_by_attack` and its simulation
:func:`~clankwidget.lessons.l07_danger_cards.knockout_sampled`. This module holds the
second period's exercise: yellow's chance of a knock-out within four attacks once the Ash
Gremlin is defeated, with the rules (a thief knocked out adds no cubes; the first
knock-out starts the countdown).
"""

from __future__ import annotations

from ._exercises import Exercise, register
from .l07_danger_cards import danger_knockout, danger_story, knockout_by_attack

__all__: list[str] = []

#: The exercise: yellow, one Danger card left in the row, four attacks.
EX07B = {"colour": "yellow", "dangers": 1, "attacks": 4}


def _ex07b() -> float:
    e = EX07B
    return float(knockout_by_attack(danger_story(), e["colour"], e["attacks"], e["dangers"])[-1])


def _ex07b_traps():
    story, e = danger_story(), EX07B
    colour, n, d = e["colour"], e["attacks"], e["dangers"]
    fixed = danger_knockout(story, colour, n, dangers=[d], rules=False)
    return [
        (
            float(knockout_by_attack(story, colour, n, d + 1)[-1]),
            "That is with both Danger cards still in the row; green has defeated the Ash "
            "Gremlin, so one is left.",
        ),
        (
            float(fixed.rows[-1][fixed.columns[-1]]),
            "That is the fixed sequence of odds.knockout_odds: it leaves out the countdown "
            "that the first knock-out starts (and that a thief knocked out adds no cubes).",
        ),
        (
            float(knockout_by_attack(story, colour, n, 0)[-1]),
            "That is with no Danger card left; green has defeated only the Ash Gremlin.",
        ),
        (
            float(knockout_by_attack(story, colour, 1, d)[-1]),
            "That is the next attack only; the question asks for knocked out by the end of "
            "the fourth.",
        ),
    ]


EXERCISE = register(
    Exercise(
        "07b",
        "Green defeats the Ash Gremlin, so one Danger card is left in the row. With the "
        "rules (a thief knocked out adds no cubes, and the first knock-out starts the "
        "countdown), what is the chance yellow is knocked out by the end of the fourth "
        "attack, to 4 decimal places?",
        _ex07b,
        "lessons.knockout_by_attack(story, 'yellow', 4, dangers=...) follows both rules; "
        "its last value is the chance by the end of the fourth attack.",
        traps=_ex07b_traps,
    )
)
