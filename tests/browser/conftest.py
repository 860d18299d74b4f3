"""Browser tests: JupyterLab driven by Playwright in a real Chromium.

Fixtures (pytest injects them by name):

- ``chromium_executable`` (session): the path of the browser used. Found by, in order,
  ``$CLANKWIDGET_CHROMIUM``, ``/usr/bin/chromium`` (Debian's ``apt-get install chromium``),
  and Playwright's own (``python -m playwright install chromium``). With none, the tests
  skip and say how to get one; under ``CI`` they fail instead.
- ``lab_server`` (session): a JupyterLab on 127.0.0.1 with a throw-away HOME and root
  folder, no token, ``window.jupyterapp`` exposed. A :class:`LabServer`.
- ``chromium_browser`` (session): a Playwright ``Browser``.
- ``lab_page`` (function): a fresh ``Page`` on ``lab_server`` that records console
  errors and uncaught page errors; a screenshot is saved in ``test-artifacts/`` when the
  test fails.
- ``browser_errors`` (function): the list of :class:`BrowserError` that ``lab_page`` saw.

Helpers (import them with ``from .conftest import open_notebook, ...``):

- ``write_notebook(path, *cells) -> Path``
- ``open_notebook(page, path) -> str``
- ``open_widget(page, path, ready=MAP_SPACE, app="lab") -> Locator`` (open, run every
  cell, wait for the first widget's ``ready`` element; returns the widget)
- ``wait_for_kernel_idle(page, timeout=60) -> None``
- ``run_all_cells(page, *, wait=True, timeout=120) -> bool | None``
- ``cell_locator(page, index) -> Locator`` (the cell's element, any kind of cell)
- ``cell_types(page) -> list[str]`` (the open notebook's cells as their kinds)
- ``cell_output_text(page, index) -> str``
- ``kernel_exec(page, code, timeout=60) -> None``
- ``kernel_eval(page, expression, timeout=60) -> Any``
- ``wait_for_kernel_value(page, expression, expected, timeout=20) -> Any``
- ``page_errors(page, ignore=()) -> list[BrowserError]``
- ``screenshot(page, name) -> Path``

``kernel_exec`` and ``kernel_eval`` talk to the kernel of the notebook last opened in the
page, directly over ZeroMQ (``jupyter_client`` with the kernel's connection file) and
silently: nothing is added to the notebook, and the code runs after whatever the kernel is
busy with. A click in the page reaches the kernel by another channel, so after a click
poll with ``wait_for_kernel_value`` rather than reading once. When the test ends, the
kernels of the notebooks it opened are shut down.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

# What test modules may import (``from .conftest import *`` included). Never import the
# fixtures themselves: a fixture imported into a test module is a second definition there,
# and a second JupyterLab would start for that module.
__all__ = [
    "MAP_SPACE",
    "BrowserError",
    "KernelError",
    "LabServer",
    "cell_locator",
    "cell_output_text",
    "cell_types",
    "in_ci",
    "kernel_eval",
    "kernel_exec",
    "open_notebook",
    "open_widget",
    "page_errors",
    "run_all_cells",
    "screenshot",
    "wait_for_kernel_idle",
    "wait_for_kernel_value",
    "write_notebook",
]

CHROMIUM_ENV = "CLANKWIDGET_CHROMIUM"
DEBIAN_CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOW_TO_GET_A_BROWSER = (
    f"set {CHROMIUM_ENV}=/path/to/chromium, or install Debian's "
    "(`sudo apt-get install chromium`), or Playwright's "
    "(`python -m playwright install chromium`)"
)
# The status bar names the kernel and its state once a kernel is really attached; the
# toolbar's indicator says "idle" earlier, and running cells then opens a kernel dialog.
KERNEL_IDLE = re.compile(r"^(?!No Kernel).*\| Idle$")

# Console errors JupyterLab itself may print that say nothing about our code. Keep this
# short and specific: an error a widget causes must never match.
LAB_NOISE: tuple[re.Pattern[str], ...] = ()


# ---------------------------------------------------------------------------
# Finding a browser


def in_ci() -> bool:
    """True when the ``CI`` environment variable is set to something other than false."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no", "off")


