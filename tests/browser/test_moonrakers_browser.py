"""Moonrakers in a real JupyterLab: a whole turn of the table played by mouse and
keyboard against the Moonrakers bots (put back an objective, choose a contract, make a
structured offer, launch, play cards, buy, end the turn), checked in the kernel after
each click; screenshots in ``test-artifacts/moonrakers-*.png`` for a person to judge.
Nothing secret reaches the page: another captain's hand and objectives are not in it."""

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
    wait_for_kernel_value,
    wait_until,
    write_notebook,
)

pytestmark = pytest.mark.browser

W = "w"
G = "w.game"
MR = "w.game.state.extra['mr']"


def _n_actions(page) -> int:
    return kernel_eval(page, f"len({G}.actions)")


def _open_table(page, tmp_path, *more_cells):
    notebook = write_notebook(
        tmp_path / "moonrakers-table.ipynb",
        "import clankwidget\n"
        # seed 11: blue (you) leads first, with three Reactors in the opening hand
        "w = clankwidget.widget.play('moonrakers', players=3, bots='greedy', seed=11,"
        " bot_delay=0)\n"
        "w",
        *more_cells,
    )
    return open_widget(page, notebook, '[data-role="contract"]')


def test_play_a_moonrakers_turn(lab_page, artifacts_dir, tmp_path):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1900})
    widget = _open_table(page, tmp_path)
    assert widget.locator('[data-role="contract"]').count() == 8
    assert widget.locator('[data-role="captain"]').count() == 3

    # Hidden information: the page shows our hand, never the bots' cards or objectives.
    hidden = kernel_eval(
        page,
        "[w.game.rules.data.objectives[o]['name'] for q in w.game.players[1:]"
        " for o in q.extra['objectives']]",
    )
    mine = kernel_eval(
        page,
        "[w.game.rules.data.objectives[o]['name'] for o in w.game.players[0].extra['objectives']]",
    )
    text = widget.inner_text()
    for name in set(hidden) - set(mine):
        assert name not in text, f"another captain's secret objective {name!r} is shown"
    assert "hand" not in str(kernel_eval(page, "list(w.view['captains'][1])")).replace(
        "hand_count", ""
    )
    widget.screenshot(path=str(artifacts_dir / "moonrakers-start.png"))

    # Put back one of the three objectives dealt (a click).
    assert kernel_eval(page, f"{MR}['phase']") == "keep"
    n = _n_actions(page)
    widget.locator('[data-action="drop-objective"]').first.click()
    wait_for_kernel_value(page, f"len({G}.actions) > {n}", True)
    wait_until(page, f"{MR}['phase'] == 'plan' and {MR}['actor'] == 0")
    assert kernel_eval(page, "len(w.game.players[0].extra['objectives'])") == 2

    # A refused click says why and changes nothing: no swap is possible with 0 credits?
    # (a contract button that is disabled, if any, explains itself)
    disabled = widget.locator('[data-role="contract"] [aria-disabled="true"]')
    if disabled.count():
        n = _n_actions(page)
        disabled.first.click(force=True)
        expect(widget.locator('[data-role="bubble"]')).to_have_text(re.compile("^Not possible"))
        assert _n_actions(page) == n

    # Choose the Reactor contract (slot 0) by keyboard: focus its button, press Enter.
    widget.locator('[data-key="contract:0"]').focus()
    page.keyboard.press("Enter")
    wait_until(page, f"{MR}['phase'] == 'negotiate'")
    assert kernel_eval(page, f"{MR}['contract']") == 0
    form = widget.locator('[data-role="offer-form"]')
    form.wait_for(timeout=10_000)

    # A structured offer: invite green with 1 prestige and 1 of the dice; the kernel
    # records exactly those terms, and the bot answers at once.
    form.locator("select").select_option("2")
    left = kernel_eval(page, "w.view['deal']['left']")
    form.locator('input[data-term="prestige"]').fill("1")
    form.locator('input[data-term="dice"]').fill(str(min(1, left["dice"])))
    expect(form.locator('[data-role="offer-summary"]')).to_contain_text("Green gets 1 prestige")
    widget.screenshot(path=str(artifacts_dir / "moonrakers-offer.png"))
    n = _n_actions(page)
    form.locator('[data-action="offer"]').click()
    wait_for_kernel_value(page, f"len({G}.actions) > {n}", True)
    offer = kernel_eval(page, f"{G}.actions[{n}].to_dict()")
    assert offer == {
        "kind": "offer",
        "seat": 2,
        "prestige": 1,
        "credits": 0,
        "bonus": 0,
        "dice": min(1, left["dice"]),
    }
    wait_until(page, f"{MR}['actor'] == 0")
    # green accepted, refused or countered; a counter the person refuses here
    if kernel_eval(page, f"{MR}['phase']") == "respond":
        widget.locator('[data-action="refuse"]').click()
        wait_until(page, f"{MR}['phase'] == 'negotiate'")

    # Launch: the dice are rolled and shown; the execution panel appears.
    widget.locator('[data-action="launch"]').click()
    wait_until(page, f"{MR}['phase'] in ('execute', 'buy', 'refit')")
    wait_until(page, f"{MR}['actor'] == 0 or {MR}['phase'] != 'execute'")
    if kernel_eval(page, f"{MR}['phase']") == "execute":
        # call on ourselves if asked, then play the Reactors by clicking the cards
        # (asked of the kernel: the page may not have drawn the launch's view yet)
        if kernel_eval(page, "any(a.kind == 'call-on' for a in w.game.legal_actions())"):
            widget.locator('[data-action="call-on"]').first.click()
            wait_until(
                page, f"{MR}['execution'] is None or {MR}['execution']['playing'] is not None"
            )
        widget.locator('[data-role="execution"]').wait_for(timeout=10_000)
        widget.screenshot(path=str(artifacts_dir / "moonrakers-execute.png"))
        for _ in range(6):
            if kernel_eval(page, f"{MR}['phase'] != 'execute' or {MR}['actor'] != 0"):
                break
            # the page shows the kernel's hand before we pick from it
            hand = kernel_eval(page, "list(w.game.players[0].hand)")
            expect(widget.locator(".cw-mr-card")).to_have_count(len(hand))
            card = widget.locator('.cw-mr-card[data-card="reactor"]:not([aria-disabled])')
            if "reactor" not in hand:
                widget.locator('[data-action="stop-playing"]').click()
            else:
                n = _n_actions(page)
                card.first.click()
                wait_for_kernel_value(page, f"len({G}.actions) > {n}", True)
                assert kernel_eval(page, f"{G}.actions[{n}].to_dict()") == {
                    "kind": "play",
                    "card": "reactor",
                }
            wait_until(page, f"{MR}['actor'] == 0 or {MR}['phase'] != 'execute'")
    wait_until(page, f"{MR}['phase'] in ('buy', 'refit') and {MR}['actor'] == 0")
    if kernel_eval(page, f"{MR}['phase']") == "refit":
        widget.locator('[data-action="refit"]').first.click()
        wait_until(page, f"{MR}['phase'] == 'buy'")
    # the log says whether the contract succeeded, and shows the hazard roll if any
    assert any("success" in line or "failure" in line for line in kernel_eval(page, f"{G}.log"))
    expect(widget.locator(".cw-log")).to_contain_text(re.compile("success|failure"))

    # Buy at the Armory if anything is affordable (a click), then end the turn (key E).
    buys = kernel_eval(
        page,
        "[a.to_dict() for a in w.game.legal_actions() if a.kind in ('buy-action', 'buy-crew')]",
    )
    widget.screenshot(path=str(artifacts_dir / "moonrakers-buy.png"))
    if buys:
        n = _n_actions(page)
        kind = buys[0]["kind"]
        sel = (
            f'[data-key="supply:{buys[0]["card"]}"]'
            if kind == "buy-action"
            else f'[data-key="crew:{buys[0]["slot"]}"]'
        )
        widget.locator(sel).click()
        wait_for_kernel_value(page, f"len({G}.actions) > {n}", True)
        assert kernel_eval(page, f"{G}.actions[{n}].to_dict()") == buys[0]
    turn = kernel_eval(page, f"{G}.state.turn")
    widget.locator('[data-action="end-turn"]').first.focus()
    page.keyboard.press("e")
    # the bots lead their turns (inviting us, maybe); wait until we must act again
    wait_until(page, f"{G}.state.turn > {turn}")
    wait_until(page, f"{G}.is_over or {MR}['actor'] == 0", timeout=60)
    first = kernel_eval(page, "w.view['log_total'] - len(w.view['log']) + 1")
    expect(widget.locator(".cw-log ol")).to_have_attribute("start", str(first), timeout=30_000)
    widget.screenshot(path=str(artifacts_dir / "moonrakers-later.png"))
    errors = page_errors(page)
    assert errors == [], "\n".join(map(str, errors))


