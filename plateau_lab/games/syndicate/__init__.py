"""The Syndicate: a Decktet game for exactly three players (see ``engine`` for the rules).

>>> from plateau_lab.games import syndicate
>>> game = syndicate.new_game(3, seed=11)
>>> game.current_player, len(game.legal_actions())
(0, 25)
>>> syndicate.SPEC.option_names, syndicate.SPEC.bot_names
(('target',), ('random', 'heuristic', 'expert'))
"""

from .bots import SchemerBot
from .cards import DECK, Card, parse_card
from .engine import SPEC, Lead, Play, State, Turn, guaranteed_points, new_game, parse_action
from .scenario import scenario

__all__ = ["DECK", "SPEC", "Card", "Lead", "Play", "SchemerBot", "State", "Turn", "guaranteed_points", "new_game",
           "parse_action", "parse_card", "scenario"]
