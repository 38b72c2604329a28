"""The table of a described game of rows, drawn with :mod:`plateau_lab.core.render`: the supply (only
counted) and the drawn card, the rows with their free places, and every player's collection stacked
by colour with what it would score now. Each colour card has its colour's name written on it, so
that no card is told by its paint alone. Drawn for the play table (``clickable``), the supply is the
click target ``supply`` (draw) and each row ``row N`` (place the drawn card there, or take it), as in
Coloretto's picture (see :mod:`plateau_lab.ui.clickable`).

>>> from plateau_lab.kit.examples import COLORETTO
>>> svg = COLORETTO.new_game(3, seed=1).to_svg(viewer=0)
>>> svg.count(">row "), "You: " in svg, "supply" in svg
(3, True, True)
>>> from plateau_lab.kit.rows_picture import state_picture
>>> picture = state_picture(COLORETTO.new_game(3, seed=1), 0, clickable=True)
>>> sorted(part.get("data-target") for part in picture.group.iter() if part.get("data-target"))
['row 1', 'row 2', 'row 3', 'supply']
"""

from __future__ import annotations

__all__ = ["card_picture", "state_picture"]

from collections import Counter

from plateau_lab.core import count_of
from plateau_lab.core.render import (FELT, INK, PAPER, Picture, caption, column, element, label_box, padded, row,
                                     seat_name, target, text)

from .picture import COLOUR_INKS, PALETTE
from .rows import END_CARD, JOKER, PLUS_TWO
from .rows_engine import RowState

CARD_W, CARD_H = 50, 64
#: Light colours, painted as themselves and named in dark ink (the other paints are dark: white ink).
LIGHT_PAINTS = {"white": "#f4f4ee", "yellow": "#f2d13c"}


def _paint(colour: str, colours: tuple[str, ...]) -> str:
    """A colour card's paint: the colour itself when it is a common one, else one of a palette."""
    name = colour.casefold()
    return LIGHT_PAINTS.get(name) or COLOUR_INKS.get(name, PALETTE[colours.index(colour) % len(PALETTE)])


def card_picture(card: str, colours: tuple[str, ...], *, count: int | None = None) -> Picture:
    """One card: a colour card painted and named, a "+2", a joker or "last round"; with ``count``,
    how many such cards a stack holds, written on it."""
    painted = card in colours
    fill = _paint(card, colours) if painted else ("#9b1c1c" if card == END_CARD else PAPER)
    ink = "#fff" if (painted and card.casefold() not in LIGHT_PAINTS) or card == END_CARD else INK
    words = card.split() if card == END_CARD else [card]
    children = [element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill=fill, stroke=INK)]
    children += [text(CARD_W / 2, 18 + 14 * place, word, size=11 if len(word) < 8 else 9, fill=ink, font_weight="bold")
                 for place, word in enumerate(words)]
    if count is not None:
        children.append(element("circle", cx=CARD_W / 2, cy=CARD_H - 16, r=11, fill="#fff", stroke=INK))
        children.append(text(CARD_W / 2, CARD_H - 11, str(count), size=13, fill=INK, font_weight="bold"))
    return Picture.of(CARD_W, CARD_H, *children)


def _row(index: int, cards: tuple[str, ...] | None, capacity: int, colours: tuple[str, ...]) -> Picture:
    name = Picture.of(CARD_W + 8, CARD_H,
                      element("rect", x=0.5, y=0.5, width=CARD_W + 7, height=CARD_H - 1, rx=4, fill="#6b4a2b",
                              stroke=INK),
                      text((CARD_W + 8) / 2, 26, f"row {index + 1}", size=13, fill="#fff", font_weight="bold"),
                      text((CARD_W + 8) / 2, 46, count_of(capacity, "place"), size=10, fill="#fff"))
    if cards is None:
        return row([name, label_box("taken this round", width=CARD_W * 3, height=CARD_H, fill="#cfcfcf")], gap=6)
    free = [Picture.of(CARD_W, CARD_H, element("rect", x=1, y=1, width=CARD_W - 2, height=CARD_H - 2, rx=4,
                                               fill=FELT, stroke="#cfd8cf", stroke_dasharray="4 3"))
            for _ in range(capacity - len(cards))]
    return row([name, *(card_picture(card, colours) for card in cards), *free], gap=4)


def _collection(state: RowState, seat: int, viewer: int | None) -> Picture:
    held = Counter(state.collections[seat])
    stacks = [card_picture(card, state.colours, count=held[card])
              for card in (*state.colours, JOKER, PLUS_TWO) if held[card]]
    status = " · took a row" if state.sat_out[seat] and not state.is_over else ""
    turn = " · to play" if state.current_player == seat else ""
    label = f"{seat_name(seat, viewer, capital=True)}: {count_of(state.scores[seat], 'point')} if scored now{status}{turn}"
    return caption(row(stacks, gap=4) if stacks else label_box("no cards", width=80, height=CARD_H), label,
                   bold=seat in (viewer, state.current_player), color="#fff")


def state_picture(state: RowState, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The whole table as ``viewer`` sees it (everything but the supply lies face up for everybody);
    ``clickable``: the supply and the rows marked as the play table's click targets."""
    supply = Picture.of(CARD_W, CARD_H,
                        element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill="#3a4350",
                                stroke=INK),
                        text(CARD_W / 2, CARD_H / 2 + 6, str(len(state.supply)), size=16, fill="#fff", font_weight="bold"))
    if clickable:
        target(supply.group, "supply")
    top = [caption(supply, "supply", color="#fff")]
    if state.drawn is not None:
        top.append(caption(card_picture(state.drawn, state.colours), f"drawn by {seat_name(state.turn, viewer)}",
                           color="#fff"))
    if state.last_round:
        top.append(caption(card_picture(END_CARD, state.colours), "this is the last round", color="#fff"))
    top.append(caption(Picture.of(10, 10), "game over" if state.is_over else f"round {state.round_number}",
                       color="#fff"))
    rows = [_row(index, cards, capacity, state.colours)
            for index, (cards, capacity) in enumerate(zip(state.rows, state.capacities))]
    if clickable:
        for index, picture in enumerate(rows, start=1):
            target(picture.group, f"row {index}")
    players = [_collection(state, seat, viewer) for seat in range(state.players)]
    middle = row([caption(column(rows, gap=6), "rows", color="#fff"), column(players, gap=8)], gap=20)
    return padded(column([row(top, gap=16), middle], gap=14), 12, fill=FELT)
