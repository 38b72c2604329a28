"""The analysis board in Voilà inside Chromium, in every game: a finished short game is analysed
with its progress bar, ▶ and a click on the evaluation graph change the position, and "Learn from
your mistakes" offers a puzzle the learner answers by clicking the table, told a verdict, the
answer only once asked; no error shows in the page, the console or the kernel.

The notebook is written for the test in a scratch folder (the project's notebooks are not
touched); screenshots of each game's board and puzzle go to ``tests/browser/screenshots/``.
"""

from __future__ import annotations

import json

import pytest

from plateau_lab.core import GAME_NAMES

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch, record

NOTEBOOK = "analysis_board.ipynb"
#: Each cell shows one game's board: seat 0 a random bot (a learner who makes mistakes), the others
#: the game's heuristic bot, the registry's short game.
CELL = """from plateau_lab.core import game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.ui.analysis_board import AnalysisBoard
spec = game_spec({game!r})
players, variant = spec.short
state = spec.new_game(players, seed=11, **variant)
table = [RandomBot(5)] + [spec.bot("heuristic", seat) for seat in range(1, players)]
while not state.is_over:
    state = state.apply(table[state.current_player].choose(state))
AnalysisBoard(state, 0, seed=11)"""


#: A window tall enough for a whole board: the screenshot of a board taller than the window shows
#: its pictures blank (Chromium leaves an image it has not scrolled to undrawn).
BOARD_WINDOW = {"width": 1280, "height": 1600}


def notebook() -> str:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": CELL.format(game=game)} for game in GAME_NAMES]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def board_page(browser, workdir):
    """Voilà on a scratch folder holding the notebook of every game's board, opened once."""
    browser.require()
    folder = workdir / "analysis"
    folder.mkdir(exist_ok=True)
    (folder / NOTEBOOK).write_text(notebook(), encoding="utf-8")
    server = harness.start_voila(folder, notebook_dir=folder)
    try:
        page = browser.context.new_page()
        page.set_viewport_size(BOARD_WINDOW)
        watch = PageWatch(page)
        page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=300_000)
        page.wait_for_function(f"() => [...document.querySelectorAll('.plateau-analysis-board')].filter("
                               f"b => b.innerText.includes('Analysed.')).length >= {len(GAME_NAMES)}",
                               timeout=300_000)
        yield page, watch
        page.close()
    finally:
        server.stop()


def caption_of(board) -> str:
    return board.locator(".plateau-caption").inner_text()


def answer_a_puzzle(page, board) -> None:
    """Click the puzzle's table (a second part too for a move of two clicks), or press a move's
    button, until a verdict shows."""
    puzzle = board.locator(".plateau-puzzle")
    verdict = puzzle.locator(".plateau-puzzle-verdict")
    for _ in range(4):
        if verdict.inner_text().strip():
            return
        legal = puzzle.locator(".plateau-puzzle-picture [data-target].pl-legal:not(.pl-picked)")
        buttons = puzzle.locator(".plateau-puzzle-moves button")
        if legal.count():
            legal.first.click(position={"x": 5, "y": 12})
        else:
            buttons.first.click()
        page.wait_for_timeout(400)
    raise AssertionError("no verdict after clicking the puzzle's table")


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_board_steps_jumps_from_the_graph_and_plays_a_puzzle(board_page, game):
    page, watch = board_page
    board = page.locator(".plateau-analysis-board").nth(GAME_NAMES.index(game))
    board.scroll_into_view_if_needed()
    assert "Teaching view: all hands shown" in board.inner_text()
    before = caption_of(board)
    board.get_by_role("button", name="next ▶").click()
    page.wait_for_function("([b, old]) => b.querySelector('.plateau-caption').innerText !== old",
                           arg=[board.element_handle(), before], timeout=10_000)
    assert caption_of(board).startswith("Move 1")
    board.locator(".plateau-analysis-graph [data-target='position 5']").click(force=True)
    page.wait_for_function("b => b.querySelector('.plateau-caption').innerText.startsWith('Move 5')",
                           arg=board.element_handle(), timeout=10_000)
    board.screenshot(path=str(SCREENSHOTS / f"analysis_board_{game}.png"))
    learn = board.get_by_role("button", name="Learn from your mistakes")
    if not learn.is_enabled():
        assert "none marked" in learn.inner_text()
        record(NOTEBOOK, f"{game}_puzzles", 0)
        assert watch.problems() == []
        return
    learn.click()
    puzzle = board.locator(".plateau-puzzle")
    puzzle.wait_for(state="visible", timeout=10_000)
    assert "as you saw it" in puzzle.inner_text() and "Teaching view" not in puzzle.inner_text()
    answer_a_puzzle(page, board)
    assert puzzle.locator(".plateau-puzzle-answer").inner_text().strip() == ""
    puzzle.get_by_role("button", name="Show the answer").click()
    page.wait_for_function("p => p.querySelector('.plateau-puzzle-answer').innerText.includes(\"The expert's choice\")",
                           arg=puzzle.element_handle(), timeout=10_000)
    puzzle.screenshot(path=str(SCREENSHOTS / f"analysis_puzzle_{game}.png"))
    record(NOTEBOOK, f"{game}_puzzles", 1)
    puzzle.get_by_role("button", name="Back to the board").click()
    assert watch.problems() == []
