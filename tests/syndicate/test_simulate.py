"""The simulation runner on The Syndicate: bad requests, variants compared on the same seeds, options
that would hang or return nothing refused, win rates and the skill share of its statistics (moved
from tests/test_simulate.py)."""

import pytest

from plateau_lab.lab import stats
from plateau_lab.lab.simulate import compare_variants, simulate


def quiet(game, n, **options):
    return simulate(game, n, progress=False, **options).to_pandas()


def test_variants_are_recorded_and_compared_on_the_same_seeds():
    table = compare_variants("syndicate", {"to 12": {}, "to 5": {"target": 5}}, 8, workers=1, progress=False)
    assert set(table.label) == {"to 12", "to 5"}
    assert set(table.variant) == {"standard", "target=5"}
    short = table[table.label == "to 5"]
    assert short.score.max() <= 6 and (short.groupby("game_index").score.max() >= 5).all()
    summary = stats.compare(table)
    assert summary.loc["to 5", "mean"] < summary.loc["to 12", "mean"]
    assert summary["clear_wins"].tolist() == [1.0, 1.0]


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


def test_win_rates_without_ties_count_whole_wins_with_the_wilson_interval():
    table = quiet("syndicate", 40, workers=1)                # The Syndicate plays on until one player leads
    rates = stats.win_rates(table, by="seat")
    assert rates["wins"].dtype.kind == "i" and rates["wins"].sum() == 40
    for (_, row) in rates.iterrows():
        assert (row["low"], row["high"]) == pytest.approx(stats.wilson_interval(row["wins"], row["games"]))


def test_compare_variants_is_read_deal_by_deal():
    tables = compare_variants("syndicate", {"to 12": {}, "to 6": {"target": 6}}, 200, seed=6, workers=1,
                              progress=False)
    paired = stats.paired_difference(tables, "to 12", "to 6")
    per_game = tables.groupby(["label", "game_index"]).score.mean().unstack(0)
    differences = per_game["to 12"] - per_game["to 6"]
    assert paired["deals"] == 200 and paired["difference"] == pytest.approx(differences.mean())
    assert paired["higher"] == (differences > 0).sum() and paired["lower"] == (differences < 0).sum()
    assert paired["low"] < paired["difference"] < paired["high"]
    unpaired_half = 1.96 * (per_game["to 12"].var() / 200 + per_game["to 6"].var() / 200) ** 0.5
    assert paired["high"] - paired["difference"] < unpaired_half     # the shared deal cancels out
    assert paired["low"] > 0 and paired["sign_p"] < 0.001               # a game to 12 scores more
    summary = stats.compare(tables, reference="to 6")
    assert summary.loc["to 12", "difference"] == pytest.approx(paired["difference"])
    assert summary.loc["to 12", "sign_p"] == pytest.approx(paired["sign_p"])
    assert summary.loc["to 6", ["difference", "sign_p"]].isna().all()
    assert list(stats.compare(tables).columns) == ["games", "mean", "spread", "clear_wins"]
    shuffled = tables.assign(seed=tables.seed.where(tables.label == "to 12", tables.seed + 1))
    with pytest.raises(ValueError, match="not the same deals"):
        stats.paired_difference(shuffled, "to 12", "to 6")
    with pytest.raises(ValueError, match="no rows with label"):
        stats.paired_difference(tables, "to 12", "to 99")
