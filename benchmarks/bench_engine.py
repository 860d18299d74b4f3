"""The engine's speed: games and actions a second per edition and bot table, against 0.1.0.

Each measurement plays the same seeded games (two players, every deal from both seats) in
this checkout and in a git worktree of version 0.1.0 (tag ``v0.1.0``, commit ff74ab8), each
in a fresh Python process of its own that stays open for the whole table. The two play in
lockstep: the deals are cut into chunks of a fraction of a second, and the processes take
turns chunk by chunk (in the order ab, ba, ab...), each playing the same deals, so that
both see the machine in the same state. The speed-up is the ratio of their games a
second over all the chunks; the table adds the middle half of the chunks' own ratios (the
two trees do not always play a deal alike: rules were read anew since 0.1.0, so one
chunk's games may be shorter in one of them). The machines here are shared: a run of a few
seconds often met the host in a state 1.5x slower or faster than the last one, and
alternating whole runs gave ratios from 1.7x to 3.7x for the same two trees. Seconds are
the process's CPU time (``time.process_time``). After its warm-up game each process
freezes its heap (``gc.freeze()``): with numba and scipy imported, one full garbage
collection costs about 0.2 s; both trees get the same treatment. The target (issue 17) is
3x 0.1.0 on every edition and table. Clank! Legacy and Moonrakers came after 0.1.0: their
rows give this checkout's figures alone (0.1.0 "n/a").

    NUMBA_CACHE_DIR=/tmp/numba-cache python benchmarks/bench_engine.py [--quick] [--repeat N]

``--repeat``: passes of each table's deals, each pass on new seeds (3; 1 with ``--quick``).
"""

from __future__ import annotations

import json
import os
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
#: deals per pass (each played from both seats) and per chunk, for each table: chunks of
#: about a tenth to a third of a second of this checkout's CPU time
DEALS = {("greedy", "random"): 150, ("planner", "greedy"): 50}
CHUNK = {("greedy", "random"): 10, ("planner", "greedy"): 5}
TARGET = 3.0

# A process inside a source tree that plays chunks of deals on request: each line read
# ("<first seed> <deals>") is answered with {"games", "actions", "seconds"} for those deals.
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
for line in sys.stdin:
    first, count = map(int, line.split())
    t0, actions = time.process_time(), 0
    for seed in range(first, first + count):
        for flip in (False, True):
            actions += play({edition!r}, {table!r}, seed, flip)
    print(json.dumps({{"games": 2 * count, "actions": actions,
                       "seconds": time.process_time() - t0}}), flush=True)
"""


class Player:
    """A process of :data:`SNIPPET` in a source tree, playing chunks on request."""

    def __init__(self, tree: Path, edition: str, table: tuple[str, str], cache: str):
        code = SNIPPET.format(tree=str(tree), edition=edition, table=table)
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        self.tree = tree
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code],
            cwd=tree,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def play(self, first: int, count: int) -> dict:
        self.proc.stdin.write(f"{first} {count}\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            raise SystemExit(f"the run in {self.tree} failed:\n{self.proc.stderr.read()[-2000:]}")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait()


def lockstep(players: list[Player], deals: int, chunk: int, passes: int) -> list[list[dict]]:
    """Each player's answers, chunk by chunk: ``passes`` times ``deals`` deals, the players
    taking turns on every chunk, the first of them alternating. Every pass plays new seeds
    (pass ``k`` seeds ``k * deals`` on): a process that met a deal before would answer
    from what it kept of it (the planner keeps its odds), which no tournament does."""
    answers: list[list[dict]] = [[] for _ in players]
    turn = 0
    for k in range(passes):
        for first in range(k * deals, (k + 1) * deals, chunk):
            count = min(chunk, (k + 1) * deals - first)
            order = range(len(players)) if turn % 2 == 0 else reversed(range(len(players)))
            for i in order:
                answers[i].append(players[i].play(first, count))
            turn += 1
    return answers


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
    args = H.parser(__doc__, quick="2 deals per table, one pass").parse_args()
    passes = H.repeats(args, full=3, quick=1)
    root = H.ROOT
    tree, tmp = old_tree(root)
    cache = str(Path(tempfile.gettempdir()) / "clankwidget-bench-engine-cache")
    rows = []
    try:
        for edition in EDITIONS:
            for table in TABLES:
                has_old = edition not in NEW_EDITIONS
                deals, chunk = (2, 1) if args.quick else (DEALS[table], CHUNK[table])
                players = [Player(root, edition, table, cache + "-new")]
                if has_old:
                    players.append(Player(tree, edition, table, cache + "-old"))
                try:
                    answers = lockstep(players, deals, chunk, passes)
                finally:
                    for p in players:
                        p.close()

                def rate(chunks, key):
                    return sum(c[key] for c in chunks) / sum(c["seconds"] for c in chunks)

                ours = answers[0]
                g_new = rate(ours, "games")
                row = [edition, " vs ".join(table), f"{g_new:.1f}", f"{rate(ours, 'actions'):.0f}"]
                if has_old:
                    old = answers[1]
                    # the same deals in both, in lockstep: their games a second over all
                    # the chunks, and the middle half of the chunks' own ratios
                    speed = rate(ours, "games") / rate(old, "games")
                    chunks = [o["seconds"] / max(n["seconds"], 1e-9) for n, o in zip(ours, old)]
                    low, _, high = (
                        statistics.quantiles(chunks, n=4) if len(chunks) > 1 else [speed] * 3
                    )
                    row += [
                        f"{rate(old, 'games'):.1f}",
                        f"{rate(old, 'actions'):.0f}",
                        f"{speed:.2f}x",
                        f"{low:.2f}x to {high:.2f}x",
                        "yes" if speed >= TARGET else "no",
                    ]
                    print(f"{edition}, {' vs '.join(table)}: {speed:.2f}x", file=sys.stderr)
                else:
                    row += ["n/a"] * 5
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
            "chunks' middle half",
            f"{TARGET:g}x",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
