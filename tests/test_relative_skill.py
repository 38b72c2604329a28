"""Relative skill (van der Genugten and Borm): learning effect, chance effect, the fictive player who
sees every card, and games compared side by side."""

import math
from statistics import fmean

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.imagining import model_for
from plateau_lab.games import coloretto
from plateau_lab.lab.simulate import simulate
from plateau_lab.lab.skill import (RELATIVE_COLUMNS, SeeingBot, _ratio_interval, compare_games, relative_skill,
                                   relative_skill_html, seeing_rung)

#: The cheapest game to play with the fictive player (a few seconds for dozens of deals).
CHEAP = "oh_hell"


def seated(game, deals, bot, label, seed=0):
    """``bot`` in seat ``deal % players`` among heuristic bots, one row per deal, read independently."""
    players = game_spec(game).default_players
    table = simulate(game, deals, bots=[(label, bot)] + ["heuristic"] * (players - 1), rotate_seats=True,
                     seed=seed, workers=1, progress=False)
    return table[table.seat == table.game_index % players].sort_values("game_index")


def test_the_effects_are_paired_means_over_the_same_deals_and_relative_skill_is_their_ratio():
    row = relative_skill(CHEAP, 12, playouts=10, seed=2, measure="win_share")
    beginner = seated(CHEAP, 12, "random", "beginner", 2).win_share.to_numpy()
    skilled = seated(CHEAP, 12, "heuristic", "skilled", 2).win_share.to_numpy()
    fictive = seated(CHEAP, 12, seeing_rung(10)[1], "fictive", 2).win_share.to_numpy()
    assert row["learning"] == pytest.approx(fmean(skilled - beginner))
    assert row["chance"] == pytest.approx(fmean(fictive - skilled))
    assert row["relative_skill"] == pytest.approx(row["learning"] / (row["learning"] + row["chance"]))
    assert row["low"] < row["relative_skill"] < row["high"] and row["width"] == pytest.approx(row["high"] - row["low"])
    assert list(row) == RELATIVE_COLUMNS and row["measure"] == "win_share"


def test_scores_are_the_measure_unless_asked_otherwise():
    row = relative_skill(CHEAP, 8, playouts=10)
    beginner = seated(CHEAP, 8, "random", "beginner").score.mean()
    assert row["measure"] == "score" and row["beginner"] == pytest.approx(beginner)


def test_the_player_who_sees_every_card_gains_over_the_skilled_player():
    row = relative_skill(CHEAP, 32, playouts=20, measure="score")
    assert row["learning_low"] > 0 and row["chance_low"] > 0
    assert 0 < row["relative_skill"] < 1


def test_the_ratio_interval_narrows_with_more_deals_and_is_exact_when_every_deal_agrees():
    ratio, low, high = _ratio_interval([1, 1, 1], [2, 2, 2], 0.95)
    assert (ratio, low, high) == (0.5, 0.5, 0.5)
    learning, whole = [1, 0, 2, 1, 0, 1], [2, 1, 3, 2, 2, 1]
    few = _ratio_interval(learning, whole, 0.95)
    many = _ratio_interval(learning * 4, whole * 4, 0.95)
    assert few[0] == many[0] == pytest.approx(sum(learning) / sum(whole))
    assert many[2] - many[1] < few[2] - few[1]
    assert math.isnan(_ratio_interval([1, -1], [1, -1], 0.95)[0])     # no gain at all: no ratio


def test_the_fictive_player_searches_the_true_deal_not_an_imagined_one(monkeypatch):
    state = coloretto.new_game(4, seed=3)
    while len(state.legal_actions()) < 2:          # to the first real choice
        state = state.apply(state.legal_actions()[0])
    model = model_for("coloretto")
    started_from = []
    original = type(model).result

    def watched(self, start, after, seat, seed):
        started_from.append(start)
        return original(self, start, after, seat, seed)

    monkeypatch.setattr(type(model), "result", watched)
    move = SeeingBot(1, playouts=8).choose(state)
    assert move in state.legal_actions() and started_from and all(start is state for start in started_from)
    assert move == SeeingBot(1, playouts=8).choose(state)


def test_games_side_by_side():
    table = compare_games([CHEAP, "syndicate"], 4, playouts=4, seed=1)
    assert table.index.tolist() == [CHEAP, "syndicate"] and table.columns.tolist() == RELATIVE_COLUMNS
    alone = relative_skill("syndicate", 4, playouts=4, seed=1)
    assert table.loc["syndicate"].to_dict() == pytest.approx(alone, nan_ok=True)
    shown = relative_skill_html(table)
    assert game_spec(CHEAP).title in shown and "The Syndicate" in shown


def test_misuse_says_what_is_expected():
    with pytest.raises(ValueError, match="measure"):
        relative_skill(CHEAP, 4, measure="points")
    with pytest.raises(ValueError, match="deals"):
        relative_skill(CHEAP, 1)
    with pytest.raises(ValueError, match="at least one game"):
        compare_games([], 4)
    with pytest.raises(ValueError, match="playouts"):
        SeeingBot(0, playouts=0)
    with pytest.raises(ValueError, match="no bot named"):
        relative_skill(CHEAP, 4, skilled="grandmaster")
