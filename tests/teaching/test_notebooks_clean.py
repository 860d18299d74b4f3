"""A lesson notebook must run clean: notebooks/conftest.py fails any cell that nbval runs
whose outputs, compared or not, hold stderr, a Bokeh validation error or an error output.

Here: what that check finds in a cell's outputs, and that the hook really fails such a
cell when nbval runs a notebook (lesson 04's blank prize chart, issue 16, was one: Bokeh
logged E-1019 to stderr in a cell whose output nbval does not compare)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
CONFTEST = NOTEBOOKS / "conftest.py"


@pytest.fixture(scope="module")
def clean():
    spec = importlib.util.spec_from_file_location("notebooks_conftest", CONFTEST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def stream(name: str, text: str) -> dict:
    return {"output_type": "stream", "name": name, "text": text}


E1019 = (
    "ERROR:bokeh.core.validation.check:E-1019 (DUPLICATE_FACTORS): FactorRange must specify "
    "a unique list of categorical factors for an axis: duplicate factors found: '25 points'\n"
)


def test_clean_outputs_pass(clean):
    outs = [
        stream("stdout", "P(skill >= 6) = 0.3505\n"),
        {"output_type": "execute_result", "data": {"text/plain": "E-1019 is a code", "text/html": "<b>ok</b>"}},
        {"output_type": "display_data", "data": {"application/javascript": "x"}},
    ]  # fmt: skip
    assert clean.problems(outs) == []
    assert clean.problems([]) == []


def test_stderr_bokeh_and_errors_are_found(clean):
    found = clean.problems([stream("stderr", E1019)])
    assert found[0].startswith("stderr: ERROR:bokeh.core.validation.check:E-1019")
    assert "Bokeh validation E-1019 (DUPLICATE_FACTORS): the figure will not draw" in found
    assert clean.problems([stream("stderr", "UserWarning: careful\n")]) == [
        "stderr: UserWarning: careful"
    ]
    # a validation message that reached stdout or an HTML output counts too
    warn = "W-1005 (FIXED_SIZING_MODE): something"
    assert clean.problems([stream("stdout", warn)]) == [
        "Bokeh validation W-1005 (FIXED_SIZING_MODE): the figure will not draw"
    ]
    html = {"output_type": "display_data", "data": {"text/html": ["<pre>", E1019, "</pre>"]}}
    assert clean.problems([html]) == [
        "Bokeh validation E-1019 (DUPLICATE_FACTORS): the figure will not draw"
    ]
    error = {"output_type": "error", "ename": "ValueError", "evalue": "bad", "traceback": []}
    assert clean.problems([error]) == ["error output: ValueError: bad"]
    assert clean.problems([error], error_expected=True) == []
    # the same message twice is reported once
    assert len(clean.problems([stream("stderr", "x"), stream("stderr", "x")])) == 1


def _notebook(cells: list[tuple[str, list[str]]]) -> dict:
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [
            {
                "cell_type": "code",
                "id": f"cell{i}",
                "metadata": {"tags": tags},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
            for i, (source, tags) in enumerate(cells)
        ],
    }  # fmt: skip


def test_the_hook_fails_unclean_cells_that_nbval_passes(tmp_path):
    """Run nbval (as the project's pytest configuration does: lax, this environment's
    kernel) on a notebook with a blank duplicate-factor chart like lesson 04's, in a folder
    holding only the hook: the chart's cell, a stderr cell and an error cell fail, the
    clean cells and the cell tagged raises-exception pass."""
    cells = [
        ("from bokeh.io import output_notebook, show\noutput_notebook(hide_banner=True)", []),
        ("print('all clean')", ["nbval-check-output"]),
        (
            "from bokeh.plotting import figure\n"
            "fig = figure(x_range=['20 points', '25 points', '25 points'])\n"
            "fig.vbar(x=['20 points', '25 points', '25 points'], top=[0.6, 0.3, 0.1])\n"
            "show(fig)",
            ["nbval-ignore-output"],
        ),
        ("import sys\nprint('careful', file=sys.stderr)", []),
        ("raise ValueError('expected')", ["raises-exception"]),
        ("1 + 1", []),
    ]
    nb = _notebook(cells)
    nb["cells"][1]["outputs"] = [stream("stdout", "all clean\n")]
    nb["cells"][1]["execution_count"] = 1
    (tmp_path / "lesson.ipynb").write_text(json.dumps(nb))
    shutil.copy(CONFTEST, tmp_path / "conftest.py")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rf",
         "--nbval-lax", "--nbval-current-env", "lesson.ipynb"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    out = run.stdout + run.stderr
    assert run.returncode == 1, out
    assert "2 failed, 4 passed" in out, out
    assert "FAILED lesson.ipynb::Cell 2" in out and "E-1019 (DUPLICATE_FACTORS)" in out
    assert "FAILED lesson.ipynb::Cell 3" in out and "stderr: careful" in out
    assert "Cell 1 " not in out.split("short test summary")[-1]


def test_the_hook_covers_every_lesson_notebook():
    """The hook lives where pytest collects the notebooks, so it runs on every one of them
    (teacher notebooks in a subfolder too)."""
    assert CONFTEST.exists()
    root = Path(__file__).resolve().parents[2]
    pyproject = (root / "pyproject.toml").read_text()
    assert '"notebooks"' in pyproject.split("testpaths", 1)[1].splitlines()[0]
    lessons = sorted(NOTEBOOKS.rglob("*.ipynb"))
    assert lessons and all(CONFTEST.parent in p.parents for p in lessons)
