"""The rules of Oh Hell as OpenSpiel's ``oh_hell`` defines them: one named function per rule, and
every number of the game as an option (:data:`OPTIONS`) that :func:`rules_of` reads into one value,
:class:`Rules`, the one value the engine, the fast path, the scenarios and the bots read.

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

A game's rules, every number decided for the players at the table:

>>> rulebook = rules_of(4, {})
>>> rulebook.most_tricks, rulebook.made_bid_bonus, rulebook.hook_rule, len(rulebook.deck)
(12, 10, True, 52)
>>> small = rules_of(3, {"suits": 2, "cards_per_suit": 5})
>>> small.suits, [str(card) for card in small.deck], small.most_tricks
(('C', 'D'), ['2C', '3C', '4C', '5C', '6C', '2D', '3D', '4D', '5D', '6D'], 3)

A rule set that would make a game unplayable is refused with a sentence naming the rule and its
bounds, for the players at the table:

>>> rules_of(5, {"suits": 1, "cards_per_suit": 5})
Traceback (most recent call last):
ValueError: cards_per_suit must be from 6 to 13 with 5 players and 1 suit (each player is dealt at least one card and one more is turned up for trumps), not 5
>>> rules_of(4, {"suits": 2, "cards_per_suit": 5, "tricks": 3})
Traceback (most recent call last):
ValueError: tricks (for 4 players and a deck of 10 cards) must be a whole number from 1 to 2, not 3
"""

from __future__ import annotations

__all__ = [
    "BID", "CARDS_PER_SUIT", "GAME", "HOOK_RULE", "MADE_BID_BONUS", "MAX_BONUS", "MAX_POINTS_PER_TRICK", "MOST_TRICKS", "OPTIONS",
    "OVER", "PLAY", "PLAYERS", "POINTS_PER_TRICK", "Rules", "SUIT_COUNT", "TRUMP_CARDS", "bidding_order",
    "first_leader", "hand_score", "hook_bid", "legal_bids", "legal_plays", "max_tricks", "rules_of", "trick_winner",
]

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from plateau_lab.core import GameSpec, Option, count_of
from plateau_lab.core.rulesets import rules_reader
from plateau_lab.core.tricks import trick_taker

from .cards import RANKS, SUITS, Card

#: The game's name in the registry.
GAME = "oh_hell"
#: The numbers of players the game is for.
PLAYERS = range(3, 8)

#: The phases of a hand: "a bidding phase followed by a play phase", then the hand is over.
BID, PLAY, OVER = "bid", "play", "over"

#: The rulebook's numbers (each the default of its option).
#: "an additional 10 points if they won the exact number bid" (OpenSpiel's kMadeBidBonus).
MADE_BID_BONUS = 10
#: "a player scores 1 point for every trick won" (OpenSpiel's points_per_trick).
POINTS_PER_TRICK = 1
#: The hook rule: the dealer may not make the bids total the tricks (OpenSpiel always plays it).
HOOK_RULE = True
#: The suits of the deck (OpenSpiel's num_suits: clubs, diamonds, spades, hearts, in that order).
SUIT_COUNT = len(SUITS)
#: The cards of each suit, from the 2 up (OpenSpiel's num_cards_per_suit: 2 to ace).
CARDS_PER_SUIT = len(RANKS)
#: "a final card that is placed face up in the middle. The suit of this card becomes the 'trump' suit."
TRUMP_CARDS = 1

#: The bounds of the options (OpenSpiel sets none on the points; these keep scores readable).
MAX_POINTS_PER_TRICK = 100
MAX_BONUS = 100


def max_tricks(players: int, deck_size: int = SUIT_COUNT * CARDS_PER_SUIT) -> int:
    """The most tricks a hand may have: "number of tricks in the game, must be between 1 and
    (num_suits * num_cards_per_suit - 1) / num_players", so that one card is left to turn up for
    trumps: with the 52 cards, 17 for 3 players, 12 for 4, 10 for 5, 8 for 6, 7 for 7.

    >>> [max_tricks(players) for players in range(3, 8)], max_tricks(4, deck_size=20)
    ([17, 12, 10, 8, 7], 4)
    """
    return (deck_size - TRUMP_CARDS) // players


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


def legal_bids(tricks: int, earlier_bids: Sequence[int], players: int, *, hook_rule: bool = HOOK_RULE
               ) -> tuple[int, ...]:
    """The bids a player may make, from low to high: "announcing how many tricks they think they can
    win", 0 to the number of tricks; the last bidder (once ``players - 1`` bids are made) may not make
    the bids total the number of tricks (:func:`hook_bid`). "For example, if 4 players are each dealt
    5 cards, and the first 3 players bid 1, 2, 1, then the last player cannot bid 1." Without the
    hook rule (``hook_rule=False``) the dealer may bid any number too.

    >>> legal_bids(5, (1, 2, 1), 4)
    (0, 2, 3, 4, 5)
    >>> legal_bids(5, (1, 2), 4), legal_bids(5, (1, 2, 1), 4, hook_rule=False)
    ((0, 1, 2, 3, 4, 5), (0, 1, 2, 3, 4, 5))
    """
    forbidden = hook_bid(tricks, earlier_bids) if hook_rule and len(earlier_bids) == players - 1 else None
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
    return trick_taker(trick, trump, _rank)


def _rank(card: Card) -> int:
    return card.rank


def hand_score(bid: int, won: int, *, points_per_trick: int = POINTS_PER_TRICK, off_bid_penalty: bool = False,
               made_bid_bonus: int = MADE_BID_BONUS) -> int:
    """A player's score for the hand: "a player scores 1 point for every trick won and an additional
    10 points if they won the exact number bid" (``points_per_trick`` per trick, 1 by default, and
    ``made_bid_bonus`` for the exact bid, 10 by default).
    With ``off_bid_penalty``: "if a player missed their bid, they receive a penalty of
    `points_per_trick` times the number of tricks they are above or below their bid and only if the
    bid was correct they receive `points_per_trick` per trick made plus a bonus."

    >>> hand_score(0, 0), hand_score(1, 3), hand_score(1, 3, off_bid_penalty=True)
    (10, 3, -2)
    >>> hand_score(2, 2, points_per_trick=5, off_bid_penalty=True), hand_score(2, 2, made_bid_bonus=0)
    (20, 2)
    """
    if won == bid:
        return points_per_trick * won + made_bid_bonus
    if off_bid_penalty:
        return -points_per_trick * abs(won - bid)
    return points_per_trick * won


#: The most tricks of a hand under any rule set (3 players, 52 cards): the bound of the option ``tricks``.
MOST_TRICKS = max_tricks(PLAYERS.start)

OPTIONS = (
    Option("tricks", None, int,
           "the number of tricks of the hand, the cards dealt to each player (OpenSpiel's num_tricks_fixed); "
           "None: drawn at random, each number from 1 to the most equally likely, as OpenSpiel's chance "
           "draws it; at most (the cards of the deck - 1) // players: with the 52 cards "
           f"{', '.join(str(max_tricks(n)) for n in PLAYERS)} for {PLAYERS.start} to {PLAYERS.stop - 1} players",
           low=1, high=MOST_TRICKS, none=True),
    Option("points_per_trick", POINTS_PER_TRICK, int,
           "the points each trick won is worth (OpenSpiel's points_per_trick)", low=0, high=MAX_POINTS_PER_TRICK),
    Option("off_bid_penalty", False, bool,
           "OpenSpiel's off_bid_penalty: a player who misses his bid loses points_per_trick for every trick "
           "he is off, instead of scoring his tricks"),
    Option("made_bid_bonus", MADE_BID_BONUS, int,
           "the points a player scores on top of his tricks for winning exactly the tricks he bid "
           "(10 in OpenSpiel's game)", low=0, high=MAX_BONUS, played=(MADE_BID_BONUS, 0)),
    Option("hook_rule", HOOK_RULE, bool,
           "the hook rule: the dealer, who bids last, may not make the bids total the number of tricks "
           "(OpenSpiel always plays it)"),
    Option("suits", SUIT_COUNT, int,
           "how many suits the deck holds, from clubs, diamonds, spades, hearts in that order "
           "(OpenSpiel's num_suits)", low=1, high=SUIT_COUNT, played=(SUIT_COUNT, 2)),
    Option("cards_per_suit", CARDS_PER_SUIT, int,
           "how many cards each suit holds, from the 2 up: 13 is 2 to ace, 5 is 2 to 6 (OpenSpiel's "
           "num_cards_per_suit, at least 2 as there)", low=2, high=CARDS_PER_SUIT, played=(CARDS_PER_SUIT, 3)),
)

