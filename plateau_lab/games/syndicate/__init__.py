"""The Syndicate: a Decktet game for exactly three players (see ``engine`` for the rules).

>>> from plateau_lab.games import syndicate
>>> game = syndicate.new_game(3, seed=11)
>>> game.current_player, len(game.legal_actions())
(0, 25)
>>> syndicate.SPEC.option_names, syndicate.SPEC.bot_names
(('target',), ('random', 'heuristic'))
"""

from plateau_lab.core import GameSpec, Option

from .bots import HeuristicBot
from .cards import DECK, Card, parse_card
from .engine import (GAME, MAX_TARGET, PLAYERS, WINNING_SCORE, Lead, Play, State, Turn, describe, guaranteed_points,
                     new_game, parse_action)
from .scenario import scenario

__all__ = ["DECK", "SPEC", "Card", "HeuristicBot", "Lead", "Play", "State", "Turn", "guaranteed_points", "new_game",
           "parse_action", "parse_card", "scenario"]

#: The Syndicate's entry in the registry (see :class:`plateau_lab.core.GameSpec`).
SPEC = GameSpec(
    name=GAME,
    title="The Syndicate",
    players=range(PLAYERS, PLAYERS + 1),
    default_players=PLAYERS,
    options=(
        Option("target", WINNING_SCORE, int,
               f"the score that wins (the rulebook's {WINNING_SCORE}); at most {MAX_TARGET} (a game of about 90 "
               "turns), so that every game, and every simulation, ends",
               low=1, high=MAX_TARGET),
    ),
    bots={"heuristic": HeuristicBot},
    tables=("players",),
    fast="plateau_lab.games.syndicate.fast",
    expert_model="plateau_lab.games.syndicate.expert_model",
    view="plateau_lab.games.syndicate.view",
    guide="plateau_lab.games.syndicate.guide",
    walkthrough="plateau_lab.games.syndicate.walkthrough",
    words=describe,
    short_game=(3, {"target": 4}),
)
