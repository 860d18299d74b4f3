"""Benchmark the path kernels against their peers, measured in the same run.

Run: ``NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_paths.py [--quick] [--repeat N]``.

Board: ``generated_board(120, seed=0)`` from ``tests/naive_paths.py`` (120 spaces, 258
paths, 494 directed edges; boots 1-3, some monsters, locked and one-way paths, crystal
caves). Prints medians of repeated runs (``_harness.timings``: loops of ~0.1 s, ours and
the peers alternating round by round so that load changes during the run hit all alike)
and the ratio to each peer, then a markdown table of targets.

Peers, each given its input prepared outside the timing:

* all pairs: ``scipy.sparse.csgraph.floyd_warshall`` and ``dijkstra`` on a CSR matrix of
  the usable edges (parallel paths reduced to the cheapest), and networkx
  ``all_pairs_dijkstra_path_length`` on a ``DiGraph`` of the same edges;
* single source: scipy ``dijkstra(indices=s)`` and networkx
  ``single_source_dijkstra_path_length``, averaged over 12 sources;
* one turn's Pareto front: the plain-Python twin ``naive_turn_front`` (exhaustive search
  of every state, then a Pareto filter) and, stricter, the kernel's own code run as plain
  Python (``_turn_front.py_func``: the same label-correcting algorithm, no numba),
  averaged over 12 starting spaces.

Not a test: timings depend on the machine and its load. Compare the ratios.
"""

from __future__ import annotations

import sys
import textwrap

import _harness as H
import networkx as nx
import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra, floyd_warshall

sys.path.insert(0, str(H.ROOT / "tests"))

from clankwidget import paths
from clankwidget.kernels import graph as g

from naive_paths import generated_board, naive_turn_front

STARTS = [f"s{i}" for i in range(3, 120, 10)]  # 12 starting spaces / sources
TURNS = {
    "typical (5 boots, 2 swords, health 10)": dict(boots=5, swords=2, health=10),
    "rich (7 boots, 3 swords, health 6, keys, 1 teleport)": dict(
        boots=7, swords=3, health=6, keys=True, teleports=1
    ),
}


def peers_for(board):
    """scipy CSR matrix and networkx DiGraph of the edges usable without keys or canoe."""
    a = board.arrays
    n = len(board.spaces)
    ok = ~a.locked & ~a.water
    best: dict[tuple[int, int], int] = {}
    for u, v, w in zip(a.src[ok].tolist(), a.dst[ok].tolist(), a.boots[ok].tolist()):
        best[u, v] = min(w, best.get((u, v), w))
    rows, cols = zip(*best)
    csr = sp.csr_matrix((list(best.values()), (rows, cols)), shape=(n, n), dtype=float)
    G = nx.DiGraph()
    G.add_nodes_from(range(n))
    G.add_weighted_edges_from(((u, v, w) for (u, v), w in best.items()), weight="boots")
    return csr, G


def bench_all_pairs(board, csr, G, rows, repeat):
    walk = paths._prepared(board).walk(False, False)
    ours = paths.distance_table(board)
    nxd = dict(nx.all_pairs_dijkstra_path_length(G, weight="boots"))
    n = len(board.spaces)
    want = np.array([[nxd[i].get(j, np.inf) for j in range(n)] for i in range(n)])
    assert np.array_equal(ours, want), "disagrees with networkx"
    assert np.array_equal(ours, floyd_warshall(csr, directed=True)), "disagrees with scipy"
    everyone = np.arange(n)
    t = H.timings(
        {
            "kernel": lambda: g._all_pairs_boots(*walk),
            "distance_table": lambda: paths.distance_table(board),
            "dial": lambda: g._boots_from_many(*walk, everyone),
            "fw": lambda: floyd_warshall(csr, directed=True),
            "dijkstra": lambda: dijkstra(csr, directed=True),
            "nx": lambda: dict(nx.all_pairs_dijkstra_path_length(G, weight="boots")),
        },
        repeat=repeat,
    )
    print(
        "all pairs: "
        + ", ".join(f"{k} {H.fmt(v)}" for k, v in t.items())
        + f"  (FW/kernel {t['fw'] / t['kernel']:.1f}x, nx/kernel {t['nx'] / t['kernel']:.0f}x)"
    )
    task = "all-pairs fewest boots"
    for ours in ("kernel", "distance_table"):
        rows.append(
            H.ratio_row(f"{task}: {ours}", t[ours], "scipy floyd_warshall", t["fw"], ">= 2x", 2)
        )
        rows.append(H.ratio_row(f"{task}: {ours}", t[ours], "networkx", t["nx"], ">= 100x", 100))
    rows.append(
        H.ratio_row(f"{task}: kernel", t["kernel"], "scipy dijkstra", t["dijkstra"], ">= 1x", 1)
    )
    rows.append(
        H.ratio_row(
            f"{task}: kernel",
            t["kernel"],
            "Dial from every space (ours)",
            t["dial"],
            "(info)",
            None,
        )
    )


