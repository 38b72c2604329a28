"""Oh Hell's reasons in the game's words (issue 28): the facts behind a card's reason, the trump ace
led that no imagined deal beats and who takes the trick with its last card (moved from
tests/test_reasons.py, whose checks run in every game)."""

import random

import pytest

from plateau_lab.core import Play
from plateau_lab.games import oh_hell
from plateau_lab.games.oh_hell.rules import trick_winner
from plateau_lab.lab.expert import analyse

#: Playouts per legal move of one analysis.
PER_MOVE = 6

def quick(state):
    """A small analysis of the position for the player to move (the words, not the figures, are tested)."""
    return analyse(state, state.current_player, PER_MOVE * len(state.legal_actions()), seed=1)


def test_oh_hell_the_trump_ace_led_cannot_be_beaten_in_any_imagined_deal():
    """The highest trump, led, stands in every deal: the count the search keeps says so."""
    for seed in range(40):
        state, rng = oh_hell.new_game(4, seed=seed, tricks=5), random.Random(seed)
        while not state.is_over:
            seat = state.current_player
            ace = next((card for card in state.hands[seat] if card.suit == state.trump and card.rank == 14), None)
            if ace is not None and not state.trick and state.phase == "play" and len(state.legal_actions()) > 1:
                says = quick(state).value_of(Play(ace)).says
                assert says.startswith("leads this trick, and no one after you can beat it in any imagined deal")
                assert "your bid of" in says
                return
            state = state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no position found where the trump ace is led")


def test_oh_hell_the_last_card_of_a_trick_says_who_takes_it():
    state, rng = oh_hell.new_game(3, seed=4, tricks=4), random.Random(4)
    seen = 0
    while not state.is_over:
        if state.phase == "play" and len(state.trick) == 2 and len(state.legal_actions()) > 1:
            seat = state.current_player
            for move in quick(state).moves:
                winner = trick_winner((*state.trick, (seat, move.action.card)), state.trump)
                assert move.says.startswith("takes the trick" if winner == seat else f"leaves the trick to player {winner}")
            seen += 1
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen
