"""Heuristic Wimmüln players: they estimate from their hand, then play to hit their estimate.

Both read the game's rules (``state.rules``): the bonus table decides which cross is worth
laying, the hand size how many tricks there are to win. The steady player (:class:`HeuristicBot`,
``"heuristic"``) trusts its reading of its hand as far as it goes; the cautious one
(:class:`CautiousBot`, ``"cautious"``) expects its tricks to come out further from its reckoning,
so it prefers a cross whose two numbers cover more of the likely counts.

>>> from plateau_lab.games import wimmuln
>>> from plateau_lab.core import play_out
>>> final = play_out(wimmuln.new_game(4, seed=2, rounds=1), [HeuristicBot() for _ in range(4)])
>>> final.is_over, sum(final.round_results[0].tricks)
(True, 13)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from plateau_lab.core import DEAL, Play

from .cards import Card
from .engine import (
    ESTIMATE, OPEN, ROUND_OVER, Estimate, Open, State, beats, bonus, legal_estimates,
)
from .scoring import Bonuses

__all__ = ["SPREAD", "CAUTIOUS_SPREAD", "winning_chance", "estimate_tricks", "expected_bonus", "best_cross",
           "HeuristicBot", "CautiousBot"]


#: How far the steady player expects its tricks to come out from its reckoning (a bell curve's width).
SPREAD = 1.2
#: The cautious player's.
CAUTIOUS_SPREAD = 2.0


# How likely a card is to win a trick, by number: a trump, and a card of another colour.
_TRUMP_CHANCE = (0.3, 0.3, 0.3, 0.3, 0.35, 0.45, 0.55, 0.7, 0.85, 0.95)
_PLAIN_CHANCE = (0.0, 0.0, 0.02, 0.03, 0.04, 0.06, 0.15, 0.35, 0.55, 0.75)


def winning_chance(card: Card, trump: str | None, players: int) -> float:
    """A rough chance that ``card`` wins a trick: high cards and trumps win; the more players,
    the more likely someone holds a higher one."""
    table = _TRUMP_CHANCE if card.colour == trump else _PLAIN_CHANCE
    return table[card.number] * min(1.0, 4 / players)


def estimate_tricks(hand: Sequence[Card], trump: str | None, players: int) -> float:
    """The tricks a hand is expected to win: the sum of its cards' winning chances.

    >>> from plateau_lab.games.wimmuln.cards import card
    >>> round(estimate_tricks([card(9, "red"), card(8, "blue"), card(0, "green")], "blue", 4), 2)
    1.6
    """
    return sum(winning_chance(card, trump, players) for card in hand)


def expected_bonus(cross: Estimate, expected: float, tricks: int, spread: float = SPREAD,
                   bonuses: Bonuses = Bonuses()) -> float:
    """The bonus a cross earns on average under the bonus table ``bonuses`` (the rule set's) when
    the tricks won are spread around ``expected``.

    >>> from plateau_lab.games.wimmuln.cards import card
    >>> pair = Estimate(card(3, "red"), card(3, "blue"))
    >>> round(expected_bonus(pair, 3.0, 10), 1), round(expected_bonus(pair, 3.0, 10, bonuses=Bonuses(pair=60)), 1)
    (8.3, 20.0)
    """
    weights = [math.exp(-((won - expected) ** 2) / (2 * spread ** 2)) for won in range(tricks + 1)]
    total = sum(weights)
    return sum(weight * bonus(cross.top.number, cross.bottom.number, won, bonuses)
               for won, weight in enumerate(weights)) / total


def best_cross(hand: Sequence[Card], trump: str | None, players: int, tricks: int, bonuses: Bonuses = Bonuses(),
               spread: float = SPREAD) -> Estimate:
    """The cross with the best expected bonus under the bonus table ``bonuses`` (the rule set's),
    the hand's expected tricks counted without the two cards laid (they take no tricks)."""
    expected = estimate_tricks(hand, trump, players)

    def value(cross: Estimate) -> float:
        rest = expected - winning_chance(cross.top, trump, players) - winning_chance(cross.bottom, trump, players)
        return expected_bonus(cross, rest, tricks, spread, bonuses)

    return max(legal_estimates(hand), key=value)


class HeuristicBot:
    """Estimates from its hand (``best_cross``, under the game's bonus table), then tries to win
    exactly its face-up number of tricks (or the face-down one once the face-up one is out of
    reach): it wins with its lowest winning card while short, and ducks with its highest losing
    card once there.
    """

    #: How far it expects its tricks to come out from its reckoning.
    spread = SPREAD

    def __init__(self, seed: int = 0):
        """``seed`` is taken like every registered bot's, and unused: this bot works every choice out
        from the position and draws no random numbers."""

    def choose(self, state: State):
        if state.phase == ROUND_OVER:
            return DEAL
        seat = state.current_player
        hand = state.hands[seat]
        if state.phase == OPEN:
            return Open(min(hand, key=lambda card: (winning_chance(card, None, state.players), card.number)))
        if state.phase == ESTIMATE:
            return best_cross(hand, state.trump, state.players, state.tricks_per_round, state.rules.bonuses,
                              self.spread)
        cards = [action.card for action in state.legal_actions()]
        return Play(self._card_to_play(state, seat, cards))

    def _card_to_play(self, state: State, seat: int, cards: list[Card]) -> Card:
        wanted = self._wants_trick(state, seat)
        if not state.trick:
            strength = sorted(cards, key=lambda card: (card.colour == state.trump, card.number))
            return strength[-1] if wanted else strength[0]
        best = state.trick[0][1]
        for _, played in state.trick[1:]:
            if beats(played, best, state.trump):
                best = played
        winning = sorted((c for c in cards if beats(c, best, state.trump)), key=lambda c: c.number)
        losing = sorted((c for c in cards if not beats(c, best, state.trump)), key=lambda c: c.number)
        if wanted:
            return winning[0] if winning else losing[0]
        return losing[-1] if losing else winning[-1]

    @staticmethod
    def _wants_trick(state: State, seat: int) -> bool:
        """Short of the face-up number (or, past it, of the face-down one): win. Past both: win
        triangles anyway, since no bonus is left to protect."""
        won = state.tricks_won[seat]
        cross = state.estimates[seat]
        goals = [number for number in (cross.top.number, cross.bottom.number) if number >= won]
        return not goals or won < goals[0]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class CautiousBot(HeuristicBot):
    """The heuristic player, less sure of its reckoning: it expects its tricks to come out further
    from what its hand promises, so a cross of two numbers near its count (each one a chance at a
    bonus) weighs more against a cross that pays well for one count alone. It plays its tricks as
    the steady player does.

    >>> from plateau_lab.games import wimmuln
    >>> from plateau_lab.core import play_out
    >>> final = play_out(wimmuln.new_game(4, seed=2, rounds=1), [CautiousBot() for _ in range(4)])
    >>> final.is_over, repr(CautiousBot())
    (True, 'CautiousBot()')
    """

    spread = CAUTIOUS_SPREAD
