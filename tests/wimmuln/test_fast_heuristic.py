"""Wimmüln's fast path plays the heuristic bot too, choosing exactly its moves on the public engine.

Every test plays the public engine in lockstep with the fast path: at every step the fast path's
``on_step`` checks the seat to move, the texts of the legal actions in order, and that the bot in
that seat on the public engine (``HeuristicBot`` or ``RandomBot``) picks the same one.
"""

import random

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import fast
from plateau_lab.lab.simulate import simulate

from lockstep import Follower

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


def public_bots(names, bot_seeds):
    return [wimmuln.HeuristicBot(bot_seed) if name == "heuristic" else RandomBot(bot_seed)
            for name, bot_seed in zip(names, bot_seeds)]


def lockstep(players, seed, names, variant):
    bot_seeds = [seed * 13 + seat for seat in range(players)]
    follow = Follower(wimmuln.new_game(players, seed=seed, **variant), bots=public_bots(names, bot_seeds))
    record = fast.play_fast(players, seed, bot_seeds, variant, on_step=follow, bots=names)
    assert follow.state.is_over and record.scores == follow.state.scores
    assert record == fast.play_public(wimmuln.new_game(players, seed=seed, **variant), public_bots(names, bot_seeds))
    return follow.state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_bots_play_the_engine_s_games_move_by_move(players):
    no_trumps = twins = 0
    for seed in range(60):
        final = lockstep(players, seed, ["heuristic"] * players, {"rounds": 2})
        no_trumps += any(result.trump is None for result in final.round_results)
        twins += any(cross.top == cross.bottom for result in final.round_results for cross in result.estimates)
    assert no_trumps > 0 and twins > 0      # the dealer's opening choice and crosses of twin cards were played


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_heuristic_and_random_bots_at_one_table_play_whole_games_alike(players):
    for seed in range(6):
        names = [("heuristic", "random")[(seed + seat) % 2] for seat in range(players)]
        final = lockstep(players, seed, names, {})
        assert max(final.scores) >= 200


def test_the_rest_of_a_round_from_any_position_is_the_engine_s_move_by_move():
    """From positions reached by random moves (the dealer's opening choice, half the crosses laid,
    mid-trick, late in a round, between rounds, later rounds), the fast path plays on as the engine
    does with heuristic bots, random bots or both, for a round, two or to the end of the game, and
    scores the rounds alike."""
    phases = ("choose the face-up card", "estimate", "play", "round over")
    checked = dict.fromkeys(phases, 0)
    for seed in range(150):
        rng = random.Random(seed)
        state = wimmuln.new_game(rng.choice([3, 4, 5, 6]), seed=seed)
        wanted, skip = phases[seed % len(phases)], rng.randrange(0, 80)
        while not state.is_over and (len(state.history) < skip or state.phase != wanted):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        names = [rng.choice(["heuristic", "random"]) for _ in range(state.players)]
        bot_seeds = [seed * 11 + seat for seat in range(state.players)]
        rounds = rng.choice([1, 2, None])
        follow = Follower(state, bots=public_bots(names, bot_seeds))
        record = fast.play_on(state, bot_seeds, bots=names, rounds=rounds, on_step=follow)
        end = follow.state
        results = end.round_results[len(state.round_results):]
        assert end.phase in ("round over", "over"), seed
        assert end.is_over or len(results) == rounds, seed
        assert record.scores == end.scores, seed
        assert [(row["tricks"], row["points"]) for row in record.rounds] == [
            (result.tricks[seat], result.points[seat]) for result in results for seat in range(state.players)], seed
        assert record.actions == len(end.history) - len(state.history), seed
        checked[state.phase] += 1
    assert min(checked.values()) >= 20, checked


def test_a_finished_game_plays_no_move_and_bad_arguments_are_refused_with_a_sentence():
    state = wimmuln.new_game(3, seed=4, rounds=1)
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    record = fast.play_on(state, [1, 2, 3], bots=["heuristic"] * 3)
    assert (record.scores, record.actions, record.rounds) == (state.scores, 0, ())
    with pytest.raises(ValueError, match="rounds \\(to play on\\) must be a whole number from 1 up, not 0"):
        fast.play_on(wimmuln.new_game(3, seed=4), [1, 2, 3], rounds=0)
    with pytest.raises(ValueError, match="the fast path plays one of cautious, heuristic, random per seat"):
        fast.play_fast(3, 1, [1, 2, 3], {}, bots=["heuristic", "expert", "random"])


def test_simulate_runs_heuristic_bots_on_the_fast_path_with_the_public_engine_s_table():
    bots = ["heuristic", "random", "cautious", "heuristic"]
    quick = simulate("wimmuln", 4, players=4, bots=bots, rotate_seats=True, workers=1, progress=False).to_pandas()
    checked = simulate("wimmuln", 4, players=4, bots=bots, rotate_seats=True, workers=1, progress=False,
                       fast=False).to_pandas()
    assert quick.equals(checked)
    assert fast.FAST_BOTS == {"random", "heuristic", "cautious"}
