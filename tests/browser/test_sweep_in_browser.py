"""The sweep panel in Voilà inside Chromium, 800 px wide: a rule chosen from the list shows its
range and the values it will try, *Sweep* draws one chart per measure in the background (the page
answers while the bots play), Stop keeps the deals played, nothing reaches past 800 px, the words
are a teacher's, and no error shows in the page, the console or the kernel.

The notebook is written for the test in a scratch folder (the project's notebooks are not
touched); screenshots go to ``tests/browser/screenshots/sweep_*.png``.
"""

from __future__ import annotations

import json
import re

import pytest

from plateau_lab.lab.measures import measure_names
from plateau_lab.lab.sweep import sweep
from plateau_lab.ui.sweep_panel import sweep_charts

from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch

expect = pytest.importorskip("playwright.sync_api").expect

NOTEBOOK = "sweep.ipynb"
CELL = """from plateau_lab.ui.sweep_panel import SweepPanel
SweepPanel("coloretto", players=3, deals=20, step=2)"""
#: The page's width: a school laptop's window beside another.
WIDTH = 800
#: The longest a sweep of 20 deals may take in the page (generous: a loaded machine).
SWEEP_MS = 240_000
#: Words a teacher should not meet on the page.
ENGINE_WORDS = re.compile(r"\b(seeds?|playouts?|heuristics?)\b", re.IGNORECASE)


def notebook() -> str:
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": CELL}]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def sweep_page(browser, workdir):
    """Voilà on a scratch folder holding the panel's notebook, opened once at 800 px."""
    browser.require()
    folder = workdir / "sweep"
    folder.mkdir(exist_ok=True)
    (folder / NOTEBOOK).write_text(notebook(), encoding="utf-8")
    server = harness.start_voila(folder, notebook_dir=folder)
    try:
        page = browser.context.new_page()
        page.set_viewport_size({"width": WIDTH, "height": 900})
        watch = PageWatch(page)
        page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=300_000)
        page.wait_for_selector(".plateau-sweep", state="visible", timeout=300_000)
        yield page, watch
        page.close()
    finally:
        server.stop()


def set_number(page, name: str, value: int) -> None:
    """Type ``value`` into one of the range's fields (from, to, step) and leave it, as a learner does."""
    field = page.locator(f".plateau-sweep-{name} input").first
    field.fill(str(value))
    field.press("Tab")


def wait_for_text(page, selector: str, words: str, timeout_ms: float = 20_000) -> None:
    page.wait_for_function("([s, w]) => (document.querySelector(s)?.innerText || '').includes(w)",
                           arg=[selector, words], timeout=timeout_ms)


def cut_off(page) -> list[str]:
    """The parts of the panel wider than the page or reaching past its right edge."""
    return page.evaluate("""(width) => {
        const found = [];
        for (const el of document.querySelectorAll('.plateau-sweep, .plateau-sweep *')) {
            const box = el.getBoundingClientRect();
            if (box.width === 0) continue;
            const scrolls = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible';
            if (box.right > width + 1 || scrolls)
                found.push((el.className?.baseVal ?? el.className ?? el.tagName) + ' ' + Math.round(box.right) + ' '
                           + (el.innerText || el.textContent || '').slice(0, 40));
        }
        return found;
    }""", WIDTH)


def screenshot(page, locator, name: str) -> None:
    """A screenshot of ``locator`` at the page's width, the window tall enough to paint all of it."""
    page.set_viewport_size({"width": WIDTH, "height": 4000})
    try:
        locator.screenshot(path=str(SCREENSHOTS / f"sweep_{name}.png"))
    finally:
        page.set_viewport_size({"width": WIDTH, "height": 900})


def button(page, name: str):
    return page.locator(".plateau-sweep").get_by_role("button", name=name)


