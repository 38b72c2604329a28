"""A game's shape in the lab (plateau_lab.lab.shape and simulate(shape=...)): moves and real decisions per
player, lead changes, the final margin; collected during play, the same on the fast path and the public
engine, and nothing added to the plain simulation's work."""

import pytest

from plateau_lab.core import GAME_NAMES, game_spec, play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.fastpath import LegalTexts
from plateau_lab.lab import shape as lab_shape
from plateau_lab.lab.shape import MoveCounter, WatchingBot, lead_changes, margin, round_totals, shape_summary
from plateau_lab.lab.simulate import simulate

SHAPE = ["moves", "decisions", "lead_changes"]
#: The games whose fast path records every round's points (the others need the replay for lead changes).
WITH_ROUNDS = [name for name in GAME_NAMES if "rounds" in game_spec(name).tables]
#: The games whose records list every round's (turn's, trick's) points when the shape asks for them.
ROUND_ROWS = [name for name in GAME_NAMES
              if game_spec(name).fast_module().play_fast(game_spec(name).default_players, 0,
                                                         list(range(game_spec(name).default_players)), {},
                                                         list_rounds=True).rounds]
#: Any registered game, for what every game does alike.
GAME = GAME_NAMES[0]


def quiet(game, n, **options):
    return simulate(game, n, progress=False, workers=1, **options).to_pandas()


def test_lead_changes_count_a_new_sole_leader_only():
    assert lead_changes([(0, 0, 0)]) == 0
    assert lead_changes([(0, 0), (3, 1), (3, 1), (3, 5), (6, 5), (6, 6), (6, 8)]) == 3
    assert lead_changes([(0, 0), (3, 1), (3, 3), (4, 3)]) == 0       # a tie, then the same leader again
    assert lead_changes([(-5, 5), (5, -5)]) == 1


def test_margin_is_the_winner_minus_the_runner_up():
    assert margin((10, 12, 3)) == 2 and margin((7, 7, 1)) == 0 and margin((-60, 20, 20, 20)) == 0


def test_round_totals_need_points_that_add_up_to_the_scores():
    rows = [{"seat": 0, "round": 1, "round_score": 2}, {"seat": 1, "round": 1, "round_score": 0},
            {"seat": 0, "round": 2, "round_score": 0}, {"seat": 1, "round": 2, "round_score": 5}]
    assert round_totals(rows, (2, 5)) == [(0, 0), (2, 0), (2, 5)]
    assert round_totals(rows, (2, 6)) is None
    assert round_totals([{"seat": 0, "round": 1, "tricks": 3}], (4,)) is None
    assert round_totals((), (4,)) is None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_watched_bot_chooses_as_the_bot_and_counts_what_the_engine_offers(name):
    spec = game_spec(name)
    players = spec.default_players
    plain = play_out(spec.new_game(players, seed=5), [RandomBot(s) for s in range(players)])
    counter, scores = MoveCounter(players), []
    watched = play_out(spec.new_game(players, seed=5),
                       [WatchingBot(RandomBot(s), counter, scores) for s in range(players)])
    assert watched.history == plain.history and watched.scores == plain.scores
    states = plain.states()
    assert counter.moves == [sum(state.current_player == seat for state in states[:-1]) for seat in range(players)]
    assert counter.decisions == [sum(state.current_player == seat and len(state.legal_actions()) > 1
                                     for state in states[:-1]) for seat in range(players)]
    assert scores == [tuple(state.scores) for state in states[:-1]]
    assert counter.starter == states[0].current_player


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_shape_is_the_same_on_the_fast_path_and_the_public_engine(name):
    spec = game_spec(name)
    for players in (spec.players.start, spec.players.stop - 1):
        fast = quiet(name, 4, players=players, shape=True)
        assert fast.equals(quiet(name, 4, players=players, shape=True, fast=False))
        per_game = fast.groupby("game_index")
        assert (per_game.moves.sum() == per_game.actions.first()).all()
        assert (fast.decisions <= fast.moves).all() and fast.decisions.sum() > 0
        plain = quiet(name, 4, players=players)
        assert fast.drop(columns=SHAPE).equals(plain)               # the rest of the table is unchanged
        assert fast.lead_changes.notna().all() == (name in ROUND_ROWS)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_heuristic_bots_shape_is_the_same_on_the_fast_path_and_the_public_engine(name):
    players = game_spec(name).default_players
    bots = ["heuristic"] * players
    fast = quiet(name, 3, players=players, bots=bots, shape=True)
    assert fast.equals(quiet(name, 3, players=players, bots=bots, shape=True, fast=False))
    assert fast.decisions.sum() > 0


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_replay_reads_lead_changes_after_every_move_for_every_game(name):
    spec = game_spec(name)
    players = spec.default_players
    replayed = quiet(name, 4, players=players, shape="replay")
    assert replayed.lead_changes.notna().all()
    played = quiet(name, 4, players=players, shape=True)
    assert replayed.drop(columns="lead_changes").equals(played.drop(columns="lead_changes"))
    if name in WITH_ROUNDS:                       # their scores change only between rounds: the same count
        assert replayed.lead_changes.equals(played.lead_changes)
    for _, game in replayed.groupby("game_index"):
        states = play_out(spec.new_game(players, seed=int(game.seed.iloc[0])),
                          [RandomBot(int(s)) for s in game.bot_seed]).states()
        assert set(game.lead_changes) == {lead_changes(state.scores for state in states)}


