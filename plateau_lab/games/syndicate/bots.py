"""Heuristic bots for The Syndicate that read only what their seat may see, and the game's rules.

As mastermind a bot leads what it can defend: for every lead (with or without a face-down card) it
deals the unseen cards to the enforcers a few dozen times, lets them answer with their strongest
legal card, and picks the move with the most expected points, so a face-down card is played only
when it adds more safety than the points it costs. As an enforcer it plays its strongest counting
card unless the plot is already foiled, and otherwise gets rid of its weakest card. Every number it
weighs is the rule set's (``state.rules``): what each card counts, what a plot scores with and
without a face-down card, what the enforcers score when they foil it. The decisions are
:mod:`.heuristics`' (which the fast path asks too): a bot here writes its seat's observation as
card numbers and plays the legal action they choose.

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

from plateau_lab.core import check_whole

from .engine import State, enforcers_of
from .heuristics import CARD_NUMBERS, MAX_SAMPLES, SAMPLES, heuristic_answer, heuristic_lead, tables_for

__all__ = ["HeuristicBot", "CautiousBot"]


class HeuristicBot:
    """Leads what it can defend; as an enforcer, foils when it can and keeps strong cards otherwise.

    It reads only ``state.observation(seat)`` (its hand, the hand sizes, the discards, the table
    and its legal actions) and the game's rules (``state.rules``); ``seed`` seeds the sampling of
    the unseen cards, ``samples`` is how many deals of them it imagines before it leads.
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
        number, tables, table, legal = CARD_NUMBERS, tables_for(state.rules), seen["table"], seen["legal_actions"]
        if table is None:
            sizes = tuple(seen["hand_sizes"][seat] for seat in enforcers_of(seen["mastermind"]))
            return legal[heuristic_lead([number[card] for card in seen["hand"]],
                                        [number[card] for card in seen["discards"]], sizes, self._random, tables,
                                        self.samples, cautious=self.cautious)]
        return legal[heuristic_answer([number[action.card] for action in legal], number[table["lead"]],
                                      table["face_down"] is not None, [number[card] for card in table["answers"]],
                                      tables)]


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
