"""The widget as a comfortable game table (issue 15), in a real JupyterLab: keys stay in
the widget, clicks on the map always count, the layout fits the column, the end screen,
words for people, save and load."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import (
    cell_types,
    kernel_eval,
    kernel_exec,
    open_widget,
    page_errors,
    saved_file,
    screenshot,
    wait_until,
    write_notebook,
)

pytestmark = pytest.mark.browser


def _game_cell(args: str) -> str:
    """A notebook cell that shows ``cww.play(<args>)`` as ``w``."""
    return f"import clankwidget.widget as cww\nw = cww.play({args})\nw"


SETUP = _game_cell("players=2, bots=['greedy'], seed=2, bot_delay=0")


def _open_game(page, tmp_path, setup=SETUP, *more_cells):
    notebook = write_notebook(tmp_path / "table.ipynb", setup, *more_cells)
    return open_widget(page, notebook)


def test_keys_after_clicking_a_panel_background_stay_in_the_widget(lab_page, tmp_path):
    page = lab_page
    widget = _open_game(page, tmp_path, SETUP, "x = 1", "y = 2")
    before = cell_types(page)
    assert before == ["code", "code", "code"]

    # Click the background of a panel (the log), not a button: the widget takes the keys.
    log = widget.locator(".cw-log")
    log.scroll_into_view_if_needed()
    box = log.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 6, box["y"] + 4)
    assert page.evaluate(
        "() => !!document.activeElement && !!document.activeElement.closest('.cw')"
    ), "a click on the widget's background gives it the keyboard"
    expect(widget.locator("[data-role=keys-state]")).to_have_text("Keys active")

    # Keys JupyterLab would take in command mode: cut, insert, delete, change cell type.
    for key in ["d", "d", "x", "m", "y", "1", "2", "z", "c", "v", "Escape", "d", "d"]:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert cell_types(page) == before, "no key reached the notebook"

    # Outside the widget the notebook's own keys work again.
    page.locator(".jp-Cell .jp-InputPrompt").nth(2).click()
    expect(widget.locator("[data-role=keys-state]")).not_to_have_text("Keys active")
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.content.model.cells.length === 4"
    )
    assert page_errors(page) == []


def test_a_fast_click_on_a_room_counts_across_a_redraw(lab_page, tmp_path):
    page = lab_page
    widget = _open_game(page, tmp_path)
    kernel_exec(page, "w.handle_intent({'kind': 'play-all'})")
    wait_until(page, "len(w.view['moves']) > 0")
    moves = kernel_eval(page, "[m['id'] for m in w.view['moves']]")
    target = moves[0]
    room = widget.locator(f'.cw-map [data-space-id="{target}"]')
    expect(room).to_have_attribute("data-reachable", "true")
    room.scroll_into_view_if_needed()
    box = room.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    # The pointer arrives, and 50 ms later the button goes down; the kernel then sends a
    # state update (and the hover's route reply) before the button comes up.
    page.mouse.move(x, y)
    page.wait_for_timeout(50)
    page.mouse.down()
    kernel_exec(page, "w._say('a state update'); w._sync()")
    expect(widget.locator("[data-role=status]")).to_have_text("a state update")
    page.wait_for_timeout(150)  # the route reply to the hover redraws the map too
    page.mouse.up()
    wait_until(page, f"w.game.players[0].space == '{target}' or w.game.pending is not None")
    assert page_errors(page) == []


def _box(page, selector):
    return page.evaluate(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return {x: r.left, y: r.top, w: r.width, h: r.height, r: r.right, b: r.bottom}; }",
        selector,
    )


def _open_at_width(page, tmp_path, width):
    """The game in a window ``width`` px wide, the file browser folded away."""
    page.set_viewport_size({"width": width, "height": 900})
    widget = _open_game(page, tmp_path)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(300)
    return widget


def _header_rows(page) -> list[list[str]]:
    """The header's buttons (and the bots' speed, the keys' state) row by row, top first."""
    items = page.evaluate(
        """() => [...document.querySelectorAll('.cw-headbtns button, .cw-headbtns select,'
                + ' .cw-headbtns [data-role="keys-state"]')].map(e => {
             const r = e.getBoundingClientRect();
             return [e.dataset.action || e.dataset.role, Math.round(r.top + r.height / 2)];
           })"""
    )
    rows: dict[int, list[str]] = {}
    for name, middle in items:
        row = next((y for y in rows if abs(y - middle) <= 4), middle)
        rows.setdefault(row, []).append(name)
    return [rows[y] for y in sorted(rows)]


