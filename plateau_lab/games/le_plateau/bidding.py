"""Bids of Le Plateau: their three characteristics, the value table and the minimum bids.

A bid is card exchange (Exchange / No Exchange) + objective (a formation) + teams (Trio, Duo or
Solo; only with 4 to 6 players). Its value is read off the rulebook's bidding table:

>>> bid = parse_bid("Exchange Y Duo")
>>> str(bid), bid_value(bid, 4)
('Exchange Y Duo', 3)
>>> bid_value(parse_bid("Exchange Bridge Solo"), 4)    # the rulebook's example overbid
6
>>> bid_value(parse_bid("No Exchange Six sides Solo"), 6)
20
>>> [str(b) for b in legal_bids(2, above=9)]
['No Exchange Six sides']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from plateau_lab.core import ParseError, parse_choice
from plateau_lab.hexboard import Formation

__all__ = ["Bid", "OBJECTIVES", "TRIO", "DUO", "SOLO", "TEAM_SIZE", "TEAM_COLUMNS", "BID_VALUES", "TEAM_STEP",
           "MINIMUM_BID_TEXT", "parse_bid", "parse_objective", "bid_value", "all_bids", "minimum_value", "legal_bids",
           "check_bid_shape"]


#: The objectives from the smallest to the largest, with their step in the bidding table.
OBJECTIVES = (Formation.BRIDGE, Formation.Y, Formation.FORK, Formation.FIVE_SIDES, Formation.SIX_SIDES)
OBJECTIVE_STEP = {objective: 2 * index for index, objective in enumerate(OBJECTIVES)}
#: The bidding table's first column, from the top: Exchange Bridge, No Exchange Bridge, Exchange Y, …,
#: No Exchange Six sides (the rulebook's 1 to 10; the ``bid_values`` option).
BID_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
#: What each column of the bidding table adds to the one on its left (Trio → Duo → Solo: the
#: rulebook's 5; the ``team_step`` option).
TEAM_STEP = 5

TRIO, DUO, SOLO = "Trio", "Duo", "Solo"
#: "the players not on the declarer's team": how many players a team has.
TEAM_SIZE = {TRIO: 3, DUO: 2, SOLO: 1}
#: The columns of the bidding table per player count ("6: Trio Duo Solo; 4-5: Duo Solo; 2-3: Solo").
TEAM_COLUMNS = {2: (SOLO,), 3: (SOLO,), 4: (DUO, SOLO), 5: (DUO, SOLO), 6: (TRIO, DUO, SOLO)}
#: "Minimum bids": the lowest permitted bid per player count (its value is the minimum value).
MINIMUM_BID_TEXT = {2: "Exchange Y", 3: "Exchange Bridge", 4: "Exchange Y Duo",
                    5: "Exchange Bridge Duo", 6: "Exchange Y Trio"}


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``exchange`` (True for Exchange), ``objective`` and ``team`` (None with 2 or 3
    players, where "a bid consists of two characteristics: card exchange and objective")."""

    exchange: bool
    objective: Formation
    team: str | None = None

    def __post_init__(self):
        if type(self.exchange) is not bool or not isinstance(self.objective, Formation):
            raise TypeError(f"a Bid is Bid(exchange: bool, objective: Formation, team), not {self!r}")
        if self.team not in (None, *TEAM_SIZE):
            raise ValueError(f"a bid's team is None, {', '.join(TEAM_SIZE)}, not {self.team!r}")

    @property
    def team_size(self) -> int:
        return TEAM_SIZE[self.team or SOLO]

    def raised_to(self, objective: Formation) -> Bid:
        return Bid(self.exchange, objective, self.team)

    def __str__(self) -> str:
        parts = ["Exchange" if self.exchange else "No Exchange", str(self.objective)]
        return " ".join(parts + ([self.team] if self.team else []))


_OBJECTIVE_NAMES = {str(f): f for f in OBJECTIVES} | {"5-sides": Formation.FIVE_SIDES, "6-sides": Formation.SIX_SIDES,
                                                       "5 sides": Formation.FIVE_SIDES, "6 sides": Formation.SIX_SIDES}
_TEAM_NAMES = {team.casefold(): team for team in TEAM_SIZE}
_BID_FORM = ("expected 'Exchange' or 'No Exchange', an objective (Bridge, Y, Fork, Five sides, Six sides) and, "
             "with 4 to 6 players, Trio, Duo or Solo")


def parse_objective(text: str, *, where: str = "objective") -> Formation:
    """``"Bridge"``, ``"Y"``, ``"Fork"``, ``"Five sides"`` (or ``"5-sides"``), ``"Six sides"``."""
    return parse_choice(text, _OBJECTIVE_NAMES, kind="objective", where=where)


