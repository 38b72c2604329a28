"""Bad input never escapes the board as anything but a clear error.

The board's texts (a layout ``TOKEN(q,r) …``, a counter diagram, a formation's name) are fuzzed
with hypothesis and tried with 100 kB of adversarial white space and punctuation, numbers of
thousands of digits and Unicode digits. Every text is read in bounded processor time (``tests/guard.py``)
and either read or refused with a ParseError saying where and what. Python values of the wrong
type or out of bounds are a TypeError or ValueError saying what is expected.
"""

import functools
import json
import re

import pytest
from guard import guarded
from hypothesis import given, settings
from hypothesis import strategies as st

from plateau_lab.core import ParseError, load_json
from plateau_lab.hexboard import (
    CELLS,
    DECLARERS,
    OPPONENTS,
    Board,
    Formation,
    blockers,
    distance,
    formation_held,
    layout_text,
    official_layout,
    parse_counters,
    parse_layout,
    random_layout,
    sides_of,
    still_possible,
    token_kind,
)
from plateau_lab.hexboard import fast

OFFICIAL = layout_text(official_layout(4))
DIAGRAM = Board.official(4).with_counters(declarers=[(0, 0), (1, -3)], opponents=[(0, 3)]).diagram()
MESSAGE_LIMIT = 1000    # a refusal names the place, never echoes 100 kB of input


def read_or_refuse(parse, text, **keywords):
    """``parse(text)`` under the guard: its answer, or None for a ParseError saying where and what."""
    try:
        return guarded(functools.partial(parse, **keywords), text)
    except ParseError as err:
        assert err.where and err.what
        assert len(str(err)) < MESSAGE_LIMIT, str(err)[:200]
        return None


def check_layout(text, **keywords):
    layout = read_or_refuse(parse_layout, text, **keywords)
    if layout is not None:
        assert list(layout) == list(CELLS) and len(set(layout.values())) == 37
        assert parse_layout(layout_text(layout)) == layout
    return layout


# --- the inputs that used to hang, and other 100 kB texts --------------------------------------

# The old reader normalised "( q , r )" with a regular expression that backtracked: a 402-character
# text did not finish in a minute, and "(," repeated 400 times took 1.4 s.
HUGE_TEXTS = {
    "402 characters that hung the old reader": "(" + " " * 200 + "," + " " * 200,
    "the same, 100 kB": "(" + " " * 50_000 + "," + " " * 50_000,
    "'(,' repeated": "(," * 50_000,
    "'( ,' repeated": "( ," * 33_000,
    "'(\\t,\\t' repeated": "(\t,\t" * 25_000,
    "open parentheses": "(" * 100_000,
    "close parentheses": ")" * 100_000,
    "commas": "," * 100_000,
    "colons": ":" * 50_000,
    "spaces": " " * 100_000,
    "new lines": "\n" * 100_000,
    "minus signs": "-" * 100_000,
    "a token, 100 kB of space, its cell": "A6" + " " * 100_000 + "(-3,0)",
    "space inside the parentheses": "A6(" + " " * 100_000 + "-3,0)",
    "a 100 kB coordinate": "A6(-" + "3" * 100_000 + ",0)",
    "a 100 kB token": "T" + "1" * 100_000 + "(0,0)",
    "an entry repeated": "A6(-3,0) " * 11_000,
    "tokens without cells": "T1 " * 33_000,
    "a 100 kB word after a good layout": OFFICIAL + " x" + "x" * 100_000,
    "an unclosed entry after a good layout": OFFICIAL + " A6(" + " ," * 50_000,
    "the shared brief's hand": "hand 0:" + " 1" * 30_000,
    "the shared brief's lead": "lead " + " " * 100_000 + "x",
    "Unicode digits": "A6(-" + "٣" * 50_000 + ",0)",
    "a 5,000-digit coordinate": "A6(" + "9" * 5000 + ",0)",
    "two 5,000-digit coordinates": "(" + "9" * 5000 + "," + "9" * 5000 + ")",
}


