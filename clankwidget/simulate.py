"""Bots playing whole games: one seeded game, or a seeded tournament.

* :func:`play_game` - one game, the bots taking every seat, returned finished;
* :func:`tournament` - many games between bots, every seating order played from the
  same deal so seat order cannot bias the result; win counts, win rates with 95%
  confidence intervals, mean scores, escape and knockout rates.

>>> from clankwidget.simulate import play_game, tournament
>>> game = play_game(["greedy", "random"], seed=1)
>>> game.is_over
True
>>> result = tournament(["greedy", "random"], games=4, seed=0)
>>> sorted(result.wins)
['greedy', 'random']

A game is won by the player(s) :meth:`~clankwidget.game.Game.winners` names: most
points, ties to the most valuable artifact. A game in which nobody scores (everyone
knocked out in the Depths) has no winner; a tie that stands splits the win (two
winners get half a win each).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .bots import BOTS, Bot, make_bot
from .errors import ClankwidgetError, IllegalAction
from .game import Game
from .rules.state import ESCAPED, KNOCKED_OUT

__all__ = [
    "GameRecord",
    "SimulationError",
    "TournamentResult",
    "play_game",
    "tournament",
    "wilson_interval",
]

DEFAULT_MAX_STEPS = 20_000
"""Actions a game may take before :func:`play_game` gives up on it."""


class SimulationError(ClankwidgetError, RuntimeError):
    """A simulated game went wrong: it ran past its step limit, or a bot broke the rules."""


def _bot_seed(seed: int, seat: int) -> int:
    return int(np.random.SeedSequence([int(seed), 7919, seat]).generate_state(1)[0])


def play_game(
    bots: Sequence[str | Bot | type[Bot]],
    seed: int,
    board=None,
    players: Sequence[str] | None = None,
    *,
    cards=None,
    edition: str = "clank",
    max_steps: int = DEFAULT_MAX_STEPS,
    check_legal: bool = False,
) -> Game:
    """Play one game to the end with one bot per seat and return the finished game.

    ``bots``: one per seat, each a name from :data:`clankwidget.bots.BOTS`, a bot class
    or a bot object (names and classes are seeded from ``seed`` and the seat). ``seed``
    seeds the game. ``board`` / ``cards``: a name, path or object (default: the
    edition's). ``players``: the colours, one per bot (default: the standard order).
    ``max_steps``: raise :class:`SimulationError` if the game has not ended after that
    many actions. ``check_legal``: also check each action is in ``legal_actions()``
    (the engine refuses an illegal one anyway, with a less specific message).
    """
    bots = list(bots)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise ValueError(f"max_steps must be a positive whole number, got {max_steps!r}")
    if players is None:
        players = len(bots)
    elif len(players) != len(bots):
        raise ValueError(f"give one bot per player: {len(players)} colours, {len(bots)} bots")
    game = Game.new(edition=edition, board=board, players=players, seed=seed, cards=cards)
    seated = [_as_bot(b, _bot_seed(seed, i)) for i, b in enumerate(bots)]
    for _ in range(max_steps):
        if game.is_over:
            return game
        bot = seated[game.state.current]
        action = bot.choose(game)
        if check_legal and action not in game.legal_actions():
            raise SimulationError(
                f"{bot!r} chose {action}, which is not legal now "
                f"(seed {seed}, turn {game.state.turn}, {game.current_player.colour})"
            )
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise SimulationError(
                f"{bot!r} chose an illegal action (seed {seed}, turn {game.state.turn}): {exc}"
            ) from None
    if game.is_over:
        return game
    names = ", ".join(repr(b) for b in seated)
    raise SimulationError(
        f"the game with seed {seed} ({names}) did not end within max_steps={max_steps} "
        f"actions (turn {game.state.turn}); raise max_steps or check the bots"
    )


def _as_bot(kind, seed: int) -> Bot:
    if isinstance(kind, type) and issubclass(kind, Bot):
        return kind(seed=seed)
    return make_bot(kind, seed=seed)


# ---------------------------------------------------------------------------
# Tournaments


@dataclass(frozen=True)
class GameRecord:
    """One tournament game: its seed, who sat where, and how it ended (per seat)."""

    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]  # seat indices; empty when nobody scored
    status: tuple[str, ...]  # "escaped" / "knocked-out" / "in"
    turns: int
    end_reason: str


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); ``(0, 1)`` when n=0."""
    if n <= 0:
        return 0.0, 1.0
    phat = wins / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class TournamentResult:
    """What a :func:`tournament` found. Per bot name: ``wins`` (ties split), ``played``,
    ``mean_score``, ``escape_rate``, ``knockout_rate``; ``no_winner``: games in which
    nobody scored; ``records``: one :class:`GameRecord` per game."""

    bots: tuple[str, ...]
    players: int
    games: int
    seed: int
    wins: dict[str, float]
    played: dict[str, int]
    mean_score: dict[str, float]
    escape_rate: dict[str, float]
    knockout_rate: dict[str, float]
    no_winner: int
    records: list[GameRecord] = field(repr=False)

    def win_rate(self, bot: str) -> float:
        """Share of its games ``bot`` won (ties split)."""
        n = self.played[bot]
        return self.wins[bot] / n if n else 0.0

    def interval(self, bot: str) -> tuple[float, float]:
        """95% Wilson confidence interval of ``bot``'s win rate."""
        return wilson_interval(self.wins[bot], self.played[bot])

    #: The header of :meth:`table` (two markdown lines), for tables that join several.
    TABLE_HEAD = (
        "| bot | games | wins | win rate | 95% CI | mean score | escaped | knocked out |",
        "| --- | ---: | ---: | ---: | :---: | ---: | ---: | ---: |",
    )

    def table_rows(self) -> list[str]:
        """One markdown row per bot, best win rate first (see :attr:`TABLE_HEAD`)."""
        rows = []
        for name in sorted(self.bots, key=lambda b: -self.win_rate(b)):
            lo, hi = self.interval(name)
            rows.append(
                f"| {name} | {self.played[name]} | {self.wins[name]:g} | "
                f"{self.win_rate(name):.1%} | {lo:.1%} - {hi:.1%} | "
                f"{self.mean_score[name]:.1f} | {self.escape_rate[name]:.0%} | "
                f"{self.knockout_rate[name]:.0%} |"
            )
        return rows

    def table(self) -> str:
        """The results as a markdown table, best win rate first."""
        return "\n".join([*self.TABLE_HEAD, *self.table_rows()])

    def __repr__(self) -> str:
        head = (
            f"TournamentResult: {self.games} games of {self.players} players, seed {self.seed}"
            f" ({self.no_winner} without a winner)"
        )
        return head + "\n" + self.table()


def _label(kind) -> str:
    if isinstance(kind, str):
        return kind
    if isinstance(kind, type) and issubclass(kind, Bot):
        return kind.name
    raise TypeError(f"tournament bots are names from BOTS or Bot classes, got {kind!r}")


def _game_seed(seed: int, table: int, deal: int) -> int:
    return int(np.random.SeedSequence([int(seed), table, deal]).generate_state(1)[0] >> 1)


def _schedule(kinds: list, games: int, seed: int, players: int) -> list[tuple]:
    """(game seed, seating) for every game: each table of ``players`` bots plays ``games``
    games, cycling through every seating order of the same deal."""
    tables = list(itertools.combinations(range(len(kinds)), players))
    out = []
    for t, table in enumerate(tables):
        orders = list(itertools.permutations(table))
        for g in range(games):
            deal, k = divmod(g, len(orders))
            out.append((_game_seed(seed, t, deal), tuple(kinds[i] for i in orders[k])))
    return out


def _run(spec) -> GameRecord:
    game_seed, seating, edition, board, cards, max_steps = spec
    game = play_game(
        seating, game_seed, board=board, cards=cards, edition=edition, max_steps=max_steps
    )
    scores = game.scores()
    colours = [p.colour for p in game.players]
    sc = tuple(int(scores[c]) for c in colours)
    winners = tuple(colours.index(c) for c in game.winners())  # none when nobody scores
    return GameRecord(
        seed=game_seed,
        seats=tuple(_label(k) for k in seating),
        scores=sc,
        winners=winners,
        status=tuple(p.status for p in game.players),
        turns=game.state.turn,
        end_reason=game.state.end_reason,
    )


def tournament(
    bot_names: Sequence[str | type[Bot]],
    games: int,
    seed: int = 0,
    players: int = 2,
    *,
    edition: str = "clank",
    board=None,
    cards=None,
    max_steps: int = DEFAULT_MAX_STEPS,
    progress: bool = False,
    use_dask: bool = False,
    scheduler: str | None = None,
) -> TournamentResult:
    """Seeded games between bots; returns a :class:`TournamentResult`.

    ``bot_names``: distinct names from :data:`clankwidget.bots.BOTS` (or bot classes).
    With exactly ``players`` of them they share one table; with more, every combination
    of ``players`` bots is a table. Each table plays ``games`` games: each deal (a game
    seed drawn from ``seed``) is played from every seating order in turn (2 orders for
    two bots, 6 for three), so no bot profits from its seat. ``progress`` shows a tqdm
    bar. ``use_dask`` runs the games as a ``dask.bag`` (needs ``pip install dask``;
    ``scheduler`` is passed to ``compute``, e.g. ``"processes"`` or ``"threads"``).
    ``edition``, ``board`` and ``cards`` are as for :func:`play_game`.
    """
    kinds = list(bot_names)
    labels = [_label(k) for k in kinds]
    for k in kinds:
        if isinstance(k, str) and k not in BOTS:
            raise ValueError(f"unknown bot {k!r}; choose from {', '.join(BOTS)}")
    if len(set(labels)) != len(labels):
        raise ValueError(f"give each bot once (it plays every seat in turn), got {labels}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    if len(kinds) < players:
        raise ValueError(f"{players}-player games need at least {players} bots, got {len(kinds)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, got {games!r}")
    specs = [
        (s, seats, edition, board, cards, max_steps)
        for s, seats in _schedule(kinds, games, seed, players)
    ]
    if use_dask:
        try:
            import dask.bag as db
        except ImportError:
            raise ImportError(
                "tournament(use_dask=True) needs dask, which is not installed: "
                "pip install dask (or run with use_dask=False)"
            ) from None
        bag = db.from_sequence(specs, npartitions=min(len(specs), 32))
        kwargs = {"scheduler": scheduler} if scheduler else {}
        records = list(bag.map(_run).compute(**kwargs))
    else:
        from tqdm.auto import tqdm

        records = [_run(spec) for spec in tqdm(specs, disable=not progress, desc="games")]
    return _summarise(labels, players, games, seed, records)


def _summarise(labels, players, games, seed, records) -> TournamentResult:
    wins = dict.fromkeys(labels, 0.0)
    played = dict.fromkeys(labels, 0)
    score = dict.fromkeys(labels, 0.0)
    escaped = dict.fromkeys(labels, 0)
    knocked = dict.fromkeys(labels, 0)
    no_winner = 0
    for r in records:
        for seat, name in enumerate(r.seats):
            played[name] += 1
            score[name] += r.scores[seat]
            escaped[name] += r.status[seat] == ESCAPED
            knocked[name] += r.status[seat] == KNOCKED_OUT
        if not r.winners:
            no_winner += 1
        for seat in r.winners:
            wins[r.seats[seat]] += 1 / len(r.winners)

    def rate(counts):
        return {k: counts[k] / played[k] if played[k] else 0.0 for k in labels}

    return TournamentResult(
        bots=tuple(labels),
        players=players,
        games=len(records),
        seed=seed,
        wins=wins,
        played=played,
        mean_score=rate(score),
        escape_rate=rate(escaped),
        knockout_rate=rate(knocked),
        no_winner=no_winner,
        records=records,
    )
