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
over the six sides; the tests compare all of them with brute force.
"""

from __future__ import annotations

import enum
import functools
import heapq
import itertools
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import networkx as nx

from ..core import parse_choice
from .model import CELLS, CELLS_ON_SIDE, OPPOSITE, SIDES, Board, Cell, _described, check_team, neighbours, sides_of

__all__ = ["Formation", "check_formation", "BRIDGE_PAIRS", "Y_TRIPLES", "makes", "targets", "Witness", "GRID",
           "groups", "group_sides", "formation_held", "formations_held", "formations_possible", "usable_cells",
           "possible_witness", "still_possible", "INFINITY", "SUCCESSORS", "cheapest_bridge", "cheapest_y",
           "cheapest_steiner", "cheapest_formation", "distance", "blockers", "blocking_wall"]


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


def _check_board(board: object) -> Board:
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
    return _best_group(_check_board(board).cells_of(check_team(team)), formation)


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
    return _all_formations(_check_board(board).cells_of(check_team(team)))


def formations_possible(board: Board, team: int) -> dict[Formation, Witness]:
    """Every formation ``team`` could still make, with the group of usable cells that could."""
    return _all_formations(usable_cells(board, team))


def usable_cells(board: Board, team: int) -> frozenset[Cell]:
    """The cells ``team`` could still own: its own counters and the free cells."""
    other, counters = 1 - check_team(team), _check_board(board).counters
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


# ---------------------------------------------------------------------------------------------
# Exact searches: the cheapest connected set of cells whose sides make a formation.
# Cells carry a cost (0 or 1); a set costs the sum of its cells' costs.

INFINITY = float("inf")


def _successor_order() -> dict[Cell, tuple[Cell, ...]]:
    """Each cell's neighbours in the order the searches visit them: the order of the board
    graph's edges, each edge taken both ways (the search order decides which of several
    equally cheap answers is given, so it is fixed here once)."""
    order: dict[Cell, list[Cell]] = {cell: [] for cell in CELLS}
    for u, v in GRID.edges:
        order[u].append(v)
        order[v].append(u)
    return {cell: tuple(cells) for cell, cells in order.items()}


SUCCESSORS = _successor_order()


def _from_side(side: int, cost: dict[Cell, int]) -> tuple[dict[Cell, int], dict[Cell, Cell | None]]:
    """Cheapest paths from any cell of ``side`` to every cell of ``cost`` (both ends counted;
    stepping onto a cell costs that cell's cost): ``(lengths, previous)``, where following
    ``previous`` from a cell back to None walks one cheapest path (:func:`_path`).

    Dijkstra's search with a heap; among equally cheap entries the one pushed first is taken
    first, and a cell's path changes only for a strictly cheaper one.

    >>> lengths, previous = _from_side(1, {cell: 1 for cell in CELLS})
    >>> lengths[(0, 3)], sorted(_path(previous, (0, 3)))
    (7, [(0, -3), (0, -2), (0, -1), (0, 0), (0, 1), (0, 2), (0, 3)])
    """
    lengths: dict[Cell, int] = {}
    pushed: dict[Cell, int] = {}
    previous: dict[Cell, Cell | None] = {}
    queue: list[tuple[int, int, Cell]] = []
    order = itertools.count()
    for cell in CELLS_ON_SIDE[side]:
        if cell in cost:
            pushed[cell] = cost[cell]
            previous[cell] = None
            queue.append((cost[cell], next(order), cell))
    heapq.heapify(queue)
    while queue:
        length, _, cell = heapq.heappop(queue)
        if cell in lengths:
            continue
        lengths[cell] = length
        for other in SUCCESSORS[cell]:
            if other in lengths or other not in cost:
                continue
            through = length + cost[other]
            if other not in pushed or through < pushed[other]:
                pushed[other] = through
                previous[other] = cell
                heapq.heappush(queue, (through, next(order), other))
    return lengths, previous


def _path(previous: dict[Cell, Cell | None], cell: Cell) -> frozenset[Cell]:
    """The cells of the path :func:`_from_side` found to ``cell``."""
    cells = []
    while cell is not None:
        cells.append(cell)
        cell = previous[cell]
    return frozenset(cells)


def cheapest_bridge(cost: dict[Cell, int]) -> tuple[int, frozenset[Cell]] | None:
    """Cheapest Bridge: for each opposite pair one shortest path (Dijkstra from one side)."""
    best = None
    for pair in BRIDGE_PAIRS:
        low, high = sorted(pair)
        lengths, previous = _from_side(low, cost)
        for cell in CELLS_ON_SIDE[high]:
            if cell in lengths and (best is None or lengths[cell] < best[0]):
                best = (lengths[cell], _path(previous, cell))
    return best


def cheapest_y(cost: dict[Cell, int]) -> tuple[int, frozenset[Cell]] | None:
    """Cheapest Y: a meeting cell and a shortest path from it to each of the three sides.

    Exact: a cheapest tree touching three sides has at most one cell where it branches,
    so it is three paths from that cell, each no cheaper than a shortest path; the sum over
    the best meeting cell is therefore never above the optimum, and the union of those
    paths is a valid Y costing at most that sum.
    """
    from_side = {side: _from_side(side, cost) for side in sorted(set().union(*Y_TRIPLES))}
    best = None
    for triple in Y_TRIPLES:
        found = [from_side[side] for side in sorted(triple)]
        for cell in sorted(cost):
            if all(cell in lengths for lengths, _ in found):
                total = sum(lengths[cell] for lengths, _ in found) - 2 * cost[cell]
                if best is None or total < best[0]:
                    best = (total, frozenset().union(*(_path(previous, cell) for _, previous in found)))
    return best


def cheapest_steiner(cost: dict[Cell, int], formation: Formation) -> tuple[int, frozenset[Cell]] | None:
    """Cheapest connected set of cells touching a target side set of ``formation`` (Dreyfus–Wagner).

    ``best[S][v]`` is the cost of the cheapest connected set containing cell ``v`` and
    touching every side in ``S`` (a bitmask over the six sides). Either ``v`` joins two
    such sets for a split of ``S`` (``v`` paid once), or it is reached by a path from a
    cell that already has ``S``; a Dijkstra pass per ``S`` settles the second case. Only the
    side sets inside one of the formation's targets are worked out: a set's answer depends on
    its own subsets alone.
    """
    cells = sorted(cost)
    index = {cell: i for i, cell in enumerate(cells)}
    price = [cost[cell] for cell in cells]
    around = [[index[n] for n in neighbours(cell) if n in index] for cell in cells]
    count, full = len(cells), 1 << len(SIDES)
    best: list[list[float]] = [[INFINITY] * count for _ in range(full)]
    how: list[list[tuple]] = [[()] * count for _ in range(full)]
    wanted = [sum(1 << (side - 1) for side in target) for target in targets(formation)]
    heapify, heappop, heappush = heapq.heapify, heapq.heappop, heapq.heappush
    step_from = [("step", i) for i in range(count)]
    for subset in range(1, full):
        if not any(subset & target == subset for target in wanted):
            continue
        value, reason = best[subset], how[subset]
        if subset & (subset - 1) == 0:
            side = subset.bit_length()
            for i, cell in enumerate(cells):
                if side in sides_of(cell):
                    value[i], reason[i] = price[i], ("leaf",)
        else:
            low = subset & -subset
            rest = subset ^ low
            part = rest
            while True:          # every split into a part with the lowest side and the rest
                first, second = low | part, rest ^ part
                if second:
                    joined = list(map(operator.sub, map(operator.add, best[first], best[second]), price))
                    for i in [i for i, (one, now) in enumerate(zip(joined, value)) if one < now]:
                        value[i], reason[i] = joined[i], ("split", first, second)
                if part == 0:
                    break
                part = (part - 1) & rest
        queue = [(v, i) for i, v in enumerate(value) if v < INFINITY]
        heapify(queue)
        settled = [False] * count
        while queue:
            v, i = heappop(queue)
            if settled[i]:
                continue
            settled[i] = True
            for j in around[i]:
                through = v + price[j]
                if through < value[j]:     # never for a settled cell: costs are not negative
                    value[j], reason[j] = through, step_from[i]
                    heappush(queue, (through, j))

    def cells_in(subset: int, i: int) -> set[Cell]:
        reason = how[subset][i]
        if reason[0] == "leaf":
            return {cells[i]}
        if reason[0] == "split":
            return cells_in(reason[1], i) | cells_in(reason[2], i)
        return {cells[i]} | cells_in(subset, reason[1])

    answer = None
    for subset in wanted:
        for i, value in enumerate(best[subset]):
            if value < INFINITY and (answer is None or value < answer[0]):
                answer = (int(value), i, subset)
    if answer is None:
        return None
    value, i, subset = answer
    return value, frozenset(cells_in(subset, i))


def cheapest_formation(cost: dict[Cell, int], formation: Formation) -> tuple[int, frozenset[Cell]] | None:
    """Cheapest connected set of the cells in ``cost`` that makes ``formation``, or None."""
    check_formation(formation)
    if formation is Formation.BRIDGE:
        return cheapest_bridge(cost)
    if formation is Formation.Y:
        return cheapest_y(cost)
    return cheapest_steiner(cost, formation)


def distance(board: Board, team: int, formation: Formation) -> tuple[int, frozenset[Cell]] | None:
    """The fewest further cells ``team`` needs to make ``formation``, and one such set of free cells.

    ``(0, frozenset())`` when the formation is held; None when it is no longer possible.
    Own counters cost nothing, free cells one each, the other team's cells are closed.
    """
    other = 1 - check_team(team)
    _check_board(board)
    cost = {cell: 0 if board.counters.get(cell) == team else 1
            for cell in CELLS if board.counters.get(cell) != other}
    found = cheapest_formation(cost, formation)
    if found is None:
        return None
    value, cells = found
    needed = frozenset(cell for cell in cells if cell not in board.counters)
    assert len(needed) == value, "an exact search pays for each free cell once"
    return value, needed


def blockers(board: Board, team: int, formation: Formation) -> frozenset[Cell]:
    """The fewest enemy counters whose removal would make ``formation`` possible again.

    Empty when the formation is still possible. Defined as a smallest set ``R`` of the other
    team's counters such that, with ``R`` lifted off the board, ``team`` could still make
    the formation (an exact search where enemy cells cost one and every other cell nothing);
    among several smallest sets, the one the search finds first.
    """
    other = 1 - check_team(team)
    _check_board(board)
    cost = {cell: 1 if board.counters.get(cell) == other else 0 for cell in CELLS}
    value, cells = cheapest_formation(cost, formation)
    return frozenset(cell for cell in cells if board.counters.get(cell) == other)


def blocking_wall(board: Board, team: int, formation: Formation) -> frozenset[Cell]:
    """The whole wall of the other team's counters that makes ``formation`` impossible: every group
    of their counters that holds one of :func:`blockers`. A line of seven counters across the
    board is the wall, though lifting any one of them would open it.

    Empty when the formation is still possible.

    >>> from plateau_lab.hexboard import Board, parse_counters, official_layout, DECLARERS, OPPONENTS
    >>> board = Board(official_layout(4), parse_counters('''
    ...    O . . .
    ...   . O . . .
    ...  . . O . . .
    ... . . . O . . .
    ...  . . . O . .
    ...   . . . O .
    ...    . . . O
    ... '''))
    >>> len(blockers(board, DECLARERS, Formation.Y)), len(blocking_wall(board, DECLARERS, Formation.Y))
    (1, 7)
    >>> blocking_wall(board, OPPONENTS, Formation.BRIDGE)         # the opponents' own line is a Bridge
    frozenset()
    """
    fewest = blockers(board, team, formation)
    enemy = board.cells_of(1 - team)
    return frozenset().union(*(group for group in groups(enemy) if group & fewest))
