"""The scoring walkthrough of Wimmüln, the bonus table: estimates and tricks in, bonus out. Drivable
from Python:

>>> calculator = ScoringWalkthrough()
>>> calculator.face_up.value, calculator.face_down.value, calculator.tricks.value = 6, 3, 6
>>> calculator.bonus
20
>>> "twice 10" in calculator.verdict.value
True

Under a rule set's own bonus table (``state.rules.bonuses``, or ``rules_of(players, options).bonuses``):

>>> from plateau_lab.games.wimmuln.rules import rules_of
>>> calculator = ScoringWalkthrough(6, 3, 6, bonuses=rules_of(4, {"higher_bonus": 12, "face_up_times": 3}).bonuses)
>>> calculator.bonus, "3 times 12" in calculator.verdict.value, ">36<" in calculator.table.value
(36, True, True)
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from plateau_lab.games.wimmuln.engine import bonus, bonus_with_reason
from plateau_lab.games.wimmuln.scoring import Bonuses

__all__ = ["bonus_row_html", "ScoringWalkthrough"]


def bonus_row_html(face_up: int, face_down: int, most_tricks: int, tricks: int | None = None,
                   bonuses: Bonuses = Bonuses()) -> str:
    """A small table: for every number of tricks from 0 to ``most_tricks``, the bonus of the cross
    under the bonus table ``bonuses`` (the column of ``tricks`` highlighted). In a window narrower
    than the row, the row scrolls sideways in its own box and the words around it reflow."""
    cells = []
    for won in range(most_tricks + 1):
        style = CELL + (";background:#ffe28a;font-weight:bold" if won == tricks else "")
        points = bonus(face_up, face_down, won, bonuses)
        cells.append((f"<td style='{style}'>{won}</td>", f"<td style='{style}'>{points}</td>"))
    head = f"<tr><th style='{HEADING}'>tricks won</th>" + "".join(top for top, _ in cells) + "</tr>"
    body = f"<tr><th style='{HEADING}'>bonus</th>" + "".join(bottom for _, bottom in cells) + "</tr>"
    return (f"<div role='region' aria-label='the bonus for every number of tricks' tabindex='0' "
            f"style='overflow-x:auto;max-width:100%'><table class='wimmuln-bonus-row' "
            f"style='border-collapse:collapse'>{head}{body}</table></div>")


#: Every number of the bonus row in a column of its own width, centred, the figures of equal width,
#: whatever the page's own table style: each bonus stands under its number of tricks.
CELL = ("width:2.4em;min-width:2.4em;text-align:center;padding:2px 0;border:1px solid #ddd;"
        "font-variant-numeric:tabular-nums")
HEADING = "text-align:left;padding:2px 8px 2px 0;white-space:nowrap"


class ScoringWalkthrough(widgets.VBox):
    """Choose the face-up card, the face-down card and the tricks won; read the bonus, why, and
    what every other number of tricks would have given (under the bonus table ``bonuses``: the
    rulebook's unless a rule set's is given)."""

    def __init__(self, face_up: int = 3, face_down: int = 5, tricks: int = 3, most_tricks: int = 13,
                 bonuses: Bonuses = Bonuses()):
        self.most_tricks, self.bonuses = most_tricks, bonuses
        slider = {"min": 0, "continuous_update": True, "style": {"description_width": "initial"}}
        self.face_up = widgets.IntSlider(value=face_up, max=9, description="face-up card", **slider)
        self.face_down = widgets.IntSlider(value=face_down, max=9, description="face-down card", **slider)
        self.tricks = widgets.IntSlider(value=tricks, max=most_tricks, description="tricks won", **slider)
        self.verdict = widgets.HTML()
        self.table = widgets.HTML()
        for control in (self.face_up, self.face_down, self.tricks):
            control.observe(lambda _: self._update(), names="value")
        super().__init__([widgets.HBox([self.face_up, self.face_down, self.tricks]), self.verdict, self.table])
        self.add_class("wimmuln-bonus-calculator")
        self._update()

    @property
    def bonus(self) -> int:
        return bonus(self.face_up.value, self.face_down.value, self.tricks.value, self.bonuses)

    def _update(self) -> None:
        points, reason = bonus_with_reason(self.face_up.value, self.face_down.value, self.tricks.value, self.bonuses)
        self.verdict.value = f"<b>Bonus: {points} points</b> ({html.escape(reason)})"
        self.table.value = bonus_row_html(self.face_up.value, self.face_down.value, self.most_tricks,
                                          self.tricks.value, self.bonuses)
