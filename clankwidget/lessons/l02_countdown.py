"""Lesson 02, the countdown: after the first thief leaves, can the others still walk out?

Story: :func:`countdown_story` (green out, blue and yellow inside); the countdown's
attacks: :data:`COUNTDOWN_EXTRAS`, :func:`countdown_attacks`; the chance to walk out:
:func:`countdown_survival`, :func:`countdown_table`, :func:`survival_map`; the exercise:
yellow starting from the Obsidian Throne Room.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..data import load_board
from ._common import Table
from ._exercises import Exercise, register

__all__ = [
    "COUNTDOWN_EXTRAS",
    "CountdownStory",
    "countdown_attacks",
    "countdown_story",
    "countdown_survival",
    "countdown_table",
    "survival_map",
    "turns_to_exit",
]


COUNTDOWN_EXTRAS = (1, 2, 3)
"""Extra cubes drawn at countdown spaces 2, 3 and 4; space 5 knocks out everyone inside."""


def countdown_attacks(
    turns: int, draws: int, *, colour: str | None = None, clank_per_turn: int = 0
) -> list:
    """The countdown attacks a player faces who needs ``turns`` more turns to get out.

    The first player out starts the countdown on space 1 and moves it one space on each
    of their later turns; everyone still inside gets one turn between two moves. So a
    player who leaves on their ``turns``-th turn sits through ``turns - 1`` countdown
    attacks (spaces 2, 3, 4: ``draws`` + 1, + 2, + 3 cubes), and with 5 or more turns to
    go the marker reaches space 5 first. Returns a list of
    :class:`~clankwidget.odds.Attack`; each adds ``clank_per_turn`` cubes of ``colour``
    (the clank the player makes on the way) before drawing.
    """
    from ..odds import Attack

    n = max(0, min(turns - 1, len(COUNTDOWN_EXTRAS)))
    add = {colour: clank_per_turn} if colour is not None and clank_per_turn else {}
    return [Attack(draws + COUNTDOWN_EXTRAS[i], add) for i in range(n)]


def countdown_survival(
    health: Mapping[str, int],
    bag: Mapping[str, int],
    colour: str,
    turns: int,
    draws: int,
    *,
    clank_per_turn: int = 0,
    method: str = "exact",
    n: int = 200_000,
    seed: int | None = None,
) -> float:
    """P(``colour`` survives the countdown attacks while walking ``turns`` turns out).

    ``health``: every player still inside (remaining health); ``bag``: the cubes in the
    bag plus the Clank area, with the cubes of players already out counted as black
    (theirs do nothing now). 0 when ``turns >= 5`` (the countdown ends first), 1 when
    ``turns <= 1`` (out before the next countdown attack). Otherwise
    ``1 - knockout_odds(...)``, exact or simulated (``method="simulate"`` with ``seed``).

    Only the countdown's attacks count: an attack set off by a dragon symbol when the
    dungeon row refills is left out. Such attacks only add damage, so this is an upper
    bound on the chance of walking out (the lesson says so).
    """
    from ..odds import knockout_odds

    if turns > len(COUNTDOWN_EXTRAS) + 1:
        return 0.0
    attacks = countdown_attacks(turns, draws, colour=colour, clank_per_turn=clank_per_turn)
    if not attacks:
        return 1.0
    ko = knockout_odds(health, attacks, bag=bag, hit_all=None, method=method, n=n, seed=seed)
    return 1.0 - float(ko.knockout(colour)[-1])


def turns_to_exit(distance: float, boots_per_turn: int) -> float:
    """Turns needed to walk ``distance`` boots at ``boots_per_turn`` a turn (``inf`` if the
    exit cannot be reached)."""
    if boots_per_turn < 1:
        raise ValueError(f"boots_per_turn must be at least 1, got {boots_per_turn}")
    if not math.isfinite(distance):
        return math.inf
    return max(1, math.ceil(distance / boots_per_turn))


def countdown_table(
    story: CountdownStory,
    colour: str,
    boots_per_turn: Iterable[int] = range(1, 8),
    *,
    clank_per_turn: int = 0,
    n: int = 200_000,
    seed: int = 2,
) -> Table:
    """Lesson 02: for each boots per turn, the turns ``colour`` needs to get out, the
    countdown attacks faced on the way, and P(survive) exactly and simulated."""
    from ..paths import distance_table

    board = load_board(story.board)
    d = float(distance_table(board, ["entrance"])[board.index(story.positions[colour]), 0])
    bag = story.countdown_bag()
    rows = []
    for b in boots_per_turn:
        turns = turns_to_exit(d, b)
        kw = {"clank_per_turn": clank_per_turn}
        exact = countdown_survival(story.health, bag, colour, turns, story.draws, **kw)
        sim = countdown_survival(
            story.health, bag, colour, turns, story.draws, method="simulate", n=n, seed=seed, **kw
        )
        caught = turns > len(COUNTDOWN_EXTRAS) + 1
        rows.append(
            {
                "boots/turn": b,
                "turns": turns,
                "attacks": "caught" if caught else max(0, turns - 1),
                "exact": exact,
                "simulated": sim,
                "difference": sim - exact,
            }
        )
    return Table(
        rows, title=f"{colour}: {d:.0f} boots from the exit", column_digits={"difference": 5}
    )


def survival_map(story: CountdownStory, colour: str, boots_per_turn: int) -> dict[str, float]:
    """Lesson 02: P(``colour`` survives the countdown) from every space of the board, with
    the health and bag of the story, walking ``boots_per_turn`` a turn."""
    from ..paths import distance_table

    board = load_board(story.board)
    dist = distance_table(board, ["entrance"])[:, 0]
    bag = story.countdown_bag()
    by_turns: dict[float, float] = {}
    out = {}
    for sid, d in zip(board.space_ids, dist.tolist(), strict=True):
        turns = turns_to_exit(d, boots_per_turn)
        if not math.isfinite(turns):
            continue
        if turns not in by_turns:
            by_turns[turns] = countdown_survival(story.health, bag, colour, turns, story.draws)
        out[sid] = by_turns[turns]
    return out


@dataclass(frozen=True)
class CountdownStory:
    """Lesson 02's table: who is still inside, where, and what the bag holds."""

    board: str
    out: str
    positions: Mapping[str, str]
    health: Mapping[str, int]
    bag: Mapping[str, int]
    clank_area: Mapping[str, int]
    draws: int

    def countdown_bag(self) -> dict[str, int]:
        """Bag plus Clank area, with the cubes of the player who is out counted as black."""
        total: dict[str, int] = {}
        for part in (self.bag, self.clank_area):
            for c, k in part.items():
                total[c] = total.get(c, 0) + k
        total["black"] = total.get("black", 0) + total.pop(self.out, 0)
        return total


