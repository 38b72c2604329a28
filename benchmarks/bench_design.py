"""What a designer's question costs: the variant designer's paired comparison (the rulebook and a
variant on the same deals, every measure of :mod:`plateau_lab.lab.design`, its table included) for
every game, against the plain simulation of the same deals under both rule sets in the same run,
as the baseline.

Run: .venv/bin/python benchmarks/bench_design.py [deals, default 1000] [games, default all] [--drama DEALS]
[--bots NAME]

Each game's variant changes its first rule option that has a number (one step from the rulebook's
value, within its bounds; a truth value flipped otherwise), steady players (the heuristic bot) in
every seat, or the bot ``--bots`` names (``random``: the quickest games, where counting costs
most). Figures are process time (``time.process_time``, and the worker processes' own time for
the run on two workers: the machine's other work does not stretch them): the comparison as the
designer runs it (one worker), ``simulate`` of the same deals under both rule sets on one worker
(the fast path where the game has one), and the comparison on two workers (the processor time of
all the processes, and the time on the clock, which the machine's other work does stretch).
``--drama DEALS`` also times drama and decisiveness on that many deals, against the comparison
without them on the same deals. The aims (issue 29): at most 30 s for 1,000 deals on 2 cores, and
the measures at most 2x the plain simulation.

Figures of 26 November 2026, 20:45-21:07 UTC (1,000 deals, the comparison on the fast path since
commit 0118a2f; load average about 10 on 2 cores shared by 8 people, so the clock times are
stretched about five times; before, on 100 deals, the public engine: Coloretto 7.3x, The Syndicate
47.6x)::

    game          variant              comparison  simulation  ratio  2 workers: processor, clock
    Coloretto     plus_colours 4            4.1 s       3.8 s   1.1x        4.0 s,   13.2 s
    The Syndicate target 13                 3.8 s       2.9 s   1.3x        4.0 s,   20.8 s
    Wimmüln       target 201                6.0 s       7.1 s   0.8x        6.3 s,   35.7 s
    Oh Hell       points_per_trick 2        0.5 s       0.3 s   1.7x        0.6 s,    2.9 s
    Plotters Inc. colours 3                 5.6 s       4.7 s   1.2x        5.8 s,   26.3 s
    Le Plateau    team_step 6             159.3 s     150.5 s   1.1x      153.8 s,  219.2 s

Under that load one figure moves by about a third from run to run (Wimmüln's simulation ran
slower than its comparison here; 300 games timed alone: 0.93 s plain, 1.10 s counted). Every game
but Le Plateau is well inside 30 s for 1,000 deals on two cores (the two workers' processor time, halved, is
at most 3.2 s); Le Plateau needed about 77 s on two idle cores: its steady players spent 86 % of
their time in the board search for the cells the declarers still need
(``hexboard.formations.cheapest_steiner``, about 37 searches of 2 ms per game). With that search
by costs, remembered per board (commits 61f97e9 to 89bbad8; the same cells, so the same games),
1,000 deals on 26 November 2026, 23:29-23:35 UTC, load average 4 to 7: Le Plateau 24.8 s, 39.8 s,
0.6x, 24.3 s, 35.6 s (12 s per core); 200 deals alternating with the old search: comparison
32.0/32.1 s before, 5.3/5.0 s after; on two workers 31.3/31.1 s before, 4.2/3.9 s after.

Lead changes in The Syndicate and Coloretto (issue 29: the comparison asks their fast paths for
the rounds' rows, ``list_rounds=True``; a plain simulation does not ask). 1,000 deals, process
time, the comparison / the plain simulation, before (7c7462a: no rows, no lead changes) and after
(9fe7643), run one after the other on 26 November 2026, 23:10-23:13 UTC, load average 7.6 to 8.5
on 2 cores (steady players: this script; random bots: its ``compared`` and ``simulate`` the same
way, in one process)::

    game           steady players: before        after           random bots: before         after
    Coloretto      4.3 s / 3.7 s  1.1x   4.4 s / 3.8 s  1.2x     0.79 s / 0.42 s  1.9x   1.00 s / 0.44 s  2.3x
    The Syndicate  3.7 s / 2.8 s  1.3x   3.8 s / 2.8 s  1.3x     1.13 s / 0.28 s  4.1x   1.28 s / 0.30 s  4.3x

With steady players the measures stay within 2x the plain simulation. With random bots the
comparison's counting alone (the texts of every legal move, for the decisions and the branching
factor) cost 2 to 4 times the quick plain games already; the rows add a tenth to a quarter
(Coloretto scores every collection at the end of every round, the engine's best choice, each new
shape worked out once per process). Since the fast paths of The Syndicate, Coloretto and Wimmüln
give their moves as ``core.fastpath.LegalTexts`` (counted at once, written only when read), with
random bots, 1,000 deals, process time, best of 2, 27 November 2026 00:20 UTC, load about 5 (the
whole test suite running beside), comparison / plain simulation of both rule sets: The Syndicate
0.41 / 0.29 s (1.4x), Plotters Inc. 1.09 / 0.71 s (1.5x), Coloretto 0.80 / 0.44 s (1.8x), Wimmüln
2.31 / 1.54 s (1.5x; 3.22 / 1.45 s, 2.2x, with its estimates' 144 texts written), Le Plateau
0.94 / 0.68 s (1.4x), Oh Hell 0.32 / 0.27 s (1.2x).

Drama and decisiveness (``--drama 20``, 20 deals, against the comparison without them on the same
deals): Coloretto 1.5 s against 0.1 s (12x), The Syndicate 3.5 s (29x), Wimmüln 6.2 s against
0.2 s (37x), Oh Hell 0.5 s (4x), Plotters Inc. 3.4 s (23x), Le Plateau 5.7 s against 3.1 s (2x).
"""

