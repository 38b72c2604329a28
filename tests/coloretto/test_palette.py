"""Colour is never the only cue in Coloretto (issue 43, clause 3; moved from tests/test_palette.py,
which checks every game's palette for colour-blind eyes from its presets)."""

from plateau_lab.games.coloretto import render
from plateau_lab.games.coloretto.cards import COLOURS, parse_card
from svg_text import symbols_of, words_of


def test_each_colour_has_its_word_and_its_own_symbol():
    symbols = set()
    for colour in COLOURS:
        svg = render.card_picture(parse_card(colour)).svg()
        assert colour in words_of(svg)
        symbols.update(symbols_of(svg))
    assert len(symbols) == len(COLOURS)
