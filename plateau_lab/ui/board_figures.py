"""The board for figures: its graph as plain SVG (:func:`graph_picture`), and the board drawn with
matplotlib on an ``Axes`` (:func:`draw_board`, for papers and slides).

:func:`graph_picture` needs nothing but the standard library, so it draws in the static site too, where
Python runs in the browser without matplotlib (the board itself is ``board_picture``'s SVG, from
``plateau_lab.hexboard.render``). Only :func:`draw_board` loads matplotlib, when it is first called:
importing this module does not.

    >>> from plateau_lab.hexboard import Board
    >>> picture = graph_picture(Board.official(4).graph, title="the board graph")
    >>> picture.svg().count("<circle"), picture.svg().count("<line")      # 37 spaces, 90 neighbours
    (37, 90)

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_board(Board.official(4).place((0, 0), 0), highlight=[(0, 0)])
    >>> len(ax.patches)          # 37 spaces, 1 counter, 1 highlight
    39
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import networkx as nx

from ..core.render import INK, Picture, element, text
from ..hexboard.cells import CELLS, Cell, sides_of, token_kind
from ..hexboard.model import Board
from ..hexboard.render import (BOARD_FILL, COUNTER_COLOURS, HIGHLIGHT, MARKS, PATH, SPACE_COLOURS, centre,
                               side_label_positions, token_label)

__all__ = ["graph_picture", "sides_colour", "sides_label", "draw_board"]

GRAPH_SPACING = 44.0     # centre to corner of one space in the graph's picture


def sides_colour(cell: Cell) -> str:
    """A corner (two sides) red, an edge space (one side) orange, an inner space light blue.

    >>> sides_colour((3, -3)), sides_colour((1, -3)), sides_colour((0, 0))
    ('#d62728', '#ff7f0e', '#9ecae1')
    """
    sides = sides_of(cell)
    return "#d62728" if len(sides) == 2 else "#ff7f0e" if sides else "#9ecae1"


def sides_label(cell: Cell) -> str:
    """The sides a space touches, as "1,2" (nothing for an inner space).

    >>> sides_label((3, -3)), sides_label((0, 0))
    ('1,2', '')
    """
    return ",".join(map(str, sorted(sides_of(cell))))


def graph_picture(graph: nx.Graph, *, title: str | None = None, colour: Callable[[Cell], str] = sides_colour,
                  label: Callable[[Cell], str] = sides_label) -> Picture:
    """The board's graph as SVG: a dot for every space (a node), where the space lies on the board (side 1
    on top), a line for every pair of neighbours (an edge); each dot filled with ``colour(cell)`` and
    labelled with ``label(cell)`` (by default: the sides it touches).

    >>> graph_picture(nx.Graph([((0, 0), (9, 9))]))
    Traceback (most recent call last):
    ...
    ValueError: (9, 9) is not a space of the board: the graph's nodes are cells (q, r) with |q|, |r|, |q + r| ≤ 3
    """
    strangers = [node for node in graph.nodes if node not in CELLS]
    if strangers:
        raise ValueError(f"{strangers[0]} is not a space of the board: the graph's nodes are cells (q, r) "
                         "with |q|, |r|, |q + r| ≤ 3")
    title_height = 30 if title else 0
    half_width, half_height = GRAPH_SPACING * 3 ** 0.5 * 3 + 24, GRAPH_SPACING * 1.5 * 3 + 24
    width, height = 2 * half_width, 2 * half_height + title_height

    def at(cell: Cell) -> tuple[float, float]:
        x, y = centre(cell, GRAPH_SPACING)
        return x + half_width, y + half_height + title_height

    parts = [element("rect", x=0, y=0, width=width, height=height, fill="#fff")]
    if title:
        parts.append(text(width / 2, 20, title, size=15, fill=INK, font_weight="bold"))
    for one, other in sorted(graph.edges):
        (x1, y1), (x2, y2) = at(one), at(other)
        parts.append(element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke="#555", stroke_width=1.2))
    for cell in sorted(graph.nodes):
        x, y = at(cell)
        parts.append(element("circle", cx=x, cy=y, r=15, fill=colour(cell), stroke="#333"))
        parts.append(text(x, y + 4, label(cell), size=11, fill=INK))
    return Picture.of(width, height, *parts)


def draw_board(board: Board, ax=None, *, highlight: Iterable[Cell] = (), path: Sequence[Cell] = (),
               wall: Iterable[Cell] = (), title: str | None = None, size: float = 1.0):
    """Draw ``board`` on ``ax`` (a new figure when None) and return the axes.

    Side 1 is at the top as in the SVG picture (matplotlib's y axis points up, so rows
    are drawn with y = −r). ``highlight`` cells are outlined in red; ``wall`` cells (the other
    team's counters that block a formation, :func:`plateau_lab.hexboard.blocking_wall`) in purple
    with a cross, as the SVG picture marks them.
    """
    import matplotlib.pyplot as plt                      # only here: the rest of this module needs no matplotlib
    from matplotlib.patches import Circle, RegularPolygon

    if ax is None:
        _, ax = plt.subplots(figsize=(6, 6))

    def at(cell: Cell) -> tuple[float, float]:
        x, y = centre(cell, size)
        return x, -y

    for cell in CELLS:
        x, y = at(cell)
        token = board.layout[cell]
        ax.add_patch(RegularPolygon((x, y), numVertices=6, radius=size * 0.96, orientation=0,
                                    facecolor=SPACE_COLOURS[token_kind(token)], edgecolor="#555"))
        label, colour = token_label(token)
        team = board.counters.get(cell)
        if team is not None:
            fill, colour = COUNTER_COLOURS[team]
            ax.add_patch(Circle((x, y), size * 0.6, facecolor=fill, edgecolor="#222"))
        ax.text(x, y, label, ha="center", va="center", color=colour, fontsize=9, fontweight="bold")
    for cell in sorted(set(highlight)):
        ax.add_patch(RegularPolygon(at(cell), numVertices=6, radius=size * 0.9, orientation=0,
                                    facecolor="none", edgecolor=HIGHLIGHT, linewidth=2.5))
    reach = size * 0.42
    for cell in sorted(set(wall)):
        x, y = at(cell)
        ax.add_patch(RegularPolygon((x, y), numVertices=6, radius=size * 0.88, orientation=0,
                                    facecolor="none", edgecolor=MARKS["wall"][0], linewidth=2.5))
        for rise in (reach, -reach):
            ax.plot([x - reach, x + reach], [y - rise, y + rise], color=MARKS["wall"][0], linewidth=2, alpha=0.8, zorder=3)
    if len(path) > 1:
        xs, ys = zip(*(at(cell) for cell in path))
        ax.plot(xs, ys, color=PATH, linewidth=3, alpha=0.8)
    for side, (x, y) in side_label_positions(size).items():
        ax.text(x, -y, str(side), ha="center", va="center", fontsize=11, fontweight="bold",
                bbox={"boxstyle": "circle", "facecolor": "white", "edgecolor": BOARD_FILL})
    ax.set_aspect("equal")
    limit = 6.5 * size
    ax.set_xlim(-limit, limit)
    ax.set_ylim(-limit, limit)
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax
