"""Le Plateau in the game-design lab: what a game leaves in the tables of ``plateau_lab.simulate``.

Per player (``table="players"``): ``declared`` (hands played as the declarer), ``made`` (those
won) and ``on_team`` (hands on the declarer's team, as declarer or partner). Per hand and
player (``table="rounds"``): the contract of the hand (``bid``, ``objective``, ``value``,
``team_size``), the player's part in it (``declarer``, ``partner``), whether the declarers
``made`` it and the ``points`` the player got; a passed-out hand has ``passed_out`` True and no
contract.

>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.games import le_plateau
>>> record = play_public(le_plateau.new_game(3, seed=2), [RandomBot(s) for s in range(3)])
>>> len(record.rounds), sum(record.scores)
(9, 0)
"""

from __future__ import annotations

from typing import Any

HAS_ROUNDS = True


def hand_rows(results, players: int) -> list[dict[str, Any]]:
    """The rows of the table of hands from a game's hand results (None for a passed-out hand)."""
    rows = []
    for number, result in enumerate(results, start=1):
        for seat in range(players):
            if result is None:
                rows.append({"seat": seat, "round": number, "passed_out": True, "bid": None, "objective": None,
                             "value": 0, "team_size": 0, "declarer": False, "partner": False, "made": False,
                             "points": 0})
                continue
            rows.append({"seat": seat, "round": number, "passed_out": False, "bid": str(result.bid),
                         "objective": str(result.bid.objective), "value": result.value,
                         "team_size": 1 + len(result.partners), "declarer": seat == result.declarer,
                         "partner": seat in result.partners, "made": result.won, "points": result.points[seat]})
    return rows


def player_extras(rows: list[dict[str, Any]], players: int) -> tuple[dict[str, int], ...]:
    """Per seat: hands declared, hands made as declarer, hands on the declarer's team."""
    return tuple({"declared": sum(row["declarer"] for row in rows if row["seat"] == seat),
                  "made": sum(row["declarer"] and row["made"] for row in rows if row["seat"] == seat),
                  "on_team": sum(row["declarer"] or row["partner"] for row in rows if row["seat"] == seat)}
                 for seat in range(players))


def play_public(state, bots):
    """One game on the public engine for ``plateau_lab.simulate``."""
    from plateau_lab.core import play_out
    from plateau_lab.simulate import Record

    final = play_out(state, bots)
    rows = hand_rows(final.results, final.players)
    return Record(tuple(final.scores), len(final.history), player_extras(rows, final.players), tuple(rows))


__all__ = ["hand_rows", "player_extras", "play_public"]
