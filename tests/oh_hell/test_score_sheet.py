"""Oh Hell's score sheet: bid, tricks won, a point a trick and the exact bid's bonus."""

from itertools import product

from plateau_lab.games.oh_hell.rules import hand_score
from plateau_lab.games.oh_hell.scoring import hand_items


def test_the_items_add_up_to_the_hands_score_with_every_option():
    for bid, won, per_trick, penalty in product(range(8), range(8), (1, 2, 5), (False, True)):
        items = hand_items(bid, won, points_per_trick=per_trick, off_bid_penalty=penalty)
        assert sum(item.points or 0 for item in items) == \
            hand_score(bid, won, points_per_trick=per_trick, off_bid_penalty=penalty)
        assert str(items[0]) == f"bid {bid}, won {won} trick{'' if won == 1 else 's'}"


def test_an_exact_bid_shows_its_bonus_and_a_missed_one_says_so():
    assert [str(item) for item in hand_items(1, 1)] == ["bid 1, won 1 trick", "1 trick × 1 point +1", "exact bid +10"]
    assert [str(item) for item in hand_items(0, 2)][-1] == "bid missed: no bonus"
    assert [str(item) for item in hand_items(3, 1, points_per_trick=2, off_bid_penalty=True)][-1] == \
        "missed the bid by 2 tricks × 2 points −4"
