"""What every benchmark here shares: timing, a fresh-process start-up, tables and the CLI.

* :func:`timings` - median seconds per call of several functions, measured in alternating
  rounds: each round times one loop (sized to last about ``min_time``) of every function
  in turn, so a change of the machine's load during the run hits ours and the peers alike
  and the ratios stay fair. :func:`median_time` is the same for one function.
* :func:`fresh_process` - the median over several fresh Python processes of a snippet that
  prints the seconds it measured itself (warm numba cache: one run first, not counted).
* :class:`Row` and :func:`ratio_row` - one line of a "ours against a peer" table, with the
  speed-up and whether it meets its target; :func:`print_rows` prints them as markdown,
  and :func:`print_table` any other table.
* :func:`parser` - the command line every benchmark takes: ``--quick`` (shorter runs,
  for a smoke test) and ``--repeat N`` (rounds per median; each benchmark has a default).

Not a test: timings depend on the machine and its load. Compare the ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
import timeit
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root (fresh processes run there, so ``tests/`` helpers can be found)."""

Clock = Callable[[], float]


def parser(doc: str | None, *, quick: str = "shorter runs") -> argparse.ArgumentParser:
    """The common command line: ``--quick`` and ``--repeat``; a benchmark adds its own."""
    first = (doc or "").strip().splitlines()
    p = argparse.ArgumentParser(description=first[0] if first else None)
    p.add_argument("--quick", action="store_true", help=quick)
    p.add_argument(
        "--repeat",
        type=int,
        default=None,
        metavar="N",
        help="rounds per median (default: each benchmark's own, fewer with --quick)",
    )
    return p


def repeats(args: argparse.Namespace, full: int, quick: int) -> int:
    """Rounds per median: ``--repeat`` if given (at least 1), else ``quick`` or ``full``."""
    if args.repeat is not None:
        if args.repeat < 1:
            raise SystemExit(f"--repeat must be at least 1, got {args.repeat}")
        return args.repeat
    return quick if args.quick else full


def fmt(seconds: float) -> str:
    """A duration in the unit that suits it: ``1.23 s``, ``4.56 ms``, ``7.89 µs``, ``1.0 ns``."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


def loop_size(fn: Callable[[], object], min_time: float, timer: Clock = time.perf_counter) -> int:
    """Calls per timed loop so that one loop lasts about ``min_time`` seconds (at least 1)."""
    t = timeit.Timer(fn, timer=timer)
    number = 1
    while t.timeit(number) < min_time / 4 and number < 1 << 24:
        number *= 2
    return max(1, int(number * min_time / max(t.timeit(number), 1e-9)))


def timings(
    fns: Mapping[str, Callable[[], object]],
    *,
    repeat: int = 7,
    min_time: float = 0.1,
    number: int | None = None,
    timer: Clock = time.perf_counter,
) -> dict[str, float]:
    """Median seconds per call of each function, over ``repeat`` alternating rounds.

    Every function is called once first (compiles, fills caches). Each loop repeats a call
    enough times to last about ``min_time`` seconds, or exactly ``number`` times if given
    (``number=1`` for a call that is long on its own). ``timer``: ``time.process_time``
    for this process's CPU time instead of the wall clock.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    for fn in fns.values():
        fn()
    sizes = {k: number or loop_size(fn, min_time, timer) for k, fn in fns.items()}
    seen: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(repeat):
        for k, fn in fns.items():
            seen[k].append(timeit.Timer(fn, timer=timer).timeit(sizes[k]) / sizes[k])
    return {k: statistics.median(v) for k, v in seen.items()}


def median_time(fn: Callable[[], object], **kw) -> float:
    """Median seconds per call of one function (see :func:`timings` for the keywords)."""
    return timings({"fn": fn}, **kw)["fn"]


def fresh_process(code: str, *, runs: int, cache: str) -> tuple[float, float]:
    """Run ``code`` (which prints one number: the seconds it timed) in ``runs`` fresh
    Python processes from the repository root, after one run that warms the numba cache
    (``NUMBA_CACHE_DIR``, default ``cache``). Returns the medians of the printed number
    and of the whole process's wall time."""
    env = dict(os.environ)
    env.setdefault("NUMBA_CACHE_DIR", cache)
    cmd = [sys.executable, "-c", code]
    subprocess.run(cmd, env=env, check=True, cwd=ROOT, capture_output=True)
    inside, whole = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run(cmd, env=env, check=True, cwd=ROOT, capture_output=True, text=True)
        whole.append(time.perf_counter() - t0)
        inside.append(float(done.stdout.strip()))
    return statistics.median(inside), statistics.median(whole)


@dataclass(frozen=True)
class Row:
    """One line of a results table: what was timed (``task``), our time, the peer and its
    time, the speed-up (peer time / ours; ``None`` when there is no peer), the target and
    whether it is met (``None``: nothing to meet, the row is for information)."""

    task: str
    ours: str
    peer: str
    ratio: float | None
    target: str
    met: bool | None


def ratio_row(
    task: str, t_ours: float, peer: str, t_peer: float, target: str, needed: float | None
) -> Row:
    """A :class:`Row` of ours against a peer, both timed in the same run; it meets the
    target when ``t_peer / t_ours >= needed`` (``needed=None``: information only)."""
    ratio = t_peer / t_ours
    met = None if needed is None else ratio >= needed
    return Row(task, fmt(t_ours), f"{peer} {fmt(t_peer)}", ratio, target, met)


def print_table(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """A markdown table; a column whose name starts with ``>`` is right-aligned."""
    print("| " + " | ".join(c.lstrip(">") for c in columns) + " |")
    print("| " + " | ".join("---:" if c.startswith(">") else "---" for c in columns) + " |")
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")


def print_rows(rows: Iterable[Row], columns: Sequence[str] | None = None) -> None:
    """:class:`Row` s as a markdown table: the speed-up as ``12.3x`` and the verdict as
    ``yes``, ``no`` or ``-`` (information)."""
    columns = columns or ("task", "ours (median)", "peer (median)", "speed-up", "target", "met")
    print_table(
        columns,
        (
            (
                r.task,
                r.ours,
                r.peer,
                "-" if r.ratio is None else f"{r.ratio:.1f}x",
                r.target,
                "-" if r.met is None else ("yes" if r.met else "no"),
            )
            for r in rows
        ),
    )
