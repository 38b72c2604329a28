"""Pictures of Wimmüln: cards with their triangles, estimate crosses, the trick and the table.

>>> from plateau_lab.games.wimmuln.cards import card
>>> picture = card_picture(card(7, "red"))
>>> svg = picture.svg()
>>> picture.width, picture.height, svg.count("<polygon"), 'data-symbol="heart"' in svg
(40, 60, 2, True)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from plateau_lab.core import count_of
from plateau_lab.core.render import (FELT, INK, PAPER, Picture, caption, column, element, label_box, named, number,
                                     padded, row, seat_name, symbol, target, text)

from .cards import Card
from .engine import ESTIMATE, OPEN, OVER, ROUND_OVER, Estimate, State

__all__ = ["INKS", "TINTS", "SYMBOLS", "WIDTH", "HEIGHT", "CROSS_SHIFT", "card_picture", "back_picture", "round_scores_picture",
           "lying_card_picture", "cross_picture", "hand_picture", "trick_picture", "estimate_label", "seat_picture",
           "centre_picture", "state_picture"]


#: Each colour's ink (its number, word and triangles) and the tint of its card: every two inks stay
#: apart for colour-blind eyes (tests/test_palette.py), and each colour's word is written on its card.
INKS = {"red": "#840602", "blue": "#1a3974", "green": "#45745c", "yellow": "#8d6707", "black": "#131515"}
TINTS = {"red": "#fdecea", "blue": "#e8f0fa", "green": "#e7f5ec", "yellow": "#fdf6dc", "black": "#eeeeee"}
#: Each colour's symbol, in the top-left corner of its cards: the colour is never the only cue.
#: (No triangle: triangles along a card's edge are what it scores.)
SYMBOLS = {"red": "heart", "blue": "circle", "green": "diamond", "yellow": "star", "black": "square"}
WIDTH, HEIGHT = 40, 60
CROSS_SHIFT = 28      # how far right the upright estimate card lies, leaving the lying card's end in view


def card_picture(card: Card, *, width: float = WIDTH, height: float = HEIGHT, highlight: bool = False,
                 worth: Sequence[int] | None = None) -> Picture:
    """A card: its number in its colour, the colour's symbol (:data:`SYMBOLS`) in the top-left
    corner, its triangles along the bottom edge (``worth``: the rule
    set's triangles per card number, ``state.rules.triangles``; None: the printed ones);
    ``highlight`` a thick frame.

    >>> from .cards import card
    >>> [card_picture(card(5, "red"), worth=table).svg().count("<polygon") for table in (None, (3,) * 10)]
    [1, 3]
    """
    ink = INKS[card.colour]
    frame = {"stroke_width": 3} if highlight else {}
    children = [
        element("rect", x=0.5, y=0.5, width=width - 1, height=height - 1, rx=5, fill=TINTS[card.colour],
                stroke=ink, **frame),
        text(width / 2, height * 0.55, str(card.number), size=height * 0.42, fill=ink, font_weight="bold"),
        symbol(SYMBOLS[card.colour], width * 0.17, height * 0.13, size=height * 0.075, fill=ink),
    ]
    side, base = width * 0.2, height - 5
    triangles = card.triangles if worth is None else worth[card.number]
    start = width / 2 - triangles * side / 2
    for index in range(triangles):
        left = start + index * side
        children.append(element("polygon", points=f"{left + 1:.1f},{base} {left + side - 1:.1f},{base} "
                                                  f"{left + side / 2:.1f},{base - side * 0.8:.1f}", fill=ink))
    return Picture.of(width, height, *children)


#: The colours of a card's back: its ground, and the frame and lattice drawn on it.
BACK, BACK_LINES = "#5b4a8b", "#c9bde8"


def back_picture(*, width: float = WIDTH, height: float = HEIGHT) -> Picture:
    """The back of a card (a card nobody but its owner may see): a framed diagonal lattice, no
    letter, so that backs overlapping in a hand read as backs.

    >>> svg = back_picture().svg()
    >>> "<text" in svg, svg.count("<path")
    (False, 1)
    """
    margin = max(3.0, width / 8)
    return Picture.of(
        width, height,
        element("rect", x=0.5, y=0.5, width=width - 1, height=height - 1, rx=5, fill=BACK, stroke=INK),
        element("rect", x=margin, y=margin, width=width - 2 * margin, height=height - 2 * margin, rx=3,
                fill="none", stroke=BACK_LINES),
        element("path", d=_lattice(margin, margin, width - margin, height - margin, step=width / 5),
                stroke=BACK_LINES, stroke_width=1, fill="none", opacity=0.7),
    )


def _lattice(left: float, top: float, right: float, bottom: float, *, step: float) -> str:
    """Path data of two sets of diagonal lines, ``step`` apart, filling a rectangle.

    >>> _lattice(0, 0, 10, 10, step=10)
    'M0,10L10,0M0,0L10,10'
    """
    moves = []
    total = top + left
    while (total := total + step) < bottom + right:          # the lines x + y = total
        x0, x1 = max(left, total - bottom), min(right, total - top)
        moves.append(f"M{number(x0)},{number(total - x0)}L{number(x1)},{number(total - x1)}")
    gap = left - bottom
    while (gap := gap + step) < right - top:                  # the lines x - y = gap
        x0, x1 = max(left, top + gap), min(right, bottom + gap)
        moves.append(f"M{number(x0)},{number(x0 - gap)}L{number(x1)},{number(x1 - gap)}")
    return "".join(moves)


def _rotated(picture: Picture, x: float, y: float) -> ET.Element:
    """``picture`` turned a quarter to lie across, its top-left corner at (x, y)."""
    turned = element("g", transform=f"translate({x + picture.height:g},{y:g}) rotate(90)")
    turned.append(picture.group)
    return turned


def lying_card_picture(card: Card) -> Picture:
    """A face-down estimate card lying across, as its owner (or, once revealed, everyone) sees it:
    dashed and pale, its number upright at the left end, which the upright card does not cover.

    >>> from .cards import card
    >>> picture = lying_card_picture(card(4, "green"))
    >>> picture.width, picture.height, ">4</text>" in picture.svg()
    (60, 40, True)
    """
    ink = INKS[card.colour]
    return Picture.of(
        HEIGHT, WIDTH,
        element("rect", x=0.5, y=0.5, width=HEIGHT - 1, height=WIDTH - 1, rx=5, fill=TINTS[card.colour], stroke=ink,
                stroke_dasharray="4 3"),
        text(CROSS_SHIFT / 2, WIDTH / 2 + 7, str(card.number), size=20, fill=ink, font_weight="bold"),
    )


def cross_picture(estimate: Estimate | None, *, show_top: bool, show_bottom: bool, laid: bool = True,
                  worth: Sequence[int] | None = None) -> Picture:
    """Two estimate cards laid as a cross: the face-down one across, the top one upright over it,
    moved right so that the left end of the face-down one shows.

    ``show_top``/``show_bottom``: whether the viewer may see them; the bottom card shown (to its
    owner, or to all once the round is over) is drawn pale and dashed, as it lies face down, with
    its number on its uncovered end. With nothing laid yet: an empty place.
    """
    width, height = CROSS_SHIFT + WIDTH, HEIGHT
    if estimate is None and not laid:
        return Picture.of(width, height, element("rect", x=0.5, y=0.5, width=width - 1, height=height - 1, rx=8,
                                                 fill="none", stroke="#bbb", stroke_dasharray="5 4"))
    across = (HEIGHT - WIDTH) / 2
    bottom = (lying_card_picture(estimate.bottom).placed(0, across) if show_bottom
              else _rotated(back_picture(), 0, across))
    top = card_picture(estimate.top, worth=worth) if show_top else back_picture()
    return Picture.of(width, height, bottom, top.placed(CROSS_SHIFT, 0))


def hand_picture(cards: Sequence[Card], *, hidden: bool = False, clickable: bool = False,
                 worth: Sequence[int] | None = None) -> Picture:
    """A hand, small cards side by side (backs only when ``hidden``); ``clickable``: each card is
    the click target ``card 7 red`` (larger, to be easy to hit); ``worth`` as in :func:`card_picture`."""
    size = {"width": WIDTH, "height": HEIGHT} if clickable else {"width": 28, "height": 42}
    if hidden:
        return row([back_picture(**size) for _ in cards], gap=-14) if cards else Picture.of(0, 42)
    faces = [card_picture(card, worth=worth, **size) for card in cards]
    if clickable:
        for card, face in zip(cards, faces):
            target(face.group, f"card {card}")
    return row(faces, gap=3) if cards else Picture.of(0, 42)


def trick_picture(trick: Sequence[tuple[int, Card]], *, winner: int | None = None,
                  viewer: int | None = None, worth: Sequence[int] | None = None) -> Picture:
    """The cards of a trick in the order played, each under its seat's number ("you" in a picture
    drawn for ``viewer``; named ``played SEAT``); the ``winner``'s card is framed."""
    if not trick:
        return Picture.of(WIDTH, HEIGHT + 19)
    faces = []
    for seat, card in trick:
        face = card_picture(card, highlight=seat == winner, worth=worth)
        named(face.group, f"played {seat}")
        faces.append(caption(face, seat_name(seat, viewer) + (" won it" if seat == winner else ""), size=11,
                             color=PAPER))
    return row(faces, gap=6)


