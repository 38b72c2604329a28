"""The step-through viewer of every game (playing against the bots is :mod:`plateau_lab.ui.table`).

It works when driven from Python, so it is tested without a browser::

    >>> from plateau_lab.games import syndicate
    >>> game = syndicate.new_game(3, seed=1)
    >>> viewer = StepViewer.from_state(game.apply(game.legal_actions()[0]))
    >>> viewer.forward.click()
    >>> viewer.slider.value
    1

:class:`LadderPanel` measures a game's skill ladder (:mod:`plateau_lab.lab.skill`) when asked, a step at
a time with a progress bar and a Stop button, never making the page wait (in the background, by the
runner the variant designer and the sweep share: :mod:`plateau_lab.ui.background`).

With ``odds=True`` an odds bar under the picture shows, after each step, the live chances of
:func:`plateau_lab.lab.expert.odds` (the declarers making Le Plateau's contract, each Wimmüln player
hitting the estimate, each player winning the others), worked out when a step is first shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ..core import GAME_NAMES, GameState, check_whole, game_spec
from ..core.bots import bot_words
from ..lab.simulate import run_chunk
from ..lab.skill import Ladder, LadderRun, ladder_html, rung_words
from .background import DealsInBackground
from .charts import Series, bar_chart
from .reports import lines_html, odds_html

__all__ = ["ODDS_PLAYOUTS", "fits_label", "StepViewer", "GameFrames", "LadderPanel", "LadderSteps", "GameChooser"]


#: The playouts behind each step's odds bar: a step shows in well under a second.
ODDS_PLAYOUTS = 60


def fits_label() -> widgets.Layout:
    """The layout of a button that grows to fit its label: ipywidgets gives every button 148 px
    and cuts a longer label short ("Review my ga…" in JupyterLab's font)."""
    return widgets.Layout(width="auto", min_width="148px")


class StepViewer(widgets.VBox):
    """Step through frames (picture, caption): Play, a slider, back and forward.

    ``frames`` is a sequence; a lazy one (such as :meth:`from_state`'s) draws each frame when it is
    first shown and keeps it, so a long game costs nothing until it is stepped through, and a
    picture is swapped in whole, so stepping never flickers.
    """

    def __init__(self, frames: Sequence[tuple[str, str]], *, interval_ms: int = 1200,
                 odds: Callable[[int], str] | None = None):
        if not frames:
            raise ValueError("a StepViewer needs at least one frame")
        self.frames = frames if isinstance(frames, Sequence) else list(frames)
        self.odds_of_step = odds
        self._odds_shown: dict[int, str] = {}
        self.odds = widgets.HTML()
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
                          self.caption, self.picture, self.odds])
        self.add_class("plateau-step-viewer")

    @classmethod
    def from_state(cls, state: GameState, *, viewer: int | None = None, odds: bool = False,
                   odds_playouts: int = ODDS_PLAYOUTS, **options) -> StepViewer:
        """A viewer of a whole game so far: one frame per action, captioned by what the log says.

        With a ``viewer`` seat, pictures show what that player sees, and captions give only the
        log (public) rather than each action's text, which may name a hidden card. With ``odds``,
        an odds bar from ``odds_playouts`` continuations per step, as the viewer sees the game
        (the cards it cannot see dealt at random; every hand as it lies without a viewer).
        """
        states = state.states()
        frames = GameFrames(states, viewer)
        if not odds:
            return cls(frames, **options)
        check_whole(odds_playouts, name="odds_playouts", low=1, high=10_000)
        return cls(frames, odds=lambda index: odds_html(states[index], viewer, odds_playouts), **options)

    def step(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def _show(self, index: int) -> None:
        picture, caption = self.frames[index]
        self.picture.value = picture
        self.caption.value = f"<div class='plateau-caption'>{caption}</div>"
        self.back.disabled = index == 0
        self.forward.disabled = index == len(self.frames) - 1
        if self.odds_of_step is not None:
            if index not in self._odds_shown:
                self._odds_shown[index] = self.odds_of_step(index)
            self.odds.value = self._odds_shown[index]


class GameFrames(Sequence):
    """The frames of a game's states as ``viewer`` sees them, each drawn when first asked for:
    the picture, and a caption of what the log said (with the move in words when there is no
    viewer, since a move may name a card a viewer cannot see).

    >>> from plateau_lab.games import coloretto
    >>> game = coloretto.new_game(3, seed=1)
    >>> frames = GameFrames(game.apply(game.legal_actions()[0]).states(), viewer=None)
    >>> len(frames), frames[1][1].startswith("Step 1: ")
    (2, True)
    """

    def __init__(self, states: Sequence[GameState], viewer: int | None):
        self.states, self.viewer = list(states), viewer
        self.words = game_spec(self.states[0].setup.game).words
        self._drawn: dict[int, tuple[str, str]] = {}

    def __len__(self) -> int:
        return len(self.states)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(len(self)))]
        index = range(len(self))[index]
        if index not in self._drawn:
            self._drawn[index] = self._draw(index)
        return self._drawn[index]

    def _draw(self, index: int) -> tuple[str, str]:
        after = self.states[index]
        if index == 0:
            return after.to_svg(self.viewer), "The start: " + " ".join(after.log)
        said = after.log[len(self.states[index - 1].log):]
        action = f": {self.words(after.history[-1])}" if self.viewer is None else ""
        return after.to_svg(self.viewer), f"Step {index}{action}" + lines_html(said)


