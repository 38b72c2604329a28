"""The simulation runner on Coloretto: bots by name, factory and label, seat rotation, the score summary and
plots, ties shared, the starter drawn by lot, and the rule set's name in the table (moved from
tests/test_simulate.py)."""

import functools

import matplotlib
import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import coloretto
from plateau_lab.lab import stats
from plateau_lab.lab.simulate import compare_variants, simulate

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


def test_a_tie_is_shared_so_the_seats_win_rates_add_up_to_one():
    table = quiet("coloretto", 300, players=4, workers=1)
    per_game = table.groupby("game_index")
    tied_games = (per_game.winner.sum() > 1).sum()
    assert tied_games > 0                                    # 4-player Coloretto with random bots ties often
    assert per_game.win_share.sum().tolist() == pytest.approx([1.0] * 300)
    tied = table[table.winner & (per_game.winner.transform("sum") == 2)]
    assert set(tied.win_share) == {0.5}
    rates = stats.win_rates(table, by="seat")
    assert rates["wins"].sum() == pytest.approx(300) and rates["rate"].sum() == pytest.approx(1)
    assert (rates["low"] < 0.25).any()                       # a fair share is 1/4, not more


def test_the_starter_is_drawn_by_lot_and_first_player_advantage_reads_it():
    import pandas as pd

    table = quiet("coloretto", 200, players=3, workers=1)
    assert set(table.starter) == {0, 1, 2}
    advantage = stats.first_player_advantage(table)
    assert advantage.index.tolist() == [(3, 0), (3, 1), (3, 2)]
    assert advantage["games"].tolist() == [200] * 3 and advantage["rate"].sum() == pytest.approx(1)
    starters = table[table.seat == table.starter]
    assert advantage.loc[(3, 0), "wins"] == pytest.approx(starters.win_share.sum())
    assert (advantage["fair"] == 1 / 3).all()
    with pytest.raises(ValueError, match="starter"):
        stats.first_player_advantage(table.drop(columns="starter"))
    both = pd.concat([table.assign(label="a"), table.assign(label="b")])
    by_label = stats.first_player_advantage(both, by="label")
    assert by_label.loc["b"].equals(advantage) and by_label.index.names == ["label", "players", "after_starter"]


def test_the_rules_column_names_the_rule_set_derived_or_given():
    plain = quiet("coloretto", 3, players=3, workers=1)
    assert set(plain.rules) == {"standard"}
    changed = quiet("coloretto", 3, players=3, workers=1, variant={"plus_colours": 2, "rows": 4})
    assert set(changed.rules) == {"plus colours 2, rows 4"}
    assert set(changed.variant) == {"plus_colours=2, rows=4"}
    named = quiet("coloretto", 3, players=3, workers=1,
                  variant={"plus_colours": 2, "rows": 4, "rules_name": "wide table"})
    assert set(named.rules) == {"wide table"} and set(named.variant) == {"plus_colours=2, rows=4"}
    # the name changes no game: the same deals, the same scores
    assert named.drop(columns="rules").equals(changed.drop(columns="rules"))
    # a table written as a list is read as the tuple the rules hold
    listed = quiet("coloretto", 2, players=3, workers=1, variant={"points_table": [1, 2, 4, 8]})
    assert set(listed.rules) == {"points table 1-2-4-8"}


def test_a_rule_set_s_name_that_is_no_text_is_refused_before_any_game():
    with pytest.raises(TypeError, match="a rule set's name is a text"):
        quiet("coloretto", 3, workers=1, variant={"rules_name": 7})
    with pytest.raises(ValueError, match="rows must be from 4 to 8 with 4 players"):
        quiet("coloretto", 3, workers=1, variant={"rows": 3})


def test_compare_variants_carries_each_rule_set_s_name_beside_its_label():
    tables = compare_variants("coloretto", {"brown": {"scoring": "brown"}, "grey": {"scoring": "grey"}}, 4,
                              seed=3, workers=1, progress=False)        # as notebook 07 calls it
    assert tables.groupby("label").rules.unique().to_dict() == {"brown": ["standard"], "grey": ["scoring grey"]}
    assert "mean" in stats.compare(tables, reference="brown").columns
    named = compare_variants("coloretto", {"rulebook": {}, "two plus": {"plus_colours": 2, "rules_name": "two plus"}},
                             4, seed=3, workers=1, progress=False)
    assert named.groupby("label").rules.unique().to_dict() == {"rulebook": ["standard"], "two plus": ["two plus"]}
    grey = tables[tables.label == "grey"].reset_index(drop=True)
    assert named.seed.iloc[:len(grey)].tolist() == grey.seed.tolist()  # the same deals under every rule set
