"""What the designer's players who search cost: a paired comparison with ``searching=True`` (the
rulebook and a variant on the same deals, played by steady players and again by the expert at a
small budget, :data:`plateau_lab.lab.design.SEARCH_PLAYOUTS` playouts per decision, in every seat).
The aim (issue 40): 1,000 deals within 5 minutes on 2 cores, for every game.

Run: nice .venv/bin/python benchmarks/bench_searching.py [deals per game, default 10] [games, default all]
[--playouts N]

Each game's variant is bench_design's (its first rule option with a number, one step from the
rulebook). Figures are process time of this one process (``time.process_time``: the machine's
other work does not stretch it), per deal (four games: two rule sets, two kinds of players), and
what 1,000 deals would take on two cores if the deals are shared evenly by two worker processes
(``workers=2``): 1,000 x the time per deal / 2, an extrapolation from the deals measured, which
the script says so.

Measured 7 December 2026, 03:35-03:40 UTC (``bench_searching.py 4``: 4 deals per game, load
average 10 to 13 on the 2 shared cores, process time, so the load does not stretch it), the
variant of each game one step from the rulebook, steady players beside the searching ones::

    game            variant                 per deal   1,000 deals on 2 cores (extrapolated)
    Oh Hell         points_per_trick 2         0.12 s      59 s   within 5 min
    The Syndicate   target 13                  0.54 s     268 s   within 5 min
    Coloretto       plus_colours 4             0.76 s     380 s   over 5 min
    Le Plateau      team_step 6                2.31 s    1156 s   over 5 min

Plotters Inc. and Wimmüln were not finished in that run; the expert alone, 8 playouts a decision in
every seat, played one game of Plotters Inc. in 2.9 s and of Wimmüln in 3.9 s (3 games each, the
same day), so 1,000 paired deals (2,000 such games) would take some 50 and 65 minutes on 2 cores.
The aim of 5 minutes holds for Oh Hell and The Syndicate only: the expert's search has a floor of
about two playouts per legal move and per decision, and replays the game's history at every
decision (nearly a third of its time in Plotters Inc.), whatever its budget.
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
    print(f"searching players: the expert at {playouts} playouts per decision; {deals} deals per game; "
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
