"""The browser harness end to end: JupyterLab runs a notebook, a widget's click reaches
the kernel, and the kernel's answer reaches the page again."""

from __future__ import annotations

import pytest

from .conftest import (
    cell_locator,
    cell_output_text,
    kernel_eval,
    open_notebook,
    page_errors,
    run_all_cells,
    screenshot,
    wait_for_kernel_idle,
    wait_for_kernel_value,
    write_notebook,
)

pytestmark = pytest.mark.browser

PING_WIDGET = '''
import anywidget
import traitlets


class PingWidget(anywidget.AnyWidget):
    """A button that sends {kind: "ping"}; the kernel counts and syncs the count back."""

    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.dataset.action = "ping";
      button.textContent = "ping";
      button.addEventListener("click", () => model.send({ kind: "ping" }));
      const count = document.createElement("output");
      count.dataset.role = "pings";
      const show = () => { count.textContent = String(model.get("pings")); };
      model.on("change:pings", show);
      show();
      el.append(button, count);
    }
    export default { render };
    """
    pings = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def _on_msg(self, widget, content, buffers):
        if content.get("kind") == "ping":
            self.pings += 1


w = PingWidget()
w
'''


def test_notebook_runs_and_widget_round_trip(lab_page, tmp_path):
    page = lab_page
    notebook = write_notebook(
        tmp_path / "smoke.ipynb", "import clankwidget\nprint(40 + 2)", PING_WIDGET
    )
    open_notebook(page, notebook)
    wait_for_kernel_idle(page)

    assert run_all_cells(page) is True
    assert cell_output_text(page, 0) == "42"

    button = cell_locator(page, 1).locator('[data-action="ping"]')
    button.wait_for(timeout=30_000)
    assert kernel_eval(page, "w.pings") == 0

    button.click()
    assert wait_for_kernel_value(page, "w.pings", 1) == 1
    # ... and the synced count comes back to the view.
    count = cell_locator(page, 1).locator('[data-role="pings"]')
    page.wait_for_function("(el) => el.textContent === '1'", arg=count.element_handle())

    shot = screenshot(page, "lab-smoke")
    assert shot.stat().st_size > 0
    assert page_errors(page) == []
