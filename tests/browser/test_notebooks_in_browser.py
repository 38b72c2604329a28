"""The notebooks in a real browser: each opens in Voilà as an app, its widgets answer clicks, and
nothing goes wrong in the page or the kernel; one notebook is also run in JupyterLab.

Chromium is the system's (``/usr/bin/chromium``); see ``browser_harness.py``. Screenshots land in
``tests/browser/screenshots/`` for a person to look at.
"""

from __future__ import annotations

import ast
import json
import sys
import time
from pathlib import Path

import pytest

from . import browser_harness as harness
from .browser_harness import record

# Which of plateau_lab's widgets each notebook must show (keep in step with notebooks/). A notebook
# that exists but is missing here is still opened in Voilà and checked for errors; its widget tests
# are reported as skipped until it gets a row. Widget tests run only where the table expects them.
EXPECTED_WIDGETS = {
    "00_welcome.ipynb": {"StepViewer"},
    "01_syndicate.ipynb": {"StepViewer", "GuidedTable", "PlayTable", "Exercise"},
    "02_plotters.ipynb": {"StepViewer", "GuidedTable", "PlayTable", "Exercise"},
    "03_coloretto.ipynb": {"StepViewer", "GuidedTable", "PlayTable", "Exercise"},
    "04_wimmuln.ipynb": {"StepViewer", "GuidedTable", "PlayTable", "Exercise"},
    "05_plateau_board.ipynb": {"Exercise"},  # the hex board on its own: pictures, no game to step through
    "06_le_plateau_hand.ipynb": {"StepViewer", "GuidedTable", "PlayTable", "Exercise"},
    "07_design_lab.ipynb": {"Exercise", "LadderPanel"},  # measurements: tables, charts, questions about them
    "08_oh_hell.ipynb": {"StepViewer", "GuidedTable", "PlayTable", "Exercise"},
    # a table for two learners at one screen; the shared tables and the teacher's position (only their
    # words without the classroom server: tests/browser/test_shared_table_in_browser.py plays them with it)
    "09_play_together.ipynb": {"PlayTable", "SharedTable", "ClassLesson"},
    "10_design_your_own.ipynb": {"PlayTable"},  # a game described in a cell, at the play table
}
# Every exercise of a notebook, in page order: a wrong answer, the right one (the labels the learner
# chooses or the names of the parts he clicks) and words the feedback on the right answer must show.
EXERCISES = {
    "01_syndicate.ipynb": [("Mill", "Merchant", "shares a mark with the lead, so it counts"),
                           ("The mastermind scores 1", "Each enforcer scores 1", "Mastermind 8, enforcers 9"),
                           ("lead Sea", "lead Journey", "guarantees 2 points")],
    "02_plotters.ipynb": [("green 5", "yellow 16", "Allowed"),
                          ("24", "8", "divided by 3 remaining cards = 8"),
                          ("R10 + R14 + Y16", "R10 + Y6 + Y16", "would score 4 × 4 = 16")],
    "03_coloretto.ipynb": [("draw again", "take row 3", "Allowed"),
                           ("23", "25", "total 25"),
                           ("pink and pink", "blue and blue", "Bea scores 24")],
    "04_wimmuln.ipynb": [("8 green", "7 red", "Allowed"),
                         ("9", "14", "4 triangles + bonus 10"),
                         ("5 yellow over 7 red", "1 green over 1 red", "the best of these crosses earned")],
    "05_plateau_board.ipynb": [("a Y", "a Bridge", "sides 3 and 6 are opposite"),
                               ("2", "3", "3 spaces, for instance"),
                               ("trick 1", "trick 13", "every such path crosses the opponents' row")],
    "06_le_plateau_hand.ipynb": [("king of clubs", "knight of diamonds", "Allowed"),
                                 ("-11", "-33", "−3 × 11 = −33"),
                                 ("trump 9", "trump 16", "The declarer's team wins")],
    "07_design_lab.ipynb": [("more", "fewer", "close finishes: 56% with the rulebook, 36% with two plus colours"),
                            ("more", "about the same", "margin: 4.8 with the rulebook, 5.9 with two plus colours"),
                            ("more", "about the same", "cannot tell a change from chance"),
                            ("balance", "close finishes", "The table: close finishes"),
                            ("the figures are rounded", "the same deals: luck cancels", "the difference, deal by deal"),
                            ("cannot tell", "clearly more", "The data: +7.5 points per game"),
                            ("clearly more", "cannot tell", "seat 0 wins: 30% with the rulebook")],
    "08_oh_hell.ipynb": [("bid 0", "bid 1", "hook rule"),
                         ("AS", "JH", "the highest heart wins"),
                         ("12", "3", "not exact, so no 10 more")],
}
SCREEN_WIDTHS = (800, 1280)
LAB_NOTEBOOK = "01_syndicate.ipynb"   # also run in JupyterLab
FORWARD_CLICKS = 5                    # forward presses timed per notebook
HOT_SEAT_NOTEBOOKS = ["09_play_together.ipynb"]   # their play table opens with learners sharing the screen

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


def test_every_notebook_with_exercises_lists_its_answers():
    assert sorted(EXERCISES) == showing_only("Exercise")


def showing_only(widget: str) -> list[str]:
    return sorted(name for name, shown in EXPECTED_WIDGETS.items() if widget in shown)


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


def markdown_cells(notebook: str) -> list[str]:
    cells = json.loads((harness.NOTEBOOKS / notebook).read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]


CONTENTS = "**On this page:**"
CONTENTS_ORDER = ("Rules", "Guided game", "Play", "Analyse", "The design cycle", "A worked example", "Design a variant",
                  "A game of rows", "Your turn", "Sweep one rule", "Skill ladder", "A shorter game", "At one screen",
                  "At shared tables", "Your teacher's position", "Your class's games", "Exercises", "For teachers",
                  "For coders")


def test_every_game_notebook_starts_with_a_contents_line():
    game_pages = showing_only("PlayTable")
    assert game_pages, "no notebook is expected to show a PlayTable"
    for notebook in [*game_pages, "05_plateau_board.ipynb", "07_design_lab.ipynb"]:
        first = markdown_cells(notebook)[0]
        assert CONTENTS in first.split("\n\n")[1], f"{notebook}: no contents line under its title"


@pytest.mark.parametrize("notebook", [name for name in NOTEBOOKS if CONTENTS in markdown_cells(name)[0]])
def test_the_contents_line_links_to_headings_of_the_page_in_order(notebook):
    """Each link of the contents line names a heading of the page by the id Voilà (nbconvert) and
    JupyterLab give it (its words, spaces as hyphens), in the line's order, and a game's page offers
    its guided game right after the rules."""
    import re

    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    cells = markdown_cells(notebook)
    line = next(text for text in cells[0].splitlines() if text.startswith(CONTENTS))
    links = re.findall(r"\[([^\]]+)\]\(#([^)]+)\)", line)
    assert links and len(links) == line.count(" · ") + 1, f"{notebook}: {line}"
    labels = [label for label, _ in links]
    assert labels == sorted(labels, key=CONTENTS_ORDER.index), f"{notebook}: sections out of order: {labels}"
    ids = [re.findall(r'<h[1-6] id="([^"]+)"', markdown2html_mistune(text)) for text in cells]
    where = {heading: index for index, found in enumerate(ids) for heading in found}
    missing = [anchor for _, anchor in links if anchor not in where]
    assert not missing, f"{notebook}: the contents line links to no heading: {missing}"
    places = [where[anchor] for _, anchor in links]
    assert places == sorted(places), f"{notebook}: the sections are not in the line's order: {links}"
    if "Guided game" in labels:
        assert places[labels.index("Guided game")] == places[labels.index("Rules")] + 1


# ---------------------------------------------------------------- in Voilà


@pytest.fixture(scope="module")
def in_voila(request, browser, voila_server):
    """The notebook opened once in Voilà (every cell run, every widget drawn), shared by its tests."""
    notebook = request.param
    if browser.problem:
        yield notebook, None
        return
    page, watch, seconds = harness.open_in_voila_timed(browser.context, voila_server, notebook)
    record(notebook, "voila_open_s", seconds["all_widgets_s"])
    record(notebook, "voila_first_content_s", seconds["first_content_s"])
    record(notebook, "voila_first_byte_s", seconds["first_byte_s"])
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


