"""Oh Hell at the play table: a card of the hand to play it; bids are buttons ("bid 3")."""

from __future__ import annotations

from plateau_lab.core.tableview import TableView, card_clicks

from .render import state_picture
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>A card is its rank and suit: <i>QH</i> is the queen of hearts, <i>10S</i> the ten of spades
(A ace, K king, Q queen, J jack; C ♣ clubs, D ♦ diamonds, S ♠ spades, H ♥ hearts). The card turned up beside
the hands names the trump suit. A bid is the number of tricks you mean to win: exactly that many scores a bonus,
10 points by the standard rules (the score sheet at the end of the hand shows this table's).</p>"""

VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=card_clicks,
                 legend=LEGEND, pause_word="hand", scoring=score_sheet)
