"""House rules of a described game of rows (``RowGame(house_rules=...)``): each is a rule set of the
same game, played from the same seeds, that the designer compares with the game as described."""

import pytest

from plateau_lab.core import game_spec
from plateau_lab.kit import DescriptionError, RowGame, define, rules_text
from plateau_lab.lab.design import compare_rule_sets


@pytest.fixture(scope="module")
def class_rows():
    return define(RowGame("class_rows_house", "Class Rows", players=range(2, 5),
                          colours=["red", "blue", "green", "white"], per_colour=6, plus_twos=4, jokers=2,
                          row_capacity=2, end_card_depth=5, points=(1, 3, 6, 10), plus_colours=2,
                          house_rules={"long rows": {"row_capacity": 3}, "no jokers": {"jokers": 0}}))


def test_a_house_rule_is_an_option_of_the_game_played_from_the_same_seeds(class_rows):
    spec = game_spec("class_rows_house")
    assert spec.option_names == ("house_rule",)
    standard, long_rows = class_rows.new_game(3, seed=4), class_rows.new_game(3, seed=4, house_rule="long rows")
    assert standard.observation(0)["capacities"] == (2, 2, 2)
    assert long_rows.observation(0)["capacities"] == (3, 3, 3)
    assert standard.observation(0)["collections"] == long_rows.observation(0)["collections"]   # the same start cards
    assert rules_text(class_rows.played("long rows")) != rules_text(class_rows.played())
    with pytest.raises(ValueError, match="house_rule"):
        class_rows.new_game(3, seed=4, house_rule="short rows")


def test_the_designer_compares_a_house_rule_with_the_game(class_rows):
    comparison = compare_rule_sets("class_rows_house", {"house_rule": "no jokers"}, 40, players=3,
                                   bots=["heuristic"] * 3)
    assert comparison.deals == 40 and comparison.variant_name == "house rule no jokers"
    shorter = comparison.figures()["moves per game"]      # two cards fewer in the supply: a shorter game
    assert shorter["difference"] < 0 and shorter["clear"], shorter


@pytest.mark.parametrize("house_rules, part, words", [
    ({"a": {"name": "other"}}, "house_rules", "which is no part it may change"),
    ({"a": {"row_capacity": 0}}, "house rule 'a'", "row_capacity"),
    ({"standard": {"jokers": 1}}, "house_rules", "other than 'standard'"),
    ("long rows", "house_rules", "{'short rows': {'row_capacity': 2}}"),
])
def test_a_house_rule_with_a_mistake_is_refused_naming_it(house_rules, part, words):
    with pytest.raises(DescriptionError) as refused:
        RowGame("x_rows", "X", 2, ["red", "blue", "green"], house_rules=house_rules).checked()
    assert refused.value.part == part and words in str(refused.value), str(refused.value)
