"""Every playable edition's board in a real JupyterLab: it draws with no browser error,
one room per space of the board, and a screenshot of each is saved in
``test-artifacts/edition-<name>.png`` for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import clankwidget

from .conftest import (
    kernel_eval,
    open_widget,
    page_errors,
    wait_until,
    write_notebook,
)

pytestmark = pytest.mark.browser

# editions drawn on a map; Moonrakers' table: test_moonrakers_browser.py
EDITIONS = [e.name for e in clankwidget.editions(playable=True) if e.has("map")]


@pytest.mark.parametrize("name", EDITIONS)
def test_every_edition_draws(lab_page, artifacts_dir, tmp_path, name):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 2600})
    notebook = write_notebook(
        tmp_path / f"edition-{name}.ipynb",
        "import clankwidget\n"
        f"w = clankwidget.widget.play({name!r}, players=3, bots='random', seed=5, bot_delay=0)\n"
        "w.handle_intent({'kind': 'play-all'})\n"
        "w",
    )
    widget = open_widget(page, notebook)
    assert widget.locator(".cw-map [data-space-id]").count() == kernel_eval(
        page, "len(w.game.board.spaces)"
    )
    # Hover a reachable room, so the picture shows a route preview too.
    moves = kernel_eval(page, "w.view['moves']")
    if moves:
        widget.locator(f'.cw-map [data-space-id="{moves[0]["id"]}"]').hover()
        page.locator('.cw [data-role="route"]').filter(has_text="This turn:").wait_for(
            timeout=10_000
        )
    wait_until(page, "not w.busy")
    widget.screenshot(path=str(artifacts_dir / f"edition-{name}.png"))

    # A few rounds later: the log has turns (and attacks), the legend and odds are open.
    kernel_eval(
        page,
        "[(w.handle_intent({'kind': 'play-all'}), w.handle_intent({'kind': 'end-turn'})) "
        "for _ in range(4)] and None",
    )
    wait_until(page, "not w.busy")
    # every bot step was synced: wait until the page has drawn the last of them
    first = kernel_eval(page, "w.view['log_total'] - len(w.view['log']) + 1")
    expect(widget.locator(".cw-log ol")).to_have_attribute("start", str(first), timeout=60_000)
    turns = kernel_eval(page, "sum(1 for line in w.view['log'] if line['kind'] == 'turn')")
    assert turns > 0
    expect(widget.locator(".cw-log li.cw-log-turn")).to_have_count(turns)
    widget.locator(".cw-legend summary").click()
    page.mouse.move(0, 0)
    widget.locator('[data-action="hover-bag"]').click()
    widget.locator('[data-role="odds"]').wait_for(timeout=10_000)
    widget.screenshot(path=str(artifacts_dir / f"edition-{name}-later.png"))
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))
