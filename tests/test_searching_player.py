"""The designer's player who searches the rules in play (issue 40, clause 3): one per table, beside
the comparison's bots, in seat ``deal mod players`` under both rule sets; the expert's search at a
small bounded budget; the same deals and seeds give the same games; the page says how often it won."""

import html

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.imagining import model_for
from plateau_lab.lab import expert
from plateau_lab.lab.design import (MAY_PLAY_BADLY, SEARCH_PLAYOUTS, SEARCHING_RULEBOOK, SEARCHING_VARIANT, Comparison,
                                    compare_rule_sets)
from plateau_lab.lab.expert import WIDEST, ExpertBot
from plateau_lab.ui.variant_designer import results_html

#: The budget the tests give the player who searches.
PLAYOUTS = 8


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


def compared(name, deals, **options):
    """A comparison of ``name``'s first variant with the rulebook, heuristic bots in every seat."""
    players = game_spec(name).default_players
    return compare_rule_sets(name, first_variant(name), deals, bots=["heuristic"] * players, step=deals, **options)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_one_player_searches_at_every_table_in_every_seat_in_turn(name):
    comparison = compared(name, 4, searching=True)
    players = comparison.players
    for label in (SEARCHING_RULEBOOK, SEARCHING_VARIANT):
        for deal in range(4):
            table = {row["seat"]: row["bot"] for row in comparison.rows
                     if row["label"] == label and row["game_index"] == deal}
            assert table == {seat: "expert" if seat == deal % players else "heuristic" for seat in range(players)}


def test_the_same_deals_and_seed_play_the_same_games_with_the_player_who_searches():
    name = GAME_NAMES[0]
    runs = [compared(name, 3, searching=True, seed=4).rows for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_bounded_search_spends_at_most_its_playouts_or_one_a_legal_move_of_a_few(name, monkeypatch):
    model = model_for(name)
    judged = []
    judge = type(model).judge
    monkeypatch.setattr(type(model), "judge", lambda self, *rest: judged.append(1) or judge(self, *rest))
    spec = game_spec(name)
    state = spec.new_game(spec.default_players, seed=2, **first_variant(name))
    bot = ExpertBot(1, playouts=PLAYOUTS, bounded=True)
    for _ in range(40):
        if state.is_over:
            break
        judged.clear()
        move = bot.choose(state)
        legal = state.legal_actions()
        assert move in legal
        if len(legal) > 1:
            assert 0 < len(judged) <= max(PLAYOUTS, min(len(legal), WIDEST * PLAYOUTS))
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


def positions_with(moves, games=GAME_NAMES, most_moves=400):
    """Per game, the first position of a heuristic game (seed 2) whose number of legal moves
    ``moves`` accepts, if any within ``most_moves`` moves."""
    found = {}
    for name in games:
        spec = game_spec(name)
        state = spec.new_game(spec.default_players, seed=2)
        bots = [spec.bot("heuristic", seat) for seat in range(spec.default_players)]
        for _ in range(most_moves):
            if state.is_over:
                break
            if moves(len(state.legal_actions())):
                found[name] = state
                break
            state = state.apply(bots[state.current_player].choose(state))
    return found


def test_an_unbounded_search_tries_every_move_alive_at_every_stage_a_bounded_one_a_few_once():
    found = positions_with(lambda moves: PLAYOUTS < moves <= WIDEST * PLAYOUTS)
    assert found, "no game offers a choice of more moves than the budget"
    for state in found.values():
        moves = len(state.legal_actions())
        assert judged_playouts(state, ExpertBot(1, playouts=PLAYOUTS, bounded=True, guided=False)) == moves
        assert judged_playouts(state, ExpertBot(1, playouts=PLAYOUTS, guided=False)) > moves


def test_a_bounded_search_of_a_wide_choice_tries_the_bots_move_and_others_drawn_at_random(monkeypatch):
    found = positions_with(lambda moves: moves > WIDEST * PLAYOUTS)
    assert found, "no game offers a choice wider than the bounded search tries"
    tried = []
    search = expert._tallied
    monkeypatch.setattr(expert, "_tallied", lambda *args, **named: tried.append(search(*args, **named)) or tried[-1])
    for name, state in found.items():
        tried.clear()
        ExpertBot(1, playouts=PLAYOUTS, bounded=True).choose(state)
        actions, tallies = tried[0]
        assert sum(tally.count > 0 for tally in tallies) == WIDEST * PLAYOUTS
        assert all(tally.count <= 1 for tally in tallies)
        bots_move = game_spec(name).bot("heuristic", 0).choose(state)
        assert tallies[actions.index(bots_move)].count == 1


def test_the_page_says_how_often_the_player_who_searches_wins_under_each_rule_set(monkeypatch):
    name = GAME_NAMES[0]
    comparison = compared(name, 8, searching=True)
    players = comparison.players
    lead = comparison.searching_lead()
    mine = {(row["label"], row["game_index"]): row["win_share"] for row in comparison.rows
            if row["label"] in (SEARCHING_RULEBOOK, SEARCHING_VARIANT) and row["seat"] == row["game_index"] % players}
    assert len(mine) == 16
    assert lead["rulebook"] == pytest.approx(sum(mine[SEARCHING_RULEBOOK, deal] for deal in range(8)) / 8)
    assert lead["difference"] == pytest.approx(lead["variant"] - lead["rulebook"])
    assert lead["gains"] == (lead["low"] > 0)
    assert compared(name, 2).searching_lead() is None
    page = html.unescape(results_html(comparison))
    assert f"The player who searches won {lead['rulebook'] * 100:.0f} % of its games under the rulebook" in page
    monkeypatch.setattr(Comparison, "searching_lead", lambda self, confidence=0.95: dict(
        lead, difference=0.08, low=0.03, high=0.13, gains=True))
    assert f"It wins more often against the same bots under your rules, so {MAY_PLAY_BADLY}." in html.unescape(
        results_html(comparison))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_row_of_a_table_with_the_player_who_searches_replays_from_its_own_columns(name):
    comparison = compared(name, 2, searching=True)
    spec = game_spec(name)
    for label, variant in ((SEARCHING_RULEBOOK, {}), (SEARCHING_VARIANT, first_variant(name))):
        rows = sorted((row for row in comparison.rows if row["label"] == label and row["game_index"] == 1),
                      key=lambda row: row["seat"])
        bots = [ExpertBot(row["bot_seed"], playouts=SEARCH_PLAYOUTS, guided=True, bounded=True)
                if row["bot"] == "expert" else spec.bot(row["bot"], row["bot_seed"]) for row in rows]
        state = spec.new_game(len(rows), seed=rows[0]["seed"], **variant)
        while not state.is_over:
            state = state.apply(bots[state.current_player].choose(state))
        assert list(state.scores) == [row["score"] for row in rows]
