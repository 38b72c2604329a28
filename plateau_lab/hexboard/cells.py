"""The cells of Le Plateau's board: 37 hexes in axial coordinates, their six sides and corners,
the two teams, and the tokens printed on the cells, with the checks of each (no graph, no picture:
what every other module of the board reads).

    >>> len(CELLS), sorted(sides_of((3, -3))), describe_token("RS")
    (37, [1, 2], 'king of spades')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any
from ..core import check_whole, quoted

__all__ = ["Cell", "RADIUS", "CELLS", "CELL_SET", "DIRECTIONS", "SIDES", "OPPOSITE", "DECLARERS", "OPPONENTS", "TEAMS", "TEAM_NAMES", "CORNERS", "CELLS_ON_SIDE", "ROW", "BIT", "check_cell", "check_team", "check_players", "sides_of", "neighbours", "SUIT_NAMES", "RANK_NAMES", "COURT_TOKENS", "TRICK_TOKEN_COUNT", "TRICK_TOKENS", "TRUMP_TOKENS", "TOKEN_KINDS", "token_kind", "describe_token", "card_in_deck", "ring"]

Cell = tuple[int, int]
RADIUS = 3
CELLS: tuple[Cell, ...] = tuple(sorted(
    (q, r) for q in range(-RADIUS, RADIUS + 1) for r in range(-RADIUS, RADIUS + 1) if abs(q + r) <= RADIUS
))
CELL_SET = frozenset(CELLS)
DIRECTIONS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
SIDES = (1, 2, 3, 4, 5, 6)
OPPOSITE = {1: 4, 2: 5, 3: 6, 4: 1, 5: 2, 6: 3}

DECLARERS, OPPONENTS = 0, 1
TEAMS = (DECLARERS, OPPONENTS)
TEAM_NAMES = {DECLARERS: "declarers", OPPONENTS: "opponents"}

_SIDE_TESTS = {
    1: lambda q, r: r == -RADIUS,
    2: lambda q, r: q == RADIUS,
    3: lambda q, r: q + r == RADIUS,
    4: lambda q, r: r == RADIUS,
    5: lambda q, r: q == -RADIUS,
    6: lambda q, r: q + r == -RADIUS,
}
_SIDES_OF = {cell: frozenset(side for side, test in _SIDE_TESTS.items() if test(*cell)) for cell in CELLS}
CORNERS = tuple(cell for cell in CELLS if len(_SIDES_OF[cell]) == 2)
CELLS_ON_SIDE = {side: tuple(cell for cell in CELLS if side in _SIDES_OF[cell]) for side in SIDES}
#: The bits of one row of the board in a bitmask of cells (the fast path's board).
ROW = 8
#: Each cell's bit in a bitmask of cells: rows of ``ROW`` bits, r = -3 first.
BIT: dict[Cell, int] = {(q, r): 1 << (ROW * (r + 3) + (q + 3)) for q, r in CELLS}


def _described(value: Any) -> str:
    """A value of the wrong type, for a TypeError: ``'ab' (a str)``, ``(0.0, 0) (a tuple)``."""
    shown = quoted(value)
    return f"{shown} (a {type(value).__name__})"


def check_cell(cell: Any) -> Cell:
    """``cell`` as a ``(q, r)`` tuple if it is a cell of the board; TypeError or ValueError says why not.

    >>> check_cell([0, -3])
    (0, -3)
    >>> check_cell((4, 0))
    Traceback (most recent call last):
    ValueError: (4, 0) is not a cell of the board (|q|, |r|, |q+r| <= 3)
    """
    if type(cell) is tuple and cell in CELL_SET and type(cell[0]) is int and type(cell[1]) is int:
        return cell
    if not (isinstance(cell, (tuple, list)) and len(cell) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)):
        raise TypeError(f"a cell is a pair of whole numbers (q, r), not {_described(cell)}")
    cell = (cell[0], cell[1])
    if cell not in CELL_SET:
        raise ValueError(f"{cell!r} is not a cell of the board (|q|, |r|, |q+r| <= 3)")
    return cell


def check_team(team: Any) -> int:
    """``team`` if it is ``DECLARERS`` (0) or ``OPPONENTS`` (1); TypeError or ValueError says why not."""
    if isinstance(team, bool) or not isinstance(team, int):
        raise TypeError(f"team must be DECLARERS (0) or OPPONENTS (1), not {_described(team)}")
    if team not in TEAMS:
        raise ValueError(f"team must be DECLARERS (0) or OPPONENTS (1), not {team!r}")
    return team


def check_players(players: Any) -> int:
    """``players`` if Le Plateau is for that many (2 to 6); TypeError or ValueError says why not."""
    return check_whole(players, name="Le Plateau players", low=2, high=6)


def sides_of(cell: Cell) -> frozenset[int]:
    """The sides of the board that ``cell`` touches: none inside, one on an edge, two at a corner.

    The rulebook: "Corner spaces belong to both sides of the board to which they are adjacent."
    """
    try:
        return _SIDES_OF[cell]
    except (KeyError, TypeError):
        return _SIDES_OF[check_cell(cell)]


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The cells next to ``cell`` (3 at a corner, 4 on an edge, 6 inside)."""
    q, r = cell
    return tuple(n for n in ((q + dq, r + dr) for dq, dr in DIRECTIONS) if n in CELL_SET)


