"""The table in words of a described game of tricks (the kit's table view, ``kit/view.py``): what a
screen reader reads for its picture, from one seat's observation."""

import random
import re

from plateau_lab.core.table_words import card_words, table_words
from plateau_lab.kit.examples import OH_HELL


def test_the_words_say_the_trumps_the_bids_the_trick_and_the_last_one():
    state = OH_HELL.new_game(3, seed=3)
    for move in ("bid 2", "bid 1", "bid 4"):
        state = state.apply(move)
    leader = state.current_player
    words = table_words(state.observation(leader))
    assert words[3].startswith("Hand of 8 cards each;") and "Trumps: " in words[3], words
    assert "Bids: " in words[4] and words[5] == "The trick on the table is empty; you lead.", words
    first = state.legal_actions()[0]
    state = state.apply(first)
    said = table_words(state.observation((leader + 1) % 3))
    assert f"The trick on the table: player {leader}: " in "\n".join(said), said
    while state.observation(0)["finished_tricks"] == ():
        state = state.apply(state.legal_actions()[0])
    assert any(line.startswith("The last trick: ") and "won by" in line for line in table_words(state.observation(0)))


def test_the_words_never_name_a_card_hidden_from_the_seat():
    rng = random.Random(4)
    state = OH_HELL.new_game(4, seed=9)
    while not state.is_over:
        for seat in range(state.players):
            said = "\n".join(table_words(state.observation(seat)))
            named = [card for card in state.cards_hidden_from(seat)
                     if re.search(rf"(?<![\w]){re.escape(card_words(card))}(?![\w])", said)]
            assert not named, (seat, named, said)
        state = state.apply(rng.choice(state.legal_actions()))
