"""Wimmüln's clicks at the play table: a cross of two equal cards is the same card clicked twice (moved from
tests/test_clicks.py)."""

import random

from plateau_lab.core import game_spec


def test_a_cross_of_two_equal_cards_is_made_by_clicking_the_card_twice_at_the_play_table():
    from plateau_lab.ui.session import TableSession

    spec = game_spec("wimmuln")
    view, rng = spec.table_view(), random.Random(0)
    state = spec.new_game(seed=0)
    while not any(len(set(view.clicks(move))) < len(view.clicks(move)) for move in state.legal_actions()):
        state = state.apply(rng.choice(state.legal_actions()))
    cross = next(move for move in state.legal_actions() if len(set(view.clicks(move))) < len(view.clicks(move)))
    session = TableSession(state, seat=state.current_player, delay=0)
    first, second = view.clicks(cross)
    session.click(first)
    assert "put it back" not in session.prompt()       # clicking it again lays the cross
    session.click(second)
    assert session.state.history[len(state.history):][:1] == (cross,)