def _unavailable(reason: str) -> None:
    """Skip on a user's machine; fail in CI, where the browser tests must run."""
    if in_ci():
        pytest.fail(f"{reason} (CI is set, so the browser tests must run)", pytrace=False)
    pytest.skip(reason)


def _executable(path: str) -> bool:
    return Path(path).is_file() and os.access(path, os.X_OK)


def find_chromium(playwright_chromium_path: str | None = None) -> tuple[str | None, list[str]]:
    """The Chromium to use and the places looked at (for the skip message)."""
    tried: list[str] = []
    named = os.environ.get(CHROMIUM_ENV, "").strip()
    if named:
        path = shutil.which(named) or named
        if _executable(path):
            return path, tried
        # Named explicitly: do not silently fall back to another browser.
        return None, [f"${CHROMIUM_ENV}={named} (no executable there)"]
    tried.append(f"${CHROMIUM_ENV} (not set)")
    if _executable(DEBIAN_CHROMIUM):
        return DEBIAN_CHROMIUM, tried
    tried.append(f"{DEBIAN_CHROMIUM} (missing)")
    if playwright_chromium_path and _executable(playwright_chromium_path):
        return playwright_chromium_path, tried
    tried.append(f"Playwright's chromium ({playwright_chromium_path or 'unknown path'}; missing)")
    return None, tried


@pytest.fixture(scope="session")
def _playwright() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        _unavailable(f"Playwright is not installed ({exc}); pip install -e '.[test]'")
    pw = sync_playwright().start()
    try:
        yield pw
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def chromium_executable(_playwright: Any) -> str:
    """Path of the Chromium the browser tests launch."""
    try:
        own = _playwright.chromium.executable_path
    except Exception:
        own = None
    path, tried = find_chromium(own)
    if path is None:
        _unavailable(
            f"No Chromium for the browser tests: {HOW_TO_GET_A_BROWSER}. Tried: " + "; ".join(tried)
        )
    return path


@pytest.fixture(scope="session")
def chromium_browser(_playwright: Any, chromium_executable: str) -> Iterator[Any]:
    """A headless Chromium driven by Playwright (sync API)."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        browser = _playwright.chromium.launch(
            executable_path=chromium_executable, args=CHROMIUM_ARGS, headless=True
        )
    except PlaywrightError as exc:
        _unavailable(f"Chromium at {chromium_executable} did not start: {exc}")
    try:
        yield browser
    finally:
        browser.close()


# ---------------------------------------------------------------------------
# The JupyterLab server


@dataclass
class LabServer:
    """A running JupyterLab started by the ``lab_server`` fixture."""

    url: str
    """Base URL, e.g. ``http://127.0.0.1:40123``."""
    root: Path
    """The server's root folder: notebooks opened by ``open_notebook`` are copied here."""
    home: Path
    """The throw-away HOME (settings, runtime files, kernel connection files)."""
    runtime_dir: Path
    log_path: Path
    process: subprocess.Popen[bytes]
    _clients: dict[str, Any] = field(default_factory=dict)

    def api(self, path: str, timeout: float = 10) -> Any:
        """GET ``path`` (e.g. ``/api/sessions``) and decode the JSON answer."""
        with urllib.request.urlopen(self.url + path, timeout=timeout) as response:
            return json.load(response)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def kernel_client(self, notebook: str, timeout: float = 60) -> Any:
        """A blocking ``jupyter_client`` client on the kernel of ``notebook`` (root-relative)."""
        kernel_id = self._kernel_id(notebook, timeout)
        client = self._clients.get(kernel_id)
        if client is None:
            from jupyter_client import BlockingKernelClient

            connection_file = self.runtime_dir / f"kernel-{kernel_id}.json"
            deadline = time.monotonic() + timeout
            while not connection_file.exists():
                if time.monotonic() > deadline:
                    raise RuntimeError(f"no connection file {connection_file}")
                time.sleep(0.2)
            client = BlockingKernelClient()
            client.load_connection_file(str(connection_file))
            client.start_channels()
            client.wait_for_ready(timeout=timeout)
            self._clients[kernel_id] = client
        return client

    def _kernel_id(self, notebook: str, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while True:
            for session in self.api("/api/sessions"):
                if session.get("path") == notebook and session.get("kernel"):
                    return session["kernel"]["id"]
            if time.monotonic() > deadline:
                raise RuntimeError(f"no kernel session for {notebook!r} after {timeout} s")
            time.sleep(0.25)

    def shut_down(self, notebook: str) -> None:
        """Shut down the kernel session of ``notebook`` (root-relative), if it has one."""
        for session in self.api("/api/sessions"):
            if session.get("path") != notebook:
                continue
            client = self._clients.pop((session.get("kernel") or {}).get("id"), None)
            if client is not None:
                client.stop_channels()
            request = urllib.request.Request(
                f"{self.url}/api/sessions/{session['id']}", method="DELETE"
            )
            with urllib.request.urlopen(request, timeout=30):
                pass

    def close_clients(self) -> None:
        for client in self._clients.values():
            client.stop_channels()
        self._clients.clear()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


_LAB: LabServer | None = None
_ARTIFACTS: Path | None = None


@pytest.fixture(scope="session")
def artifacts_dir(request: pytest.FixtureRequest) -> Path:
    """``<repo>/test-artifacts`` (gitignored): screenshots and server logs."""
    global _ARTIFACTS
    _ARTIFACTS = Path(request.config.rootpath) / "test-artifacts"
    _ARTIFACTS.mkdir(exist_ok=True)
    return _ARTIFACTS


@pytest.fixture(scope="session")
def lab_server(
    tmp_path_factory: pytest.TempPathFactory, artifacts_dir: Path
) -> Iterator[LabServer]:
    """Start JupyterLab for the session; stop it with SIGTERM to its own PID."""
    global _LAB
    home = tmp_path_factory.mktemp("lab-home")
    root = tmp_path_factory.mktemp("lab-root")
    settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    notification = settings / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    runtime_dir = home / ".local" / "share" / "jupyter" / "runtime"
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        JUPYTER_CONFIG_DIR=str(home / ".jupyter"),
        JUPYTER_DATA_DIR=str(home / ".local" / "share" / "jupyter"),
        JUPYTER_RUNTIME_DIR=str(runtime_dir),
        JUPYTERLAB_SETTINGS_DIR=str(home / ".jupyter" / "lab" / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / ".jupyter" / "lab" / "workspaces"),
        IPYTHONDIR=str(home / ".ipython"),
        PYTHONUNBUFFERED="1",
        # The kernels import the clankwidget of this checkout (its widget bundle too),
        # not whichever one is installed in the environment (an editable install of
        # another worktree, say).
        PYTHONPATH=os.pathsep.join(
            p for p in (str(Path(__file__).resolve().parents[2]), os.environ.get("PYTHONPATH")) if p
        ),
    )
    port = _free_port()
    log_path = home / "jupyterlab.log"
    command = [
        sys.executable, "-m", "jupyterlab",
        "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
        "--IdentityProvider.token=",
        f"--ServerApp.root_dir={root}", "--ServerApp.port_retries=0",
        "--LabApp.expose_app_in_browser=True",
        # Jupyter Notebook 7 (the same server, /notebooks/...) shows window.jupyterapp too
        "--JupyterNotebookApp.expose_app_in_browser=True",
        "--ServerApp.disable_check_xsrf=True",  # lets LabServer.shut_down DELETE sessions
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command, env=env, cwd=root, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    lab = LabServer(f"http://127.0.0.1:{port}", root, home, runtime_dir, log_path, process)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"JupyterLab exited with {process.returncode}:\n{lab.log_tail()}")
            try:
                lab.api("/api/status", timeout=2)
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer in 60 s:\n{lab.log_tail()}")
            time.sleep(0.2)
        _LAB = lab
        yield lab
    finally:
        _LAB = None
        lab.close_clients()
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # shuts its kernels down, then exits
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        shutil.copy(log_path, artifacts_dir / "jupyterlab.log")


