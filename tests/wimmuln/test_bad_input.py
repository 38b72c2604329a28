"""Wimmüln: bad input never escapes as anything but a clear error.

Scenario texts and action texts are fuzzed (hypothesis) and tried with numbers of thousands of
digits, Unicode digits and 100 kB of adversarial spacing and punctuation. Every call goes through
``guarded`` (``tests/guard.py``): a parser that backtracks or is quadratic fails. Text
either reads or raises ParseError; a move read from text may also be IllegalAction. Misuse of
the Python API raises TypeError or ValueError with a sentence. Then one test per bug the issue
found in this game.
"""

import ast
import inspect
from collections import Counter

import pytest
from guard import guarded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import DEAL, IllegalAction, ParseError, Play, play_out
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import Card, Estimate, Open, card, parse_action, parse_card
from plateau_lab.games.wimmuln.engine import ESTIMATE, OPEN, OVER, PLAY, ROUND_OVER

from .test_rules import SAME_NUMBER, TRUMPS, estimated, full_round

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def states_of_every_phase():
    """A state in each phase: the dealer's choice, estimates, trick play, between rounds, over."""
    lesson = wimmuln.scenario(TRUMPS, seed=1)
    between = full_round(lesson)
    return {OPEN: wimmuln.scenario(SAME_NUMBER, seed=1), ESTIMATE: lesson, PLAY: estimated(lesson).apply("play 7 red"),
            ROUND_OVER: between, OVER: full_round(wimmuln.scenario(TRUMPS, seed=1, rounds=1))}


STATES = states_of_every_phase()


def reads_or_parse_error(function, text):
    """``function(text)`` under the guard: its result, or None when it raised ParseError saying where and what."""
    try:
        return guarded(function, text)
    except ParseError as err:
        assert err.where and err.what and len(str(err)) < 400
        return None


def moves_or_refuses(state, text):
    """``state.apply(text)`` under the guard: the new state, or None for ParseError or IllegalAction."""
    before = (state.to_json(), state.log, state.position())
    try:
        return guarded(state.apply, text)
    except (ParseError, IllegalAction) as err:
        assert len(str(err)) < 4000
        assert (state.to_json(), state.log, state.position()) == before
        return None


# --- fuzzing the texts -----------------------------------------------------------------------

WORDS = ["hand 0:", "hand 1:", "hand 2:", "hand 3:", "hand 00:", "hand ²:", "shown:", "dealer:", "scores:",
         "colours:", "allow:", "short deal", "scores past the target", " 3 red", " 7 blue,", " 7 blue", " red 7",
         "²", "٣", "１", " 1", " 0 ", "9" * 30, "#", "\n", "\r\n", ":", ",", " ", "\t", "\u3000", "x", "over",
         "red blue green", "199 5 0", "lay", "play", "open", "deal"]
ACTION_WORDS = ["lay", "play", "open", "deal", "over", "OVER", "7", "red", "Red", "blue", "1", "0", "9", "10",
                "²", "٣", "１", "-1", " ", "\t", "\u00a0", ",", ":", "#", "\n", "🂡", "ß", "İ"]

LESSON_LINES = [line for line in TRUMPS.splitlines() if line.strip()]


@FUZZ
@given(st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=40))
def test_any_scenario_text_is_read_or_refused_with_a_parse_error(parts):
    state = reads_or_parse_error(lambda text: wimmuln.scenario(text, seed=1), "".join(parts))
    if state is not None:
        assert state.hand_size >= 3 and state.legal_actions()


@FUZZ
@given(st.lists(st.sampled_from(LESSON_LINES), min_size=1, max_size=12), st.text(max_size=20), st.integers(0, 11))
def test_the_lesson_scenario_with_lines_moved_dropped_or_spoiled_is_read_or_refused(lines, noise, at):
    lines = list(lines)
    lines.insert(at % (len(lines) + 1), noise)
    state = reads_or_parse_error(lambda text: wimmuln.scenario(text, seed=1), "\n".join(lines))
    if state is not None:
        assert state.cards_in_game() == Counter(wimmuln.deck(state.colours))


