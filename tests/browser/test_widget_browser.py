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
    write_notebook,
)

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "00-start-here.ipynb"
W = "game_widget"
G = "game_widget.game"
ME = "game_widget.game.players[0]"


# The room with the keyboard focus, when the focus is on a room of a widget's map.
FOCUSED_ROOM = """() => {
  const a = document.activeElement;
  return a && a.closest && a.closest('.cw .cw-map') ? a.getAttribute('data-space-id') : null;
}"""
# A walk around the map: every direction, more than once.
WALK = (
    "ArrowRight",
    "ArrowRight",
    "ArrowDown",
    "ArrowDown",
    "ArrowLeft",
    "ArrowLeft",
    "ArrowLeft",
    "ArrowUp",
    "ArrowUp",
    "ArrowRight",
)


def press_arrow(page, widget, key: str, names: dict[str, str], replies: bool = True) -> str:
    """Press an arrow key on the map and return the room it focused, checking that the
    focus is on a room of the widget's map and stays there once the map has been redrawn
    for it and the kernel's hover reply has come (``replies``: wait for the reply's words
    in the inspector, as for a room out of reach; else a pause)."""
    before = page.evaluate(FOCUSED_ROOM)
    page.keyboard.press(key)
    now = page.evaluate(FOCUSED_ROOM)
    assert now, f"{key} from {before}: the focus left the map"
    inspect = widget.locator('[data-role="route"]')
    # the map redrawn for the room (the inspector names it), then the kernel's reply
    expect(inspect.locator(".cw-inspect-name")).to_have_text(names[now])
    if replies:
        expect(inspect).to_contain_text(re.compile("out of reach this turn|You are here|No way"))
    page.wait_for_timeout(150 if replies else 400)
    still = page.evaluate(FOCUSED_ROOM)
    assert still == now, f"{key} from {before} to {now}: then the focus went to {still!r}"
    return now


def walk_the_map(page, widget, w: str = "w", keys=WALK, replies: bool = True) -> list[str]:
    """Walk the map with the arrow keys from the person's room (:func:`press_arrow` at
    each step) and return the rooms visited; the widget (the kernel's ``w``) keeps the
    keys all along."""
    game = f"{w}.game"
    names = kernel_eval(page, f"{{sp.id: sp.name for sp in {game}.board.spaces}}")
    start = kernel_eval(page, f"{game}.players[0].space")
    widget.locator(f'.cw-map [data-space-id="{start}"]').focus()
    seen = [page.evaluate(FOCUSED_ROOM)]
    assert seen == [start]
    for key in keys:
        seen.append(press_arrow(page, widget, key, names, replies))
    assert len(set(seen)) >= 4, f"the arrow keys hardly moved: {seen}"
    expect(widget.locator('[data-role="keys-state"]')).to_have_text("Keys active")
    return seen


def walk_and_move(page, widget, w: str = "w") -> None:
    """The arrow keys, with rooms lit this turn: walk the map (the route previews come
    and go), then on until a lit room has the focus, and Enter walks there."""
    game = f"{w}.game"
    names = kernel_eval(page, f"{{sp.id: sp.name for sp in {game}.board.spaces}}")
    lit = kernel_eval(page, f"[m['id'] for m in {w}.view['moves']]")
    assert lit, "with the hand played some room is reachable"
    seen = walk_the_map(page, widget, w, replies=False)
    start = kernel_eval(page, f"{game}.players[0].space")
    widget.locator(f'.cw-map [data-space-id="{start}"]').focus()
    now = start
    for key in WALK:
        now = press_arrow(page, widget, key, names, replies=False)
        if now in lit:
            break
    assert now in lit, f"no lit room {lit} on the walk {seen}"
    page.keyboard.press("Enter")
    wait_until(page, f"{game}.players[0].space == '{now}' or {game}.pending is not None")


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

    # A refused click: the button says why in a bubble by it; nothing changes.
    expect(widget.locator('[data-pool="skill"] .cw-poolnum')).to_have_text(str(skill))
    disabled = widget.locator('.cw-shop [aria-disabled="true"]')
    if disabled.count():
        disabled.first.click(force=True)  # aria-disabled, still clickable: it says why
        expect(widget.locator('[data-role="bubble"]')).to_have_text(re.compile("^Not possible"))
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


