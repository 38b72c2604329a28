"""Random 4-player Le Plateau hands per second through the public API.

Each hand: ``new_game(4, seed=...)``, then random legal actions (``plateau_lab.core.bots.RandomBot``,
which calls ``legal_actions``; ``apply`` checks legality again) until the hand ends. The baseline
in the same process is the bare cost of the random choices (the same number of
``RandomBot.choose`` calls on the first state, whose legal actions are worked out once and
cached), so the ratio shows what the rules themselves cost.

    .venv/bin/python benchmarks/bench_le_plateau.py
"""

from __future__ import annotations

import time

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import le_plateau

HANDS = 1000


def one_hand(seed: int) -> int:
    state = le_plateau.new_game(4, seed=seed)
    bots = [RandomBot(seed=seed * 4 + seat) for seat in range(4)]
    actions = 0
    while state.hand_number == 1 and state.phase not in ("hand over", "passed out"):
        state = state.apply(bots[state.current_player].choose(state))
        actions += 1
    return actions


def main() -> None:
    start = time.perf_counter()
    actions = sum(one_hand(seed) for seed in range(HANDS))
    elapsed = time.perf_counter() - start
    first, bot = le_plateau.new_game(4, seed=0), RandomBot(seed=0)
    base_start = time.perf_counter()
    for _ in range(actions):
        bot.choose(first)
    baseline = time.perf_counter() - base_start
    print(f"random 4-player hands: {HANDS} in {elapsed:.2f} s = {HANDS / elapsed:.0f} hands/s "
          f"({actions} actions, {actions / elapsed:.0f} actions/s)")
    print(f"baseline (RandomBot.choose on one state, same count): {baseline:.2f} s; "
          f"a hand costs {elapsed / max(baseline, 1e-9):.1f}x the baseline")


if __name__ == "__main__":
    main()
