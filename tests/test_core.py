"""The shared protocol: errors, seeded randomness, saving, pictures."""

import pytest

from plateau_lab import GAME_NAMES, game_module
from plateau_lab.core import IllegalAction, ParseError, parse_choice, seeded_random
from plateau_lab.render import Picture, caption, column, number, row


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
    assert GAME_NAMES[0] == "syndicate"


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


def test_every_game_rejects_a_scenario_line_given_twice():
    texts = {
        "syndicate": "hand 0: Sea\nhand 0: Bard\nhand 1: End\nhand 2: Cave",
        "wimmuln": "hand 0: 1 red, 2 red, 3 red\nhand 0: 4 red, 5 red, 6 red",
        "plotters": "hand 0: R1\nhand 0: R2",
        "coloretto": "players: 3\nplayers: 4",
        "le_plateau": "players: 4\nplayers: 4",
    }
    for name, text in texts.items():
        with pytest.raises(ParseError, match="given twice") as caught:
            game_module(name).scenario(text, seed=0)
        assert caught.value.where == "line 2", name