# ---------------------------------------------------------------------------
# Pages and what they report


@dataclass
class BrowserError:
    """A console error or an uncaught exception seen in the page."""

    kind: str  # "console" or "pageerror"
    text: str
    url: str = ""

    def __str__(self) -> str:
        where = f" ({self.url})" if self.url else ""
        return f"[{self.kind}] {self.text}{where}"


_PAGE_ERRORS: dict[int, list[BrowserError]] = {}
_PAGE_NOTEBOOKS: dict[int, list[str]] = {}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"_clank_report_{report.when}", report)
    return report


@pytest.fixture
def lab_page(
    chromium_browser: Any, lab_server: LabServer, request: pytest.FixtureRequest
) -> Iterator[Any]:
    """A new page on ``lab_server`` (sync Playwright ``Page``), errors recorded."""
    context = chromium_browser.new_context(
        base_url=lab_server.url, viewport={"width": 1400, "height": 900}
    )
    context.set_default_timeout(30_000)
    page = context.new_page()
    errors: list[BrowserError] = []
    _PAGE_ERRORS[id(page)] = errors

    def on_console(message: Any) -> None:
        if message.type == "error":
            errors.append(BrowserError("console", message.text, message.location.get("url", "")))

    def on_page_error(error: Any) -> None:
        errors.append(BrowserError("pageerror", error.stack or error.message))

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    try:
        yield page
    finally:
        report = getattr(request.node, "_clank_report_call", None)
        if report is not None and report.failed:
            name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)[-120:]
            try:
                print(f"screenshot: {screenshot(page, 'FAILED-' + name)}")
            except Exception as exc:  # the page may be gone; keep the real failure
                print(f"no screenshot: {exc}")
            for error in errors:
                print(error)
        _PAGE_ERRORS.pop(id(page), None)
        context.close()
        for notebook in _PAGE_NOTEBOOKS.pop(id(page), []):
            try:  # one kernel per notebook: do not let them pile up over a session
                lab_server.shut_down(notebook)
            except Exception as exc:
                print(f"could not shut down the kernel of {notebook}: {exc}")


@pytest.fixture
def browser_errors(lab_page: Any) -> list[BrowserError]:
    """Console errors and page errors ``lab_page`` has seen so far (a live list)."""
    return _PAGE_ERRORS[id(lab_page)]


def page_errors(page: Any, ignore: Iterable[str | re.Pattern[str]] = ()) -> list[BrowserError]:
    """Errors the page reported, less known JupyterLab noise and the ``ignore`` regexes."""
    patterns = [*LAB_NOISE, *(re.compile(p) if isinstance(p, str) else p for p in ignore)]
    return [
        error
        for error in _PAGE_ERRORS.get(id(page), [])
        if not any(pattern.search(error.text) for pattern in patterns)
    ]


def screenshot(page: Any, name: str) -> Path:
    """Save a full-window PNG as ``test-artifacts/<name>.png`` and return its path."""
    folder = _ARTIFACTS or Path.cwd() / "test-artifacts"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# ---------------------------------------------------------------------------
# Notebooks in the page


def write_notebook(path: str | os.PathLike[str], *cells: str | dict[str, Any]) -> Path:
    """Write a notebook of code cells (strings) or cells given as nbformat dicts."""
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    notebook.cells = [
        nbformat.v4.new_code_cell(cell) if isinstance(cell, str) else nbformat.from_dict(cell)
        for cell in cells
    ]
    path = Path(path)
    nbformat.write(notebook, path)
    return path


