"""The Syndicate's fast playout plays exactly the public engine's games with RandomBot."""

import pytest

from plateau_lab.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import fast
from plateau_lab.simulate import play_game, Job, BotSpec


def public_game(seed, bot_seeds, **variant):
    return play_out(syndicate.new_game(3, seed=seed, **variant), [RandomBot(s) for s in bot_seeds])


@pytest.mark.parametrize("target", [12, 3, 20])
def test_same_actions_and_scores_as_the_public_engine(target):
    for seed in range(150):
        bot_seeds = [seed * 7 + seat for seat in range(3)]
        scores, actions, moves = fast.playout(seed, bot_seeds, target, trace=True)
        final = public_game(seed, bot_seeds, target=target)
        assert fast.public_actions(moves) == list(final.history), seed
        assert scores == final.scores and actions == len(final.history)


def test_long_games_reshuffle_the_discards_like_the_engine():
    final = public_game(3, [4, 5, 6], target=30)
    assert final.reshuffles >= 3
    scores, actions, moves = fast.playout(3, [4, 5, 6], 30, trace=True)
    assert fast.public_actions(moves) == list(final.history)


def test_the_lab_uses_the_fast_path_only_for_random_bots():
    job = Job("syndicate", 3, (), 5, (BotSpec("random", name="random"),) * 3)
    public = Job("syndicate", 3, (), 5, (BotSpec("random", name="random"),) * 3, fast=False)
    assert play_game(job, 0) == play_game(public, 0)
    calls = []
    original = fast.play_fast
    fast.play_fast = lambda *args: calls.append(args) or original(*args)
    try:
        play_game(job, 1)
        play_game(public, 1)
        play_game(Job("syndicate", 3, (), 5, (BotSpec("heuristic", name="heuristic"),) * 3), 1)
    finally:
        fast.play_fast = original
    assert len(calls) == 1


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(3, 1, [1, 2, 3], {"speed": 1})
