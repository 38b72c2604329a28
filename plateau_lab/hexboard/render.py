"""SVG pictures of the board: the hexagon of 37 spaces, tokens, counters, numbered sides.

Built from :mod:`plateau_lab.core.render`, so the same board always gives the same text::

    >>> from plateau_lab.hexboard import Board
    >>> board = Board.official(4).place((0, 0), 0)
    >>> board.to_svg() == board.to_svg()
    True
    >>> board.to_svg().count("<polygon")      # the board outline and 37 spaces
    38
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core.render import CHARACTER_EM, FONT, INK, Picture, element, number, target, text
from .cells import CELLS, CORNERS, DECLARERS, OPPONENTS, SIDES, Cell, describe_token, sides_of, token_kind

if TYPE_CHECKING:
    from .model import Board

__all__ = ["SIZE", "MARGIN", "SQRT3", "COUNTER_COLOURS", "COUNTER_STROKES", "SPACE_COLOURS", "SUIT_SYMBOLS", "RED_SUITS",
           "HIGHLIGHT", "PATH", "BOARD_FILL", "centre", "hexagon_points", "token_label", "token_note",
           "side_label_positions", "MARKS", "LABEL_SIZE", "TITLE_SIZE", "wrapped", "space_name", "board_picture"]


SIZE = 30.0                      # centre to corner of one space
MARGIN = 34.0
SQRT3 = math.sqrt(3)
COUNTER_COLOURS = {DECLARERS: ("#5a3a22", "#fff"), OPPONENTS: ("#ecd9b0", INK)}   # dark brown, beige
#: How each team's counters are outlined (a dash pattern, ``none`` for a full line), on the board and in
#: its legend: dark against light is not the only cue.
COUNTER_STROKES = {DECLARERS: "none", OPPONENTS: "3 2"}
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
    return " ".join(f"{number(x)},{number(y)}" for x, y in points)


def token_label(token: str) -> tuple[str, str]:
    """What a space shows, and in which colour: ``5`` for trick 5, ``21`` for trump 21, and a
    card's name as the cards and the log write it: ``EXC`` for the Excuse, ``RS`` for the king of
    spades (in red for hearts and diamonds)."""
    kind = token_kind(token)
    if kind in ("trick", "trump") and token != "EXC":
        return token[1:], INK
    return token, "#c0392b" if token[1:] in RED_SUITS else INK


def token_note(token: str) -> str:
    """The small word under a space's name: ``trick``, ``trump``, the card's suit symbol, ★ for
    the Excuse."""
    if token == "EXC":
        return "★"
    kind = token_kind(token)
    return kind if kind in ("trick", "trump") else SUIT_SYMBOLS[token[1]]


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


#: How the board marks what a verdict is about (the colour of each outline, and what it says).
MARKS = {
    "needed": (PATH, "spaces still needed"),
    "wall": ("#7b2cbf", "the wall that blocks it"),
}
LABEL_SIZE = 11                  # the smallest text on the board (kind of space, coordinates, legend)
TITLE_SIZE = 14


def wrapped(line: str, *, width: float, size: float) -> list[str]:
    """``line`` cut into lines that fit ``width`` pixels at font ``size``.

    >>> wrapped("Bridge: a group of 7 cells touching sides 1, 3, 4, 6", width=250, size=14)
    ['Bridge: a group of 7 cells', 'touching sides 1, 3, 4, 6']
    """
    return textwrap.wrap(line, width=max(int(width / (size * CHARACTER_EM)), 1)) or [""]


def space_name(board: Board, cell: Cell) -> str:
    """The name a clickable space reports: its token in words (each token is on one space only).

    >>> from plateau_lab.hexboard import Board
    >>> space_name(Board.official(4), (0, 0)), space_name(Board.official(4), (-1, 0))
    ('trick 13', 'king of spades')
    """
    return describe_token(board.layout[cell])


def board_picture(board: Board, *, highlight: Iterable[Cell] = (), path: Sequence[Cell] | Iterable[Cell] = (),
                  title: str | None = None, coordinates: bool = False, needed: Iterable[Cell] = (),
                  wall: Iterable[Cell] = (), clickable: bool | Iterable[Cell] = False, notes: Sequence[str] = (),
                  highlight_label: str | None = None) -> Picture:
    """The board: spaces with their tokens, counters of both teams, sides numbered 1–6.

    ``highlight`` cells are outlined in red (the legend says what they are when given a
    ``highlight_label``, such as "the group that holds it"), ``needed`` in dashed
    blue (spaces still needed), ``wall`` in purple with a cross (enemy counters that block);
    ``path`` (cells in order) is drawn as a blue line. A long ``title`` wraps rather than being cut;
    ``notes`` are lines of text under the board; ``coordinates``: every free space shows its axial
    coordinates ``q,r``. ``clickable``: every space (True) or the spaces given is a click target
    named by :func:`space_name` (see :func:`plateau_lab.core.render.target`).
    """
    highlight, needed, wall = frozenset(highlight), frozenset(needed), frozenset(wall)
    half_width = SIZE * SQRT3 * 3.5 + MARGIN
    half_height = SIZE * 4.5 + 58
    width = 2 * half_width
    title_lines = wrapped(title, width=width - 16, size=TITLE_SIZE) if title else []
    top = len(title_lines) * (TITLE_SIZE + 5) + (6 if title_lines else 0)
    ox, oy = half_width, half_height + top
    parts = [text(ox, (TITLE_SIZE + 5) * (n + 1) - 2, line, size=TITLE_SIZE, fill=INK, font_weight="bold")
             for n, line in enumerate(title_lines)]
    parts += _frame(ox, oy)
    clicked = frozenset(CELLS if clickable is True else clickable or ())
    for cell in CELLS:
        space = _space(board, cell, *_at(cell, ox, oy), coordinates)
        parts.append(target(space, space_name(board, cell)) if cell in clicked else space)
    parts += _marks(ox, oy, list(path), needed, wall, highlight)
    keys = [(COUNTER_COLOURS[DECLARERS][0], "declarers", DECLARERS), (COUNTER_COLOURS[OPPONENTS][0], "opponents",
                                                                       OPPONENTS)]
    if highlight and highlight_label:
        keys.append((HIGHLIGHT, highlight_label, "group"))
    keys += [(*MARKS[name], name) for name, cells in (("needed", needed), ("wall", wall)) if cells]
    legend, legend_y = _legend(keys, width, 2 * half_height + top + 6)
    parts += legend
    bottom = legend_y + 10
    for line in (piece for note in notes for piece in wrapped(note, width=width - 20, size=13)):
        bottom += 18
        parts.append(text(10, bottom - 4, line, size=13, anchor="start", fill=INK))
    picture = Picture.of(width, bottom + 4, *parts)
    picture.group.set("font-family", FONT)
    return picture


def _at(cell: Cell, ox: float, oy: float) -> tuple[float, float]:
    """Where ``cell``'s centre lies in a picture whose board centre is at ``(ox, oy)``."""
    x, y = centre(cell)
    return x + ox, y + oy


