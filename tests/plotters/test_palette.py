"""Colour is never the only cue in Plotters Inc. (issue 43, clause 3; moved from tests/test_palette.py,
which checks every game's palette for colour-blind eyes from its presets)."""

from plateau_lab.games.plotters import render
from plateau_lab.games.plotters.cards import parse_card
from svg_text import words_of


def test_each_colour_has_its_initial_on_the_card():
    for colour in render.FILL:
        assert colour[0].upper() in words_of(render.card_picture(parse_card(f"{colour[0].upper()}7")).svg())
