"""A described game keeps every promise of the state protocol: the package's own protocol tests
(tests/test_protocol.py) run on games described with the kit, and the kit's own promises."""

import random

import pytest

from plateau_lab.core import IllegalAction, ParseError, RandomBot, game_spec, load_json, play_out
from plateau_lab.kit import HookError, TrickGame, define
from tests import test_protocol as protocol
from tests.kit.games import BIDDERS, GAMES, HEARTS_LIKE, LOWEST, NAMES, SHARED


@pytest.fixture(params=NAMES)
def name(request):
    return request.param


test_same_seed_same_game_and_the_global_generator_untouched = \
    protocol.test_same_seed_same_game_and_the_global_generator_untouched
test_states_are_immutable_and_replay_from_the_history = protocol.test_states_are_immutable_and_replay_from_the_history
test_actions_read_back_from_their_text = protocol.test_actions_read_back_from_their_text
test_saved_games_load_by_replay = protocol.test_saved_games_load_by_replay
test_an_illegal_action_names_a_rule_lists_the_legal_ones_and_changes_nothing = \
    protocol.test_an_illegal_action_names_a_rule_lists_the_legal_ones_and_changes_nothing
test_nonsense_text_is_a_parse_error_saying_where = protocol.test_nonsense_text_is_a_parse_error_saying_where
test_a_finished_game_has_no_player_no_moves_and_refuses_any_move = \
    protocol.test_a_finished_game_has_no_player_no_moves_and_refuses_any_move
test_every_seat_has_an_observation_and_a_picture = protocol.test_every_seat_has_an_observation_and_a_picture
test_the_wrong_number_of_players_is_refused_clearly = protocol.test_the_wrong_number_of_players_is_refused_clearly
test_a_seed_must_be_a_whole_number_a_save_can_hold = protocol.test_a_seed_must_be_a_whole_number_a_save_can_hold
test_states_are_frozen_dataclasses_with_the_protocol_s_equality = \
    protocol.test_states_are_frozen_dataclasses_with_the_protocol_s_equality
test_derive_is_the_one_way_to_make_a_state_and_carries_no_cache = \
    protocol.test_derive_is_the_one_way_to_make_a_state_and_carries_no_cache
test_the_order_of_legal_actions_depends_only_on_the_position = \
    protocol.test_the_order_of_legal_actions_depends_only_on_the_position
test_every_observation_has_one_shape_and_hides_what_it_must = \
    protocol.test_every_observation_has_one_shape_and_hides_what_it_must
test_a_whole_game_passes_every_consistency_check_at_every_step = \
    protocol.test_a_whole_game_passes_every_consistency_check_at_every_step
test_an_unknown_seat_is_refused_with_a_sentence = protocol.test_an_unknown_seat_is_refused_with_a_sentence
test_a_hand_built_action_with_wrong_field_types_is_illegal_and_changes_nothing = \
    protocol.test_a_hand_built_action_with_wrong_field_types_is_illegal_and_changes_nothing


@pytest.mark.parametrize("game", [game for game in NAMES if game != "kit_oh_hell"])
def test_positions_are_equal_when_the_game_would_continue_identically(game):
    """(Oh Hell's hand at the protocol test's seed is over before the 15 moves the test plays.)"""
    protocol.test_positions_are_equal_when_the_game_would_continue_identically(game)


def test_a_kit_game_is_in_the_registry_and_its_setup_makes_its_first_state(name):
    spec = game_spec(name)
    assert spec.module is GAMES[name] and spec.table_view().legend
    state = spec.new_game(seed=4)
    assert state.setup.first_state() == state


def test_legal_plays_follow_the_description():
    state = LOWEST.new_game(3, seed=1)
    state = state.apply(state.legal_actions()[-1])
    led = state.trick[0][1].suit
    holds = [card for card in state.hands[state.current_player] if card.suit == led]
    assert [action.card for action in state.legal_actions()] == (holds or list(state.hands[state.current_player]))
    state = HEARTS_LIKE.new_game(4, seed=2)
    assert all(action.card.suit != "H" for action in state.legal_actions())


