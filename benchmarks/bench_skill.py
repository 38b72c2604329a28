"""What every game's skill ladder costs, and how many deals make its relative skill conclusive: per
game, the process time of each table of :func:`plateau_lab.lab.relative_skill.ladders` on one worker (in this
process), the relative skill the heuristic bot's row gives with the width of its 95 % interval, for
both measures (score, win share) from the same games, and the deals a width of 0.1 needs (the width
shrinks as one over the square root of the deals), with what they take on 2 cores.

Run: .venv/bin/python benchmarks/bench_skill.py [deals, default 64] [games, default all]
                                                [--experts DEALS, default 16] [--playouts N]

The cheap tables (the reference table of heuristic bots, random play, the game's styles, the player
who sees every card with ``--playouts`` per decision, default ``SEEING_PLAYOUTS``) play ``deals``
deals, and their rows give the relative skill and its width. The expert's rungs (1/16 and 1/4 of
its budget) play only their first ``--experts`` deals, for their cost per deal: they do not enter the
relative skill, and the same deals give them the same rows whatever the rest, so their time per deal
is all that a longer run needs of them.

Figures are process time (``time.process_time``: the time this process ran, not the wall clock the
machine's other work stretches), one worker, so that they add up. "On 2 cores" is half of it (the
deals of a table split between two workers: ``ladders(..., workers=2)``), the machine's load
printed with them. "Relative skill alone" is the three tables :func:`~plateau_lab.lab.relative_skill.relative_skill`
plays (random, heuristic, the seeing player); "whole ladder" every table of :func:`ladders`.

Measured 2026-11-26 on the shared 2-core machine (load average 4.8 to 8.5 from other work, some of
it other engineers' edits of the engines in the same tree), the seeing player with 60 playouts:
``bench_skill.py 128 --experts 16`` (every game), then ``bench_skill.py 512 syndicate,oh_hell,coloretto
--experts 16`` (their rows below are the 512-deal run's). Seconds per deal on one core, the
relative skill (the heuristic bot's row), and what a width of 0.1 needs, by score (the default):

=========== ========= ============== =============== ================ ====== ============================
game        s / deal  s / deal       relative skill  width (deals)    width  on 2 cores: relative skill
            rel. only whole ladder   by score                         0.1    alone / whole ladder
=========== ========= ============== =============== ================ ====== ============================
Syndicate   0.14      1.37           0.665           0.079 (512)      ~324   0.4 min / 3.7 min
Plotters    1.76      4.46           0.191           0.038 (128)      ~19    0.3 min / 0.7 min
Coloretto   0.22      1.20           0.607           0.052 (512)      ~141   0.3 min / 1.4 min
Wimmüln     0.44      4.33           0.702           0.093 (128)      ~112   0.4 min / 4.0 min
Le Plateau  0.40      2.73           0.944           0.096 (128)      ~118   0.4 min / 2.7 min
Oh Hell     0.01      0.58           0.461           0.107 (512)      ~585   0.1 min / 2.8 min
=========== ========= ============== =============== ================ ====== ============================

By score every game is conclusive within 10 minutes on 2 cores, its whole ladder included (the
expert's two rungs and the seeing player are nearly all of the cost): some 15 minutes for all six
together. By win share (a win, ties shared; noisier) the same games need:

=========== ============== ================ ====== ============================ ======================
game        relative skill width (deals)    width  on 2 cores: relative skill   10 min on 2 cores:
            by win share                    0.1    alone / whole ladder         whole ladder's deals
=========== ============== ================ ====== ============================ ======================
Syndicate   0.434          0.111 (512)      ~636   0.7 min / 7.3 min            874
Plotters    0.224          0.151 (128)      ~294   4.3 min / 10.9 min           269
Coloretto   0.297          0.088 (512)      ~394   0.7 min / 3.9 min            1000
Wimmüln     0.317          0.165 (128)      ~348   1.3 min / 12.5 min           277
Le Plateau  0.508          0.339 (128)      ~1468  4.8 min / 33.4 min           439
Oh Hell     0.307          0.145 (512)      ~1071  0.1 min / 5.2 min            2053
=========== ============== ================ ====== ============================ ======================

So by win share Plotters (~11 min), Wimmüln (~13 min) and above all Le Plateau (~1,500 deals, ~33
min, its width at 439 deals some 0.18) are not conclusive in 10 minutes on 2 cores with the whole
ladder; the relative skill alone (random, heuristic, the seeing player) is, for every game. The
extrapolation held where it was checked: Syndicate 327 deals from 128, 324 from 512; Coloretto 153
and 141; Oh Hell 480 from 128 but 585 from 512 (a fifth more: treat the figures as +/- 20 %).

Checked end to end: ``ladders(None, 32, workers=1)`` (every game, every rung, 32 deals) took 434 s
of process time, where the per-deal figures above predict 469 s (load 4.6 to 7.5); Plotters'
relative skill there is 0.188 (0.152 to 0.225), width 0.073: conclusive at 32 deals, as the 19
extrapolated say. Each rung's place on the scale by score in that run (0 random play, 1 seeing
every card; intervals 0.1 to 0.4 wide at 32 deals):

=========== ========= ============= ============= ============= =====================
game        heuristic other style   expert 1/16   expert 1/4    (style)
=========== ========= ============= ============= ============= =====================
Syndicate   0.70      0.64          0.62          0.64          cautious
Plotters    0.19      0.18          0.27          0.44          bold
Coloretto   0.68      (none)        0.77          0.82
Wimmüln     0.68      0.67          0.84          0.88          cautious
Le Plateau  0.92      0.78          0.89          0.94          bold
Oh Hell     0.58      0.52          0.58          0.68          bold
=========== ========= ============= ============= ============= =====================

The relative skill takes the heuristic bot as the skilled player: where it is far from the expert
(Plotters: 0.19, its expert at a quarter of its budget 0.44) the game rewards more skill than the
heuristic bot shows, and the expert's rungs say how much more.
"""

