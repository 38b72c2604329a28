"""The designer's player who searches the rules in play (issue 40, clause 3): one per table, beside
the comparison's bots, in seat ``deal mod players`` under both rule sets; the expert's search at a
small bounded budget; the same deals and seeds give the same games."""

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import model_for
from plateau_lab.lab.design import SEARCHING_RULEBOOK, SEARCHING_VARIANT, compare_rule_sets
from plateau_lab.lab.expert import ExpertBot


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
def test_a_bounded_search_spends_at_most_its_playouts_or_one_a_legal_move(name, monkeypatch):
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
            assert 0 < len(judged) <= max(8, len(legal))
        state = state.apply(move)


def test_an_unbounded_search_tries_every_move_alive_at_every_stage():
    spec = game_spec("wimmuln")
    state = spec.new_game(spec.default_players, seed=2)
    while len(state.legal_actions()) <= 8:
        state = state.apply(state.legal_actions()[0])
    model = model_for("wimmuln")
    counts = {}
    for bounded in (False, True):
        judged = []
        judge = type(model).judge
        try:
            type(model).judge = lambda self, *rest: judged.append(1) or judge(self, *rest)
            ExpertBot(1, playouts=8, bounded=bounded).choose(state)
        finally:
            type(model).judge = judge
        counts[bounded] = len(judged)
    assert counts[True] == len(state.legal_actions()) < counts[False]
