"""Pictures of Oh Hell: cards, hands (face up only for their owner), the trump card, the bids, the
trick, the tricks won and the scores, drawn with :mod:`plateau_lab.core.render`.

>>> from .cards import parse_card
>>> picture = card_picture(parse_card("QH"))
>>> picture.width, picture.height, "♥" in picture.svg()
(40, 58, True)

A picture meant to be clicked (``clickable=True``) marks each of the viewer's cards as the click
target ``card QH`` and names each card of the trick ``played SEAT``, with the SVG attributes
``data-target`` and ``data-name`` that :mod:`plateau_lab.clickable` reads (this module sets them
itself, so that it draws without any widget library).
"""

from __future__ import annotations

__all__ = ["back_picture", "card_picture", "centre_picture", "hand_picture", "seat_picture", "state_picture",
           "trick_picture"]

from collections.abc import Sequence
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.render import (FELT, INK, PAPER, Picture, caption, column, element, label_box, named, padded, row,
                                     seat_name, target, text, to_act)

from .cards import SUIT_NAMES, SUIT_SYMBOLS, Card, rank_text
from .rules import BID, OVER

WIDTH, HEIGHT = 40, 58
RED, BLACK = "#c0392b", "#222222"
SUIT_INKS = {"C": BLACK, "D": RED, "S": BLACK, "H": RED}
LABEL_FILL = "#f4f1e6"


def card_picture(card: Card, *, highlight: bool = False) -> Picture:
    """A card face: its rank and suit symbol in the corner, a large suit symbol in the middle;
    ``highlight`` draws a thick frame (the card winning a trick, the trump card)."""
    ink = SUIT_INKS[card.suit]
    frame = {"stroke_width": 3} if highlight else {}
    title = element("title")
    title.text = card.describe()
    return Picture.of(
        WIDTH, HEIGHT,
        title,
        element("rect", x=0.5, y=0.5, width=WIDTH - 1, height=HEIGHT - 1, rx=5, fill=PAPER, stroke=ink, **frame),
        text(4, 15, rank_text(card.rank), size=13, anchor="start", fill=ink, font_weight="bold"),
        text(4, 28, SUIT_SYMBOLS[card.suit], size=12, anchor="start", fill=ink),
        text(WIDTH / 2 + 4, HEIGHT - 10, SUIT_SYMBOLS[card.suit], size=22, fill=ink),
    )


def back_picture() -> Picture:
    """The back of a card: a card its viewer may not see."""
    return Picture.of(
        WIDTH, HEIGHT,
        element("rect", x=0.5, y=0.5, width=WIDTH - 1, height=HEIGHT - 1, rx=5, fill="#2c4a7a", stroke=INK),
        element("rect", x=5, y=5, width=WIDTH - 10, height=HEIGHT - 10, rx=3, fill="none", stroke="#b9c9e8"),
    )


def hand_picture(cards: Sequence[Card], *, hidden: bool = False, clickable: bool = False) -> Picture:
    """A hand in hand order; backs only when ``hidden``; ``clickable``: each card is the target ``card QH``.

    >>> from .cards import parse_card
    >>> svg = hand_picture([parse_card("2C"), parse_card("AS")], clickable=True).svg()
    >>> 'data-target="card 2C"' in svg and 'data-target="card AS"' in svg
    True
    >>> "AS" in hand_picture([parse_card("AS")], hidden=True).svg()
    False
    """
    if not cards:
        return Picture.of(WIDTH, HEIGHT)
    if hidden:
        return row([back_picture() for _ in cards], gap=-24)
    faces = [card_picture(card) for card in cards]
    if clickable:
        for card, face in zip(cards, faces):
            target(face.group, f"card {card}")
    return row(faces, gap=3)


def trick_picture(trick: Sequence[tuple[int, Card]], *, winner: int | None = None,
                  viewer: int | None = None) -> Picture:
    """The cards of a trick in the order played, each under its seat (named ``played SEAT``; "you"
    in a picture drawn for ``viewer``); the ``winner``'s card framed."""
    if not trick:
        return Picture.of(WIDTH, HEIGHT + 17)
    faces = []
    for seat, card in trick:
        face = card_picture(card, highlight=seat == winner)
        named(face.group, f"played {seat}")
        faces.append(caption(face, seat_name(seat, viewer), size=11, color=PAPER))
    return row(faces, gap=6)


