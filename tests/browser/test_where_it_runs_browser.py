"""The board wherever anywidget runs (issue 15): the start game opened in Jupyter
Notebook 7 and in a marimo app, in Chromium; a move played there and the board seen to
respond. (JupyterLab is every other browser test's home; VS Code and Colab are not
tested.)"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import (
    cell_types,
    kernel_eval,
    open_widget,
    page_errors,
    screenshot,
    wait_until,
    write_notebook,
)

pytestmark = pytest.mark.browser

APPS = Path(__file__).parent / "apps"
REPO = Path(__file__).resolve().parents[2]


def _play_a_move(page, widget):
    """Play every card (Play all), then walk to the first lit room: the board answers."""
    hand = widget.locator('.cw-hand [data-action="play"]')
    expect(hand).not_to_have_count(0)
    widget.locator('[data-action="play-all"]').click()
    expect(hand).to_have_count(0)
    expect(widget.locator('[data-role="status"]')).to_contain_text("Played")
    room = widget.locator('.cw-map [data-space-id][data-reachable="true"]').first
    room.scroll_into_view_if_needed()
    target = room.get_attribute("data-space-id")
    room.click()
    expect(widget.locator(f'.cw-map [data-space-id="{target}"] .cw-pawn-you')).to_have_count(1)
    return target


def test_the_start_game_in_jupyter_notebook_7(lab_page, tmp_path):
    pytest.importorskip("notebook", minversion="7")
    page = lab_page
    notebook = write_notebook(
        tmp_path / "nb7.ipynb",
        "import clankwidget.widget as cww\n"
        "w = cww.play(players=2, bots=['greedy'], seed=2, bot_delay=0)\nw",
    )
    widget = open_widget(page, notebook, app="notebook")
    assert "/notebooks/" in page.url
    target = _play_a_move(page, widget)
    wait_until(page, f"w.game.players[0].space == '{target}'")
    assert kernel_eval(page, "len(w.game.players[0].hand)") == 0
    # the board keeps its keys from Notebook 7 as from JupyterLab
    widget.locator(".cw-log").click()
    expect(widget.locator('[data-role="keys-state"]')).to_have_text("Keys active")
    for key in ["d", "d", "x", "a", "b", "m"]:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert cell_types(page) == ["code"]
    screenshot(page, "where-notebook7")
    # Notebook 7's own start-up may throw in its own code (a settings schema it reads, a
    # file browser command it calls before registering it); the board's code runs from a
    # blob: URL, so an error with a frame there is never ignored
    own = r"^(?![\s\S]*blob:)[\s\S]*/static/notebook/notebook_core\."
    assert page_errors(page, ignore=[own]) == []


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def marimo_app(tmp_path):
    """``marimo run`` of ``apps/marimo_board.py`` on 127.0.0.1 (its URL); stopped after."""
    pytest.importorskip("marimo")
    port = _free_port()
    env = dict(os.environ)
    env.update(
        HOME=str(tmp_path),
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p),
    )
    log = (tmp_path / "marimo.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "marimo", "run", str(APPS / "marimo_board.py"),
         "--headless", "--host", "127.0.0.1", "--port", str(port), "--no-token"],
        env=env, cwd=tmp_path, stdout=log, stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"marimo exited: {(tmp_path / 'marimo.log').read_text()[-2000:]}")
            try:
                urllib.request.urlopen(url, timeout=2).close()
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                if time.monotonic() > deadline:
                    pytest.fail("marimo did not answer in 60 s")
                time.sleep(0.3)
        yield url
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        log.close()


def test_the_start_game_in_a_marimo_app(chromium_browser, marimo_app):
    context = chromium_browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(marimo_app)
        widget = page.locator(".cw").first
        widget.locator(".cw-map [data-space-id]").first.wait_for(timeout=60_000)
        _play_a_move(page, widget)
        # the keys reach the board, not marimo: E ends the turn, and the bots play theirs
        turn = widget.locator(".cw-turnno")
        expect(turn).to_have_text("Turn 1")
        widget.locator(".cw-log").click()
        # marimo draws the widget in a shadow root: the chip and the keys work there too
        expect(widget.locator('[data-role="keys-state"]')).to_have_text("Keys active")
        page.keyboard.press("e")
        expect(turn).not_to_have_text("Turn 1", timeout=30_000)
        screenshot(page, "where-marimo")
        assert errors == []
    finally:
        context.close()
