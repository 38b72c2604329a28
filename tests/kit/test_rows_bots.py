"""The steady player of a game of rows: always a legal move, the same move in the same position,
and clearly better than random play (in Coloretto with the kit, measured by winning)."""

import pytest

from plateau_lab.core import game_spec, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.kit.examples import COLORETTO
from plateau_lab.kit.rows_bots import RowSteadyBot
from plateau_lab.lab.simulate import simulate


@pytest.mark.parametrize("players", range(2, 6))
def test_the_steady_player_wins_most_games_against_random_players(players):
    won, games = 0, 40
    for seed in range(games):
        seat = seed % players
        bots = [RandomBot(seed * 10 + other) for other in range(players)]
        bots[seat] = RowSteadyBot(seat)
        final = play_out(COLORETTO.new_game(players, seed=seed), bots)
        won += seat in final.winners
    assert won >= games * 0.7, f"the steady player won {won} of {games} games"


def test_it_plays_legal_moves_and_the_same_move_in_the_same_position():
    bot = game_spec("kit_coloretto").bots["heuristic"](0)
    state = COLORETTO.new_game(3, seed=9)
    while not state.is_over:
        move = bot.choose(state)
        assert move in state.legal_actions() and RowSteadyBot(5).choose(state) == move
        state = state.apply(move)


def test_the_lab_plays_it_with_its_bots():
    rows = simulate("kit_coloretto", 12, players=3, bots=["heuristic", "random", "random"], progress=False, workers=1)
    assert len(rows) == 36 and {row["bot"] for row in rows} == {"heuristic", "random"}
    steady = [row for row in rows if row["bot"] == "heuristic"]
    assert sum(row["winner"] for row in steady) >= 8
