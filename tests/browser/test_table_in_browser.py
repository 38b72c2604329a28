"""The play table in Voilà inside Chromium: clicking a card in the picture plays it, Take back
restores the table, Save downloads the game and Load (pasted or uploaded) brings it back, and no
error shows in the page, the console or the kernel.

Screenshots of every game's table at 1280 and 800 pixels wide go to ``tests/browser/screenshots/``.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from plateau_lab.core import GAME_NAMES

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, click_target_and_time, open_table_notebook, record, table_picture, tables

#: The tables of play_table.ipynb: one per registered game, in the registry's order.
GAMES = GAME_NAMES


@pytest.fixture(scope="module")
def table_server(browser, workdir):
    """Voilà on this folder, which holds play_table.ipynb (one PlayTable per game)."""
    browser.require()
    (workdir / "table").mkdir(exist_ok=True)
    server = harness.start_voila(workdir / "table", notebook_dir=SCREENSHOTS.parent)
    try:
        yield server
    finally:
        server.stop()


def finish_a_two_click_move(page, table) -> None:
    """After a first click that only picks (a Wimmüln cross, a Syndicate lead, a Le Plateau gift),
    click a second legal part, one other than the part picked."""
    page.wait_for_timeout(300)
    if "Now click" not in table.inner_text():
        return
    picked = table.locator(".pl-picked[data-target]").first
    picked_name = picked.get_attribute("data-target") if picked.count() else None
    for index in range(table.locator(".pl-legal").count()):
        part = table.locator(".pl-legal").nth(index)
        if part.get_attribute("data-target") != picked_name:
            part.click(position={"x": 5, "y": 12})
            return
    raise AssertionError("a two-click move offers no second part to click")


def test_clicking_a_card_plays_it_take_back_restores_it_and_nothing_goes_wrong(browser, table_server):
    page, watch = open_table_notebook(browser.context, table_server)
    try:
        for index, game in enumerate(GAMES):
            table = tables(page).nth(index)
            table.scroll_into_view_if_needed()
            table.locator(".pl-legal").first.wait_for(timeout=30_000)
            table.screenshot(path=str(SCREENSHOTS / f"table_{game}_1280.png"))
            before = table_picture(table).inner_html()
            timing = click_target_and_time(page, table)
            record(harness.TABLE_NOTEBOOK, f"{game}_click_ms", timing["painted_ms"])
            assert timing["after"] != before, f"{game}: the picture did not change after a click"
            take_back = table.get_by_role("button", name="Take back")
            finish_a_two_click_move(page, table)
            page.wait_for_function("b => !b.disabled", arg=take_back.element_handle(), timeout=30_000)
            take_back.click()
            page.wait_for_function("([p, html]) => p.innerHTML === html",
                                   arg=[table_picture(table).element_handle(), before], timeout=30_000)
        page.set_viewport_size({"width": 800, "height": 900})
        for index, game in enumerate(GAMES):
            table = tables(page).nth(index)
            table.scroll_into_view_if_needed()
            table.screenshot(path=str(SCREENSHOTS / f"table_{game}_800.png"))
            width = table_picture(table).evaluate("p => p.querySelector('svg').getBoundingClientRect().width")
            assert width <= 800, f"{game}: the picture is {width:.0f} px wide in an 800 px window"
        assert watch.problems() == []
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
        page.close()


def test_a_two_player_pile_card_is_played_by_a_click_and_the_card_beneath_turns_up_after_the_trick(
        browser, table_server):
    """The table after every registered game's is 2-player Le Plateau at its first lead: seat 0 plays the
    face-up 19 from its pile 18/19; the bot must answer with its face-up 21, and once the trick is
    over 18 lies face up on that pile, a card of seat 0's to click."""
    page, watch = open_table_notebook(browser.context, table_server)
    try:
        table = tables(page).nth(len(GAMES))
        table.scroll_into_view_if_needed()
        picture = table_picture(table)
        top = picture.locator('.pl-legal[data-target="card 19"]')
        top.wait_for(timeout=30_000)
        assert picture.locator('[data-target="card 18"]').count() == 0
        table.screenshot(path=str(SCREENSHOTS / "table_le_plateau_2_players.png"))
        top.click(position={"x": 5, "y": 12})
        picture.locator('[data-target="card 18"]').wait_for(timeout=30_000)
        assert picture.locator("text", has_text="Last trick: player 1 won it").count() == 1
        table.screenshot(path=str(SCREENSHOTS / "table_le_plateau_2_players_played.png"))
        assert watch.problems() == []
    finally:
        page.close()


def saved_game(table) -> str:
    """The game the table's Save link holds now (the JSON inside its data: address)."""
    href = table.locator("a.plateau-save").get_attribute("href")
    return base64.b64decode(href.split(",", 1)[1]).decode()


