"""The designer with a player who searches, in Voilà inside Chromium, 800 px wide: the learner ticks
*also with a player who searches these rules*, compares, and the results say how often that player
won under each rule set beside the table, with its own column; nothing cut off, no error in the
page, the console or the kernel. Screenshot: ``tests/browser/screenshots/variant_designer_searching.png``.
"""

from __future__ import annotations

import pytest

from .test_variant_designer_in_browser import (COMPARE_MS, button, cut_off, designer_page, screenshot,  # noqa: F401
                                               set_number, wait_for_text)


@pytest.mark.slow
def test_a_comparison_with_a_player_who_searches_says_how_often_it_won(designer_page):
    page, watch = designer_page
    designer = page.locator(".plateau-variant-designer")
    set_number(page, "plus_colours", 2)
    wait_for_text(page, ".plateau-design-differs", "plus colours 2")
    designer.get_by_text("also with a player who searches these rules").click()
    assert "at another place at the table each deal" in designer.inner_text()
    button(page, "Compare with the rulebook").click()
    wait_for_text(page, ".plateau-design-status", "Compared on 20 deals", timeout_ms=COMPARE_MS)
    results = page.locator(".plateau-design-result")
    text = results.inner_text()
    assert "with a player who searches: difference, clear?" in text
    assert "The player who searches won " in text and "under your rules" in text
    results.scroll_into_view_if_needed()
    assert cut_off(page) == []
    screenshot(page, results, "searching")
    assert watch.problems() == []
