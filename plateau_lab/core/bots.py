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

__all__ = ["RandomBot", "BOT_WORDS", "bot_words"]

#: Each kind of bot as a learner reads it, one player and several: the names games give their bots
#: (``GameSpec.bots``: every game has "heuristic", and a second style, "cautious" or "bold"), with
#: "random" and "expert", which every game offers.
BOT_WORDS = {"random": ("beginner (random moves)", "beginners (random moves)"),
             "heuristic": ("steady player (rules of thumb)", "steady players (rules of thumb)"),
             "cautious": ("cautious player (plays safe)", "cautious players (play safe)"),
             "bold": ("bold player (takes risks)", "bold players (take risks)"),
             "expert": ("expert (thinks ahead)", "experts (think ahead)")}


def bot_words(name: str, *, many: bool = False) -> str:
    """A bot's name as a learner reads it, one player or (``many``) several; a name without words
    of its own as it is.

    >>> bot_words("heuristic"), bot_words("bold", many=True), bot_words("my bot")
    ('steady player (rules of thumb)', 'bold players (take risks)', 'my bot')
    """
    if name not in BOT_WORDS:
        return name
    one, several = BOT_WORDS[name]
    return several if many else one


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
