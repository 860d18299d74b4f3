"""Lesson 13, Clank! Legacy: the off-clock draws and the bag running dry.

Story: :func:`legacy_story`, a Legacy position (``cw.position("legacy", changes=...)``)
late in a game: yellow has escaped and is off the clock, blue and green are still
inside, and 16 cubes are left to draw. Tables: :func:`off_clock_table` (one draw of 4
or 6 cubes against a regular attack), :func:`off_clock_rounds` (the off-clock draws
round after round, exact and simulated), :func:`dry_table` (when the bag runs dry,
exact and simulated); the turns of a round: :func:`story_turns`.

Exact numbers come from :meth:`clankwidget.Game.attack_odds`,
:func:`clankwidget.odds.attack_odds`, :func:`clankwidget.odds.knockout_odds` and
:func:`clankwidget.empty_bag.empty_bag_odds`. Two simplifications, which the lesson
states: each turn of a player still inside adds :data:`CLANK_PER_TURN` cube and refills
one place of the row, which shows a dragon with the share of dragon cards left in the
Adventure deck (a fixed chance, turn after turn).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from .. import _args
from ._common import Table, compare
from ._exercises import Exercise, register

__all__ = [
    "CLANK_PER_TURN",
    "STORY_13",
    "LegacyStory",
    "dry_table",
    "empty_bag_explorer",
    "legacy_story",
    "off_clock_rounds",
    "off_clock_table",
    "story_turns",
]

CLANK_PER_TURN = 1
"""Cubes a player still inside adds to the Clank! area each turn (a simplification)."""

STORY_13 = {
    "current": 0,  # blue to play; yellow's off-clock turn comes next, then green's
    "rage": 6,
    "bag": {"black": 7, "blue": 4, "green": 3},
    "clank_area": {"blue": 1, "yellow": 0, "green": 1},
    "players": {
        "yellow": {"status": "escaped", "space": "hq"},
        "blue": {"damage": 5},
        "green": {"damage": 7},
    },
}
"""The story's changes to a fresh three-player Legacy set-up (seed 0)."""


@dataclass(frozen=True)
class LegacyStory:
    """Lesson 13's position, read off the game: the cubes the next attack sees (players
    out counted as black), health left, the draws of a regular attack (rage plus Danger
    cards) and of an off-clock turn, the chance one refilled card shows a dragon, and the
    seats in turn order from the player to move (``out``: those off the clock)."""

    game: Any
    cubes: dict
    health: dict
    rage: int
    dangers: int
    off_draws: int
    dragon_chance: Fraction
    order: tuple[str, ...]
    out: tuple[str, ...]

    @property
    def bag(self) -> int:
        """Cubes in the bag and the Clank! area."""
        return sum(self.cubes.values())

    @property
    def attack_draws(self) -> int:
        """A regular attack's draws: the rage track plus one per Danger card."""
        return self.rage + self.dangers


@cache
def _story() -> LegacyStory:
    import clankwidget as cw

    game = cw.Game.from_position(cw.position("legacy", players=3, seed=0, changes=STORY_13))
    s, rules = game.state, game.rules
    cubes, _ = game.attack_cubes()
    health = {p.colour: rules.health - p.damage for p in s.players if p.is_in}
    deck = [rules.card(c) for c in s.dungeon_deck]
    n = len(s.players)
    order = tuple(s.players[(s.current + i) % n].colour for i in range(n))
    return LegacyStory(
        game=game,
        cubes=dict(cubes),
        health=health,
        rage=rules.rage_value(s),
        dangers=rules.dangers(s),
        off_draws=rules.out_draws(s),
        dragon_chance=Fraction(sum(c.dragon for c in deck), len(deck)),
        order=order,
        out=tuple(p.colour for p in s.players if not p.is_in),
    )


def legacy_story() -> LegacyStory:
    """Lesson 13: yellow has escaped; blue (5 health left) and green (3) are inside."""
    return _story()


def story_turns(
    story: LegacyStory,
    rounds: int,
    *,
    off_draws: int | None = None,
    attack_draws: int | None = None,
    dragon_chance: float | None = None,
    add: int = CLANK_PER_TURN,
    out: tuple[str, ...] | None = None,
):
    """The turns of ``rounds`` rounds from the player to move, as
    :class:`~clankwidget.empty_bag.Turn`: a player off the clock draws ``off_draws``
    (default the story's: 4 with three players), certainly; a player inside adds ``add``
    cubes, then an attack of ``attack_draws`` cubes comes with chance ``dragon_chance``
    (defaults: the story's). ``out=()`` plays the same rounds as if nobody had left."""
    from ..empty_bag import Turn

    _checked(story)
    rounds = _rounds(rounds, least=0)
    off = story.off_draws if off_draws is None else _args.whole(off_draws, "off_draws")
    draws = (
        story.attack_draws if attack_draws is None else _args.whole(attack_draws, "attack_draws")
    )
    q = float(
        story.dragon_chance
        if dragon_chance is None
        else _args.chance(dragon_chance, "dragon_chance")
    )
    add = _args.whole(add, "add")
    gone = story.out if out is None else _args.items(out, "out")
    one = [Turn(off) if c in gone else Turn(draws, q, add) for c in story.order]
    return one * rounds


