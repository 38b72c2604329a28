"""House rules: named changes of a description's parts, each a rule set of the same game, played by
the option ``house_rule`` and compared with the standard rules by the lab's designer on the same deals."""

import pytest

from plateau_lab.core import RandomBot, game_spec, load_json, play_out
from plateau_lab.kit import DescriptionError, TrickGame, define, rules_text
from plateau_lab.lab.design import compare_rule_sets


def lowest_wins(trick, table):
    led = [pair for pair in trick if pair[1].suit == table.led]
    return min(led, key=lambda pair: pair[1].strength)[0]


BASE = dict(players=range(3, 5), suits="CDSH", ranks="2 3 4 5 6 7 8 9 10 J Q K A", hand_size=7, trumps="turned up")
LOWEST = {"trick_winner": lowest_wins, "rules": {"trick_winner": "The lowest card of the suit led wins the trick."}}
GAME = define(TrickGame("kit_house", "House", **BASE, house_rules={"lowest wins": LOWEST, "no trumps": {"trumps": None}}))


def test_a_house_rule_is_an_option_of_the_game_named_in_its_rule_set():
    spec = game_spec("kit_house")
    assert spec.option_names == ("house_rule",)
    assert spec.new_game(seed=1).setup.rules == "standard"
    state = spec.new_game(3, seed=1, house_rule="lowest wins")
    assert state.setup.rules == "house rule lowest wins" and state.described.trick_winner is lowest_wins
    assert spec.new_game(3, seed=1, house_rule="no trumps").trumps is None
    with pytest.raises(ValueError, match="house_rule must be one of 'standard', 'lowest wins', 'no trumps'"):
        spec.new_game(3, seed=1, house_rule="highest loses")


def test_the_same_deal_under_each_house_rule_and_its_save_loads_under_it():
    standard, lowest = GAME.new_game(3, seed=4), GAME.new_game(3, seed=4, house_rule="lowest wins")
    assert standard.hands == lowest.hands and standard.trump_card == lowest.trump_card
    final = play_out(lowest, [RandomBot(seat) for seat in range(3)])
    again = load_json(final.to_json())
    assert again == final and again.described.trick_winner is lowest_wins
    assert GAME.scenario(GAME.scenario_text(lowest), seed=4, house_rule="lowest wins").described.trick_winner \
        is lowest_wins


def test_each_house_rule_has_its_rules_page():
    assert "The lowest card of the suit led wins the trick." in rules_text(GAME.played("lowest wins"))
    assert "there are no trumps" in rules_text(GAME.played("no trumps"))
    assert "the highest trump wins" in rules_text(GAME.played()).lower()
    assert rules_text(GAME.played()).endswith("House rules: The game may also be played with the house rules "
                                              "'lowest wins', 'no trumps', each changing some of the rules above "
                                              "(each has its own rules page).")
    assert "House rules" not in rules_text(GAME.played("no trumps"))


def test_the_designer_compares_a_house_rule_with_the_standard_rules_on_the_same_deals():
    result = compare_rule_sets("kit_house", {"house_rule": "lowest wins"}, 40, seed=2)
    assert result.deals == 40 and result.variant_name == "house rule lowest wins"
    assert "moves per game" in result.figures()


@pytest.mark.parametrize("house_rules, part, words", [
    ({"standard": {"trumps": None}}, "house_rules", "other than 'standard'"),
    ({"x": {}}, "house_rules", "{a part: its new value}"),
    ({"x": {"players": 5}}, "house_rules", "changes 'players', which is no part it may change"),
    ({"x": {"trumps": "Z"}}, "house rule 'x'", "the description's trumps: no suit 'Z'"),
    ({"x": {"trick_winner": lambda trick: 0}}, "house rule 'x'", "trick_winner must take 2 values"),
])
def test_a_wrong_house_rule_is_refused_naming_it(house_rules, part, words):
    with pytest.raises(DescriptionError) as caught:
        TrickGame("kit_wrong_house", "Wrong", **BASE, house_rules=house_rules).checked()
    assert caught.value.part == part and words in str(caught.value)
