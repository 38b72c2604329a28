"""Sweeps of Coloretto's rules (plateau_lab.lab.sweep and the panel that runs them): its jokers, plus colours and
golden joker, the design lab's worked example, checked against the games table."""

from __future__ import annotations

import asyncio
import json
import math
import re
import subprocess
import sys

import pytest

from plateau_lab.core import game_spec
from plateau_lab.lab.figures import measured_figures
from plateau_lab.lab.measures import measure_names
from plateau_lab.lab.sweep import MOST_VALUES, TABLE_COLUMNS, SweepRun, default_values, sweep
from plateau_lab.ui.sweep_panel import SweepPanel, sweep_charts, sweepable


#: Words a teacher should not meet on the page.
ENGINE_WORDS = re.compile(r"\b(seeds?|playouts?|heuristics?)\b", re.IGNORECASE)


def same(value, wanted) -> bool:
    """Equal, a missing figure (NaN) equal to a missing figure."""
    if isinstance(wanted, float) and math.isnan(wanted):
        return isinstance(value, float) and math.isnan(value)
    return value == wanted


def panel_words(panel) -> str:
    """Every word the panel shows a teacher (labels, help, values, status, charts, list entries)."""
    words = [panel.title.value, panel.help.value, panel.values_line.value, panel.refusal.value, panel.status.value,
             panel.charts.value, panel.sweep_button.description, panel.stop.description]
    words += [label for label, _ in panel.rule.options] + [label for label, _ in panel.bots.options]
    words += [box.description for box in (panel.low, panel.high, panel.every, panel.deals, panel.players)]
    return " ".join(words)


@pytest.fixture(scope="module")
def jokers():
    """Coloretto's jokers 1 to 3 on 12 deals (the rulebook has 3)."""
    return sweep("coloretto", "jokers", [1, 2, 3], 12, players=3, seed=5)


def test_every_value_plays_the_same_deals(jokers):
    games = jokers.rows.to_pandas()
    seeds = games.groupby("label")["seed"].apply(lambda column: tuple(column)).tolist()
    assert len(seeds) == 3 and seeds[0] == seeds[1] == seeds[2]
    assert sorted(games["rules"].unique()) == ["jokers 1", "jokers 2", "standard"]
    assert games.groupby("label")["game_index"].nunique().tolist() == [12, 12, 12]


def test_each_value_reads_as_the_design_lab_measures_its_games(jokers):
    table = jokers.figures().to_pandas()
    for place, value in enumerate(jokers.values):
        own = measured_figures([row for row in jokers.rows if row["label"] == str(place)], players=3).to_pandas()
        rows = table[table.setting == value].set_index("measure")
        for name in ("moves per game", "margin", "close finishes", "seat 1 wins"):
            assert rows.loc[name, "figure"] == pytest.approx(own.loc[name, "value"])
            assert rows.loc[name, "low"] == pytest.approx(own.loc[name, "low"])
            assert rows.loc[name, "high"] == pytest.approx(own.loc[name, "high"])


def test_the_difference_is_paired_deal_by_deal_against_the_rulebook_value(jokers):
    assert jokers.reference == jokers.rulebook == 3
    table = jokers.figures().to_pandas()
    margins = jokers.rows.to_pandas().groupby(["label", "game_index"])["margin"].first().unstack("label")
    differences = margins["0"] - margins["2"]                    # jokers 1 minus jokers 3, deal by deal
    half = 2.200985 * differences.std(ddof=1) / math.sqrt(len(differences))     # Student's t, 11 degrees
    row = table[(table.measure == "margin") & (table.setting == 1)].iloc[0]
    assert row["difference"] == pytest.approx(differences.mean())
    assert row["difference_low"] == pytest.approx(differences.mean() - half, rel=1e-4)
    assert row["difference_high"] == pytest.approx(differences.mean() + half, rel=1e-4)
    assert row["clear"] == (row["difference_low"] > 0 or row["difference_high"] < 0)
    reference = table[table.setting == 3]
    assert (reference[["difference", "difference_low", "difference_high"]] == 0).all().all()
    assert not reference["clear"].any()


