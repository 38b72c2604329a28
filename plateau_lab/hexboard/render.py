"""SVG pictures of the board: the hexagon of 37 spaces, tokens, counters, numbered sides.

Built from :mod:`plateau_lab.render`, so the same board always gives the same text::

    >>> from plateau_lab.hexboard import Board
    >>> board = Board.official(4).place((0, 0), 0)
    >>> board.to_svg() == board.to_svg()
    True
    >>> board.to_svg().count("<polygon")      # the board outline and 37 spaces
    38
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..render import FONT, INK, Picture, element, text
from .model import CELLS, CORNERS, DECLARERS, OPPONENTS, SIDES, Board, Cell, sides_of, token_kind

SIZE = 30.0                      # centre to corner of one space
MARGIN = 34.0
SQRT3 = math.sqrt(3)
COUNTER_COLOURS = {DECLARERS: ("#5a3a22", "#fff"), OPPONENTS: ("#ecd9b0", INK)}   # dark brown, beige
SPACE_COLOURS = {"trick": "#dfe7ef", "trump": "#f6e3a1", "card": "#fbfaf5"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
RED_SUITS = {"H", "D"}
HIGHLIGHT = "#d62728"
PATH = "#1f77b4"
BOARD_FILL = "#3b6e8f"


def centre(cell: Cell, size: float = SIZE) -> tuple[float, float]:
    """The centre of a space, relative to the centre of the board (pointy-top hexes, side 1 on top)."""
    q, r = cell
    return size * SQRT3 * (q + r / 2), size * 1.5 * r


def hexagon_points(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The corners of a pointy-top hexagon centred on (x, y)."""
    return [(x + size * math.cos(math.radians(60 * k - 30)), y + size * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _points(points: Iterable[tuple[float, float]]) -> str:
    from ..render import number
    return " ".join(f"{number(x)},{number(y)}" for x, y in points)


def token_label(token: str) -> tuple[str, str]:
    """What a space shows, and in which colour: ``5`` for trick 5, ``21`` for trump 21,
    ``★`` for the Excuse, ``R♠`` for the king of spades."""
    kind = token_kind(token)
    if token == "EXC":
        return "★", INK
    if kind in ("trick", "trump"):
        return token[1:], INK
    return token[0] + SUIT_SYMBOLS[token[1]], "#c0392b" if token[1] in RED_SUITS else INK


def side_label_positions(size: float = SIZE) -> dict[int, tuple[float, float]]:
    """Where each side's number goes: beyond the middle of that side."""
    positions = {}
    for side in SIDES:
        ends = [centre(c, size) for c in CORNERS if side in sides_of(c)]
        x = sum(p[0] for p in ends) / 2
        y = sum(p[1] for p in ends) / 2
        length = math.hypot(x, y)
        reach = length + size * 1.45
        positions[side] = (x / length * reach, y / length * reach)
    return positions


def board_picture(board: Board, *, highlight: Iterable[Cell] = (), path: Sequence[Cell] | Iterable[Cell] = (),
                  title: str | None = None, coordinates: bool = False) -> Picture:
    """The board: spaces with their tokens, counters of both teams, sides numbered 1–6,
    ``highlight`` cells outlined in red and ``path`` (cells in order) drawn as a blue line."""
    highlight = frozenset(highlight)
    path = list(path)
    half_width = SIZE * SQRT3 * 3.5 + MARGIN
    half_height = SIZE * 4.5 + 58
    legend = 22.0
    top = 24.0 if title else 0.0
    ox, oy = half_width, half_height + top

    def at(cell: Cell) -> tuple[float, float]:
        x, y = centre(cell)
        return x + ox, y + oy

    parts = []
    if title:
        parts.append(text(ox, 17, title, size=14, fill=INK, font_weight="bold"))
    outline = [at(c) for c in sorted(CORNERS, key=lambda c: math.atan2(centre(c)[1], centre(c)[0]))]
    grown = [(ox + (x - ox) * 1.22, oy + (y - oy) * 1.22) for x, y in outline]
    parts.append(element("polygon", points=_points(grown), fill=BOARD_FILL, stroke=INK, stroke_width=1.5))
    for side, (x, y) in sorted(side_label_positions().items()):
        parts.append(element("circle", cx=x + ox, cy=y + oy, r=10, fill="#fff", stroke=INK))
        parts.append(text(x + ox, y + oy + 4.5, str(side), size=12, fill=INK, font_weight="bold"))
    for cell in CELLS:
        x, y = at(cell)
        token = board.layout[cell]
        parts.append(element("polygon", points=_points(hexagon_points(x, y, SIZE - 1.5)),
                             fill=SPACE_COLOURS[token_kind(token)], stroke="#555", stroke_width=1))
        label, colour = token_label(token)
        team = board.counters.get(cell)
        if team is not None:
            fill, colour = COUNTER_COLOURS[team]
            parts.append(element("circle", cx=x, cy=y, r=SIZE * 0.6, fill=fill, stroke=INK, stroke_width=1.2))
        parts.append(text(x, y + 4.5, label, size=13, fill=colour, font_weight="bold"))
        kind = "" if token == "EXC" else {"trick": "trick", "trump": "trump", "card": ""}[token_kind(token)]
        if kind and team is None:
            parts.append(text(x, y + 16, kind, size=7, fill="#666"))
        if coordinates:
            parts.append(text(x, y - 12, f"{cell[0]},{cell[1]}", size=7, fill="#555"))
    if len(path) > 1:
        parts.append(element("polyline", points=_points(at(c) for c in path), fill="none", stroke=PATH,
                             stroke_width=4, stroke_linecap="round", stroke_linejoin="round", opacity=0.8))
    for cell in sorted(highlight):
        x, y = at(cell)
        parts.append(element("polygon", points=_points(hexagon_points(x, y, SIZE - 3)), fill="none",
                             stroke=HIGHLIGHT, stroke_width=3.5))
    legend_y = 2 * half_height + top + legend - 8
    for index, (team, name) in enumerate(((DECLARERS, "declarers"), (OPPONENTS, "opponents"))):
        x = 14 + index * 100
        fill, _ = COUNTER_COLOURS[team]
        parts.append(element("circle", cx=x, cy=legend_y - 4, r=6, fill=fill, stroke=INK))
        parts.append(text(x + 10, legend_y, name, size=11, anchor="start", fill=INK))
    picture = Picture.of(2 * half_width, 2 * half_height + top + legend, *parts)
    picture.group.set("font-family", FONT)
    return picture