def _lab() -> LabServer:
    if _LAB is None:
        raise RuntimeError("no JupyterLab running: use the lab_page fixture")
    return _LAB


def open_notebook(page: Any, path: str | os.PathLike[str], app: str = "lab") -> str:
    """Copy the notebook at ``path`` into the server's root and open the copy in ``page``
    (in JupyterLab, or with ``app="notebook"`` in Jupyter Notebook 7: the same server).

    The copy gets a unique name (autosave never touches the original). Returns that name,
    relative to the server root. Waits until the first cell is on screen; the kernel may
    still be starting: call :func:`wait_for_kernel_idle` before running cells.
    """
    lab = _lab()
    source = Path(path)
    name = f"{source.stem}-{uuid.uuid4().hex[:8]}.ipynb"
    shutil.copyfile(source, lab.root / name)
    _PAGE_NOTEBOOKS.setdefault(id(page), []).append(name)
    where = {"lab": f"/lab/tree/{name}?reset", "notebook": f"/notebooks/{name}"}[app]
    page.goto(lab.url + where)
    page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    return name


#: a space of the drawn board: what most tests wait for before they touch a widget
MAP_SPACE = ".cw-map [data-space-id]"


def open_widget(
    page: Any, path: str | os.PathLike[str], ready: str = MAP_SPACE, app: str = "lab"
) -> Any:
    """Open the notebook at ``path`` (:func:`open_notebook`), run all its cells, which must
    all succeed, and wait until the first widget (``.cw``) shows an element matching
    ``ready``. Returns the widget's locator."""
    open_notebook(page, path, app=app)
    wait_for_kernel_idle(page, app=app)
    assert run_all_cells(page) is True, f"a cell of {Path(path).name} raised"
    widget = page.locator(".cw").first
    widget.locator(ready).first.wait_for(timeout=30_000)
    return widget


def wait_for_kernel_idle(page: Any, timeout: float = 60, app: str = "lab") -> None:
    """Wait until the status bar says ``<kernel name> | Idle`` (in Notebook 7, which has
    none: until the page's session has a connected, idle kernel)."""
    if app == "notebook":
        page.wait_for_function(
            """() => {
              const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
              const k = w && w.sessionContext && w.sessionContext.session
                && w.sessionContext.session.kernel;
              return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
            }""",
            timeout=timeout * 1000,
        )
        return
    page.locator(".jp-StatusBar-TextItem").filter(has_text=KERNEL_IDLE).first.wait_for(
        timeout=timeout * 1000
    )


def run_all_cells(page: Any, *, wait: bool = True, timeout: float = 120) -> bool | None:
    """Run every cell of the open notebook (like Run > Run All Cells).

    With ``wait`` (the default), return once every cell has finished: ``True`` when all
    ran without error, ``False`` when one raised (later cells are then skipped). Widgets
    render shortly after; wait for their elements with Playwright locators.
    """
    wait_for_kernel_idle(page, app="notebook" if "/notebooks/" in page.url else "lab")
    # evaluate() has no timeout, so do not await the command's promise there: record its
    # outcome on window and poll for it with wait_for_function, which has one.
    page.evaluate(
        """() => {
          window.__clankRunAll = undefined;
          window.jupyterapp.commands.execute('notebook:run-all-cells').then(
            (ok) => { window.__clankRunAll = { ok: ok !== false }; },
            (error) => { window.__clankRunAll = { ok: false, error: String(error) }; },
          );
        }"""
    )
    if not wait:
        return None
    page.wait_for_function("() => window.__clankRunAll !== undefined", timeout=timeout * 1000)
    outcome = page.evaluate("() => window.__clankRunAll")
    if outcome.get("error"):
        raise RuntimeError(f"notebook:run-all-cells failed: {outcome['error']}")
    return bool(outcome["ok"])


def cell_locator(page: Any, index: int) -> Any:
    """Playwright locator of cell ``index`` (0-based, all kinds of cell) of the notebook."""
    return page.locator(
        f".jp-NotebookPanel .jp-Notebook .jp-Cell[data-windowed-list-index='{index}']"
    )


