"""Scoring walkthroughs: widgets that work a game's score out as the learner changes its controls.

One module per game that has one (:mod:`.syndicate`, :mod:`.plotters`, :mod:`.coloretto`,
:mod:`.wimmuln`, :mod:`.le_plateau`), each with its ``ScoringWalkthrough``. A game declares its
module in its registry entry (``GameSpec.walkthrough``, a module's name, never loaded below this
layer); :func:`scoring_walkthrough` makes one from the game's name:

>>> scoring_walkthrough("plotters", green=5, red=6, yellow=3).score
10
>>> scoring_walkthrough("oh_hell")
Traceback (most recent call last):
ValueError: Oh Hell has no scoring walkthrough: its registry entry names no walkthrough module
"""

from __future__ import annotations

import importlib

from plateau_lab.core import game_spec

__all__ = ["scoring_walkthrough"]


def scoring_walkthrough(game: str, **options):
    """A new ``ScoringWalkthrough`` of ``game`` (the module its registry entry names), made with
    ``options``: each game's widget takes its own (Plotters Inc.'s the sizes of the stacks)."""
    spec = game_spec(game)
    if spec.walkthrough is None:
        raise ValueError(f"{spec.title} has no scoring walkthrough: its registry entry names no walkthrough module")
    return importlib.import_module(spec.walkthrough).ScoringWalkthrough(**options)
