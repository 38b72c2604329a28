"""A scoring walkthrough widget: colour the jokers, pick the plus colours, see the score.

It starts from a tempting but not always best choice (every joker on the biggest colour, the
three biggest colours plus) and compares whatever the learner picks with the best choice.
Driven from Python exactly as by clicks::

    >>> from plateau_lab.games.coloretto.cards import parse_cards
    >>> andy = parse_cards("joker, +2" + ", green" * 6 + ", yellow" * 4 + ", pink" * 3 + ", blue" * 2,
    ...                    where="Andy")
    >>> widget = ScoringWalkthrough(andy)
    >>> widget.score.total, widget.best.total
    (36, 41)
    >>> widget.joker_pickers[0].value = "yellow"
    >>> widget.score.total, widget.difference
    (41, 0)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from plateau_lab.core import IllegalAction, count_of
from plateau_lab.ui.widgets import fits_label

from plateau_lab.games.coloretto.cards import COLOURS, Card
from plateau_lab.games.coloretto.render import sorted_cards_picture
from plateau_lab.games.coloretto.scoring import (SCORING_TABLES, ScoreBreakdown, best_plus_colours, best_scoring, count_collection,
                      score_choice)

__all__ = ["ScoringWalkthrough"]


class ScoringWalkthrough(widgets.VBox):
    """Pick a colour for each joker and the colours that score plus; the score and the gap to the
    best choice update at once. ``show_best`` sets the pickers to the best choice."""

    def __init__(self, cards: Sequence[Card], *, colours_in_play: Sequence[str] = COLOURS, table: str = "brown"):
        self.cards = tuple(cards)
        self.colours_in_play = tuple(colours_in_play)
        counts, jokers, _ = count_collection(self.cards)
        biggest = max(self.colours_in_play, key=lambda colour: counts[colour])
        self.joker_pickers = [widgets.Dropdown(options=self.colours_in_play, value=biggest,
                                               description=f"joker {number + 1}",
                                               layout=widgets.Layout(width="200px"))
                              for number in range(jokers)]
        naive = counts.copy()
        naive[biggest] += jokers
        naive_plus = best_plus_colours(naive, self.colours_in_play, table)
        self.plus_boxes = {colour: widgets.Checkbox(value=colour in naive_plus, description=colour, indent=False,
                                                    layout=widgets.Layout(width="90px"))
                           for colour in self.colours_in_play}
        self.table_picker = widgets.ToggleButtons(options=tuple(SCORING_TABLES), value=table,
                                                  description="table")
        self.best_button = widgets.Button(description="show the best choice", layout=fits_label())
        self.best_button.on_click(lambda _: self.show_best())
        self.picture = widgets.HTML(sorted_cards_picture(self.cards, self.colours_in_play).svg())
        self.result = widgets.HTML()
        for control in [*self.joker_pickers, *self.plus_boxes.values(), self.table_picker]:
            control.observe(lambda _: self._update(), names="value")
        jokers_row = widgets.HBox(self.joker_pickers) if self.joker_pickers else widgets.HTML("<i>no joker</i>")
        super().__init__([self.picture, jokers_row,
                          widgets.HBox([widgets.HTML("plus colours:&nbsp;"), *self.plus_boxes.values()]),
                          widgets.HBox([self.table_picker, self.best_button]), self.result])
        self.add_class("plateau-coloretto-scoring")
        self._update()

    @property
    def joker_colours(self) -> tuple[str, ...]:
        return tuple(picker.value for picker in self.joker_pickers)

    @property
    def plus_colours(self) -> tuple[str, ...]:
        return tuple(colour for colour, box in self.plus_boxes.items() if box.value)

    def show_best(self) -> None:
        """Set every picker to the best choice (the result updates with it)."""
        best = self.best
        for picker, colour in zip(self.joker_pickers, best.joker_colours):
            picker.value = colour
        for colour, box in self.plus_boxes.items():
            box.value = colour in best.plus_colours

    def _update(self) -> None:
        table = self.table_picker.value
        self.best: ScoreBreakdown = best_scoring(self.cards, colours_in_play=self.colours_in_play, table=table)
        try:
            self.score: ScoreBreakdown | None = score_choice(
                self.cards, self.joker_colours, self.plus_colours, colours_in_play=self.colours_in_play, table=table)
        except IllegalAction as err:
            self.score = None
            self.difference = None
            self.result.value = f"<b style='color:#b00'>{html.escape(err.reason)}</b> ({html.escape(err.rule)})"
            return
        self.difference = self.best.total - self.score.total
        if self.difference == 0:
            verdict = "<b>That is the best choice.</b>"
        else:
            jokers = ", ".join(self.best.joker_colours) or "no joker"
            verdict = (f"<b>{count_of(self.difference, 'point')} short of the best choice</b>: "
                       f"{self.best.total} with jokers as {jokers} and plus colours "
                       f"{', '.join(self.best.plus_colours)}.")
        self.result.value = f"{self.score._repr_html_()}<p>Your choice scores <b>{self.score.total}</b>. {verdict}</p>"

