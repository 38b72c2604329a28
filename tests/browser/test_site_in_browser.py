"""The static JupyterLite site (``make site``, which ``make test`` runs first) in Chromium, offline.

The page reaches only a loopback server of ``site/``: every other request is answered with nothing
(``browser_harness.chromium_context``), as in CI. The site serves the Pyodide runtime and every
pure-Python wheel itself, and the runtime's standard library has ``sqlite3`` (which IPython imports
when it starts) and ``ssl`` (Pyodide 314 and later). Every notebook's imports are pure Python (the
charts are plain SVG, ``plateau_lab.ui.charts``, and the lab computes in plain Python: ``simulate``,
``Comparison.figures``, ``Sweep.figures``, ``climb_ladder``), so every notebook runs there without asking
anything of Pyodide's CDN: its Python starts, runs every cell, draws every widget and chart and answers a
click on the StepViewer, at the play table, on the board explorer and in the variant designer.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
import time
import zipfile
from dataclasses import dataclass, field

import pytest

from . import browser_harness as harness

SITE = harness.ROOT / "site"
# Packages the kernel loads from the site's pyodide-lock.json (their sha256 checked by Pyodide) while
# Pyodide starts (tools/build_site.py's KERNEL_PRELOAD), as wheels compiled to bytecode.
KERNEL_LOADED = ["micropip", "piplite", "pyodide_kernel", "comm", "ipython", "traitlets", "jedi"]
READY_MS = 240_000
# Every notebook, which the site runs offline.
NOTEBOOKS = sorted(path.name for path in (harness.ROOT / "notebooks").glob("*.ipynb"))
# The SVG charts a notebook draws (plateau_lab.ui.charts, board_figures.graph_picture), by their titles.
CHARTS = {"03_coloretto.ipynb": ["Points for one colour (plus or minus)"],
          "05_plateau_board.ipynb": ["the board graph; labels: the sides a space touches"]}
# The notebook whose play table also seats three learners at one screen (hot-seat) in the site.
HOT_SEAT_NOTEBOOK = "01_syndicate.ipynb"


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments) -> None:
        pass


@pytest.fixture(scope="module")
def site_url():
    if not (SITE / "jupyter-lite.json").exists():
        pytest.fail(f"no JupyterLite site in {SITE}: `make test` builds it (or run `make site`)", pytrace=False)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietFiles, directory=SITE))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@dataclass
class SitePage:
    """A notebook opened in the site, with what its page printed and asked for beyond the site."""

    page: object
    watch: harness.PageWatch
    console: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    fetched: list[str] = field(default_factory=list)
    kernel: str = ""


def open_in_site(context, site_url: str, notebook: str) -> SitePage:
    """Open ``notebook`` in the site's JupyterLab and wait until its kernel is ready or has failed.

    ``context`` must be a Chromium profile of its own (``Browser.fresh_context``): JupyterLab keeps the
    tabs a page had open in the browser's storage and opens them again in the next page of the same
    site, where one of them, not ``notebook``, may end up the tab in front."""
    page = context.new_page()
    opened = SitePage(page, harness.PageWatch(page))
    page.on("console", lambda message: opened.console.append(message.text))
    page.context.on("request", lambda request: (opened.fetched if harness.LOCAL_URL.match(request.url)
                                                else opened.outside).append(request.url))
    page.goto(f"{site_url}/lab/index.html?path=notebooks/{notebook}")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                           " && window.jupyterapp.shell.currentWidget.content", timeout=READY_MS)
    in_front = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
    assert in_front == f"notebooks/{notebook}", f"the tab in front is {in_front}, not {notebook}"
    deadline = time.monotonic() + READY_MS / 1000
    while time.monotonic() < deadline:
        opened.kernel = page.evaluate(
            """() => { const session = window.jupyterapp.shell.currentWidget.sessionContext.session;
                       return (session && session.kernel && session.kernel.status) || ''; }""")
        if opened.kernel == "idle" or any("No module named" in error for error in opened.watch.script_errors):
            break
        page.wait_for_timeout(1000)
    return opened


@pytest.fixture(scope="module")
def welcome(browser, site_url):
    with browser.fresh_context() as context:
        yield open_in_site(context, site_url, "00_welcome.ipynb")


def test_the_site_opens_each_notebook_offline_as_it_is(browser, site_url, welcome):
    page = welcome.page
    for notebook in ["07_design_lab.ipynb", "01_syndicate.ipynb"]:
        page.evaluate("async path => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
                      f"notebooks/{notebook}")
        first_cell = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell").first
        first_cell.wait_for(timeout=READY_MS)
        assert first_cell.inner_text().startswith(title_of(notebook)), notebook
    page.screenshot(path=harness.SCREENSHOTS / "site-01_syndicate.png")
    assert welcome.watch.console_errors == []
    assert welcome.watch.script_errors == []


def test_the_site_serves_everything_the_welcome_notebook_asks_for(welcome):
    assert welcome.outside == []
    wheels = [url.rsplit("/", 1)[-1] for url in welcome.fetched if "/static/pyodide/" in url and url.endswith(".whl")]
    for package in KERNEL_LOADED:
        assert any(wheel.startswith(f"{package}-") for wheel in wheels), f"the kernel did not load {package} from the site"
    assert not [line for line in welcome.console if "sha256" in line.lower() or "checksum" in line.lower()]


def test_the_sites_wheels_carry_bytecode_for_the_browsers_python():
    """Python in the browser writes no bytecode: every module a first visit imports would be compiled
    there, so the site serves its wheels compiled (by the browser's own Python, at build time)."""
    for name in ["ipython", "prompt_toolkit", "plateau_lab"]:
        wheel = next((SITE / "static" / "pyodide").glob(f"{name}-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            files = archive.namelist()
        sources = [path for path in files if path.endswith(".py")]
        compiled = {path for path in files if path.endswith(".cpython-314.pyc")}
        missing = [path for path in sources if "/" in path
                   and "{}/__pycache__/{}.cpython-314.pyc".format(*path.removesuffix(".py").rsplit("/", 1)) not in compiled]
        assert sources and not missing, f"{wheel.name}: no bytecode for {missing[:3]}"


def title_of(notebook: str) -> str:
    """A notebook's title, the first line of its first cell, as JupyterLab shows it (without the #)."""
    first = json.loads((harness.ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"][0]
    return "".join(first["source"]).splitlines()[0].lstrip("# ")


def test_the_site_holds_every_notebook():
    assert sorted(notebook.name for notebook in (SITE / "files" / "notebooks").glob("*.ipynb")) == NOTEBOOKS


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_a_notebook_runs_offline_in_the_site_and_answers_clicks(browser, site_url, notebook):
    """Opened by a first-time visitor, its Python starts, every cell runs, every widget and chart is
    drawn, and the StepViewer's "forward ▶", a click at the play table, a click on the board explorer
    and the variant designer's Compare (where the notebook has them) change what they show; in one of
    them the table seats three learners at one screen (hot-seat)."""
    with browser.fresh_context() as context:
        opened = open_in_site(context, site_url, notebook)
        page = opened.page
        assert opened.kernel == "idle", opened.watch.script_errors[-1:] or opened.kernel
        page.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        harness.wait_for_widgets(page, harness.widget_outputs(notebook), timeout_ms=READY_MS, watch=opened.watch)
        assert charts_shown(page, CHARTS.get(notebook, [])) == CHARTS.get(notebook, [])
        clicked = 0
        # the free game's table (the guided game's table is a play table too)
        viewers, tables = harness.step_viewers(page), page.locator(".plateau-play-table:not(.plateau-guided-table)")
        if viewers.count():
            viewers.first.scroll_into_view_if_needed()
            stepped = harness.forward(page, viewers.first)
            assert stepped["after"] != stepped["before"]
            clicked += 1
        if tables.count() and tables.first.locator(".pl-legal").count():
            tables.first.scroll_into_view_if_needed()
            played = harness.click_target_and_time(page, tables.first)
            assert played["after"] != played["before"]
            clicked += 1
        explorers = page.locator(".plateau-board-explorer")
        if explorers.count():
            explorers.first.scroll_into_view_if_needed()
            placed = click_a_space(explorers.first)
            assert placed["after"] != placed["before"]
            clicked += 1
        designers = page.locator(".plateau-variant-designer")
        if designers.count():
            compare_in(designers.first, page)
            clicked += 1
        page.screenshot(path=harness.SCREENSHOTS / f"site-run-{notebook}.png")
        if notebook == HOT_SEAT_NOTEBOOK:
            table = tables.first
            harness.seat_everyone_at_one_screen(page, table, players=3)
            for _ in range(2):
                assert "your turn" in harness.hand_the_screen_on(page, table)
            table.screenshot(path=harness.SCREENSHOTS / f"site-hot-seat-{notebook}.png")
        assert clicked, "the notebook has no StepViewer, play table, board explorer or variant designer to click"
        assert opened.outside == []
        assert opened.watch.problems() == []


def compare_in(designer, page) -> None:
    """Press the variant designer's Compare and wait until its deals are played (in the kernel's own
    process: the browser's Python starts none) and its results table is drawn."""
    designer.scroll_into_view_if_needed()
    designer.get_by_role("button", name="Compare with the rulebook").click()
    status = designer.locator(".plateau-design-status")
    page.wait_for_function("element => element.innerText.includes('Compared on')", arg=status.element_handle(),
                           timeout=READY_MS)
    assert designer.locator(".plateau-design-result table").count() == 1


def charts_shown(page, titles: list[str]) -> list[str]:
    """Which of ``titles`` a drawn SVG output of the page carries (JupyterLab shows an SVG as an image)."""
    return page.evaluate("""titles => {
        const pictures = [...document.querySelectorAll('.jp-RenderedSVG img')]
            .map(image => decodeURIComponent(image.getAttribute('src') || ''));
        return titles.filter(title => pictures.some(svg => svg.includes(title)));
    }""", titles)


def click_a_space(explorer, *, timeout_ms: float = 30_000) -> dict:
    """Click the board explorer's first space (a free one places a counter) and wait until its
    picture changes."""
    picture = explorer.locator(".pl-clickable").first
    before = picture.inner_html()
    explorer.locator(".pl-clickable [data-target]").first.click()
    picture.page.wait_for_function("([element, before]) => element.innerHTML !== before",
                                   arg=[picture.element_handle(), before], timeout=timeout_ms)
    return {"before": before, "after": picture.inner_html()}
