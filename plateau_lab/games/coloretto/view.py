"""Coloretto at the play table: the supply to draw a card, a row to place the card or take the row."""

from __future__ import annotations

from plateau_lab.core.table_words import rows_sentences
from plateau_lab.core.tableview import TableView

from .engine import DRAW, PLACE
from .render import state_picture
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>Cards are named by their colour (<i>green</i>, <i>brown</i>, …); <i>joker</i>,
<i>gold</i> (the golden joker), <i>+2</i> and <i>last round</i> are the special cards. Rows are numbered
from 1 at the top; the small squares on a row card are its places.</p>"""


def clicks(action) -> tuple[str, ...]:
    """Drawing is the supply; placing the drawn card or taking a row is that row (``row 2``)."""
    return ("supply",) if action.kind == DRAW else (f"row {action.row + 1}",)


def asks(action) -> tuple[str, ...]:
    """What the click decides: draw a card, place the drawn card next to a row, or take a row.

    >>> from .engine import parse_action
    >>> [asks(parse_action(text))[0] for text in ("draw", "place row 2", "take row 2")]
    ['the supply to draw a card', 'a row to place the drawn card next to it', 'a row to take it']
    """
    if action.kind == DRAW:
        return ("the supply to draw a card",)
    return ("a row to place the drawn card next to it",) if action.kind == PLACE else ("a row to take it",)


def last_marks(before, after) -> list[str]:
    """The row just placed on or taken."""
    action = after.history[-1]
    return [] if action.kind == DRAW else [f"row {action.row + 1}"]


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, click_words={"row": "a row", "supply": "the supply to draw a card"},
                 last_marks=last_marks, asks=asks, scoring=score_sheet, words=rows_sentences)