@FUZZ
@given(st.lists(st.sampled_from(ACTION_WORDS) | st.text(max_size=6), max_size=12).map(" ".join))
def test_any_action_text_is_read_or_refused_with_a_parse_error(text):
    action = reads_or_parse_error(parse_action, text)
    if action is not None:
        assert parse_action(str(action)) == action


@FUZZ
@given(phase=st.sampled_from(sorted(STATES)),
       text=st.lists(st.sampled_from(ACTION_WORDS) | st.text(max_size=6), max_size=10).map(" ".join))
def test_any_action_text_in_any_phase_moves_or_is_refused(phase, text):
    moves_or_refuses(STATES[phase], text)


@FUZZ
@given(phase=st.sampled_from(sorted(STATES)), data=st.data())
def test_every_written_action_of_any_phase_moves_or_is_refused_in_every_phase(phase, data):
    every = [action for state in STATES.values() for action in state.legal_actions()] + [DEAL]
    text = str(data.draw(st.sampled_from(every)))
    spaced = data.draw(st.sampled_from([text, text.upper(), "  " + text.replace(" ", " \t ") + "\n"]))
    moved = moves_or_refuses(STATES[phase], spaced)
    assert (moved is not None) == (parse_action(spaced) in STATES[phase].legal_actions())


# --- huge and strange inputs -----------------------------------------------------------------

HUGE_ACTIONS = [
    "lay " + " " * 100_000 + "x", "play " + " " * 100_000 + "7 red", "," * 100_000, ":" * 50_000,
    "play " + "9" * 5000 + " red", "open red " + "7" * 5000, "lay 1 red over " * 10_000, "lay" + " over" * 20_000,
    "play " + "7 red " * 20_000, "deal" * 25_000, "deal " + "deal " * 20_000, "play ² red", "play ٣ red",
    "play １ red", "play 7 red" + "\u200b" * 50_000, "\n" * 100_000, "#" * 100_000, "play " + "-" * 100_000,
    "open " + "red " * 25_000, "lay " + "7 red over " * 5_000 + "7 red",
]

HUGE_SCENARIOS = [
    "," * 100_000, ":" * 50_000, "hand 0:" + " 1" * 30_000, "hand 0: " + "7 red, " * 15_000,
    "hand " + "9" * 5000 + ": 1 red", "hand ²: 1 red", "hand ١: 1 red", "hand １: 1 red",
    TRUMPS + "scores: " + "9" * 5000 + " 0 0", TRUMPS + "scores: " + "1 " * 50_000, TRUMPS + "dealer: " + "0" * 5000,
    TRUMPS + "dealer: ²", TRUMPS.replace("allow: short deal", "allow: " + "short deal, " * 8_000),
    TRUMPS.replace("colours: red blue green", "colours: " + "red " * 25_000),
    TRUMPS.replace("shown: 5 red, 3 blue", "shown: " + "5 red, " * 15_000),
    TRUMPS.replace("9 blue", "9 blue" + " " * 100_000), "\n" * 100_000, "#" * 100_000, "allow" * 20_000,
    "hand 0" + " " * 100_000 + ":", "lead " + " " * 100_000 + "x", "scores:" + "\t" * 100_000,
    "\n".join(f"hand {seat}: 1 red" for seat in range(20_000)),
]


@pytest.mark.parametrize("text", HUGE_ACTIONS, ids=range(len(HUGE_ACTIONS)))
def test_huge_or_strange_action_texts_are_refused_guarded(text):
    reads_or_parse_error(parse_action, text)
    for state in STATES.values():
        moves_or_refuses(state, text)


@pytest.mark.parametrize("text", HUGE_SCENARIOS, ids=range(len(HUGE_SCENARIOS)))
def test_huge_or_strange_scenarios_are_read_or_refused_guarded(text):
    reads_or_parse_error(lambda scenario: wimmuln.scenario(scenario, seed=1), text)


@pytest.mark.parametrize("text", ["7 ² red", "² red", "٣ red", "１ red", "red １", "9" * 5000 + " red",
                                  "-1 red", "+7 red", "7.0 red", "0x7 red", "7_0 red"])
def test_cards_are_numbered_in_ascii_digits_only(text):
    with pytest.raises(ParseError):
        guarded(parse_card, text)


# --- misuse of the Python API ----------------------------------------------------------------

@pytest.mark.parametrize("value", [42, None, 7.5, b"play 7 red", ["play 7 red"], card(7, "red")])
def test_parsers_refuse_what_is_not_text_with_a_type_error(value):
    for parser in (parse_action, parse_card, wimmuln.scenario):
        with pytest.raises(TypeError, match="text"):
            parser(value)


@pytest.mark.parametrize("value", [42, None, 7.5, b"play 7 red", card(7, "red"), ("play", "7 red")])
def test_apply_refuses_what_is_not_an_action_as_illegal_changing_nothing(value):
    state = STATES[PLAY]
    before = (state.to_json(), state.position())
    with pytest.raises(IllegalAction, match="a move of this game"):
        state.apply(value)
    assert (state.to_json(), state.position()) == before


@pytest.mark.parametrize("action", [Play("7 red"), Play(7), Play(None), Open("7 red"), Open(card(7, "red").number),
                                    Estimate("7 red", card(1, "red")), Estimate(card(7, "red"), None),
                                    Play((card(7, "red"),))])
def test_a_hand_built_action_with_wrong_field_types_is_illegal_and_changes_nothing(action):
    for state in STATES.values():
        before = (state.to_json(), state.log, state.position(), state.current_player)
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert (state.to_json(), state.log, state.position(), state.current_player) == before


def test_a_card_with_wrong_field_types_cannot_be_made():
    for fields, error in [(("red", 7), TypeError), ((0, 7.0), TypeError), ((True, 7), TypeError),
                          ((5, 7), ValueError), ((0, 10), ValueError), ((-1, 3), ValueError)]:
        with pytest.raises(error, match="a card is Card"):
            Card(*fields)


@pytest.mark.parametrize("seat, error", [(-1, ValueError), (4, ValueError), (1.0, TypeError), ("0", TypeError),
                                         (None, TypeError), (True, TypeError)])
def test_an_unknown_seat_is_refused(seat, error):
    state = wimmuln.new_game(4, seed=1)
    with pytest.raises(error, match="seat must be a whole number from 0 to 3"):
        state.observation(seat)
    with pytest.raises(error, match="seat must be a whole number from 0 to 3"):
        state.cards_hidden_from(seat)


@pytest.mark.parametrize("seed, error", [("x", TypeError), (1.0, TypeError), (-1, ValueError), (2**64, ValueError),
                                         (True, TypeError)])
def test_a_bad_seed_is_refused(seed, error):
    with pytest.raises(error, match="seed must be a whole number"):
        wimmuln.new_game(4, seed=seed)
    with pytest.raises(error, match="seed must be a whole number"):
        wimmuln.scenario(TRUMPS, seed=seed)


@pytest.mark.parametrize("players, error", [(4.0, TypeError), ("4", TypeError), (True, TypeError), (2, ValueError),
                                            (7, ValueError), (10**100, ValueError)])
def test_a_bad_player_count_is_refused(players, error):
    with pytest.raises(error, match="Wimmüln players must be a whole number from 3 to 6"):
        wimmuln.new_game(players, seed=1)


