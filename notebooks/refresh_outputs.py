"""Re-run lesson notebooks and store the outputs that nbval checks.

Run: ``NUMBA_CACHE_DIR=/tmp/numba-cache python notebooks/refresh_outputs.py [NOTEBOOK ...]``
(default: every ``notebooks/NN-*.ipynb`` and ``notebooks/teachers/NN-*.ipynb``, the
second parts ``NNb-*.ipynb`` of lessons split in two included).

A lesson keeps outputs only in the cells tagged ``nbval-check-output``: the numbers its
text tells, which nbval then compares on every test run. When a change to the package
changes such a number on purpose (a new random stream, a reworded table), this script
executes the notebook in the current environment, copies the new outputs into those cells
and leaves every other cell without outputs, as committed. It prints which cells changed,
so the diff can be read before it is committed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
CHECKED = "nbval-check-output"
NOTEBOOKS = sorted(HERE.glob("[0-9][0-9]*-*.ipynb")) + sorted(
    HERE.glob("teachers/[0-9][0-9]*-*.ipynb")
)
"""The lessons, then the teachers' solution notebooks."""


def refresh(path: Path, timeout: int = 600) -> list[str]:
    """Re-run ``path`` in place; return the ids of the checked cells whose outputs changed."""
    stored = nbformat.read(path, as_version=4)
    ran = nbformat.read(path, as_version=4)
    here = {"metadata": {"path": str(Path(path).resolve().parent)}}  # run where it lives
    NotebookClient(ran, timeout=timeout, resources=here).execute()
    changed = []
    for old, new in zip(stored.cells, ran.cells, strict=True):
        if old.cell_type != "code":
            continue
        if CHECKED in old.metadata.get("tags", []):
            if new.outputs != old.outputs:
                changed.append(old.get("id", "?"))
            old.outputs = new.outputs
            old.execution_count = new.execution_count
        else:
            old.outputs = []
            old.execution_count = None
    nbformat.write(stored, path)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    args = parser.parse_args(argv)
    paths = args.notebooks or NOTEBOOKS
    for path in paths:
        changed = refresh(path)
        print(f"{path.name}: {', '.join(changed) if changed else 'no checked output changed'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
