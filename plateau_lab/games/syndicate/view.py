"""The Syndicate at the play table: a lead is the card clicked, then perhaps a face-down card."""

from __future__ import annotations

from plateau_lab.core.tableview import TableView

from .engine import Lead, Play
from .render import state_picture
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>Cards are written by their Decktet names (<i>Author</i>, <i>Sea</i>, <i>Crown of Waves</i>):
the name is at the bottom of each card; the number or ♛ (a Crown) is in its corner, its suits below, and the
badges P, L and E are its marks (personality, location, event). On the table, the tag under each card says
<i>counts</i> when it shares a mark with the lead (after an Ace, its suit), so that its number counts in the
totals, and <i>no match</i> when it does not.</p>"""


def asks(action) -> tuple[str, ...] | None:
    """What each click decides: the card to lead face up, then perhaps one to lay face down with it;
    an enforcer's card answers the lead."""
    if isinstance(action, Lead):
        return ("a card in your hand to lead it face up",) + (
            ("a second card to lay face down with it",) if action.face_down is not None else ())
    return ("a card in your hand to answer the lead",) if isinstance(action, Play) else None


def clicks(action) -> tuple[str, ...]:
    """A played card is one click; a lead is its card, then its face-down card if it has one."""
    face_down = action.face_down if isinstance(action, Lead) else None
    return (f"card {action.card}",) + ((f"card {face_down}",) if face_down is not None else ())


def last_marks(before, after) -> list[str]:
    """The card just led or played (``played SEAT``: on the table, or in the last turn once scored)."""
    return [f"played {before.current_player}"] if isinstance(after.history[-1], Lead | Play) else []


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, asks=asks, last_marks=last_marks, scoring=score_sheet)
