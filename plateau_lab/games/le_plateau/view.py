"""Le Plateau at the play table: a bid in the bidding table, a talon group, cards to discard, give or
play, and the seat to give a card to; the counters of the last trick are marked on the board."""

from __future__ import annotations

from plateau_lab.core.tableview import TableView, card_clicks

from .actions import Discard, Give, MakeBid, PickGroup
from .render import state_picture
from .rules import HAND_OVER, PLAY
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>Trumps are written by their number (1 to 21), the Excuse as EXC (marked ★). Suit cards
are rank then suit: R king, D queen, C knight, V jack, then 10 down to 1; S ♠ spades, H ♥ hearts,
C ♣ clubs, D ♦ diamonds (so <i>RS</i> is the king of spades, <i>10H</i> the ten of hearts; the suit's symbol is drawn under the name).
In the bidding table, each shape has two rows: Exchange (the declarer takes the talon) and No Exchange.</p>"""


def asks(action) -> tuple[str, ...] | None:
    """What a click decides where a card of the hand is not played: a discard, a gift and its
    receiver (the other clicks are worded by what is clicked).

    >>> from .cards import parse_card
    >>> asks(Discard(parse_card("RS")))
    ('a card in your hand to discard face down',)
    """
    if isinstance(action, Discard):
        return ("a card in your hand to discard face down",)
    if isinstance(action, Give):
        return ("a card in your hand to give face down", "the player to give it to")
    return None


def clicks(action) -> tuple[str, ...]:
    """What a learner clicks for each move: pass, call, raise and keep are buttons."""
    if isinstance(action, Discard):
        return (f"card {action.card}",)
    if isinstance(action, Give):
        return (f"card {action.card}", f"seat {action.to}")
    if isinstance(action, MakeBid):
        return (str(action),)
    if isinstance(action, PickGroup):
        return (f"group {action.group}",)
    return card_clicks(action)


def new_counters(state, before) -> frozenset:
    """The counters the last trick placed on the board (during card play and at the hand's end)."""
    if before is None or state.phase not in (PLAY, HAND_OVER):
        return frozenset()
    return frozenset(state.board.counters) - frozenset(before.board.counters)


def picture(state, seat, before):
    """The table as ``seat`` sees it, the last trick's new counters marked."""
    return state_picture(state, seat, clickable=True, new_counters=new_counters(state, before))


VIEW = TableView(picture=picture, clicks=clicks, legend=LEGEND,
                 click_words={"bid": "a bid in the bidding table", "group": "a talon group",
                              "seat": "the player to give the card to"},
                 asks=asks, pause_word="hand", scoring=score_sheet)
