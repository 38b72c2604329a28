"""Random Wimmüln rounds per second, and OpenSpiel's Oh Hell as a yardstick when installed.

Each Wimmüln round: ``new_game(players, seed=..., rounds=1)``, then random legal actions
(``plateau_lab.core.bots.RandomBot``: ``legal_actions`` then ``apply``, which checks legality again)
until the round is scored. Every action is a player's decision (the deal is part of
``new_game``).

The yardstick, in the same run, is OpenSpiel's Oh Hell (4 players, 12 tricks), the nearest
game there (bid a number of tricks, then make it), driven from Python the same way: a
``random.Random`` picks among ``legal_actions()`` and ``apply_action`` plays it; chance nodes
(the deal, the trump card) are sampled from ``chance_outcomes()``. The optional ``open-spiel``
package is needed; without it the script says it skipped that part.

    .venv/bin/python benchmarks/bench_wimmuln.py
"""

from __future__ import annotations

import random
import time

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import wimmuln

ROUNDS = 300
OH_HELL_GAMES = 300


def wimmuln_round(players: int, seed: int) -> int:
    state = wimmuln.new_game(players, seed=seed, rounds=1)
    bot = RandomBot(seed)
    actions = 0
    while not state.is_over:
        state = state.apply(bot.choose(state))
        actions += 1
    return actions


def measure_wimmuln(players: int) -> tuple[float, float]:
    """(rounds per second, actions per second) for random rounds of ``players``."""
    start = time.perf_counter()
    actions = sum(wimmuln_round(players, seed) for seed in range(ROUNDS))
    elapsed = time.perf_counter() - start
    return ROUNDS / elapsed, actions / elapsed


def measure_oh_hell() -> tuple[float, float] | None:
    """(games per second, player actions per second) for random OpenSpiel Oh Hell, or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 12})
    chooser = random.Random(0)
    decisions = 0
    start = time.perf_counter()
    for _ in range(OH_HELL_GAMES):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(chooser.choices(outcomes, weights)[0])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
                decisions += 1
    elapsed = time.perf_counter() - start
    return OH_HELL_GAMES / elapsed, decisions / elapsed


def main() -> None:
    figures = {}
    for players in (3, 4, 5, 6):
        rounds_per_s, actions_per_s = measure_wimmuln(players)
        figures[players] = actions_per_s
        print(f"Wimmüln, {players} players: {rounds_per_s:.0f} random rounds/s, {actions_per_s:.0f} actions/s "
              f"({ROUNDS} rounds)")
    oh_hell = measure_oh_hell()
    if oh_hell is None:
        print("OpenSpiel Oh Hell: skipped (the optional 'open-spiel' package is not installed; "
              "pip install open-spiel to compare)")
        return
    games_per_s, decisions_per_s = oh_hell
    print(f"OpenSpiel Oh Hell, 4 players, 12 tricks: {games_per_s:.0f} random games/s, "
          f"{decisions_per_s:.0f} player actions/s ({OH_HELL_GAMES} games)")
    print(f"Wimmüln 4 players / Oh Hell, actions per second: {figures[4] / decisions_per_s:.2f}")


if __name__ == "__main__":
    main()
