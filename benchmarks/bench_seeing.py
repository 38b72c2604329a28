"""Is the top of the skill ladder strong? The player who sees every card
(:class:`plateau_lab.lab.seeing.SeeingBot`, ``SEEING_PLAYOUTS``) against the expert's top rung (a
quarter of its budget), each in one seat among steady players, on the same deals (issue 40: "the
sees every card rung beats the expert in every game").

Run: nice .venv/bin/python benchmarks/bench_seeing.py [deals per game, default 16] [games, default all]

Per game: each player's gain over the steady player in the same seat of the same deal (points per
game, 95 % interval), and the paired difference, seeing minus expert, deal by deal, with its 95 %
interval (Student's t): above 0 when the seeing player scores more on the same deals. Process time
per deal of each.

Measured 7 December 2026, 03:43-04:41 UTC (``nice bench_seeing.py 12``, load average 10 to 20 on
the 2 shared cores; the seeing player at 240 playouts a decision, at least 8 a move, the expert at a
quarter of its budget)::

    game                   seeing - steady        expert - steady       seeing - expert (95 %)  s/deal seeing, expert
    Oh Hell              +2.9 [+0.5, +5.4]      +1.1 [-1.9, +4.1]            +1.8 [-0.6, +4.3]       0.05       0.57
    The Syndicate        +2.6 [+1.1, +4.1]      -1.1 [-2.8, +0.7]            +3.7 [+2.0, +5.3]       0.45       0.84
    Coloretto           +9.3 [+4.6, +14.1]      +3.5 [-2.5, +9.5]           +5.8 [+0.1, +11.5]       0.75       0.76
    Le Plateau        +28.0 [+11.5, +44.5]    +10.7 [-3.8, +25.2]          +17.3 [+3.0, +31.6]       1.38       1.82
    Wimmüln           +60.2 [+37.9, +82.4]   +40.2 [+22.0, +58.3]          +20.0 [-4.8, +44.8]       1.56       2.59
    Plotters Inc.   +231.8 [+218.0, +245.7]   +57.4 [+25.2, +89.6]      +174.4 [+137.6, +211.3]       6.75       1.78

The seeing player scores more than the expert in every game; on 12 deals the difference is clear
in four (The Syndicate, Coloretto, Le Plateau, Plotters Inc.). On more deals (04:42-04:48 UTC) it is
clear in the other two as well::

    Oh Hell (64)         +4.4 [+3.2, +5.6]      +1.2 [+0.1, +2.4]            +3.2 [+2.1, +4.3]       0.05       0.43
    Wimmüln (32)        +47.8 [+34.2, +61.5]   +30.8 [+18.7, +42.9]          +17.1 [+5.5, +28.6]       1.42       2.14

It costs more than before in Plotters Inc. (6.75 s a deal, where 60 playouts cost about 1.8).

The relative skill by score (``relative_skill(game, 32)``, the same day) stays inside 0 to 1 with
its interval in the five games measured: Le Plateau 0.78 (0.72 to 0.84; seeing every card adds
29 points, 21 to 37, over the steady player, against 9 with the old 60 playouts), The Syndicate
0.65 (0.51 to 0.79), Oh Hell 0.58 (0.40 to 0.76), Coloretto 0.65 (0.54 to 0.76), Wimmüln 0.68
(0.59 to 0.76). Plotters Inc. (2026-12-07 12:37 UTC, ``relative_skill("plotters", 32)``, 184 s of
processor time): 0.19 (0.15 to 0.23), inside 0 to 1 as well; the steady player gains 51 points (41
to 61) over random play, seeing every card 219 more (203 to 234): in Plotters Inc. most of what the
best player gains comes from the cards it sees, not from playing better.
"""

from __future__ import annotations

import os
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from plateau_lab.core import GAME_NAMES, game_spec  # noqa: E402
from plateau_lab.lab.simulate import simulate  # noqa: E402
from plateau_lab.lab.seeing import seeing_rung  # noqa: E402
from plateau_lab.lab.skill import EXPERT_FRACTIONS, expert_rung  # noqa: E402
from plateau_lab.lab.stats import mean_interval, t_value  # noqa: E402


def seated(game: str, deals: int, bot, players: int) -> tuple[dict[int, float], float]:
    """The bot's score in its seat (moving a seat per deal) by deal, and the process time it took."""
    started = time.process_time()
    rows = simulate(game, deals, bots=[bot] + ["heuristic"] * (players - 1), rotate_seats=True, players=players,
                    workers=1, progress=False)
    return ({row["game_index"]: float(row["score"]) for row in rows if row["seat"] == row["game_index"] % players},
            time.process_time() - started)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    games = sys.argv[2].split(",") if len(sys.argv) > 2 else list(GAME_NAMES)
    top = max(EXPERT_FRACTIONS)
    print(f"seeing every card against the expert ({top} budget), {deals} deals per game, steady players in the "
          f"other seats; started {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)
    print(f"{'game':15} {'seeing - steady':>22} {'expert - steady':>22} {'seeing - expert (95 %)':>28} "
          f"{'s/deal seeing, expert':>22}", flush=True)
    for game in games:
        players = game_spec(game).default_players
        reference, _ = seated(game, deals, "heuristic", players)
        seeing, seeing_time = seated(game, deals, seeing_rung(), players)
        expert, expert_time = seated(game, deals, expert_rung(game, Fraction(top)), players)
        gains = {name: mean_interval([scores[deal] - reference[deal] for deal in range(deals)])
                 for name, scores in (("seeing", seeing), ("expert", expert))}
        difference = mean_interval([seeing[deal] - expert[deal] for deal in range(deals)])
        half = t_value(0.95, deals - 1) / 1.96 * (difference[2] - difference[0])
        words = {name: f"{mean:+.1f} [{low:+.1f}, {high:+.1f}]" for name, (mean, low, high) in gains.items()}
        print(f"{game_spec(game).title:15} {words['seeing']:>22} {words['expert']:>22} "
              f"{f'{difference[0]:+.1f} [{difference[0] - half:+.1f}, {difference[0] + half:+.1f}]':>28} "
              f"{seeing_time / deals:>10.2f} {expert_time / deals:>10.2f}", flush=True)
    print(f"finished {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)


if __name__ == "__main__":
    main()
