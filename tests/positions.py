"""Positions for the expert's tests (``tests/test_expert.py``, each game's ``test_expert_model.py``
and the reasons' tests)::

    from positions import position, analysed_at_two_budgets, reasons_real_and_imagined
"""

import random

from plateau_lab.core import game_spec
from plateau_lab.core.imagining import remembered_observations
from plateau_lab.lab.expert import analyse


def position(name, seed, moves, seat_to_move=True):
    """A game after ``moves`` random moves, then on to the next state where the mover has a choice."""
    rng = random.Random(seed)
    state = game_spec(name).new_game(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    while seat_to_move and not state.is_over and len(state.legal_actions()) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def analysed_at_two_budgets(state):
    """Analyse ``state`` for its player at 10 and 90 playouts a move; check that the intervals
    shrink and every legal move is there; return the larger analysis."""
    seat = state.current_player
    small = analyse(state, seat, 10 * len(state.legal_actions()), seed=1)
    large = analyse(state, seat, 90 * len(state.legal_actions()), seed=1)
    width = lambda analysis: sum(move.high - move.low for move in analysis.moves)  # noqa: E731
    assert width(large) < width(small) * 0.6
    assert {str(move.action) for move in large.moves} == {str(action) for action in state.legal_actions()}
    return large


#: Counted facts a reason may read (``GameModel.tally`` shares), beside none at all.
SHARES = (0.5, 0.25, 0.75)


def reasons_real_and_imagined(model, state, deals):
    """For each of ``deals`` deals of the cards the mover cannot see imagined anew (the model's
    redeal, as the search makes them), each legal move, with no counted facts and with ``SHARES``:
    the move, the reason read in the imagined deal and the reason read in the real position. A
    reason that reads nothing the seat cannot see is the same in both."""
    seat = state.current_player
    seen = remembered_observations(state, seat)
    for deal in range(deals):
        world = model.redeal(state, seat, seen, random.Random(deal))
        for action in state.legal_actions():
            for shares in ((), SHARES):
                yield action, model.reason(world, seat, action, shares), model.reason(state, seat, action, shares)
