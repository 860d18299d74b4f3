"""Lesson 02, the countdown: after the first thief leaves, can the others still walk out?

Story: :func:`countdown_story` (green out, blue and yellow inside); the countdown's
attacks: :data:`COUNTDOWN_EXTRAS`, :func:`countdown_attacks`; the chance to walk out:
:func:`countdown_survival`, :func:`countdown_table`, :func:`survival_map`; the same
chance as a probability tree (:func:`probability_tree`) and as a Markov chain with an
absorbing state (:func:`countdown_chain`, :class:`CountdownChain`); the exercise:
yellow starting from the Obsidian Throne Room.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .. import _args
from ..data import load_board
from ..errors import LessonInputError
from ._common import Table, wilson
from ._exercises import Exercise, register

__all__ = [
    "COUNTDOWN_EXTRAS",
    "CountdownChain",
    "CountdownStory",
    "countdown_attacks",
    "countdown_chain",
    "countdown_explorer",
    "countdown_story",
    "countdown_survival",
    "countdown_table",
    "probability_tree",
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

    turns = _args.whole(turns, "turns")
    draws = _args.whole(draws, "draws")
    clank_per_turn = _args.whole(clank_per_turn, "clank_per_turn")
    if colour is not None:
        colour = _args.text(colour, "colour", 64)
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

    _args.one_of(colour, _args.mapping(health, "health", "colour to health"), "colour")
    _args.mapping(bag, "bag", "colour to count")
    if _args.whole(turns, "turns") > len(COUNTDOWN_EXTRAS) + 1:
        return 0.0
    attacks = countdown_attacks(turns, draws, colour=colour, clank_per_turn=clank_per_turn)
    if not attacks:
        return 1.0
    ko = knockout_odds(health, attacks, bag=bag, hit_all=None, method=method, n=n, seed=seed)
    return 1.0 - float(ko.knockout(colour)[-1])


def turns_to_exit(distance: float, boots_per_turn: int) -> float:
    """Turns needed to walk ``distance`` boots at ``boots_per_turn`` a turn (``inf`` if the
    exit cannot be reached)."""
    boots_per_turn = _args.whole(boots_per_turn, "boots_per_turn", least=1)
    if distance == math.inf:
        return math.inf
    distance = _args.real(distance, "distance", least=0.0)
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
    countdown attacks faced on the way, and P(survive) exactly and simulated (with the
    simulated figure's 95% Wilson interval, ``low`` to ``high``)."""
    from ..paths import distance_table

    _check(story, colour)
    paces = _paces(boots_per_turn, "boots_per_turn")
    n, seed = _args.trials(n), _args.seed(seed)
    board = load_board(story.board)
    d = float(distance_table(board, ["entrance"])[board.index(story.positions[colour]), 0])
    bag = story.countdown_bag()
    rows = []
    for b in paces:
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
                "low": wilson(sim, n)[0],
                "high": wilson(sim, n)[1],
            }
        )
    return Table(
        rows,
        title=f"{colour}: {d:.0f} boots from the exit",
        column_digits={"difference": 5},
        headers={"low": "95% low", "high": "95% high"},
    )


def survival_map(story: CountdownStory, colour: str, boots_per_turn: int) -> dict[str, float]:
    """Lesson 02: P(``colour`` survives the countdown) from every space of the board, with
    the health and bag of the story, walking ``boots_per_turn`` a turn."""
    from ..paths import distance_table

    _check(story, colour)
    boots_per_turn = _args.whole(boots_per_turn, "boots_per_turn", least=1)
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


def _check(story: CountdownStory, colour: str) -> int:
    """Check a countdown story and a colour inside; returns that thief's health."""
    _args.story(story, CountdownStory, "countdown_story")
    _args.one_of(colour, story.health, "colour")
    _args.whole(story.draws, "story.draws")
    return _args.whole(story.health[colour], "the thief's health", least=1)


def _paces(paces: Iterable[int], what: str) -> list[int]:
    """Boots a turn to try: a list of whole numbers, each at least 1."""
    return [_args.whole(b, f"each of {what}", least=1) for b in _args.items(paces, what)]


MAX_TREE = 20
"""The most health and cubes a draw :func:`probability_tree` lists every path for."""


# ---------------------------------------------------------------------------
# The same answer as a probability tree and as a Markov chain


def _bag_before(story: CountdownStory, colour: str, attacks: list) -> list[tuple[int, int, int]]:
    """For each attack: (``colour``'s cubes in the bag before it if none of theirs had been
    drawn yet, all cubes in the bag before it, cubes it draws). Drawn cubes leave the bag;
    each attack first adds its cubes."""
    bag = story.countdown_bag()
    mine, total, drawn = bag.get(colour, 0), sum(bag.values()), 0
    out = []
    for a in attacks:
        added = sum(a.add.values())
        mine += a.add.get(colour, 0)
        total += added
        draws = min(a.draws, total - drawn)
        out.append((mine, total - drawn, draws))
        drawn += draws
    return out


def _hypergeom(j: int, mine: int, total: int, draws: int) -> float:
    """P(``j`` of ``draws`` cubes drawn without replacement are among ``mine`` of ``total``)."""
    if j < 0 or j > mine or draws - j > total - mine:
        return 0.0
    return math.comb(mine, j) * math.comb(total - mine, draws - j) / math.comb(total, draws)


@dataclass(frozen=True)
class CountdownChain:
    """A player's countdown as a Markov chain. State ``k`` (``0 .. health - 1``): ``k`` of
    their cubes drawn so far; the last state, ``"out"``, is knocked out and *absorbing*
    (once in, the chain stays). ``matrices[i][k, k']`` is the chance attack ``i + 1`` moves
    the chain from ``k`` to ``k'``; each row sums to 1. The matrices differ from attack
    to attack (the bag shrinks and the countdown draws more), so the chain after ``n``
    attacks is ``start @ matrices[0] @ ... @ matrices[n - 1]``; were every attack alike,
    that product would be a matrix power."""

    colour: str
    health: int
    matrices: tuple

    @property
    def states(self) -> list:
        return [*range(self.health), "out"]

    @property
    def start(self):
        """The chain before the first attack: no cube drawn yet, with certainty."""
        import numpy as np

        v = np.zeros(self.health + 1)
        v[0] = 1.0
        return v

    def after(self, attacks: int):
        """The law of the state after the first ``attacks`` attacks (a row vector)."""
        import numpy as np

        v = self.start
        for m in self.matrices[:attacks]:
            v = v @ m
        return np.asarray(v)

    def knockout(self) -> list[float]:
        """P(knocked out by the end of each attack): the absorbing state's mass."""
        return [float(self.after(i)[-1]) for i in range(1, len(self.matrices) + 1)]

    def matrix_table(self, attack: int = 1) -> Table:
        """Attack ``attack``'s transition matrix as a table: one row per state before it."""
        m = self.matrices[attack - 1]
        names = [str(s) for s in self.states]
        rows = [
            {"from": names[i], **{f"to {n}": float(m[i, j]) for j, n in enumerate(names)}}
            for i in range(len(names))
        ]
        return Table(rows, title=f"{self.colour}, attack {attack}: transition matrix")


def countdown_chain(
    story: CountdownStory, colour: str, turns: int, *, clank_per_turn: int = 0
) -> CountdownChain:
    """Lesson 02's countdown for ``colour`` (``turns`` turns to walk out) as a
    :class:`CountdownChain`, its transition probabilities counted with the hypergeometric
    formula (``math.comb``), not with :mod:`clankwidget.odds`: the lesson checks the
    chain against :func:`clankwidget.odds.knockout_odds`. Only ``colour``'s cubes matter
    for ``colour``: every other cube is as good as black."""
    import numpy as np

    h = _check(story, colour)
    attacks = countdown_attacks(turns, story.draws, colour=colour, clank_per_turn=clank_per_turn)
    mats = []
    for mine0, total, draws in _bag_before(story, colour, attacks):
        m = np.zeros((h + 1, h + 1))
        m[h, h] = 1.0  # knocked out stays knocked out
        for k in range(h):
            for j in range(draws + 1):
                m[k, min(k + j, h)] += _hypergeom(j, mine0 - k, total, draws)
        mats.append(m)
    return CountdownChain(colour=colour, health=h, matrices=tuple(mats))


