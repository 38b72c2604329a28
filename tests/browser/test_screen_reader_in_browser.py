"""A screen reader can follow and play (issue 43, clause 2), checked in Chromium's accessibility tree
(Playwright's ARIA snapshot) of the play tables in Voilà: every picture is a named group whose cards
and targets are buttons named by the move's words, the table's words say what the learner sees and
change with each move, a live region says each move and each refusal (of a typed move too), every
button has a name, and the Tab key walks every control of a table in reading order and leaves it.

The Le Plateau table's words are shown on the page too and saved as a screenshot
(``tests/browser/screenshots/screen_reader_words_le_plateau.png``).
"""

from __future__ import annotations

import re

import pytest

from plateau_lab.core import GAME_NAMES

from .browser_harness import SCREENSHOTS, tables
from .test_keyboard_in_browser import choose_a_target, focus, keyboard_tables, press_and_wait, tab_to


@pytest.fixture(scope="module")
def reader_page(browser, workdir):
    with keyboard_tables(browser, workdir, "reader") as opened:
        yield opened


def live_text(table) -> str:
    return table.locator("[role=status][aria-live=polite]").first.text_content() or ""


def words_text(table) -> str:
    return table.locator(".pl-words").first.text_content() or ""


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_accessibility_tree_names_the_picture_its_targets_its_words_and_every_button(reader_page, game):
    page, watch = reader_page
    table = tables(page).nth(GAME_NAMES.index(game))
    table.scroll_into_view_if_needed()
    tree = table.aria_snapshot()
    assert '- group "The table as you see it"' in tree, tree[:2000]
    assert '- region "The table as you see it"' in tree, tree[:2000]
    assert "You are player 0 of" in tree
    assert re.search(r"- status", tree), "no live region in the table"
    targets = table.locator(".pl-clickable [data-target]")
    names = [targets.nth(index).get_attribute("aria-label") for index in range(targets.count())]
    assert names and all(names), f"{game}: a target has no name"
    assert not [name for name in names if re.search(r"Card\(|None|undefined", name)]
    legal = table.locator(".pl-clickable .pl-legal[data-target]")
    if legal.count():
        assert f'- button "{legal.first.get_attribute("aria-label")}"' in tree
    unnamed = table.evaluate("""t => [...t.querySelectorAll('button')].filter((b) => b.offsetParent !== null
        && !(b.getAttribute('aria-label') || b.innerText).trim()).length""")
    assert unnamed == 0, f"{game}: {unnamed} buttons without a name"
    assert watch.problems() == []


def test_moves_and_refusals_are_said_and_the_words_follow_each_move(reader_page):
    page, watch = reader_page
    table = tables(page).nth(GAME_NAMES.index("oh_hell"))
    table.scroll_into_view_if_needed()
    table.evaluate("t => { t.setAttribute('tabindex', '-1'); t.focus(); }")
    while not table.locator(".pl-clickable .pl-legal").count():        # bid by keyboard to the first card
        tab_to(page, table, lambda f: f["move"] and bool(f["button"]))
        press_and_wait(page, table)
    words_before = words_text(table)
    chosen = choose_a_target(page, table)
    label = table.locator(f'[data-target="{chosen["target"]}"]').get_attribute("aria-label")
    assert label.startswith("play "), label
    press_and_wait(page, table)
    page.wait_for_function("t => /You play/.test(t.querySelector('[role=status]').textContent)",
                           arg=table.element_handle(), timeout=30_000)
    assert words_text(table) != words_before
    assert label.removeprefix("play ") not in words_text(table).split("Your hand")[1].split(".")[0]
    # a typed move the engine refuses is read back
    box = table.get_by_role("textbox", name="Type a move")
    tab_to(page, table, lambda f: False if f["target"] else page.evaluate(
        "() => document.activeElement.tagName === 'INPUT' && document.activeElement.type === 'text'"))
    assert box.evaluate("b => b === document.activeElement")
    page.keyboard.type("play a banana")
    page.keyboard.press("Enter")
    page.wait_for_function("t => /banana/.test(t.querySelector('[role=status]').textContent)",
                           arg=table.element_handle(), timeout=30_000)
    assert "banana" in live_text(table)
    assert watch.problems() == []


def test_the_le_plateau_table_in_words_says_the_boards_counters_by_place(reader_page):
    page, watch = reader_page
    table = tables(page).nth(GAME_NAMES.index("le_plateau"))
    table.scroll_into_view_if_needed()
    text = words_text(table)
    assert "The board, the declarer's side: " in text and "Your hand, " in text
    checkbox = table.get_by_role("checkbox", name="Show the table in words")
    tab_to(page, table, lambda f: page.evaluate("() => document.activeElement.type === 'checkbox'"))
    page.keyboard.press("Space")
    page.wait_for_function("t => t.querySelector('.pl-words').offsetHeight > 40", arg=table.element_handle(),
                           timeout=30_000)
    assert checkbox.is_checked()
    table.locator(".pl-words").first.screenshot(path=str(SCREENSHOTS / "screen_reader_words_le_plateau.png"))
    table.screenshot(path=str(SCREENSHOTS / "screen_reader_table_le_plateau.png"))
    assert watch.problems() == []


def test_tab_walks_every_control_of_a_table_in_reading_order_and_leaves_it(reader_page):
    page, _ = reader_page
    table = tables(page).nth(GAME_NAMES.index("plotters"))
    table.scroll_into_view_if_needed()
    table.evaluate("t => { t.setAttribute('tabindex', '-1'); t.focus(); }")
    reached, tops = [], []
    for _ in range(60):
        page.keyboard.press("Tab")
        now = focus(page, table)
        if not now["inside"]:
            break
        described = table.evaluate("""(t) => { const a = document.activeElement, s = getComputedStyle(a);
            const top = a.getBoundingClientRect().top - t.getBoundingClientRect().top;   // the page may scroll
            return {name: a.getAttribute('aria-label') || a.innerText || a.value || a.tagName, top,
                    outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
                    ring: !!a.closest('[data-target]') && getComputedStyle(a.closest('.pl-frame')
                          .querySelector('.pl-focus-ring')).display !== 'none'}; }""")
        assert described["outline"] or described["ring"], f"no visible focus on {described['name']}"
        reached.append(described["name"].strip())
        tops.append(described["top"])
    else:
        raise AssertionError(f"the Tab key never left the table: {reached}")
    assert tops == sorted(tops) or all(b >= a - 40 for a, b in zip(tops, tops[1:])), list(zip(reached, tops))
    assert sum(1 for name in reached if name.startswith(("play ", "take "))) <= 1   # the picture is one Tab stop
    for wanted in ("Play the typed move", "Hint", "New game", "Save or load", "Card names"):
        assert any(wanted in name for name in reached), (wanted, reached)
    tab_to(page, table, lambda f: page.evaluate("() => (document.activeElement.innerText || '').trim() === 'New game'"))
    page.keyboard.press("Enter")
    page.wait_for_function("t => [...t.querySelectorAll('button')].some((b) => b.innerText.trim() === "
                           "'Start the new game' && b.offsetParent !== null)", arg=table.element_handle(),
                           timeout=30_000)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-expanded')") == "true"
