"""The coach as a learner meets it, in Voilà inside Chromium (issue 38): at Coloretto's play table a
game played at random is reviewed low and a game the expert played is reviewed high; the analysis
board's puzzle is answered wrong, then right; and one position, asked from the hint before the move,
then from the review and the analysis board once the game is over, gets the same best move and the
same chances from all three. Screenshots of each go to ``tests/browser/screenshots/coach_*.png``.

The notebook is written for the test in a scratch folder (the project's notebooks are not touched).
"""

from __future__ import annotations

import json
import re

import pytest

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, TABLE_BUTTONS, PageWatch

NOTEBOOK = "coach.ipynb"
#: Three play tables of Coloretto: a game finished by a random player in the learner's place, one
#: finished by the expert, and a game to play from its start.
FINISHED = """from plateau_lab.core import game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.expert import ExpertBot
from plateau_lab.ui.table import PlayTable
spec = game_spec("coloretto")
state = spec.new_game(seed={seed})
players = [{player}({seed})] + [spec.bot("heuristic", {seed} + seat) for seat in range(1, state.players)]
while not state.is_over:
    state = state.apply(players[state.current_player].choose(state))
PlayTable(state=state, seat=0, delay=0)"""
FRESH = """from plateau_lab.ui.table import PlayTable
PlayTable("coloretto", seat=0, seed=3, delay=0)"""
#: The tables in the page, in order.
RANDOM, EXPERT, FRESH_TABLE = range(3)
#: What the learner of each finished table should read: random play at most 60 %, the expert's at least 80 %.
LOW, HIGH = 60, 80
WINDOW = {"width": 1280, "height": 1600}


def notebook() -> str:
    sources = [FINISHED.format(seed=1, player="RandomBot"), FINISHED.format(seed=2, player="ExpertBot"), FRESH]
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": source}
             for source in sources]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def coach_page(browser, workdir):
    """Voilà on a scratch folder holding the three tables, opened once."""
    browser.require()
    folder = workdir / "coach"
    folder.mkdir(exist_ok=True)
    (folder / NOTEBOOK).write_text(notebook(), encoding="utf-8")
    server = harness.start_voila(folder, notebook_dir=folder)
    try:
        page = browser.context.new_page()
        page.set_viewport_size(WINDOW)
        watch = PageWatch(page)
        page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=300_000)
        page.wait_for_function("() => document.querySelectorAll('.plateau-play-table .pl-clickable svg').length >= 3",
                               timeout=300_000)
        yield page, watch
        page.close()
    finally:
        server.stop()


def table(page, index: int):
    return harness.tables(page).nth(index)


def reviewed(page, at) -> str:
    """Press Review my game and wait for the review; its headline."""
    at.get_by_role("button", name="Review my game").click()
    headline = at.locator(".plateau-review p b").first
    headline.wait_for(timeout=120_000)
    return headline.inner_text()


def accuracy_in(headline: str) -> int:
    return int(re.search(r"accuracy (\d+) %", headline).group(1))


def analysed(page, at):
    """Press Analyse this game and wait for the board to finish; the board."""
    at.get_by_role("button", name="Analyse this game").click()
    board = at.locator(".plateau-analysis-board")
    page.wait_for_function("b => b.innerText.includes('Analysed.')", arg=board.element_handle(), timeout=300_000)
    return board


def verdict_after_trying(page, puzzle, which: int) -> str:
    """Try the ``which``-th move of the puzzle (its highlighted parts, then its buttons); the verdict."""
    verdict = puzzle.locator(".plateau-puzzle-verdict")
    before = verdict.inner_text()
    legal = puzzle.locator(".plateau-puzzle-picture [data-target].pl-legal")
    buttons = puzzle.locator(".plateau-puzzle-moves button")
    if which < legal.count():
        legal.nth(which).click(position={"x": 5, "y": 12})
    else:
        buttons.nth(which - legal.count()).click()
    page.wait_for_function("([v, old]) => v.innerText.trim() && v.innerText !== old",
                           arg=[verdict.element_handle(), before], timeout=20_000)
    return verdict.inner_text()


def play_to_the_end(page, at) -> None:
    """The learner plays on: the first highlighted part of the picture, else the first move button,
    else Next, until the game is over (a bounded number of clicks)."""
    picture = harness.table_picture(at)
    for _ in range(400):
        page.wait_for_function("t => /Your turn|Game over|\\bNext\\b/.test(t.innerText)",
                               arg=at.element_handle(), timeout=20_000)
        page.wait_for_timeout(150)        # the bots' moves drawn: the picture's targets are the learner's
        if at.get_by_role("button", name="Review my game").is_enabled():
            return
        before = picture.inner_html() + at.inner_text()
        moves = [button for button in at.locator(".plateau-table-moves button").all() if button.is_visible()]
        next_button = at.get_by_role("button", name="Next")
        if at.locator(".pl-legal").count():
            at.locator(".pl-legal").first.click(position={"x": 5, "y": 12})
        elif moves and moves[0].inner_text().strip() not in TABLE_BUTTONS:
            moves[0].click()
        elif next_button.is_visible():
            next_button.click()
        page.wait_for_function("([p, t, old]) => p.innerHTML + t.innerText !== old",
                               arg=[picture.element_handle(), at.element_handle(), before], timeout=20_000)
    raise AssertionError(f"the game never ended: {at.inner_text()[:400]}")


