"""Coloretto (Michael Schacht, Abacusspiele 2003), 2-5 players: collect few colours, many cards.

>>> from plateau_lab.games import coloretto
>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> final = play_out(coloretto.new_game(3, seed=1), [RandomBot(seed) for seed in range(3)])
>>> final.is_over, len(final.scores)
(True, 3)
>>> coloretto.SPEC.option_names[:5]
('scoring', 'golden_joker', 'points_table', 'plus_colours', 'plus_two_points')

Every number and table of the rulebook is an option (``rules.OPTIONS``); a game's are read into
one :class:`~plateau_lab.games.coloretto.rules.Rules` (``State.rules``).
"""

from plateau_lab.core import GameSpec

from .bots import BoldBot, HeuristicBot
from .cards import COLOURS, Card, deck, parse_card, parse_cards
from .engine import GAME, Action, State, new_game, parse_action
from .rules import OPTIONS, Rules, rules_of
from .scenario import scenario
from .scoring import SCORING_TABLES, ScoreBreakdown, best_scoring, best_total, colour_points, score_choice

__all__ = [
    "COLOURS", "SCORING_TABLES", "SPEC", "Action", "BoldBot", "Card", "HeuristicBot", "Rules", "ScoreBreakdown", "State", "best_scoring",
    "best_total", "colour_points", "deck", "new_game", "parse_action", "parse_card", "parse_cards", "scenario",
    "score_choice", "rules_of",
]


SPEC = GameSpec(
    name=GAME,
    title="Coloretto",
    players=range(2, 6),
    default_players=4,
    options=OPTIONS,
    bots={"heuristic": HeuristicBot, "bold": BoldBot},
    tables=("players",),
    render="plateau_lab.games.coloretto.render",
    fast="plateau_lab.games.coloretto.fast",
    expert_model="plateau_lab.games.coloretto.expert_model",
    view="plateau_lab.games.coloretto.view",
    guide="plateau_lab.games.coloretto.guide",
    walkthrough="plateau_lab.ui.walkthroughs.coloretto",
    short_game=(3, {}),
)
