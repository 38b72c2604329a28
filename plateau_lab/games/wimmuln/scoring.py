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

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow, at_a_deals_end


__all__ = ["bonus", "bonus_with_reason", "round_items", "score_sheet"]


def bonus(face_up: int, face_down: int, tricks: int) -> int:
    """The bonus for the estimate cross ``face_up`` over ``face_down`` when ``tricks`` were won.

    "If the number of tricks won is equal to the number on the lower valued of the two cards:
    5 points; [...] the higher valued of the two cards: 10 points; [...] equal to the number on
    the face up card: twice the bonus above (lower valued card: 10 points, higher valued: 20
    points). If both cards have the same number on them and this equals the number of tricks
    won: 25 points."

    >>> bonus(3, 5, 3), bonus(3, 5, 5), bonus(5, 3, 3), bonus(5, 3, 5), bonus(4, 4, 4), bonus(4, 4, 3)
    (10, 10, 5, 20, 25, 0)
    """
    return bonus_with_reason(face_up, face_down, tricks)[0]


def bonus_with_reason(face_up: int, face_down: int, tricks: int) -> tuple[int, str]:
    """The bonus (see ``bonus``) and the line of the bonus table that gives it, in words.

    >>> bonus_with_reason(6, 3, 6)
    (20, 'the tricks won equal the face-up card, the higher one: twice 10')
    """
    if face_up == face_down:
        if tricks == face_up:
            return 25, "both cards have the same number and it equals the tricks won"
        return 0, "both cards have the same number, but not the tricks won"
    if tricks == face_down:
        if face_down < face_up:
            return 5, "the tricks won equal the face-down card, the lower one"
        return 10, "the tricks won equal the face-down card, the higher one"
    if tricks == face_up:
        if face_up < face_down:
            return 10, "the tricks won equal the face-up card, the lower one: twice 5"
        return 20, "the tricks won equal the face-up card, the higher one: twice 10"
    return 0, "the tricks won equal neither card"


def round_items(cross, *, tricks: int, triangles: int) -> tuple[SheetItem, ...]:
    """A player's round in parts that add up to :func:`~.engine.round_points` (``cross``: his ``Estimate``)."""
    points, why = bonus_with_reason(cross.top.number, cross.bottom.number, tricks)
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
    rows = tuple(SheetRow(player, round_items(cross, tricks=tricks, triangles=triangles), total=points,
                          game_total=state.totals[player])
                 for player, (cross, tricks, triangles, points)
                 in enumerate(zip(result.estimates, result.tricks, result.triangles, result.points)))
    return ScoreSheet(f"Round {result.round_number}: the triangles won, and a bonus when the tricks won "
                      "equal a card of the cross", rows)
