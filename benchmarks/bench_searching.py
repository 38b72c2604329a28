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

Measured 7 December 2026 on the shared 2-core machine (load average 10 to 12 from other work;
process time, extrapolated), the player who searches guided and bounded as the designer plays it:
``nice -n 5 bench_searching.py 20`` (06:21-06:26 UTC, 20 deals per game), then ``nice -n 5
bench_searching.py 100 plotters`` (06:26-06:31) and ``100 wimmuln,le_plateau`` (06:32-06:37) for
the three slowest::

    game            variant               deals  per deal   1,000 deals on 2 cores (extrapolated)
    Oh Hell         points_per_trick 2       20    0.01 s       6 s   within 5 min
    The Syndicate   target 13                20    0.08 s      41 s   within 5 min
    Coloretto       plus_colours 4           20    0.11 s      57 s   within 5 min
    Le Plateau      team_step 6             100    0.29 s     147 s   within 5 min (20 deals: 151 s)
    Wimmüln         target 201              100    0.33 s     166 s   within 5 min (20 deals: 172 s)
    Plotters Inc.   colours 3               100    0.49 s     247 s   within 5 min (20 deals: 252 s)

Whole runs, not extrapolated (``compare_rule_sets(game, variant, 1000, searching=True, workers=2)``,
processor time of this process and its workers, 06:57-07:06 UTC, load 11 to 12): Oh Hell 13 s in
all (6 s on 2 cores), The Syndicate 89 s (44 s on 2 cores; 308 s on the clock, the machine's other
work taking most of it): the extrapolations above hold. The other four whole, 2026-12-07
15:07-15:16 UTC on a quiet machine (load average 1.3-2.0), ``compare_rule_sets(game, variant, 1000,
searching=True, workers=2)``, time on the clock (processor time of the process and its workers):
Coloretto 47 s (92 s), Le Plateau 66 s (130 s), Wimmüln 144 s (286 s), Plotters Inc. 239 s (475 s):
every game within 5 minutes.

Before (03:35-03:40 UTC the same day, 4 deals per game, the expert in every seat, unbounded, the
game replayed at every decision): Oh Hell 59 s, The Syndicate 268 s, Coloretto 380 s, Le Plateau
1,156 s, Plotters Inc. and Wimmüln some 50 and 65 minutes. What made the difference: the expert
carries what its seat saw from one decision to the next instead of replaying the game (the same
choices; Coloretto's expert game in every seat 0.15 s against 0.32-0.38); its bounded budget
spends at most its playouts, or one per legal move where there are more, and tries 32 moves of a
wider choice (a Wimmüln cross has some 180: Wimmüln went from 303 s to 172 s with it); and one
player searches at each table instead of every seat (four times fewer searching decisions).
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
