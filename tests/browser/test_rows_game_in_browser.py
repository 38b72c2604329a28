"""A game of rows of a class's own at the play table, in Voilà inside Chromium (issue 42, clause 2):
``rows_game_table.ipynb`` describes "Class Rows" with the kit's RowGame and seats a learner against
two bots. The learner draws by clicking the supply, places the drawn card by clicking a lit row,
takes a move back, plays a move typed in the box, and plays the game to its end with clicks: only
the supply and the rows are ever lit, the end shows the score sheet, and the page shows no error.
Screenshots: ``rows_game_drawn.png`` (a card drawn, the rows lit), ``rows_game_over.png``."""

from __future__ import annotations


import pytest

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch, click_and_wait, lit_targets, table_picture

NOTEBOOK = "rows_game_table.ipynb"
TIMEOUT_MS = 120_000
#: A bound on the learner's clicks in one game (the supply holds 30 cards, a turn is one or two clicks).
MOST_CLICKS = 200


@pytest.fixture(scope="module")
def rows_server(browser, workdir):
    """Voilà on this folder, which holds the notebook."""
    yield from harness.voila_on_the_tests_folder(browser, workdir, "rows")


def move_and_pass(page, table) -> str:
    """Hot seat: the learner whose turn it is clicks a lit part until the table asks to pass the
    screen; then nothing is lit; Show my cards gives the turn on. Returns the new status line."""
    show = table.locator("button", has_text="Show my cards")        # in the page even while hidden
    for _ in range(8):
        page.wait_for_function("([p, show]) => p.querySelector('.pl-legal') || show.offsetParent !== null",
                               arg=[table_picture(table).element_handle(), show.element_handle()], timeout=TIMEOUT_MS)
        if show.is_visible():
            break
        try:        # a lit part seen while the picture was being redrawn may be gone: look again
            click_and_wait(page, table, table.locator(".pl-legal").first, click_timeout=3_000)
        except Exception:   # playwright's TimeoutError (imported by the harness only once Chromium is there)
            continue
    show.wait_for(timeout=TIMEOUT_MS)
    page.wait_for_function("p => !p.querySelector('.pl-legal')", arg=table_picture(table).element_handle(),
                           timeout=TIMEOUT_MS)
    assert "Pass the screen to player" in table.inner_text()
    table.screenshot(path=str(SCREENSHOTS / "rows_game_hot_seat.png"))
    show.click()
    status = table.get_by_text("your turn").first
    status.wait_for(timeout=TIMEOUT_MS)
    return status.inner_text()


def test_a_learner_plays_the_classs_game_of_rows_to_its_end_with_clicks(browser, rows_server):
    page = browser.context.new_page()
    watch = PageWatch(page)
    page.goto(f"{rows_server.url}/voila/render/{NOTEBOOK}", timeout=TIMEOUT_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    table = page.locator(".plateau-play-table").first
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    assert "supply" in lit_targets(table)
    click_and_wait(page, table, table.locator('.pl-legal[data-target="supply"]'))
    table.get_by_text("Your turn: click a row to place the drawn card").wait_for(timeout=TIMEOUT_MS)
    assert lit_targets(table) and all(name.startswith("row ") for name in lit_targets(table)), lit_targets(table)
    assert "place the drawn card" in table.inner_text()
    table.screenshot(path=str(SCREENSHOTS / "rows_game_drawn.png"))
    click_and_wait(page, table, table.locator(".pl-legal").first)
    take_back = table.get_by_role("button", name="Take back")
    page.wait_for_function("b => !b.disabled", arg=take_back.element_handle(), timeout=TIMEOUT_MS)
    take_back.click()               # back to the learner's decision: where to place the card drawn
    table.get_by_text("Your turn: click a row to place the drawn card").wait_for(timeout=TIMEOUT_MS)
    assert "drawn by you" in table_picture(table).inner_html()
    typed = table.locator(".widget-text input").first
    typed.fill(lit_targets(table)[-1].replace("row", "place row"))
    typed.press("Enter")
    page.wait_for_function("p => !p.innerHTML.includes('drawn by you')", arg=table_picture(table).element_handle(),
                           timeout=TIMEOUT_MS)
    harness.click_to_the_end(page, table, MOST_CLICKS, may_light=lambda target: target == "supply" or target.startswith("row "))
    page.set_viewport_size({"width": 1280, "height": 1500})
    table.screenshot(path=str(SCREENSHOTS / "rows_game_over.png"))
    assert not watch.problems(), watch.problems()
    page.close()


def test_two_learners_share_the_screen_at_a_game_of_rows(browser, rows_server):
    """Hot seat: the New game panel seats a second learner; each makes a move by clicks, the table
    asks to pass the screen and, once Show my cards is pressed, it is the other's turn.
    Screenshot: ``rows_game_hot_seat.png`` (the screen passed)."""
    page = browser.context.new_page()
    watch = PageWatch(page)
    page.goto(f"{rows_server.url}/voila/render/{NOTEBOOK}", timeout=TIMEOUT_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    table = page.locator(".plateau-play-table").first
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    harness.seat_everyone_at_one_screen(page, table, 3)
    if table.get_by_role("button", name="Show my cards").is_visible():
        table.get_by_role("button", name="Show my cards").click()
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    first = move_and_pass(page, table)
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    second = move_and_pass(page, table)
    assert first.split(",")[0] != second.split(",")[0], (first, second)
    assert not watch.problems(), watch.problems()
    page.close()