def cell_types(page: Any) -> list[str]:
    """The open notebook's cells as their kinds ("code", "markdown"...), read from the
    app's model: what a key that reached the notebook would change."""
    return page.evaluate(
        """() => {
          const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
          const out = [];
          for (let i = 0; i < cells.length; i++) out.push(cells.get(i).type);
          return out;
        }"""
    )


def cell_output_text(page: Any, index: int) -> str:
    """The text of cell ``index``'s outputs as shown in the page ("" when it has none)."""
    cell = cell_locator(page, index)
    cell.scroll_into_view_if_needed()
    outputs = cell.locator(".jp-OutputArea-output")
    return "\n".join(text.strip() for text in outputs.all_text_contents())


# ---------------------------------------------------------------------------
# The notebook's kernel


class KernelError(AssertionError):
    """Code run by ``kernel_exec``/``kernel_eval`` raised in the kernel."""


def _notebook_of(page: Any) -> str:
    try:
        return _PAGE_NOTEBOOKS[id(page)][-1]
    except (KeyError, IndexError):
        raise RuntimeError("open a notebook with open_notebook(page, path) first") from None


def _check(content: dict[str, Any], what: str) -> None:
    if content.get("status") != "ok":
        trace = "\n".join(content.get("traceback", []))
        trace = re.sub(r"\x1b\[[0-9;]*m", "", trace)  # drop terminal colours
        raise KernelError(f"{what} raised {content.get('ename')}: {content.get('evalue')}\n{trace}")


def kernel_exec(page: Any, code: str, timeout: float = 60) -> None:
    """Run ``code`` silently in the kernel of the page's notebook; raise if it raises."""
    client = _lab().kernel_client(_notebook_of(page), timeout)
    reply = client.execute(code, silent=True, store_history=False, reply=True, timeout=timeout)
    _check(reply["content"], "kernel code")


def kernel_eval(page: Any, expression: str, timeout: float = 60) -> Any:
    """Evaluate ``expression`` in the kernel of the page's notebook and return its value.

    The value travels as JSON, so the expression must give something ``json.dumps`` takes
    (numbers, strings, lists, dicts, booleans, None).
    """
    client = _lab().kernel_client(_notebook_of(page), timeout)
    wrapped = f"__import__('json').dumps({expression})"
    reply = client.execute(
        "", silent=True, store_history=False, user_expressions={"value": wrapped},
        reply=True, timeout=timeout,
    )  # fmt: skip
    _check(reply["content"], "kernel request")
    result = reply["content"]["user_expressions"]["value"]
    _check(result, repr(expression))
    return json.loads(ast.literal_eval(result["data"]["text/plain"]))


def saved_file(page: Any, widget: Any) -> Path:
    """The file a board's Save just wrote: the name its status line gives, in the kernel's
    working folder (next to the notebook)."""
    status = widget.locator('[data-role="status"]').inner_text()
    found = re.search(r"clank-[\w-]+\.json", status)
    assert found, f"no saved file named in the status line: {status!r}"
    path = Path(kernel_eval(page, "__import__('os').getcwd()")) / found.group()
    assert path.is_file(), path
    return path


def wait_for_kernel_value(page: Any, expression: str, expected: Any, timeout: float = 20) -> Any:
    """Poll ``kernel_eval(page, expression)`` until it equals ``expected``; return it."""
    deadline = time.monotonic() + timeout
    while True:
        value = kernel_eval(page, expression)
        if value == expected:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(
                f"kernel: {expression} == {value!r}, expected {expected!r} within {timeout} s"
            )
        time.sleep(0.1)


def wait_until(page: Any, expression: str, timeout: float = 30) -> None:
    """Poll a kernel expression until it is truthy."""
    wait_for_kernel_value(page, f"bool({expression})", True, timeout)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test in this folder is a browser test, marked or not."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)
