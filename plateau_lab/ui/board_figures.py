"""The board with matplotlib, for figures: the same drawing as the SVG, on an ``Axes``.

This module needs matplotlib, which the engine does not: ``plateau_lab.hexboard`` loads it only
when ``hexboard.draw_board`` is first asked for.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from plateau_lab.hexboard import Board
    >>> ax = draw_board(Board.official(4).place((0, 0), 0), highlight=[(0, 0)])
    >>> len(ax.patches)          # 37 spaces, 1 counter, 1 highlight
    39
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from matplotlib.patches import Circle, RegularPolygon

from ..hexboard.model import CELLS, Board, Cell, token_kind
from ..hexboard.render import (BOARD_FILL, COUNTER_COLOURS, HIGHLIGHT, MARKS, PATH, SPACE_COLOURS, centre,
                               side_label_positions, token_label)

__all__ = ["draw_board"]


def draw_board(board: Board, ax=None, *, highlight: Iterable[Cell] = (), path: Sequence[Cell] = (),
               wall: Iterable[Cell] = (), title: str | None = None, size: float = 1.0):
    """Draw ``board`` on ``ax`` (a new figure when None) and return the axes.

    Side 1 is at the top as in the SVG picture (matplotlib's y axis points up, so rows
    are drawn with y = −r). ``highlight`` cells are outlined in red; ``wall`` cells (the other
    team's counters that block a formation, :func:`plateau_lab.hexboard.blocking_wall`) in purple
    with a cross, as the SVG picture marks them.
    """
    import matplotlib.pyplot as plt
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
