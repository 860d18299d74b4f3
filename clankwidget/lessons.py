"""Helpers for the lesson notebooks: story set-ups, exercise checks, small tables.

The notebooks in ``notebooks/`` stay short by calling these. Everything random is seeded,
so a lesson prints the same numbers on every machine, and every number a lesson teaches
comes from the public functions of :mod:`clankwidget.odds`, :mod:`clankwidget.paths` and
:mod:`clankwidget.deck`; the functions here only set up the questions.

Exercises: each lesson ends with a question. The learner writes an answer in a cell and
runs :func:`check`, which says whether it is right, with a hint when it is not. It never
raises, whatever it is given.

>>> bool(check("05", ...))  # the placeholder of an unanswered exercise: "Not yet: ..."
False
>>> check("05", solution("05"))
Right! The exact answer is 0.8750.
"""

from __future__ import annotations

import html
import itertools
import math
import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

import numpy as np

from .data import Board, load_board, load_cards

__all__ = [
    "CABINET_TOKENS",
    "COUNTDOWN_EXTRAS",
    "EXERCISES",
    "SKILL_SHOT",
    "STORY_01",
    "STORY_07",
    "DangerStory",
    "Exercise",
    "Feedback",
    "Table",
    "best_artifact",
    "card_table",
    "check",
    "clank_sweep",
    "clone_damage",
    "clone_damage_sampled",
    "compare",
    "countdown_attacks",
    "countdown_story",
    "countdown_survival",
    "countdown_table",
    "cycling_story",
    "danger_attacks",
    "danger_knockout",
    "danger_story",
    "danger_table",
    "distribution_table",
    "dragon_bag_game",
    "dragon_bag_story",
    "exercise",
    "exercise_piles",
    "first_turn_buy",
    "fronts",
    "key_savings",
    "pivot",
    "play_bots",
    "random_walks",
    "refill_odds",
    "skill_shot_story",
    "skill_shot_tokens",
    "solution",
    "space_story",
    "survival_map",
    "token_distribution",
    "turns_to_exit",
    "walks_against_front",
]


# ---------------------------------------------------------------------------
# Tables


def _cell(value: Any, digits: int) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Real):
        v = float(value)
        if math.isinf(v):
            return "never" if v > 0 else "-inf"
        if math.isnan(v):
            return "-"
        text = f"{v:.{digits}f}"
        return "0." + "0" * digits if text == "-0." + "0" * digits else text
    return str(value)


class Table:
    """A small table of numbers for a lesson: rows of dicts, printed with rounded floats.

    ``repr`` is aligned plain text, and a notebook shows it as HTML; both round floats to
    ``digits`` decimals, so the output is the same on every machine. ``rows`` keeps the
    unrounded values; ``column(name)`` reads one column.
    """

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
        *,
        title: str = "",
        digits: int = 4,
        headers: Mapping[str, str] | None = None,
        column_digits: Mapping[str, int] | None = None,
    ):
        self.rows = [dict(r) for r in rows]
        if columns is None:
            columns = list(dict.fromkeys(k for r in self.rows for k in r))
        self.columns = list(columns)
        self.title = title
        self.digits = digits
        self.headers = dict(headers or {})
        self.column_digits = dict(column_digits or {})

    def column(self, name: str) -> list:
        """The values of one column, unrounded."""
        if name not in self.columns:
            raise KeyError(f"no column {name!r}; the columns are {', '.join(self.columns)}")
        return [r.get(name) for r in self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, i: int) -> dict:
        return self.rows[i]

    def __iter__(self):
        return iter(self.rows)

    def _grid(self) -> list[list[str]]:
        head = [self.headers.get(c, c) for c in self.columns]
        digits = [self.column_digits.get(c, self.digits) for c in self.columns]
        return [head] + [
            [_cell(r.get(c), d) for c, d in zip(self.columns, digits, strict=True)]
            for r in self.rows
        ]

    def __repr__(self) -> str:
        grid = self._grid()
        widths = [max(len(row[j]) for row in grid) for j in range(len(self.columns))]
        lines = [self.title] if self.title else []
        for row in grid:
            cells = [row[0].ljust(widths[0])]
            cells += [c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        grid = self._grid()
        esc = html.escape
        out = ["<table>"]
        if self.title:
            out.append(f"<caption style='text-align:left'><b>{esc(self.title)}</b></caption>")
        text = [
            any(isinstance(r.get(c), str) for r in self.rows)
            and not all(isinstance(r.get(c), (numbers.Number, type(None))) for r in self.rows)
            for c in self.columns
        ]
        left = " style='text-align:left'"
        pairs = zip(grid[0], text, strict=True)
        heads = (f"<th{left if t else ''}>{esc(h)}</th>" for h, t in pairs)
        out.append("<thead><tr>" + "".join(heads) + "</tr></thead>")
        out.append("<tbody>")
        for row in grid[1:]:
            cells = (
                f"<td{left if t else ''}>{esc(c)}</td>" for c, t in zip(row, text, strict=True)
            )
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append("</tbody></table>")
        return "".join(out)


def compare(
    labels: Sequence,
    exact: Sequence[float],
    simulated: Sequence[float],
    *,
    label: str = "case",
    title: str = "",
    digits: int = 4,
    n: int | None = None,
) -> Table:
    """Exact and simulated probabilities side by side, with their difference (simulated -
    exact). With ``n`` (the number of simulated trials) a column ``noise`` gives twice
    the standard error of a frequency, ``2 * sqrt(p (1 - p) / n)``: a simulation that
    agrees lands within it about 95% of the time."""
    labels = list(labels)
    exact = [float(v) for v in exact]
    simulated = [float(v) for v in simulated]
    if not len(labels) == len(exact) == len(simulated):
        raise ValueError("labels, exact and simulated must have the same length")
    rows = []
    for lab, e, s in zip(labels, exact, simulated, strict=True):
        row = {label: lab, "exact": e, "simulated": s, "difference": s - e}
        if n is not None:
            row["noise"] = 2.0 * math.sqrt(max(e * (1.0 - e), 0.0) / n)
        rows.append(row)
    columns = [label, "exact", "simulated", "difference"] + (["noise"] if n else [])
    return Table(
        rows,
        columns,
        title=title,
        digits=digits,
        headers={"noise": "noise (2 s.e.)"},
        column_digits={"difference": digits + 1},
    )


def pivot(
    tables: Mapping[Any, Table],
    value: str,
    *,
    key: str,
    rows: Iterable | None = None,
    label: str = "{}",
) -> Table:
    """One column per table of ``tables`` (labelled ``label.format(table key)``), holding
    ``value``, against ``key``; only the rows whose ``key`` is in ``rows`` (default all)."""
    keep = None if rows is None else set(rows)
    out: dict[Any, dict] = {}
    for name, table in tables.items():
        for r in table:
            if keep is None or r[key] in keep:
                out.setdefault(r[key], {key: r[key]})[label.format(name)] = r[value]
    return Table(out.values())


# ---------------------------------------------------------------------------
# Playing seeded games for a story


def play_bots(
    players: int = 3, seed: int = 0, until_turn: int = 10, *, bot_seed: int | None = None
):
    """A Clank! game on the teaching dungeon, played by seeded random bots until the start
    of turn ``until_turn`` (the engine's turn counter counts every player's turn) or the
    end of the game. The same arguments give the same game. Bot ``i`` is seeded with
    ``bot_seed * 10 + i`` (``bot_seed`` defaults to ``seed``)."""
    from .bots import RandomBot
    from .game import Game

    game = Game.new(players=players, seed=seed)
    base = seed if bot_seed is None else bot_seed
    bots = {p.colour: RandomBot(seed=base * 10 + i) for i, p in enumerate(game.players)}
    for _ in range(200 * until_turn + 1000):
        if game.is_over or (game.state.turn >= until_turn and game.pending is None):
            break
        game.apply(bots[game.current_player.colour].choose(game))
    return game


STORY_01 = {"players": 3, "seed": 6, "until_turn": 25}
"""Lesson 01's game: three random bots, seed 6, stopped at the start of turn 25."""


def dragon_bag_game():
    """Lesson 01's game (a fresh copy each call): see :data:`STORY_01`."""
    return play_bots(**STORY_01)


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
    from .odds import attack_odds

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


# ---------------------------------------------------------------------------
# Lesson 02: the countdown

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
    from .odds import Attack

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
    """
    from .odds import knockout_odds

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
    from .paths import distance_table

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
    from .paths import distance_table

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


# ---------------------------------------------------------------------------
# Lesson 03: boots, swords and monsters


def fronts(options, spaces: Iterable[str] | None = None, *, only_choices: bool = True) -> Table:
    """The Pareto fronts of a :class:`~clankwidget.paths.TurnOptions` as a table, one row
    per option: the room's name, boots, swords, damage and the route (room names). Only
    ``spaces`` if given (in that order), else every reachable space; with ``only_choices``
    only the spaces that offer more than one option."""
    board = options.board
    wanted = list(options.reachable if spaces is None else spaces)
    by_space: dict[str, list[dict]] = {}
    for r in options.table():
        by_space.setdefault(r["space"], []).append(r)
    rows = []
    for sid in wanted:
        entries = by_space.get(sid, [])
        if only_choices and len(entries) < 2:
            continue
        for r in entries:
            route = " > ".join(board.space(x).name for x in r["route"].split(" > ") if x)
            rows.append(
                {
                    "room": r["name"],
                    "boots": r["boots"],
                    "swords": r["swords"],
                    "damage": r["damage"],
                    "route": route,
                }
            )
    return Table(rows, ["room", "boots", "swords", "damage", "route"])


def key_savings(board: Board, target: str) -> dict[str, float]:
    """Boots a Master Key saves on the walk from each space to ``target`` (``inf``-free:
    spaces that cannot reach it either way are left out)."""
    from .paths import distance_table

    without = distance_table(board, [target], keys=False)[:, 0]
    with_key = distance_table(board, [target], keys=True)[:, 0]
    out = {}
    for i, sid in enumerate(board.space_ids):
        if math.isfinite(with_key[i]):
            out[sid] = float(without[i] - with_key[i]) if math.isfinite(without[i]) else math.inf
    return out


def random_walks(
    board: Board,
    start: str,
    *,
    boots: int,
    swords: int,
    health: int,
    keys: bool = False,
    can_exit: bool = False,
    n: int = 20_000,
    seed: int,
) -> dict[str, set[tuple[int, int, int]]]:
    """Seeded random walks under one turn's movement rules: a simulation to set beside
    :func:`clankwidget.paths.turn_options`.

    Each walk starts at ``start`` and, at every step, picks uniformly among stopping and
    the legal moves: a path leaving this space that the boots left pay for (locked only
    with ``keys``; one way only its way), paying each monster with a random mix of the
    swords left and damage (damage this turn stays below ``health``). Entering a crystal
    cave (or checkpoint) or the exit ends it; the exit needs ``can_exit``. Teleports are
    not tried. Returns, per space reached, the set of (boots, swords, damage) totals seen.
    """
    rng = np.random.default_rng(seed)
    exits = {sid: board.exits(sid) for sid in board.space_ids}
    stops = {s.id: s.stops_movement for s in board.spaces}
    seen: dict[str, set[tuple[int, int, int]]] = {start: {(0, 0, 0)}}
    exit_id = board.start if board.kind == "board" else None
    for _ in range(n):
        here, b, s, d = start, 0, 0, 0
        while True:
            moves = []
            for p in exits[here]:
                there = p.other_end(here)
                if (p.locked and not keys) or p.water or b + p.boots > boots:
                    continue
                if there == exit_id and not can_exit:
                    continue
                # the ways to pay this path's monsters: k swords and the rest as damage
                pays = [
                    k
                    for k in range(p.monsters + 1)
                    if s + k <= swords and d + p.monsters - k <= health - 1
                ]
                moves += [(p, there, k) for k in pays]
            pick = int(rng.integers(len(moves) + 1))
            if pick == len(moves):
                break
            p, there, k = moves[pick]
            here, b, s, d = there, b + p.boots, s + k, d + p.monsters - k
            seen.setdefault(here, set()).add((b, s, d))
            if stops[here] or here == exit_id:
                break
    return seen


def _dominates(a: Sequence[int], b: Sequence[int]) -> bool:
    return all(x <= y for x, y in zip(a, b, strict=True)) and tuple(a) != tuple(b)


def walks_against_front(options, walks: Mapping[str, set]) -> Table:
    """Per reachable space: the exact front, how many distinct costs the walks found, and
    whether any walk beat the front (it never should) or matched all of it."""
    rows = []
    for sid in options.reachable:
        front = [tuple(o) for o in options.front(sid)]
        found = walks.get(sid, set())
        # a walk "beats" the front if no front option is as good on every count
        beat = any(not any(f == w or _dominates(f, w) for f in front) for w in found)
        rows.append(
            {
                "space": sid,
                "front": " | ".join(f"{b}b {s}s {d}d" for b, s, d in front),
                "walk costs seen": len(found),
                "front found": sum(1 for f in front if f in found),
                "front size": len(front),
                "walk beat front": beat,
            }
        )
    return Table(rows)


# ---------------------------------------------------------------------------
# Lesson 04: the Skill Shot (Pulsarcade)

SKILL_SHOT = ((6, 1), (8, 2))
"""Pulsarcade's Skill Shot: (skill generated this turn, tokens): 6 skill give 1, 8 give 2
(the rule book; ``board_data/space/pulsarcade.json`` says the same)."""

CABINET_TOKENS = {
    "Contra Kong": 1,
    "Dragon's Den": 1,
    "Eraditron": 2,
    "Mortal Instinct": 1,
    "Ping": 1,
    "Q*Alert": 1,
    "Slogger": 1,
    "Snack-Man": 1,
}
"""Token icons on each Arcade Cabinet (the rule book: Eraditron is worth two)."""


@dataclass(frozen=True)
class SkillShotStory:
    """Lesson 04's turn: the deck (all of it is the draw pile as the hand is drawn), the
    card set that says what each card gives, the Arcade Cabinets claimed, and the MCP
    board's Redemption spaces (id -> token bonus) and artifacts (value -> token cost).
    ``names``: the board's names of spaces (by id) and of artifacts (by value)."""

    deck: Mapping[str, int]
    cards: Mapping[str, Any]
    cabinets: Mapping[str, int]
    redemption: Mapping[str, int]
    costs: Mapping[int, int]
    names: Mapping[Any, str]

    @property
    def cabinet_tokens(self) -> int:
        return sum(self.cabinets.values())

    def deck_table(self) -> Table:
        """The deck: each card, its copies and what playing it gives."""
        return card_table(self.deck, self.cards)

    def prize_table(self) -> Table:
        """The prizes: name, points and token cost."""
        rows = [
            {"prize": self.names.get(value, str(value)), "points": value, "tokens": cost}
            for value, cost in self.costs.items()
        ]
        return Table(rows)


def card_table(deck: Mapping[str, int], cards: Mapping[str, Any]) -> Table:
    """A deck as a table: card name, copies, and what playing it gives (as
    :func:`clankwidget.deck.card_resources` counts it)."""
    from .deck import card_resources

    rows = []
    for cid, count in deck.items():
        card = cards[cid]
        gives = card_resources(card, choose_for="skill")
        text = ", ".join(f"draw {v}" if k == "draw" else f"{v:+d} {k}" for k, v in gives.items())
        rows.append({"card": card.name, "copies": count, "when played": text or "nothing"})
    return Table(rows)


def distribution_table(dist, *, start: int | None = None) -> Table:
    """A :class:`~clankwidget.deck.TotalDistribution` as rows ``total``, ``P(= total)``
    and ``P(>= total)`` (from ``start``, default the lowest total with a chance)."""
    rows = []
    support = [int(k) for k in dist.support]
    for k in support:
        if dist.prob(k) <= 0 or (start is not None and k < start):
            continue
        rows.append({dist.resource: k, "P(exactly)": dist.prob(k), "P(at least)": dist.at_least(k)})
    return Table(rows)


def skill_shot_story() -> SkillShotStory:
    """Lesson 04: a 16-card deck of the Clank! In! Space! teaching set, four Arcade Cabinets
    (5 tokens), and the Pulsarcade MCP board of ``board_data`` (its token costs)."""
    cards = load_cards("space-teaching")
    board = load_board("pulsarcade-mcp")
    redemption = {s.id: s.redemption for s in board.spaces if s.redemption is not None}
    costs = {
        s.artifact: s.artifact_cost
        for s in board.spaces
        if s.artifact is not None and s.artifact_cost is not None
    }
    names: dict[Any, str] = {s.id: s.name for s in board.spaces}
    names.update({s.artifact: s.name for s in board.spaces if s.artifact is not None})
    deck = {
        "hack": 6,
        "stumble": 2,
        "access": 1,
        "scramble": 1,
        "boldly-go": 3,
        "fazr": 1,
        "memory-core": 1,
        "radio-operator": 1,
    }
    cabinets = {k: CABINET_TOKENS[k] for k in ("Ping", "Eraditron", "Contra Kong", "Dragon's Den")}
    return SkillShotStory(
        deck=deck,
        cards=cards.cards,
        cabinets=cabinets,
        redemption=dict(sorted(redemption.items(), key=lambda kv: kv[1])),
        costs=dict(sorted(costs.items())),
        names=names,
    )


def skill_shot_tokens(skill: int, shot: Sequence[tuple[int, int]] = SKILL_SHOT) -> int:
    """Tokens a Skill Shot adds for ``skill`` generated this turn (0, 1 or 2)."""
    best = 0
    for need, tokens in shot:
        if skill >= need:
            best = max(best, tokens)
    return best


def best_artifact(tokens: int, costs: Mapping[int, int]) -> int | None:
    """The most valuable artifact ``tokens`` can take (``None``: none)."""
    within = [value for value, cost in costs.items() if cost <= tokens]
    return max(within) if within else None


def token_distribution(
    skill_pmf, base_tokens: int, costs: Mapping[int, int], names: Mapping[Any, str] | None = None
) -> Table:
    """From the law of one turn's skill to the law of the token total and of the best
    artifact in reach: one row per token total with its probability, the skill that
    gives it, and the most valuable artifact it can take (named from ``names``)."""
    support = np.asarray(skill_pmf.support)
    pmf = np.asarray(skill_pmf.pmf)
    totals: dict[int, float] = {}
    for k, p in zip(support.tolist(), pmf.tolist(), strict=True):
        if p > 0:
            t = base_tokens + skill_shot_tokens(int(k))
            totals[t] = totals.get(t, 0.0) + p
    low, high = SKILL_SHOT[0][0], SKILL_SHOT[-1][0]
    shot_skill = {0: f"{low - 1} or less", 1: f"{low} to {high - 1}", 2: f"{high} or more"}
    rows = []
    for t in sorted(totals):
        value = best_artifact(t, costs)
        row = {
            "skill": shot_skill[t - base_tokens],
            "tokens": t,
            "probability": totals[t],
            "best artifact": value,
        }
        if names is not None:
            row["prize"] = names.get(value, "-") if value is not None else "none"
        rows.append(row)
    return Table(rows)


# ---------------------------------------------------------------------------
# Lesson 05: deck cycling


def first_turn_buy(seed: int = 3, colour_index: int = 0, buy: str = "explore"):
    """A two-player game in which the first player plays their whole first hand, buys
    ``buy`` from the reserve if the skill allows (else a Mercenary, else nothing) and ends
    the turn. Returns ``(game, bought)``: the game as the second player's turn begins."""
    from .game import Game

    game = Game.new(players=2, seed=seed)
    for _ in range(colour_index):
        _end_turn_playing_all(game, None)
    bought = _end_turn_playing_all(game, buy)
    return game, bought


def _end_turn_playing_all(game, buy: str | None) -> str | None:
    from .rules import actions as A

    p = game.current_player
    while p.hand:
        game.apply(A.Play(card=p.hand[0]))
        while game.pending is not None:
            game.apply(A.Choose(option=0))
    bought = None
    if buy is not None:
        for cid in (buy, "mercenary"):
            if game.why_illegal(A.AcquireReserve(card=cid)) is None:
                game.apply(A.AcquireReserve(card=cid))
                bought = cid
                break
    game.apply(A.EndTurn())
    return bought


@dataclass(frozen=True)
class CyclingStory:
    """Lesson 05: the piles as the next hand is drawn, and the card just bought."""

    card: str
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...]
    seed: int


@cache
def _cycling_story(seed: int) -> CyclingStory:
    game, bought = first_turn_buy(seed=seed)
    p = game.players[0]
    # the engine has already drawn the next hand from the draw pile: put it back, so the
    # piles are as they were the moment before that draw (the hand is not known yet)
    draw_pile = tuple(p.deck) + tuple(reversed(p.hand))
    return CyclingStory(bought, draw_pile, tuple(p.discard), seed)


def cycling_story(seed: int = 3) -> CyclingStory:
    """Lesson 05: blue's first turn of a seeded two-player game (see :func:`first_turn_buy`)."""
    return _cycling_story(seed)


# ---------------------------------------------------------------------------
# Lesson 06: bounty hunters and the Cloning Vats


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
    from .odds import attack_odds

    if clones < 0:
        raise ValueError(f"clones must be >= 0, got {clones}")
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
    from .odds import sample_attacks

    if clones < 0:
        raise ValueError(f"clones must be >= 0, got {clones}")
    sim = sample_attacks(dict(cubes), draws, n, seed=seed, hit_all=red, clones={colour: clones})
    size = _most_clone_damage(cubes, draws, colour, clones, red) + 1
    return np.bincount(sim.damage_samples(colour), minlength=size) / n


# ---------------------------------------------------------------------------
# Lesson 07: Danger cards

STORY_07 = {"players": 3, "seed": 6, "until_turn": 57}
"""Lesson 07's game: lesson 01's game (three random bots, seed 6), played on to the start
of turn 57."""


@dataclass(frozen=True)
class DangerStory:
    """Lesson 07's moment, as plain numbers.

    ``cubes``: the bag plus the Clank area (black first); ``rage``: the cubes the rage
    track draws; ``dangers``: the Danger cards in the dungeon row (ids), each one more cube
    per attack; ``health``: each thief's remaining health; ``deck``: the cards left in the
    dungeon deck by mark, ``{"danger": .., "both": .., "dragon": .., "neither": ..}``
    (``"both"``: a Danger card that also has a dragon symbol); ``names``: card id -> name.
    """

    cubes: Mapping[str, int]
    rage: int
    dangers: tuple[str, ...]
    health: Mapping[str, int]
    deck: Mapping[str, int]
    names: Mapping[str, str]

    @property
    def draws(self) -> int:
        """Cubes the next attack draws: the rage track's plus one per Danger card."""
        return self.rage + len(self.dangers)

    def draws_with(self, dangers: int) -> int:
        """Cubes an attack draws with ``dangers`` Danger cards in the row."""
        if dangers < 0:
            raise ValueError(f"dangers must be >= 0, got {dangers}")
        return self.rage + dangers

    def attack(self, dangers: int):
        """The exact odds (:func:`clankwidget.odds.attack_odds`) of the next attack with
        ``dangers`` Danger cards in the row."""
        from .odds import attack_odds

        draws = self.draws_with(dangers)
        return attack_odds(dict(self.cubes), draws, health=dict(self.health), hit_all=None)


@cache
def _story_07() -> DangerStory:
    game = play_bots(**STORY_07)
    s, rules = game.state, game.rules
    cubes, _ = game.attack_cubes()
    order = ["black", *(p.colour for p in game.players)]
    mark = {(True, True): "both", (True, False): "danger", (False, True): "dragon"}
    deck = {"danger": 0, "both": 0, "dragon": 0, "neither": 0}
    for cid in s.dungeon_deck:
        card = rules.card(cid)
        deck[mark.get((bool(card.danger), bool(card.dragon)), "neither")] += 1
    dangers = tuple(c for c in s.row if c and rules.card(c).danger)
    # read-only views: the story is cached, so a learner's edits must not leak into it
    return DangerStory(
        cubes=MappingProxyType({c: int(cubes.get(c, 0)) for c in order}),
        rage=int(rules.rage_value(s)),
        dangers=dangers,
        health=MappingProxyType(
            {p.colour: rules.health - p.damage for p in game.players if p.is_in}
        ),
        deck=MappingProxyType(deck),
        names=MappingProxyType({c: rules.card(c).name for c in dangers}),
    )


def danger_story() -> DangerStory:
    """Lesson 07: green, hurt, on turn, with two Danger cards in the dungeon row."""
    return _story_07()


def danger_table(story: DangerStory, colour: str, dangers: Iterable[int] | None = None) -> Table:
    """One attack's odds for ``colour`` with 0, 1, ... Danger cards in the row (default:
    0 up to the story's count): draws, ``p_hit`` (at least one damage), ``expected``
    damage and ``p_knockout``. All from :func:`clankwidget.odds.attack_odds`."""
    rows = []
    for n in range(len(story.dangers) + 1) if dangers is None else dangers:
        odds = story.attack(n)
        rows.append(
            {
                "dangers": n,
                "draws": story.draws_with(n),
                "p_hit": 1.0 - float(odds.damage(colour)[0]),
                "expected": odds.expected(colour),
                "p_knockout": odds.knockout(colour),
            }
        )
    return Table(rows, title=f"{colour}, one attack")


def danger_attacks(story: DangerStory, attacks: int, dangers: int, *, added: int = 1) -> list:
    """The next ``attacks`` attacks with ``dangers`` Danger cards in the row: the first
    from the bag as it is, each later one after every thief still inside has put ``added``
    more cubes in the Clank area. A list of :class:`clankwidget.odds.Attack` for
    :func:`clankwidget.odds.knockout_odds`."""
    from .odds import Attack

    if attacks < 1:
        raise ValueError(f"attacks must be >= 1, got {attacks}")
    draws = story.draws_with(dangers)
    later = {c: added for c in story.health} if added else {}
    return [Attack(draws)] + [Attack(draws, later) for _ in range(attacks - 1)]


def danger_knockout(
    story: DangerStory, colour: str, attacks: int, dangers: Iterable[int] | None = None
) -> Table:
    """The chance ``colour`` is knocked out by the end of each of the next ``attacks``
    attacks, one column per number of Danger cards left in the row (default: the story's
    count down to 0), exact (:func:`clankwidget.odds.knockout_odds`)."""
    from .odds import knockout_odds

    counts = list(range(len(story.dangers), -1, -1) if dangers is None else dangers)
    rows = [{"attack": t + 1} for t in range(attacks)]
    for n in counts:
        ko = knockout_odds(
            dict(story.health),
            danger_attacks(story, attacks, n),
            bag=dict(story.cubes),
            hit_all=None,
        )
        for row, p in zip(rows, ko.knockout(colour), strict=True):
            row[_dangers_label(n)] = float(p)
    return Table(rows, title=f"{colour}: knocked out by the end of attack ...")


def _dangers_label(n: int) -> str:
    return f"{n} Danger card{'' if n == 1 else 's'}"


def _some_marked(size: int, marked: int, k: int) -> float:
    """The chance that ``k`` cards dealt from ``size`` include one of ``marked`` cards."""
    return 1.0 - math.comb(size - marked, k) / math.comb(size, k)


def refill_odds(
    story: DangerStory, slots: Iterable[int] = (1, 2, 3), *, n: int = 200_000, seed: int
) -> Table:
    """What refilling ``slots`` empty places in the dungeon row from the dungeon deck
    brings: the chance of a new Danger card and of a dragon symbol (which sets off an
    attack), exact (hypergeometric: ``1 - C(N - marked, k) / C(N, k)``) and from ``n``
    seeded refills drawn by :func:`clankwidget.odds.sample_attacks` (the deck is a bag of
    cards, marked or not)."""
    from .odds import sample_attacks

    deck = dict(story.deck)
    size = sum(deck.values())
    danger = deck["danger"] + deck["both"]
    dragon = deck["dragon"] + deck["both"]
    # the deck as a bag: "black" the unmarked cards, so sample_attacks counts the others
    bag = {"danger": deck["danger"], "both": deck["both"], "dragon": deck["dragon"]}
    bag["black"] = deck["neither"]
    rows = []
    for k in slots:
        if not 0 <= k <= size:
            raise ValueError(f"cannot refill {k} places from a deck of {size}")
        sim = sample_attacks(bag, k, n, seed=seed, hit_all=None)
        new_danger = (sim.drawn_of("danger") + sim.drawn_of("both")) > 0
        new_dragon = (sim.drawn_of("dragon") + sim.drawn_of("both")) > 0
        rows.append(
            {
                "places": k,
                "danger": _some_marked(size, danger, k),
                "danger_sim": float(new_danger.mean()),
                "attack": _some_marked(size, dragon, k),
                "attack_sim": float(new_dragon.mean()),
            }
        )
    return Table(
        rows,
        title=f"Refilling from a dungeon deck of {size} ({danger} Danger, {dragon} dragon)",
        headers={
            "danger": "P(new Danger)",
            "danger_sim": "simulated",
            "attack": "P(dragon attacks)",
            "attack_sim": "simulated",
        },
    )


# ---------------------------------------------------------------------------
# Exercises


@dataclass(frozen=True)
class Feedback:
    """What :func:`check` says. True when the answer is right; shows as its message."""

    lesson: str
    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Exercise:
    """One lesson's exercise: the question, how to compute the answer with the package's
    functions, how close counts as right, a hint, and known wrong answers ("traps"), each
    with the hint it deserves."""

    lesson: str
    question: str
    solve: Callable[[], float]
    hint: str
    kind: str = "probability"  # or "count"
    tolerance: float = 6e-4
    traps: Callable[[], list[tuple[float, str]]] = field(default=lambda: [])


def _ex01():
    from .odds import attack_odds

    cubes, draws, _ = dragon_bag_story()
    cubes["blue"] += 2
    return 1.0 - float(attack_odds(cubes, draws, hit_all=None).damage("blue")[0])


def _ex01_traps():
    from .odds import attack_odds

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


def _ex02():
    story = countdown_story()
    from .paths import distance_table

    board = load_board(story.board)
    d = distance_table(board, ["entrance"])[board.index("obsidian-throne"), 0]
    turns = turns_to_exit(float(d), 3)
    return countdown_survival(story.health, story.countdown_bag(), "yellow", turns, story.draws)


def _ex02_traps():
    story = countdown_story()
    bag = story.countdown_bag()
    out = []
    right = _ex02()
    for turns in (2, 3, 4, 5):
        p = countdown_survival(story.health, bag, "yellow", turns, story.draws)
        if abs(p - right) > 1e-9:
            out.append(
                (
                    p,
                    f"That is the answer for {turns} turns to walk out. Count the turns again: "
                    "ceil(boots to the entrance / boots per turn), and the player faces one "
                    "countdown attack fewer than that.",
                )
            )
    out.append((1.0 - right, "That is the chance yellow is knocked out, not that yellow survives."))
    return out


def _ex03():
    savings = key_savings(load_board("teaching-dungeon"), "hoard-lip")
    return savings["stargazer-loft"]


def _ex03_traps():
    from .paths import distance_table

    board = load_board("teaching-dungeon")
    i = board.index("stargazer-loft")
    without = float(distance_table(board, ["hoard-lip"])[i, 0])
    with_key = float(distance_table(board, ["hoard-lip"], keys=True)[i, 0])
    return [
        (without, "That is the whole walk without a key; the question asks what the key saves."),
        (with_key, "That is the walk with the key; subtract it from the walk without one."),
    ]


def _ex04():
    from .deck import chance_at_least

    story = skill_shot_story()
    have = story.cabinet_tokens + CABINET_TOKENS["Slogger"] + max(story.redemption.values())
    need = min((k for k, t in SKILL_SHOT if have + t >= story.costs[30]), default=None)
    if have >= story.costs[30]:
        return 1.0
    if need is None:
        return 0.0
    return chance_at_least(story.deck, cards=story.cards, resource="skill", k=need)


def _ex04_traps():
    from .deck import chance_at_least

    story = skill_shot_story()
    at6 = chance_at_least(story.deck, cards=story.cards, resource="skill", k=6)
    no_draw = chance_at_least(
        story.deck, cards=story.cards, resource="skill", k=8, include_draws=False
    )
    return [
        (at6, "6 skill gives one token: count the tokens again. Which skill total reaches 10?"),
        (
            no_draw,
            "Close, but the Radio Operator draws a card, which is played too: keep "
            "include_draws=True (the default).",
        ),
        (0.0, "Not impossible: with Slogger you hold 6 cabinet tokens, and the booth adds 2."),
    ]


def _ex05():
    from .deck import chance_to_see

    return chance_to_see("explore", _ex05_piles()[0], _ex05_piles()[1], turns=2)


def _ex05_piles():
    story = cycling_story()
    # two turns later: the new draw pile holds 3 cards, the rest (the Explore among them)
    # is in the discard pile
    deck = list(story.draw_pile) + list(story.discard)
    deck.remove(story.card)
    return tuple(deck[:3]), (*deck[3:], story.card)


def _ex05_traps():
    draw, discard = _ex05_piles()
    n = len(draw) + len(discard)
    first = (5 - len(draw)) / len(discard)
    return [
        (
            first,
            "That is only the next hand (3 old cards plus 2 from the reshuffled pile). "
            "The question asks about 2 turns.",
        ),
        (
            10 / n,
            "That treats the whole deck as one shuffled pile. The Explore cannot be in "
            "the 3 cards left in the draw pile: it waits in the discard pile for the reshuffle.",
        ),
        (
            1 - (1 - 5 / n) ** 2,
            "That treats the two hands as independent draws. They are "
            "not: a card drawn in the first hand is not in the second.",
        ),
    ]


def _ex06():
    story = space_story()
    return float(clone_damage(story.cubes, story.draws, "blue", 1)[0])


def _ex06_traps():
    from .odds import attack_odds

    story = space_story()
    no_clone = float(attack_odds(story.cubes, story.draws).damage("blue")[0])
    two = float(clone_damage(story.cubes, story.draws, "blue", 2)[0])
    return [
        (no_clone, "That is without a clone. With one, the first red cube drawn spares blue."),
        (two, "That is with two clones (every red cube absorbed); blue has one."),
    ]


def _refill_knockout(story: DangerStory, colour: str, places: int, *, new_dangers=True) -> float:
    """The chance that refilling ``places`` empty places sets off an attack (a dragon
    symbol among the new cards) and that attack knocks ``colour`` out. The Danger cards
    are gone from the row, but a new one adds its cube (unless ``new_dangers`` is false)."""
    deck = story.deck
    size = sum(deck.values())
    kinds = ("both", "danger", "dragon", "neither")
    total = 0.0
    for counts in itertools.product(*(range(min(deck[k], places) + 1) for k in kinds)):
        got = dict(zip(kinds, counts, strict=True))
        if sum(counts) != places or got["both"] + got["dragon"] == 0:
            continue  # not this many cards, or no dragon symbol: no attack
        ways = math.prod(math.comb(deck[k], got[k]) for k in kinds)
        extra = got["both"] + got["danger"] if new_dangers else 0
        total += ways / math.comb(size, places) * story.attack(extra).knockout(colour)
    return total


def _ex07():
    return _refill_knockout(danger_story(), "green", 2)


def _ex07_traps():
    story = danger_story()
    ko0 = story.attack(0).knockout("green")
    size = sum(story.deck.values())
    attack = _some_marked(size, story.deck["dragon"] + story.deck["both"], 2)
    return [
        (
            _refill_knockout(story, "green", 2, new_dangers=False),
            "Nearly: if the refill brings the second Ember Altar, it is a Danger card in the "
            "row when the attack it sets off draws, so that attack draws one cube more.",
        ),
        (
            ko0,
            "That is the chance an attack drawing the rage track's cubes knocks green out; "
            "but the attack comes only if a new card shows a dragon symbol.",
        ),
        (attack, "That is the chance the refill sets off an attack; it must also knock green out."),
    ]


EXERCISES: dict[str, Exercise] = {
    "01": Exercise(
        "01",
        "Blue is about to play two Stumbles (2 more blue cubes in the Clank area) before the "
        "attack of this story. What is the chance blue then takes at least one damage?",
        _ex01,
        "Add 2 to cubes['blue'], call attack_odds(cubes, draws), and use 1 - damage('blue')[0].",
        traps=_ex01_traps,
    ),
    "02": Exercise(
        "02",
        "Same countdown, but suppose yellow stood in the Obsidian Throne Room instead, and "
        "makes 3 boots a turn. What is the chance yellow walks out alive?",
        _ex02,
        "distance_table(board, ['entrance']) gives the boots; turns_to_exit gives the turns; "
        "then countdown_survival(story.health, bag, 'yellow', turns, story.draws).",
        traps=_ex02_traps,
    ),
    "03": Exercise(
        "03",
        "How many boots does a Master Key save on the walk from the Stargazer's Loft to the "
        "Lip of the Hoard?",
        _ex03,
        "Compare distance_table(board, ['hoard-lip'], keys=True) with keys=False at the "
        "Stargazer's Loft ('stargazer-loft').",
        kind="count",
        tolerance=0.0,
        traps=_ex03_traps,
    ),
    "04": Exercise(
        "04",
        "Before heading to the High Score Booth you also claim Slogger (1 token). What is the "
        "chance that this turn's Skill Shot then lets you steal the 30-point Neon Crown?",
        _ex04,
        "Count tokens: cabinets + 2 (the booth) + the Skill Shot. Which skill total reaches "
        "the Neon Crown's cost (story.costs[30])? Then chance_at_least(story.deck, "
        "cards=story.cards, resource='skill', k=...).",
        traps=_ex04_traps,
    ),
    "05": Exercise(
        "05",
        "Two turns on, blue's draw pile has only 3 cards left and the Explore is in the "
        "discard pile with the rest of the deck. What is the chance blue sees the Explore "
        "within the next 2 turns?",
        _ex05,
        "chance_to_see('explore', draw_pile, discard, turns=2) with the piles from "
        "lessons.exercise_piles('05').",
        traps=_ex05_traps,
    ),
    "06": Exercise(
        "06",
        "Blue has one clone in the Cloning Vats. What is the chance blue takes no damage at "
        "this attack?",
        _ex06,
        "clone_damage(cubes, draws, 'blue', clones=1)[0]: red cubes beyond the clones and "
        "blue's own cubes hurt.",
        traps=_ex06_traps,
    ),
    "07": Exercise(
        "07",
        "Green defeats the Ash Gremlin and uses the Ember Altar, so two places refill at the "
        "end of the turn. What is the chance that the refill sets off an attack and that "
        "attack knocks green out?",
        _ex07,
        "Split on what the two new cards are (story.deck): with the other Ember Altar (dragon "
        "and Danger) the attack draws story.draws_with(1); with a plain dragon card only, "
        "story.draws_with(0); with no dragon symbol there is no attack. Add up P(cards) x "
        "attack_odds(...).knockout('green').",
        tolerance=1e-4,
        traps=_ex07_traps,
    ),
}


