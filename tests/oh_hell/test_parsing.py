"""Oh Hell's texts: cards, moves and scenarios read back, and every bad text is a ParseError saying
where and what, in bounded processor time (``tests/guard.py``)."""

import pytest
from guard import guarded
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau_lab.core import ParseError
from plateau_lab.games.oh_hell import (DECK, EXAMPLE_SCENARIO, Bid, Card, Play, new_game, parse_action, parse_card,
                                       scenario)

DEALT = "dealer: 3\ntrump: 7H\nhand 0: AS, 10S, 4D, QH\nhand 1: KS, 9C, 2D, 3H\nhand 2: 5S, JC, AD, 8H\nhand 3: 2S, KC, 6D, AH"


def test_every_card_reads_back_from_its_text():
    assert [parse_card(str(card)) for card in DECK] == list(DECK)
    assert len({str(card) for card in DECK}) == 52


@pytest.mark.parametrize("text", ["QH", "qh", " q  h ", "Q♥", "♥Q", "HQ", "Q♡"])
def test_a_card_may_be_written_rank_first_or_suit_first_with_letters_or_symbols(text):
    assert parse_card(text) == Card("H", 12)


def test_openspiel_s_card_text_reads_as_the_same_card():
    assert [str(parse_card(text)) for text in ("C2", "ST", "DA", "HJ")] == ["2C", "10S", "AD", "JH"]


@pytest.mark.parametrize(("text", "what"), [
    ("11H", "no rank '11'"), ("QX", "expected a rank and a suit"), ("", "expected a rank and a suit"),
    ("Q", "expected a rank and a suit"), ("10SS", "expected a rank and a suit"), ("1H", "no rank '1'"),
])
def test_a_bad_card_says_where_and_what(text, what):
    with pytest.raises(ParseError) as caught:
        parse_card(text, where="hand 2")
    assert caught.value.where == "hand 2" and what in caught.value.what


def test_every_move_reads_back_from_its_text():
    state = new_game(3, seed=1, tricks=17)
    moves = [Bid(bid) for bid in range(18)] + [Play(card) for card in DECK]
    assert [state.parse_action(str(move)) for move in moves] == moves
    assert parse_action("  BID   3 ") == Bid(3) and parse_action("PLAY 10 s") == Play(Card("S", 10))


@pytest.mark.parametrize(("text", "what"), [
    ("bid", "a bid must be written in digits"), ("bid -1", "a bid must be written in digits"),
    ("bid ²", "a bid must be written in digits"), ("pass", "expected 'bid N'"), ("play", "expected a rank"),
    ("bid " + "9" * 30, "at most 20 are read"),
])
def test_a_bad_move_says_where_and_what(text, what):
    with pytest.raises(ParseError) as caught:
        new_game(4, seed=1).apply(text)
    assert caught.value.where == "action" and what in caught.value.what


@pytest.mark.parametrize(("text", "where", "what"), [
    (DEALT + "\nscore: 3", "line 7", "expected 'key: value'"),
    (DEALT.replace("trump: 7H", "trumps 7H"), "line 2", "expected 'key: value'"),
    (DEALT.replace("trump: 7H\n", ""), "trump", "missing the line 'trump: CARD'"),
    (DEALT.replace("trump: 7H", "trump: 7H, 8H"), "line 2 (trump)", "the one card turned up"),
    (DEALT.replace("9C", "AS"), "line 4 (hand 1)", "AS is written twice (also in line 3 (hand 0))"),
    (DEALT.replace("9C, ", ""), "line 4 (hand 1)", "player 1 has 3 cards"),
    (DEALT.replace("dealer: 3", "dealer: 4"), "line 1 (dealer)", "the seat must be from 0 to 3"),
    (DEALT.replace("hand 3", "hand 5"), "hands", "got seats [0, 1, 2, 5]"),
    (DEALT.replace("hand 3", "hand x"), "line 6", "the seat of a hand must be written in digits"),
    (DEALT + "\nbids: - 1 - -", "line 7 (bids)", "bids are made in turn from the dealer's left"),
    (DEALT + "\nbids: 1 0", "line 7 (bids)", "expected 4 values, one per seat, got 2"),
    (DEALT + "\nbids: 1 0 5 -", "line 7 (bids)", "a bid must be from 0 to 4, got 5"),
    (DEALT + "\nbids: 1 0 2 1", "line 7 (bids)", "may not bid 1 (hook rule)"),
    (DEALT.replace("AS, ", "") + "\nbids: 1 0 - -\ntrick: AS", "line 7 (bids)", "every player bids before"),
    (DEALT.replace("AS, ", "").replace("KS, ", "").replace("5S, ", "").replace("2S, ", "")
     + "\nbids: 1 0 2 0\ntrick: AS, KS, 5S, 2S", "line 8 (trick)",
     "fewer cards than the 4 players"),
    (DEALT.replace("AS, ", "").replace("9C, ", "") + "\nbids: 1 0 2 0\ntrick: AS, 9C", "line 8 (trick)",
     "player 1 played 9C to a spades lead while holding spades"),
    (DEALT + "\ntricks won: 0 1 0 0", "leader", "say who won the last one"),
    (DEALT + "\ntricks won: 0 1 0 0\nleader: 2", "line 8 (leader)", "player 2 has won none"),
    (DEALT + "\nleader: 2", "line 7 (leader)", "the first trick is led by player 0"),
    (DEALT + "\nbids: 1 0 2 0\ntricks won: 0 1 0 0\nleader: 1\nplayed: 3C, 4C", "line 10 (played)",
     "the tricks won hold 4 cards"),
    (DEALT + "\nbids: 1 0 2 0\ntricks won: 0 9 0 0\nleader: 1", "hands", "4 players play 1 to 12"),
    ("dealer: 0\ntrump: 7H\nhand 0:\nhand 1:\nhand 2:", "hands", "a hand of 0 tricks"),
])
def test_a_bad_scenario_says_which_line_and_what(text, where, what):
    with pytest.raises(ParseError) as caught:
        guarded(scenario, text)
    assert caught.value.where == where and what in caught.value.what, caught.value


