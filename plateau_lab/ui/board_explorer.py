"""An interactive board: click a space to place a counter or take one off, and watch the verdicts change.

The board is a :class:`plateau_lab.ui.clickable.ClickablePicture`: every space is a click target,
and the verdicts are drawn on the board itself — the group that holds the chosen formation
(red), else the spaces still needed (dashed blue), else the enemy counters that block it
(purple, crossed) — with one line per formation under it.

This module needs ipywidgets, which the engine does not: ``plateau_lab.hexboard`` loads it only
when ``hexboard.BoardExplorer`` is first asked for. Clicks work when sent from Python, as the
page sends them::

    >>> from plateau_lab.hexboard import Board, Formation, DECLARERS
    >>> explorer = BoardExplorer(Board.official(4))
    >>> for r in range(-3, 4):
    ...     explorer.click((0, r))                   # declarers (the default) fill the column q = 0
    >>> explorer.summary(DECLARERS, Formation.BRIDGE)
    'Bridge: held by a group touching sides 1, 3, 4, 6'
    >>> explorer.picture.click("trick 13")    # a click on a counter (as the page sends it) takes it off
    >>> explorer.summary(DECLARERS, Formation.BRIDGE)
    'Bridge: not yet, 1 more space needed'
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from .clickable import ClickablePicture
from ..core import count_of
from .widgets import fits_label
from ..hexboard.formations import Formation, formation_held, groups
from ..hexboard.searches import blockers, blocking_wall, distance
from ..hexboard.cells import CELLS, DECLARERS, OPPONENTS, TEAM_NAMES, Cell
from ..hexboard.model import Board
from ..hexboard.render import board_picture, space_name

__all__ = ["BoardExplorer"]


def _spaces(count: int) -> str:
    return f"{count} more space{'s' if count != 1 else ''}"


def _wall_words(wall: frozenset[Cell], fewest: frozenset[Cell]) -> str:
    """What blocks a formation, counted: the whole wall of counters (the board marks which), and how
    few of them would have to come off for it to be possible again.

    >>> from plateau_lab.hexboard import OPPONENTS
    >>> board = Board.official(4).with_counters(declarers=[(0, r) for r in range(-3, 4)])
    >>> _wall_words(blocking_wall(board, OPPONENTS, Formation.BRIDGE), blockers(board, OPPONENTS, Formation.BRIDGE))
    'a wall of 7 counters blocks it; taking 1 of them off would make it possible again'
    """
    walls = len(groups(wall))
    blocks = f"a wall of {count_of(len(wall), 'counter')} blocks" if walls == 1 else \
        f"{walls} walls of {count_of(len(wall), 'counter')} in all block"
    return f"{blocks} it; taking {len(fewest)} of them off would make it possible again"


class BoardExplorer(widgets.VBox):
    """The board to click on, what a click does, and the verdicts for one team drawn on the board.

    A click on a free space places a counter of the team chosen in ``mode``; a click on a
    counter takes it off.
    ``team`` and ``formation`` choose whose verdicts the board shows and which formation it
    marks; ``clear`` empties the board.
    """

    def __init__(self, board: Board):
        self.board = board
        self._memo: dict[tuple, tuple] = {}
        self._cells = {space_name(board, cell): cell for cell in CELLS}
        self.mode = widgets.ToggleButtons(
            options=[("declarers' counter", DECLARERS), ("opponents' counter", OPPONENTS)], value=DECLARERS,
            description="A click on a free space places:", style={"description_width": "initial"},
            tooltip="a click on a counter takes it off")
        self.team = widgets.ToggleButtons(options=[("declarers", DECLARERS), ("opponents", OPPONENTS)],
                                          value=DECLARERS, description="Verdicts for:",
                                          style={"description_width": "initial"})
        self.formation = widgets.ToggleButtons(options=[(str(f), f) for f in Formation], value=Formation.BRIDGE,
                                               description="Show on the board:",
                                               style={"description_width": "initial", "button_width": "86px"})
        self.clear = widgets.Button(description="Clear the board", tooltip="take every counter off",
                                    layout=fits_label())
        self.clear.on_click(lambda _: self._set(self.board.cleared()))
        self.message = widgets.HTML()
        self.picture = ClickablePicture()
        self.picture.on_click(self._clicked)
        for control in (self.team, self.formation):
            control.observe(lambda _: self._refresh(), names="value")
        hint = widgets.HTML("<i>A click on a counter takes it off.</i>")
        super().__init__([widgets.HBox([self.mode, self.clear]), hint, self.team, self.formation, self.message,
                          self.picture])
        self.add_class("plateau-board-explorer")
        self._refresh()

    def click(self, cell: Cell) -> None:
        """What a click on ``cell`` does: take its counter off, or place one of the ``mode`` team."""
        try:
            board = self.board.remove(cell) if cell in self.board.counters else self.board.place(cell, self.mode.value)
        except (TypeError, ValueError) as err:
            self.message.value = f"<b style='color:#b00'>{html.escape(str(err))}</b>"
            return
        self.message.value = ""
        self._set(board)

    def _clicked(self, name: str) -> None:
        cell = self._cells.get(name)
        if cell is not None:
            self.click(cell)

    def _set(self, board: Board) -> None:
        self.board = board
        self._memo.clear()
        self._refresh()

    def _answers(self, team: int, formation: Formation) -> tuple:
        key = (team, formation)
        if key not in self._memo:
            witness = formation_held(self.board, team, formation)
            far = distance(self.board, team, formation)
            blocked = far is None
            fewest = blockers(self.board, team, formation) if blocked else frozenset()
            wall = blocking_wall(self.board, team, formation) if blocked else frozenset()
            self._memo[key] = (witness, far, wall, fewest)
        return self._memo[key]

    def summary(self, team: int, formation: Formation) -> str:
        """The verdict for one team and formation in a sentence: held, how far, or blocked by what."""
        witness, far, wall, fewest = self._answers(team, formation)
        if witness:
            return f"{formation}: held by a group touching sides {', '.join(map(str, sorted(witness.sides)))}"
        if far is not None:
            return f"{formation}: not yet, {_spaces(far[0])} needed"
        return f"{formation}: impossible, {_wall_words(wall, fewest)}"

    def marks(self) -> dict[str, frozenset[Cell]]:
        """What the board marks for the chosen team and formation: the ``group`` that holds it,
        else the spaces still ``needed``, else the ``wall`` of enemy counters that blocks it."""
        witness, far, wall, _ = self._answers(self.team.value, self.formation.value)
        if witness:
            return {"group": witness.group, "needed": frozenset(), "wall": frozenset()}
        return {"group": frozenset(), "needed": far[1] if far else frozenset(), "wall": wall}

    def _refresh(self) -> None:
        team, chosen = self.team.value, self.formation.value
        marks = self.marks()
        notes = [("▶ " if formation is chosen else "• ") + self.summary(team, formation) for formation in Formation]
        picture = board_picture(self.board, highlight=marks["group"], needed=marks["needed"], wall=marks["wall"],
                                title=f"The {TEAM_NAMES[team]}: {self.summary(team, chosen)}",
                                clickable=True, notes=notes, highlight_label="the group that holds it")
        self.picture.svg = picture.svg()
        self.picture.legal = list(self._cells)
