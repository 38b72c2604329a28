"""What trick-taking games share beyond playing a card (:class:`~.state.Play`): a bid of a number of
tricks, the text of a bid or a card played, and the usual rule of who takes a trick.

>>> read_card = lambda word, where: word.upper()
>>> parse_bid_or_play("  BID 2 ", read_card, where="action"), parse_bid_or_play("play qh", read_card, where="action")
(Bid(tricks=2), Play(card='QH'))
>>> str(Bid(0)), describe_move(Bid(1))
('bid 0', 'bid 1 trick')
"""

from __future__ import annotations

__all__ = ["Bid", "describe_move", "parse_bid_or_play", "trick_taker"]

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import count_of
from .parsing import parse_whole
from .state import Play, parse_play


@dataclass(frozen=True, slots=True)
class Bid:
    """A player's bid: how many tricks he says he will win this hand (``bid 2``)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


def parse_bid_or_play(text: str, parse_card: Callable[..., Any], *, where: str) -> Bid | Play | None:
    """``Bid`` for the text ``bid N``, ``Play`` for ``play CARD`` (any case and spacing; ``parse_card``
    reads the card), None for any other text; ParseError for a bid that is not a whole number.

    >>> parse_bid_or_play("bid two", str, where="action")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: a bid must be written in digits 0-9, got 'two'
    >>> parse_bid_or_play("pass", str, where="action") is None
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is text such as 'bid 2' or 'play QH', not {type(text).__name__}")
    words = " ".join(text.split())
    play = parse_play(words, parse_card, where=where)
    if play is not None:
        return play
    verb, _, rest = words.partition(" ")
    if verb.casefold() == "bid":
        return Bid(parse_whole(rest, where=where, name="a bid"))
    return None


def describe_move(action: Any) -> str:
    """A move in the learner's words: a bid counts its tricks, any other move is its text.

    >>> describe_move(Bid(3)), describe_move(Bid(0)), describe_move(Play("QH"))
    ('bid 3 tricks', 'bid 0 tricks', 'play QH')
    """
    if isinstance(action, Bid):
        return f"bid {count_of(action.tricks, 'trick')}"
    return str(action)


def trick_taker(trick: Sequence[tuple[int, Any]], trumps: str | None, strength: Callable[[Any], int]) -> int:
    """The seat whose card takes ``trick`` ((seat, card), … in the order played; a card has a
    ``suit``), or is taking it so far: the highest trump if any trump was played, else the highest
    card of the suit led, by ``strength``; of equal cards, the first played. ``trumps`` None: no trumps.

    >>> from collections import namedtuple
    >>> Card = namedtuple("Card", "suit rank")
    >>> trick = ((0, Card("D", 9)), (1, Card("C", 14)), (2, Card("D", 12)))
    >>> trick_taker(trick, None, strength=lambda card: card.rank), trick_taker(trick, "C", lambda card: card.rank)
    (2, 1)
    """
    best_seat, best = trick[0]
    best_strength = strength(best)
    for seat, card in trick[1:]:
        if card.suit == best.suit:
            if strength(card) > best_strength:
                best_seat, best, best_strength = seat, card, strength(card)
        elif card.suit == trumps:
            best_seat, best, best_strength = seat, card, strength(card)
    return best_seat
