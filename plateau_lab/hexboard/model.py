"""The Le Plateau board as a graph: 37 hexes, their tokens, their sides, and the counters on them.

Cells are axial coordinates ``(q, r)`` with ``|q|, |r|, |q + r| <= 3``. Two cells are
neighbours when they differ by one of the six axial directions. The six sides of the
big hexagon are numbered clockwise from the top: side 1 is ``r = -3``, side 2 ``q = 3``,
side 3 ``q + r = 3``, side 4 ``r = 3``, side 5 ``q = -3``, side 6 ``q + r = -3``
(docs/rulings.md, The board; the cells, sides and tokens are :mod:`.cells`). A corner cell
lies on two sides::

    >>> from plateau_lab.hexboard.cells import CELLS, sides_of
    >>> len(CELLS), CELLS[0]
    (37, (-3, 0))
    >>> sorted(sides_of((1, -3))), sorted(sides_of((3, -3))), sorted(sides_of((0, 0)))
    ([1], [1, 2], [])
    >>> board = Board(official_layout(4))
    >>> board.layout[(0, 0)], board.cell_of("EXC")
    ('T13', (0, -1))
    >>> board = board.place((0, 0), DECLARERS).place((0, 1), OPPONENTS)
    >>> board.graph.nodes[(0, 0)]
    {'token': 'T13', 'sides': frozenset(), 'counter': 0}
    >>> board.place((0, 0), OPPONENTS)
    Traceback (most recent call last):
    ...
    ValueError: cell (0, 0) (token T13) already holds a counter of the declarers

Layouts and counter diagrams are also written as text; :func:`parse_layout` and
:func:`parse_counters` read them in one pass over the text (linear time, whatever the input),
and every malformed text is a ``core.ParseError`` saying where and what.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

import networkx as nx

from ..core import SEED_LIMIT, ParseError, check_whole, parse_whole, quoted, seeded_random

from .cells import (_SIDES_OF, _THE_TOKENS, DECLARERS, OPPONENTS, Cell, RADIUS, CELLS, CELL_SET,
                    TEAM_NAMES, BIT, check_cell, check_team, check_players, neighbours, COURT_TOKENS, TRICK_TOKEN_COUNT,
                    TOKEN_KINDS, token_kind, describe_token, card_in_deck, ring, _described)
from .render import board_picture

__all__ = ["layout_text", "parse_layout", "layout_entries", "official_layout", "random_layout", "Board", "COUNTER_SYMBOLS", "ROWS", "diagram_of", "parse_counters"]

_OFFICIAL_3_TO_6 = (
    "A6(-3,0) T10(-3,1) T9(-3,2) A5(-3,3) T11(-2,-1) DH(-2,0) CC(-2,1) DS(-2,2) T8(-2,3) "
    "T12(-1,-2) VD(-1,-1) RS(-1,0) RH(-1,1) VC(-1,2) T7(-1,3) A1(0,-3) CH(0,-2) EXC(0,-1) T13(0,0) "
    "A21(0,1) CD(0,2) A4(0,3) T1(1,-3) VS(1,-2) RD(1,-1) RC(1,0) VH(1,1) T6(1,2) T2(2,-3) DC(2,-2) "
    "CS(2,-1) DD(2,0) T5(2,1) A2(3,-3) T3(3,-2) T4(3,-1) A3(3,0)"
)
_TWO_PLAYER_RING = (
    "T13(-3,0) T12(-3,1) T11(-3,2) A3(-3,3) T14(-2,-1) T10(-2,3) T15(-1,-2) T9(-1,3) A1(0,-3) T8(0,3) "
    "T1(1,-3) T7(1,2) T2(2,-3) T6(2,1) T3(3,-3) T4(3,-2) T5(3,-1) A2(3,0)"
)


def layout_text(layout: Mapping[Cell, str]) -> str:
    """A layout as text, ``TOKEN(q,r)`` entries in cell order; ``parse_layout`` reads it back.

    >>> layout_text(official_layout(4))[:26]
    'A6(-3,0) T10(-3,1) T9(-3,2'
    """
    layout = Board(layout).layout
    return " ".join(f"{layout[cell]}({cell[0]},{cell[1]})" for cell in CELLS)


def parse_layout(text: str, *, players: int | None = None) -> dict[Cell, str]:
    """Read a layout written as ``TOKEN(q,r)`` entries separated by white space; all 37 cells once.

    Tokens may be in any case; white space may surround the parentheses, the comma and the
    coordinates, which are whole numbers in ASCII digits with an optional sign. With
    ``players``, every card named must be in that player count's deck. Errors are
    ``core.ParseError`` saying which entry and what is wrong::

        >>> layout = parse_layout(layout_text(official_layout(3)), players=3)
        >>> layout == official_layout(3)
        True
        >>> parse_layout("A6(-3,0) XX(0,0)")
        Traceback (most recent call last):
        ...
        plateau_lab.core.ParseError: entry 2 'XX(0,0)': unknown token 'XX': tokens are T1..T18 (tricks), A1..A21 (trumps), EXC (the Excuse) and court cards R/D/C/V + S/H/C/D such as RS or VD
    """
    if not isinstance(text, str):
        raise TypeError(f"a layout is text of TOKEN(q,r) entries, not {_described(text)}")
    if players is not None:
        check_players(players)
    layout: dict[Cell, str] = {}
    cell_of_token: dict[str, Cell] = {}
    for where, token, cell in layout_entries(text):
        if players is not None and not card_in_deck(token, players):
            raise ParseError(f"{describe_token(token)} is not in the {players}-player deck "
                             "(trumps 8 through 15 are removed)", where=where)
        if cell in layout:
            raise ParseError(f"cell {cell} already holds {layout[cell]}", where=where)
        if token in cell_of_token:
            q, r = cell_of_token[token]
            raise ParseError(f"token {token} appears twice (first at ({q},{r}))", where=where)
        layout[cell] = token
        cell_of_token[token] = cell
    if len(layout) != len(CELLS):
        missing = [cell for cell in CELLS if cell not in layout]
        shown = ", ".join(map(str, missing[:6])) + (" …" if len(missing) > 6 else "")
        raise ParseError(f"a layout needs all {len(CELLS)} cells, got {len(layout)}; missing {shown}",
                         where="layout")
    return {cell: layout[cell] for cell in CELLS}


def layout_entries(text: str) -> Iterator[tuple[str, str, Cell]]:
    """The entries of a layout text, left to right, each as (where, token, cell); ParseError at the
    first malformed one. Every entry ends with ``)``, so one split there cuts the text into its
    entries (and a rest that must be blank), and each entry is read with a few splits: every
    character is looked at a fixed number of times, so the time is linear in the text.

    >>> [(token, cell) for _, token, cell in layout_entries(" a6 ( -3 , 0 )  T10(-3,1)")]
    [('A6', (-3, 0)), ('T10', (-3, 1))]
    """
    *pieces, rest = text.split(")")
    for number, piece in enumerate(pieces, start=1):
        yield _layout_entry(piece, number)
    if not rest.strip():
        return
    where = f"entry {len(pieces) + 1}"
    if "(" in rest:
        raise ParseError("the entry has no closing ')'", where=f"{where} {quoted(''.join(rest.split()))}")
    raise ParseError("expected TOKEN(q,r), for example A6(-3,0)", where=f"{where} {quoted(rest.split(None, 1)[0])}")


def _layout_entry(piece: str, number: int) -> tuple[str, str, Cell]:
    """One entry ``TOKEN(q,r`` (its ``)`` already cut off): (where, token, cell)."""
    where = f"entry {number} {quoted(''.join(piece.split()) + ')')}"
    head, paren, inside = piece.partition("(")
    words = head.split(None, 1)
    if not paren:
        raise ParseError("expected TOKEN(q,r), for example A6(-3,0)", where=where)
    if not words:
        raise ParseError("a token is missing before '('", where=where)
    if len(words) > 1:
        raise ParseError("expected TOKEN(q,r), for example A6(-3,0)",
                         where=f"entry {number} {quoted(words[0])}")
    if number > 1 and not piece[:1].isspace():
        raise ParseError("entries are separated by white space", where=where)
    coordinates = inside.split(",", 2)
    if len(coordinates) != 2:
        raise ParseError("expected two coordinates q,r inside the parentheses", where=where)
    cell = (_coordinate(coordinates[0], name="q", where=where), _coordinate(coordinates[1], name="r", where=where))
    if cell not in CELL_SET:
        raise ParseError(f"{cell} is not a cell of the board (|q|, |r|, |q+r| <= 3)", where=where)
    token = words[0].upper() if words[0].isascii() else words[0]
    if token not in TOKEN_KINDS:
        raise ParseError(f"unknown token {quoted(token)}: {_THE_TOKENS}", where=where)
    return where, token, cell


def _coordinate(text: str, *, name: str, where: str) -> int:
    """A coordinate: a whole number in ASCII digits with an optional sign, ``-3``, ``+2``, ``0``."""
    text = text.strip()
    signed = text.startswith(("-", "+"))
    digits = text[1:] if signed else text
    if signed and digits[:1].isspace():
        raise ParseError(f"the coordinate {name} has white space after its sign", where=where)
    number = parse_whole(digits, where=where, name=f"the coordinate {name}")
    return -number if text.startswith("-") else number


def official_layout(players: int) -> dict[Cell, str]:
    """The official board for ``players`` (docs/rulings.md, The board: from the official board art).

    One board for 3 to 6 players; the 2-player board keeps its inner 19 hexes, puts
    trick 16 in the centre and has its own outer ring.

    >>> official_layout(2)[(0, 0)], official_layout(6)[(0, 0)]
    ('T16', 'T13')
    """
    return dict(_official_layout(2 if check_players(players) == 2 else 3))


@functools.cache
def _official_layout(players: int) -> Mapping[Cell, str]:
    layout = parse_layout(_OFFICIAL_3_TO_6, players=3)
    if players == 2:
        inner = {cell: token for cell, token in layout.items() if 0 < ring(cell) < RADIUS}
        layout = parse_layout(
            _TWO_PLAYER_RING + " T16(0,0) " + " ".join(f"{t}({q},{r})" for (q, r), t in inner.items()),
            players=2,
        )
    return MappingProxyType(layout)


def random_layout(*, seed: int, tricks: int) -> dict[Cell, str]:
    """The rulebook's "alternative board setup": every token placed at random (seeded).

    The tokens (docs/rulings.md, The board): the 16 court cards, trick tokens 1..``tricks``,
    and the trump tokens EXC, 21, 1, 2, … up to 19 − ``tricks`` — 37 in all. With 13 tricks
    that is the token set of the official 3–6-player board, with 16 tricks that of the
    2-player board. ``tricks`` goes up to 18, the trick tokens in the box.

    >>> layout = random_layout(seed=1, tricks=18)
    >>> sorted(t for t in layout.values() if t.startswith("A") or t == "EXC")
    ['A1', 'A21', 'EXC']
    >>> layout == random_layout(seed=1, tricks=18)
    True
    """
    check_whole(seed, name="seed", low=0, high=SEED_LIMIT - 1)
    check_whole(tricks, name="tricks", low=1, high=TRICK_TOKEN_COUNT)
    tokens = (list(COURT_TOKENS) + [f"T{n}" for n in range(1, tricks + 1)]
              + ["EXC", "A21"] + [f"A{n}" for n in range(1, 19 - tricks + 1)])
    seeded_random(seed, "alternative board setup", tricks).shuffle(tokens)
    return dict(zip(CELLS, tokens))


# ---------------------------------------------------------------------------------------------
# The board


def _checked_layout(layout: Any) -> Mapping[Cell, str]:
    """A layout checked (every cell once, every token known and once), read-only, in cell order."""
    if not isinstance(layout, Mapping):
        raise TypeError(f"a layout maps every cell (q, r) to its token, not {_described(layout)}")
    tokens = {check_cell(cell): token for cell, token in layout.items()}
    if len(tokens) != len(CELLS):
        raise ValueError(f"a layout needs all {len(CELLS)} cells, got {len(tokens)}")
    seen: dict[str, Cell] = {}
    for cell, token in tokens.items():
        token_kind(token)
        if token in seen:
            raise ValueError(f"token {token} lies on both {seen[token]} and {cell}")
        seen[token] = cell
    return MappingProxyType({cell: tokens[cell] for cell in CELLS})


def _checked_counters(counters: Any) -> Mapping[Cell, int]:
    """Counters checked (cells of the board, teams 0 or 1), read-only, in the order given."""
    if not isinstance(counters, Mapping):
        raise TypeError(f"counters map cells (q, r) to a team, not {_described(counters)}")
    return MappingProxyType({check_cell(cell): check_team(team) for cell, team in counters.items()})


@dataclass(frozen=True)
class Board:
    """A layout of tokens with the counters of the two teams on it. Never changes once made.

    ``layout`` maps every cell to its token, ``counters`` maps occupied cells to a team
    (``DECLARERS`` or ``OPPONENTS``), in the order they were given or placed. Two boards are
    equal, and hash alike, when they have the same layout and the same counters, in whatever
    order the counters came. ``place`` returns a new board.
    """

    layout: Mapping[Cell, str]
    counters: Mapping[Cell, int] = field(default_factory=dict)

    def __post_init__(self):
        object.__setattr__(self, "layout", _checked_layout(self.layout))
        object.__setattr__(self, "counters", _checked_counters(self.counters))

    @classmethod
    def official(cls, players: int) -> Board:
        """An empty official board for ``players``."""
        return cls(official_layout(players))

    def _derive(self, counters: dict[Cell, int]) -> Board:
        """A board with this layout and ``counters`` (checked by the caller): the one way boards are
        made from a board. Placing a counter must stay cheap, so the layout, which never changes, is
        shared rather than checked again, and no cached value is carried over."""
        board = object.__new__(Board)
        object.__setattr__(board, "layout", self.layout)
        object.__setattr__(board, "counters", MappingProxyType(counters))
        return board

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(frozenset(self.counters.items()))     # equal boards have equal counters

    def place(self, cell: Cell, team: int) -> Board:
        """The board with a counter of ``team`` on ``cell``; ValueError naming the cell if occupied.

        The rulebook: the trick winner "places one of their team's counters on the space
        corresponding to the trick" — one counter per space, so an occupied space is an error.
        """
        cell, team = check_cell(cell), check_team(team)
        if cell in self.counters:
            raise ValueError(f"cell {cell} (token {self.layout[cell]}) already holds a counter of the "
                             f"{TEAM_NAMES[self.counters[cell]]}")
        return self._derive({**self.counters, cell: team})

    def place_token(self, token: str, team: int) -> Board:
        """The board with a counter of ``team`` on the space of ``token`` (ValueError if absent)."""
        cell = self.cell_of(token)
        if cell is None:
            raise ValueError(f"token {token} is not on this board")
        return self.place(cell, team)

    def remove(self, cell: Cell) -> Board:
        """The board without the counter on ``cell`` (ValueError if the cell is empty)."""
        cell = check_cell(cell)
        if cell not in self.counters:
            raise ValueError(f"cell {cell} (token {self.layout[cell]}) holds no counter")
        return self._derive({c: t for c, t in self.counters.items() if c != cell})

    def with_counters(self, declarers: Iterable[Cell] = (), opponents: Iterable[Cell] = ()) -> Board:
        """The board with counters added on the given cells (each must be empty)."""
        board = self
        for team, cells in ((DECLARERS, declarers), (OPPONENTS, opponents)):
            for cell in cells:
                board = board.place(cell, team)
        return board

    def cleared(self) -> Board:
        """The same layout without any counter.

        >>> Board.official(4).place((0, 0), DECLARERS).cleared() == Board.official(4)
        True
        """
        return self._derive({})

    def cell_of(self, token: str) -> Cell | None:
        """Where ``token`` lies, or None if it is not on this board."""
        if not isinstance(token, str):
            raise TypeError(f"a token is text such as 'T7' or 'RS', not {_described(token)}")
        return self._cells_by_token.get(token)

    @cached_property
    def _cells_by_token(self) -> dict[str, Cell]:
        return {token: cell for cell, token in self.layout.items()}

    def free_cells(self) -> frozenset[Cell]:
        """The cells without a counter."""
        return frozenset(cell for cell in CELLS if cell not in self.counters)

    def cells_of(self, team: int) -> frozenset[Cell]:
        """The cells holding a counter of ``team``."""
        team = check_team(team)
        return frozenset(cell for cell, owner in self.counters.items() if owner == team)

    def mask(self, team: int) -> int:
        """The cells of ``team`` as a bitmask for :mod:`plateau_lab.hexboard.fast`."""
        return self._masks[check_team(team)]

    @cached_property
    def _masks(self) -> tuple[int, int]:
        masks = [0, 0]
        for cell, team in self.counters.items():
            masks[team] |= BIT[cell]
        return masks[0], masks[1]

    @cached_property
    def graph(self) -> nx.Graph:
        """The board as a ``networkx.Graph``: nodes carry ``token``, ``sides`` and ``counter``."""
        graph = nx.Graph()
        for cell in CELLS:
            graph.add_node(cell, token=self.layout[cell], sides=_SIDES_OF[cell], counter=self.counters.get(cell))
        graph.add_edges_from((cell, other) for cell in CELLS for other in neighbours(cell) if cell < other)
        return graph

    def diagram(self) -> str:
        """The counters as text, one line per row (r = -3 at the top): ``X`` declarers, ``O``
        opponents, ``.`` free. :func:`parse_counters` reads it back.

        >>> print(Board.official(4).with_counters(declarers=[(0, -3)], opponents=[(0, 3)]).diagram())
           X . . .
          . . . . .
         . . . . . .
        . . . . . . .
         . . . . . .
          . . . . .
           . . . O
        <BLANKLINE>
        """
        return diagram_of(self.counters)

    def to_svg(self, *, highlight: Iterable[Cell] = (), path: Iterable[Cell] = (), title: str | None = None,
               scale: float = 1.0) -> str:
        """The board as SVG: tokens, counters, numbered sides, optional highlighted cells and path."""
        return board_picture(self, highlight=highlight, path=path, title=title).svg(scale=scale)

    def _repr_svg_(self) -> str:
        return self.to_svg()


COUNTER_SYMBOLS = {DECLARERS: "X", OPPONENTS: "O"}
_TEAM_OF_SYMBOL = {"X": DECLARERS, "D": DECLARERS, "O": OPPONENTS, ".": None}
ROWS: tuple[tuple[Cell, ...], ...] = tuple(tuple(sorted(cell for cell in CELLS if cell[1] == r))
                                           for r in range(-RADIUS, RADIUS + 1))


def diagram_of(counters: Mapping[Cell, int]) -> str:
    """Counters drawn as in :meth:`Board.diagram`."""
    return "".join(" " * abs(row[0][1]) + " ".join(COUNTER_SYMBOLS.get(counters.get(cell), ".") for cell in row)
                   + "\n" for row in ROWS)


def parse_counters(text: str) -> dict[Cell, int]:
    """Read counters drawn as in :meth:`Board.diagram`: 7 rows of 4, 5, 6, 7, 6, 5, 4 symbols.

    ``X`` (or ``D``) is a declarers' counter, ``O`` an opponents' one, ``.`` a free cell, in
    either case; symbols are separated by white space and blank lines are skipped.

    >>> counters = parse_counters('''
    ...    X . . .
    ...   . X . . .
    ...  . . . . . .
    ... . . . O . . .
    ...  . . . . . .
    ...   . . . . .
    ...    . . . .
    ... ''')
    >>> counters
    {(0, -3): 0, (0, -2): 0, (0, 0): 1}
    """
    if not isinstance(text, str):
        raise TypeError(f"a counter diagram is text, not {_described(text)}")
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != len(ROWS):
        raise ParseError(f"expected {len(ROWS)} rows of cells, got {len(lines)}", where="diagram")
    counters: dict[Cell, int] = {}
    for number, (row, line) in enumerate(zip(ROWS, lines), start=1):
        symbols = line.split()
        if len(symbols) != len(row):
            raise ParseError(f"expected {len(row)} cells, got {len(symbols)}", where=f"diagram row {number}")
        for cell, symbol in zip(row, symbols):
            key = symbol.upper() if symbol.isascii() else symbol
            if key not in _TEAM_OF_SYMBOL:
                raise ParseError(f"unknown symbol {quoted(symbol)} at {cell}; use X, O or .",
                                 where=f"diagram row {number}")
            if _TEAM_OF_SYMBOL[key] is not None:
                counters[cell] = _TEAM_OF_SYMBOL[key]
    return dict(sorted(counters.items()))
