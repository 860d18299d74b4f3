"""Lesson 08, how many simulations? Standard error, 95% intervals (Wald and Wilson), a
coverage experiment, and rare events, on lesson 01's dragon attack.

Story: :func:`simulation_story` (lesson 01's bag; the exact chances from
:func:`clankwidget.odds.attack_odds`); one simulated attack at a time:
:func:`simulated_hits`; intervals: :func:`wald_interval`, :func:`wilson_interval`; the
estimate as the simulation grows: :func:`running_estimate`; how often intervals cover the
truth: :func:`coverage_table`; the size a margin needs: :func:`simulations_needed`; the
exercise: the simulations a margin of 0.005 needs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from .. import _args
from ..errors import LessonInputError, shown
from ._common import Z95, Table, wilson_interval
from ._exercises import Exercise, register
from .l01_dragon_bag import dragon_bag_story

__all__ = [
    "Z95",
    "SimulationStory",
    "coverage_table",
    "running_estimate",
    "simulated_hits",
    "simulation_explorer",
    "simulation_story",
    "simulations_needed",
    "wald_interval",
    "wilson_interval",
]

EVENTS = ("no damage", "knocked out")


@dataclass(frozen=True)
class SimulationStory:
    """Lesson 08's attack: lesson 01's bag, and two events about ``colour``: ``"no
    damage"`` (a common event) and ``"knocked out"`` with ``rare_health`` health left (a
    rare one)."""

    cubes: Mapping[str, int]
    draws: int
    colour: str
    rare_health: int

    def exact(self, event: str = "no damage") -> float:
        """The exact chance of ``event`` at this attack (``attack_odds``)."""
        from ..odds import attack_odds

        _check_event(event)
        odds = attack_odds(dict(self.cubes), self.draws, hit_all=None)
        dist = odds.damage(self.colour)
        return float(dist[0] if event == "no damage" else dist[self.rare_health :].sum())


MAX_SIMULATED = 10_000_000
"""The most simulated attacks one call of :func:`simulated_hits` draws, and
:func:`coverage_table` per size (sizes times repeats): a few hundred MB."""


def _check_event(event: str) -> None:
    _args.one_of(event, EVENTS, "event")


def simulation_story() -> SimulationStory:
    """Lesson 08: lesson 01's next attack on blue; the rare event is a knock-out of blue
    with 3 health left (all three cubes drawn blue)."""
    cubes, draws, _ = dragon_bag_story()
    return SimulationStory(cubes=cubes, draws=draws, colour="blue", rare_health=3)


def simulated_hits(story: SimulationStory, n: int, *, seed, event: str = "no damage"):
    """``n`` simulated attacks (``odds.sample_attacks``, seeded): a bool array, True where
    ``event`` happened."""
    from ..odds import sample_attacks

    _args.story(story, SimulationStory, "simulation_story")
    _check_event(event)
    n = _args.whole(n, "n", least=1, most=MAX_SIMULATED)
    sim = sample_attacks(dict(story.cubes), story.draws, n, seed=seed, hit_all=None)
    mine = sim.counts[:, sim.columns.index(story.colour)]
    return mine == 0 if event == "no damage" else mine >= story.rare_health


def wald_interval(k, n, z: float = Z95):
    """The textbook interval ``p ± z sqrt(p (1 - p) / n)`` with ``p = k / n``, clipped to
    [0, 1]. Works on arrays. With ``k = 0`` it is ``[0, 0]``: it never covers a rare event
    that has not happened yet."""
    k, n, z = _args.successes(k, n, z)
    p = k / n
    half = z * np.sqrt(p * (1 - p) / n)
    return np.clip(p - half, 0, 1), np.clip(p + half, 0, 1)


def running_estimate(hits, checkpoints: Iterable[int], exact: float | None = None) -> Table:
    """The estimate after the first ``n`` simulated attacks, for each ``n`` in
    ``checkpoints``, with its 95% Wilson interval (and, given ``exact``, whether the
    interval holds it)."""
    if isinstance(hits, (str, bytes)) or np.ndim(hits) != 1:
        raise LessonInputError(f"hits must be a 1-d array of True/False, got {shown(hits)}")
    hits = np.asarray(hits, dtype=bool)
    if exact is not None:
        exact = _args.chance(exact, "exact")
    counts = np.cumsum(hits)
    rows = []
    for n in _args.items(checkpoints, "checkpoints", 100_000):
        n = _args.whole(n, "each checkpoint", least=1, most=len(hits))
        k = int(counts[n - 1])
        lo, hi = wilson_interval(k, n)
        row = {"n": int(n), "hits": k, "estimate": k / n, "low": float(lo), "high": float(hi)}
        if exact is not None:
            row["holds exact"] = bool(lo <= exact <= hi)
        rows.append(row)
    return Table(rows)


def coverage_table(
    story: SimulationStory, sizes: Iterable[int], *, repeats: int = 2000, seed: int = 0
) -> Table:
    """How often a 95% interval holds the exact chance: for each event and each
    simulation size ``n``, ``repeats`` seeded simulations of ``n`` attacks, each giving
    a Wald and a Wilson interval. A good 95% method holds the truth about 95% of the time."""
    _args.story(story, SimulationStory, "simulation_story")
    repeats = _args.whole(repeats, "repeats", least=1, most=MAX_SIMULATED)
    sizes = [
        _args.whole(n, "each size", least=1, most=MAX_SIMULATED // repeats)
        for n in _args.items(sizes, "sizes")
    ]
    rows = []
    rng = np.random.default_rng(_args.seed(seed))
    for event in EVENTS:
        p = story.exact(event)
        for n in sizes:
            hits = simulated_hits(story, n * repeats, seed=rng, event=event)
            k = hits.reshape(repeats, n).sum(axis=1)
            wald = wald_interval(k, n)
            wilson = wilson_interval(k, n)
            rows.append(
                {
                    "event": event,
                    "exact": p,
                    "n": int(n),
                    "Wald covers": float(np.mean((wald[0] <= p) & (p <= wald[1]))),
                    "Wilson covers": float(np.mean((wilson[0] <= p) & (p <= wilson[1]))),
                    "no hit at all": float(np.mean(k == 0)),
                }
            )
    return Table(rows, digits=4, column_digits={"exact": 4})


def simulations_needed(p: float, margin: float, z: float = Z95) -> int:
    """The fewest simulations whose 95% (Wald) margin ``z sqrt(p (1 - p) / n)`` is at
    most ``margin``: ``n = ceil(z² p (1 - p) / margin²)``."""
    p, z = _args.chance(p, "p"), _args.real(z, "z", least=0.0, most=10.0)
    margin = _args.real(margin, "margin", least=1e-9, most=1.0)
    return max(1, math.ceil(z * z * p * (1 - p) / (margin * margin) - 1e-9))


# ---------------------------------------------------------------------------
# The exercise

EXERCISE_08_MARGIN = 0.005
"""The margin of lesson 08's exercise (the lesson's own example uses 0.01)."""


def _ex08():
    return simulations_needed(simulation_story().exact(), EXERCISE_08_MARGIN)


def _ex08_traps():
    p = simulation_story().exact()
    m = EXERCISE_08_MARGIN
    right = _ex08()
    out = [
        (
            simulations_needed(0.5, m),
            "That is the worst case, p = 0.5. Use blue's exact chance of no damage: "
            "p (1 - p) is smaller, so fewer simulations do.",
        ),
        (
            simulations_needed(p, 2 * m),
            "That is for a margin of 0.01. Halving the margin needs four times the "
            "simulations, not twice.",
        ),
        (
            math.ceil(Z95 * p * (1 - p) / m**2),
            "Square z too: n = z² p (1 - p) / margin².",
        ),
        (
            math.ceil(4 * p * (1 - p) / m**2),
            "That uses z = 2; the question asks for z = 1.96.",
        ),
        (
            right - 1,
            "Round up, not down: with one simulation fewer the margin is just over 0.005.",
        ),
        (
            simulations_needed(round(p, 4), m),
            "Close: that is for p rounded to 4 places, as the table shows it. Use the "
            "unrounded p, story.exact('no damage'): n moves with its later digits.",
        ),
        (
            4 * simulations_needed(p, 2 * m),
            "Close: four times the figure for 0.01, but that figure was already rounded up. "
            "Compute z² p (1 - p) / margin² and round up once.",
        ),
    ]
    return [(w, why) for w, why in out if w != right]


EXERCISE = register(
    Exercise(
        "08",
        "How many simulated attacks does a 95% interval (z = 1.96, p the exact chance blue "
        "takes no damage) need so that its margin, z sqrt(p (1 - p) / n), is at most 0.005?",
        _ex08,
        "The margin shrinks like 1 / sqrt(n): solve z sqrt(p (1 - p) / n) <= margin for n, "
        "with p = story.exact('no damage'), and round up.",
        kind="count",
        traps=_ex08_traps,
    )
)


def simulation_explorer(event: str = "no damage", biggest: int = 100_000):
    """Sliders for lesson 08: the seed of a simulation (0 to 30) and its size, driving the
    running estimate of ``event`` with its 95% Wilson band against the exact chance. Each
    seed is another classroom's simulation: every band narrows, and most hold the exact
    line, but not all of them, and not everywhere. Starts at seed 0 and ``biggest``
    simulations."""
    import ipywidgets as widgets

    from .. import plots

    _check_event(event)
    biggest = _args.whole(biggest, "biggest", least=100, most=MAX_SIMULATED)
    story = simulation_story()
    p = story.exact(event)
    sizes = [s for s in (100, 1_000, 10_000, 100_000, 1_000_000) if s <= biggest]

    def draw(seed: int, n: int):
        hits = simulated_hits(story, n, seed=seed, event=event)
        step = max(1, n // 1000)
        run = running_estimate(hits, range(step, n + 1, step))
        return plots.estimate_band(
            run.column("n"),
            run.column("estimate"),
            run.column("low"),
            run.column("high"),
            exact=p,
            title=f"{event}: seed {seed}, {n:,} simulated attacks",
            y_label=f"P({event})",
        )

    return plots.explore(
        draw,
        seed=plots.slider(0, 0, 30, "seed"),
        n=widgets.SelectionSlider(
            options=[(f"{s:,}", s) for s in sizes],
            value=sizes[-1],
            description="simulations",
            continuous_update=False,
        ),
    )
