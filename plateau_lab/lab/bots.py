"""Every bot a game can seat, by name: the game's own players and the lab's expert.

A game registers its own bots (``GameSpec.bots``: its heuristic styles) and every game has the
random bot (``GameSpec.bot_names``); the expert, a search that reads the game's model
(``GameSpec.expert_model``), is the lab's and is offered for every game that has a model. The
lab and the play table seat bots only through :func:`bot_names` and :func:`make_bot`.

>>> bot_names("syndicate")
('random', 'heuristic', 'cautious', 'expert')
>>> make_bot("syndicate", "expert", 3, playouts=20)
ExpertBot(seed=3, playouts=20, guided=None)
"""

from __future__ import annotations

from typing import Any

from ..core import game_spec, short_text
from .expert import ExpertBot

__all__ = ["EXPERT", "bot_names", "make_bot"]

#: The name of the expert among a game's bots.
EXPERT = "expert"


def bot_names(game: str) -> tuple[str, ...]:
    """The names of the bots ``game`` can seat: random, its own, and the expert where it has a model."""
    spec = game_spec(game)
    return spec.bot_names + ((EXPERT,) if spec.expert_model is not None else ())


def make_bot(game: str, name: str, seed: int = 0, **options: Any):
    """A new bot of ``game`` by its name (see :func:`bot_names`), seeded ``seed``; ``options`` go to
    its maker (``playouts=`` or ``seconds=`` for the expert). A name the game lacks is a ValueError."""
    if name == EXPERT and EXPERT in bot_names(game):
        return ExpertBot(seed, **options)
    spec = game_spec(game)
    if name not in spec.bot_names:
        raise ValueError(f"{spec.title} has no bot named {short_text(name)!r}; its bots are "
                         f"{', '.join(bot_names(game))}")
    return spec.bot(name, seed, **options)
