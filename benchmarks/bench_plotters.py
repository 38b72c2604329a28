"""Random full games of Plotters Inc. per second, for 4, 5 and 6 players.

Through the public API (``apply`` checks every move) and on the fast playout that ``simulate``
uses for random bots (``plateau_lab.games.plotters.fast``). The HeuristicBot is measured too, and
the ratios are reported, as everything runs in the same process.

Run: .venv/bin/python benchmarks/bench_plotters.py [games per player count]
"""

import sys
import time

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import plotters
from plateau_lab.games.plotters.fast import play_fast


def measure(players: int, games: int, make_bot) -> tuple[float, float]:
    """(games per second, actions per second) for ``games`` seeded games on the public API."""
    start, actions = time.perf_counter(), 0
    for seed in range(games):
        final = play_out(plotters.new_game(players, seed=seed), [make_bot(seed * 10 + s) for s in range(players)])
        actions += len(final.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


def measure_fast(players: int, games: int) -> tuple[float, float]:
    """(games per second, actions per second) for ``games`` seeded games of random bots on the fast playout."""
    start, actions = time.perf_counter(), 0
    for seed in range(games):
        actions += play_fast(players, seed, [seed * 10 + s for s in range(players)], {}).actions
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for players in (4, 5, 6):
        random_games, random_actions = measure(players, games, RandomBot)
        _, fast_actions = measure_fast(players, games * 10)
        bot_games, bot_actions = measure(players, max(games // 10, 1), plotters.HeuristicBot)
        print(f"{players} players: random bots {random_games:7.1f} games/s ({random_actions:7.0f} actions/s, "
              f"{games} games); fast path {fast_actions:8.0f} actions/s ({fast_actions / random_actions:4.1f}× "
              f"the public API); heuristic bots {bot_games:6.1f} games/s ({max(games // 10, 1)} games); "
              f"ratio {random_games / bot_games:4.1f}")
