"""Where a round's points came from in Plotters Inc.: each player's open stacks, the two colours
kept, the discard pile, and the rulebook's sum (:func:`~.engine.score_formula`).

"Each player counts the number of cards in his two largest open stacks and multiplies the two
numbers with each other. The sum is then divided by the number of remaining cards"::

    >>> print("; ".join(map(str, round_items((5, 6, 3, 0), discarded=0, kept=None))))
    blue stack: 5 cards; green stack: 6 cards; red stack: 3 cards; 6 × 5 = 30, divided by 3 remaining cards = 10 +10
"""

from __future__ import annotations

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow

from .cards import COLOURS
from .engine import GAME_OVER, ROUND_OVER, score_formula, score_round

__all__ = ["round_items", "score_sheet"]


def round_items(open_sizes: tuple[int, ...], *, discarded: int, kept: tuple[str, str] | None
                ) -> tuple[SheetItem, ...]:
    """A player's round in parts: each open stack (``open_sizes`` in the deck's colour order), the two
    colours kept once all four were collected, the face-down discard pile, and the score's sum."""
    stacks = [SheetItem(f"{colour} stack: {count_of(size, 'card')}")
              for colour, size in zip(COLOURS, open_sizes) if size]
    choice = [SheetItem(f"kept {kept[0]} and {kept[1]}")] if kept else []
    pile = [SheetItem(f"discard pile: {count_of(discarded, 'card')}")] if discarded else []
    worked = SheetItem(score_formula(open_sizes, discarded), score_round(open_sizes, discarded))
    return (*stacks, *choice, *pile, worked)


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The sheet of the round just scored (stacks and the sizes of the discard piles are public);
    None during a round."""
    if state.phase not in (ROUND_OVER, GAME_OVER):
        return None
    last = state.round_scores[-1]
    rows = tuple(SheetRow(player, round_items(state.open_sizes(player), discarded=len(state.discards[player]),
                                              kept=state.kept[player]),
                          total=last[player], game_total=state.scores[player])
                 for player in range(state.players))
    return ScoreSheet(f"Round {state.round_number + 1}: the two largest open stacks multiplied, divided by "
                      "the remaining cards", rows)
