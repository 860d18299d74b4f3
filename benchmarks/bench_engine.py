"""The engine's speed: games and actions a second per edition and bot table, against 0.1.0.

Each measurement plays the same seeded games (two players, every deal from both seats)
in a fresh Python process, in this checkout and in a git worktree of version 0.1.0 (tag
``v0.1.0``, commit ff74ab8), the two taking turns round by round so that a change of the
machine's load hits both alike; the table shows the medians and their ratio. Seconds are
the process's CPU time (``time.process_time``), so that time spent waiting for a core on a
busy machine is not counted against either. After its warm-up game each process freezes
its heap (``gc.freeze()``): with numba and scipy imported, one full garbage collection
costs about 0.2 s, and whether one fell inside a short run was much of the spread between
runs; both trees get the same treatment. The quick greedy-vs-random tables play more deals
per run than the planner tables, so that no run lasts only a fraction of a second. The
target (issue 17) is 3x 0.1.0 on every edition and table. Clank! Legacy and Moonrakers came
after 0.1.0: their rows give this checkout's figures alone (0.1.0 "n/a").

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_engine.py [--quick] [--repeat N]
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _harness as H

OLD = "v0.1.0"
OLD_COMMIT = "ff74ab8"
EDITIONS = ("clank", "space", "pulsarcade", "legacy", "moonrakers")
#: editions 0.1.0 did not have: their rows show this checkout alone (0.1.0 "n/a")
NEW_EDITIONS = ("legacy", "moonrakers")
TABLES = (("greedy", "random"), ("planner", "greedy"))
#: deals per run (each played from both seats): more for the quick table. Runs of about a
#: second of this checkout's CPU time: with a quarter of that (30 and 10 deals) the ratio
#: of one round to the next spread from 1.8x to 3.7x on the dungeon; with these, 2.3x to 2.9x
DEALS = {("greedy", "random"): 150, ("planner", "greedy"): 50}
TARGET = 3.0

# Played in a fresh process inside a source tree: prints {"games", "actions", "seconds"}.
SNIPPET = """
import json, sys, time
sys.path.insert(0, {tree!r})
import clankwidget as cw
from clankwidget.bots import make_bot

def bot(kind, seed):  # the edition's own bots where it has them (not in 0.1.0)
    if hasattr(cw, "edition"):
        return cw.edition({edition!r}).make_bot(kind, seed=seed)
    return make_bot(kind, seed=seed)

def play(edition, table, seed, flip):
    game = cw.Game.new(edition, players=2, seed=seed)
    kinds = table[::-1] if flip else table
    bots = [bot(k, seed + i) for i, k in enumerate(kinds)]
    n = 0
    while not game.is_over and n < 5000:
        # the seat that acts (in Moonrakers an invited captain answers on another's turn)
        acting = getattr(game, "acting_player", None)
        seat = game.players.index(acting) if acting is not None else game.state.current
        game.apply(bots[seat].choose(game))
        n += 1
    return n

play({edition!r}, {table!r}, 10_000, False)  # warm-up: imports, kernels, data
import gc
gc.collect()
gc.freeze()  # the imported heap is left out of later full collections (both trees alike)
t0, actions = time.process_time(), 0
for seed in range({deals}):
    for flip in (False, True):
        actions += play({edition!r}, {table!r}, seed, flip)
print(json.dumps({{"games": 2 * {deals}, "actions": actions,
                   "seconds": time.process_time() - t0}}))
"""


def run(tree: Path, edition: str, table: tuple[str, str], deals: int, cache: str) -> dict:
    code = SNIPPET.format(tree=str(tree), edition=edition, table=table, deals=deals)
    env = {**dict(__import__("os").environ), "NUMBA_CACHE_DIR": cache}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True
    )
    if out.returncode:
        raise SystemExit(f"the run in {tree} failed:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def old_tree(root: Path) -> tuple[Path, Path]:
    """A worktree of version 0.1.0 in a temporary folder (and the folder to remove)."""
    tmp = Path(tempfile.mkdtemp(prefix="clankwidget-0.1.0-"))
    tree = tmp / "tree"
    for ref in (OLD, OLD_COMMIT):
        done = subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), ref],
            cwd=root,
            capture_output=True,
            text=True,
        )
        if done.returncode == 0:
            return tree, tmp
    raise SystemExit(f"cannot check out {OLD} ({OLD_COMMIT}): {done.stderr.strip()}")


def main() -> None:
    args = H.parser(__doc__, quick="2 deals per table, one round").parse_args()
    rounds = H.repeats(args, full=3, quick=1)
    root = H.ROOT
    tree, tmp = old_tree(root)
    cache = str(Path(tempfile.gettempdir()) / "clankwidget-bench-engine-cache")
    rows = []
    try:
        for edition in EDITIONS:
            for table in TABLES:
                has_old = edition not in NEW_EDITIONS
                deals = 2 if args.quick else DEALS[table]
                ours, old = [], []
                for _ in range(rounds):
                    ours.append(run(root, edition, table, deals, cache + "-new"))
                    if has_old:
                        old.append(run(tree, edition, table, deals, cache + "-old"))

                def rate(runs, key):
                    return statistics.median(r[key] / r["seconds"] for r in runs)

                g_new = rate(ours, "games")
                row = [edition, " vs ".join(table), f"{g_new:.1f}", f"{rate(ours, 'actions'):.0f}"]
                if has_old:
                    speed = g_new / rate(old, "games")
                    row += [
                        f"{rate(old, 'games'):.1f}",
                        f"{rate(old, 'actions'):.0f}",
                        f"{speed:.2f}x",
                        "yes" if speed >= TARGET else "no",
                    ]
                    print(f"{edition}, {' vs '.join(table)}: {speed:.2f}x", file=sys.stderr)
                else:
                    row += ["n/a", "n/a", "n/a", "n/a"]
                rows.append(row)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=root)
        shutil.rmtree(tmp, ignore_errors=True)
    H.print_table(
        [
            "edition",
            "table",
            "games/s",
            "actions/s",
            "0.1.0 games/s",
            "0.1.0 actions/s",
            "speed-up",
            f"{TARGET:g}x",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
