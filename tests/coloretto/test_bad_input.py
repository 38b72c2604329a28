"""Coloretto: bad input never escapes as anything but a clear error, and never hangs.

Scenario and action texts are fuzzed (any text, plausible lines with wrong values, numbers of
thousands of digits, Unicode digits, 100 kB of white space and punctuation); every call goes
through ``guarded`` (``tests/guard.py``) and must succeed or raise ParseError. Misuse of
the Python API raises TypeError or ValueError with a sentence. The last tests pin the bugs this
engine had: states made outside ``derive`` with a hand-kept cache, a fast playout importing private
names, and observations that gave cards as text.
"""

import ast
import dataclasses
import inspect
from collections import Counter
from functools import partial

import pytest
from guard import guarded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import IllegalAction, ParseError, load_json
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import engine, fast
from plateau_lab.games.coloretto.scenario import SCENARIO_EXCEPTIONS
from plateau_lab.games.coloretto.cards import parse_card, parse_cards

SIX_COLOURS = "blue, brown, green, grey, orange, pink"
ROUND = f"players: 3\ncolours: {SIX_COLOURS}\n"


def scenario(text, **variant):
    return coloretto.scenario(text, seed=0, **variant)


def read_or_parse_error(function, *args):
    """``function(*args)`` under the guard (tests/guard.py): its value, or None after a ParseError saying where and what."""
    try:
        return guarded(function, *args)
    except ParseError as err:
        assert err.where and err.what and len(str(err)) < 1000
        return None


def a_game_under_way(moves=7, seed=3):
    state = coloretto.new_game(3, seed=seed)
    bots = [RandomBot(seat) for seat in range(3)]
    for _ in range(moves):
        state = state.apply(bots[state.current_player].choose(state))
    return state


# ---------------------------------------------------------------- any text


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_is_a_scenario_or_a_parse_error(text):
    read_or_parse_error(scenario, text)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_is_an_action_a_card_or_a_parse_error(text):
    for parse in (coloretto.parse_action, parse_card, lambda words: parse_cards(words, where="test")):
        read_or_parse_error(parse, text)


KEYS = ["players", "colours", "turn", "round", "last round", "drawn", "sat out", "supply", "row 1", "row 3",
        "row 4", "row 6", "player 0", "player 2", "player 5", "allow", "Row  2", "PLAYER 1", "", "row", "player x"]
VALUES = st.one_of(
    st.sampled_from(["3", "2", "5", "0", "1", "-", "taken", "yes", "no", "maybe", "blue", "blue, blue", "+2",
                     "joker, joker, joker, joker", "golden joker", "last round", "pink, last round", "any supply",
                     "any supply, any supply", "free lunch", SIX_COLOURS, "9" * 5000, "²", "٣", "１", "0, 0",
                     ", , ,", "blue,,pink", " ", "77", "78", "-1", "1.0"]),
    st.text(max_size=20),
)
LINES = st.tuples(st.sampled_from(KEYS), st.sampled_from([":", ": ", " :", "", "::"]), VALUES).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, max_size=10), st.booleans(), st.sampled_from(["brown", "grey"]))
def test_any_scenario_of_plausible_lines_is_a_playable_position_or_a_parse_error(lines, golden, scoring):
    state = read_or_parse_error(partial(scenario, golden_joker=golden, scoring=scoring), "\n".join(lines))
    if state is not None:
        assert state.legal_actions() and not state.is_over
        assert load_json(state.to_json()) == state
        assert state.apply(state.legal_actions()[0]) != state


GOOD_VALUES = {
    "players": ["3"], "colours": [SIX_COLOURS], "turn": ["0", "1", "2"], "round": ["1", "2", "77"],
    "last round": ["no", "yes", "No"], "drawn": ["pink", "+2", "joker"], "sat out": ["-", "1", "2"],
    "row 1": ["blue", "-", "taken", "+2, +2, +2"], "row 2": ["pink, joker", "taken"], "row 3": ["green", ""],
    "player 0": ["blue, blue", "joker, +2"], "player 1": ["orange"], "supply": ["pink, last round", "-", "blue"],
    "allow": ["any supply"],
}
# Good lines, up to two of them spoilt: many of these scenarios are playable positions.
GOOD_POSITIONS = st.fixed_dictionaries({key: st.sampled_from(good) if key in ("players", "colours", "turn")
                                        else st.none() | st.sampled_from(good) for key, good in GOOD_VALUES.items()})
