"""The Syndicate's fast path plays the heuristic bot too, choosing exactly its moves on the public engine.

Every test plays the public engine in lockstep with the fast path: at every step the fast path's
``on_step`` checks the seat to move, the texts of the legal actions in order, and that the bot in
that seat on the public engine (``HeuristicBot`` or ``RandomBot``) picks the same one.
"""

import random

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.core.fastpath import Record
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import fast
from plateau_lab.games.syndicate.heuristics import SAMPLES
from plateau_lab.lab.simulate import fast_bots, simulate

from lockstep import Follower

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


def public_bots(names, bot_seeds, samples=SAMPLES):
    return [syndicate.HeuristicBot(bot_seed, samples=samples) if name == "heuristic" else RandomBot(bot_seed)
            for name, bot_seed in zip(names, bot_seeds)]


def lockstep(seed, names, variant):
    """A whole game on the fast path and on the public engine, compared at every step: the final state."""
    bot_seeds = [seed * 13 + seat for seat in range(3)]
    follow = Follower(syndicate.new_game(3, seed=seed, **variant), bots=public_bots(names, bot_seeds))
    record = fast.play_fast(3, seed, bot_seeds, variant, on_step=follow, bots=names)
    assert follow.state.is_over, seed
    assert record.scores == follow.state.scores and record.actions == len(follow.state.history), seed
    return follow.state


def plays(final):
    """What a finished game shows of the heuristic bot's choices: leads with a face-down card,
    Ace leads, enforcers that kept their strongest counting card back, and reshuffles."""
    states = final.states()
    face_down = sum(isinstance(move, syndicate.Lead) and move.face_down is not None for move in final.history)
    aces = sum(isinstance(move, syndicate.Lead) and move.card.is_ace for move in final.history)
    held_back = 0
    for before, move in zip(states, final.history):
        if isinstance(move, syndicate.Play):
            strongest = max(before.legal_actions(), key=lambda answer: (answer.card.rank, answer.card.name))
            held_back += move != strongest
    return face_down, aces, held_back, final.reshuffles


@pytest.mark.parametrize("variant, games", [({}, 24), ({"target": 30}, 3)])
def test_heuristic_bots_play_the_engine_s_games_move_by_move(variant, games):
    seen = [0, 0, 0, 0]
    for seed in range(games):
        final = lockstep(seed, ["heuristic"] * 3, variant)
        seen = [total + count for total, count in zip(seen, plays(final))]
    face_down, aces, held_back, reshuffles = seen
    # leads with a face-down card, Aces led, strong cards held back, and the discards reshuffled
    assert min(face_down, aces, held_back, reshuffles) > 0, seen


@pytest.mark.parametrize("target", [1, 3, 12])
def test_heuristic_and_random_bots_at_one_table_play_whole_games_alike(target):
    for seed in range(12):
        names = [("heuristic", "random")[(seed >> seat) & 1] for seat in range(3)]
        final = lockstep(seed, names, {"target": target})
        assert max(final.scores) >= target


def test_from_any_position_the_fast_path_plays_on_as_the_engine_does():
    """From positions reached by random moves (new turns, mid-turn, after reshuffles, near the
    end), the fast path plays on as the engine does with heuristic bots, random bots or both,
    whole games or a few turns, and with fewer imagined deals than the bot's default."""
    where = {"lead": 0, "first answer": 0, "second answer": 0}
    for seed in range(130):
        rng = random.Random(seed)
        state = syndicate.new_game(3, seed=seed, target=rng.choice([3, 12, 20]))
        for _ in range(rng.randrange(0, 70)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        names = [rng.choice(["heuristic", "random"]) for _ in range(3)]
        bot_seeds = [seed * 11 + seat for seat in range(3)]
        samples = rng.choice([1, 6, SAMPLES])
        turns = rng.choice([None, 1, 4])
        follow = Follower(state, bots=public_bots(names, bot_seeds, samples))
        record = fast.play_on(state, bot_seeds, bots=names, rounds=turns, on_step=follow, samples=samples)
        assert record.scores == follow.state.scores, seed
        assert record.actions == len(follow.state.history) - len(state.history), seed
        assert follow.state.is_over or follow.state.turn_number == state.turn_number + turns
        answered = -1 if state.table is None else len(state.table.answers)
        where[("lead", "first answer", "second answer")[answered + 1]] += 1
    assert min(where.values()) >= 15, where


def test_a_finished_game_plays_no_move():
    state = syndicate.scenario("scores: 12 3 4\nallow: game over\nhand 0: Sea, Bard\nhand 1: Cave\nhand 2: Pact",
                               seed=1)
    assert fast.play_on(state, [1, 2, 3], bots=["heuristic"] * 3) == Record((12, 3, 4), 0)


def test_simulate_runs_heuristic_bots_on_the_fast_path_with_the_public_engine_s_table():
    assert fast_bots(fast) == {"random", "heuristic", "cautious"}
    bots = ["heuristic", "random", "cautious"]
    quick = simulate("syndicate", 6, bots=bots, rotate_seats=True, workers=1, progress=False).to_pandas()
    checked = simulate("syndicate", 6, bots=bots, rotate_seats=True, workers=1, progress=False, fast=False).to_pandas()
    assert quick.equals(checked)


def test_play_fast_refuses_a_bot_it_does_not_play():
    with pytest.raises(ValueError, match="the fast path plays one of cautious, heuristic, random in each of the 3 seats"):
        fast.play_fast(3, 1, [1, 2, 3], {}, bots=["heuristic", "expert", "random"])
    with pytest.raises(ValueError, match="in each of the 3 seats"):
        fast.play_fast(3, 1, [1, 2, 3], {}, bots=["heuristic"])
    with pytest.raises(ValueError, match="one bot seed per seat"):
        fast.play_fast(3, 1, [1, 2], {})


def test_the_number_of_imagined_deals_is_checked_with_a_sentence():
    state = syndicate.new_game(3, seed=1)
    with pytest.raises(ValueError, match="samples \\(the deals a heuristic bot imagines before it leads\\) must be"):
        fast.play_on(state, [1, 2, 3], bots=["heuristic"] * 3, samples=0)
    with pytest.raises(TypeError, match="samples \\(the deals it imagines before it leads\\) must be a whole number"):
        syndicate.HeuristicBot(1, samples=2.5)
