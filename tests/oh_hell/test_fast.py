"""Oh Hell's fast path plays exactly the public engine's hands, move by move.

Every test plays the public engine in lockstep with the fast path: at every step the fast path's
``on_step`` checks the seat to move, the texts of the legal moves in order, and that the bot in
that seat on the public engine (``RandomBot`` or ``HeuristicBot``, same seed) picks the same one;
at the end the scores, the moves made and the per-seat extras agree. Hands are drawn for 3 to 7
players with random numbers of tricks (fixed, or drawn from the seed) and random scoring options.
"""

import random

import pytest

from plateau_lab.core import play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.games import oh_hell
from plateau_lab.games.oh_hell import fast

import lockstep

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

PLAYERS = range(3, 8)


class TieCounter(random.Random):
    """A heuristic bot's generator that counts the ties it breaks (draws among several bids: such a
    draw takes 2 bits or more, a draw among one bid takes 1). A bot bids once a hand."""

    wide = False

    def getrandbits(self, bits):
        self.wide = self.wide or bits >= 2
        return super().getrandbits(bits)

    @property
    def ties(self):
        return int(self.wide)


def heuristic_bot(bot_seed):
    bot = oh_hell.HeuristicBot(bot_seed)
    bot._random = TieCounter(bot_seed)
    return bot


def public_bots(names, bot_seeds):
    names = names or ["random"] * len(bot_seeds)
    return [heuristic_bot(bot_seed) if name == "heuristic" else RandomBot(bot_seed)
            for name, bot_seed in zip(names, bot_seeds)]


def ties_of(bots):
    return sum(bot._random.ties for bot in bots if isinstance(bot, oh_hell.HeuristicBot))


def a_variant(rng, players):
    tricks = rng.choice((None, rng.randint(1, oh_hell.max_tricks(players)), oh_hell.max_tricks(players)))
    return {"tricks": tricks, "points_per_trick": rng.choice((1, 1, 2, 5)), "off_bid_penalty": rng.random() < 0.3}


def lockstep_hand(players, seed, names, variant):
    """One hand on both paths in lockstep; returns (the engine's final state, the steps, the ties broken)."""
    bot_seeds = [seed * 11 + seat for seat in range(players)]
    follow = lockstep.Follower(oh_hell.new_game(players, seed=seed, **variant), bots=public_bots(names, bot_seeds))
    record = fast.play_fast(players, seed, bot_seeds, variant, bots=names, on_step=follow)
    final = follow.state
    assert final.is_over and record.scores == final.scores, f"seed {seed}"
    assert record.actions == len(final.history)
    assert record.extras == tuple({"bid": bid, "tricks": won, "made": int(bid == won)}
                                  for bid, won in zip(final.bids, final.tricks_won))
    assert record == fast.play_public(oh_hell.new_game(players, seed=seed, **variant), public_bots(names, bot_seeds))
    assert record == fast.play_fast(players, seed, bot_seeds, variant, bots=names)      # on_step changes nothing
    return final, record.actions, ties_of(follow.bots)


def mixed(rng, players):
    return [rng.choice(("random", "heuristic")) for _ in range(players)]


@pytest.mark.parametrize("players", PLAYERS)
def test_random_bots_play_the_engine_s_hands_move_by_move(players):
    rng = random.Random(players)
    for seed in range(40):
        lockstep_hand(players, seed, None, a_variant(rng, players))


@pytest.mark.parametrize("players", PLAYERS)
def test_heuristic_bots_play_the_engine_s_hands_move_by_move(players):
    rng, ties = random.Random(100 + players), 0
    for seed in range(40):
        ties += lockstep_hand(players, seed, ["heuristic"] * players, a_variant(rng, players))[2]
    assert ties >= 3          # the bots' generators broke ties between bids, and the fast path drew the same


@pytest.mark.parametrize("players", PLAYERS)
def test_random_and_heuristic_bots_at_one_table_play_alike(players):
    rng = random.Random(200 + players)
    for seed in range(40):
        lockstep_hand(players, seed, mixed(rng, players), a_variant(rng, players))


