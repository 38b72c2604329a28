"""Plotters Inc.'s fast path plays the heuristic bot too, choosing exactly its moves on the public engine.

Every test plays the public engine in lockstep with the fast path: at every step the fast path's
``on_step`` checks the seat to move, the texts of the legal actions in order, and that the bot in
that seat on the public engine (``HeuristicBot`` or ``RandomBot``) picks the same one.
"""

import random

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import plotters
from plateau_lab.games.plotters import fast
from plateau_lab.lab.simulate import simulate

from lockstep import Follower

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


def public_bots(names, bot_seeds):
    return [plotters.HeuristicBot(bot_seed) if name == "heuristic" else RandomBot(bot_seed)
            for name, bot_seed in zip(names, bot_seeds)]


def lockstep(players, seed, names):
    bot_seeds = [seed * 13 + seat for seat in range(players)]
    follow = Follower(plotters.new_game(players, seed=seed), bots=public_bots(names, bot_seeds))
    record = fast.play_fast(players, seed, bot_seeds, {}, on_step=follow, bots=names)
    assert follow.state.is_over and record.scores == follow.state.scores
    assert record.actions == len(follow.state.history)
    assert record == fast.play_public(plotters.new_game(players, seed=seed), public_bots(names, bot_seeds))
    return follow.state


def events(final):
    """What happened in a game, counted from its log: rounds a blocked player ended, tricks of one
    colour only, and colours kept."""
    log = "\n".join(final.log)
    return {"blocked": log.count("the round ends at once"), "one colour": log.count("leave the game"),
            "kept": log.count(" keeps ")}


@pytest.mark.parametrize("players, games", [(4, 30), (5, 20), (6, 15)])
def test_heuristic_bots_play_the_engine_s_games_move_by_move(players, games):
    seen = dict.fromkeys(("blocked", "one colour", "kept"), 0)
    for seed in range(games):
        for event, count in events(lockstep(players, seed, ["heuristic"] * players)).items():
            seen[event] += count
    assert min(seen.values()) > 0, seen     # rounds ended by a blocked player, one-colour tricks and keeps were played


@pytest.mark.parametrize("players", [4, 5, 6])
def test_heuristic_and_random_bots_at_one_table_play_whole_games_alike(players):
    for seed in range(8):
        names = [("heuristic", "random")[(seed + seat) % 2] for seat in range(players)]
        lockstep(players, seed, names)


def test_the_heuristic_bot_wins_more_than_its_share_against_random_bots_on_the_fast_path():
    table = simulate("plotters", 200, players=4, bots=["heuristic", "random", "random", "random"], rotate_seats=True,
                     workers=1, progress=False).to_pandas()
    assert table[table.bot == "heuristic"].winner.mean() > 0.6


def test_play_on_from_any_position_plays_the_engine_s_game_move_by_move():
    """From positions reached by random moves (mid-trick, High picking, a player keeping two
    colours, between rounds, in any round), the fast path plays on with heuristic bots, random bots
    or both, as the engine does, to the end of the round or of the game."""
    phases = dict.fromkeys(("play", "take", "keep", "round over"), 0)
    mid_trick = 0
    for seed in range(240):
        rng = random.Random(seed)
        state = plotters.new_game(rng.choice([4, 5, 6]), seed=seed)
        wanted = tuple(phases)[seed % len(phases)]
        skip = rng.randrange(0, 80 * state.players)
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
        assert end.phase in ("round over", "game over"), seed
        assert end.is_over or len(end.round_scores) - len(state.round_scores) == rounds, seed
        assert record.scores == end.scores and record.actions == len(end.history) - len(state.history), seed
        assert [row["round_score"] for row in record.rounds] == [score for scores_ in end.round_scores[len(state.round_scores):]
                                                        for score in scores_], seed
        phases[state.phase] += 1
        mid_trick += state.phase == "play" and bool(state.trick)
    assert min(phases.values()) >= 40 and mid_trick >= 20, (phases, mid_trick)


def test_play_on_from_a_scenario_plays_the_engine_s_game():
    """A position written as text: another dealer, a later round, collections already kept, cards
    left out of the round."""
    state = plotters.scenario("""dealer: 2
        round: 3
        scores: 10 4 0 7
        trick: R10 Y6
        hand 0: R1 R2
        hand 1: G7 G8 B9
        hand 2: B1 G2 G3
        hand 3: Y1 Y2
        open 1: G1 R3
        open 2: B7 B8 Y9 Y10
        discard 2: G12 R12
        keep 2: blue+yellow""")
    for names in (["heuristic"] * 4, ["random", "heuristic", "random", "heuristic"]):
        bot_seeds = [5, 6, 7, 8]
        follow = Follower(state, bots=public_bots(names, bot_seeds))
        record = fast.play_on(state, bot_seeds, bots=names, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores
        assert record.actions == len(follow.state.history) - len(state.history)


def test_a_finished_game_is_played_on_by_nobody_and_unknown_bots_are_refused_with_a_sentence():
    state = plotters.new_game(4, seed=1)
    final = state
    while not final.is_over:
        final = final.apply(final.legal_actions()[0])
    record = fast.play_on(final, [1, 2, 3, 4])
    assert (record.scores, record.actions, record.rounds) == (final.scores, 0, ())
    with pytest.raises(ValueError, match="the fast path plays one of bold, heuristic, random per seat"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {}, bots=["heuristic", "expert", "random", "random"])
    with pytest.raises(ValueError, match=r"\(4 seats\)"):
        fast.play_on(state, [1, 2, 3, 4], bots=["heuristic"])
    with pytest.raises(ValueError, match="rounds \\(to play on\\) must be a whole number from 1 up, not 0"):
        fast.play_on(state, [1, 2, 3, 4], rounds=0)


def test_simulate_runs_heuristic_bots_on_the_fast_path_with_the_public_engine_s_table():
    bots = ["heuristic", "random", "bold", "heuristic", "random"]
    for table in ("players", "rounds"):
        quick = simulate("plotters", 4, players=5, bots=bots, rotate_seats=True, workers=1, progress=False,
                         table=table).to_pandas()
        checked = simulate("plotters", 4, players=5, bots=bots, rotate_seats=True, workers=1, progress=False,
                           fast=False, table=table).to_pandas()
        assert quick.equals(checked)
    assert fast.FAST_BOTS == {"random", "heuristic", "bold"}
