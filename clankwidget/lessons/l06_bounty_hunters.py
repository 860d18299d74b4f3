"""Lesson 06, bounty hunters (Clank! In! Space!): red cubes that hurt everyone, and clones
in the Cloning Vats that soak them.

Story: :func:`space_story`; the law of one thief's damage with clones:
:func:`clone_damage` (exact), :func:`clone_damage_sampled` (simulated); what a clone's
cube costs at the next attack: :func:`clone_cube_cost`; the exercise: one clone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from .. import _args
from ..errors import LessonInputError
from ._exercises import Exercise, register

__all__ = [
    "SpaceStory",
    "clone_cube_cost",
    "clone_damage",
    "clone_damage_sampled",
    "space_story",
]


@dataclass(frozen=True)
class SpaceStory:
    """Lesson 06's boss attack in Clank! In! Space!: the bag (black, red bounty hunters,
    player cubes), the draw count and each player's remaining health."""

    cubes: Mapping[str, int]
    draws: int
    health: Mapping[str, int]


def space_story() -> SpaceStory:
    """Lesson 06: three thieves aboard; the boss marker has passed two red-zone spaces, so
    two bounty hunter cubes are in the bag, and the attack draws 4."""
    return SpaceStory(
        cubes={"black": 18, "red": 2, "blue": 6, "yellow": 3, "green": 4},
        draws=4,
        health={"blue": 3, "yellow": 5, "green": 7},
    )


def clone_damage(
    cubes: Mapping[str, int], draws: int, colour: str, clones: int, *, red: str = "red"
) -> np.ndarray:
    """Exact law of ``colour``'s damage at one attack when they have ``clones`` clones in
    the Cloning Vats: each drawn ``red`` cube hits a clone instead while one is left.

    Damage = own cubes drawn + max(0, red cubes drawn - clones):
    :func:`clankwidget.odds.attack_odds` with ``clones=``, cut at the most damage
    ``colour`` can take.
    """
    from ..odds import attack_odds

    cubes, clones = _clone_args(cubes, colour, clones, red)
    odds = attack_odds(dict(cubes), draws, hit_all=red, clones={colour: clones})
    return odds.damage(colour)[: _most_clone_damage(cubes, draws, colour, clones, red) + 1]


def _most_clone_damage(cubes, draws, colour, clones, red) -> int:
    """The most damage ``colour`` can take at one attack with ``clones`` clones."""
    own, reds = cubes.get(colour, 0), cubes.get(red, 0)
    drawn = min(draws, sum(cubes.values()))
    return max(
        a + max(0, r - clones)
        for a in range(min(own, drawn) + 1)
        for r in range(min(reds, drawn - a) + 1)
    )


def clone_damage_sampled(
    cubes: Mapping[str, int],
    draws: int,
    colour: str,
    clones: int,
    *,
    n: int = 200_000,
    seed: int,
    red: str = "red",
) -> np.ndarray:
    """The same as :func:`clone_damage` (and of the same length), estimated from ``n``
    seeded attacks drawn by :func:`clankwidget.odds.sample_attacks`."""
    from ..odds import sample_attacks

    cubes, clones = _clone_args(cubes, colour, clones, red)
    sim = sample_attacks(dict(cubes), draws, n, seed=seed, hit_all=red, clones={colour: clones})
    size = _most_clone_damage(cubes, draws, colour, clones, red) + 1
    return np.bincount(sim.damage_samples(colour), minlength=size) / n


