"""The shared protocol: errors, seeded randomness, saving, pictures."""

import numpy as np
import pytest

from plateau_lab import GAME_NAMES, game_module, load_json
from plateau_lab.core import IllegalAction, ParseError, game_spec, parse_choice, seeded_random
from plateau_lab.core.render import Picture, caption, column, number, row


def test_illegal_action_says_rule_reason_and_legal_moves():
    err = IllegalAction("play X", rule="follow suit", reason="you hold a heart", legal=["play 5H", "play RH"])
    assert isinstance(err, ValueError)
    assert str(err) == "'play X' is illegal (follow suit): you hold a heart. Legal now: play 5H, play RH"
    assert err.rule == "follow suit" and err.legal == ("play 5H", "play RH")


def test_illegal_action_shortens_very_long_lists():
    err = IllegalAction("x", rule="r", reason="why", legal=range(100))
    assert "(100 in all)" in str(err)


def test_parse_error_says_where_and_what():
    err = ParseError("no card named 'Q'", where="line 3")
    assert str(err) == "line 3: no card named 'Q'" and err.where == "line 3"


def test_parse_choice_ignores_case_and_spacing_and_lists_the_options():
    assert parse_choice("  chance   MEETING ", {"Chance Meeting": 7}, kind="card named", where="w") == 7
    with pytest.raises(ParseError, match="expected one of: A, B"):
        parse_choice("C", {"A": 1, "B": 2}, kind="letter", where="w")


def test_seeded_random_is_private_and_repeatable():
    assert seeded_random(5, "deal").sample(range(50), 5) == seeded_random(5, "deal").sample(range(50), 5)
    assert seeded_random(5, "deal").random() != seeded_random(6, "deal").random()


def test_unknown_game_name():
    with pytest.raises(ValueError, match="no game named 'chess'"):
        game_module("chess")


def test_pictures_line_up_in_rows_and_columns():
    box = Picture.box(10, 20)
    assert (row([box, box], gap=2).width, row([box, box], gap=2).height) == (22, 20)
    assert (column([box, box], gap=2).width, column([box, box], gap=2).height) == (10, 42)
    assert caption(box, "hi").height == 20 + 19
    assert number(2.0) == "2" and number(2.345) == "2.35" and number(0.5) == "0.5"
    assert repr(row([box, box], gap=2)) == "Picture(width=22, height=20)"
    svg = row([box, box]).svg()
    assert svg.count("<rect") == 2 and 'viewBox="0 0 28 20"' in svg


def test_scenario_fields_reject_a_missing_colon_an_unknown_key_and_a_repeated_key():
    from plateau_lab.core import scenario_fields

    known = {"hand 0", "scores"}.__contains__
    assert scenario_fields("# a comment\n  HAND   0 :  Sea ", known=known, expected="x") == {"hand 0": (2, "Sea")}
    for text, where, what in [("hand 0 Sea", "line 1", "expected 'key: value' with hand or scores"),
                              ("colour: red", "line 1", "got 'colour: red'"),
                              ("hand 0: Sea\nhand 0: Bard", "line 2", "given twice (first on line 1)")]:
        with pytest.raises(ParseError) as caught:
            scenario_fields(text, known=known, expected="hand or scores")
        assert caught.value.where == where and what in caught.value.what


# ---------------------------------------------------------------- shared parsing


def test_whole_numbers_are_ascii_digits_of_bounded_length():
    from plateau_lab.core import parse_whole

    assert parse_whole(" 007 ", where="w") == 7
    for text, words in [("²", "digits 0-9"), ("١٢", "digits 0-9"), ("１", "digits 0-9"), ("-3", "digits 0-9"),
                        ("", "digits 0-9"), ("9" * 5000, "5000 digits"), ("12", "from 0 to 9")]:
        with pytest.raises(ParseError, match=words) as caught:
            parse_whole(text, where="line 4", high=9)
        assert caught.value.where == "line 4"


