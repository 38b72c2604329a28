"""Colour is never the only cue in Wimmüln (issue 43, clause 3; moved from tests/test_palette.py,
which checks every game's palette for colour-blind eyes from its presets)."""

from plateau_lab.games.wimmuln import render
from plateau_lab.games.wimmuln.cards import card
from svg_text import symbols_of


def test_each_colour_has_its_own_symbol_on_its_cards_large_and_small():
    for width, height in ((render.WIDTH, render.HEIGHT), (28, 42)):
        shapes = [symbols_of(render.card_picture(card(3, colour), width=width, height=height).svg())
                  for colour in render.INKS]
        assert all(len(found) == 1 for found in shapes)
        assert len({found[0] for found in shapes}) == len(render.INKS)
