"""Wimmüln at the play table: a card to play or to leave face up, two cards of the hand for a cross.

The prompts say what each click decides::

    >>> from .cards import card
    >>> VIEW.click_prompts(Estimate(card(3, "red"), card(7, "blue")))
    ('the card to lay upright on your cross (it is turned face up)', 'the card to lay across it, face down')
"""

from __future__ import annotations

from plateau_lab.core.tableview import TableView, card_clicks

from .engine import Estimate, Open
from .render import state_picture
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>A card is its number and colour: <i>7 red</i>. The triangles along its lower edge
are the points it wins. A cross is two cards: the upright one lies face up, the one across face down.</p>"""


def asks(action) -> tuple[str, ...] | None:
    """What each click decides: a cross's upright card, then the card across; the face-up card."""
    if isinstance(action, Estimate):
        return ("the card to lay upright on your cross (it is turned face up)", "the card to lay across it, face down")
    if isinstance(action, Open):
        return ("the card to leave face up as the first card of the first trick",)
    return ("a card in your hand to play to the trick",) if card_clicks(action) else None


def clicks(action) -> tuple[str, ...]:
    """A cross is its upright card, then the card across; turning up or playing a card is that card."""
    if isinstance(action, Estimate):
        return (f"card {action.top}", f"card {action.bottom}")
    return (f"card {action.card}",) if isinstance(action, Open) else card_clicks(action)


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, asks=asks, scoring=score_sheet)
