"""What relative skill costs, and how many deals make it conclusive: per game, the process time of
:func:`plateau_lab.lab.skill.relative_skill` on one worker (in this process) and the width of its
95 % interval, for both measures (score, win share) from the same games, with the deals a width of
0.1 would need (the width shrinks as one over the square root of the deals).

Run: .venv/bin/python benchmarks/bench_skill.py [deals, default 64] [games, default all] [--playouts N]

Figures are process time (``time.process_time``: the time this process ran, not the wall clock the
machine's other work stretches), one worker, so that they add up: on 2 free cores
``compare_games(..., workers=2)`` takes about half. The three players (random, heuristic, the one
who sees every card with ``--playouts`` per decision, default ``SEEING_PLAYOUTS``) play the same
deals in one seat among heuristic bots; the fictive player's games are nearly all of the cost.

Measured 2026-11-26 on the shared 2-core machine (load average 7 to 14 from other work), 128 deals,
60 playouts, ``bench_skill.py 128`` (Coloretto, Wimmüln, Le Plateau and Oh Hell in a second run, as
Coloretto's package was being edited); "needs" is extrapolated as one over the square root of the deals:

=========== ========= ============== ============== ============ =====================
game        measure   relative skill 95 % interval  process time width 0.1 needs
=========== ========= ============== ============== ============ =====================
Syndicate   score     0.635          0.555 to 0.715 18.2 s       ~327 deals, ~0.8 min
Syndicate   win share 0.385          0.281 to 0.489 18.2 s       ~555 deals, ~1.3 min
Plotters    score     0.191          0.172 to 0.210 210.1 s      ~19 deals (0.038 at 128)
Plotters    win share 0.224          0.149 to 0.300 210.1 s      ~294 deals, ~8.0 min
Coloretto   score     0.631          0.576 to 0.685 31.3 s       ~153 deals, ~0.6 min
Coloretto   win share 0.355          0.259 to 0.450 31.3 s       ~465 deals, ~1.9 min
Wimmüln     score     0.702          0.656 to 0.749 55.4 s       ~112 deals, ~0.8 min
Wimmüln     win share 0.317          0.235 to 0.400 55.4 s       ~348 deals, ~2.5 min
Le Plateau  score     0.944          0.896 to 0.992 74.9 s       ~118 deals, ~1.2 min
Le Plateau  win share 0.508          0.339 to 0.677 74.9 s       ~1468 deals, ~14.3 min
Oh Hell     score     0.507          0.410 to 0.604 1.5 s        ~480 deals, ~0.1 min
Oh Hell     win share 0.348          0.215 to 0.482 1.5 s        ~909 deals, ~0.2 min
=========== ========= ============== ============== ============ =====================

By score every game is conclusive (width 0.1) in about 7 minutes of one core in all (the larger of
128 and the deals needed); by win share Le Plateau alone needs some 14 minutes of one core.
"""

from __future__ import annotations

import math
import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.skill import SEEING_PLAYOUTS, _effects, _played, seeing_rung

#: The interval width a class can read as conclusive.
CONCLUSIVE = 0.1


def measure(game: str, deals: int, playouts: int) -> list[str]:
    players = game_spec(game).default_players
    started = time.process_time()
    played = _played(game, deals, players, {"beginner": "random", "skilled": "heuristic",
                                            "fictive": seeing_rung(playouts)[1]},
                     against="heuristic", variant=None, seed=0, workers=1)
    seconds = time.process_time() - started
    lines = []
    for name in ("score", "win_share"):
        row = _effects(played, name, players)
        needed = math.ceil(deals * (row["width"] / CONCLUSIVE) ** 2)
        lines.append(f"{game:<11} {name:<9} {row['relative_skill']:6.3f}  {row['low']:6.3f} to {row['high']:6.3f}  "
                     f"width {row['width']:.3f}  {deals} deals in {seconds:6.1f} s  "
                     f"width {CONCLUSIVE} needs ~{needed} deals, ~{seconds * needed / deals / 60:.1f} min")
    return lines


def main(arguments: list[str]) -> None:
    playouts = SEEING_PLAYOUTS
    if "--playouts" in arguments:
        at = arguments.index("--playouts")
        playouts = int(arguments[at + 1])
        del arguments[at:at + 2]
    deals = int(arguments[0]) if arguments else 64
    games = arguments[1].split(",") if len(arguments) > 1 else list(GAME_NAMES)
    print(f"relative skill, {deals} deals, the fictive player with {playouts} playouts per decision, one worker")
    print("game        measure   relative skill (95% interval)      process time")
    for game in games:
        try:
            lines = measure(game, deals, playouts)
        except Exception as error:        # one game failing (say, mid-edit) leaves the others measured
            lines = [f"{game:<11} failed: {type(error).__name__}: {error}"]
        for line in lines:
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
