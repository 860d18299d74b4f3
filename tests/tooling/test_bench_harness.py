"""The benchmark harness (benchmarks/_harness.py): its medians, its alternating rounds, its
tables and command line, and that every benchmark uses it rather than its own copy.
Nothing here times anything for real: benchmarks are not tests."""

from __future__ import annotations

import ast
import importlib.util
import itertools
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPTS = sorted(p for p in BENCHMARKS.glob("*.py") if not p.name.startswith("_"))


@pytest.fixture(scope="module")
def H():
    name = "clankwidget_bench_harness"
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / "_harness.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while being made
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[name]


def test_timings_alternate_and_take_the_median(H):
    calls = []
    ticks = itertools.count()
    # a fake clock: every reading is one second after the last, so a loop of one call
    # "lasts" one second, whoever runs it
    fns = {"ours": lambda: calls.append("ours"), "peer": lambda: calls.append("peer")}
    t = H.timings(fns, repeat=3, number=1, timer=lambda: float(next(ticks)))
    assert t == {"ours": 1.0, "peer": 1.0}
    assert calls == ["ours", "peer"] + ["ours", "peer"] * 3  # one warm-up call each, then rounds
    with pytest.raises(ValueError, match="repeat"):
        H.timings(fns, repeat=0)


def test_median_time_of_a_real_function_is_positive(H):
    assert 0 < H.median_time(lambda: sum(range(100)), repeat=2, min_time=0.001) < 0.01


def test_command_line(H):
    p = H.parser("Benchmark something.\n\nMore words.")
    assert p.description == "Benchmark something."
    args = p.parse_args([])
    assert (args.quick, args.repeat) == (False, None)
    assert H.repeats(args, full=7, quick=3) == 7
    assert H.repeats(p.parse_args(["--quick"]), full=7, quick=3) == 3
    assert H.repeats(p.parse_args(["--quick", "--repeat", "9"]), full=7, quick=3) == 9
    with pytest.raises(SystemExit):
        H.repeats(p.parse_args(["--repeat", "0"]), full=7, quick=3)


def test_rows_and_tables(H, capsys):
    fast = H.ratio_row("task: kernel", 2e-6, "scipy", 3e-4, ">= 100x", 100)
    assert (fast.ours, fast.peer, fast.met) == ("2.00 µs", "scipy 300.00 µs", True)
    assert fast.ratio == pytest.approx(150)
    slow = H.ratio_row("task: public", 1e-3, "scipy", 3e-4, ">= 1x", 1)
    info = H.ratio_row("task: dial", 1.5, "ours", 0.5, "(info)", None)
    assert (slow.met, info.met, info.ours) == (False, None, "1.50 s")
    H.print_rows([fast, slow, info])
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "| task | ours (median) | peer (median) | speed-up | target | met |"
    assert out[2].endswith("| 150.0x | >= 100x | yes |")
    assert out[3].endswith("| 0.3x | >= 1x | no |")
    assert out[4].endswith("| 0.3x | (info) | - |")
    H.print_table(("case", ">time"), [("a", "1 ms")])
    assert capsys.readouterr().out.splitlines() == [
        "| case | time |",
        "| --- | ---: |",
        "| a | 1 ms |",
    ]
    assert [H.fmt(x) for x in (2.0, 2e-3, 2e-6, 2e-9)] == ["2.00 s", "2.00 ms", "2.00 µs", "2.0 ns"]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_every_benchmark_uses_the_harness(script):
    tree = ast.parse(script.read_text())
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert "_harness" in imported
    own = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    copies = own & {"fmt", "median_time", "timings", "loop_size", "row", "parser"}
    assert not copies, f"{script.name} has its own {sorted(copies)}: use _harness"
    assert "argparse" not in imported  # the command line comes from _harness.parser