SPOILT = st.lists(st.tuples(st.sampled_from(list(GOOD_VALUES)), VALUES), max_size=2)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(GOOD_POSITIONS, SPOILT, st.booleans())
def test_any_position_of_good_and_wrong_lines_is_playable_or_a_parse_error(position, spoilt, golden):
    position.update(spoilt)
    text = "\n".join(f"{key}: {value}" for key, value in position.items() if value is not None)
    state = read_or_parse_error(partial(scenario, golden_joker=golden), text)
    if state is not None:
        assert state.legal_actions() and not state.is_over
        assert load_json(state.to_json()) == state
        assert state.cards_in_game() == Counter(coloretto.deck(state.colours, golden_joker=golden)
                                                + (parse_card("last round"),))


ACTION_WORDS = st.sampled_from(["draw", "place", "take", "row", "Row", "DRAW", "1", "2", "5", "6", "0", "²", "٣",
                                "１", "-1", "+1", "1.0", "9" * 5000, "row1", "", ",", ":"])


@settings(max_examples=400, deadline=None)
@given(st.lists(ACTION_WORDS, max_size=5), st.sampled_from([" ", "  ", "\t", "\n", "\u00a0", ""]))
def test_any_action_text_is_applied_refused_as_illegal_or_a_parse_error(words, space):
    state = a_game_under_way()
    text = space.join(words)
    try:
        after = guarded(state.apply, text)
    except IllegalAction as err:
        assert err.rule and err.reason
    except ParseError as err:
        assert err.where == "action" and err.what
    else:
        assert after.history[-1] in state.legal_actions()


# ---------------------------------------------------------------- long and strange input


HUGE_NUMBER = "9" * 5000
LONG_TEXTS = [
    "take row " + HUGE_NUMBER, "place row " + HUGE_NUMBER, "lead " + " " * 100_000 + "x", "," * 100_000,
    ":" * 50_000, "hand 0:" + " 1" * 30_000, " " * 100_000 + "drew", "\u00a0" * 50_000 + "take", "+" * 100_000,
    "take row" + " " * 100_000 + "²", "\n" * 100_000, "#" * 100_000, "draw " * 20_000,
]


@pytest.mark.parametrize("text", LONG_TEXTS, ids=lambda text: f"{text[:12]!r}…{len(text)}")
def test_long_action_texts_are_read_quickly(text):
    state = a_game_under_way()
    with pytest.raises(ParseError) as caught:
        guarded(state.apply, text)
    assert len(str(caught.value)) < 300


def test_white_space_around_an_action_is_ignored_however_long():
    state = a_game_under_way()
    assert guarded(state.apply, " " * 100_000 + "DRAW " + "\t" * 100_000) == state.apply("draw")


SCENARIO_ATTACKS = [
    "players: " + HUGE_NUMBER, ROUND + "turn: " + HUGE_NUMBER, ROUND + "turn: 0\nround: " + HUGE_NUMBER,
    ROUND + "turn: 0\nrow 1: taken\nsat out: " + HUGE_NUMBER, "row " + HUGE_NUMBER + ": blue\n" + ROUND + "turn: 0",
    ROUND + "turn: 0\nplayer " + "1" * 100_000 + ": blue",
    "," * 100_000, ":" * 50_000, "hand 0:" + " 1" * 30_000, "\n" * 100_000, "#" * 100_000,
    ROUND + "turn: 0\nrow 1:" + " blue," * 20_000, ROUND + "turn: 0\nsupply: " + ", " * 50_000,
    ROUND + "turn: 0\nplayer 0: " + "+2, " * 25_000, "players: 3\nturn: 0\ncolours: " + "," * 100_000,
    f"players: 3\ncolours: {SIX_COLOURS}" + ", blue" * 15_000 + "\nturn: 0",
    ROUND + "turn: 0\nrow 1: taken\nsat out: " + "0, " * 30_000, ROUND + "turn: 0\nallow: " + "," * 100_000,
    ROUND + "turn: 0\nallow: " + "any supply, " * 8_000 + "\nsupply: last round",
    ROUND + "turn: 0\ndrawn: " + "blue, " * 20_000,
    ROUND + "turn: 0\nlast round: " + " " * 100_000 + "yes", ROUND + "turn: 0\n" + "row 1: blue\n" * 10_000,
    ROUND + "turn: 0\nrow 2: " + " " * 100_000 + "taken " * 10_000,
]


