"""The Syndicate: bad input never escapes as anything but a clear error.

Scenario and action texts are fuzzed (any text, Unicode digits, numbers of thousands of digits,
100 kB of spaces and punctuation): each call must succeed or raise ParseError, in bounded
processor time (``tests/guard.py``). Misuse of the Python API raises TypeError or ValueError with a sentence.
Then one test per bug the audit found, and the scenario's exceptions (``allow:``).
"""

import itertools
import json
import random
from functools import partial

import pytest
from guard import guarded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import IllegalAction, ParseError, load_json, play_out
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import fast
from plateau_lab.games.syndicate.cards import DECK, parse_card
from plateau_lab.games.syndicate.engine import HAND_LIMIT, Lead, enforcers_of
from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO

GOOD = EXAMPLE_SCENARIO   # a position play reaches: 5, 2 and 3 cards, mastermind 0
scenario_seeded = partial(syndicate.scenario, seed=0)


def scenario_or_parse_error(text):
    try:
        return guarded(scenario_seeded, text)
    except ParseError as err:
        assert err.where and err.what
        return None


def action_or_parse_error(state, text):
    """``state.apply(text)``: a new state, or None after a ParseError or an IllegalAction."""
    try:
        return guarded(state.apply, text)
    except ParseError as err:
        assert err.where and err.what
    except IllegalAction as err:
        assert err.rule and err.reason
    return None


# ------------------------------------------------------------------ fuzzing the texts

card_names = st.sampled_from([card.name for card in DECK])
noise = st.sampled_from(["", " ", "  ", "\t", ",", ":", "+", "-", "#", "\n", "²", "٣", "１", "\u00a0", "9" * 30,
                         "face", "down", "lead", "play", "allow", "hand 0", "scores"])
line_keys = st.sampled_from(["hand 0", "hand 1", "hand 2", "mastermind", "scores", "draw", "discards", "turn",
                             "allow", "Hand  1", "colour", ""])


@st.composite
def scenario_texts(draw):
    """Lines ``key: value`` made of card names, numbers and noise: mostly nonsense, some positions."""
    lines = []
    for _ in range(draw(st.integers(0, 9))):
        key = draw(line_keys)
        parts = draw(st.lists(st.one_of(card_names, noise, st.integers(0, 20).map(str)), max_size=6))
        separator = draw(st.sampled_from([", ", ",", " ", " , "]))
        lines.append(f"{key}{draw(st.sampled_from([':', ': ', ' : ', '']))}{separator.join(parts)}")
    return "\n".join(lines)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=300), scenario_texts()))
def test_any_scenario_text_is_a_position_or_a_parse_error(text):
    state = scenario_or_parse_error(text)
    if state is not None:
        assert state.is_over or state.legal_actions()


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    st.tuples(st.sampled_from(["lead ", "play ", "LEAD", "lead  "]), card_names, noise,
              st.sampled_from(["", " + face down ", "+face-down", " + ", " + facedown ", "+ face - down "]),
              card_names).map("".join),
))
def test_any_action_text_is_a_move_or_a_clear_refusal(text):
    state = syndicate.scenario(GOOD, seed=0)
    after = action_or_parse_error(state, text)
    if after is not None:
        assert syndicate.parse_action(str(after.history[-1])) == after.history[-1]
    assert state == syndicate.scenario(GOOD, seed=0) and not state.history


not_text = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=20),
                    st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=5), st.integers()))


@settings(max_examples=100, deadline=None)
@given(not_text)
def test_anything_but_text_is_refused_with_a_sentence(value):
    with pytest.raises(TypeError, match="a scenario is text"):
        syndicate.scenario(value, seed=0)
    with pytest.raises(TypeError, match="an action is text"):
        syndicate.parse_action(value)
    state = syndicate.scenario(GOOD, seed=0)
    with pytest.raises(IllegalAction, match="not a syndicate action"):
        state.apply(value)


HUGE = [
    " " * 100_000, "," * 100_000, ":" * 50_000, "+" * 100_000, "#" * 100_000, "\n" * 100_000,
    "\u00a0" * 50_000, "9" * 5_000, "²" * 1_000,
]


@pytest.mark.parametrize("text", [
    "lead " + " " * 100_000 + "x",
    "lead Diplomat" + " " * 100_000 + "+",
    "lead Diplomat +" + " face" * 20_000,
    "lead Diplomat + face" + " -" * 50_000 + " up Author",
    "lead " + "Diplomat + " * 10_000,
    "play " + "9" * 5_000,
    "play ² ",
    " " * 100_000 + "play",
    *HUGE,
])
def test_long_and_strange_action_texts_are_parse_errors_guarded(text):
    with pytest.raises(ParseError) as caught:
        guarded(syndicate.parse_action, text)
    assert caught.value.where == "action"
    with pytest.raises(ParseError):
        guarded(syndicate.scenario(GOOD, seed=0).apply, text)