@pytest.mark.parametrize("text", HUGE_TEXTS.values(), ids=HUGE_TEXTS.keys())
def test_a_huge_or_pathological_layout_text_is_refused_guarded(text):
    assert check_layout(text) is None


def test_a_short_save_file_with_a_pathological_board_is_refused_guarded():
    # the bug as a user met it: a Le Plateau save of about 300 bytes took seconds to refuse
    save = json.dumps({"format": 1, "game": "le_plateau", "players": 4, "seed": 1, "actions": [],
                       "variant": {"board": "(" + " " * 110 + "," + " " * 110}}, separators=(",", ":"))
    assert len(save) < 320
    with pytest.raises(ParseError, match="no closing"):
        guarded(load_json, save)


def test_a_good_layout_padded_with_100_kB_of_white_space_is_read_guarded():
    padding = " \t\n" * 1000
    padded = OFFICIAL.replace("(", padding + "(" + padding).replace(",", padding + "," + padding)
    assert len(padded) > 100_000
    assert check_layout(padded + " " * 100_000) == official_layout(4)


@pytest.mark.parametrize("text", [
    "X " * 50_000, "\n" * 100_000, ". . . .\n" * 12_500, "?" * 100_000,
    DIAGRAM.replace(". . . .", ". . . " + "." * 100_000, 1), DIAGRAM + "X\n" * 50_000,
    DIAGRAM.replace(".", " " * 10_000 + "." + " " * 10_000, 3),
])
def test_a_huge_counter_diagram_is_read_or_refused_guarded(text):
    read_or_refuse(parse_counters, text)


@pytest.mark.parametrize("text", ["Bridge" + " " * 100_000, " " * 100_000 + "five" + " " * 50_000 + "sides",
                                  "Y" * 100_000, "²" * 100_000])
def test_a_huge_formation_name_is_read_or_refused_guarded(text):
    read_or_refuse(Formation.parse, text)


# --- one test per bug --------------------------------------------------------------------------

def test_a_coordinate_of_thousands_of_digits_is_a_parse_error():
    # a bug: int() refused the 5,000 digits with a bare ValueError about Python's digit limit
    with pytest.raises(ParseError, match="the coordinate q has 5000 digits") as caught:
        parse_layout(OFFICIAL.replace("(-3,0)", "(-" + "9" * 5000 + ",0)"))
    assert caught.value.where.startswith("entry 1 'A6(-999")


@pytest.mark.parametrize("digit", ["٣", "３", "𝟑"])
def test_a_unicode_digit_in_a_coordinate_is_a_parse_error(digit):
    # a bug: the regular expression's \d took any Unicode digit, so "(-٣,0)" was read as (-3, 0)
    with pytest.raises(ParseError, match="written in digits 0-9") as caught:
        parse_layout(OFFICIAL.replace("(-3,0)", f"(-{digit},0)"))
    assert caught.value.where == f"entry 1 'A6(-{digit},0)'"


def test_a_unicode_digit_in_a_token_is_an_unknown_token():
    # a bug: "T1٣" was a trick token (int("1٣") is 13), a 38th token next to T13
    with pytest.raises(ValueError, match="unknown token 'T1٣'"):
        token_kind("T1٣")
    with pytest.raises(ParseError, match="unknown token 'T1٣'"):
        parse_layout(OFFICIAL.replace("T13(", "T1٣("))
    with pytest.raises(ValueError, match="unknown token"):
        Board({**official_layout(4), (0, 0): "T1٣"})


def test_letters_that_upper_case_into_a_token_are_not_read_as_that_token():
    for text in ("vſ", "ﬅ"):                # "vſ".upper() == "VS", "ﬅ".upper() == "ST"
        with pytest.raises(ParseError, match="unknown token"):
            parse_layout(OFFICIAL.replace("VS(", f"{text}("))


