"""Wimmüln's pictures as a learner reads them (issue 28): a card's back is drawn as a back, with no
letter on it (overlapping backs in a hand read "VVVV"); a round's scores stand in columns, each
number under its heading; the walkthrough's bonus row puts each bonus under its number of tricks."""

import random
import re
import xml.etree.ElementTree as ET

from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import Estimate, card
from plateau_lab.games.wimmuln.engine import ROUND_OVER
from plateau_lab.games.wimmuln.render import back_picture, centre_picture, cross_picture, hand_picture, state_picture
from plateau_lab.ui.walkthroughs.wimmuln import bonus_row_html

SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[ET.Element]:
    return list(ET.fromstring(svg).iter(f"{SVG}text"))


def round_over(seed: int = 3):
    """A 4-player game played at random to the end of its first round."""
    state, rng = wimmuln.new_game(4, seed=seed), random.Random(seed)
    while state.phase != ROUND_OVER:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_a_back_has_no_letter_on_it_but_a_pattern():
    for size in ({}, {"width": 28, "height": 42}):
        back = back_picture(**size).svg()
        assert texts(back) == []
        assert "<path" in back                                     # the lattice of a card's back
    hidden = hand_picture([card(n, "red") for n in range(1, 8)], hidden=True).svg()
    assert texts(hidden) == []
    cross = Estimate(card(3, "red"), card(7, "blue"))
    assert texts(cross_picture(cross, show_top=False, show_bottom=False).svg()) == []


def test_no_back_in_the_table_picture_shows_a_letter():
    state = wimmuln.new_game(4, seed=1)
    words = [text.text for text in texts(state_picture(state, 0).svg())]
    assert not any(word in ("W", "V") for word in words)


def test_a_rounds_scores_stand_in_columns_under_their_headings():
    state = round_over()
    result = state.round_results[-1]
    svg = centre_picture(state).svg()
    found = texts(svg)
    headings = {text.text: text for text in found if text.text in ("triangles", "bonus", "points")}
    assert set(headings) == {"triangles", "bonus", "points"}
    for heading, numbers in (("triangles", result.triangles), ("bonus", result.bonuses), ("points", result.points)):
        column = headings[heading]
        below = [text for text in found if text.get("x") == column.get("x") and text is not column]
        assert [text.text for text in below] == [str(number) for number in numbers], heading
        assert {text.get("text-anchor") for text in below} == {column.get("text-anchor")} == {"end"}
    first = headings["triangles"].get("y")
    rows = [text for text in found if text.text and re.fullmatch(r"player \d", text.text)
            and float(text.get("y")) > float(first) and text.get("text-anchor") == "start"]
    assert [text.text for text in rows] == [f"player {seat}" for seat in range(state.players)]
    assert len({text.get("x") for text in rows}) == 1


def test_the_bonus_row_gives_every_column_the_same_width():
    row = bonus_row_html(2, 5, 13, tricks=3)
    cells = re.findall(r"<t[dh]( style='[^']*')?>", row)
    assert len(cells) == 2 * (14 + 1)
    widths = {re.search(r"width:([^;']+)", style).group(1) for style in cells[1:15] + cells[16:]}
    assert len(widths) == 1                                        # every number's column alike
    assert all("text-align:center" in style for style in cells[1:15] + cells[16:])