def test_the_table_is_played_by_keys_that_never_reach_jupyterlab(lab_page, tmp_path):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1200})
    widget = _open_table(page, tmp_path, "x = 1", "y = 2")
    before = cell_types(page)
    chip = widget.locator('[data-role="keys-state"]')
    expect(chip).to_have_text("Click for keys")

    # A click on a panel's background gives the table the keys; JupyterLab gets none.
    log = widget.locator(".cw-log")
    log.scroll_into_view_if_needed()
    box = log.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 6, box["y"] + 4)
    expect(chip).to_have_text("Keys active")
    for key in ["d", "d", "x", "m", "y", "1", "2", "z", "c", "v", "Escape", "d", "d"]:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert cell_types(page) == before, "no key reached the notebook"
    assert _n_actions(page) == 0, "no table key acts in the keep phase"

    # ? shows the legend: every key of the table's actions is in it.
    page.keyboard.press("?")
    legend = widget.locator('[data-role="key-legend"]')
    for words in [
        "choose that contract",
        "offer form",
        "accept / refuse",
        "launch",
        "end the turn",
    ]:
        expect(legend).to_contain_text(words)
    page.keyboard.press("?")
    expect(legend).to_have_count(0)

    widget.locator('[data-action="drop-objective"]').first.click()
    wait_until(page, f"{MR}['phase'] == 'plan' and {MR}['actor'] == 0")
    # 1 chooses the first contract (its button shows the key).
    expect(widget.locator('[data-key="contract:0"] kbd')).to_have_text("1")
    page.keyboard.press("1")
    wait_until(page, f"{MR}['phase'] == 'negotiate'")
    assert kernel_eval(page, f"{MR}['contract']") == 0
    # C goes to the offer form; Enter sends the offer as drafted.
    widget.locator('[data-role="offer-form"]').wait_for(timeout=10_000)
    page.keyboard.press("c")
    assert page.evaluate("() => !!document.activeElement.closest('[data-role=offer-form]')")
    n = _n_actions(page)
    page.keyboard.press("Enter")
    wait_for_kernel_value(page, f"len({G}.actions) > {n}", True)
    assert kernel_eval(page, f"{G}.actions[{n}].kind") == "offer"
    wait_until(page, f"{MR}['actor'] == 0")
    if kernel_eval(page, f"{MR}['phase']") == "respond":
        expect(widget.locator('[data-action="refuse"] kbd')).to_have_text("X")
        page.keyboard.press("x")
        wait_until(page, f"{MR}['phase'] == 'negotiate'")
    # L launches. The page may still be drawing the answer (the offer form is redrawn
    # whole, and its fields take typed keys): give the table the keys first, as below.
    expect(widget.locator('[data-action="launch"] kbd')).to_have_text("L")
    widget.locator(".cw-log").click(position={"x": 5, "y": 5})
    expect(widget.locator('[data-role="keys-state"]')).to_have_text("Keys active")
    page.keyboard.press("l")
    wait_until(page, f"{MR}['phase'] != 'negotiate'")
    wait_until(page, f"{MR}['actor'] == 0 or {MR}['phase'] not in ('execute', 'refit')")
    if kernel_eval(page, "any(a.kind == 'call-on' for a in w.game.legal_actions())"):
        widget.locator('[data-action="call-on"]').first.click()
        wait_until(page, f"{MR}['execution'] is None or {MR}['execution']['playing'] is not None")
    if kernel_eval(page, f"{MR}['phase'] == 'execute' and {MR}['actor'] == 0"):
        playable = kernel_eval(page, "[a.card for a in w.game.legal_actions() if a.kind == 'play']")
        if playable:
            # P goes to the first playable card, Enter plays it
            hand = kernel_eval(page, "list(w.game.players[0].hand)")
            expect(widget.locator(".cw-mr-card:not([aria-disabled])")).to_have_count(
                sum(card in playable for card in hand)
            )
            n = _n_actions(page)
            page.keyboard.press("p")
            page.keyboard.press("Enter")
            wait_for_kernel_value(page, f"len({G}.actions) > {n}", True)
            assert kernel_eval(page, f"{G}.actions[{n}].kind") == "play"
        if kernel_eval(page, f"{MR}['phase'] == 'execute' and {MR}['actor'] == 0"):
            widget.locator('[data-action="stop-playing"]').wait_for()
            widget.locator(".cw-log").click(position={"x": 5, "y": 5})
            page.keyboard.press("s")
    wait_until(page, f"{MR}['phase'] in ('buy', 'refit') and {MR}['actor'] == 0")
    if kernel_eval(page, f"{MR}['phase']") == "refit":
        widget.locator('[data-action="refit"]').first.click()
        wait_until(page, f"{MR}['phase'] == 'buy'")
    # E ends the turn; the notebook still has its three cells. The kernel reaches the
    # buying phase before the page draws it, and E only presses a button that is drawn.
    turn = kernel_eval(page, f"{G}.state.turn")
    expect(widget.locator('[data-action="end-turn"] kbd')).to_have_text("E")
    widget.locator(".cw-log").click(position={"x": 5, "y": 5})
    expect(widget.locator('[data-role="keys-state"]')).to_have_text("Keys active")
    page.keyboard.press("e")
    wait_until(page, f"{G}.state.turn > {turn}")
    assert cell_types(page) == before
    assert page_errors(page) == []


