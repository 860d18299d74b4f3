"""Benchmark the deck-draw odds against peers measured in the same run.

Prints a markdown table: for each case, the median time per call of the numba kernel, the
public function (input checks and conversion included), the plain-Python twin from
``tests/naive_deck.py`` (floats, memoised) and, where one exists, scipy, timed in
alternating rounds (``_harness.timings``); plus how many times faster each is than the
twin. Not a test: nothing here asserts a time.

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_deck.py [--quick] [--repeat N]
"""

from __future__ import annotations

import itertools
import random
import sys

import _harness as H
import numpy as np
from scipy import stats

sys.path.insert(0, str(H.ROOT / "tests"))

from clankwidget.deck import (
    chance_at_least,
    chance_to_see,
    resource_distribution,
    sample_turns,
)
from clankwidget.kernels.deck import _turn_pmf

import naive_deck as naive


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


def main() -> None:
    args = H.parser(__doc__).parse_args()
    repeat = H.repeats(args, full=7, quick=5)
    kw = {"repeat": repeat, "min_time": 0.04 if args.quick else 0.15}
    twin = "plain-Python twin (floats)"

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

    def add(label: str, t: dict[str, float], base: str) -> None:
        for method, seconds in t.items():
            rows.append((label, method, H.fmt(seconds), f"{t[base] / seconds:,.1f}"))

    for label, d, r, h, with_scipy in cases:
        ka = kernel_args(d, r, h)
        dd, rd = as_dicts(d), as_dicts(r)
        fns = {
            "numba kernel `_turn_pmf`": lambda ka=ka: _turn_pmf(*ka),
            "public `resource_distribution`": lambda dd=dd, rd=rd, h=h: resource_distribution(
                dd, rd, hand_size=h
            ),
        }
        if with_scipy:
            good = sum(1 for v, _ in d if v)
            size = len(d)
            fns["scipy `hypergeom.pmf`"] = lambda n=size, good=good, h=h: stats.hypergeom.pmf(
                np.arange(h + 1), n, good, h
            )
        fns[twin] = lambda d=d, r=r, h=h: naive.turn_distribution(d, r, h, exact=False)
        add(label, H.timings(fns, **kw), twin)

    # Same 20 cards without draw effects: scipy's multivariate hypergeometric as a peer.
    flat = [(v, 0) for v, _ in midgame]
    ka = kernel_args(flat, [], 5)
    fns = {
        "numba kernel `_turn_pmf`": lambda: _turn_pmf(*ka),
        "scipy `multivariate_hypergeom.pmf`, summed": lambda: scipy_multivariate(flat, 5),
        twin: lambda: naive.turn_distribution(flat, [], 5, exact=False),
    }
    add("mid-game 20 cards, values 0-3, no draws", H.timings(fns, **kw), twin)

    # Skill Shot at 6 and 8.
    dd = as_dicts(midgame)
    fns = {
        "public `chance_at_least` x2": lambda: [
            chance_at_least(dd, resource="skill", k=k) for k in (6, 8)
        ],
        twin: lambda: [
            sum(
                p for s, p in naive.turn_distribution(midgame, [], 5, exact=False).items() if s >= k
            )
            for k in (6, 8)
        ],
    }
    add("Skill Shot 6 and 8, mid-game deck", H.timings(fns, **kw), twin)

    # Deck cycling: a bought card in the discard pile, 4 turns.
    draw_pile = {"o": 13}
    discard = {"o": 9, "new": 1}
    fractions = "plain-Python twin (fractions)"
    fns = {
        "public `chance_to_see`": lambda: chance_to_see("new", draw_pile, discard, turns=4),
        fractions: lambda: naive.chance_to_see(0, 13, 1, 9, 5, 4),
    }
    add("chance to see a bought card within 4 turns", H.timings(fns, **kw), fractions)

    # Simulation: 10 turns of the mid-game deck.
    trials = 2_000 if args.quick else 10_000
    label = f"simulate {trials:,} trials x 10 turns, mid-game deck"
    plain = "plain-Python twin (`random.Random`)"
    fns = {
        "public `sample_turns` (numba)": lambda: sample_turns(dd, turns=10, trials=trials, seed=1),
        plain: lambda: naive.sample_turn_totals(midgame, [], 5, 10, trials, seed=1),
    }
    add(label, H.timings(fns, repeat=max(3, repeat // 2), number=1), plain)

    H.print_table(("case", "method", ">median per call", ">x faster than twin"), rows)


if __name__ == "__main__":
    main()
