"""The exact searches behind "how far?" and "what blocks it?": the cheapest connected set of cells
whose sides make a formation, where each cell costs 0 or 1 and a set costs the sum of its cells.

Bridge by one shortest path (:func:`cheapest_bridge`), Y by a meeting cell and three shortest
paths (:func:`cheapest_y`), Fork / Five / Six sides by the Dreyfus–Wagner Steiner-tree recursion
over the six sides on bitmasks (:func:`cheapest_steiner`); :func:`distance`, :func:`blockers` and
:func:`blocking_wall` ask them of a board.

    >>> from plateau_lab.hexboard import Board, DECLARERS, Formation
    >>> distance(Board.official(4), DECLARERS, Formation.BRIDGE)[0]     # seven cells span the board
    7
"""

from __future__ import annotations

import functools
import heapq
import itertools
from collections.abc import Iterable

from .formations import BRIDGE_PAIRS, GRID, Y_TRIPLES, Formation, check_board, check_formation, groups, targets
from .cells import CELLS, CELLS_ON_SIDE, SIDES, Cell, check_team
from .model import Board

__all__ = ["INFINITY", "SUCCESSORS", "cheapest_bridge", "cheapest_y", "cheapest_steiner", "cheapest_formation",
           "distance", "blockers", "blocking_wall"]

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


# The Steiner search below keeps sets of cells as bitmasks in the cells' sorted order: cell (q, r) is
# bit 8 * (q + 3) + (r + 3), so a lower bit is an earlier cell (the order that breaks ties), and the
# six neighbours of a set are again its shifts by 1, 7 and 8 (as in ``hexboard.fast``, rows by q).
_ORDER_BIT: dict[Cell, int] = {cell: 1 << (8 * (cell[0] + 3) + (cell[1] + 3)) for cell in CELLS}
_CELL_AT: dict[int, Cell] = {bit: cell for cell, bit in _ORDER_BIT.items()}
_ON_BOARD = sum(_ORDER_BIT.values())
_SIDE_CELLS = (0,) + tuple(sum(_ORDER_BIT[cell] for cell in CELLS_ON_SIDE[side]) for side in SIDES)
_MOST_LEVELS = len(CELLS) + 2          # a cost is at most the number of cells


def _next_to(cells: int) -> int:
    """The cells beside any of ``cells`` (a bitmask in the search's order; ``cells`` themselves
    are in it only when beside another of them)."""
    return (cells << 1 | cells >> 1 | cells << 7 | cells >> 7 | cells << 8 | cells >> 8) & _ON_BOARD


def _grown(cells: int, within: int) -> int:
    """``cells`` and every cell of ``within`` joined to them through cells of ``within``."""
    while True:
        more = cells | (cells << 1 | cells >> 1 | cells << 7 | cells >> 7 | cells << 8 | cells >> 8) & within
        if more == cells:
            return cells
        cells = more


def _splits(sides: int) -> tuple[tuple[int, int], ...]:
    """The ways to cut the side set ``sides`` (bit i = side i + 1) in two, in the order Dreyfus–Wagner
    tries them: the part holding the lowest side first, from the largest such part (as side bits) down.

    >>> _splits(0b111)           # sides 1, 2, 3: {1, 3} + {2}, {1, 2} + {3}, {1} + {2, 3}
    ((5, 2), (3, 4), (1, 6))
    """
    low = sides & -sides
    rest = sides ^ low
    found, part = [], rest
    while True:
        if rest ^ part:
            found.append((low | part, rest ^ part))
        if part == 0:
            return tuple(found)
        part = (part - 1) & rest


@functools.cache
def _steiner_plan(formation: Formation) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, tuple]]:
    """What the Steiner search of ``formation`` works out: its targets as side bits, every side set
    inside one of them (smallest number first, so a set comes after its parts), and for each set
    the splits it is a part of, as ``(whole, other part)``."""
    wanted = tuple(sum(1 << (side - 1) for side in target) for target in targets(formation))
    subsets = tuple(sides for sides in range(1, 1 << len(SIDES)) if any(sides & t == sides for t in wanted))
    part_of: dict[int, list[tuple[int, int]]] = {sides: [] for sides in subsets}
    for whole in subsets:
        for first, second in _splits(whole):
            part_of[first].append((whole, second))
            part_of[second].append((whole, first))
    return wanted, subsets, {sides: tuple(found) for sides, found in part_of.items()}


