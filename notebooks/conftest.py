"""What nbval does not check in a lesson notebook, checked on every cell it runs.

nbval fails a cell that raises, and compares the outputs of the cells tagged
``nbval-check-output``; everything else a cell prints passes unseen. A lesson must run
clean, so after nbval has run a cell (and passed it) this hook fails it when its outputs,
compared or not, hold:

* anything written to stderr (a warning, a logged error);
* a Bokeh validation message (``E-1019 (DUPLICATE_FACTORS)`` and the like): Bokeh logs
  these when a figure is shown, and BokehJS then draws nothing;
* an error output, unless the cell is tagged ``raises-exception``.

:func:`problems` says what is wrong with a list of outputs;
``tests/teaching/test_notebooks_clean.py`` tests it and this hook.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

import pytest

BOKEH_VALIDATION = re.compile(r"\b([EW]-\d{4}) \(([A-Z_]+)\)")
"""A Bokeh validation code as Bokeh prints it: ``E-1019 (DUPLICATE_FACTORS)``."""


def _texts(out: Mapping) -> Iterable[str]:
    text = out.get("text")
    if text:
        yield text if isinstance(text, str) else "".join(text)
    for mime, value in (out.get("data") or {}).items():
        if mime.startswith("text/") and value:
            yield value if isinstance(value, str) else "".join(value)


def problems(outputs: Iterable[Mapping], *, error_expected: bool = False) -> list[str]:
    """What is wrong with one cell's outputs (nbformat dicts), one line each; ``[]`` when
    it ran clean. ``error_expected``: the cell is tagged ``raises-exception``."""
    found = []
    for out in outputs:
        kind = out.get("output_type")
        if kind == "stream" and out.get("name") == "stderr":
            found.append(f"stderr: {''.join(out.get('text', '')).strip()[:300]}")
        elif kind == "error" and not error_expected:
            found.append(f"error output: {out.get('ename')}: {out.get('evalue')}")
        for text in _texts(out):
            for code, name in BOKEH_VALIDATION.findall(text):
                found.append(f"Bokeh validation {code} ({name}): the figure will not draw")
    return list(dict.fromkeys(found))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    outputs = getattr(item, "test_outputs", None)  # set by nbval on the cells it runs
    if call.when != "call" or not report.passed or outputs is None:
        return
    options = getattr(item, "options", {}) or {}
    found = problems(outputs, error_expected=bool(options.get("check_exception")))
    if found:
        report.outcome = "failed"
        source = getattr(item, "cell", {}).get("source", "")
        report.longrepr = (
            f"cell {getattr(item, 'cell_num', '?')} ran but did not run clean:\n  "
            + "\n  ".join(found)
            + f"\n--- cell source ---\n{source}"
        )
