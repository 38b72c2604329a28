"""How long the analysis board takes, in every game: the Analyse this game click as the play table
makes it (``AnalysisBoard.from_table``): the board drawn, the first progress report and the bar's
first step, the whole analysis (:func:`plateau_lab.lab.game_analysis.analyse_game` at its
defaults: the review's 40 playouts per decision, the graph's continuations per position) and the
longest wait between two progress reports, then each step of the board once analysed
(``AnalysisBoard.go``: the picture drawn on its first visit, the graph, the move list, the
expert's view).

Run: .venv/bin/python benchmarks/bench_analysis_board.py [games, default all] [seeds: 11, 11,12 or 11-15; default 11] [short]

Each game is the registry's default game (with ``short``: its short game, ``GameSpec.short``) from
each seed, the analysed seat 0 played by a random bot, every other seat by the game's heuristic
bot, as in ``bench_review.py``. Times are process times (``time.process_time()``: the CPU this
process spent, so other work on a shared machine adds little), from the click; the first report
and first step add the table's :data:`START_PAUSE` (0.05 s of the clock between the board drawn
and its analysis started). Printed per game and seed: the moves, the seat's decisions, the board
drawn (its bar at 0, "Analysing the game…"), the first report ("Analysing: 0 of N steps"), the
bar's first step, the whole analysis, the longest wait between two reports, the whole analysis
of a board opened after Review my game (the table's review shared: the graph alone), and the
steps' median and slowest, every position visited once in order, then once more (drawn pictures
kept).

In the browser: .venv/bin/python benchmarks/bench_analysis_board.py browser [games, default all] [seed, default 11]

A Voilà page (the classroom's page template, tests/browser/browser_harness.py) holds two play
tables per game, each at the end of the same game (as above, loaded as a save); Chromium clicks
Analyse this game on one and Review my game on the other, each the table's first analysis of the
game. Times are of the clock, in milliseconds, from the click event in the page, through the
kernel and back: the first words shown ("Analysing the game…", "The expert is reviewing your
decisions…"), the first progress report ("Analysing: 0 of N steps", "0 of N done"), the count's
first step, and the end ("Analysed.", the review shown). The kernel runs the working tree's code.

Figures, 2026-11-26 23:16 UTC, ``.venv/bin/python benchmarks/bench_analysis_board.py all 11-15`` at
7c5b07c plus this file (load average 7.6-7.9 on 2 cores), process seconds over seeds 11-15:

    game           analysis    after review   first report  first step  longest wait  step median / max (again)
    The Syndicate  0.25-0.36   0.08-0.13      0.064-0.066   <= 0.075    <= 0.040      0.003 / 0.004 (0.001)
    Plotters Inc.  1.95-2.20   0.15-0.16      0.074-0.080   <= 0.083    <= 0.149      0.004 / 0.080 (0.001)
    Coloretto      0.27-0.38   0.13-0.28      0.064-0.066   <= 0.074    <= 0.118      0.002 / 0.003 (0.001)
    Wimmüln        1.43-2.11   0.18-0.42      0.075-0.081   <= 0.151    <= 0.356      0.002 / 0.005 (0.001)
    Le Plateau     1.22-1.55   0.81-1.00      0.069-0.073   <= 0.091    <= 0.060      0.004 / 0.006 (0.001)
    Oh Hell        0.05-0.46   0.04-0.25      0.064-0.313   <= 0.313    <= 0.010      0.002 / 0.003 (0.001)

(first report and first step include the table's 0.05 s pause; Oh Hell's 0.313 s is one board,
seed 12, drawn in 0.263 s where the others take 0.013-0.029 s: once, not seen again.) A step once
analysed is within 100 ms everywhere (at most 0.080 s, the first visit of a position drawing its
picture; 0.001 s once drawn). The first progress report shows within 0.2 s of the click in every
game. The whole analysis (the review and the graph) is within 2 s except Plotters Inc. (1.95-2.20
s at this load; its review alone 1.69-1.93 s, bench_review.py) and Wimmüln at seeds 13-14 (2.05,
2.11 s; its review 1.62-1.68 s); opened after Review my game, the board shares the table's review
and works out only the graph (0.04-1.00 s). The longest wait between two reports is a Wimmüln
cross (up to 0.36 s). At 689e6c2 (22:50, seed 11, load 1.4-1.9): analysis Plotters 1.95 s, Wimmüln
1.76 s, Le Plateau 1.51 s; a step's median 0.003-0.007 s and, drawn already, at most 0.070 s
(Wimmüln, Plotters 0.023 s): the graph was drawn anew at every step (c8d66e2 draws it once).

In Voilà (``browser all 11``, 23:14 UTC, load 8.0), milliseconds from the click, shown / first
report / first step / done:

    game           Analyse this game          Review my game
    The Syndicate  310 / 318 / 319 / 932      55 / 113 / 118 / 475
    Plotters Inc.  182 / 194 / 249 / 6062     6 / 21 / 176 / 4618
    Coloretto      178 / 227 / 231 / 1017     11 / 12 / 34 / 259
    Wimmüln        198 / 236 / 237 / 4234     16 / 17 / 303 / 3761
    Le Plateau     145 / 173 / 341 / 5600     21 / 44 / 184 / 1421
    Oh Hell        155 / 160 / 161 / 165      12 / 12 / 12 / 25

Review my game shows its count within 0.12 s; the board needs 0.15-0.31 s of the clock at this
load to appear (The Syndicate's, the page's first board, the slowest), its first report 0.16-0.32
s: the page draws the board's forty-odd widgets before its bar, and the kernel shares two cores
with seven other engineers' work (the clock's "done" is 2-3 times the process time above).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.ui.analysis_board import AnalysisBoard
from plateau_lab.ui.session import TableSession


def whole_game(name: str, seed: int, short: bool):
    """Every state of one game: seat 0 a random bot, the others the heuristic bot."""
    spec = game_spec(name)
    players, variant = spec.short if short else (spec.default_players, {})
    game = spec.new_game(players, seed=seed, **variant)
    table = [RandomBot(5)] + [spec.bot("heuristic", seat) for seat in range(1, game.players)]
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return states


def step_times(board: AnalysisBoard) -> list[float]:
    times = []
    for index in range(len(board.states)):
        started = time.process_time()
        board.go(index)
        times.append(time.process_time() - started)
    return times


#: The pause, in seconds of the clock, between the board drawn and its analysis started where an
#: event loop runs (``AnalysisBoard._start``: the board shows first, then the bar moves).
START_PAUSE = 0.05


def opened_from_the_table(states, seed: int) -> tuple[AnalysisBoard, float, float, float, float, float, float]:
    """The Analyse this game click, as the table makes it (``AnalysisBoard.from_table``), in process
    seconds: the board drawn with its bar at 0 and "Analysing the game…", the first progress report,
    the bar's first step, the whole analysis (from the click) and the longest wait between two reports.
    The table starts the analysis :data:`START_PAUSE` seconds after the board is drawn; that pause is
    added to the first report's and first step's figures (it is the clock's, not the processor's).
    Last, a second board of the same table, drawn and analysed: the table's review is kept, as
    after Review my game, so only the graph is worked out."""
    table = SimpleNamespace(state=states[-1], seat=0, session=TableSession(states[-1], seat=0, delay=0))
    started = time.process_time()
    board = AnalysisBoard.from_table(table, seed=seed, analyse=False)
    drawn = time.process_time() - started
    reports: list[float] = []
    board.status.observe(lambda change: reports.append(time.process_time()), names="value")
    board.analyse()
    spent = time.process_time() - started
    marks = [started + drawn] + reports + [started + spent]
    again = time.process_time()
    AnalysisBoard.from_table(table, seed=seed)        # the table's review kept: as after Review my game
    shared = time.process_time() - again
    return (board, drawn, reports[0] - started + START_PAUSE, reports[1] - started + START_PAUSE, spent,
            max(later - earlier for earlier, later in zip(marks, marks[1:])), shared)


def main(names, seeds, short: bool) -> None:
    load = open("/proc/loadavg").read().split()[0]
    print(f"analysis board, seat 0, {'short' if short else 'default'} games, seeds {seeds} (process seconds; "
          f"load average {load})")
    print(f"{'game':<12}{'seed':>5}{'moves':>7}{'decisions':>11}{'drawn':>7}{'first bar':>11}{'first step':>12}"
          f"{'analysis':>10}{'longest wait':>14}{'after review':>14}{'step median':>13}{'step max':>10}"
          f"{'again max':>11}")
    for name in names:
        for seed in seeds:
            states = whole_game(name, seed, short)
            board, drawn, first, step, spent, wait, shared = opened_from_the_table(states, seed)
            steps = step_times(board)
            again = step_times(board)
            print(f"{name:<12}{seed:>5}{len(states) - 1:>7}{len(board.analysis.review.decisions):>11}{drawn:>7.3f}"
                  f"{first:>11.3f}{step:>12.3f}{spent:>10.2f}{wait:>14.3f}{shared:>14.2f}{statistics.median(steps):>13.3f}"
                  f"{max(steps):>10.3f}{max(again):>11.3f}", flush=True)


#: One play table per game, its game played to the end (seat 0 a random bot, the others the
#: heuristic bot, the default game from the seed), loaded as a save: the buttons a learner presses
#: at the end of a game are lit.
TABLE_CELL = """import sys; sys.path.insert(0, {benchmarks!r})
from bench_analysis_board import whole_game
from plateau_lab.ui.table import PlayTable
table = PlayTable({game!r}, seat=0, seed={seed}, delay=0)
table.load(whole_game({game!r}, {seed}, False)[-1].to_json())
table"""

#: Inside the page: click a table's button (``button``: its words) and time, from the click event,
#: the first text of the table matching ``shown`` (what the click shows first), ``report`` (the
#: first progress report) and ``step`` (the count's first step), and the moment the part
#: ``done_part`` (a CSS selector inside the table) contains ``done_text``.
TIME_A_CLICK = """([table, button, shown, report, step, donePart, doneText]) => new Promise((resolve, reject) => {
  const marks = {};
  let clicked = null;
  const look = () => {
    const now = performance.now() - clicked;
    const text = table.textContent;
    for (const [key, pattern] of [['shown', shown], ['report', report], ['step', step]])
      if (marks[key] === undefined && new RegExp(pattern).test(text)) marks[key] = now;
    const part = table.querySelector(donePart);
    if (part && part.textContent.includes(doneText)) { marks.done = now; observer.disconnect(); resolve(marks); }
  };
  const observer = new MutationObserver(() => { if (clicked !== null) look(); });
  observer.observe(table, {childList: true, subtree: true, characterData: true, attributes: true});
  const pressed = [...table.querySelectorAll('button')].find(b => b.textContent.trim() === button);
  pressed.addEventListener('click', () => { clicked = performance.now(); }, {capture: true, once: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('not done within 120 s: ' + JSON.stringify(marks))); }, 120000);
  pressed.click();
})"""

#: What each button shows: its first words, its first report, its count's first step, where it ends.
CLICKS = {
    "Analyse this game": (r"Analysing", r"Analysing: \d+ of", r"Analysing: [1-9]\d* of",
                          ".plateau-analysis-board", "Analysed."),
    "Review my game": (r"reviewing your decisions", r"reviewing your decisions: \d+ of",
                       r"reviewing your decisions: [1-9]\d* of", ".plateau-review", "accuracy"),
}


def in_the_browser(names, seed: int) -> None:
    """The clicks timed in Voilà in the system's Chromium (see the module docstring): milliseconds of
    the clock from the click event in the page, through the kernel and back, to each mark drawn."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
    import browser_harness as harness
    from playwright.sync_api import sync_playwright

    problem = harness.chromium_problem()
    if problem:
        sys.exit(problem)
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": TABLE_CELL.format(benchmarks=str(Path(__file__).resolve().parent), game=game, seed=seed)}
             for game in names for _ in CLICKS]       # a table per button: each click the game's first
    notebook = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                            "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    with tempfile.TemporaryDirectory(prefix="plateau-bench-") as workdir, sync_playwright() as playwright:
        folder = Path(workdir)
        (folder / "finished_tables.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
        server = harness.start_voila(folder, notebook_dir=folder)
        try:
            with harness.chromium_context(playwright) as context:
                page = context.new_page()
                page.goto(f"{server.url}/voila/render/finished_tables.ipynb", timeout=300_000)
                page.wait_for_function("n => document.querySelectorAll('.plateau-play-table').length >= n",
                                       arg=len(names) * len(CLICKS), timeout=300_000)
                load = open("/proc/loadavg").read().split()[0]
                print(f"in Voilà (Chromium), seed {seed}, milliseconds from the click (load average {load})")
                print(f"{'game':<12}{'button':<19}{'shown':>8}{'first report':>14}{'first step':>12}{'done':>9}")
                for index, game in enumerate(names):
                    for which, (button, looks) in enumerate(CLICKS.items()):
                        table = page.locator(".plateau-play-table").nth(index * len(CLICKS) + which)
                        table.scroll_into_view_if_needed()
                        marks = page.evaluate(TIME_A_CLICK, [table.element_handle(), button, *looks])
                        print(f"{game:<12}{button:<19}" + "".join(
                            f"{marks.get(key, float('nan')):>{width}.0f}" for key, width in
                            (("shown", 8), ("report", 14), ("step", 12), ("done", 9))), flush=True)
                page.close()
        finally:
            server.stop()


def seeds_of(text: str) -> list[int]:
    """Seeds written "11" or "11,12" or "11-15"."""
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


if __name__ == "__main__":
    if sys.argv[1:2] == ["browser"]:
        games = sys.argv[2].split(",") if len(sys.argv) > 2 and sys.argv[2] != "all" else list(GAME_NAMES)
        in_the_browser(games, int(sys.argv[3]) if len(sys.argv) > 3 else 11)
        sys.exit()
    arguments = [argument for argument in sys.argv[1:] if argument != "short"]
    chosen = arguments[0].split(",") if arguments and arguments[0] != "all" else list(GAME_NAMES)
    main(chosen, seeds_of(arguments[1]) if len(arguments) > 1 else [11], "short" in sys.argv[1:])
