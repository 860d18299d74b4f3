"""Lesson 01, the dragon bag: the chance of damage at the next dragon attack, and of a
knock-out, in a seeded game of three random bots.

Story: :data:`STORY_01`, :func:`dragon_bag_game`, :func:`dragon_bag_story`; counting a
six-cube bag by hand: :data:`SMALL_BAG`, :func:`every_draw`; the formula beside the
binomial: :func:`hypergeometric_table`; a sweep over the cubes one player adds:
:func:`clank_sweep`; the exercise: two Stumbles before the attack.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache

from .. import _args
from ..errors import LessonInputError
from ._common import Table, story_game
from ._exercises import Exercise, register

__all__ = [
    "SMALL_BAG",
    "STORY_01",
    "clank_sweep",
    "dragon_bag_explorer",
    "dragon_bag_game",
    "dragon_bag_story",
    "every_draw",
    "hypergeometric_table",
]


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

    cubes = _args.bag(cubes)
    _args.one_of(colour, cubes, "colour")
    draws = [_args.whole(d, "each of draws") for d in _args.items(draws, "draws")]
    added = [_args.whole(k, "each of added") for k in _args.items(added, "added")]
    rows = len(draws) * len(added)  # (one exact attack_odds each)
    if rows > _args.MAX_COUNT:
        raise LessonInputError(
            f"{len(draws):,} draws times {len(added):,} added make {rows:,} rows; "
            f"at most {_args.MAX_COUNT:,}"
        )
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


# ---------------------------------------------------------------------------
# Counting by hand: a small bag, every draw listed

MAX_DRAWS_LISTED = 10_000
"""The most draws :func:`every_draw` lists, one row each."""

SMALL_BAG = {"black": 3, "blue": 2, "yellow": 1}
"""Lesson 01's bag to count by hand: six cubes (3 black, 2 blue, 1 yellow); draw 2."""


def every_draw(cubes: Mapping[str, int] = SMALL_BAG, draws: int = 2, colour: str = "blue"):
    """Every way to draw ``draws`` cubes from a small bag, each cube told apart by a number
    (``blue1``, ``blue2``, ...): one row per draw with the damage it does to ``colour``; and
    a summary, per amount of damage, of the ways, the ways over all draws, and the same
    chance from :func:`clankwidget.odds.attack_odds`. Returns ``(draws table, summary)``.

    The draws are equally likely (the dragon takes any ``draws`` cubes at random), so a
    chance is a count: the ways that give it over all the ways, ``C(N, draws)``."""
    from itertools import combinations

    from ..odds import attack_odds

    cubes = _args.bag(cubes)
    total = sum(cubes.values())
    draws = _args.whole(draws, "draws", most=total)
    _args.one_of(colour, cubes, "colour")
    if (ways := math.comb(total, draws)) > MAX_DRAWS_LISTED:
        raise LessonInputError(
            f"{draws} cubes from {total} can be drawn {float(ways):.3g} ways; this "
            f"table lists at most {MAX_DRAWS_LISTED:,} (use hypergeometric_table to count them)"
        )
    labelled = [f"{c}{i}" for c, k in cubes.items() for i in range(1, k + 1)]
    rows, ways = [], {}
    for pick in combinations(labelled, draws):
        hits = sum(cube.rstrip("0123456789") == colour for cube in pick)
        rows.append({"draw": " + ".join(pick), f"{colour} damage": hits})
        ways[hits] = ways.get(hits, 0) + 1
    exact = attack_odds(dict(cubes), draws, hit_all=None).damage(colour)
    total = len(rows)
    summary = [
        {
            f"{colour} damage": k,
            "ways": ways.get(k, 0),
            "by counting": ways.get(k, 0) / total,
            "attack_odds": float(exact[k]) if k < len(exact) else 0.0,
        }
        for k in range(draws + 1)
    ]
    return (
        Table(rows, title=f"All {total} draws of {draws} from {sum(cubes.values())} cubes"),
        Table(summary, title=f"{colour}: counted, and from attack_odds"),
    )


def hypergeometric_table(cubes: Mapping[str, int], draws: int, colour: str) -> Table:
    """The law of ``colour``'s damage three ways: the hypergeometric formula
    ``C(b, k) C(N - b, d - k) / C(N, d)`` written out with :func:`math.comb`, the package's
    exact answer (:func:`clankwidget.odds.attack_odds`), and the binomial
    ``C(d, k) p^k (1 - p)^(d - k)`` with ``p = b / N``, which is what drawing *with*
    replacement would give (a cube put back before the next draw)."""
    from math import comb

    from ..odds import attack_odds

    cubes = _args.bag(cubes)
    n, b = sum(cubes.values()), int(cubes[_args.one_of(colour, cubes, "colour")])
    draws = _args.whole(draws, "draws", most=n)
    exact = attack_odds(dict(cubes), draws, hit_all=None).damage(colour)
    p = b / n
    rows = []
    for k in range(draws + 1):
        rows.append(
            {
                "damage k": k,
                "formula": comb(b, k) * comb(n - b, draws - k) / comb(n, draws),
                "attack_odds": float(exact[k]) if k < len(exact) else 0.0,
                "binomial": comb(draws, k) * p**k * (1 - p) ** (draws - k),
            }
        )
    return Table(
        rows,
        title=f"{colour}: {b} of {n} cubes, {draws} drawn",
        headers={"formula": "hypergeometric", "binomial": "binomial (put back)"},
    )


def dragon_bag_explorer(colour: str = "blue"):
    """Sliders for lesson 01: the cubes ``colour`` adds before the attack (0 to 15) and the
    cubes the dragon draws (1 to 6), driving the exact damage bars of ``colour`` and a
    table of :func:`clankwidget.odds.attack_odds`. Starts at the story (0 added, the
    story's draws)."""
    from .. import plots
    from ..odds import attack_odds

    cubes, draws, _ = dragon_bag_story()
    _args.one_of(colour, cubes, "colour")

    def bag(added: int) -> dict[str, int]:
        return dict(cubes, **{colour: cubes[colour] + added})

    def draw(added: int, draws: int):
        odds = attack_odds(bag(added), draws, hit_all=None)
        return plots.damage_bars(
            odds,
            colour=colour,
            title=f"{colour}: {cubes[colour] + added} of {sum(bag(added).values())} cubes, "
            f"{draws} drawn",
        )

    return plots.explore(
        draw,
        text=lambda added, draws: _odds_table(attack_odds(bag(added), draws, hit_all=None), colour),
        added=plots.slider(0, 0, 15, f"{colour} cubes added"),
        draws=plots.slider(draws, 1, 6, "cubes drawn"),
    )


def _odds_table(odds, colour: str) -> Table:
    dist = odds.damage(colour)
    return Table(
        [
            {
                "P(no damage)": float(dist[0]),
                "P(hit)": 1.0 - float(dist[0]),
                "expected damage": odds.expected(colour),
            }
        ]
    )
