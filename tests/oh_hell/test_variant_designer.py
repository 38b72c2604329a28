"""The designer on Oh Hell (plateau_lab.ui.variant_designer): players who search its own rules play the same deals,
and a disagreement with the bots is named."""

import html
import re
from statistics import fmean

import pytest

from plateau_lab.lab.design import MAY_PLAY_BADLY, SEARCHING_RULEBOOK, SEARCHING_VARIANT, Comparison
from plateau_lab.lab.measures import RULEBOOK, VARIANT
from plateau_lab.ui.variant_designer import VariantDesigner, results_html


def test_players_who_search_play_the_same_deals_and_a_disagreement_is_named(monkeypatch):
    designer = VariantDesigner("oh_hell", deals=10, step=10, bots="heuristic")
    designer.fields["points_per_trick"].value = 2
    designer.searching.value = True
    designer.compare.click()
    comparison = designer.comparison
    assert comparison.searching and {row["label"] for row in comparison.rows} == {
        RULEBOOK, VARIANT, SEARCHING_RULEBOOK, SEARCHING_VARIANT}
    assert "with a player who searches: difference, clear?" in designer.result.value
    searching = comparison.searching_figures()
    assert list(searching) == list(comparison.figures())
    assert searching["moves per game"]["rulebook"] == pytest.approx(fmean(
        row["actions"] for row in comparison.rows if row["label"] == SEARCHING_RULEBOOK and row["seat"] == 0))
    monkeypatch.setattr(Comparison, "disagreements", lambda self, confidence=0.95: ["margin"])
    page = html.unescape(results_html(comparison))
    margin = re.search(r"<td>margin<div.*?</tr>", page).group(0)
    assert f"disagree on margin: {MAY_PLAY_BADLY}" in page and f"disagrees: {MAY_PLAY_BADLY}" in margin
    assert "disagrees" not in re.search(r"<td>moves per game.*?</tr>", page).group(0)
