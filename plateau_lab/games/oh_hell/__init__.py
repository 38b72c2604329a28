"""Oh Hell, exactly as OpenSpiel's ``oh_hell`` defines it: one hand of 1 to 17 tricks for 3 to 7
players, where every player bids the tricks he will win and scores 10 more for winning exactly that.

>>> from plateau_lab.games import oh_hell
>>> state = oh_hell.new_game(4, seed=11, tricks=5)
>>> state.phase, len(state.hands[0]), state.current_player == (state.dealer + 1) % 4
('bid', 5, True)
>>> oh_hell.SPEC.name, oh_hell.SPEC.option_names
('oh_hell', ('tricks', 'points_per_trick', 'off_bid_penalty', 'made_bid_bonus', 'hook_rule', 'suits', 'cards_per_suit'))

The rules are in :mod:`.rules`, the moves in :mod:`.actions`, the position in :mod:`.state`,
positions written as text in :mod:`.scenario`.
"""

from plateau_lab.core import GameSpec, Play

from .actions import Action, Bid, describe, parse_action
from .bots import BoldBot, HeuristicBot, card_strength, expected_tricks
from .cards import DECK, SUITS, Card, hand_order, parse_card
from .rules import (GAME, MADE_BID_BONUS, OPTIONS, PLAYERS, Rules, bidding_order, first_leader, hand_score, hook_bid,
                    legal_bids, legal_plays, max_tricks, rules_of, trick_winner)
from .scenario import EXAMPLE_SCENARIO, scenario
from .state import State, new_game

__all__ = [
    "DECK", "EXAMPLE_SCENARIO", "MADE_BID_BONUS", "OPTIONS", "Rules", "SPEC", "SUITS", "Action", "Bid", "BoldBot", "Card", "HeuristicBot", "Play",
    "State", "bidding_order", "card_strength", "describe", "expected_tricks", "first_leader", "hand_order",
    "hand_score", "hook_bid", "legal_bids", "legal_plays", "max_tricks", "new_game", "parse_action", "parse_card",
    "rules_of", "scenario", "trick_winner",
]

#: Oh Hell's entry in the registry (see :class:`plateau_lab.core.GameSpec`).
SPEC = GameSpec(
    name=GAME,
    title="Oh Hell",
    players=PLAYERS,
    default_players=4,
    options=OPTIONS,
    bots={"heuristic": HeuristicBot, "bold": BoldBot},
    tables=("players",),
    render="plateau_lab.games.oh_hell.render",
    fast="plateau_lab.games.oh_hell.fast",
    expert_model="plateau_lab.games.oh_hell.expert_model",
    words=describe,
    view="plateau_lab.games.oh_hell.view",
    guide="plateau_lab.games.oh_hell.guide",
    short_game=(4, {"tricks": 8}),
)
