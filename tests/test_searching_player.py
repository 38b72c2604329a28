"""The designer's player who searches the rules in play (issue 40, clause 3): one per table, beside
the comparison's bots, in seat ``deal mod players`` under both rule sets; the expert's search at a
small bounded budget; the same deals and seeds give the same games."""

import html

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import model_for
from plateau_lab.lab import expert
from plateau_lab.lab.design import (MAY_PLAY_BADLY, SEARCHING_RULEBOOK, SEARCHING_VARIANT, Comparison,
                                    compare_rule_sets)
from plateau_lab.lab.expert import WIDEST, ExpertBot
from plateau_lab.ui.variant_designer import results_html


def first_variant(name):
    """The game's first rule option with a number, one step from the rulebook (a variant to compare)."""
    spec = game_spec(name)
    rulebook = spec.new_game(spec.default_players, seed=0).setup.variant
    for option, value in rulebook.items():
        if isinstance(value, int) and not isinstance(value, bool):
            for step in (1, -1):
                try:
                    spec.new_game(spec.default_players, seed=0, **{option: value + step})
                except ValueError:
                    continue
                return {option: value + step}
    raise AssertionError(f"{name} has no rule option with a number")


def test_one_player_searches_at_every_table_in_every_seat_in_turn():
    comparison = compare_rule_sets("coloretto", {"plus_colours": 3}, 5, players=3, bots=["heuristic"] * 3,
                                   searching=True, step=5)
    for label in (SEARCHING_RULEBOOK, SEARCHING_VARIANT):
        for deal in range(5):
            table = {row["seat"]: row["bot"] for row in comparison.rows
                     if row["label"] == label and row["game_index"] == deal}
            assert table == {seat: "expert" if seat == deal % 3 else "heuristic" for seat in range(3)}


def test_the_same_deals_and_seed_play_the_same_games_with_the_player_who_searches():
    runs = [compare_rule_sets("oh_hell", {"points_per_trick": 2}, 3, bots=["heuristic"] * 4, searching=True,
                              step=3, seed=4).rows for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_bounded_search_spends_at_most_its_playouts_or_one_a_legal_move_of_a_few(name, monkeypatch):
    model = model_for(name)
    judged = []
    judge = type(model).judge
    monkeypatch.setattr(type(model), "judge", lambda self, *rest: judged.append(1) or judge(self, *rest))
    spec = game_spec(name)
    state = spec.new_game(spec.default_players, seed=2, **first_variant(name))
    bot = ExpertBot(1, playouts=8, bounded=True)
    for _ in range(40):
        if state.is_over:
            break
        judged.clear()
        move = bot.choose(state)
        legal = state.legal_actions()
        assert move in legal
        if len(legal) > 1:
            assert 0 < len(judged) <= max(8, min(len(legal), WIDEST * 8))
        state = state.apply(move)


def judged_playouts(state, bot):
    """How many playouts ``bot`` spends choosing its move at ``state``."""
    model = model_for(state.setup.game)
    judged, judge = [], type(model).judge
    try:
        type(model).judge = lambda self, *rest: judged.append(1) or judge(self, *rest)
        bot.choose(state)
    finally:
        type(model).judge = judge
    return len(judged)


def test_an_unbounded_search_tries_every_move_alive_at_every_stage_a_bounded_one_a_few_once():
    spec = game_spec("wimmuln")
    state = spec.new_game(spec.default_players, seed=2)
    while not 8 < len(state.legal_actions()) <= WIDEST * 8:
        state = state.apply(state.legal_actions()[0])
    assert judged_playouts(state, ExpertBot(1, playouts=8, bounded=True)) == len(state.legal_actions())
    assert judged_playouts(state, ExpertBot(1, playouts=8)) > len(state.legal_actions())


def test_a_bounded_search_of_a_wide_choice_tries_the_bots_move_and_others_drawn_at_random(monkeypatch):
    spec = game_spec("wimmuln")
    state = spec.new_game(spec.default_players, seed=2)
    while len(state.legal_actions()) <= WIDEST * 8:
        state = state.apply(state.legal_actions()[0])
    assert judged_playouts(state, ExpertBot(1, playouts=8, bounded=True)) == WIDEST * 8
    bots_move = spec.bot("heuristic", 0).choose(state)
    tried = []
    search = expert._tallied
    monkeypatch.setattr(expert, "_tallied", lambda *args, **named: tried.append(search(*args, **named)) or tried[-1])
    ExpertBot(1, playouts=8, bounded=True).choose(state)
    actions, tallies = tried[0]
    assert sum(tally.count > 0 for tally in tallies) == WIDEST * 8
    assert tallies[actions.index(bots_move)].count > 0


def test_the_page_says_how_often_the_player_who_searches_wins_under_each_rule_set(monkeypatch):
    comparison = compare_rule_sets("oh_hell", {"points_per_trick": 2}, 8, bots=["heuristic"] * 4, searching=True,
                                   step=8)
    lead = comparison.searching_lead()
    mine = {(row["label"], row["game_index"]): row["win_share"] for row in comparison.rows
            if row["label"] in (SEARCHING_RULEBOOK, SEARCHING_VARIANT) and row["seat"] == row["game_index"] % 4}
    assert len(mine) == 16
    assert lead["rulebook"] == pytest.approx(sum(mine[SEARCHING_RULEBOOK, deal] for deal in range(8)) / 8)
    assert lead["difference"] == pytest.approx(lead["variant"] - lead["rulebook"])
    assert lead["gains"] == (lead["low"] > 0)
    assert compare_rule_sets("oh_hell", {"points_per_trick": 2}, 2, step=2).searching_lead() is None
    page = html.unescape(results_html(comparison))
    assert f"The player who searches won {lead['rulebook'] * 100:.0f} % of its games under the rulebook" in page
    monkeypatch.setattr(Comparison, "searching_lead", lambda self, confidence=0.95: dict(
        lead, difference=0.08, low=0.03, high=0.13, gains=True))
    assert f"It wins more often against the same bots under your rules, so {MAY_PLAY_BADLY}." in html.unescape(
        results_html(comparison))
