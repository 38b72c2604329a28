"""The scoring walkthrough of Plotters Inc.: change the stacks and watch the score and its formula.

Drivable from Python, like every widget of plateau_lab::

    >>> calculator = ScoringWalkthrough(green=5, red=6, yellow=3)
    >>> calculator.score, calculator.formula
    (10, '6 × 5 = 30, divided by 3 remaining cards = 10')
    >>> calculator.sliders["yellow"].value = 4
    >>> calculator.score
    7
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from plateau_lab.games.plotters.cards import COLOURS
from plateau_lab.games.plotters.engine import score_formula, score_round
from plateau_lab.games.plotters.render import FILL, collection_picture

__all__ = ["MAX_STACK", "MAX_DISCARDED", "ScoringWalkthrough"]


MAX_STACK = 21
MAX_DISCARDED = 40


class ScoringWalkthrough(widgets.VBox):
    """Sliders for the four open stacks and the discard pile; a picture, the formula and the score.

    The two largest open stacks multiply; every other card (a third or fourth open stack and
    the discard pile) divides, the remainder dropped; cards in one colour only score 0.
    """

    def __init__(self, *, blue: int = 0, green: int = 0, red: int = 0, yellow: int = 0, discarded: int = 0):
        start = {"blue": blue, "green": green, "red": red, "yellow": yellow}
        self.sliders = {
            colour: widgets.IntSlider(value=start[colour], min=0, max=MAX_STACK, description=colour,
                                      style={"handle_color": FILL[colour]}, continuous_update=True)
            for colour in COLOURS
        }
        self.discard_slider = widgets.IntSlider(value=discarded, min=0, max=MAX_DISCARDED,
                                                description="discarded", continuous_update=True)
        self.picture = widgets.HTML()
        self.result = widgets.HTML()
        for slider in (*self.sliders.values(), self.discard_slider):
            slider.observe(lambda _change: self._refresh(), names="value")
        self._refresh()
        super().__init__([widgets.HBox([widgets.VBox(list(self.sliders.values())),
                                        widgets.VBox([self.discard_slider])]),
                          self.picture, self.result])
        self.add_class("plateau-plotters-scoring")

    @property
    def sizes(self) -> tuple[int, ...]:
        """The open stacks, in COLOURS order."""
        return tuple(self.sliders[colour].value for colour in COLOURS)

    @property
    def discarded(self) -> int:
        return self.discard_slider.value

    @property
    def score(self) -> int:
        return score_round(self.sizes, self.discarded)

    @property
    def formula(self) -> str:
        return score_formula(self.sizes, self.discarded)

    def set_stacks(self, *, discarded: int = 0, **sizes: int) -> None:
        """Set every stack at once (colours not named become empty), e.g. ``set_stacks(blue=7, green=8, discarded=4)``."""
        unknown = set(sizes) - set(COLOURS)
        if unknown:
            named = "no colour" if len(unknown) == 1 else "no colours"
            raise ValueError(f"{named} {', '.join(sorted(unknown))}; the colours are {', '.join(COLOURS)}")
        for colour in COLOURS:
            self.sliders[colour].value = sizes.get(colour, 0)
        self.discard_slider.value = discarded

    def _refresh(self) -> None:
        self.picture.value = collection_picture(self.sizes, self.discarded).svg()
        self.result.value = (f"<div style='font-size:1.1em'>Score: <b>{self.score}</b> "
                             f"&nbsp;({html.escape(self.formula)})</div>")
