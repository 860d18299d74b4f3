"""The Python examples in the project's Markdown documents run as written.

Every ```` ```python ```` block of every ``*.md`` file in the repository is found and run
(a reader copies them, so a renamed function or a changed answer must fail here, not in
a classroom). A block written as a ``>>>`` session is run by :mod:`doctest`, so its
printed answers are checked too. Blocks of one document share a namespace, in order,
as a reader pastes them into one notebook; a document whose examples start from
something the text describes (a game in progress, a file written in an earlier section)
gets it from :data:`CONTEXT`.
"""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP_DIRS = {"node_modules", ".venv", "test-artifacts", ".git", "build", "dist"}
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
JSON_BLOCK = re.compile(r"^```json\n(.*?)^```", re.S | re.M)


def _documents() -> list[Path]:
    found = []
    for path in sorted(ROOT.rglob("*.md")):
        if SKIP_DIRS.isdisjoint(path.relative_to(ROOT).parts) and BLOCK.search(path.read_text()):
            found.append(path)
    return found


def _three_rooms(doc: Path, folder: Path) -> None:
    """board_data/README.md's worked example (section 7) writes ``three-rooms.json``: the
    JSON block whose id it is, saved where its doctest loads it from."""
    for text in JSON_BLOCK.findall(doc.read_text()):
        if '"id": "three-rooms"' in text:  # (other blocks are fragments, not whole files)
            json.loads(text)
            (folder / "three-rooms.json").write_text(text)
            return
    raise AssertionError("board_data/README.md no longer holds the three-rooms board")


#: what a document's examples take as given, by its path: code run before its blocks,
#: and files written into the folder they run in
CONTEXT = {
    "board_data/positions/README.md": {
        "code": "import clankwidget as cw\ngame = cw.Game.new(players=2, seed=3)",
    },
    "board_data/README.md": {"files": _three_rooms},
}


def test_every_example_document_is_found():
    names = {p.relative_to(ROOT).as_posix() for p in _documents()}
    assert {"README.md", *CONTEXT} <= names


@pytest.mark.parametrize("doc", _documents(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_python_examples_run(doc, tmp_path, monkeypatch):
    name = doc.relative_to(ROOT).as_posix()
    context = CONTEXT.get(name, {})
    monkeypatch.chdir(tmp_path)  # files the examples write land here
    if "files" in context:
        context["files"](doc, tmp_path)
    namespace: dict = {"__name__": "__docs__"}
    exec(context.get("code", ""), namespace)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for i, block in enumerate(BLOCK.findall(doc.read_text())):
        where = f"{name}, Python block {i + 1}"
        if block.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(block, namespace, where, name, 0)
            runner.run(test, clear_globs=False)
        else:
            exec(compile(block, where, "exec"), namespace)
    failed, tried = runner.summarize(verbose=False)
    assert failed == 0, f"{failed} of {tried} doctest examples in {name} failed (see above)"
