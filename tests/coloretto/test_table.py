"""Coloretto at the play table: a hint that does not tell the next card (moved from tests/test_table.py)."""

import html
import re

from plateau_lab.lab.bots import bot_names
from plateau_lab.ui.table import PlayTable


def test_hint_names_the_best_registered_bots_move_in_words_without_showing_hidden_cards():
    table = PlayTable("coloretto", seat=0, seed=9, delay=0)
    who = "the expert" if "expert" in bot_names("coloretto") else "a steady player"
    table.hint_button.click()
    text = html.unescape(re.sub("<[^>]+>", "", table.message.value))
    assert text.startswith(f"Hint: {who} would ")
    move = text.removeprefix(f"Hint: {who} would ").split(".")[0]
    assert move in map(str, table.state.legal_actions())
    assert not any(f"draws {card}" in text for card in table.state.supply)   # the next card stays unknown
    assert "{" not in text and "[" not in text
