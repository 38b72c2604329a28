"""The measures of a game and a variant compared with the rulebook (plateau_lab.lab.design), on every
registered game with a rule to change, with a handful of deals: the figures are checked against what
the games table says, never against remembered numbers. A game's own comparisons (Coloretto's, whose
rulebook numbers are all options; Wimmüln's lead changes) are in tests/<game>/test_design.py."""

import dataclasses
import math

import pandas as pd
import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.figures import COMPARISON_COLUMNS
from plateau_lab.lab.measured_play import decisiveness_of, drama_of, play_measured, plays_fast
from plateau_lab.lab.measures import NO_LEAD, RULEBOOK, VARIANT, per_deal, seat_measures
from plateau_lab.lab.simulate import Job, bot_spec, simulate


def one_change(spec):
    """A rule set differing from the rulebook in one rule, or None when the game has no rule to change."""
    for option in spec.options:
        for value in option.played_values():
            if value != option.default:
                try:
                    spec.new_game(spec.short[0], seed=0, **{option.name: value})
                except ValueError:
                    continue
                return {option.name: value}
    return None


#: The registered games with a rule to change.
CHANGEABLE = [name for name in GAME_NAMES if one_change(game_spec(name)) is not None]


def test_the_turn_order_rows_read_as_a_person_writes():
    names = [measure.definition for measure in seat_measures(4)[4:]]
    assert "1 seat after the one who started" in names[1] and "2 seats after" in names[2]


@pytest.mark.parametrize("game", CHANGEABLE)
def test_where_one_seat_starts_every_game_the_turn_order_rows_are_not_repeated(game):
    spec = game_spec(game)
    comparison = compare_rule_sets(game, one_change(spec), 3, bots=["random"] * spec.default_players)
    table = comparison.figures().to_pandas()
    assert table.index.tolist() == comparison.measure_names
    turn_order = [name for name in table.index if "to play wins" in name or "starts" in name]
    assert bool(turn_order) == (comparison.starter is None)


def test_some_game_has_one_seat_start_every_game_and_some_draws_the_starter_by_lot():
    starters = {compare_rule_sets(game, one_change(game_spec(game)), 3).starter is None for game in CHANGEABLE}
    assert starters == {True, False}


def test_two_players_show_one_seat_and_one_place_the_other_is_the_rest():
    names = [measure.name for measure in seat_measures(2)]
    assert names == ["seat 0 wins", "the player who starts wins"]
    assert all("rest" in measure.definition for measure in seat_measures(2))


def test_close_finishes_mean_the_same_at_6_points_and_at_100():
    def close(scores):
        ordered = sorted(scores)
        rows = [dict(game_index=0, players=3, seat=seat, starter=0, score=score, winner=score == ordered[-1],
                     win_share=float(score == ordered[-1]), margin=ordered[-1] - ordered[-2], actions=9, moves=3,
                     decisions=3, lead_changes=0) for seat, score in enumerate(scores)]
        return per_deal(rows, 3)["close finishes"]["rulebook"][0]

    assert close((6, 5, 2)) == close((100, 91, 40)) == 1.0          # a point in 6, 9 in 100
    assert close((6, 4, 2)) == close((100, 85, 40)) == 0.0
    assert close((6, 6, 2)) == 1.0


def test_drama_and_decisiveness_by_hand():
    # the winner (1) was behind once, by 0.4, then led to the end
    chances = [(0.5, 0.5), (0.7, 0.3), (0.4, 0.6), (0.2, 0.8), (0.0, 1.0)]
    assert drama_of(chances, [1]) == pytest.approx(0.4 / 5)
    assert decisiveness_of(chances, [1]) == pytest.approx(2 / 5)   # above 0.7 from the fourth position on
    assert math.isnan(decisiveness_of(chances, [0, 1]))            # everybody tied: nobody else
    assert drama_of([(0.5, 0.5)], [0, 1]) == 0


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_with_a_rule_to_change_is_compared(name):
    spec = game_spec(name)
    variant = one_change(spec)
    if variant is None:
        pytest.skip(f"{spec.title} has no rule option yet")
    players, short = spec.short
    base = {key: value for key, value in short.items() if key not in variant}
    # the short game's own options count as the variant's too: compare its short game with one change
    result = compare_rule_sets(name, {**base, **variant}, 3, players=players, seed=1)
    table = result.figures().to_pandas()
    assert table.index.tolist() == result.measure_names
    assert isinstance(table, pd.DataFrame) and result.deals == 3


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_comparison_plays_simulates_games_on_the_fast_path(name):
    spec = game_spec(name)
    variant = one_change(spec) or {}
    players = spec.default_players
    bots = ["heuristic"] * players
    games = compare_rule_sets(name, variant, 3, players=players, bots=bots, seed=7).rows.to_pandas()
    assert plays_fast(Job(name, players, (), 7, tuple(bot_spec(bot) for bot in bots)), spec.fast_module())
    for label, rules in ((RULEBOOK, {}), (VARIANT, variant)):
        plain = simulate(name, 3, players=players, bots=bots, seed=7, variant=rules, shape=True, workers=1,
                         progress=False).to_pandas()
        mine = games[games.label == label].reset_index(drop=True)
        for column in ("seed", "seat", "score", "win_share", "actions", "starter", "margin", "moves", "decisions"):
            assert mine[column].tolist() == plain[column].tolist(), (label, column)
        assert mine["lead_changes"].isna().tolist() == plain["lead_changes"].isna().tolist()
        assert mine["lead_changes"].dropna().tolist() == plain["lead_changes"].dropna().tolist()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_fast_path_counts_what_the_public_engine_counts(name):
    spec = game_spec(name)
    players = spec.default_players
    for bots in (("random",) * players, ("heuristic",) * players):
        job = Job(name, players, tuple(sorted((one_change(spec) or {}).items())), 3, tuple(map(bot_spec, bots)))
        for index in range(2):
            fast = play_measured(job, index)
            public = play_measured(Job(**{**job.__dict__, "fast": False}), index)
            assert fast == public, (bots, index)


def test_the_designers_table_says_why_a_measure_has_no_figure():
    from plateau_lab.ui.variant_designer import results_html

    game = CHANGEABLE[0]
    comparison = compare_rule_sets(game, one_change(game_spec(game)), 6, seed=5)
    unlisted = dataclasses.replace(comparison, rows=[dict(row, lead_changes=None) for row in comparison.rows])
    page = results_html(unlisted)                                     # games that list no standings
    row = page[page.index("<tr><td>lead changes"):]
    row = row[:row.index("</tr>")]
    assert "list no standings" in row and "–" in row


@pytest.mark.parametrize("game", CHANGEABLE)
def test_the_figures_are_the_table_in_plain_python(game):
    comparison = compare_rule_sets(game, one_change(game_spec(game)), 8, seed=3)
    figures, table = comparison.figures(), comparison.figures().to_pandas()
    assert list(figures) == table.index.tolist() == comparison.measure_names
    assert list(table.columns) == list(COMPARISON_COLUMNS) and table.index.name == "measure"
    for name, row in figures.items():
        assert list(row) == list(COMPARISON_COLUMNS)
        for column, value in row.items():
            assert type(value) in (float, bool, str), (name, column, type(value))       # no numpy, no pandas
            shown = table.loc[name, column]
            assert value == shown or (math.isnan(value) and math.isnan(shown)), (name, column)
    # every fast path lists its rounds when asked (Oh Hell's tricks), so random players' lead changes are counted
    assert figures["lead changes"]["definition"] != NO_LEAD and not math.isnan(figures["lead changes"]["rulebook"])


