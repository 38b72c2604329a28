"""The game-design lab's runner (plateau_lab.lab.simulate) and its statistics (plateau_lab.lab.stats)."""

import functools
import multiprocessing
import warnings
from concurrent.futures import ThreadPoolExecutor

import matplotlib
import pytest

matplotlib.use("Agg")

from plateau_lab.lab import stats  # noqa: E402
from plateau_lab.core.bots import RandomBot  # noqa: E402
from plateau_lab.core import play_out  # noqa: E402
from plateau_lab.games import coloretto, syndicate  # noqa: E402
from plateau_lab.lab.simulate import (  # noqa: E402
    SimulationInterrupted,
    bot_seed,
    compare_variants,
    game_seed,
    ranks,
    simulate,
)


def quiet(game, n, **options):
    return simulate(game, n, progress=False, **options)


def test_one_row_per_game_and_player_with_the_documented_columns():
    table = quiet("syndicate", 5, workers=1)
    assert len(table) == 15
    assert list(table.columns[:12]) == ["game", "players", "variant", "game_index", "seed", "seat", "bot",
                                       "bot_seed", "score", "rank", "winner", "actions"]
    assert table.groupby("game_index").seat.apply(list).tolist() == [[0, 1, 2]] * 5
    assert (table.groupby("game_index").winner.sum() == 1).all()   # The Syndicate has one winner
    assert set(table.bot) == {"random"} and set(table.variant) == {"standard"}


def test_results_do_not_depend_on_how_the_work_is_split():
    reference = quiet("syndicate", 24, workers=1, chunk_size=24)
    assert reference.equals(quiet("syndicate", 24, workers=1, chunk_size=5))
    assert reference.equals(quiet("syndicate", 24, workers=2, chunk_size=3))
    with ThreadPoolExecutor(3) as executor:
        assert reference.equals(quiet("syndicate", 24, executor=executor, chunk_size=7))


def test_a_process_pool_runs_by_default_and_closes_its_workers():
    table = quiet("coloretto", 12, players=3, chunk_size=4)
    assert table.equals(quiet("coloretto", 12, players=3, workers=1))
    assert multiprocessing.active_children() == []


def test_runs_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        table = quiet("syndicate", 10, executor=client.get_executor(), chunk_size=3)
    assert table.equals(quiet("syndicate", 10, workers=1))


def test_every_row_replays_on_the_public_engine():
    table = quiet("syndicate", 3, seed=42, workers=1)
    for _, game in table.groupby("game_index"):
        first = game.iloc[0]
        assert first.seed == game_seed(42, first.game_index)
        assert game.bot_seed.tolist() == [bot_seed(first.seed, seat) for seat in range(3)]
        final = play_out(syndicate.new_game(3, seed=int(first.seed)), [RandomBot(int(s)) for s in game.bot_seed])
        assert tuple(game.score) == final.scores and set(game.actions) == {len(final.history)}


def test_fast_path_and_public_engine_give_the_same_table():
    for game, players in (("syndicate", 3), ("coloretto", 4), ("plotters", 5), ("wimmuln", 5), ("le_plateau", 4)):
        assert quiet(game, 6, players=players, workers=1).equals(
            quiet(game, 6, players=players, workers=1, fast=False))
    for game, players in (("plotters", 4), ("wimmuln", 3), ("le_plateau", 3)):
        assert quiet(game, 3, players=players, workers=1, table="rounds").equals(
            quiet(game, 3, players=players, workers=1, table="rounds", fast=False))


def test_different_seeds_give_different_games():
    assert not quiet("syndicate", 5, seed=0, workers=1).equals(quiet("syndicate", 5, seed=1, workers=1))


def test_interrupt_cancels_the_rest_and_returns_the_finished_games():
    calls = []

    def stop_after_first_chunk(done, total):
        calls.append(done)
        raise KeyboardInterrupt

    with pytest.warns(SimulationInterrupted, match="games finished"):
        table = quiet("syndicate", 40, workers=2, chunk_size=4, callback=stop_after_first_chunk)
    assert calls == [4]
    assert table.attrs == {"interrupted": True, "games": 4}
    assert table.game_index.nunique() == 4 and len(table) == 12
    assert multiprocessing.active_children() == []
    full = quiet("syndicate", 40, workers=1)
    assert table.reset_index(drop=True).equals(
        full[full.game_index.isin(table.game_index.unique())].reset_index(drop=True))


def test_interrupt_in_process_keeps_whole_games_only():
    def stop_at_ten(done, total):
        if done >= 10:
            raise KeyboardInterrupt

    with pytest.warns(SimulationInterrupted):
        table = quiet("syndicate", 30, workers=1, chunk_size=5, callback=stop_at_ten)
    assert sorted(table.game_index.unique().tolist()) == list(range(10))


def test_a_finished_run_is_not_marked_interrupted():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = quiet("syndicate", 2, workers=1)
    assert table.attrs == {"interrupted": False, "games": 2}


def test_bots_by_name_factory_and_label_and_seat_rotation():
    table = quiet("coloretto", 6, players=3, workers=1, rotate_seats=True,
                  bots=["heuristic", ("cautious", functools.partial(coloretto.HeuristicBot, take_at=6)), RandomBot])
    assert table[table.game_index == 0].bot.tolist() == ["heuristic", "cautious", "random"]
    assert table[table.game_index == 1].bot.tolist() == ["random", "heuristic", "cautious"]
    assert table.groupby("bot").seat.apply(sorted).tolist() == [[0, 0, 1, 1, 2, 2]] * 3


