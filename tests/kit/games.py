"""Small games described with the kit, for the tests: each shape the kit covers at least once."""

from plateau_lab.kit import Bidding, Scoring, TrickGame, define
from plateau_lab.kit.examples import OH_HELL, WIMMULN


def lowest_wins(trick, table):
    """The lowest card of the suit led wins."""
    led = [pair for pair in trick if pair[1].suit == table.led]
    return min(led, key=lambda pair: pair[1].strength)[0]


def all_of_the_top_rank(trick, table):
    """Every player whose card has the trick's highest rank wins it (several winners, as in Plotters)."""
    top = max(card.strength for _, card in trick)
    return [seat for seat, card in trick if card.strength == top]


def lead_no_heart_first(hand, table):
    """A heart may not be led while the player holds another suit."""
    if table.trick:
        led = [card for card in hand if card.suit == table.led]
        return led or hand
    return [card for card in hand if card.suit != "H"] or hand


LOWEST = define(TrickGame("kit_lowest", "Lowest wins", players=range(3, 6), suits="CDSH",
                          ranks="2 3 4 5 6 7 8 9 10 J Q K A", hand_size=8, trick_winner=lowest_wins,
                          rules={"trick_winner": "The lowest card of the suit led wins the trick."}))

SHARED = define(TrickGame("kit_shared", "Shared tricks", players=3, suits={"R": "red", "G": "green", "B": "blue"},
                          ranks="1 2 3 4 5 6 7", cards=[rank + suit for suit in "RGB" for rank in "1234567"] + ["1R", "2G", "5B"],
                          hand_size=7, trumps="B", trick_winner=all_of_the_top_rank,
                          scoring=Scoring(per_trick=0, card_points={"5": 2, "R": 1})))

HEARTS_LIKE = define(TrickGame("kit_hearts_like", "Hearts-like", players=4, suits="CDSH",
                               ranks="2 3 4 5 6 7 8 9 10 J Q K A", hand_size=13, may_play=lead_no_heart_first,
                               scoring=Scoring(per_trick=0, card_points={"H": -1, "QS": -13}),
                               rules={"may_play": "Follow the suit led if you can; hearts may not be led while "
                                                  "you hold another suit."}))

BIDDERS = define(TrickGame("kit_bidders", "Even bids", players=range(3, 5), suits="CDSH", ranks="8 9 10 J Q K A",
                           hand_size=7, trumps="S", bidding=Bidding(may_bid=lambda bid, table: bid % 2 == 0),
                           scoring=Scoring(score=lambda result, table: 5 if result.bid == result.tricks else -result.tricks),
                           rules={"may_bid": "Bids are even numbers.", "score": "An exact bid scores 5; else you lose a point a trick."}))

NAMES = ("kit_oh_hell", "kit_lowest", "kit_shared", "kit_hearts_like", "kit_bidders", "kit_wimmuln")
GAMES = {"kit_oh_hell": OH_HELL, "kit_lowest": LOWEST, "kit_shared": SHARED, "kit_hearts_like": HEARTS_LIKE,
         "kit_bidders": BIDDERS, "kit_wimmuln": WIMMULN}
