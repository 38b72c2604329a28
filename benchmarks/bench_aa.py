"""The A/A check of the designer's "clear?": the rulebook against the rulebook, on two independent
sets of deals, many times over. Nothing differs, so every "clear" is luck; the measures of one
comparison are one family (:data:`plateau_lab.lab.figures.FAMILY`, Holm's method), so at most 5 %
of the comparisons may call any measure clear, in every game (issue 40).

Run: nice .venv/bin/python benchmarks/bench_aa.py [--comparisons 200] [--deals 300] [--games all]
[--bots heuristic] [--workers 2] [--pool DEALS]

Each comparison plays ``--deals`` deals of the rulebook with one seed and ``--deals`` with another
(:class:`plateau_lab.lab.design.ComparisonPlan` of two rulebook jobs: the designer's own
``play_deals`` on the fast paths, its own ``compared_figures``), the bots ``--bots`` names in every
seat. Per game it prints the comparisons that called any measure clear (the family-wise error,
with its 95 % Wilson interval), the same count by the old rule (any measure whose own 95 %
interval leaves out 0, no correction), and the measure flagged most often by the old rule.
Figures are printed a game at a time, as they come.

``--pool DEALS`` (for a machine too busy for 120,000 games per game): the game's rulebook is played
on ``DEALS`` deals once, and each comparison draws two disjoint sets of ``--deals`` deals from them
at random (its own draw, seeded by its number): each comparison's two sets are still independent
deals, but comparisons share deals, so their verdicts are not independent of one another (a pool
of 20 times a comparison's deals makes two comparisons share a twentieth of their deals on average).

Measured 7 December 2026 on the shared 2-core machine (load average 10 to 20 from other work; the
clock column is stretched by it, the processor time is not), steady players (the heuristic bot) in
every seat, 200 comparisons of 300 deals per game:

``nice bench_aa.py --pool 6000`` (03:49-04:36 UTC; Le Plateau in a second run beside it)::

    game              flagged (Holm)    95 % interval  uncorrected  most flagged uncorrected
    Oh Hell             6 of 200 (3.0%) [1.4%, 6.4%]       47.5%  the 4th to play wins (16)
    The Syndicate       4 of 200 (2.0%) [0.8%, 5.0%]       27.5%  seat 0 wins (12)
    Coloretto           9 of 200 (4.5%) [2.4%, 8.3%]       51.5%  branching factor (16)
    Plotters Inc.       7 of 200 (3.5%) [1.7%, 7.0%]       37.5%  lead changes (15)
    Wimmüln             6 of 200 (3.0%) [1.4%, 6.4%]       45.0%  moves per game (15)
    Le Plateau          4 of 200 (2.0%) [0.8%, 5.0%]       35.5%  close finishes (14)

On fresh deals (two independent sets of 300 deals per comparison, 120,000 games a game), ``nice
bench_aa.py`` (03:27-03:58 UTC, stopped after two games, the machine being too busy for the rest)
and ``nice -n 10 bench_aa.py --workers 1 --games coloretto,plotters,wimmuln,le_plateau`` (from 05:57
UTC, one worker process at load average 9 to 12 from other work: it got about a tenth of a core,
so Coloretto took 45 minutes on the clock for 1.29 s of processor time a comparison)::

    Oh Hell             5 of 200 (2.5%) [1.1%, 5.7%]       46.0%  lead changes (15)
    The Syndicate       6 of 200 (3.0%) [1.4%, 6.4%]       32.5%  seat 1 wins (15)
    Coloretto           6 of 200 (3.0%) [1.4%, 6.4%]       51.5%  close finishes (15)

and ``nice -n 19 bench_aa.py --workers 2 --games plotters,wimmuln,le_plateau`` (12:40-14:16 UTC,
at the lowest priority beside the other engineers' tests, load average 2 to 7)::

    Plotters Inc.      10 of 200 (5.0%) [2.7%, 9.0%]       37.0%  margin (16)
    Wimmüln             9 of 200 (4.5%) [2.4%, 8.3%]       45.5%  close finishes (14)
    Le Plateau          6 of 200 (3.0%) [1.4%, 6.4%]       36.5%  lead changes (14)

(processor time a comparison 1.59, 1.65 and 11.23 s).

In every game, on fresh deals, at most 5 % of the comparisons call any measure clear (2.5 % to
5.0 %; 2.0 % to 4.5 % from the pool), where the old rule, each measure's own 95 % interval, called
something clear in 32.5 % to 51.5 % of them. Plotters Inc. is at the bound (10 of 200).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from plateau_lab.core import GAME_NAMES, game_spec  # noqa: E402
from plateau_lab.lab.design import ComparisonPlan, play_deals  # noqa: E402
from plateau_lab.lab.figures import compared_figures  # noqa: E402
from plateau_lab.lab.measures import RULEBOOK, VARIANT  # noqa: E402
from plateau_lab.lab.simulate import Job, bot_spec  # noqa: E402
from plateau_lab.lab.stats import wilson_interval  # noqa: E402


def one_comparison(game: str, bots: str, deals: int, index: int) -> tuple[list[str], list[str], float]:
    """The measures one A/A comparison calls clear (Holm), those whose own interval leaves out 0,
    and the processor time it took."""
    started = time.process_time()
    players = game_spec(game).default_players
    seats = (bot_spec(bots),) * players
    first, second = 1_000_003 + 2 * index, 1_000_004 + 2 * index
    plan = ComparisonPlan(Job(game, players, (), first, seats), Job(game, players, (), second, seats))
    figures = compared_figures(play_deals(plan, 0, deals), players, seed=index)
    clear = [name for name, row in figures.items() if row["clear"]]
    own = [name for name, row in figures.items() if row["low"] > 0 or row["high"] < 0]
    return clear, own, time.process_time() - started


def pooled_comparisons(game: str, bots: str, deals: int, pool: int, comparisons: int):
    """The A/A comparisons drawn from one pool of ``pool`` rulebook deals, played in this process: per
    comparison, the measures called clear (Holm), those whose own interval leaves out 0, and the
    processor time it took (its share of the pool's games included)."""
    players = game_spec(game).default_players
    seats = (bot_spec(bots),) * players
    plan = ComparisonPlan(Job(game, players, (), 1_000_003, seats), Job(game, players, (), 1_000_003, seats))
    started = time.process_time()
    by_deal: dict[int, list] = {}
    for row in _rulebook_rows(plan, 0, pool):
        by_deal.setdefault(row["game_index"], []).append(row)
    playing = (time.process_time() - started) / comparisons
    results = []
    for index in range(comparisons):
        clock = time.process_time()
        drawn = random.Random(f"aa {game} {index}").sample(range(pool), 2 * deals)
        rows = [dict(row, label=label, game_index=place)
                for label, chosen in ((RULEBOOK, drawn[:deals]), (VARIANT, drawn[deals:]))
                for place, deal in enumerate(chosen) for row in by_deal[deal]]
        figures = compared_figures(rows, players, seed=index)
        clear = [name for name, row in figures.items() if row["clear"]]
        own = [name for name, row in figures.items() if row["low"] > 0 or row["high"] < 0]
        results.append((clear, own, time.process_time() - clock + playing))
    return results


def _rulebook_rows(plan: ComparisonPlan, start: int, stop: int) -> list[dict]:
    """The rulebook side of ``play_deals``: deals ``start`` to ``stop - 1``, played once."""
    return [row for row in play_deals(ComparisonPlan(plan.rulebook, plan.rulebook), start, stop)
            if row["label"] == RULEBOOK]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--comparisons", type=int, default=200)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--games", default="all", help="comma-separated game names, or all")
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pool", type=int, default=0, help="draw the comparisons from this many deals (0: fresh)")
    options = parser.parse_args()
    games = GAME_NAMES if options.games == "all" else tuple(options.games.split(","))
    drawn = f"drawn from a pool of {options.pool} deals" if options.pool else "fresh deals"
    print(f"A/A: {options.comparisons} comparisons of {options.deals} deals per game ({drawn}), {options.bots} bots, "
          f"{options.workers} workers; started {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)
    print(f"{'game':15} {'flagged (Holm)':>16} {'95 % interval':>16} {'uncorrected':>12}  "
          f"{'most flagged uncorrected':30} {'cpu s/comparison':>16} {'clock':>8}", flush=True)
    with ProcessPoolExecutor(max_workers=options.workers) as pool:
        for game in games:
            clock = time.perf_counter()
            if options.pool:
                outcomes = pooled_comparisons(game, options.bots, options.deals, options.pool, options.comparisons)
            else:
                outcomes = (future.result() for future in
                            [pool.submit(one_comparison, game, options.bots, options.deals, index)
                             for index in range(options.comparisons)])
            flagged = uncorrected = 0
            seconds = 0.0
            often: Counter = Counter()
            for clear, own, used in outcomes:
                flagged += bool(clear)
                uncorrected += bool(own)
                often.update(own)
                seconds += used
            low, high = wilson_interval(flagged, options.comparisons)
            name, count = often.most_common(1)[0] if often else ("none", 0)
            print(f"{game_spec(game).title:15} {flagged:>5} of {options.comparisons} ({flagged / options.comparisons:4.1%}) "
                  f"[{low:4.1%}, {high:4.1%}] {uncorrected / options.comparisons:>11.1%}  "
                  f"{f'{name} ({count})':30} {seconds / options.comparisons:>16.2f} "
                  f"{time.perf_counter() - clock:>7.0f}s", flush=True)
    print(f"finished {time.strftime('%H:%M:%S', time.gmtime())} UTC", flush=True)


if __name__ == "__main__":
    main()
