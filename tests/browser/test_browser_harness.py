"""The browser tests can fail: the harness sees errors in the page and in the kernel, a missing
Chromium fails the tests with the install command, and opting out shows them as skipped."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from . import browser_harness as harness

KERNELSPEC = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}}


def run_browser_test(**env) -> subprocess.CompletedProcess:
    """Run one browser test (the welcome notebook in Voilà) in a fresh pytest with ``env``."""
    test = "tests/browser/test_notebooks_in_browser.py::test_opens_in_voila_without_errors"
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rfEs", "-q", test,
                           "-k", "00_welcome"], cwd=harness.ROOT, capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=300)


def test_a_missing_chromium_fails_the_browser_tests_with_the_install_command():
    run = run_browser_test(PLATEAU_CHROMIUM="/nonexistent/chromium", PLATEAU_SKIP_BROWSER="0")
    assert run.returncode == 1, run.stdout[-3000:]
    assert "1 failed" in run.stdout and "passed" not in run.stdout
    assert "Chromium not found at /nonexistent/chromium" in run.stdout
    assert "apt-get install -y chromium" in run.stdout


def test_opting_out_skips_the_browser_tests_and_never_passes_them():
    run = run_browser_test(PLATEAU_SKIP_BROWSER="1")
    assert run.returncode == 0, run.stdout[-3000:]
    assert "1 skipped" in run.stdout and "passed" not in run.stdout
    assert "PLATEAU_SKIP_BROWSER=1" in run.stdout


def write_notebook(path, *sources) -> None:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"cell{number}", "metadata": {},
              "outputs": [], "source": source} for number, source in enumerate(sources)]
    path.write_text(json.dumps({"cells": cells, "metadata": KERNELSPEC, "nbformat": 4, "nbformat_minor": 5}))


@pytest.fixture(scope="module")
def broken_notebooks(browser, tmp_path_factory):
    """A Voilà server on three notebooks that go wrong in the three ways the tests look for."""
    if browser.problem:
        yield None
        return
    folder = tmp_path_factory.mktemp("broken-notebooks")
    write_notebook(folder / "raises.ipynb", "x = 1", "1 / 0")
    write_notebook(folder / "warns.ipynb", "import warnings\nwarnings.warn('clutter')")
    write_notebook(folder / "callback_raises.ipynb",
                   "import ipywidgets\nbutton = ipywidgets.Button(description='boom')\n"
                   "button.on_click(lambda _: 1 / 0)\nbutton")
    server = harness.start_voila(folder, folder)
    try:
        yield server
    finally:
        server.stop()


def open_page(browser, server, notebook, widgets=0):
    browser.require()
    page = browser.context.new_page()
    watch = harness.PageWatch(page)
    page.goto(f"{server.url}/voila/render/{notebook}")
    page.wait_for_selector("#rendered_cells", state="visible", timeout=60_000)
    watch.wait_for_cells(timeout_ms=60_000)
    harness.wait_for_widgets(page, widgets, timeout_ms=60_000)
    return page, watch


def test_a_cell_that_raises_shows_as_a_problem(browser, broken_notebooks):
    page, watch = open_page(browser, broken_notebooks, "raises.ipynb")
    assert any("ZeroDivisionError" in problem for problem in watch.problems())
    page.close()


def test_a_warning_on_stderr_shows_as_a_problem(browser, broken_notebooks):
    page, watch = open_page(browser, broken_notebooks, "warns.ipynb")
    assert any("UserWarning: clutter" in problem for problem in watch.problems())
    page.close()


def test_a_widget_callback_that_raises_shows_as_a_kernel_error(browser, broken_notebooks):
    page, watch = open_page(browser, broken_notebooks, "callback_raises.ipynb", widgets=1)
    assert watch.problems() == []
    page.get_by_role("button", name="boom").click()
    for _ in range(100):   # the error message arrives over the kernel's websocket
        if watch.kernel_errors:
            break
        page.wait_for_timeout(100)
    assert watch.kernel_errors == ["ZeroDivisionError: division by zero"]
    page.close()
