"""A seeded Moonrakers tournament of the three captains: random, greedy and planner.

Plays a three-captain table (every deal from all six seating orders, so seat order
cannot bias the result) and, with ``--pairs``, each two-captain pairing; prints a markdown
table of win rates with 95% (Wilson) intervals and mean prestige. Not a test: nothing here
asserts (``tests/players/test_bots_moonrakers.py`` holds the asserted, smaller version).

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/tournament_moonrakers.py
        [--games N] [--seed S] [--pairs] [--quick]
"""

from __future__ import annotations

import time

import _harness as H

from clankwidget.simulate import tournament

BOTS = ("planner", "greedy", "random")
PAIRINGS = (("planner", "greedy"), ("greedy", "random"), ("planner", "random"))


def table(bots, games: int, seed: int, players: int) -> None:
    t0 = time.perf_counter()
    r = tournament(list(bots), games=games, seed=seed, players=players, edition="moonrakers")
    took = time.perf_counter() - t0
    print(f"\n{players} captains, {games} games, seed {seed} ({took:.0f} s):\n")
    rows = []
    for b in bots:
        lo, hi = r.interval(b)
        rate, score = r.win_rate(b), r.mean_score[b]
        rows.append((b, f"{r.wins[b]:g}", f"{rate:.1%}", f"{lo:.1%}-{hi:.1%}", f"{score:.2f}"))
    H.print_table(("bot", ">wins", ">win rate", "95% interval", ">mean prestige"), rows)


def main() -> None:
    p = H.parser(__doc__, quick="60 games instead of 300")
    p.add_argument("--games", type=int, default=None)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--pairs", action="store_true", help="also each two-captain pairing")
    args = p.parse_args()
    games = args.games or (60 if args.quick else 300)
    table(BOTS, games, args.seed, 3)
    if args.pairs:
        for pair in PAIRINGS:
            table(pair, games, args.seed, 2)


if __name__ == "__main__":
    main()
