"""plateau_lab: exact rules engines, pictures and widgets for teaching five card games.

The games live in ``plateau_lab.games``: ``syndicate``, ``plotters``, ``coloretto``,
``wimmuln`` and ``le_plateau``. They share one protocol, described in ``plateau_lab.core``.
"""

from .core import GAME_NAMES, IllegalAction, ParseError, game_module, load_json

__all__ = ["GAME_NAMES", "IllegalAction", "ParseError", "game_module", "load_json"]
__version__ = "0.1.0"
