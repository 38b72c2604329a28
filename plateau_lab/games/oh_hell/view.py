"""Oh Hell at the play table: a card of the hand to play it; bids are buttons ("bid 3")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.table_words import Speaker, card_words
from plateau_lab.core.tableview import TableView, card_clicks

from .render import state_picture
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>A card is its rank and suit: <i>QH</i> is the queen of hearts, <i>10S</i> the ten of spades
(A ace, K king, Q queen, J jack; C ♣ clubs, D ♦ diamonds, S ♠ spades, H ♥ hearts). The card turned up beside
the hands names the trump suit. A bid is the number of tricks you mean to win: exactly that many scores a bonus,
10 points by the standard rules (the score sheet at the end of the hand shows this table's).</p>"""

_SUITS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}


def table_in_words(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table in words (:func:`plateau_lab.core.table_words.table_words`): the hand's tricks, the dealer
    and the trumps, the bids, then the tricks won and the trick on the table."""
    bids = [f"{say.who(seat)} {bid}" for seat, bid in enumerate(seen["bids"]) if bid is not None]
    lines = [say.turn(seen, "bid" if seen["phase"] == "bid" else "play"), *say.hands(seen),
             f"Hand of {count_of(seen['tricks'], 'trick')}; {say.who(seen['dealer'])} dealt. Trumps: "
             + (f"{_SUITS[seen['trump']]} (the turned card is the {card_words(seen['trump_card'])})."
                if seen["trump"] else "none."),
             "Bids: " + ", ".join(bids) + "." if bids else "No bids yet."]
    if seen["phase"] != "bid":
        won = ", ".join(f"{say.who(seat)} {count}" for seat, count in enumerate(seen["tricks_won"]))
        lines.append(f"Tricks won: {won}.")
        lines.append(f"The trick on the table: {say.played(seen['trick'])}." if seen["trick"] else
                     f"The trick on the table is empty; {say.does(seen['leader'], 'lead')}.")
    return lines + [say.scores(seen)]


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=card_clicks,
                 legend=LEGEND, pause_word="hand", scoring=score_sheet, words=table_in_words)