def bench_single_source(board, csr, G, rows, repeat):
    walk = paths._prepared(board).walk(False, False)
    sources = [board.index(s) for s in STARTS]
    for s in sources:
        ours = g._boots_from(*walk, s)
        assert np.array_equal(ours, dijkstra(csr, directed=True, indices=s))

    def kernel():
        for s in sources:
            g._boots_from(*walk, s)

    def public():
        for s in STARTS:
            paths.distance_table(board, [s])  # distances *to* s, the same work reversed

    def scipy_peer():
        for s in sources:
            dijkstra(csr, directed=True, indices=s)

    def nx_peer():
        for s in sources:
            nx.single_source_dijkstra_path_length(G, s, weight="boots")

    k = len(sources)
    t = H.timings(
        {
            "kernel": kernel,
            "distance_table(board, [s])": public,
            "scipy": scipy_peer,
            "nx": nx_peer,
        },
        repeat=repeat,
    )
    t = {name: v / k for name, v in t.items()}
    print("single source (per call): " + ", ".join(f"{a} {H.fmt(b)}" for a, b in t.items()))
    task = "single-source fewest boots"
    for ours in ("kernel", "distance_table(board, [s])"):
        rows.append(
            H.ratio_row(
                f"{task}: {ours}", t[ours], "scipy dijkstra", t["scipy"], ">= 5x (notes: 10x)", 5
            )
        )
        rows.append(
            H.ratio_row(f"{task}: {ours}", t[ours], "networkx", t["nx"], ">= 20x (notes: 58x)", 20)
        )


def bench_turn(board, name, kw, rows, repeat):
    p = paths._prepared(board)
    full = dict(keys=False, teleports=0, can_exit=False, exhausted=False, canoe=False, lifts=())
    full.update(kw)
    gate = paths._gate(board, [board.start], (), full["can_exit"])
    args = []
    for s in STARTS:
        opts = paths.turn_options(board, s, **kw)
        want = naive_turn_front(board, s, **full)
        got = {r: sorted(tuple(c) for c in opts.options(r)) for r in opts.reachable}
        assert got == want, f"disagrees with the naive twin from {s}"
        args.append(
            (
                p.indptr, p.dst, p.cost, p.monsters, p.usable(full["keys"], False), p.stop,
                gate, p.tp_indptr, p.tp_dst, *p.no_lifts, board.index(s), full["boots"],
                full["swords"], full["health"] - 1, full["teleports"], False, p.fare, p.coach, 0,
            )
        )  # fmt: skip

    def front(a, kernel=g._turn_front):
        return kernel(*a, np.array([paths.MAX_FRONT_WORK]))  # (a fresh work budget)

    labels = sum(len(front(a)[0]) for a in args) / len(args)
    size = sum(len(front(a)[1]) for a in args) / len(args)
    k = len(STARTS)
    t = H.timings(
        {
            "kernel": lambda: [front(a) for a in args],
            "turn_options": lambda: [paths.turn_options(board, s, **kw) for s in STARTS],
            "py_func": lambda: [front(a, g._turn_front.py_func) for a in args],
            "naive": lambda: [naive_turn_front(board, s, **full) for s in STARTS],
        },
        repeat=repeat,
    )
    t = {name: v / k for name, v in t.items()}
    print(
        f"turn front, {name} ({labels:.0f} labels, {size:.0f} options on average): "
        + ", ".join(f"{a} {H.fmt(b)}" for a, b in t.items())
    )
    task = f"turn Pareto front, {name}"
    for ours in ("kernel", "turn_options"):
        rows.append(H.ratio_row(f"{task}: {ours}", t[ours], "naive twin", t["naive"], ">= 30x", 30))
        rows.append(
            H.ratio_row(
                f"{task}: {ours}",
                t[ours],
                "same algorithm in plain Python",
                t["py_func"],
                ">= 30x",
                30,
            )
        )


def bench_cold_start(rows, runs: int):
    code = textwrap.dedent(
        """
        import sys, time
        sys.path.insert(0, "tests")
        from naive_paths import generated_board
        board = generated_board(120, 0)
        t0 = time.perf_counter()
        from clankwidget import paths
        paths.turn_options(board, "s3", boots=5, swords=2)
        paths.distance_table(board)
        paths.distance_table(board, ["s0"])
        paths.route(board, "s3", "s0")
        print(time.perf_counter() - t0)
        """
    )
    t_in, _ = H.fresh_process(code, runs=runs, cache="/tmp/numba-cache-paths")
    print(f"warm-cache import of clankwidget.paths + one call of each function: {H.fmt(t_in)}")
    rows.append(
        H.Row(
            "warm-cache import + first call of every path function (fresh process)",
            H.fmt(t_in),
            "-",
            None,
            "< 1.5 s",
            t_in < 1.5,
        )
    )


def main() -> None:
    args = H.parser(__doc__, quick="fewer rounds and fewer fresh processes").parse_args()
    repeat = H.repeats(args, full=7, quick=3)
    board = generated_board(120, 0)
    print(f"{board}, {len(board.arrays.dst)} directed edges")
    # compile (or load from the cache) before timing anything
    paths.turn_options(board, "s3", boots=5, swords=2, teleports=1, lifts=[["s1", "s2"]])
    paths.distance_table(board)
    paths.distance_table(board, ["s0"])
    csr, G = peers_for(board)
    rows: list = []
    bench_all_pairs(board, csr, G, rows, repeat)
    bench_single_source(board, csr, G, rows, repeat)
    for name, kw in TURNS.items():
        bench_turn(board, name, kw, rows, repeat)
    bench_cold_start(rows, 3 if args.quick else 5)
    print()
    H.print_rows(rows, ("task", "ours", "peer", "ratio", "target", "met"))


if __name__ == "__main__":
    main()
