"""Bots that every game can use. Each game adds its own heuristic bot in ``games/<name>``.

>>> from plateau_lab.games import syndicate
>>> from plateau_lab.core import play_out
>>> final = play_out(syndicate.new_game(3, seed=3), [RandomBot(seed=s) for s in range(3)])
>>> final.is_over
True
"""

from __future__ import annotations

import random

from .core import GameState


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._random = random.Random(seed)

    def choose(self, state: GameState):
        return self._random.choice(state.legal_actions())

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
