"""An interactive board: place and remove counters of either team and watch the verdicts change.

This module needs ipywidgets, which the engine does not: ``plateau_lab.hexboard`` loads it only
when ``hexboard.BoardExplorer`` is first asked for. Every control is an ipywidget that works
when driven from Python::

    >>> from plateau_lab.hexboard import Board, Formation, DECLARERS
    >>> explorer = BoardExplorer(Board.official(4))
    >>> for r in range(-3, 4):
    ...     explorer.buttons[(0, r)].click()          # declarers (the default) fill the column q = 0
    >>> explorer.verdict(DECLARERS, Formation.BRIDGE)["held"]
    'yes: sides 1, 3, 4, 6'
    >>> explorer.mode.value = "remove"
    >>> explorer.buttons[(0, 0)].click()
    >>> explorer.verdict(DECLARERS, Formation.BRIDGE)["held"]
    'no'
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from .formations import Formation, blockers, distance, formation_held, still_possible
from .model import CELLS, DECLARERS, OPPONENTS, RADIUS, TEAM_NAMES, Board, Cell
from .render import COUNTER_COLOURS, board_picture, token_label

REMOVE = "remove"


def _cells_text(cells) -> str:
    return " ".join(f"({q},{r})" for q, r in sorted(cells)) or "—"


class BoardExplorer(widgets.VBox):
    """The board as 37 buttons, a choice of what a click does, and the verdicts for one team.

    ``mode`` — what a click on a space does: place a declarers' counter, an opponents'
    counter, or remove the counter there. ``team`` and ``formation`` choose what the
    picture highlights: the group that holds the formation, else the cells still needed,
    else the enemy counters that block it. ``table`` shows every formation for ``team``.
    """

    def __init__(self, board: Board):
        self.board = board
        self._memo: dict[tuple, tuple] = {}
        self.mode = widgets.ToggleButtons(
            options=[("declarers", DECLARERS), ("opponents", OPPONENTS), ("remove", REMOVE)],
            value=DECLARERS, description="a click:")
        self.team = widgets.ToggleButtons(options=[("declarers", DECLARERS), ("opponents", OPPONENTS)],
                                          value=DECLARERS, description="verdicts for:")
        self.formation = widgets.Dropdown(options=[(str(f), f) for f in Formation], value=Formation.BRIDGE,
                                          description="show:")
        self.clear = widgets.Button(description="clear the board")
        self.clear.on_click(lambda _: self._set(self.board.cleared()))
        self.buttons: dict[Cell, widgets.Button] = {}
        rows = []
        for r in range(-RADIUS, RADIUS + 1):
            row = []
            for cell in sorted(c for c in CELLS if c[1] == r):
                button = widgets.Button(layout=widgets.Layout(width="52px", height="32px"),
                                        tooltip=f"{board.layout[cell]} at {cell}")
                button.on_click(lambda _, cell=cell: self.click(cell))
                self.buttons[cell] = button
                row.append(button)
            indent = widgets.Label(layout=widgets.Layout(width=f"{27 * abs(r)}px"))
            rows.append(widgets.HBox([indent, *row]))
        self.message = widgets.HTML()
        self.picture = widgets.HTML()
        self.table = widgets.HTML()
        for control in (self.team, self.formation):
            control.observe(lambda _: self._refresh(), names="value")
        super().__init__([
            widgets.HBox([self.mode, self.clear]), widgets.VBox(rows), self.message,
            widgets.HBox([self.team, self.formation]), self.table, self.picture,
        ])
        self.add_class("plateau-board-explorer")
        self._refresh()

    def click(self, cell: Cell) -> None:
        """What a click on ``cell`` does in the current ``mode``."""
        try:
            if self.mode.value == REMOVE:
                board = self.board.remove(cell)
            else:
                board = self.board.place(cell, self.mode.value)
        except ValueError as err:
            self.message.value = f"<b style='color:#b00'>{html.escape(str(err))}</b>"
            return
        self.message.value = ""
        self._set(board)

    def _set(self, board: Board) -> None:
        self.board = board
        self._memo.clear()
        self._refresh()

    def _answers(self, team: int, formation: Formation) -> tuple:
        key = (self.board, team, formation)
        if key not in self._memo:
            board = self.board
            self._memo[key] = (formation_held(board, team, formation), still_possible(board, team, formation),
                               distance(board, team, formation), blockers(board, team, formation))
        return self._memo[key]

    def verdict(self, team: int, formation: Formation) -> dict[str, str]:
        """The answers for one team and formation, in words: held, still possible, how far, blockers."""
        witness, possible, far, blocking = self._answers(team, formation)
        return {
            "held": f"yes: sides {', '.join(map(str, sorted(witness.sides)))}" if witness else "no",
            "still possible": "yes" if possible else "no",
            "how far": "—" if far is None else f"{far[0]}: {_cells_text(far[1])}",
            "blocked by": _cells_text(blocking),
        }

    def highlighted(self) -> frozenset[Cell]:
        """The cells the picture outlines for the chosen team and formation: the group that
        holds it, else the cells still needed, else the enemy counters that block it."""
        witness, _, far, blocking = self._answers(self.team.value, self.formation.value)
        if witness:
            return witness.group
        if far is not None:
            return far[1]
        return blocking

    def _refresh(self) -> None:
        for cell, button in self.buttons.items():
            label, _ = token_label(self.board.layout[cell])
            team = self.board.counters.get(cell)
            button.description = label
            button.style.button_color = COUNTER_COLOURS[team][0] if team is not None else None
            button.style.text_color = COUNTER_COLOURS[team][1] if team is not None else None
        team = self.team.value
        head = "".join(f"<th style='padding:0 8px'>{h}</th>"
                       for h in ("formation", "held", "still possible", "how far (cells)", "blocked by"))
        body = ""
        for formation in Formation:
            answers = self.verdict(team, formation)
            body += "<tr>" + "".join(f"<td style='padding:0 8px'>{html.escape(v)}</td>"
                                     for v in (str(formation), *answers.values())) + "</tr>"
        self.table.value = (f"<b>The {TEAM_NAMES[team]}</b><table>"
                            f"<tr>{head}</tr>{body}</table>")
        self.picture.value = board_picture(self.board, highlight=self.highlighted(),
                                           title=f"{TEAM_NAMES[team]}: {self.formation.value}").svg()
