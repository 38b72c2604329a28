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


def test_a_card_taken_from_the_trick_says_taken_and_is_not_faded_like_a_card_you_may_not_play():
    table = PlayTable("plotters", seat=0, players=4, seed=0, delay=0)
    while not table.state.picked:
        step(table)
    taken = table.state.picked[0]
    cards = re.findall(r'<g data-name="played \d+"[^>]*>.*?</g>', table.picture.svg)
    drawn = [card for card in cards if f">{taken.number}<" in card and ">taken<" in card]
    assert len(drawn) == 1 and "opacity" not in drawn[0]
    assert f'data-target="take {taken}"' not in table.picture.svg
    assert sum(">taken<" in card for card in cards) == len(table.state.picked)
    assert "<i>taken</i>" in table.legend.value