@pytest.mark.parametrize("in_voila", showing("PlayTable"), indirect=True)
def test_play_table_plays_a_move_by_a_click(browser, in_voila):
    browser.require()
    notebook, (page, watch) = in_voila
    expected(notebook)
    tables = play_tables(page)
    assert tables.count() >= 1, f"{notebook} shows no PlayTable (.plateau-play-table, not a guided one)"
    table = tables.first
    table.scroll_into_view_if_needed()
    press_buttons_until_a_click(page, table)
    timing = harness.click_target_and_time(page, table)
    assert "<svg" in timing["after"] and timing["after"] != timing["before"], "a click on the table changed nothing"
    record(notebook, "click_to_painted_ms", timing["painted_ms"])
    table.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-played.png")
    assert not watch.problems(), "\n".join(watch.problems())


@pytest.mark.parametrize("in_voila", HOT_SEAT_NOTEBOOKS, indirect=True)
def test_the_screen_passes_between_the_learners_with_the_cards_hidden(browser, in_voila):
    """The play table opened for learners at one screen: whoever's cards show moves, the table asks to
    pass the screen with no card face up, and Show my cards gives the next learner their turn."""
    browser.require()
    notebook, (page, watch) = in_voila
    table = play_tables(page).first
    table.scroll_into_view_if_needed()
    assert "share this screen" in table.inner_text()
    for _ in range(2):
        assert "your turn" in harness.hand_the_screen_on(page, table)
    table.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-hot-seat.png")
    assert not watch.problems(), "\n".join(watch.problems())


def play_tables(page):
    """The page's play tables for a free game (a guided game's table is a play table too)."""
    return page.locator(".plateau-play-table:not(.plateau-guided-table)")


def press_buttons_until_a_click(page, table, *, timeout_ms: float = 30_000) -> None:
    """Wait until the learner may click a lit part of the table. A game that opens on moves made by
    buttons (Oh Hell's bids: "Your turn: press a button below.") has its first move button pressed,
    as often as needed, the move buttons being the row under the picture."""
    deadline = page.evaluate("() => performance.now()") + timeout_ms
    while not table.locator(".pl-legal").count():
        buttons = table.locator(":scope > .widget-hbox").first.locator("button")
        if "press a button below" in table.inner_text() and buttons.count():
            buttons.first.click()
        assert page.evaluate("() => performance.now()") < deadline, "the table offers nothing to click"
        page.wait_for_timeout(200)


@pytest.mark.parametrize("in_voila", showing("LadderPanel"), indirect=True)
def test_ladder_panel_measures_the_chosen_game_when_asked(browser, in_voila):
    browser.require()
    notebook, (page, watch) = in_voila
    expected(notebook)
    panel = page.locator(".plateau-ladder-panel").first
    panel.scroll_into_view_if_needed()
    panel.locator("select").first.select_option(label="The Syndicate")
    panel.locator("select").nth(1).select_option(label="8")
    panel.get_by_role("button", name="Measure").click()
    table = panel.locator("table.plateau-ladder")
    table.wait_for(timeout=180_000)
    rows = table.locator("tbody tr")
    assert [rows.nth(index).locator("th").inner_text() for index in range(rows.count())] == [
        "beginner (random moves)", "steady player (rules of thumb)", "cautious player (plays safe)",
        "expert (thinks ahead, with 1/16 of its usual effort)", "expert (thinks ahead, with 1/4 of its usual effort)",
        "a player who sees every card (no one can)"]
    assert "of 8" in rows.first.inner_text() and panel.locator("svg").count() == 1
    assert "Measured: 8 games per bot" in panel.inner_text()
    assert not panel.get_by_role("button", name="Measure").is_disabled()
    panel.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-ladder.png")
    assert not watch.problems(), "\n".join(watch.problems())


# ---------------------------------------------------------------- in JupyterLab


