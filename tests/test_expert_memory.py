"""The expert bot keeps what its seat saw from one decision to the next (instead of replaying the
whole game at every decision): its choices are those of a bot that replays, in every game, and a
game it did not follow (another deal, a move taken back) is read afresh."""

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import remembered_observations
from plateau_lab.lab.expert import ExpertBot


def short_game(name, seed):
    spec = game_spec(name)
    players, variant = spec.short
    return spec.new_game(players, seed=seed, **variant)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_bot_that_remembers_chooses_as_one_that_replays_the_game(name):
    state = short_game(name, 3)
    players = state.players
    followers = [ExpertBot(seat, playouts=4) for seat in range(players)]
    for _ in range(60):
        if state.is_over:
            break
        seat = state.current_player
        chosen = followers[seat].choose(state)
        assert chosen == ExpertBot(seat, playouts=4).choose(state)      # a new bot replays the game
        if len(state.legal_actions()) > 1:                               # a forced move asks for no search
            assert followers[seat]._memory[seat][1] == remembered_observations(state, seat)
        state = state.apply(chosen)


def a_choice(state, moves=0):
    """The first position with a choice after ``moves`` moves (each the first legal one) from ``state``."""
    for _ in range(moves):
        state = state.apply(state.legal_actions()[0])
    while len(state.legal_actions()) < 2:
        state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_move_taken_back_or_another_deal_is_read_afresh(name):
    bot = ExpertBot(1, playouts=4)
    first = a_choice(short_game(name, 5))
    later = a_choice(first, 7)
    other = a_choice(first.apply(first.legal_actions()[-1]))
    for state in (later, other, a_choice(short_game(name, 6)), later):
        seat = state.current_player
        assert len(state.legal_actions()) > 1
        assert bot.choose(state) == ExpertBot(1, playouts=4).choose(state)
        assert bot._memory[seat][1] == remembered_observations(state, seat)