@pytest.mark.parametrize("text", [
    "hand 0:" + " 1" * 30_000,
    "hand 0: " + ", " * 50_000 + "Sea\nhand 1: Bard\nhand 2: Cave",
    GOOD.replace("Desert", "Desert" + " ," * 50_000 + " Dragon"),
    GOOD.replace("Pact", "Pact, " + " " * 100_000 + "Pact"),
    "mastermind: " + "9" * 5_000,
    "turn: " + "9" * 5_000,
    "scores: " + "9" * 5_000 + " 1 2",
    "scores: " + "1 " * 50_000,
    "allow: " + "hand sizes, " * 10_000 + "x",
    "allow: " + "," * 100_000,
    *HUGE,
    *(GOOD + "turn: " + line for line in HUGE),
])
def test_long_and_strange_scenarios_are_parse_errors_guarded(text):
    with pytest.raises(ParseError):
        guarded(scenario_seeded, text)


def test_a_scenario_of_100_kb_of_comments_and_blank_lines_is_read_in_linear_time():
    text = GOOD + ("# a comment, with: punctuation\n\n" * 4_000)
    assert len(text) > 100_000
    assert guarded(scenario_seeded, text) == syndicate.scenario(GOOD, seed=0)


# ------------------------------------------------------------------ the bugs the audit found


@pytest.mark.parametrize("old, new, where", [
    ("mastermind: 0", "mastermind: ²", "line 1 (mastermind)"),
    ("mastermind: 0", "mastermind: ٣", "line 1 (mastermind)"),
    ("scores: 3 5 2", "scores: 1 ² 3", "line 2 (scores)"),
    ("scores: 3 5 2", "scores: ١٢ 0 0", "line 2 (scores)"),
    ("discards:", "turn: １\ndiscards:", "line 7 (turn)"),
])
def test_unicode_digits_in_a_scenario_are_a_parse_error_not_a_crash(old, new, where):
    text = GOOD.replace(old, new)
    with pytest.raises(ParseError, match="digits 0-9") as caught:
        syndicate.scenario(text, seed=0)
    assert caught.value.where == where


def test_reading_a_lead_takes_linear_time():
    # The old regular expression backtracked: a lead with many spaces took quadratic time.
    for text in ("lead " + " " * 100_000 + "x", "lead x" + " " * 100_000 + "+ face down", "lead + " * 20_000):
        with pytest.raises(ParseError):
            guarded(syndicate.parse_action, text)
    expected = Lead(parse_card("Diplomat"), parse_card("Author"))
    for text in ("  lead " + " " * 100_000 + "Diplomat" + " " * 100_000 + "+ face  down\t" + " " * 100_000 + "Author",
                 "lead Diplomat + face" + " -" * 50_000 + " down Author"):
        assert guarded(syndicate.parse_action, text) == expected


@pytest.mark.parametrize("target", [0, 51, 10**9, -1])
def test_a_target_beyond_the_bounds_is_refused_everywhere(target):
    from plateau_lab.lab.simulate import simulate

    for make in (lambda: syndicate.new_game(3, seed=1, target=target),
                 lambda: syndicate.scenario(GOOD, seed=1, target=target),
                 lambda: fast.play_fast(3, 1, [1, 2, 3], {"target": target}),
                 lambda: simulate("syndicate", 1, variant={"target": target}, workers=1, progress=False)):
        with pytest.raises(ValueError, match="target must be a whole number from 1 to 50"):
            make()


def test_the_highest_target_still_ends():
    assert play_out(syndicate.new_game(3, seed=2, target=50), [RandomBot(s) for s in range(3)]).is_over
    assert max(fast.play_fast(3, 2, [0, 1, 2], {"target": 50}).scores) >= 50