def test_save_downloads_the_game_and_load_brings_it_back_by_paste_and_by_upload(browser, table_server, tmp_path):
    page, watch = open_table_notebook(browser.context, table_server)
    try:
        table = tables(page).nth(GAMES.index("coloretto"))
        table.scroll_into_view_if_needed()
        table.locator(".pl-legal").first.wait_for(timeout=30_000)
        before = table_picture(table).inner_html()
        click_target_and_time(page, table)
        page.wait_for_function("([p, html]) => p.innerHTML !== html && p.querySelector('.pl-legal')",
                               arg=[table_picture(table).element_handle(), before], timeout=30_000)
        table.get_by_text("Save or load").click()
        with page.expect_download() as download:
            table.locator("a.plateau-save").click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        text = saved.read_text()
        game = json.loads(text)
        assert game["game"] == "coloretto" and len(game["actions"]) >= 1 and text == saved_game(table)

        def wait_until_the_table_holds(game_text):
            page.wait_for_function("([t, want]) => t.querySelector('a.plateau-save').href.endsWith(want)",
                                   arg=[table.element_handle(), base64.b64encode(game_text.encode()).decode()],
                                   timeout=60_000)
            assert saved_game(table) == game_text

        def start_a_new_game():
            before = table.locator("a.plateau-save").get_attribute("href")
            start = table.get_by_role("button", name="Start the new game")
            if not start.is_visible():
                table.get_by_text("New game", exact=True).click()
            start.wait_for(state="visible", timeout=30_000)
            start.click()
            page.wait_for_function("([t, old]) => t.querySelector('a.plateau-save').href !== old",
                                   arg=[table.element_handle(), before], timeout=60_000)
            assert saved_game(table) != text
            if not table.get_by_role("button", name="Load", exact=True).is_visible():
                table.get_by_text("Save or load").click()

        start_a_new_game()
        table.get_by_placeholder("paste a saved game").fill(text)
        table.get_by_role("button", name="Load", exact=True).click()
        wait_until_the_table_holds(text)

        start_a_new_game()
        table.get_by_placeholder("paste a saved game").fill("")
        with page.expect_file_chooser() as chooser:
            table.get_by_role("button", name="Choose a file").click()
        chooser.value.set_files(str(saved))
        table.get_by_role("button", name="Load", exact=True).click()
        wait_until_the_table_holds(text)
        table.screenshot(path=str(SCREENSHOTS / "table_coloretto_loaded.png"))
        assert watch.problems() == []
    finally:
        page.close()


#: Where the hot-seat test leaves its screenshots of the pass screen and of the hand shown.
HOT_SEAT_SHOTS = Path("/tmp/hotseat")


def test_hot_seat_hides_every_hand_while_the_screen_is_passed_and_show_my_cards_reveals_the_next(
        browser, table_server):
    """The last table of play_table.ipynb seats players 0 and 1 at one screen (the registry's first
    game where player 0 opens with one click on a card): player 0 clicks a card, the table says to
    pass the screen to player 1 with no card face up, and Show my cards brings player 1's cards,
    which are clickable."""
    HOT_SEAT_SHOTS.mkdir(exist_ok=True)
    page, watch = open_table_notebook(browser.context, table_server)
    try:
        table = tables(page).nth(len(GAMES) + 1)
        table.scroll_into_view_if_needed()
        picture = table_picture(table)
        cards = picture.locator('.pl-legal[data-target^="card "]')
        cards.first.wait_for(timeout=30_000)
        assert "players 0 and 1 share this screen" in table.inner_text()
        assert "Player 0, your turn" in table.inner_text()
        show = table.get_by_role("button", name="Show my cards")
        assert not show.is_visible()
        cards.first.click(position={"x": 5, "y": 12})
        table.get_by_text("Pass the screen to player 1, then press Show my cards.").wait_for(timeout=30_000)
        show.wait_for(state="visible", timeout=30_000)
        assert picture.locator('[data-target^="card "]').count() == 0, "a card is face up while passing"
        assert picture.locator(".pl-legal").count() == 0
        table.scroll_into_view_if_needed()
        table.screenshot(path=str(HOT_SEAT_SHOTS / "pass_screen.png"))
        show.click()
        cards.first.wait_for(timeout=30_000)
        table.get_by_text("Player 1, your turn").wait_for(timeout=30_000)
        assert not show.is_visible()
        table.screenshot(path=str(HOT_SEAT_SHOTS / "player_1_shown.png"))
        before = picture.inner_html()
        cards.first.click(position={"x": 5, "y": 12})
        page.wait_for_function("([p, html]) => p.innerHTML !== html", arg=[picture.element_handle(), before],
                               timeout=30_000)
        assert "Not allowed" not in table.inner_text()
        assert watch.problems() == []
    finally:
        page.close()


#: The smallest box a click target may have on screen, in CSS pixels, either way.
SMALLEST_TARGET_PX = 24


@pytest.mark.parametrize("width", [1280, 800])
def test_every_bid_of_le_plateaus_bidding_table_is_a_cell_of_at_least_24_px(browser, table_server, width):
    """Each bid is a cell of its own, at least 24 x 24 CSS pixels as Chromium lays the page out, in a
    window 1280 or 800 pixels wide (a bid was half a cell, about 30 x 20 px, before)."""
    page, watch = open_table_notebook(browser.context, table_server)
    try:
        page.set_viewport_size({"width": width, "height": 900})
        table = tables(page).nth(GAMES.index("le_plateau"))
        table.scroll_into_view_if_needed()
        cells = table.locator('.pl-clickable [data-target^="bid "]')
        cells.first.wait_for(timeout=30_000)
        page.wait_for_timeout(300)
        boxes = [cells.nth(index).bounding_box() for index in range(cells.count())]
        assert len(boxes) >= 10
        smallest = (min(box["width"] for box in boxes), min(box["height"] for box in boxes))
        record("play_table.ipynb", f"le_plateau_bid_cell_px_{width}", [round(side, 1) for side in smallest])
        assert min(smallest) >= SMALLEST_TARGET_PX, f"the smallest bid cell is {smallest[0]:.0f} x {smallest[1]:.0f} px"
        table_picture(table).screenshot(path=str(SCREENSHOTS / f"table_le_plateau_bidding_{width}.png"))
        assert not watch.problems(), "\n".join(watch.problems())
    finally:
        page.close()
