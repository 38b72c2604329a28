"""The Syndicate at the play table: take-back, and no hidden card's name in the picture (moved from tests/test_table.py)."""

import random

from plateau_lab.ui.table import PlayTable


def test_take_back_returns_to_the_learners_previous_decision():
    table = PlayTable("syndicate", seat=1, seed=4, delay=0)
    first = table.state
    assert table.take_back.disabled
    table.picture.click(table.picture.legal[0])
    assert len(table.state.history) > len(first.history) + 1     # the bots answered
    table.take_back.click()
    assert table.state == first and table.state.history == first.history
    assert table.take_back.disabled


def test_no_card_hidden_from_the_learner_is_named_in_the_picture():
    """Decktet names are whole words: none of another hand may be drawn (was a branch of the
    generic test in tests/test_table.py)."""
    table = PlayTable("syndicate", seat=0, seed=3, delay=0)
    rng = random.Random(1)
    for _ in range(25):
        if table.state.is_over:
            break
        state = table.state
        for card in state.cards_hidden_from(0):
            assert f">{card.name}<" not in table.picture.svg and card.describe() not in table.picture.svg
        if table.pause_box.layout.display != "none":
            table.next_button.click()
        elif table.picture.legal:
            table.picture.click(rng.choice(table.picture.legal))
        else:
            table.moves.children[0].click()