@pytest.mark.parametrize("text", SCENARIO_ATTACKS, ids=lambda text: f"{text[:16]!r}…{len(text)}")
def test_long_and_strange_scenarios_are_read_quickly(text):
    read_or_parse_error(scenario, text)


@pytest.mark.parametrize("digit", ["²", "٣", "１", "\u0b67", "Ⅻ"])
@pytest.mark.parametrize("read, template", [
    (scenario, "players: {}"), (scenario, ROUND + "turn: {}"), (scenario, ROUND + "turn: 0\nround: {}"),
    (scenario, ROUND + "turn: 0\nrow 1: taken\nsat out: {}"), (coloretto.parse_action, "take row {}"),
    (coloretto.parse_action, "place row 1{}"),
])
def test_digits_other_than_0_to_9_are_a_parse_error(read, template, digit):
    with pytest.raises(ParseError, match="digits 0-9"):
        guarded(read, template.format(digit))


# ---------------------------------------------------------------- misuse of the Python API


@pytest.mark.parametrize("call, error, words", [
    (lambda: coloretto.new_game(3.0, seed=1), TypeError, "players must be a whole number from 2 to 5"),
    (lambda: coloretto.new_game("3", seed=1), TypeError, "players must be a whole number"),
    (lambda: coloretto.new_game(True, seed=1), TypeError, "players must be a whole number"),
    (lambda: coloretto.new_game(1, seed=1), ValueError, "players must be a whole number from 2 to 5"),
    (lambda: coloretto.new_game(3, seed="x"), TypeError, "seed must be a whole number"),
    (lambda: coloretto.new_game(3, seed=-1), ValueError, "seed must be a whole number"),
    (lambda: coloretto.new_game(3, seed=1, golden_joker="no"), TypeError, "golden_joker must be true or false"),
    (lambda: coloretto.new_game(3, seed=1, golden_joker=1), TypeError, "golden_joker must be true or false"),
    (lambda: coloretto.new_game(3, seed=1, scoring="green"), ValueError, "scoring must be one of 'brown', 'grey'"),
    (lambda: coloretto.new_game(3, seed=1, scoring=7), TypeError, "scoring must be a str"),
    (lambda: coloretto.new_game(3, seed=1, rounds=3), ValueError, "unknown option"),
    (lambda: coloretto.scenario(ROUND + "turn: 0", seed="x"), TypeError, "seed must be a whole number"),
    (lambda: coloretto.scenario(ROUND + "turn: 0", golden_joker="no"), TypeError, "golden_joker must be true"),
    (lambda: coloretto.scenario(ROUND + "turn: 0", colour="blue"), ValueError, "unknown option"),
    (lambda: coloretto.scenario(7), TypeError, "a scenario is text"),
    (lambda: coloretto.scenario(b"players: 3"), TypeError, "a scenario is text"),
    (lambda: coloretto.parse_action(None), TypeError, "an action is written as text"),
    (lambda: coloretto.parse_action(b"draw"), TypeError, "an action is written as text"),
    (lambda: parse_card(7), TypeError, "a card is written as text"),
    (lambda: parse_cards(["blue"], where="test"), TypeError, "cards are written as text"),
    (lambda: coloretto.new_game(3, seed=1).observation(-1), ValueError, "seat must be a whole number from 0 to 2"),
    (lambda: coloretto.new_game(3, seed=1).observation(3), ValueError, "seat must be a whole number from 0 to 2"),
    (lambda: coloretto.new_game(3, seed=1).observation(1.0), TypeError, "seat must be a whole number from 0 to 2"),
    (lambda: coloretto.new_game(3, seed=1).cards_hidden_from(-1), ValueError, "seat must be a whole number"),
    (lambda: coloretto.new_game(3, seed=1).score_breakdown(-1), ValueError, "seat must be a whole number"),
    (lambda: coloretto.new_game(3, seed=1).score_choice(5, [], []), ValueError, "seat must be a whole number"),
])
def test_misuse_of_the_python_api_says_what_is_expected(call, error, words):
    with pytest.raises(error, match=words):
        call()