def _status(state: Any, viewer: int | None = None) -> str:
    """The line above the table: who acts, and how the bids so far compare with the tricks (the
    number the dealer's hook is about)."""
    if state.is_over:
        best = [seat_name(seat, viewer) for seat in state.winners]
        verb = "scores" if best == [f"player {state.winners[0]}"] else "score"
        who = " and ".join(best) if len(best) < 3 else ", ".join(best[:-1]) + " and " + best[-1]
        return f"The hand is over: {who} {verb} most ({count_of(max(state.scores), 'point')})"
    made = state.bids_in_order
    if state.phase == BID:
        bids = f"the bids so far total {sum(made)}" if made else "no bids yet"
        return f"{to_act(state.current_player, viewer, 'bid')} · {bids}, for {count_of(state.tricks, 'trick')}"
    return (f"{to_act(state.current_player, viewer, 'play')} · the bids total {sum(made)}, "
            f"for {count_of(state.tricks, 'trick')}")


def centre_picture(state: Any, viewer: int | None = None) -> Picture:
    """The middle of the table: the trump card, then the trick being played (or the last one won)."""
    trump = caption(card_picture(state.trump_card, highlight=True),
                    f"trumps: {SUIT_NAMES[state.trump]}", size=12, color=PAPER)
    if state.trick or not state.finished_tricks:
        shown = caption(trick_picture(state.trick, viewer=viewer), "the trick", size=12, color=PAPER)
    else:
        winner, last = state.finished_tricks[-1]
        shown = caption(trick_picture(last, winner=winner, viewer=viewer),
                        f"last trick: {seat_name(winner, viewer)} won it",
                        size=12, color=PAPER)
    parts = [trump, shown]
    if state.played_before:
        parts.append(label_box(f"{count_of(len(state.played_before), 'card')} played before", width=160,
                               fill=LABEL_FILL))
    return row(parts, gap=24)


def seat_picture(state: Any, seat: int, viewer: int | None, *, clickable: bool = False) -> Picture:
    """One player's place: a title (dealer, to act), the bid and, once play begins, the tricks won
    (and the score at the end), and the hand, face up only for its owner (or everybody when
    ``viewer`` is None)."""
    title = seat_name(seat, viewer, capital=True) + (" (dealer)" if seat == state.dealer else "")
    if seat == state.current_player:
        title += " · to " + ("bid" if state.phase == BID else "play")
    bid = state.bids[seat]
    tally = "no bid yet" if bid is None else f"bid {bid}"
    if state.phase != BID:
        tally += f" · won {count_of(state.tricks_won[seat], 'trick')}"
    if state.phase == OVER:
        tally += f" · {count_of(state.scores[seat], 'point')}"
    hand = hand_picture(state.hands[seat], hidden=viewer is not None and viewer != seat, clickable=clickable)
    body = column([label_box(tally, width=230, fill=LABEL_FILL), hand], gap=6)
    return caption(body, title, bold=seat == state.current_player)


def state_picture(state: Any, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The whole table as ``viewer`` sees it (None: everything, for the teacher); ``clickable``:
    the viewer's cards are click targets ``card QH``.

    >>> from .state import new_game
    >>> state = new_game(3, seed=4, tricks=2)
    >>> svg = state_picture(state, viewer=0).svg()
    >>> [card.describe() in svg for card in state.hands[0] + state.hands[1]]
    [True, True, False, False]
    """
    head = label_box(_status(state, viewer), width=420, fill="#dfe9f5")
    seats = [padded(seat_picture(state, seat, viewer, clickable=clickable and seat == viewer), 6, fill=PAPER)
             for seat in range(state.players)]
    return padded(column([head, centre_picture(state, viewer), *seats], gap=8), 10, fill=FELT)