def test_the_lowest_card_of_the_suit_led_wins_and_the_winner_leads():
    state = play_out(LOWEST.new_game(4, seed=3), [RandomBot(seat) for seat in range(4)])
    for (winners, trick), (_, following) in zip(state.finished_tricks, state.finished_tricks[1:] + ((None, ()),)):
        led = trick[0][1].suit
        lowest = min((pair for pair in trick if pair[1].suit == led), key=lambda pair: pair[1].strength)
        assert winners == (lowest[0],)
        if following:
            assert following[0][0] == winners[0]


def test_a_trick_may_have_several_winners_and_each_counts_it():
    shared = 0
    for seed in range(30):
        state = play_out(SHARED.new_game(3, seed=seed), [RandomBot(seat) for seat in range(3)])
        assert sum(state.tricks_won) == sum(len(winners) for winners, _ in state.finished_tricks)
        shared += sum(len(winners) > 1 for winners, _ in state.finished_tricks)
        for seat in range(3):
            cards = [card for winners, trick in state.finished_tricks if seat in winners for _, card in trick]
            assert state.scores[seat] == sum(2 if card.rank == "5" else card.suit == "R" for card in cards)
    assert shared > 0


def test_bids_and_scores_follow_the_hooks():
    state = BIDDERS.new_game(3, seed=5)
    assert [str(action) for action in state.legal_actions()] == ["bid 0", "bid 2", "bid 4", "bid 6"]
    with pytest.raises(IllegalAction) as caught:
        state.apply("bid 1")
    assert caught.value.rule == "may_bid" and "Bids are even numbers" in caught.value.reason
    final = play_out(state, [RandomBot(seat) for seat in range(3)])
    assert final.scores == tuple(5 if bid == won else -won for bid, won in zip(final.bids, final.tricks_won))


def test_refusals_say_the_rule_in_the_description_s_words():
    state = HEARTS_LIKE.new_game(4, seed=2)
    heart = next(card for card in state.hands[state.current_player] if card.suit == "H")
    with pytest.raises(IllegalAction) as caught:
        state.apply(f"play {heart}")
    assert caught.value.rule == "may_play" and "hearts may not be led" in caught.value.reason
    with pytest.raises(IllegalAction, match="nobody bids in this game"):
        state.apply("bid 1")


def test_a_failing_hook_names_itself_and_the_position():
    broken = define(TrickGame("kit_broken", "Broken", players=3, suits="CDSH", ranks="2 3 4 5 6", hand_size=4,
                              trick_winner=lambda trick, table: 1 / 0))
    state = broken.new_game(3, seed=1)
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(HookError) as caught:
        state.apply(state.legal_actions()[0])
    message = str(caught.value)
    assert caught.value.hook == "trick_winner" and "ZeroDivisionError" in message and "trick 1" in message


def test_a_scenario_reads_back_and_refuses_a_wrong_deal_saying_where():
    state = LOWEST.new_game(3, seed=8)
    text = LOWEST.scenario_text(state)
    assert LOWEST.scenario(text, seed=8) == state
    for wrong, where in ((text.replace("hand 2:", "hand 3:"), "hands"), ("dealer: 0\nhand 0: 2C\nhand 1: 2C\nhand 2: 3C",
                                                                          "line 3"),
                         ("dealer: 5\nhand 0: 2C\nhand 1: 4C\nhand 2: 3C", "line 1"), ("hand 0: 2C", "hands"),
                         ("dealer: 0\nhand 0: 2X\nhand 1: 3C\nhand 2: 4C", "line 2")):
        with pytest.raises(ParseError) as caught:
            LOWEST.scenario(wrong)
        assert caught.value.where == where, caught.value


def test_a_save_of_a_kit_game_loads_and_a_tampered_one_is_refused():
    state = play_out(SHARED.new_game(3, seed=9), [RandomBot(seat) for seat in range(3)])
    assert load_json(state.to_json()).scores == state.scores
    tampered = state.to_json().replace('"actions": [', '"actions": [\n  "play 9R",')
    with pytest.raises(ParseError, match="actions"):
        load_json(tampered)


def test_observations_never_hold_another_hand():
    state = LOWEST.new_game(4, seed=10)
    rng = random.Random(1)
    while not state.is_over:
        for seat in range(4):
            seen = state.observation(seat)
            text = repr({key: value for key, value in seen.items() if key not in ("hand", "legal_actions")})
            for other in range(4):
                if other != seat:
                    assert not any(f"Card('{card}')" in text for card in state.hands[other])
        state = state.apply(rng.choice(state.legal_actions()))