from __future__ import annotations

import os
import resource
import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.design import compare_rule_sets
from plateau_lab.lab.simulate import simulate


def one_step_variant(game: str) -> dict:
    """The first rule of ``game`` changed by one step from the rulebook's value (see the docstring)."""
    for option in game_spec(game).options:
        if option.kind is int and option.default is not None:
            value = option.default + 1 if option.high is None or option.default < option.high else option.default - 1
            return {option.name: value}
    for option in game_spec(game).options:
        if option.kind is bool:
            return {option.name: not option.default}
    return {}


def process_seconds(work) -> float:
    """The processor time ``work()`` takes in this process."""
    started = time.process_time()
    work()
    return time.process_time() - started


def all_processes_seconds(work) -> tuple[float, float]:
    """The processor time ``work()`` takes in this process and the worker processes it waited
    for, and its time on the clock."""
    def children() -> float:
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    started, started_children, clock = time.process_time(), children(), time.perf_counter()
    work()
    return time.process_time() - started + children() - started_children, time.perf_counter() - clock


def compared(game: str, variant: dict, deals: int, players: int, bots: list, **options):
    """The designer's work: the comparison and its table."""
    return compare_rule_sets(game, variant, deals, players=players, bots=bots, step=max(1, deals // 20),
                             **options).figures().to_pandas()


def main(arguments: list[str]) -> None:
    drama_deals, bot = 0, "heuristic"
    if "--bots" in arguments:
        where = arguments.index("--bots")
        bot = arguments[where + 1]
        arguments = arguments[:where] + arguments[where + 2:]
    if "--drama" in arguments:
        where = arguments.index("--drama")
        drama_deals = int(arguments[where + 1])
        arguments = arguments[:where] + arguments[where + 2:]
    deals = int(arguments[0]) if arguments else 1000
    games = arguments[1:] or list(GAME_NAMES)
    players_are = "steady players" if bot == "heuristic" else f"the {bot} bot"
    print(f"{deals} deals per rule set, {players_are} in every seat; load average {os.getloadavg()[0]:.1f}")
    print(f"{'game':12} {'variant':28} {'comparison':>11} {'simulation':>11} {'ratio':>6}   2 workers: processor, clock")
    for game in games:
        spec = game_spec(game)
        players = spec.default_players
        variant = one_step_variant(game)
        bots = [bot] * players
        compared(game, variant, 3, players, bots)                  # the first call's imports are not timed
        simulate(game, 3, players=players, bots=bots, workers=1, progress=False)
        one = process_seconds(lambda: compared(game, variant, deals, players, bots))
        simulated = process_seconds(lambda: [simulate(game, deals, players=players, bots=bots, workers=1,
                                                      progress=False, variant=rules) for rules in ({}, variant)])
        both, clock = all_processes_seconds(lambda: compared(game, variant, deals, players, bots, workers=2))
        shown = ", ".join(f"{name} {value}" for name, value in variant.items())
        print(f"{spec.title:12} {shown:28} {one:9.1f} s {simulated:9.1f} s {one / simulated:5.1f}x   "
              f"{both:7.1f} s, {clock:6.1f} s", flush=True)
        if drama_deals:
            plain = process_seconds(lambda: compared(game, variant, drama_deals, players, bots))
            dramatic = process_seconds(lambda: compared(game, variant, drama_deals, players, bots, drama=True))
            print(f"{'':12} drama and decisiveness, {drama_deals} deals: {dramatic:.1f} s against {plain:.1f} s "
                  f"without ({dramatic / plain:.0f}x)", flush=True)
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
