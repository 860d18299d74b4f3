"""Benchmark Moonrakers' ``meet_odds`` (a numba search) against its plain-Python twin.

Run: ``NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_dice.py [--quick] [--repeat N]``.

The peer is ``tests/naive_dice.py``'s ``python_meet_odds``: the same algorithm in plain
Python (the function as it was before the kernel), which must give the same answer to the
last bit (checked before timing). Both are timed through the whole call (validation and
conversion to arrays included), as medians of alternating rounds (``_harness.timings``).
Hands and decks are those of the shipped card set:

* start of game: the starting hand and draw pile, a two-kind contract (exact, 120 orders);
* mid game: crew in hand and pile, two draw cards (exact, 60,480 orders: ``max_exact``
  raised to 100,000);
* the same with a 13-card pile: past ``MAX_EXACT_ORDERS``, 2,000 seeded shuffles.

Measured on the shared 2-core development machine (3 December 2026, ``--repeat 5``):
88x (start of game), 163x (60,480 orders), 121x (2,000 shuffles); target 30x.

Not a test: timings depend on the machine and its load. Compare the ratios.
"""

from __future__ import annotations

from functools import partial

import _harness as H

from clankwidget.dice import meet_odds
from tests.naive_dice import python_meet_odds

START_HAND = ["damage-1", "reactor", "reactor", "shield", "thruster"]
START_DECK = ["damage-1", "reactor", "shield", "thruster", "miss"]
MID_HAND = ["reactor", "thruster", "navigator-pell", "damage-2", "shield"]
MID_DECK = [
    "damage-1", "damage-2", "gunner-vey", "reactor", "shield", "thruster", "miss",
    "engineer-brask", "damage-3",
]  # fmt: skip
#: The mid-game pile with four more cards: too many orders to weigh, so simulated.
BIG_DECK = [*MID_DECK, "damage-1", "scavenger-pip", "shield", "reactor"]

PAIR = {"kernel": meet_odds, "python": python_meet_odds}

CASES = [
    ("start of game, damage 2 + reactor 2", START_HAND, START_DECK,
     {"damage": 2, "reactor": 2}, {}),
    ("mid game, damage 5 + crew 2", MID_HAND, MID_DECK, {"damage": 5, "crew": 2},
     {"max_exact": 100_000}),
    ("mid game, 13-card pile, damage 5 + crew 2", MID_HAND, BIG_DECK,
     {"damage": 5, "crew": 2}, {"n": 2_000, "seed": 1}),
]  # fmt: skip


def main() -> None:
    args = H.parser(__doc__, quick="fewer rounds").parse_args()
    repeat = H.repeats(args, full=7, quick=3)
    cards = _cards()
    rows = []
    for task, hand, deck, requires, kw in CASES:
        ours = meet_odds(hand, deck, requires, cards, **kw)
        twin = python_meet_odds(hand, deck, requires, cards, **kw)
        assert (ours.p, ours.method, ours.orders) == twin, (task, ours, twin)
        t = H.timings(
            {name: partial(fn, hand, deck, requires, cards, **kw) for name, fn in PAIR.items()},
            repeat=repeat,
            min_time=0.2,
        )
        print(f"{task}: p={ours.p:.4f} over {ours.orders} orders; "
              f"kernel {H.fmt(t['kernel'])}, python {H.fmt(t['python'])}")  # fmt: skip
        task = f"{task} ({ours.method}, {ours.orders:,} orders)"
        rows.append(H.ratio_row(task, t["kernel"], "python", t["python"], ">= 30x", 30))
    print()
    H.print_rows(rows)


def _cards():
    from clankwidget import Game

    return Game.new("moonrakers", players=2, seed=0).rules.data.cards


if __name__ == "__main__":
    main()
