"""A game of turns of a class's own (The Syndicate's shape) at the play table, in Voilà inside
Chromium (issue 42, clauses 1 and 2): ``turns_game_table.ipynb`` describes "Class Plots" with the
kit (hands of 5, 4 and 3, the leader drawing up to 5, a lead with a card face down or not, the lead
passing left, one against two, play to 8 points) and seats a learner against two bots.

The learner leads by clicking a card, then a second card to lay face down with it (or the button
that leads the card alone); takes the lead back; plays the game to its end with clicks. At one
screen, the next player sees the card laid face down as a card's back, and never its name.
Screenshots: ``turns_game_lead_picked.png``, ``turns_game_face_down.png``, ``turns_game_over.png``,
``turns_game_hot_seat.png``."""

from __future__ import annotations


import pytest

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch, click_and_wait, lit_targets, table_picture

NOTEBOOK = "turns_game_table.ipynb"
TIMEOUT_MS = 120_000
#: A bound on the learner's clicks in one game (a game to 8 points takes a few dozen turns).
MOST_CLICKS = 400


@pytest.fixture(scope="module")
def turns_server(browser, workdir):
    """Voilà on this folder, which holds the notebook."""
    yield from harness.voila_on_the_tests_folder(browser, workdir, "turns")


def open_table(browser, server):
    page = browser.context.new_page()
    watch = PageWatch(page)
    page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=TIMEOUT_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    table = page.locator(".plateau-play-table").first
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    return page, watch, table


def test_a_learner_leads_with_a_card_face_down_and_plays_the_game_of_turns_to_its_end(browser, turns_server):
    page, watch, table = open_table(browser, turns_server)
    hand = lit_targets(table)
    assert len(hand) == 5 and all(name.startswith("card ") for name in hand), hand
    click_and_wait(page, table, table.locator(f'.pl-legal[data-target="{hand[0]}"]'))
    table.get_by_text("a second card to lay face down with it").first.wait_for(timeout=TIMEOUT_MS)
    assert sorted(lit_targets(table)) == sorted(hand), lit_targets(table)     # the card led stays lit: clicked again, put back
    alone = table.get_by_role("button", name=f"play {hand[0][5:]}")
    assert alone.is_visible()                   # the lead alone stays a button
    table.screenshot(path=str(SCREENSHOTS / "turns_game_lead_picked.png"))
    click_and_wait(page, table, table.locator(f'.pl-legal[data-target="{hand[1]}"]'))
    led, laid = hand[0][5:], hand[1][5:]
    table.get_by_text(f"({led}) and lay a card face down with it").wait_for(timeout=TIMEOUT_MS)
    table.get_by_text("the card laid face down: the").first.wait_for(timeout=TIMEOUT_MS)
    assert f"({laid})." in table.inner_text()                # turned up once the two others had played
    table.screenshot(path=str(SCREENSHOTS / "turns_game_face_down.png"))
    take_back = table.get_by_role("button", name="Take back")
    page.wait_for_function("b => !b.disabled", arg=take_back.element_handle(), timeout=TIMEOUT_MS)
    take_back.click()
    page.wait_for_function("([p, n]) => p.querySelectorAll('.pl-legal').length === n",
                           arg=[table_picture(table).element_handle(), len(hand)], timeout=TIMEOUT_MS)
    assert sorted(lit_targets(table)) == sorted(hand)
    harness.click_to_the_end(page, table, MOST_CLICKS, may_light=lambda target: target.startswith("card "))
    page.set_viewport_size({"width": 1280, "height": 1500})
    table.screenshot(path=str(SCREENSHOTS / "turns_game_over.png"))
    assert not watch.problems(), watch.problems()
    page.close()


def test_at_one_screen_the_next_player_sees_only_the_back_of_the_card_laid_face_down(browser, turns_server):
    page, watch, table = open_table(browser, turns_server)
    harness.seat_everyone_at_one_screen(page, table, 3)
    if table.get_by_role("button", name="Show my cards").is_visible():
        table.get_by_role("button", name="Show my cards").click()
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    hand = lit_targets(table)
    click_and_wait(page, table, table.locator(f'.pl-legal[data-target="{hand[0]}"]'))
    click_and_wait(page, table, table.locator(f'.pl-legal[data-target="{hand[-1]}"]'))
    show = table.get_by_role("button", name="Show my cards")
    show.wait_for(timeout=TIMEOUT_MS)
    table.screenshot(path=str(SCREENSHOTS / "turns_game_hot_seat.png"))
    show.click()
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    back = table_picture(table).locator('[data-name="face down"]')
    assert back.count() == 1 and back.locator("title").count() == 0     # a card's back has no name
    words = table.locator(".pl-words").first.text_content() or ""
    assert "with a card face down" in words, words
    face_down = hand[-1][5:]
    assert f"({face_down})" not in words and f"({face_down})" not in table_picture(table).inner_html()
    assert not watch.problems(), watch.problems()
    page.close()


def test_the_syndicate_written_with_the_kit_is_led_by_clicks_on_named_cards(browser, turns_server):
    """The notebook's second table: The Syndicate written with the kit, its Decktet cards named.
    Screenshot: ``turns_game_syndicate.png``."""
    page = browser.context.new_page()
    watch = PageWatch(page)
    page.goto(f"{turns_server.url}/voila/render/{NOTEBOOK}", timeout=TIMEOUT_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    table = page.locator(".plateau-play-table").nth(1)
    table.locator(".pl-legal").first.wait_for(timeout=TIMEOUT_MS)
    hand = lit_targets(table)
    assert len(hand) == 5 and any(" " in name[5:] for name in hand), hand      # "card Ace of Wyrms"
    for name in hand:
        assert f">{name[5:].split()[0]}<" in table_picture(table).inner_html() or name[5:].startswith("Ace")
    click_and_wait(page, table, table.locator(f'.pl-legal[data-target="{hand[-1]}"]'))
    click_and_wait(page, table, table.locator(f'.pl-legal[data-target="{hand[0]}"]'))
    table.get_by_text(f"You play the {hand[-1][5:]} and lay a card face down with it").wait_for(
        timeout=TIMEOUT_MS)
    page.set_viewport_size({"width": 1280, "height": 1200})
    table.screenshot(path=str(SCREENSHOTS / "turns_game_syndicate.png"))
    assert not watch.problems(), watch.problems()
    page.close()
