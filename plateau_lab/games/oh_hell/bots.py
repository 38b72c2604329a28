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
the points the rules still give (each trick's points, or a smaller penalty). The decisions are
:mod:`.heuristics`' (which the fast path asks too): a bot here writes its hand and the trick as card
numbers and plays the move they choose.

>>> from plateau_lab.core import play_out
>>> from .state import new_game
>>> final = play_out(new_game(4, seed=3, tricks=5), [HeuristicBot(seed) for seed in range(4)])
>>> final.is_over, sum(final.observation(0)["tricks_won"])
(True, 5)
"""

from __future__ import annotations

__all__ = ["BoldBot", "HeuristicBot", "card_strength", "expected_tricks", "wants_tricks"]

import random
from typing import Any

from plateau_lab.core.fastrandom import choice_index

from .actions import Action
from .cards import SUITS
from .heuristics import BOLD_EXTRA, CODES, card_strength, expected_tricks, heuristic_bid, heuristic_play, wants_tricks
from .rules import BID, Rules, trick_winner


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

    def _bid(self, seen: dict, rules: Rules) -> Action:
        legal = seen["legal_actions"]
        offered = [action.tricks for action in legal]
        forbidden = next((bid for bid in range(seen["tricks"] + 1) if bid not in offered), -1)
        bid = heuristic_bid([CODES[card] for card in seen["hand"]], SUITS.index(seen["trump"]), seen["tricks"],
                            forbidden, lambda ties: choice_index(self._random.getrandbits, ties),
                            top_rank=rules.top_rank, extra=self.extra)
        return legal[offered.index(bid)]

    def _play(self, seen: dict, rules: Rules) -> Action:
        seat, trump, trick, legal = seen["seat"], seen["trump"], seen["trick"], seen["legal_actions"]
        wants = wants_tricks(seen["bids"][seat] - seen["tricks_won"][seat], len(seen["hand"]), rules, bold=self.bold)
        best = CODES[dict(trick)[trick_winner(trick, trump)]] if trick else -1
        options = [CODES[action.card] for action in legal]
        return legal[heuristic_play(options, 0, len(options), best, SUITS.index(trump), wants, rules.top_rank)]


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
