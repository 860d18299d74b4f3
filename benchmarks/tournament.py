"""A seeded tournament of the three bots: random, greedy and planner.

Plays every two-player pairing and a three-player table with all three bots on the
teaching dungeon (or, with ``--edition``, the first-game ship), each deal from every
seating order (so seat order cannot bias the result), and prints a markdown table of
win rates with 95% (Wilson) confidence intervals, mean scores, escape and knockout
rates; then the time each bot takes per move, measured in the same run, against the
random bot's (the median over ``--repeat`` rounds of games, each round's mean per move;
the three bots take turns in every game, so a change of load hits them alike). Not a
test: nothing here asserts (tests/test_bots.py holds the asserted, smaller version).

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/tournament.py [--quick] [--repeat N]
        [--dask] [--client tcp://HOST:PORT] [--edition clank|space|pulsarcade]
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict

import _harness as H

from clankwidget import Game
from clankwidget.bots import make_bot
from clankwidget.simulate import TournamentResult, tournament

BOTS = ("random", "greedy", "planner")
PAIRINGS = (("random", "greedy"), ("greedy", "planner"), ("random", "planner"))


def time_per_move(rounds: int, games: int, seed: int, edition: str) -> dict[str, float]:
    """Seconds per ``choose`` call of each bot: the median over ``rounds`` rounds of each
    round's mean over ``games`` three-player games (game ``g`` of all is seeded ``seed + g``)."""
    per_round: dict[str, list[float]] = {name: [] for name in BOTS}
    for r in range(rounds):
        spent, moves = defaultdict(float), defaultdict(int)
        for g in range(r * games, (r + 1) * games):
            game = Game.new(edition, players=3, seed=seed + g)
            seats = [BOTS[(g + i) % 3] for i in range(3)]
            bots = [make_bot(kind, seed=seed + 10 * g + i) for i, kind in enumerate(seats)]
            while not game.is_over:
                bot = bots[game.state.current]
                start = time.perf_counter()
                action = bot.choose(game)
                spent[bot.name] += time.perf_counter() - start
                moves[bot.name] += 1
                game.apply(action)
        for name in BOTS:
            per_round[name].append(spent[name] / moves[name])
    return {name: statistics.median(v) for name, v in per_round.items()}


def main() -> None:
    parser = H.parser(__doc__, quick="60 games per table, fewer games timed per move")
    parser.add_argument("--games", type=int, default=300, help="games per two-player pairing")
    parser.add_argument("--games3", type=int, default=300, help="games at the three-player table")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--dask", action="store_true", help="run the games with dask")
    parser.add_argument("--client", help="run the games on this Dask scheduler (tcp://host:port)")
    parser.add_argument("--edition", default="clank", help="clank (default), space or pulsarcade")
    args = parser.parse_args()
    games2, games3 = (60, 60) if args.quick else (args.games, args.games3)
    rounds = H.repeats(args, full=5, quick=3)
    kw = {"seed": args.seed, "use_dask": args.dask, "edition": args.edition}
    if args.client:
        kw.update(client=args.client, progress=True)

    head = TournamentResult.TABLE_HEAD
    lines = ["| table " + head[0], "| --- " + head[1]]
    took = {}
    for pair in PAIRINGS:
        start = time.perf_counter()
        result = tournament(list(pair), games=games2, players=2, **kw)
        took[" vs ".join(pair)] = time.perf_counter() - start
        lines += [f"| {' vs '.join(pair)} {row}" for row in result.table_rows()]
    start = time.perf_counter()
    result = tournament(list(BOTS), games=games3, players=3, **kw)
    took["3 players"] = time.perf_counter() - start
    lines += [f"| 3 players {row}" for row in result.table_rows()]
    where = "the teaching dungeon" if args.edition == "clank" else f"the {args.edition} ship"
    print(f"Tournament on {where}, seed {args.seed}: each deal from every seating\n")
    print("\n".join(lines))
    print()
    H.print_table(
        ("table", ">wall time", ">per game"),
        (
            (
                label,
                f"{seconds:.1f} s",
                f"{1000 * seconds / (games3 if label == '3 players' else games2):.0f} ms",
            )
            for label, seconds in took.items()
        ),
    )

    per_move = time_per_move(rounds, 4 if args.quick else 6, args.seed, args.edition)
    print()
    H.print_table(
        ("bot", ">ms per move", ">x random"),
        (
            (name, f"{1000 * per_move[name]:.3f}", f"{per_move[name] / per_move['random']:.1f}")
            for name in BOTS
        ),
    )


if __name__ == "__main__":
    main()