def probability_tree(story: CountdownStory, colour: str, turns: int = 3) -> Table:
    """Every path through ``colour``'s countdown attacks (two, for ``turns = 3``): the
    damage at each attack with its chance given the path so far, the path's chance
    (the product along it), the damage in all, and whether it ends knocked out. A path
    stops at a knock-out, and all the damage that knocks out is one branch (``"2+"``: 2
    or more). The knocked-out paths' chances add up to the chance of a knock-out."""
    h = _check(story, colour)
    if h > MAX_TREE or story.draws > MAX_TREE:
        raise LessonInputError(
            f"a tree for {h} health and {story.draws} cubes a draw has too many paths to list "
            f"(at most {MAX_TREE} of each): use countdown_chain"
        )
    attacks = countdown_attacks(turns, story.draws, colour=colour)
    before = _bag_before(story, colour, attacks)
    rows: list[dict] = []

    def walk(i: int, path: list[tuple[int, float]], drawn: int) -> None:
        if i == len(before) or drawn >= h:
            row = {}
            for a in range(len(before)):
                got = path[a] if a < len(path) else None
                row[f"attack {a + 1}"] = None if got is None else got[0]
                row[f"P{a + 1}"] = None if got is None else got[1]
            row["path P"] = math.prod(p for _, p in path)
            row["damage"] = f"{h}+" if drawn >= h else drawn
            row["knocked out"] = drawn >= h
            rows.append(row)
            return
        mine0, total, draws = before[i]
        need = h - drawn  # this much damage knocks out: one branch for all of it
        for j in range(min(draws, need - 1) + 1):
            p = _hypergeom(j, mine0 - drawn, total, draws)
            if p > 0:
                walk(i + 1, [*path, (j, p)], drawn + j)
        p = sum(_hypergeom(j, mine0 - drawn, total, draws) for j in range(need, draws + 1))
        if p > 0:
            walk(i + 1, [*path, (f"{need}+", p)], h)

    walk(0, [], 0)
    return Table(rows, title=f"{colour} ({h} health): every path through {len(before)} attacks")


def countdown_explorer(colour: str = "blue", paces=range(1, 8)):
    """Sliders for lesson 02: ``colour``'s health (1 to 8) and the clank they make each turn
    on the way out (0 to 3), driving the exact chance to walk out at each pace in
    ``paces`` (boots a turn). Starts at the story (its health, no clank)."""
    from .. import plots
    from ..paths import distance_table

    story = countdown_story()
    _check(story, colour)
    paces = _paces(paces, "paces")
    board = load_board(story.board)
    d = float(distance_table(board, ["entrance"])[board.index(story.positions[colour]), 0])
    bag = story.countdown_bag()

    def chances(health: int, clank: int) -> list[float]:
        hp = dict(story.health, **{colour: health})
        return [
            countdown_survival(
                hp, bag, colour, turns_to_exit(d, b), story.draws, clank_per_turn=clank
            )
            for b in paces
        ]

    def draw(health: int, clank: int):
        return plots.survival_bars(
            paces,
            chances(health, clank),
            title=f"{colour}, {d:.0f} boots from the exit, {health} health, "
            f"{clank} clank a turn: chance to get out",
            x_label="boots per turn",
        )

    return plots.explore(
        draw,
        health=plots.slider(int(story.health[colour]), 1, 8, f"{colour}'s health"),
        clank=plots.slider(0, 0, 3, "clank a turn"),
    )
