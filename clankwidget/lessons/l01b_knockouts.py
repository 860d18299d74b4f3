"""Lesson 01b, the second period of lesson 01: as the clank piles up, and knock-outs over
several attacks.

The story is lesson 01's (:func:`~clankwidget.lessons.l01_dragon_bag.dragon_bag_story`);
the sweep over the cubes blue adds is
:func:`~clankwidget.lessons.l01_dragon_bag.clank_sweep`, its sliders
:func:`~clankwidget.lessons.l01_dragon_bag.dragon_bag_explorer`. This module holds the
second period's exercise: blue knocked out within three attacks that draw one cube more
than the story's. Every number comes from :func:`clankwidget.odds.knockout_odds` (and
:func:`clankwidget.odds.attack_odds` for a trap).
"""

from __future__ import annotations

from ._exercises import Exercise, register
from .l01_dragon_bag import dragon_bag_story

__all__: list[str] = []

#: The exercise: blue with 3 health adds 2 cubes before each of 3 attacks; the rage has
#: risen one step, so each attack draws one cube more than the story's.
EX01B = {"health": 3, "added": 2, "attacks": 3, "more_draws": 1}


def _knocked_out(*, health=None, added=None, attacks=None, draws=None) -> float:
    from ..odds import Attack, knockout_odds

    cubes, story_draws, story_health = dragon_bag_story()
    e = EX01B
    draws = story_draws + e["more_draws"] if draws is None else draws
    hp = dict(story_health, blue=e["health"] if health is None else health)
    add = {"blue": e["added"] if added is None else added}
    n = e["attacks"] if attacks is None else attacks
    ko = knockout_odds(hp, [Attack(draws, add)] * n, bag=cubes, hit_all=None)
    return float(ko.knockout("blue")[-1])


def _ex01b() -> float:
    return _knocked_out()


def _ex01b_traps():
    from ..odds import attack_odds

    cubes, draws, _ = dragon_bag_story()
    e = EX01B
    more = dict(cubes, blue=cubes["blue"] + e["added"])
    one = attack_odds(more, draws + e["more_draws"], health={"blue": e["health"]}, hit_all=None)
    return [
        (
            _knocked_out(draws=draws),
            "That is the lesson's table, with the story's draws. The rage has risen: each "
            "attack draws one cube more.",
        ),
        (
            _knocked_out(added=0),
            "Blue adds 2 cubes before every attack: give each Attack its add={'blue': 2}.",
        ),
        (
            one.knockout("blue"),
            "That is one attack. The question asks for blue knocked out by the end of the "
            "third: knockout_odds follows all three.",
        ),
        (
            _knocked_out(health=2),
            "Blue has 3 health left: knocked out means 3 or more damage in all.",
        ),
    ]


EXERCISE = register(
    Exercise(
        "01b",
        "Blue has 3 health left and adds 2 cubes before each of the next three attacks, and "
        "the rage has risen one step, so each attack draws one cube more than in the story. "
        "What is the chance blue is knocked out by the end of the third attack, to 4 decimal "
        "places?",
        _ex01b,
        "Give odds.knockout_odds the health (blue: 3) and three Attack(draws + 1, "
        "{'blue': 2}), with bag=cubes and hit_all=None; read .knockout('blue') at the end.",
        traps=_ex01b_traps,
    )
)
