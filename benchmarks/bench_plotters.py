"""Random full games of Plotters Inc. per second, for 4, 5 and 6 players.

Through the public API (``apply`` checks every move). The CollectorBot is measured too, and
the ratio of the two is reported, as both run in the same process.

Run: .venv/bin/python benchmarks/bench_plotters.py [games per player count]
"""

import sys
import time

from plateau_lab.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import plotters


def measure(players: int, games: int, make_bot) -> tuple[float, float]:
    """(games per second, actions per second) for ``games`` seeded games."""
    start, actions = time.perf_counter(), 0
    for seed in range(games):
        final = play_out(plotters.new_game(players, seed=seed), [make_bot(seed * 10 + s) for s in range(players)])
        actions += len(final.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for players in (4, 5, 6):
        random_games, random_actions = measure(players, games, RandomBot)
        bot_games, bot_actions = measure(players, max(games // 10, 1), plotters.CollectorBot)
        print(f"{players} players: random bots {random_games:7.1f} games/s ({random_actions:7.0f} actions/s, "
              f"{games} games); CollectorBots {bot_games:6.1f} games/s ({max(games // 10, 1)} games); "
              f"ratio {random_games / bot_games:4.1f}")
