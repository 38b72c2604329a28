"""The designer on The Syndicate (plateau_lab.ui.variant_designer): a game where seat 0 makes the first move in every
game, so the page names the fixed starter."""

import html


from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.figures import FAMILY
from plateau_lab.ui.variant_designer import results_html


def test_the_page_says_clear_is_for_the_whole_table_and_names_a_fixed_starter():
    page = results_html(compare_rule_sets("syndicate", {"target": 6}, 12, seed=1))
    assert FAMILY in html.unescape(page) and "Holm" in page
    assert "Seat 0 made the first move in every game" in page and "the player who starts wins" not in page
