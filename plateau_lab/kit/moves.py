"""The moves of a described trick-taking game besides a card played: a bid of tricks
(:class:`~plateau_lab.core.tricks.Bid`), cards laid face down as a bid (:class:`Lay`) and a lead
with a second card laid face down (:class:`Lead`); how a move is read from its text and said in
words.

>>> from plateau_lab.kit.examples import WIMMULN
>>> parse_action("lay 3r over 5b", WIMMULN.description)
Lay(cards=(Card('3R'), Card('5B')))
"""

from __future__ import annotations

__all__ = ["HIDDEN", "Lay", "Lead", "describe", "lays", "parse_action"]

import re
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


@dataclass(frozen=True, slots=True)
class Lead:
    """A lead with a second card laid face down beside it (``TrickGame(face_down_lead=True)``),
    turned face up once every player has played to the trick: ``play 8P with 2L face down``."""

    card: Card
    face_down: Card

    def __str__(self) -> str:
        return f"play {self.card} with {self.face_down} face down"


#: ``play CARD with CARD face down``, any case and spacing.
_LEAD = re.compile(r"play (.+?) with (.+?) face down", re.IGNORECASE)


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


def parse_action(text: str, game: TrickGame, *, where: str = "action") -> Bid | Lay | Lead | Play:
    """A move from its text: ``bid N``, ``lay CARD over CARD``, ``play CARD`` or ``play CARD with
    CARD face down`` (any case and spacing), or ParseError.

    >>> from plateau_lab.kit.examples import SCHEMES
    >>> parse_action("Play 9p with 2l face  down", SCHEMES.description)
    Lead(card=Card('9P'), face_down=Card('2L'))
    """
    lead = _LEAD.fullmatch(" ".join(text.split())) if isinstance(text, str) else None
    if lead is not None:
        read = card_reader(game)
        return Lead(read(lead[1], where=where), read(lead[2], where=where))
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
    lead = " or 'play CARD with CARD face down' (a lead with a card face down)" if game.face_down_lead else ""
    raise ParseError(f"expected 'play CARD' (such as 'play {game.deck[-1]}')" + lead + bid + f", got {quoted(words)}",
                     where=where)


#: A move in the learner's words: ``bid 2 tricks``, ``play QH``, ``lay 3R over 5B``, ``play 9P with 2L face down``.
describe = describe_move
