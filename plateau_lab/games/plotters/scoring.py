"""Where a round's points came from in Plotters Inc.: each player's open stacks, the two colours
kept, the discard pile, and the rulebook's sum (:func:`score_formula`).

"Each player counts the number of cards in his two largest open stacks and multiplies the two
numbers with each other. The sum is then divided by the number of remaining cards"::

    >>> print("; ".join(map(str, round_items((5, 6, 3, 0), discarded=0, kept=None))))
    blue stack: 5 cards; green stack: 6 cards; red stack: 3 cards; 6 × 5 = 30, divided by 3 remaining cards = 10 +10
"""

from __future__ import annotations

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow, at_a_deals_end

from .cards import COLOURS

__all__ = ["round_items", "score_formula", "score_round", "score_sheet"]


def score_round(open_stacks: tuple[int, ...], discarded: int) -> int:
    """The score of a round from the sizes of the open stacks and of the discard pile.

    Rulebook: "Each player counts the number of cards in his two largest open stacks and
    multiplies the two numbers with each other. The sum is then divided by the number of
    remaining cards (ignore any remainder in the result)". "If a player has cards in one single
    color only, he has scored 0 (zero) points!" and "If a player has cards in exactly two
    colors, the sum is not divided by 0 (zero)." The remaining cards are a third open stack
    and the discard pile; collecting nothing scores 0 too (docs/rulings.md, Plotters Inc.).

    >>> score_round((5, 6, 3), 0), score_round((7, 8), 4), score_round((3, 5), 0), score_round((9,), 0)
    (10, 14, 15, 0)
    """
    largest, second, remaining = _score_parts(open_stacks, discarded)
    if second == 0:
        return 0
    product = largest * second
    return product // remaining if remaining else product


def _score_parts(open_stacks: tuple[int, ...], discarded: int) -> tuple[int, int, int]:
    sizes = sorted((size for size in open_stacks if size), reverse=True) + [0, 0]
    return sizes[0], sizes[1], sum(sizes[2:]) + discarded


def score_formula(open_stacks: tuple[int, ...], discarded: int) -> str:
    """The score as a worked sum, the way the rulebook writes its examples.

    >>> score_formula((5, 6, 3), 0)
    '6 × 5 = 30, divided by 3 remaining cards = 10'
    >>> score_formula((5, 4, 3), 0)
    '5 × 4 = 20, divided by 3 remaining cards = 6 (remainder ignored)'
    >>> score_formula((3, 5), 0)
    '5 × 3 = 15, no remaining cards: not divided = 15'
    >>> score_formula((4,), 2)
    'cards in one colour only: 0'
    """
    largest, second, remaining = _score_parts(open_stacks, discarded)
    if largest == 0:
        return "no cards: 0"
    if second == 0:
        return "cards in one colour only: 0"
    product = largest * second
    if not remaining:
        return f"{largest} × {second} = {product}, no remaining cards: not divided = {product}"
    rest = " (remainder ignored)" if product % remaining else ""
    return (f"{largest} × {second} = {product}, divided by {remaining} remaining "
            f"card{'s' if remaining != 1 else ''} = {product // remaining}{rest}")


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
    if not at_a_deals_end(state):
        return None
    last = state.round_scores[-1]
    rows = tuple(SheetRow(player, round_items(state.open_sizes(player), discarded=len(state.discards[player]),
                                              kept=state.kept[player]),
                          total=last[player], game_total=state.scores[player])
                 for player in range(state.players))
    return ScoreSheet(f"Round {state.round_number + 1}: the two largest open stacks multiplied, divided by "
                      "the remaining cards", rows)