def chances_in(text: str) -> list[str]:
    """The chances a sentence gives, in the order it gives them: "6 times in 10", "none", "6 in 10"."""
    return re.findall(r"about (\d+) times in 10|(\d+) in 10|in none", text)


@pytest.mark.slow
def test_random_play_is_reviewed_low_and_the_expert_s_play_high(coach_page):
    page, watch = coach_page
    low_table, high_table = table(page, RANDOM), table(page, EXPERT)
    low = reviewed(page, low_table)
    low_table.screenshot(path=str(SCREENSHOTS / "coach_review_random.png"))
    high = reviewed(page, high_table)
    high_table.screenshot(path=str(SCREENSHOTS / "coach_review_expert.png"))
    assert accuracy_in(low) <= LOW and re.search(r"blunder|mistake|inaccurac", low), low
    assert accuracy_in(high) >= HIGH, high
    assert watch.problems() == []


@pytest.mark.slow
def test_a_puzzle_answered_wrong_then_right(coach_page):
    page, watch = coach_page
    board = analysed(page, table(page, RANDOM))
    board.get_by_role("button", name=re.compile("Learn from your mistakes")).click()
    puzzle = board.locator(".plateau-puzzle")
    puzzle.wait_for(state="visible", timeout=20_000)
    moves = (puzzle.locator(".plateau-puzzle-picture [data-target].pl-legal").count()
             + puzzle.locator(".plateau-puzzle-moves button").count())
    verdicts, right, wrong = [], False, False
    for which in range(moves):                  # every move once: the one played is wrong (it was marked)
        verdicts.append(verdict_after_trying(page, puzzle, which))
        found = bool(re.search(r"^[^:]+: (Yes|Well found)", verdicts[-1]))
        if found and not right or not found and not wrong:
            puzzle.screenshot(path=str(SCREENSHOTS / f"coach_puzzle_{'right' if found else 'wrong'}.png"))
        right, wrong = right or found, wrong or not found
    assert right and wrong, verdicts
    assert any("That is the move you played" in said for said in verdicts), verdicts
    puzzle.get_by_role("button", name="Back to the board").click()
    assert watch.problems() == []


@pytest.mark.slow
def test_one_position_gets_one_answer_from_the_hint_the_review_and_the_board(coach_page):
    page, watch = coach_page
    at = table(page, FRESH_TABLE)
    at.get_by_role("button", name="Hint").click()
    message = at.locator(".plateau-table-message").first
    page.wait_for_function("m => m.innerText.startsWith('Hint:')", arg=message.element_handle(), timeout=60_000)
    hint = message.inner_text()
    at.screenshot(path=str(SCREENSHOTS / "coach_hint.png"))
    best = re.match(r"Hint: the expert would (.+?)\. ", hint).group(1)
    play_to_the_end(page, at)

    reviewed(page, at)
    at.locator(".plateau-review details summary").click()
    first = at.locator(".plateau-review details li").first.inner_text()      # the decision the hint was asked at
    at.locator(".plateau-review").screenshot(path=str(SCREENSHOTS / "coach_review_decision_1.png"))
    assert first.startswith("Decision 1 of"), first
    assert f"the expert's choice too" in first or f"The expert's choice: {best}" in first, (hint, first)

    board = analysed(page, at)
    caption = board.locator(".plateau-caption")
    for position in range(1, 30):              # the learner's first decision, found on the graph
        board.locator(f".plateau-analysis-graph [data-target='position {position}']").click(force=True)
        page.wait_for_function("([b, n]) => b.querySelector('.plateau-caption').innerText.startsWith('Move ' + n)",
                               arg=[board.element_handle(), position], timeout=20_000)
        if "Decision 1 of" in caption.inner_text():
            break
    expert = board.inner_text()
    board.screenshot(path=str(SCREENSHOTS / "coach_board_decision_1.png"))
    assert f"{best}: the expert's choice" in expert, (hint, expert)
    hinted = hint.split(". ", 1)[1]
    shown = expert.split(f"{best}: the expert's choice", 1)[1]
    assert chances_in(hinted)[:2] == chances_in(shown)[:2], (hint, expert)
    assert watch.problems() == []
