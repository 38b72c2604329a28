"""Where a round's points came from in Wimmüln: each player's cross, tricks, triangles and bonus.

"Each player scores the number of triangles on the cards that they have won. If, in addition they
manage to win exactly the number of tricks that they have estimated they get a bonus"
(:func:`~.engine.round_points`). The sheet is made once the round is scored, when every cross
lies face up::

    >>> from plateau_lab.games.wimmuln.cards import parse_card
    >>> from plateau_lab.games.wimmuln.engine import Estimate
    >>> cross = Estimate(parse_card("3 red"), parse_card("5 blue"))
    >>> print("; ".join(map(str, round_items(cross, tricks=3, triangles=4))))
    cross: 3 red face up over 5 blue face down; won 3 tricks; 4 triangles +4; bonus: the tricks won equal the face-up card, the lower one: twice 5 +10
"""

from __future__ import annotations

from typing import NamedTuple

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow, at_a_deals_end


__all__ = ["Bonuses", "bonus", "bonus_with_reason", "round_items", "score_sheet"]


class Bonuses(NamedTuple):
    """The bonus table of a rule set (the rulebook's by default): ``lower`` and ``higher`` when the
    tricks won equal that number of the cross lying face down, ``face_up_times`` that bonus when it
    is the face-up card, ``pair`` when both cards have the number won."""

    lower: int = 5
    higher: int = 10
    face_up_times: int = 2
    pair: int = 25


def bonus(face_up: int, face_down: int, tricks: int, bonuses: Bonuses = Bonuses()) -> int:
    """The bonus for the estimate cross ``face_up`` over ``face_down`` when ``tricks`` were won
    (``bonuses``: the rule set's table, ``state.rules.bonuses``; the rulebook's by default).

    "If the number of tricks won is equal to the number on the lower valued of the two cards:
    5 points; [...] the higher valued of the two cards: 10 points; [...] equal to the number on
    the face up card: twice the bonus above (lower valued card: 10 points, higher valued: 20
    points). If both cards have the same number on them and this equals the number of tricks
    won: 25 points."

    >>> bonus(3, 5, 3), bonus(3, 5, 5), bonus(5, 3, 3), bonus(5, 3, 5), bonus(4, 4, 4), bonus(4, 4, 3)
    (10, 10, 5, 20, 25, 0)
    >>> bonus(3, 5, 3, Bonuses(lower=7, face_up_times=3)), bonus(4, 4, 4, Bonuses(pair=40))
    (21, 40)
    """
    return bonus_with_reason(face_up, face_down, tricks, bonuses)[0]


def bonus_with_reason(face_up: int, face_down: int, tricks: int, bonuses: Bonuses = Bonuses()) -> tuple[int, str]:
    """The bonus (see ``bonus``) and the line of the bonus table that gives it, in words.

    >>> bonus_with_reason(6, 3, 6)
    (20, 'the tricks won equal the face-up card, the higher one: twice 10')
    >>> bonus_with_reason(6, 3, 6, Bonuses(higher=12, face_up_times=3))
    (36, 'the tricks won equal the face-up card, the higher one: 3 times 12')
    """
    if face_up == face_down:
        if tricks == face_up:
            return bonuses.pair, "both cards have the same number and it equals the tricks won"
        return 0, "both cards have the same number, but not the tricks won"
    if tricks == face_down:
        if face_down < face_up:
            return bonuses.lower, "the tricks won equal the face-down card, the lower one"
        return bonuses.higher, "the tricks won equal the face-down card, the higher one"
    if tricks == face_up:
        times = _times_in_words(bonuses.face_up_times)
        if face_up < face_down:
            return (bonuses.face_up_times * bonuses.lower,
                    f"the tricks won equal the face-up card, the lower one: {times} {bonuses.lower}")
        return (bonuses.face_up_times * bonuses.higher,
                f"the tricks won equal the face-up card, the higher one: {times} {bonuses.higher}")
    return 0, "the tricks won equal neither card"


def _times_in_words(times: int) -> str:
    """``once``, ``twice``, ``3 times``…"""
    return {1: "once", 2: "twice"}.get(times, f"{times} times")


def round_items(cross, *, tricks: int, triangles: int, bonuses: Bonuses = Bonuses()) -> tuple[SheetItem, ...]:
    """A player's round in parts that add up to :func:`~.engine.round_points` (``cross``: his
    ``Estimate``; ``bonuses``: the rule set's bonus table)."""
    points, why = bonus_with_reason(cross.top.number, cross.bottom.number, tricks, bonuses)
    return (SheetItem(f"cross: {cross.top} face up over {cross.bottom} face down"),
            SheetItem(f"won {count_of(tricks, 'trick')}"),
            SheetItem(count_of(triangles, "triangle"), triangles),
            SheetItem(f"bonus: {why}", points))


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The sheet of the round just scored, while the table waits on the next deal or the game is over
    (every cross is face up then); None during a round."""
    if not at_a_deals_end(state) or not state.round_results:
        return None
    result = state.round_results[-1]
    bonuses = state.rules.bonuses
    rows = tuple(SheetRow(player, round_items(cross, tricks=tricks, triangles=triangles, bonuses=bonuses), total=points,
                          game_total=state.totals[player])
                 for player, (cross, tricks, triangles, points)
                 in enumerate(zip(result.estimates, result.tricks, result.triangles, result.points)))
    return ScoreSheet(f"Round {result.round_number}: the triangles won, and a bonus when the tricks won "
                      "equal a card of the cross", rows)