def test_jupyterlab_runs_a_notebook_whose_widgets_answer(browser, lab_server):
    """Its StepViewer steps, its play table answers a click, and the same table seats three learners
    at one screen (hot-seat): each move passes the screen on with every card hidden."""
    browser.require()
    page, watch, seconds = harness.open_in_lab(browser.context, lab_server, LAB_NOTEBOOK)
    try:
        record(f"{LAB_NOTEBOOK} (JupyterLab)", "run_all_s", seconds)
        viewer = harness.step_viewers(page).first
        viewer.scroll_into_view_if_needed()
        moved = harness.forward(page, viewer)
        assert moved["after"] != moved["before"]
        record(f"{LAB_NOTEBOOK} (JupyterLab)", "forward_to_new_picture_ms", moved["changed_ms"])
        table = play_tables(page).first
        table.scroll_into_view_if_needed()
        table.locator(".pl-legal").first.wait_for(timeout=30_000)
        played = harness.click_target_and_time(page, table)
        assert played["after"] != played["before"], "a click on the table changed nothing"
        page.screenshot(path=harness.SCREENSHOTS / f"{Path(LAB_NOTEBOOK).stem}-lab.png")
        harness.seat_everyone_at_one_screen(page, table, players=3)
        for _ in range(2):
            assert "your turn" in harness.hand_the_screen_on(page, table)
        table.screenshot(path=harness.SCREENSHOTS / f"{Path(LAB_NOTEBOOK).stem}-lab-hot-seat.png")
        assert not watch.problems(), "\n".join(watch.problems())
    finally:
        page.close()


def answer(page, exercise, label: str) -> str:
    """Choose ``label`` in one exercise as a learner does (a toggle button, the drop-down list, or a
    click on the part of the picture), press Check and return the feedback shown."""
    from playwright.sync_api import expect

    exercise.scroll_into_view_if_needed()
    clickable = exercise.locator(f'[data-target="{label}"]')
    if clickable.count():
        clickable.first.click()
        expect(exercise).to_contain_text(f"Your answer: {label}")
    elif exercise.locator("select").count():
        exercise.locator("select").select_option(label=label)
    else:
        exercise.get_by_role("button", name=label, exact=True).click()
    feedback = exercise.locator(".plateau-exercise-feedback")
    expect(feedback).to_have_count(0)           # a new answer clears the last verdict
    exercise.get_by_role("button", name="Check", exact=True).click()
    expect(feedback).to_have_count(1)
    return feedback.inner_text()


@pytest.mark.parametrize("in_voila", showing("Exercise"), indirect=True)
def test_exercises_answered_wrong_then_right_explain_why(browser, in_voila):
    browser.require()
    notebook, (page, watch) = in_voila
    expected(notebook)
    from playwright.sync_api import expect

    exercises = page.locator(".plateau-exercise")
    assert exercises.count() == len(EXERCISES[notebook])
    for index, (wrong, right, because) in enumerate(EXERCISES[notebook]):
        exercise = exercises.nth(index)
        assert exercise.locator(".plateau-exercise-solution").count() == 0, "a solution shows before it is asked for"
        said = answer(page, exercise, wrong)
        assert said.startswith("✘ Not quite.") and len(said) > 40, f"{notebook} exercise {index + 1}: {said!r}"
        said = answer(page, exercise, right)
        assert said.startswith("✔ Right.") and because in said, f"{notebook} exercise {index + 1}: {said!r}"
        exercise.get_by_role("button", name="Show solution", exact=True).click()
        expect(exercise.locator(".plateau-exercise-solution")).to_contain_text("Solution.")
        exercise.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-exercise-{index + 1}.png")
    assert not answering_problems(watch), "\n".join(answering_problems(watch))


def answering_problems(watch) -> list[str]:
    """What pressing the exercises' buttons may break: errors in the kernel, in our scripts, or shown in
    the page (console errors of the page's own start-up are test_opens_in_voila_without_errors' concern)."""
    return [problem for problem in watch.problems() if not problem.startswith("console error")]


# The page's own scrolling box (Voilà scrolls an element, not the document): its height, and the parts of the
# lesson that stick out past the right edge of the window or are cut off inside a box of their own (but the words
# kept for a screen reader alone, .pl-sr-only, which are a 1-pixel clipped box on purpose).
_PAGE_LAYOUT = """() => {
  const boxes = [...document.querySelectorAll('*')].filter(el => el.scrollHeight > el.clientHeight + 1
      && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY));
  const scroller = boxes.sort((a, b) => b.scrollHeight - a.scrollHeight)[0] || document.documentElement;
  const cells = document.querySelector('#rendered_cells') || document.body;
  const name = el => el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined
      ? '.' + String(el.className).trim().split(/\\s+/).slice(0, 2).join('.') : '');
  const shown = [...cells.querySelectorAll('.jp-OutputArea-output *')].filter(el => !el.closest('.pl-sr-only'));
  const outside = shown
      .filter(el => el.getBoundingClientRect().right > window.innerWidth + 1
                    && el.parentElement.getBoundingClientRect().right <= window.innerWidth + 1).map(name);
  const clipped = shown
      .filter(el => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0
                    && ['hidden', 'auto', 'scroll', 'clip'].includes(getComputedStyle(el).overflowX)).map(name);
  return {height: scroller.scrollHeight + window.innerHeight - scroller.clientHeight, outside, clipped};
}"""


@pytest.mark.parametrize("in_voila", NOTEBOOKS, indirect=True)
def test_screenshots_at_800_and_1280_pixels_wide(browser, in_voila):
    """Whole-page screenshots for a person to look at, and what sticks out or is cut off at each width
    (recorded in timings.json; a notebook's own tests decide what must fit)."""
    browser.require()
    notebook, (page, watch) = in_voila
    for width in SCREEN_WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        layout = page.evaluate(_PAGE_LAYOUT)
        record(notebook, f"sticking_out_at_{width}px", len(layout["outside"]))
        record(notebook, f"cut_off_at_{width}px", len(layout["clipped"]))
        page.set_viewport_size({"width": width, "height": min(int(layout["height"]), 30_000)})
        page.wait_for_timeout(300)
        page.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-{width}px.png", full_page=True)
        if notebook in EXERCISES:
            assert not layout["outside"] and not layout["clipped"], (
                f"{notebook} at {width} px: sticking out {layout['outside'][:5]}, cut off {layout['clipped'][:5]}")
    page.set_viewport_size({"width": 1280, "height": 900})


# ---------------------------------------------------------------- the guided first game

GUIDED_STEPS = 3        # steps made in the browser, from the first


def guided_tables(page):
    return page.locator(".plateau-guided-table")


def lit_parts(table):
    """The parts of the table's picture the learner may click now, but a picked card (a click on it
    puts it back)."""
    return table.locator(".pl-clickable .pl-legal:not(.pl-picked)")


def move_buttons(table):
    """The buttons under the picture that make a move (not "put the card back")."""
    buttons = table.locator(":scope > .widget-hbox").first.locator("button")
    return [button for button in buttons.all() if button.inner_text().strip() != "put the card back"]


def unlit_part(table):
    """A part of the picture the step does not ask for: a card if there is one, else any other."""
    others = table.locator(".pl-clickable [data-target]:not(.pl-legal)")
    cards = table.locator('.pl-clickable [data-target^="card "]:not(.pl-legal)')
    return (cards if cards.count() else others).first if others.count() else None


def make_the_asked_move(page, table, step: int, *, timeout_ms: float = 60_000) -> int:
    """Click the lit part (or press the one move button), as often as the asked move needs, until the
    table says "Step {step + 1} of"; returns the clicks made. It clicks only while the table says
    "Step {step} of" (the other players move in between, and the next step lights its own move)."""
    status = table.locator(".plateau-table-status")
    picture = harness.table_picture(table)
    deadline = time.monotonic() + timeout_ms / 1000
    clicks = 0
    while f"Step {step + 1} of " not in (said := status.inner_text()):
        assert time.monotonic() < deadline, f"step {step} never ended; the table says: {table.inner_text()[:600]}"
        if f"Step {step} of " not in said:
            page.wait_for_timeout(200)   # the other players are moving
            continue
        before = picture.inner_html() + table.inner_text()
        lit, buttons = lit_parts(table), move_buttons(table)
        if lit.count():
            assert lit.count() == 1, f"step {step}: {lit.count()} parts lit, the guide asks for one"
            lit.first.click(position={"x": 5, "y": 12})
        elif len(buttons) == 1:
            buttons[0].click()
        else:
            assert len(buttons) <= 1, f"step {step}: {len(buttons)} move buttons, the guide asks for one"
            page.wait_for_timeout(200)   # the other players are moving
            continue
        clicks += 1
        page.wait_for_function("([p, t, html]) => p.innerHTML + t.innerText !== html",
                               arg=[picture.element_handle(), table.element_handle(), before], timeout=timeout_ms)
        # The table redraws its picture first and its status last, in one answer: let all of it arrive
        # before reading the status again, or the next step's lit part would be taken for this one's.
        page.wait_for_timeout(300)
    return clicks


