"""Where the points came from: a round's (or hand's, or game's) scoring worked out per player.

Each game builds its sheet in its rules layer from what lies face up once the round is scored, and
declares it to the play table through its view (``TableView.scoring``). A row lists the player's
items in the game's own words, each with the points it gives (or none, for what explains the
points: a bid, the tricks won), the row's total, and the player's total for the game so far::

    >>> sheet = ScoreSheet("Round 2", (
    ...     SheetRow(0, (SheetItem("bid 2, won 2 tricks"), SheetItem("2 tricks × 1 point", 2),
    ...                  SheetItem("exact bid", 10)), total=12, game_total=30),
    ...     SheetRow(1, (SheetItem("bid 1, won 0 tricks"), SheetItem("0 tricks × 1 point", 0)), total=0),
    ... ))
    >>> print(sheet.text())
    Round 2
    player 0: bid 2, won 2 tricks; 2 tricks × 1 point +2; exact bid +10 → 12 (game 30)
    player 1: bid 1, won 0 tricks; 0 tricks × 1 point 0 → 0
    >>> signed(-3), signed(6), signed(0), number(-10), number(12)
    ('−3', '+6', '0', '−10', '12')

A row whose items do not add up to its total is refused: the sheet must show the engine's sum.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import Deal, GameState

__all__ = ["ScoreSheet", "SheetItem", "SheetRow", "at_a_deals_end", "number", "signed"]

MINUS = "\u2212"


def at_a_deals_end(state: GameState) -> bool:
    """Whether ``state`` ends a round, hand or game: the game is over, or the next move is a deal
    (where the play table pauses on its summary)."""
    return state.is_over or any(isinstance(action, Deal) for action in state.legal_actions())


def signed(points: int) -> str:
    """Points with their sign as a score sheet prints them: ``+6``, ``−3`` (a true minus), ``0``."""
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"


def number(points: int) -> str:
    """A total as a score sheet prints it: no sign but a true minus (``−10``, ``12``)."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


@dataclass(frozen=True)
class SheetItem:
    """One thing a player's points came from, in the game's words (``"blue 5 cards"``), and the
    points it gives; None for a line that explains rather than scores (``"bid 2, won 3 tricks"``)."""

    what: str
    points: int | None = None

    def __str__(self) -> str:
        return self.what if self.points is None else f"{self.what} {signed(self.points)}"


@dataclass(frozen=True)
class SheetRow:
    """A player's scoring: the items, their ``total`` (the points of this round, hand or game), and
    ``game_total``, the player's score in the game after it (None when it is the same as ``total``)."""

    seat: int
    items: tuple[SheetItem, ...]
    total: int
    game_total: int | None = None

    def __post_init__(self) -> None:
        added = sum(item.points for item in self.items if item.points is not None)
        if added != self.total:
            raise ValueError(f"player {self.seat}'s items add up to {added}, not to the total {self.total}")

    def text(self) -> str:
        """The row on one line, items separated by ``;`` and the total after an arrow."""
        game = "" if self.game_total is None else f" (game {number(self.game_total)})"
        return f"player {self.seat}: {'; '.join(map(str, self.items))} → {number(self.total)}{game}"


@dataclass(frozen=True)
class ScoreSheet:
    """The scoring of a round, hand or game: a ``title`` (``"Round 3"``), ``notes`` said of the
    whole table (Le Plateau's contract and why it was made or not), and a row per player."""

    title: str
    rows: tuple[SheetRow, ...]
    notes: tuple[str, ...] = field(default=())

    def row(self, seat: int) -> SheetRow:
        """The row of the player in ``seat``."""
        for row in self.rows:
            if row.seat == seat:
                return row
        raise ValueError(f"the sheet has no row for player {seat}")

    def text(self) -> str:
        """The sheet as plain text: the title, the notes, then a line per player."""
        return "\n".join((self.title, *self.notes, *(row.text() for row in self.rows)))
