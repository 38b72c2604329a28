"""Sessions at a chosen kind of decision, for the table's tests (``tests/<game>/test_session.py``)::

    from sessions import kinds, reached
"""

import random

from plateau_lab.core import game_spec
from plateau_lab.ui.session import TableSession


def reached(game, wanted, *, seeds=range(30), players=None, most=400, **options):
    """A session at the first state of a random game (over the seeds; the short game, ``options``
    changed) where ``wanted(state)`` holds, seated at the player to move; None when no seed reaches
    one within ``most`` moves."""
    spec = game_spec(game)
    for seed in seeds:
        short_players, variant = spec.short
        state = spec.new_game(players or short_players, seed=seed, **{**variant, **options})
        rng = random.Random(seed)
        for _ in range(most):
            if state.is_over:
                break
            if wanted(state):
                return TableSession(state, seat=state.current_player, delay=0)
            state = state.apply(rng.choice(state.legal_actions()))
    return None


def kinds(state):
    """The names of the kinds of move legal in ``state`` (``Estimate``, ``Play``, ``Deal``, …)."""
    return {type(action).__name__ for action in state.legal_actions()}
