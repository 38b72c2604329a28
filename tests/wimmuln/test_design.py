"""Wimmüln's rule sets compared (plateau_lab.lab.design): a game of rounds, so the comparison counts the lead
changes between them."""

from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.measures import MEASURES


def test_lead_changes_between_rounds_where_the_game_has_rounds():
    table = compare_rule_sets("wimmuln", {}, 6, bots=["heuristic"] * 4, seed=2).figures().to_pandas()
    assert table.loc["lead changes", "definition"] == next(m.definition for m in MEASURES if m.name == "lead changes")
    assert table.loc["lead changes", "rulebook"] >= 0 and table.loc["lead changes", "difference"] == 0
