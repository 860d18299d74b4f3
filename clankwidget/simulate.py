"""Bots playing whole games: one seeded game, or a seeded tournament.

* :func:`play_game` - one game, the bots taking every seat, returned finished;
* :func:`tournament` - many games between bots, every seating order played from the
  same deal so seat order cannot bias the result; win counts, win rates with 95%
  confidence intervals, mean scores, escape and knockout rates. With ``mirror=True`` each
  bot also plays tables where it takes every seat (seat-balance studies: the win share
  of each seat, with intervals). ``client=`` runs the games on a Dask cluster.

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from numbers import Real

import numpy as np

from . import registry
from .bots import Bot
from .errors import ClankwidgetError, IllegalAction, big_number, shown
from .game import Game
from .rules.state import ESCAPED, KNOCKED_OUT

__all__ = [
    "GameRecord",
    "SeatBalance",
    "SimulationError",
    "TournamentResult",
    "play_game",
    "tournament",
    "wilson_interval",
]

DEFAULT_MAX_STEPS = 20_000
"""Actions a game may take before :func:`play_game` gives up on it."""
MAX_GAMES = 1_000_000
"""The most games one :func:`tournament` plays: its schedule and records are kept in
memory (a few hundred bytes a game), so a larger study is several tournaments, each with
its own seed."""
MAX_BOTS = 100
"""The most bots one tournament or game is given (an endless iterable is refused)."""
MAX_STEPS = 1_000_000
"""The largest ``max_steps``: one call's games stay bounded in time (a game of greedy bots
takes a few hundred actions; one of random Moonrakers captains may take tens of thousands)."""


class SimulationError(ClankwidgetError, RuntimeError):
    """A simulated game went wrong: it ran past its step limit, or a bot broke the rules."""


def _count(value, what: str, least: int, most: int, words: str) -> int:
    """``value`` as an int from ``least`` to ``most`` (an int or NumPy integer, not a bool),
    else a ``ValueError`` saying it ``must be <words>``."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"{what} must be {words}, got {shown(value)}")
    if not least <= value <= most:
        raise ValueError(f"{what} must be {words}, from {least:,} to {most:,}, got {shown(value)}")
    return int(value)


def _bot_seed(seed: int, seat: int) -> int:
    return int(np.random.SeedSequence([int(seed), 7919, seat]).generate_state(1)[0])


