"""Lesson 01, the dragon bag: the chance of damage at the next dragon attack, and of a
knock-out, in a seeded game of three random bots.

Story: :data:`STORY_01`, :func:`dragon_bag_game`, :func:`dragon_bag_story`; a sweep over
the cubes one player adds: :func:`clank_sweep`; the exercise: two Stumbles before the
attack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from ._common import Table, story_game
from ._exercises import Exercise, register

__all__ = ["STORY_01", "clank_sweep", "dragon_bag_game", "dragon_bag_story"]


STORY_01 = {"players": 3, "seed": 6, "until_turn": 25}
"""Where lesson 01's game came from: three random bots, seed 6, stopped at the start of
turn 25. The game itself is kept as a position, ``board_data/positions/lesson-01-dragon-bag.json``
(saved from that game under the rules of 0.2's first draft), so the story does not drift
when the rules or the bots change."""


def dragon_bag_game():
    """Lesson 01's game (a fresh copy each call): see :data:`STORY_01`."""
    return story_game("lesson-01-dragon-bag", seed=STORY_01["seed"])


@cache
def _story_01() -> tuple[tuple[tuple[str, int], ...], int, tuple[tuple[str, int], ...]]:
    game = dragon_bag_game()
    cubes, draws = game.attack_cubes()
    order = ["black", *(p.colour for p in game.players)]
    bag = tuple((c, int(cubes.get(c, 0))) for c in order)
    health = tuple((p.colour, game.rules.health - p.damage) for p in game.players if p.is_in)
    return bag, int(draws), health


def dragon_bag_story() -> tuple[dict[str, int], int, dict[str, int]]:
    """Lesson 01's next attack as plain numbers: ``(cubes, draws, health)``.

    ``cubes``: the bag plus the Clank area (black first, then the players); ``draws``: how
    many cubes the next attack draws; ``health``: each player's remaining health."""
    bag, draws, health = _story_01()
    return dict(bag), draws, dict(health)


def clank_sweep(
    cubes: Mapping[str, int],
    colour: str,
    draws: Sequence[int],
    added: Sequence[int] = tuple(range(0, 16)),
    *,
    health: int | None = None,
) -> dict[int, Table]:
    """How one attack's odds for ``colour`` change as it adds more cubes to the bag.

    For each draw count in ``draws`` a :class:`Table` with one row per number of extra
    cubes in ``added``: ``p_hit`` (at least one damage), ``expected`` damage and, when
    ``health`` (remaining) is given, ``p_knockout``. All from
    :func:`clankwidget.odds.attack_odds`.
    """
    from ..odds import attack_odds

    out = {}
    for d in draws:
        rows = []
        for k in added:
            bag = dict(cubes)
            bag[colour] = bag.get(colour, 0) + k
            odds = attack_odds(
                bag, d, health=None if health is None else {colour: health}, hit_all=None
            )
            row = {
                "added": k,
                "cubes": bag[colour],
                "p_hit": 1.0 - float(odds.damage(colour)[0]),
                "expected": odds.expected(colour),
            }
            if health is not None:
                row["p_knockout"] = odds.knockout(colour)
            rows.append(row)
        out[d] = Table(rows, title=f"{colour}, {d} cubes drawn")
    return out


def _ex01():
    from ..odds import attack_odds

    cubes, draws, _ = dragon_bag_story()
    cubes["blue"] += 2
    return 1.0 - float(attack_odds(cubes, draws, hit_all=None).damage("blue")[0])


def _ex01_traps():
    from ..odds import attack_odds

    cubes, draws, _ = dragon_bag_story()
    now = 1.0 - float(attack_odds(cubes, draws, hit_all=None).damage("blue")[0])
    right = _ex01()
    more = dict(cubes)
    more["blue"] += 2
    total = sum(more.values())
    binom = 1.0 - (1.0 - more["blue"] / total) ** draws
    return [
        (1.0 - right, "That is the chance blue takes NO damage; the question asks for 1 or more."),
        (now, "That is the chance before the Stumbles: add blue's 2 new cubes to the bag first."),
        (
            binom,
            "That treats each draw as independent (with replacement). Drawn cubes stay out "
            "of the bag: use attack_odds, which draws without replacement.",
        ),
    ]


EXERCISE = register(
    Exercise(
        "01",
        "Blue is about to play two Stumbles (2 more blue cubes in the Clank area) before the "
        "attack of this story. What is the chance blue then takes at least one damage, to 4 "
        "decimal places?",
        _ex01,
        "Add 2 to cubes['blue'], call attack_odds(cubes, draws), and use 1 - damage('blue')[0].",
        traps=_ex01_traps,
    )
)
