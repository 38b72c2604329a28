"""The expert's model of Coloretto: fast playouts that end as the public engine's, and an expert
that wins a small seeded duplicate match (moved from tests/test_expert.py)."""

import random

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.imagining import GameModel, model_for
from plateau_lab.lab.expert import ExpertBot


def test_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    """The model's outcome (a fast playout to the end of the round) is, move for move and seed for
    seed, the outcome of the public engine played by its ``playout_bots``, from positions with a
    card drawn, rows taken and the moves that end a round or the game."""

    model = model_for("coloretto")
    checked = round_ends = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = game_spec("coloretto").new_game(rng.choice([2, 3, 4, 5]), seed=seed, golden_joker=seed % 2 == 1)
        for _ in range(rng.randrange(0, 150)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        for action in state.legal_actions():
            after, playout_seed = state.apply(action), rng.getrandbits(64)
            fast = model.outcome(state, after, seat, playout_seed)
            assert fast == GameModel.outcome(model, state, after, seat, playout_seed), (seed, str(action))
            checked += 1
            round_ends += model.done(state, after)
    assert checked >= 80 and round_ends >= 5, (checked, round_ends)


def duplicate_gain(name, deals, playouts, players=None):
    spec = game_spec(name)
    players = players or spec.default_players
    gains = []
    for deal in range(deals):
        def play(expert_seat):
            state = spec.new_game(players, seed=deal)
            bots = [spec.bot("heuristic", seat) for seat in range(players)]
            if expert_seat is not None:
                bots[expert_seat] = ExpertBot(seed=deal, playouts=playouts)
            while not state.is_over:
                state = state.apply(bots[state.current_player].choose(state))
            return state.scores
        base = play(None)
        for seat in range(players):
            gains.append(play(seat)[seat] - base[seat])
    return sum(gains) / len(gains)


@pytest.mark.parametrize("name, deals, playouts, players", [("coloretto", 2, 40, 2)])
def test_a_small_seeded_duplicate_match_is_won_by_the_expert(name, deals, playouts, players):
    assert duplicate_gain(name, deals, playouts, players) > 0