#: The options' checks, as ``oh_hell.SPEC`` makes them (the rules do not import the package).
_OPTIONS_ONLY = GameSpec(name=GAME, title="Oh Hell", players=PLAYERS, default_players=4, options=OPTIONS)


@dataclass(frozen=True)
class Rules:
    """One game's rules, every value decided for its number of players: the deck (its suits, its
    ranks and its cards in hand order), the tricks (None: drawn from the seed, 1 to ``most_tricks``),
    the scoring and whether the hook rule is played.

    >>> rules = rules_of(4, {"made_bid_bonus": 5, "off_bid_penalty": True})
    >>> rules.score(2, 2), rules.score(2, 0), rules.top_rank
    (7, -2, 14)
    """

    players: int
    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    deck: tuple[Card, ...]
    tricks: int | None
    most_tricks: int
    points_per_trick: int
    off_bid_penalty: bool
    made_bid_bonus: int
    hook_rule: bool

    @property
    def top_rank(self) -> int:
        """The highest rank of a suit: the ace with 13 cards per suit, the 6 with 5."""
        return self.ranks[-1]

    def score(self, bid: int, won: int) -> int:
        """A player's points for the hand (:func:`hand_score` under these rules)."""
        return hand_score(bid, won, points_per_trick=self.points_per_trick, off_bid_penalty=self.off_bid_penalty,
                          made_bid_bonus=self.made_bid_bonus)

    def bids(self, tricks: int, earlier_bids: Sequence[int]) -> tuple[int, ...]:
        """The legal bids (:func:`legal_bids` under these rules)."""
        return legal_bids(tricks, earlier_bids, self.players, hook_rule=self.hook_rule)

    def holds(self, card: Card) -> bool:
        """Whether the deck holds ``card``."""
        return card.suit in self.suits and card.rank <= self.top_rank


def _rules(players: int, option: dict[str, Any]) -> Rules:
    """The rules for ``players`` and every option, checked together (:func:`rules_of`)."""
    tricks, suits, cards_per_suit = option["tricks"], option["suits"], option["cards_per_suit"]
    fewest = -(-(players + TRUMP_CARDS) // suits)           # the cards per suit that deal one card each
    if cards_per_suit < fewest:
        raise ValueError(f"cards_per_suit must be from {fewest} to {CARDS_PER_SUIT} with {players} players and "
                         f"{count_of(suits, 'suit')} (each player is dealt at least one card and one more is "
                         f"turned up for trumps), not {cards_per_suit}")
    deck_size = suits * cards_per_suit
    most = max_tricks(players, deck_size)
    if tricks is not None and tricks > most:
        table = (f"for {players} players" if deck_size == SUIT_COUNT * CARDS_PER_SUIT
                 else f"for {players} players and a deck of {deck_size} cards")
        raise ValueError(f"tricks ({table}) must be a whole number from 1 to {most}, not {tricks}")
    in_play, ranks = SUITS[:suits], RANKS[:cards_per_suit]
    return Rules(players, in_play, ranks, tuple(Card(suit, rank) for suit in in_play for rank in ranks), tricks, most,
                 option["points_per_trick"], option["off_bid_penalty"], option["made_bid_bonus"], option["hook_rule"])


#: The rules of a hand of ``players`` with the options ``variant`` (missing ones: the rulebook's), or
#: ValueError naming the rule that makes the game unplayable and its bounds.
rules_of = rules_reader(_OPTIONS_ONLY, _rules)
