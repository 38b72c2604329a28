"""Wimmüln (Doris Matthäus & Frank Nestel, 1995): a trick-taking game where every player
estimates twice, with a cross of two cards, how many tricks he will win.

>>> from plateau_lab.games import wimmuln
>>> state = wimmuln.new_game(3, seed=5)
>>> len(state.colours), state.hand_size, state.tricks_per_round
(3, 12, 10)
"""

from .bots import CrossReport, HeuristicBot, best_cross, estimate_tricks, evaluate_cross, redealt
from .cards import COLOURS, DECK, Card, card, deck, parse_card, triangles_on
from .engine import (
    DEAL, Deal, Estimate, Open, Play, RoundResult, State, beats, bonus, bonus_with_reason, colours_in_play, deal, face_up_card,
    game_ends, legal_estimates, legal_plays, new_game, next_dealer, parse_action, round_points, scenario,
    trick_winner, trump_colour,
)

__all__ = [
    "COLOURS", "DECK", "Card", "CrossReport", "DEAL", "Deal", "best_cross", "evaluate_cross", "redealt", "Estimate", "HeuristicBot", "Open", "Play", "RoundResult", "State",
    "beats", "bonus", "bonus_with_reason", "card", "colours_in_play", "deal", "deck", "estimate_tricks", "face_up_card",
    "game_ends", "legal_estimates", "legal_plays", "new_game", "next_dealer", "parse_action", "parse_card",
    "round_points", "scenario", "trick_winner", "triangles_on", "trump_colour",
]
