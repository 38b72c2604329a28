"""Plotters Inc.'s score sheet: each open stack, the two colours kept, the discard pile and the sum."""

from itertools import product

from plateau_lab.games.plotters.scoring import round_items, score_round


def test_the_items_add_up_to_the_rounds_score_for_any_stacks():
    for sizes in product(range(0, 9, 2), repeat=4):
        for discarded in (0, 3):
            items = round_items(sizes, discarded=discarded, kept=None)
            assert sum(item.points or 0 for item in items) == score_round(sizes, discarded)


def test_the_sheet_names_the_stacks_the_colours_kept_and_the_discard_pile():
    items = [str(item) for item in round_items((6, 0, 0, 4), discarded=5, kept=("blue", "yellow"))]
    assert items == ["blue stack: 6 cards", "yellow stack: 4 cards", "kept blue and yellow",
                     "discard pile: 5 cards", "6 × 4 = 24, divided by 5 remaining cards = 4 (remainder ignored) +4"]
    assert [str(item) for item in round_items((3, 0, 0, 0), discarded=0, kept=None)][-1] == \
        "cards in one colour only: 0 0"
