"""Wimmüln's score sheet: the cross, the tricks, the triangles and the bonus with its reason."""

from itertools import product

from plateau_lab.games.wimmuln.cards import Card
from plateau_lab.games.wimmuln.engine import Estimate, round_points
from plateau_lab.games.wimmuln.scoring import round_items


def test_the_items_add_up_to_the_rounds_points_for_every_cross_and_tricks_won():
    for up, down, tricks in product(range(10), range(10), range(11)):
        cross = Estimate(Card(0, up), Card(1, down))
        items = round_items(cross, tricks=tricks, triangles=7)
        assert sum(item.points or 0 for item in items) == round_points(7, cross, tricks)


def test_the_bonus_says_which_card_the_tricks_hit():
    def bonus_line(up, down, tricks):
        return str(round_items(Estimate(Card(0, up), Card(2, down)), tricks=tricks, triangles=0)[-1])

    assert bonus_line(3, 5, 3) == "bonus: the tricks won equal the face-up card, the lower one: twice 5 +10"
    assert bonus_line(3, 5, 5) == "bonus: the tricks won equal the face-down card, the higher one +10"
    assert bonus_line(5, 3, 3) == "bonus: the tricks won equal the face-down card, the lower one +5"
    assert bonus_line(4, 4, 4) == "bonus: both cards have the same number and it equals the tricks won +25"
    assert bonus_line(4, 6, 2) == "bonus: the tricks won equal neither card 0"


def test_the_cross_is_read_face_up_over_face_down_in_the_games_colours():
    items = round_items(Estimate(Card(0, 3), Card(1, 7)), tricks=1, triangles=2)
    assert str(items[0]).startswith("cross: 3 ") and "face up over 7 " in str(items[0])
    assert str(items[1]) == "won 1 trick" and str(items[2]) == "2 triangles +2"
