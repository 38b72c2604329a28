"""Wimmüln: one test per rule on hand-made deals, the bonus table, errors, JSON and the trace.

The hand-made deals are short (five cards each, three tricks): their scenarios say so with
``allow: short deal``.
"""

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import IllegalAction, ParseError, load_json, play_out
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import card, parse_action, parse_card
from plateau_lab.games.wimmuln.engine import ESTIMATE, OPEN, PLAY, ROUND_OVER

# Seat 0 deals; shows 5 red then 3 blue: trumps blue, 5 red face up, 3 blue back to the hand.
TRUMPS = """
allow: short deal
colours: red blue green
hand 0: 2 red, 9 blue, 0 green
shown: 5 red, 3 blue
hand 1: 7 red, 1 red, 4 green, 8 green, 2 blue
hand 2: 6 red, 0 red, 8 blue, 3 green, 5 green
"""

# Seat 1 deals and shows two 4s: no trumps; the dealer chooses the face-up card.
SAME_NUMBER = """
allow: short deal
dealer: 1
colours: red blue green
hand 0: 7 red, 7 red, 1 green, 2 green, 9 blue
hand 1: 0 red, 3 green, 6 blue
shown: 4 red, 4 blue
hand 2: 5 red, 8 red, 0 green, 1 blue, 2 blue
"""

SAME_COLOUR = """
allow: short deal
dealer: 2
colours: red blue green
hand 0: 7 red, 1 red, 1 green, 2 red, 9 blue
hand 1: 0 red, 3 green, 6 blue, 5 red, 4 green
hand 2: 8 red, 0 green, 1 blue
shown: 8 green, 2 green
"""


