"""A game of your own: a trick-taking game described in a few lines of Python (:class:`TrickGame`).

The common parts are plain data, anything new is a small function (a hook); a mistake is refused
with a sentence naming the part of the description (:class:`DescriptionError`).
"""

from .description import HOOK_NAMES, NO_TRUMPS, TURNED_UP, Bidding, Card, DescriptionError, Scoring, TrickGame

__all__ = ["HOOK_NAMES", "NO_TRUMPS", "TURNED_UP", "Bidding", "Card", "DescriptionError", "Scoring", "TrickGame"]
