"""Lesson 11, risk against the mean: a greedy or a cautious route out during the
countdown. Which artifact to take: the nearer, smaller one, or the bigger one a turn
further, when every turn inside brings a bigger dragon attack?

A thief on the way out meets one of three fates (the rules' scoring, as the engine plays
it): **out**, walking through the entrance with the artifact (its points and the Mastery
token's 20); **rescued**, knocked out above the Depths holding the artifact (its points,
no token); **lost**, knocked out in the Depths or before taking the artifact (nothing).
Where the thief stands when each countdown attack comes decides between the last two.

Story: lesson 02's countdown (:func:`clankwidget.lessons.countdown_story`); the routes:
:func:`route_table` (the route from :func:`clankwidget.paths.journey`, walked
``boots_per_turn`` a turn; the countdown attacks of :func:`clankwidget.lessons.
countdown_attacks` and the chance each knocks the thief out, from
:func:`clankwidget.odds.knockout_odds`), each fate's chance, the expected points and their
spread; a seeded simulation: :func:`route_simulation`; the sliders: :func:`risk_explorer`;
the exercise: yellow's expected points from the Lava Terrace.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .. import _args
from ..data import load_board, load_cards
from ._common import Table, wilson
from ._exercises import Exercise, register
from .l02_countdown import COUNTDOWN_EXTRAS, countdown_attacks, countdown_story, turns_to_exit

__all__ = ["artifact_rooms", "risk_explorer", "route_simulation", "route_table"]


def artifact_rooms(board_id: str = "teaching-dungeon") -> dict[str, int]:
    """The rooms holding an artifact, with its points (from the board's data)."""
    board = load_board(board_id)
    return {s.id: int(s.artifact) for s in board.spaces if s.artifact}


def _mastery_points() -> int:
    """The Mastery token's points (for walking out with an artifact), from the card set
    of lesson 02's story."""
    return int(load_cards("clank-teaching").setup["mastery_points"])


MAX_HEALTH = 100
"""The most health :func:`route_table` takes for a thief (ten in the game)."""


class _Route:
    """One artifact's route: from ``start`` to the artifact's room, then to the exit, walked
    ``boots_per_turn`` boots a turn (``turns`` of them, lesson 02's
    :func:`turns_to_exit`), and where the thief stands after each turn."""

    def __init__(self, board, start: str, room: str, points: int, boots_per_turn: int):
        from ..paths import journey

        self.room, self.points = room, points
        try:
            there, back = journey(board, start, room), journey(board, room, "entrance")
        except ValueError:  # no way there (or back): the artifact is never taken
            self.boots = self.turns = math.inf
            self._legs, self._taken = [], math.inf
        else:
            self.boots = there.boots + back.boots
            self.turns = turns_to_exit(self.boots, boots_per_turn)
            self._legs, self._taken = there.legs + back.legs, there.boots
        self._start, self._pace, self._board = start, boots_per_turn, board

    def rescued_after(self, turn: int) -> bool:
        """Whether a knock-out after ``turn`` turns is a rescue: the thief holds the
        artifact (has walked at least as far as its room) and stands above the Depths (at
        the last space the turns' boots reach along the route)."""
        walked, where, went = turn * self._pace, self._start, 0
        if walked < self._taken:
            return False
        for leg in self._legs:
            if went + leg.boots > walked:
                break
            went, where = went + leg.boots, leg.space
        return not self._board.space(where).depths

    def fates(self, health, bag, colour, draws, **odds) -> tuple[float, float, float]:
        """P(out), P(rescued), P(lost) for ``colour`` on this route: the countdown attacks
        come after the thief's turns 1, 2, 3 (lesson 02), and the countdown's end, after
        turn 4, knocks out whoever is still inside. ``odds``: ``method``, ``n``, ``seed``
        of :func:`clankwidget.odds.knockout_odds`."""
        from ..odds import knockout_odds

        if not math.isfinite(self.turns):
            return 0.0, 0.0, 1.0
        attacks = countdown_attacks(self.turns, draws, colour=colour)
        ko = [0.0]
        if attacks:
            result = knockout_odds(health, attacks, bag=bag, hit_all=None, **odds)
            ko += [float(k) for k in result.knockout(colour)]
        out = rescued = 0.0
        for turn in range(1, len(attacks) + 1):  # knocked out by the attack after this turn
            if self.rescued_after(turn):
                rescued += ko[turn] - ko[turn - 1]
        standing = 1.0 - ko[-1]  # on their feet after the last attack they sit through
        if self.turns > len(COUNTDOWN_EXTRAS) + 1:  # the countdown ends first
            if self.rescued_after(len(COUNTDOWN_EXTRAS) + 1):
                rescued += standing
        else:
            out = standing
        return out, rescued, max(0.0, 1.0 - out - rescued)

    def points_of(self, out: float, rescued: float, mastery: int) -> tuple[float, float]:
        """The expected points and their standard deviation, given the fates' chances."""
        full = self.points + mastery
        mean = out * full + rescued * self.points
        square = out * full * full + rescued * self.points * self.points
        return mean, math.sqrt(max(0.0, square - mean * mean))


def _routes(colour: str, start: str, boots_per_turn: int, rooms: Sequence[str] | None):
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
    routes = [_Route(board, start, room, arts[room], boots_per_turn) for room in rooms]
    routes.sort(key=lambda r: r.points)  # by the artifact's points (stable: ties as given)
    return story, board, routes


def _health(story, colour: str, health: int | None) -> Mapping[str, int]:
    if health is None:
        return dict(story.health)
    health = _args.whole(health, "health", least=1, most=MAX_HEALTH)
    return dict(story.health, **{colour: health})


def route_table(
    colour: str = "blue",
    start: str = "cistern",
    boots_per_turn: int = 3,
    *,
    health: int | None = None,
    rooms: Sequence[str] | None = None,
) -> Table:
    """For each artifact room (default every one on the board, by points; ``artifact`` is
    the room's name): the boots from ``start`` to it and on to the exit, the turns at
    ``boots_per_turn``, the chance of each fate (``P(out)``: through the entrance, the
    artifact's points and the Mastery token's; ``P(rescued)``: knocked out above the Depths
    holding the artifact, its points alone; ``P(lost)``: knocked out in the Depths or
    before taking it, nothing), the expected points and their standard deviation.
    ``health`` overrides ``colour``'s health in lesson 02's story. Routes of 5 turns or
    more meet the countdown's end: nobody on them gets out.

    Left out: the clank the thief makes on the way, attacks a refilled dungeon row sets
    off, the monsters on the paths, the rage the artifact adds (every route takes one),
    and the points the thief holds already (cards, gold: scored out or rescued, lost with
    everything else in the Depths).
    """
    story, board, routes = _routes(colour, start, boots_per_turn, rooms)
    hp = _health(story, colour, health)
    bag, mastery = story.countdown_bag(), _mastery_points()
    rows = []
    for route in routes:
        out, rescued, lost = route.fates(hp, bag, colour, story.draws)
        mean, sd = route.points_of(out, rescued, mastery)
        rows.append(
            {
                "artifact": board.space(route.room).name,
                "points": route.points,
                "boots": route.boots if math.isinf(route.boots) else int(route.boots),
                "turns": route.turns,
                "P(out)": out,
                "P(rescued)": rescued,
                "P(lost)": lost,
                "expected points": mean,
                "sd of points": sd,
            }
        )
    return Table(
        rows,
        title=f"{colour} from the {board.space(start).name}, {boots_per_turn} boots a turn, "
        f"{hp[colour]} health (out: points + {mastery}; rescued: points; lost: 0)",
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
    """The chance to be lost on each route in ``rooms`` (knocked out in the Depths or
    before taking the artifact), exact and from ``n`` seeded simulated countdowns
    (``knockout_odds(..., method="simulate")``), with the simulated figure's 95% Wilson
    interval, and the expected points both ways."""
    story, board, routes = _routes(colour, start, boots_per_turn, rooms)
    n, seed = _args.trials(n), _args.seed(seed)
    bag, mastery = story.countdown_bag(), _mastery_points()
    rows = []
    for route in routes:
        exact = route.fates(story.health, bag, colour, story.draws)
        sim = route.fates(story.health, bag, colour, story.draws, method="simulate", n=n, seed=seed)
        low, high = wilson(sim[2], n)
        rows.append(
            {
                "artifact": board.space(route.room).name,
                "P(lost)": exact[2],
                "simulated": sim[2],
                "95% low": low,
                "95% high": high,
                "expected points": route.points_of(*exact[:2], mastery)[0],
                "simulated points": route.points_of(*sim[:2], mastery)[0],
            }
        )
    return Table(rows, title=f"{colour}: {n:,} simulated countdowns per route")


def risk_explorer(
    colour: str = "blue", start: str = "cistern", rooms=("cistern", "obsidian-throne")
):
    """Sliders for lesson 11: boots a turn (1 to 6) and ``colour``'s health (1 to 8),
    driving the expected points of each route in ``rooms`` (bars) with each route's
    chance of being lost in the title."""
    from .. import plots

    story = countdown_story()
    rooms = [route.room for route in _routes(colour, start, 1, rooms)[2]]  # (checked)
    top = (max(artifact_rooms(story.board)[r] for r in rooms) + _mastery_points()) * 1.05

    def draw(boots: int, health: int):
        t = route_table(colour, start, boots, health=health, rooms=rooms)
        lost = ", ".join(f"{r['artifact']} {r['P(lost)']:.2f}" for r in t)
        return plots.compare_bars(
            t.column("artifact"),
            t.column("expected points"),
            title=f"{boots} boots a turn, {health} health. P(lost): {lost}",
            x_label="artifact taken",
            y_label="expected points",
            y_max=top,
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


def _ex11_row():
    args = EXERCISE_11
    t = route_table(args["colour"], args["start"], args["boots"], rooms=[args["room"]])
    return t[0]


def _ex11():
    return _ex11_row()["expected points"]


def _ex11_traps():
    row = _ex11_row()
    right = row["expected points"]
    points, full, p_out = row["points"], row["points"] + _mastery_points(), row["P(out)"]
    rescue = "a knock-out above the Depths holding the artifact is a rescue, worth its points"
    out = [
        (float(full), "That is what walking out scores; yellow may be knocked out first."),
        (
            float(points),
            "That is a rescue's points alone; yellow may also walk out, with the Mastery token.",
        ),
        (p_out, "That is the chance yellow walks out; turn the fates into points."),
        (points * p_out, f"That scores every knock-out as nothing: {rescue}."),
        (full * p_out, f"That counts only walking out: {rescue}."),
    ]
    return [(w, why) for w, why in out if abs(w - right) > 1e-9]


EXERCISE = register(
    Exercise(
        "11",
        "Yellow (3 health) on the Chain Bridge, 3 boots a turn, takes the Lava Terrace's "
        "20-point artifact and heads straight for the exit, with the swords to get past every "
        "monster on the way. What are yellow's expected points "
        "from it (the artifact and the Mastery token if yellow walks out, the artifact alone "
        "if rescued, nothing if lost), to 2 decimal places?",
        _ex11,
        "lessons.route_table('yellow', 'chain-bridge', 3, rooms=['lava-terrace']) gives the "
        "fates: expected points = (points + 20) x P(out) + points x P(rescued).",
        kind="number",
        decimals=2,
        traps=_ex11_traps,
    )
)
