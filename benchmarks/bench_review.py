"""How long the review of a whole game takes, in every game: the review the play table shows at
the game's end (``TableSession.review_html``: :func:`plateau_lab.ui.reports.review_html` with the
table's playouts per decision, :func:`plateau_lab.lab.coach.review_playouts`: 3000 in all, at least
``REVIEW_PLAYOUTS`` (40) each, seeded by the game's seed).

Run: .venv/bin/python benchmarks/bench_review.py [games, default all] [seeds: 11, 11,12 or 11-15; default 11]

Each game is the registry's default game (its default players and options) from ``seed``, the
reviewed seat 0 played by a random bot (a learner who makes mistakes to find), every other seat
by the game's heuristic bot, as in the notebooks' reviews. Printed per game and seed: the decisions
reviewed and the process time of the review (``time.process_time()``: the CPU this process spent,
so other work on a shared machine adds little), the time per decision, and the progress the table
shows (its note "The expert is reviewing your decisions: 3 of 10 done…"): the time to the first
report ("0 of N", before any decision is analysed), to the first decision done, and the longest
wait between two reports.

Figures on a quiet machine, 2026-12-07 12:28 UTC, ``.venv/bin/python benchmarks/bench_review.py all
11-12`` at 254ba7a (load average 2.0-2.4: this benchmark and the hint's before it), process seconds
for seeds 11 and 12 (decisions; the longest wait between two progress reports in brackets):

    The Syndicate  0.50, 0.56  (9, 10; 0.07)   Wimmüln        1.30, 1.28  (69, 68; 0.16)
    Plotters Inc.  1.56, 1.67  (79, 80; 0.07)  Le Plateau     0.61, 0.60  (36, 36; 0.06)
    Coloretto      0.32, 0.34  (20, 22; 0.04)  Oh Hell        0.21, 0.17  (2, 9; 0.14)

Every game's whole-game review within 2 s (Plotters Inc. 1.67 s the longest), where issue 38 saw
3.5-3.6 s for Plotters at load 1.2-1.9 before its review was changed. The figures of the busy
machine below are about a fifth higher.

Figures, 2026-12-07 06:39 UTC, ``.venv/bin/python benchmarks/bench_review.py all 11-12`` at 82baefd
(the review's multiple-comparison test, 74b6f73, changes which decisions count, not the work),
on this 2-core machine with the other engineers' work running (load average 12.0-12.5), process
seconds for seeds 11 and 12 (decisions):

    The Syndicate  0.58, 0.66  (9, 10)      Wimmüln        1.61, 1.59  (69, 68)
    Plotters Inc.  1.87, 2.02  (79, 80)     Le Plateau     0.73, 0.72  (36, 36)
    Coloretto      0.38, 0.45  (20, 22)     Oh Hell        0.26, 0.19  (2, 9)

Plotters Inc. is at the aim of 2 s (2.02 at seed 12), the others within it; a quiet machine was
not to be had, so these are one machine's figures only (issue 38 gives 3.5-3.6 s for Plotters at
load 1.2-1.9; the figures below, of 2026-11-26, 1.69-1.93 at load 7.3). Nine tenths of Plotters'
review is its playouts (cProfile, seed 1000 of ``bench_accuracy.py``), more than half of it the
heuristic bots' card play (``games/plotters/heuristics.py``: ``heuristic_play``, ``score_after``):
a cheaper review must make those cheaper, not spend fewer imagined deals per move.

Figures, 2026-11-26 23:15 UTC, ``.venv/bin/python benchmarks/bench_review.py all 11-15`` at 7c5b07c
plus this file (load average 7.3-7.6 on 2 cores), process seconds over seeds 11-15, fewest-most
(decisions):

    The Syndicate  0.18-0.27  (8-14)      first step <= 0.050, longest wait <= 0.049
    Plotters Inc.  1.69-1.93  (65-80)     first step <= 0.081, longest wait <= 0.094
    Coloretto      0.12-0.28  (20-40)     first step <= 0.016, longest wait <= 0.060
    Wimmüln        1.18-1.68  (61-82)     first step <= 0.220, longest wait <= 0.220
    Le Plateau     0.38-0.59  (29-44)     first step <= 0.069, longest wait <= 0.077
    Oh Hell        0.01-0.03  (2-10)      first step <= 0.008

Every game's review within the aim of 2 s (Le Plateau's hand was 7.2 s when the aim was set),
Plotters Inc. closest (1.93 s at seed 12). The first report comes before any analysis (0.000 s);
the count's first step waits for the first decision, a Wimmüln cross the longest (0.13-0.22 s: a
cross has up to 210 choices, 8 imagined deals each). Before this session's speed work (689e6c2,
22:47, seeds 11-14, load 1.4-2.8): Wimmüln 1.57-1.98 s, Plotters 1.69-1.81 s, the others as now.
Wimmüln's is about a tenth faster since the expert tries a move on an imagined deal as that
deal's own move (15338d3: seed 13, best of 3, 1.78-1.95 -> 1.61-1.63 s at load ~7), the same
figures move for move. Review my game and the analysis board share one review
(e810f6c): whichever the learner opens second does not review again.

Plotters Inc. after its stronger heuristic bot (489879d), 2026-12-07 19:42 UTC, ``bench_review.py
plotters 11-12`` at 642d5bc, load 0.6-0.7: 1.73 s (68 decisions) and 1.93 s (84): as before, within 2 s.
"""