@pytest.mark.parametrize("in_voila", showing("GuidedTable"), indirect=True)
def test_guided_game_lights_the_asked_move_and_answers_any_other_click(browser, in_voila):
    """The contents line's "Guided game" brings its section on screen; the first steps of the guided
    game as a learner makes them: at each step only the asked move is lit (one part of the picture,
    or one move button); a click on a part it does not ask for is answered with a sentence and the
    step stays; the asked move brings the next step."""
    browser.require()
    notebook, (page, watch) = in_voila
    expected(notebook)
    from playwright.sync_api import expect

    page.locator('#rendered_cells a[href="#Guided-game"]').first.click()      # the contents line's link
    expect(page.locator('[id="Guided-game"]')).to_be_in_viewport()
    tables = guided_tables(page)
    assert tables.count() == 1, f"{notebook} shows {tables.count()} guided tables (.plateau-guided-table)"
    table = tables.first
    page.set_viewport_size({"width": 1280, "height": 1800})   # the whole table on screen, for its screenshots
    table.scroll_into_view_if_needed()
    status, message = table.locator(".plateau-table-status"), table.locator(".plateau-table-message")
    stem, took = Path(notebook).stem, []
    for step in range(1, GUIDED_STEPS + 1):
        expect(status).to_contain_text(f"Step {step} of ", timeout=60_000)
        assert lit_parts(table).count() + len(move_buttons(table)) == 1, (
            f"step {step}: the guide lights {lit_parts(table).count()} parts and offers "
            f"{len(move_buttons(table))} move buttons; it asks for one move")
        if lit_parts(table).count():   # its ring drawn, even at the first step (Voila lays out the page late)
            expect(table.locator(".pl-clickable .pl-hint > .pl-ring").first).to_be_attached(timeout=10_000)
        other = unlit_part(table)
        if other is not None:
            other.click(position={"x": 5, "y": 12}, force=True)   # a faded part: the page does not refuse it
            expect(message).to_contain_text("This step asks you to", timeout=30_000)
            assert f"Step {step} of " in status.inner_text(), "a click the step did not ask for changed the step"
            table.screenshot(path=harness.SCREENSHOTS / f"{stem}-guided-step-{step}-other-click.png")
        started = time.perf_counter()
        make_the_asked_move(page, table, step)
        took.append(time.perf_counter() - started)
        table.screenshot(path=harness.SCREENSHOTS / f"{stem}-guided-step-{step + 1}.png")
    # Reported, not asserted: from the learner's first click of a step to the next step's sentence,
    # the other players' moves (shown one by one) included.
    record(notebook, "guided_step_to_next_step_s", took)
    table.get_by_role("button", name="Start the guided game again").click()
    expect(status).to_contain_text("Step 1 of ", timeout=30_000)
    page.set_viewport_size({"width": 1280, "height": 900})
    assert not watch.problems(), "\n".join(watch.problems())


@pytest.mark.parametrize("notebook", ["03_coloretto.ipynb"])
def test_the_lesson_s_text_shows_before_the_page_s_scripts_run(browser, voila_server, notebook):
    """The classroom's page (classroom/jupyter/voila/templates/plateau) shows the rules as soon as they
    arrive: with every script file of the page refused, the first heading and the contents line are
    on screen all the same (Voilà's own page would show only its spinner), and no widget is drawn."""
    browser.require()
    page = browser.context.new_page()
    try:
        page.route("**/*.js", lambda route: route.abort())
        page.goto(f"{voila_server.url}/voila/render/{notebook}", timeout=90_000)
        heading = page.locator(harness.FIRST_CONTENT).first
        heading.wait_for(state="visible", timeout=90_000)
        assert page.get_by_text("On this page:").first.is_visible()
        assert page.locator(".jupyter-widgets").count() == 0
        page.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-text-before-scripts.png")
    finally:
        page.close()