def _no_button_left_alone(page) -> None:
    """The header wraps its buttons in groups (the game's; the files' and keys'), so a row
    never holds one button alone."""
    rows = _header_rows(page)
    assert all(len(row) > 1 for row in rows), rows
    assert any({"undo", "redo", "new-game"} <= set(row) for row in rows), rows


def _bring_map_to_top(page):
    """Scroll the notebook so the map's top is at the top of the window."""
    page.evaluate(
        """() => {
          const map = document.querySelector('.cw-map');
          const outer = map.closest('.jp-WindowedPanel-outer');
          outer.scrollTop += map.getBoundingClientRect().top - outer.getBoundingClientRect().top;
        }"""
    )
    page.wait_for_timeout(200)


def test_a_700px_column_fits_the_dungeon_and_keeps_the_turn_bar_in_view(lab_page, tmp_path):
    page = lab_page
    widget = _open_at_width(page, tmp_path, 700)
    # The whole dungeon in the column, names on, and a zoom like the ships have.
    scroll = _box(page, ".cw-mapscroll")
    expect(widget.locator('[data-action="zoom-in"]')).to_have_count(1)
    page.wait_for_function(
        "() => { const s = document.querySelector('.cw-mapscroll');"
        " return s.scrollWidth <= s.clientWidth + 1; }"
    )
    expect(widget.locator(".cw-map.cw-map-nonames")).to_have_count(0)
    widget.locator('[data-action="zoom-in"]').click()
    page.wait_for_function(
        "() => { const s = document.querySelector('.cw-mapscroll');"
        " return s.scrollWidth > s.clientWidth + 50; }"
    )
    widget.locator('[data-action="zoom-fit"]').click()
    # Looking at the map, End turn and the pool are on screen (the bar stays in view).
    _bring_map_to_top(page)
    end = _box(page, '.cw [data-action="end-turn"]')
    assert end["y"] >= 0 and end["b"] <= 900, (end, scroll)
    pool = _box(page, ".cw-pool")
    assert pool["b"] <= 900
    _no_button_left_alone(page)
    screenshot(page, "table-700")
    assert page_errors(page) == []


def test_a_1600px_window_puts_hand_and_end_turn_beside_the_map(lab_page, tmp_path):
    page = lab_page
    widget = _open_at_width(page, tmp_path, 1600)
    cw = _box(page, ".cw")
    host = _box(page, ".cw-host")
    assert cw["w"] >= host["w"] - 4, "the board takes the whole width of its output"
    _bring_map_to_top(page)
    page.wait_for_timeout(300)
    board = _box(page, ".cw-map")
    card = _box(page, '.cw [data-action="play"]')
    end = _box(page, '.cw [data-action="end-turn"]')
    assert card["x"] >= board["r"] - 1 and end["x"] >= board["r"] - 1, "beside the map"
    assert card["b"] <= 900 and end["b"] <= 900, "in view while looking at the map"
    screenshot(page, "table-1600")

    # A refused click says why next to the thing clicked, not only at the top.
    disabled = widget.locator('.cw-shop [aria-disabled="true"]').first
    disabled.scroll_into_view_if_needed()
    disabled.click(force=True)
    bubble = widget.locator('[data-role="bubble"]')
    expect(bubble).to_contain_text("Not possible")
    near = disabled.bounding_box()
    at = bubble.bounding_box()
    assert abs(at["y"] - (near["y"] + near["height"])) < 30

    # Undo says what it took back in words.
    widget.locator('[data-action="play"][data-card="stumble"]').first.click()
    wait_until(page, "'stumble' in w.game.players[0].play")
    widget.locator('[data-action="undo"]').click()
    expect(widget.locator('[data-role="status"]')).to_have_text("Took back: playing Stumble")
    assert page_errors(page) == []