MAX_ROUNDS = 100
"""The most rounds the empty-bag helpers follow (the bag runs dry long before)."""


def _checked(story) -> LegacyStory:
    return _args.story(story, LegacyStory, "legacy_story")


def _rounds(rounds, least: int = 1) -> int:
    return _args.whole(rounds, "rounds", least=least, most=MAX_ROUNDS)


def _expected_drawn(turns) -> float:
    return sum(t.chance * t.draws for t in turns)


def off_clock_table(story: LegacyStory) -> Table:
    """One draw against the players still inside: the off-clock draw of 4 cubes (three or
    four players), of 6 (two players), and a regular attack of rage plus Danger cards; for
    each, green's and blue's chance of a hit, expected damage and knock-out, and the
    expected cubes a round draws with that rule."""
    from ..odds import attack_odds

    _checked(story)
    cases = [
        ("off the clock, 3-4 players", story.off_draws),
        ("off the clock, 2 players", story.game.rules.setup_numbers["out_draws"]["2"]),
        ("regular attack (rage + Danger)", story.attack_draws),
    ]
    rows = []
    for label, draws in cases:
        a = attack_odds(story.cubes, draws, health=story.health, hit_all=None, empty_ends=True)
        row = {"draw": label, "cubes": draws}
        for c in ("green", "blue"):
            row[f"{c} hit"] = 1 - float(a.damage(c)[0])
            row[f"{c} KO"] = a.knockout(c)
        row["green expected"] = a.expected("green")
        rows.append(row)
    return Table(
        rows,
        ["draw", "cubes", "green hit", "green expected", "green KO", "blue hit", "blue KO"],
        title=f"One draw from the {story.bag} cubes: green has "
        f"{story.health['green']} health, blue {story.health['blue']}",
    )


def _off_clock_attacks(story: LegacyStory, rounds: int):
    """The off-clock draws of ``rounds`` rounds, each with the Clank! added since the last
    (only the off-clock draws: the regular attacks are left out)."""
    from ..odds import Attack

    inside = [c for c in story.order if c not in story.out]
    attacks, add = [], {c: 0 for c in inside}
    for c in story.order * rounds:
        if c in story.out:
            attacks.append(Attack(story.off_draws, dict(add)))
            add = {k: 0 for k in inside}
        else:
            add[c] += CLANK_PER_TURN
    return attacks


def off_clock_rounds(story: LegacyStory, rounds: int = 4, *, n: int = 200_000, seed: int) -> Table:
    """Green's chance of being knocked out by the off-clock draws alone, round after
    round: exact (:func:`~clankwidget.odds.knockout_odds`) and from ``n`` seeded games
    (its simulation), with the 95% Wilson interval; and the cubes left in the bag."""
    from ..odds import knockout_odds

    rounds = _rounds(rounds)
    n, seed = _args.trials(n), _args.seed(seed)
    attacks = _off_clock_attacks(_checked(story), rounds)
    kw = {"bag": story.cubes, "hit_all": None}
    exact = knockout_odds(story.health, attacks, method="exact", **kw)
    sim = knockout_odds(story.health, attacks, method="simulate", n=n, seed=seed, **kw)
    table = compare(
        range(1, rounds + 1),
        exact.knockout("green"),
        sim.knockout("green"),
        label="draw",
        title="Green knocked out by the off-clock draws alone",
        n=n,
    )
    left = story.bag
    for row, attack in zip(table.rows, attacks, strict=True):
        left += sum(attack.add.values()) - attack.draws
        row["bag after"] = left
    table.columns.append("bag after")
    return table


def dry_table(
    story: LegacyStory, rounds: int = 4, *, n: int = 200_000, seed: int, **turns_kw
) -> Table:
    """The chance the bag has run dry by the end of each round (everyone still inside is
    then knocked out): exact (:func:`~clankwidget.empty_bag.empty_bag_odds`) and from
    ``n`` seeded runs (:func:`~clankwidget.empty_bag.sample_empty_bag`), with the 95%
    Wilson interval. ``turns_kw`` go to :func:`story_turns`."""
    from ..empty_bag import empty_bag_odds, sample_empty_bag

    rounds = _rounds(rounds)
    n, seed = _args.trials(n), _args.seed(seed)
    turns = story_turns(story, rounds, **turns_kw)
    per = len(story.order)
    exact = empty_bag_odds(story.bag, turns).dry[per - 1 :: per]
    when = sample_empty_bag(story.bag, turns, n, seed=seed)
    ends = [(r + 1) * per - 1 for r in range(rounds)]
    sim = [float(np.mean((when >= 0) & (when <= t))) for t in ends]
    table = compare(
        range(1, rounds + 1),
        exact,
        sim,
        label="round",
        title=f"P(the bag has run dry), {story.bag} cubes, "
        f"{_expected_drawn(turns[:per]):.2f} drawn a round on average",
        n=n,
    )
    return table


