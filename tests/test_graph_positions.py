"""The evaluation graph of a long game: the chances worked out every few positions, read along a
straight line in between (plateau_lab.lab.game_analysis, issue 28's speed)."""

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_of
from plateau_lab.lab.expert import Odds
from plateau_lab.lab.game_analysis import GRAPH_POSITIONS, _graph_positions, _on_fast_path, _read_between


def _whole_game(name, seed):
    game = game_spec(name).new_game(seed=seed)
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(RandomBot(len(states)).choose(states[-1])))
    return states


def whole_games():
    """One random game of every registered game at its default number of players, by name."""
    return {name: _whole_game(name, 3) for name in GAME_NAMES}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_long_game_whose_question_is_who_wins_works_out_about_graph_positions_positions(name):
    states = _whole_game(name, 3)
    model = model_of(states[0])
    worked = _graph_positions(states, model, True)
    assert _graph_positions(states, model, False) == set(range(len(states)))          # a seat's own view
    if len(states) > GRAPH_POSITIONS and _on_fast_path(states[0], model):
        assert 0 in worked and len(states) - 1 in worked
        assert GRAPH_POSITIONS // 2 <= len(worked) <= GRAPH_POSITIONS + 1
    else:                                        # a short game, or another question: every position
        assert worked == set(range(len(states)))


def test_some_game_is_thinned_and_some_works_out_every_position():
    thinned = {name: len(_graph_positions(states, model_of(states[0]), True)) < len(states)
               for name, states in whole_games().items()}
    assert set(thinned.values()) == {True, False}


def test_the_chances_between_two_positions_lie_on_the_straight_line_between_them():
    first = Odds("wins the game", ("player 0", "player 1"), (0.2, 0.8), (0.1, 0.6), (0.4, 0.9), 10)
    last = Odds("wins the game", ("player 0", "player 1"), (1.0, 0.0), (1.0, 0.0), (1.0, 0.0), 20)
    filled = _read_between([first, None, None, None, last], {0, 4})
    assert filled[0] is first and filled[4] is last
    assert [round(odds.chances[0], 6) for odds in filled] == [0.2, 0.4, 0.6, 0.8, 1.0]
    assert all(odds.lows[0] <= odds.chances[0] <= odds.highs[0] for odds in filled)
    assert filled[2].playouts == 10


def test_a_position_next_to_one_without_chances_is_left_without():
    first = Odds("wins the game", ("player 0",), (0.5,), (0.2,), (0.8,), 10)
    assert _read_between([first, None, None], {0, 2}) == [first, None, None]