def test_lead_changes_happen_and_follow_the_rounds():
    counted = {name: quiet(name, 30, shape=True).lead_changes for name in ROUND_ROWS}
    assert all(changes.min() >= 0 for changes in counted.values())
    assert any(changes.max() > 0 for changes in counted.values())


def test_the_plain_simulation_asks_the_fast_path_for_no_move_by_move_hook(monkeypatch):
    spec = game_spec(GAME)
    lab = spec.fast_module()
    calls = []
    original = lab.play_fast

    def recorded(*args, **options):
        calls.append(options)
        return original(*args, **options)

    monkeypatch.setattr(lab, "play_fast", recorded)
    quiet(GAME, 3)
    assert calls and all("on_step" not in options for options in calls)
    calls.clear()
    quiet(GAME, 3, shape=True)
    assert calls and all(isinstance(options["on_step"], MoveCounter) for options in calls)


def test_shape_summary_gives_each_measure_an_interval_and_a_definition():
    table = quiet(GAME, 40, shape=True)
    summary = shape_summary(table)
    assert set(summary.index) == set(lab_shape.DEFINITIONS)
    assert (summary["low"] <= summary["mean"]).all() and (summary["mean"] <= summary["high"]).all()
    assert summary.loc["moves per game", "mean"] == pytest.approx(table.groupby("game_index").actions.first().mean())
    assert summary.loc["share of moves with a choice", "mean"] == table.decisions.sum() / table.moves.sum()
    assert all(summary["definition"].str.len() > 20)
    by_players = shape_summary(table, by="players")
    assert by_players.index.names == ["players", "measure"]
    for name in ROUND_ROWS:                               # Oh Hell's one hand: its tricks are the rounds
        assert "lead changes" in shape_summary(quiet(name, 10, shape=True)).index
    with pytest.raises(ValueError, match="shape=True"):
        shape_summary(quiet(GAME, 2))


def test_bad_shape_requests_are_refused():
    with pytest.raises(ValueError, match="shape is False, True or 'replay'"):
        quiet(GAME, 2, shape="yes")
    with pytest.raises(ValueError, match="players table"):
        quiet(WITH_ROUNDS[0], 2, shape=True, table="rounds")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_shape_does_not_depend_on_how_the_work_is_split(name):
    table = quiet(name, 12, shape=True)
    assert table.equals(simulate(name, 12, shape=True, workers=2, chunk_size=5, progress=False).to_pandas())
    assert table.equals(quiet(name, 12, shape=True, chunk_size=1))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_counting_the_legal_moves_writes_none_of_their_texts(name):
    """The fast paths whose moves are many (The Syndicate's leads, Coloretto's, Wimmüln's 144
    estimates) give their texts as LegalTexts: the measures count every move's legal moves and
    write no text, and the count is the engine's (the lockstep tests read the texts); a game whose
    moves are few gives plain lists, counted the same."""
    spec = game_spec(name)
    fast = spec.fast_module()
    counter, given = MoveCounter(spec.default_players), []
    players = spec.default_players

    def count(seat, legal, index):
        given.append(legal)
        counter(seat, legal, index)

    fast.play_fast(players, 3, list(range(players)), {}, on_step=count)
    texts = [legal for legal in given if isinstance(legal, LegalTexts)]
    assert all(legal.texts is None for legal in texts)
    assert sum(counter.choices) == sum(len(legal) for legal in given)
    assert all(len(legal.written()) == len(legal) for legal in texts)


def test_some_fast_path_gives_its_many_moves_uncounted_as_legal_texts():
    def texts_given(name):
        spec = game_spec(name)
        given = []
        spec.fast_module().play_fast(spec.default_players, 3, list(range(spec.default_players)), {},
                                     on_step=lambda seat, legal, index: given.append(legal))
        return any(isinstance(legal, LegalTexts) for legal in given)

    assert any(texts_given(name) for name in GAME_NAMES)
