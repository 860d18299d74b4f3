"""Benchmark the deck-draw odds against peers measured in the same run.

Prints a markdown table: for each case, the median time per call of the numba kernel, the
public function (input checks and conversion included), the plain-Python twin from
``tests/naive_deck.py`` (floats, memoised) and, where one exists, scipy; plus how many
times faster each is than the twin. Not a test: nothing here asserts a time.

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_deck.py [--quick]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from clankwidget.deck import (
    chance_at_least,
    chance_to_see,
    resource_distribution,
    sample_turns,
)
from clankwidget.kernels.deck import _turn_pmf

import naive_deck as naive


def median_time(fn, min_time: float, repeat: int) -> float:
    """Median seconds per call over ``repeat`` runs of a loop lasting ~``min_time``."""
    fn()  # warm up (compile, fill caches)
    number = 1
    while True:
        start = time.perf_counter()
        for _ in range(number):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_time / repeat or number >= 1 << 20:
            break
        number *= 4
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        runs.append((time.perf_counter() - start) / number)
    return statistics.median(runs)


def kernel_args(d, r, h):
    types = sorted(set(d) | set(r))
    d_cnt = np.array([d.count(t) for t in types], np.int64)
    r_cnt = np.array([r.count(t) for t in types], np.int64)
    drw = np.array([t[1] for t in types], np.int64)
    val = np.array([t[0] for t in types], np.int64)
    lo = sum(min(0, v) for v, _ in d + r)
    hi = sum(max(0, v) for v, _ in d + r)
    return d_cnt, r_cnt, drw, val, h, lo, hi - lo + 1


def as_dicts(pile):
    return [{"skill": v, "draw": w} for v, w in pile]


def scipy_multivariate(pile, h):
    """P(total = s) by scipy's multivariate hypergeometric pmf over every composition."""
    values = sorted(set(v for v, _ in pile))
    counts = [sum(1 for v, _ in pile if v == x) for x in values]
    xs = [x for x in itertools.product(*(range(min(c, h) + 1) for c in counts)) if sum(x) == h]
    p = stats.multivariate_hypergeom.pmf(x=np.array(xs), m=counts, n=h)
    totals = np.array(xs) @ np.array(values)
    return np.bincount(totals, weights=p)


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs")
    args = parser.parse_args()
    min_time, repeat = (0.2, 5) if args.quick else (1.0, 7)

    starter = [(1, 0)] * 6 + [(0, 0)] * 4
    midgame = [(1, 0)] * 6 + [(0, 0)] * 4 + [(2, 0)] * 3 + [(3, 0)] * 2 + [(1, 1), (0, 1), (2, 2)]
    big = [(1, 0)] * 8 + [(0, 0)] * 8 + [(2, 0)] * 6 + [(3, 0)] * 2 + [(1, 1)] * 4 + [(0, 2)] * 2
    random.Random(0).shuffle(big)  # draw cards in both piles
    cases = [
        ("starter deck, 10 cards, skill, hand 5", starter, [], 5, True),
        ("mid-game 20 cards, 3 draw cards", midgame, [], 5, False),
        ("mid-game, draw pile 3 + discard 17 (reshuffle)", midgame[-3:], midgame[:-3], 5, False),
        ("30 cards, 6 draw cards, draw pile 6 + discard 24", big[:6], big[6:], 5, False),
    ]

    rows = []
    for label, d, r, h, with_scipy in cases:
        ka = kernel_args(d, r, h)
        dd, rd = as_dicts(d), as_dicts(r)
        twin = median_time(
            lambda d=d, r=r, h=h: naive.turn_distribution(d, r, h, exact=False),
            min_time,
            max(3, repeat // 2),
        )
        timings = {
            "numba kernel `_turn_pmf`": median_time(lambda ka=ka: _turn_pmf(*ka), min_time, repeat),
            "public `resource_distribution`": median_time(
                lambda dd=dd, rd=rd, h=h: resource_distribution(dd, rd, hand_size=h),
                min_time,
                repeat,
            ),
        }
        if with_scipy:
            good = sum(1 for v, _ in d if v)
            size = len(d)
            timings["scipy `hypergeom.pmf`"] = median_time(
                lambda n=size, good=good, h=h: stats.hypergeom.pmf(np.arange(h + 1), n, good, h),
                min_time,
                repeat,
            )
        timings["plain-Python twin (floats)"] = twin
        for method, t in timings.items():
            rows.append((label, method, t, twin / t))

    # Same 20 cards without draw effects: scipy's multivariate hypergeometric as a peer.
    flat = [(v, 0) for v, _ in midgame]
    ka = kernel_args(flat, [], 5)
    twin = median_time(lambda: naive.turn_distribution(flat, [], 5, exact=False), min_time, repeat)
    label = "mid-game 20 cards, values 0-3, no draws"
    for method, t in (
        ("numba kernel `_turn_pmf`", median_time(lambda: _turn_pmf(*ka), min_time, repeat)),
        (
            "scipy `multivariate_hypergeom.pmf`, summed",
            median_time(lambda: scipy_multivariate(flat, 5), min_time, repeat),
        ),
        ("plain-Python twin (floats)", twin),
    ):
        rows.append((label, method, t, twin / t))

    # Skill Shot at 6 and 8.
    dd = as_dicts(midgame)
    twin = median_time(
        lambda: [
            sum(
                p for s, p in naive.turn_distribution(midgame, [], 5, exact=False).items() if s >= k
            )
            for k in (6, 8)
        ],
        min_time,
        repeat,
    )
    pub = median_time(
        lambda: [chance_at_least(dd, resource="skill", k=k) for k in (6, 8)], min_time, repeat
    )
    rows.append(
        ("Skill Shot 6 and 8, mid-game deck", "public `chance_at_least` x2", pub, twin / pub)
    )
    rows.append(("Skill Shot 6 and 8, mid-game deck", "plain-Python twin (floats)", twin, 1.0))

    # Deck cycling: a bought card in the discard pile, 4 turns.
    draw_pile = {"o": 13}
    discard = {"o": 9, "new": 1}
    pub = median_time(lambda: chance_to_see("new", draw_pile, discard, turns=4), min_time, repeat)
    twin = median_time(lambda: naive.chance_to_see(0, 13, 1, 9, 5, 4), min_time, repeat)
    rows.append(
        ("chance to see a bought card within 4 turns", "public `chance_to_see`", pub, twin / pub)
    )
    rows.append(
        ("chance to see a bought card within 4 turns", "plain-Python twin (fractions)", twin, 1.0)
    )

    # Simulation: 10 turns of the mid-game deck.
    trials = 2_000 if args.quick else 10_000
    label = f"simulate {trials:,} trials x 10 turns, mid-game deck"
    sim = median_time(
        lambda: sample_turns(dd, turns=10, trials=trials, seed=1), min_time, max(3, repeat // 2)
    )
    twin = median_time(
        lambda: naive.sample_turn_totals(midgame, [], 5, 10, trials, seed=1), min_time, 3
    )
    rows.append((label, "public `sample_turns` (numba)", sim, twin / sim))
    rows.append((label, "plain-Python twin (`random.Random`)", twin, 1.0))

    print("| case | method | median per call | x faster than twin |")
    print("| --- | --- | ---: | ---: |")
    for label, method, t, ratio in rows:
        print(f"| {label} | {method} | {fmt(t)} | {ratio:,.1f} |")


if __name__ == "__main__":
    main()
