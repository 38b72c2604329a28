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

__all__ = ["SCORING_COLOURS", "round_items", "score_formula", "score_round", "score_sheet"]


SCORING_COLOURS = 2
"""The rulebook's two largest stacks multiplied (the default of the rules' ``scoring_colours``)."""


def score_round(open_stacks: tuple[int, ...], discarded: int, scoring_colours: int = SCORING_COLOURS) -> int:
    """The score of a round from the sizes of the open stacks and of the discard pile.

    Rulebook: "Each player counts the number of cards in his two largest open stacks and
    multiplies the two numbers with each other. The sum is then divided by the number of
    remaining cards (ignore any remainder in the result)". "If a player has cards in one single
    color only, he has scored 0 (zero) points!" and "If a player has cards in exactly two
    colors, the sum is not divided by 0 (zero)." The remaining cards are a third open stack
    and the discard pile; collecting nothing scores 0 too (docs/rulings.md, Plotters Inc.).
    A rule set may multiply another number of stacks (``scoring_colours``): fewer colours than
    that score 0.

    >>> score_round((5, 6, 3), 0), score_round((7, 8), 4), score_round((3, 5), 0), score_round((9,), 0)
    (10, 14, 15, 0)
    >>> score_round((5, 6, 3), 2, scoring_colours=3), score_round((9, 2), 1, scoring_colours=1)
    (45, 3)
    """
    scored, remaining = _score_parts(open_stacks, discarded, scoring_colours)
    if not scored:
        return 0
    product = _product(scored)
    return product // remaining if remaining else product


def _product(sizes: tuple[int, ...]) -> int:
    product = 1
    for size in sizes:
        product *= size
    return product


def _score_parts(open_stacks: tuple[int, ...], discarded: int, scoring_colours: int
                 ) -> tuple[tuple[int, ...], int]:
    """The stacks multiplied (none when fewer colours than ``scoring_colours`` were collected) and
    the remaining cards."""
    sizes = sorted((size for size in open_stacks if size), reverse=True)
    if len(sizes) < scoring_colours:
        return (), sum(sizes) + discarded
    return tuple(sizes[:scoring_colours]), sum(sizes[scoring_colours:]) + discarded


def score_formula(open_stacks: tuple[int, ...], discarded: int, scoring_colours: int = SCORING_COLOURS) -> str:
    """The score as a worked sum, the way the rulebook writes its examples.

    >>> score_formula((5, 6, 3), 0)
    '6 × 5 = 30, divided by 3 remaining cards = 10'
    >>> score_formula((5, 4, 3), 0)
    '5 × 4 = 20, divided by 3 remaining cards = 6 (remainder ignored)'
    >>> score_formula((3, 5), 0)
    '5 × 3 = 15, no remaining cards: not divided = 15'
    >>> score_formula((4,), 2)
    'cards in one colour only: 0'
    >>> score_formula((4, 2), 1, scoring_colours=3)
    'cards in fewer than 3 colours: 0'
    """
    scored, remaining = _score_parts(open_stacks, discarded, scoring_colours)
    if not any(open_stacks):
        return "no cards: 0"
    if not scored:
        return "cards in one colour only: 0" if scoring_colours == 2 else f"cards in fewer than {scoring_colours} colours: 0"
    product = _product(scored)
    sum_ = " × ".join(map(str, scored)) + (f" = {product}" if len(scored) > 1 else "")
    if not remaining:
        return f"{sum_}, no remaining cards: not divided = {product}"
    rest = " (remainder ignored)" if product % remaining else ""
    return (f"{sum_}, divided by {remaining} remaining "
            f"card{'s' if remaining != 1 else ''} = {product // remaining}{rest}")


def round_items(open_sizes: tuple[int, ...], *, discarded: int, kept: tuple[str, ...] | None,
                scoring_colours: int = SCORING_COLOURS) -> tuple[SheetItem, ...]:
    """A player's round in parts: each open stack (``open_sizes`` in the deck's colour order), the two
    colours kept once all four were collected, the face-down discard pile, and the score's sum."""
    stacks = [SheetItem(f"{colour} stack: {count_of(size, 'card')}")
              for colour, size in zip(COLOURS, open_sizes) if size]
    choice = [SheetItem("kept " + (" and ".join((", ".join(kept[:-1]), kept[-1])) if len(kept) > 1 else kept[0]))
              ] if kept else []
    pile = [SheetItem(f"discard pile: {count_of(discarded, 'card')}")] if discarded else []
    worked = SheetItem(score_formula(open_sizes, discarded, scoring_colours),
                       score_round(open_sizes, discarded, scoring_colours))
    return (*stacks, *choice, *pile, worked)


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The sheet of the round just scored (stacks and the sizes of the discard piles are public);
    None during a round."""
    if not at_a_deals_end(state):
        return None
    last = state.round_scores[-1]
    scoring_colours = state.rules.scoring_colours
    rows = tuple(SheetRow(player, round_items(state.open_sizes(player), discarded=len(state.discards[player]),
                                              kept=state.kept[player], scoring_colours=scoring_colours),
                          total=last[player], game_total=state.scores[player])
                 for player in range(state.players))
    largest = "the two largest open stacks" if scoring_colours == 2 else (
        "the largest open stack" if scoring_colours == 1 else f"the {scoring_colours} largest open stacks")
    return ScoreSheet(f"Round {state.round_number + 1}: {largest} multiplied, divided by "
                      "the remaining cards", rows)
