"""The evaluation graph of a long game: the chances worked out every few positions, read along a
straight line in between (plateau_lab.lab.game_analysis, issue 28's speed)."""

import random

from plateau_lab.core import game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_of
from plateau_lab.games.wimmuln.engine import PLAY
from plateau_lab.games.wimmuln.expert_model import MODEL as WIMMULN
from plateau_lab.lab.expert import Odds, odds
from plateau_lab.lab.game_analysis import GRAPH_POSITIONS, _chances, _graph_positions, _read_between


def _whole_game(name, seed):
    game = game_spec(name).new_game(seed=seed)
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(RandomBot(len(states)).choose(states[-1])))
    return states


def test_a_long_game_whose_question_is_who_wins_works_out_about_graph_positions_positions():
    states = _whole_game("plotters", 3)
    assert len(states) > GRAPH_POSITIONS
    worked = _graph_positions(states, model_of(states[0]), True)
    assert 0 in worked and len(states) - 1 in worked
    assert GRAPH_POSITIONS // 2 <= len(worked) <= GRAPH_POSITIONS + 1
    assert _graph_positions(states, model_of(states[0]), False) == set(range(len(states)))   # a seat's own view


def test_a_game_asking_another_question_works_out_every_position():
    states = _whole_game("wimmuln", 3)
    assert _graph_positions(states, model_of(states[0]), True) == set(range(len(states)))


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


def test_wimmulns_card_play_chances_on_the_fast_path_match_the_public_engines():
    states = _whole_game("wimmuln", 5)
    state = next(state for state in states[40:] if state.phase == PLAY)
    fast = _chances(state, WIMMULN, None, 400, random.Random(1))
    public = odds(state, None, 400, seed=1)
    assert fast.question == public.question and fast.labels == public.labels
    assert all(abs(a - b) < 0.15 for a, b in zip(fast.chances, public.chances))
