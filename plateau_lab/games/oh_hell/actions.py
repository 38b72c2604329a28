"""The moves of Oh Hell: a bid (``bid 2``) and a card played to the trick (core's ``play QH``).

>>> parse_action("  BID 2 "), parse_action("play q h")
(Bid(tricks=2), Play(card=Card('QH')))
>>> str(Bid(0)), describe(Bid(1)), describe(parse_action("play 10S"))
('bid 0', 'bid 1 trick', 'play 10S')
"""

from __future__ import annotations

__all__ = ["ACTION_FORMS", "Action", "Bid", "Play", "describe", "parse_action"]

from dataclasses import dataclass

from plateau_lab.core import Play, ParseError, count_of, parse_play, parse_whole, quoted

from .cards import parse_card

ACTION_FORMS = "'bid N' (a number of tricks) or 'play CARD' (such as 'play QH')"


@dataclass(frozen=True, slots=True)
class Bid:
    """A player's bid: how many tricks he says he will win this hand (``bid 2``)."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


Action = Bid | Play


def parse_action(text: str, *, where: str = "action") -> Action:
    """A move from its text: ``bid N`` or ``play CARD`` (any case and spacing).

    >>> parse_action("bid two")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: a bid must be written in digits 0-9, got 'two'
    >>> parse_action("pass")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: expected 'bid N' (a number of tricks) or 'play CARD' (such as 'play QH'), got 'pass'
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
    raise ParseError(f"expected {ACTION_FORMS}, got {quoted(words)}", where=where)


def describe(action: Action) -> str:
    """A move in the learner's words (the registry's ``words``): a bid counts its tricks, a play is
    its text.

    >>> describe(Bid(3)), describe(Bid(0))
    ('bid 3 tricks', 'bid 0 tricks')
    """
    if isinstance(action, Bid):
        return f"bid {count_of(action.tricks, 'trick')}"
    return str(action)
