"""Bots that every game can use. Each game adds its own heuristic bot in ``games/<name>``.

>>> from plateau_lab.games import syndicate
>>> from plateau_lab.core import play_out
>>> final = play_out(syndicate.new_game(3, seed=3), [RandomBot(seed=s) for s in range(3)])
>>> final.is_over
True
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._random = random.Random(seed)

    def choose(self, state: Any):
        """A legal move of ``state`` (any game's state), drawn from the bot's generator."""
        return self._random.choice(state.legal_actions())

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