def run(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def estimated(state):
    """TRUMPS after the estimates: seat 0 keeps 3 and 9 blue, seat 1 7 red, 1 red and 8 green,
    seat 2 6 red, 0 red and 8 blue."""
    return run(state, "lay 2 blue over 4 green", "lay 3 green over 5 green", "lay 0 green over 2 red")


def cards_in_round(state):
    """Every card of the round, wherever it lies."""
    cards = Counter(c for hand in state.hands for c in hand)
    cards.update(c for _, c in state.trick)
    cards.update(c for _, trick in state.finished_tricks for _, c in trick)
    cards.update(c for e in state.estimates if e is not None for c in (e.top, e.bottom))
    return cards


# --- the deck --------------------------------------------------------------------------------

def test_deck_five_colours_of_0_1_1_2_3_4_5_6_7_7_8_9():
    assert len(wimmuln.DECK) == 60
    for colour in wimmuln.COLOURS:
        assert sorted(c.number for c in wimmuln.DECK if c.colour == colour) == [0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9]


def test_triangles_none_on_1s_and_9_two_on_6_and_7s_one_on_the_rest():
    assert [wimmuln.triangles_on(n) for n in range(10)] == [1, 0, 1, 1, 1, 1, 2, 2, 1, 0]
    assert sum(c.triangles for c in wimmuln.deck(("red",))) == 12


def test_three_players_remove_two_colours():
    state = wimmuln.new_game(3, seed=11)
    assert len(state.colours) == 3 and set(state.colours) < set(wimmuln.COLOURS)
    assert state.colours == wimmuln.new_game(3, seed=11).colours
    dealt = Counter(c for hand in state.hands for c in hand) + Counter(c for _, c in state.trick)
    assert dealt == Counter(wimmuln.deck(state.colours))
    assert {wimmuln.new_game(3, seed=s).colours for s in range(20)} != {state.colours}
    assert wimmuln.new_game(4, seed=11).colours == wimmuln.COLOURS


@pytest.mark.parametrize("players, size", [(3, 12), (4, 15), (5, 12), (6, 10)])
def test_all_cards_dealt_equally(players, size):
    state = wimmuln.new_game(players, seed=3)
    assert state.hand_size == size and state.tricks_per_round == size - 2
    assert sum(cards_in_round(state).values()) == (36 if players == 3 else 60)


def test_players_three_to_six():
    for players, error in ((2, ValueError), (7, ValueError), ("4", TypeError), (True, TypeError), (4.0, TypeError)):
        with pytest.raises(error, match="Wimmüln players must be a whole number from 3 to 6"):
            wimmuln.new_game(players, seed=1)


def test_same_seed_same_game():
    assert wimmuln.new_game(5, seed=9).hands == wimmuln.new_game(5, seed=9).hands
    assert wimmuln.new_game(5, seed=9).hands != wimmuln.new_game(5, seed=10).hands


def test_deal_one_card_at_a_time_from_the_dealers_left_so_the_shown_cards_are_dealt_last():
    hands = wimmuln.deal(wimmuln.COLOURS, 4, 2, seed=5, round_number=1)
    assert all(len(hand) == 15 for hand in hands)
    state = wimmuln.new_game(4, seed=5)
    first_deal = wimmuln.deal(wimmuln.COLOURS, 4, 0, seed=5, round_number=1)
    assert state.shown == first_deal[0][-2:]


# --- trumps and the dealer's face-up card ----------------------------------------------------

def test_trump_is_the_colour_of_the_lower_shown_card():
    assert wimmuln.trump_colour(card(5, "red"), card(3, "blue")) == "blue"
    assert wimmuln.trump_colour(card(0, "green"), card(9, "black")) == "green"
    assert wimmuln.scenario(TRUMPS, seed=1).trump == "blue"


def test_no_trumps_when_the_shown_cards_have_the_same_number():
    assert wimmuln.trump_colour(card(4, "red"), card(4, "blue")) is None
    state = wimmuln.scenario(SAME_NUMBER, seed=1)
    assert state.trump is None and state.phase == OPEN


def test_no_trumps_when_the_shown_cards_have_the_same_colour():
    assert wimmuln.trump_colour(card(8, "green"), card(2, "green")) is None
    assert wimmuln.scenario(SAME_COLOUR, seed=1).trump is None


def test_identical_shown_cards_mean_no_trumps():
    assert wimmuln.trump_colour(card(7, "red"), card(7, "red")) is None


def test_higher_shown_card_stays_face_up_the_lower_returns_to_the_hand():
    state = wimmuln.scenario(TRUMPS, seed=1)
    assert state.trick == ((0, card(5, "red")),)
    assert card(3, "blue") in state.hands[0] and card(5, "red") not in state.hands[0]
    assert state.phase == ESTIMATE and state.current_player == 1


def test_no_trumps_the_dealer_chooses_any_card_of_his_hand_for_the_first_trick():
    state = wimmuln.scenario(SAME_NUMBER, seed=1)
    assert state.current_player == 1
    assert {a.card for a in state.legal_actions()} == set(state.hands[1])
    assert {card(4, "red"), card(4, "blue")} <= set(state.hands[1])
    after = state.apply("open 6 blue")
    assert after.trick == ((1, card(6, "blue")),) and after.phase == ESTIMATE
    assert after.current_player == 2 and len(after.hands[1]) == 4


def test_the_dealer_cannot_choose_with_trumps_or_lay_estimates_first():
    state = wimmuln.scenario(SAME_NUMBER, seed=1)
    with pytest.raises(IllegalAction, match="face-up card"):
        state.apply("lay 0 red over 3 green")
    with pytest.raises(IllegalAction, match="estimates before play"):
        wimmuln.scenario(TRUMPS, seed=1).apply("open 3 blue")


# --- estimates -------------------------------------------------------------------------------

def test_every_player_lays_two_cards_as_a_cross_and_chooses_the_top():
    state = wimmuln.scenario(TRUMPS, seed=1)
    legal = state.legal_actions()
    assert parse_action("lay 2 blue over 4 green") in legal and parse_action("lay 4 green over 2 blue") in legal
    assert len(legal) == 5 * 4  # five different cards: every ordered pair
    after = state.apply("lay 2 blue over 4 green")
    assert after.estimates[1] == wimmuln.Estimate(card(2, "blue"), card(4, "green"))
    assert len(after.hands[1]) == 3 and after.current_player == 2


def test_two_identical_cards_can_make_a_cross():
    state = wimmuln.scenario(SAME_NUMBER, seed=1).apply("open 0 red")
    state = state.apply("lay 5 red over 8 red")
    assert state.current_player == 0
    assert parse_action("lay 7 red over 7 red") in state.legal_actions()
    with pytest.raises(IllegalAction, match="your own cards"):
        state.apply("lay 9 blue over 9 blue")


def test_estimates_are_hidden_from_the_others_until_all_have_laid():
    state = run(wimmuln.scenario(TRUMPS, seed=1), "lay 2 blue over 4 green")
    assert state.observation(1)["estimates"][1] == {"top": card(2, "blue"), "bottom": card(4, "green")}
    for other in (0, 2):
        seen = state.observation(other)
        assert seen["estimates"][1] == {"top": "hidden", "bottom": "hidden"}
        assert seen["estimates"][2] is None
        assert "2 blue" not in repr(seen) and "4 green" not in repr(seen)
        assert state.cards_hidden_from(other)[card(4, "green")] == 1
    assert "2 blue" not in " ".join(state.log)


def test_top_cards_are_turned_over_together_the_lower_stays_face_down():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    assert state.phase == PLAY
    seen = state.observation(2)
    assert seen["estimates"][1] == {"top": card(2, "blue"), "bottom": "hidden"}
    assert seen["estimates"][0] == {"top": card(0, "green"), "bottom": "hidden"}
    assert "4 green" not in repr(seen)


def test_estimate_cards_take_no_tricks_so_there_are_hand_size_minus_two_tricks():
    final = play_out(wimmuln.scenario(TRUMPS, seed=1, rounds=1), [RandomBot(s) for s in range(3)])
    assert sum(final.round_results[0].tricks) == 5 - 2
    assert len(final.finished_tricks) == 3


# --- trick play ------------------------------------------------------------------------------

def test_play_continues_clockwise_from_the_dealers_face_up_card():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    assert state.current_player == 1
    state = state.apply("play 7 red")
    assert state.current_player == 2


def test_follow_the_colour_if_possible():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    assert {a.card for a in state.legal_actions()} == {card(7, "red"), card(1, "red")}
    with pytest.raises(IllegalAction, match="follow the colour") as err:
        state.apply("play 8 green")
    assert err.value.rule == "follow the colour"


def test_trumping_is_never_forced_when_void_of_the_led_colour():
    state = run(wimmuln.scenario(TRUMPS, seed=1), "lay 7 red over 1 red", "lay 6 red over 0 red",
                "lay 0 green over 3 blue")
    # Seat 1 holds no red: blue is trumps, yet the greens are just as legal.
    assert {a.card for a in state.legal_actions()} == {card(4, "green"), card(8, "green"), card(2, "blue")}


def test_highest_number_of_the_led_colour_wins_without_trumps():
    trick = [(0, card(3, "red")), (1, card(8, "green")), (2, card(5, "red"))]
    assert wimmuln.trick_winner(trick, None) == 2
    assert wimmuln.trick_winner(trick, "blue") == 2


def test_a_trump_beats_the_led_colour_and_the_highest_trump_wins():
    trick = [(0, card(9, "red")), (1, card(0, "blue")), (2, card(8, "red"))]
    assert wimmuln.trick_winner(trick, "blue") == 1
    trick = [(0, card(9, "red")), (1, card(0, "blue")), (2, card(4, "blue")), (3, card(3, "blue"))]
    assert wimmuln.trick_winner(trick, "blue") == 2


def test_if_two_identical_cards_are_played_the_first_played_is_high():
    trick = [(2, card(5, "red")), (0, card(7, "red")), (1, card(7, "red"))]
    assert wimmuln.trick_winner(trick, None) == 0
    trick = [(2, card(5, "red")), (0, card(1, "blue")), (1, card(1, "blue"))]
    assert wimmuln.trick_winner(trick, "blue") == 0


def test_the_winner_of_each_trick_leads_to_the_next():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    state = run(state, "play 1 red", "play 0 red")  # the dealer's 5 red wins
    assert state.finished_tricks[-1][0] == 0 and state.current_player == 0 and state.trick == ()
    assert state.tricks_won == (1, 0, 0)
    state = run(state, "play 3 blue", "play 7 red", "play 8 blue")  # seat 2 must follow trumps: wins
    assert state.finished_tricks[-1][0] == 2 and state.current_player == 2


def test_no_moves_after_the_game_is_over():
    final = play_out(wimmuln.scenario(TRUMPS, seed=1, rounds=1), [RandomBot(s) for s in range(3)])
    assert final.is_over and final.current_player is None and final.legal_actions() == ()
    with pytest.raises(IllegalAction, match="end of the game"):
        final.apply("play 7 red")


# --- scoring ---------------------------------------------------------------------------------

def full_round(state):
    """TRUMPS played out: seat 0 wins two tricks, seat 2 one, seat 1 none."""
    return run(estimated(state), "play 1 red", "play 0 red",      # the dealer's 5 red wins
               "play 3 blue", "play 7 red", "play 8 blue",         # seat 2 follows trumps higher
               "play 6 red", "play 9 blue", "play 8 green")        # seat 0 trumps the red


def test_each_player_scores_the_triangles_on_the_cards_won():
    final = full_round(wimmuln.scenario(TRUMPS, seed=1, rounds=1))
    result = final.round_results[0]
    assert result.tricks == (2, 0, 1)
    # seat 0: 5 red, 1 red, 0 red (1+0+1) and 6 red, 9 blue, 8 green (2+0+1); seat 2: 3 blue, 7 red, 8 blue
    assert result.triangles == (5, 0, 4)


def test_a_round_scores_triangles_plus_the_bonus():
    final = full_round(wimmuln.scenario(TRUMPS, seed=1, rounds=1))
    result = final.round_results[0]
    # crosses: seat 0 0 over 2 (2 tricks: the face-down higher card, 10), seat 1 2 over 4 and
    # seat 2 3 over 5 (no bonus)
    assert result.bonuses == (10, 0, 0) and final.scores == (15, 0, 4)
    state = run(wimmuln.scenario(TRUMPS, seed=1, rounds=1), "lay 1 red over 4 green",
                "lay 3 green over 5 green", "lay 0 green over 9 blue")
    final = play_out(state, [RandomBot(s) for s in range(3)])
    result = final.round_results[0]
    for seat in range(3):
        cross = result.estimates[seat]
        expected = result.triangles[seat] + wimmuln.bonus(cross.top.number, cross.bottom.number, result.tricks[seat])
        assert final.scores[seat] == expected == wimmuln.round_points(result.triangles[seat], cross, result.tricks[seat])


# The rulebook's bonus table, case by case: (face up, face down, tricks won) -> bonus.
BONUS_TABLE = [
    ((6, 3, 3), 5),    # tricks = the lower card, which lies face down: 5
    ((3, 6, 6), 10),   # tricks = the higher card, face down: 10
    ((3, 6, 3), 10),   # tricks = the face-up card, the lower: twice 5
    ((6, 3, 6), 20),   # tricks = the face-up card, the higher: twice 10
    ((4, 4, 4), 25),   # both cards the same number, and it is the tricks won: 25
    ((4, 4, 5), 0),
    ((3, 6, 4), 0),
    ((0, 2, 0), 10),   # nought tricks can be estimated too
]


@pytest.mark.parametrize("cross, points", BONUS_TABLE)
def test_bonus_table(cross, points):
    assert wimmuln.bonus(*cross) == points


def test_rounds_continue_with_the_deal_passing_left():
    finished = full_round(wimmuln.scenario(TRUMPS, seed=1))
    assert not finished.is_over and finished.phase == ROUND_OVER and finished.current_player == 1
    state = finished.apply("deal")
    assert not state.is_over and state.round_number == 2 and state.dealer == 1 and state.phase != ROUND_OVER
    assert state.totals == (15, 0, 4) and state.hand_size == 12
    assert state.shown == wimmuln.deal(state.colours, 3, 1, seed=1, round_number=2)[1][-2:]
    assert len(state.round_results) == 1 and state.finished_tricks == ()
    assert state.history[-1] == wimmuln.DEAL and state.log[:len(finished.log)] == finished.log
    assert wimmuln.next_dealer(2, 3) == 0     # the last seat's left is seat 0


def test_the_finished_round_stays_on_the_table_until_the_next_dealer_deals():
    # Between rounds the last trick, every cross and the round's scores can be looked at (a state
    # of its own), and the only move is the next dealer's "deal".
    finished = full_round(wimmuln.scenario(TRUMPS, seed=1))
    assert finished.round_number == 1 and finished.finished_tricks[-1][0] == 0 and len(finished.finished_tricks) == 3
    assert finished.tricks_won == (2, 0, 1) and finished.round_results[0].points == (15, 0, 4)
    assert finished.legal_actions() == (wimmuln.DEAL,) and str(wimmuln.DEAL) == "deal"
    assert finished.log[-1] == "Player 1, left of the dealer, deals round 2."
    # the scored crosses are no longer secret: everybody sees the face-down cards
    assert finished.observation(1)["estimates"][0] == {"top": card(0, "green"), "bottom": card(2, "red")}
    assert "round 1 scored" in finished.to_svg(viewer=2)
    before = (finished.hands, finished.history, finished.log)
    with pytest.raises(IllegalAction) as err:
        finished.apply("play 7 red")
    assert err.value.rule == "the next deal" and "player 1" in err.value.reason
    with pytest.raises(IllegalAction) as err:
        wimmuln.scenario(TRUMPS, seed=1).apply("deal")
    assert err.value.rule == "estimates before play"
    assert (finished.hands, finished.history, finished.log) == before


def test_play_continues_until_someone_has_200_or_more():
    state = full_round(wimmuln.scenario(TRUMPS + "scores: 150 100 195\n", seed=1))
    assert not state.is_over and state.totals == (165, 100, 199) and state.phase == ROUND_OVER
    final = full_round(wimmuln.scenario(TRUMPS + "scores: 150 100 196\n", seed=1))
    assert final.is_over and final.scores == (165, 100, 200) and final.winners == (2,)


def test_the_game_ends_after_the_round_reaching_the_target():
    final = play_out(wimmuln.new_game(4, seed=8), [RandomBot(s) for s in range(4)])
    totals = [0, 0, 0, 0]
    for result in final.round_results:
        assert max(totals) < 200
        totals = [t + p for t, p in zip(totals, result.points)]
    assert tuple(totals) == final.scores and max(totals) >= 200


def test_the_highest_score_wins_and_ties_are_shared():
    past_the_target = TRUMPS.replace("allow: short deal", "allow: short deal, scores past the target")
    final = full_round(wimmuln.scenario(past_the_target + "scores: 190 205 201\n", seed=1))
    assert final.scores == (205, 205, 205) and final.winners == (0, 1, 2)
    final = full_round(wimmuln.scenario(TRUMPS + "scores: 190 150 197\n", seed=1))
    assert final.scores == (205, 150, 201) and final.winners == (0,)


def test_target_and_rounds_options():
    final = play_out(wimmuln.new_game(5, seed=2, target=30), [RandomBot(s) for s in range(5)])
    assert max(final.scores) >= 30
    final = play_out(wimmuln.new_game(5, seed=2, rounds=2), [RandomBot(s) for s in range(5)])
    assert len(final.round_results) == 2 and final.is_over
    for bad in ({"target": 0}, {"target": 10**9}, {"rounds": 0}, {"rounds": 101}, {"rounds": "1"}, {"target": 1.5}):
        with pytest.raises((TypeError, ValueError), match="must be a whole number from 1 to"):
            wimmuln.new_game(4, seed=1, **bad)
    variant = wimmuln.new_game(4, seed=1).setup.variant
    assert (variant["target"], variant["rounds"]) == (200, None)


# --- illegal actions, parsing, JSON ----------------------------------------------------------

def test_illegal_actions_leave_the_state_unchanged():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    before = (state.hands, state.trick, state.history, state.log)
    for bad, rule in (("play 8 green", "follow the colour"), ("play 9 blue", "your own cards"),
                      ("lay 7 red over 1 red", "trick play"), ("open 7 red", "trick play"),
                      ("deal", "trick play")):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert err.value.rule == rule
    assert (state.hands, state.trick, state.history, state.log) == before


def test_an_illegal_move_is_quoted_as_its_text():
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    for bad in ("play 8 green", wimmuln.Play(card(8, "green"))):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert str(err.value).startswith("'play 8 green' is illegal (follow the colour)")


def test_parse_card_and_action_read_back_what_they_write():
    for c in wimmuln.DECK:
        assert parse_card(str(c)) == c
    assert parse_card(" Red  7 ") == card(7, "red")
    state = wimmuln.new_game(4, seed=4)
    for action in state.legal_actions():
        assert parse_action(str(action)) == action
    assert parse_action(" DEAL ") == wimmuln.DEAL == parse_action(str(wimmuln.DEAL))


@pytest.mark.parametrize("text, where_what", [
    ("7", "expected a card"), ("11 red", "no card numbered 11"), ("3 purple", "no colour 'purple'"),
])
def test_bad_cards_say_what_is_wrong(text, where_what):
    with pytest.raises(ParseError, match=where_what):
        parse_card(text)


@given(st.text(max_size=30))
def test_parse_action_accepts_or_raises_parse_error(text):
    try:
        action = parse_action(text)
    except ParseError as err:
        assert err.where == "action"
    else:
        assert parse_action(str(action)) == action


@given(st.text(max_size=20))
def test_parse_card_accepts_or_raises_parse_error(text):
    try:
        parsed = parse_card(text)
    except ParseError as err:
        assert err.where == "card"
    else:
        assert parse_card(str(parsed)) == parsed


@given(st.lists(st.sampled_from(["hand 0:", "hand 1:", "hand 2:", "shown:", "dealer:", "scores:", "colours:",
                                 " 3 red", " 7 blue,", "²", " 1", "#", "\n", ":", "x"]), max_size=25))
def test_scenario_text_is_read_or_refused_with_a_parse_error(parts):
    try:
        state = wimmuln.scenario("".join(parts), seed=1)
    except ParseError as err:
        assert err.where and err.what
    else:
        assert state.hand_size >= 3


@pytest.mark.parametrize("text, where, what", [
    (TRUMPS.replace("hand 2:", "hand 3:"), "hands", "got seats [0, 1, 3]"),
    (TRUMPS.replace("hand 2:", "hand 00:"), "line 7", "hand 0 is given twice (first on line 4)"),
    (TRUMPS.replace("hand 2:", "hand ²:"), "line 7", "digits 0-9"),
    (TRUMPS.replace("shown: 5 red, 3 blue", ""), "shown", "missing the line 'shown:"),
    (TRUMPS.replace("shown: 5 red, 3 blue", "shown: 5 red"), "line 5 (shown)", "got 1"),
    (TRUMPS.replace("9 blue", "9 blue, 9 blue"), "line 4 (hand 0)", "9 blue is written twice"),
    (TRUMPS.replace("2 red, 9 blue", "2 red, 9 blue, 8 green"), "line 6 (hand 1)", "8 green is written twice"),
    (TRUMPS.replace("0 red, 8 blue", "0 red, 5 red"), "line 7 (hand 2)", "5 red is written twice (also in line 5"),
    (TRUMPS.replace("8 blue", "8 bleu"), "line 7 (hand 2)", "no colour 'bleu'"),
    (TRUMPS.replace("2 red, 9 blue", "2 red"), "hands", "got sizes [4, 5, 5]"),
    (TRUMPS + "dealer: 5\n", "line 8 (dealer)", "from 0 to 2"),
    (TRUMPS + "scores: 1 2\n", "line 8 (scores)", "expected 3 scores"),
    (TRUMPS + "scores: 1 2 ３\n", "line 8 (scores)", "digits 0-9"),
    (TRUMPS + "scores: 1 200 3\n", "line 8 (scores)", "write 'allow: scores past the target'"),
    (TRUMPS.replace("allow: short deal\n", ""), "hands", "a full deal gives 12; write 'allow: short deal'"),
    (TRUMPS.replace("short deal", "short deal, cheating"), "line 2", "'allow:' names"),
    (TRUMPS.replace("colours: red blue green", "colours: red blue black"), "line 4 (hand 0)", "0 green is not in"),
    (TRUMPS.replace("colours: red blue green", "colours: red blue"), "line 3 (colours)", "expected 3 different"),
    (TRUMPS.replace("colours: red blue green", "colours: red blue blue"), "line 3 (colours)", "expected 3 different"),
    (TRUMPS.replace("colours: red blue green", "colours: red blue grün"), "line 3 (colours)", "no colour 'grün'"),
    (TRUMPS + "trumps: red\n", "line 8", "expected 'key: value'"),
])
def test_bad_scenarios_say_where_and_what(text, where, what):
    with pytest.raises(ParseError) as err:
        wimmuln.scenario(text, seed=1)
    assert err.value.where.startswith(where) and what in err.value.what


def test_json_round_trip_replays_the_game():
    state = play_out(wimmuln.new_game(4, seed=6, rounds=3), [RandomBot(s) for s in range(4)])
    loaded = load_json(state.to_json())
    assert loaded == state
    middle = estimated(wimmuln.scenario(TRUMPS, seed=1)).apply("play 7 red")
    assert load_json(middle.to_json()) == middle


def test_tampered_json_says_which_action():
    data = json.loads(estimated(wimmuln.scenario(TRUMPS, seed=1)).apply("play 1 red").to_json())
    data["actions"][3] = "play 8 green"
    with pytest.raises(ParseError) as err:
        load_json(json.dumps(data))
    assert err.value.where == "actions[3]" and "follow the colour" in err.value.what


def test_things_that_are_not_actions_are_refused():
    state = wimmuln.scenario(TRUMPS, seed=1)
    with pytest.raises(IllegalAction) as err:
        state.apply(42)
    assert err.value.rule == "a move of this game" and state.history == ()
    with pytest.raises(ParseError, match="expected 'open <card>'"):
        state.apply("bid 3")