# ---------------------------------------------------------------- progressive rendering


@pytest.fixture(scope="module")
def progressive_voila_server(browser, workdir):
    """Voilà with progressive rendering (None without a browser)."""
    if browser.problem:
        yield None
        return
    server = harness.start_voila_progressive(workdir)
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_with_progressive_rendering_the_page_shows_at_once_and_its_widgets_work(
        browser, progressive_voila_server, notebook):
    """Voilà's progressive rendering shows the page's text before its cells have run, then every
    widget as its cell runs; nothing goes wrong. Time to the first heading and to the last widget
    are recorded beside the same figures without it (voila_first_content_s, voila_open_s)."""
    browser.require()
    page, watch, seconds = harness.open_in_voila_timed(browser.context, progressive_voila_server, notebook)
    try:
        record(notebook, "progressive_first_content_s", seconds["first_content_s"])
        record(notebook, "progressive_open_s", seconds["all_widgets_s"])
        record(notebook, "progressive_first_byte_s", seconds["first_byte_s"])
        assert page.locator(".jp-InputArea-editor, .jp-CodeMirrorEditor").count() == 0, "Voilà showed code"
        tables = guided_tables(page)
        if tables.count():
            tables.first.scroll_into_view_if_needed()
            make_the_asked_move(page, tables.first, 1)
        page.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-voila-progressive.png")
        assert not watch.problems(), "\n".join(watch.problems())
    finally:
        page.close()


# ---------------------------------------------------------------- plain `voila notebooks/<notebook>`

def kernels_of(server) -> int:
    """The kernels a Voila server runs now (its child processes running ipykernel)."""
    import psutil
    return sum("ipykernel" in " ".join(child.cmdline())
               for child in psutil.Process(server.process.pid).children(recursive=True))


@pytest.mark.parametrize("notebook", ["03_coloretto.ipynb"])
def test_plain_voila_shows_the_text_before_the_scripts_and_shuts_the_kernel_down_on_leaving(
        browser, workdir, notebook):
    """``voila notebooks/<notebook>`` with no option, started in the project's folder as a learner
    would, reads ``voila.json`` there: the notebooks' page (the lesson's text on screen with every
    script file refused), progressive rendering, and the page's shutdown request on closing goes
    through, so the kernel ends (without it, every closed page left its kernel running)."""
    browser.require()
    (workdir / "plain").mkdir(exist_ok=True)
    server = harness._start_server("voila-plain", ["voila", "--no-browser", "--port={port}", f"notebooks/{notebook}"],
                                   ready_path="/voila/static/voila.js", workdir=workdir / "plain",
                                   env={"JUPYTER_PATH": ""})
    try:
        assert "Progressive rendering is activated" in server.log()
        page = browser.context.new_page()
        watch = harness.PageWatch(page)
        page.goto(server.url + "/", timeout=90_000)
        harness.wait_for_widgets(page, harness.widget_outputs(notebook), watch=watch)
        assert kernels_of(server) >= 1
        assert not watch.problems(), "\n".join(watch.problems())
        page.close(run_before_unload=True)               # as a tab is closed
        for _ in range(120):                             # up to about a minute for the server to act
            if kernels_of(server) == 0:
                break
            time.sleep(0.5)
        assert kernels_of(server) == 0, f"a closed page's kernel still runs:\n{server.log()[-2000:]}"
        bare = browser.context.new_page()               # no script: the text shows all the same
        try:
            bare.route("**/*.js", lambda route: route.abort())
            bare.goto(server.url + "/", timeout=90_000)
            bare.locator(harness.FIRST_CONTENT).first.wait_for(state="visible", timeout=90_000)
            assert bare.locator(".jupyter-widgets").count() == 0
            bare.screenshot(path=harness.SCREENSHOTS / f"{Path(notebook).stem}-plain-voila-text-before-scripts.png")
        finally:
            bare.close()
    finally:
        server.stop()
