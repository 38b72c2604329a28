"""The Le Plateau board: a networkx hex model with Bridge, Y and Fork detection.

The 37 hexes in axial coordinates, their tokens and sides (:mod:`.model`); the formations
and the questions a learner asks about them, each answered with a witness
(:mod:`.formations`); the same verdicts on bitmasks for simulations (:mod:`.fast`);
pictures (:mod:`.render` for SVG, :mod:`.figures` for matplotlib) and an interactive
board (:mod:`.explorer`).

    >>> board = Board.official(3).place_token("T1", DECLARERS)
    >>> board.counters
    mappingproxy({(1, -3): 0})
    >>> still_possible(board, OPPONENTS, Formation.SIX_SIDES)
    True

The engine needs no user interface: importing this package loads neither ipywidgets nor
matplotlib. The interactive board and the matplotlib figures are loaded the first time they
are asked for, as ``hexboard.BoardExplorer`` and ``hexboard.draw_board`` (or from their
modules, ``plateau_lab.hexboard.explorer`` and ``plateau_lab.hexboard.figures``).
"""

import importlib

from .formations import (
    Formation,
    Witness,
    blockers,
    distance,
    formation_held,
    formations_held,
    formations_possible,
    makes,
    possible_witness,
    still_possible,
    targets,
)
from .model import (
    CELLS,
    CORNERS,
    DECLARERS,
    OPPONENTS,
    Board,
    Cell,
    describe_token,
    layout_text,
    neighbours,
    official_layout,
    parse_counters,
    parse_layout,
    random_layout,
    sides_of,
    token_kind,
)

#: What is loaded the first time it is asked for, because it needs a user-interface library:
#: each name and its module.
_ON_DEMAND = {"BoardExplorer": "explorer", "draw_board": "figures"}


def __getattr__(name: str):
    if name not in _ON_DEMAND:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_ON_DEMAND[name]}", __name__), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_ON_DEMAND})


__all__ = [
    "BoardExplorer", "CELLS", "CORNERS", "DECLARERS", "OPPONENTS", "Board", "Cell", "Formation", "Witness",
    "blockers", "describe_token", "distance", "formation_held", "formations_held", "formations_possible",
    "layout_text", "makes", "neighbours", "official_layout", "parse_counters", "parse_layout", "possible_witness",
    "random_layout", "sides_of", "still_possible", "targets", "token_kind",
]
