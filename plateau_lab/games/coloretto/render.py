"""SVG pictures of Coloretto: cards, rows with their cards, collections by colour, the supply.

>>> from plateau_lab.games.coloretto.cards import parse_card
>>> card_picture(parse_card("green")).width
50
>>> from plateau_lab.games.coloretto.engine import new_game
>>> state_picture(new_game(3, seed=1)).svg().count("row ")
3
"""

from __future__ import annotations

from collections.abc import Sequence

from plateau_lab.core import count_of
from plateau_lab.core.render import (FELT, INK, PAPER, Picture, caption, column, element, label_box, padded, row,
                                     seat_name, symbol, target, text)

from .cards import COLOUR, GOLDEN_JOKER, JOKER, LAST_ROUND, PAINT, PLUS_TWO, Card
from .scoring import count_collection

__all__ = ["SYMBOLS", "card_picture", "collection_picture", "sorted_cards_picture", "row_picture", "state_picture", "empty_slot", "card_back"]


CARD_W, CARD_H = 50, 70
DARK_COLOURS = {"blue", "brown"}     # white words on them; dark words on the others
JOKER_STRIPES = ("blue", "brown", "green", "grey", "orange", "pink", "yellow")


#: Each colour's symbol, drawn on its cards under the colour's word, so that no learner needs to tell
#: the colours apart by their paint alone.
SYMBOLS = {"blue": "circle", "brown": "square", "green": "triangle", "grey": "diamond", "orange": "star",
           "pink": "heart", "yellow": "cross"}


def card_picture(card: Card, *, count: int | None = None) -> Picture:
    """One card, its colour also written on it and shown by its symbol (:data:`SYMBOLS`); with
    ``count``, the number of such cards written on it (a stack in a collection).

    >>> from plateau_lab.games.coloretto.cards import parse_card
    >>> svg = card_picture(parse_card("pink"), count=3).svg()
    >>> "pink" in svg, 'data-symbol="heart"' in svg
    (True, True)
    """
    label = str(count) if count is not None else None
    if card.kind == COLOUR:
        fill, ink = PAINT[card.colour], "#fff" if card.colour in DARK_COLOURS else INK
        children = [element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill=fill, stroke=INK)]
        children.append(text(CARD_W / 2, 16, card.colour, size=11, fill=ink, font_weight="bold"))
        children.append(symbol(SYMBOLS[card.colour], CARD_W / 2, 32, size=8, fill=ink))
    elif card.kind in (JOKER, GOLDEN_JOKER):
        children = [element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill=PAPER, stroke=INK)]
        if card.kind == JOKER:
            stripe = (CARD_H - 28) / len(JOKER_STRIPES)
            children += [element("rect", x=5, y=22 + i * stripe, width=CARD_W - 10, height=stripe, fill=PAINT[c])
                         for i, c in enumerate(JOKER_STRIPES)]
        else:
            children.append(element("rect", x=5, y=22, width=CARD_W - 10, height=CARD_H - 28, fill="#d4af37"))
        children.append(text(CARD_W / 2, 16, "joker" if card.kind == JOKER else "gold", size=12, fill=INK,
                             font_weight="bold"))
    elif card.kind == PLUS_TWO:
        children = [element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill=PAPER, stroke=INK),
                    text(CARD_W / 2, 28, "+2", size=20, fill=INK, font_weight="bold")]
    elif card.kind == LAST_ROUND:
        children = [element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill="#9b1c1c", stroke=INK),
                    text(CARD_W / 2, 26, "last", size=12, fill="#fff"), text(CARD_W / 2, 42, "round", size=12, fill="#fff")]
    else:
        raise ValueError(f"no picture for {card!r}")
    if label is not None:
        children.append(element("circle", cx=CARD_W / 2, cy=CARD_H - 17, r=12, fill="#fff", stroke=INK))
        children.append(text(CARD_W / 2, CARD_H - 12, label, size=14, fill=INK, font_weight="bold"))
    return Picture.of(CARD_W, CARD_H, *children)


def empty_slot() -> Picture:
    """A free place next to a row card (dashed outline)."""
    return Picture.of(CARD_W, CARD_H, element("rect", x=1, y=1, width=CARD_W - 2, height=CARD_H - 2, rx=4,
                                              fill="none", stroke="#cfd8cf", stroke_dasharray="4 3"))


