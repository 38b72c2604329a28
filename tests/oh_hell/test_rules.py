"""One test per rule of Oh Hell (OpenSpiel's ``oh_hell``), each on a position written as a scenario."""

import pytest

from plateau_lab.core import IllegalAction
from plateau_lab.games.oh_hell import (MADE_BID_BONUS, Bid, Play, hand_score, legal_bids, max_tricks, new_game,
                                       parse_card, scenario)

#: Four players, four cards each, hearts trumps, nobody has bid; player 3 deals.
DEALT = """
dealer: 3
trump: 7H
hand 0: AS, 10S, 4D, QH
hand 1: KS, 9C, 2D, 3H
hand 2: 5S, JC, AD, 8H
hand 3: 2S, KC, 6D, AH
"""

#: Three players, two tricks, hearts trumps; everyone has bid and player 0 leads.
TWO_TRICKS = """
dealer: 2
trump: 2H
hand 0: QS, 3D
hand 1: 3S, 4D
hand 2: 5H, AC
bids: 1 0 0
"""


def refused(state, action, rule):
    """Apply ``action`` expecting IllegalAction naming ``rule``; the state must not change."""
    before = (state.to_json(), state.position(), state.log, state.scores, state.current_player)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert caught.value.rule == rule and caught.value.reason
    assert (state.to_json(), state.position(), state.log, state.scores, state.current_player) == before
    return caught.value


def played(state, *actions):
    for action in actions:
        state = state.apply(action)
    return state


def test_bidding_goes_round_from_the_dealer_s_left_to_the_dealer():
    state = scenario(DEALT, seed=1)
    bidders = []
    for bid in ("bid 1", "bid 0", "bid 2", "bid 0"):
        bidders.append(state.current_player)
        state = state.apply(bid)
    assert bidders == [0, 1, 2, 3] and state.bids == (1, 0, 2, 0)


def test_bids_from_0_to_the_tricks():
    state = scenario(DEALT, seed=1)
    assert state.legal_actions() == tuple(Bid(bid) for bid in range(5))
    error = refused(state, "bid 5", "bids from 0 to the tricks")
    assert "from 0 to 4" in error.reason


def test_the_dealer_s_bid_hook_rule():
    state = played(scenario(DEALT, seed=1), "bid 1", "bid 0", "bid 2")
    assert state.current_player == 3 and state.legal_actions() == (Bid(0), Bid(2), Bid(3), Bid(4))
    error = refused(state, "bid 1", "the dealer's bid (hook rule)")
    assert "total 4" in error.reason
    # OpenSpiel's own example: 4 players, 5 cards each, bids 1, 2, 1: the last player cannot bid 1.
    assert 1 not in legal_bids(5, (1, 2, 1), 4)


def test_the_hook_rule_binds_only_when_the_bids_can_still_total_the_tricks():
    state = played(scenario(DEALT, seed=1), "bid 3", "bid 2", "bid 0")
    assert state.legal_actions() == tuple(Bid(bid) for bid in range(5))


def test_the_hook_rule_binds_only_the_last_bidder():
    state = played(scenario(DEALT, seed=1), "bid 1", "bid 0")
    assert state.legal_actions() == tuple(Bid(bid) for bid in range(5))


def test_bidding_before_play():
    refused(scenario(DEALT, seed=1), "play AS", "bidding before play")


def test_one_bid_each():
    state = played(scenario(DEALT, seed=1), "bid 1", "bid 0", "bid 2", "bid 0")
    refused(state, "bid 1", "one bid each")


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    state = played(scenario(DEALT, seed=1), "bid 1", "bid 0", "bid 2", "bid 0")
    assert state.phase == "play" and state.current_player == 0
    assert set(state.legal_actions()) == {Play(card) for card in state.hands[0]}


def test_follow_suit():
    state = played(scenario(DEALT, seed=1), "bid 1", "bid 0", "bid 2", "bid 0", "play AS")
    assert state.legal_actions() == (Play(parse_card("KS")),)
    error = refused(state, "play 3H", "follow suit")
    assert "spades were led" in error.reason


def test_any_card_when_holding_none_of_the_suit_led():
    state = scenario("dealer: 0\ntrump: 7H\nhand 0: 2C, 3C, 4C\nhand 1: 5S, 6S\nhand 2: 10D, JD\n"
                     "bids: 0 1 1\ntrick: KD, 9D", seed=1)
    assert state.current_player == 0
    assert {str(action) for action in state.legal_actions()} == {"play 2C", "play 3C", "play 4C"}


