"""The review tells steady play from random play (issue 38, clause 1), on a few fixed deals of
every game, the work bounded by playouts (the play table's review budget), never by time: seat 0
played by the heuristic bot gets a higher mean accuracy than seat 0 played at random on the same
deals, and random play gets a marked decision. ``benchmarks/bench_accuracy.py`` measures the same
on 20 deals per game, with the expert too."""

import statistics

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.coach import review_playouts
from plateau_lab.lab.review import review

#: The fixed deals (the seeds of the registry's default game).
DEALS = (1000, 1001, 1002)


def reviewed(name: str, kind: str, seed: int):
    spec = game_spec(name)
    game = spec.new_game(seed=seed)
    first = RandomBot(seed) if kind == "random" else spec.bot("heuristic", seed)
    table = [first] + [spec.bot("heuristic", seed + seat) for seat in range(1, game.players)]
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return review(states, 0, review_playouts(states, 0), seed=seed)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
def test_steady_play_is_reviewed_above_random_play(name):
    random_reviews = [reviewed(name, "random", seed) for seed in DEALS]
    steady_reviews = [reviewed(name, "heuristic", seed) for seed in DEALS]
    random_mean = statistics.mean(r.accuracy for r in random_reviews if r.accuracy is not None)
    steady_mean = statistics.mean(r.accuracy for r in steady_reviews if r.accuracy is not None)
    assert steady_mean > random_mean, (name, random_mean, steady_mean)
    assert sum(bool(r.mistakes) for r in random_reviews) >= 2, name