class GameChooser(widgets.VBox):
    """A list of every game above a panel made for the game chosen (``make(game)``: the variant
    designer, the sweep panel), so a page offers all six games without code: choosing another game
    stops the panel's work under way and puts a new panel in its place.

    >>> chooser = GameChooser(lambda game: widgets.Label(game_spec(game).title), "syndicate")
    >>> len(chooser.game.options), chooser.panel.value
    (6, 'The Syndicate')
    >>> chooser.game.value = "plotters"
    >>> chooser.panel.value
    'Plotters Inc.'
    """

    def __init__(self, make: Callable[[str], widgets.Widget], game: str = GAME_NAMES[0]):
        self.make = make
        self.game = widgets.Dropdown(options=[(game_spec(name).title, name) for name in GAME_NAMES],
                                     value=game_spec(game).name, description="Game")
        self.panel = make(self.game.value)
        super().__init__([self.game, self.panel])
        self.add_class("plateau-game-chooser")
        self.game.observe(lambda _: self._chosen(), names="value")

    def _chosen(self) -> None:
        if getattr(self.panel, "running", False):
            self.panel.stop_running()
        self.panel = self.make(self.game.value)
        self.children = (self.game, self.panel)


class LadderSteps:
    """A :class:`~plateau_lab.lab.skill.LadderRun` as the page's runner
    (:class:`~plateau_lab.ui.background.DealsInBackground`) plays it: a chunk is one step, a piece
    of work per game of each table (the reference's and each bot's, on the same deals), deal by
    deal, so the page counts every game as it is played; the progress counts the games of every
    table.

    >>> steps = LadderSteps(LadderRun("syndicate", 4, {"random": "random"}, step_games=2))
    >>> [(start, stop) for _job, start, stop in steps.pieces()], steps.deals
    ([(0, 1), (0, 1), (1, 2), (1, 2)], 8)
    >>> steps.step(), steps.deals_done, steps.finished
    (True, 4, False)
    """

    def __init__(self, ladder: LadderRun):
        self.ladder = ladder
        self._keys: list = []

    deals = property(lambda self: self.ladder.games_in_all)
    deals_done = property(lambda self: self.ladder.games_done)
    finished = property(lambda self: self.ladder.finished)

    def pieces(self) -> list[tuple]:
        """The next step's work: ``(job, game, game + 1)``, one game of one table each, deal by deal
        (the reference's game first), in the order :meth:`keep` expects."""
        chunks = self.ladder.chunks()
        if not chunks:
            self._keys = []
            return []
        _, _, start, stop = chunks[0]
        order = [(key, job, game) for game in range(start, stop) for key, job, *_ in chunks]
        self._keys = [key for key, _, _ in order]
        return [(job, game, game + 1) for _, job, game in order]

    def keep(self, rows: list[list]) -> None:
        """Keep a whole step: the rows of each piece of :meth:`pieces`, in its order."""
        played: dict = {}
        for key, piece in zip(self._keys, rows):
            played.setdefault(key, []).extend(piece)
        self.ladder.record(played)

    def step(self) -> bool:
        return self.ladder.step()

    def result(self) -> Ladder:
        """The ladder of the deals played so far, in plain Python (no pandas: it runs in the browser too)."""
        return self.ladder.result()


