"""The games the shared tables' service plays, as it tells the learners' pages: the package's games
and the class's own (the teacher's ``--games`` files, :mod:`~plateau_lab.classroom.class_games`).

A learner's page lists the games the service offers, not the games its own notebook knows: a
class game lives in the teacher's file, and a learner's notebook (09, the shared tables) does not
define it. Each game is said in plain data, no code: its name, its title, the numbers of players
it is for, and the rule options of a short game for each of them::

    >>> games = offered_games()
    >>> [game["game"] for game in games] == list(game_names())
    True
    >>> oh_hell = next(game for game in games if game["game"] == "oh_hell")
    >>> oh_hell["title"], oh_hell["players"], oh_hell["short"]["7"]
    ('Oh Hell', [3, 4, 5, 6, 7], {'tricks': 7})
"""

from __future__ import annotations

__all__ = ["offered_games", "short_options"]

from typing import Any

from ..core.registry import game_names, game_spec


def short_options(game: str, players: int) -> dict[str, Any]:
    """The rule options of a short game of ``game`` for ``players`` (the registry's short game,
    fitted to the number of players).

    >>> short_options("le_plateau", 3), short_options("oh_hell", 3), short_options("plotters", 4)
    ({'hands': 3}, {'tricks': 8}, {})
    """
    spec = game_spec(game)
    options = dict(spec.short_game[1]) if spec.short_game else {}
    if "hands" in options:        # a multiple of the players: one deal each
        options["hands"] = players
    if "tricks" in options:       # no more cards each than the deck allows
        options["tricks"] = min(options["tricks"], (52 - 1) // players)
    return options


def offered_games() -> list[dict[str, Any]]:
    """Every game the service plays, in the registry's order (the package's, then the class's): a
    JSON object each, ``game`` (its name), ``title``, ``players`` (the numbers of players, low to
    high), ``default_players`` and ``short`` (the short game's rule options for each number of players, keyed by it as
    text)."""
    offered = []
    for name in game_names():
        spec = game_spec(name)
        offered.append({"game": name, "title": spec.title, "players": list(spec.players),
                        "default_players": spec.default_players, "short": {str(players): short_options(name, players) for players in spec.players}})
    return offered
