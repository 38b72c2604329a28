"""The formations of Le Plateau, each answer with its witness: groups found on the networkx graph,
distances by a shortest-path search over the same cells in networkx's visiting order.

A *group* is a connected set of one team's counters; it touches the sides its cells touch
(a corner touches two). The formations (rulebook, "End of hand"; docs/rulings.md, The board):

* **Bridge**: a group touches two opposite sides (1–4, 2–5 or 3–6);
* **Y**: a group touches three non-adjacent sides ({1, 3, 5} or {2, 4, 6});
* **Fork**: one group is both a Y and a Bridge (three alternate sides plus one more);
* **Five sides** / **Six sides**: a group touches at least five / all six sides.

A larger formation satisfies a smaller bid only if it contains it: a Y is not a Bridge.

    >>> from plateau_lab.hexboard import Board, parse_counters, official_layout, DECLARERS, OPPONENTS
    >>> board = Board(official_layout(4), parse_counters('''
    ...    X . . .
    ...   . X . . .
    ...  . . X . . .
    ... . . . X . . .
    ...  . . . X . .
    ...   . . . X .
    ...    . . . X
    ... '''))
    >>> witness = formation_held(board, DECLARERS, Formation.BRIDGE)
    >>> sorted(witness.sides), len(witness.group)
    ([1, 3, 4, 6], 7)
    >>> formation_held(board, DECLARERS, Formation.Y) is None     # sides 1, 3, 4, 6: no Y
    True
    >>> from plateau_lab.hexboard import blockers, distance
    >>> distance(board, DECLARERS, Formation.Y)                   # three cells to reach side 5
    (3, frozenset({(-3, 0), (-2, -1), (-1, -2)}))
    >>> blockers(board, OPPONENTS, Formation.BRIDGE)              # the centre cuts side 2 from 5
    frozenset({(0, 0)})

Three questions for a learner, each with its witness:

* :func:`formation_held` — the group that makes the formation and the sides it touches;
* :func:`still_possible` / :func:`blockers` — can it still be made on the cells the other
  team does not hold, and if not, a smallest set of enemy counters whose removal would
  make it possible again;
* :func:`distance` — the fewest further cells the team needs, and one such set of cells.

The answers are exact: Bridge by one shortest path, Y by a meeting cell and three
shortest paths, Fork / Five / Six sides by the Dreyfus–Wagner Steiner-tree recursion
over the six sides (:mod:`.searches`); the tests compare all of them with brute force.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import networkx as nx

from ..core import parse_choice
from .cells import CELLS, OPPOSITE, SIDES, Cell, _described, check_team, neighbours, sides_of
from .model import Board

__all__ = ["Formation", "check_formation", "BRIDGE_PAIRS", "Y_TRIPLES", "makes", "targets", "Witness", "GRID",
           "groups", "group_sides", "check_board", "formation_held", "formations_held", "formations_possible",
           "usable_cells", "possible_witness", "still_possible"]


class Formation(enum.Enum):
    """The five objectives of a bid, from the smallest to the largest."""

    BRIDGE = "Bridge"
    Y = "Y"
    FORK = "Fork"
    FIVE_SIDES = "Five sides"
    SIX_SIDES = "Six sides"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str, *, where: str = "formation") -> Formation:
        """A formation by its name (case and spacing ignored); ParseError lists the names.

        >>> Formation.parse("  five   SIDES ")
        <Formation.FIVE_SIDES: 'Five sides'>
        """
        if not isinstance(text, str):
            raise TypeError(f"a formation's name is text such as 'Bridge', not {_described(text)}")
        return parse_choice(text, {f.value: f for f in cls}, kind="formation", where=where)


def check_formation(formation: object) -> Formation:
    """``formation`` if it is a :class:`Formation`, else TypeError (a name is read with ``Formation.parse``)."""
    if not isinstance(formation, Formation):
        raise TypeError(f"expected a Formation such as Formation.BRIDGE, not {_described(formation)}; "
                        "Formation.parse reads a name")
    return formation


BRIDGE_PAIRS = tuple(frozenset({side, OPPOSITE[side]}) for side in (1, 2, 3))
Y_TRIPLES = (frozenset({1, 3, 5}), frozenset({2, 4, 6}))


def _bridge(sides: frozenset[int]) -> bool:
    """Bridge: "a path of their team's counters that connects two opposite sides of the board"."""
    return any(pair <= sides for pair in BRIDGE_PAIRS)


def _y(sides: frozenset[int]) -> bool:
    """Y: "a path of their team's counters that connects three non-adjacent sides of the board"."""
    return any(triple <= sides for triple in Y_TRIPLES)


def _fork(sides: frozenset[int]) -> bool:
    """Fork: "The declarer's team wins if they create both a Y and a bridge" (in one group)."""
    return _y(sides) and _bridge(sides)


def _five(sides: frozenset[int]) -> bool:
    """Five sides: "The declarer's team wins if they connect at least five sides"."""
    return len(sides) >= 5


def _six(sides: frozenset[int]) -> bool:
    """Six sides: "The declarer's team wins if they connect all six sides"."""
    return len(sides) == 6


_PREDICATES: dict[Formation, Callable[[frozenset[int]], bool]] = {
    Formation.BRIDGE: _bridge, Formation.Y: _y, Formation.FORK: _fork,
    Formation.FIVE_SIDES: _five, Formation.SIX_SIDES: _six,
}


def makes(sides: Iterable[int], formation: Formation) -> bool:
    """Whether one group touching ``sides`` makes ``formation``.

    >>> makes({1, 3, 5}, Formation.Y), makes({1, 3, 5}, Formation.BRIDGE)   # a Y is not a Bridge
    (True, False)
    >>> makes({1, 3, 5, 6}, Formation.FORK), makes({1, 2, 3, 4}, Formation.FORK)
    (True, False)
    """
    return _PREDICATES[check_formation(formation)](frozenset(sides))


@functools.cache
def targets(formation: Formation) -> tuple[frozenset[int], ...]:
    """The smallest side sets that make ``formation`` (every set that makes it contains one).

    >>> [sorted(t) for t in targets(Formation.BRIDGE)]
    [[1, 4], [2, 5], [3, 6]]
    >>> len(targets(Formation.FORK)), len(targets(Formation.FIVE_SIDES))
    (6, 6)
    """
    check_formation(formation)
    making = [frozenset(c) for size in range(1, 7) for c in itertools.combinations(SIDES, size)
              if makes(c, formation)]
    return tuple(t for t in making if not any(other < t for other in making))


@dataclass(frozen=True)
class Witness:
    """Why a formation holds (or could hold): the group of cells and the sides it touches."""

    formation: Formation
    group: frozenset[Cell]
    sides: frozenset[int]

    def __str__(self) -> str:
        return (f"{self.formation}: a group of {len(self.group)} cells touching sides "
                f"{', '.join(map(str, sorted(self.sides)))}")


GRID = nx.Graph((cell, other) for cell in CELLS for other in neighbours(cell) if cell < other)


def groups(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The connected groups that ``cells`` form on the board graph, in order of their first cell."""
    found = [frozenset(c) for c in nx.connected_components(GRID.subgraph(cells))]
    return sorted(found, key=min)


