"""Plotters Inc.'s fast playout plays exactly the public engine's games with RandomBot.

Plotters Inc. has no options, so every game the fast path supports is one of 4, 5 or 6 players.
"""

import ast
import inspect
import random

import pytest

from lockstep import Follower

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import plotters
from plateau_lab.games.plotters import fast
from plateau_lab.lab.simulate import simulate

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


def lockstep(players: int, seed: int, bot_seeds: list[int]):
    """Play the fast path and the public engine side by side, checking at every step that both
    offer the same legal action texts in the same order and choose the same one.
    (the fast path's record, the public engine's final state)"""
    follow = Follower(plotters.new_game(players, seed=seed), bot_seeds)
    record = fast.play_fast(players, seed, bot_seeds, {}, on_step=follow)
    return record, follow.state


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_same_legal_actions_and_choices_as_the_public_engine_at_every_step(players):
    for seed in range(60):
        record, final = lockstep(players, seed, [seed * 13 + seat for seat in range(players)])
        assert final.is_over and record.scores == final.scores and record.actions == len(final.history)


@pytest.mark.parametrize("players", [4, 6])
def test_rounds_and_extras_agree_with_the_public_engine(players):
    for seed in range(8):
        bot_seeds = list(range(players))
        assert fast.play_fast(players, seed, bot_seeds, {}) == fast.play_public(
            plotters.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])


def test_without_on_step_the_same_game_is_played():
    for seed in range(5):
        record, _ = lockstep(5, seed, [7, 8, 9, 10, 11])
        assert fast.play_fast(5, seed, [7, 8, 9, 10, 11], {}) == record


def test_round_rows_add_up_to_the_scores():
    rounds = simulate("plotters", 3, players=5, table="rounds", workers=1, progress=False).to_pandas()
    players = simulate("plotters", 3, players=5, workers=1, progress=False).to_pandas()
    assert len(rounds) == 3 * 5 * 5 and sorted(rounds["round"].unique().tolist()) == [1, 2, 3, 4, 5]
    totals = rounds.groupby(["game_index", "seat"]).round_score.sum()
    assert totals.tolist() == players.set_index(["game_index", "seat"]).score.tolist()
    two = rounds[(rounds.open_colours == 2) & (rounds.rest == 0)]
    assert (two.round_score == two.largest * two.second).all()


def test_random_bots_play_on_from_any_position_as_the_public_engine_does():
    """From positions in every phase and round (mid-trick, High picking, keeping two colours,
    between rounds), the fast path's random bots play the engine's game on to its end."""
    phases = dict.fromkeys(("play", "take", "keep", "round over"), 0)
    for seed in range(160):
        rng = random.Random(seed)
        state = plotters.new_game(rng.choice([4, 5, 6]), seed=seed)
        wanted, skip = tuple(phases)[seed % len(phases)], rng.randrange(0, 90 * state.players)
        while not state.is_over and (len(state.history) < skip or state.phase != wanted):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        bot_seeds = [seed * 7 + seat for seat in range(state.players)]
        follow = Follower(state, bot_seeds)
        record = fast.play_on(state, bot_seeds, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores, seed
        assert record.actions == len(follow.state.history) - len(state.history), seed
        assert len(record.rounds) == state.players * (len(follow.state.round_scores) - len(state.round_scores)), seed
        phases[state.phase] += 1
    assert min(phases.values()) >= 30, phases


def test_plotters_has_no_options():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"speed": 1})


def test_the_fast_path_imports_no_private_name():
    tree = ast.parse(inspect.getsource(fast))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]
    assert imported and not [name for name in imported if name.startswith("_")]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = __import__(f"plateau_lab.games.plotters.{node.module}" if node.level else node.module,
                                fromlist=["__all__"])
            public = getattr(module, "__all__", None)
            assert public is None or all(alias.name in public for alias in node.names), node.module
