"""The rules of Oh Hell as OpenSpiel's ``oh_hell`` defines them: one named function per rule.

Each docstring quotes OpenSpiel's own description of the rule (``open_spiel/games/oh_hell.h`` and
``oh_hell.cc``). The functions know nothing of the game's ``State``: they take hands, tricks and
bids, so a notebook can try a rule on its own.

>>> from .cards import parse_card
>>> trick = ((1, parse_card("QS")), (2, parse_card("AS")), (3, parse_card("2H")))
>>> trick_winner(trick, trump="H")     # the only trump wins
3
>>> legal_bids(tricks=3, earlier_bids=(1, 1), players=3)    # the dealer may not bid 1
(0, 2, 3)
>>> hand_score(bid=2, won=2), hand_score(bid=2, won=3)
(12, 3)
"""

from __future__ import annotations

__all__ = [
    "BID", "GAME", "MADE_BID_BONUS", "MAX_POINTS_PER_TRICK", "OVER", "PLAY", "PLAYERS", "TRUMP_CARDS",
    "bidding_order", "first_leader", "hand_score", "hook_bid", "legal_bids", "legal_plays", "max_tricks",
    "trick_winner",
]

from collections.abc import Sequence

from .cards import DECK, Card

#: The game's name in the registry.
GAME = "oh_hell"
#: The numbers of players the game is for.
PLAYERS = range(3, 8)
#: The most points a trick may be worth (OpenSpiel sets no bound; this one keeps scores readable).
MAX_POINTS_PER_TRICK = 100

#: The phases of a hand: "a bidding phase followed by a play phase", then the hand is over.
BID, PLAY, OVER = "bid", "play", "over"
#: "an additional 10 points if they won the exact number bid" (OpenSpiel's kMadeBidBonus).
MADE_BID_BONUS = 10
#: "a final card that is placed face up in the middle. The suit of this card becomes the 'trump' suit."
TRUMP_CARDS = 1


def max_tricks(players: int) -> int:
    """The most tricks a hand may have: "number of tricks in the game, must be between 1 and
    (num_suits * num_cards_per_suit - 1) / num_players", so that one card is left to turn up for
    trumps: 17 for 3 players, 12 for 4, 10 for 5, 8 for 6, 7 for 7.

    >>> [max_tricks(players) for players in range(3, 8)]
    [17, 12, 10, 8, 7]
    """
    return (len(DECK) - TRUMP_CARDS) // players


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """"In the bidding phase, players proceed clockwise, starting from the player to the left of
    the dealer": every seat once, the dealer last.

    >>> bidding_order(2, 4)
    (3, 0, 1, 2)
    """
    return tuple((dealer + step) % players for step in range(1, players + 1))


def first_leader(dealer: int, players: int) -> int:
    """Who leads the first trick: the player left of the dealer, the first to bid (OpenSpiel: play
    starts with the current player once the bidding has gone round to the left of the dealer again).

    >>> first_leader(3, 4)
    0
    """
    return (dealer + 1) % players


def hook_bid(tricks: int, earlier_bids: Sequence[int]) -> int | None:
    """The one bid the last bidder (the dealer) may not make: "the total number of tricks bid by
    players cannot be equal to the actual number of tricks that will follow". None when the earlier
    bids already total more than the tricks, so that no bid can make the total equal.

    >>> hook_bid(5, (1, 2, 1)), hook_bid(2, (1, 2))
    (1, None)
    """
    missing = tricks - sum(earlier_bids)
    return missing if missing >= 0 else None


def legal_bids(tricks: int, earlier_bids: Sequence[int], players: int) -> tuple[int, ...]:
    """The bids a player may make, from low to high: "announcing how many tricks they think they can
    win", 0 to the number of tricks; the last bidder (once ``players - 1`` bids are made) may not make
    the bids total the number of tricks (:func:`hook_bid`). "For example, if 4 players are each dealt
    5 cards, and the first 3 players bid 1, 2, 1, then the last player cannot bid 1."

    >>> legal_bids(5, (1, 2, 1), 4)
    (0, 2, 3, 4, 5)
    >>> legal_bids(5, (1, 2), 4)
    (0, 1, 2, 3, 4, 5)
    """
    forbidden = hook_bid(tricks, earlier_bids) if len(earlier_bids) == players - 1 else None
    return tuple(bid for bid in range(tricks + 1) if bid != forbidden)


def legal_plays(hand: Sequence[Card], trick: Sequence[tuple[int, Card]]) -> tuple[Card, ...]:
    """The cards a player may play, in hand order: any card to lead; after a lead, "Check if we can
    follow suit": a card of the suit led if the hand holds one, "Otherwise, we can play any of our
    cards" (a trump or a discard, as the player likes).

    >>> from .cards import parse_card
    >>> hand = tuple(map(parse_card, ("3C", "KD", "2H")))
    >>> legal_plays(hand, ((0, parse_card("9D")),))
    (Card('KD'),)
    >>> legal_plays(hand, ((0, parse_card("9S")),))
    (Card('3C'), Card('KD'), Card('2H'))
    """
    if not trick:
        return tuple(hand)
    led = trick[0][1].suit
    following = tuple(card for card in hand if card.suit == led)
    return following or tuple(hand)


def trick_winner(trick: Sequence[tuple[int, Card]], trump: str) -> int:
    """The seat whose card wins the trick (or is winning it so far): the highest trump if any trump
    was played, else the highest card of the suit led (OpenSpiel's ``Trick::Play``: a card of the
    winning suit wins if it ranks higher; a trump beats any card of another suit). ``trick`` is
    ((seat, card), …) in the order played.

    >>> from .cards import parse_card
    >>> trick_winner(((0, parse_card("9D")), (1, parse_card("AC")), (2, parse_card("10D"))), trump="S")
    2
    """
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            if card.rank > best.rank:
                best_seat, best = seat, card
        elif card.suit == trump:
            best_seat, best = seat, card
    return best_seat


def hand_score(bid: int, won: int, *, points_per_trick: int = 1, off_bid_penalty: bool = False) -> int:
    """A player's score for the hand: "a player scores 1 point for every trick won and an additional
    10 points if they won the exact number bid" (``points_per_trick`` per trick, 1 by default).
    With ``off_bid_penalty``: "if a player missed their bid, they receive a penalty of
    `points_per_trick` times the number of tricks they are above or below their bid and only if the
    bid was correct they receive `points_per_trick` per trick made plus a bonus."

    >>> hand_score(0, 0), hand_score(1, 3), hand_score(1, 3, off_bid_penalty=True)
    (10, 3, -2)
    >>> hand_score(2, 2, points_per_trick=5, off_bid_penalty=True)
    20
    """
    if won == bid:
        return points_per_trick * won + MADE_BID_BONUS
    if off_bid_penalty:
        return -points_per_trick * abs(won - bid)
    return points_per_trick * won
