"""Oh Hell's typed moves at the play table (issue 43, clause 2; moved from tests/test_table_words.py,
whose checks run in every game): a card typed while the players bid is refused by the rule's name
and said back, and the box offers a bid of the moment as its example."""

from plateau_lab.ui.table import PlayTable


def test_a_typed_move_the_engine_refuses_is_said_back():
    table = PlayTable("oh_hell", seat=1, seed=1, delay=0)
    table.typed.value = "play the 2 of clubs"
    assert table.session.note.error and "bids before the first card" in table.session.note.text
    assert table.picture.announcement["text"].startswith("Not allowed (bidding before play)")
    table.typed.value = "play a banana"
    assert table.session.note.error and "banana" in table.session.note.text
    assert "banana" in table.picture.announcement["text"]


def test_the_typed_move_box_offers_a_move_of_the_moment_and_an_empty_box_says_what_to_type():
    table = PlayTable("oh_hell", seat=1, seed=1, delay=0)
    assert table.typed.placeholder == "such as: bid 9 tricks"
    table.typed_button.click()
    assert table.session.note.error and table.session.note.text == "Type a move first, such as “bid 9 tricks”."
    assert table.picture.announcement["text"] == table.session.note.text
    moves = len(table.state.history)
    table.typed.value = "bid 1 trick"
    assert len(table.state.history) > moves and table.typed.value == ""
