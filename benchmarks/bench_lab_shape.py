"""What the lab's columns cost: per game, the process time of ``simulate`` on one worker (in this
process), plain and with the game's shape, against the fast path alone, in one run.

Run: .venv/bin/python benchmarks/bench_lab_shape.py [seconds per figure, default 2] [games, default all] [--against REV]

Per game and figure: ``fast path`` plays the games with ``play_fast`` alone (no table); ``plain`` is
``simulate(game, n, workers=1)`` (the table, the ``starter`` and ``margin`` columns and the shared
wins included); ``shape`` is ``simulate(..., shape=True)`` (moves, decisions and lead changes,
collected through the fast path's ``on_step``); ``replay`` is ``shape="replay"`` (every game on the
public engine, lead changes after every move). With ``--against REV`` a ``before`` figure runs
``simulate`` as it was at the git revision REV (its ``plateau_lab/lab/simulate.py``, on today's
everything else), so that the plain table's cost is compared before and after in the same run.

Figures are games per process-second (``time.process_time``: the time this process ran, not the
wall clock the other engineers' work stretches); the figures of a row take turns, six times over,
and each is its best turn (the least disturbed), as in ``bench_simulate.py``. The ratios are
between figures of the same stretch of time.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.simulate import bot_seed, game_seed, simulate

REPEATS = 6
#: Games per ``simulate`` call: large enough that a call's fixed cost (the progress bar's, the table's) fades.
BATCH = 200


def before(revision: str):
    """``simulate`` as it was at git ``revision`` (its module loaded beside today's package)."""
    root = Path(__file__).resolve().parent.parent
    text = subprocess.run(["git", "show", f"{revision}:plateau_lab/lab/simulate.py"], cwd=root, check=True,
                          capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "simulate_before.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location("plateau_lab.lab.simulate_before", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module          # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module.simulate


def fast_alone(game: str) -> Callable[[], None]:
    """``play_fast`` of the first ``BATCH`` games of seed 0, as ``simulate`` seeds them, with no table."""
    spec = game_spec(game)
    lab, players, variant = spec.fast_module(), spec.default_players, spec.check_variant({})

    def play() -> None:
        for index in range(BATCH):
            seed = game_seed(0, index)
            lab.play_fast(players, seed, [bot_seed(seed, seat) for seat in range(players)], variant)
    return play


def simulated(run, game: str, **options) -> Callable[[], None]:
    def play() -> None:              # the same games as fast_alone: seed 0, the first BATCH games
        run(game, BATCH, workers=1, progress=False, **options)
    return play


def timed(runs: dict[str, Callable[[], None]], seconds: float) -> dict[str, float]:
    """Per name, games per process-second: the runs take turns, each for ``seconds / REPEATS``,
    REPEATS times over; each figure is its best turn."""
    best = dict.fromkeys(runs, 0.0)
    for _ in range(REPEATS):
        for name, play in runs.items():
            start, games = time.process_time(), 0
            while time.process_time() - start < seconds / REPEATS or not games:
                play()
                games += BATCH
            best[name] = max(best[name], games / (time.process_time() - start))
    return best


def main(seconds: float, names: list[str], revision: str | None) -> None:
    print(f"load average {', '.join(f'{value:.2f}' for value in os.getloadavg())} on {os.cpu_count()} cores; "
          f"games per process-second, best of {REPEATS} turns of {seconds / REPEATS:g} s, {BATCH} games a call")
    old = before(revision) if revision else None
    header = f"{'game':<12}{'fast path':>11}{'plain':>9}{'shape':>9}{'replay':>9}"
    header += f"{'before':>9}{'plain/before':>14}" if old else ""
    print(header + f"{'plain/fast':>12}{'shape/plain':>13}{'replay/plain':>14}   (time ratios)")
    for game in names:
        runs = {"fast path": fast_alone(game), "plain": simulated(simulate, game),
                "shape": simulated(simulate, game, shape=True), "replay": simulated(simulate, game, shape="replay")}
        if old:
            runs["before"] = simulated(old, game)
        rate = timed(runs, seconds)
        line = f"{game:<12}{rate['fast path']:>11,.0f}{rate['plain']:>9,.0f}{rate['shape']:>9,.0f}{rate['replay']:>9,.0f}"
        if old:
            line += f"{rate['before']:>9,.0f}{rate['before'] / rate['plain']:>13.2f}x"
        line += (f"{rate['fast path'] / rate['plain']:>11.2f}x{rate['plain'] / rate['shape']:>12.2f}x"
                 f"{rate['plain'] / rate['replay']:>13.2f}x")
        print(line)


if __name__ == "__main__":
    arguments = sys.argv[1:]
    against = None
    if "--against" in arguments:
        at = arguments.index("--against")
        against = arguments[at + 1]
        del arguments[at:at + 2]
    main(float(arguments[0]) if arguments else 2.0,
         arguments[1].split(",") if len(arguments) > 1 else list(GAME_NAMES), against)