def test_a_refusal_does_not_echo_a_huge_entry():
    # a bug: the whole 100 kB entry was written into the error's "where"
    with pytest.raises(ParseError) as caught:
        parse_layout("A6(-3,0)" + "x" * 100_000)
    assert len(str(caught.value)) < MESSAGE_LIMIT and caught.value.where.startswith("entry 2 'xxx")


def test_entries_are_separated_by_white_space():
    with pytest.raises(ParseError, match="entries are separated by white space") as caught:
        parse_layout(OFFICIAL.replace(") T10(", ")T10("))
    assert caught.value.where == "entry 2 'T10(-3,1)'"


@pytest.mark.parametrize("text, where, what", [
    ("A6(-3,0", "entry 1 'A6(-3,0'", "no closing ')'"),
    ("A6 -3,0)", "entry 1 'A6-3,0)'", "expected TOKEN"),
    ("(-3,0)", "entry 1 '(-3,0)'", "a token is missing"),
    ("A6 T10(-3,1)", "entry 1 'A6'", "expected TOKEN"),
    ("A6(-3)", "entry 1 'A6(-3)'", "two coordinates"),
    ("A6(-3,0,1)", "entry 1 'A6(-3,0,1)'", "two coordinates"),
    ("A6(- 3,0)", "entry 1 'A6(-3,0)'", "white space after its sign"),
    ("A6(--3,0)", "entry 1 'A6(--3,0)'", "digits 0-9"),
    ("A6(-3,)", "entry 1 'A6(-3,)'", "the coordinate r must be written in digits"),
    ("A6(3 0,0)", "entry 1 'A6(30,0)'", "digits 0-9"),
])
def test_a_malformed_entry_says_which_entry_and_what(text, where, what):
    with pytest.raises(ParseError, match=re.escape(what)) as caught:
        parse_layout(text)
    assert caught.value.where == where


def test_cells_and_teams_of_the_wrong_type_are_refused():
    # a bug: a float cell, a bool team and a cell given as an int got in, or crashed with Python's words
    layout = official_layout(4)
    board = Board(layout).place((1, 0), OPPONENTS)
    for cell in [(0.0, 0), (True, 0), "ab", 5, (0, 0, 0), None]:
        with pytest.raises(TypeError, match=r"a cell is a pair of whole numbers \(q, r\)"):
            board.place(cell, DECLARERS)
        with pytest.raises(TypeError, match="a cell is a pair"):
            Board(layout, {cell: DECLARERS})
    for team in [True, 1.0, "0", None]:
        with pytest.raises(TypeError, match=r"team must be DECLARERS \(0\) or OPPONENTS \(1\)"):
            board.place((0, 0), team)
    with pytest.raises(ValueError, match="team must be"):
        board.place((0, 0), 2)
    assert dict(board.counters) == {(1, 0): OPPONENTS}            # every refusal left the board as it was
    assert Board(layout).place([0, 0], OPPONENTS).counters == {(0, 0): OPPONENTS}
    assert sides_of([3, -3]) == {1, 2}


def test_a_formation_must_be_a_formation():
    # a bug: a formation's name instead of a Formation was a KeyError, or answered None on an empty board
    board = Board.official(4)
    for ask in (formation_held, still_possible, distance, blockers):
        with pytest.raises(TypeError, match="expected a Formation such as Formation.BRIDGE"):
            ask(board, DECLARERS, "Bridge")
    with pytest.raises(TypeError, match="expected a Formation"):
        fast.holds(0, "Bridge")
    with pytest.raises(TypeError, match="expected a Board"):
        formation_held(official_layout(4), DECLARERS, Formation.BRIDGE)
    with pytest.raises(TypeError, match="a formation's name is text"):
        Formation.parse(5)
    assert Formation.parse("  six   SIDES") is Formation.SIX_SIDES


# --- misuse of the Python API ------------------------------------------------------------------

