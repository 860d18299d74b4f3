"""The board in a real JupyterLab: open the start notebook, play by mouse and keyboard,
and check in the kernel that the game is what the clicks meant."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import (
    kernel_eval,
    open_widget,
    page_errors,
    screenshot,
    wait_for_kernel_value,
    wait_until,
)

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "00-start-here.ipynb"
W = "game_widget"
G = "game_widget.game"
ME = "game_widget.game.players[0]"


def test_play_the_start_notebook_by_mouse_and_keyboard(lab_page):
    page = lab_page
    widget = open_widget(page, NOTEBOOK)
    widget.scroll_into_view_if_needed()
    n_spaces = kernel_eval(page, f"len({G}.board.spaces)")
    assert widget.locator(".cw-map [data-space-id]").count() == n_spaces
    assert widget.locator('[data-action="end-turn"]').count() == 1
    expect(widget.locator(".cw-zoom-more")).to_have_count(0)  # the dungeon fits its view

    # Run All leaves the person at the start of the first turn, facing the greedy bot;
    # the notebook's last cell only asked for the odds (through the same protocol).
    assert kernel_eval(page, f"{G}.state.turn == 1 and {G}.state.current == 0")
    assert kernel_eval(page, f"len({ME}.hand)") == 5
    assert kernel_eval(page, f"{W}.bots[1].name") == "greedy"
    widget.locator('[data-action="play-all"]').click()
    wait_until(page, f"len({ME}.hand) == 0")
    skill = kernel_eval(page, f"{ME}.skill")
    # the kernel has the new state before the view does: wait for the synced view
    expect(widget.locator('[data-pool="skill"] .cw-poolnum')).to_have_text(str(skill))

    # Acquire a reserve card the view offers (a click), then take it back (undo).
    offered = kernel_eval(
        page,
        f"[a['intent'] for a in {W}.view['actions'] if a['intent']['kind'] == 'acquire-reserve']",
    )
    assert offered, "with the opening hand some reserve card is affordable"
    card = offered[0]["card"]
    n_actions = kernel_eval(page, f"len({G}.actions)")
    widget.locator(f'[data-action="acquire-reserve"][data-card="{card}"]').click()
    wait_for_kernel_value(page, f"len({G}.actions)", n_actions + 1)
    assert kernel_eval(page, f"{G}.actions[-1].to_dict()") == {
        "kind": "acquire-reserve",
        "card": card,
    }
    assert card in kernel_eval(page, f"{ME}.discard")
    widget.locator('[data-action="undo"]').click()
    wait_for_kernel_value(page, f"len({G}.actions)", n_actions)
    assert card not in kernel_eval(page, f"{ME}.discard")
    assert kernel_eval(page, f"{ME}.skill") == skill

    # A refused click: the button says why and the status line shows it; nothing changes.
    expect(widget.locator('[data-pool="skill"] .cw-poolnum')).to_have_text(str(skill))
    disabled = widget.locator('.cw-shop [aria-disabled="true"]')
    if disabled.count():
        disabled.first.click(force=True)  # aria-disabled, still clickable: it says why
        expect(widget.locator('[data-role="status"]')).to_have_text(re.compile("^Not possible"))
        assert kernel_eval(page, f"len({G}.actions)") == n_actions

    # End the turn: the bot plays its turn step by step, and the log shows it.
    log_before = kernel_eval(page, f"len({G}.log)")
    widget.locator('[data-action="end-turn"]').click()
    wait_until(page, f"{W}.busy or {G}.state.current == 0", timeout=20)
    busy_seen = kernel_eval(page, f"{W}.busy")
    wait_until(page, f"not {W}.busy and {G}.state.current == 0", timeout=60)
    bot_lines = kernel_eval(page, f"[l for l in {G}.log[{log_before}:] if l.startswith('Yellow')]")
    assert bot_lines, "the bot's actions are in the log"
    last_bot_line = bot_lines[-1]
    page.locator(".cw-log li", has_text=last_bot_line).first.wait_for(timeout=20_000)
    assert busy_seen or len(bot_lines) >= 1

    # Play one card by clicking it, then the rest with "Play all".
    hand = kernel_eval(page, f"{ME}.hand")
    first = hand[0]
    widget.locator(f'[data-action="play"][data-card="{first}"]').first.click()
    wait_until(page, f"'{first}' in {ME}.play")
    widget.locator('[data-action="play-all"]').click()
    wait_until(page, f"len({ME}.hand) == 0 or {G}.pending is not None")
    if kernel_eval(page, f"{G}.pending is not None"):
        widget.locator('[data-action="choose"]').first.click()
        wait_until(page, f"{G}.pending is None")

    # Move: hover a lit room (route preview), then click it.
    moves = kernel_eval(page, f"{W}.view['moves']")
    if moves:
        target = moves[0]
        room = widget.locator(f'.cw-map [data-space-id="{target["id"]}"]')
        expect(room).to_have_attribute("data-reachable", "true")
        room.hover()
        page.locator('.cw [data-role="route"]').filter(has_text="This turn:").wait_for(
            timeout=10_000
        )
        n_actions = kernel_eval(page, f"len({G}.actions)")
        room.click()
        wait_until(page, f"{ME}.space == '{target['id']}' or {G}.pending is not None")
        walked = kernel_eval(page, f"[a.to_dict() for a in {G}.actions[{n_actions}:]]")
        assert [step["kind"] for step in walked] == ["move"] * len(walked)
        assert [step["path"] for step in walked] == [st["path"] for st in target["route"]][
            : len(walked)
        ]
        pawn_room = widget.locator(
            f'.cw-map [data-space-id="{kernel_eval(page, f"{ME}.space")}"] .cw-pawn-you'
        )
        pawn_room.wait_for(timeout=10_000)

    # Keyboard: the attack odds (B), then end the turn with E.
    widget.locator('[data-action="end-turn"]').focus()
    page.keyboard.press("b")
    widget.locator('[data-role="odds"]').wait_for(timeout=10_000)
    if kernel_eval(page, f"{G}.pending is None and not {ME}.hand"):
        turn = kernel_eval(page, f"{G}.state.turn")
        end = widget.locator('[data-action="end-turn"]')
        expect(end).not_to_have_attribute("aria-disabled", "true")
        end.focus()
        page.keyboard.press("e")
        wait_until(page, f"{G}.state.turn > {turn}")
        wait_until(page, f"not {W}.busy", timeout=60)

    shot = screenshot(page, "widget-browser-final")
    assert shot.stat().st_size > 0
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))


def test_keyboard_alone_reaches_cards_rooms_and_buttons(lab_page, tmp_path):
    page = lab_page
    from .conftest import write_notebook

    notebook = write_notebook(
        tmp_path / "keys.ipynb",
        "import clankwidget.widget as cww\n"
        "w = cww.play(players=2, bots=['random'], seed=7, bot_delay=0.05)\n"
        "w",
    )
    widget = open_widget(page, notebook)

    # Every interactive element has an accessible name.
    unnamed = widget.locator("button:not([aria-label]), [role=button]:not([aria-label])")
    assert unnamed.count() == 0

    # Tab to a card in the hand and play it with Enter.
    card = widget.locator('[data-action="play"]').first
    card.focus()
    card_id = card.get_attribute("data-card")
    page.keyboard.press("Enter")
    wait_until(page, f"'{card_id}' in w.game.players[0].play")
    # Focus survives the redraw: Tab from the card moves on to the next control.
    focused = page.evaluate(
        "() => document.activeElement && document.activeElement.getAttribute('data-key')"
    )
    assert focused and focused.startswith("hand:")
    # A: play all; E: end turn.
    page.keyboard.press("a")
    wait_until(page, "len(w.game.players[0].hand) == 0")
    expect(widget.locator('[data-action="end-turn"]')).not_to_have_attribute(
        "aria-disabled", "true"
    )
    page.keyboard.press("e")
    wait_until(page, "w.game.state.turn >= 3 and not w.busy", timeout=60)
    # The page gets the new state a moment after the kernel has it.
    expect(widget.locator('[data-action="play-all"]')).not_to_have_attribute(
        "aria-disabled", "true"
    )
    page.keyboard.press("a")
    wait_until(page, "len(w.game.players[0].hand) == 0 or w.game.pending is not None")
    moves = kernel_eval(page, "w.view['moves']")
    if moves:
        # Arrow keys walk the map; Enter on a lit room walks there.
        start = widget.locator(
            f'.cw-map [data-space-id="{kernel_eval(page, "w.game.players[0].space")}"]'
        )
        start.focus()
        page.keyboard.press("ArrowRight")
        moved_focus = page.evaluate("() => document.activeElement.getAttribute('data-space-id')")
        assert moved_focus and moved_focus != kernel_eval(page, "w.game.players[0].space")
        room = widget.locator(f'.cw-map [data-space-id="{moves[0]["id"]}"]')
        room.focus()
        page.keyboard.press("Enter")
        wait_until(
            page, f"w.game.players[0].space == '{moves[0]['id']}' or w.game.pending is not None"
        )
    # U: undo is refused or accepted, never an error in the page.
    page.keyboard.press("u")
    screenshot(page, "widget-browser-keyboard")
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))
