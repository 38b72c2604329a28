"""Plotters Inc.: bad input never escapes as anything but a clear error.

Scenario texts and action texts are fuzzed (hypothesis) and tried with numbers of thousands of
digits, Unicode digits and 100 kB of adversarial spacing and punctuation. Every call goes through
``guarded`` (``tests/guard.py``): a parser that backtracks or is quadratic fails. Text
either reads or raises ParseError; a move read from text may also be IllegalAction. Misuse of
the Python API raises TypeError or ValueError with a sentence. Then one test per bug the issue
found in this game.
"""

import dataclasses
from collections import Counter
from functools import cached_property

import pytest
from guard import guarded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau_lab.core import DEAL, Deal, IllegalAction, ParseError, Play, load_json
from plateau_lab.games import plotters
from plateau_lab.games.plotters import SPEC, Card, HeuristicBot, Keep, Take, parse_action, parse_card
from plateau_lab.games.plotters import engine
from plateau_lab.games.plotters.scenario import SCENARIO_EXCEPTIONS
from plateau_lab.games.plotters.cards import deck_for

from .test_rules import CHOOSING, TRICK_EXAMPLE, run

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

FULL_TRICK = run(plotters.scenario(TRICK_EXAMPLE, seed=1), "play R10", "play Y6", "play R14", "play B2", "play Y16")
STATES = {  # a state of every phase
    engine.PLAY_PHASE: plotters.scenario(TRICK_EXAMPLE, seed=1).apply("play R10"),
    engine.TAKE_PHASE: FULL_TRICK.apply("take R14"),
    engine.KEEP_PHASE: run(plotters.scenario(CHOOSING, seed=1), "play R10", "play Y6", "play R14", "play B2",
                           "take R14", "take R10"),
    engine.ROUND_OVER: run(FULL_TRICK, "take R14", "take R10", "take Y16", "play G4", "play G5", "play G1",
                           "play G2", "play G3", "take G5", "take G4", "take G3"),
}
STATES[engine.GAME_OVER] = run(plotters.scenario(TRICK_EXAMPLE.replace("dealer: 4", "dealer: 4\nround: 5"), seed=1),
                               *STATES[engine.ROUND_OVER].history)


def test_there_is_a_state_of_every_phase():
    assert {phase: state.phase for phase, state in STATES.items()} == {phase: phase for phase in STATES}


def reads_or_parse_error(function, text):
    """``function(text)`` under the guard: its result, or None when it raised ParseError saying where and what."""
    try:
        return guarded(function, text)
    except ParseError as err:
        assert err.where and err.what and len(str(err)) < 400
        return None


def moves_or_refuses(state, text):
    """``state.apply(text)`` under the guard: the new state, or None for ParseError or IllegalAction,
    which leave the state as it was."""
    before = (state.to_json(), state.log, state.position())
    try:
        return guarded(state.apply, text)
    except (ParseError, IllegalAction) as err:
        assert len(str(err)) < 4000
        assert (state.to_json(), state.log, state.position()) == before
        return None


# ---------------------------------------------------------------- fuzzing the texts

WORDS = ["hand 0:", "hand 1:", "hand 2:", "hand 3:", "hand 4:", "hand 00:", "hand ²:", "open 0:", "discard 1:",
         "keep 1:", "trick:", "dealer:", "round:", "scores:", "allow:", "impossible collection", "impossible scores",
         " R10", " G1", " Y6", " B2", " r14", " red 3", "red+green", " blue,", "+", "²", "٣", "１", " 1", " 0 ",
         "9" * 30, "#", "\n", "\r\n", ":", ",", " ", "\t", "\u3000", "x", "G", "R21"]
ACTION_WORDS = ["play", "take", "keep", "deal", "PLAY", "Take", " ", "\t", "\u00a0", "R", "r", "red", "G", "blue",
                "yellow", "+", "and", ",", "1", "14", "10", "0", "22", "²", "٣", "１", "-1", ":", "#", "\n", "ß",
                "İ", "🂡"]


@FUZZ
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=40))
def test_any_scenario_text_is_read_or_refused_with_a_parse_error(parts):
    state = reads_or_parse_error(lambda text: plotters.scenario(text, seed=1), "".join(parts))
    if state is not None:
        assert 4 <= state.players <= 6 and state.legal_actions()
        assert load_json(state.to_json()) == state


