"""The Syndicate's fast playout plays exactly the public engine's games with RandomBot: the same
legal actions, in the same order, and the same choice at every step."""

import pytest

from lockstep import Follower

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import fast
from plateau_lab.games.syndicate.engine import MAX_TARGET
from plateau_lab.lab.simulate import BotSpec, Job, play_game

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


def lockstep(seed, bot_seeds, variant):
    """Play ``play_fast`` and the public engine side by side, comparing every step; the final state."""
    follow = Follower(syndicate.new_game(3, seed=seed, **variant), bot_seeds)
    record = fast.play_fast(3, seed, bot_seeds, variant, on_step=follow)
    state = follow.state
    assert state.is_over, seed
    assert record.scores == state.scores and record.actions == len(state.history), seed
    return state


@pytest.mark.parametrize("variant, games", [({}, 300), ({"target": 12}, 50), ({"target": 1}, 200),
                                            ({"target": 3}, 200), ({"target": 30}, 20),
                                            ({"target": MAX_TARGET}, 10)])
def test_every_step_has_the_same_legal_actions_and_choice_as_the_public_engine(variant, games):
    for seed in range(games):
        lockstep(seed, [seed * 7 + seat for seat in range(3)], variant)


def test_long_games_reshuffle_the_discards_like_the_engine():
    final = lockstep(3, [4, 5, 6], {"target": 30})
    assert final.reshuffles >= 3


def test_without_on_step_the_same_game_is_played():
    for seed in range(20):
        bot_seeds = [seed, seed + 1, seed + 2]
        final = play_out(syndicate.new_game(3, seed=seed), [RandomBot(s) for s in bot_seeds])
        record = fast.play_fast(3, seed, bot_seeds, {})
        assert (record.scores, record.actions) == (final.scores, len(final.history))


def test_the_lab_uses_the_fast_path_only_for_the_bots_it_plays():
    job = Job("syndicate", 3, (), 5, (BotSpec("random", name="random"),) * 3)
    public = Job("syndicate", 3, (), 5, (BotSpec("random", name="random"),) * 3, fast=False)
    assert play_game(job, 0) == play_game(public, 0)
    calls = []
    original = fast.play_fast
    fast.play_fast = lambda *args, **options: calls.append(options.get("bots")) or original(*args, **options)
    try:
        play_game(job, 1)
        play_game(public, 1)
        play_game(Job("syndicate", 3, (), 5, (BotSpec("heuristic", name="heuristic"),) * 3), 1)
        play_game(Job("syndicate", 3, (), 5, (BotSpec("schemer", factory=syndicate.HeuristicBot),) * 3), 1)
    finally:
        fast.play_fast = original
    assert calls == [None, ("heuristic",) * 3]


def test_options_and_players_are_checked():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(3, 1, [1, 2, 3], {"speed": 1})
    with pytest.raises(ValueError, match="target must be a whole number from 1 to 50"):
        fast.play_fast(3, 1, [1, 2, 3], {"target": 10**9})
    with pytest.raises(ValueError, match="exactly 3"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {})
    assert fast.play_fast(3, 1, [1, 2, 3], {"target": 12}) == fast.play_fast(3, 1, [1, 2, 3], {})


def test_the_fast_path_uses_no_private_name():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(fast))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]
    assert imported and not [name for name in imported if name.startswith("_")]
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not [name for name in used if name.startswith("_") and not name.startswith("__")]


def test_play_on_from_any_position_plays_the_engine_s_game_move_by_move():
    """From positions reached by other bots (new turns, mid-turn, after reshuffles), the fast
    path plays on exactly as the public engine with RandomBot: same legal moves, same choices."""
    import random

    for seed in range(120):
        rng = random.Random(seed)
        state = syndicate.new_game(3, seed=seed, target=rng.choice([3, 12, 20]))
        for _ in range(rng.randrange(0, 60)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        bot_seeds = [seed * 3 + seat for seat in range(3)]
        follow = Follower(state, bot_seeds)
        record = fast.play_on(state, bot_seeds, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores, seed
        assert record.actions == len(follow.state.history) - len(state.history), seed


def test_play_on_stops_after_the_turns_asked_for():
    state = syndicate.new_game(3, seed=8)
    state = state.apply(state.legal_actions()[0])        # a turn under way
    record = fast.play_on(state, [1, 2, 3], rounds=2)        # a round is a turn here
    engine = play_out_turns(state, [RandomBot(s) for s in (1, 2, 3)], turn_number=state.turn_number + 2)
    assert not engine.is_over and engine.turn_number == state.turn_number + 2
    assert record.scores == engine.scores and record.actions == len(engine.history) - len(state.history)


def play_out_turns(state, bots, turn_number):
    """Play on the public engine until turn ``turn_number`` has begun, or the game is over."""
    while not state.is_over and state.turn_number < turn_number:
        state = state.apply(bots[state.current_player].choose(state))
    return state
