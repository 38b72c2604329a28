"""Where a hand's points came from in Oh Hell: each player's bid, tricks won, and the points.

"A player scores 1 point for every trick won and an additional 10 points if they won the exact
number bid" (:func:`~.rules.hand_score`); the sheet shows the same sum in parts:

>>> print(" ; ".join(map(str, hand_items(2, 2))))
bid 2, won 2 tricks ; 2 tricks × 1 point +2 ; exact bid +10
>>> print(" ; ".join(map(str, hand_items(1, 3))))
bid 1, won 3 tricks ; 3 tricks × 1 point +3 ; bid missed: no bonus
>>> print(" ; ".join(map(str, hand_items(1, 3, off_bid_penalty=True))))
bid 1, won 3 tricks ; missed the bid by 2 tricks × 1 point −2
"""

from __future__ import annotations

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow

from .rules import MADE_BID_BONUS

__all__ = ["hand_items", "score_sheet"]


def hand_items(bid: int, won: int, *, points_per_trick: int = 1, off_bid_penalty: bool = False,
               made_bid_bonus: int = MADE_BID_BONUS) -> tuple[SheetItem, ...]:
    """A player's hand in parts that add up to :func:`~.rules.hand_score` (same options)."""
    told = SheetItem(f"bid {bid}, won {count_of(won, 'trick')}")
    per_trick = f"× {count_of(points_per_trick, 'point')}"
    if won == bid:
        return told, SheetItem(f"{count_of(won, 'trick')} {per_trick}", points_per_trick * won), \
            SheetItem("exact bid", made_bid_bonus)
    if off_bid_penalty:
        missed = abs(won - bid)
        return told, SheetItem(f"missed the bid by {count_of(missed, 'trick')} {per_trick}", -points_per_trick * missed)
    return told, SheetItem(f"{count_of(won, 'trick')} {per_trick}", points_per_trick * won), \
        SheetItem("bid missed: no bonus")


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The hand's sheet once it is over (bids and tricks are public); None before."""
    if not state.is_over:
        return None
    rules = state.rules
    rows = tuple(SheetRow(player, hand_items(bid, won, points_per_trick=rules.points_per_trick,
                                             off_bid_penalty=rules.off_bid_penalty,
                                             made_bid_bonus=rules.made_bid_bonus), total=score)
                 for player, (bid, won, score) in enumerate(zip(state.bids, state.tricks_won, state.scores)))
    per_trick = count_of(rules.points_per_trick, "point")
    bonus = rules.made_bid_bonus
    rule = (f"an exact bid scores {per_trick} a trick +{bonus}; a missed bid loses {per_trick} "
            "for each trick off it" if rules.off_bid_penalty else
            f"{per_trick} a trick, +{bonus} for an exact bid")
    return ScoreSheet(f"The hand: {rule}", rows)
