"""Wimmüln (Doris Matthäus & Frank Nestel, 1995): a trick-taking game where every player
estimates twice, with a cross of two cards, how many tricks he will win.

>>> from plateau_lab.games import wimmuln
>>> state = wimmuln.new_game(3, seed=5)
>>> len(state.colours), state.hand_size, state.tricks_per_round
(3, 12, 10)
>>> wimmuln.SPEC.option_names[:4], wimmuln.SPEC.tables
(('target', 'rounds', 'colours_removed', 'hand_size'), ('players', 'rounds'))
"""

from plateau_lab.core import DEAL, Deal, GameSpec, Play

from .analysis import CrossReport, evaluate_cross, redealt
from .bots import CautiousBot, HeuristicBot, best_cross, estimate_tricks
from .cards import COLOURS, DECK, Card, card, copies, deck, parse_card, triangles_on
from .engine import (
    GAME, PLAYERS, Estimate, Open, RoundResult, State, beats, bonus, bonus_with_reason,
    colours_in_play, deal, describe, face_up_card, full_hand, game_ends, legal_estimates, legal_plays, new_game,
    next_dealer, parse_action, round_points, trick_winner, trump_colour,
)
from .rules import OPTIONS, Rules, rules_of
from .scenario import SCENARIO_EXCEPTIONS, scenario
from .scoring import Bonuses

__all__ = [
    "Bonuses", "COLOURS", "DECK", "DEAL", "OPTIONS", "PLAYERS", "SCENARIO_EXCEPTIONS", "SPEC", "Card", "CautiousBot",
    "CrossReport", "Deal", "Estimate", "HeuristicBot", "Open", "Play", "RoundResult", "Rules", "State", "beats",
    "best_cross", "bonus", "bonus_with_reason", "card", "colours_in_play", "copies", "deal", "deck", "estimate_tricks",
    "evaluate_cross", "face_up_card", "full_hand", "game_ends", "legal_estimates", "legal_plays", "new_game",
    "next_dealer", "parse_action", "parse_card", "redealt", "round_points", "rules_of", "scenario", "trick_winner",
    "triangles_on", "trump_colour",
]


SPEC = GameSpec(
    name=GAME,
    title="Wimmüln",
    players=PLAYERS,
    default_players=4,
    options=OPTIONS,
    bots={"heuristic": HeuristicBot, "cautious": CautiousBot},
    tables=("players", "rounds"),
    render="plateau_lab.games.wimmuln.render",
    fast="plateau_lab.games.wimmuln.fast",
    expert_model="plateau_lab.games.wimmuln.expert_model",
    view="plateau_lab.games.wimmuln.view",
    guide="plateau_lab.games.wimmuln.guide",
    walkthrough="plateau_lab.ui.walkthroughs.wimmuln",
    words=describe,
    short_game=(4, {"rounds": 1}),
)