from __future__ import annotations

import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.ui.reports import decisions_in, review_html
from plateau_lab.lab.coach import REVIEW_PLAYOUTS_IN_ALL
from plateau_lab.ui.session import REVIEW_PLAYOUTS


def whole_game(name: str, seed: int):
    """Every state of one game: seat 0 a random bot, the others the heuristic bot."""
    spec = game_spec(name)
    game = spec.new_game(seed=seed)
    table = [RandomBot(5)] + [spec.bot("heuristic", seat) for seat in range(1, game.players)]
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return states


def timed_review(states, seed: int) -> tuple[float, float, float, float]:
    """The process seconds of the review of seat 0 (``review_html``, as the table's Review my game
    runs it), until its first progress report (the table shows "0 of N" then), until its first
    decision is done (the count first moves), and the longest wait between two reports (or the
    last report and the review shown)."""
    started = time.process_time()
    reports: list[float] = []
    review_html(states, 0, None, seed=seed, progress=lambda done, of: reports.append(time.process_time()))
    spent = time.process_time() - started
    marks = [started] + reports + [started + spent]
    first_step = reports[1] - started if len(reports) > 1 else spent
    return spent, reports[0] - started, first_step, max(later - earlier for earlier, later in zip(marks, marks[1:]))


def main(names, seeds) -> None:
    load = open("/proc/loadavg").read().split()[0]
    print(f"review of a whole game, seat 0, the play table's playouts per decision ({REVIEW_PLAYOUTS_IN_ALL} in all, "
          f"at least {REVIEW_PLAYOUTS} each), seeds {seeds}, process seconds "
          f"(load average {load})")
    print(f"{'game':<12}{'seed':>5}{'moves':>7}{'decisions':>11}{'seconds':>9}{'per decision':>14}"
          f"{'first report':>14}{'first step':>12}{'longest wait':>14}")
    for name in names:
        for seed in seeds:
            states = whole_game(name, seed)
            spent, first, step, wait = timed_review(states, seed)
            count = decisions_in(states, 0)
            print(f"{name:<12}{seed:>5}{len(states) - 1:>7}{count:>11}{spent:>9.2f}{spent / max(count, 1):>14.3f}"
                  f"{first:>14.3f}{step:>12.3f}{wait:>14.3f}", flush=True)


def seeds_of(text: str) -> list[int]:
    """Seeds written "11" or "11,12" or "11-15"."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


if __name__ == "__main__":
    chosen = sys.argv[1].split(",") if len(sys.argv) > 1 and sys.argv[1] != "all" else list(GAME_NAMES)
    main(chosen, seeds_of(sys.argv[2]) if len(sys.argv) > 2 else [11])