def test_the_table_has_every_measure_at_every_value_in_order(jokers):
    table = jokers.figures().to_pandas()
    assert list(table.measure.unique()) == measure_names(3)
    assert len(table) == 3 * len(measure_names(3))
    for _, rows in table.groupby("measure", sort=False):
        assert rows["setting"].tolist() == [1, 2, 3]
        assert rows["setting_text"].tolist() == ["1", "2", "3"]
    shares = table[table.measure == "close finishes"]
    assert ((0 <= shares["low"]) & (shares["low"] <= shares["figure"]) & (shares["figure"] <= shares["high"])
            & (shares["high"] <= 1)).all()


def test_the_figures_are_the_tables_rows_in_plain_python(jokers):
    figures, table = jokers.figures(), jokers.figures().to_pandas()
    assert list(table.columns) == TABLE_COLUMNS and len(figures) == len(table)
    for row, (_, expected) in zip(figures, table.iterrows()):
        assert list(row) == TABLE_COLUMNS
        assert all(same(row[column], expected[column]) for column in TABLE_COLUMNS), (row, expected)
        assert all(type(value).__module__ == "builtins" for value in row.values()), row      # no numpy numbers


#: A sweep, its charts and the panel driven to the end, where neither pandas nor numpy can be imported.
WITHOUT_PANDAS = """import json, sys
sys.modules['pandas'] = sys.modules['numpy'] = None
from plateau_lab.lab.sweep import sweep
from plateau_lab.ui.sweep_panel import SweepPanel, sweep_charts
result = sweep("coloretto", "plus_colours", [1, 2, 3], 6, players=3, bots=["heuristic"] * 3)
charts = dict(sweep_charts(result))
panel = SweepPanel("coloretto", players=3, deals=10, step=5)
panel.rule.value = "plus_colours"
panel.low.value, panel.high.value = 1, 2
panel.sweep_button.click()
print(json.dumps({"figures": result.figures(), "charts": sorted(charts), "status": panel.status.value,
                  "drawn": panel.charts.value.count("<svg"), "panel charts": len(sweep_charts(panel.result))}))
"""


