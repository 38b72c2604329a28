"""Thin ipywidgets for every game: a step-through viewer and a play-against-the-bots panel.

Both work when driven from Python, so they are tested without a browser::

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
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from .core import Bot, GameState, IllegalAction, ParseError, check_seat, game_spec


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


class PlayPanel(widgets.VBox):
    """Play one seat against bots: pick a legal move, press Play, and watch the bots answer.

    ``bots`` maps every other seat to a bot (by default the game's registered heuristic bot);
    ``new_game`` (optional) makes the next game.
    """

    def __init__(self, state: GameState, *, seat: int, bots: Mapping[int, Bot] | None = None,
                 new_game: Callable[[], GameState] | None = None,
                 describe: Callable[[object], str] = str):
        seat = check_seat(seat, state.players)
        if bots is None:
            spec = game_spec(state.setup.game)
            bots = {other: spec.bot("heuristic", other) for other in range(state.players) if other != seat}
        missing = set(range(state.players)) - {seat} - set(bots)
        if missing:
            raise ValueError(f"no bot for seat(s) {sorted(missing)}")
        self.seat = seat
        self.bots = dict(bots)
        self.describe = describe
        self._new_game = new_game
        self.picture = widgets.HTML()
        self.choice = widgets.Dropdown(description="your move", layout=widgets.Layout(width="420px"),
                                       style={"description_width": "initial"})
        self.play_button = widgets.Button(description="Play", button_style="primary")
        self.play_button.on_click(lambda _: self.play(self.choice.value))
        self.new_game_button = widgets.Button(description="New game", disabled=new_game is None)
        self.new_game_button.on_click(lambda _: self.start(self._new_game()))
        self.news = widgets.HTML()
        super().__init__([self.picture, widgets.HBox([self.choice, self.play_button, self.new_game_button]),
                          self.news])
        self.add_class("plateau-play-panel")
        self.start(state)

    def start(self, state: GameState) -> None:
        self.state = state
        self._bots_move(since=len(state.log) - min(len(state.log), 3))

    def play(self, action) -> None:
        """Play ``action`` (an action or its text) for the learner's seat, then let the bots move."""
        before = len(self.state.log)
        try:
            self.state = self.state.apply(action)
        except (IllegalAction, ParseError) as err:
            self.news.value = f"<b style='color:#b00'>{html.escape(str(err))}</b>"
            return
        self._bots_move(since=before)

    def _bots_move(self, *, since: int) -> None:
        while not self.state.is_over and self.state.current_player != self.seat:
            bot = self.bots[self.state.current_player]
            self.state = self.state.apply(bot.choose(self.state))
        self._refresh(self.state.log[since:])

    def _refresh(self, news: Sequence[str]) -> None:
        state = self.state
        self.picture.value = state.to_svg(None if state.is_over else self.seat)
        options = [] if state.is_over else [(self.describe(a), a) for a in state.legal_actions()]
        self.choice.options = options
        self.choice.disabled = self.play_button.disabled = not options
        headline = ""
        if state.is_over:
            result = "You win!" if self.seat in state.winners else "The game is over."
            headline = f"<b>{result}</b> Scores: {', '.join(map(str, state.scores))}"
        self.news.value = headline + _log_html(news)
