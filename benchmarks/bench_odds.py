"""Benchmark the dragon-bag odds against their peers, measured in the same run.

Run: ``NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_odds.py [--quick] [--repeat N]``.

Prints the median of repeated runs (``_harness.timings``: each round times a loop sized to
take ~0.2 s of ours and of the peer in turn) and the ratio to the peer, then a markdown
table of targets. Peers:

* exact damage distribution: ``scipy.stats.multivariate_hypergeom.pmf`` over every
  outcome (black, red and the players' counts; the outcome list is built once, outside the
  timing) plus ``numpy.add.at`` into the same damage grid ``attack_odds`` returns;
* sampled attacks: ``numpy.random.Generator.multivariate_hypergeometric`` (the faster of
  its two methods), ``size=n``.

Not a test: timings depend on the machine and its load. Compare the ratios.
"""

from __future__ import annotations

import itertools
import math
import textwrap
import time

import _harness as H
import numpy as np
from scipy.stats import multivariate_hypergeom

from clankwidget.kernels.bag import _attack_joint, _sample_draws
from clankwidget.odds import _rng_state, attack_odds, sample_attacks

TYPICAL = {"blue": 3, "green": 5, "yellow": 2, "purple": 4, "black": 24, "red": 2}
HEAVY = {"blue": 12, "green": 12, "yellow": 12, "purple": 12, "black": 30, "red": 4}


def scipy_peer(cubes: dict[str, int], draws: int):
    """A function computing the joint damage grid with scipy, for the same bag."""
    players = [c for c in cubes if c not in ("black", "red")]
    caps = [cubes[c] for c in players] + [cubes["red"], cubes["black"]]
    k = len(players)
    outcomes = np.array(
        [x for x in itertools.product(*(range(min(c, draws) + 1) for c in caps)) if sum(x) == draws]
    )
    shape = tuple(min(draws, cubes[c] + cubes["red"]) + 1 for c in players)
    index = tuple(outcomes[:, i] + outcomes[:, k] for i in range(k))

    def run():
        p = multivariate_hypergeom.pmf(outcomes, m=caps, n=draws)
        out = np.zeros(shape)
        np.add.at(out, index, p)
        return out

    return run


def bench_exact(
    name: str, cubes: dict[str, int], draws: int, rows: list, reference: float, repeat: int
):
    peer = scipy_peer(cubes, draws)
    players = [v for c, v in cubes.items() if c not in ("black", "red")]
    red, black = cubes["red"], cubes["black"]
    bag = np.array([black, red, *players], np.int64)
    ours = attack_odds(cubes, draws).joint
    assert np.allclose(ours, peer(), rtol=1e-9, atol=1e-14), "disagrees with scipy"
    cells = math.prod(min(draws, int(c) + red) + 1 for c in players)
    no_clones = np.zeros(len(players), np.int64)
    t = H.timings(
        {
            "scipy": peer,
            # the kernel's time includes making its output array, as attack_odds does
            "kernel": lambda: _attack_joint(bag, no_clones, draws, np.empty(cells)),
            "attack_odds": lambda: attack_odds(cubes, draws),
        },
        repeat=repeat,
        min_time=0.2,
    )
    print(f"{name}: " + ", ".join(f"{k} {H.fmt(v)}" for k, v in t.items()))
    target = f">= 100x (STACK_NOTES build: {reference:.0f}x)"
    task = f"exact attack, {name}"
    rows.append(H.ratio_row(f"{task}: kernel", t["kernel"], "scipy", t["scipy"], target, 100))
    rows.append(
        H.ratio_row(f"{task}: attack_odds", t["attack_odds"], "scipy", t["scipy"], ">= 20x", 20)
    )


def bench_sampling(n: int, rows: list, repeat: int):
    draws = 5
    sizes = list(TYPICAL.values())
    gen = np.random.default_rng(1)
    cubes = np.repeat(np.arange(len(sizes), dtype=np.uint8), sizes)
    out = np.empty((n, len(sizes)), np.int16)
    state = _rng_state(1)
    fns = {
        "marginals": lambda: gen.multivariate_hypergeometric(
            sizes, draws, size=n, method="marginals"
        ),
        "count": lambda: gen.multivariate_hypergeometric(sizes, draws, size=n, method="count"),
        "kernel": lambda: _sample_draws(cubes, draws, out, state),
        "sample_attacks": lambda: sample_attacks(TYPICAL, draws, n, seed=1),
    }
    # wall clock (the target) and this process's CPU time (less hurt by a busy machine)
    wall = H.timings(fns, repeat=repeat, number=1)
    cpu = H.timings(fns, repeat=repeat, number=1, timer=time.process_time)
    method = min(("marginals", "count"), key=wall.get)  # the faster of numpy's two
    print(
        f"{n:.0e} sampled attacks: numpy marginals {H.fmt(wall['marginals'])}, "
        f"count {H.fmt(wall['count'])}; kernel {H.fmt(wall['kernel'])}, "
        f"sample_attacks {H.fmt(wall['sample_attacks'])}"
    )
    for label in ("kernel", "sample_attacks"):
        t = wall[label]
        per = t / n
        rows.append(
            H.Row(
                f"{n:.0e} sampled attacks: {label}",
                f"{H.fmt(t)} ({per * 1e9:.1f} ns/attack; CPU {cpu[label] / n * 1e9:.1f} ns)",
                f"numpy {method} {H.fmt(wall[method])}",
                wall[method] / t,
                ">= 5x and <= 10 ns/attack",
                wall[method] / t >= 5 and per <= 10e-9,
            )
        )


def bench_cold_start(rows: list, runs: int):
    code = textwrap.dedent(
        """
        import time
        t0 = time.perf_counter()
        import clankwidget
        from clankwidget.odds import attack_odds
        attack_odds({"blue": 3, "green": 5, "yellow": 2, "purple": 4, "black": 24, "red": 2}, 5)
        print(time.perf_counter() - t0)
        """
    )
    t_in, t_whole = H.fresh_process(code, runs=runs, cache="/tmp/numba-cache-odds")
    print(f"warm-cache import + first attack_odds: {H.fmt(t_in)} (process {H.fmt(t_whole)})")
    rows.append(
        H.Row(
            "warm-cache `import clankwidget` + first attack_odds (fresh process)",
            f"{H.fmt(t_in)} (whole process {H.fmt(t_whole)})",
            "-",
            None,
            "< 1.5 s",
            t_in < 1.5,
        )
    )


def main() -> None:
    args = H.parser(__doc__, quick="1e6 sampled attacks, not 1e7; fewer rounds").parse_args()
    repeat = H.repeats(args, full=7, quick=3)
    # Compile (or load from the cache) before timing anything.
    attack_odds(TYPICAL, 5)
    sample_attacks(TYPICAL, 5, 10, seed=0)
    rows: list = []
    bench_exact("typical (3/5/2/4, 24 black + 2 red, draw 5)", TYPICAL, 5, rows, 150 / 1.35, repeat)
    bench_exact("heavy (4x12, 30 black + 4 red, draw 13)", HEAVY, 13, rows, 4300 / 20, repeat)
    bench_sampling(10**6 if args.quick else 10**7, rows, min(repeat, 5))
    bench_cold_start(rows, 3 if args.quick else 5)
    print()
    H.print_rows(rows, ("benchmark", "ours (median)", "peer (median)", "speed-up", "target", "met"))


if __name__ == "__main__":
    main()
