"""Heuristic bots for Oh Hell that read only what their seat may see and the hand's rules, and play
to make their bid exactly.

A bot bids the tricks its high cards and trumps are likely to win (:func:`expected_tricks`; the
highest cards of a suit are the deck's top ranks under the rules), the nearest legal bid when the
hook rule forbids that number. In play, while it still needs tricks it tries to win the trick as
cheaply as it can; once its bid is made (or can no longer be made from what it holds) it ducks,
playing its highest card that still loses the trick, unless the rules pay more for a trick than
for the exact bid (``points_per_trick`` above ``made_bid_bonus``, no ``off_bid_penalty``): then it
takes every trick it can.

Two styles (``SPEC.bots``): ``"heuristic"`` (:class:`HeuristicBot`) is cautious, and
``"bold"`` (:class:`BoldBot`) bids half a trick higher and, once its exact bid is lost, plays for
the points the rules still give (each trick's points, or a smaller penalty).

>>> from plateau_lab.core import play_out
>>> from .state import new_game
>>> final = play_out(new_game(4, seed=3, tricks=5), [HeuristicBot(seed) for seed in range(4)])
>>> final.is_over, sum(final.observation(0)["tricks_won"])
(True, 5)
"""

from __future__ import annotations

__all__ = ["BoldBot", "HeuristicBot", "card_strength", "expected_tricks", "wants_tricks"]

import random
from collections.abc import Sequence
from typing import Any

from plateau_lab.core import Play

from .actions import Action, Bid
from .cards import ACE, Card
from .rules import BID, Rules, trick_winner

#: What a card is worth to the bid, by rank from the suit's top card down: a trump, and a card of
#: another suit (with 13 cards per suit the top card is the ace).
TRUMP_WORTH = (1.0, 0.9, 0.7, 0.5)
SIDE_WORTH = (0.85, 0.5, 0.2)
#: A low trump wins now and then, by trumping a suit its holder lacks.
LOW_TRUMP_WORTH = 0.3
#: How many tricks more than its cards should win the bold bot reckons on when it bids.
BOLD_EXTRA = 0.5


def card_strength(card: Card, trump: str, top_rank: int = ACE) -> float:
    """How likely ``card`` is to win a trick, roughly: high trumps most, then the top cards of the
    other suits (``top_rank``: the highest rank of the deck, the ace unless the rules shorten the suits).

    >>> from .cards import parse_card
    >>> card_strength(parse_card("AS"), "H"), card_strength(parse_card("3H"), "H")
    (0.85, 0.3)
    >>> card_strength(parse_card("6S"), "H", top_rank=6)
    0.85
    """
    below_top = top_rank - card.rank
    if card.suit == trump:
        return TRUMP_WORTH[below_top] if below_top < len(TRUMP_WORTH) else LOW_TRUMP_WORTH
    return SIDE_WORTH[below_top] if below_top < len(SIDE_WORTH) else 0.0


def expected_tricks(hand: Sequence[Card], trump: str, top_rank: int = ACE) -> float:
    """The tricks a hand should win: the sum of its cards' strengths (:func:`card_strength`).

    >>> from .cards import parse_card
    >>> expected_tricks([parse_card(text) for text in ("AH", "KS", "2C")], "H")
    1.5
    """
    return sum(card_strength(card, trump, top_rank) for card in hand)


def wants_tricks(needed: int, cards_left: int, rules: Rules, *, bold: bool = False) -> bool:
    """Whether a bot plays to win the trick: while its exact bid can still be made (``needed``
    tricks more, from ``cards_left`` cards), always; otherwise only when a trick pays more than
    the exact bid (``points_per_trick`` above ``made_bid_bonus`` and no ``off_bid_penalty``).
    A bold bot whose bid is lost also plays for what each trick still gives: its points, or one
    trick less of penalty when it is short of its bid.

    >>> from .rules import rules_of
    >>> rulebook, greedy = rules_of(4, {}), rules_of(4, {"made_bid_bonus": 0})
    >>> wants_tricks(1, 3, rulebook), wants_tricks(0, 3, rulebook), wants_tricks(0, 3, greedy)
    (True, False, True)
    >>> wants_tricks(-1, 3, rulebook), wants_tricks(-1, 3, rulebook, bold=True)
    (False, True)
    """
    if 0 < needed <= cards_left:
        return True
    if not rules.off_bid_penalty and rules.points_per_trick > rules.made_bid_bonus:
        return True
    if not bold or needed == 0 or not rules.points_per_trick:
        return False
    return needed > 0 or not rules.off_bid_penalty


class HeuristicBot:
    """Bids what its cards should win and plays to win exactly that many tricks (cautious).

    It reads only ``state.observation(seat)`` and the hand's rules (``state.rules``, known to every
    seat); ``seed`` breaks ties between two bids equally near the tricks it expects, so a bot with a
    given seed always plays alike.
    """

    #: Tricks reckoned on above what the cards should win.
    extra = 0.0
    bold = False

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def choose(self, state: Any) -> Action:
        seen = state.observation(state.current_player)
        if seen["phase"] == BID:
            return self._bid(seen, state.rules)
        return self._play(seen, state.rules)

    def _bid(self, seen: dict, rules: Rules) -> Bid:
        wanted = expected_tricks(seen["hand"], seen["trump"], rules.top_rank) + self.extra
        distances = {action.tricks: abs(action.tricks - wanted) for action in seen["legal_actions"]}
        nearest = min(distances.values())
        return Bid(self._random.choice(sorted(bid for bid, distance in distances.items() if distance == nearest)))

    def _play(self, seen: dict, rules: Rules) -> Play:
        seat, trump, trick = seen["seat"], seen["trump"], seen["trick"]
        options = [action.card for action in seen["legal_actions"]]
        still_needed = seen["bids"][seat] - seen["tricks_won"][seat]
        wants = wants_tricks(still_needed, len(seen["hand"]), rules, bold=self.bold)
        strength = {card: (card.suit == trump, card.rank) for card in options}
        if not trick:
            if wants:
                return Play(max(options, key=lambda card: (card_strength(card, trump, rules.top_rank), strength[card])))
            return Play(min(options, key=strength.__getitem__))
        winners = [card for card in options if trick_winner((*trick, (seat, card)), trump) == seat]
        losers = [card for card in options if card not in winners]
        if wants:
            return Play(min(winners, key=strength.__getitem__) if winners else min(options, key=strength.__getitem__))
        return Play(max(losers, key=strength.__getitem__) if losers else max(options, key=strength.__getitem__))


class BoldBot(HeuristicBot):
    """Bids half a trick above what its cards should win, and once its exact bid is lost plays for
    the points each trick still gives under the rules (see :func:`wants_tricks`).

    >>> from plateau_lab.core import play_out
    >>> from .state import new_game
    >>> play_out(new_game(4, seed=3, tricks=5), [BoldBot(seed) for seed in range(4)]).is_over
    True
    """

    extra = BOLD_EXTRA
    bold = True