def _shown_with(page, text: str) -> list[str]:
    """The roles of the widget's visible elements whose own text holds ``text``."""
    return page.evaluate(
        """(text) => [...document.querySelectorAll('.cw *')]
             .filter(e => e.children.length === 0 && e.textContent.includes(text)
                          && e.getClientRects().length)
             .map(e => e.closest('[data-role]')?.getAttribute('data-role') || e.className)""",
        text,
    )


def test_a_refusal_is_shown_once_by_the_control_clicked(lab_page, tmp_path):
    """A refusal, the kernel's or the view's own, is shown once: in a bubble by the
    control clicked (read out: role alert), not also in the status line at the top."""
    page = lab_page
    widget = _open_at_width(page, tmp_path, 1400)
    hint = widget.locator('[data-role="status"]').inner_text()
    # The kernel refuses an intent (a card the hand does not hold: a stale page, say).
    card = widget.locator('[data-action="play"]').first
    card.scroll_into_view_if_needed()
    card.evaluate(
        "b => b.setAttribute('data-intent', JSON.stringify({kind: 'play', card: 'no-such-card'}))"
    )
    card.click()
    bubble = widget.locator('[data-role="bubble"]')
    expect(bubble).to_have_text("'no-such-card' is not in your hand")
    expect(bubble).to_have_attribute("role", "alert")
    expect(widget.locator('[data-role="status"]')).to_have_text(hint)
    assert _shown_with(page, "no-such-card") == ["bubble"]
    screenshot(page, "table-refusal-once")
    # The view's own refusal (a disabled control says why) is shown once too.
    disabled = widget.locator('.cw-shop [aria-disabled="true"]').first
    disabled.scroll_into_view_if_needed()
    disabled.click(force=True)
    expect(bubble).to_contain_text("Not possible")
    assert _shown_with(page, "Not possible") == ["bubble"]
    # A refusal with no control clicked (a key) is said in the status line.
    kernel_exec(page, "w.handle_intent({'kind': 'play', 'card': 'no-such-card'})")
    expect(widget.locator('[data-role="status"]')).to_contain_text("no-such-card")
    assert page_errors(page) == []


def _name_px(page) -> float:
    """The height in screen pixels of the room names' font on the map."""
    return page.evaluate(
        """() => { const svg = document.querySelector('.cw-map');
             const name = svg.querySelector('.cw-room-name');
             const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
             return parseFloat(getComputedStyle(name).fontSize) * k; }"""
    )


@pytest.mark.parametrize("width", [468, 1400])
def test_a_narrow_notebook_scrolls_the_map_with_names_legible(lab_page, tmp_path, width):
    """In a narrow notebook the map is drawn no smaller than its names allow and scrolls
    sideways, saying so and pointing at Larger; a wide one fits it whole. (The map was
    sized for an output it could not yet measure, and squeezed to names 4 px high.)"""
    page = lab_page
    widget = _open_at_width(page, tmp_path, width)
    widget.locator(".cw-map").scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    scroll = page.evaluate(
        "() => { const s = document.querySelector('.cw-mapscroll');"
        " return [s.scrollWidth, s.clientWidth]; }"
    )
    hint = widget.locator(".cw-zoom-more")
    if width < 700:
        assert _name_px(page) >= 5.5
        assert scroll[0] > scroll[1] + 50, scroll
        expect(hint).to_be_visible()
        expect(hint).to_contain_text("scroll sideways")
        expect(hint).to_contain_text("Larger")
        screenshot(page, f"table-map-{width}-smallest")
        # Larger: bigger names still
        widget.locator('[data-action="zoom-fit"]').click()
        page.wait_for_function("() => document.querySelector('.cw-zoom-pct').textContent === '85%'")
        assert _name_px(page) >= 9
    else:  # beside the turn's column, the whole map at about 0.7
        assert _name_px(page) >= 7.5
        assert scroll[0] <= scroll[1] + 1, scroll
        expect(hint).to_have_count(0)
    widget.locator(".cw-map").scroll_into_view_if_needed()
    screenshot(page, f"table-map-{width}")
    assert page_errors(page) == []


