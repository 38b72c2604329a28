"""Coloretto's variants compared with its rulebook (plateau_lab.lab.design): all its rulebook numbers are
options, so its comparisons show the design lab's figures against what the games table says, never against
remembered numbers."""

import math
import subprocess
import sys

import pytest

from plateau_lab.core import game_spec
from plateau_lab.lab.design import Comparison, ComparisonRun, compare_rule_sets, play_deals
from plateau_lab.lab.figures import COMPARISON_COLUMNS, compared_figures, measured_figures
from plateau_lab.lab.measured_play import DRAMA_COST, win_shares
from plateau_lab.lab.measures import EXPERT_MEASURES, MEASURES, NO_LEAD, RULEBOOK, VARIANT, measure_names
from plateau_lab.lab.simulate import simulate
from plateau_lab.lab.stats import paired_difference, t_p_value


@pytest.fixture(scope="module")
def coloretto_comparison():
    return compare_rule_sets("coloretto", {"plus_colours": 2}, 30, players=3, seed=5)


def test_the_same_deals_under_both_rule_sets(coloretto_comparison):
    games = coloretto_comparison.rows.to_pandas()
    seeds = games.groupby(["label", "game_index"])["seed"].first().unstack(0)
    assert (seeds[RULEBOOK] == seeds[VARIANT]).all()
    assert set(games.loc[games.label == VARIANT, "rules"]) == {"plus colours 2"}
    assert set(games.loc[games.label == RULEBOOK, "rules"]) == {"standard"}


def test_the_games_are_the_ones_simulate_plays(coloretto_comparison):
    plain = simulate("coloretto", 30, players=3, seed=5, variant={"plus_colours": 2}, workers=1,
                     progress=False).to_pandas()
    mine = coloretto_comparison.rows.to_pandas().query("label == 'variant'").reset_index(drop=True)
    for column in ("seed", "seat", "score", "win_share", "actions", "starter", "margin"):
        assert mine[column].tolist() == plain[column].tolist(), column


def test_every_measure_is_in_the_table_with_its_definition(coloretto_comparison):
    table = coloretto_comparison.figures().to_pandas()
    assert table.index.tolist() == measure_names(3)
    assert all(isinstance(text, str) and len(text) > 20 for text in table["definition"])
    for name in [measure.name for measure in MEASURES]:
        assert name in table.index
    assert not any(name in table.index for name in ("drama", "decisiveness"))


def test_each_value_lies_in_its_interval(coloretto_comparison):
    table = coloretto_comparison.figures().to_pandas()
    assert table.loc["lead changes", "definition"] != NO_LEAD          # counted between Coloretto's rounds
    assert table.loc["lead changes", ["rulebook", "variant", "difference"]].notna().all()
    for side in ("rulebook", "variant"):
        inside = (table[f"{side}_low"] <= table[side] + 1e-12) & (table[side] <= table[f"{side}_high"] + 1e-12)
        assert inside.all(), table[~inside]
    assert ((table["low"] <= table["difference"] + 1e-12) & (table["difference"] <= table["high"] + 1e-12)).all()


def test_the_differences_are_paired_deal_by_deal(coloretto_comparison):
    games = coloretto_comparison.rows.to_pandas()
    per_game = games.groupby(["label", "game_index"])["margin"].first().unstack(0)
    differences = per_game[VARIANT] - per_game[RULEBOOK]
    row = coloretto_comparison.figures().to_pandas().loc["margin"]
    assert row["difference"] == pytest.approx(differences.mean())
    assert row["variant"] - row["rulebook"] == pytest.approx(differences.mean())
    assert row["p"] == pytest.approx(t_p_value(differences.mean() / (differences.std() / len(differences) ** 0.5),
                                               len(differences) - 1))


def test_clear_is_holms_over_the_whole_table(coloretto_comparison):
    """The measures of one comparison are one family: clear where Holm's adjusted chance is below
    5 %, which is never more often than the measure's own interval leaving out 0."""
    figures = coloretto_comparison.figures()
    names = [name for name, row in figures.items() if not math.isnan(row["p"])]
    tested = sorted(names, key=lambda name: figures[name]["p"])
    running = 0.0
    for rank, name in enumerate(tested):
        running = max(running, min(1.0, (len(tested) - rank) * figures[name]["p"]))
        assert figures[name]["family_p"] == pytest.approx(running)
        assert figures[name]["clear"] == (running < 0.05)
        if figures[name]["clear"]:
            assert figures[name]["low"] > 0 or figures[name]["high"] < 0


def test_the_paired_interval_is_the_labs_paired_t_interval(coloretto_comparison):
    games = coloretto_comparison.rows.to_pandas()
    table = coloretto_comparison.figures().to_pandas()
    for measure, column in (("margin", "margin"), ("moves per game", "actions")):
        per_game = games.groupby(["label", "game_index"], as_index=False)[column].first()
        found = paired_difference(per_game, VARIANT, RULEBOOK, column=column, absolute=False)
        assert table.loc[measure, "low"] == pytest.approx(found["low"])
        assert table.loc[measure, "high"] == pytest.approx(found["high"])