def exercise_piles(lesson: str = "05") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The piles of lesson 05's exercise: ``(draw_pile, discard)``."""
    if _lesson_key(lesson) != "05":
        raise ValueError("only lesson 05's exercise has piles")
    return _ex05_piles()


def _lesson_key(lesson: Any) -> str | None:
    if isinstance(lesson, bool):
        return None
    if isinstance(lesson, numbers.Integral):
        key = f"{int(lesson):02d}"
    elif isinstance(lesson, str):
        head = lesson.strip().split("-")[0]
        key = f"{int(head):02d}" if head.isdigit() else head
    else:
        return None
    return key if key in EXERCISES else None


def exercise(lesson: Any) -> str:
    """The question of a lesson's exercise."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {lesson!r}; the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[key].question


def solution(lesson: Any) -> float:
    """The worked answer of a lesson's exercise, computed with the package's functions."""
    key = _lesson_key(lesson)
    if key is None:
        raise ValueError(f"no exercise {lesson!r}; the exercises are {', '.join(EXERCISES)}")
    return EXERCISES[key].solve()


def _number(answer: Any) -> float | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, np.ndarray) and answer.size == 1:
        answer = answer.item()
    if isinstance(answer, numbers.Real):
        return float(answer)
    if isinstance(answer, str):
        try:
            return float(answer.strip().rstrip("%")) / (100 if answer.strip().endswith("%") else 1)
        except ValueError:
            return None
    if isinstance(answer, (list, tuple, dict, set, np.ndarray)):
        return None
    try:  # Decimal, numpy scalars and other number-like objects
        return float(answer)
    except (TypeError, ValueError, OverflowError):
        return None


def _places(tolerance: float) -> int:
    """Decimals an answer needs to land within ``tolerance`` once rounded."""
    return max(1, math.ceil(-math.log10(2 * tolerance)))


def _show(value: float, kind: str) -> str:
    return str(round(value)) if kind == "count" else f"{value:.4f}"


def check(lesson: Any, answer: Any) -> Feedback:
    """Say whether ``answer`` is right for a lesson's exercise, with a hint if not.

    Never raises: a placeholder (``...`` or ``None``), text, or anything else gets a
    "Not yet" with what to do. Probabilities count as right within the exercise's
    tolerance (0.0006, three decimals, unless the question asks for more); counts must be
    exact.
    """
    key = _lesson_key(lesson)
    if key is None:
        return Feedback(
            str(lesson),
            False,
            f"Not yet: there is no exercise {lesson!r}; the exercises are "
            f"{', '.join(repr(k) for k in EXERCISES)}.",
        )
    ex = EXERCISES[key]
    if answer is ... or answer is None:
        return Feedback(
            key,
            False,
            "Not yet: replace the ... in the exercise cell with your answer (a number), "
            "then run it and this cell again.",
        )
    value = _number(answer)
    if value is None or not math.isfinite(value):
        return Feedback(
            key,
            False,
            f"Not yet: the answer should be a number, got {type(answer).__name__} "
            f"{answer!r}. Hint: {ex.hint}",
        )
    try:
        right = float(ex.solve())
        traps = ex.traps()
    except Exception as exc:  # the check must never fail a lesson
        return Feedback(key, False, f"Cannot check right now ({type(exc).__name__}: {exc}).")
    if abs(value - right) <= ex.tolerance + 1e-12:
        return Feedback(key, True, f"Right! The exact answer is {_show(right, ex.kind)}.")
    if ex.kind == "probability" and 1 < value <= 100 and abs(value / 100 - right) <= ex.tolerance:
        return Feedback(
            key, False, "Nearly: that looks like a percentage. Write it as a probability (0 to 1)."
        )
    for wrong, why in traps:
        if abs(value - wrong) <= max(ex.tolerance, 1e-9):
            return Feedback(key, False, f"Not yet: {why}")
    if ex.kind == "probability" and not 0 <= value <= 1:
        return Feedback(key, False, f"Not yet: a probability lies between 0 and 1. Hint: {ex.hint}")
    if ex.kind == "probability" and abs(value - right) <= 0.01:
        places = _places(ex.tolerance)
        decimals = {3: "three", 4: "four"}.get(places, str(places))
        return Feedback(
            key,
            False,
            "Close, but not exact (a simulation estimate, or rounded too early?). Give at "
            f"least {decimals} decimals of the exact value. Hint: {ex.hint}",
        )
    return Feedback(key, False, f"Not yet: {_show(value, ex.kind)} is not it. Hint: {ex.hint}")
