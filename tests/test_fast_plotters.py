"""Plotters Inc.'s fast playout plays exactly the public engine's games with RandomBot."""

import pytest

from plateau_lab.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import plotters
from plateau_lab.games.plotters import fast
from plateau_lab.simulate import simulate


@pytest.mark.parametrize("players", [4, 5, 6])
def test_same_actions_and_scores_as_the_public_engine(players):
    for seed in range(40):
        bot_seeds = [seed * 13 + seat for seat in range(players)]
        scores, actions, moves, _ = fast.playout(players, seed, bot_seeds, trace=True)
        final = play_out(plotters.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])
        assert fast.public_actions(moves) == list(final.history), seed
        assert scores == final.scores and actions == len(final.history)


@pytest.mark.parametrize("players", [4, 6])
def test_rounds_and_extras_agree_with_the_public_engine(players):
    for seed in range(8):
        bot_seeds = list(range(players))
        assert fast.play_fast(players, seed, bot_seeds, {}) == fast.play_public(
            plotters.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])


def test_round_rows_add_up_to_the_scores():
    rounds = simulate("plotters", 3, players=5, table="rounds", workers=1, progress=False)
    players = simulate("plotters", 3, players=5, workers=1, progress=False)
    assert len(rounds) == 3 * 5 * 5 and sorted(rounds["round"].unique().tolist()) == [1, 2, 3, 4, 5]
    totals = rounds.groupby(["game_index", "seat"]).round_score.sum()
    assert totals.tolist() == players.set_index(["game_index", "seat"]).score.tolist()
    two = rounds[(rounds.open_colours == 2) & (rounds.rest == 0)]
    assert (two.round_score == two.largest * two.second).all()


def test_plotters_has_no_options():
    with pytest.raises(ValueError, match="has none"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"speed": 1})
