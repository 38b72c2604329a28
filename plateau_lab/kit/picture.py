"""The table of a described game, drawn with :mod:`plateau_lab.core.render`: every card face shows its
rank and its suit as a symbol (♣ ♦ ♠ ♥) or its letter, so no card is told by its colour alone;
hands are face up only for their owner.

>>> from plateau_lab.kit.description import Card
>>> svg = card_picture(Card("H", "Q", 10), {"H": "hearts"}).svg()
>>> "♥" in svg and ">Q<" in svg and "the queen of hearts" in svg
True
>>> "R" in card_picture(Card("R", "7", 6), {"R": "red"}).svg()
True
"""

from __future__ import annotations

__all__ = ["back_picture", "card_picture", "state_picture", "suit_mark"]

from collections.abc import Mapping, Sequence
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.render import (FELT, INK, PAPER, Picture, caption, column, element, label_box, named, padded,
                                     row, seat_name, target, text, to_act)

from .description import SUIT_SYMBOLS, Card
from .deal import out_of_play_words
from .engine import BID, OVER
from .moves import HIDDEN

WIDTH, HEIGHT = 40, 58
#: A named card (a deck of named cards) is wider: its name is written across its foot.
NAMED_WIDTH = 66
LABEL_FILL = "#f4f1e6"
#: Inks for suits: the French suits red and black as usual; a suit named by a colour in that colour;
#: others from a palette (the suit's letter or symbol is always drawn too).
FRENCH_INKS = {"C": "#222222", "D": "#c0392b", "S": "#222222", "H": "#c0392b"}
COLOUR_INKS = {"red": "#c0392b", "green": "#1e7a46", "blue": "#1f5fa8", "yellow": "#7d6608", "purple": "#8e44ad",
               "orange": "#b35900", "black": "#222222", "grey": "#666666", "gray": "#666666", "brown": "#7b4a1e",
               "pink": "#b0306a"}
PALETTE = ("#1f5fa8", "#8e44ad", "#1e7a46", "#b35900", "#7a1f3d", "#3b3b98")


def suit_mark(suit: str) -> str:
    """How a card shows its suit: the symbol of a French suit, else its letter."""
    return SUIT_SYMBOLS.get(suit, suit)


def _ink(suit: str, suit_names: Mapping[str, str]) -> str:
    if set(suit_names) <= set(FRENCH_INKS):
        return FRENCH_INKS[suit]
    return COLOUR_INKS.get(suit_names[suit].casefold(), PALETTE[list(suit_names).index(suit) % len(PALETTE)])


def card_picture(card: Card, suit_names: Mapping[str, str], *, highlight: bool = False) -> Picture:
    """A card face: rank and suit mark in the corner, a large suit mark in the middle (a named card:
    its name across its foot instead), its name in words as the picture's title; ``highlight`` draws
    a thick frame (a trick's winner, the trump card).

    >>> svg = card_picture(Card("P", "8", 7, name="Chance Meeting"), {"P": "plots"}).svg()
    >>> ">Chance<" in svg and ">Meeting<" in svg and 'width="66"' in svg
    True
    """
    ink = _ink(card.suit, suit_names)
    width = NAMED_WIDTH if card.name else WIDTH
    frame = {"stroke_width": 3} if highlight else {}
    title = element("title")
    title.text = card.describe(suit_names)
    if card.name:
        lines = _name_lines(card.name)
        foot = [text(width / 2, HEIGHT - 17 + 11 * row_number + 5 * (2 - len(lines)), line, size=10, fill=INK)
                for row_number, line in enumerate(lines)]
    else:
        foot = [text(WIDTH / 2 + 4, HEIGHT - 10, suit_mark(card.suit), size=22, fill=ink)]
    return Picture.of(
        width, HEIGHT, title,
        element("rect", x=0.5, y=0.5, width=width - 1, height=HEIGHT - 1, rx=5, fill=PAPER, stroke=ink, **frame),
        text(4, 15, card.rank, size=13 if len(card.rank) < 3 else 11, anchor="start", fill=ink, font_weight="bold"),
        text(4, 28, suit_mark(card.suit), size=12, anchor="start", fill=ink),
        *foot,
    )


