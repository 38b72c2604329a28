"""A heuristic bot for Oh Hell that reads only what its seat may see, and plays to make its bid exactly.

It bids the tricks its high cards and trumps are likely to win (:func:`expected_tricks`), the
nearest legal bid when the hook rule forbids that number. In play, while it still needs tricks it
tries to win the trick as cheaply as it can; once its bid is made (or can no longer be made from
what it holds) it ducks, playing its highest card that still loses the trick.

>>> from plateau_lab.core import play_out
>>> from .state import new_game
>>> final = play_out(new_game(4, seed=3, tricks=5), [HeuristicBot(seed) for seed in range(4)])
>>> final.is_over, sum(final.observation(0)["tricks_won"])
(True, 5)
"""

from __future__ import annotations

__all__ = ["HeuristicBot", "card_strength", "expected_tricks"]

import random
from collections.abc import Sequence
from typing import Any

from plateau_lab.core import Play

from .actions import Action, Bid
from .cards import ACE, Card
from .rules import BID, trick_winner

#: What a card is worth to the bid, by rank from the ace down: a trump, and a card of another suit.
TRUMP_WORTH = {ACE: 1.0, ACE - 1: 0.9, ACE - 2: 0.7, ACE - 3: 0.5}
SIDE_WORTH = {ACE: 0.85, ACE - 1: 0.5, ACE - 2: 0.2}
#: A low trump wins now and then, by trumping a suit its holder lacks.
LOW_TRUMP_WORTH = 0.3


def card_strength(card: Card, trump: str) -> float:
    """How likely ``card`` is to win a trick, roughly: high trumps most, then aces and kings.

    >>> from .cards import parse_card
    >>> card_strength(parse_card("AS"), "H"), card_strength(parse_card("3H"), "H")
    (0.85, 0.3)
    """
    if card.suit == trump:
        return TRUMP_WORTH.get(card.rank, LOW_TRUMP_WORTH)
    return SIDE_WORTH.get(card.rank, 0.0)


def expected_tricks(hand: Sequence[Card], trump: str) -> float:
    """The tricks a hand should win: the sum of its cards' strengths (:func:`card_strength`).

    >>> from .cards import parse_card
    >>> expected_tricks([parse_card(text) for text in ("AH", "KS", "2C")], "H")
    1.5
    """
    return sum(card_strength(card, trump) for card in hand)


class HeuristicBot:
    """Bids what its cards should win and plays to win exactly that many tricks.

    It reads only ``state.observation(seat)``; ``seed`` breaks ties between two bids equally near
    the tricks it expects, so a bot with a given seed always plays alike.
    """

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed})"

    def choose(self, state: Any) -> Action:
        seen = state.observation(state.current_player)
        if seen["phase"] == BID:
            return self._bid(seen)
        return self._play(seen)

    def _bid(self, seen: dict) -> Bid:
        wanted = expected_tricks(seen["hand"], seen["trump"])
        distances = {action.tricks: abs(action.tricks - wanted) for action in seen["legal_actions"]}
        nearest = min(distances.values())
        return Bid(self._random.choice(sorted(bid for bid, distance in distances.items() if distance == nearest)))

    def _play(self, seen: dict) -> Play:
        seat, trump, trick = seen["seat"], seen["trump"], seen["trick"]
        options = [action.card for action in seen["legal_actions"]]
        still_needed = seen["bids"][seat] - seen["tricks_won"][seat]
        wants_tricks = 0 < still_needed <= len(seen["hand"])
        strength = {card: (card.suit == trump, card.rank) for card in options}
        if not trick:
            if wants_tricks:
                return Play(max(options, key=lambda card: (card_strength(card, trump), strength[card])))
            return Play(min(options, key=strength.__getitem__))
        winners = [card for card in options if trick_winner((*trick, (seat, card)), trump) == seat]
        losers = [card for card in options if card not in winners]
        if wants_tricks:
            return Play(min(winners, key=strength.__getitem__) if winners else min(options, key=strength.__getitem__))
        return Play(max(losers, key=strength.__getitem__) if losers else max(options, key=strength.__getitem__))