def test_card_lists_check_duplicates_within_and_across_lists_and_allow_the_deck_s_copies():
    from plateau_lab.core import parse_cards

    def read(word, where):
        return word.strip()

    seen = {}
    assert parse_cards("a, b,, c", read, where="hand 0", seen=seen) == ("a", "b", "c")
    with pytest.raises(ParseError, match=r"b is written twice \(also in hand 0\)") as caught:
        parse_cards("d b", read, where="hand 1", separator=None, seen=seen)
    assert caught.value.where == "hand 1"
    two_copies = {}
    assert parse_cards("7, 7", read, where="h", seen=two_copies, copies=lambda card: 2) == ("7", "7")
    with pytest.raises(ParseError, match="written 3 times"):
        parse_cards("7", read, where="t", seen=two_copies, copies=lambda card: 2)


def test_booleans_are_words_not_truthiness():
    from plateau_lab.core import parse_bool

    assert [parse_bool(word, where="w") for word in ("true", " YES", "on", "false", "No", "off")] == [
        True, True, True, False, False, False]
    for word in ("", "1", "maybe", "nope"):
        with pytest.raises(ParseError, match="true or false"):
            parse_bool(word, where="w")


def test_a_scenario_sets_up_what_the_rules_forbid_only_by_saying_so():
    from plateau_lab.core import allows, scenario_fields

    text = "hand 0: Sea\nallow: Low  Bid"
    fields = scenario_fields(text, known={"hand 0"}.__contains__, expected="hand 0", exceptions=("low bid",))
    assert allows(fields, "low bid") and not allows(fields, "game over")
    with pytest.raises(ParseError, match="among: low bid") as caught:
        scenario_fields("allow: anything", known={"hand 0"}.__contains__, expected="hand 0", exceptions=("low bid",))
    assert caught.value.where == "line 1"
    with pytest.raises(ParseError, match="expected 'key: value'"):
        scenario_fields("allow: low bid", known={"hand 0"}.__contains__, expected="hand 0")
    with pytest.raises(TypeError, match="a scenario is text"):
        scenario_fields(["hand 0: Sea"], known={"hand 0"}.__contains__, expected="hand 0")


def test_options_check_type_bounds_and_choices_with_a_sentence():
    from plateau_lab.core import Option

    scoring = Option("scoring", "brown", str, "which table", choices=("brown", "grey"))
    assert scoring.validate("grey") == "grey"
    with pytest.raises(ValueError, match="scoring must be one of 'brown', 'grey', not 'red'"):
        scoring.validate("red")
    with pytest.raises(TypeError, match="scoring must be a str, not 7"):
        scoring.validate(7)
    rounds = Option("rounds", None, int, "at most", low=1, high=100, none=True)
    assert rounds.validate(None) is None and rounds.validate(3) == 3
    with pytest.raises(TypeError, match="rounds must be a whole number from 1 to 100, not True"):
        rounds.validate(True)


def test_a_rule_may_be_a_table_of_whole_numbers_bounded_in_length_and_values():
    from plateau_lab.core import Option

    def rising(table):
        if any(later < earlier for earlier, later in zip(table, table[1:])):
            raise ValueError(f"bonus must never fall, not {table}")
        return table

    bonus = Option("bonus", (0, 10, 20), tuple, "points per trick", low=0, high=50, shortest=2, longest=4,
                   check=rising)
    assert bonus.validate([0, 5, 5]) == (0, 5, 5)
    assert bonus.validate((np.int64(1), 2)) == (1, 2) and type(bonus.validate((np.int64(1), 2))[0]) is int
    with pytest.raises(ValueError, match=r"bonus must be a table of 2 to 4 whole numbers, not \(1,\)"):
        bonus.validate([1])
    with pytest.raises(ValueError, match="bonus must be a table of whole numbers from 0 to 50: its number 3 is 51"):
        bonus.validate((0, 1, 51))
    with pytest.raises(TypeError, match="bonus must be a table of whole numbers from 0 to 50: its number 1 is True"):
        bonus.validate((True, 1))
    with pytest.raises(TypeError, match=r"bonus must be a table of whole numbers \(a tuple or a list\), not 7"):
        bonus.validate(7)
    with pytest.raises(ValueError, match=r"bonus must never fall, not \(3, 1\)"):
        bonus.validate([3, 1])
    assert bonus.played_values() == [(0, 10, 20)]
    assert Option("bonus", (1, 2), tuple, "", low=0, high=9, shortest=1, longest=3, none=True).played_values() \
        == [(1, 2), None]
    assert Option("rows", None, int, "", low=2, high=8, none=True, played=(None, 5)).played_values() == [None, 5]


