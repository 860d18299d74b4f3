"""A seeded tournament of the three bots: random, greedy and planner.

Plays every two-player pairing and a three-player table with all three bots on the
teaching dungeon (or, with ``--edition``, the first-game ship), each deal from every
seating order (so seat order cannot bias the result), and prints a markdown table of
win rates with 95% (Wilson) confidence intervals, mean scores, escape and knockout
rates; then the time each bot takes per move, measured in the same run, against the
random bot's. Not a test: nothing here asserts (tests/test_bots.py holds the asserted,
smaller version).

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/tournament.py [--quick] [--dask]
        [--client tcp://HOST:PORT] [--edition clank|space|pulsarcade]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from clankwidget import Game
from clankwidget.bots import make_bot
from clankwidget.simulate import TournamentResult, tournament

BOTS = ("random", "greedy", "planner")
PAIRINGS = (("random", "greedy"), ("greedy", "planner"), ("random", "planner"))


def time_per_move(games: int, seed: int, edition: str) -> dict[str, float]:
    """Mean seconds per ``choose`` call of each bot, over three-player games."""
    spent, moves = defaultdict(float), defaultdict(int)
    for g in range(games):
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
    return {name: spent[name] / moves[name] for name in BOTS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per two-player pairing")
    parser.add_argument("--games3", type=int, default=300, help="games at the three-player table")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="60 games per table")
    parser.add_argument("--dask", action="store_true", help="run the games with dask")
    parser.add_argument("--client", help="run the games on this Dask scheduler (tcp://host:port)")
    parser.add_argument("--edition", default="clank", help="clank (default), space or pulsarcade")
    args = parser.parse_args()
    games2, games3 = (60, 60) if args.quick else (args.games, args.games3)
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
    print("| table | wall time | per game |")
    print("| --- | ---: | ---: |")
    for label, seconds in took.items():
        n = games3 if label == "3 players" else games2
        print(f"| {label} | {seconds:.1f} s | {1000 * seconds / n:.0f} ms |")

    per_move = time_per_move(12 if args.quick else 30, args.seed, args.edition)
    print()
    print("| bot | ms per move | x random |")
    print("| --- | ---: | ---: |")
    for name in BOTS:
        ratio = per_move[name] / per_move["random"]
        print(f"| {name} | {1000 * per_move[name]:.3f} | {ratio:.1f} |")


if __name__ == "__main__":
    main()