def play_game(
    bots: Sequence[str | Bot | type[Bot]],
    seed: int | None,
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
    seeds the game (``None``: one is drawn, and recorded as ``game.seed``). ``board`` /
    ``cards``: a name, path or object (default: the edition's). ``players``: the colours,
    one per bot (default: the standard order).
    ``max_steps``: raise :class:`SimulationError` if the game has not ended after that
    many actions. ``check_legal``: also check each action is in ``legal_actions()``
    (the engine refuses an illegal one anyway, with a less specific message).
    """
    bots = _bot_list(bots, "bots")
    max_steps = _count(max_steps, "max_steps", 1, MAX_STEPS, "a positive whole number")
    if players is None:
        players = len(bots)
    elif not isinstance(players, Sequence) or isinstance(players, str):
        raise ValueError(f"players must be a list of colours, one per bot, got {shown(players)}")
    elif len(players) != len(bots):
        raise ValueError(f"give one bot per player: {len(players)} colours, {len(bots)} bots")
    game = Game.new(edition=edition, board=board, players=players, seed=seed, cards=cards)
    seed = game.seed  # (drawn and recorded when none was given)
    seated = [_as_bot(b, _bot_seed(seed, i), edition) for i, b in enumerate(bots)]
    for _ in range(max_steps):
        if game.is_over:
            return game
        # the seat that acts (in Moonrakers also an invitee answering, a captain playing)
        bot = seated[game.players.index(game.acting_player)]
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
    advice = "raise max_steps or check the bots"
    if not any(game.scores().values()):
        advice += " (nobody has scored a point yet: bots that never score may never end a game)"
    raise SimulationError(
        f"the game with seed {seed} ({names}) did not end within max_steps={max_steps} "
        f"actions (turn {game.state.turn}); {advice}"
    )


def _as_bot(kind, seed: int, edition: str = "clank") -> Bot:
    # by name (the edition's own bots where it has them), class or object
    return registry.edition(edition).make_bot(kind, seed=seed)


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
    checked = []
    for name, value in (("wins", wins), ("n", n), ("z", z)):
        if isinstance(value, bool) or not isinstance(value, Real) or not -(2**63) < value < 2**63:
            raise ValueError(f"{name} must be a finite number, got {shown(value)}")
        checked.append(float(value))
    wins, n, z = checked
    if not n.is_integer():
        raise ValueError(f"n must be a whole number of games, got {shown(n)}")
    if not (math.isfinite(n) and 0 <= wins <= max(n, 0) and 0 <= z <= 10):
        raise ValueError(f"need 0 <= wins <= n and 0 <= z <= 10, got {wins}, {n} and {z}")
    if n <= 0:
        return 0.0, 1.0
    low, high = wilson_bounds(wins / n, n, z)
    return float(low), float(high)


def wilson_bounds(p, n, z: float):
    """Wilson's score interval around a frequency ``p`` of ``n`` trials (NumPy numbers or
    arrays, unchecked: the callers check their own inputs), clipped to ``[0, 1]``: the one
    formula behind :func:`wilson_interval` and the lessons' intervals."""
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


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
    #: the games of the mirror tables (one bot in every seat), in schedule order
    mirror_records: list[GameRecord] = field(default_factory=list, repr=False)

    def win_rate(self, bot: str) -> float:
        """Share of its games ``bot`` won (ties split)."""
        n = self.played[self._known(bot)]
        return self.wins[bot] / n if n else 0.0

    def interval(self, bot: str) -> tuple[float, float]:
        """95% Wilson confidence interval of ``bot``'s win rate."""
        bot = self._known(bot)
        return wilson_interval(self.wins[bot], self.played[bot])

    def _known(self, bot) -> str:
        """``bot``, one of this tournament's bots (refused with their names otherwise)."""
        if not isinstance(bot, str) or bot not in self.played:
            raise ValueError(
                f"no bot {shown(bot)} in this tournament: it had {', '.join(self.bots)}"
            )
        return bot

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

    def seat_balance(self, bot: str) -> SeatBalance:
        """How often each seat won at ``bot``'s mirror table (needs ``mirror=True``)."""
        records = [r for r in self.mirror_records if r.seats[0] == bot]
        if not records:
            have = sorted({r.seats[0] for r in self.mirror_records})
            raise ValueError(
                f"no mirror table for {shown(bot)}: "
                + (
                    f"the mirror tables are {', '.join(have)}"
                    if have
                    else "run the tournament with mirror=True"
                )
            )
        return SeatBalance.from_records(bot, records)

    def seat_table(self) -> str:
        """The mirror tables as markdown: each seat's win share and 95% interval."""
        bots = list(dict.fromkeys(r.seats[0] for r in self.mirror_records))
        if not bots:
            return "(no mirror tables: run the tournament with mirror=True)"
        n = self.players
        lines = [
            "| bot | games | " + " | ".join(f"seat {s + 1}" for s in range(n)) + " | no winner |",
            "| --- | ---: | " + " | ".join(":---:" for _ in range(n)) + " | ---: |",
        ]
        for bot in bots:
            b = self.seat_balance(bot)
            cells = [
                f"{b.share(s):.1%} ({lo:.0%} - {hi:.0%})"
                for s, (lo, hi) in enumerate(b.intervals())
            ]
            lines.append(f"| {bot} | {b.games} | " + " | ".join(cells) + f" | {b.no_winner} |")
        return "\n".join(lines)

    def __repr__(self) -> str:
        head = (
            f"TournamentResult: {self.games} games of {self.players} players, seed {self.seed}"
            f" ({self.no_winner} without a winner)"
        )
        text = head + "\n" + self.table()
        if self.mirror_records:
            text += f"\n\nMirror tables ({len(self.mirror_records)} games):\n" + self.seat_table()
        return text


@dataclass(frozen=True)
class SeatBalance:
    """One bot's mirror table: how many games each seat won (ties split), of ``games``.

    ``share(seat)`` is the seat's share of the games, ``intervals()`` their 95% Wilson
    intervals; with no seat advantage every share is about ``(1 - no-winner share) / n``.
    """

    bot: str
    games: int
    wins: tuple[float, ...]  # per seat, 0-based
    no_winner: int

    @classmethod
    def from_records(cls, bot: str, records: Sequence[GameRecord]) -> SeatBalance:
        n = len(records[0].seats)
        wins = [0.0] * n
        none = 0
        for r in records:
            if not r.winners:
                none += 1
            for seat in r.winners:
                wins[seat] += 1 / len(r.winners)
        return cls(bot=bot, games=len(records), wins=tuple(wins), no_winner=none)

    def share(self, seat: int) -> float:
        """Share of the games won from ``seat`` (0-based)."""
        seat = _count(seat, "seat", 0, len(self.wins) - 1, "a seat number (0-based)")
        return self.wins[seat] / self.games if self.games else 0.0

    def intervals(self) -> list[tuple[float, float]]:
        """95% Wilson interval of each seat's share."""
        return [wilson_interval(w, self.games) for w in self.wins]


def _label(kind) -> str:
    if isinstance(kind, str):
        return kind
    if isinstance(kind, type) and issubclass(kind, Bot):
        return kind.name
    raise TypeError(f"tournament bots are names from BOTS or Bot classes, got {kind!r}")


def _game_seed(seed: int, table: int, deal: int) -> int:
    return int(np.random.SeedSequence([int(seed), table, deal]).generate_state(1)[0] >> 1)


def _mirror_seed(seed: int, deal: int) -> int:
    # the same deals for every bot's mirror table, distinct from the mixed tables' deals
    return int(np.random.SeedSequence([int(seed), 104729, deal]).generate_state(1)[0] >> 1)


def _mirror_schedule(kinds: list, games: int, seed: int, players: int) -> list[tuple]:
    """(game seed, seating) for the mirror tables: each bot in every seat, ``games`` deals."""
    return [(_mirror_seed(seed, g), (kind,) * players) for kind in kinds for g in range(games)]


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


def _bot_list(bots, name: str) -> list:
    """``bots`` as a list, refusing a text (a name is one bot in a list, not a list of
    letters) and an endless iterable."""
    if isinstance(bots, str):
        known = {e.name for e in registry.editions()}
        hint = f"; for the {bots} edition pass edition={bots!r}" if bots in known else ""
        raise ValueError(f"{name} must be a list of bots, got the text {shown(bots)}{hint}")
    if not isinstance(bots, Iterable):
        raise ValueError(f"{name} must be a list of bots, got {shown(bots)}")
    out = list(itertools.islice(bots, MAX_BOTS + 1))
    if len(out) > MAX_BOTS:
        raise ValueError(f"{name} holds more than {MAX_BOTS} bots")
    return out


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
    mirror: bool = False,
    progress: bool = False,
    client=None,
    use_dask: bool = False,
    scheduler: str | None = None,
) -> TournamentResult:
    """Seeded games between bots; returns a :class:`TournamentResult`.

    ``bot_names``: distinct names from :data:`clankwidget.bots.BOTS` (or bot classes).
    With exactly ``players`` of them they share one table; with more, every combination
    of ``players`` bots is a table. Each table plays ``games`` games: each deal (a game
    seed drawn from ``seed``) is played from every seating order in turn (2 orders for
    two bots, 6 for three), so no bot profits from its seat. ``edition``, ``board`` and
    ``cards`` are as for :func:`play_game`.

    ``mirror=True`` adds, for each bot, a table where it takes every seat and plays
    ``games`` deals (the same deals for every bot): a seat-balance study, read with
    :meth:`TournamentResult.seat_balance` and :meth:`TournamentResult.seat_table`. Those
    games are kept apart (``mirror_records``) and do not count in the win rates. With
    ``mirror=True`` fewer bots than ``players`` are allowed: then there are only mirror
    tables.

    Where the games run: here, one after another (``progress`` shows a tqdm bar); or on
    a Dask cluster with ``client`` (a ``dask.distributed.Client``, or the address of a
    scheduler, such as ``"tcp://10.0.0.5:8786"``; needs ``pip install
    "clankwidget[dask]"``, and clankwidget installed on every worker), with a progress
    bar as results arrive when ``progress`` is set; or, with ``use_dask``, as a
    ``dask.bag`` on a local scheduler (``scheduler`` is passed to ``compute``, e.g.
    ``"processes"``). Every way gives the same result for the same arguments: each game
    is seeded by its own place in the schedule, never by where or when it ran.

    One call plays at most :data:`MAX_GAMES` games (tables times ``games``); a larger
    study is several calls with different seeds.
    """
    kinds = _bot_list(bot_names, "bot_names")
    labels = [_label(k) for k in kinds]
    named = registry.edition(edition).bot_classes()  # the edition's bots (Clank!'s: BOTS)
    for k in kinds:
        if isinstance(k, str) and k not in named:
            raise ValueError(f"unknown bot {shown(k)}; choose from {', '.join(named)}")
    if len(set(labels)) != len(labels):
        raise ValueError(f"give each bot once (it plays every seat in turn), got {labels}")
    entry = registry.edition(edition)
    low, high = entry.players  # (the edition's seats: Moonrakers takes 5)
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise ValueError(f"players must be {low} to {high} for {entry.title}, got {shown(players)}")
    if not kinds:
        raise ValueError("give at least one bot")
    if len(kinds) < players and not mirror:
        raise ValueError(
            f"{players}-player games need at least {players} bots, got {len(kinds)} "
            "(or pass mirror=True for tables where one bot plays every seat)"
        )
    if isinstance(games, bool) or not isinstance(games, int | np.integer) or games < 1:
        raise ValueError(f"games must be a positive whole number, got {shown(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise ValueError(f"seed must be a whole number, 0 or more, got {shown(seed)}")
    max_steps = _count(max_steps, "max_steps", 1, MAX_STEPS, "a positive whole number")
    total = (math.comb(len(kinds), players) + (len(kinds) if mirror else 0)) * games
    if total > MAX_GAMES:
        raise ValueError(
            f"this tournament is {big_number(total)} games, over the {MAX_GAMES:,} one call "
            "plays (it keeps every game's record in memory): play several tournaments with "
            "different seeds and add up their records"
        )
    if client is not None and use_dask:
        raise ValueError("give either client= (a Dask cluster) or use_dask=True, not both")
    mixed = _schedule(kinds, games, seed, players) if len(kinds) >= players else []
    mirrored = _mirror_schedule(kinds, games, seed, players) if mirror else []
    specs = [(s, seats, edition, board, cards, max_steps) for s, seats in [*mixed, *mirrored]]
    if client is not None:
        records = _run_on_cluster(client, specs, progress)
    elif use_dask:
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
    result = _summarise(labels, players, games, seed, records[: len(mixed)])
    result.mirror_records = records[len(mixed) :]
    return result


def _run_batch(specs: list) -> list[GameRecord]:
    """Play a batch of games (one Dask task: fewer, larger tasks cost the scheduler less)."""
    return [_run(spec) for spec in specs]


#: Seconds :func:`tournament` waits for a scheduler named by its address
CONNECT_TIMEOUT = 10


def _run_on_cluster(client, specs: list, progress: bool) -> list[GameRecord]:
    """Play ``specs`` on a Dask cluster; the records come back in schedule order."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ImportError(
            "tournament(client=...) needs dask.distributed, which is not installed: "
            'pip install "clankwidget[dask]" (or pip install distributed)'
        ) from None
    own = None
    if isinstance(client, str):
        if not 0 < len(client) <= 1000:  # (an address is a short text; Dask quotes it whole)
            raise ValueError(f"client must be a scheduler address, got {shown(client)}")
        try:
            own = client = Client(client, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as exc:
            raise ConnectionError(
                f"no Dask scheduler answered at {client!r} within {CONNECT_TIMEOUT} s "
                f"(is it running, and is that its address?): {exc}"
            ) from None
    elif not isinstance(client, Client):
        raise TypeError(
            "client must be a dask.distributed.Client or a scheduler address such as "
            f"'tcp://127.0.0.1:8786', got {type(client).__name__}"
        )
    try:
        from tqdm.auto import tqdm

        workers = max(1, len(client.scheduler_info().get("workers", {})))
        # about four batches per worker, at most 200 games each, so that the progress bar
        # moves and a slow batch does not hold up the end
        size = max(1, min(200, math.ceil(len(specs) / (4 * workers))))
        starts = range(0, len(specs), size)
        futures = client.map(_run_batch, [specs[i : i + size] for i in starts], pure=False)
        where = dict(zip((f.key for f in futures), starts))
        records: list = [None] * len(specs)
        with tqdm(total=len(specs), disable=not progress, desc="games") as bar:
            try:
                for future in as_completed(futures):
                    batch = future.result()  # a game's error is raised here, as locally
                    i = where[future.key]
                    records[i : i + len(batch)] = batch
                    bar.update(len(batch))
            except BaseException:
                client.cancel(futures)
                raise
        return records
    finally:
        if own is not None:
            own.close()


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
