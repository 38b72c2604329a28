"""Every described game of rows at the play table: the supply to draw a card, a row to place the
drawn card next to it or to take it; at the end, each player's score sheet with his best choice of
joker and plus colours.

>>> from plateau_lab.core import game_spec
>>> from plateau_lab.core.clicks import Clicks
>>> from plateau_lab.kit.examples import COLORETTO
>>> state = COLORETTO.new_game(3, seed=3)
>>> game_spec("kit_coloretto").table_view() is VIEW
True
>>> [VIEW.clicks(action) for action in state.legal_actions()]
[('supply',)]
>>> [VIEW.click_prompts(action)[0] for action in state.apply("draw").legal_actions()][:1]
['a row to place the drawn card next to it']
"""

from __future__ import annotations

__all__ = ["LEGEND", "VIEW", "asks", "clicks", "score_lines", "score_sheet"]

from collections import Counter
from itertools import combinations_with_replacement

from plateau_lab.core import count_of
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow
from plateau_lab.core.table_words import rows_sentences
from plateau_lab.core.tableview import TableView

from .rows import JOKER, PLUS_TWO
from .rows_engine import DRAW, PLACE, RowAction, RowState
from .rows_picture import state_picture

LEGEND = """<p>Each colour card has its colour's name written on it; <i>joker</i>, <i>+2</i> and <i>last
round</i> are the special cards (the rules page says what each does). Rows are numbered from 1 at the
top; the dashed places beside a row are the cards it can still take. The supply shows how many
cards are left in it, face down.</p>"""


def clicks(action: RowAction) -> tuple[str, ...]:
    """Drawing is the supply; placing the drawn card or taking a row is that row (``row 2``)."""
    return ("supply",) if action.kind == DRAW else (f"row {action.row + 1}",)


def asks(action: RowAction) -> tuple[str, ...]:
    """What the click decides: draw a card, place the drawn card next to a row, or take a row."""
    if action.kind == DRAW:
        return ("the supply to draw a card",)
    return ("a row to place the drawn card next to it",) if action.kind == PLACE else ("a row to take it",)


def last_marks(before: RowState, after: RowState) -> list[str]:
    """The row just placed on or taken."""
    action = after.history[-1]
    return [] if action.kind == DRAW else [f"row {action.row + 1}"]


def score_lines(state: RowState, cards: tuple[str, ...]) -> tuple[SheetItem, ...]:
    """The collection ``cards`` scored at its best, as score-sheet items: the plus colours, then the
    minus colours (each the most points first), each with its cards and the jokers given to it, then
    the "+2" cards. The items add up to :meth:`RowState.score_of`.

    >>> from plateau_lab.kit.examples import COLORETTO
    >>> state = COLORETTO.new_game(4, seed=1)
    >>> cards = ("joker", "+2", "green", "green", "green", "blue", "blue", "yellow", "pink", "brown")
    >>> print("; ".join(map(str, score_lines(state, cards))))
    green 3 cards + 1 joker +10; blue 2 cards +3; brown 1 card +1; pink 1 card, minus colour −1; yellow 1 card, minus colour −1; 1 "+2" card +2
    >>> sum(item.points for item in score_lines(state, cards)) == state.score_of(cards)
    True
    """
    game, held = state.described, Counter(cards)
    points, most, best = game.points, len(game.points), None
    for placed in combinations_with_replacement(state.colours, held[JOKER]):
        jokers = Counter(placed)
        lines = sorted(((points[min(held[colour] + jokers[colour], most) - 1], colour) for colour in state.colours
                        if held[colour] + jokers[colour]), key=lambda line: (-line[0], line[1]))
        total = sum(score for score, _ in lines[:game.plus_colours]) - sum(score for score, _ in lines[game.plus_colours:])
        if best is None or total > best[0]:
            best = (total, lines, jokers)
    _, lines, jokers = best
    items = [SheetItem(f"{colour} {count_of(held[colour], 'card')}"
                       + (f" + {count_of(jokers[colour], 'joker')}" if jokers[colour] else "")
                       + ("" if place < game.plus_colours else ", minus colour"),
                       score if place < game.plus_colours else -score)
             for place, (score, colour) in enumerate(lines)]
    if held[PLUS_TWO]:
        items.append(SheetItem(count_of(held[PLUS_TWO], '"+2" card'), game.plus_two_points * held[PLUS_TWO]))
    return tuple(items)


def score_sheet(state: RowState, seat: int) -> ScoreSheet | None:
    """The game's sheet once it is over (every collection lies face up); None before."""
    if not state.is_over:
        return None
    rows = tuple(SheetRow(player, score_lines(state, state.collections[player]), total=state.scores[player])
                 for player in range(state.players))
    return ScoreSheet(f"The game: the {state.described.plus_colours} best colours score plus, the others minus", rows)


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, click_words={"row": "a row", "supply": "the supply to draw a card"},
                 last_marks=last_marks, asks=asks, scoring=score_sheet, words=rows_sentences)
