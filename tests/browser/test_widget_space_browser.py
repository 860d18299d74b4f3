"""The board on a ship, in a real JupyterLab: a Pulsarcade game where the test puts a
thief where an edition action is possible (a data port, a hyperlift, an Arcade Cabinet,
a Redemption space), uses it by mouse or keyboard, and checks the game in the kernel."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import (
    kernel_eval,
    kernel_exec,
    open_widget,
    page_errors,
    screenshot,
    wait_for_kernel_value,
    wait_until,
    write_notebook,
)
from .test_widget_browser import walk_and_move, walk_the_map

pytestmark = pytest.mark.browser

W = "w"
G = "w.game"
ME = "w.game.players[0]"
CODE_TOKEN = "{'kind': 'code', 'id': 'command-code', 'name': 'Command Code', 'grants': 'code'}"


def play_the_hand(page) -> None:
    """Play the person's whole hand in the kernel, taking the first option of a choice."""
    kernel_exec(
        page,
        f"while {ME}.hand or {G}.pending:\n"
        f"    {W}.handle_intent({{'kind': 'choose', 'option': 0}} if {G}.pending"
        f" else {{'kind': 'play', 'card': {ME}.hand[0]}})",
    )


def put_me(page, code: str) -> None:
    """Change the person's position in the kernel and show it (the view re-reads it)."""
    kernel_exec(page, f"me = {ME}\n{code}\n{W}.refresh()")


def _ship(tmp_path, edition: str):
    """A notebook showing a two-player game of ``edition`` against a random bot as ``w``."""
    return write_notebook(
        tmp_path / f"ship-{edition}.ipynb",
        "import clankwidget.widget as cww\n"
        f"w = cww.play('{edition}', players=2, bots=['random'], seed=5, bot_delay=0)\n"
        "w",
    )


@pytest.mark.parametrize("edition", ["space", "pulsarcade"])
def test_arrow_keys_walk_the_ship_and_keep_the_focus(lab_page, tmp_path, edition):
    """On a ship too the arrow keys walk from room to room, many times, and the focus stays
    on the room each went to (after the redraw and the kernel's hover reply): it used to
    leave the widget at the first press, and every key after it was lost."""
    page = lab_page
    widget = open_widget(page, _ship(tmp_path, edition))
    widget.scroll_into_view_if_needed()
    walk_the_map(page, widget)
    # A letter key still reaches the widget: A plays the hand.
    page.keyboard.press("a")
    wait_until(page, f"len({ME}.hand) == 0 or {G}.pending is not None")
    if kernel_eval(page, f"{G}.pending is not None"):
        widget.locator('[data-action="choose"]').first.click()
        wait_until(page, f"{G}.pending is None")
    expect(widget.locator('.cw-map [data-reachable="true"]').first).to_be_attached()
    walk_and_move(page, widget)
    screenshot(page, f"widget-space-arrow-walk-{edition}")
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))