# ---------------------------------------------------------------------------------------------
# Tokens and layouts

SUIT_NAMES = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}
RANK_NAMES = {"R": "king", "D": "queen", "C": "knight", "V": "jack"}
COURT_TOKENS = tuple(rank + suit for rank in "RDCV" for suit in "SHCD")
TRICK_TOKEN_COUNT = 18          # the box holds trick tokens 1..18
TRICK_TOKENS = tuple(f"T{n}" for n in range(1, TRICK_TOKEN_COUNT + 1))
TRUMP_TOKENS = ("EXC", *(f"A{n}" for n in range(1, 22)))
#: Every token there is, and its kind: the whole vocabulary of a layout.
TOKEN_KINDS: Mapping[str, str] = MappingProxyType({
    **dict.fromkeys(TRICK_TOKENS, "trick"), **dict.fromkeys(TRUMP_TOKENS, "trump"),
    **dict.fromkeys(COURT_TOKENS, "card"),
})
_THE_TOKENS = (f"tokens are T1..T{TRICK_TOKEN_COUNT} (tricks), A1..A21 (trumps), EXC (the Excuse) "
               "and court cards R/D/C/V + S/H/C/D such as RS or VD")


def token_kind(token: str) -> str:
    """``"trick"``, ``"trump"`` or ``"card"`` (a court card), or ValueError for an unknown token.

    >>> token_kind("T7"), token_kind("A21"), token_kind("EXC"), token_kind("DH")
    ('trick', 'trump', 'trump', 'card')
    """
    if not isinstance(token, str):
        raise TypeError(f"a token is text such as 'T7' or 'RS', not {_described(token)}")
    kind = TOKEN_KINDS.get(token)
    if kind is None:
        raise ValueError(f"unknown token {quoted(token)}: {_THE_TOKENS}")
    return kind


def describe_token(token: str) -> str:
    """A token in words.

    >>> describe_token("T7"), describe_token("A21"), describe_token("EXC"), describe_token("DH")
    ('trick 7', 'trump 21', 'the Excuse', 'queen of hearts')
    """
    kind = token_kind(token)
    if token == "EXC":
        return "the Excuse"
    if kind == "trick":
        return f"trick {token[1:]}"
    if kind == "trump":
        return f"trump {token[1:]}"
    return f"{RANK_NAMES[token[0]]} of {SUIT_NAMES[token[1]]}"


def card_in_deck(token: str, players: int) -> bool:
    """Whether the card a card or trump token names is in the deck for ``players`` players.

    The deck table: with 2 players trumps 8 through 15 are removed (and suit cards 1-9,
    which have no tokens); from 3 players on every trump and court card is in the deck.
    Trick tokens name no card and are always accepted.

    >>> card_in_deck("A9", 2), card_in_deck("A9", 3), card_in_deck("A16", 2), card_in_deck("RS", 2)
    (False, True, True, True)
    """
    check_players(players)
    kind = token_kind(token)
    if kind == "trump" and token != "EXC" and players == 2:
        return not 8 <= int(token[1:]) <= 15
    return True


def ring(cell: Cell) -> int:
    """How far ``cell`` is from the centre (0 for the centre, 3 for the outer ring)."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))
