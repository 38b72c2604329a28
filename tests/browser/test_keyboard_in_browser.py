"""The keyboard alone plays (issue 43, clause 1): in Voilà inside Chromium, a whole game of each of
the six games is played to its score sheet with key presses only (Tab and Shift+Tab to reach a
control, the arrow keys among the picture's targets, Enter to choose; no mouse click), a hint is
asked and a move taken back, and the review and the analysis board are opened and stepped through.

Screenshots go to ``tests/browser/screenshots/``: the focus ring on a card and on a Le Plateau
bidding cell, and each game's table at its end, reached by the keyboard.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest

from plateau_lab.core import GAME_NAMES

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, tables

NOTEBOOK = "keyboard_tables.ipynb"      # next to this file: one short game per registered game

#: Where the keyboard's focus is, seen from a table: inside it, on a target of its picture (legal,
#: picked), on a button (its words).
FOCUS = """(table) => {
  const a = document.activeElement;
  const target = a && a.closest ? a.closest('[data-target]') : null;
  return {inside: table.contains(a), target: target ? target.getAttribute('data-target') : null,
          legal: !!(target && target.classList.contains('pl-legal')),
          picked: !!(target && target.classList.contains('pl-picked')),
          button: a && a.tagName === 'BUTTON' ? a.innerText.trim() : null,
          move: !!(a && a.closest && a.closest('.plateau-table-moves'))};
}"""

#: What the table asks for now.
STATE = """(table) => {
  const shown = (el) => el && el.offsetParent !== null;
  const pause = table.querySelector('.plateau-table-pause');
  const next = pause ? pause.querySelector('button') : null;
  const moves = [...table.querySelectorAll('.plateau-table-moves button')].map((b) => b.innerText.trim());
  return {paused: shown(pause), next: next ? next.innerText.trim() : '',
          legal: table.querySelectorAll('.pl-clickable .pl-legal').length, moves};
}"""

PUT_BACK = "put the card back"

#: The focused element in a few words, for a failure's message.
WHERE = ("() => { const a = document.activeElement; return a.tagName + ':' + (a.getAttribute('aria-label') "
         "|| (a.innerText || a.value || '').trim().slice(0, 30)); }")

#: What the kernel draws in a table (its words and its picture's parts), not the focus ring the page moves.
DRAWN = "(t) => t.innerText + [...t.querySelectorAll('[data-target]')].map((p) => p.getAttribute('class')).join()"


@contextmanager
def keyboard_tables(browser, workdir, name: str):
    """Voilà on this folder (its own, under ``workdir/name``), and keyboard_tables.ipynb open in it once
    every table is drawn: (page, watch)."""
    browser.require()
    (workdir / name).mkdir(exist_ok=True)
    server = harness.start_voila(workdir / name, notebook_dir=SCREENSHOTS.parent)
    try:
        page = browser.context.new_page()
        watch = harness.PageWatch(page)
        page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=120_000)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
        watch.wait_for_cells(120_000)
        page.wait_for_function("n => document.querySelectorAll('.plateau-play-table .pl-clickable svg').length >= n",
                               arg=len(GAME_NAMES), timeout=120_000)
        yield page, watch
        page.close()
    finally:
        server.stop()


@pytest.fixture(scope="module")
def keyboard_page(browser, workdir):
    with keyboard_tables(browser, workdir, "keyboard") as opened:
        yield opened


def focus(page, table) -> dict:
    return table.evaluate(FOCUS)


def tab_to(page, table, wanted, *, most: int = 80) -> dict:
    """Press Tab until the focus is where ``wanted(focus)`` says, then Shift+Tab back if it was not
    found ahead; returns the focus reached. The focus must stay visible and never be trapped."""
    visited = []
    for key in ("Tab", "Shift+Tab"):
        for _ in range(most):
            now = focus(page, table)
            if now["inside"] and wanted(now):
                return now
            visited.append(page.evaluate(WHERE))
            page.keyboard.press(key)
    raise AssertionError(f"Tab never reached the control wanted; it went through {visited}; the table asks for "
                         f"{table.evaluate(STATE)}")


def press_and_wait(page, table, key: str = "Enter") -> None:
    """Press ``key`` and wait until the table changes (the kernel answered)."""
    before = table.evaluate(DRAWN)
    page.keyboard.press(key)
    page.wait_for_function(f"([t, before]) => ({DRAWN})(t) !== before", arg=[table.element_handle(), before],
                           timeout=30_000)
    page.wait_for_timeout(150)        # the table may then move the focus (after a button that goes away)


def choose_a_target(page, table) -> dict:
    """Tab into the picture, then move with the arrow keys to a legal target not picked yet."""
    now = tab_to(page, table, lambda f: f["target"] is not None)
    page.keyboard.press("Home")
    for _ in range(80):
        now = focus(page, table)
        if now["legal"] and not now["picked"]:
            return now
        page.keyboard.press("ArrowRight")
    raise AssertionError("the arrow keys reached no legal target")


def step(page, table) -> str:
    """One decision by the keyboard: Next at a pause, a target of the picture, or a move's button.
    Returns what was done."""
    state = table.evaluate(STATE)
    if state["paused"]:
        tab_to(page, table, lambda f: f["button"] == state["next"])
        press_and_wait(page, table)
        return "next"
    if state["legal"]:
        chosen = choose_a_target(page, table)
        press_and_wait(page, table)
        return chosen["target"]
    moves = [move for move in state["moves"] if move != PUT_BACK]
    if moves:
        tab_to(page, table, lambda f: f["move"] and f["button"] == moves[0])
        press_and_wait(page, table)
        return moves[0]
    page.wait_for_timeout(200)               # a bot is thinking
    return "wait"


def game_over(table) -> bool:
    state = table.evaluate(STATE)
    return state["paused"] and state["next"] == "Next: a new game"


def play_to_the_end(page, table, game: str, *, most: int = 300) -> list[str]:
    done = []
    while not game_over(table):
        assert len(done) < most, f"{game}: no end after {most} decisions by keyboard: {done[-10:]}"
        done.append(step(page, table))
    return done


def test_a_whole_game_of_every_game_by_keyboard_alone(keyboard_page):
    page, watch = keyboard_page
    for index, game in enumerate(GAME_NAMES):
        table = tables(page).nth(index)
        table.scroll_into_view_if_needed()
        table.locator(".pl-clickable").first.wait_for()
        table.evaluate("t => { t.setAttribute('tabindex', '-1'); t.focus(); }")   # where the learner starts reading
        if game in ("oh_hell", "le_plateau", "wimmuln"):
            for _ in range(20):             # to the first decision made in the picture
                if table.evaluate(STATE)["legal"]:
                    break
                step(page, table)
            choose_a_target(page, table)
            page.keyboard.press("ArrowRight")
            page.wait_for_timeout(100)
            ring = table.locator(".pl-focus-ring")
            assert ring.is_visible(), f"{game}: no focus ring on the focused target"
            table.screenshot(path=str(SCREENSHOTS / f"keyboard_focus_{game}.png"))
        done = play_to_the_end(page, table, game)
        table.screenshot(path=str(SCREENSHOTS / f"keyboard_whole_game_{game}.png"))
        if game == "le_plateau":                  # the board at the game's end, in words, shown by keyboard
            page.wait_for_timeout(500)
            tab_to(page, table, lambda f: page.evaluate("() => document.activeElement.type === 'checkbox'"))
            page.keyboard.press("Space")
            words = table.locator(".pl-words").first
            page.wait_for_function("w => w.offsetHeight > 40", arg=words.element_handle(), timeout=30_000)
            assert "counters: on " in words.inner_text()
            words.screenshot(path=str(SCREENSHOTS / "keyboard_words_le_plateau_end.png"))
        assert table.locator(".plateau-score-sheet, table").count(), f"{game}: no score sheet at the end"
        harness.record(NOTEBOOK, f"{game}_keyboard_decisions", len(done))
    assert watch.problems() == []


def start_a_new_deal_by_keyboard(page, table, deal: int) -> None:
    """Open the New game panel, type the deal number and start it, all by keyboard."""
    tab_to(page, table, lambda f: page.evaluate("() => (document.activeElement.innerText || '').trim() === 'New game'"))
    page.keyboard.press("Enter")
    tab_to(page, table, lambda f: page.evaluate(
        "() => document.activeElement.placeholder === 'empty: a new deal'"))
    page.keyboard.type(str(deal))
    tab_to(page, table, lambda f: f["button"] == "Start the new game")
    press_and_wait(page, table)
    page.wait_for_function("([t, deal]) => t.innerText.includes(`deal number ${deal} `)",
                           arg=[table.element_handle(), deal], timeout=30_000)


def test_hint_take_back_review_analysis_board_and_puzzles_by_keyboard(keyboard_page):
    page, watch = keyboard_page
    table = tables(page).nth(GAME_NAMES.index("oh_hell"))
    table.scroll_into_view_if_needed()
    start_a_new_deal_by_keyboard(page, table, 5)     # a deal where this way of playing makes a mistake
    while not table.evaluate(STATE)["legal"]:
        step(page, table)
    tab_to(page, table, lambda f: f["button"] == "Hint")
    press_and_wait(page, table)
    assert "Hint:" in table.inner_text()
    choose_a_target(page, table)
    press_and_wait(page, table)
    tab_to(page, table, lambda f: f["button"] == "Take back")
    press_and_wait(page, table)
    assert "Taken back" in table.inner_text()
    play_to_the_end(page, table, "oh_hell")
    tab_to(page, table, lambda f: f["button"] == "Review my game")
    page.keyboard.press("Enter")
    page.wait_for_function("t => /costliest|decision/i.test(t.innerText) && !/reviewing your decisions/.test(t.innerText)",
                           arg=table.element_handle(), timeout=120_000)
    tab_to(page, table, lambda f: f["button"] == "Analyse this game")
    page.keyboard.press("Enter")
    board = table.locator(".plateau-analysis-board").first
    board.get_by_role("button", name="next ▶").wait_for(timeout=120_000)
    page.wait_for_function("b => !/Analysing the game/.test(b.innerText)", arg=board.element_handle(), timeout=120_000)
    text_before = board.inner_text()
    tab_to(page, table, lambda f: f["button"] == "next ▶")
    press_and_wait(page, table)
    assert board.inner_text() != text_before
    assert "You are player 0 of 3" in (board.locator(".pl-words").first.text_content() or "")
    board.screenshot(path=str(SCREENSHOTS / "keyboard_analysis_board.png"))
    learn = board.get_by_role("button", name=re.compile("Learn from your mistakes"))
    assert learn.is_enabled(), "this deal, played so, should leave a mistake to learn from"
    tab_to(page, table, lambda f: (f["button"] or "").startswith("Learn from your mistakes"))
    press_and_wait(page, table)
    puzzle = board.locator(".plateau-puzzle")
    assert puzzle.is_visible()
    if puzzle.locator(".plateau-puzzle-picture .pl-legal").count():
        tab_to(page, table, lambda f: f["target"] is not None and page.evaluate(
            "() => !!document.activeElement.closest('.plateau-puzzle-picture')"))
        for _ in range(40):
            if focus(page, table)["legal"]:
                break
            page.keyboard.press("ArrowRight")
    else:                                      # a bid: the moves are buttons
        tab_to(page, table, lambda f: f["button"] is not None and page.evaluate(
            "() => !!document.activeElement.closest('.plateau-puzzle-moves')"))
    press_and_wait(page, table)
    verdict = puzzle.locator(".plateau-puzzle-verdict").inner_text()
    assert verdict.strip() and "not a move" not in verdict, verdict
    assert verdict.split(":")[0].strip() in (puzzle.locator("[role=status]").text_content() or "")
    tab_to(page, table, lambda f: f["button"] == "Show the answer")
    press_and_wait(page, table)
    assert "The expert's choice is" in puzzle.locator(".plateau-puzzle-answer").inner_text()
    puzzle.screenshot(path=str(SCREENSHOTS / "keyboard_puzzle.png"))
    assert watch.problems() == []


def test_the_guided_game_by_keyboard(keyboard_page):
    page, watch = keyboard_page
    table = page.locator(".plateau-guided-table").first
    table.scroll_into_view_if_needed()
    table.evaluate("t => { t.setAttribute('tabindex', '-1'); t.focus(); }")
    steps = 0
    while re.search(r"Step \d+ of \d+", table.locator(".plateau-table-status").inner_text()):
        assert steps < 40, "the guided game never ended"
        step(page, table)
        steps += 1
    assert steps >= 3
    table.screenshot(path=str(SCREENSHOTS / "keyboard_guided_game.png"))
    assert watch.problems() == []
