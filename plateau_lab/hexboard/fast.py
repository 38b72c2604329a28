"""The same verdicts (holds? still possible?) on bitmasks, for simulations.

A set of cells is an ``int``: cell ``(q, r)`` is bit ``8 * (r + 3) + (q + 3)``. With rows
8 bits wide, the six neighbours of a cell are the shifts by 1, 7 and 8 either way, and
masking with :data:`BOARD` drops whatever a shift pushed off the board. A group is grown
from one cell by repeated shifting (a flood fill), starting only from cells on a side —
a group touching no side never makes a formation.

    >>> from plateau_lab.hexboard import Board, Formation, DECLARERS, OPPONENTS
    >>> board = Board.official(4).with_counters(declarers=[(0, -3), (0, -2), (0, -1), (0, 0),
    ...                                                    (0, 1), (0, 2), (0, 3)])
    >>> holds(board.mask(DECLARERS), Formation.BRIDGE)
    True
    >>> possible(board.mask(DECLARERS), board.mask(OPPONENTS), Formation.SIX_SIDES)
    True
    >>> possible(board.mask(OPPONENTS), board.mask(DECLARERS), Formation.BRIDGE)  # the line cuts 2-5
    False

Both answer at once, without a flood fill, when the counters are too few to decide: a team with
fewer counters than :func:`fewest_cells` holds nothing, and fewer enemy counters than
:data:`FEWEST_BLOCKERS` leave every formation possible.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from .formations import Formation, check_formation, makes
from .searches import cheapest_formation
from .cells import BIT, CELLS, ROW, SIDES, Cell, sides_of
from .model import Board

__all__ = ["BOARD", "SIDE_MASKS", "EDGE", "MAKES", "FEWEST_BLOCKERS", "fewest_cells", "mask_of", "cells_of",
           "side_bits", "group_of", "held_group", "first_group_making", "CENTRE", "CENTRE_RING",
           "group_making_from_centre", "ONE_ARC", "stays_connected", "holds", "possible", "board_holds",
           "board_possible"]


BOARD = sum(BIT.values())
SIDE_MASKS: tuple[int, ...] = tuple(sum(BIT[c] for c in CELLS if side in sides_of(c)) for side in SIDES)
EDGE = SIDE_MASKS[0] | SIDE_MASKS[1] | SIDE_MASKS[2] | SIDE_MASKS[3] | SIDE_MASKS[4] | SIDE_MASKS[5]
# For each formation, a table over the 64 side sets (bit i = side i + 1): does one group make it?
MAKES: dict[Formation, tuple[bool, ...]] = {
    formation: tuple(makes({side for side in SIDES if bits >> (side - 1) & 1}, formation) for bits in range(64))
    for formation in Formation
}

#: Fewer enemy counters than this never make the formation impossible
#: (``tests/hexboard/test_formations.py`` tries every smaller set of cells). For Six sides it is
#: exact: the four cells of one side block it.
FEWEST_BLOCKERS: dict[Formation, int] = {Formation.BRIDGE: 5, Formation.Y: 5, Formation.FORK: 5,
                                         Formation.FIVE_SIDES: 5, Formation.SIX_SIDES: 4}


@functools.cache
def fewest_cells(formation: Formation) -> int:
    """The fewest cells of a group that makes ``formation``, found by the exact search of
    :func:`~plateau_lab.hexboard.searches.cheapest_formation` on an empty board.

    >>> fewest_cells(Formation.BRIDGE), fewest_cells(Formation.Y), fewest_cells(Formation.SIX_SIDES)
    (7, 10, 10)
    """
    return cheapest_formation(dict.fromkeys(CELLS, 1), check_formation(formation))[0]


def mask_of(cells: Iterable[Cell]) -> int:
    """The mask of a set of cells."""
    mask = 0
    for cell in cells:
        mask |= BIT[cell]
    return mask


def cells_of(mask: int) -> frozenset[Cell]:
    """The cells of a mask."""
    return frozenset(cell for cell, bit in BIT.items() if mask & bit)


def side_bits(mask: int) -> int:
    """The sides a set of cells touches, as bits (bit i = side i + 1)."""
    s1, s2, s3, s4, s5, s6 = SIDE_MASKS
    return ((mask & s1 != 0) | (mask & s2 != 0) << 1 | (mask & s3 != 0) << 2
            | (mask & s4 != 0) << 3 | (mask & s5 != 0) << 4 | (mask & s6 != 0) << 5)


def group_of(seed: int, within: int) -> int:
    """The connected group of ``within`` that contains the cell(s) of ``seed``."""
    group = seed
    while True:
        up = group | group << 1                 # the neighbours +1, +7, +8, then -1, -7, -8
        down = group | group >> 1
        grown = (up | up << 7 | down | down >> 7) & within
        if grown == group:
            return group
        group = grown


def held_group(cells: int, formation: Formation) -> int:
    """A group of ``cells`` that makes ``formation`` (as a mask), or 0."""
    try:
        table = MAKES[formation]
    except (KeyError, TypeError):       # not a Formation: check_formation says what is expected
        check_formation(formation)
        raise
    if not table[side_bits(cells)]:
        return 0
    return first_group_making(cells & EDGE, cells, table)


def first_group_making(unseen: int, cells: int, table: tuple[bool, ...]) -> int:
    """The first group of ``cells`` through an edge cell of ``unseen`` whose sides ``table`` accepts, or 0."""
    while unseen:
        group = group_of(unseen & -unseen, cells)
        if table[side_bits(group)]:
            return group
        unseen &= ~group
    return 0


#: The centre cell and its six neighbours, where :func:`group_making_from_centre` starts growing.
CENTRE = BIT[(0, 0)]
CENTRE_RING = sum(BIT[cell] for cell in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)))


def group_making_from_centre(cells: int, table: tuple[bool, ...]) -> int:
    """A group of ``cells`` whose sides ``table`` (``MAKES[formation]``, looked up once by a
    caller that asks often) accepts, or 0: :func:`held_group`'s answer, found sooner, since
    the group around the centre, where a large group lies, is grown first (from the centre and
    its ring); when several groups make it, it may be another one.

    >>> line = mask_of((0, r) for r in range(-3, 4))
    >>> group_making_from_centre(line, MAKES[Formation.BRIDGE]) == line
    True
    >>> group_making_from_centre(BOARD & ~line, MAKES[Formation.BRIDGE])   # the line cuts the board in two
    0
    """
    if not table[side_bits(cells)]:
        return 0
    unseen = cells & EDGE
    if cells & CENTRE:
        group = group_of(CENTRE | CENTRE_RING & cells, cells)
        if table[side_bits(group)]:
            return group
        unseen &= ~group
    return first_group_making(unseen, cells, table)


# A cell's six neighbours in turn around it, as bits of ``(cells << ROW) >> bit``, the window of
# ``cells`` in which the cell is bit ROW: +1, -7, -8, -1, +7, +8 from it.
_AROUND = (ROW + 1, ROW - 7, ROW - 8, ROW - 1, ROW + 7, ROW + 8)
_RING = sum(1 << bit for bit in _AROUND)
#: The windows (masked with the ring) in which the neighbours present form one unbroken arc.
ONE_ARC = frozenset(
    sum(1 << _AROUND[i] for i in range(6) if present >> i & 1)
    for present in range(1, 64)
    if present == 63 or sum(present >> i & 1 and not present >> (i - 1) % 6 & 1 for i in range(6)) == 1
)


def stays_connected(region: int, removed: int) -> bool:
    """Whether ``region`` is surely connected, knowing that ``region | removed`` was: true when no
    two removed cells are neighbours and each one's neighbours in ``region`` form one unbroken
    arc around it, for then a path through a removed cell goes round it on that arc. False
    means "not known" (a flood fill tells).

    >>> line = mask_of((0, r) for r in range(-3, 4))
    >>> centre, end = BIT[(0, 0)], BIT[(0, 3)]
    >>> stays_connected(BOARD & ~centre, centre), stays_connected(line & ~end, end)
    (True, True)
    >>> stays_connected(line & ~centre, centre)      # the line is cut in two
    False
    """
    if (removed << 1 | removed >> 1 | removed << 7 | removed >> 7 | removed << 8 | removed >> 8) & removed:
        return False
    window = region << ROW
    while removed:
        cell = removed & -removed
        if (window >> (cell.bit_length() - 1)) & _RING not in ONE_ARC:
            return False
        removed ^= cell
    return True


def holds(own: int, formation: Formation) -> bool:
    """Whether the team whose counters are ``own`` holds ``formation``."""
    return own.bit_count() >= fewest_cells(check_formation(formation)) and held_group(own, formation) != 0


def possible(own: int, enemy: int, formation: Formation) -> bool:
    """Whether the team with counters ``own`` could still make ``formation`` on every cell
    that ``enemy`` (the other team) does not hold."""
    if own & enemy:
        raise ValueError("a cell cannot hold counters of both teams")
    return enemy.bit_count() < FEWEST_BLOCKERS[check_formation(formation)] or held_group(BOARD & ~enemy, formation) != 0


def board_holds(board: Board, team: int, formation: Formation) -> bool:
    """:func:`holds` for a team on a :class:`Board`."""
    return holds(board.mask(team), formation)


def board_possible(board: Board, team: int, formation: Formation) -> bool:
    """:func:`possible` for a team on a :class:`Board`."""
    return possible(board.mask(team), board.mask(1 - team), formation)
