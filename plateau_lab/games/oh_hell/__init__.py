"""Oh Hell, exactly as OpenSpiel's ``oh_hell`` defines it: one hand of 1 to 17 tricks for 3 to 7
players, where every player bids the tricks he will win and scores 10 more for winning exactly that.

>>> from plateau_lab.games import oh_hell
>>> state = oh_hell.new_game(4, seed=11, tricks=5)
>>> state.phase, len(state.hands[0]), state.current_player == (state.dealer + 1) % 4
('bid', 5, True)
>>> oh_hell.SPEC.name, oh_hell.SPEC.option_names
('oh_hell', ('tricks', 'points_per_trick', 'off_bid_penalty'))

The rules are in :mod:`.rules`, the moves in :mod:`.actions`, the position in :mod:`.state`,
positions written as text in :mod:`.scenario`.
"""

from plateau_lab.core import GameSpec, Option, Play

from .actions import Action, Bid, describe, parse_action
from .bots import HeuristicBot, card_strength, expected_tricks
from .cards import DECK, SUITS, Card, hand_order, parse_card
from .rules import (GAME, MADE_BID_BONUS, MAX_POINTS_PER_TRICK, PLAYERS, bidding_order, first_leader, hand_score, hook_bid, legal_bids, legal_plays,
                    max_tricks, trick_winner)
from .scenario import EXAMPLE_SCENARIO, scenario
from .state import State, new_game

__all__ = [
    "DECK", "EXAMPLE_SCENARIO", "MADE_BID_BONUS", "SPEC", "SUITS", "Action", "Bid", "Card", "HeuristicBot", "Play",
    "State", "bidding_order", "card_strength", "describe", "expected_tricks", "first_leader", "hand_order",
    "hand_score", "hook_bid", "legal_bids", "legal_plays", "max_tricks", "new_game", "parse_action", "parse_card",
    "scenario", "trick_winner",
]

#: Oh Hell's entry in the registry (see :class:`plateau_lab.core.GameSpec`).
SPEC = GameSpec(
    name=GAME,
    title="Oh Hell",
    players=PLAYERS,
    default_players=4,
    options=(
        Option("tricks", None, int,
               "the number of tricks of the hand, the cards dealt to each player (OpenSpiel's num_tricks_fixed); "
               "None: drawn from the seed, each number from 1 to the most equally likely, as OpenSpiel's chance "
               f"draws it; at most (52 - 1) // players: {', '.join(str(max_tricks(n)) for n in PLAYERS)} for "
               f"{PLAYERS.start} to {PLAYERS.stop - 1} players",
               low=1, high=max_tricks(PLAYERS.start), none=True),
        Option("points_per_trick", 1, int, "the points each trick won is worth (OpenSpiel's points_per_trick)",
               low=0, high=MAX_POINTS_PER_TRICK),
        Option("off_bid_penalty", False, bool,
               "OpenSpiel's off_bid_penalty: a player who misses his bid loses points_per_trick for every trick "
               "he is off, instead of scoring his tricks"),
    ),
    bots={"heuristic": HeuristicBot},
    tables=("players",),
    fast="plateau_lab.games.oh_hell.fast",
    expert_model="plateau_lab.games.oh_hell.expert_model",
    words=describe,
    view="plateau_lab.games.oh_hell.view",
    guide="plateau_lab.games.oh_hell.guide",
    short_game=(4, {"tricks": 8}),
)