def test_cards_in_hand():
    state = played(scenario(DEALT, seed=1), "bid 1", "bid 0", "bid 2", "bid 0")
    error = refused(state, "play KS", "cards in hand")
    assert "player 0 does not hold KS" in error.reason


def test_the_highest_card_of_the_suit_led_wins_and_a_discard_never_does():
    state = played(scenario(TWO_TRICKS, seed=1), "play QS", "play 3S", "play AC")
    assert state.tricks_won == (1, 0, 0) and state.finished_tricks[-1][0] == 0


def test_a_trump_beats_every_card_of_another_suit():
    state = played(scenario(TWO_TRICKS, seed=1), "play QS", "play 3S", "play 5H")
    assert state.tricks_won == (0, 0, 1)


def test_the_highest_trump_wins():
    state = scenario("dealer: 2\ntrump: 2H\nhand 0: 9H\nhand 1: 3H\nhand 2: JH\nbids: 0 0 0", seed=1)
    state = played(state, "play 9H", "play 3H", "play JH")
    assert state.tricks_won == (0, 0, 1)


def test_the_winner_of_a_trick_leads_the_next():
    state = played(scenario(TWO_TRICKS, seed=1), "play QS", "play 3S", "play 5H")
    assert state.current_player == 2 and state.leader == 2 and state.trick == ()


def test_the_hand_ends_after_its_tricks_and_scores_a_point_a_trick_and_10_for_an_exact_bid():
    state = played(scenario(TWO_TRICKS, seed=1), "play QS", "play 3S", "play AC", "play 3D", "play 4D", "play 5H")
    assert state.is_over and state.current_player is None and state.legal_actions() == ()
    assert state.tricks_won == (1, 0, 1) and state.bids == (1, 0, 0)
    assert state.scores == (1 + MADE_BID_BONUS, 0 + MADE_BID_BONUS, 1) and state.winners == (0,)
    refused(state, "play 3D", "end of the game")


@pytest.mark.parametrize(("variant", "scores"), [
    ({"points_per_trick": 3}, (13, 10, 3)),
    ({"off_bid_penalty": True}, (11, 10, -1)),
    ({"off_bid_penalty": True, "points_per_trick": 3}, (13, 10, -3)),
])
def test_scoring_options_points_per_trick_and_off_bid_penalty(variant, scores):
    state = scenario(TWO_TRICKS, seed=1, **variant)
    state = played(state, "play QS", "play 3S", "play AC", "play 3D", "play 4D", "play 5H")
    assert state.scores == scores


def test_hand_score_penalises_the_tricks_off_the_bid_in_either_direction():
    assert hand_score(3, 1, off_bid_penalty=True) == hand_score(1, 3, off_bid_penalty=True) == -2
    assert hand_score(0, 0, points_per_trick=7) == MADE_BID_BONUS


def test_nobody_scores_before_the_hand_is_over():
    state = played(scenario(TWO_TRICKS, seed=1), "play QS", "play 3S", "play AC")
    assert state.scores == (0, 0, 0) and state.winners == ()


def test_the_most_tricks_leave_a_card_to_turn_up_for_trumps():
    assert [max_tricks(players) for players in range(3, 8)] == [17, 12, 10, 8, 7]
    for players in range(3, 8):
        most = max_tricks(players)
        state = new_game(players, seed=2, tricks=most)
        assert len(state.stock) == 52 - players * most - 1 >= 0
        with pytest.raises(ValueError, match=f"tricks.* must be a whole number from 1 to {most}"):
            new_game(players, seed=2, tricks=most + 1)


def test_the_deal_gives_each_player_the_tricks_in_cards_and_turns_up_the_next_for_trumps():
    state = new_game(6, seed=9, tricks=8)
    dealt = [card for hand in state.hands for card in hand]
    assert [len(hand) for hand in state.hands] == [8] * 6 and len(set(dealt)) == 48
    assert state.trump_card not in dealt and state.trump == state.trump_card.suit
    assert len(state.stock) == 3 and not set(state.stock) & {state.trump_card, *dealt}


def test_chance_draws_the_tricks_and_the_dealer_from_the_seed_each_value_possible():
    seen_tricks, seen_dealers = set(), set()
    for seed in range(400):
        state = new_game(7, seed=seed)
        seen_tricks.add(state.tricks)
        seen_dealers.add(state.dealer)
        assert state.current_player == (state.dealer + 1) % 7
    assert seen_tricks == set(range(1, 8)) and seen_dealers == set(range(7))
    assert new_game(5, seed=3).position() == new_game(5, seed=3).position()
    assert new_game(5, seed=3, tricks=4).position() != new_game(5, seed=4, tricks=4).position()