@FUZZ
@given(st.sampled_from(sorted(TRICK_EXAMPLE.strip().splitlines())), st.lists(st.sampled_from(WORDS), max_size=6))
def test_a_scenario_with_one_line_spoilt_is_read_or_refused(line, noise):
    lines = TRICK_EXAMPLE.strip().splitlines()
    lines[lines.index(line)] = line + "".join(noise)
    reads_or_parse_error(plotters.scenario, "\n".join(lines))


@FUZZ
@given(st.lists(st.sampled_from(ACTION_WORDS) | st.text(max_size=6), max_size=12), st.sampled_from(sorted(STATES)))
def test_any_action_text_is_read_or_refused(parts, phase):
    text = " ".join(parts)
    action = reads_or_parse_error(parse_action, text)
    if action is not None:
        assert parse_action(str(action)) == action
    moves_or_refuses(STATES[phase], text)


@FUZZ
@given(st.text(max_size=20))
def test_any_card_text_is_a_card_or_a_parse_error(text):
    card = reads_or_parse_error(parse_card, text)
    assert card is None or parse_card(str(card)) is card


HUGE_ACTIONS = [
    "lead " + " " * 100_000 + "x", "," * 100_000, ":" * 50_000, "+" * 100_000, "\u00a0" * 50_000 + "deal",
    "play " + "9" * 5000, "play R" + "9" * 5000, "take B" + "0" * 5000 + "1", "play R²", "play R٣", "play R１",
    "play " + " " * 100_000 + "R1", "play red" + " " * 100_000 + "1", "deal" + " " * 100_000 + "x",
    "keep " + "+" * 100_000, "keep " + "red " * 25_000, "keep " + " and " * 20_000, "keep red" + "," * 100_000,
    "take " + "R" * 100_000 + "1", "play " + "1" * 100_000, "\n" * 100_000,
]


@pytest.mark.parametrize("text", HUGE_ACTIONS, ids=range(len(HUGE_ACTIONS)))
def test_long_and_odd_action_texts_are_read_quickly_or_refused(text):
    reads_or_parse_error(parse_action, text)
    for state in STATES.values():
        moves_or_refuses(state, text)


HUGE_SCENARIOS = [
    "hand 0:" + " 1" * 30_000, ":" * 50_000, "," * 100_000, "\n" * 100_000, "#" * 100_000, " " * 100_000 + "x",
    "hand 0: " + "R1," * 30_000, "hand 0: " + "R1 " * 30_000, "hand " + "9" * 5000 + ": R1", "dealer: " + "9" * 5000,
    TRICK_EXAMPLE.replace("dealer: 4", "dealer: " + "4" * 5000), TRICK_EXAMPLE + "round: 2\nscores:" + " 1" * 50_000,
    TRICK_EXAMPLE + "round: 2\nscores: 1 2 3 4 " + "5" * 5000, TRICK_EXAMPLE + "trick: " + "R1 " * 30_000,
    TRICK_EXAMPLE + "keep 0: " + "red+" * 25_000, TRICK_EXAMPLE + "allow: " + "impossible scores," * 5000,
    TRICK_EXAMPLE + "allow: " + "," * 100_000, "hand 0: R1\n" * 20_000, "hand 0 " + " " * 100_000 + ": R1",
    TRICK_EXAMPLE + "open 0: " + "G" * 100_000 + "7", TRICK_EXAMPLE.replace("R10", "R1" + "0" * 5000),
    TRICK_EXAMPLE.replace("dealer: 4", "dealer: ²"), TRICK_EXAMPLE.replace("dealer: 4", "dealer: ٣"),
    TRICK_EXAMPLE.replace("dealer: 4", "dealer: １"), TRICK_EXAMPLE.replace("hand 4", "hand ４"),
]


@pytest.mark.parametrize("text", HUGE_SCENARIOS, ids=range(len(HUGE_SCENARIOS)))
def test_long_and_odd_scenarios_are_read_quickly_or_refused(text):
    reads_or_parse_error(plotters.scenario, text)


# ---------------------------------------------------------------- misuse of the Python API


@pytest.mark.parametrize("text", [7, None, b"hand 0: R1", ["hand 0: R1"], 2.5])
def test_a_scenario_that_is_not_text_is_a_type_error(text):
    with pytest.raises(TypeError, match="a scenario is text"):
        plotters.scenario(text)


@pytest.mark.parametrize("function", [parse_action, parse_card, plotters.new_game(4, seed=1).parse_action])
@pytest.mark.parametrize("value", [7, None, b"play R1", ("play", "R1"), Card("red", 1)])
def test_reading_something_that_is_not_text_is_a_type_error(function, value):
    with pytest.raises(TypeError, match="is written as text such as"):
        function(value)


