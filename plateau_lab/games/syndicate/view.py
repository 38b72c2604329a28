"""The Syndicate at the play table: a lead is the card clicked, then perhaps a face-down card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.table_words import HIDDEN, Speaker, card_words, cards_words
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


def table_in_words(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table in words (:func:`plateau_lab.core.table_words.table_words`): the turn and its mastermind,
    the draw pile and the discards, the lead on the table with its face-down card and answers, and
    how the last turn was scored."""
    you, table, last = seen["seat"], seen["table"], seen["last_turn"]
    lines = [say.turn(seen), *say.hands(seen),
             f"Turn {seen['turn']}: {say.who(seen['mastermind'])} "
             f"{'are' if seen['mastermind'] == you else 'is'} the mastermind. "
             f"Draw pile: {count_of(seen['draw_pile'], 'card')}; discards: {cards_words(seen['discards'])}."]
    if table:
        face_down = ("" if table["face_down"] is None else ", with one card face down"
                     if table["face_down"] == HIDDEN else f", with {card_words(table['face_down'])} face down")
        answered = [((table["mastermind"] + place) % seen["players"], card)
                    for place, card in enumerate(table["answers"], start=1)]
        answers = "; answers: " + say.played(answered) if answered else "; no answer yet"
        lines.append(f"On the table: {say.who(table['mastermind'])} led {card_words(table['lead'])}"
                     f"{face_down}{answers}.")
    if last:
        lines.append(f"Last turn: the mastermind, {say.who(last['mastermind'])}, had {last['mastermind_total']} "
                     f"against the enforcers' {last['enforcers_total']}; points "
                     + ", ".join(f"{say.who(seat)} {points}" for seat, points in enumerate(last["points"])) + ".")
    return lines + [say.scores(seen)]


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, asks=asks, last_marks=last_marks, scoring=score_sheet, words=table_in_words)