def parse_bid(text: str, *, where: str = "bid") -> Bid:
    """``"Exchange Y Duo"``, ``"No Exchange Fork"``, ``"exchange five sides solo"`` (case and spacing ignored).

    >>> parse_bid("no  EXCHANGE 5-sides")
    Bid(exchange=False, objective=<Formation.FIVE_SIDES: 'Five sides'>, team=None)
    >>> parse_bid("Swap Y")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: bid: cannot read the bid 'Swap Y': expected 'Exchange' or 'No Exchange', an objective (Bridge, Y, Fork, Five sides, Six sides) and, with 4 to 6 players, Trio, Duo or Solo
    """
    words = text.split()
    first = [word.casefold() for word in words[:2]]
    if first[:1] == ["exchange"]:
        exchange, rest = True, words[1:]
    elif first == ["no", "exchange"]:
        exchange, rest = False, words[2:]
    else:
        rest = []
    team = _TEAM_NAMES.get(rest[-1].casefold()) if len(rest) > 1 else None
    if team is not None:
        rest = rest[:-1]
    if not rest:
        shown = " ".join(words[:6]) + (" …" if len(words) > 6 else "")
        raise ParseError(f"cannot read the bid {shown[:60]!r}: {_BID_FORM}", where=where)
    return Bid(exchange, parse_objective(" ".join(rest), where=where), team)


def bid_value(bid: Bid, players: int, values: tuple[int, ...] = BID_VALUES, team_step: int = TEAM_STEP) -> int:
    """The number in the bidding table's cell: the first column's number for the exchange and the
    objective (``values``: Exchange Bridge, No Exchange Bridge, Exchange Y, …), plus ``team_step``
    per team column to its right (the rulebook: Exchange 1 / No Exchange 2, plus 2 per objective
    step above Bridge, plus 5 per column).

    >>> bid = parse_bid("No Exchange Six sides Solo")
    >>> bid_value(bid, 4), bid_value(bid, 4, values=(1, 2, 3, 4, 5, 6, 7, 8, 15, 20), team_step=8)
    (15, 28)
    """
    column = TEAM_COLUMNS[players].index(bid.team or SOLO)
    return values[OBJECTIVE_STEP[bid.objective] + (0 if bid.exchange else 1)] + team_step * column


@lru_cache(maxsize=None)
def all_bids(players: int, values: tuple[int, ...] = BID_VALUES, team_step: int = TEAM_STEP) -> tuple[Bid, ...]:
    """Every cell of the bidding table for this player count, by value then table order."""
    teams = TEAM_COLUMNS[players] if players >= 4 else (None,)
    bids = [Bid(exchange, objective, team) for team in teams for objective in OBJECTIVES
            for exchange in (True, False)]
    return tuple(sorted(bids, key=lambda bid: bid_value(bid, players, values, team_step)))


def minimum_value(players: int, values: tuple[int, ...] = BID_VALUES, team_step: int = TEAM_STEP,
                  minimum: Bid | None = None) -> int:
    """"The lowest permitted bid depends on the number of players": 2: Exchange Y (3), 3: Exchange
    Bridge (1), 4: Exchange Y Duo (3), 5: Exchange Bridge Duo (1), 6: Exchange Y Trio (3); the
    value of ``minimum`` when a rule set names its own lowest bid."""
    lowest = parse_bid(MINIMUM_BID_TEXT[players]) if minimum is None else minimum
    return bid_value(lowest, players, values, team_step)


@lru_cache(maxsize=None)
def legal_bids(players: int, *, above: int | None, values: tuple[int, ...] = BID_VALUES, team_step: int = TEAM_STEP,
               minimum: Bid | None = None) -> tuple[Bid, ...]:
    """The bids a player may make: "a bid that has a higher value than all previous bids", and at
    least the minimum bid. ``above`` is the highest value bid so far (None if nobody bid)."""
    floor = minimum_value(players, values, team_step, minimum) if above is None else above + 1
    return tuple(bid for bid in all_bids(players, values, team_step) if bid_value(bid, players, values, team_step) >= floor)


def check_bid_shape(bid: Bid, players: int) -> str | None:
    """Why ``bid`` does not fit this player count's table (wrong team), or None if it fits."""
    if players <= 3 and bid.team is not None:
        return f"with {players} players a bid has no team characteristic (the declarer plays alone)"
    if players >= 4 and bid.team not in TEAM_COLUMNS[players]:
        return f"with {players} players the team characteristic is one of {', '.join(TEAM_COLUMNS[players])}"
    return None
