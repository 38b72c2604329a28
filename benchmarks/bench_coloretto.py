"""Coloretto throughput: random full games per second, by player count.

Run: ``.venv/bin/python benchmarks/bench_coloretto.py``. Prints games per second with random bots
(each action checked for legality by ``apply``) and, in the same process, the fast playout of the
same games (``fast.play_fast``, what ``simulate`` runs); the heuristic bot in every seat; and the
fast best-score path against the reference search.
"""

from __future__ import annotations

import random
import time

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import fast
from plateau_lab.games.coloretto.cards import COLOURS, deck
from plateau_lab.games.coloretto.scoring import best_scoring, best_total


def games_per_second(players: int, games: int, make_bot) -> tuple[float, float]:
    """(games per second, actions per game) over ``games`` seeded games."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        final = play_out(coloretto.new_game(players, seed=seed), [make_bot(seed * 10 + s) for s in range(players)])
        actions += len(final.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def fast_games_per_second(players: int, games: int) -> float:
    """Games per second of the fast playout, with the seeds ``games_per_second`` uses."""
    start = time.perf_counter()
    for seed in range(games):
        fast.play_fast(players, seed, [seed * 10 + s for s in range(players)], {})
    return games / (time.perf_counter() - start)


def scoring_speed(collections: int = 2000) -> tuple[float, float]:
    """Collections scored per second: the reference search, and the fast cached path."""
    rng = random.Random(1)
    pool = deck(COLOURS)
    samples = [tuple(rng.sample(pool, rng.randrange(5, 25))) for _ in range(collections)]
    start = time.perf_counter()
    for cards in samples:
        best_scoring(cards)
    reference = collections / (time.perf_counter() - start)
    start = time.perf_counter()
    for cards in samples:
        best_total(cards)
    return reference, collections / (time.perf_counter() - start)


def main() -> None:
    print("Coloretto: random full games per second (RandomBot in every seat)")
    for players in (2, 3, 4, 5):
        rate, length = games_per_second(players, 500, RandomBot)
        fast_rate = fast_games_per_second(players, 500)
        print(f"  {players} players: {rate:8.0f} games/s  ({length:.0f} actions per game); "
              f"fast playout {fast_rate:8.0f} games/s (x{fast_rate / rate:.1f})")
    rate, _ = games_per_second(4, 100, lambda seed: coloretto.HeuristicBot(seed))
    print(f"HeuristicBot in every seat, 4 players: {rate:8.0f} games/s")
    reference, fast = scoring_speed()
    print(f"Best score of a collection: reference search {reference:8.0f}/s, fast path {fast:8.0f}/s "
          f"(x{fast / reference:.1f})")


if __name__ == "__main__":
    main()
