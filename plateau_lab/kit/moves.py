"""The moves of a described trick-taking game besides a card played: a bid of tricks
(:class:`~plateau_lab.core.tricks.Bid`) and cards laid face down as a bid (:class:`Lay`); how a
move is read from its text and said in words.

>>> from plateau_lab.kit.examples import WIMMULN
>>> parse_action("lay 3r over 5b", WIMMULN.description)
Lay(cards=(Card('3R'), Card('5B')))
"""

from __future__ import annotations

__all__ = ["HIDDEN", "Lay", "describe", "lays", "parse_action"]

from collections import Counter
from dataclasses import dataclass

from plateau_lab.core import ParseError, Play, quoted
from plateau_lab.core.tricks import Bid, describe_move, parse_bid_or_play

from .description import Card, TrickGame, card_reader

#: A card laid face down as a bid, as a player who may not see it sees it.
HIDDEN = "hidden"


@dataclass(frozen=True, slots=True)
class Lay:
    """A bid of cards laid face down (``Bidding(cards=2)``), the first to be turned face up:
    ``lay 3R over 5B``."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "lay " + " over ".join(map(str, self.cards))


def lays(hand: tuple[Card, ...], count: int) -> tuple[tuple[Card, ...], ...]:
    """Every way to lay ``count`` cards of the sorted ``hand`` in order, in hand order; equal cards
    give one way, and a card goes with its equal only when the hand holds it twice.

    >>> [" ".join(map(str, laid)) for laid in lays((Card("R", "1"), Card("R", "1"), Card("B", "2")), 2)]
    ['1R 1R', '1R 2B', '2B 1R']
    """
    held = Counter(hand)                     # a sorted hand: its distinct cards in hand order
    found: list[tuple[Card, ...]] = []

    def grow(laid: tuple[Card, ...], left: int) -> None:
        if left == 1:
            found.extend(laid + (card,) for card, copies in held.items() if copies)
            return
        for card, copies in held.items():
            if copies:
                held[card] -= 1
                grow(laid + (card,), left - 1)
                held[card] += 1

    if count:
        grow((), count)
    return tuple(found) if count else ((),)


def parse_action(text: str, game: TrickGame, *, where: str = "action") -> Bid | Lay | Play:
    """A move from its text: ``bid N``, ``lay CARD over CARD`` or ``play CARD`` (any case and
    spacing), or ParseError."""
    move = parse_bid_or_play(text, card_reader(game), where=where)
    if move is not None:
        return move
    words = " ".join(text.split())
    verb, _, rest = words.partition(" ")
    if verb.casefold() == "lay" and rest:
        read = card_reader(game)
        return Lay(tuple(read(part, where=where) for part in rest.casefold().split(" over ")))
    laid = game.bidding.cards if game.bidding else 0
    bid = (" or 'lay CARD" + " over CARD" * (laid - 1) + "' (the cards laid as a bid)" if laid else
           " or 'bid N' (a number of tricks)" if game.bidding else "")
    raise ParseError(f"expected 'play CARD' (such as 'play {game.deck[-1]}')" + bid + f", got {quoted(words)}",
                     where=where)


#: A move in the learner's words: ``bid 2 tricks``, ``play QH``, ``lay 3R over 5B``.
describe = describe_move