class LadderPanel(DealsInBackground, widgets.VBox):
    """The skill ladder of a game chosen from a list: press *Measure* and the bots play a few deals
    at a time (:class:`plateau_lab.lab.skill.LadderRun`), a progress bar counting the games and the
    table of :func:`plateau_lab.lab.skill.ladder_html` filling in, its intervals narrowing, step by
    step; then its picture. *Stop* ends the run at once (the step under way is dropped, its worker
    ended) and keeps the steps measured, their intervals and "stopped after N of M games".
    The table and the picture are drawn from the plain ladder (:class:`~plateau_lab.lab.skill.Ladder`),
    so the panel needs no pandas and runs in the static site's Python in the browser too.

    The page never waits for the bots: the page's runner (:mod:`plateau_lab.ui.background`, the
    variant designer's and the sweep's) plays the steps in **one** worker process (``workers=1``, the
    default: a learner's lab work takes at most one core of a machine the class shares), or, with
    ``workers=0`` or where no process can start, in the kernel's own process between its other
    work. Without an event loop (a script, a test) *Measure* plays every step at once, and
    :meth:`start` then :meth:`step` plays them one at a time.

    >>> panel = LadderPanel("syndicate", games=8, rungs={"random": "random"}, step_games=4)
    >>> panel.measure.click()
    >>> panel.status.value
    'Measured: 8 games per bot, each against steady players (rules of thumb) in the other seats.'
    >>> "0 of 8" in panel.result.value
    True
    """

    GAME_COUNTS = (8, 16, 32, 64, 128)
    work = "measurement"
    unit = "games"
    each_deal = "every bot on the same deals"
    play_chunk = staticmethod(run_chunk)

    def __init__(self, game: str = GAME_NAMES[0], *, games: int = 16, rungs=None, workers: int | None = 1,
                 seed: int = 0, step_games: int = 2):
        if games not in self.GAME_COUNTS:
            raise ValueError(f"games is one of {', '.join(map(str, self.GAME_COUNTS))}, not {games!r}")
        workers = 1 if workers is None else workers
        if workers not in (0, 1):
            raise ValueError(f"a page measures with one worker process (workers=1) or in its own (workers=0), "
                             f"not {workers!r}: a learner's lab work takes at most one core")
        self.rungs, self.workers, self.seed = rungs, workers, seed
        self.step_games = check_whole(step_games, name="step_games", low=1)
        self.run_: LadderSteps | None = None
        self._games_in_step = 0
        self.game = widgets.Dropdown(options=[(game_spec(name).title, name) for name in GAME_NAMES],
                                     value=game_spec(game).name, description="Game")
        self.games = widgets.Dropdown(options=self.GAME_COUNTS, value=games, description="games per bot",
                                      style={"description_width": "initial"}, layout=widgets.Layout(width="170px"))
        self.measure = widgets.Button(description="Measure", button_style="primary", icon="play")
        self.stop = widgets.Button(description="Stop", icon="stop", disabled=True,
                                   tooltip="stop now; keep what was measured")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="300px"))
        self.status = widgets.Label("Choose a game and press Measure.", layout=widgets.Layout(width="auto"))
        self.result = widgets.HTML()
        self.measure.on_click(lambda _: self.run())
        self.stop.on_click(lambda _: self.stop_running())
        super().__init__([widgets.HBox([self.game, self.games, self.measure, self.stop]), self.progress,
                          self.status, self.result])
        self.add_class("plateau-ladder-panel")

    @property
    def start_button(self) -> widgets.Button:
        return self.measure

    def new_run(self) -> LadderSteps:
        """The ladder of the chosen game, on the games per bot asked for."""
        return LadderSteps(LadderRun(self.game.value, self.games.value, self.rungs, seed=self.seed,
                                     step_games=self.step_games))

    def next_pieces(self) -> list[tuple]:
        self._games_in_step = 0
        return self.run_.pieces()

    async def _played(self, pool, piece: tuple) -> list | None:
        """One game of one table; the count of games goes up as soon as it is played."""
        rows = await super()._played(pool, piece)
        if rows is not None:
            self._games_in_step += 1
            done = self.run_.deals_done + self._games_in_step
            self.progress.value = done
            self.status.value = f"{done} of {self.run_.deals} {self.unit} played ({self.each_deal})"
        return rows

    def record_pieces(self, pieces: list[tuple], rows: list[list]) -> None:
        self.run_.keep(rows)

    def clear_results(self) -> None:
        self.result.value = ""

    def show_so_far(self, climb: Ladder) -> None:
        self.result.value = ladder_html(climb, so_far=True)

    def _finish(self) -> None:
        """The whole table and its picture, or, when stopped, the steps measured so far."""
        run = self.run_.ladder
        self.measure.disabled, self.stop.disabled = False, True
        self.progress.value = run.games_done          # a step stopped part way is dropped: its games uncounted
        if run.finished:
            climb = run.result()
            self.result.value = ladder_html(climb) + _ladder_svg(climb)
            self.status.value = (f"Measured: {self.games.value} games per bot, each against "
                                 f"{_players_words(climb.against)} in the other seats.")
        elif run.deals_done:
            climb = run.result()
            self.result.value = ladder_html(climb, so_far=True) + _ladder_svg(climb)
            self.status.value = (f"Stopped after {run.games_done} of {run.games_in_all} games: "
                                 f"{run.deals_done} games per bot, each against "
                                 f"{_players_words(climb.against)}.")
        else:
            self.result.value = ""
            self.status.value = f"Stopped after 0 of {run.games_in_all} games: nothing measured yet."


def _players_words(bot: str) -> str:
    """The bots in a ladder's other seats as a learner reads them: ``heuristic`` → ``steady players
    (rules of thumb)``; a bot without such words by its name (``my bot bots``)."""
    words = bot_words(bot, many=True)
    return words if words != bot else f"{bot} bots"


def _ladder_svg(climb: Ladder) -> str:
    """The ladder's picture as inline SVG: each rung's share of games won with its 95% interval, and
    the fair share as a dashed line. Plain SVG (:mod:`plateau_lab.ui.charts`), no matplotlib, so that it
    draws in the static site too."""
    rows = list(climb.rungs.values())

    def column(name: str) -> list[float]:
        return [row[name] for row in rows]

    chart = bar_chart([rung_words(rung, short=True) for rung in climb.rungs],
                      [Series("games won", column("rate"), low=column("low"), high=column("high"))],
                      title=game_spec(climb.game).title, y_label="games won (95% interval)",
                      reference=(rows[0]["fair"], "a fair share"), percent=True, y_range=(0, 1), height=320)
    return chart.svg()