def _name_lines(name: str) -> list[str]:
    """A card's name on at most two lines of about ten letters (a longer word is cut with …)."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= 11:
            lines[-1] += " " + word
        else:
            lines.append(word if len(word) <= 11 else word[:10] + "…")
    return lines if len(lines) <= 2 else [lines[0], " ".join(lines[1:])[:10] + "…"]


def back_picture(width: float = WIDTH) -> Picture:
    """The back of a card (``width`` wide): a card its viewer may not see."""
    return Picture.of(
        width, HEIGHT,
        element("rect", x=0.5, y=0.5, width=width - 1, height=HEIGHT - 1, rx=5, fill="#2c4a7a", stroke=INK),
        element("rect", x=5, y=5, width=width - 10, height=HEIGHT - 10, rx=3, fill="none", stroke="#b9c9e8"),
    )


def _hand(cards: Sequence[Card], names: Mapping[str, str], *, hidden: bool, clickable: bool) -> Picture:
    if not cards:
        return Picture.of(WIDTH, HEIGHT)
    if hidden:
        width = NAMED_WIDTH if cards[0].name else WIDTH
        return row([back_picture(width) for _ in cards], gap=16 - width)
    faces = [card_picture(card, names) for card in cards]
    if clickable:
        for card, face in zip(cards, faces):
            target(face.group, f"card {card}")
    return row(faces, gap=3)


def _trick(trick: Sequence[tuple[int, Card]], names: Mapping[str, str], winners: Sequence[int],
           viewer: int | None, face_down: Card | str | None = None, turned: bool = False) -> Picture:
    """The cards of a trick, each captioned with its player, the winners' framed; the card laid face
    down with the lead beside it (its back while the viewer may not see it)."""
    if not trick:
        return Picture.of(WIDTH, HEIGHT + 17)
    faces = []
    for seat, card in trick:
        face = card_picture(card, names, highlight=seat in winners)
        named(face.group, f"played {seat}")
        faces.append(caption(face, seat_name(seat, viewer), size=11, color=PAPER))
        if face_down is not None and len(faces) == 1:
            under = back_picture(NAMED_WIDTH if card.name else WIDTH) if face_down == HIDDEN else \
                card_picture(face_down, names)
            named(under.group, "face down")
            faces.append(caption(under, "turned up" if turned else "face down", size=11, color=PAPER))
    return row(faces, gap=6)


def _status(state: Any, viewer: int | None) -> str:
    turns = state.described.turns
    if state.is_over and turns is not None:
        return f"The game is over: {seat_name(state.winners[0], viewer)} won with {count_of(max(state.scores), 'point')}"
    if state.is_over:
        best = " and ".join(map(str, state.winners))
        return f"The hand is over: player {best} scores most ({count_of(max(state.scores), 'point')})"
    laying = _laying(state)
    verb = ("lay cards face down" if laying else "bid") if state.phase == BID else "play"
    line = to_act(state.current_player, viewer, verb)
    if state.bids and not laying:
        made = [bid for bid in state.bids if bid is not None]
        line += f" · the bids total {sum(made)}, for {count_of(state.hand_size, 'trick')}"
    if turns is not None:
        line += f" · the first to {turns.play_to} points, alone, wins"
    return line


def _centre(state: Any, viewer: int | None) -> Picture:
    names = state.described.suit_names
    parts = []
    if state.trump_card is not None:
        parts.append(caption(card_picture(state.trump_card, names, highlight=True),
                             f"trumps: {names[state.trumps]}", size=12, color=PAPER))
    else:
        parts.append(label_box("no trumps" if state.trumps is None else f"trumps: {names[state.trumps]}",
                               width=140, fill=LABEL_FILL))
    if state.out_of_play:
        words = out_of_play_words(state.described, state.out_of_play)
        if len(words) > 40:
            words = count_of(len(state.out_of_play), "card")
        parts[0] = column([parts[0], label_box(f"out of play: {words}", width=max(140, 7 * len(words) + 90),
                                               fill=LABEL_FILL)], gap=6)
    if state.described.turns is not None:
        parts[0] = column([parts[0], label_box(f"stock: {count_of(len(state.stock), 'card')} · played: "
                                               f"{count_of(len(state.discards), 'card')}", width=220,
                                               fill=LABEL_FILL)], gap=6)
    if state.trick or not state.finished_tricks:
        face_down = state.face_down if viewer is None else state.face_down_seen_by(viewer)
        parts.append(caption(_trick(state.trick, names, (), viewer, face_down), "the trick", size=12, color=PAPER))
    else:
        winners, last = state.finished_tricks[-1]
        who = " and ".join(seat_name(seat, viewer) for seat in winners)
        face_down = state.turned_up[-1] if state.turned_up else None
        parts.append(caption(_trick(last, names, winners, viewer, face_down, turned=True),
                             f"last trick: {who} won it" if winners else "last trick: nobody won it", size=12,
                             color=PAPER))
    return row(parts, gap=24)


def _seat(state: Any, seat: int, viewer: int | None, clickable: bool) -> Picture:
    title = seat_name(seat, viewer, capital=True) + (" (dealer)" if seat == state.dealer else "")
    if seat == state.current_player:
        leads = state.phase != BID and not state.trick and state.described.face_down_lead
        title += " · to " + (("lay cards" if _laying(state) else "bid") if state.phase == BID else
                             "lead (a second card face down, or not)" if leads else "play")
    tally = []
    if state.bids:
        bid = state.bids_seen_by(viewer)[seat]
        tally.append("no cards laid yet" if bid is None and _laying(state) else _bid_words(bid))
    if state.phase != BID:
        tally.append(f"won {count_of(state.tricks_won[seat], 'trick')}")
    if state.phase == OVER or state.described.turns is not None:
        tally.append(count_of(state.scores[seat], "point"))
    hand = _hand(state.hands[seat], state.described.suit_names, hidden=viewer is not None and viewer != seat,
                 clickable=clickable)
    body = column([label_box(" · ".join(tally), width=230, fill=LABEL_FILL), hand], gap=6)
    return caption(body, title, bold=seat == state.current_player)


def _laying(state: Any) -> bool:
    """Whether players bid by laying cards face down in this game."""
    return state.described.bidding is not None and bool(state.described.bidding.cards)


def _bid_words(bid: Any) -> str:
    """A bid as the viewer sees it: ``bid 2``; cards laid: ``laid 3R over 9B``, ``laid 3R, 1 face
    down``, ``laid 2 cards face down``."""
    if bid is None:
        return "no bid yet"
    if not isinstance(bid, tuple):
        return f"bid {bid}"
    seen = [str(card) for card in bid if card != HIDDEN]
    hidden = len(bid) - len(seen)
    if not hidden:
        return "laid " + " over ".join(seen)
    return f"laid {', '.join(seen)}, {hidden} face down" if seen else f"laid {count_of(hidden, 'card')} face down"


def state_picture(state: Any, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The whole table as ``viewer`` sees it (None: every hand, for the teacher; a seat past the
    table's: an onlooker, every hand face down); ``clickable``: the viewer's cards are the click
    targets ``card QH``.

    >>> from plateau_lab.kit.examples import OH_HELL
    >>> state = OH_HELL.new_game(3, seed=4)
    >>> svg = state_picture(state, viewer=0).svg()
    >>> [card.describe() in svg for card in state.hands[0][:1] + state.hands[1][:1]]
    [True, False]
    """
    head = label_box(_status(state, viewer), width=420, fill="#dfe9f5")
    seats = [padded(_seat(state, seat, viewer, clickable and seat == viewer), 6, fill=PAPER)
             for seat in range(state.players)]
    return padded(column([head, _centre(state, viewer), *seats], gap=8), 10, fill=FELT)
