"""The Syndicate: ``scenario_text(state)`` reads back to an equal position, a finished game too
(issue 27: the rules exact). A finished game keeps its last mastermind (nobody passes the
mastermind on once a player has won), so its ``last turn`` is the one that mastermind led; before
the fix it was read as led by the player before him, with that player's points."""

import random

import pytest

from rulesets import random_rule_sets

from plateau_lab.core import ParseError
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate.engine import scheme_totals, turn_points
from plateau_lab.games.syndicate.rules import rules_of
from plateau_lab.games.syndicate.scenario import scenario_text

#: Random rule sets of The Syndicate, and the games played under each (and under the rulebook).
RULE_SETS, GAMES = 12, 3


def rule_sets():
    return [(3, {})] + random_rule_sets("syndicate", RULE_SETS, seed=31)


def read_back(state):
    """``state`` written as a scenario and read back under its seed and rule set."""
    return syndicate.scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant)


def assert_equal_positions(again, state):
    """Equal in every way a learner or a bot sees: the position, whose turn, whether it is over,
    the scores, the moves and every seat's observation (the last turn included)."""
    text = scenario_text(state)
    assert again == state, text
    assert again.current_player == state.current_player and again.is_over == state.is_over, text
    assert again.scores == state.scores and again.mastermind == state.mastermind, text
    assert again.last_turn == state.last_turn, text
    assert again.legal_actions() == state.legal_actions(), text
    for seat in range(state.players):
        assert again.observation(seat) == state.observation(seat), text


def played_positions(players, variant, seed):
    """Every position at the start of a turn (nothing on the table) of a random game, the
    finished one last."""
    state, rng = syndicate.new_game(players, seed=seed, **variant), random.Random(seed)
    positions = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        if state.table is None:
            positions.append(state)
    return positions


@pytest.mark.parametrize("players, variant", rule_sets())
def test_every_start_of_a_turn_and_the_finished_game_read_back_equal(players, variant):
    finished = 0
    for seed in range(GAMES):
        positions = played_positions(players, variant, seed)
        assert positions[-1].is_over
        for state in positions:
            assert_equal_positions(read_back(state), state)
        finished += 1
    assert finished == GAMES


def test_the_finished_game_reported_reads_back_with_its_last_mastermind_and_points():
    """The case found: the generic suite's first rule set, seed 0, ended with player 1's turn."""
    players, variant = random_rule_sets("syndicate", 24, seed=29)[0]
    state = played_positions(players, variant, 0)[-1]
    again = read_back(state)
    assert state.last_turn.turn.mastermind == state.mastermind
    assert again.last_turn.turn.mastermind == state.mastermind
    assert again.last_turn.points == state.last_turn.points
    assert_equal_positions(again, state)


def test_a_game_won_on_its_first_turn_reads_back():
    """With a target of 1 the first turn may end the game: its last turn is turn 1 itself."""
    for seed in range(20):
        state = syndicate.new_game(3, seed=seed, target=1)
        rng = random.Random(seed)
        while state.turn_number == 1 and not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            assert state.turn_number == 1
            assert_equal_positions(read_back(state), state)
            return
    pytest.fail("no game of target 1 ended on its first turn in 20 deals")


HANDS = "hand 0: Sea, Bard\nhand 1: Cave, Mill\nhand 2: Pact, Savage\n"
#: Hands that play leaves at the start of player 0's turn (the first turn's deal).
UNDER_WAY_HANDS = "hand 0: Pact, Savage, Forest, Sailor, Penitent\nhand 1: Cave, Mill, Lunatic, Battle\n" \
                  "hand 2: Sea, Bard, Origin\n"


def test_a_written_last_turn_is_led_by_the_mastermind_once_the_game_is_over_and_by_the_one_before_under_way():
    over = syndicate.scenario(HANDS + "mastermind: 2\nturn: 7\nscores: 3 4 13\nlast turn: Desert, Market, End\n"
                              "allow: game over, hand sizes", seed=0)
    assert over.is_over and over.last_turn.turn.mastermind == 2
    assert over.last_turn.points == points_of_the_turn(over.last_turn.turn, led_by=2)
    under_way = syndicate.scenario(UNDER_WAY_HANDS + "mastermind: 0\nturn: 7\nscores: 3 4 5\n"
                                   "last turn: Desert, Market, End", seed=0)
    assert not under_way.is_over and under_way.last_turn.turn.mastermind == 2
    assert under_way.last_turn.points == points_of_the_turn(under_way.last_turn.turn, led_by=2)


def points_of_the_turn(turn, *, led_by):
    """What each seat scored on ``turn`` had ``led_by`` led it, under the rulebook."""
    rules = rules_of(3, {})
    totals = scheme_totals(turn.lead, turn.face_down, turn.answers, rules=rules)
    for_mastermind, for_enforcers = turn_points(*totals, face_down_played=turn.face_down is not None, rules=rules)
    assert for_mastermind != for_enforcers          # the turn tells who led it
    return tuple(for_mastermind if seat == led_by else for_enforcers for seat in range(3))


def test_a_last_turn_before_the_first_turn_of_a_game_under_way_is_still_refused():
    with pytest.raises(ParseError, match=r"line 5 \(last turn\): the first turn has no turn before it"):
        syndicate.scenario(UNDER_WAY_HANDS + "turn: 1\nlast turn: Desert, Market, End", seed=0)
