"""Coloretto's fast path plays the heuristic bot too, choosing exactly its moves on the public engine.

Every test plays the public engine in lockstep with the fast path: at every step the fast path's
``on_step`` checks the seat to move, the texts of the legal actions in order, and that the bot in
that seat on the public engine (``HeuristicBot`` or ``RandomBot``) picks the same one.
"""

import random

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import fast
from plateau_lab.lab.simulate import simulate

import lockstep

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

OPTIONS = [{"scoring": scoring, "golden_joker": golden} for scoring in ("brown", "grey") for golden in (False, True)]


class TieCounter(random.Random):
    """A heuristic bot's generator that counts the ties it breaks: the moves for which the bot drew
    among several (a draw below 2 or more takes at least 2 bits; below 1, one)."""

    ties = 0
    wide = False

    def getrandbits(self, bits):
        self.wide = self.wide or bits >= 2
        return super().getrandbits(bits)


class Follower(lockstep.Follower):
    """The lockstep follower, also counting the ties the heuristic bots broke."""

    @property
    def ties(self):
        """The ties the heuristic bots broke so far."""
        return sum(bot._random.ties for bot in self.bots if isinstance(bot, coloretto.HeuristicBot))


class CountingBot(coloretto.HeuristicBot):
    """The heuristic bot, its generator counting the moves for which it broke a tie."""

    def __init__(self, seed):
        super().__init__(seed)
        self._random = TieCounter(seed)

    def choose(self, state):
        self._random.wide = False
        move = super().choose(state)
        self._random.ties += self._random.wide
        return move


def public_bots(names, bot_seeds):
    return [CountingBot(bot_seed) if name == "heuristic" else RandomBot(bot_seed)
            for name, bot_seed in zip(names, bot_seeds)]


def lockstep(players, seed, names, variant):
    bot_seeds = [seed * 13 + seat for seat in range(players)]
    follow = Follower(coloretto.new_game(players, seed=seed, **variant), bots=public_bots(names, bot_seeds))
    record = fast.play_fast(players, seed, bot_seeds, variant, on_step=follow, bots=names)
    assert follow.state.is_over and record.scores == follow.state.scores
    assert record.actions == len(follow.state.history)
    assert record == fast.play_public(coloretto.new_game(players, seed=seed, **variant),
                                      public_bots(names, bot_seeds))
    return follow


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: "-".join(map(str, options.values())))
def test_heuristic_bots_play_the_engine_s_games_move_by_move(players, options):
    ties = 0
    for seed in range(25):
        ties += lockstep(players, seed, ["heuristic"] * players, options).ties
    assert ties >= 25           # the bots' generators broke ties, and the fast path drew the same


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_and_random_bots_at_one_table_play_whole_games_alike(players):
    for seed in range(10):
        names = [("heuristic", "random")[(seed + seat) % 2] for seat in range(players)]
        lockstep(players, seed, names, {"golden_joker": seed % 2 == 1})


def test_play_on_from_any_position_plays_the_engine_s_game_move_by_move():
    """From positions reached by random moves (a card drawn, rows half taken, late rounds, the
    golden joker), the fast path plays on with heuristic bots, random bots or both, as the engine
    does, to the end of the round or of the game."""
    drawn = sat_out = 0
    for seed in range(200):
        rng = random.Random(seed)
        players = rng.choice([2, 3, 4, 5])
        state = coloretto.new_game(players, seed=seed, **rng.choice(OPTIONS))
        for _ in range(rng.randrange(0, 160)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        names = [rng.choice(["heuristic", "random"]) for _ in range(players)]
        bot_seeds = [seed * 11 + seat for seat in range(players)]
        rounds = rng.choice([1, None])
        follow = Follower(state, bots=public_bots(names, bot_seeds))
        record = fast.play_on(state, bot_seeds, bots=names, rounds=rounds, on_step=follow)
        assert follow.state.is_over or follow.state.round_number == state.round_number + 1, seed
        assert follow.state.is_over or rounds == 1, seed
        assert record.scores == follow.state.scores, seed
        assert record.actions == len(follow.state.history) - len(state.history), seed
        drawn += state.drawn is not None
        sat_out += any(state.sat_out)
    assert drawn >= 30 and sat_out >= 30, (drawn, sat_out)


def test_unknown_bots_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="the fast path plays one of bold, heuristic, random per seat"):
        fast.play_fast(3, 1, [1, 2, 3], {}, bots=["heuristic", "expert", "random"])
    with pytest.raises(ValueError, match="the fast path plays one of bold, heuristic, random per seat"):
        fast.play_fast(3, 1, [1, 2, 3], {}, bots=["bold", "cautious", "random"])
    with pytest.raises(ValueError, match=r"\(3 seats\)"):
        fast.play_on(coloretto.new_game(3, seed=1), [1, 2, 3], bots=["heuristic"])


@pytest.mark.parametrize("bots", [["heuristic", "random", "heuristic", "heuristic"],
                                  ["bold", "heuristic", "random", "bold"]])
def test_simulate_runs_each_style_on_the_fast_path_with_the_public_engine_s_table(bots):
    quick = simulate("coloretto", 6, players=4, bots=bots, rotate_seats=True, workers=1, progress=False).to_pandas()
    checked = simulate("coloretto", 6, players=4, bots=bots, rotate_seats=True, workers=1, progress=False,
                       fast=False).to_pandas()
    assert quick.equals(checked)
    assert fast.FAST_BOTS == {"random", "heuristic", "bold"}
