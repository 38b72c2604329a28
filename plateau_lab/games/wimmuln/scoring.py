"""Where a round's points came from in Wimmüln: each player's cross, tricks, triangles and bonus.

"Each player scores the number of triangles on the cards that they have won. If, in addition they
manage to win exactly the number of tricks that they have estimated they get a bonus"
(:func:`~.engine.round_points`). The sheet is made once the round is scored, when every cross
lies face up::

    >>> from plateau_lab.games.wimmuln.cards import parse_card
    >>> cross = Estimate(parse_card("3 red"), parse_card("5 blue"))
    >>> print("; ".join(map(str, round_items(cross, tricks=3, triangles=4))))
    cross: 3 red face up over 5 blue face down; won 3 tricks; 4 triangles +4; bonus: the tricks won equal the face-up card, the lower one: twice 5 +10
"""

from __future__ import annotations

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow

from .engine import OVER, ROUND_OVER, Estimate, bonus_with_reason

__all__ = ["round_items", "score_sheet"]


def round_items(cross: Estimate, *, tricks: int, triangles: int) -> tuple[SheetItem, ...]:
    """A player's round in parts that add up to :func:`~.engine.round_points`."""
    points, why = bonus_with_reason(cross.top.number, cross.bottom.number, tricks)
    return (SheetItem(f"cross: {cross.top} face up over {cross.bottom} face down"),
            SheetItem(f"won {count_of(tricks, 'trick')}"),
            SheetItem(count_of(triangles, "triangle"), triangles),
            SheetItem(f"bonus: {why}", points))


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The sheet of the round just scored, while the table waits on the next deal or the game is over
    (every cross is face up then); None during a round."""
    if state.phase not in (ROUND_OVER, OVER) or not state.round_results:
        return None
    result = state.round_results[-1]
    rows = tuple(SheetRow(player, round_items(cross, tricks=tricks, triangles=triangles), total=points,
                          game_total=state.totals[player])
                 for player, (cross, tricks, triangles, points)
                 in enumerate(zip(result.estimates, result.tricks, result.triangles, result.points)))
    return ScoreSheet(f"Round {result.round_number}: the triangles won, and a bonus when the tricks won "
                      "equal a card of the cross", rows)