@pytest.mark.parametrize("option, error", [
    ({"target": "no"}, TypeError), ({"target": False}, TypeError), ({"rounds": "no"}, TypeError),
    ({"rounds": 2.0}, TypeError), ({"target": 0}, ValueError), ({"target": 1001}, ValueError),
    ({"target": 10**9}, ValueError), ({"rounds": 0}, ValueError), ({"rounds": 101}, ValueError),
    ({"rounds": -1}, ValueError), ({"trumps": "red"}, ValueError),
])
def test_bad_options_are_refused_with_a_sentence(option, error):
    with pytest.raises(error, match="must be a whole number from 1 to|unknown option"):
        wimmuln.new_game(4, seed=1, **option)
    with pytest.raises(error, match="must be a whole number from 1 to|unknown option"):
        wimmuln.scenario(TRUMPS, seed=1, **option)


RULEBOOK_OPTIONS = {"target": 200, "rounds": None, "colours_removed": None, "hand_size": None, "trump_card": "lower",
                    "lower_bonus": 5, "higher_bonus": 10, "face_up_times": 2, "pair_bonus": 25,
                    "triangles": (1, 0, 1, 1, 1, 1, 2, 2, 1, 0), "numbers": (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)}


def test_every_option_is_stored_with_its_default():
    assert wimmuln.new_game(4, seed=1, rounds=3).setup.variant == dict(RULEBOOK_OPTIONS, rounds=3)
    assert wimmuln.scenario(TRUMPS, seed=1).setup.variant == RULEBOOK_OPTIONS


# --- scenario exceptions ---------------------------------------------------------------------

WITHOUT_ALLOW = TRUMPS.replace("allow: short deal\n", "")


def test_a_short_deal_is_refused_unless_allowed():
    with pytest.raises(ParseError, match="write 'allow: short deal'") as err:
        wimmuln.scenario(WITHOUT_ALLOW, seed=1)
    assert err.value.where == "hands"
    state = wimmuln.scenario(WITHOUT_ALLOW + "allow: short deal\n", seed=1)
    assert state.hand_size == 5 and len(state.aside) == 36 - 15
    assert state.cards_in_game() == Counter(wimmuln.deck(state.colours))


def test_scores_past_the_target_are_refused_unless_allowed():
    scores = "scores: 10 250 0\n"
    with pytest.raises(ParseError, match="write 'allow: scores past the target'"):
        wimmuln.scenario(TRUMPS + scores, seed=1)
    with pytest.raises(ParseError, match="reached the target"):
        wimmuln.scenario(TRUMPS + "scores: 10 40 0\n", seed=1, target=40)
    allowed = TRUMPS.replace("allow: short deal", "allow: scores past the target, short deal") + scores
    final = full_round(wimmuln.scenario(allowed, seed=1))
    assert final.is_over and final.scores == (25, 250, 4)


def test_a_full_deal_needs_no_allow_line():
    state = wimmuln.new_game(3, seed=2)
    lines = [f"colours: {' '.join(state.colours)}", f"shown: {', '.join(map(str, state.shown))}"]
    dealt = list(state.hands)
    dealt[0] = tuple((Counter(dealt[0]) + Counter(c for _, c in state.trick) - Counter(state.shown)).elements())
    lines += [f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(dealt)]
    again = wimmuln.scenario("\n".join(lines), seed=2)
    assert again == state and again.aside == ()


def test_the_scenario_docstring_documents_its_format_and_exceptions():
    doc = inspect.getdoc(wimmuln.scenario)
    assert all(name in doc for name in wimmuln.SCENARIO_EXCEPTIONS) and "allow:" in doc


# --- one test per bug the issue found --------------------------------------------------------

def test_the_deck_s_twin_cards_may_be_written_twice_but_not_three_times():
    two = TRUMPS.replace("hand 1: 7 red, 1 red,", "hand 1: 7 red, 7 red,").replace("6 red, 0 red", "6 red, 1 red")
    assert wimmuln.scenario(two, seed=1).hands[1].count(card(7, "red")) == 2
    with pytest.raises(ParseError, match="7 red is written 3 times"):
        wimmuln.scenario(two.replace("2 red, 9 blue", "7 red, 9 blue"), seed=1)
    with pytest.raises(ParseError, match="5 red is written twice"):
        wimmuln.scenario(TRUMPS.replace("6 red, 0 red", "6 red, 5 red"), seed=1)


