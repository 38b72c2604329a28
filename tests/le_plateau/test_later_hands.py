"""Issue 31: a scenario writes a later hand (the earlier hands' results, ``result N:``) and a board
laid out at random (``layout:``), what Le Plateau's imagined deals need to replay after the first hand."""

from __future__ import annotations

import random

import pytest

from plateau_lab.core import ParseError
from plateau_lab.games.le_plateau import new_game, scenario
from plateau_lab.games.le_plateau.scenario import scenario_text


def _hand(players: int, number: int, seed: int, **variant):
    """A random game's hand ``number`` as dealt, nobody having bid yet."""
    rng, state = random.Random(seed), new_game(players, seed=seed, **variant)
    while state.hand_number < number:
        state = state.apply(rng.choice(state.legal_actions()))
    return state, rng


@pytest.mark.parametrize("players, variant", [(3, {}), (4, {"board": "random"}), (5, {"full_deck": True}),
                                              (2, {"board": "random"})])
def test_a_later_hand_reads_back_whatever_the_seed(players, variant):
    state, _ = _hand(players, min(3, players), seed=players, **variant)
    again = scenario(scenario_text(state), seed=12345, **variant)
    assert (again.hand_number, again.totals, again.results, again.board) == (
        state.hand_number, state.totals, state.results, state.board)
    assert again.rules.layout == state.rules.layout
    assert again.hands == state.hands and again.talon == state.talon and again.piles == state.piles


RESULT = ("0 No Exchange Bridge; partners -; ex-declarer -; won; declarers T1 RS; opponents T2; "
          "reason The declarer's team wins: a Bridge.")


@pytest.mark.parametrize("lines, where", [
    (["result 2: passed"], "scenario"),                                   # hand 1's result missing
    (["result 0: passed"], "line 2"),
    (["result 01: passed"], "line 2"),
    (["result 3: passed", "result 1: passed", "result 2: passed"], "line"),   # 3 hands in a 3-player game
    (["result 1: won"], "line 2"),
    ([f"result 1: {RESULT.replace('won', 'drawn')}"], "line 2"),
    ([f"result 1: {RESULT.replace('T1 RS', 'T1 XX')}"], "line 2 (declarers)"),
    ([f"result 1: {RESULT.replace('T2', 'T1')}"], "line 2 (opponents)"),
    ([f"result 1: {RESULT.replace('partners -', 'partners 0')}"], "line 2"),
    ([f"result 1: {RESULT.replace('partners -', 'partners')}"], "line 2 (partners)"),
    ([f"result 1: {RESULT.replace('; reason The declarer', '; reason')[:-40]}"], "line 2"),
    ([f"result 1: {RESULT.replace('0 No Exchange', '7 No Exchange')}"], "line 2"),
    (["layout: A6(-3,0)"], "line 2 (layout)"),                           # the official board: no layout line
])
def test_a_spoiled_result_or_layout_line_is_a_parse_error(lines, where):
    with pytest.raises(ParseError) as err:
        scenario("\n".join(["players: 3", *lines]), seed=1)
    assert err.value.where.startswith(where)


def test_a_result_line_gives_the_scores_by_the_table():
    state = scenario(f"players: 3\nresult 1: {RESULT}\nresult 2: passed", seed=1)
    assert state.hand_number == 3 and state.results[1] is None
    assert state.totals == state.results[0].points and sum(state.totals) == 0 and state.totals[0] > 0


def test_a_random_board_s_layout_must_hold_its_tokens():
    state, _ = _hand(4, 1, seed=2, board="random")
    text = scenario_text(state)
    with pytest.raises(ParseError, match="layout"):
        scenario(text.replace("T13(", "T14("), seed=1, board="random")
