"""Coloretto's score sheet: the rulebook's example worked out in the game's words."""

import random

from plateau_lab.games.coloretto import new_game
from plateau_lab.games.coloretto.cards import parse_cards
from plateau_lab.games.coloretto.scoring import COLOURS, best_scoring, score_sheet, sheet_items


def test_the_rulebooks_andy_reads_his_plus_and_minus_colours_his_joker_and_his_plus_two():
    andy = parse_cards("joker, +2" + ", green" * 6 + ", yellow" * 4 + ", pink" * 3 + ", blue" * 2, where="Andy")
    items = [str(item) for item in sheet_items(best_scoring(andy, colours_in_play=COLOURS))]
    assert items == ["green 6 cards +21", "yellow 4 cards + 1 joker +15", "pink 3 cards +6",
                     "blue 2 cards, minus colour −3", '1 "+2" card +2']
    assert sum(item.points for item in sheet_items(best_scoring(andy, colours_in_play=COLOURS))) == 41


def test_the_plus_colours_come_first_and_no_more_than_three():
    rng = random.Random(4)
    for seed in range(6):
        state = new_game(rng.choice((2, 3, 4, 5)), seed=seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        for row in score_sheet(state, 0).rows:
            signs = ["minus colour" in item.what for item in row.items if "card" in item.what and '"+2"' not in item.what]
            assert signs == sorted(signs) and signs.count(False) <= 3, row.text()
