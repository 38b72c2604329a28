"""The designer on Coloretto (plateau_lab.ui.variant_designer): every rulebook number of Coloretto is an option, so
its fields, its comparisons in the background and its words are checked on Coloretto's rules."""

import asyncio
import html
import re

import ipywidgets as widgets
import pytest

from plateau_lab.core import game_spec
from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.measures import measure_names
from plateau_lab.ui.variant_designer import OptionField, TableField, VariantDesigner, results_html

from widget_texts import FORBIDDEN, texts_of

#: How many times a background test looks at the designer before giving up (each after a short pause).
MOST_LOOKS = 4000


def test_one_field_per_rule_of_its_kind():
    designer = VariantDesigner("coloretto")
    spec = game_spec("coloretto")
    assert list(designer.fields) == [option.name for option in spec.options]
    assert isinstance(designer.fields["scoring"].control, widgets.Dropdown)
    assert designer.fields["scoring"].control.options == ("brown", "grey")
    assert isinstance(designer.fields["golden_joker"].control, widgets.Checkbox)
    assert isinstance(designer.fields["points_table"].control, TableField)
    jokers = designer.fields["jokers"].control
    assert isinstance(jokers, widgets.BoundedIntText) and (jokers.min, jokers.max) == (0, 10)
    for option in spec.options:
        field = designer.fields[option.name]
        assert (field.rulebook is not None) == option.none
        assert field.value == option.default
    assert designer.variant == {}
    assert designer.compare.disabled


def test_the_line_says_what_differs_as_rules_change():
    designer = VariantDesigner("coloretto")
    assert "nothing yet" in designer.differs.value
    designer.fields["golden_joker"].control.value = True
    designer.fields["plus_colours"].control.value = 2
    assert designer.differs.value == "Differs from the rulebook: golden joker, plus colours 2."
    assert not designer.compare.disabled
    designer.fields["plus_colours"].control.value = 3
    designer.fields["golden_joker"].control.value = False
    assert "nothing yet" in designer.differs.value and designer.compare.disabled


def test_as_the_rulebook_toggle():
    designer = VariantDesigner("coloretto", players=4)
    rows = designer.fields["rows"]
    assert rows.value is None and rows.control.disabled and rows.control.layout.visibility == "hidden"
    rows.rulebook.value = False
    assert not rows.control.disabled and rows.value == rows.control.value
    assert rows.control.layout.visibility == "visible"
    rows.control.value = 6
    assert designer.variant == {"rows": 6}
    assert "rows 6" in designer.differs.value
    rows.rulebook.value = True
    assert designer.variant == {}


def test_a_table_is_a_row_of_numbers_with_add_and_remove():
    designer = VariantDesigner("coloretto")
    field = designer.fields["points_table"]
    field.rulebook.value = False
    table = field.control
    start = table.value
    assert designer.variant == {"points_table": start}
    table.add.click()
    assert table.value == start + (start[-1],)
    table.numbers[0].value = 5
    assert designer.variant["points_table"][0] == 5
    while not table.remove.disabled:
        table.remove.click()
    assert len(table.value) == 1                       # the rule's shortest table
    option = game_spec("coloretto").options[2]
    while not table.add.disabled:
        table.add.click()
    assert len(table.value) == option.longest
    assert table.numbers[0].max == option.high and table.numbers[0].min == option.low


def test_an_unplayable_rule_set_is_refused_in_the_engines_words():
    designer = VariantDesigner("coloretto", players=5)
    choices = dict(cards_per_colour=1, plus_two_cards=0, jokers=0)
    for name, value in choices.items():
        designer.fields[name].control.value = value
    with pytest.raises(ValueError) as refused:
        game_spec("coloretto").new_game(5, seed=0, **choices)
    assert "These rules cannot be played" in designer.refusal.value
    in_words = str(refused.value)
    for option in sorted(game_spec("coloretto").options, key=lambda option: -len(option.name)):
        in_words = re.sub(rf"\b{option.name}\b", option.name.replace("_", " ").capitalize(), in_words)
    assert html.escape(in_words) in designer.refusal.value
    assert not any(f"{option.name} " in designer.refusal.value for option in game_spec("coloretto").options
                   if "_" in option.name)
    assert designer.compare.disabled and designer.differs.value == ""
    assert designer.status.value == "Change the rules above so that the game can be played."
    designer.fields["cards_per_colour"].control.value = 9
    designer.fields["plus_two_cards"].control.value = 10
    designer.fields["jokers"].control.value = 2
    assert designer.refusal.value == "" and not designer.compare.disabled
    assert designer.status.value == "Press Compare with the rulebook to play both on the same deals."


