"""Whether the review tells good play from random play (issue 38, clause 1): the mean accuracy
the review gives seat 0 played by a random bot, by the heuristic bot and by the expert at its hint
budget, each against the game's heuristic bots in the other seats, and in how many games random
play got a marked mistake (an inaccuracy, a mistake or a blunder).

Run: .venv/bin/python benchmarks/bench_accuracy.py [deals per game, default 20] [games, default all]
[--players random,heuristic,expert (default: all three; with fewer, the aims are not judged: "-")]

Each deal is the registry's default game from seed 1000 + deal; the three players of seat 0 play
the same deals. Every review is the play table's (``TableSession.review``: each decision analysed
once, ``review_playouts`` playouts each, seeded by the game's seed). A game's accuracy is the
average over its decisions that count (where the best and worst legal moves differ by more than
luck can explain); a game with none is left out of the mean (the count of games kept is printed).
The aims: random <= 60 %, heuristic >= random + 20, expert >= heuristic, random marked in >= 18
of 20 games.

Figures, 2026-12-07 03:30-05:00 UTC at 399f5de (the review as committed there; load average
4-17 on 2 cores, which changes no figure: the work is counted in playouts). A process started as
``bench_accuracy.py 20`` printed the first four games and stopped at Le Plateau (another commit
changed the game registry under it); ``bench_accuracy.py 20 le_plateau oh_hell`` printed Le
Plateau and stopped the same way; ``bench_accuracy.py 20 oh_hell`` printed Oh Hell. Mean
accuracy over 20 games (games kept), and random play's games with a marked decision:

    game          random    heuristic   expert    random marked
    The Syndicate  54.1 %    84.4 %      95.8 %    20 of 20       met
    Plotters Inc.  61.6 %    71.3 %      94.7 %    20 of 20       NOT met
    Coloretto      43.1 %    79.7 %      98.3 %    20 of 20       met
    Wimmüln        50.4 %    72.9 %      95.4 %    20 of 20       met
    Le Plateau     47.8 %    85.4 %      89.3 %    20 of 20       met
    Oh Hell        47.9 %    79.0 %     100.0 %    18 of 20       met

Plotters Inc. misses the aim: its heuristic bot is only about 10 points above random play. A
trial at ten times the playouts per decision (400, two deals) gave about the same gap (56 against
62 %), so it is not the noise of the review: the expert's round score, the measure, rates the
heuristic bot's moves little above random ones there.
"""

from __future__ import annotations

import statistics
import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.expert import ExpertBot
from plateau_lab.lab.review import review
from plateau_lab.lab.coach import review_playouts

PLAYERS = ("random", "heuristic", "expert")


def seat_zero(name: str, kind: str, seed: int):
    """The player of seat 0: a random bot, the heuristic bot or the expert at its default budget."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return game_spec(name).bot("heuristic", seed)
    return ExpertBot(seed)


def whole_game(name: str, kind: str, seed: int) -> list:
    """Every state of one game: seat 0 played by ``kind``, the others by the heuristic bot."""
    spec = game_spec(name)
    game = spec.new_game(seed=seed)
    table = [seat_zero(name, kind, seed)] + [spec.bot("heuristic", seed + seat) for seat in range(1, game.players)]
    states = [game]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return states


def measured(name: str, kind: str, deals: int) -> tuple[list[float], int, float]:
    """The accuracy of each game (those with a decision that counts), how many games had a marked
    decision, and the process seconds of the reviews."""
    accuracies, marked, spent = [], 0, 0.0
    for deal in range(deals):
        seed = 1000 + deal
        states = whole_game(name, kind, seed)
        started = time.process_time()
        checked = review(states, 0, review_playouts(states, 0), seed=seed)
        spent += time.process_time() - started
        if checked.accuracy is not None:
            accuracies.append(checked.accuracy)
        marked += bool(checked.mistakes)
    return accuracies, marked, spent


def main(argv: list[str]) -> None:
    kinds = PLAYERS
    if "--players" in argv:
        at = argv.index("--players")
        kinds, argv = tuple(argv[at + 1].split(",")), argv[:at] + argv[at + 2:]
        if not set(kinds) <= set(PLAYERS):
            raise SystemExit(f"--players takes some of {', '.join(PLAYERS)}, comma-separated, not {','.join(kinds)}")
    deals = int(argv[0]) if argv else 20
    names = argv[1:] or list(GAME_NAMES)
    print(f"review accuracy of seat 0, {deals} deals per game against heuristic bots "
          f"(load average {open('/proc/loadavg').read().split()[0]})")
    print(f"{'game':<12}" + "".join(f"{kind:>18}" for kind in kinds) + f"{'random marked':>15}{'aims':>8}")
    for name in names:
        means, cells, marked_random = dict.fromkeys(PLAYERS, float("nan")), [], 0
        for kind in kinds:
            accuracies, marked, spent = measured(name, kind, deals)
            means[kind] = statistics.mean(accuracies) if accuracies else float("nan")
            cells.append(f"{means[kind]:6.1f} % ({len(accuracies):>2} g)")
            if kind == "random":
                marked_random = marked
        met = (means["random"] <= 60 and means["heuristic"] >= means["random"] + 20
               and means["expert"] >= means["heuristic"] and marked_random >= deals * 0.9)
        aims = "met" if met else "NOT met" if len(kinds) == len(PLAYERS) else "-"      # "-": not all three measured
        print(f"{name:<12}" + "".join(f"{cell:>18}" for cell in cells)
              + f"{marked_random:>9} of {deals:<3}{aims:>8}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
