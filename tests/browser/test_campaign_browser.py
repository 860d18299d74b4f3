"""A Clank! Legacy campaign on the board: the game-over box's button records the game in
the campaign and deals the next; a screenshot is saved in
``test-artifacts/legacy-campaign-over.png`` for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import kernel_eval, open_widget, page_errors, write_notebook

pytestmark = pytest.mark.browser

# Bots in both seats, no delay: each game of the campaign is played as soon as it is dealt.
SETUP = """\
import clankwidget as cw
from clankwidget.campaign import Campaign
camp = Campaign.start()
w = cw.play(campaign=camp, players=2, bots=["greedy"], human=None, seed=3, bot_delay=0)
w"""


def test_the_game_over_box_deals_the_campaign_next_game(lab_page, artifacts_dir, tmp_path):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1500})
    widget = open_widget(page, write_notebook(tmp_path / "campaign.ipynb", SETUP), ".cw-map")
    over = widget.locator('[data-role="game-over"]')
    expect(over).to_be_visible(timeout=20_000)
    expect(over.locator('[data-role="next-game"]')).to_contain_text("Game 2: Night Shift")
    widget.screenshot(path=str(artifacts_dir / "legacy-campaign-over.png"))
    button = over.locator('[data-action="new-game"]')
    expect(button).to_contain_text("Next campaign game")
    button.click()
    # game 1 recorded; game 2 dealt and (bots only) played: the box offers game 3
    expect(over.locator('[data-role="next-game"]')).to_contain_text("Game 3", timeout=20_000)
    assert kernel_eval(page, "camp.next") == 1
    assert kernel_eval(page, "w.status['text']").startswith("Recorded Game 1: The Charter")
    assert page_errors(page) == []
