"""Scoring a hand of Le Plateau: the rulebook's table, 5-player partner scoring, positive-only.

``v`` is the declarer's bid value (after any raise of the objective). Zero-sum scoring:

>>> hand_points(players=4, declarer=0, partners=(2,), value=3, won=True)
(3, -3, 3, -3)
>>> hand_points(players=5, declarer=1, partners=(3,), value=5, won=False)   # declarer loses 2v
(5, -10, 5, -5, 5)
>>> hand_points(players=6, declarer=0, partners=(), value=11, won=True)
(55, -11, -11, -11, -11, -11)
>>> hand_points(players=6, declarer=0, partners=(2, 4), value=3, won=True, positive_only=True)
(6, 0, 6, 0, 6, 0)
"""

from __future__ import annotations

from math import lcm

__all__ = ["ZERO_SUM_TABLE", "POSSIBLE_TEAM_SIZES", "zero_sum_multiple", "positive_multiple", "hand_points"]


#: "Each player on the declarer's team receives points according to the following table, where v is
#: the declarer's bid value": multiples of v by player count and team size (3 Trio, 2 Duo, 1 Solo).
#: With 5 players and a Duo the declarer gets 2v and the partner v: see ``FIVE_PLAYER_DUO``.
ZERO_SUM_TABLE = {
    6: {3: 1, 2: 2, 1: 5},
    5: {1: 4},
    4: {2: 1, 1: 3},
    3: {1: 2},
    2: {1: 1},
}
FIVE_PLAYER_DUO = {"declarer": 2, "partner": 1}
#: "Determine all the possible numbers of players that could be on the declarer's team."
POSSIBLE_TEAM_SIZES = {2: (1,), 3: (1,), 4: (1, 2), 5: (1, 2), 6: (1, 2, 3)}
#: Positive-only 5-player scoring when the counter-sabotage rule is kept: (declarer, partner,
#: each opponent when the declarers lose) multiples of v, by team size.
FIVE_PLAYER_POSITIVE_WITH_COUNTER_SABOTAGE = {2: (2, 1, 1), 1: (3, 0, 3)}


def zero_sum_multiple(players: int, team_size: int, role: str) -> int:
    """The multiple of v each declarer-team member wins or loses (``role``: declarer or partner)."""
    if players == 5 and team_size == 2:
        return FIVE_PLAYER_DUO[role]
    return ZERO_SUM_TABLE[players][team_size]


def positive_multiple(players: int, team_size: int) -> int:
    """"every member of the declarer's team wins lcm ÷ (number of players) × (declarer's bid value)",
    the number of players being those on the declarer's team; the opponents win the same when the
    declarers lose."""
    return lcm(*POSSIBLE_TEAM_SIZES[players]) // team_size


def hand_points(*, players: int, declarer: int, partners: tuple[int, ...], value: int, won: bool,
                positive_only: bool = False, counter_sabotage: bool = True) -> tuple[int, ...]:
    """Points per seat for one hand.

    Zero-sum: "Each player on the declarer's team receives points according to the following table
    ... Each player on the opposing team loses v points", and the reverse when the declarers lose.
    With 5 players the declarer (after an abdication: the new declarer) wins or loses 2v, the
    partner v. Positive-only: only the winning side scores. ``counter_sabotage`` matters only for
    5 players with positive-only scoring ("if you still want to play with this rule, then adjust
    the scoring as follows").
    """
    team = (declarer, *partners)
    size = len(team)
    points = [0] * players
    if not positive_only:
        for seat in range(players):
            if seat == declarer:
                gain = zero_sum_multiple(players, size, "declarer") * value
            elif seat in partners:
                gain = zero_sum_multiple(players, size, "partner") * value
            else:
                gain = -value
            points[seat] = gain if won else -gain
        return tuple(points)
    if players == 5 and counter_sabotage:
        for_declarer, for_partner, for_opponent = FIVE_PLAYER_POSITIVE_WITH_COUNTER_SABOTAGE[size]
    else:
        for_declarer = for_partner = for_opponent = positive_multiple(players, size)
    for seat in range(players):
        if won and seat in team:
            points[seat] = (for_declarer if seat == declarer else for_partner) * value
        elif not won and seat not in team:
            points[seat] = for_opponent * value
    return tuple(points)
