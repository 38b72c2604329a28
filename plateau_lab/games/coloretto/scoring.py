"""End-of-game scoring: jokers get colours, three colours score plus, the rest minus.

The rulebook's example (brown side): Andy has 1 joker, 1 "+2", 6 green, 4 yellow, 3 red and
2 blue cards. Our deck has no colour called red, so pink stands in for it:

>>> from plateau_lab.games.coloretto.cards import parse_cards
>>> andy = parse_cards("joker, +2" + ", green" * 6 + ", yellow" * 4 + ", pink" * 3 + ", blue" * 2,
...                    where="Andy")
>>> best = best_scoring(andy, colours_in_play=COLOURS)
>>> best.total, best.joker_colours, best.plus_colours
(41, ('yellow',), ('green', 'pink', 'yellow'))
>>> score_choice(andy, ["pink"], ["green", "yellow", "pink"], colours_in_play=COLOURS).total
40

The end-of-game choice is not an action of the game (see ``engine``): every player's choice
changes only his own score, so the engine scores everybody with ``best_scoring``, and
``score_choice`` lets a learner try his own choice and compare.
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import NamedTuple

from plateau_lab.core import IllegalAction, count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow

from .cards import COLOUR, COLOURS, PAINT, Card

__all__ = ["MOST_COUNTED", "PLUS_COLOURS", "PLUS_TWO_POINTS", "SCORING_TABLES", "SCORINGS", "ColourLine",
           "ScoreBreakdown", "Scoring", "as_scoring", "best_colour_points", "scoring_number", "best_plus_colours", "best_scoring", "best_total", "colour_points",
           "count_collection", "score_choice", "score_sheet", "sheet_items"]


SCORING_TABLES = {
    # cards of one colour:  0  1  2  3   4   5   6 and more
    "brown": (0, 1, 3, 6, 10, 15, 21),
    "grey": (0, 1, 4, 8, 7, 6, 5),
}
MOST_COUNTED = 6
PLUS_COLOURS = 3
PLUS_TWO_POINTS = 2


class Scoring(NamedTuple):
    """How a collection scores, part of a rule set (``rules.Rules.scoring``): ``points`` for 1, 2, …
    cards of a colour (the last number also for more cards), how many colours score plus, what a
    "+2" card is worth, and the table's name (``brown``, ``grey``, or ``own`` for a table of one's own).

    >>> SCORINGS["grey"].points, SCORINGS["grey"].plus_colours
    ((1, 4, 8, 7, 6, 5), 3)
    """

    points: tuple[int, ...]
    plus_colours: int = PLUS_COLOURS
    plus_two: int = PLUS_TWO_POINTS
    name: str = "brown"


#: The rulebook's two sides of the summary card, as :class:`Scoring`.
SCORINGS = {name: Scoring(table[1:], name=name) for name, table in SCORING_TABLES.items()}


#: Every :class:`Scoring` given a number by :func:`scoring_number`, in order.
_NUMBERED: list[Scoring] = []
_NUMBERS: dict[Scoring, int] = {}


def scoring_number(scoring: str | Scoring) -> int:
    """A small number standing for ``scoring`` in this process: the fast path's remembered searches
    are keyed by it (a number hashes at once; a table of points would be hashed at every look-up).

    >>> as_scoring(scoring_number("grey")) == SCORINGS["grey"]
    True
    """
    scoring = as_scoring(scoring)
    number = _NUMBERS.get(scoring)
    if number is None:
        number = _NUMBERS[scoring] = len(_NUMBERED)
        _NUMBERED.append(scoring)
    return number


def as_scoring(table: str | int | Scoring) -> Scoring:
    """A side of the summary card by its name (``"brown"``, ``"grey"``), a :class:`Scoring` by its
    :func:`scoring_number`, or a :class:`Scoring` as it is."""
    if isinstance(table, str):
        return SCORINGS[table]
    return _NUMBERED[table] if isinstance(table, int) else table


def colour_points(count: int, table: str | Scoring = "brown") -> int:
    """Points for ``count`` cards of one colour.

    Rulebook: "The table shows the number of plus or minus points a player scores for the
    number of cards in each color. A player scores no extra points for more than 6 cards in a color."
    (A table of one's own stops counting at its own length.)

    >>> [colour_points(n) for n in range(1, 9)], [colour_points(n, "grey") for n in range(1, 9)]
    ([1, 3, 6, 10, 15, 21, 21, 21], [1, 4, 8, 7, 6, 5, 5, 5])
    >>> [colour_points(n, Scoring((2, 5), name="own")) for n in range(4)]
    [0, 2, 5, 5]
    """
    points = as_scoring(table).points
    return points[min(count, len(points)) - 1] if count > 0 else 0


@dataclass(frozen=True)
class ColourLine:
    """One colour of a scored collection: cards held, jokers added, and the signed points."""

    colour: str
    cards: int
    jokers: int
    plus: bool
    points: int

    @property
    def counted(self) -> int:
        return self.cards + self.jokers


@dataclass(frozen=True)
class ScoreBreakdown:
    """A scored collection: the choice made (joker colours, plus colours) and every line."""

    joker_colours: tuple[str, ...]
    plus_colours: tuple[str, ...]
    lines: tuple[ColourLine, ...]
    plus_two_cards: int
    table: str
    plus_two_points: int = PLUS_TWO_POINTS

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines) + self.plus_two_points * self.plus_two_cards

    def __str__(self) -> str:
        """The lines as a learner reads them: each colour's cards, whether it counts for or against
        the player, and its points with their sign.

        >>> from plateau_lab.games.coloretto.cards import parse_cards
        >>> cards = parse_cards("joker, +2, green, green, blue", where="example")
        >>> print(best_scoring(cards, colours_in_play=COLOURS))
        blue    1 card → plus colour: +1
        green   2 cards + 1 joker → plus colour: +6
        +2      1 card → +2
        total   9
        """
        rows = [f"{line.colour:<7} {count_of(line.cards, 'card')}"
                + (f" + {count_of(line.jokers, 'joker')}" if line.jokers else "")
                + f" → {_counts_as(line)}: {line.points:+d}" for line in self.lines]
        if self.plus_two_cards:
            bonus = self.plus_two_points * self.plus_two_cards
            rows.append(f"+2      {count_of(self.plus_two_cards, 'card')} → {bonus:+d}")
        rows.append(f"total   {self.total}")
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        cells = []
        for line in self.lines:
            swatch = f"<span style='display:inline-block;width:0.9em;height:0.9em;background:{PAINT[line.colour]}'></span>"
            jokers = f" + {count_of(line.jokers, 'joker')}" if line.jokers else ""
            cells.append(f"<tr><td>{swatch} {line.colour}</td><td>{line.cards}{jokers}</td>"
                         f"<td>{_counts_as(line)}</td><td align='right'>{line.points:+d}</td></tr>")
        if self.plus_two_cards:
            cells.append(f"<tr><td>+2</td><td>{self.plus_two_cards}</td><td>bonus cards</td>"
                         f"<td align='right'>{self.plus_two_points * self.plus_two_cards:+d}</td></tr>")
        cells.append(f"<tr><td colspan='3'><b>total ({html.escape(self.table)} table)</b></td>"
                     f"<td align='right'><b>{self.total}</b></td></tr>")
        return ("<table><tr><th>colour</th><th>cards</th><th>counts as</th><th>points</th></tr>"
                + "".join(cells) + "</table>")


def _counts_as(line: ColourLine) -> str:
    """Whether a colour's points count for the player or against him, in words (the sign is on the number)."""
    return "plus colour" if line.plus else "minus colour"


def count_collection(cards: Iterable[Card]) -> tuple[Counter, int, int]:
    """(cards per colour, jokers, "+2" cards) of a collection."""
    colours: Counter = Counter()
    jokers = plus_twos = 0
    for card in cards:
        if card.kind == COLOUR:
            colours[card.colour] += 1
        elif card.is_joker:
            jokers += 1
        elif card.is_plus_two:
            plus_twos += 1
    return colours, jokers, plus_twos


def score_choice(cards: Iterable[Card], joker_colours: Sequence[str], plus_colours: Iterable[str], *,
                 colours_in_play: Sequence[str] = COLOURS, table: str | Scoring = "brown") -> ScoreBreakdown:
    """Score a collection with the player's own choice of joker colours and plus colours.

    Rulebook: "At the end of the round, the players decide which color their jokers are (each may
    be different)" and "Each player chooses which 3 of his colors score plus points. All other
    colors score minus points for the player. Each '+2' card scores 2 plus points."
    A joker may take any colour in play, even one the player has no card of; a player with 3
    colours or fewer scores them all plus. A choice that breaks these rules raises IllegalAction.
    ``table`` is a side's name or a rule set's :class:`Scoring` (its points, plus colours and "+2").
    """
    scoring = as_scoring(table)
    counts, jokers, plus_twos = count_collection(cards)
    joker_colours, plus_colours = tuple(joker_colours), tuple(plus_colours)
    choice = f"jokers {list(joker_colours)}, plus {list(plus_colours)}"
    if len(joker_colours) != jokers:
        raise IllegalAction(choice, rule="jokers are coloured at the end",
                            reason=f"the collection has {count_of(jokers, 'joker')}, "
                                   f"so name {count_of(jokers, 'colour')}")
    for colour in joker_colours:
        if colour not in colours_in_play:
            raise IllegalAction(choice, rule="jokers are coloured at the end",
                                reason=f"{colour!r} is not a colour in play ({', '.join(colours_in_play)})")
    for colour in joker_colours:
        counts[colour] += 1
    held = [colour for colour in colours_in_play if counts[colour]]
    wanted = min(scoring.plus_colours, len(held))
    rule = _plus_rule(scoring.plus_colours)
    if len(set(plus_colours)) != len(plus_colours) or len(plus_colours) != wanted:
        raise IllegalAction(choice, rule=rule,
                            reason=f"choose {count_of(wanted, 'different colour')} among {', '.join(held) or 'none'}")
    for colour in plus_colours:
        if colour not in held:
            raise IllegalAction(choice, rule=rule,
                                reason=f"{colour!r} is not among the colours held ({', '.join(held)})")
    added = Counter(joker_colours)
    lines = tuple(
        ColourLine(colour, counts[colour] - added[colour], added[colour], colour in plus_colours,
                   colour_points(counts[colour], scoring) * (1 if colour in plus_colours else -1))
        for colour in held
    )
    ordered_plus = tuple(colour for colour in held if colour in plus_colours)
    return ScoreBreakdown(tuple(joker_colours), ordered_plus, lines, plus_twos, scoring.name, scoring.plus_two)


def _plus_rule(plus_colours: int) -> str:
    """The rule that names how many colours score plus (the rulebook's three, or a rule set's)."""
    return "three colours score plus" if plus_colours == 3 else f"{count_of(plus_colours, 'colour')} score plus"


def best_plus_colours(counts: Counter, colours_in_play: Sequence[str], table: str | Scoring) -> tuple[str, ...]:
    """The 3 held colours (a rule set's number) worth the most points (ties: the first in the deck's order)."""
    scoring = as_scoring(table)
    held = [colour for colour in colours_in_play if counts[colour]]
    ranked = sorted(held, key=lambda colour: -colour_points(counts[colour], scoring))
    return tuple(colour for colour in held if colour in ranked[:scoring.plus_colours])


def best_scoring(cards: Iterable[Card], *, colours_in_play: Sequence[str] = COLOURS,
                 table: str | Scoring = "brown") -> ScoreBreakdown:
    """The choice of joker colours and plus colours that scores the most (the reference search).

    Tries every way to colour the jokers (any colours in play, repeats allowed); for each, the
    best plus colours are the 3 worth the most, since a plus colour gains twice its points over
    a minus one (points are never negative). Ties go to the first choice in the deck's colour order.
    """
    cards = tuple(cards)
    counts, jokers, _ = count_collection(cards)
    best: ScoreBreakdown | None = None
    for joker_colours in combinations_with_replacement(colours_in_play, jokers):
        with_jokers = counts + Counter(joker_colours)
        plus = best_plus_colours(with_jokers, colours_in_play, table)
        scored = score_choice(cards, joker_colours, plus, colours_in_play=colours_in_play, table=table)
        if best is None or scored.total > best.total:
            best = scored
    return best


def best_total(cards: Iterable[Card], *, colours_in_play: Sequence[str] = COLOURS,
               table: str | Scoring = "brown") -> int:
    """The best score of a collection, fast: the same number as ``best_scoring(...).total``.

    The best score depends only on the counts per colour (in any order), the number of jokers
    and of "+2" cards, so the search runs once per distinct shape and is remembered.
    """
    counts, jokers, plus_twos = count_collection(cards)
    shape = tuple(sorted((counts[colour] for colour in colours_in_play), reverse=True))
    scoring = as_scoring(table)
    return best_colour_points(shape, jokers, scoring) + scoring.plus_two * plus_twos


@lru_cache(maxsize=65536)
def best_colour_points(shape: tuple[int, ...], jokers: int, table: str | Scoring) -> int:
    """The best points of the colours alone (no "+2"), for a collection's ``shape``: its counts per
    colour in play, largest first (zeros included: a joker may start a colour), and its jokers.

    Tries every way to add the jokers to the counts; the 3 colours worth the most score plus.
    Remembered per shape, so the engine and the fast playout score a collection in one look-up.

    >>> best_colour_points((6, 4, 3, 2, 0, 0, 0), 1, "brown")   # the rulebook's Andy, without his "+2"
    39
    >>> best_colour_points((6, 4, 3, 2, 0, 0, 0), 1, Scoring((1, 3, 6, 10, 15, 21), plus_colours=2))
    27
    """
    scoring = as_scoring(table)
    points_of, most, plus = scoring.points, len(scoring.points), scoring.plus_colours
    best = None
    for placed in combinations_with_replacement(range(len(shape)), jokers):
        counts = list(shape)
        for index in placed:
            counts[index] += 1
        points = sorted((points_of[min(count, most) - 1] for count in counts if count), reverse=True)
        total = sum(points[:plus]) - sum(points[plus:])
        if best is None or total > best:
            best = total
    return best


def sheet_items(breakdown: ScoreBreakdown) -> tuple[SheetItem, ...]:
    """A scored collection as score-sheet items: the plus colours, then the minus colours (each the
    most points first), each with its cards and the jokers given to it, then the "+2" cards.

    >>> from plateau_lab.games.coloretto.cards import parse_cards
    >>> cards = parse_cards("joker, +2" + ", green" * 3 + ", blue" * 2 + ", yellow, pink, brown", where="example")
    >>> print("; ".join(map(str, sheet_items(best_scoring(cards, colours_in_play=COLOURS)))))
    green 3 cards + 1 joker +10; blue 2 cards +3; brown 1 card +1; pink 1 card, minus colour −1; yellow 1 card, minus colour −1; 1 "+2" card +2
    """
    ordered = sorted(breakdown.lines, key=lambda line: (not line.plus, -abs(line.points)))
    items = [SheetItem(f"{line.colour} {count_of(line.cards, 'card')}"
                       + (f" + {count_of(line.jokers, 'joker')}" if line.jokers else "")
                       + ("" if line.plus else ", minus colour"), line.points) for line in ordered]
    if breakdown.plus_two_cards:
        items.append(SheetItem(count_of(breakdown.plus_two_cards, '"+2" card'),
                               breakdown.plus_two_points * breakdown.plus_two_cards))
    return tuple(items)


def score_sheet(state, seat: int) -> ScoreSheet | None:
    """The game's sheet once it is over, each player with his best choice of joker and plus colours
    (every collection lies face up); None before."""
    if not state.is_over:
        return None
    rows = tuple(SheetRow(player, sheet_items(state.score_breakdown(player)), total=state.scores[player])
                 for player in range(state.players))
    plus = state.rules.scoring.plus_colours
    return ScoreSheet(f"The game: the {plus} best colours score plus, the others minus "
                      f"({state.table} table)", rows)