@pytest.mark.parametrize("wrong", [12345, "x", None, 10**5000, [1], 2.5, 1.0, True, -1, "TAKE"],
                         ids=["12345", "x", "None", "5000 digits", "list", "2.5", "1.0", "True", "-1", "TAKE"])
def test_a_hand_built_action_with_wrong_field_types_is_illegal_and_changes_nothing(wrong):
    state = a_game_under_way(moves=4)   # a player is to draw or take
    snapshot = (state.to_json(), state.log, state.legal_actions(), state.position())
    for action in state.legal_actions():
        for field in dataclasses.fields(action):
            broken = object.__new__(type(action))
            for other in dataclasses.fields(action):
                object.__setattr__(broken, other.name, getattr(action, other.name))
            object.__setattr__(broken, field.name, wrong)
            if broken == action:     # None as the row of ``draw`` is the move itself
                continue
            with pytest.raises(IllegalAction):
                guarded(state.apply, broken)
    for stranger in (None, 7, ("take", 1), coloretto.Action("take", 1.0), coloretto.Action("jump", 0)):
        with pytest.raises(IllegalAction, match="not a coloretto action"):
            state.apply(stranger)
    assert (state.to_json(), state.log, state.legal_actions(), state.position()) == snapshot


def test_a_row_this_game_does_not_have_is_an_illegal_action_not_a_crash():
    state = coloretto.new_game(3, seed=1)
    with pytest.raises(IllegalAction, match="one row card per player"):
        state.apply("take row 5")
    with pytest.raises(IllegalAction, match="one row card per player"):
        state.apply("take row 8")            # a rule set may have up to 8 rows (rules.MOST_ROWS)
    with pytest.raises(ParseError, match="the row number must be from 1 to 8, got 9"):
        state.apply("take row 9")


# ---------------------------------------------------------------- what a scenario may set up


def test_a_supply_the_rules_cannot_reach_needs_allow_any_supply():
    short = ROUND + "turn: 0\nsupply: pink, last round"
    with pytest.raises(ParseError, match="placed nowhere") as caught:
        scenario(short)
    assert caught.value.where == "line 4 (supply)" and "allow: any supply" in caught.value.what
    state = scenario(short + "\nallow: any supply")
    assert state.supply == parse_cards("pink, last round", where="test")
    assert len(state.out_of_game) == 9 * 6 + 10 + 3 - 1     # every card but the pink one
    assert state.cards_in_game() == Counter(coloretto.deck(SIX_COLOURS.split(", ")) + (parse_card("last round"),))


def test_the_last_round_card_lies_above_fifteen_cards_unless_allowed():
    every_card = Counter(coloretto.deck(("blue", "brown", "green", "grey", "orange", "pink")))
    cards = list(every_card.elements())
    for below in (14, 16):
        supply = cards[:len(cards) - below] + ["last round"] + cards[len(cards) - below:]
        text = ROUND + "turn: 0\nsupply: " + ", ".join(map(str, supply))
        with pytest.raises(ParseError, match=f"bottom 15 cards of the supply, not of {below}"):
            scenario(text)
        assert scenario(text + "\nallow: any supply").supply[-below - 1] == parse_card("last round")
    supply = cards[:len(cards) - 15] + ["last round"] + cards[len(cards) - 15:]
    state = scenario(ROUND + "turn: 0\nsupply: " + ", ".join(map(str, supply)))
    assert state.out_of_game == () and len(state.supply) == len(cards) + 1


def test_at_most_fifteen_cards_are_left_once_the_last_round_card_is_drawn_unless_allowed():
    text = ROUND + "turn: 0\nlast round: yes"
    with pytest.raises(ParseError, match="at most 15 cards are left in the supply, not 67") as caught:
        scenario(text)
    assert caught.value.where == "scenario"
    assert len(scenario(text + "\nallow: any supply").supply) == 67


