"""Benchmark the dragon-bag odds against their peers, measured in the same run.

Run: ``NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_odds.py [--quick]``.

Prints the median of repeated runs (``timeit`` style: each repeat times a loop sized to
take ~0.2 s) and the ratio to the peer, then a markdown table of targets. Peers:

* exact damage distribution: ``scipy.stats.multivariate_hypergeom.pmf`` over every
  outcome (black, red and the players' counts; the outcome list is built once, outside the
  timing) plus ``numpy.add.at`` into the same damage grid ``attack_odds`` returns;
* sampled attacks: ``numpy.random.Generator.multivariate_hypergeometric`` (the faster of
  its two methods), ``size=n``.

Not a test: timings depend on the machine and its load. Compare the ratios.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import statistics
import subprocess
import sys
import textwrap
import time
import timeit

import numpy as np
from scipy.stats import multivariate_hypergeom

from clankwidget.kernels.bag import _attack_joint, _sample_draws
from clankwidget.odds import _rng_state, attack_odds, sample_attacks

TYPICAL = {"blue": 3, "green": 5, "yellow": 2, "purple": 4, "black": 24, "red": 2}
HEAVY = {"blue": 12, "green": 12, "yellow": 12, "purple": 12, "black": 30, "red": 4}


def median_time(fn, repeat: int = 7, min_time: float = 0.2) -> float:
    """Median seconds per call over ``repeat`` loops, each sized to last ~``min_time``."""
    timer = timeit.Timer(fn)
    number = 1
    while True:
        if timer.timeit(number) >= min_time / 4 or number >= 1 << 24:
            break
        number *= 2
    number = max(1, int(number * min_time / max(timer.timeit(number), 1e-9)))
    return statistics.median(t / number for t in timer.repeat(repeat=repeat, number=number))


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


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


def bench_exact(name: str, cubes: dict[str, int], draws: int, rows: list, reference: float):
    peer = scipy_peer(cubes, draws)
    players = [v for c, v in cubes.items() if c not in ("black", "red")]
    red, black = cubes["red"], cubes["black"]
    bag = np.array([black, red, *players], np.int64)
    ours = attack_odds(cubes, draws).joint
    assert np.allclose(ours, peer(), rtol=1e-9, atol=1e-14), "disagrees with scipy"
    t_peer = median_time(peer)
    cells = math.prod(min(draws, int(c) + red) + 1 for c in players)
    no_clones = np.zeros(len(players), np.int64)
    # the kernel's time includes making its output array, as attack_odds does
    t_kernel = median_time(lambda: _attack_joint(bag, no_clones, draws, np.empty(cells)))
    t_public = median_time(lambda: attack_odds(cubes, draws))
    print(f"{name}: scipy {fmt(t_peer)}, kernel {fmt(t_kernel)}, attack_odds {fmt(t_public)}")
    rows.append(
        (
            f"exact attack, {name}: kernel",
            fmt(t_kernel),
            f"scipy {fmt(t_peer)}",
            t_peer / t_kernel,
            f">= 100x (STACK_NOTES build: {reference:.0f}x)",
            t_peer / t_kernel >= 100,
        )
    )
    rows.append(
        (
            f"exact attack, {name}: attack_odds",
            fmt(t_public),
            f"scipy {fmt(t_peer)}",
            t_peer / t_public,
            ">= 20x",
            t_peer / t_public >= 20,
        )
    )


def bench_sampling(n: int, rows: list):
    draws = 5
    sizes = list(TYPICAL.values())
    gen = np.random.default_rng(1)
    peers = {}
    for method in ("marginals", "count"):
        peers[method] = min(
            timeit.repeat(
                lambda m=method: gen.multivariate_hypergeometric(sizes, draws, size=n, method=m),
                repeat=3,
                number=1,
            )
        )
    method = min(peers, key=peers.get)
    t_peer = peers[method]
    cubes = np.repeat(np.arange(len(sizes), dtype=np.uint8), sizes)
    out = np.empty((n, len(sizes)), np.int16)
    state = _rng_state(1)
    timed = {}
    for label, fn in (
        ("kernel", lambda: _sample_draws(cubes, draws, out, state)),
        ("sample_attacks", lambda: sample_attacks(TYPICAL, draws, n, seed=1)),
    ):
        # wall clock (the target) and this process's CPU time (less hurt by a busy machine)
        timed[label] = (
            statistics.median(timeit.repeat(fn, repeat=5, number=1)),
            statistics.median(timeit.repeat(fn, repeat=5, number=1, timer=time.process_time)),
        )
    print(
        f"{n:.0e} sampled attacks: numpy marginals {fmt(peers['marginals'])}, "
        f"count {fmt(peers['count'])}; kernel {fmt(timed['kernel'][0])}, "
        f"sample_attacks {fmt(timed['sample_attacks'][0])}"
    )
    for label, (t, cpu) in timed.items():
        per = t / n
        rows.append(
            (
                f"{n:.0e} sampled attacks: {label}",
                f"{fmt(t)} ({per * 1e9:.1f} ns/attack; CPU {cpu / n * 1e9:.1f} ns)",
                f"numpy {method} {fmt(t_peer)}",
                t_peer / t,
                ">= 5x and <= 10 ns/attack",
                t_peer / t >= 5 and per <= 10e-9,
            )
        )


def bench_cold_start(rows: list, runs: int = 5):
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
    env = dict(os.environ)
    env.setdefault("NUMBA_CACHE_DIR", "/tmp/numba-cache-odds")
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
    inside, whole = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True
        )
        whole.append(time.perf_counter() - t0)
        inside.append(float(done.stdout.strip()))
    t_in, t_whole = statistics.median(inside), statistics.median(whole)
    print(f"warm-cache import + first attack_odds: {fmt(t_in)} (process {fmt(t_whole)})")
    rows.append(
        (
            "warm-cache `import clankwidget` + first attack_odds (fresh process)",
            f"{fmt(t_in)} (whole process {fmt(t_whole)})",
            "-",
            None,
            "< 1.5 s",
            t_in < 1.5,
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1e6 sampled attacks, not 1e7")
    args = parser.parse_args()
    # Compile (or load from the cache) before timing anything.
    attack_odds(TYPICAL, 5)
    sample_attacks(TYPICAL, 5, 10, seed=0)
    rows: list = []
    bench_exact("typical (3/5/2/4, 24 black + 2 red, draw 5)", TYPICAL, 5, rows, 150 / 1.35)
    bench_exact("heavy (4x12, 30 black + 4 red, draw 13)", HEAVY, 13, rows, 4300 / 20)
    bench_sampling(10**6 if args.quick else 10**7, rows)
    bench_cold_start(rows)
    print()
    print("| benchmark | ours (median) | peer (median) | speed-up | target | met |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, ours, peer, ratio, target, met in rows:
        speed = "-" if ratio is None else f"{ratio:.1f}x"
        verdict = "-" if met is None else ("yes" if met else "no")
        print(f"| {name} | {ours} | {peer} | {speed} | {target} | {verdict} |")


if __name__ == "__main__":
    main()