@pytest.mark.parametrize("players, error", [(4.0, TypeError), ("4", TypeError), (True, TypeError), (None, TypeError),
                                            (3, ValueError), (7, ValueError), (-4, ValueError)])
def test_a_wrong_player_count_is_refused_with_a_sentence(players, error):
    with pytest.raises(error, match="Plotters Inc. players must be a whole number from 4 to 6"):
        plotters.new_game(players, seed=1)
    with pytest.raises(error, match="Plotters Inc. players must be a whole number from 4 to 6"):
        deck_for(players)


@pytest.mark.parametrize("seed, error", [("x", TypeError), (1.5, TypeError), (True, TypeError), (-1, ValueError),
                                         (2**64, ValueError)])
def test_a_wrong_seed_is_refused_with_a_sentence(seed, error):
    with pytest.raises(error, match="seed must be a whole number"):
        plotters.new_game(4, seed=seed)
    with pytest.raises(error, match="seed must be a whole number"):
        plotters.scenario(TRICK_EXAMPLE, seed=seed)


@pytest.mark.parametrize("option", [{"golden_joker": "no"}, {"target": 10**9}, {"round": 1}, {"seat": 0}])
def test_plotters_refuses_an_unknown_option_naming_its_own(option):
    with pytest.raises(ValueError, match="unknown option.*Plotters Inc. has: cards_per_player, colours, "
                                         "highest_numbers, colours_in_trick, high_takes, scoring_colours, "
                                         "choose_at, rounds"):
        plotters.new_game(4, seed=1, **option)
    with pytest.raises(ValueError, match="unknown option"):
        plotters.scenario(TRICK_EXAMPLE, seed=1, **option)
    assert dict(plotters.new_game(4, seed=1).setup.variant) == {option.name: option.default for option in SPEC.options}


@pytest.mark.parametrize("seat, error", [(-1, ValueError), (4, ValueError), (1.0, TypeError), ("0", TypeError),
                                         (None, TypeError), (True, TypeError)])
def test_an_unknown_seat_is_refused(seat, error):
    game = plotters.new_game(4, seed=1)
    with pytest.raises(error, match="seat must be a whole number from 0 to 3"):
        game.observation(seat)
    with pytest.raises(error, match="seat must be a whole number from 0 to 3"):
        game.cards_hidden_from(seat)


WRONG_VALUES = [12345, "x", None, 10**5000, [1], 2.5, ("red",), ("purple", 3), Card("red", 1.0), object()]


@pytest.mark.parametrize("phase", [engine.PLAY_PHASE, engine.TAKE_PHASE, engine.KEEP_PHASE])
def test_a_hand_built_action_with_wrong_field_types_is_illegal_and_changes_nothing(phase):
    state = STATES[phase]
    before = (state.to_json(), state.log, state.position())
    legal = state.legal_actions()[0]
    field = dataclasses.fields(legal)[0].name
    wrong = WRONG_VALUES + (["blue+red", ["blue", "red"], ("red", "blue"), ("blue", "blue"), ("blue",)]
                            if phase == engine.KEEP_PHASE else [])
    for value in wrong:
        broken = object.__new__(type(legal))
        object.__setattr__(broken, field, value)
        with pytest.raises(IllegalAction):
            state.apply(broken)
    for stranger in (None, 7, "play", ("play", "R10"), Deal, object()):
        with pytest.raises((IllegalAction, ParseError)):
            state.apply(stranger)
    assert (state.to_json(), state.log, state.position()) == before


# ---------------------------------------------------------------- what a scenario may set up

DISCARD_BEFORE_KEEPING = TRICK_EXAMPLE + "open 1: R1 B1\ndiscard 1: Y1\n"
KEPT_NOTHING_OF_GREEN = TRICK_EXAMPLE + "open 1: R1\ndiscard 1: B1 Y1\nkeep 1: red+green\n"
DISCARDED_A_KEPT_COLOUR = TRICK_EXAMPLE + "open 1: R1 G9\ndiscard 1: B1 Y1 R2\nkeep 1: red+green\n"
NO_CARD_OF_A_DROPPED_COLOUR = TRICK_EXAMPLE + "open 1: R1 G9\ndiscard 1: B1\nkeep 1: red+green\n"
FOUR_OPEN_COLOURS = TRICK_EXAMPLE + "open 1: R1 G9 B1 Y1\n"
HUGE_SCORES = TRICK_EXAMPLE + "round: 3\nscores: 0 0 0 0 883\n"