def card_back(count: int) -> Picture:
    """The face-down supply with the number of cards left."""
    return Picture.of(CARD_W + 6, CARD_H + 6,
                      element("rect", x=6, y=6, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill="#55606e", stroke=INK),
                      element("rect", x=0.5, y=0.5, width=CARD_W - 1, height=CARD_H - 1, rx=4, fill="#3a4350", stroke=INK),
                      text(CARD_W / 2, CARD_H / 2 + 6, str(count), size=16, fill="#fff", font_weight="bold"))


def row_picture(index: int, cards: Sequence[Card] | None, capacity: int) -> Picture:
    """A row card (with its number and capacity) and the cards next to it; a taken row says so."""
    row_card = Picture.of(
        CARD_W + 8, CARD_H,
        element("rect", x=0.5, y=0.5, width=CARD_W + 7, height=CARD_H - 1, rx=4, fill="#6b4a2b", stroke=INK),
        text((CARD_W + 8) / 2, 24, f"row {index + 1}", size=13, fill="#fff", font_weight="bold"),
        text((CARD_W + 8) / 2, 48, "▢" * capacity, size=11, fill="#fff"),
    )
    if cards is None:
        return row([row_card, label_box("taken this round", width=CARD_W * 3 + 8, height=CARD_H, fill="#cfcfcf")],
                   gap=6)
    slots = [card_picture(card) for card in cards] + [empty_slot() for _ in range(capacity - len(cards))]
    return row([row_card, *slots], gap=4)


def sorted_cards_picture(cards: Sequence[Card], colours: Sequence[str]) -> Picture:
    """Cards sorted by colour, a stack per colour with its count; jokers and "+2" set aside at the right."""
    counts, _, plus_twos = count_collection(cards)
    stacks = [card_picture(Card(COLOUR, colour), count=counts[colour]) for colour in colours if counts[colour]]
    set_aside = []
    for kind in (JOKER, GOLDEN_JOKER):
        copies = sum(card.kind == kind for card in cards)
        if copies:
            set_aside.append(card_picture(Card(kind), count=copies))
    if plus_twos:
        set_aside.append(card_picture(Card(PLUS_TWO), count=plus_twos))
    pictures = stacks or [label_box("no cards", width=80, height=CARD_H)]
    if set_aside:
        pictures = pictures + [Picture.of(6, CARD_H)] + set_aside
    return row(pictures, gap=4)


def collection_picture(state, player: int, *, highlight: bool = False, viewer: int | None = None) -> Picture:
    """A player's collection (``sorted_cards_picture``) under his name ("You" in a picture drawn for
    him, ``viewer``) and what it would score now, jokers and plus colours chosen at best (the choice
    the rules let each player make at the end)."""
    status = " · took a row" if state.sat_out[player] and not state.is_over else ""
    turn = " · to play" if state.current_player == player else ""
    points = f"{count_of(state.scores[player], 'point')}"
    label = f"{seat_name(player, viewer, capital=True)}: {points} if scored now{status}{turn}"
    return caption(sorted_cards_picture(state.collections[player], state.colours), label, bold=highlight,
                   color="#fff")


def state_picture(state, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The whole table: supply and drawn card above, the rows and, beside them, every player's collection.

    ``clickable``: the supply is the click target ``supply`` (draw) and each row ``row N`` (place
    the drawn card there, or take it), see :mod:`plateau_lab.ui.clickable`."""
    supply = card_back(len(state.supply))
    if clickable:
        target(supply.group, "supply")
    top = [caption(supply, "supply", color="#fff")]
    if state.drawn is not None:
        top.append(caption(card_picture(state.drawn), f"drawn by {seat_name(state.turn, viewer)}", color="#fff"))
    if state.last_round:
        top.append(caption(card_picture(Card(LAST_ROUND)), "last round!", color="#fff"))
    status = "game over" if state.is_over else f"round {state.round_number}"
    top.append(caption(Picture.of(10, 10), f"{status} · {state.table} scoring", color="#fff"))
    rows = [row_picture(index, cards, capacity)
            for index, (cards, capacity) in enumerate(zip(state.rows, state.capacities))]
    if clickable:
        for index, picture in enumerate(rows, start=1):
            target(picture.group, f"row {index}")
    players = [collection_picture(state, seat, highlight=seat == viewer or seat == state.current_player,
                                  viewer=viewer)
               for seat in range(state.players)]
    middle = row([caption(column(rows, gap=6), "rows", color="#fff"), column(players, gap=8)], gap=20)
    body = column([row(top, gap=16), middle], gap=14)
    return padded(body, 12, fill=FELT)
