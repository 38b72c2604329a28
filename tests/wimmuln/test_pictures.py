"""Wimmüln's face-down estimate in a picture (moved from tests/test_pictures_readable.py)."""

from plateau_lab.games.wimmuln import Estimate, card
from plateau_lab.games.wimmuln.render import cross_picture


def test_a_face_down_estimate_shows_its_number_to_those_who_may_see_it():
    cross = Estimate(card(3, "red"), card(7, "blue"))
    assert ">7</text>" in cross_picture(cross, show_top=True, show_bottom=True).svg()
    assert ">7</text>" not in cross_picture(cross, show_top=True, show_bottom=False).svg()
