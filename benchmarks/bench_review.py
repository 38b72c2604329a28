"""How long the review of a whole game takes, in every game: the review the play table shows at
the game's end (``TableSession.review_html``: :func:`plateau_lab.ui.reports.review_html` with
``REVIEW_PLAYOUTS`` playouts per decision, seeded by the game's seed).

Run: .venv/bin/python benchmarks/bench_review.py [games, default all] [seed, default 11]

Each game is the registry's default game (its default players and options) from ``seed``, the
reviewed seat 0 played by a random bot (a learner who makes mistakes to find), every other seat
by the game's heuristic bot, as in the notebooks' reviews. Printed per game: the decisions
reviewed and the process time of the review (``time.process_time()``: the CPU this process spent,
so other work on a shared machine adds little), and the time per decision.
"""

from __future__ import annotations

import sys
import time

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.ui.reports import review_html
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


def decisions_of(states, seat: int) -> int:
    return sum(1 for state in states[:-1] if state.current_player == seat and len(state.legal_actions()) > 1)


def main(names, seed: int) -> None:
    print(f"review of a whole game, seat 0, {REVIEW_PLAYOUTS} playouts per decision, seed {seed}")
    print(f"{'game':<12}{'moves':>7}{'decisions':>11}{'seconds':>10}{'per decision':>14}")
    for name in names:
        states = whole_game(name, seed)
        started = time.process_time()
        review_html(states, 0, REVIEW_PLAYOUTS, seed=seed)
        spent = time.process_time() - started
        count = decisions_of(states, 0)
        print(f"{name:<12}{len(states) - 1:>7}{count:>11}{spent:>10.2f}{spent / max(count, 1):>14.3f}", flush=True)


if __name__ == "__main__":
    chosen = sys.argv[1].split(",") if len(sys.argv) > 1 and sys.argv[1] != "all" else list(GAME_NAMES)
    main(chosen, int(sys.argv[2]) if len(sys.argv) > 2 else 11)