@pytest.mark.slow
def test_many_hands_of_every_kind_play_alike():
    rng, steps, ties = random.Random(2026), 0, 0
    for seed in range(1500):
        players = rng.choice(PLAYERS)
        names = rng.choice((None, ["heuristic"] * players, mixed(rng, players)))
        _, actions, broken = lockstep_hand(players, 1000 + seed, names, a_variant(rng, players))
        steps, ties = steps + actions, ties + broken
    assert steps > 40_000 and ties > 50


# ---------------------------------------------------------------- on from any position


def a_position(rng, players, seed):
    """A hand played by random moves to a random point: mid-bidding, between tricks or mid-trick."""
    state = oh_hell.new_game(players, seed=seed, **a_variant(rng, players))
    stop = rng.randrange(players + state.tricks * players)
    mover = random.Random(seed)
    while len(state.history) < stop:
        state = state.apply(mover.choice(state.legal_actions()))
    return state


def check_play_on(state, names, bot_seeds):
    follow = lockstep.Follower(state, bots=public_bots(names, bot_seeds))
    record = fast.play_on(state, bot_seeds, bots=names, on_step=follow)
    final = play_out(state, public_bots(names, bot_seeds))
    assert follow.state.is_over and follow.state.history == final.history
    assert record.scores == final.scores and record.actions == len(final.history) - len(state.history)
    assert record == fast.play_public(state, public_bots(names, bot_seeds))
    assert record == fast.play_on(state, bot_seeds, bots=names, rounds=1)
    return state.phase, bool(state.trick)


def test_play_on_from_random_positions_plays_the_engine_s_moves():
    rng, kinds = random.Random(7), set()
    for seed in range(150):
        players = rng.choice(PLAYERS)
        names = rng.choice((None, ["heuristic"] * players, mixed(rng, players)))
        kinds.add(check_play_on(a_position(rng, players, seed), names, [seed + 3 * seat for seat in range(players)]))
    assert {("bid", False), ("play", False), ("play", True)} <= kinds     # mid-bidding, between tricks, mid-trick


@pytest.mark.slow
def test_play_on_from_many_positions():
    rng = random.Random(8)
    for seed in range(1000):
        players = rng.choice(PLAYERS)
        names = rng.choice((None, ["heuristic"] * players, mixed(rng, players)))
        check_play_on(a_position(rng, players, seed), names, [seed * 5 + seat for seat in range(players)])


def test_play_on_from_a_scenario_with_tricks_already_won():
    text = oh_hell.EXAMPLE_SCENARIO.replace("bids: 1 0 - -        # player 0 bid 1, player 1 bid 0; player 2 bids next",
                                            "bids: 1 0 2 0\ntricks won: 1 0 0 0\nleader: 0\ntrick: 9S")
    state = oh_hell.scenario(text.replace("AS, ", ""), seed=3)
    assert state.played_before and state.trick
    for names in (None, ["heuristic"] * 4, ["random", "heuristic", "random", "heuristic"]):
        for bot_seed in range(10):
            check_play_on(state, names, [bot_seed, bot_seed + 1, bot_seed + 2, bot_seed + 3])


def test_play_on_a_finished_hand_makes_no_move():
    state = play_out(oh_hell.new_game(3, seed=2, tricks=2), [RandomBot(seat) for seat in range(3)])
    record = fast.play_on(state, [0, 1, 2])
    assert record.actions == 0 and record.scores == state.scores


def test_bad_bots_and_rounds_are_refused():
    state = oh_hell.new_game(4, seed=1)
    with pytest.raises(ValueError, match="heuristic, random"):
        fast.play_on(state, [0, 1, 2, 3], bots=["random", "expert", "random", "random"])
    with pytest.raises(ValueError, match="4 players"):
        fast.play_fast(4, 1, [0, 1, 2], {})
    with pytest.raises(ValueError, match="rounds"):
        fast.play_on(state, [0, 1, 2, 3], rounds=0)
    with pytest.raises(ValueError, match="tricks"):
        fast.play_fast(4, 1, [0, 1, 2, 3], {"tricks": 13})
