"""The class's own game at a shared table, in Chromium (issue 42, clause 2; docs/kit.md): the shared
tables' service started with ``--games`` and the teacher's file describing "Class Tricks" with the
kit, and Voilà serving notebook 09 (``09_play_together.ipynb``), which does not describe that game:
its shared table lists the games the service plays. A learner picks "Class Tricks" in the list of
games, opens a table for 3 (two bots), and plays the hand to its end by clicking lit cards: only
the learner's own cards are ever lit, the page shows no error, and the end says who won.
Screenshots: ``class_game_listed.png`` (the game chosen), ``class_game_shared_table.png``."""

from __future__ import annotations

import shutil

import pytest

from classroom.harness import start_service, stop
from classroom.test_class_games import CLASS_GAMES
from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch
from .test_shared_table_in_browser import as_the_classroom_runs_voila, card_targets, field, log_lines, status

NOTEBOOK = "09_play_together.ipynb"
TIMEOUT_MS = 120_000
#: A bound on the learner's turns in one hand of 6 cards each (a click a card, waits for the bots).
MOST_TURNS = 200


@pytest.fixture(scope="module")
def classroom(browser, workdir):
    """The service with the class's games, and Voilà on a folder holding the page."""
    browser.require()
    folder = workdir / "class_game"
    (folder / "notebooks").mkdir(parents=True, exist_ok=True)
    shutil.copy(harness.NOTEBOOKS / NOTEBOOK, folder / "notebooks" / NOTEBOOK)
    games = folder / "class_games.py"
    games.write_text(CLASS_GAMES)
    process, url = start_service(folder / "shared_tables.sqlite", "--bot-delay", "0", "--games", str(games))
    try:
        with pytest.MonkeyPatch.context() as patch:      # Voilà's environment reaches its kernels
            patch.setenv("PLATEAU_CLASSROOM_URL", url)
            patch.setenv("JUPYTER_CONFIG_PATH", str(as_the_classroom_runs_voila(folder / "config")))
            server = harness.start_voila(folder, notebook_dir=folder / "notebooks")
        try:
            yield server
        finally:
            server.stop()
    finally:
        stop(process)


def test_a_learner_plays_the_classs_game_at_a_shared_table_to_its_end(browser, classroom):
    page = browser.context.new_page()
    watch = PageWatch(page)
    page.goto(f"{classroom.url}/voila/render/{NOTEBOOK}", timeout=TIMEOUT_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    table = page.locator(".plateau-shared-table").first
    table.get_by_role("button", name="Open a table").wait_for(timeout=TIMEOUT_MS)
    field(table, "your name").fill("Ann")
    table.locator('.widget-dropdown:has(label:text-is("game")) select').select_option(label="Class Tricks")
    table.locator('.widget-dropdown:has(label:text-is("players")) select').select_option(label="3")
    games = [" ".join(title.split()) for title in    # the page writes a title's spaces unbreakable
             table.locator('.widget-dropdown:has(label:text-is("game")) select option').all_inner_texts()]
    assert "Class Tricks" in games and "Oh Hell" in games, games      # the service's games, its class's too
    table.screenshot(path=str(SCREENSHOTS / "class_game_listed.png"))
    table.get_by_role("button", name="Open a table").click()
    table.locator(".pl-clickable svg").first.wait_for(timeout=TIMEOUT_MS)
    assert "Class Tricks" in table.locator(".plateau-shared-status").first.inner_text()
    hand = card_targets(table)
    assert len(hand) == 6, hand
    turns = 0
    while not status(table).startswith("Game over"):
        turns += 1
        assert turns <= MOST_TURNS, f"the hand did not end; the table says {status(table)}"
        lit = table.locator(".pl-clickable .pl-legal")
        assert card_targets(table) <= hand, "a card that is not Ann's is shown as hers"
        if status(table).startswith(("Your turn", "Now")) and lit.count():
            before = table.locator(".pl-clickable").first.inner_html()
            lit.first.click(position={"x": 5, "y": 12})
            page.wait_for_function("([p, before]) => p.innerHTML !== before",
                                   arg=[table.locator(".pl-clickable").first.element_handle(), before],
                                   timeout=TIMEOUT_MS)
        else:
            page.wait_for_timeout(150)          # a bot is playing
    assert any("The hand is over" in line for line in log_lines(table)), log_lines(table)
    page.set_viewport_size({"width": 1280, "height": 1500})
    table.screenshot(path=str(SCREENSHOTS / "class_game_shared_table.png"))
    assert not watch.problems(), watch.problems()
    page.close()
