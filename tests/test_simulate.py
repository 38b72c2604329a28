"""The game-design lab's runner (plateau_lab.lab.simulate) and its statistics (plateau_lab.lab.stats)."""

import multiprocessing
import subprocess
import sys
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
    game_seed,
    ranks,
    simulate,
)


#: The runner's mechanics (splitting, pools, interruptions, seeds) are the same for every game: any
#: registered game will do. What one game's table holds is tested in ``tests/<game>/test_simulate.py``.
GAME = GAME_NAMES[0]


def quiet(game, n, **options):
    return simulate(game, n, progress=False, **options).to_pandas()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_one_row_per_game_and_player_with_the_documented_columns(name):
    players = game_spec(name).default_players
    table = quiet(name, 5, workers=1)
    assert len(table) == 5 * players
    assert list(table.columns[:13]) == ["game", "players", "variant", "rules", "game_index", "seed", "seat", "bot",
                                       "bot_seed", "score", "rank", "winner", "actions"]
    assert table.groupby("game_index").seat.apply(list).tolist() == [list(range(players))] * 5
    assert (table.groupby("game_index").winner.sum() >= 1).all()
    assert set(table.bot) == {"random"} and set(table.variant) == {"standard"} and set(table.rules) == {"standard"}


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


@pytest.mark.parametrize("name, table", [(name, "players") for name in GAME_NAMES]
                         + [(name, "rounds") for name in GAME_NAMES if "rounds" in game_spec(name).tables])
def test_the_rows_are_plain_dictionaries_and_their_pandas_table_holds_them(name, table):
    options = dict(seed=3, workers=1, progress=False, table=table)
    rows = simulate(name, 6, **options)
    assert rows and all(type(row) is dict for row in rows)
    assert rows == rows.to_pandas().to_dict("records")


def test_simulate_needs_no_pandas():
    """The static site's Python has neither pandas nor numpy: simulate must not import them."""
    script = ("import sys; sys.modules['pandas'] = sys.modules['numpy'] = None\n"
              "from plateau_lab.lab.simulate import simulate\n"
              f"print(len(simulate({GAME!r}, 3, workers=1, progress=False)))")
    finished = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert finished.stdout.split() == [str(3 * game_spec(GAME).default_players)]


def test_interrupted_the_rows_keep_the_finished_games_and_say_so():
    def stop_at_four(done, total):
        if done >= 4:
            raise KeyboardInterrupt

    with pytest.warns(SimulationInterrupted, match="the rows hold the 4 of 20 games finished"):
        rows = simulate(GAME, 20, workers=1, chunk_size=2, progress=False, callback=stop_at_four)
    assert sorted({row["game_index"] for row in rows}) == [0, 1, 2, 3]
    assert rows.attrs == {"interrupted": True, "games": 4} == rows.to_pandas().attrs


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


# ---------------------------------------------------------------- ties, the starter, paired deals, zero-sum games


def test_the_interval_of_shared_wins_covers_the_true_rate_95_times_in_100():
    import random

    outcomes, weights = [1.0, 0.5, 1 / 3, 0.0], [0.15, 0.25, 0.15, 0.45]
    true_rate = sum(value * weight for value, weight in zip(outcomes, weights))
    draw = random.Random(29)
    covered, trials, games = 0, 2000, 100
    for _ in range(trials):
        shares = draw.choices(outcomes, weights, k=games)
        low, high = stats.share_interval(sum(shares), sum(s * s for s in shares), games)
        covered += low <= true_rate <= high
        wider = stats.wilson_interval(sum(shares), games)
        assert wider[0] <= low and high <= wider[1]         # narrower than counting each share as a coin
    assert 0.935 <= covered / trials <= 0.965


def test_skill_share_counts_a_tie_as_a_share():
    import pandas as pd

    table = pd.DataFrame({"players": 2, "bot": ["heuristic", "random"] * 2,
                          "winner": [True, True, True, False], "win_share": [0.5, 0.5, 1.0, 0.0]})
    assert stats.skill_share(table)["rate"] == 0.75


