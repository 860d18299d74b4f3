"""Lesson 11, risk against the mean: a greedy or a cautious route out during the
countdown. Which artifact to take: the nearer, smaller one, or the bigger one a turn
further, when every turn inside brings a bigger dragon attack and a knock-out in the
Depths scores nothing?

Story: lesson 02's countdown (:func:`clankwidget.lessons.countdown_story`); the routes:
:func:`route_table` (boots and turns from :func:`clankwidget.paths.distance_table`, the
chance to get out from :func:`clankwidget.lessons.countdown_survival`, so from
:func:`clankwidget.odds.knockout_odds`), expected points and their spread; a seeded
simulation: :func:`route_simulation`; the sliders: :func:`risk_explorer`; the exercise:
yellow's expected points from the Lava Terrace.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .. import _args
from ..data import load_board
from ._common import Table, wilson
from ._exercises import Exercise, register
from .l02_countdown import countdown_story, countdown_survival, turns_to_exit

__all__ = ["artifact_rooms", "risk_explorer", "route_simulation", "route_table"]


def artifact_rooms(board_id: str = "teaching-dungeon") -> dict[str, int]:
    """The rooms holding an artifact, with its points (from the board's data)."""
    board = load_board(board_id)
    return {s.id: int(s.artifact) for s in board.spaces if s.artifact}


MAX_HEALTH = 100
"""The most health :func:`route_table` takes for a thief (ten in the game)."""


def _routes(colour: str, start: str, boots_per_turn: int, rooms: Sequence[str] | None):
    from ..paths import distance_table

    story = countdown_story()
    board = load_board(story.board)
    arts = artifact_rooms(story.board)
    _args.one_of(colour, story.health, "colour")
    _args.one_of(start, board.space_ids, "start")
    boots_per_turn = _args.whole(boots_per_turn, "boots_per_turn", least=1)
    if rooms is None:
        rooms = list(arts)
    else:
        rooms = [
            _args.one_of(room, arts, "each of rooms (an artifact room)")
            for room in _args.items(rooms, "rooms")
        ]
    dist = distance_table(board, [*rooms, "entrance"])
    out = []
    for j, room in enumerate(rooms):
        there = float(dist[board.index(start), j])
        back = float(dist[board.index(room), len(rooms)])
        boots = there + back
        out.append((room, arts[room], boots, turns_to_exit(boots, boots_per_turn)))
    out.sort(key=lambda r: r[1])  # by the artifact's points
    return story, board, out


def route_table(
    colour: str = "blue",
    start: str = "cistern",
    boots_per_turn: int = 3,
    *,
    health: int | None = None,
    rooms: Sequence[str] | None = None,
) -> Table:
    """For each artifact room (default every one on the board, by points; ``artifact`` is
    the room's name): the boots from ``start``
    to it and on to the exit, the turns at ``boots_per_turn``, the countdown attacks on
    the way, the chance to get out (:func:`countdown_survival`, exact), the artifact's
    points, the expected points (points x P(out): a thief knocked out in the Depths scores
    nothing) and their standard deviation (points x sqrt(p (1 - p))). ``health``
    overrides ``colour``'s health in lesson 02's story. Routes of 5 turns or more are
    caught by the countdown: P(out) = 0.

    Left out: the clank the thief makes on the way, attacks a refilled dungeon row sets
    off, and the rage the artifact adds (every route takes one artifact).
    """
    story, board, routes = _routes(colour, start, boots_per_turn, rooms)
    if health is not None:
        health = _args.whole(health, "health", least=1, most=MAX_HEALTH)
    hp = dict(story.health) if health is None else dict(story.health, **{colour: health})
    bag = story.countdown_bag()
    rows = []
    for room, points, boots, turns in routes:
        p = countdown_survival(hp, bag, colour, turns, story.draws) if math.isfinite(turns) else 0
        rows.append(
            {
                "artifact": board.space(room).name,
                "points": points,
                "boots": int(boots),
                "turns": turns,
                "P(out)": p,
                "P(knocked out)": 1.0 - p,
                "expected points": points * p,
                "sd of points": points * math.sqrt(p * (1.0 - p)),
            }
        )
    return Table(
        rows,
        title=f"{colour} from the {board.space(start).name}, {boots_per_turn} boots a turn, "
        f"{hp[colour]} health",
    )


def route_simulation(
    colour: str,
    start: str,
    boots_per_turn: int,
    rooms: Sequence[str],
    *,
    n: int = 200_000,
    seed: int,
) -> Table:
    """The chance to get out on each route in ``rooms``, exact and from ``n`` seeded
    simulated countdowns (``knockout_odds(..., method="simulate")``), with the simulated
    figure's 95% Wilson interval, and the expected points both ways."""
    story, board, routes = _routes(colour, start, boots_per_turn, rooms)
    n, seed = _args.trials(n), _args.seed(seed)
    bag = story.countdown_bag()
    rows = []
    for room, points, _, turns in routes:
        exact = countdown_survival(story.health, bag, colour, turns, story.draws)
        sim = countdown_survival(
            story.health, bag, colour, turns, story.draws, method="simulate", n=n, seed=seed
        )
        low, high = wilson(sim, n)
        rows.append(
            {
                "artifact": board.space(room).name,
                "exact": exact,
                "simulated": sim,
                "95% low": low,
                "95% high": high,
                "expected points": points * exact,
                "simulated points": points * sim,
            }
        )
    return Table(rows, title=f"{colour}: {n:,} simulated countdowns per route")


def risk_explorer(
    colour: str = "blue", start: str = "cistern", rooms=("cistern", "obsidian-throne")
):
    """Sliders for lesson 11: boots a turn (1 to 6) and ``colour``'s health (1 to 8),
    driving the expected points of each route in ``rooms`` (bars) with each route's
    chance of a knock-out in the title."""
    from .. import plots

    story = countdown_story()
    rooms = [room for room, *_ in _routes(colour, start, 1, rooms)[2]]  # (checked)

    def draw(boots: int, health: int):
        t = route_table(colour, start, boots, health=health, rooms=rooms)
        ko = ", ".join(f"{r['artifact']} {r['P(knocked out)']:.2f}" for r in t)
        return plots.compare_bars(
            t.column("artifact"),
            t.column("expected points"),
            title=f"{boots} boots a turn, {health} health. P(knocked out): {ko}",
            x_label="artifact taken",
            y_label="expected points",
            y_max=max(t.column("points")) * 1.05,
        )

    return plots.explore(
        draw,
        text=lambda boots, health: route_table(colour, start, boots, health=health, rooms=rooms),
        boots=plots.slider(3, 1, 6, "boots a turn"),
        health=plots.slider(int(story.health[colour]), 1, 8, f"{colour}'s health"),
    )


# ---------------------------------------------------------------------------
# The exercise: yellow and the Lava Terrace

EXERCISE_11 = {"colour": "yellow", "start": "chain-bridge", "boots": 3, "room": "lava-terrace"}


def _ex11_row(**change):
    args = {**EXERCISE_11, **change}
    t = route_table(args["colour"], args["start"], args["boots"], rooms=[args["room"]])
    return t[0]


def _ex11():
    return _ex11_row()["expected points"]


def _ex11_traps():
    row = _ex11_row()
    right = row["expected points"]
    out = [
        (float(row["points"]), "That is the artifact's points if yellow surely gets out."),
        (row["P(out)"], "That is the chance yellow gets out; multiply by the points."),
        (
            row["points"] * row["P(knocked out)"],
            "That uses the chance of a knock-out; the points count when yellow gets out.",
        ),
        (
            _ex11_row(start="lava-terrace")["expected points"],
            "That forgets the 1 boot from the Chain Bridge to the Lava Terrace.",
        ),
    ]
    return [(w, why) for w, why in out if abs(w - right) > 1e-9]


EXERCISE = register(
    Exercise(
        "11",
        "Yellow (3 health) on the Chain Bridge, 3 boots a turn, takes the Lava Terrace's "
        "20-point artifact and heads straight for the exit. What are yellow's expected points "
        "from it (0 if knocked out), to 2 decimal places?",
        _ex11,
        "lessons.route_table('yellow', 'chain-bridge', 3, rooms=['lava-terrace']) gives the "
        "route: expected points = points x P(out).",
        kind="number",
        decimals=2,
        traps=_ex11_traps,
    )
)
