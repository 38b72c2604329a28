"""The measures of a game: what each one means, and its value in each game played.

**The measures** (:data:`MEASURES`, each with a one-line definition naming its source): who wins
by seat and by place in the turn order (the ``starter`` column of a game says who made its first
move), balance, how often games end close or tied, the winner's margin, duration in moves and in
real decisions per player, the share of moves with a real choice, the branching factor, lead
changes, and, only when asked (``drama=True``), drama and decisiveness. A k-way tie for the best
score counts 1/k of a win to each tied player.

**Each fact once.** With two players one seat's share is the other's complement, so only seat 0
has a row; where the same seat makes the first move in every game (:func:`fixed_starter`: Le
Plateau, The Syndicate, Plotters Inc.), who wins by turn order *is* who wins by seat, and only the
seats' rows are shown.

>>> measure_names(2)[:3]
['seat 0 wins', 'the player who starts wins', 'balance']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any

__all__ = ["Measure", "MEASURES", "EXPERT_MEASURES", "NO_LEAD", "CLOSE_SHARE", "CLOSE_POINTS", "NEEDED_COLUMNS",
           "RULEBOOK", "VARIANT", "measure_names", "all_measures", "seat_measures", "fixed_starter", "per_deal",
           "balance"]

#: The labels of the two rule sets in a comparison's games table.
RULEBOOK, VARIANT = "rulebook", "variant"
#: A game ends close when the winner's lead is at most this share of the winner's points, or at
#: most :data:`CLOSE_POINTS` (whichever is more: a game to 6 points can end no closer than 1 point).
CLOSE_SHARE = 0.1
#: The smallest lead whole points allow: a lead this small is close in any game.
CLOSE_POINTS = 1
#: The columns of a players table that the measures read.
NEEDED_COLUMNS = ("game_index", "players", "seat", "starter", "score", "winner", "win_share", "margin", "actions",
                  "moves", "decisions", "lead_changes")


@dataclass(frozen=True)
class Measure:
    """One measure of a game: its ``name`` (in a learner's words), a one-line ``definition`` naming
    its source, and its ``kind``: ``"share"`` (a share of games, between 0 and 1: a Wilson-type
    interval), ``"mean"`` (a mean over games: a normal interval) or ``"whole"`` (one figure of the
    whole set of games: an interval from resampling the deals)."""

    name: str
    definition: str
    kind: str = "mean"
    unit: str = ""

    @property
    def difference_unit(self) -> str:
        """What a difference of this measure is counted in: percentage points for a share."""
        return "percentage points" if self.kind == "share" else self.unit


#: The measures of every game (the seats' and the turn order's rows come first: see :func:`measure_names`).
MEASURES = (
    Measure("balance", "1 minus the gap between the seat that wins most and the seat that wins least: 1 when "
            "every seat wins equally often (Ludii: Balance)", "whole"),
    Measure("close finishes", "share of games won by a single point or by at most a tenth of the winner's "
            "points, whichever is more, ties included: the same test in a game to 6 points (a 1-point win is "
            "close) and in one to 100 (up to 10 points) (after Browne 2008: Uncertainty at the end)", "share"),
    Measure("ties at the top", "share of games that end with two or more players sharing the best score "
            "(Ludii: Drawishness, for many players)", "share"),
    Measure("margin", "the winner's points minus the runner-up's at the end of a game (0: a tie)", unit="points"),
    Measure("moves per game", "all the moves of a game, forced ones included (Ludii: Duration)", unit="moves"),
    Measure("decisions per player", "a player's moves with more than one legal choice, per game "
            "(Ludii: DecisionMoves)", unit="decisions"),
    Measure("share of moves with a choice", "a game's moves with more than one legal choice over all its moves "
            "(Ludii: DecisionMoves as a share)", "share"),
    Measure("branching factor", "the legal moves a player chooses from, on average over a game's moves "
            "(Ludii: BranchingFactor)", unit="legal moves"),
    Measure("lead changes", "times a different player takes the lead alone from one round (a hand; a turn in The "
            "Syndicate; a trick in Oh Hell, where the standing is what each player would score if the hand stopped "
            "there) of a game to the next (Ludii: LeadChange, counted between rounds)", unit="lead changes"),
)
#: The definition of lead changes where the games list no rounds (a game played without its fast path).
NO_LEAD = ("not counted here: these games list no standings from one round to the next, so there is no lead "
           "to follow")
#: The measures read from each player's chances along the game (only with ``drama=True``).
EXPERT_MEASURES = (
    Measure("drama", "how far the eventual winner's chance to win lies below the best chance of any player, "
            "on average over the game (Ludii: Drama, after Browne 2008)"),
    Measure("decisiveness", "share of the game still to play once the winner's chance stays above the best "
            "chance any other player ever had (Ludii: DecisivenessMoves)", "share"),
)


def _ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``… for a place in the turn order (from 1)."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place if place < 20 else place % 10, 'th') }".replace(" ", "")


def _seats(count: int) -> str:
    """``1 seat``, ``2 seats``.

    >>> _seats(1), _seats(3)
    ('1 seat', '3 seats')
    """
    return f"{count} seat{'' if count == 1 else 's'}"


def seat_measures(players: int, turn_order: bool = True) -> tuple[Measure, ...]:
    """The rows of seat and turn-order advantage for ``players`` players, each fact once: with two
    players the second seat's share is 1 minus the first's (a tie counts half to each), so only the
    first is a row; ``turn_order`` False leaves out the turn order's rows, which repeat the seats'
    when the same seat starts every game (Le Plateau, The Syndicate: :func:`fixed_starter`).

    >>> [measure.name for measure in seat_measures(3)]       # doctest: +NORMALIZE_WHITESPACE
    ['seat 0 wins', 'seat 1 wins', 'seat 2 wins', 'the player who starts wins', 'the 2nd to play wins',
     'the 3rd to play wins']
    >>> [measure.name for measure in seat_measures(2)], [measure.name for measure in seat_measures(3, False)]
    (['seat 0 wins', 'the player who starts wins'], ['seat 0 wins', 'seat 1 wins', 'seat 2 wins'])
    """
    rest = " (seat 1 wins the rest)" if players == 2 else ""
    shown = range(1 if players == 2 else players)
    seats = tuple(Measure(_seat_name(seat), f"share of games won from seat {seat}, a tie of k players counting "
                          f"1/k (fair: 1/{players}; Ludii: Advantage){rest}", "share") for seat in shown)
    if not turn_order:
        return seats
    rest = " (the other player wins the rest)" if players == 2 else ""
    places = tuple(Measure(_place_name(place), f"share of games won by the player {_who(place)}, a tie of k players "
                           f"counting 1/k (fair: 1/{players}; Ludii: Advantage by turn order){rest}", "share")
                   for place in range(1, len(shown) + 1))
    return seats + places


def _seat_name(seat: int) -> str:
    return f"seat {seat} wins"


def _place_name(place: int) -> str:
    """The row of the player at ``place`` in the turn order (from 1)."""
    return "the player who starts wins" if place == 1 else f"the {_ordinal(place)} to play wins"


def fixed_starter(rows: Iterable[Mapping[str, Any]]) -> int | None:
    """The seat that made the first move of every game of ``rows`` (None when it varies, or for no
    rows): then who wins by turn order is who wins by seat, and the table shows it once.

    >>> fixed_starter([{"starter": 0}, {"starter": 0}]), fixed_starter([{"starter": 0}, {"starter": 2}])
    (0, None)
    """
    starters = {row["starter"] for row in rows}
    return starters.pop() if len(starters) == 1 and None not in starters else None


def _who(place: int) -> str:
    """The player at ``place`` in the turn order (from 1), in words."""
    return "who made the first move" if place == 1 else f"{_seats(place - 1)} after the one who started"


def measure_names(players: int, drama: bool = False, turn_order: bool = True) -> list[str]:
    """Every measure's name, in the order of the results table (``turn_order``: see :func:`seat_measures`).

    >>> measure_names(3)[:4], measure_names(3, drama=True)[-2:]
    (['seat 0 wins', 'seat 1 wins', 'seat 2 wins', 'the player who starts wins'], ['drama', 'decisiveness'])
    >>> measure_names(3, turn_order=False)[3]
    'balance'
    """
    return [measure.name for measure in all_measures(players, drama, turn_order)]


def all_measures(players: int, drama: bool, turn_order: bool = True) -> tuple[Measure, ...]:
    """The measures of a table, in its order: the seats' and the turn order's rows (``turn_order``:
    see :func:`seat_measures`), :data:`MEASURES`, and with ``drama`` :data:`EXPERT_MEASURES`."""
    return seat_measures(players, turn_order) + MEASURES + (EXPERT_MEASURES if drama else ())


def per_deal(rows: Iterable[Mapping[str, Any]], players: int) -> dict[str, dict[Any, dict[int, float]]]:
    """Per measure measured deal by deal, its value per label and ``game_index`` (NaN where a game
    does not record it), from a players table's rows (a row without ``label`` is the rulebook's):
    every measure but balance, which belongs to the whole set of games.

    >>> rows = [dict(label="variant", game_index=3, players=2, seat=seat, starter=1, score=score, winner=score == 7,
    ...              win_share=float(score == 7), margin=3, actions=10, moves=5, decisions=4, choices=12,
    ...              lead_changes=None) for seat, score in enumerate((7, 4))]
    >>> values = per_deal(rows, 2)
    >>> values["seat 0 wins"], values["the player who starts wins"], values["share of moves with a choice"]
    ({'variant': {3: 1.0}}, {'variant': {3: 0.0}}, {'variant': {3: 0.8}})
    >>> values["branching factor"]["variant"][3], math.isnan(values["lead changes"]["variant"][3])
    (2.4, True)
    """
    values: dict[str, dict[Any, dict[int, float]]] = {}
    for (label, index), game in _games(rows).items():
        for name, value in _deal_values(game, players).items():
            values.setdefault(name, {}).setdefault(label, {})[index] = value
    return values


def _games(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[Any, int], list[Mapping[str, Any]]]:
    """The rows of each game, by ``(label, game_index)``, in the order the rows come."""
    games: dict[tuple[Any, int], list[Mapping[str, Any]]] = {}
    for row in rows:
        games.setdefault((row.get("label", RULEBOOK), row["game_index"]), []).append(row)
    return games


def _deal_values(game: Sequence[Mapping[str, Any]], players: int) -> dict[str, float]:
    """Every per-deal measure of one game, from its players' rows."""
    shares = {row["seat"]: float(row["win_share"]) for row in game}
    places = {(row["seat"] - row["starter"]) % row["players"]: float(row["win_share"]) for row in game}
    values = {_seat_name(seat): shares.get(seat, math.nan) for seat in range(players)}
    for place in range(players):
        values[_place_name(place + 1)] = places.get(place, math.nan)
    margin = _first(game, "margin")
    winner_points = next((abs(float(row["score"])) for row in game if row["winner"]), math.nan)
    values["close finishes"] = float(margin <= max(CLOSE_POINTS, CLOSE_SHARE * winner_points))
    values["ties at the top"] = float(margin == 0)
    values["margin"] = margin
    values["moves per game"] = _first(game, "actions")
    values["decisions per player"] = fmean(float(row["decisions"]) for row in game)
    moves = sum(row["moves"] for row in game)
    values["share of moves with a choice"] = _ratio(sum(row["decisions"] for row in game), moves)
    if "choices" in game[0]:
        values["branching factor"] = _ratio(sum(row["choices"] for row in game), moves)
    values["lead changes"] = _first(game, "lead_changes")
    for name in ("drama", "decisiveness"):
        if name in game[0]:
            values[name] = _first(game, name)
    return values


def _first(game: Sequence[Mapping[str, Any]], column: str) -> float:
    """The first figure a game's rows give in ``column`` (NaN when none gives one)."""
    for row in game:
        value = row[column]
        if value is not None and not math.isnan(value):
            return float(value)
    return math.nan


def _ratio(part: float, whole: float) -> float:
    """``part / whole``, NaN for no whole."""
    return part / whole if whole else math.nan


def balance(shares: Sequence[Sequence[float]]) -> float:
    """1 minus the gap between the seat that wins most and the seat that wins least, from the win
    shares of the deals (one sequence per deal, one share per seat).

    >>> balance([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5), (1.0, 0.0)])    # 62.5 % against 37.5 %
    0.75
    """
    rates = [fmean(seat) for seat in zip(*shares)]
    return 1 - (max(rates) - min(rates))