def test_enter_after_calling_on_a_captain_never_stops_the_execution(
    lab_page, tmp_path, artifacts_dir
):
    """Call on yourself with Enter on "Call on Blue": the focus goes to your first
    playable card, so a second Enter plays it. It used to stay on the button, which the
    redraw made "Stop playing", and the second Enter ended your part unplayed."""
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1400})
    widget = _open_table(page, tmp_path)
    # Yellow joins (seed 11: the greedy bot accepts 1 prestige and the die); launch.
    kernel_exec(
        page,
        f"w.handle_intent([a.to_dict() for a in {G}.legal_actions()][0])\n"
        "w.handle_intent({'kind': 'choose-contract', 'slot': 0})\n"
        "w.handle_intent({'kind': 'offer', 'seat': 1, 'prestige': 1, 'credits': 0,"
        " 'bonus': 0, 'dice': 1})\n"
        "w.handle_intent({'kind': 'launch'})",
    )
    wait_until(page, f"{MR}['phase'] == 'execute' and {MR}['execution']['playing'] is None")
    call = widget.locator('[data-action="call-on"][data-intent*=\'"seat":0\']')
    call.focus()
    n = _n_actions(page)
    page.keyboard.press("Enter")
    wait_until(page, f"{MR}['execution']['playing'] == 0")
    expect(widget.locator('[data-action="stop-playing"]')).to_have_count(1)
    first = widget.locator('[data-action="play"]:not([aria-disabled])').first
    expect(first).to_be_focused()
    widget.screenshot(path=str(artifacts_dir / "moonrakers-after-call-on.png"))
    card = first.get_attribute("data-card")
    page.keyboard.press("Enter")
    wait_for_kernel_value(page, f"len({G}.actions) > {n + 1}", True)
    assert kernel_eval(page, f"{G}.actions[{n + 1}].to_dict()") == {"kind": "play", "card": card}
    assert page_errors(page) == []