@pytest.mark.parametrize("text, where, exception", [
    (DISCARD_BEFORE_KEEPING, "line 9 (discard 1)", "impossible collection"),
    (KEPT_NOTHING_OF_GREEN, "line 8 (open 1)", "impossible collection"),
    (DISCARDED_A_KEPT_COLOUR, "line 9 (discard 1)", "impossible collection"),
    (NO_CARD_OF_A_DROPPED_COLOUR, "line 9 (discard 1)", "impossible collection"),
    (FOUR_OPEN_COLOURS, "line 8 (open 1)", "impossible collection"),
    (HUGE_SCORES, "line 9 (scores)", "impossible scores"),
])
def test_a_scenario_against_the_rules_needs_an_allow_line(text, where, exception):
    with pytest.raises(ParseError, match=f"write 'allow: {exception}'") as refused:
        plotters.scenario(text, seed=1)
    assert refused.value.where == where
    other = next(name for name in SCENARIO_EXCEPTIONS if name != exception)
    with pytest.raises(ParseError, match=f"allow: {exception}"):
        plotters.scenario(text + f"allow: {other}", seed=1)
    allowed = plotters.scenario(text + f"allow: {exception}", seed=1)
    assert allowed.legal_actions() and load_json(allowed.to_json()) == allowed
    assert plotters.scenario(text + f"ALLOW:  {other.upper()}, {exception}", seed=1) == allowed


def test_an_allowed_impossible_collection_plays_on_and_scores():
    game = plotters.scenario(TRICK_EXAMPLE + "open 3: R1 G9 B1 Y1\nallow: impossible collection", seed=1)
    assert game.round_score(3) == 0   # four open colours: 1 × 1, divided by the other two cards
    game = run(game, "play R10", "play Y6", "play R14", "play B2", "play Y16", "take R14", "take R10", "take Y16")
    assert game.phase == engine.KEEP_PHASE and game.current_player == 3  # Low took cards: now he chooses
    assert run(game, "keep blue+yellow").round_score(3) == 2 * 2 // 2   # B1 B2, Y1 Y6; R1 and G9 divide


def test_an_unknown_allow_is_refused_naming_the_exceptions():
    with pytest.raises(ParseError, match="among: impossible collection, impossible scores"):
        plotters.scenario(TRICK_EXAMPLE + "allow: no legal move", seed=1)


# ---------------------------------------------------------------- one test per bug of the issue


def test_states_are_made_by_derive_and_cache_only_in_cached_properties():
    state = plotters.new_game(4, seed=2)
    params = type(state).__dataclass_params__
    assert params.frozen and not params.eq and "__slots__" not in vars(type(state))
    assert not [name for name in ("_memo", "_with", "_replaced") if hasattr(state, name)]
    first = state.legal_actions()[0]
    assert state.current_player == 1 and state.history == () and len(state.log) == 1
    caches = set(vars(state)) - {field.name for field in dataclasses.fields(state)}
    assert caches == {"_current_player", "_legal_actions", "_history", "log"}   # the rules: looked up, not kept
    assert all(isinstance(vars(type(state))[name], cached_property) for name in caches)
    later = state.apply(first)
    assert not caches & set(vars(later)) and not caches & set(vars(state.derive()))
    assert later.history == (first,) and len(later.log) == 2


def test_the_moves_are_core_s_play_and_deal_and_plotters_own_take_and_keep():
    assert plotters.Play is Play and plotters.Deal is Deal and parse_action("deal") is DEAL
    assert {type(action) for state in STATES.values() for action in state.legal_actions()} == {Play, Take, Keep, Deal}
    assert parse_action("play R14") == Play(parse_card("R14")) and str(Play(parse_card("R14"))) == "play R14"


def test_the_collector_bot_takes_a_seed_and_reads_the_new_observation():
    bot = SPEC.bot("heuristic", 5)
    assert isinstance(bot, HeuristicBot) and bot.seed == 5
    state = STATES[engine.TAKE_PHASE]
    assert state.observation(2)["picked"] == (2,)  # High took the red 14, the third card played
    while state.phase == engine.TAKE_PHASE:
        action = bot.choose(state)
        assert action in state.legal_actions()
        state = state.apply(action)
    # with the red 14 taken, red 10 and blue 2 make 2 × 1 (as red 10 and yellow 6 would) and leave Low
    # the two yellows, a single colour that scores nothing; the blue 2 first, as it scores at once
    assert [str(action) for action in state.history[-3:]] == ["take R14", "take B2", "take R10"]
    assert HeuristicBot(1).choose(STATES[engine.KEEP_PHASE]) == HeuristicBot(2).choose(STATES[engine.KEEP_PHASE])


