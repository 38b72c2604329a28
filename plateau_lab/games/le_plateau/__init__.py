"""Le Plateau (Raymond Gallardo, 2021, CC BY-NC-SA 4.0): tarot tricks on a 37-hex board.

The public API: ``new_game``, ``scenario``, ``parse_card``, ``parse_action``, the cards, bids and
actions, and the bots.

>>> game = new_game(3, seed=11)
>>> game.players, len(game.hands[0]), len(game.talon)
(3, 13, 3)
"""

from .bidding import Bid, bid_value, legal_bids, minimum_value, parse_bid
from .cards import ALL_CARDS, EXCUSE, Card, deck_for, parse_card, parse_cards
from .engine import (
    Abdicate,
    Action,
    Call,
    Deal,
    Discard,
    Give,
    HandResult,
    Keep,
    MakeBid,
    Pass,
    PickGroup,
    Play,
    Raise,
    State,
    callable_cards,
    legal_plays,
    new_game,
    parse_action,
    scenario,
    trick_winner,
)
from .scoring import hand_points

__all__ = ["Abdicate", "Action", "ALL_CARDS", "Bid", "Call", "Card", "Deal", "Discard", "EXCUSE", "Give",
           "HandResult", "Keep", "MakeBid", "Pass", "PickGroup", "Play", "Raise", "State", "bid_value",
           "callable_cards", "deck_for", "hand_points", "legal_bids", "legal_plays", "minimum_value", "new_game",
           "parse_action", "parse_bid", "parse_card", "parse_cards", "scenario", "trick_winner"]