def test_a_scenario_that_could_leave_a_player_without_a_card_is_refused():
    # The audit's position: each enforcer answers with his only card, the next mastermind draws,
    # and then the enforcer who must answer first holds nothing while the game goes on.
    stuck = "hand 0: Castle, Author\nhand 1: Darkness\nhand 2: Cave"
    with pytest.raises(ParseError, match="could be left to answer with no card") as caught:
        syndicate.scenario(stuck, seed=0)
    assert caught.value.where == "line 1 (hand 0)"
    with pytest.raises(ParseError, match="could be left to answer with no card"):
        syndicate.scenario(stuck + "\nallow: hand sizes", seed=0)     # never allowed
    for text, where in [("hand 0: Sea, Bard, Cave, Mill\nhand 1: Pact\nhand 2: End", "line 3 (hand 2)"),
                        ("hand 0: Sea, Bard, Cave, Mill\nhand 1: \nhand 2: End, Pact", "line 2 (hand 1)"),
                        ("hand 0: Sea, Bard, Cave\nhand 1: Pact\nhand 2: End, Mill", "line 1 (hand 0)"),
                        ("mastermind: 1\nhand 1: Sea, Bard, Cave\nhand 2: Pact\nhand 0: End, Mill", "line 2 (hand 1)")]:
        with pytest.raises(ParseError, match="could be left to answer with no card") as caught:
            syndicate.scenario(text + "\nallow: hand sizes", seed=0)
        assert caught.value.where == where


def _can_get_stuck(sizes, mastermind, turns=6):
    """Whether some choice of leads (one card or two) leaves a player who must play with no card,
    by hand sizes alone: the mastermind leads, both enforcers answer, the next one draws to five."""
    if sizes[mastermind] == 0:
        return True
    for led in (1, 2) if sizes[mastermind] >= 2 else (1,):
        after = list(sizes)
        after[mastermind] -= led
        for enforcer in enforcers_of(mastermind):
            if after[enforcer] == 0:
                return True
            after[enforcer] -= 1
        following = (mastermind + 1) % 3
        after[following] = max(after[following], HAND_LIMIT)
        if turns > 1 and _can_get_stuck(after, following, turns - 1):
            return True
    return False


def test_exactly_the_hand_sizes_that_can_never_get_stuck_are_accepted():
    names = [card.name for card in DECK]
    for sizes in itertools.product(range(HAND_LIMIT + 2), repeat=3):
        for mastermind in range(3):
            cards = iter(names)
            hands = "\n".join(f"hand {seat}: {', '.join(next(cards) for _ in range(sizes[seat]))}" for seat in range(3))
            text = f"{hands}\nmastermind: {mastermind}\nallow: hand sizes"
            accepted = scenario_or_parse_error(text) is not None
            assert accepted == (max(sizes) <= HAND_LIMIT and not _can_get_stuck(sizes, mastermind)), (sizes, mastermind)


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 2))
def test_no_accepted_scenario_ever_leaves_the_player_to_move_without_a_move(rng, mastermind):
    cards = list(DECK)
    rng.shuffle(cards)
    sizes = [rng.randint(0, HAND_LIMIT) for _ in range(3)]
    hands, start = [], 0
    for size in sizes:
        hands.append(cards[start:start + size])
        start += size
    text = "\n".join(f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(hands))
    state = scenario_or_parse_error(f"{text}\nmastermind: {mastermind}\nallow: hand sizes")
    if state is None:
        return
    greedy = random.Random(rng.random())
    for _ in range(60):                                # many turns, leading two cards whenever possible
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal, f"player {state.current_player} has no move in a game that goes on"
        two = [action for action in legal if getattr(action, "face_down", None)]
        state = state.apply(greedy.choice(two or legal))


def test_scores_that_already_end_the_game_are_refused_unless_allowed():
    over = GOOD.replace("scores: 3 5 2", "scores: 3 12 2")
    with pytest.raises(ParseError, match="already end the game") as caught:
        syndicate.scenario(over, seed=0)
    assert caught.value.where == "line 2 (scores)"
    with pytest.raises(ParseError, match="already end the game"):
        syndicate.scenario(GOOD, seed=0, target=5)
    assert not syndicate.scenario(GOOD.replace("scores: 3 5 2", "scores: 12 12 2"), seed=0).is_over  # tied: on


def test_a_finished_scenario_is_a_proper_finished_game():
    over = GOOD.replace("scores: 3 5 2", "scores: 3 12 2") + "allow: game over\n"
    state = syndicate.scenario(over, seed=0)
    assert state.is_over and state.current_player is None and state.legal_actions() == ()
    assert state.winners == (1,) and state.scores == (3, 12, 2)
    assert "player 1 wins" in state.log[0]
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("lead Diplomat")
    assert load_json(state.to_json()) == state
    assert all(state.observation(seat)["legal_actions"] == () for seat in range(3))
    assert state.to_svg().startswith("<svg")
    short = "hand 0: Sea\nhand 1:\nhand 2: Bard\nscores: 12 3 4\nallow: game over"
    assert syndicate.scenario(short, seed=0).winners == (0,)        # nobody moves again: any hands up to five
    with pytest.raises(ParseError, match="nobody ever holds more than 5"):
        syndicate.scenario(short.replace("hand 1:", "hand 1: Cave, Mill, Pact, End, Desert, Author"), seed=0)