def estimate_label(estimate: Estimate | None, *, show_top: bool, show_bottom: bool) -> str:
    if estimate is None:
        return "no estimate yet"
    top = str(estimate.top.number) if show_top else "?"
    bottom = str(estimate.bottom.number) if show_bottom else "?"
    return f"estimates {top} up, {bottom} down"


def seat_picture(state: State, seat: int, viewer: int | None, *, clickable: bool = False) -> Picture:
    """One player's place: name, score, the cross, the tricks won against the estimates, the hand."""
    everything = viewer is None or viewer == seat or state.phase in (ROUND_OVER, OVER)
    estimate = state.estimates[seat]
    show_top = estimate is not None and (everything or state.phase not in (OPEN, ESTIMATE))
    show_bottom = estimate is not None and everything
    title = (seat_name(seat, viewer, capital=True) + (" (dealer)" if seat == state.dealer else "")
             + f" · {count_of(state.totals[seat], 'point')}")
    if seat == state.current_player:
        title += " · to play"
    worth = state.rules.triangles
    cross = cross_picture(estimate, show_top=show_top, show_bottom=show_bottom, laid=estimate is not None, worth=worth)
    won = state.tricks_won[seat]
    counts = label_box(f"{count_of(won, 'trick')} · "
                       + estimate_label(estimate, show_top=show_top, show_bottom=show_bottom),
                       width=250, fill="#f4f1e6")
    triangles = label_box(f"{count_of(state.triangles_won[seat], 'triangle')} won",
                          width=150, fill="#f4f1e6")
    hand = hand_picture(state.hands[seat], hidden=not (viewer is None or viewer == seat), clickable=clickable,
                        worth=worth)
    right = column([row([counts, triangles], gap=6), hand], gap=6)
    return caption(row([cross, right], gap=12, align="middle"), title, bold=seat == state.current_player)