def test_where_the_starter_varies_the_turn_order_has_its_rows(coloretto_comparison):
    assert coloretto_comparison.starter is None
    assert "the player who starts wins" in coloretto_comparison.figures()


def test_a_tie_counts_one_share_to_each_tied_player():
    assert win_shares((4, 7, 7, 7)) == (0.0, 1 / 3, 1 / 3, 1 / 3)
    games = compare_rule_sets("coloretto", {"jokers": 1}, 40, players=3, seed=2).rows.to_pandas()
    table = measured_figures(games[games.label == RULEBOOK].to_dict("records")).to_pandas()
    assert sum(table.loc[f"seat {seat} wins", "value"] for seat in range(3)) == pytest.approx(1.0)
    order = ["the player who starts wins", "the 2nd to play wins", "the 3rd to play wins"]
    assert sum(table.loc[name, "value"] for name in order) == pytest.approx(1.0)


def test_the_turn_order_reads_who_started():
    games = compare_rule_sets("coloretto", {}, 12, players=3, seed=3).rows.to_pandas().query("label == 'rulebook'")
    starts = games[games.seat == games.starter]
    expected = starts["win_share"].mean()
    found = measured_figures(games.to_dict("records"))
    assert found["the player who starts wins"]["value"] == pytest.approx(expected)


def test_shape_measures_from_the_table():
    games = compare_rule_sets("coloretto", {}, 10, players=4, seed=4).rows.to_pandas().query("label == 'rulebook'")
    table = measured_figures(games.to_dict("records")).to_pandas()
    per_game = games.groupby("game_index")
    assert table.loc["moves per game", "value"] == pytest.approx(per_game["actions"].first().mean())
    shares = per_game["decisions"].sum() / per_game["moves"].sum()
    assert table.loc["share of moves with a choice", "value"] == pytest.approx(shares.mean())
    branching = per_game["choices"].sum() / per_game["moves"].sum()
    assert table.loc["branching factor", "value"] == pytest.approx(branching.mean())
    assert (games["choices"] >= games["moves"]).all()          # at least one legal move for every move
    assert (games["decisions"] <= games["moves"]).all()


def test_an_unchanged_rule_set_differs_by_nothing():
    figures = compare_rule_sets("coloretto", {"plus_colours": 3}, 8, seed=1).figures()
    table = figures.to_pandas().drop(index="lead changes")
    assert (table["difference"].abs() < 1e-12).all()
    assert not table["clear"].any()


def test_a_rule_that_changes_the_game_shows_clearly():
    # ten cards of each colour more: the games are longer on every deal
    table = compare_rule_sets("coloretto", {"cards_per_colour": 12}, 20, players=3, seed=1).figures().to_pandas()
    assert table.loc["moves per game", "difference"] > 0
    assert table.loc["moves per game", "clear"]


def test_stopping_keeps_the_deals_played():
    asked = []

    def stop():
        asked.append(True)
        return len(asked) > 2

    seen = []
    result = compare_rule_sets("coloretto", {"jokers": 2}, 20, seed=1, step=3, stop=stop,
                               progress=lambda done, of: seen.append((done, of)))
    assert result.stopped and result.deals == 6 and result.deals_asked == 20
    assert seen == [(3, 20), (6, 20)]
    assert sorted(result.rows.to_pandas().game_index.unique()) == list(range(6))
    assert result.figures().to_pandas().index.tolist() == result.measure_names


def test_the_run_in_chunks_is_the_whole_run():
    run = ComparisonRun("coloretto", {"jokers": 2}, 6, players=3, seed=9, step=4)
    plan, start, stop = run.chunk()
    run.record(start, stop, play_deals(plan, start, stop))
    with pytest.raises(ValueError, match="next chunk starts at deal 4"):
        run.record(0, 4, [])
    while run.step():
        pass
    whole = compare_rule_sets("coloretto", {"jokers": 2}, 6, players=3, seed=9)
    assert run.result().rows.to_pandas().equals(whole.rows.to_pandas())


def test_drama_and_decisiveness_only_when_asked():
    result = compare_rule_sets("coloretto", {"jokers": 2}, 3, players=3, seed=1, drama=True)
    table = result.figures().to_pandas()
    assert table.index.tolist()[-2:] == [measure.name for measure in EXPERT_MEASURES]
    games = result.rows.to_pandas()
    assert games["drama"].between(0, 1).all()
    assert games["decisiveness"].dropna().between(0, 1).all()
    assert "times longer" in DRAMA_COST


@pytest.mark.parametrize("variant, message", [
    ({"plus_colours": 9}, "plus_colours must be a whole number from 0 to 7"),
    ({"colour": 3}, "unknown option"),
    ({"plus_colours": "two"}, "plus_colours must be a whole number"),
])
def test_bad_rules_are_refused_in_words(variant, message):
    with pytest.raises((TypeError, ValueError), match=message):
        compare_rule_sets("coloretto", variant, 4)