PLAY_ON = (
    "def play_on(until):\n"
    "    for _ in range(400):\n"
    "        if until() or w.game.is_over:\n"
    "            return\n"
    "        acts = [a for a in w.game.legal_actions()\n"
    "                if a.kind not in ('offer', 'counter', 'swap-contract')]\n"
    "        assert w.handle_intent(acts[0].to_dict())['kind'] == 'ok'\n"
)


def test_save_then_load_then_replay_and_what_the_captains_did(lab_page, tmp_path, artifacts_dir):
    page = lab_page
    page.set_viewport_size({"width": 1400, "height": 1400})
    widget = _open_table(page, tmp_path)
    kernel_exec(page, PLAY_ON)
    kernel_exec(
        page,
        f"play_on(lambda: {G}.state.turn >= 4 and {MR}['leader'] == 0 and {MR}['phase'] == 'plan')",
        timeout=120,
    )
    # Since your last turn: what the other captains did, as the kernel summed it up.
    since = kernel_eval(page, "w.view['since']")
    panel = widget.locator('[data-role="since"]')
    expect(panel).to_be_visible()
    for p in since["players"]:
        for c in p["contracts"]:
            expect(panel.locator(f'li[data-colour="{p["colour"]}"]')).to_contain_text(c["text"])
        if p["points"] > 0:
            expect(panel.locator(f'li[data-colour="{p["colour"]}"]')).to_contain_text(
                f"gained {p['points']} prestige"
            )
    assert any(p["contracts"] for p in since["players"])
    expect(panel).not_to_contain_text("Blue ")  # the person's own doings are not in it
    widget.screenshot(path=str(artifacts_dir / "moonrakers-since.png"))
    saved = kernel_eval(page, "[a.to_dict() for a in w.game.actions]")

    # Save: the kernel writes the game next to the notebook (the browser gets only its
    # name: a save holds every hand); load it back after a new game.
    widget.locator('[data-action="save"]').click()
    expect(widget.locator('[data-role="status"]')).to_contain_text("Saved the game as")
    path = saved_file(page, widget)
    assert path.name.startswith("clank-moonrakers-seed")
    kernel_exec(page, "w.handle_intent({'kind': 'new-game', 'seed': 3})")
    wait_until(page, f"len({G}.actions) < {len(saved)}")
    widget.locator('[data-role="load-file"]').set_input_files(str(path))
    wait_until(page, f"len({G}.actions) == {len(saved)}")
    assert kernel_eval(page, "[a.to_dict() for a in w.game.actions]") == saved
    expect(widget.locator('[data-role="status"]')).to_contain_text("Loaded a moonrakers game")

    # Replay: step and scrub; the table and the log are the game's at that step, and
    # nothing can be played meanwhile.
    widget.locator('[data-action="replay"]').click()
    step = widget.locator('[data-role="replay-step"]')
    expect(step).to_contain_text(f"Step 0 of {len(saved)}")
    widget.locator('[data-action="replay-next"]').click()
    expect(step).to_contain_text(f"Step 1 of {len(saved)}")
    widget.locator('[data-role="replay-scrub"]').fill("12")
    expect(step).to_contain_text(f"Step 12 of {len(saved)}")
    last = kernel_eval(page, "w.game.replay(12).log[-1]")
    expect(widget.locator(".cw-log li").last).to_contain_text(last)
    prestige = kernel_eval(page, "w.game.replay(12).scores()['yellow']")
    expect(widget.locator('[data-role="captain"][data-colour="yellow"]')).to_contain_text(
        f"{prestige} / "
    )
    assert widget.locator('[data-action="choose-contract"]:not([aria-disabled])').count() == 0
    widget.screenshot(path=str(artifacts_dir / "moonrakers-replay.png"))
    widget.locator('[data-action="replay-exit"]').click()
    expect(widget.locator('[data-role="replay"]')).to_have_count(0)
    assert kernel_eval(page, "len(w.game.actions)") == len(saved)
    assert page_errors(page) == []


