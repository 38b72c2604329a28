"""plateau_lab: exact rules engines, pictures and widgets for teaching six card games.

The games live in ``plateau_lab.games``, one package per name in the registry, ``GAME_NAMES``.
They share one protocol, described in ``plateau_lab.core``.

>>> [game_module(name).SPEC.title for name in GAME_NAMES]
['The Syndicate', 'Plotters Inc.', 'Coloretto', 'Wimmüln', 'Le Plateau', 'Oh Hell']
"""

from .core import GAME_NAMES, IllegalAction, ParseError, game_module, load_json

__all__ = ["GAME_NAMES", "IllegalAction", "ParseError", "game_module", "load_json"]
__version__ = "0.1.0"