def _frame(ox: float, oy: float) -> list:
    """The board's frame around its spaces, and its sides numbered 1–6."""
    outline = [_at(c, ox, oy) for c in sorted(CORNERS, key=lambda c: math.atan2(centre(c)[1], centre(c)[0]))]
    grown = [(ox + (x - ox) * 1.22, oy + (y - oy) * 1.22) for x, y in outline]
    parts = [element("polygon", points=_points(grown), fill=BOARD_FILL, stroke=INK, stroke_width=1.5)]
    for side, (x, y) in sorted(side_label_positions().items()):
        parts.append(element("circle", cx=x + ox, cy=y + oy, r=11, fill="#fff", stroke=INK))
        parts.append(text(x + ox, y + oy + 4.5, str(side), size=13, fill=INK, font_weight="bold"))
    return parts


def _space(board: Board, cell: Cell, x: float, y: float, coordinates: bool):
    """One space centred at ``(x, y)``: its hexagon, its token and, on it, a team's counter (or, free,
    its note and, with ``coordinates``, its axial coordinates)."""
    token = board.layout[cell]
    space = element("g")
    space.append(element("polygon", points=_points(hexagon_points(x, y, SIZE - 1.5)),
                         fill=SPACE_COLOURS[token_kind(token)], stroke="#555", stroke_width=1))
    label, colour = token_label(token)
    team = board.counters.get(cell)
    if team is not None:
        fill, colour = COUNTER_COLOURS[team]
        space.append(element("circle", cx=x, cy=y, r=SIZE * 0.6, fill=fill, stroke=INK, stroke_width=2,
                             stroke_dasharray=COUNTER_STROKES[team]))
    space.append(text(x, y + 4.5, label, size=14, fill=colour, font_weight="bold"))
    if team is None:
        note = token_note(token)
        space.append(text(x, y + 18, note, size=LABEL_SIZE if len(note) > 1 else 12,
                          fill=colour if len(note) == 1 else "#555"))
    if coordinates and team is None:
        space.append(text(x, y - 11, f"{cell[0]},{cell[1]}", size=LABEL_SIZE, fill="#555"))
    return space