@pytest.mark.parametrize("text, where", [
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nmastermind: " + "1" * 5000, "line 4 (mastermind)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nturn: " + "1" * 5000, "line 4 (turn)"),
    ("hand 0: Diplomat\nhand 1: Sea\nhand 2: Bard\nscores: 1 " + "2" * 5000 + " 3", "line 4 (scores)"),
])
def test_numbers_of_thousands_of_digits_are_parse_errors_saying_where(text, where):
    with pytest.raises(ParseError, match="5000 digits") as caught:
        guarded(scenario_seeded, text)
    assert caught.value.where == where
    with pytest.raises(ParseError, match="no card named") as caught:
        guarded(syndicate.parse_action, "play " + "7" * 5000)
    assert caught.value.where == "action"


# ------------------------------------------------------------------ the scenario's exceptions


def test_hand_sizes_that_play_never_leaves_need_allow():
    four = GOOD.replace("Huntress", "")                        # the mastermind holds four cards
    with pytest.raises(ParseError, match="play never leaves hands of 4, 2 and 3 cards") as caught:
        syndicate.scenario(four, seed=0)
    assert caught.value.where == "line 3 (hand 0)"
    allowed = syndicate.scenario(four + "allow: hand sizes\n", seed=0)
    assert [len(hand) for hand in allowed.hands] == [4, 2, 3] and len(allowed.legal_actions()) == 16
    with pytest.raises(ParseError, match="'allow:' names what the scenario sets up against the rules"):
        syndicate.scenario(four + "allow: short hands\n", seed=0)


def test_every_hand_size_play_reaches_needs_no_allow():
    game = syndicate.new_game(3, seed=3)
    for state in play_out(game, [RandomBot(s) for s in range(3)]).states():
        if state.table is None and not state.is_over:
            lines = [f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(state.hands)]
            lines += [f"mastermind: {state.mastermind}", f"scores: {' '.join(map(str, state.scores))}"]
            again = syndicate.scenario("\n".join(lines), seed=0)
            assert again.legal_actions() == state.legal_actions()


# ------------------------------------------------------------------ misusing the Python API


def test_wrong_python_types_are_refused_with_a_sentence():
    state = syndicate.scenario(GOOD, seed=0)
    for seat in (-1, 3, 1.0, "0", None):
        with pytest.raises((TypeError, ValueError), match="seat must be a whole number from 0 to 2"):
            state.observation(seat)
        with pytest.raises((TypeError, ValueError), match="seat must be a whole number from 0 to 2"):
            state.cards_hidden_from(seat)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        syndicate.new_game(3, seed="x")
    with pytest.raises(TypeError, match="seed must be a whole number"):
        syndicate.scenario(GOOD, seed="x")
    with pytest.raises(TypeError, match="players must be a whole number"):
        syndicate.new_game(3.0, seed=1)
    with pytest.raises(ValueError, match="exactly 3"):
        syndicate.new_game(2, seed=1)
    for target in ("no", "12", 12.0, True):
        with pytest.raises(TypeError, match="target must be a whole number"):
            syndicate.new_game(3, seed=1, target=target)
    with pytest.raises(ValueError, match="unknown option"):
        syndicate.new_game(3, seed=1, golden_joker=False)
    with pytest.raises(TypeError, match="a scenario is text"):
        syndicate.scenario(["hand 0: Sea"], seed=0)
    with pytest.raises(TypeError, match="an action is text"):
        syndicate.parse_action(7)
    with pytest.raises(TypeError, match="a card is named by text"):
        parse_card(None)


def test_hand_built_actions_with_wrong_field_types_are_illegal_and_change_nothing():
    state = syndicate.scenario(GOOD, seed=0)
    before = (state.to_json(), state.log, state.hands)
    diplomat = parse_card("Diplomat")
    for broken in (Lead("Diplomat"), Lead(diplomat, "Author"), Lead(12345), Lead(diplomat, 10**5000),
                   Lead(None), Lead([1]), Lead(diplomat, diplomat), syndicate.Play("Diplomat"),
                   syndicate.Play(diplomat), "lead", 7, None):
        with pytest.raises((IllegalAction, ParseError)):
            state.apply(broken)
    assert (state.to_json(), state.log, state.hands) == before
    assert json.loads(state.to_json())["actions"] == []


def test_a_scenario_line_given_twice_is_refused_on_its_second_line():
    with pytest.raises(ParseError, match="given twice") as caught:
        syndicate.scenario("hand 0: Sea\nhand 0: Bard\nhand 1: End\nhand 2: Cave", seed=0)
    assert caught.value.where == "line 2"
