"""Is this checkout's fast path as fast as another commit's? Heuristic bots in every seat, every
game, this checkout against ``--before`` (any commit), taking turns in one run.

Run: .venv/bin/python benchmarks/bench_versions.py --before COMMIT [--seconds 1.5] [--turns 5] [games]

Issue 41 moved each game's heuristic decisions into one module read by both the public bot and the
fast path; its first clause asks that the fast paths stay within noise of before. This benchmark
checks out ``--before`` into a temporary git worktree, then, game by game, runs ``simulate(game,
games, bots=["heuristic"] * players)`` (the fast path, one process) in a fresh interpreter of each
checkout in turn, ``--turns`` times (``games`` chosen so that a table takes about ``--seconds`` of
processor time here, from a first table of 20 games), and keeps each checkout's least processor time
(``time.process_time`` of the table alone: the least disturbed turn on a shared machine). The ratio
is this checkout's time over the other's: 1.00 is the same speed, below 1 faster.

Measured 2026-12-07 13:00-13:04 UTC, ``bench_versions.py --before 348bdc2^`` (the commit before the
first of issue 41's "heuristic decisions written once"), about 1.5 s a table, 5 turns, at af6adeb
(load average 2.8-4.7 on 2 cores: other work at a lower priority and other engineers' tests),
processor seconds, best of 5:

    game          games    this   before   ratio
    syndicate      1213    1.42     1.42    1.00
    plotters        581    1.33     1.32    1.00
    coloretto      1261    1.42     1.46    0.97
    wimmuln         745    1.72     1.70    1.02
    le_plateau       98    1.72     1.71    1.00
    oh_hell       11390    1.41     1.48    0.96

Every fast path is within 4 % of its speed before the heuristics were written once (ratios 0.96 to
1.02); the heuristic tables are where that change could show, since random bots ask no heuristic.

"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

TIMED = """
import sys, time
from plateau_lab.core import game_spec
from plateau_lab.lab.simulate import simulate
game, games = sys.argv[1], int(sys.argv[2])
players = game_spec(game).default_players
simulate(game, 5, bots=["heuristic"] * players, workers=1, progress=False)
started = time.process_time()
simulate(game, games, bots=["heuristic"] * players, workers=1, progress=False)
print(time.process_time() - started)
"""


def timed(tree: Path, game: str, games: int) -> float:
    """Processor seconds of one table of ``games`` heuristic games of ``game`` in ``tree``'s code."""
    run = subprocess.run([sys.executable, "-c", TIMED, game, str(games)], cwd=tree, check=True,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    return float(run.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--seconds", type=float, default=1.5)
    parser.add_argument("--turns", type=int, default=5)
    parser.add_argument("names", nargs="*")
    options = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from plateau_lab.core import GAME_NAMES

    names = options.names or list(GAME_NAMES)
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "before"
        subprocess.run(["git", "worktree", "add", "--detach", str(before), options.before], cwd=HERE,
                       check=True, capture_output=True)
        try:
            print(f"heuristic bots in every seat, best of {options.turns} turns, processor seconds; this "
                  f"checkout against {options.before} (load average {os.getloadavg()[0]:.1f})")
            print(f"{'game':<12}{'games':>7}{'this':>8}{'before':>9}{'ratio':>8}")
            for game in names:
                games = max(20, round(20 * options.seconds / max(timed(HERE, game, 20), 1e-3)))
                now, then = [], []
                for _ in range(options.turns):
                    now.append(timed(HERE, game, games))
                    then.append(timed(before, game, games))
                print(f"{game:<12}{games:>7}{min(now):>8.2f}{min(then):>9.2f}{min(now) / min(then):>8.2f}",
                      flush=True)
            print(f"load average at the end {os.getloadavg()[0]:.1f}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=HERE, capture_output=True)


if __name__ == "__main__":
    main()