def test_a_scenario_must_agree_with_the_option_tricks():
    assert scenario(DEALT, seed=1, tricks=4).tricks == 4
    with pytest.raises(ParseError, match="the option tricks is 3"):
        scenario(DEALT, seed=1, tricks=3)


def test_a_scenario_in_the_middle_of_the_hand():
    state = scenario(DEALT.replace("AS, ", "").replace("KS, ", "").replace("5S, ", "").replace("2S, ", "")
                     .replace("10S, ", "").replace("9C, ", "")
                     + "\nbids: 1 0 2 0\ntricks won: 1 0 0 0\nleader: 0\ntrick: 10S, 9C", seed=3)
    assert state.tricks == 4 and state.current_player == 2 and len(state.played_before) == 4
    assert state.cards_in_game() == scenario(EXAMPLE_SCENARIO, seed=0).cards_in_game()
    again = scenario(DEALT + "\nbids: 1 0 2 0\ntricks won: 0 0 0 0", seed=3)
    assert again.phase == "play" and again.played_before == ()


def test_the_cards_of_tricks_won_come_from_the_played_line_or_the_seed():
    base = DEALT.replace("AS, ", "").replace("KS, ", "").replace("5S, ", "").replace("2S, ", "")
    base += "\nbids: 1 0 2 0\ntricks won: 1 0 0 0\nleader: 0"
    named = scenario(base + "\nplayed: 3S, 4S, 6S, 7S", seed=3)
    assert {str(card) for card in named.played_before} == {"3S", "4S", "6S", "7S"}
    assert scenario(base, seed=3).played_before == scenario(base, seed=3).played_before


cards_text = st.text(alphabet="0123456789TJQKAaCDSHcdsh♣♦♠♥ ,-", max_size=12)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=20) | cards_text)
def test_any_text_is_a_card_or_a_parse_error(text):
    try:
        card = guarded(parse_card, text)
    except ParseError as err:
        assert err.where and err.what
    else:
        assert parse_card(str(card)) == card


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=30) | st.builds("{} {}".format, st.sampled_from(["bid", "play", "BID"]), cards_text))
def test_any_text_is_a_move_or_a_parse_error(text):
    try:
        move = guarded(parse_action, text)
    except ParseError as err:
        assert err.where and err.what
    else:
        assert parse_action(str(move)) == move


SCENARIO_LINES = DEALT.splitlines() + ["bids: 1 0 2 0", "tricks won: 0 0 0 0", "leader: 0", "trick: AS", "played:"]


@settings(max_examples=300, deadline=None)
@given(line=st.integers(0, len(SCENARIO_LINES) - 1), value=st.text(max_size=40) | cards_text,
       text=st.text(max_size=200))
def test_any_scenario_text_is_a_position_or_a_parse_error(line, value, text):
    lines = list(SCENARIO_LINES)
    lines[line] = lines[line].partition(":")[0] + ": " + value
    for written in ("\n".join(lines), text):
        try:
            state = guarded(scenario, written)
        except ParseError as err:
            assert err.where and err.what
        else:
            assert sum(state.cards_in_game().values()) == 52


@pytest.mark.parametrize("text", [
    "play " + " Q" * 100_000, "bid " + "1" * 100_000, "hand 0: " + "AS, " * 30_000,
    "dealer: 0\ntrump: 2C\n" + "hand 0: QH\n" * 20_000,
])
def test_long_texts_are_refused_quickly(text):
    with pytest.raises(ParseError):
        guarded(scenario if "hand" in text else parse_action, text)
