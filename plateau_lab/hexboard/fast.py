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
"""

from __future__ import annotations

from collections.abc import Iterable

from .formations import Formation, check_formation, makes
from .model import CELLS, SIDES, Board, Cell, sides_of

ROW = 8


def bit_index(cell: Cell) -> int:
    """The bit of ``cell`` in a mask."""
    q, r = cell
    return ROW * (r + 3) + (q + 3)


BIT: dict[Cell, int] = {cell: 1 << bit_index(cell) for cell in CELLS}
BOARD = sum(BIT.values())
SIDE_MASKS: tuple[int, ...] = tuple(sum(BIT[c] for c in CELLS if side in sides_of(c)) for side in SIDES)
EDGE = SIDE_MASKS[0] | SIDE_MASKS[1] | SIDE_MASKS[2] | SIDE_MASKS[3] | SIDE_MASKS[4] | SIDE_MASKS[5]
# For each formation, a table over the 64 side sets (bit i = side i + 1): does one group make it?
MAKES: dict[Formation, tuple[bool, ...]] = {
    formation: tuple(makes({side for side in SIDES if bits >> (side - 1) & 1}, formation) for bits in range(64))
    for formation in Formation
}


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
        grown = (group | group << 1 | group >> 1 | group << 7 | group >> 7 | group << 8 | group >> 8) & within
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
    unseen = cells & EDGE
    while unseen:
        group = group_of(unseen & -unseen, cells)
        if table[side_bits(group)]:
            return group
        unseen &= ~group
    return 0


def holds(own: int, formation: Formation) -> bool:
    """Whether the team whose counters are ``own`` holds ``formation``."""
    return held_group(own, formation) != 0


def possible(own: int, enemy: int, formation: Formation) -> bool:
    """Whether the team with counters ``own`` could still make ``formation`` on every cell
    that ``enemy`` (the other team) does not hold."""
    if own & enemy:
        raise ValueError("a cell cannot hold counters of both teams")
    return held_group(BOARD & ~enemy, formation) != 0


def board_holds(board: Board, team: int, formation: Formation) -> bool:
    """:func:`holds` for a team on a :class:`Board`."""
    return holds(board.mask(team), formation)


def board_possible(board: Board, team: int, formation: Formation) -> bool:
    """:func:`possible` for a team on a :class:`Board`."""
    return possible(board.mask(team), board.mask(1 - team), formation)
