"""A drafting game of rows (kit.RowGame): a mistake in its description is refused with a sentence
naming the part at fault, never a traceback from inside the kit; a right one plays to its end."""

import pytest

from plateau_lab.core import ParseError, game_spec, load_json, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.kit import DescriptionError, RowGame, define

GOOD = dict(name="kit_rows_test", title="Rows", players=range(2, 5), colours=["red", "blue", "green", "white", "black"],
            per_colour=5, plus_twos=3, jokers=2, end_card_depth=6, points=(1, 3, 6, 10))


@pytest.mark.parametrize("changes, part, words", [
    ({"name": "Bad Name"}, "name", "small letters"),
    ({"name": "coloretto"}, "name", "a game of the package"),
    ({"players": 1}, "players", ""),
    ({"colours": "red blue"}, "colours", "a list of 2 to 12 names"),
    ({"colours": ["red", "joker"]}, "colours", "other than"),
    ({"colours": ["red", "red", "blue"]}, "colours", "named twice"),
    ({"per_colour": 0}, "per_colour", "from 1 to 20"),
    ({"jokers": -1}, "jokers", "from 0 to 20"),
    ({"row_capacity": True}, "row_capacity", "whole number"),
    ({"plus_colours": 6}, "plus_colours", "from 0 to 5"),
    ({"points": ()}, "points", "1 to 12 whole numbers"),
    ({"points": (1, -3)}, "points", "1 to 12 whole numbers"),
    ({"colours_removed": {7: 1}}, "colours_removed", "players among 2 to 4"),
    ({"colours_removed": {2: 5}}, "colours_removed", "from 0 to 4"),
    ({"start_cards": 2}, "start_cards", "need 6 colours and 5 are in play"),
    ({"capacities": {2: (1,)}}, "capacities", "2 to 8 rows"),
    ({"capacities": {3: (1, 2, 0)}}, "capacities", "each taking 1 to 6 cards"),
    ({"end_card_depth": 40}, "end_card_depth", "at most"),
    ({"rules": {"points": 3}}, "rules", "a sentence"),
])
def test_a_mistake_is_refused_naming_the_part(changes, part, words):
    with pytest.raises(DescriptionError) as refused:
        define(RowGame(**{**GOOD, **changes}))
    assert refused.value.part == part and words in refused.value.what


def test_a_description_plays_to_its_end_with_every_player_count():
    game = define(RowGame(**GOOD))
    assert game_spec("kit_rows_test").players == range(2, 5)
    for players in range(2, 5):
        for seed in range(20):
            final = play_out(game.new_game(players, seed=seed), [RandomBot(seat) for seat in range(players)])
            assert final.is_over and len(final.scores) == players
            assert load_json(final.to_json()) == final
            assert final.cards_in_game() == game.new_game(players, seed=seed).cards_in_game()


@pytest.mark.parametrize("text, where", [
    ("colours: red, blue\nfirst: 0\nplayer 0: red\nplayer 1: blue\nsupply: red", "line 1"),
    ("colours: red, blue, green, white, black\nfirst: 5\nplayer 0: red\nplayer 1: blue\nsupply: -", "line"),
    ("first: 0\nplayer 0: red\nsupply: red", "colours"),
    ("colours: red, blue, green, white, black\nfirst: 0\nplayer 0: red\nplayer 1: red\nsupply: -", "players"),
    ("colours: red, blue, green, white, black\nfirst: 0\nplayer 0: red\nplayer 1: purple\nsupply: -", "line 4"),
])
def test_a_wrong_scenario_says_where(text, where):
    game = define(RowGame(**GOOD))
    with pytest.raises(ParseError) as refused:
        game.scenario(text)
    assert refused.value.where.startswith(where)
