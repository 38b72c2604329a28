"""Heuristic bots for The Syndicate that read only what their seat may see, and the game's rules.

As mastermind a bot leads what it can defend: for every lead (with or without a face-down card) it
deals the unseen cards to the enforcers a few dozen times, lets them answer with their strongest
legal card, and picks the move with the most expected points, so a face-down card is played only
when it adds more safety than the points it costs. As an enforcer it plays its strongest counting
card unless the plot is already foiled, and otherwise gets rid of its weakest card. Every number it
weighs is the rule set's (``state.rules``): what each card counts, what a plot scores with and
without a face-down card, what the enforcers score when they foil it.

Two styles: :class:`HeuristicBot` (``"heuristic"``) counts only its own points as mastermind;
:class:`CautiousBot` (``"cautious"``) also counts the points the enforcers win when they foil its
plot, so the more a foiled plot gives them, the safer it leads.

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
from .rules import Rules

__all__ = ["SAMPLES", "MAX_SAMPLES", "FACE_DOWN_COST", "HeuristicBot", "CautiousBot", "strength"]


#: How many deals of the unseen cards the mastermind imagines before it leads.
SAMPLES = 24
#: The most deals it may be asked to imagine (a bound that keeps every decision short).
MAX_SAMPLES = 10_000
#: What a face-down card costs a lead's expected points: a card gone from the hand.
FACE_DOWN_COST = 0.15


def strength(card: Card, rules: Rules) -> tuple[int, int, str]:
    """The order in which a bot finds a card stronger than another: what it counts under ``rules``
    (an Ace: what it counts when led alone), then its rank, then its name.

    >>> from .cards import parse_card
    >>> from .rules import rules_of
    >>> author, rich_twos = parse_card("Author"), rules_of(3, {"card_points": (12, 3, 4, 5, 6, 7, 8, 9, 10)})
    >>> strength(author, rules_of(3, {})), strength(author, rich_twos)
    ((2, 2, 'Author'), (12, 2, 'Author'))
    """
    return rules.points_of(card), card.rank, card.name


class HeuristicBot:
    """Leads what it can defend; as an enforcer, foils when it can and keeps strong cards otherwise.

    It reads only ``state.observation(seat)`` (its hand, the hand sizes, the discards, the table
    and its legal actions) and the game's rules (``state.rules``); ``seed`` seeds the sampling of
    the unseen cards.
    """

    #: Whether a lead's value also takes away the points the enforcers win when they foil it.
    cautious = False

    def __init__(self, seed: int = 0, *, samples: int = SAMPLES):
        self.seed = seed
        self.samples = check_whole(samples, name="samples (the deals it imagines before it leads)", low=1,
                                   high=MAX_SAMPLES)
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def choose(self, state: State):
        seen = state.observation(state.current_player)
        if seen["table"] is None:
            return self._lead(seen, state.rules)
        return self._answer(seen, state.rules)

    def _lead(self, seen: dict, rules: Rules) -> Lead:
        hand = seen["hand"]
        unseen = [card for card in DECK if card not in hand and card not in seen["discards"]]
        sizes = [seen["hand_sizes"][seat] for seat in enforcers_of(seen["mastermind"])]
        deals = []
        for _ in range(self.samples):
            self._random.shuffle(unseen)
            deals.append((tuple(unseen[:sizes[0]]), tuple(unseen[sizes[0]:sizes[0] + sizes[1]])))
        best, best_value = None, float("-inf")
        for action in seen["legal_actions"]:
            expected = sum(self._points(action, deal, rules) for deal in deals) / len(deals)
            value = expected - (FACE_DOWN_COST if action.face_down else 0.0)
            if value > best_value:
                best, best_value = action, value
        return best

    def _points(self, action: Lead, deal: tuple[tuple[Card, ...], tuple[Card, ...]], rules: Rules) -> int:
        """The mastermind's points if the enforcers answer from ``deal`` with their strongest legal
        cards; a cautious bot takes away what each enforcer wins (its lead behind theirs)."""
        answers = tuple(_strongest(legal_answers(hand, action.card), action.card, rules) for hand in deal)
        mine, theirs = scheme_totals(action.card, action.face_down, answers, rules=rules)
        for_mastermind, for_enforcers = turn_points(mine, theirs, face_down_played=action.face_down is not None,
                                                    rules=rules)
        return for_mastermind - for_enforcers if self.cautious else for_mastermind

    @staticmethod
    def _answer(seen: dict, rules: Rules) -> Play:
        """Foil while the plot may still succeed: the lead's own points, and the most a card counts
        when a face-down card lies on the table, are the threat."""
        table = seen["table"]
        lead = table["lead"]
        options = [action.card for action in seen["legal_actions"]]
        counting = [card for card in options if shares_mark(card, lead)]
        hidden_at_most = rules.highest_card_points if table["face_down"] == "hidden" else 0
        threat = scheme_totals(lead, None, (), rules=rules)[0] + hidden_at_most
        already = scheme_totals(lead, None, table["answers"], rules=rules)[1]
        if counting and already <= threat:
            return Play(_strongest(counting, lead, rules))
        return Play(min(options, key=lambda card: (shares_mark(card, lead), *strength(card, rules))))


class CautiousBot(HeuristicBot):
    """The heuristic bot, but as mastermind it weighs a plot's points against what the enforcers
    win when they foil it: with more points for a foiled plot, it leads safer plots (a face-down
    card more often).

    >>> from plateau_lab.games import syndicate
    >>> from plateau_lab.core import play_out
    >>> play_out(syndicate.new_game(3, seed=2, foil_points=3), [CautiousBot(seed=s) for s in range(3)]).is_over
    True
    """

    cautious = True


def _strongest(cards, lead: Card, rules: Rules) -> Card:
    return max(cards, key=lambda card: (shares_mark(card, lead), *strength(card, rules)))
