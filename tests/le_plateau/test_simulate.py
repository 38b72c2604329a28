"""The simulation runner on Le Plateau: a zero-sum game compared by the points at stake (moved from
tests/test_simulate.py)."""

import pytest

from plateau_lab.lab import stats
from plateau_lab.lab.simulate import compare_variants


def test_a_zero_sum_game_is_compared_by_the_points_at_stake_not_a_mean_of_zero():
    tables = compare_variants("le_plateau", {"standard": {}, "whole deck": {"full_deck": True}}, 60,
                              players=4, seed=3, workers=1, progress=False)
    assert stats.is_zero_sum(tables, unit=["label", "game_index"])
    summary = stats.compare(tables, reference="standard")
    assert "mean" not in summary.columns
    per_game = tables.assign(stake=tables.score.abs()).groupby(["label", "game_index"]).stake.mean()
    assert summary["mean_abs"].tolist() == pytest.approx(per_game.groupby(level=0).mean().tolist())
    assert (summary["mean_abs"] > 0).all()
    assert summary.loc["whole deck", "difference"] == pytest.approx(
        summary.loc["whole deck", "mean_abs"] - summary.loc["standard", "mean_abs"])
    assert "mean" in stats.compare(compare_variants("le_plateau", {"positive only": {"positive_only": True}}, 5,
                                                    players=4, workers=1, progress=False)).columns
