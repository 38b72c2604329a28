"""The Le Plateau board: a networkx hex model with Bridge, Y and Fork detection.

The 37 hexes in axial coordinates, their tokens and sides (:mod:`.model`); the formations
and the questions a learner asks about them, each answered with a witness
(:mod:`.formations`, and :mod:`.searches` for "how far?" and "what blocks it?"); the same verdicts on bitmasks for simulations (:mod:`.fast`);
and its SVG pictures (:mod:`.render`).

    >>> board = Board.official(3).place_token("T1", DECLARERS)
    >>> board.counters
    mappingproxy({(1, -3): 0})
    >>> still_possible(board, OPPONENTS, Formation.SIX_SIDES)
    True

The board is part of the rules: importing this package loads neither ipywidgets nor
matplotlib. The interactive board and the matplotlib figures belong to the user interface:
``plateau_lab.ui.board_explorer.BoardExplorer`` and ``plateau_lab.ui.board_figures.draw_board``.
"""

from .formations import (
    Formation,
    Witness,
    formation_held,
    formations_held,
    formations_possible,
    makes,
    possible_witness,
    still_possible,
    targets,
)
from .searches import blockers, blocking_wall, distance
from .cells import CELLS, CORNERS, DECLARERS, OPPONENTS, Cell, describe_token, neighbours, sides_of, token_kind
from .model import Board, layout_text, official_layout, parse_counters, parse_layout, random_layout

__all__ = [
    "CELLS", "CORNERS", "DECLARERS", "OPPONENTS", "Board", "Cell", "Formation", "Witness",
    "blockers", "blocking_wall", "describe_token", "distance", "formation_held", "formations_held", "formations_possible",
    "layout_text", "makes", "neighbours", "official_layout", "parse_counters", "parse_layout", "possible_witness",
    "random_layout", "sides_of", "still_possible", "targets", "token_kind",
]
