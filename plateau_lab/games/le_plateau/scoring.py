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

from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow

from .rules import HAND_OVER, PASSED_OUT

__all__ = ["ZERO_SUM_TABLE", "POSSIBLE_TEAM_SIZES", "zero_sum_multiple", "positive_multiple", "hand_points", "points_of",
           "contract_notes", "role_item", "score_sheet"]


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
                positive_only: bool = False, counter_sabotage: bool = True,
                positive_multiples: tuple[int, ...] | None = None,
                zero_sum_multiples: tuple[int, ...] | None = None) -> tuple[int, ...]:
    """Points per seat for one hand.

    Zero-sum: "Each player on the declarer's team receives points according to the following table
    ... Each player on the opposing team loses v points", and the reverse when the declarers lose.
    With 5 players the declarer (after an abdication: the new declarer) wins or loses 2v, the
    partner v. Positive-only: only the winning side scores. ``counter_sabotage`` matters only for
    5 players with positive-only scoring ("if you still want to play with this rule, then adjust
    the scoring as follows"). ``positive_multiples`` (a rule set's own, by team size: Solo, Duo,
    Trio) replaces the positive-only multiples, the 5-player counter-sabotage table included;
    ``zero_sum_multiples`` likewise the zero-sum table, each opponent paying an equal share of what
    the declarer's team wins (and the reverse), so that the hand still adds up to zero.

    >>> hand_points(players=4, declarer=0, partners=(), value=3, won=True, positive_only=True,
    ...             positive_multiples=(5, 1))
    (15, 0, 0, 0)
    >>> hand_points(players=4, declarer=0, partners=(), value=3, won=False, zero_sum_multiples=(6, 1))
    (-18, 6, 6, 6)
    """
    team = (declarer, *partners)
    size = len(team)
    points = [0] * players
    if not positive_only and zero_sum_multiples is not None:
        team_gain = zero_sum_multiples[size - 1] * value
        opponent_loss = team_gain * size // (players - size)
        return tuple((team_gain if seat in team else -opponent_loss) * (1 if won else -1) for seat in range(players))
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
    if positive_multiples is not None:
        for_declarer = for_partner = for_opponent = positive_multiples[size - 1]
    elif players == 5 and counter_sabotage:
        for_declarer, for_partner, for_opponent = FIVE_PLAYER_POSITIVE_WITH_COUNTER_SABOTAGE[size]
    else:
        for_declarer = for_partner = for_opponent = positive_multiple(players, size)
    for seat in range(players):
        if won and seat in team:
            points[seat] = (for_declarer if seat == declarer else for_partner) * value
        elif not won and seat not in team:
            points[seat] = for_opponent * value
    return tuple(points)


def points_of(rules, *, declarer: int, partners: tuple[int, ...], value: int, won: bool) -> tuple[int, ...]:
    """Each seat's points for a hand, scored as the game's ``rules`` (``rules.Rules``) say.

    >>> from plateau_lab.games.le_plateau.rules import rules_of
    >>> points_of(rules_of(4, {"positive_only": True}), declarer=1, partners=(), value=2, won=True)
    (0, 4, 0, 0)
    """
    return hand_points(players=rules.players, declarer=declarer, partners=partners, value=value, won=won,
                       positive_only=rules.positive_only, counter_sabotage=rules.counter_sabotage,
                       positive_multiples=rules.positive_multiples, zero_sum_multiples=rules.zero_sum_multiples)


def role_item(seat: int, result) -> SheetItem:
    """``seat``'s points for the hand of ``result`` (a ``rules.HandResult``): its side, whether that
    side won, and the multiple of the bid value the rulebook's table gives it.

    >>> from types import SimpleNamespace
    >>> hand = SimpleNamespace(declarer=0, partners=(2,), value=3, won=True, points=(3, -3, 3, -3))
    >>> print(role_item(0, hand), "|", role_item(1, hand))
    declarer, the declarers won: 1 × the value 3 +3 | opponent, the declarers won: 1 × the value 3 −3
    """
    role = "declarer" if seat == result.declarer else "partner" if seat in result.partners else "opponent"
    verdict = "the declarers won" if result.won else "the declarers lost"
    points = result.points[seat]
    if not points:
        return SheetItem(f"{role}, {verdict}: nothing (only the winning side scores)", 0)
    return SheetItem(f"{role}, {verdict}: {abs(points) // result.value} × the value {result.value}", points)


def contract_notes(result) -> tuple[str, ...]:
    """The contract of ``result`` (declarer, team, objective, value) and why it was made or not."""
    team = ("with " + " and ".join(f"player {partner}" for partner in result.partners) if result.partners
            else "alone")
    after = "" if result.ex_declarer is None else f" (after player {result.ex_declarer} abdicated)"
    return (f"Player {result.declarer} declared {result.bid} (value {result.value}), {team}{after}.",
            result.reason)


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The sheet of the hand just ended (the contract, made or not and why, each player's points by the
    rulebook's table); None during a hand. Nothing of the discards or the talon is named but what the
    hand's end turned face up (``reason``)."""
    if state.phase not in (HAND_OVER, PASSED_OUT) or not state.results:
        return None
    result = state.results[-1]
    if result is None:
        rows = tuple(SheetRow(player, (SheetItem("no contract", 0),), total=0, game_total=state.totals[player])
                     for player in range(state.players))
        return ScoreSheet(f"Hand {state.hand_number}", rows, ("Everybody passed: nobody scores.",))
    rows = tuple(SheetRow(player, (role_item(player, result),), total=result.points[player],
                          game_total=state.totals[player]) for player in range(state.players))
    return ScoreSheet(f"Hand {result.number}", rows, contract_notes(result))
