"""Plotters Inc. at the play table: an illegal click (moved from tests/test_table.py)."""

import re

import pytest

from plateau_lab.core import IllegalAction
from plateau_lab.ui.table import PlayTable

from test_table import step, targets_in


def test_an_illegal_click_names_the_rule_in_one_sentence():
    table = PlayTable("plotters", seat=0, players=4, seed=3, delay=0)
    def cards(names):
        return {name for name in names if name.startswith("card ")}

    while not cards(table.picture.legal) or not cards(targets_in(table) - set(table.picture.legal)):
        step(table)
    before = table.state
    refused = sorted(cards(targets_in(table) - set(table.picture.legal)))[0]
    table.picture.click(refused)
    assert table.state is before
    message = re.sub("<[^>]+>", "", table.message.value)
    with pytest.raises(IllegalAction) as refusal:
        before.apply("play " + refused.removeprefix("card "))
    assert message.startswith(f"Not allowed ({refusal.value.rule}): ") and refusal.value.reason[1:] in message
    assert message.count(". ") == 0 and message.endswith(".") and "Legal now" not in message