def test_edition_actions_by_mouse_and_keyboard(lab_page, tmp_path):
    page = lab_page
    notebook = write_notebook(
        tmp_path / "ship.ipynb",
        "import clankwidget.widget as cww\n"
        "w = cww.play('pulsarcade', players=3, bots=['random'], seed=5, bot_delay=0)\n"
        "w",
    )
    widget = open_widget(page, notebook)
    widget.scroll_into_view_if_needed()

    # The ship: every space drawn, its modules named, the words of the edition.
    n_spaces = kernel_eval(page, f"len({G}.board.spaces)")
    assert widget.locator(".cw-map [data-space-id]").count() == n_spaces
    n_modules = kernel_eval(page, f"len({G}.board.modules)")
    assert widget.locator(".cw-map .cw-module").count() == n_modules
    expect(widget.locator(".cw-module-tab", has_text="Master Control")).to_have_count(1)
    expect(widget.locator(".cw-row h4")).to_have_text("Adventure row")
    expect(
        widget.locator('[data-role="offers"][data-panel="cabinets"] [data-offer]')
    ).to_have_count(kernel_eval(page, f"len({G}.rules.cabinets)"))
    # Every interactive element has an accessible name.
    unnamed = widget.locator("button:not([aria-label]), [role=button]:not([aria-label])")
    assert unnamed.count() == 0

    # A data port: the panel by the map offers the hack; a click places the cube.
    put_me(page, "me.space = 'bm-square'")
    hack = widget.locator('.cw-actions [data-action="hack-port"]')
    expect(hack).to_have_count(1)
    expect(hack).to_contain_text("Hack the data port in Haggling Square (+3 Credits)")
    hack.click()
    wait_for_kernel_value(page, f"{G}.state.extra['ports'].get('bm-square')", "blue")
    assert kernel_eval(page, f"{ME}.extra['data']") == 1
    assert kernel_eval(page, f"{ME}.gold") == 3
    port = widget.locator('.cw-map [data-space-id="bm-square"]')
    expect(port).to_have_attribute("aria-label", re.compile("data port .*used by Blue"))
    expect(widget.locator('.cw-player[data-player="blue"] [data-fact="data"]')).to_contain_text(
        "1 left"
    )

    # A hyperlift, by keyboard: H jumps to the actions of the space, Enter rides.
    put_me(page, "me.space = 'co-lift'")
    ride = widget.locator('.cw-actions [data-action="hyperlift"]').first
    expect(ride).to_be_visible()
    rides = kernel_eval(
        page, f"[a['intent'] for a in {W}.view['actions'] if a['intent']['kind'] == 'hyperlift']"
    )
    target = rides[0]["to"]
    widget.locator('[data-action="end-turn"]').focus()
    page.keyboard.press("h")
    focused = page.evaluate(
        "() => document.activeElement && document.activeElement.getAttribute('data-action')"
    )
    assert focused == "hyperlift"
    page.keyboard.press("Enter")
    wait_for_kernel_value(page, f"{ME}.space", target)
    assert kernel_eval(page, f"{G}.actions[-1].to_dict()") == {"kind": "hyperlift", "to": target}
    expect(widget.locator(f'.cw-map [data-space-id="{target}"] .cw-pawn-you')).to_have_count(1)

    # An Arcade Cabinet: made 4 Clank! this turn, Ping is claimable.
    put_me(page, "me.clank_made = 4")
    expect(widget.locator('[data-offer="ping"].cw-offer-ready')).to_have_count(1)
    widget.locator(
        '.cw-actions [data-action="claim-cabinet"][data-intent*=\'"cabinet":"ping"\']'
    ).click()
    wait_for_kernel_value(page, f"{ME}.extra['cabinets']", ["ping"])
    expect(widget.locator('[data-offer="ping"].cw-offer-mine')).to_have_count(1)

    # A Redemption space: the token total is shown, and only what it reaches is offered.
    put_me(
        page,
        f"me.tokens.append({CODE_TOKEN})\n"
        "me.extra['cabinets'] = ['ping', 'eraditron']\n"
        "me.skill_generated = 6\n"
        "me.space = 'mc-redeem-2'",
    )
    notes = widget.locator(".cw-actions .cw-actnotes")
    expect(notes).to_contain_text("Tokens here: you have 6")
    steals = widget.locator('.cw-actions [data-action="steal-artifact"]')
    expect(steals).to_have_count(4)
    expect(widget.locator(".cw-blocked")).to_contain_text("costs 8 tokens; you have 6")
    steal = widget.locator('.cw-actions [data-action="steal-artifact"]', has_text="20-point")
    steal.click()
    wait_for_kernel_value(page, f"{ME}.artifacts", [20])
    assert kernel_eval(page, f"'mc-a20' in {G}.state.artifacts") is False

    # Bounty hunters in the Clank! area: the odds say they hurt everyone.
    put_me(page, f"{G}.state.clank_area['red'] = 2")
    widget.locator('[data-action="hover-bag"]').click()
    odds = widget.locator('[data-role="odds"]')
    odds.wait_for(timeout=10_000)
    expect(odds).to_contain_text("2 bounty hunter cubes")

    # Zoom: the ship, wider than its view, says it scrolls (a scrollbar may be hidden);
    # as small as it goes, names still on it; back to a legible size.
    expect(widget.locator(".cw-zoom-more")).to_contain_text("scroll sideways")
    legible = widget.locator(".cw-map").bounding_box()["width"]
    widget.locator('[data-action="zoom-fit"]').click()
    page.wait_for_function(
        f"() => document.querySelector('.cw-map').getBoundingClientRect().width < {legible} - 50"
    )
    expect(widget.locator(".cw-map.cw-map-nonames")).to_have_count(0)
    expect(widget.locator(".cw-map .cw-room-name").first).to_be_visible()
    shot = screenshot(page, "widget-space-whole-ship")
    assert shot.stat().st_size > 0
    widget.locator('[data-action="zoom-fit"]').click()
    page.wait_for_function(
        f"() => document.querySelector('.cw-map').getBoundingClientRect().width > {legible} - 5"
    )

    # End the turn: the bots play theirs (no error from the edition's own steps).
    play_the_hand(page)
    turn = kernel_eval(page, f"{G}.state.turn")
    widget.locator('[data-action="end-turn"]').click()
    wait_until(page, f"{G}.state.turn > {turn} and not {W}.busy", timeout=60)

    screenshot(page, "widget-space-browser-final")
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))


