"""Wimmüln at the play table: a card to play or to leave face up, two cards of the hand for a cross.

The prompts say what each click decides::

    >>> from .cards import card
    >>> VIEW.click_prompts(Estimate(card(3, "red"), card(7, "blue")))
    ('the card to lay upright on your cross (it is turned face up)', 'the card to lay across it, face down')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.table_words import HIDDEN, Speaker, card_words
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


def table_in_words(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table in words (:func:`plateau_lab.core.table_words.table_words`): the round, the dealer and the
    trumps, each player's estimate (face down when it is another's), the trick on the table and the
    last one, and the tricks and triangles won."""
    you = seen["seat"]
    doing = "lay an estimate" if seen["phase"] == "estimate" else "play"
    lines = [say.turn(seen, doing), *say.hands(seen),
             f"Round {seen['round']}; {say.who(seen['dealer'])} dealt; trumps: {seen['trump'] or 'none'}."]
    for seat, estimate in enumerate(seen["estimates"]):
        if estimate is not None and estimate["top"] == HIDDEN:
            lines.append(f"{say.Who(seat)} laid {'your' if seat == you else 'an'} estimate face down.")
        elif estimate is not None:
            lines.append(f"{say.Who(seat)} laid {card_words(estimate['top'])} face up over "
                         f"{card_words(estimate['bottom'])}.")
    if seen["trick"]:
        lines.append(f"The trick on the table: {say.played(seen['trick'])}.")
    if seen["last_trick"]:
        lines.append(f"The last trick: {say.played(seen['last_trick'])}.")
    lines.append("Tricks won: " + ", ".join(f"{say.who(seat)} {tricks} ({count_of(triangles, 'triangle')})"
                                            for seat, (tricks, triangles)
                                            in enumerate(zip(seen["tricks_won"], seen["triangles_won"]))) + ".")
    return lines + [say.scores(seen)]


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, asks=asks, scoring=score_sheet, words=table_in_words)
