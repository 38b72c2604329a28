"""Random full games of The Syndicate per second, through the public API (apply checks every move).

Run: .venv/bin/python benchmarks/bench_syndicate.py [games]
"""

import sys
import time

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import syndicate


def measure(games: int, make_bots) -> tuple[float, float]:
    start, actions = time.perf_counter(), 0
    for seed in range(games):
        final = play_out(syndicate.new_game(3, seed=seed), make_bots(seed))
        actions += len(final.history)
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    random_games, random_actions = measure(games, lambda s: [RandomBot(s * 3 + i) for i in range(3)])
    print(f"random bots:   {random_games:8.1f} games/s  {random_actions:9.0f} actions/s  ({games} games)")
    heuristic_games, heuristic_actions = measure(games // 10, lambda s: [syndicate.HeuristicBot(s * 3 + i) for i in range(3)])
    print(f"heuristic bots:{heuristic_games:8.1f} games/s  {heuristic_actions:9.0f} actions/s  ({games // 10} games)")
    print(f"ratio random/heuristic games per second: {random_games / heuristic_games:.1f}")
