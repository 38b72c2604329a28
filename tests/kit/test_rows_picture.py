"""The table picture of a game of rows: every row, every player's collection with its score, the
drawn card and the supply counted but never shown, for a viewer and for no one."""

import random

from plateau_lab.kit.examples import COLORETTO


def test_the_picture_shows_the_rows_the_collections_and_only_the_supply_s_count():
    state = COLORETTO.new_game(4, seed=5)
    chooser = random.Random(1)
    while state.drawn is None or None not in state.rows:     # a card drawn, a row taken
        state = state.apply(chooser.choice(state.legal_actions()))
    svg = state.to_svg(viewer=1)
    assert svg.count(">row ") == 4 and "taken this round" in svg and f">{len(state.supply)}<" in svg
    assert f"drawn by {'you' if state.turn == 1 else f'player {state.turn}'}" in svg
    assert "You: " in svg and all(f"Player {seat}: {state.scores[seat]} point" in svg for seat in (0, 2, 3))
    reshuffled = state.derive(supply=tuple(reversed(state.supply)))
    assert reshuffled.supply != state.supply and reshuffled.to_svg(viewer=1) == svg


def test_a_finished_game_says_so_for_everyone():
    state = COLORETTO.new_game(2, seed=2)
    chooser = random.Random(2)
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_actions()))
    svg = state.to_svg()
    assert "game over" in svg and "Player 0: " in svg and "Player 1: " in svg