def test_the_end_screen_shows_each_score_by_source_and_nothing_stale(lab_page, tmp_path):
    page = lab_page
    widget = _open_game(page, tmp_path)
    # Pointing at the dragon panel's rage track opens nothing.
    widget.locator(".cw-dragon .cw-draws").hover()
    page.wait_for_timeout(400)
    expect(widget.locator('[data-role="odds"]')).to_have_count(0)
    # The odds open in the panel, covering no control (the map's Legend stays clickable).
    widget.locator('[data-action="hover-bag"]').click()
    widget.locator('[data-role="odds"]').wait_for(timeout=10_000)
    legend = widget.locator(".cw-legend summary, .cw-legend button").first
    box = legend.bounding_box()
    assert page.evaluate(
        "([x, y]) => !!document.elementFromPoint(x, y).closest('.cw-legend')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    # The odds are open when the game ends.
    kernel_exec(
        page,
        "w.game = cww.play(players=2, human=None, bots=['greedy'], seed=2, bot_delay=0).game",
    )
    over = widget.locator('[data-role="game-over"]')
    over.wait_for(timeout=20_000)
    table = over.locator('[data-role="score-breakdown"]')
    for name in ["Artifacts", "Mastery token", "Gold", "Cards"]:
        expect(table.locator(f'tr[data-row="{name}"]')).to_have_count(1)
    scores = kernel_eval(page, "w.view['scores']")
    totals = table.locator(".cw-breakdown-total td").all_inner_texts()
    standings = sorted(scores.values(), reverse=True)
    assert [int(t.split()[0]) for t in totals] == standings
    expect(widget.locator('[data-role="odds"]')).to_have_count(0)
    screenshot(page, "table-end-screen")
    assert page_errors(page) == []


def test_save_then_load_then_replay_a_game(lab_page, tmp_path):
    page = lab_page
    widget = _open_game(page, tmp_path)
    _no_button_left_alone(page)  # (a 1400 px window with the file browser open)
    widget.locator('[data-action="play-all"]').click()
    wait_until(page, "len(w.game.players[0].hand) == 0")
    widget.locator('[data-action="end-turn"]').click()
    wait_until(page, "w.game.state.turn >= 3 and not w.busy", timeout=60)
    saved_actions = kernel_eval(page, "[a.to_dict() for a in w.game.actions]")

    # Save: the kernel writes the file next to the notebook; the browser gets its name
    # only (a save holds the bots' hands), so nothing is downloaded.
    downloads = []
    page.on("download", lambda d: downloads.append(d))
    widget.locator('[data-action="save"]').click()
    expect(widget.locator('[data-role="status"]')).to_contain_text("next to the notebook")
    path = saved_file(page, widget)
    assert path.name.startswith("clank-clank-seed") and downloads == []

    # Something else happens, then Load opens the save from next to the notebook: its box
    # lists the saves there, and a click opens one.
    kernel_exec(page, "w.handle_intent({'kind': 'new-game', 'seed': 11})")
    wait_until(page, "len(w.game.actions) == 0")
    widget.locator('[data-action="load"]').click()
    box = widget.locator('[data-role="load-box"]')
    expect(widget.locator('[data-action="load"]')).to_have_attribute("aria-expanded", "true")
    box.get_by_role("button", name=path.name).click()
    wait_until(page, f"len(w.game.actions) == {len(saved_actions)}")
    assert kernel_eval(page, "[a.to_dict() for a in w.game.actions]") == saved_actions
    expect(widget.locator('[data-role="status"]')).to_contain_text("Loaded")
    expect(box).to_have_count(0)
    # and from the person's computer (here the same file, given to the file input)
    kernel_exec(page, "w.handle_intent({'kind': 'new-game', 'seed': 11})")
    wait_until(page, "len(w.game.actions) == 0")
    widget.locator('[data-action="load"]').click()
    expect(box.locator('[data-action="load-pick"]')).to_be_visible()
    screenshot(page, "table-load-box")
    widget.locator('[data-role="load-file"]').set_input_files(str(path))
    wait_until(page, f"len(w.game.actions) == {len(saved_actions)}")
    widget.locator('[data-action="load"]').click()  # (Load again: the box closes)
    expect(box).to_have_count(0)

    # A file that is not a save is refused, saying why; the game is unchanged.
    widget.locator('[data-role="load-file"]').set_input_files(
        files=[{"name": "notes.json", "mimeType": "application/json", "buffer": b"{nope"}]
    )
    expect(widget.locator('[data-role="bubble"]')).to_contain_text("not a clankwidget save")
    assert kernel_eval(page, "len(w.game.actions)") == len(saved_actions)

    # Replay: step and scrub; the board and the log are those of the game at that step.
    widget.locator('[data-action="replay"]').click()
    step = widget.locator('[data-role="replay-step"]')
    expect(step).to_contain_text(f"Step 0 of {len(saved_actions)}")
    widget.locator('[data-action="replay-next"]').click()
    expect(step).to_contain_text(f"Step 1 of {len(saved_actions)}")
    widget.locator('[data-role="replay-scrub"]').fill("6")
    expect(step).to_contain_text(f"Step 6 of {len(saved_actions)}")
    last = kernel_eval(page, "w.game.replay(6).log[-1]")
    expect(widget.locator(".cw-log li").last).to_contain_text(last)
    here = kernel_eval(page, "w.game.replay(6).players[0].space")
    expect(widget.locator(f'.cw-map [data-space-id="{here}"] .cw-pawn-you')).to_have_count(1)
    # Nothing can be played in a replay; leaving it goes back to the game.
    widget.locator('[data-action="replay-exit"]').click()
    expect(widget.locator('[data-role="replay"]')).to_have_count(0)
    assert kernel_eval(page, "len(w.game.actions)") == len(saved_actions)

    # A board made with save_dir=None (served as an app) offers no Save, saying why.
    kernel_exec(page, "w._save_dir = None\nw.refresh()")
    for action in ("save", "save-position"):
        button = widget.locator(f'[data-action="{action}"]')
        expect(button).to_be_disabled()
        expect(button).to_have_attribute("data-why", "saving is off on this board")
    assert page_errors(page) == []


def test_pulsarcade_skill_shot_is_a_meter_with_its_marks(lab_page, tmp_path):
    page = lab_page
    setup = _game_cell("'pulsarcade', players=2, bots=['greedy'], seed=5, bot_delay=0")
    widget = _open_game(page, tmp_path, setup)
    gauge = widget.locator('[data-fact="skill-shot"] [data-role="gauge"]').first
    expect(gauge).to_be_visible()
    marks = gauge.locator(".cw-gauge-mark")
    assert [marks.nth(i).get_attribute("data-at") for i in range(marks.count())] == ["6", "8"]
    kernel_exec(page, "w.game.players[0].skill_generated = 7\nw.refresh()")
    expect(gauge).to_have_attribute("aria-valuenow", "7")
    expect(gauge.locator('.cw-gauge-mark[data-at="6"]')).to_have_class(re.compile("cw-gauge-hit"))
    expect(gauge.locator('.cw-gauge-mark[data-at="8"]')).not_to_have_class(
        re.compile("cw-gauge-hit")
    )
    widget.locator('[data-fact="skill-shot"]').first.scroll_into_view_if_needed()
    screenshot(page, "table-skill-shot")
    assert page_errors(page) == []


def test_since_your_last_turn_and_the_bots_speed(lab_page, tmp_path):
    page = lab_page
    setup = _game_cell("players=3, bots=['greedy'], seed=2, bot_delay=0")
    widget = _open_game(page, tmp_path, setup)
    # The Legend opened by the person stays open across redraws.
    widget.locator(".cw-legend summary").click()
    kernel_exec(page, "w.handle_intent({'kind': 'play-all'})")
    expect(widget.locator('[data-action="end-turn"]')).not_to_have_attribute(
        "aria-disabled", "true"
    )
    expect(widget.locator(".cw-legend")).to_have_attribute("open", "")
    # Slow the bots down, end the turn, and skip to mine.
    widget.locator('[data-role="bot-speed"]').select_option("slow")
    wait_until(page, "w.bot_delay == 1.0")
    widget.locator('[data-action="end-turn"]').click()
    widget.locator('[data-action="skip-bots"]').click(timeout=10_000)
    wait_until(page, "w.game.state.current == 0 and not w.busy", timeout=30)
    since = kernel_eval(page, "w.view['since']")
    panel = widget.locator('[data-role="since"]')
    expect(panel).to_be_visible()
    expect(widget.locator(".cw-legend")).to_have_attribute("open", "")
    for p in since["players"]:
        if len(p["trail"]) > 1:
            expect(widget.locator(f'.cw-map [data-trail="{p["colour"]}"]')).to_have_count(1)
            expect(panel.locator(f'li[data-colour="{p["colour"]}"]')).to_contain_text("moved")
        for name in p["gained"]:
            expect(panel).to_contain_text(name)
    screenshot(page, "table-since")
    assert page_errors(page) == []


def test_a_hovered_route_shows_the_chance_to_get_out_alive(lab_page, tmp_path):
    page = lab_page
    widget = _open_game(page, tmp_path)
    kernel_exec(
        page,
        "w.handle_intent({'kind': 'play-all'})\n"
        "me = w.game.current_player\n"
        "me.damage = w.game.rules.health - 2\n"
        "w.game.state.clank_area[me.colour] = 3\n"
        "w.refresh()",
    )
    target = kernel_eval(page, "w.view['moves'][0]['id']")
    room = widget.locator(f'.cw-map [data-space-id="{target}"]')
    room.hover()
    survive = widget.locator('[data-role="route"] [data-role="survive"]').first
    expect(survive).to_be_visible(timeout=10_000)
    number = kernel_eval(page, f"round(100 * cww.routes.route_survival(w.game, '{target}', 0))")
    expect(survive).to_contain_text(f"{number}%")
    assert page_errors(page) == []


def test_hot_seat_passes_the_board_hiding_the_last_hand(lab_page, tmp_path):
    page = lab_page
    setup = _game_cell("players=['human', 'human', 'greedy'], seed=2, bot_delay=0")
    widget = _open_game(page, tmp_path, setup)
    widget.locator('[data-action="play-all"]').click()
    wait_until(page, "len(w.game.players[0].hand) == 0")
    widget.locator('[data-action="end-turn"]').click()
    screen = widget.locator('[data-role="pass"]')
    expect(screen).to_contain_text("Pass the board to Yellow")
    expect(widget.locator('[data-action="play"]')).to_have_count(0)  # no hand shows
    screenshot(page, "table-hot-seat")
    widget.locator('[data-action="ready"]').click()
    expect(screen).to_have_count(0)
    hand = kernel_eval(page, "w.game.players[1].hand")
    expect(widget.locator('.cw-hand [data-action="play"]')).to_have_count(len(hand))
    assert page_errors(page) == []


def test_a_far_room_shows_its_way_marked_out_of_reach(lab_page, tmp_path):
    page = lab_page
    widget = _open_game(page, tmp_path)
    # Nothing played yet: no room is in reach this turn. Point at one four boots away.
    far = kernel_eval(
        page,
        "[sp.id for sp in w.game.board.spaces if w.handle_intent("
        "{'kind': 'hover-space', 'id': sp.id})['distance'] == 4][0]",
    )
    room = widget.locator(f'.cw-map [data-space-id="{far}"]')
    room.scroll_into_view_if_needed()
    room.hover()
    line = widget.locator('.cw-map [data-role="far-route"]')
    expect(line).to_have_count(1, timeout=10_000)
    expect(widget.locator('[data-role="route"] [data-role="far"]')).to_contain_text(
        "out of reach this turn: 4 boots away"
    )
    screenshot(page, "table-far-route")
    # A room in reach this turn shows this turn's route, not the faint one.
    kernel_exec(page, "w.handle_intent({'kind': 'play-all'})")
    wait_until(page, "len(w.view['moves']) > 0")
    near = kernel_eval(page, "w.view['moves'][0]['id']")
    page.mouse.move(0, 0)
    widget.locator(f'.cw-map [data-space-id="{near}"]').hover()
    expect(widget.locator('.cw-map [data-role="route-line"]')).to_have_count(1)
    expect(line).to_have_count(0)
    assert page_errors(page) == []
