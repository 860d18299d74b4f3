"""Moonrakers' Overload option in a real JupyterLab: the advanced action offer is drawn,
the first removal is offered free and works by a click, then an advanced action card is
bought by a click; each checked in the kernel. Screenshot in
``test-artifacts/moonrakers-overload.png`` for a person to judge."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import (
    kernel_eval,
    open_widget,
    wait_for_kernel_value,
    write_notebook,
)

pytestmark = pytest.mark.browser

MR = "w.game.state.extra['mr']"

# an Overload game at the leader's buying phase, the leader (seat 0, you) with 9 credits
SETUP = """\
import clankwidget
from clankwidget import Game
g = Game.new('moonrakers', players=2, seed=0, options={'overload': True})
while g.state.extra['mr']['phase'] == 'keep':
    g.apply(g.legal_actions()[0])
doc = g.position()
mr = doc['state']['extra']['mr']
mr['phase'], mr['actor'], mr['leader'], doc['state']['current'] = 'buy', 0, 0, 0
doc['state']['players'][0]['gold'] = 9
w = clankwidget.widget.play('moonrakers', position=doc, bots='greedy', seed=1, bot_delay=0)
w
"""


def test_overload_offer_free_removal_and_advanced_buy(lab_page, artifacts_dir, tmp_path):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1900})
    overload = '[data-role="overload"]'
    widget = open_widget(page, write_notebook(tmp_path / "overload.ipynb", SETUP), overload)
    panel = widget.locator(overload)
    assert panel.locator('[data-role="advanced"]').count() == 3
    remove = panel.locator('[data-action="replace-offer"]').first
    assert remove.inner_text().startswith("Remove (free)")
    first = kernel_eval(page, f"{MR}['advanced_offer'][0]")
    remove.click()
    wait_for_kernel_value(page, f"{MR}['free_removal']", 0)
    assert kernel_eval(page, "w.game.players[0].gold") == 9
    assert kernel_eval(page, f"{MR}['advanced_deck'][0]") == first
    # the kernel changes before the view is synced: wait for the button's new words
    expect(panel.locator('[data-action="replace-offer"]').first).to_have_text(
        re.compile(r"^Replace \(1 cr\)"), timeout=10_000
    )
    card = kernel_eval(page, f"{MR}['advanced_offer'][1]")
    cost = kernel_eval(page, f"w.game.rules.card({card!r}).cost")
    panel.locator('[data-action="buy-action"]').nth(1).click()
    wait_for_kernel_value(page, f"{card!r} in w.game.players[0].discard", True)
    assert kernel_eval(page, "w.game.players[0].gold") == 9 - cost
    widget.screenshot(path=str(artifacts_dir / "moonrakers-overload.png"))
