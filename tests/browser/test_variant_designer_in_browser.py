"""The variant designer in Voilà inside Chromium, 800 px wide: a rule changed in its field shows in
"Differs from the rulebook", an unplayable rule set is refused in words, *Compare with the rulebook*
fills the results table in the background (the page answers while the bots play), Stop keeps the
deals played, nothing is cut off at 800 px and no error shows in the page, the console or the kernel.

The notebook is written for the test in a scratch folder (the project's notebooks are not
touched); screenshots go to ``tests/browser/screenshots/variant_designer_*.png``.
"""

from __future__ import annotations

import json

import pytest

from plateau_lab.lab.measures import measure_names

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch

expect = pytest.importorskip("playwright.sync_api").expect

NOTEBOOK = "variant_designer.ipynb"
CELL = """from plateau_lab.ui.variant_designer import VariantDesigner
VariantDesigner("coloretto", players=3, deals=20, step=2)"""
#: The page's width: a school laptop's window beside another.
WIDTH = 800
#: The longest a comparison of 20 deals may take in the page (generous: a loaded machine).
COMPARE_MS = 240_000


def notebook() -> str:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": CELL}]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def designer_page(browser, workdir):
    """Voilà on a scratch folder holding the designer's notebook, opened once at 800 px."""
    browser.require()
    folder = workdir / "designer"
    folder.mkdir(exist_ok=True)
    (folder / NOTEBOOK).write_text(notebook(), encoding="utf-8")
    server = harness.start_voila(folder, notebook_dir=folder)
    try:
        page = browser.context.new_page()
        page.set_viewport_size({"width": WIDTH, "height": 900})
        watch = PageWatch(page)
        page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=300_000)
        page.wait_for_selector(".plateau-variant-designer", state="visible", timeout=300_000)
        yield page, watch
        page.close()
    finally:
        server.stop()


def set_number(page, rule: str, value: int) -> None:
    """Type ``value`` into a rule's number field and leave it, as a learner does."""
    field = page.locator(f".plateau-rule-{rule} input").first
    field.fill(str(value))
    field.press("Tab")


def wait_for_text(page, selector: str, words: str, timeout_ms: float = 20_000) -> None:
    page.wait_for_function("([s, w]) => (document.querySelector(s)?.innerText || '').includes(w)",
                           arg=[selector, words], timeout=timeout_ms)


def cut_off(page) -> list[str]:
    """The parts of the designer wider than the page or reaching past its right edge."""
    return page.evaluate("""(width) => {
        const found = [];
        for (const el of document.querySelectorAll('.plateau-variant-designer, .plateau-variant-designer *')) {
            const box = el.getBoundingClientRect();
            if (box.width === 0) continue;
            if (box.right > width + 1 || el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
                found.push((el.className || el.tagName) + ' ' + Math.round(box.right) + ' ' + (el.innerText || '').slice(0, 40));
        }
        return found;
    }""", WIDTH)


def screenshot(page, locator, name: str) -> None:
    """A screenshot of ``locator`` at the page's width, the window tall enough to paint all of it
    (Voilà paints only what the window shows)."""
    page.set_viewport_size({"width": WIDTH, "height": 3000})
    try:
        locator.screenshot(path=str(SCREENSHOTS / f"variant_designer_{name}.png"))
    finally:
        page.set_viewport_size({"width": WIDTH, "height": 900})


def button(page, name: str):
    return page.locator(".plateau-variant-designer").get_by_role("button", name=name)


@pytest.mark.slow
def test_rules_differ_are_refused_and_fit(designer_page):
    page, watch = designer_page
    designer = page.locator(".plateau-variant-designer")
    assert "Differs from the rulebook: nothing yet" in designer.inner_text()
    expect(button(page, "Compare with the rulebook")).to_be_disabled()
    set_number(page, "plus_colours", 2)
    wait_for_text(page, ".plateau-design-differs", "plus colours 2")
    expect(button(page, "Compare with the rulebook")).to_be_enabled()
    set_number(page, "cards_per_colour", 1)
    set_number(page, "plus_two_cards", 0)
    set_number(page, "jokers", 0)
    wait_for_text(page, ".plateau-design-refusal", "Cards below last round must be")
    assert "These rules cannot be played" in page.locator(".plateau-design-refusal").inner_text()
    expect(button(page, "Compare with the rulebook")).to_be_disabled()
    screenshot(page, designer, "refused")
    set_number(page, "cards_per_colour", 9)
    set_number(page, "plus_two_cards", 10)
    set_number(page, "jokers", 3)
    page.wait_for_function("() => !(document.querySelector('.plateau-design-refusal')?.innerText || '').trim()",
                           timeout=20_000)
    wait_for_text(page, ".plateau-design-differs", "plus colours 2")
    assert cut_off(page) == []
    screenshot(page, designer, "rules")
    assert watch.problems() == []


@pytest.mark.slow
def test_compare_fills_the_table_and_stop_keeps_the_deals(designer_page):
    page, watch = designer_page
    designer = page.locator(".plateau-variant-designer")
    set_number(page, "plus_colours", 2)
    wait_for_text(page, ".plateau-design-differs", "plus colours 2")
    button(page, "Compare with the rulebook").click()
    wait_for_text(page, ".plateau-design-status", "deals played", timeout_ms=COMPARE_MS)
    # the page answers while the bots play: a rule's field still changes the line at once
    set_number(page, "jokers", 2)
    wait_for_text(page, ".plateau-design-differs", "jokers 2")
    set_number(page, "jokers", 3)
    wait_for_text(page, ".plateau-design-status", "Compared on 20 deals", timeout_ms=COMPARE_MS)
    results = page.locator(".plateau-design-result")
    text = results.inner_text()
    assert "on the same 20 deals." in text
    for name in measure_names(3):
        assert name in text, name
    assert "not clear" in text or "yes:" in text
    results.scroll_into_view_if_needed()
    assert cut_off(page) == []
    screenshot(page, results, "results")
    screenshot(page, designer, "whole")
    page.locator(".plateau-design-deals select").select_option("1000")
    button(page, "Compare with the rulebook").click()
    wait_for_text(page, ".plateau-design-status", "deals played", timeout_ms=COMPARE_MS)
    button(page, "Stop").click()
    wait_for_text(page, ".plateau-design-status", "Stopped after", timeout_ms=60_000)
    status = page.locator(".plateau-design-status").inner_text()
    assert "of 1000 deals: the table shows those deals" in status
    assert "so far" in results.inner_text()
    expect(button(page, "Compare with the rulebook")).to_be_enabled()
    expect(button(page, "Stop")).to_be_disabled()
    assert watch.problems() == []
