"""Oh Hell's entry in the registry, ``SPEC`` (see :class:`plateau_lab.core.GameSpec`).

It has a module of its own so that ``new_game`` and ``scenario`` can begin with ``SPEC.setup``
without importing the package that re-exports them.

>>> SPEC.option_names, SPEC.bot_names, SPEC.players
(('tricks', 'points_per_trick', 'off_bid_penalty'), ('random', 'heuristic'), range(3, 8))
"""

from __future__ import annotations

__all__ = ["MAX_POINTS_PER_TRICK", "PLAYERS", "SPEC"]

from plateau_lab.core import GameSpec, Option

from .actions import describe
from .bots import HeuristicBot
from .rules import max_tricks

PLAYERS = range(3, 8)
#: The most points a trick may be worth (OpenSpiel sets no bound; this one keeps scores readable).
MAX_POINTS_PER_TRICK = 100

SPEC = GameSpec(
    name="oh_hell",
    title="Oh Hell",
    players=PLAYERS,
    default_players=4,
    options=(
        Option("tricks", None, int,
               "the number of tricks of the hand, the cards dealt to each player (OpenSpiel's num_tricks_fixed); "
               "None: drawn from the seed, each number from 1 to the most equally likely, as OpenSpiel's chance "
               f"draws it; at most (52 - 1) // players: {', '.join(str(max_tricks(n)) for n in PLAYERS)} for "
               f"{PLAYERS.start} to {PLAYERS.stop - 1} players",
               low=1, high=max_tricks(PLAYERS.start), none=True),
        Option("points_per_trick", 1, int, "the points each trick won is worth (OpenSpiel's points_per_trick)",
               low=0, high=MAX_POINTS_PER_TRICK),
        Option("off_bid_penalty", False, bool,
               "OpenSpiel's off_bid_penalty: a player who misses his bid loses points_per_trick for every trick "
               "he is off, instead of scoring his tricks"),
    ),
    bots={"heuristic": HeuristicBot},
    tables=("players",),
    words=describe,
)