def countdown_story() -> CountdownStory:
    """Lesson 02: green has just escaped; blue and yellow are still in the Depths."""
    return CountdownStory(
        board="teaching-dungeon",
        out="green",
        positions={"blue": "cistern", "yellow": "chain-bridge"},
        health={"blue": 4, "yellow": 3},
        bag={"black": 14, "blue": 5, "yellow": 5, "green": 4},
        clank_area={"blue": 2, "yellow": 2},
        draws=4,
    )


EXERCISE_02_ROOM = "obsidian-throne"
"""Where yellow stands in lesson 02's exercise (the Obsidian Throne Room)."""
EXERCISE_02_HEALTH = 5
"""Yellow's health in lesson 02's exercise, after a potion (3 in the story)."""


def _ex02_survival(turns: float, health: int = EXERCISE_02_HEALTH) -> float:
    story = countdown_story()
    hp = dict(story.health, yellow=health)
    return countdown_survival(hp, story.countdown_bag(), "yellow", turns, story.draws)


def _ex02_turns() -> float:
    from ..paths import distance_table

    story = countdown_story()
    board = load_board(story.board)
    d = distance_table(board, ["entrance"])[board.index(EXERCISE_02_ROOM), 0]
    return turns_to_exit(float(d), 3)


def _ex02():
    return _ex02_survival(_ex02_turns())


def _ex02_traps():
    right = _ex02()
    out = []
    for turns in (2, 3, 4, 5):
        p = _ex02_survival(turns)
        if abs(p - right) > 1e-9:
            out.append(
                (
                    p,
                    f"That is the answer for {turns} turns to walk out. Count the turns again: "
                    "ceil(boots to the entrance / boots per turn), and the player faces one "
                    "countdown attack fewer than that.",
                )
            )
    out.append(
        (
            _ex02_survival(_ex02_turns(), health=3),
            "That is with yellow's 3 health from the story; after the potion yellow has 5.",
        )
    )
    out.append((1.0 - right, "That is the chance yellow is knocked out, not that yellow survives."))
    return out


EXERCISE = register(
    Exercise(
        "02",
        "Same countdown, but yellow has drunk a potion (5 health instead of 3), stands in the "
        "Obsidian Throne Room ('obsidian-throne') and makes 3 boots a turn. What is the chance "
        "yellow walks out alive, to 4 decimal places?",
        _ex02,
        "distance_table(board, ['entrance']) gives the boots; turns_to_exit gives the turns; "
        "then countdown_survival(health, bag, 'yellow', turns, story.draws) with "
        "health = dict(story.health, yellow=5).",
        traps=_ex02_traps,
    )
)
