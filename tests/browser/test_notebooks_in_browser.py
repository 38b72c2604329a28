"""The notebooks in a real browser: each opens in Voilà as an app, its widgets answer clicks, and
nothing goes wrong in the page or the kernel; one notebook is also run in JupyterLab.

Chromium is the system's (``/usr/bin/chromium``); see ``browser_harness.py``. Screenshots land in
``tests/browser/screenshots/`` for a person to look at.
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

from . import browser_harness as harness
from .browser_harness import record

# Which of plateau_lab's widgets each notebook must show (keep in step with notebooks/). A notebook
# that exists but is missing here is still opened in Voilà and checked for errors; its widget tests
# are reported as skipped until it gets a row. Widget tests run only where the table expects them.
EXPECTED_WIDGETS = {
    "00_welcome.ipynb": {"StepViewer"},
    "01_syndicate.ipynb": {"StepViewer", "PlayPanel"},
    "02_plotters.ipynb": {"StepViewer", "PlayPanel"},
    "03_coloretto.ipynb": {"StepViewer", "PlayPanel"},
    "04_wimmuln.ipynb": {"StepViewer", "PlayPanel"},
    "05_plateau_board.ipynb": set(),      # the hex board on its own: pictures, no game to step through
    "06_le_plateau_hand.ipynb": {"StepViewer", "PlayPanel"},
    "07_design_lab.ipynb": set(),         # measurements: tables and charts
}
LAB_NOTEBOOK = "01_syndicate.ipynb"   # also run in JupyterLab
FORWARD_CLICKS = 5                    # forward presses timed per notebook

NOTEBOOKS = sorted(path.name for path in harness.NOTEBOOKS.glob("*.ipynb"))


def showing(widget: str) -> list[str]:
    """The notebooks whose tests for ``widget`` run: those expected to show it, and unlisted ones."""
    return [name for name in NOTEBOOKS if widget in EXPECTED_WIDGETS.get(name, {widget})]


def code_cells(notebook: str):
    cells = json.loads((harness.NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "code"]


DEFINITIONS = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def is_setting(statement: ast.stmt) -> bool:
    """``name = <literal>`` (a seed, an exercise's answer): sets something, computes nothing."""
    if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
        return False
    try:
        ast.literal_eval(statement.value)
    except ValueError:
        return False
    return True


def shows_nothing_by_design(source: str) -> bool:
    """A cell made only of imports, definitions and literal settings just sets things up: Voilà hides
    its code, so it must not print anything either (an import's warning would clutter the app)."""
    try:
        body = ast.parse(source).body
    except SyntaxError:   # IPython magics: not a plain set-up cell
        return False
    return bool(body) and all(isinstance(statement, DEFINITIONS) or is_setting(statement) for statement in body)


# ---------------------------------------------------------------- without a browser


def test_every_notebook_in_the_table_exists():
    missing = sorted(set(EXPECTED_WIDGETS) - set(NOTEBOOKS))
    assert not missing, f"EXPECTED_WIDGETS lists notebooks that are not in notebooks/: {missing}"
    assert LAB_NOTEBOOK in NOTEBOOKS


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_setup_cells_print_nothing_so_the_voila_app_shows_only_the_lesson(notebook):
    noisy = [cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
             for cell in code_cells(notebook)
             if shows_nothing_by_design("".join(cell["source"])) and cell.get("outputs")]
    assert not noisy, (f"{notebook}: set-up cells that print (their output would clutter the Voilà app):\n"
                       + "\n---\n".join(source[:300] for source in noisy))


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_voila_runs_the_notebook_with_this_environments_python(notebook):
    from jupyter_client.kernelspec import KernelSpecManager

    name = json.loads((harness.NOTEBOOKS / notebook).read_text(encoding="utf-8"))["metadata"]["kernelspec"]["name"]
    assert name == "python3", f"{notebook} asks for kernel {name!r}; Voilà would need it installed"
    command = KernelSpecManager().get_kernel_spec(name).argv[0]
    # jupyter_client replaces a bare `python` by the server's interpreter, which the tests start as
    # sys.executable; an absolute path must be this environment's Python.
    assert command in {"python", "python3"} or Path(command).resolve() == Path(sys.executable).resolve()


def test_shows_nothing_by_design_tells_set_up_cells_from_lessons():
    assert shows_nothing_by_design("from plateau_lab import core\ndef f():\n    print(1)\nSEED = 7")
    assert shows_nothing_by_design('my_lead = "lead Sea"     # try it')
    assert not shows_nothing_by_design("game = 1\nprint(game)")
    assert not shows_nothing_by_design("ax = plot_win_rates(rates)")          # draws a figure
    assert not shows_nothing_by_design("assert check(my_bid)")               # prints feedback
    assert not shows_nothing_by_design("for seat in range(3):\n    print(seat)")
    assert not shows_nothing_by_design("%timeit 1")


# ---------------------------------------------------------------- in Voilà


@pytest.fixture(scope="module")
def in_voila(request, browser, voila_server):
    """The notebook opened once in Voilà (every cell run, every widget drawn), shared by its tests."""
    notebook = request.param
    if browser.problem:
        yield notebook, None
        return
    page, watch, seconds = harness.open_in_voila(browser.context, voila_server, notebook)
    record(notebook, "voila_open_s", seconds)
    page.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila.png", full_page=True)
    try:
        yield notebook, (page, watch)
    finally:
        page.close()


def expected(notebook: str) -> None:
    if notebook not in EXPECTED_WIDGETS:
        pytest.skip(f"{notebook} has no row in EXPECTED_WIDGETS ({Path(__file__).name}): add one")


@pytest.mark.parametrize("in_voila", NOTEBOOKS, indirect=True)
def test_opens_in_voila_without_errors(browser, in_voila):
    browser.require()
    notebook, (page, watch) = in_voila
    assert not watch.problems(), "\n".join(watch.problems())
    assert page.locator("#rendered_cells .jp-Cell").count() > 0
    assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0, "Voilà showed code"


@pytest.mark.parametrize("in_voila", showing("StepViewer"), indirect=True)
def test_step_viewer_forward_shows_the_next_picture(browser, in_voila):
    browser.require()
    notebook, (page, watch) = in_voila
    expected(notebook)
    viewers = harness.step_viewers(page)
    assert viewers.count() >= 1, f"{notebook} shows no StepViewer (.plateau-step-viewer)"
    viewer = viewers.first
    viewer.scroll_into_view_if_needed()
    changed, painted = [], []
    for _ in range(FORWARD_CLICKS):
        if viewer.get_by_role("button", name="forward ▶", exact=True).is_disabled():
            break
        timing = harness.forward(page, viewer)
        assert "<svg" in timing["after"] and timing["after"] != timing["before"]
        changed.append(timing["changed_ms"])
        painted.append(timing["painted_ms"])
    assert changed, f"{notebook}: the StepViewer's forward button is disabled at the start"
    # Reported, not asserted (timings belong to benchmarks): the aim is under 100 ms.
    record(notebook, "forward_to_new_picture_ms", changed)
    record(notebook, "forward_to_painted_ms", painted)
    viewer.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-forward.png")
    assert not watch.problems(), "\n".join(watch.problems())


@pytest.mark.parametrize("in_voila", showing("PlayPanel"), indirect=True)
def test_play_panel_plays_a_move_against_the_bots(browser, in_voila):
    browser.require()
    notebook, (page, watch) = in_voila
    expected(notebook)
    panels = harness.play_panels(page)
    assert panels.count() >= 1, f"{notebook} shows no PlayPanel (.plateau-play-panel)"
    panel = panels.first
    panel.scroll_into_view_if_needed()
    timing = harness.play_one_move(page, panel)
    assert "<svg" in timing["after"] and timing["after"] != timing["before"], f"playing {timing['move']!r} changed nothing"
    record(notebook, "play_to_new_picture_ms", timing["changed_ms"])
    panel.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-played.png")
    assert not watch.problems(), "\n".join(watch.problems())


# ---------------------------------------------------------------- in JupyterLab


def test_jupyterlab_runs_a_notebook_whose_widgets_answer(browser, lab_server):
    browser.require()
    page, watch, seconds = harness.open_in_lab(browser.context, lab_server, LAB_NOTEBOOK)
    try:
        record(f"{LAB_NOTEBOOK} (JupyterLab)", "run_all_s", seconds)
        viewer = harness.step_viewers(page).first
        viewer.scroll_into_view_if_needed()
        moved = harness.forward(page, viewer)
        assert moved["after"] != moved["before"]
        record(f"{LAB_NOTEBOOK} (JupyterLab)", "forward_to_new_picture_ms", moved["changed_ms"])
        panel = harness.play_panels(page).first
        panel.scroll_into_view_if_needed()
        played = harness.play_one_move(page, panel)
        assert played["after"] != played["before"], f"playing {played['move']!r} changed nothing"
        page.screenshot(path=harness.SCREENSHOTS / f"{Path(LAB_NOTEBOOK).stem}-lab.png")
        assert not watch.problems(), "\n".join(watch.problems())
    finally:
        page.close()