def test_the_sweep_its_charts_and_its_panel_need_no_pandas():
    """The static site's Python has neither pandas nor numpy: the sweep computes in plain Python."""
    finished = subprocess.run([sys.executable, "-c", WITHOUT_PANDAS], capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr[-2000:]
    shown = json.loads(finished.stdout)
    here = sweep("coloretto", "plus_colours", [1, 2, 3], 6, players=3, bots=["heuristic"] * 3).figures()
    assert len(shown["figures"]) == len(here) == 3 * len(measure_names(3))
    for row, wanted in zip(shown["figures"], here):
        assert all(same(row[column], wanted[column]) for column in TABLE_COLUMNS), (row, wanted)
    assert len(shown["charts"]) >= len(measure_names(3)) - 1
    assert shown["status"] == "Swept on 10 deals: the same deals for each of the 2 values."
    assert shown["drawn"] == shown["panel charts"] >= len(measure_names(3)) - 1


def test_without_the_rulebook_value_the_first_value_is_the_reference():
    result = sweep("coloretto", "jokers", [4, 2], 3, players=3)
    assert result.reference == 4 and result.rulebook == 3
    table = result.figures().to_pandas()
    assert (table[table.setting == 4]["difference"] == 0).all()
    assert table[table.setting == 2]["difference"].abs().sum() > 0


def test_played_a_chunk_at_a_time_or_at_once_the_same_figures():
    whole = sweep("coloretto", "plus_colours", [2, 4], 6, players=3, seed=2, step=6).figures().to_pandas()
    run = SweepRun("coloretto", "plus_colours", 6, values=[2, 4], players=3, seed=2, step=1)
    steps = 0
    while run.step():
        steps += 1
    assert steps == 5
    chunked = run.result().figures().to_pandas()
    assert chunked.drop(columns="definition").equals(whole.drop(columns="definition"))


def test_the_other_rules_come_from_base():
    result = sweep("coloretto", "jokers", [1, 2], 2, players=3, base={"golden_joker": True})
    assert result.base == {"golden_joker": True} and result.base_name == "golden joker"
    assert sorted(result.rows.to_pandas()["rules"].unique()) == ["golden joker, jokers 1", "golden joker, jokers 2"]


def test_stopped_keeps_the_deals_played_under_every_value():
    reports, answers = [], iter([False, False, True])
    result = sweep("coloretto", "golden_joker", None, 50, players=3, step=2,
                   progress=lambda done, asked: reports.append((done, asked)), stop=lambda: next(answers))
    assert result.stopped and result.deals == 4 and result.deals_asked == 50
    assert reports == [(2, 50), (4, 50)]
    assert result.rows.to_pandas().groupby("label")["game_index"].nunique().tolist() == [4, 4]
    assert len(result.figures().to_pandas()) == 2 * len(measure_names(3))


def test_stopped_before_any_deal_the_table_is_empty():
    result = sweep("coloretto", "golden_joker", None, 5, players=3, stop=lambda: True)
    assert result.deals == 0 and result.stopped and result.figures().to_pandas().empty and result.figures() == []
    assert list(result.figures().to_pandas().columns) == TABLE_COLUMNS


@pytest.mark.parametrize("call, error, words", [
    (dict(rule="joker", values=[1, 2]), ValueError, "unknown option joker; Coloretto has: scoring"),
    (dict(rule="plus_colours", values=[2, 9]), ValueError, "plus_colours must be a whole number from 0 to 7, not 9"),
    (dict(rule="plus_colours", values=[2, "3"]), TypeError, "plus_colours must be a whole number from 0 to 7, not 3"),
    (dict(rule="golden_joker", values=[True, "no"]), TypeError, "golden_joker must be true or false"),
    (dict(rule="scoring", values=["brown", "blue"]), ValueError, "scoring must be one of 'brown', 'grey'"),
    (dict(rule="jokers", values=[2, 2]), ValueError, "the value 2 is given twice"),
    (dict(rule="jokers", values=[2]), ValueError, "a sweep tries 2 to 12 values of jokers, not 1"),
    (dict(rule="plus_two_points", values=list(range(MOST_VALUES + 1))), ValueError,
     "values of plus_two_points, not 13"),
    (dict(rule="jokers", values="123"), TypeError, "values must be a list of values of jokers"),
    (dict(rule="jokers", values=[1, 2], base={"jokers": 3}), ValueError, "base sets jokers"),
    (dict(rule="jokers", values=[1, 2], base={"jokerz": 3}), ValueError, "unknown option jokerz"),
    (dict(rule="jokers", values=[1, 2], n=0), ValueError, "deals must be a whole number from 1"),
    (dict(rule="jokers", values=[1, 2], bots=["random"]), ValueError, "give one bot per seat: 4 players, 1 bot"),
    (dict(rule="jokers", values=[1, 2], bots=["nobody"] * 4), ValueError, "has no bot named 'nobody'"),
    (dict(rule="points_table", values=None), ValueError, "points_table is a table of numbers: give the tables"),
])
def test_bad_input_is_refused_in_the_rules_own_words(call, error, words):
    call = {"n": 2, **call}
    with pytest.raises(error) as raised:
        sweep("coloretto", call.pop("rule"), call.pop("values"), call.pop("n"), **call)
    assert words in str(raised.value)


def test_a_value_the_game_cannot_play_with_the_other_rules_is_refused_by_the_game():
    base = {"cards_per_colour": 2, "plus_two_cards": 2}          # jokers 4 to 10 fill the supply
    with pytest.raises(ValueError) as raised:
        sweep("coloretto", "jokers", [3, 4], 2, players=3, base=base)
    assert "cards_below_last_round" in str(raised.value)
    assert default_values("coloretto", "jokers", players=3, base=base) == (4, 5, 6, 7, 8)
    with pytest.raises(ValueError, match="fewer than two of the values 0, 1, 2, 3, 4… can be played"):
        default_values("coloretto", "jokers", players=3, base={"cards_per_colour": 1, "plus_two_cards": 2})


def test_one_chart_per_measure_with_its_interval_and_the_rulebook_marked(jokers):
    charts = sweep_charts(jokers)
    table = jokers.figures().to_pandas()
    measured = [name for name in measure_names(3) if table[table.measure == name]["figure"].notna().all()]
    assert [name for name, _ in charts] == measured and len(measured) >= len(measure_names(3)) - 1
    for name, picture in charts:
        svg = picture.svg()
        words = " ".join(re.findall(r">([^<>]+)</text>", svg))      # a long title wraps onto two lines
        assert f"{name[:1].upper()}{name[1:]} (standard rules)" in words
        assert "the rulebook (3)" in svg and "Jokers" in svg
        assert svg.count("<circle") == 3                     # a point per value
        assert not ENGINE_WORDS.search(svg)


def test_charts_of_a_yes_or_no_rule_are_bars_and_name_the_other_rules():
    result = sweep("coloretto", "golden_joker", None, 3, players=3, base={"jokers": 2})
    name, picture = sweep_charts(result)[0]
    svg = picture.svg()
    assert ">no<" in svg and ">yes<" in svg and "(jokers 2)" in svg and "the rulebook (no)" in svg


def test_a_chart_draws_a_whisker_out_to_a_figure_its_resampled_interval_leaves_out():
    result = sweep("coloretto", "plus_colours", [2, 3, 4], 16, players=3, seed=0)
    table = result.figures().to_pandas()
    outside = table[(table.figure < table.low) | (table.figure > table.high)]
    assert set(outside.measure) == {"balance"}                  # this sweep has such a figure
    charts = dict(sweep_charts(result))
    assert "balance" in charts


def test_a_chart_without_the_rulebook_value_has_no_rulebook_line():
    result = sweep("coloretto", "jokers", [1, 2], 3, players=3)
    assert all("the rulebook" not in picture.svg() for _, picture in sweep_charts(result))


def test_the_panel_lists_the_rules_it_can_sweep_and_a_range_around_the_rulebook():
    panel = SweepPanel("coloretto", players=3, deals=10)
    assert [name for _, name in panel.rule.options] == [option.name for option in game_spec("coloretto").options
                                                        if sweepable(option)]
    assert "points_table" not in dict((name, label) for label, name in panel.rule.options)
    panel.rule.value = "jokers"
    assert (panel.low.value, panel.high.value, panel.every.value) == (1, 5, 1)
    assert (panel.low.min, panel.high.max) == (0, 10)
    assert panel.values_line.value == "Tries: 1, 2, 3, 4, 5 (5 values)."
    panel.every.value = 2
    assert panel.values == (1, 3, 5) and not panel.sweep_button.disabled
    assert panel.range.layout.display is None
    panel.rule.value = "scoring"
    assert panel.range.layout.display == "none" and panel.values == ("brown", "grey")
    assert "Tries: brown, grey" in panel.values_line.value
    assert not ENGINE_WORDS.search(panel_words(panel))


def test_the_panel_refuses_a_range_it_cannot_play():
    panel = SweepPanel("coloretto", players=3, deals=10)
    panel.rule.value = "jokers"
    panel.low.value, panel.high.value = 4, 2
    assert panel.sweep_button.disabled
    assert "Jokers from 4 to 2 is no range: make the first number the smaller" in panel.refusal.value
    panel.rule.value = "cards_below_last_round"
    panel.low.value, panel.high.value, panel.every.value = 0, 13, 1
    assert panel.sweep_button.disabled and "at most 12" in panel.refusal.value
    panel.high.value = 3
    assert not panel.sweep_button.disabled and panel.refusal.value == ""


def test_the_panel_names_the_rule_in_words_when_the_game_refuses_a_value():
    panel = SweepPanel("coloretto", players=3, deals=10)
    panel.rule.value = "cards_below_last_round"
    panel.low.value, panel.high.value = 63, 65                  # the supply holds 64 cards at 3 players
    assert panel.sweep_button.disabled
    assert "Cards below last round" in panel.refusal.value and "cards_below_last_round" not in panel.refusal.value


def test_sweep_then_the_charts_and_the_status():
    panel = SweepPanel("coloretto", players=3, deals=10, step=5)
    panel.rule.value = "jokers"
    panel.low.value, panel.high.value = 2, 4
    panel.sweep_button.click()
    assert panel.status.value == "Swept on 10 deals: the same deals for each of the 3 values."
    assert panel.charts.value.count("<svg") == len(sweep_charts(panel.result)) >= len(measure_names(3)) - 1
    assert "Jokers from 2 to 4, the other rules the rulebook’s, on the same 10 deals." in panel.charts.value
    assert "so far" not in panel.charts.value
    drawn = {name for name, _ in sweep_charts(panel.result)}
    missing = [name for name in measure_names(3) if name not in drawn]
    assert (f"No chart for {', '.join(missing)}: these games give no figure for it." in panel.charts.value) \
        == bool(missing)
    assert panel.progress.value == panel.progress.max == 10
    assert panel.stop.disabled and not panel.sweep_button.disabled
    assert panel.result.values == (2, 3, 4) and panel.result.deals == 10
    assert not ENGINE_WORDS.search(panel_words(panel))


def test_stop_keeps_the_deals_played_step_by_step():
    panel = SweepPanel("coloretto", players=3, deals=100, step=5)
    panel.rule.value = "golden_joker"
    assert panel.start() is None
    assert panel.step() and panel.running
    assert "5 of 100 deals played" in panel.status.value and "so far" in panel.charts.value
    panel.stop.click()
    assert panel.status.value == "Stopped after 5 of 100 deals: the charts show those deals."
    assert panel.result.stopped and panel.result.deals == 5
    assert "so far" in panel.charts.value
    assert panel.charts.value.count("<svg") == len(sweep_charts(panel.result)) >= len(measure_names(3)) - 1
    assert not panel.step()


@pytest.mark.parametrize("workers", [0, 1])
def test_in_an_event_loop_the_sweep_runs_in_the_background(workers):
    panel = SweepPanel("coloretto", players=3, deals=10, step=5, workers=workers)
    panel.rule.value = "golden_joker"

    async def sweep_and_watch():
        task = panel.start()
        assert task is not None and panel.running
        await task
    asyncio.run(sweep_and_watch())
    assert panel.status.value == "Swept on 10 deals: the same deals for each of the 2 values."
    direct = sweep("coloretto", "golden_joker", None, 10, players=3, step=5).figures().to_pandas()
    assert panel.result.figures().to_pandas().drop(columns="definition").equals(direct.drop(columns="definition"))


def test_stop_in_the_background_ends_the_worker_and_keeps_the_deals():
    panel = SweepPanel("coloretto", players=3, deals=1000, step=5, workers=1)
    panel.rule.value = "golden_joker"

    async def sweep_then_stop():
        task = panel.start()
        while panel.run_.deals_done == 0:
            await asyncio.sleep(0.01)
        panel.stop.click()
        await task
    asyncio.run(sweep_then_stop())
    assert panel.status.value.startswith("Stopped after ") and "of 1000 deals: the charts show those deals" in \
        panel.status.value
    assert 0 < panel.result.deals < 1000 and panel.result.stopped


def test_the_panel_sweeps_with_other_rules_set_and_names_them():
    panel = SweepPanel("coloretto", players=3, deals=10, step=10, base={"golden_joker": True, "jokers": 3})
    assert panel.base == {"golden_joker": True}
    assert "golden_joker" not in [name for _, name in panel.rule.options]
    panel.rule.value = "plus_colours"
    panel.low.value, panel.high.value = 2, 3
    panel.sweep_button.click()
    assert panel.result.base == {"golden_joker": True}
    assert set(panel.result.rows.to_pandas()["rules"]) == {"golden joker", "golden joker, plus colours 2"}
    assert "the other rules golden joker, on the same 10 deals" in panel.charts.value
    assert "(golden joker)" in panel.charts.value
    with pytest.raises(ValueError, match="cards_below_last_round"):
        SweepPanel("coloretto", players=3, base={"cards_per_colour": 1, "plus_two_cards": 0})


def test_the_panel_refuses_bad_settings():
    with pytest.raises(ValueError, match="deals is one of"):
        SweepPanel("coloretto", deals=7)
    with pytest.raises(ValueError, match="at most one core"):
        SweepPanel("coloretto", workers=2)
    with pytest.raises(RuntimeError, match="press Sweep"):
        SweepPanel("coloretto").step()