def test_what_the_rules_forbid_is_refused_even_with_allow():
    forbidden = [
        ("turn: 0\nrow 1: blue, blue, blue\nrow 2: pink, pink, pink\nrow 3: grey, grey, grey\ndrawn: green",
         "line 7 (drawn)", "would have no legal move"),
        ("turn: 0\nrow 1: blue, blue, blue, blue", "line 4 (row 1)", "holds at most 3"),
        ("turn: 0\nrow 1: taken", "scenario", "1 row taken but 0 players"),
        ("turn: 0\nrow 1: taken\nsat out: 0", "line 3 (turn)", "cannot act"),
        ("turn: 0\nrow 1: taken\nrow 2: taken\nrow 3: taken\nsat out: 0, 1, 2", "line 7 (sat out)",
         "round would be over"),
        ("turn: 0\nsupply: blue", "line 4 (supply)", "'last round' card must be in the supply"),
        ("turn: 0\nlast round: yes\nsupply: last round", "line 5 (supply)", "drawn and set aside"),
        ("turn: 0\nplayer 1: golden joker", "line 4 (player 1)", "only with the option golden_joker=True"),
        ("turn: 0\nplayer 1: yellow", "line 4 (player 1)", "not a colour in play"),
        ("turn: 0\nplayer 1: " + "blue, " * 10, "line 4 (player 1)", "blue is written 10 times"),
        ("turn: 0\nrow 1: joker\nplayer 0: joker, joker, joker", "line 5 (player 0)", "joker is written 4 times"),
        ("turn: 0\ndrawn: blue, pink", "line 4 (drawn)", "one card at a time"),
        ("turn: 0\ndrawn: last round", "line 4 (drawn)", "can only be in the supply"),
    ]
    for lines, where, what in forbidden:
        for allow in ("", "\nallow: any supply"):
            with pytest.raises(ParseError) as caught:
                scenario(ROUND + lines + allow)
            assert (caught.value.where, what in caught.value.what) == (where, True), lines


def test_only_the_declared_exceptions_may_be_allowed():
    assert SCENARIO_EXCEPTIONS == ("any supply",)
    for allow in ("free lunch", "", "any supply, free lunch"):
        with pytest.raises(ParseError, match="among: any supply") as caught:
            scenario(ROUND + f"turn: 0\nallow: {allow}")
        assert caught.value.where == "line 4"


# ---------------------------------------------------------------- the bugs this engine had


def test_states_are_made_by_derive_and_cache_only_with_cached_property():
    source = inspect.getsource(engine)
    for trick in ("object.__new__", "_with(", "dataclasses.replace", "__dict__[", "_memo"):
        assert trick not in source, trick
    state = a_game_under_way()
    state.legal_actions()
    twin = state.derive()
    assert "_legal_actions" in vars(state) and "_legal_actions" not in vars(twin)   # derive carries no cache
    assert twin == state and hash(twin) == hash(state) and twin.legal_actions() == state.legal_actions()
    assert state.derive(log=(), _history=()) == state    # the history and the log are not the position
    assert state.derive(turn=(state.turn + 1) % 3) != state


def test_the_fast_playout_imports_no_private_name():
    tree = ast.parse(inspect.getsource(fast))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names]
    assert imported and not [name for name in imported if name.rsplit(".", 1)[-1].startswith("_")]
    private_attributes = [node.attr for node in ast.walk(tree)
                          if isinstance(node, ast.Attribute) and node.attr.startswith("_")]
    assert not private_attributes
    assert all(hasattr(fast, name) for name in fast.__all__)


def test_observations_hold_card_objects_and_never_the_supply():
    state = coloretto.scenario(ROUND + "turn: 1\nplayer 0: blue, joker\nrow 2: pink, +2\nrow 3: taken\n"
                               "sat out: 2\ndrawn: green", seed=0)
    for seat in range(3):
        seen = state.observation(seat)
        assert seen["hand"] == () and seen["hand_sizes"] == (0, 0, 0)
        assert seen["drawn"] == parse_card("green") and seen["rows"][1] == parse_cards("pink, +2", where="t")
        assert seen["collections"][0] == parse_cards("blue, joker", where="t") and seen["rows"][2] is None
        assert seen["supply_count"] == len(state.supply) and state.cards_hidden_from(seat) == Counter(state.supply)
        texts = [value for value in seen.values() if isinstance(value, str)]
        assert texts == ["coloretto", "brown"]    # the game and the scoring table: no card as text


def test_a_scenario_line_given_twice_is_refused_on_its_second_line():
    with pytest.raises(ParseError, match="given twice") as caught:
        coloretto.scenario("players: 3\nplayers: 4", seed=0)
    assert caught.value.where == "line 2"
