"""Wimmüln: ``scenario_text(state)`` reads back to an equal position or refuses it saying why,
never silently another position (issue 27: the rules exact). A round without trumps, once its
dealer has chosen the face-up card, is written with an ``open`` line; before, it was written as
dealt and read back to the position before his choice."""

import json
import random

import pytest

from rulesets import random_rule_sets

from plateau_lab.core import ParseError, load_json
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln.engine import ESTIMATE, OPEN, Open
from plateau_lab.games.wimmuln.scenario import scenario_text

#: Random rule sets of Wimmüln, and the games played under each (and under the rulebook's, for
#: each number of players).
RULE_SETS, GAMES = 10, 2
REFUSAL = "a scenario writes a round just dealt, before anybody has laid a cross or played a card; here "


def rule_sets():
    return [(players, {}) for players in range(3, 7)] + random_rule_sets("wimmuln", RULE_SETS, seed=27)


def read_back(state):
    """``state`` written as a scenario and read back under its seed and rule set."""
    return wimmuln.scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant)


def assert_equal_positions(again, state):
    """Equal in every way a learner or a bot sees: the position, its phase, whose turn, the
    scores, the moves and every seat's observation; and it starts there (no moves of its own)."""
    text = scenario_text(state)
    assert again == state, text
    assert again.phase == state.phase and again.current_player == state.current_player, text
    assert again.scores == state.scores and again.trick == state.trick and again.trump == state.trump, text
    assert again.legal_actions() == state.legal_actions(), text
    for seat in range(state.players):
        assert again.observation(seat) == state.observation(seat), text
    assert again.history == ()


def every_position(players, variant, seed):
    """Every position of a random game, from its deal to its end."""
    state, rng = wimmuln.new_game(players, seed=seed, **variant), random.Random(seed)
    positions = [state]
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        positions.append(state)
    return positions


@pytest.mark.parametrize("players, variant", rule_sets())
def test_every_position_reads_back_equal_or_is_refused_saying_why(players, variant):
    written, refused = [], 0
    for seed in range(GAMES):
        for state in every_position(players, variant, seed):
            try:
                text = scenario_text(state)
            except ValueError as refusal:
                assert str(refusal).startswith(REFUSAL) and len(str(refusal)) > len(REFUSAL)
                assert state.phase not in (OPEN, ESTIMATE) or state.finished_tricks or any(state.estimates)
                refused += 1
                continue
            assert_equal_positions(read_back(state), state)
            written.append(state.phase)
    assert written and refused
    assert written.count(ESTIMATE) >= GAMES          # at least every game's first round, at its crosses


def opened_round(players=3, variant=None, *, tries=200):
    """A round without trumps just after its dealer has chosen the face-up card (the last of his
    choices), and the round before his choice."""
    for seed in range(tries):
        state = wimmuln.new_game(players, seed=seed, **(variant or {}))
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == OPEN:
                return state.apply(state.legal_actions()[-1]), state
            state = state.apply(rng.choice(state.legal_actions()))
    pytest.fail(f"no round without trumps in {tries} games")


@pytest.mark.parametrize("variant", [{}, {"trump_card": "none"}, {"trump_card": "higher", "hand_size": 6}])
def test_a_round_whose_dealer_has_chosen_the_face_up_card_reads_back_after_his_choice(variant):
    opened, before = opened_round(3, variant)
    text = scenario_text(opened)
    assert f"open: {opened.trick[0][1]}" in text.splitlines()
    assert "open:" not in scenario_text(before)
    again = read_back(opened)
    assert again != before and again.phase == ESTIMATE
    assert_equal_positions(again, opened)


def test_a_game_begun_from_an_opened_round_saves_and_plays_on_alike():
    opened, _ = opened_round(4)
    again = read_back(opened)
    assert load_json(again.to_json()) == again
    rng = random.Random(4)
    for _ in range(6):
        move = rng.choice(again.legal_actions())
        again, opened = again.apply(move), opened.apply(move)
        assert again == opened
    saved = json.loads(again.to_json())
    assert "open:" in saved["scenario"] and len(saved["actions"]) == 6
    assert load_json(again.to_json()) == opened


NO_TRUMPS = ("colours: red blue green\nhand 0: 2 red, 9 blue, 0 green\nshown: 5 red, 3 red\n"
             "hand 1: 7 red, 1 red, 4 green, 8 green, 2 blue\nhand 2: 6 red, 0 red, 8 blue, 3 green, 5 green\n"
             "allow: short deal\n")
TRUMPS = NO_TRUMPS.replace("shown: 5 red, 3 red", "shown: 5 red, 3 blue")


def test_the_dealer_may_open_a_shown_card_or_a_card_of_his_hand_and_the_round_is_then_at_the_crosses():
    for card in ("5 red", "3 red", "2 red", "0 green"):
        state = wimmuln.scenario(NO_TRUMPS + f"open: {card}", seed=1)
        dealt = wimmuln.scenario(NO_TRUMPS, seed=1)
        assert state == dealt.apply(Open(wimmuln.parse_card(card)))
        assert state.current_player == 1 and state.phase == ESTIMATE


@pytest.mark.parametrize("text, message", [
    (TRUMPS + "open: 2 red", "line 7 (open): the shown cards name blue trumps, so the rules leave 5 red face up: "
                             "the dealer chooses the face-up card only in a round without trumps"),
    (NO_TRUMPS + "open: 7 red", "line 7 (open): the dealer (player 0) does not hold 7 red"),
    (NO_TRUMPS + "open: 2 red, 9 blue", "line 7 (open): expected the one card the dealer leaves face up, got 2"),
    (NO_TRUMPS + "open:", "line 7 (open): expected the one card the dealer leaves face up, got 0"),
    (NO_TRUMPS + "open: 2 black", "line 7 (open): 2 black is not in this game, whose colours are red, blue, green"),
    (NO_TRUMPS + "open: 2 red\nopen: 9 blue", "line 8"),
])
def test_a_wrong_open_line_is_refused_saying_where_and_what(text, message):
    with pytest.raises(ParseError) as caught:
        wimmuln.scenario(text, seed=1)
    assert str(caught.value).startswith(message), str(caught.value)


def test_a_position_after_a_cross_or_a_card_is_refused_naming_what_happened():
    opened, _ = opened_round(3)
    crossed = opened.apply(opened.legal_actions()[0])
    first = (opened.dealer + 1) % 3                  # the player on the dealer's left lays the first cross
    with pytest.raises(ValueError, match=f"^{REFUSAL}player {first} has laid a cross$"):
        scenario_text(crossed)
    state = crossed
    while state.phase == ESTIMATE:
        state = state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match=f"^{REFUSAL}the cards are being played$"):
        scenario_text(state)