def test_a_bad_name_is_refused():
    designer = VariantDesigner("coloretto")
    designer.fields["jokers"].control.value = 2
    designer.name.value = "x" * 81
    assert "name must be a text of 1 to 80" in designer.refusal.value and designer.compare.disabled
    designer.name.value = "two jokers"
    assert not designer.compare.disabled


def test_compare_reports_every_measure_paired_on_the_same_deals():
    designer = VariantDesigner("coloretto", players=3, deals=20, step=7, seed=4)
    designer.fields["plus_colours"].control.value = 2
    designer.name.value = "two plus colours"
    designer.compare.click()
    assert designer.status.value == "Compared on 20 deals: the same deals under both rule sets."
    assert designer.progress.value == designer.progress.max == 20
    expected = compare_rule_sets("coloretto", {"plus_colours": 2, "rules_name": "two plus colours"}, 20,
                                 players=3, seed=4)
    assert designer.comparison.rows.to_pandas().equals(expected.rows.to_pandas())
    assert designer.result.value == results_html(expected)
    for name in measure_names(3):
        assert f"<td>{html.escape(name)}<div" in designer.result.value
    assert "two plus colours</b> against the rulebook" in designer.result.value
    assert not designer.compare.disabled and designer.stop.disabled


def test_a_difference_the_same_on_every_deal_says_so():
    page = results_html(compare_rule_sets("coloretto", {"plus_colours": 2}, 6, players=3, seed=1))
    row = re.search(r"<td>moves per game.*?</tr>", page).group(0)        # scoring changes no move
    assert "±0.00 moves <div class='small'>the same on every deal</div>" in row and "no difference" in row


def test_each_difference_is_in_its_unit_shares_in_percentage_points_scores_in_points():
    page = results_html(compare_rule_sets("coloretto", {"plus_colours": 2}, 20, players=3, seed=1))
    close = re.search(r"<td>close finishes.*?</tr>", page).group(0)
    margin = re.search(r"<td>margin<div.*?</tr>", page).group(0)
    assert " percentage points <div" in close and " points <div" in margin and "percentage" not in margin
    assert "a tenth of the winner's points" in html.unescape(close) and "6 points" in close      # the definition


def test_a_study_is_planned_from_the_deals_just_played():
    designer = VariantDesigner("coloretto", players=3, deals=20, step=20, bots="heuristic")
    designer.fields["plus_colours"].value = 2
    assert designer.planning.layout.display == "none"
    designer.compare.click()
    assert designer.planning.layout.display is None and "margin" in designer.plan_measure.options
    designer.plan_measure.value = "close finishes"
    assert designer.plan_unit.value == "percentage points"
    designer.plan_size.value = 3
    designer.plan_button.click()
    plan = designer.comparison.plan_study("close finishes", 0.03)
    assert f"{plan['deals']:,} deals" in designer.plan.value and "here" in designer.plan.value
    assert "3 percentage points in <i>close finishes</i>" in designer.plan.value


def test_the_clear_column_follows_holms_verdict():
    page = results_html(compare_rule_sets("coloretto", {"cards_per_colour": 12}, 10, players=3, seed=1))
    row = re.search(r"<td>moves per game.*?</tr>", page).group(0)
    assert "yes: higher" in row
    page = results_html(compare_rule_sets("coloretto", {"jokers": 2}, 10, players=3, seed=1))
    row = re.search(r"<td>moves per game.*?</tr>", page).group(0)
    assert "not clear" in row or "yes:" in row


def test_drama_only_when_ticked():
    designer = VariantDesigner("coloretto", players=3, deals=10, step=10)
    designer.fields["jokers"].control.value = 2
    designer.compare.click()
    assert "<td>drama<div" not in designer.result.value
    designer.drama.value = True
    designer.compare.click()
    assert "<td>drama<div" in designer.result.value and "<td>decisiveness<div" in designer.result.value


def test_in_the_background_stop_keeps_the_deals_played():
    async def scenario(workers):
        designer = VariantDesigner("coloretto", players=3, deals=50, step=2, workers=workers)
        designer.fields["jokers"].control.value = 2
        designer.compare.click()
        assert designer.task is not None and designer.status.value == "Playing…"
        assert designer.compare.disabled and not designer.stop.disabled
        for _ in range(MOST_LOOKS):
            if designer.run_.deals_done >= 4:
                break
            await asyncio.sleep(0.01)
        assert "deals played" in designer.status.value and "so far" in designer.result.value
        designer.stop.click()
        await designer.task
        done = designer.run_.deals_done
        assert 4 <= done < 50
        assert designer.status.value == f"Stopped after {done} of 50 deals: the table shows those deals."
        assert designer.comparison.deals == done and designer.comparison.stopped
        assert f"same {done} deals so far" in designer.result.value
        assert not designer.compare.disabled and designer.stop.disabled

    asyncio.run(scenario(0))
    asyncio.run(scenario(1))


