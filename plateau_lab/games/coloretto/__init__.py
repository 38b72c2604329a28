"""Coloretto (Michael Schacht, Abacusspiele 2003), 2-5 players: collect few colours, many cards.

>>> from plateau_lab.games import coloretto
>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.core import play_out
>>> final = play_out(coloretto.new_game(3, seed=1), [RandomBot(seed) for seed in range(3)])
>>> final.is_over, len(final.scores)
(True, 3)
>>> coloretto.SPEC.option_names
('scoring', 'golden_joker')
"""

from plateau_lab.core import GameSpec, Option

from .bots import HeuristicBot
from .cards import COLOURS, Card, deck, parse_card, parse_cards
from .engine import GAME, Action, State, new_game, parse_action
from .scenario import scenario
from .scoring import SCORING_TABLES, ScoreBreakdown, best_scoring, best_total, colour_points, score_choice

__all__ = [
    "COLOURS", "SCORING_TABLES", "SPEC", "Action", "Card", "HeuristicBot", "ScoreBreakdown", "State", "best_scoring",
    "best_total", "colour_points", "deck", "new_game", "parse_action", "parse_card", "parse_cards", "scenario",
    "score_choice",
]


SPEC = GameSpec(
    name=GAME,
    title="Coloretto",
    players=range(2, 6),
    default_players=4,
    options=(
        Option("scoring", "brown", str, "the side of the summary card: brown (recommended first) or grey",
               choices=tuple(SCORING_TABLES)),
        Option("golden_joker", False, bool, "the newer printings' option: 2 jokers and 1 golden joker, whose "
                                            "taker also takes the supply's top card"),
    ),
    bots={"heuristic": HeuristicBot},
    tables=("players",),
    fast="plateau_lab.games.coloretto.fast",
    expert_model="plateau_lab.games.coloretto.expert_model",
    view="plateau_lab.games.coloretto.view",
    guide="plateau_lab.games.coloretto.guide",
    walkthrough="plateau_lab.games.coloretto.walkthrough",
    short_game=(3, {}),
)