def test_bad_requests_are_refused_in_words():
    with pytest.raises(ValueError, match="deals must be a whole number from 1"):
        compare_rule_sets("coloretto", {}, 0)
    with pytest.raises(ValueError, match="one bot per seat"):
        compare_rule_sets("coloretto", {}, 4, players=3, bots=["random"])
    with pytest.raises(ValueError, match="no bot named 'genius'"):
        compare_rule_sets("coloretto", {}, 4, players=3, bots=["random", "random", "genius"])
    with pytest.raises(ValueError, match="one rule set's games"):
        measured_figures(compare_rule_sets("coloretto", {"jokers": 2}, 2).rows)


def test_a_combination_the_game_refuses_fails_before_any_deal():
    spec = game_spec("coloretto")
    with pytest.raises(ValueError) as refused:
        spec.new_game(2, seed=0, rows=2, row_capacity=1, cards_per_colour=1, plus_two_cards=0, jokers=0,
                      colours_removed=6)
    with pytest.raises(ValueError, match=str(refused.value)[:30].replace("(", r"\(").replace(")", r"\)")):
        compare_rule_sets("coloretto", dict(rows=2, row_capacity=1, cards_per_colour=1, plus_two_cards=0, jokers=0,
                                            colours_removed=6), 3, players=2)


def test_the_measures_of_a_simulate_table():
    table = simulate("coloretto", 30, players=3, shape=True, seed=2, workers=1, progress=False).to_pandas()
    found = measured_figures(table.to_dict("records")).to_pandas()
    assert "branching factor" not in found.index                 # simulate does not count the choices
    assert found.loc["lead changes", "value"] >= 0               # the shape asks Coloretto's fast path for its rounds
    assert found.loc["moves per game", "value"] == pytest.approx(table.groupby("game_index")["actions"].first().mean())
    with pytest.raises(ValueError, match="no decisions, lead_changes, moves column"):
        measured_figures(simulate("coloretto", 3, players=3, workers=1, progress=False).to_pandas().to_dict("records"))


def test_several_processes_give_the_same_comparison():
    one = compare_rule_sets("coloretto", {"jokers": 2}, 7, players=3, seed=4, step=2)
    seen = []
    two = compare_rule_sets("coloretto", {"jokers": 2}, 7, players=3, seed=4, step=2, workers=2,
                            progress=lambda done, of: seen.append(done))
    assert two.rows.to_pandas().equals(one.rows.to_pandas()) and seen == [2, 4, 6, 7]
    with pytest.raises(ValueError, match="workers must be a whole number from 1"):
        compare_rule_sets("coloretto", {}, 2, workers=0)


def test_no_deal_no_figures():
    empty = Comparison("coloretto", 3, {"jokers": 2}, "jokers 2", 0, 10, True, False, [])
    assert empty.figures() == {}
    assert empty.figures().to_pandas().empty and list(empty.figures().to_pandas().columns) == list(COMPARISON_COLUMNS)


def test_the_comparison_and_the_designer_need_no_pandas():
    """The static site's Python has neither pandas nor numpy: the lab's figures and the designer's
    results are computed without them."""
    script = ("import sys; sys.modules['pandas'] = sys.modules['numpy'] = None\n"
              "from plateau_lab.lab.design import compare_rule_sets\n"
              "from plateau_lab.ui.variant_designer import results_html\n"
              "comparison = compare_rule_sets('coloretto', {'plus_colours': 2}, 6, players=3, bots=['heuristic'] * 3)\n"
              "figures = comparison.figures()\n"
              "page = results_html(comparison)\n"
              "print(len(figures), 'moves per game' in page)")
    finished = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert finished.stdout.split() == [str(len(measure_names(3))), "True"]


def test_the_balance_interval_is_seeded_holds_the_balance_and_narrows_with_more_deals(coloretto_comparison):
    few = coloretto_comparison.figures()["balance"]
    for side in ("rulebook", "variant"):
        assert 0 <= few[f"{side}_low"] <= few[side] <= few[f"{side}_high"] <= 1
    assert few["low"] <= few["difference"] <= few["high"]
    assert coloretto_comparison.figures()["balance"] == few                       # the same deals, the same interval
    rows, players = coloretto_comparison.rows, coloretto_comparison.players
    assert compared_figures(rows, players, seed=1)["balance"] == compared_figures(rows, players, seed=1)["balance"]
    assert compared_figures(rows, players, seed=1)["balance"] != compared_figures(rows, players, seed=2)["balance"]
    many = compare_rule_sets("coloretto", {"plus_colours": 2}, 240, players=3, seed=5)
    assert many.rows[:len(rows)] == rows                                            # the same first deals
    more = many.figures()["balance"]
    for low, high in (("rulebook_low", "rulebook_high"), ("variant_low", "variant_high"), ("low", "high")):
        assert more[high] - more[low] < 0.7 * (few[high] - few[low]), (low, few, more)