def empty_bag_explorer(story: LegacyStory, rounds: int = 8):
    """Sliders for lesson 13: the cubes in the bag, a regular attack's draws and the
    off-clock draw, driving the exact chance the bag has run dry by the end of each of
    ``rounds`` rounds (:func:`~clankwidget.empty_bag.empty_bag_odds`), with yellow off
    the clock and, for comparison, with nobody off the clock. Starts at the story. The
    tooltips give chances to 2 places: the exercise's 4 come from the exact chain."""
    from .. import plots
    from ..empty_bag import empty_bag_odds

    rounds = _rounds(rounds)
    per = len(_checked(story).order)

    def curves(cubes: int, attack: int, off: int) -> dict[str, list[float]]:
        out = {}
        for label, gone in (("yellow off the clock", None), ("nobody off the clock", ())):
            turns = story_turns(story, rounds, off_draws=off, attack_draws=attack, out=gone)
            out[label] = [float(p) for p in empty_bag_odds(cubes, turns).dry[per - 1 :: per]]
        return out

    def draw(cubes: int, attack: int, off: int):
        return plots.line_chart(
            list(range(1, rounds + 1)),
            curves(cubes, attack, off),
            title=f"P(the bag has run dry): {cubes} cubes, attacks of {attack}, "
            f"off-clock draws of {off}",
            x_label="round",
            digits=2,
        )

    def text(cubes: int, attack: int, off: int) -> Table:
        rows = []
        for label, dry in curves(cubes, attack, off).items():
            half = next((r + 1 for r, p in enumerate(dry) if p >= 0.5), None)
            rows.append({"": label, "first round with P >= 1/2": half, "P by the last": dry[-1]})
        return Table(rows, digits=2)

    return plots.explore(
        draw,
        text=text,
        cubes=plots.slider(story.bag, 4, 40, "cubes in the bag"),
        attack=plots.slider(story.attack_draws, 2, 9, "regular attack draws"),
        off=plots.slider(story.off_draws, 4, 6, "off-clock draw", step=2),
    )


#: The exercise: one Danger card fewer in the row, four rounds.
EX13 = {"rounds": 4, "dangers_removed": 1}


def _dry_by(story, rounds, **kw) -> float:
    from ..empty_bag import empty_bag_odds

    return float(empty_bag_odds(story.bag, story_turns(story, rounds, **kw)).dry[-1])


def _ex13() -> float:
    s = legacy_story()
    return _dry_by(s, EX13["rounds"], attack_draws=s.attack_draws - EX13["dangers_removed"])


def _ex13_traps():
    s = legacy_story()
    r, fewer = EX13["rounds"], s.attack_draws - EX13["dangers_removed"]
    return [
        (
            _dry_by(s, r),
            "That is the story's bag: with one Danger card gone, a regular attack draws one "
            "cube fewer (rage plus the Danger cards left).",
        ),
        (
            _dry_by(s, r, attack_draws=fewer, out=()),
            "Yellow is off the clock: yellow's turn is a certain draw of 4 cubes, not a turn "
            "that might bring a dragon.",
        ),
        (
            _dry_by(s, r, attack_draws=fewer, off_draws=0),
            "The off-clock draws are left out: on yellow's turn the dragon draws 4 cubes "
            "every round, whatever the rage and the row.",
        ),
        (
            _dry_by(s, r, attack_draws=fewer, dragon_chance=1),
            "The bag is not certain to run dry. A regular attack comes only when the refill "
            "shows a dragon (the deck's share of dragon cards), not every turn; the off-clock "
            "draw is 4 cubes with three players (6 is the two-player rule); and the Clank! "
            "added each turn goes into the bag too.",
        ),
    ]


EXERCISE = register(
    Exercise(
        "13",
        "Blue defeats one of the two Danger cards before the round starts, so a regular "
        "attack draws one cube fewer. Everything else is as in the story. What is the chance "
        "the dragon bag has run dry by the end of the fourth round (twelve turns, from "
        "blue's), "
        "to 4 decimal places?",
        _ex13,
        "Build the twelve turns with lessons.story_turns(story, 4, attack_draws=...) and give "
        "them to empty_bag_odds(story.bag, turns); its .dry[-1] is the chance.",
        traps=_ex13_traps,
    )
)
