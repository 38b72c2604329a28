"""A description the kit cannot play is refused with a sentence naming its part, never a traceback
from inside the kit; a good one is read into its one form."""

import pytest

from plateau_lab.kit.description import Bidding, Card, DescriptionError, Scoring, TrickGame

GOOD = dict(name="small_game", title="Small game", players=range(3, 5), suits="CDSH", ranks="7 8 9 10 J Q K A",
            hand_size=5)


def refused(**changes) -> DescriptionError:
    with pytest.raises(DescriptionError) as caught:
        TrickGame(**{**GOOD, **changes}).checked()
    return caught.value


@pytest.mark.parametrize("changes, part, words", [
    (dict(name="Small Game"), "name", "small letters"),
    (dict(name="oh_hell"), "name", "game of the package"),
    (dict(title=""), "title", "1 to 60 characters"),
    (dict(players=range(1, 3)), "players", "2 to 10 players"),
    (dict(players="four"), "players", "a number or a range"),
    (dict(suits="C D"), "suits", "capital letters"),
    (dict(suits="CC"), "suits", "given twice"),
    (dict(suits={"R": ""}), "suits", "has no name"),
    (dict(ranks=""), "ranks", "no ranks given"),
    (dict(ranks="7 8 8"), "ranks", "given twice"),
    (dict(ranks="7 8 1S"), "ranks", "ends with the suit letter"),
    (dict(ranks="seven"), "ranks", "digits or capital letters"),
    (dict(cards=["7C", "9Z"]), "cards", "suits C, D, S, H"),
    (dict(cards="7C 8C"), "cards", "a list of card texts"),
    (dict(hand_size=9), "hand_size", "the deck holds 32"),
    (dict(hand_size=0), "hand_size", "from 1 up"),
    (dict(hand_size=8, trumps="turned up"), "hand_size", "one turned up for trumps"),
    (dict(hand_size=lambda players: 3), "hand_size", "must take 3 values"),
    (dict(trumps="hearts"), "trumps", "no suit 'hearts'"),
    (dict(bidding=True), "bidding", "Bidding(hook_rule=True"),
    (dict(bidding=Bidding(hook_rule="yes")), "bidding", "True or False"),
    (dict(bidding=Bidding(may_bid=lambda bid: True)), "may_bid", "must take 2 values"),
    (dict(scoring=3), "scoring", "Scoring(per_trick"),
    (dict(scoring=Scoring(per_trick=1.5)), "scoring", "per_trick is a whole number"),
    (dict(scoring=Scoring(exact_bid_bonus=10)), "scoring", "needs bidding"),
    (dict(scoring=Scoring(card_points={"QX": 13})), "scoring", "no card, rank or suit"),
    (dict(scoring=Scoring(card_points={"QS": "13"})), "scoring", "whole number"),
    (dict(scoring=Scoring(score="tricks")), "score", "is a function"),
    (dict(may_play=lambda hand: hand), "may_play", "must take 2 values"),
    (dict(trick_winner=5), "trick_winner", "is a function"),
    (dict(rules={"winner": "x"}), "rules", "no hook named 'winner'"),
    (dict(rules=["x"]), "rules", "{hook name: a sentence"),
])
def test_a_mistake_is_refused_naming_its_part(changes, part, words):
    error = refused(**changes)
    assert error.part == part
    assert words in str(error)
    assert str(error).startswith(f"the description's {part}: ")


def test_a_good_description_reads_into_its_one_form():
    game = TrickGame(**{**GOOD, "players": 4, "suits": {"R": "red", "G": "green"}, "ranks": ["1", "2", "3"],
                        "cards": ["1R", "1R", "3G", "2G", "2R", "3R"], "hand_size": 1}).checked()
    assert game.player_range == range(4, 5)
    assert [str(card) for card in game.deck] == ["1R", "1R", "2R", "3R", "2G", "3G"]
    assert game.suit_names == {"R": "red", "G": "green"}
    assert Card("R", "1") == game.deck[0] and game.deck[-1].strength == 2


def test_hooks_are_listed_by_name():
    game = TrickGame(**GOOD, trick_winner=lambda trick, table: 0, bidding=Bidding(may_bid=lambda bid, table: True))
    assert sorted(game.hooks()) == ["may_bid", "trick_winner"]
