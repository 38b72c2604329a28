"""A heuristic bot for The Syndicate that reads only what its seat may see.

As mastermind it leads what it can defend: for every lead (with or without a face-down card) it
deals the unseen cards to the enforcers a few dozen times, lets them answer with their strongest
legal card, and picks the move with the most expected points, so a face-down card is played only
when it adds more safety than the point it costs. As an enforcer it plays its strongest counting
card unless the plot is already foiled, and otherwise gets rid of its weakest card.

>>> from plateau_lab.games import syndicate
>>> from plateau_lab.core import play_out
>>> play_out(syndicate.new_game(3, seed=2), [HeuristicBot(seed=s) for s in range(3)]).is_over
True
"""

from __future__ import annotations

import random

from plateau_lab.core import Play, check_whole

from .cards import DECK, Card
from .engine import Lead, State, enforcers_of, legal_answers, scheme_totals, shares_mark, turn_points

__all__ = ["SAMPLES", "MAX_SAMPLES", "FACE_DOWN_COST", "HeuristicBot"]


#: How many deals of the unseen cards the mastermind imagines before it leads.
SAMPLES = 24
#: The most deals it may be asked to imagine (a bound that keeps every decision short).
MAX_SAMPLES = 10_000
#: What a face-down card costs a lead's expected points: a card gone from the hand.
FACE_DOWN_COST = 0.15


class HeuristicBot:
    """Leads what it can defend; as an enforcer, foils when it can and keeps strong cards otherwise.

    It reads only ``state.observation(seat)`` (its hand, the hand sizes, the discards, the table
    and its legal actions); ``seed`` seeds the sampling of the unseen cards.
    """

    def __init__(self, seed: int = 0, *, samples: int = SAMPLES):
        self.seed = seed
        self.samples = check_whole(samples, name="samples (the deals it imagines before it leads)", low=1,
                                   high=MAX_SAMPLES)
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed})"

    def choose(self, state: State):
        seen = state.observation(state.current_player)
        if seen["table"] is None:
            return self._lead(seen)
        return self._answer(seen)

    def _lead(self, seen: dict) -> Lead:
        hand = seen["hand"]
        unseen = [card for card in DECK if card not in hand and card not in seen["discards"]]
        sizes = [seen["hand_sizes"][seat] for seat in enforcers_of(seen["mastermind"])]
        deals = []
        for _ in range(self.samples):
            self._random.shuffle(unseen)
            deals.append((tuple(unseen[:sizes[0]]), tuple(unseen[sizes[0]:sizes[0] + sizes[1]])))
        best, best_value = None, float("-inf")
        for action in seen["legal_actions"]:
            expected = sum(self._points(action, deal) for deal in deals) / len(deals)
            value = expected - (FACE_DOWN_COST if action.face_down else 0.0)
            if value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def _points(action: Lead, deal: tuple[tuple[Card, ...], tuple[Card, ...]]) -> int:
        answers = tuple(_strongest(legal_answers(hand, action.card), action.card) for hand in deal)
        mine, theirs = scheme_totals(action.card, action.face_down, answers)
        for_mastermind, _ = turn_points(mine, theirs, face_down_played=action.face_down is not None)
        return for_mastermind

    @staticmethod
    def _answer(seen: dict) -> Play:
        table = seen["table"]
        lead = table["lead"]
        options = [action.card for action in seen["legal_actions"]]
        counting = [card for card in options if shares_mark(card, lead)]
        threat = scheme_totals(lead, None, ())[0] + (10 if table["face_down"] == "hidden" else 0)
        already = scheme_totals(lead, None, table["answers"])[1]
        if counting and already <= threat:
            return Play(_strongest(counting, lead))
        return Play(min(options, key=lambda card: (shares_mark(card, lead), card.rank, card.name)))


def _strongest(cards, lead: Card) -> Card:
    return max(cards, key=lambda card: (shares_mark(card, lead), card.rank, card.name))