@pytest.mark.parametrize("allow", ["", "allow: impossible collection, impossible scores"])
def test_a_scenario_never_sets_up_a_player_to_move_with_no_legal_move(allow):
    blocked = "dealer: 3\ntrick: R1 Y1 B1\nhand 0: R2\nhand 1: Y2\nhand 2: B2\nhand 3: G1 G2\n" + allow
    with pytest.raises(ParseError, match="player 3 could not play"):
        plotters.scenario(blocked)
    with pytest.raises(ParseError, match="same number of cards"):
        plotters.scenario("hand 0:\nhand 1:\nhand 2:\nhand 3:\n" + allow)


@pytest.mark.parametrize("text, where", [
    (TRICK_EXAMPLE.replace("dealer: 4", "dealer: ²"), "line 2 (dealer)"),
    (TRICK_EXAMPLE.replace("dealer: 4", "dealer: " + "9" * 5000), "line 2 (dealer)"),
    (TRICK_EXAMPLE + "round: ٣", "line 8 (round)"),
    (TRICK_EXAMPLE + "round: 2\nscores: 1 2 3 4 １", "line 9 (scores)"),
    (TRICK_EXAMPLE + "round: 2\nscores: 1 2 3 4 " + "5" * 5000, "line 9 (scores)"),
    (TRICK_EXAMPLE.replace("hand 4", "hand ٤"), "line 7"),
    (TRICK_EXAMPLE.replace("hand 4", "hand " + "4" * 5000), "line 7"),
    (TRICK_EXAMPLE.replace("Y16", "Y" + "1" * 5000), "line 7 (hand 4)"),
    (TRICK_EXAMPLE.replace("Y16", "Y１６"), "line 7 (hand 4)"),
])
def test_scenario_numbers_are_whole_numbers_in_digits_0_to_9(text, where):
    with pytest.raises(ParseError, match="digits") as refused:
        guarded(plotters.scenario, text)
    assert refused.value.where == where


def test_a_card_number_of_thousands_of_digits_is_a_parse_error_not_a_value_error():
    with pytest.raises(ParseError, match="5000 digits"):
        parse_card("R" + "9" * 5000)


def test_a_hand_built_play_of_a_plain_tuple_is_refused_unchanged():
    state = STATES[engine.PLAY_PHASE]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a plotters action; write one as text"):
        state.apply(Play(("yellow", 6)))
    assert state.to_json() == before and state.apply("play Y6").log[-1] == "Player 1 plays yellow 6."


def test_the_cards_a_scenario_leaves_out_stay_in_the_game_into_the_next_round():
    start = plotters.scenario("dealer: 3\nhand 0: R5\nhand 1: Y9\nhand 2: R2\nhand 3: B7", seed=3)
    assert start.cards_in_game() == Counter(deck_for(4))
    states = run(start, "play R5", "play Y9", "play R2", "play B7", "take Y9", "take B7", "deal").states()
    assert all(state.cards_in_game() == start.cards_in_game() for state in states)
    assert len(start.left_out) == 52 and states[-1].left_out == ()


class Anything:
    """Equal to everything: the oddest object a hand-built action may hold."""

    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("phase", [engine.PLAY_PHASE, engine.TAKE_PHASE, engine.KEEP_PHASE])
def test_a_hand_built_action_equal_to_a_legal_one_but_not_the_same_move_is_refused(phase):
    state = STATES[phase]
    first = state.legal_actions()[0]
    field = dataclasses.fields(first)[0].name
    for value in (Anything(), (Anything(), Anything()), Card(Anything(), Anything())):
        odd = object.__new__(type(first))
        object.__setattr__(odd, field, value)
        with pytest.raises(IllegalAction, match="not a plotters action"):
            state.apply(odd)
        assert state.legal_actions()[0] is first


def test_a_scenario_line_given_twice_is_refused_on_its_second_line():
    with pytest.raises(ParseError, match="given twice") as caught:
        plotters.scenario("hand 0: R1\nhand 0: R2", seed=0)
    assert caught.value.where == "line 2"