def test_hot_seat_hands_the_table_over(lab_page, artifacts_dir, tmp_path):
    # Two people at one table: after Blue puts back an objective the table shows only the
    # captains and a hand-over screen, and Yellow's "ready" gives Yellow the seat.
    page = lab_page
    notebook = write_notebook(
        tmp_path / "moonrakers-hot-seat.ipynb",
        "import clankwidget\n"
        "w = clankwidget.widget.play('moonrakers', players=['human', 'human'], seed=3,"
        " bot_delay=0)\n"
        "w",
    )
    drop = '[data-action="drop-objective"]'
    widget = open_widget(page, notebook, drop)
    widget.locator(drop).first.click()
    wait_for_kernel_value(page, "w.view.get('pass_to')", "yellow")
    ready = widget.locator('[data-action="ready"]')
    ready.wait_for(timeout=15_000)
    expect(widget.locator('[data-role="pass"]')).to_contain_text("Pass the board to Yellow")
    assert widget.locator('[data-action="drop-objective"]').count() == 0  # no hand shown
    widget.screenshot(path=str(artifacts_dir / "moonrakers-hot-seat.png"))
    ready.click()
    wait_for_kernel_value(page, "w.seat", 1)
    widget.locator('[data-action="drop-objective"]').first.wait_for(timeout=15_000)
    assert page_errors(page) == []