def group_sides(group: Iterable[Cell]) -> frozenset[int]:
    """The sides a group of cells touches."""
    return frozenset().union(*(sides_of(cell) for cell in group))


def check_board(board: object) -> Board:
    if not isinstance(board, Board):
        raise TypeError(f"expected a Board, not {_described(board)}")
    return board


def _best_group(cells: Iterable[Cell], formation: Formation) -> Witness | None:
    check_formation(formation)
    making = []
    for group in groups(cells):
        sides = group_sides(group)
        if makes(sides, formation):
            making.append(Witness(formation, group, sides))
    return min(making, key=_preference, default=None)


def _preference(witness: Witness) -> tuple:
    """Which witness to show: the group touching most sides; among equals the first one."""
    return -len(witness.sides), min(witness.group)


def formation_held(board: Board, team: int, formation: Formation) -> Witness | None:
    """The group of ``team``'s counters that makes ``formation``, or None.

    The rulebook: "The declarer's team wins if they create the formation as specified in
    their bid" and "still wins if this path connects additional board sides".
    """
    return _best_group(check_board(board).cells_of(check_team(team)), formation)


def _all_formations(cells: Iterable[Cell]) -> dict[Formation, Witness]:
    found = [(group, group_sides(group)) for group in groups(cells)]
    answer = {}
    for formation in Formation:
        making = [Witness(formation, group, sides) for group, sides in found if makes(sides, formation)]
        if making:
            answer[formation] = min(making, key=_preference)
    return answer


def formations_held(board: Board, team: int) -> dict[Formation, Witness]:
    """Every formation ``team`` holds, with its witness (one pass over the groups)."""
    return _all_formations(check_board(board).cells_of(check_team(team)))


def formations_possible(board: Board, team: int) -> dict[Formation, Witness]:
    """Every formation ``team`` could still make, with the group of usable cells that could."""
    return _all_formations(usable_cells(board, team))


def usable_cells(board: Board, team: int) -> frozenset[Cell]:
    """The cells ``team`` could still own: its own counters and the free cells."""
    other, counters = 1 - check_team(team), check_board(board).counters
    return frozenset(cell for cell in CELLS if counters.get(cell) != other)


def possible_witness(board: Board, team: int, formation: Formation) -> Witness | None:
    """The group of usable cells (own or free) that could still make ``formation``, or None."""
    return _best_group(usable_cells(board, team), formation)


def still_possible(board: Board, team: int, formation: Formation) -> bool:
    """Whether ``team`` could still make ``formation`` on the cells the other team does not hold:
    with its own counters and every free cell (docs/rulings.md, The board). A Le Plateau hand is
    lost as soon as this turns false for the declarers' objective (docs/rulings.md, Le Plateau).
    """
    return possible_witness(board, team, formation) is not None
