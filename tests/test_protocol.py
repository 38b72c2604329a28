"""Every engine keeps the same promises (plateau_lab.core): one test per promise, for all five games."""

import json
import random

import pytest

from plateau_lab import GAME_NAMES, IllegalAction, ParseError, game_module, load_json
from plateau_lab.bots import RandomBot

SETUPS = {  # a short game of each: players and options
    "syndicate": (3, {"target": 4}),
    "plotters": (4, {}),
    "coloretto": (3, {}),
    "wimmuln": (4, {"rounds": 1}),
    "le_plateau": (4, {"hands": 4}),
}


def test_every_game_is_covered():
    assert set(SETUPS) == set(GAME_NAMES)


def played(name, seed, moves=None):
    players, variant = SETUPS[name]
    state = game_module(name).new_game(players, seed=seed, **variant)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    while not state.is_over and (moves is None or len(state.history) < moves):
        state = state.apply(bots[state.current_player].choose(state))
    return state


@pytest.fixture(params=GAME_NAMES)
def name(request):
    return request.param


def test_same_seed_same_game_and_the_global_generator_untouched(name):
    random.seed(5)
    before = random.getstate()
    first, second = played(name, 3), played(name, 3)
    assert random.getstate() == before
    assert first.history == second.history and first.log == second.log and first.scores == second.scores


def test_states_are_immutable_and_replay_from_the_history(name):
    state = played(name, 4, moves=40)
    states = state.states()
    assert len(states) == len(state.history) + 1
    for earlier, action, later in zip(states, state.history, states[1:]):
        assert earlier.apply(action).to_json() == later.to_json()
    assert states[-1].to_json() == state.to_json()


def test_actions_read_back_from_their_text(name):
    state = played(name, 5, moves=25)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action


def test_saved_games_load_by_replay(name):
    for moves in (0, 17, None):
        state = played(name, 6, moves=moves)
        again = load_json(state.to_json())
        assert again.to_json() == state.to_json() and again.scores == state.scores and again.log == state.log


def test_an_illegal_action_names_a_rule_lists_the_legal_ones_and_changes_nothing(name):
    state = played(name, 7, moves=12)
    legal = state.legal_actions()
    elsewhere = (action for other in played(name, 8).states() for action in other.legal_actions())
    foreign = next(action for action in elsewhere if action not in legal)
    snapshot = (state.to_json(), state.log, state.scores, state.current_player)
    with pytest.raises(IllegalAction) as caught:
        state.apply(foreign)
    assert caught.value.rule and caught.value.reason and set(caught.value.legal) == set(legal)
    assert (state.to_json(), state.log, state.scores, state.current_player) == snapshot


def test_nonsense_text_is_a_parse_error_saying_where(name):
    state = played(name, 9, moves=3)
    with pytest.raises(ParseError) as caught:
        state.apply("juggle the deck")
    assert caught.value.where and caught.value.what


def test_a_finished_game_has_no_player_no_moves_and_refuses_any_move(name):
    state = played(name, 10)
    assert state.is_over and state.current_player is None and state.legal_actions() == ()
    assert set(state.winners) <= set(range(state.players)) and state.winners
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(state.history[-1])


def test_every_seat_has_an_observation_and_a_picture(name):
    state = played(name, 11, moves=20)
    for seat in range(state.players):
        seen = state.observation(seat)
        assert isinstance(seen, dict)
        json.dumps(seen, default=str)           # plain data a learner can print
        svg = state.to_svg(seat)
        assert svg.startswith("<svg") and svg == state.to_svg(seat)
    assert state._repr_svg_() == state.to_svg()


def test_the_wrong_number_of_players_is_refused_clearly(name):
    with pytest.raises(ValueError, match="player"):
        game_module(name).new_game(7, seed=1)