@pytest.mark.parametrize("call, error, message", [
    (lambda: parse_layout(None), TypeError, "a layout is text"),
    (lambda: parse_layout(OFFICIAL.encode()), TypeError, "a layout is text"),
    (lambda: parse_counters(None), TypeError, "a counter diagram is text"),
    (lambda: parse_layout(OFFICIAL, players=4.0), TypeError, "whole number from 2 to 6, not 4.0"),
    (lambda: parse_layout(OFFICIAL, players="4"), TypeError, "whole number from 2 to 6"),
    (lambda: parse_layout(OFFICIAL, players=True), TypeError, "whole number from 2 to 6"),
    (lambda: parse_layout(OFFICIAL, players=7), ValueError, "from 2 to 6, not 7"),
    (lambda: official_layout(4.0), TypeError, "whole number from 2 to 6"),
    (lambda: official_layout(1), ValueError, "from 2 to 6, not 1"),
    (lambda: Board.official(10**5000), ValueError, "from 2 to 6"),
    (lambda: random_layout(seed="x", tricks=13), TypeError, "seed must be a whole number"),
    (lambda: random_layout(seed=-1, tricks=13), ValueError, "seed must be a whole number"),
    (lambda: random_layout(seed=1, tricks=13.0), TypeError, "tricks must be a whole number from 1 to 18"),
    (lambda: random_layout(seed=1, tricks=0), ValueError, "tricks must be a whole number from 1 to 18"),
    (lambda: random_layout(seed=1, tricks=19), ValueError, "tricks must be a whole number from 1 to 18"),
    (lambda: token_kind(7), TypeError, "a token is text"),
    (lambda: Board([("A6", (-3, 0))]), TypeError, "a layout maps every cell"),
    (lambda: Board(official_layout(4), [(0, 0)]), TypeError, "counters map cells"),
    (lambda: Board.official(4).cell_of(["T1"]), TypeError, "a token is text"),
    (lambda: layout_text({}), ValueError, "needs all 37 cells"),
])
def test_misuse_of_the_python_api_says_what_is_expected(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --- fuzzing ---------------------------------------------------------------------------------------

PIECES = ["(", ")", ",", " ", "  ", "\t", "\n", "\u2003", "\x1c", "-", "+", "0", "3", "-3", "19", "9" * 30,
          "²", "٣", "１", "T", "A", "EXC", "RS", "vs", "T13", "A21", "ſ", "ﬀ", "é", "#", ":", "[", "]"]


@st.composite
def mutated(draw, text):
    """``text`` with a few pieces inserted, cut out or put in place of others."""
    for _ in range(draw(st.integers(1, 4))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 12)))
        piece = draw(st.sampled_from(PIECES) | st.text(max_size=6))
        text = text[:start] + piece * draw(st.sampled_from((1, 2, 50, 2000))) + text[end:]
    return text


@settings(max_examples=400, deadline=None)
@given(mutated(OFFICIAL), st.sampled_from((None, 2, 3, 4, 6)))
def test_a_mutated_layout_is_read_or_refused_guarded(text, players):
    check_layout(text, players=players)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60).map("".join) | st.text(max_size=200))
def test_any_text_as_a_layout_is_read_or_refused_guarded(text):
    check_layout(text)


@settings(max_examples=300, deadline=None)
@given(mutated(DIAGRAM) | st.text(alphabet=st.sampled_from(["X", "O", "D", ".", "x", " ", "\n", "?", "²", "Ｘ"]),
                                  max_size=120))
def test_a_mutated_counter_diagram_is_read_or_refused_guarded(text):
    counters = read_or_refuse(parse_counters, text)
    if counters is not None:
        board = Board(official_layout(4), counters)
        assert parse_counters(board.diagram()) == counters


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40) | st.sampled_from([f.value for f in Formation]).flatmap(lambda name: mutated(name)))
def test_any_text_as_a_formation_is_read_or_refused_guarded(text):
    formation = read_or_refuse(Formation.parse, text)
    assert formation is None or " ".join(text.split()).casefold() == formation.value.casefold()