def test_heuristic_bot_games_replay_with_the_heuristic_bot():
    table = quiet("syndicate", 2, workers=1, bots=["heuristic", "random", "random"])
    game = table[table.game_index == 1]
    bots = [syndicate.HeuristicBot(int(game.bot_seed.iloc[0]))] + [RandomBot(int(s)) for s in game.bot_seed[1:]]
    assert tuple(game.score) == play_out(syndicate.new_game(3, seed=int(game.seed.iloc[0])), bots).scores


def test_bad_requests_say_what_is_wrong():
    with pytest.raises(ValueError, match="no game named"):
        quiet("chess", 1)
    with pytest.raises(ValueError, match="one bot per seat"):
        quiet("syndicate", 1, bots=["random"])
    with pytest.raises(ValueError, match="no bot named"):
        quiet("syndicate", 1, bots=["clever"] * 3)
    with pytest.raises(ValueError, match="players must be a whole number, exactly 3"):
        quiet("syndicate", 1, players=4)
    with pytest.raises(TypeError, match="players must be a whole number"):
        quiet("plotters", 1, players=4.0)
    with pytest.raises(ValueError, match="unknown option"):
        quiet("syndicate", 1, variant={"speed": 2})
    with pytest.raises(ValueError, match="has the tables 'players', not 'rounds'"):
        quiet("syndicate", 1, table="rounds")


@pytest.mark.parametrize("options, error, words", [
    ({"chunk_size": -5}, ValueError, "chunk_size must be a whole number from 1"),
    ({"chunk_size": 2.5}, TypeError, "chunk_size must be a whole number"),
    ({"workers": 0}, ValueError, "workers must be a whole number from 1"),
    ({"seed": "x"}, TypeError, "seed must be a whole number"),
    ({"variant": {"target": 10**9}}, ValueError, "target must be a whole number from 1 to"),
])
def test_options_that_would_hang_or_return_nothing_are_refused(options, error, words):
    with pytest.raises(error, match=words):
        quiet("syndicate", 3, workers=options.pop("workers", 1), **options)
    with pytest.raises(TypeError, match="n .the number of games. must be a whole number"):
        quiet("syndicate", 2.0)


def test_variants_are_recorded_and_compared_on_the_same_seeds():
    table = compare_variants("syndicate", {"to 12": {}, "to 5": {"target": 5}}, 8, workers=1, progress=False)
    assert set(table.label) == {"to 12", "to 5"}
    assert set(table.variant) == {"standard", "target=5"}
    short = table[table.label == "to 5"]
    assert short.score.max() <= 6 and (short.groupby("game_index").score.max() >= 5).all()
    summary = stats.compare(table)
    assert summary.loc["to 5", "mean"] < summary.loc["to 12", "mean"]
    assert summary["clear_wins"].tolist() == [1.0, 1.0]


def test_ranks_share_ties():
    assert ranks([3, 3, 1]) == [1, 1, 3]


# ---------------------------------------------------------------- statistics


def test_wilson_interval_matches_the_textbook_values():
    low, high = stats.wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    low, high = stats.wilson_interval(0, 20)
    assert low == 0 and round(high, 4) == 0.1611
    narrow = stats.wilson_interval(500, 1000, confidence=0.9)
    assert narrow[1] - narrow[0] < stats.wilson_interval(500, 1000)[1] - stats.wilson_interval(500, 1000)[0]
    with pytest.raises(ValueError):
        stats.wilson_interval(11, 10)


def test_win_rates_per_seat_add_up_and_hold_their_rates():
    table = quiet("syndicate", 60, workers=1)
    rates = stats.win_rates(table, by="seat")
    assert rates["games"].tolist() == [60, 60, 60] and rates["wins"].sum() == 60
    assert ((rates["low"] <= rates["rate"]) & (rates["rate"] <= rates["high"])).all()


def test_skill_share_of_the_heuristic_bot_is_positive():
    table = quiet("syndicate", 45, workers=1, rotate_seats=True, bots=["heuristic", "random", "random"])
    result = stats.skill_share(table, "heuristic")
    assert result["games"] == 45 and result["chance"] == pytest.approx(1 / 3)
    assert result["share"] > 0 and result["share_low"] <= result["share"] <= result["share_high"]
    with pytest.raises(ValueError, match="no games"):
        stats.skill_share(table, "genius")


def test_score_summary_and_plots():
    table = quiet("coloretto", 10, players=3, workers=1)
    summary = stats.score_summary(table, by="seat")
    assert summary["games"].tolist() == [10, 10, 10]
    assert (summary["low"] <= summary["median"]).all() and (summary["median"] <= summary["high"]).all()
    ax = stats.plot_win_rates(stats.win_rates(table), chance=1 / 3, title="seats")
    assert len(ax.patches) == 3 and ax.get_title() == "seats"
    ax = stats.plot_scores(table, by="seat")
    assert ax.get_legend() is not None


@pytest.mark.parametrize("game, players", [("plotters", 4), ("le_plateau", 3), ("coloretto", 2), ("wimmuln", 3)])
def test_each_game_s_heuristic_bot_plays_by_name(game, players):
    table = quiet(game, 1, players=players, workers=1, bots=["heuristic"] + ["random"] * (players - 1))
    assert table.bot.tolist() == ["heuristic"] + ["random"] * (players - 1)
    assert table.actions.iloc[0] > 0