PAWN_IN_VIEW = """(id) => {
  const s = document.querySelector('.cw-mapscroll').getBoundingClientRect();
  const r = document.querySelector(`.cw-map [data-space-id="${id}"]`).getBoundingClientRect();
  return r.left >= s.left && r.right <= s.right;
}"""


@pytest.mark.parametrize("edition", ["space", "pulsarcade"])
def test_the_ship_scrolls_back_to_your_pawn_when_your_turn_starts(lab_page, tmp_path, edition):
    """Aboard a ship the map scrolls sideways. Scrolled away during your turn it stays
    where you put it (a redraw does not pull it back), but when your next turn starts it
    brings your pawn into view; it used to stay away until the pawn moved."""
    page = lab_page
    page.set_viewport_size({"width": 1000, "height": 900})
    widget = open_widget(page, _ship(tmp_path, edition))
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    widget.locator(".cw-map").scroll_into_view_if_needed()
    me = kernel_eval(page, f"{ME}.space")
    page.wait_for_function(PAWN_IN_VIEW, arg=me)
    # Scroll away from the pawn, as far as it goes.
    away = page.evaluate(
        """() => { const s = document.querySelector('.cw-mapscroll');
             s.scrollLeft = s.scrollLeft > s.scrollWidth / 4 ? 0 : s.scrollWidth;
             return s.scrollLeft; }"""
    )
    assert not page.evaluate(PAWN_IN_VIEW, me)
    # A redraw during the turn leaves the view where the person put it.
    kernel_exec(page, "w._say('a state update'); w._sync()")
    expect(widget.locator("[data-role=status]")).to_have_text("a state update")
    assert page.evaluate("() => document.querySelector('.cw-mapscroll').scrollLeft") == away
    # Play the hand, end the turn; the bot plays; the next turn shows your pawn.
    play_the_hand(page)
    turn = kernel_eval(page, f"{G}.state.turn")
    kernel_exec(page, f"{W}.handle_intent({{'kind': 'end-turn'}})")
    wait_until(page, f"{G}.state.turn > {turn} and {G}.state.current == 0 and not {W}.busy")
    expect(widget.locator(".cw-turnno")).to_have_text(
        f"Turn {kernel_eval(page, f'{G}.state.turn')}"
    )
    expect(widget.locator(".cw-turn-who")).to_contain_text("Your turn")
    page.wait_for_function(PAWN_IN_VIEW, arg=kernel_eval(page, f"{ME}.space"), timeout=5_000)
    screenshot(page, f"widget-space-pawn-back-{edition}")
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))
