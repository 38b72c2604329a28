"""Plotters Inc. at the play table: a card of the hand to play it, a card of the trick to take it."""

from __future__ import annotations

from plateau_lab.core.tableview import TableView, card_clicks, last_card_played

from .cards import Take
from .render import state_picture
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>A card is its colour and number: <i>blue 14</i> is written B14 in a save (B blue,
G green, R red, Y yellow; the letter is also in each card's corner). HIGH picks cards from the trick, LOW
takes the rest; a card HIGH has already taken says <i>taken</i> across it.</p>"""


def clicks(action) -> tuple[str, ...]:
    """A play is the card in the hand; a take is the card in the trick; keeping colours is a button."""
    return (f"take {action.card}",) if isinstance(action, Take) else card_clicks(action)


def last_marks(before, after) -> list[str]:
    """The card just played, or the trick's card just taken (by the seat that played it)."""
    action = after.history[-1]
    if isinstance(action, Take):
        return [f"played {seat}" for seat, card in after.trick if card == action.card]
    return last_card_played(before, after)


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, click_words={"take": "a card of the trick to take it"}, last_marks=last_marks,
                 scoring=score_sheet)
