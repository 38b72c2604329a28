"""Plotters Inc.: a trick-taking game for 4 to 6 players where High and Low split every trick.

>>> from plateau_lab.games import plotters
>>> game = plotters.new_game(4, seed=3)
>>> game.current_player, len(game.legal_actions())
(1, 14)
>>> plotters.SPEC.players, plotters.SPEC.tables
(range(4, 7), ('players', 'rounds'))

Every number and table of the rulebook is an option (``rules.OPTIONS``); a game's are read into
one :class:`~plateau_lab.games.plotters.rules.Rules` (``State.rules``):

>>> plotters.new_game(5, seed=1, scoring_colours=3).rules.keep_choices[0]
Keep(colours=('blue', 'green', 'red'))
"""

from ...core import GameSpec
from .bots import BoldBot, HeuristicBot
from .cards import COLOURS, PLAYERS, Card, Deal, Keep, Play, Take, deck_for, describe, parse_action, parse_card
from .engine import GAME, State, new_game, score_formula, score_round
from .rules import OPTIONS, Rules, rules_of
from .scenario import scenario

__all__ = ["BoldBot", "COLOURS", "Card", "Deal", "HeuristicBot", "Keep", "Play", "SPEC", "State", "Take", "deck_for",
           "describe", "new_game", "parse_action", "parse_card", "Rules", "rules_of", "scenario", "score_formula",
           "score_round"]


SPEC = GameSpec(
    name=GAME,
    title="Plotters Inc.",
    players=PLAYERS,
    default_players=4,
    options=OPTIONS,
    bots={"heuristic": HeuristicBot, "bold": BoldBot},
    tables=("players", "rounds"),
    render="plateau_lab.games.plotters.render",
    fast="plateau_lab.games.plotters.fast",
    expert_model="plateau_lab.games.plotters.expert_model",
    view="plateau_lab.games.plotters.view",
    guide="plateau_lab.games.plotters.guide",
    walkthrough="plateau_lab.ui.walkthroughs.plotters",
    words=describe,
    short_game=(4, {}),
)
"""Plotters Inc. in the registry: 4 to 6 players, every rulebook number an option (:mod:`.rules`), a table
of rounds in the lab."""