def starter_variants(spec, players):
    """The variants the starter is checked in: the default, the short game's, and each yes/no or
    named option changed from its default (those that suit ``players``)."""
    candidates = [{}, spec.short[1]] + [{option.name: value} for option in spec.options
                                        for value in ((not option.default,) if option.kind is bool else option.choices)
                                        if value != option.default]
    suitable = []
    for variant in candidates:
        if variant in suitable:
            continue
        try:
            spec.new_game(players, seed=0, **variant)
        except ValueError:          # e.g. Le Plateau's short game of 4 hands is for 2 or 4 players
            continue
        suitable.append(variant)
    return suitable


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_fast_path_says_the_seat_that_made_the_first_move(name):
    """``play_fast``'s ``Record.starter`` is the seat of the first move and the public engine's
    ``new_game(...).current_player``, at every player count, in several variants, with every bot."""
    spec = game_spec(name)
    lab = spec.fast_module()
    bots = sorted(lab.FAST_BOTS)
    for players in spec.players:
        variants = starter_variants(spec, players)
        for seed in range(60):              # each variant in turn: 60 games per player count
            variant = variants[seed % len(variants)]
            seeds = [bot_seed(seed, seat) for seat in range(players)]
            names = [bots[(seed + seat) % len(bots)] for seat in range(players)]
            first = []
            record = lab.play_fast(players, seed, seeds, variant, bots=names,
                                   on_step=lambda seat, legal, index: first.append(seat) if not first else None)
            expected = spec.new_game(players, seed=seed, **variant).current_player
            assert first[0] == expected, (players, seed, variant)
            assert record.starter == expected, (players, seed, variant)
            assert lab.play_fast(players, seed, seeds, variant, bots=names).starter == record.starter


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_starter_is_the_seat_that_made_the_first_move(name):
    spec = game_spec(name)
    for players in (spec.players.start, spec.players.stop - 1):
        table = quiet(name, 6, players=players, workers=1)
        lab = spec.fast_module()
        for _, game in table.groupby("game_index"):
            seed, seeds = int(game.seed.iloc[0]), [int(s) for s in game.bot_seed]
            first = []
            record = lab.play_fast(players, seed, seeds, spec.check_variant({}),
                                   on_step=lambda seat, legal, index: first.append(seat) if not first else None)
            assert set(game.starter) == {first[0]} == {spec.new_game(players, seed=seed).current_player}
            assert record.starter in (None, first[0])
        assert table.equals(quiet(name, 6, players=players, workers=1, fast=False))


def test_a_seed_read_back_from_the_table_plays_the_same_game():
    import numpy as np

    table = quiet(GAME, 2, workers=1)
    seed = table.seed.iloc[0]
    assert isinstance(seed, np.integer)
    assert game_spec(GAME).new_game(3, seed=seed).current_player == table.starter.iloc[0]
    assert quiet(GAME, 2, workers=1, seed=np.int64(0)).equals(table)


def test_student_t_and_the_sign_test_match_their_tables():
    assert [round(stats.t_value(0.95, df), 3) for df in (1, 2, 3, 10, 30, 100)] == \
        [12.706, 4.303, 3.182, 2.228, 2.042, 1.984]
    assert round(stats.t_value(0.99, 4), 3) == 4.604
    assert stats.t_value(0.95, 10_000) == pytest.approx(1.9602, abs=1e-4)
    assert stats.sign_test(9, 1) == pytest.approx(2 * 11 / 1024)
    assert stats.sign_test(3, 3) == 1.0 and stats.sign_test(0, 0) == 1.0
    assert stats.sign_test(600, 400) == pytest.approx(2.6e-10, rel=0.1)
    scipy_stats = pytest.importorskip("scipy.stats")
    for df in (3, 7, 150, 2000):
        assert stats.t_value(0.9, df) == pytest.approx(scipy_stats.t.ppf(0.95, df), abs=1e-6)
    assert stats.sign_test(30, 12) == pytest.approx(scipy_stats.binomtest(30, 42).pvalue)


# ---------------------------------------------------------------- the rule set's name


