"""The step-through viewer of every game (playing against the bots is :mod:`plateau_lab.table`).

It works when driven from Python, so it is tested without a browser::

    >>> from plateau_lab.games import syndicate
    >>> from plateau_lab.bots import RandomBot
    >>> game = syndicate.new_game(3, seed=1)
    >>> viewer = StepViewer.from_state(game.apply(game.legal_actions()[0]))
    >>> viewer.forward.click()
    >>> viewer.slider.value
    1
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from .core import GameState


def _log_html(lines: Sequence[str]) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<ul style='margin:0.2em 0;padding-left:1.2em'>{items}</ul>" if items else ""


class StepViewer(widgets.VBox):
    """Step through precomputed frames (picture, caption): Play, a slider, back and forward.

    Every frame is drawn once up front and swapped in, so stepping never flickers.
    """

    def __init__(self, frames: Sequence[tuple[str, str]], *, interval_ms: int = 1200):
        if not frames:
            raise ValueError("a StepViewer needs at least one frame")
        self.frames = list(frames)
        last = len(self.frames) - 1
        self.play = widgets.Play(min=0, max=last, step=1, interval=interval_ms, description="Play")
        self.slider = widgets.IntSlider(min=0, max=last, description="step", continuous_update=True)
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.back = widgets.Button(description="◀ back", tooltip="previous step",
                                   layout=widgets.Layout(width="90px"))
        self.forward = widgets.Button(description="forward ▶", tooltip="next step",
                                      layout=widgets.Layout(width="100px"))
        self.back.on_click(lambda _: self.step(-1))
        self.forward.on_click(lambda _: self.step(+1))
        self.picture = widgets.HTML()
        self.caption = widgets.HTML()
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        self._show(0)
        super().__init__([widgets.HBox([self.play, self.back, self.forward, self.slider]),
                          self.caption, self.picture])
        self.add_class("plateau-step-viewer")

    @classmethod
    def from_state(cls, state: GameState, *, viewer: int | None = None, **options) -> StepViewer:
        """A viewer of a whole game so far: one frame per action, captioned by what the log says.

        With a ``viewer`` seat, pictures show what that player sees, and captions give only the
        log (public) rather than each action's text, which may name a hidden card.
        """
        states = state.states()
        frames = [(states[0].to_svg(viewer), "The start: " + " ".join(states[0].log))]
        for number, (before, after) in enumerate(zip(states, states[1:]), start=1):
            said = after.log[len(before.log):]
            action = f": {after.history[-1]}" if viewer is None else ""
            frames.append((after.to_svg(viewer), f"Step {number}{action}" + _log_html(said)))
        return cls(frames, **options)

    def step(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def _show(self, index: int) -> None:
        picture, caption = self.frames[index]
        self.picture.value = picture
        self.caption.value = f"<div class='plateau-caption'>{caption}</div>"
        self.back.disabled = index == 0
        self.forward.disabled = index == len(self.frames) - 1