def _marks(ox: float, oy: float, path: list[Cell], needed: frozenset[Cell], wall: frozenset[Cell],
           highlight: frozenset[Cell]) -> list:
    """What is drawn over the spaces: the path as a line, the spaces still needed dashed, the wall's
    crossed, the highlighted outlined (none of them catching a click)."""
    parts = []
    if len(path) > 1:
        parts.append(element("polyline", points=_points(_at(c, ox, oy) for c in path), fill="none", stroke=PATH,
                             stroke_width=4, stroke_linecap="round", stroke_linejoin="round", opacity=0.8,
                             pointer_events="none"))
    for cell in sorted(needed):
        x, y = _at(cell, ox, oy)
        parts.append(element("polygon", points=_points(hexagon_points(x, y, SIZE - 4)), fill="none",
                             stroke=MARKS["needed"][0], stroke_width=3, stroke_dasharray="6 4",
                             pointer_events="none"))
    for cell in sorted(wall):
        x, y = _at(cell, ox, oy)
        parts.append(element("polygon", points=_points(hexagon_points(x, y, SIZE - 3)), fill="none",
                             stroke=MARKS["wall"][0], stroke_width=4, pointer_events="none"))
        reach = SIZE * 0.42
        parts.append(element("path", d=f"M{_points([(x - reach, y - reach)])}L{_points([(x + reach, y + reach)])}"
                             f"M{_points([(x - reach, y + reach)])}L{_points([(x + reach, y - reach)])}",
                             stroke=MARKS["wall"][0], stroke_width=3, opacity=0.6, pointer_events="none"))
    for cell in sorted(highlight):
        x, y = _at(cell, ox, oy)
        parts.append(element("polygon", points=_points(hexagon_points(x, y, SIZE - 3)), fill="none",
                             stroke=HIGHLIGHT, stroke_width=3.5, pointer_events="none"))
    return parts


def _legend(keys: list[tuple[str, str, object]], width: float, legend_y: float) -> tuple[list, float]:
    """The legend's ``(colour, words, shape)`` keys in rows from ``legend_y``, a row wrapping at
    ``width``: its parts, and the baseline of its last row."""
    parts = []
    x = 10.0
    for colour, words, shape in keys:
        size_needed = 18 + len(words) * (LABEL_SIZE + 1) * 0.62 + 18
        if x + size_needed > width:
            x, legend_y = 10.0, legend_y + LABEL_SIZE + 8
        if shape in COUNTER_STROKES:
            parts.append(element("circle", cx=x + 6, cy=legend_y - 4, r=6, fill=colour, stroke=INK, stroke_width=1.5,
                                 stroke_dasharray=COUNTER_STROKES[shape]))
        else:
            parts.append(element("rect", x=x, y=legend_y - 10, width=12, height=12, fill="none", stroke=colour,
                                 stroke_width=3, stroke_dasharray="4 2" if shape == "needed" else "none"))
        parts.append(text(x + 18, legend_y, words, size=LABEL_SIZE + 1, anchor="start", fill=INK))
        x += size_needed
    return parts, legend_y
