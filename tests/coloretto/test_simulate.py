"""The simulation runner on Coloretto: bots by name, factory and label, seat rotation, and the score summary and plots (moved
from tests/test_simulate.py)."""

import functools

import matplotlib

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import coloretto
from plateau_lab.lab import stats
from plateau_lab.lab.simulate import simulate

matplotlib.use("Agg")


def quiet(game, n, **options):
    return simulate(game, n, progress=False, **options).to_pandas()


def test_bots_by_name_factory_and_label_and_seat_rotation():
    table = quiet("coloretto", 6, players=3, workers=1, rotate_seats=True,
                  bots=["heuristic", ("cautious", functools.partial(coloretto.HeuristicBot, take_at=6)), RandomBot])
    assert table[table.game_index == 0].bot.tolist() == ["heuristic", "cautious", "random"]
    assert table[table.game_index == 1].bot.tolist() == ["random", "heuristic", "cautious"]
    assert table.groupby("bot").seat.apply(sorted).tolist() == [[0, 0, 1, 1, 2, 2]] * 3


def test_score_summary_and_plots():
    table = quiet("coloretto", 10, players=3, workers=1)
    summary = stats.score_summary(table, by="seat")
    assert summary["games"].tolist() == [10, 10, 10]
    assert (summary["low"] <= summary["median"]).all() and (summary["median"] <= summary["high"]).all()
    ax = stats.plot_win_rates(stats.win_rates(table), chance=1 / 3, title="seats")
    assert len(ax.patches) == 3 and ax.get_title() == "seats"
    ax = stats.plot_scores(table, by="seat")
    assert ax.get_legend() is not None