@pytest.mark.slow
def test_a_rule_chosen_shows_its_range_and_values(sweep_page):
    page, watch = sweep_page
    panel = page.locator(".plateau-sweep")
    page.locator(".plateau-sweep-rule select").select_option(label="Plus colours")
    wait_for_text(page, ".plateau-sweep-values", "Tries: 1, 2, 3, 4, 5 (5 values).")
    set_number(page, "from", 2)
    set_number(page, "to", 4)
    wait_for_text(page, ".plateau-sweep-values", "Tries: 2, 3, 4 (3 values).")
    set_number(page, "from", 5)
    wait_for_text(page, ".plateau-sweep-refusal", "Plus colours from 5 to 4 is no range")
    expect(button(page, "Sweep")).to_be_disabled()
    set_number(page, "from", 2)
    wait_for_text(page, ".plateau-sweep-values", "Tries: 2, 3, 4 (3 values).")
    expect(button(page, "Sweep")).to_be_enabled()
    page.locator(".plateau-sweep-rule select").select_option(label="Golden joker")
    wait_for_text(page, ".plateau-sweep-values", "Tries: no, yes (2 values).")
    expect(page.locator(".plateau-sweep-from")).to_be_hidden()
    assert cut_off(page) == []
    assert not ENGINE_WORDS.search(panel.inner_text())
    screenshot(page, panel, "rule")
    assert watch.problems() == []


@pytest.mark.slow
def test_sweep_draws_a_chart_per_measure_and_stop_keeps_the_deals(sweep_page):
    page, watch = sweep_page
    panel = page.locator(".plateau-sweep")
    page.locator(".plateau-sweep-rule select").select_option(label="Plus colours")
    wait_for_text(page, ".plateau-sweep-values", "Tries: 1, 2, 3, 4, 5 (5 values).")
    set_number(page, "from", 2)
    set_number(page, "to", 4)
    wait_for_text(page, ".plateau-sweep-values", "Tries: 2, 3, 4 (3 values).")
    button(page, "Sweep").click()
    wait_for_text(page, ".plateau-sweep-status", "deals played", timeout_ms=SWEEP_MS)
    # the page answers while the bots play: the range's line changes at once
    set_number(page, "to", 5)
    wait_for_text(page, ".plateau-sweep-values", "Tries: 2, 3, 4, 5 (4 values).")
    wait_for_text(page, ".plateau-sweep-status", "Swept on 20 deals: the same deals for each of the 3 values.",
                  timeout_ms=SWEEP_MS)
    charts = page.locator(".plateau-sweep-chart-grid .plateau-sweep-chart")
    drawn = [name for name, _ in sweep_charts(sweep("coloretto", "plus_colours", [2, 3, 4], 20, players=3))]
    expect(charts).to_have_count(len(drawn))      # the same deals as the page's: the same measures drawn
    assert len(drawn) >= len(measure_names(3)) - 1
    text = page.locator(".plateau-sweep-charts").inner_text()
    assert "Plus colours from 2 to 4, the other rules the rulebook’s, on the same 20 deals." in text
    first = charts.first.inner_html()
    assert "Seat 0 wins (standard rules)" in first and "the rulebook (3)" in first
    assert not ENGINE_WORDS.search(panel.inner_text())
    page.locator(".plateau-sweep-charts").scroll_into_view_if_needed()
    assert cut_off(page) == []
    screenshot(page, page.locator(".plateau-sweep-chart-grid"), "charts")
    screenshot(page, panel, "whole")
    page.locator(".plateau-sweep-deals select").select_option("1000")
    button(page, "Sweep").click()
    wait_for_text(page, ".plateau-sweep-status", "deals played", timeout_ms=SWEEP_MS)
    button(page, "Stop").click()
    wait_for_text(page, ".plateau-sweep-status", "Stopped after", timeout_ms=60_000)
    assert "of 1000 deals: the charts show those deals" in page.locator(".plateau-sweep-status").inner_text()
    assert "so far" in page.locator(".plateau-sweep-charts").inner_text()
    expect(button(page, "Sweep")).to_be_enabled()
    expect(button(page, "Stop")).to_be_disabled()
    assert watch.problems() == []
