"""Drive the notebooks in a real browser: a Voilà (or JupyterLab) server, the system's Chromium, and
helpers that find plateau_lab's widgets in the page, click them and time the answer.

Used by the browser tests (``tests/browser/``) and by ``benchmarks/bench_browser.py``. Chromium is
Debian's ``chromium`` package (``/usr/bin/chromium``); Playwright only drives it and never downloads
a browser of its own.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from plateau_lab.core import GAME_NAMES

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"

CHROMIUM = os.environ.get("PLATEAU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SKIP_VARIABLE = "PLATEAU_SKIP_BROWSER"

INSTALL_HINT = (
    f"The browser tests need Chromium at {CHROMIUM}. Install Debian's package as root: "
    "`apt-get update && apt-get install -y chromium` (`make test` does this when run as root), "
    "or point PLATEAU_CHROMIUM at another Chromium. To skip the browser tests on purpose, set "
    f"{SKIP_VARIABLE}=1 (they then show as skipped)."
)

# The page must not reach the internet (CI has no network): requests to other hosts (Voilà's
# font-awesome stylesheet on a CDN, JupyterLab's news feed) are answered locally with nothing.
LOCAL_URL = re.compile(r"^(http|ws)://127\.0\.0\.1[:/]|^(data|blob|about):")
KERNEL_ERROR = re.compile(rb'"msg_type":\s*"error"')
# What an error looks like inside a rendered notebook: a traceback output or text on stderr.
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
TOP_LEVEL_WIDGETS = ".jp-OutputArea-output > .jupyter-widgets"
ERROR_OUTPUTS = ('[data-mime-type="application/vnd.jupyter.stderr"], '
                 '[data-mime-type="application/vnd.jupyter.error"]')


# Figures measured by the tests, per notebook: printed at the end of the run, kept in timings.json.
TIMINGS: dict[str, dict] = {}


def record(notebook: str, key: str, value) -> None:
    TIMINGS.setdefault(notebook, {})[key] = value


def chromium_problem() -> str | None:
    """Why the system's Chromium cannot be used, or None when it can."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"Chromium not found at {CHROMIUM}. " + INSTALL_HINT
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return ("The Python package `playwright` is missing: `pip install -e .[test]` installs it "
                "(no `playwright install`: the tests use the system's Chromium). " + INSTALL_HINT)
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """A Jupyter server (Voilà or JupyterLab) started as a child process, with its log in a file."""

    name: str
    url: str
    process: subprocess.Popen
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)   # the server shuts its kernels down
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        try:   # kernels left behind by a server that did not finish its shutdown
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _start_server(name: str, arguments: list[str], *, ready_path: str, workdir: Path,
                  env: dict[str, str] | None = None, timeout: float = 90) -> Server:
    port = free_port()
    log_path = workdir / f"{name}.log"
    command = [sys.executable, "-m", *[a.format(port=port) for a in arguments]]
    with open(log_path, "wb") as log:
        # sys.executable: the kernelspec "python3" says `python`, which jupyter_client replaces by
        # the server's own interpreter, so the kernels run this environment's Python.
        process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})},
                                   start_new_session=True)
    server = Server(name, f"http://127.0.0.1:{port}", process, log_path)
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with code {process.returncode}:\n{server.log()[-3000:]}")
        try:
            with urllib.request.urlopen(server.url + ready_path, timeout=5) as answer:
                if answer.status == 200:
                    return server
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"{name} did not answer within {timeout:.0f} s:\n{server.log()[-3000:]}")
        time.sleep(0.25)


#: The classroom's page template (``classroom/voila.py``): the lesson's text shows before the page's scripts run.
PAGE_TEMPLATE = "plateau"
PAGE_TEMPLATES = ROOT / "classroom" / "jupyter"
VOILA_ENV = {"JUPYTER_PREFER_ENV_PATH": "1",
             "JUPYTER_PATH": os.pathsep.join(filter(None, [str(PAGE_TEMPLATES), os.environ.get("JUPYTER_PATH")]))}


def start_voila(workdir: Path, notebook_dir: Path = NOTEBOOKS) -> Server:
    """``python -m voila --no-browser notebooks/``, with the classroom's page template: one server for
    every notebook of the folder."""
    return _start_server("voila", ["voila", "--no-browser", "--port={port}", "--Voila.ip=127.0.0.1",
                                   "--show_tracebacks=True", f"--template={PAGE_TEMPLATE}", str(notebook_dir)],
                         ready_path="/", workdir=workdir, env=VOILA_ENV)


def start_lab(workdir: Path, notebook_dir: Path) -> Server:
    """JupyterLab on ``notebook_dir`` (a copy: running cells would otherwise autosave the originals),
    with private settings and workspaces, and the application exposed to the page's scripts."""
    settings = workdir / "lab-user"
    (settings / "workspaces").mkdir(parents=True, exist_ok=True)
    (settings / "config" / "labconfig").mkdir(parents=True, exist_ok=True)
    (settings / "config" / "labconfig" / "page_config.json").write_text(   # no "Jupyter news?" pop-up
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    env = {"JUPYTER_CONFIG_DIR": str(settings / "config"), "JUPYTER_RUNTIME_DIR": str(settings / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(settings / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(settings / "workspaces"), "JUPYTER_PREFER_ENV_PATH": "1"}
    return _start_server("lab", ["jupyter", "lab", "--no-browser", "--port={port}", "--ServerApp.ip=127.0.0.1",
                                 "--IdentityProvider.token=", "--ServerApp.password=",
                                 "--ServerApp.disable_check_xsrf=True", "--ServerApp.allow_root=True",
                                 "--LabApp.expose_app_in_browser=True", f"--ServerApp.root_dir={notebook_dir}"],
                         ready_path="/lab", workdir=workdir, env=env)


@contextmanager
def chromium_context(playwright):
    """A fresh Chromium profile (a new user-data dir) driven by Playwright; no outside network."""
    with tempfile.TemporaryDirectory(prefix="plateau-chromium-") as fresh:
        context = playwright.chromium.launch_persistent_context(
            fresh, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1280, "height": 900})
        context.route(lambda url: not LOCAL_URL.match(url), lambda route: route.fulfill(status=204, body=""))
        try:
            yield context
        finally:
            context.close()


@dataclass
class PageWatch:
    """Everything that went wrong in a page: script errors, console errors, kernel errors."""

    page: object
    script_errors: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    kernel_errors: list[str] = field(default_factory=list)
    cells_run: set[int] = field(default_factory=set)        # progressive rendering: the cells run so far
    cells_total: int | None = None

    def __post_init__(self):
        self.page.on("pageerror", lambda error: self.script_errors.append(str(error)))
        self.page.on("console", self._console)
        self.page.on("websocket", lambda socket_: socket_.on("framereceived", self._frame))

    def _console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _frame(self, payload) -> None:
        # Kernel messages (binary or JSON websocket protocol) carry their header as JSON text.
        data = payload if isinstance(payload, bytes) else payload.encode()
        if b'"execution_result"' in data:      # progressive rendering: a cell ran (Voila's execution socket)
            result = json.loads(data)["payload"]
            self.cells_run.add(result["cell_index"])
            self.cells_total = result["total_cell"]
        if KERNEL_ERROR.search(data):
            text = data.decode("utf-8", "replace")
            found = {key: re.search(rf'"{key}":\s*"((?:[^"\\]|\\.)*)"', text) for key in ("ename", "evalue")}
            self.kernel_errors.append(": ".join(match.group(1) for match in found.values() if match)
                                      or text[-1000:])

    def wait_for_cells(self, timeout_ms: float = 90_000) -> None:
        """With progressive rendering (plain ``voila``, voila.json), the page shows before its cells run:
        wait until Voila has sent every cell's result, so that an error or a warning is in the page
        before anyone looks for it. Without it (``make classroom``), every cell ran before the page."""
        if not self.page.evaluate(_PROGRESSIVE):
            return
        deadline = time.monotonic() + timeout_ms / 1000
        while self.cells_total is None or len(self.cells_run) < self.cells_total:
            if time.monotonic() > deadline:
                raise AssertionError(f"Voila ran {len(self.cells_run)} of {self.cells_total or 'the'} cells of the "
                                     f"page within {timeout_ms / 1000:.0f} s; " + "; ".join(self.problems()))
            self.page.wait_for_timeout(100)

    def problems(self) -> list[str]:
        shown = [text for text in self.page.locator(ERROR_OUTPUTS).all_inner_texts() if text.strip()]
        return ([f"error or warning (stderr) shown in the page: {text[:1500]}" for text in shown]
                + [f"script error: {text}" for text in self.script_errors]
                + [f"console error: {text}" for text in self.console_errors]
                + [f"kernel error message: {text}" for text in self.kernel_errors])


def open_in_voila(context, server: Server, notebook: str, *, timeout_ms: float = 90_000):
    """Open ``notebook`` in Voilà and wait until every cell ran and every widget is drawn.

    Returns (page, watch, seconds from the request to the last widget on screen)."""
    page = context.new_page()
    watch = PageWatch(page)
    start = time.perf_counter()
    page.goto(f"{server.url}/voila/render/{notebook}", timeout=timeout_ms)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    watch.wait_for_cells(timeout_ms)                                                    # all cells ran
    wait_for_widgets(page, widget_outputs(notebook), timeout_ms=timeout_ms, watch=watch)
    return page, watch, time.perf_counter() - start


def widget_outputs(notebook: str) -> int:
    """How many widgets the committed (executed) notebook displays: cell outputs of widget type."""
    cells = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return sum(WIDGET_MIME in output.get("data", {}) for cell in cells for output in cell.get("outputs", []))


def wait_for_widgets(page, expected: int, *, timeout_ms: float = 90_000, watch: PageWatch | None = None) -> None:
    """Wait until ``expected`` widgets are drawn as cell outputs (ipywidgets draws views asynchronously);
    if they are not, say what the page shows, and what went wrong in it (``watch``)."""
    try:
        page.wait_for_function(f"() => document.querySelectorAll({TOP_LEVEL_WIDGETS!r}).length >= {expected}",
                               timeout=timeout_ms)
    except Exception as error:   # playwright's TimeoutError: say what was missing
        drawn = page.locator(TOP_LEVEL_WIDGETS).count()
        undrawn, cells = page.evaluate(_UNDRAWN_WIDGETS), page.evaluate(_CELLS_IN_TROUBLE)
        raise AssertionError(f"only {drawn} of the {expected} widgets of the notebook were drawn "
                             f"within {timeout_ms / 1000:.0f} s; where one is missing, the page shows: "
                             f"{undrawn}; cells still running: {cells['running']}; error outputs: "
                             f"{cells['errors']}; code cells: {cells['cells']}; page {cells['page']}; "
                             f"notebook: {cells['notebook']}; " + "; ".join(watch.problems() if watch else [])) from error


# Whether the page renders progressively: its cells run after it shows (Voila's page configuration).
_PROGRESSIVE = """() => {
  const config = document.getElementById('jupyter-config-data');
  return Boolean(config && JSON.parse(config.textContent).progressiveRendering);
}"""


# Where a widget should be and is not: an output area without a widget view that has no MIME type of
# its own (the page draws a widget's view into an empty one) or the widget-view type (JupyterLab's,
# where a view that failed says why), and a widget-view placeholder the page left undrawn; each as the
# start of its HTML.
_UNDRAWN_WIDGETS = f"""() => [
  ...[...document.querySelectorAll('.jp-OutputArea-output:not([data-mime-type]), .jp-OutputArea-output[data-mime-type="{WIDGET_MIME}"]')]
     .filter(output => !output.querySelector(':scope > .jupyter-widgets')),
  ...document.querySelectorAll('script[type="{WIDGET_MIME}"]')].map(element => element.outerHTML.slice(0, 300))"""


# Cells a notebook page (JupyterLab's) shows as still running ("[*]:"), the error outputs it shows, and
# each code cell as its prompt and its outputs' types ("+view" where a widget view is drawn in one).
_CELLS_IN_TROUBLE = f"""() => ({{
  running: [...document.querySelectorAll('.jp-InputPrompt')].filter(prompt => prompt.innerText.includes('*')).length,
  errors: [...document.querySelectorAll({ERROR_OUTPUTS!r})].map(output => output.innerText.slice(-400)),
  page: document.visibilityState + (document.hasFocus() ? ', focused' : ', not focused'),
  notebook: (() => {{
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    if (!panel || !panel.content || !panel.content.widgets) return 'no JupyterLab notebook';
    const cells = panel.content.widgets;
    return `${{cells.length}} cells of ${{panel.content.model.cells.length}} in the model, ` +
      `${{cells.filter(cell => cell.isPlaceholder && cell.isPlaceholder()).length}} placeholders, ` +
      `${{cells.filter(cell => cell.node.isConnected).length}} in the page; executed: ` +
      cells.filter(cell => cell.model.type === 'code').map(cell =>
        `${{cell.model.executionCount ?? '-'}}/${{cell.model.outputs.length}}`).join(' ');
  }})(),
  cells: [...document.querySelectorAll('.jp-CodeCell')].map(cell =>
    (cell.querySelector('.jp-InputPrompt') || {{innerText: '?'}}).innerText.trim() + ' ' +
    [...cell.querySelectorAll('.jp-OutputArea-output')].map(output =>
      (output.dataset.mimeType || 'none').replace('application/vnd.jupyter.', '') +
      (output.querySelector(':scope > .jupyter-widgets') ? '+view' : '')).join(','))}})"""


def step_viewers(page):
    return page.locator(".plateau-step-viewer")


def _picture(widget, index: int):
    """The HTML picture of a StepViewer (its 2nd HTML child)."""
    return widget.locator(":scope > .widget-html").nth(index).locator(".widget-html-content")


def step_viewer_picture(viewer):
    return _picture(viewer, 1)


# Times, inside the page, from the click event on a button to the moment a picture's content changes
# (a MutationObserver) and to the frame after that (two animation frames: the new picture painted).
_ARM_TIMER = """([button, picture]) => {
  const before = picture.innerHTML;
  window.__plateauTiming = new Promise((resolve, reject) => {
    let clicked = null;
    button.addEventListener('click', event => { clicked = performance.now(); }, {capture: true, once: true});
    const observer = new MutationObserver(() => {
      if (clicked === null || picture.innerHTML === before) return;
      const changed = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() =>
        resolve({changed_ms: changed - clicked, painted_ms: performance.now() - clicked})));
    });
    observer.observe(picture, {childList: true, subtree: true, characterData: true, attributes: true});
    setTimeout(() => { observer.disconnect(); reject(new Error('the picture did not change within 20 s')); }, 20000);
  });
}"""


def click_and_time(page, button, picture) -> dict:
    """Click ``button`` like a person (Playwright's mouse) and return how long until ``picture`` changed:
    {"changed_ms", "painted_ms", "before", "after"} (the picture's HTML before and after)."""
    before = picture.inner_html()
    page.evaluate(_ARM_TIMER, [button.element_handle(), picture.element_handle()])
    button.click()
    timing = page.evaluate("() => window.__plateauTiming")
    return {**timing, "before": before, "after": picture.inner_html()}


def forward(page, viewer) -> dict:
    """Press the StepViewer's "forward ▶" and time the new picture."""
    button = viewer.get_by_role("button", name="forward ▶", exact=True)
    return click_and_time(page, button, step_viewer_picture(viewer))


def open_in_lab(context, server: Server, notebook: str, *, timeout_ms: float = 120_000):
    """Open ``notebook`` in JupyterLab, run all cells, wait for the widgets. Returns (page, watch, seconds)."""
    page = context.new_page()
    watch = PageWatch(page)
    start = time.perf_counter()
    page.goto(f"{server.url}/lab/tree/{notebook}", timeout=timeout_ms)
    page.wait_for_function(
        """() => window.jupyterapp && window.jupyterapp.shell.currentWidget
                 && window.jupyterapp.shell.currentWidget.sessionContext
                 && window.jupyterapp.shell.currentWidget.sessionContext.session
                 && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel
                 && window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.connectionStatus === 'connected'""",
        timeout=timeout_ms)
    # The command's promise resolves once every cell has run (NotebookActions.runAll).
    page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    wait_for_widgets(page, widget_outputs(notebook), timeout_ms=timeout_ms, watch=watch)
    return page, watch, time.perf_counter() - start


def copy_notebooks(target: Path) -> Path:
    shutil.copytree(NOTEBOOKS, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return target


# ---------------------------------------------------------------- the play table (plateau_lab.ui.table)

TABLE_NOTEBOOK = "play_table.ipynb"      # next to this file: one PlayTable per game


def open_table_notebook(context, server: Server, *, timeout_ms: float = 120_000):
    """Open ``tests/browser/play_table.ipynb`` in Voilà (``server`` serves this folder) and wait for
    its tables, one per registered game. Returns (page, watch)."""
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{server.url}/voila/render/{TABLE_NOTEBOOK}", timeout=timeout_ms)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    page.wait_for_function("n => document.querySelectorAll('.plateau-play-table .pl-clickable svg').length >= n",
                           arg=len(GAME_NAMES), timeout=timeout_ms)
    return page, watch


def tables(page):
    return page.locator(".plateau-play-table")


def table_picture(table):
    """The clickable picture of a PlayTable (its SVG is redrawn inside this element)."""
    return table.locator(".pl-clickable").first


def lit_targets(table) -> list[str]:
    """The targets lit in a table's picture now, read at once (the picture is redrawn as a whole)."""
    return table_picture(table).evaluate(
        "p => [...p.querySelectorAll('.pl-legal[data-target]')].map(part => part.getAttribute('data-target'))")


def click_and_wait(page, table, part, *, click_timeout: float = 120_000, timeout_ms: float = 120_000) -> None:
    """Click ``part`` of a table's picture like a person (within ``click_timeout`` ms, near its
    top-left corner: cards in a hand may overlap) and wait until the picture changes."""
    picture = table_picture(table)
    before = picture.inner_html()
    part.click(position={"x": 5, "y": 12}, timeout=click_timeout)
    page.wait_for_function("([p, before]) => p.innerHTML !== before", arg=[picture.element_handle(), before],
                           timeout=timeout_ms)


def voila_on_the_tests_folder(browser, workdir: Path, name: str):
    """Voilà serving this folder's notebooks (the table tests' own), from ``workdir / name``: a
    generator for a module's fixture (``yield from``), stopped when the module ends."""
    browser.require()
    (workdir / name).mkdir(exist_ok=True)
    server = start_voila(workdir / name, notebook_dir=Path(__file__).parent)
    try:
        yield server
    finally:
        server.stop()


def click_to_the_end(page, table, most_clicks: int, *, may_light=lambda target: True,
                     timeout_ms: float = 120_000) -> None:
    """Play a table's game to its end by clicks: the first lit part each time (every lit target
    passing ``may_light``), Next when the table pauses; then the end and its score sheet are shown."""
    for _ in range(most_clicks):
        if "Game over" in table.inner_text():
            break
        next_button = table.get_by_role("button", name="Next")
        if next_button.is_visible():
            next_button.click()
            page.wait_for_timeout(200)
        elif table.locator(".pl-legal").count():
            lit = lit_targets(table)
            assert all(map(may_light, lit)), lit
            click_and_wait(page, table, table.locator(".pl-legal").first, timeout_ms=timeout_ms)
        else:
            page.wait_for_timeout(200)
    assert "Game over" in table.inner_text(), table.inner_text()[:600]
    assert "Where the points came from" in table.inner_text()


def click_target_and_time(page, table, *, which: int = 0) -> dict:
    """Click the ``which``-th highlighted (legal) part of a table's picture like a person, near its
    top-left corner (cards in a hand overlap), and time until the picture changes: as :func:`click_and_time`."""
    target = table.locator(".pl-legal").nth(which)
    picture = table_picture(table)
    before = picture.inner_html()
    page.evaluate(_ARM_TIMER, [target.element_handle(), picture.element_handle()])
    target.click(position={"x": 5, "y": 12})
    timing = page.evaluate("() => window.__plateauTiming")
    return {**timing, "before": before, "after": picture.inner_html()}


#: Buttons of a play table that are not a move (the rest of its buttons are moves worded like the log).
TABLE_BUTTONS = {"Take back", "Hint", "Review my game", "Analyse this game", "Show my cards", "Next",
                 "Start the new game", "Load", "Choose a file", "put the card back"}


def seat_everyone_at_one_screen(page, table, players: int, *, timeout_ms: float = 60_000) -> None:
    """In ``table``'s New game panel, make every seat a human's (hot-seat: ``players`` learners at one
    screen) and start the game; wait until the table says they share the screen."""
    start = table.get_by_role("button", name="Start the new game")
    if not start.is_visible():
        table.get_by_text("New game", exact=True).click()
    start.wait_for(state="visible", timeout=timeout_ms)
    for other in range(1, players):
        table.locator(f'.widget-dropdown:has(label:text-is("player {other}")) select').select_option("human")
    start.click()
    table.get_by_text("share this screen").first.wait_for(timeout=timeout_ms)


def hand_the_screen_on(page, table, *, timeout_ms: float = 60_000) -> str:
    """Hot-seat, as the learners do it: whoever's cards show makes a move (clicking the first
    highlighted part, and the first move button where the move needs one), until the table asks to
    pass the screen; checks that no card is face up then and that the table's words say what an
    onlooker sees (every hand face down, the scores), presses Show my cards, and returns the
    status line of the player the screen was passed to ("Player N, your turn: …")."""
    picture = table_picture(table)
    show = table.locator("button", has_text="Show my cards")   # in the page even while hidden
    deadline = time.monotonic() + timeout_ms / 1000
    while not show.is_visible():
        if time.monotonic() > deadline:
            table.screenshot(path=str(SCREENSHOTS / "hot-seat-stuck.png"))
            raise AssertionError(f"the table never asked to pass the screen; it says: {table.inner_text()[:600]}")
        before = picture.inner_html()
        moves = [button for button in table.locator("button").all()
                 if button.is_visible() and button.is_enabled() and button.inner_text().strip() not in TABLE_BUTTONS]
        if table.locator(".pl-legal").count():
            try:    # a lit part seen just before the picture is redrawn may be gone: look again
                table.locator(".pl-legal").first.click(position={"x": 5, "y": 12}, timeout=3_000)
            except Exception:   # playwright's TimeoutError (imported here only once Chromium is there)
                continue
        elif moves:
            moves[0].click()
        else:
            page.wait_for_timeout(200)
            continue
        page.wait_for_function("([p, html, button]) => p.innerHTML !== html || button.offsetParent !== null",
                               arg=[picture.element_handle(), before, show.element_handle()], timeout=timeout_ms)
    passing = table.get_by_text("Pass the screen to player").first.inner_text()
    assert picture.locator('[data-target^="card "]').count() == 0, "a card is face up while the screen is passed"
    assert picture.locator(".pl-legal").count() == 0
    words = table.locator(".pl-words").first.text_content() or ""
    assert words.startswith("Every hand is face down while the screen goes to player") and "Scores:" in words, \
        f"the table's words while the screen is passed on: {words}"
    show.click()
    table.get_by_text("your turn").first.wait_for(timeout=timeout_ms)
    player = re.search(r"to player (\d+)", passing).group(1)
    status = table.get_by_text(f"Player {player}, your turn").first
    status.wait_for(timeout=timeout_ms)
    return status.inner_text()


# ---------------------------------------------------------------- time to first content, progressive rendering

# The first words of the lesson a learner can read: a heading of a rendered markdown cell, on screen.
FIRST_CONTENT = "#rendered_cells .jp-RenderedMarkdown h1"


def start_voila_progressive(workdir: Path, notebook_dir: Path = NOTEBOOKS) -> Server:
    """Voilà as :func:`start_voila`, with progressive rendering (Voilà >= 0.5): the page shows every
    cell as soon as it is read, and the cells' outputs arrive while they run. Voilà refuses it together
    with preheated kernels (``classroom/voila.py``)."""
    return _start_server("voila-progressive", ["voila", "--no-browser", "--port={port}", "--Voila.ip=127.0.0.1",
                                               "--show_tracebacks=True", "--progressive_rendering=True",
                                               f"--template={PAGE_TEMPLATE}", str(notebook_dir)],
                         ready_path="/", workdir=workdir, env=VOILA_ENV)


def open_in_voila_timed(context, server: Server, notebook: str, *, timeout_ms: float = 90_000):
    """Open ``notebook`` in Voilà as :func:`open_in_voila` does, and time what the learner sees.

    Returns (page, watch, {"first_byte_s": from the request to the page's first byte (Voilà sends
    nothing before the notebook's kernel has started), "first_content_s": to the page's first heading
    on screen, "all_widgets_s": to the last widget drawn})."""
    page = context.new_page()
    watch = PageWatch(page)
    start = time.perf_counter()
    page.goto(f"{server.url}/voila/render/{notebook}", timeout=timeout_ms, wait_until="commit")
    page.wait_for_selector(FIRST_CONTENT, state="visible", timeout=timeout_ms)
    first_content = time.perf_counter() - start
    first_byte = page.evaluate("() => performance.getEntriesByType('navigation')[0].responseStart / 1000")
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout_ms)
    wait_for_widgets(page, widget_outputs(notebook), timeout_ms=timeout_ms, watch=watch)
    return page, watch, {"first_byte_s": first_byte, "first_content_s": first_content,
                         "all_widgets_s": time.perf_counter() - start}
