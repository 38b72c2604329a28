"""The moves of Oh Hell: a bid (``bid 2``) and a card played to the trick (core's ``play QH``).

>>> parse_action("  BID 2 "), parse_action("play q h")
(Bid(tricks=2), Play(card=Card('QH')))
>>> str(Bid(0)), describe(Bid(1)), describe(parse_action("play 10S"))
('bid 0', 'bid 1 trick', 'play 10S')
"""

from __future__ import annotations

__all__ = ["ACTION_FORMS", "Action", "Bid", "Play", "describe", "parse_action"]

from plateau_lab.core import Play, ParseError, quoted
from plateau_lab.core.tricks import Bid, describe_move, parse_bid_or_play

from .cards import parse_card

ACTION_FORMS = "'bid N' (a number of tricks) or 'play CARD' (such as 'play QH')"

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
    action = parse_bid_or_play(text, parse_card, where=where)
    if action is None:
        raise ParseError(f"expected {ACTION_FORMS}, got {quoted(' '.join(text.split()))}", where=where)
    return action


#: A move in the learner's words (the registry's ``words``): a bid counts its tricks, a play is its
#: text (``describe(Bid(3))`` is ``'bid 3 tricks'``).
describe = describe_move