def test_in_the_background_a_whole_comparison_finishes():
    async def scenario():
        designer = VariantDesigner("coloretto", players=3, deals=10, step=5, workers=1)
        designer.fields["jokers"].control.value = 2
        designer.compare.click()
        await designer.task
        return designer

    designer = asyncio.run(scenario())
    assert designer.status.value == "Compared on 10 deals: the same deals under both rule sets."
    assert designer.comparison.rows.to_pandas().equals(compare_rule_sets("coloretto", {"jokers": 2}, 10, players=3).rows.to_pandas())


def test_bad_arguments_are_refused_in_words():
    with pytest.raises(ValueError, match="deals is one of 10, 20"):
        VariantDesigner("coloretto", deals=7)
    with pytest.raises(ValueError, match="at most one core"):
        VariantDesigner("coloretto", workers=4)
    with pytest.raises(ValueError, match="no game named"):
        VariantDesigner("chess")
    with pytest.raises(ValueError, match="cannot be left to the rulebook"):
        OptionField(game_spec("coloretto").options[3]).value = None


def test_the_designer_speaks_plainly():
    designer = VariantDesigner("coloretto", players=3, deals=10, step=10)
    designer.fields["jokers"].control.value = 2
    designer.drama.value = True
    designer.compare.click()
    words = texts_of(designer)
    assert not [text for text in words if FORBIDDEN.search(text)]


def test_where_no_worker_process_can_start_the_deals_are_played_in_the_page(monkeypatch):
    def no_processes(processes=1):
        raise OSError("Function not implemented")          # as in Python inside the browser

    monkeypatch.setattr("plateau_lab.ui.background.worker_pool", no_processes)

    async def scenario():
        designer = VariantDesigner("coloretto", players=3, deals=10, step=5, workers=1)
        designer.fields["jokers"].control.value = 2
        designer.compare.click()
        await designer.task
        return designer

    designer = asyncio.run(scenario())
    assert designer.status.value == "Compared on 10 deals: the same deals under both rule sets."
    assert designer.comparison.deals == 10


def test_a_long_comparison_updates_the_table_a_bounded_number_of_times():
    designer = VariantDesigner("coloretto", deals=1000, step=5)
    designer.fields["jokers"].control.value = 2
    assert designer.start() is None                     # no event loop here: the steps are ours to play
    plan, start, stop = designer.run_.chunk()
    assert (start, stop) == (0, 25)                     # 1000 deals in 40 updates, not 200
    designer.stop_running()
    assert designer.status.value == "Stopped after 0 of 1000 deals: nothing measured yet."
    assert designer.result.value == "" and not designer.compare.disabled


def test_a_page_opens_the_designer_on_a_proposed_change_and_compares_the_deals_compare_rule_sets_plays():
    designer = VariantDesigner("coloretto", players=3, deals=20, variant={"plus_colours": 2},
                               name="two plus colours", bots="heuristic")
    assert designer.variant == {"plus_colours": 2} and not designer.compare.disabled
    assert designer.differs.value == "Differs from the rulebook: plus colours 2."
    assert designer.name.value == "two plus colours" and designer.bots.value == "heuristic"
    designer.compare.click()
    direct = compare_rule_sets("coloretto", {"plus_colours": 2}, 20, players=3, bots=["heuristic"] * 3)
    assert designer.comparison.figures().to_pandas().equals(direct.figures().to_pandas())      # what a notebook measures, the designer shows
    assert "<b>two plus colours</b> against the rulebook" in designer.result.value
    designer.propose({})                                             # back to the rulebook: nothing to compare
    assert designer.variant == {} and designer.compare.disabled and "nothing yet" in designer.differs.value


def test_a_proposed_change_the_game_refuses_is_refused_by_name():
    with pytest.raises(ValueError, match="has no rule named 'plus_colour'"):
        VariantDesigner("coloretto", variant={"plus_colour": 2})
    with pytest.raises(ValueError, match="plus_colours must be a whole number from 0 to 7"):
        VariantDesigner("coloretto", variant={"plus_colours": 9})
    with pytest.raises(ValueError, match="bots is one of 'random', 'heuristic'"):
        VariantDesigner("coloretto", bots="grandmaster")
    refused = VariantDesigner("coloretto", players=3, variant={"cards_per_colour": 1, "plus_two_cards": 0,
                                                               "jokers": 0})
    assert "These rules cannot be played" in refused.refusal.value and refused.compare.disabled
