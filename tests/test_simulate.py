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
from plateau_lab.core import GAME_NAMES, game_spec  # noqa: E402
from plateau_lab.lab.bots import make_bot  # noqa: E402
from plateau_lab.lab.simulate import (  # noqa: E402
    SimulationInterrupted,
    bot_seed,
    compare_variants,
    game_seed,
    ranks,
    simulate,
)


#: The runner's mechanics (splitting, pools, interruptions, seeds) are the same for every game: any
#: registered game will do. What one game's table holds is tested in ``tests/<game>/test_simulate.py``.
GAME = GAME_NAMES[0]


def quiet(game, n, **options):
    return simulate(game, n, progress=False, **options)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_one_row_per_game_and_player_with_the_documented_columns(name):
    players = game_spec(name).default_players
    table = quiet(name, 5, workers=1)
    assert len(table) == 5 * players
    assert list(table.columns[:12]) == ["game", "players", "variant", "game_index", "seed", "seat", "bot",
                                       "bot_seed", "score", "rank", "winner", "actions"]
    assert table.groupby("game_index").seat.apply(list).tolist() == [list(range(players))] * 5
    assert (table.groupby("game_index").winner.sum() >= 1).all()
    assert set(table.bot) == {"random"} and set(table.variant) == {"standard"}


def test_results_do_not_depend_on_how_the_work_is_split():
    reference = quiet(GAME, 24, workers=1, chunk_size=24)
    assert reference.equals(quiet(GAME, 24, workers=1, chunk_size=5))
    assert reference.equals(quiet(GAME, 24, workers=2, chunk_size=3))
    with ThreadPoolExecutor(3) as executor:
        assert reference.equals(quiet(GAME, 24, executor=executor, chunk_size=7))


def test_a_process_pool_runs_by_default_and_closes_its_workers():
    table = quiet(GAME, 12, chunk_size=4)
    assert table.equals(quiet(GAME, 12, workers=1))
    assert multiprocessing.active_children() == []


def test_runs_on_a_local_dask_cluster():
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client:
        table = quiet(GAME, 10, executor=client.get_executor(), chunk_size=3)
    assert table.equals(quiet(GAME, 10, workers=1))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_row_replays_on_the_public_engine(name):
    players = game_spec(name).default_players
    table = quiet(name, 3, seed=42, workers=1)
    for _, game in table.groupby("game_index"):
        first = game.iloc[0]
        assert first.seed == game_seed(42, first.game_index)
        assert game.bot_seed.tolist() == [bot_seed(first.seed, seat) for seat in range(players)]
        final = play_out(game_spec(name).new_game(players, seed=int(first.seed)),
                         [RandomBot(int(s)) for s in game.bot_seed])
        assert tuple(game.score) == final.scores and set(game.actions) == {len(final.history)}


@pytest.mark.parametrize("name", [name for name in GAME_NAMES if game_spec(name).fast is not None])
def test_fast_path_and_public_engine_give_the_same_table(name):
    spec = game_spec(name)
    for players in (spec.players.start, spec.default_players, spec.players.stop - 1):
        assert quiet(name, 6, players=players, workers=1).equals(
            quiet(name, 6, players=players, workers=1, fast=False))
        for table in set(spec.tables) - {"players"}:
            assert quiet(name, 3, players=players, workers=1, table=table).equals(
                quiet(name, 3, players=players, workers=1, table=table, fast=False))


def test_different_seeds_give_different_games():
    assert not quiet(GAME, 5, seed=0, workers=1).equals(quiet(GAME, 5, seed=1, workers=1))


def test_interrupt_cancels_the_rest_and_returns_the_finished_games():
    calls = []

    def stop_after_first_chunk(done, total):
        calls.append(done)
        raise KeyboardInterrupt

    with pytest.warns(SimulationInterrupted, match="games finished"):
        table = quiet(GAME, 40, workers=2, chunk_size=4, callback=stop_after_first_chunk)
    assert calls == [4]
    assert table.attrs == {"interrupted": True, "games": 4}
    assert table.game_index.nunique() == 4 and len(table) == 4 * game_spec(GAME).default_players
    assert multiprocessing.active_children() == []
    full = quiet(GAME, 40, workers=1)
    assert table.reset_index(drop=True).equals(
        full[full.game_index.isin(table.game_index.unique())].reset_index(drop=True))


def test_interrupt_in_process_keeps_whole_games_only():
    def stop_at_ten(done, total):
        if done >= 10:
            raise KeyboardInterrupt

    with pytest.warns(SimulationInterrupted):
        table = quiet(GAME, 30, workers=1, chunk_size=5, callback=stop_at_ten)
    assert sorted(table.game_index.unique().tolist()) == list(range(10))


def test_a_finished_run_is_not_marked_interrupted():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table = quiet(GAME, 2, workers=1)
    assert table.attrs == {"interrupted": False, "games": 2}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_heuristic_bot_games_replay_with_the_heuristic_bot(name):
    players = game_spec(name).default_players
    table = quiet(name, 2, workers=1, bots=["heuristic"] + ["random"] * (players - 1))
    game = table[table.game_index == 1]
    bots = [make_bot(name, "heuristic", int(game.bot_seed.iloc[0]))] + [RandomBot(int(s)) for s in game.bot_seed[1:]]
    assert tuple(game.score) == play_out(game_spec(name).new_game(players, seed=int(game.seed.iloc[0])), bots).scores


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


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_game_s_heuristic_bot_plays_by_name(game):
    players = game_spec(game).short[0]
    table = quiet(game, 1, players=players, workers=1, bots=["heuristic"] + ["random"] * (players - 1))
    assert table.bot.tolist() == ["heuristic"] + ["random"] * (players - 1)
    assert table.actions.iloc[0] > 0