def centre_picture(state: State, viewer: int | None = None) -> Picture:
    """The middle of the table: the dealer's shown cards and trumps, the trick (or the last one), and
    after a round its scores below them."""
    worth = state.rules.triangles
    shown = row([card_picture(card, worth=worth) for card in state.shown], gap=4)
    trumps = f"trumps: {state.trump}" if state.trump else "no trumps"
    parts = [caption(shown, f"round {state.round_number} · shown · {trumps}", size=12, color=PAPER)]
    if state.trick or not state.finished_tricks:
        parts.append(caption(trick_picture(state.trick, viewer=viewer, worth=worth), "the trick", size=12,
                             color=PAPER))
    else:
        winner, last = state.finished_tricks[-1]
        parts.append(caption(trick_picture(last, winner=winner, viewer=viewer, worth=worth),
                             f"last trick: {seat_name(winner, viewer)} won it",
                             size=12, color=PAPER))
    middle = row(parts, gap=24)
    if state.phase not in (ROUND_OVER, OVER):
        return middle
    result = state.round_results[-1]
    scored = round_scores_picture(result, viewer)
    # Under the cards, not beside them: the table stays within an 800-pixel page.
    return column([middle, caption(scored, f"round {result.round_number} scored", size=12, color=PAPER)], gap=8)


#: The columns of a round's scores: heading, where its words end (numbers stand right-aligned
#: under their heading), and the width of the whole table.
SCORE_COLUMNS = (("triangles", 138), ("bonus", 196), ("points", 254))
SCORES_WIDTH, SCORE_ROW = 266, 18


def round_scores_picture(result, viewer: int | None = None) -> Picture:
    """A round's scores as a small table: a row per player ("you" for ``viewer``), the triangles won,
    the bonus and the round's points (their sum) each in its own column, numbers right-aligned under
    the heading.

    >>> from plateau_lab.games.wimmuln.engine import RoundResult
    >>> result = RoundResult(1, 0, None, (None, None), (2, 0), (41, 0), (20, 5))
    >>> [text.text for text in round_scores_picture(result).group.iter("text")][:5]
    ['triangles', 'bonus', 'points', 'player 0', '41']
    """
    rows = [("", *(heading for heading, _ in SCORE_COLUMNS))]
    rows += [(seat_name(seat, viewer), str(triangles), str(bonus), str(triangles + bonus))
             for seat, (triangles, bonus) in enumerate(zip(result.triangles, result.bonuses))]
    height = SCORE_ROW * len(rows) + 8
    parts = [element("rect", x=0.5, y=0.5, width=SCORES_WIDTH - 1, height=height - 1, rx=6, fill="#f4f1e6",
                     stroke="#999")]
    for number, (who, *figures) in enumerate(rows):
        baseline = 4 + SCORE_ROW * (number + 1) - 5
        heading = number == 0
        if who:
            parts.append(text(10, baseline, who, size=12, anchor="start", fill=INK))
        for figure, (_, right) in zip(figures, SCORE_COLUMNS):
            total = right == SCORE_COLUMNS[-1][1]
            style = {"fill": "#555"} if heading else {"fill": INK, "font_weight": "bold"} if total else {"fill": INK}
            parts.append(text(right, baseline, figure, size=11 if heading else 12, anchor="end", **style))
    return Picture.of(SCORES_WIDTH, height, *parts)


def state_picture(state: State, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The whole table, as ``viewer`` sees it (None: everything, for the teacher); ``clickable``:
    the viewer's cards are click targets ``card 7 red`` (see :mod:`plateau_lab.ui.clickable`)."""
    seats = [padded(seat_picture(state, seat, viewer, clickable=clickable and seat == viewer), 6, fill=PAPER)
             for seat in range(state.players)]
    return padded(column([centre_picture(state, viewer), *seats], gap=8), 10, fill=FELT)