def whole_number_changes(spec):
    """Each whole-number rule of ``spec`` with the first value it plays other than the rulebook's."""
    return [(option.name, next(value for value in option.played_values() if value != option.default))
            for option in spec.options
            if option.kind is int and not option.choices and len(option.played_values()) > 1]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_rule_set_s_name_is_standard_its_changes_or_its_own(name):
    from plateau_lab.core import Setup, rule_set_name

    spec = game_spec(name)
    changes = whole_number_changes(spec)
    if not changes:
        pytest.skip(f"{spec.title} has no whole-number rule")
    (first, value), *_ = changes
    rulebook = {option.name: option.default for option in spec.options}
    assert rule_set_name(name, {}) == "standard" == rule_set_name(name, {first: rulebook[first]})
    written = {rule: changed for rule, changed in reversed(changes[:2])}             # given in another order
    assert rule_set_name(name, written) == ", ".join(f"{rule.replace('_', ' ')} {changed}"   # the game's order
                                                     for rule, changed in changes[:2])
    assert rule_set_name(spec, {first: value, "rules_name": "short"}) == "short"
    with pytest.raises(ValueError, match="unknown option"):
        rule_set_name(name, {"no_such_rule": 3})
    players = spec.default_players
    assert Setup(name, players, 1, {first: value}).rules == f"{first.replace('_', ' ')} {value}"
    assert Setup(name, players, 1, {first: value}, rules_name="quick") == Setup(name, players, 1, {first: value})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_save_carries_its_rule_set_s_name_and_loading_restores_it(name):
    import json

    spec = game_spec(name)
    players, variant = spec.short
    state = spec.new_game(players, seed=4, **variant)
    state = state.apply(state.legal_actions()[0])
    save = json.loads(state.to_json())
    assert save["rules"] == state.setup.rules == spec.rule_set_name(variant)
    named = spec.new_game(players, seed=4, rules_name="our house rules", **variant)
    named = named.apply(named.legal_actions()[0])
    again = load_json(named.to_json())
    assert again == named and again.setup.rules == "our house rules" and again.setup.rules_name == "our house rules"
    del save["rules"]                                  # a save from before rule sets had names
    old = load_json(json.dumps(save))
    assert old == state and old.setup.rules == spec.rule_set_name(variant) and old.setup.rules_name is None


def test_the_shared_moves_read_back():
    from plateau_lab.core import DEAL, Play, parse_play

    assert str(Play("R14")) == "play R14" and str(DEAL) == "deal"
    assert parse_play("Play  R14", lambda word, where: word, where="w") == Play("R14")
    assert parse_play("take R14", lambda word, where: word, where="w") is None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_numpy_integers_are_whole_numbers_for_seeds_players_and_options(name):
    """A seed or a player count read back from a simulation table is a numpy integer."""
    spec = game_spec(name)
    players, variant = spec.short
    numpy_variant = {key: np.int64(value) if isinstance(value, int) and not isinstance(value, bool) else value
                     for key, value in variant.items()}
    state = spec.new_game(np.int64(players), seed=np.uint32(7), **numpy_variant)
    assert state == spec.new_game(players, seed=7, **variant)
    assert type(state.setup.seed) is int and type(state.players) is int
    assert all(type(value) is not np.int64 for value in state.setup.variant.values())
    assert load_json(state.to_json()) == state
    state.observation(np.int64(0))