def test_arrow_keys_walk_the_dungeon_and_keep_the_focus(lab_page, tmp_path):
    """The arrow keys move the focus from room to room, many times, and it stays on the
    room each went to (after the redraw and the kernel's hover reply): the keys after
    them still work. A redraw used to move the rooms' group, which dropped the focus."""
    page = lab_page
    notebook = write_notebook(
        tmp_path / "walk.ipynb",
        "import clankwidget.widget as cww\n"
        "w = cww.play(players=2, bots=['random'], seed=2, bot_delay=0)\n"
        "w",
    )
    widget = open_widget(page, notebook)
    widget.scroll_into_view_if_needed()
    # Nothing lit yet: each room's reply says how far it is (its way drawn faint).
    walk_the_map(page, widget)
    # A letter key still reaches the widget: A plays the hand (with Boots in it).
    page.keyboard.press("a")
    wait_until(page, "len(w.game.players[0].hand) == 0 or w.game.pending is not None")
    if kernel_eval(page, "w.game.pending is not None"):
        widget.locator('[data-action="choose"]').first.click()
        wait_until(page, "w.game.pending is None")
    expect(widget.locator('.cw-map [data-reachable="true"]').first).to_be_attached()
    walk_and_move(page, widget)
    screenshot(page, "widget-browser-arrow-walk")
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))


def test_odds_float_over_the_board_and_keys_read_on_one_line(lab_page, tmp_path):
    """Pointing at the bag shows the odds floating over the players' cards: nothing moves
    (opening them in the dragon panel pushed the map down, and a click aimed below
    missed), and they let the pointer through. The keys help box keeps each key combo on
    one line."""
    page = lab_page
    notebook = write_notebook(
        tmp_path / "odds.ipynb",
        "import clankwidget.widget as cww\n"
        "w = cww.play(players=3, bots=['greedy'], seed=7, bot_delay=0)\n"
        "w",
    )
    widget = open_widget(page, notebook)
    widget.scroll_into_view_if_needed()
    board = widget.locator(".cw-board")
    play_all = widget.locator('[data-action="play-all"]')
    before = (board.bounding_box(), play_all.bounding_box())
    widget.locator('[data-action="hover-bag"]').hover()
    odds = widget.locator('[data-role="odds"]')
    expect(odds).to_be_visible()
    expect(odds).to_contain_text("If the dragon attacked now")
    assert odds.evaluate("e => getComputedStyle(e).position") == "absolute"
    assert odds.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    assert (board.bounding_box(), play_all.bounding_box()) == before, "the odds moved the board"
    # beside the dragon panel, over the players' cards: not over the map and its controls
    box = odds.bounding_box()
    assert box["y"] + box["height"] <= before[0]["y"], "the odds cover the map"
    top = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y); return e && e.className; }",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] - 4],
    )
    assert "cw-odds" not in str(top), "a peek lets the pointer through"
    screenshot(page, "widget-odds-peek")
    # the pointer moves on to Play all: the odds go, nothing moved, the click counts
    play_all.hover()
    expect(odds).to_have_count(0)
    assert (board.bounding_box(), play_all.bounding_box()) == before
    play_all.click()
    wait_until(page, "len(w.game.players[0].hand) == 0 or w.game.pending is not None")
    # B opens them for good (the keyboard's way), over the board; B again closes them
    widget.locator('[data-action="hover-bag"]').focus()
    page.keyboard.press("b")
    expect(odds).to_be_visible()
    assert odds.evaluate("e => getComputedStyle(e).pointerEvents") == "auto"
    expect(widget.locator('[data-action="hover-bag"]')).to_have_attribute("aria-expanded", "true")
    assert board.bounding_box() == before[0]
    screenshot(page, "widget-odds-open")
    page.keyboard.press("b")
    expect(odds).to_have_count(0)

    # The keys help: every key combo on one line (as high as a single key).
    page.keyboard.press("?")
    keys = widget.locator(".cw-help kbd")
    expect(keys.first).to_be_visible()
    heights = keys.evaluate_all(
        "ks => ks.map(k => [k.textContent, k.getBoundingClientRect().height])"
    )
    one = min(hgt for _, hgt in heights)
    wrapped = [text for text, hgt in heights if hgt > one * 1.4]
    assert not wrapped, f"key names wrapped: {wrapped}"
    assert any(text == "Tab / Shift+Tab" for text, _ in heights)
    widget.locator(".cw-help").scroll_into_view_if_needed()
    screenshot(page, "widget-keys-help")
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))


def test_keyboard_alone_reaches_cards_rooms_and_buttons(lab_page, tmp_path):
    page = lab_page
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
