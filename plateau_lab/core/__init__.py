"""What every engine shares: the state protocol, the registry, errors, parsing, randomness and JSON.

One module a topic: :mod:`.errors` (the errors and the words of their messages), :mod:`.checks`
(arguments), :mod:`.parsing` (scenario text, seeded randomness), :mod:`.registry` (``GameSpec``,
rule options, ``Setup``), :mod:`.state` (``GameState``, shared moves, bots' protocol, ``play_out``)
and :mod:`.saves` (``load_json``); this package gives all their names.

Every game lives in ``plateau_lab.games.<name>``, declares itself once in the registry (a
:class:`GameSpec` named ``SPEC`` in its package) and offers the same small API::

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=7)
    >>> state.current_player
    0
    >>> state = state.apply(state.legal_actions()[0])   # a new state; the old one is unchanged
    >>> len(state.history)
    1

**States never change.** ``apply`` checks the move first and raises :class:`IllegalAction`
(naming the rule that forbids it) without touching anything, so a notebook can keep any earlier
state and step back to it. Engines make every new state with :meth:`GameState.derive`.

**Equal positions.** Two states are equal when the game would continue identically from both:
the same game, players, seed and options, and the same position. The history, the log and the
scenario text a game started from do not count.

**The order of** ``legal_actions()`` is part of the protocol: each game documents it, it depends
only on the position, and :class:`plateau_lab.core.bots.RandomBot` and the fast playouts rely on it
(a random bot's move is ``random.choice(state.legal_actions())``).

**One observation shape.** ``state.observation(seat)`` is a dict with the keys of
:data:`OBSERVATION_KEYS` first, then the game's own public keys. Cards are the game's card
objects; a card the seat may not see is never in it, only counted.
"""

from .bots import RandomBot
from .errors import IllegalAction, NotReplayable, ParseError, count_of, short_text, quoted
from .checks import SEED_LIMIT, MAX_DIGITS, check_whole, check_seat, seats_in_turn, check_seed
from .parsing import (parse_whole, parse_seat, parse_bool, parse_cards, scenario_fields, allows, parse_choice,
                      seeded_random)
from .registry import (GAME_NAMES, Option, GameSpec, game_spec, RULES_NAME, STANDARD, rule_set_name, check_rules_name,
                       game_module, Setup)
from .state import (SAVE_FORMAT, OBSERVATION_KEYS, GameState, cached, Play, Deal, DEAL, parse_play, Bot, play_out)
from .saves import load_json

__all__ = ["GAME_NAMES", "SAVE_FORMAT", "SEED_LIMIT", "OBSERVATION_KEYS", "MAX_DIGITS", "IllegalAction",
           "NotReplayable", "ParseError", "count_of", "short_text", "quoted", "check_whole", "check_seat",
           "seats_in_turn", "check_seed", "parse_whole", "parse_seat", "parse_bool", "parse_cards",
           "scenario_fields", "allows", "parse_choice", "seeded_random", "Option", "GameSpec", "game_spec",
           "RULES_NAME", "STANDARD", "rule_set_name", "check_rules_name",
           "game_module", "Setup", "GameState", "cached", "Play", "Deal", "DEAL", "parse_play", "Bot", "load_json",
           "play_out", "RandomBot"]
