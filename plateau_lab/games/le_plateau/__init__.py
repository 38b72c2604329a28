"""Le Plateau (Raymond Gallardo, 2021, CC BY-NC-SA 4.0): tarot tricks on a 37-hex board.

The public API: ``SPEC`` (the game's registry entry: player counts, options, bots),
``new_game``, ``scenario``, ``parse_card``, ``parse_action``, the cards, bids and actions, and the bots.

>>> game = new_game(3, seed=11)
>>> game.players, len(game.hands[0]), len(game.talon)
(3, 13, 3)
>>> [option.name for option in SPEC.options]
['hands', 'full_deck', 'french_excuse', 'positive_only', 'counter_sabotage', 'board', 'bid_values', 'team_step', 'minimum_bid', 'positive_multiples', 'zero_sum_multiples', 'two_player_piles', 'talon_size']
"""

from plateau_lab.core import DEAL, Deal, GameSpec, Option, Play

from .bidding import Bid, bid_value, legal_bids, minimum_value, parse_bid
from .bots import BoldBot, HeuristicBot
from .cards import ALL_CARDS, EXCUSE, Card, deck_for, parse_card, parse_cards
from .actions import (
    Abdicate,
    Action,
    Call,
    describe,
    Discard,
    Give,
    Keep,
    MakeBid,
    Pass,
    PickGroup,
    Raise,
    parse_action,
)
from .rules import (
    GAME,
    OPTIONS,
    HandResult,
    Rules,
    callable_cards,
    legal_plays,
    rules_of,
    trick_winner,
)
from .scenario import SCENARIO_EXCEPTIONS, scenario
from .state import State, new_game
from .scoring import hand_points

__all__ = ["SPEC", "Abdicate", "Action", "ALL_CARDS", "Bid", "BoldBot", "Call", "Card", "DEAL", "Deal", "Discard", "EXCUSE",
           "Give", "HandResult", "HeuristicBot", "OPTIONS", "Rules", "Keep", "MakeBid", "Pass", "PickGroup", "Play", "Raise",
           "SCENARIO_EXCEPTIONS", "State", "bid_value", "callable_cards", "deck_for", "hand_points", "legal_bids",
           "legal_plays", "minimum_value", "new_game", "parse_action", "parse_bid", "parse_card", "parse_cards",
           "rules_of", "scenario", "trick_winner"]


SPEC = GameSpec(
    name=GAME,
    title="Le Plateau",
    players=range(2, 7),
    default_players=4,
    options=OPTIONS,
    bots={"heuristic": HeuristicBot, "bold": BoldBot},
    tables=("players", "rounds"),
    render="plateau_lab.games.le_plateau.render",
    fast="plateau_lab.games.le_plateau.fast",
    expert_model="plateau_lab.games.le_plateau.expert_model",
    view="plateau_lab.games.le_plateau.view",
    guide="plateau_lab.games.le_plateau.guide",
    walkthrough="plateau_lab.ui.walkthroughs.le_plateau",
    words=describe,
    short_game=(4, {"hands": 4}),
)
