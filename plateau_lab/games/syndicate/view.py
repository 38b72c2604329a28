"""The Syndicate at the play table: a lead is the card clicked, then perhaps a face-down card."""

from __future__ import annotations

from plateau_lab.core.tableview import TableView

from .engine import Lead
from .render import state_picture

__all__ = ["VIEW"]

LEGEND = """<p>Cards are written by their Decktet names (<i>Author</i>, <i>Sea</i>, <i>Crown of Waves</i>):
the name is at the bottom of each card; the number or ♛ (a Crown) is in its corner, its suits below, and the
badges P, L and E are its marks (personality, location, event). A gold rim: the card shares a mark with the
lead and counts.</p>"""


def clicks(action) -> tuple[str, ...]:
    """A played card is one click; a lead is its card, then its face-down card if it has one."""
    face_down = action.face_down if isinstance(action, Lead) else None
    return (f"card {action.card}",) + ((f"card {face_down}",) if face_down is not None else ())


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND)