def _cost_bits(cost: dict[Cell, int]) -> tuple[int, int]:
    """The cells costing one and the cells costing nothing, as bitmasks in the search's order."""
    paid = unpaid = 0
    for cell, price in cost.items():
        bit = _ORDER_BIT.get(cell)
        if bit is None:
            raise ValueError(f"{cell!r} is not a cell of the board")
        if price == 1:
            paid |= bit
        elif price == 0:
            unpaid |= bit
        else:
            raise ValueError(f"a cell costs 0 or 1 in the Steiner search, not {price!r} (cell {cell})")
    return paid, unpaid


def _regions(cells: int) -> list[tuple[int, int]]:
    """The connected regions of ``cells``, each with the sides it touches (bit i = side i + 1)."""
    found, unseen = [], cells
    while unseen:
        region = _grown(unseen & -unseen, cells)
        unseen &= ~region
        found.append((region, sum(1 << (side - 1) for side in SIDES if region & _SIDE_CELLS[side])))
    return found


class _SteinerLevels:
    """The costs of the Dreyfus–Wagner search, found one cost at a time for every side set.

    ``at[S][k]`` holds the cells ``v`` whose cheapest connected set containing ``v`` and touching
    the sides ``S`` costs ``k``; ``by_split[S][k]`` those of them that get this cost by joining two
    parts of ``S`` at ``v`` (or, for one side, by lying on it) rather than by a step from a
    neighbour. Every cost up to the answer's is found, and only those: a cost of ``k`` for ``S``
    needs costs of at most ``k`` for its parts and of ``k`` or ``k - 1`` for its neighbours, so the
    sets are worked out in order of their side bits (the targets last) at each ``k`` in turn. The
    search stops at the first target that has a cell of cost ``k``.
    """

    def __init__(self, paid: int, unpaid: int, formation: Formation, regions: list[tuple[int, int]]):
        self.paid, self.unpaid, self.regions = paid, unpaid, regions
        self.wanted, subsets, part_of = _steiner_plan(formation)
        self.at: list[list[int]] = [[] for _ in range(1 << len(SIDES))]
        self.by_split: list[list[int]] = [[] for _ in range(1 << len(SIDES))]
        for sides in subsets:
            self.at[sides] = [0] * _MOST_LEVELS
            self.by_split[sides] = [0] * _MOST_LEVELS
        self.answer = self._search(subsets, part_of)

    def _search(self, subsets, part_of) -> tuple[int, int, int]:
        """``(cost, target, first cell)``: the least cost of a target, the first target (in the
        order of ``targets``) that has it, and its first cell (in sorted order) at that cost.

        At each cost ``k`` every side set in turn (the targets last, in their order) gets the cells
        not reached before whose cost is ``k``: by a split (a paid cell where its parts' costs add
        up to ``k + 1``, for it is counted in both; an unpaid one where they add up to ``k``), by a
        paid step from a cell of cost ``k - 1``, or by unpaid steps from those. A split is tried once
        both its parts have a cost somewhere; a set is left alone once every open cell has one.

        One piece on purpose: it is the search's hot loop over the cost levels, keeping its frontier
        in local variables; split into functions, it would pay a call at every cell it settles.
        """
        paid, unpaid, at, by_split = self.paid, self.unpaid, self.at, self.by_split
        count = 1 << len(SIDES)
        reached = [0] * count       # the cells with a cost so far
        first = [-1] * count        # the least cost of a set, -1 until one is found
        last = [-1] * count         # its greatest cost found so far
        working = [0] * count       # 1 while a set has cells to find, 2 once every open cell has a cost
        splits: dict[int, list] = {sides: [] for sides in subsets}     # the splits tried, with their parts
        sums_before = [0] * count   # per set: the cells whose parts' costs add up to k at step k - 1
        for sides in subsets:
            if sides & (sides - 1) == 0:
                working[sides] = 1
        wanted = self.wanted
        # the cells worth a cost for a set: those of the regions touching all the sides of a target
        # holding it (a region that touches no such target never makes the formation; Dijkstra's
        # pass never steps from one region into another, so the order it settles cells is kept)
        allowed = [0] * count
        for region, touched in self.regions:
            made = [target for target in wanted if touched & target == target]
            if len(made) == len(wanted):        # the usual case: the region could make every target
                allowed = [cells | region for cells in allowed]
                continue
            for sides in subsets:
                if any(target & sides == sides for target in made):
                    allowed[sides] |= region
        in_turn = [sides for sides in subsets if sides not in wanted] + list(wanted)
        later: dict[int, list] = {}            # splits to try from a later cost on: cost -> [(whole, split)]
        k = 0
        while True:
            for whole, split in later.pop(k, ()):
                splits[whole].append(split)
                working[whole] = working[whole] or 1
            for sides in in_turn:
                if working[sides] != 1:
                    continue
                done = reached[sides]
                open_ = allowed[sides] & ~done
                levels = at[sides]
                if sides & (sides - 1) == 0:
                    joined = _SIDE_CELLS[sides.bit_length()] & (unpaid if k == 0 else paid if k == 1 else 0) & open_
                else:
                    sums = 0                           # parts' costs adding up to k + 1
                    ends = sums_before[sides]          # ... and to k (for the unpaid cells)
                    total = k + 1
                    for one, other, one_sides, other_sides in splits[sides]:
                        low, high = first[one_sides], first[other_sides]
                        if not low:
                            ends |= one[0] & other[k]
                        if not high:
                            ends |= one[k] & other[0]
                        # the costs of the first part that can add up to k + 1 (min and max written out: hot)
                        high = total - high
                        if high > last[one_sides]:
                            high = last[one_sides]
                        if high > k:
                            high = k
                        if low < total - last[other_sides]:
                            low = total - last[other_sides]
                        if low < 1:
                            low = 1
                        while low <= high:
                            sums |= one[low] & other[total - low]
                            low += 1
                    sums_before[sides] = sums & open_
                    joined = (sums & paid | ends & unpaid) & open_
                new = joined
                if k:                                  # _next_to, written out (hot)
                    step = levels[k - 1]
                    new |= (step << 1 | step >> 1 | step << 7 | step >> 7 | step << 8 | step >> 8) & paid & open_
                if new and unpaid:                     # unpaid steps: _grown, its first round written out
                    within = unpaid & open_
                    more = new | (new << 1 | new >> 1 | new << 7 | new >> 7 | new << 8 | new >> 8) & within
                    if more != new:
                        new = _grown(more, within)
                if not new:
                    continue
                levels[k] = new
                by_split[sides][k] = joined
                reached[sides] = done = done | new
                last[sides] = k
                if sides in wanted:
                    return k, sides, new & -new
                if first[sides] < 0:
                    first[sides] = k
                    for whole, other in part_of[sides]:
                        if first[other] >= 0:            # both parts have a cost: their least costs add
                            split = (levels, at[other], sides, other)  # up to k + first[other] - 1 at least
                            if first[other] <= 1:
                                splits[whole].append(split)
                                working[whole] = working[whole] or 1
                            else:
                                later.setdefault(k + first[other] - 1, []).append((whole, split))
                if done == allowed[sides]:
                    working[sides] = 2
            k += 1

    def cost_of(self, sides: int, bit: int) -> int | None:
        """The cheapest cost of a connected set holding cell ``bit`` and touching ``sides``, if at
        most the answer's (None: more)."""
        for k, cells in enumerate(self.at[sides][:self.answer[0] + 1]):
            if cells & bit:
                return k
        return None

    def settling_order(self, sides: int, k: int) -> dict[int, int]:
        """The order in which Dijkstra's pass for ``sides`` settles the cells of cost ``k``: at first
        the queue holds those whose cost came from a split or from a paid step from cost ``k - 1``;
        the earliest cell in sorted order is settled next, and puts its unpaid neighbours of cost
        ``k`` into the queue."""
        level = self.at[sides][k]
        waiting = self.by_split[sides][k]
        if k:
            waiting |= self.paid & _next_to(self.at[sides][k - 1])
        waiting &= level
        settled, order = 0, {}
        while waiting:
            cell = waiting & -waiting
            waiting ^= cell
            settled |= cell
            order[cell] = len(order)
            waiting |= _next_to(cell) & self.unpaid & level & ~settled
        return order

    def cells(self) -> frozenset[Cell]:
        """The cells of the answer, each reached the way the Dreyfus–Wagner search records it."""
        cost, target, bit = self.answer
        found: set[Cell] = set()
        orders: dict[tuple[int, int], dict[int, int]] = {}
        todo = [(target, bit, cost)]
        while todo:
            sides, bit, k = todo.pop()
            found.add(_CELL_AT[bit])
            if self.by_split[sides][k] & bit:
                if sides & (sides - 1):
                    todo.extend(self._split_at(sides, bit, k))
                continue
            before = k - 1 if bit & self.paid else k
            came_from = _next_to(bit) & self.at[sides][before]
            if came_from & (came_from - 1):           # several: the one Dijkstra's pass settled first
                if (sides, before) not in orders:
                    orders[sides, before] = self.settling_order(sides, before)
                order = orders[sides, before]
                came_from = min(_bits(came_from), key=order.__getitem__)
            todo.append((sides, came_from, before))
        return frozenset(found)

    def _split_at(self, sides: int, bit: int, k: int) -> list[tuple[int, int, int]]:
        """The first split of ``sides`` whose parts' costs at cell ``bit`` give it cost ``k``."""
        paid = 1 if bit & self.paid else 0
        for one, other in _splits(sides):
            one_cost, other_cost = self.cost_of(one, bit), self.cost_of(other, bit)
            if one_cost is not None and other_cost is not None and one_cost + other_cost - paid == k:
                return [(one, bit, one_cost), (other, bit, other_cost)]
        raise AssertionError(f"no split of sides {sides:06b} gives cost {k}")


