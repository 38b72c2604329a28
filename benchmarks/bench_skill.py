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

Measured 2026-11-26 on the shared 2-core machine (load from other work), 128 deals, 60 playouts:
see the table printed by the run quoted in the commit that last changed this file.
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
        for line in measure(game, deals, playouts):
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
