"""A class writes a new trick-taking game in at most 40 lines of a notebook cell, and plays it at once."""

from plateau_lab.core import RandomBot, game_spec, load_json, play_out
from plateau_lab.kit import check_game, rules_text

#: A notebook cell: a game where the lowest card wins a trick nobody trumps, bids, and card points.
CELL = '''
from plateau_lab.kit import Bidding, Scoring, TrickGame, define

def lowest_unless_trumped(trick, table):
    """A trump wins (the highest); else the lowest card of the suit led."""
    trumps = [pair for pair in trick if pair[1].suit == table.trumps]
    if trumps:
        return max(trumps, key=lambda pair: pair[1].strength)[0]
    led = [pair for pair in trick if pair[1].suit == table.led]
    return min(led, key=lambda pair: pair[1].strength)[0]

def no_zero_for_the_dealer(bid, table):
    """The dealer, who bids last, may not bid 0."""
    return bid > 0 or table.seat != table.dealer

UNDERDOG = define(TrickGame(
    name="underdog",
    title="Underdog",
    players=range(3, 6),
    suits={"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"},
    ranks="2 3 4 5 6 7 8 9 10 J Q K A",
    hand_size=7,
    trumps="turned up",
    bidding=Bidding(hook_rule=True, may_bid=no_zero_for_the_dealer),
    trick_winner=lowest_unless_trumped,
    scoring=Scoring(per_trick=1, card_points={"A": 2, "QS": -3}, exact_bid_bonus=5),
    rules={"trick_winner": "The highest trump wins a trick; if nobody trumps, the lowest card of the suit led.",
           "may_bid": "The dealer may not bid 0."},
))
'''


def test_the_cell_is_at_most_40_lines_and_its_game_plays_at_once():
    assert len(CELL.strip().splitlines()) <= 40
    scope = {}
    exec(CELL, scope)
    game = scope["UNDERDOG"]
    state = game_spec("underdog").new_game(4, seed=7)
    final = play_out(state, [RandomBot(seat) for seat in range(4)])
    assert final.is_over and load_json(final.to_json()) == final
    page = rules_text(game.description)
    assert "if nobody trumps, the lowest card of the suit led" in page and "The dealer may not bid 0." in page
    assert check_game(game, games=40).ok
