"""How long the analysis board takes, in every game: analysing a whole game once
(:func:`plateau_lab.lab.game_analysis.analyse_game` at its defaults: the review's 40 playouts per
decision, the graph's continuations per position), the wait before the first progress report,
and each step of the board once analysed (``AnalysisBoard.go``: the picture drawn on its first
visit, the graph, the move list, the expert's view).

Run: .venv/bin/python benchmarks/bench_analysis_board.py [games, default all] [seed, default 11] [short]

Each game is the registry's default game (with ``short``: its short game, ``GameSpec.short``) from
``seed``, the analysed seat 0 played by a random bot, every other seat by the game's heuristic bot,
as in ``bench_review.py``. Times are process times (``time.process_time()``: the CPU this process
spent, so other work on a shared machine adds little). Printed per game: the moves, the seat's
decisions, the whole analysis, the first progress report, and the steps' median and slowest,
every position visited once in order, then once more (drawn pictures kept).
"""

from __future__ import annotations

import statistics
import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.game_analysis import analyse_game
from plateau_lab.ui.analysis_board import AnalysisBoard


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


def main(names, seed: int, short: bool) -> None:
    print(f"analysis board, seat 0, {'short' if short else 'default'} games, seed {seed} (process seconds)")
    print(f"{'game':<12}{'moves':>7}{'decisions':>11}{'analysis':>10}{'first bar':>11}"
          f"{'step median':>13}{'step max':>10}{'again max':>11}")
    for name in names:
        states = whole_game(name, seed, short)
        first: list[float] = []
        started = time.process_time()
        found = analyse_game(states, 0, seed=seed,
                             progress=lambda done, of: first.append(time.process_time() - started) if not first else None)
        spent = time.process_time() - started
        board = AnalysisBoard(found, 0)
        steps = step_times(board)
        again = step_times(board)
        print(f"{name:<12}{len(states) - 1:>7}{len(found.review.decisions):>11}{spent:>10.2f}{first[0]:>11.3f}"
              f"{statistics.median(steps):>13.3f}{max(steps):>10.3f}{max(again):>11.3f}", flush=True)


if __name__ == "__main__":
    arguments = [argument for argument in sys.argv[1:] if argument != "short"]
    chosen = arguments[0].split(",") if arguments and arguments[0] != "all" else list(GAME_NAMES)
    main(chosen, int(arguments[1]) if len(arguments) > 1 else 11, "short" in sys.argv[1:])