def clone_cube_cost(
    cubes: Mapping[str, int],
    draws: int,
    colour: str,
    *,
    next_draws: int | None = None,
    red: str = "red",
) -> float:
    """What the cube of a clone that absorbs a hit at this attack costs ``colour`` at the
    next one: the expected damage it adds there, exact.

    This attack draws ``draws`` cubes from ``cubes``; the clone absorbs a hit when a
    ``red`` cube is among them, and its cube (one more of ``colour``) joins the bag for the
    next attack. That attack draws ``next_draws`` (default ``draws``) from what is left:
    the black and player cubes drawn now leave the bag, the red ones come back. Expected
    damage at an attack drawing ``d`` of ``T`` cubes, ``h`` of which hurt ``colour``
    (theirs and the red ones), is ``d h / T``; the cost is that with the clone's cube minus
    that without, averaged over this attack's draws with a red cube. Kept simple: nobody
    adds Clank! between the two attacks, and ``colour`` has no clone left at the next.
    """
    cubes = _args.bag(cubes)
    _args.one_of(colour, cubes, "colour")
    _args.one_of(red, cubes, "red")
    draws = _args.whole(draws, "draws", least=1)
    d_next = draws if next_draws is None else _args.whole(next_draws, "next_draws")
    kinds = list(cubes)
    total = sum(cubes.values())
    take = min(draws, total)
    if (ways := math.prod(min(k, take) + 1 for k in cubes.values())) > MAX_DRAW_KINDS:
        raise LessonInputError(
            f"this bag has {float(ways):.3g} kinds of draw to go through; at most "
            f"{MAX_DRAW_KINDS:,} are (fewer colours or fewer cubes drawn)"
        )
    if not cubes[red] or not take:
        raise LessonInputError(f"no draw from this bag holds a {red} cube: nothing to absorb")
    weight = cost = 0.0
    for drawn in itertools.product(*(range(min(cubes[k], take) + 1) for k in kinds)):
        got = dict(zip(kinds, drawn, strict=True))
        if sum(drawn) != take or got[red] == 0:
            continue  # not a draw of this size, or no red cube: the clone absorbs nothing
        p = math.prod(math.comb(cubes[k], got[k]) for k in kinds) / math.comb(total, take)
        left = {k: cubes[k] - (0 if k == red else got[k]) for k in kinds}
        size = sum(left.values())
        hurt = left[colour] + left[red]
        before = min(d_next, size) * hurt / size if size else 0.0
        after = min(d_next, size + 1) * (hurt + 1) / (size + 1)
        weight += p
        cost += p * (after - before)
    return cost / weight


MAX_DRAW_KINDS = 1_000_000
"""The most kinds of draw (cubes of each colour) :func:`clone_cube_cost` goes through."""


def _clone_args(cubes, colour, clones, red) -> tuple[dict[str, int], int]:
    """The bag and the clone count of the clone helpers, checked."""
    cubes = _args.bag(cubes)
    _args.one_of(colour, cubes, "colour")
    if not isinstance(red, str):
        raise LessonInputError(f"red must be a colour (text), got {_args.shown(red)}")
    return cubes, _args.whole(clones, "clones")


def _ex06():
    story = space_story()
    return 1.0 - float(clone_damage(story.cubes, story.draws, "yellow", 1)[0])


def _ex06_traps():
    from ..odds import attack_odds

    story = space_story()
    right = _ex06()
    no_clone = 1.0 - float(attack_odds(story.cubes, story.draws, hit_all="red").damage("yellow")[0])
    calm = dict(story.cubes, black=story.cubes["black"] + story.cubes["red"], red=0)
    no_red = 1.0 - float(attack_odds(calm, story.draws, hit_all="red").damage("yellow")[0])
    two = 1.0 - float(clone_damage(story.cubes, story.draws, "yellow", 2)[0])
    blue = 1.0 - float(clone_damage(story.cubes, story.draws, "blue", 1)[0])
    return [
        (
            1.0 - right,
            "That is the chance yellow takes NO damage; the question asks for 1 or more.",
        ),
        (no_clone, "That is without a clone. With one, the first red cube drawn spares yellow."),
        (
            two if abs(two - no_red) > 1e-9 else no_red,
            "That is as if no red cube could hurt yellow (two clones, or no bounty hunters); "
            "with one clone, a second red cube drawn still hurts.",
        ),
        (blue, "That is blue's chance; the question is about yellow (3 cubes in the bag)."),
    ]


EXERCISE = register(
    Exercise(
        "06",
        "Yellow, not blue, leaves one clone in the Cloning Vats. What is the chance yellow "
        "takes at least one damage at this attack, to 4 decimal places?",
        _ex06,
        "clone_damage(cubes, draws, 'yellow', clones=1) is the law of yellow's damage; "
        "at least one damage is 1 minus its first entry.",
        traps=_ex06_traps,
    )
)
