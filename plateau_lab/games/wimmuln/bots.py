"""Heuristic Wimmüln players: they estimate from their hand, then play to hit their estimate.

Both read the game's rules (``state.rules``): the bonus table decides which cross is worth
laying, the hand size how many tricks there are to win. The steady player (:class:`HeuristicBot`,
``"heuristic"``) trusts its reading of its hand as far as it goes; the cautious one
(:class:`CautiousBot`, ``"cautious"``) expects its tricks to come out further from its reckoning,
so it prefers a cross whose two numbers cover more of the likely counts. The decisions are
:mod:`.heuristics`' (which the fast path asks too): a bot here writes its hand and the trick as
card numbers and plays the move they choose.

>>> from plateau_lab.games import wimmuln
>>> from plateau_lab.core import play_out
>>> final = play_out(wimmuln.new_game(4, seed=2, rounds=1), [HeuristicBot() for _ in range(4)])
>>> final.is_over, sum(final.round_results[0].tricks)
(True, 13)
"""

from __future__ import annotations

from collections.abc import Sequence

from plateau_lab.core import DEAL

from .cards import COLOURS, Card
from .engine import ESTIMATE, OPEN, ROUND_OVER, Estimate, State, beats
from .heuristics import (CAUTIOUS_SPREAD, SPREAD, code, heuristic_card, heuristic_cross, heuristic_open, wants_trick,
                         winning_chances)
from .scoring import Bonuses

__all__ = ["estimate_tricks", "best_cross", "HeuristicBot", "CautiousBot"]


def _trump_index(trump: str | None) -> int:
    return -1 if trump is None else COLOURS.index(trump)


def estimate_tricks(hand: Sequence[Card], trump: str | None, players: int) -> float:
    """The tricks a hand is expected to win: the sum of its cards' winning chances
    (:func:`.heuristics.winning_chance`).

    >>> from plateau_lab.games.wimmuln.cards import card
    >>> round(estimate_tricks([card(9, "red"), card(8, "blue"), card(0, "green")], "blue", 4), 2)
    1.6
    """
    chances = winning_chances(players, _trump_index(trump))
    return sum(chances[code(card)] for card in hand)


def best_cross(hand: Sequence[Card], trump: str | None, players: int, tricks: int, bonuses: Bonuses = Bonuses(),
               spread: float = SPREAD) -> Estimate:
    """The cross with the best expected bonus under the bonus table ``bonuses`` (the rule set's),
    the hand's expected tricks counted without the two cards laid (they take no tricks): the
    cross :func:`.heuristics.heuristic_cross` lays from the hand, sorted as the engine holds it.

    >>> from plateau_lab.games.wimmuln.cards import card
    >>> str(best_cross([card(9, "red"), card(8, "blue"), card(0, "green"), card(3, "blue")], "blue", 4, 3))
    'lay 3 blue over 0 green'
    """
    _, top, bottom = heuristic_cross(tuple(sorted(map(code, hand))), players, _trump_index(trump), tricks, bonuses,
                                     spread)
    return Estimate(Card(top // 10, top % 10), Card(bottom // 10, bottom % 10))


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
        if state.phase == ESTIMATE:
            return best_cross(state.hands[seat], state.trump, state.players, state.tricks_per_round, state.rules.bonuses,
                              self.spread)
        legal = state.legal_actions()
        choices = [code(action.card) for action in legal]
        if state.phase == OPEN:
            return legal[choices.index(heuristic_open(choices))]
        best = -1
        if state.trick:
            winner = state.trick[0][1]
            for _, played in state.trick[1:]:
                if beats(played, winner, state.trump):
                    winner = played
            best = code(winner)
        cross = state.estimates[seat]
        wanted = wants_trick(state.tricks_won[seat], (cross.top.number, cross.bottom.number))
        return legal[choices.index(heuristic_card(choices, best, _trump_index(state.trump), wanted))]

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