def test_estimate_cards_and_other_hands_never_leak_into_an_observation():
    from plateau_lab.lab.consistency import cards_in

    for players in (3, 4, 5, 6):
        final = play_out(wimmuln.new_game(players, seed=players, rounds=2), [RandomBot(s) for s in range(players)])
        for state in final.states():
            every = state.cards_in_game()
            assert every == Counter(wimmuln.deck(state.colours))
            for seat in range(players):
                seen = state.observation(seat)
                assert all(isinstance(c, Card) for c in seen["hand"]) and seen["hand"] == state.hands[seat]
                on_the_table = {key: value for key, value in seen.items() if key != "legal_actions"}
                assert not cards_in(on_the_table, Card) + state.cards_hidden_from(seat) - every


def test_the_top_cards_are_hidden_until_all_have_laid_and_the_bottoms_until_the_score():
    state = wimmuln.scenario(TRUMPS, seed=1).apply("lay 2 blue over 4 green")
    assert state.observation(0)["estimates"][1] == {"top": "hidden", "bottom": "hidden"}
    assert state.cards_hidden_from(0)[card(2, "blue")] == 1
    state = estimated(wimmuln.scenario(TRUMPS, seed=1))
    assert state.observation(0)["estimates"][1] == {"top": card(2, "blue"), "bottom": "hidden"}
    assert state.cards_hidden_from(0)[card(2, "blue")] == 0 and state.cards_hidden_from(0)[card(4, "green")] == 1
    over = full_round(wimmuln.scenario(TRUMPS, seed=1))
    assert over.observation(0)["estimates"][1] == {"top": card(2, "blue"), "bottom": card(4, "green")}
    assert over.cards_hidden_from(0) == Counter(over.aside)      # only the cards the short deal set aside


def test_cached_legal_actions_and_player_are_not_carried_to_the_next_state():
    state = wimmuln.scenario(TRUMPS, seed=1)
    assert state.legal_actions() and state.current_player == 1
    after = state.apply("lay 2 blue over 4 green")
    assert after.current_player == 2 and after.legal_actions() != state.legal_actions()
    assert "_legal_actions" not in after.derive().__dict__


def test_states_compare_by_position_not_by_history_or_log():
    lesson = wimmuln.scenario(TRUMPS, seed=1)
    state = lesson.apply("lay 2 blue over 4 green")
    same = lesson.derive(**{name: getattr(state, name) for name in ("hands", "estimates", "phase")})
    assert same == state and hash(same) == hash(state) and same.history != state.history
    assert state != lesson


def test_the_engine_uses_the_shared_play_and_deal_moves():
    from plateau_lab import core

    assert wimmuln.Play is core.Play and wimmuln.Deal is core.Deal and wimmuln.DEAL is core.DEAL
    assert parse_action("play 7 red") == core.Play(card(7, "red")) and parse_action("deal") is core.DEAL


def test_the_engine_makes_states_only_with_derive():
    from plateau_lab.games.wimmuln import engine

    source = inspect.getsource(engine)
    for private_way in ("replace(", "_with(", "_replaced(", "_evolve", "object.__new__", "__dict__[", "_memo"):
        assert private_way not in source, private_way


def test_no_parser_uses_a_regular_expression_or_isdigit():
    from plateau_lab.games.wimmuln import cards, engine

    for module in (cards, engine):
        source = inspect.getsource(module)
        assert "import re" not in source and ".isdigit()" not in source
        calls = {node.func.id for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert "int" not in calls      # numbers in text are read with core.parse_whole


def test_a_scenario_line_given_twice_is_refused_on_its_second_line():
    with pytest.raises(ParseError, match="given twice") as caught:
        wimmuln.scenario("hand 0: 1 red, 2 red, 3 red\nhand 0: 4 red, 5 red, 6 red", seed=0)
    assert caught.value.where == "line 2"
