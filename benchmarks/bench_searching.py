"""What the designer's player who searches costs: a paired comparison with ``searching=True`` (the
rulebook and a variant on the same deals, played by the steady players and again with one player
who searches beside them: the expert at a small budget, :data:`plateau_lab.lab.design.SEARCH_PLAYOUTS`
playouts per decision, bounded, in seat ``deal mod players``). The aim (issue 40): 1,000 deals
within 5 minutes on 2 cores, for every game.

Run: nice .venv/bin/python benchmarks/bench_searching.py [deals per game, default 10] [games, default all]
[--playouts N]

Each game's variant is bench_design's (its first rule option with a number, one step from the
rulebook). Figures are process time of this one process (``time.process_time``: the machine's
other work does not stretch it much), per deal (four games: two rule sets, without and with the
player who searches), and what 1,000 deals would take on two cores if the deals are shared evenly
by two worker processes (``workers=2``): 1,000 x the time per deal / 2, an extrapolation from the
deals measured, which the script says so.

Measured 7 December 2026, 06:09-06:13 UTC (``nice -n 5 bench_searching.py 20``: 20 deals per game,
load average 10 to 11 on the 2 shared cores; process time, extrapolated)::

    game            variant                 per deal   1,000 deals on 2 cores (extrapolated)
    The Syndicate   target 13                  0.08 s      42 s   within 5 min
    Plotters Inc.   colours 3                  0.49 s     243 s   within 5 min
    Coloretto       plus_colours 4             0.12 s      59 s   within 5 min
    Wimmüln         target 201                 0.61 s     303 s   over 5 min
    Le Plateau      team_step 6                0.29 s     145 s   within 5 min
    Oh Hell         points_per_trick 2         0.01 s       7 s   within 5 min

Before (03:35-03:40 UTC the same day, 4 deals per game, the expert in every seat, unbounded, the
game replayed at every decision): Oh Hell 59 s, The Syndicate 268 s, Coloretto 380 s, Le Plateau
1,156 s, Plotters Inc. and Wimmüln some 50 and 65 minutes. Three changes made the difference: the
expert carries what its seat saw from one decision to the next instead of replaying the game
(the same choices; Coloretto's expert game in every seat 0.15 s against 0.32-0.38), its bounded
budget spends at most its playouts, or one per legal move where there are more (the halving tried
every move alive at least once a stage: about two playouts per legal move), and one player
searches at each table instead of every seat (four times fewer searching decisions).
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from plateau_lab.core import GAME_NAMES, game_spec  # noqa: E402
from plateau_lab.lab.design import SEARCH_PLAYOUTS, compare_rule_sets  # noqa: E402

from bench_design import one_step_variant  # noqa: E402

AIM_SECONDS = 300


def main() -> None:
    arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
    playouts = SEARCH_PLAYOUTS
    if "--playouts" in sys.argv:
        playouts = int(sys.argv[sys.argv.index("--playouts") + 1])
        arguments.remove(str(playouts))
    deals = int(arguments[0]) if arguments else 10
    games = arguments[1].split(",") if len(arguments) > 1 else list(GAME_NAMES)
    print(f"a player who searches: the expert at {playouts} playouts per decision (bounded), one seat a table; "
          f"{deals} deals per game; "
          f"started {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)
    print(f"{'game':15} {'variant':22} {'per deal':>9} {'1,000 deals on 2 cores (extrapolated)':>38}  aim", flush=True)
    for game in games:
        spec = game_spec(game)
        variant = one_step_variant(game)
        started = time.process_time()
        compare_rule_sets(game, variant, deals, bots=["heuristic"] * spec.default_players, searching=True,
                          search_playouts=playouts, step=deals)
        per_deal = (time.process_time() - started) / deals
        whole = 1000 * per_deal / 2
        words = ", ".join(f"{key} {value}" for key, value in variant.items())
        print(f"{spec.title:15} {words:22} {per_deal:>8.2f}s {whole:>37.0f}s  "
              f"{'within' if whole <= AIM_SECONDS else 'over'} 5 min", flush=True)
    print(f"finished {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)


if __name__ == "__main__":
    main()
