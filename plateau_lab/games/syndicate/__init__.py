"""The Syndicate: a Decktet game for exactly three players (see ``engine`` for the rules).

Every number of the rulebook is an option (``SPEC.options``, :mod:`.rules`), read into one
:class:`~plateau_lab.games.syndicate.rules.Rules` (``State.rules``).

>>> from plateau_lab.games import syndicate
>>> game = syndicate.new_game(3, seed=11)
>>> game.current_player, len(game.legal_actions())
(0, 25)
>>> syndicate.SPEC.option_names, syndicate.SPEC.bot_names
(('target', 'hand_size', 'deal', 'card_points', 'ace_points', 'crowned_ace_points', 'foil_points', 'plot_points', 'plot_face_down_points'), ('random', 'heuristic', 'cautious'))
"""

from plateau_lab.core import GameSpec

from .bots import CautiousBot, HeuristicBot
from .cards import DECK, Card, parse_card
from .engine import GAME, PLAYERS, Lead, Play, State, Turn, describe, guaranteed_points, new_game, parse_action
from .rules import OPTIONS, Rules, rules_of
from .scenario import scenario

__all__ = ["DECK", "SPEC", "Card", "CautiousBot", "HeuristicBot", "Lead", "Play", "Rules", "State", "Turn",
           "guaranteed_points", "new_game", "parse_action", "parse_card", "rules_of", "scenario"]

#: The Syndicate's entry in the registry (see :class:`plateau_lab.core.GameSpec`).
SPEC = GameSpec(
    name=GAME,
    title="The Syndicate",
    players=range(PLAYERS, PLAYERS + 1),
    default_players=PLAYERS,
    options=OPTIONS,
    bots={"heuristic": HeuristicBot, "cautious": CautiousBot},
    tables=("players",),
    render="plateau_lab.games.syndicate.render",
    fast="plateau_lab.games.syndicate.fast",
    expert_model="plateau_lab.games.syndicate.expert_model",
    view="plateau_lab.games.syndicate.view",
    guide="plateau_lab.games.syndicate.guide",
    walkthrough="plateau_lab.ui.walkthroughs.syndicate",
    words=describe,
    short_game=(3, {"target": 4}),
)
