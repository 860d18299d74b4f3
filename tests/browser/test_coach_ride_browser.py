"""A Clank! Legacy coach ride on the map: hovering a room whose route rides a coach draws
the ride as a ride (a curved arc with the coach and its fare), not as a straight line
through the rooms between the stops; a screenshot is saved in
``test-artifacts/legacy-coach-ride.png`` for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import (
    kernel_eval,
    kernel_exec,
    open_widget,
    page_errors,
    write_notebook,
)

pytestmark = pytest.mark.browser

# Blue at North Road Coach Stop with 2 Boots and 5 Gold: Ash Stair is the Deepway coach
# (1 Boot, 4 Gold) and one step on foot away; the straight line from North Road to Deepway
# would cross Moon Orchard and Fordside Coach Stop.
SETUP = """\
import clankwidget as cw
from clankwidget.widget import ClankBoard
pos = cw.position("legacy", players=3, seed=0)
pos = cw.positions.changed(
    pos, {"players": {"blue": {"space": "coach-north", "boots": 2, "gold": 5}}}
)
w = ClankBoard(cw.Game.from_position(pos, seed=1), bot_delay=0)
w"""


def test_a_coach_ride_is_drawn_as_a_ride(lab_page, artifacts_dir, tmp_path):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1600})
    stair = '.cw-map [data-space-id="ash-stair"]'
    widget = open_widget(page, write_notebook(tmp_path / "coach.ipynb", SETUP), stair)
    room = widget.locator(stair)
    assert kernel_eval(page, "w.view['current_colour']") == "blue"
    room.scroll_into_view_if_needed()
    room.hover()

    ride = widget.locator('.cw-map [data-role="coach-ride"]')
    expect(ride).to_have_count(1, timeout=10_000)
    assert ride.get_attribute("data-from") == "coach-north"
    assert ride.get_attribute("data-to") == "coach-deep"
    assert " Q" in ride.locator(".cw-ride-line").get_attribute("d")  # a curve, not a line
    marker = widget.locator('.cw-map [data-role="coach-marker"]')
    expect(marker).to_have_attribute(
        "aria-label",
        "Coach ride from North Road Coach Stop to Deepway Coach Stop: 1 boot and 4 Gold",
    )
    expect(marker).to_contain_text("4")
    # the marker is clear of every room (the arc bows into a gap between them)
    mark = marker.bounding_box()
    for box in (r.bounding_box() for r in widget.locator(".cw-map .cw-room-box").all()):
        assert box is not None and mark is not None
        apart = (
            mark["x"] + mark["width"] <= box["x"]
            or box["x"] + box["width"] <= mark["x"]
            or mark["y"] + mark["height"] <= box["y"]
            or box["y"] + box["height"] <= mark["y"]
        )
        assert apart, f"the coach marker {mark} covers a room {box}"
    # the walk after the ride is still drawn as this turn's route
    expect(widget.locator('.cw-map [data-role="route-line"]')).to_have_count(1)
    widget.locator(".cw-map").screenshot(path=str(artifacts_dir / "legacy-coach-ride.png"))

    # With 1 Boot, Ash Stair is out of reach this turn: its way, drawn fainter, still rides
    kernel_exec(page, "w.game.current_player.boots = 1\nw.refresh()")
    page.mouse.move(0, 0)
    room.hover()
    expect(widget.locator('.cw-map [data-role="far-route"]')).to_have_count(1, timeout=10_000)
    expect(widget.locator('.cw-map .cw-ride-far[data-role="coach-ride"]')).to_have_count(1)
    expect(marker).to_have_count(1)
    widget.locator(".cw-map").screenshot(path=str(artifacts_dir / "legacy-coach-ride-far.png"))
    assert page_errors(page) == []
