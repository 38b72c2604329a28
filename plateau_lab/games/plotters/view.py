"""Plotters Inc. at the play table: a card of the hand to play it, a card of the trick to take it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.table_words import Speaker, card_words, cards_words
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


def table_in_words(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table in words (:func:`plateau_lab.core.table_words.table_words`): the round and the dealer, the
    trick on the table and what was taken from it, the cards out of the round, and each player's
    stacks, kept colours and discards."""
    doing = {"keep": "choose the colours to keep", "take": "take a card"}.get(seen["phase"], "play")
    lines = [say.turn(seen, doing), *say.hands(seen), f"Round {seen['round']}; {say.who(seen['dealer'])} dealt."]
    if seen["trick"]:
        taken = [card_words(seen["trick"][place][1]) for place in seen["picked"]]
        lines.append(f"The trick on the table: {say.played(seen['trick'])}."
                     + (f" Taken from it so far: {', '.join(taken)}." if taken else ""))
    if seen["worthless"]:
        lines.append(f"{count_of(seen['worthless'], 'card')} out of this round, counting for nobody.")
    for seat, stacks in enumerate(seen["stacks"]):
        piles = [cards_words(stack) for stack in stacks if stack]
        kept = seen["kept"][seat]
        lines.append(f"{say.Who(seat)}: " + ("; ".join(piles) if piles else "no cards taken")
                     + (f"; keeps {' and '.join(kept) if not isinstance(kept, str) else kept}" if kept else "")
                     + f"; {count_of(seen['discard_sizes'][seat], 'card')} discarded.")
    return lines + [say.scores(seen)]


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 legend=LEGEND, click_words={"take": "a card of the trick to take it"}, last_marks=last_marks,
                 scoring=score_sheet, words=table_in_words)