from __future__ import annotations

import math
import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.relative_skill import _implied_skill
from plateau_lab.lab.seeing import SEEING, SEEING_PLAYOUTS
from plateau_lab.lab.skill import BEGINNER, EXPERT_FRACTIONS, _rung_tables, default_rungs, expert_rung

#: The interval width a class can read as conclusive.
CONCLUSIVE = 0.1
#: The deals a game may take at most to be conclusive: what 10 minutes on 2 cores allow.
MINUTES_ON_TWO_CORES = 10
#: The tables :func:`~plateau_lab.lab.relative_skill.relative_skill` plays.
RELATIVE_TABLES = (BEGINNER, "heuristic", SEEING)
REFERENCE = "the heuristic bots' own table"


def timed_tables(game: str, deals: int, rungs: dict) -> tuple[dict[str, float], dict]:
    """Play ``rungs``' tables of ``game`` (and the reference table) on one worker: the process seconds
    of each table, and each rung's rows (:func:`~plateau_lab.lab.skill._rung_tables`)."""
    finished_at: dict[int, float] = {}                      # games done -> when (the callback comes per chunk)
    started = time.process_time()
    options = dict(players=game_spec(game).default_players, variant=None, seed=0, workers=1, progress=False)
    _, seated, _ = _rung_tables(game, deals, rungs, "heuristic", options,
                                lambda done, _: finished_at.__setitem__(done, time.process_time()))
    ends = [started] + [finished_at[deals * table] for table in range(1, len(rungs) + 2)]
    seconds = {label: end - start for label, start, end in zip([REFERENCE, *rungs], ends, ends[1:])}
    return seconds, seated


def measure(game: str, deals: int, expert_deals: int, playouts: int) -> list[str]:
    """The lines of one game: each table's seconds per deal, then per measure the relative skill,
    its width and the deals and time a width of 0.1 needs."""
    cheap = default_rungs(game, (), playouts=playouts)
    experts = dict(expert_rung(game, fraction) for fraction in EXPERT_FRACTIONS)
    timed_tables(game, 1, {**cheap, **experts})             # a deal first, untimed: loading the modules
    seconds, seated = timed_tables(game, deals, cheap)
    per_deal = {label: spent / deals for label, spent in seconds.items()}
    expert_seconds, expert_seated = timed_tables(game, expert_deals, experts)
    per_deal.update({label: expert_seconds[label] / expert_deals for label in experts})
    lines = [f"{game:<11} s per deal, one core: " + ", ".join(f"{label} {value:.3f}" for label, value in per_deal.items()),
             f"{game:<11} each rung's share of the way from random play to seeing every card, by score: "
             + ", ".join(_rung_skill(label, mine, seated) for label, mine in {**seated, **expert_seated}.items())]
    relative_cost = sum(per_deal[label] for label in RELATIVE_TABLES)
    whole_cost = sum(per_deal.values())
    for name in ("score", "win_share"):
        skill = _implied_skill(seated["heuristic"], seated, name)
        width = skill["relative_high"] - skill["relative_low"]
        needed = math.ceil(deals * (width / CONCLUSIVE) ** 2)
        lines.append(
            f"{game:<11} {name:<9} relative skill {skill['relative_skill']:.3f} ({skill['relative_low']:.3f} to "
            f"{skill['relative_high']:.3f}), width {width:.3f} at {deals} deals; width {CONCLUSIVE} needs ~{needed} "
            f"deals: on 2 cores relative skill alone {_minutes(needed * relative_cost / 2)}, whole ladder "
            f"{_minutes(needed * whole_cost / 2)}; in {MINUTES_ON_TWO_CORES} min on 2 cores the whole ladder plays "
            f"{math.floor(MINUTES_ON_TWO_CORES * 60 * 2 / whole_cost)} deals")
    return lines


def _rung_skill(label: str, mine, seated) -> str:
    """A rung's relative skill by score with its interval, on the deals it played."""
    skill = _implied_skill(mine, seated, "score")
    return (f"{label} {skill['relative_skill']:.2f} ({skill['relative_low']:.2f} to {skill['relative_high']:.2f}"
            f"{'' if len(mine) == len(seated[BEGINNER]) else f'; {len(mine)} deals'})")


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


def main(arguments: list[str]) -> None:
    playouts, expert_deals = SEEING_PLAYOUTS, 16
    for flag in ("--playouts", "--experts"):
        if flag in arguments:
            at = arguments.index(flag)
            value = int(arguments[at + 1])
            del arguments[at:at + 2]
            playouts, expert_deals = (value, expert_deals) if flag == "--playouts" else (playouts, value)
    deals = int(arguments[0]) if arguments else 64
    games = arguments[1].split(",") if len(arguments) > 1 else list(GAME_NAMES)
    with open("/proc/loadavg") as load:
        print(f"load average at the start: {load.read().split()[:3]}")
    print(f"skill ladders, {deals} deals ({expert_deals} for the expert's rungs), the seeing player with {playouts} "
          f"playouts per decision, one worker, process time")
    for game in games:
        try:
            lines = measure(game, deals, expert_deals, playouts)
        except Exception as error:        # one game failing (say, mid-edit) leaves the others measured
            lines = [f"{game:<11} failed: {type(error).__name__}: {error}"]
        for line in lines:
            print(line, flush=True)
    with open("/proc/loadavg") as load:
        print(f"load average at the end: {load.read().split()[:3]}")


if __name__ == "__main__":
    main(sys.argv[1:])
