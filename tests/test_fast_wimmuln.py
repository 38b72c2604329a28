"""Wimmüln's fast playout plays exactly the public engine's games with RandomBot."""

import pytest

from plateau_lab.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import fast
from plateau_lab.simulate import simulate


def same_game(players, seed, bot_seeds, **options):
    scores, actions, moves, rows = fast.playout(players, seed, bot_seeds, trace=True, **options)
    final = play_out(wimmuln.new_game(players, seed=seed, **options), [RandomBot(s) for s in bot_seeds])
    assert fast.public_actions(moves) == list(final.history), (players, seed, options)
    assert scores == final.scores and actions == len(final.history)
    assert len(rows) == players * len(final.round_results)
    return final


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_single_rounds_are_the_public_engine_s_rounds(players):
    no_trumps = 0
    for seed in range(150):
        final = same_game(players, seed, [seed * 11 + seat for seat in range(players)], rounds=1)
        no_trumps += final.round_results[0].trump is None
    assert no_trumps > 0          # the dealer's choice of the face-up card was played too


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_games_are_the_public_engine_s_games(players):
    for seed in range(12):
        final = same_game(players, seed, [seed * 13 + seat for seat in range(players)])
        assert max(final.scores) >= wimmuln.engine.TARGET


def test_short_targets_end_like_the_engine():
    for seed in range(20):
        same_game(4, seed, [seed, seed + 1, seed + 2, seed + 3], target=40)
        same_game(5, seed, [seed] * 5, target=500, rounds=3)


@pytest.mark.parametrize("players", [3, 6])
def test_rounds_and_extras_agree_with_the_public_engine(players):
    for seed in range(4):
        bot_seeds = list(range(players))
        assert fast.play_fast(players, seed, bot_seeds, {}) == fast.play_public(
            wimmuln.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])


def test_the_table_of_rounds_adds_up_to_the_scores():
    rounds = simulate("wimmuln", 3, players=4, table="rounds", workers=1, progress=False)
    players = simulate("wimmuln", 3, players=4, workers=1, progress=False)
    assert (rounds.groupby(["game_index", "round"]).tricks.sum() == 13).all()      # 15 cards, 2 in the cross
    totals = rounds.groupby(["game_index", "seat"]).points.sum()
    assert totals.tolist() == players.set_index(["game_index", "seat"]).score.tolist()
    assert (rounds.points == rounds.triangles + rounds.bonus).all()
    assert ((rounds.bonus > 0) == (rounds.hit_face_up | rounds.hit_face_down)).all()
    assert (players.rounds == players.game_index.map(rounds.groupby("game_index")["round"].max())).all()
    assert (players.hits <= players.rounds).all()


def test_heuristic_bots_play_on_the_public_engine_with_the_same_columns():
    table = simulate("wimmuln", 2, players=3, bots=["heuristic", "random", "random"], variant={"rounds": 2},
                     workers=1, progress=False)
    assert table.bot.tolist() == ["heuristic", "random", "random"] * 2
    assert set(table.columns) >= {"tricks", "triangles", "bonus", "hits", "rounds"}
    assert set(table["rounds"]) == {2}


def test_unknown_or_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"speed": 1})
    with pytest.raises(ValueError, match="rounds must be"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"rounds": 0})
