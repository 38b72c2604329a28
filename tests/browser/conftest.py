"""Fixtures for the browser tests: one Chromium per test module, one Voilà server and (when needed)
one JupyterLab server per test session; each notebook is opened once in Voilà and shared by its tests.

Opting out: ``PLATEAU_SKIP_BROWSER=1`` skips every test that needs the browser (they show as
skipped). Without it, a missing Chromium makes those tests FAIL with the install command.
Figures (time to open each notebook, click-to-picture times) are printed at the end of the run and
written to ``tests/browser/screenshots/timings.json`` next to the screenshots.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from . import browser_harness as harness

@dataclass
class Browser:
    """Chromium driven by Playwright, or why it could not start."""

    context: object = None
    problem: str | None = None
    playwright: object = None

    def require(self) -> None:
        if self.problem:
            pytest.fail(self.problem, pytrace=False)

    def fresh_context(self):
        """Another Chromium with a profile of its own, as a first-time visitor has: nothing stored
        by the pages of ``context``. A context manager."""
        self.require()
        return harness.chromium_context(self.playwright)


@pytest.fixture(scope="session")
def browser_problem() -> str | None:
    """Why Chromium cannot be driven here (None when it can); every browser test is skipped when asked."""
    if os.environ.get(harness.SKIP_VARIABLE) == "1":
        pytest.skip(f"browser tests skipped on request ({harness.SKIP_VARIABLE}=1)")
    return harness.chromium_problem()


@pytest.fixture(scope="module")
def browser(browser_problem):
    """Chromium driven by Playwright, one per test module. Playwright's sync API marks its event loop
    as running in the main thread for as long as it runs, so that ``asyncio.run`` refuses and code that
    looks for a running loop (a notebook's widgets) believes it is in one: closed with its module, it
    leaves the test modules that follow in the same process (``make test`` gives each worker whole
    files) as they would be alone."""
    if browser_problem:
        yield Browser(problem=browser_problem)
        return
    from playwright.sync_api import sync_playwright

    harness.SCREENSHOTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        try:
            session = harness.chromium_context(playwright)
            context = session.__enter__()
        except Exception as error:   # Chromium is there but does not start
            yield Browser(problem=f"Chromium at {harness.CHROMIUM} did not start ({error}). " + harness.INSTALL_HINT)
            return
        try:
            yield Browser(context=context, playwright=playwright)
        finally:
            session.__exit__(None, None, None)


@pytest.fixture(scope="session")
def workdir():
    with tempfile.TemporaryDirectory(prefix="plateau-browser-") as path:
        yield Path(path)


@pytest.fixture(scope="session")
def voila_server(browser_problem, workdir):
    """``python -m voila --no-browser notebooks/``, started once (None without a browser)."""
    if browser_problem:
        yield None
        return
    server = harness.start_voila(workdir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lab_server(browser_problem, workdir):
    """JupyterLab on a copy of notebooks/ (running cells must not autosave the originals)."""
    if browser_problem:
        yield None
        return
    server = harness.start_lab(workdir, harness.copy_notebooks(workdir / "lab-notebooks"))
    try:
        yield server
    finally:
        server.stop()


def pytest_terminal_summary(terminalreporter):
    if not harness.TIMINGS:
        return
    harness.SCREENSHOTS.mkdir(exist_ok=True)
    (harness.SCREENSHOTS / "timings.json").write_text(json.dumps(harness.TIMINGS, indent=2, sort_keys=True) + "\n")
    terminalreporter.section("browser timings (ms unless marked s)")
    for notebook, figures in sorted(harness.TIMINGS.items()):
        parts = []
        for key, value in sorted(figures.items()):
            if isinstance(value, list):
                parts.append(f"{key} median {statistics.median(value):.0f} max {max(value):.0f}")
            else:
                parts.append(f"{key} {value:.2f}" if key.endswith("_s") else f"{key} {value:.0f}")
        terminalreporter.write_line(f"{notebook}: " + "; ".join(parts))
    terminalreporter.write_line(f"screenshots and timings.json in {harness.SCREENSHOTS}")


def pytest_collection_modifyitems(config, items):
    """Every browser test is slow (a Chromium, Voilà and JupyterLab servers, minutes in all): a quick
    run leaves them out with -m 'not slow'; CI and ``make test`` run them."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.slow)