def _bits(cells: int) -> Iterable[int]:
    """Each cell of a bitmask, as a bitmask of its own."""
    while cells:
        cell = cells & -cells
        yield cell
        cells ^= cell


@functools.lru_cache(maxsize=4096)
def _steiner_on_bits(paid: int, unpaid: int, formation: Formation) -> tuple[int, frozenset[Cell]] | None:
    """:func:`cheapest_steiner` on bitmasks, remembered: a paired comparison plays each deal under
    two rule sets, whose games often pass through the same boards."""
    regions = _regions(paid | unpaid)
    if not any(touched & target == target for _, touched in regions for target in _steiner_plan(formation)[0]):
        return None
    levels = _SteinerLevels(paid, unpaid, formation, regions)
    return levels.answer[0], levels.cells()


def cheapest_steiner(cost: dict[Cell, int], formation: Formation) -> tuple[int, frozenset[Cell]] | None:
    """Cheapest connected set of cells touching a target side set of ``formation``, with the
    cells the Dreyfus–Wagner recursion gives, or None. A cell of ``cost`` costs 0 or 1; a cell
    missing from it is closed.

    Dreyfus–Wagner: ``best[S][v]`` is the cost of the cheapest connected set containing cell ``v``
    and touching every side in ``S``. Either ``v`` joins two such sets for a split of ``S`` (``v``
    paid once), or it is reached by a path from a cell that already has ``S``; a Dijkstra pass per
    ``S`` settles the second case. Only the side sets inside one of the formation's targets are
    worked out. The answer is the cheapest target (the first of :func:`targets` among equals) at its
    first cell in sorted order, and its cells are found by going back the way each cost was
    reached: the first split (in the order of :func:`_splits`) that gives a cell its cost, else the
    neighbour that Dijkstra's pass (the cheapest, then earliest cell first) settled first.

    The search finds those costs one at a time (every side set's cells of cost 0, then of cost 1,
    …, on bitmasks), stops at the answer's cost, and works out the way back only for the cells of
    the answer; ``tests/hexboard/test_steiner_search.py`` checks that it gives the very cells of
    the plain recursion.

    >>> cheapest_steiner(dict.fromkeys(CELLS, 1), Formation.SIX_SIDES)[0]
    10
    >>> centre = {cell: 0 if cell == (0, 0) else 1 for cell in CELLS}
    >>> value, cells = cheapest_steiner(centre, Formation.SIX_SIDES)      # the centre costs nothing
    >>> value, (0, 0) in cells, len(cells)
    (9, True, 10)
    >>> cheapest_steiner({cell: 1 for cell in CELLS if cell[0] != 0}, Formation.FORK) is None   # a gap
    True
    """
    check_formation(formation)
    paid, unpaid = _cost_bits(cost)
    return _steiner_on_bits(paid, unpaid, formation)


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
    check_board(board)
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
    check_board(board)
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
