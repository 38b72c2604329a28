"""Sweep one rule: choose a rule of a game and a range of its values, and see every measure move.

:class:`SweepPanel` lists the rules of a game that take a number, a yes or no, or one of a few
choices (``GameSpec.options``). For a number it asks *from*, *to* and *step*; for the others it
tries both answers or every choice. *Sweep* plays the same deals under each value
(:func:`plateau_lab.lab.sweep.sweep`) in the background, one worker process at most, with a
progress bar and a Stop button; then it draws one small chart per measure: the rule's value
across, the measure up, each point with its 95 % interval, and a dashed line at the rulebook's
figure. Stopped early, the charts show the deals played (every value played on each of them).

It works when driven from Python (without an event loop *Sweep* plays every deal at once)::

    >>> panel = SweepPanel("coloretto", deals=10, step=5)
    >>> panel.rule.value, panel.values_line.value
    ('scoring', 'Tries: brown, grey (2 values).')
    >>> panel.rule.value = "plus_colours"
    >>> panel.low.value, panel.high.value, panel.every.value
    (1, 5, 1)
    >>> panel.sweep_button.click()
    >>> panel.status.value
    'Swept on 10 deals: the same deals for each of the 5 values.'
    >>> panel.charts.value.count("<svg") == len(sweep_charts(panel.result))
    True
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ..core import Option, check_whole, game_spec, rule_set_name
from ..lab.design import changed_rules
from ..lab.measures import EXPERT_MEASURES, MEASURES, fixed_starter, seat_measures
from ..lab.sweep import MOST_VALUES, Sweep, SweepRun, default_values, play_sweep_deals, setting_words
from .charts import Line, Series, bar_chart, line_chart
from .variant_designer import DEAL_COUNTS, bot_choices, rule_words, rules_in_words
from .background import DealsInBackground
from .widgets import fits_label

__all__ = ["SweepPanel", "sweep_charts", "sweepable", "CHART_WIDTH", "CHART_HEIGHT"]

#: A chart's size: two side by side on a page 800 pixels wide.
CHART_WIDTH, CHART_HEIGHT = 370, 250
#: The most times the charts are drawn again during a sweep (a long one plays more deals per update).
UPDATES = 20
#: Styles of the panel (small grey help lines, the charts two to a row).
STYLE = ("<style>.plateau-sweep .rule-help{color:#555;font-size:12px;line-height:1.3;margin:0 0 6px 4px}"
         ".plateau-sweep-chart-grid{display:flex;flex-wrap:wrap;gap:8px;max-width:760px}"
         ".plateau-sweep-chart-grid svg{max-width:100%;height:auto}</style>")


def sweepable(option: Option) -> bool:
    """Whether the panel can sweep ``option``: a whole number, a yes or no, or one of a few choices
    (a table of numbers or free text needs its values written out: :func:`plateau_lab.lab.sweep.sweep`).

    >>> from plateau_lab.core import game_spec
    >>> [option.name for option in game_spec("coloretto").options if not sweepable(option)]
    ['points_table']
    """
    return option.kind in (int, bool) or bool(option.choices)


def _kinds(players: int) -> dict[str, str]:
    return {measure.name: measure.kind for measure in seat_measures(players) + MEASURES + EXPERT_MEASURES}


def _finite(values) -> bool:
    return all(isinstance(value, (int, float)) and math.isfinite(value) for value in values)


def _by_measure(figures: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """A sweep's figures measure by measure, each measure's values in order.

    >>> list(_by_measure([{"measure": "margin"}, {"measure": "balance"}, {"measure": "margin"}]).items())
    [('margin', [{'measure': 'margin'}, {'measure': 'margin'}]), ('balance', [{'measure': 'balance'}])]
    """
    grouped: dict[str, list[dict[str, Any]]] = {}
    for row in figures:
        grouped.setdefault(row["measure"], []).append(row)
    return grouped


def sweep_charts(result: Sweep, *, width: int = CHART_WIDTH, height: int = CHART_HEIGHT) -> list[tuple[str, Any]]:
    """One chart per measure of ``result`` (``(measure, picture)``): a line through each value's
    figure with its 95 % interval when the rule is a number, bars otherwise; a dashed line marks the
    figure at the rulebook's value when that value was swept. A measure with no figure yet (too few
    deals) has no chart.

    >>> from plateau_lab.lab.sweep import sweep
    >>> charts = sweep_charts(sweep("coloretto", "jokers", [2, 3], 4))
    >>> name, picture = charts[0]
    >>> name, "Seat 0 wins" in picture.svg(), "the rulebook (3)" in picture.svg()
    ('seat 0 wins', True, True)
    """
    kinds = _kinds(result.players)
    numeric = all(isinstance(value, int) and not isinstance(value, bool) for value in result.values)
    others = result.base_name
    charts = []
    for measure, rows in _by_measure(result.figures()).items():
        figures = [row["figure"] for row in rows]
        if not _finite(figures):
            continue
        # Balance's interval comes from resampling the deals, and with few deals the figure itself can
        # lie just outside it (the gap between the best and worst seat is larger in the sample than
        # in most resamplings): the whisker is then drawn out to the figure, never cut short.
        low = [min(row["low"], row["figure"]) for row in rows]
        high = [max(row["high"], row["figure"]) for row in rows]
        whiskers = {"low": low, "high": high} if _finite(low + high) else {}
        percent = kinds.get(measure) == "share"
        mark = None
        if result.rulebook in result.values:
            place = result.values.index(result.rulebook)
            mark = (figures[place], f"the rulebook ({setting_words(result.rulebook)})")
        title = f"{measure[:1].upper()}{measure[1:]} ({'standard rules' if others == 'standard' else others})"
        line_name = f"mean of {result.deals} deal{'s' if result.deals != 1 else ''}, 95 % interval"
        if numeric:
            picture = line_chart([Line(line_name, list(zip(result.values, figures)), **whiskers)], title=title,
                                 x_label=rule_words(result.rule), reference=mark, percent=percent,
                                 x_ticks=list(result.values), width=width, height=height)
        else:
            picture = bar_chart([setting_words(value) for value in result.values],
                                [Series(line_name, figures, **whiskers)], title=title,
                                y_label=None, reference=mark, percent=percent, width=width, height=height)
        charts.append((measure, picture))
    return charts


class SweepPanel(DealsInBackground, widgets.VBox):
    """Sweep one rule of ``game`` (see the module docstring). ``deals`` is the number of deals first
    chosen (one of :data:`plateau_lab.ui.variant_designer.DEAL_COUNTS`), ``step`` the deals played
    between two updates of the charts. The sweep runs in **one** worker process (``workers=1``, the
    default: a learner's lab work takes at most one core of a machine the class shares) or, with
    ``workers=0``, in the kernel's own process between its other work; the page never waits.
    ``base`` sets the other rules (the rulebook's by default); the rules it sets are not offered.
    """

    def __init__(self, game: str, *, players: int | None = None, deals: int = 100, workers: int = 1,
                 step: int = 5, seed: int = 0, base: Mapping[str, Any] | None = None):
        self.spec = game_spec(game)
        self.base = changed_rules(game, base or {})
        if deals not in DEAL_COUNTS:
            raise ValueError(f"deals is one of {', '.join(map(str, DEAL_COUNTS))}, not {deals!r}")
        if workers not in (0, 1):
            raise ValueError(f"a page sweeps with one worker process (workers=1) or in its own (workers=0), "
                             f"not {workers!r}: a learner's lab work takes at most one core")
        self.options = {option.name: option for option in self.spec.options
                        if sweepable(option) and option.name not in self.base}
        if not self.options:
            raise ValueError(f"{self.spec.title} has no rule taking a number, a yes or no, or a choice to sweep")
        self.workers, self.seed = workers, seed
        self.step_deals = check_whole(step, name="step", low=1)
        players = self.spec.default_players if players is None else self.spec.check_players(players)
        self.spec.new_game(players, seed=0, **self.base)       # other rules the game refuses fail here
        self.run_: SweepRun | None = None
        self.result: Sweep | None = None
        self.task = None
        self._stopping = False
        self._problem: str | None = None
        self._setting_range = False
        self.title = widgets.HTML(f"{STYLE}<h4 style='margin:4px 0'>Sweep one rule of "
                                  f"{html.escape(self.spec.title)}</h4>")
        self.players = widgets.Dropdown(options=list(self.spec.players), value=players, description="Players",
                                        layout=widgets.Layout(width="160px"))
        self.rule = widgets.Dropdown(options=[(rule_words(name), name) for name in self.options],
                                     description="Rule", layout=widgets.Layout(width="330px"))
        self.help = widgets.HTML()
        self.low = widgets.BoundedIntText(description="from", layout=widgets.Layout(width="140px"),
                                          style={"description_width": "40px"})
        self.high = widgets.BoundedIntText(description="to", layout=widgets.Layout(width="140px"),
                                           style={"description_width": "40px"})
        self.every = widgets.BoundedIntText(value=1, min=1, description="step", layout=widgets.Layout(width="140px"),
                                            style={"description_width": "40px"})
        self.range = widgets.HBox([self.low, self.high, self.every])
        self.values_line = widgets.Label("", layout=widgets.Layout(width="auto"))
        self.refusal = widgets.HTML()
        self.deals = widgets.Dropdown(options=DEAL_COUNTS, value=deals, description="Deals",
                                      layout=widgets.Layout(width="160px"))
        self.bots = widgets.Dropdown(options=bot_choices(game), value="random", description="Bots",
                                     layout=widgets.Layout(width="330px"))
        self.sweep_button = widgets.Button(description="Sweep", button_style="primary", icon="play",
                                           tooltip="play the same deals under each value", layout=fits_label())
        self.stop = widgets.Button(description="Stop", icon="stop", disabled=True,
                                   tooltip="stop now; keep the deals played")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="300px"))
        self.status = widgets.Label("", layout=widgets.Layout(width="auto"))
        self.charts = widgets.HTML()
        self.rule.observe(lambda _: self._rule_chosen(), names="value")
        for control in (self.low, self.high, self.every, self.players):
            control.observe(lambda _: self._changed(), names="value")
        self.sweep_button.on_click(lambda _: self.run())
        self.stop.on_click(lambda _: self.stop_running())
        super().__init__([self.title, widgets.HBox([self.rule, self.players]), self.help, self.range,
                          self.values_line, self.refusal, widgets.HBox([self.deals, self.bots]),
                          widgets.HBox([self.sweep_button, self.stop]), self.progress, self.status, self.charts])
        self.add_class("plateau-sweep")
        for widget, name in ((self.values_line, "values"), (self.refusal, "refusal"), (self.status, "status"),
                             (self.charts, "charts"), (self.deals, "deals"), (self.rule, "rule"),
                             (self.low, "from"), (self.high, "to"), (self.every, "step")):
            widget.add_class(f"plateau-sweep-{name}")
        self._rule_chosen()

    # ---------------------------------------------------------------- the rule and its values

    @property
    def option(self) -> Option:
        return self.options[self.rule.value]

    @property
    def values(self) -> tuple[Any, ...]:
        """The values the panel will try (a ValueError or TypeError when they cannot be played)."""
        option = self.option
        if option.kind is int and not option.choices:
            if self.low.value > self.high.value:
                raise ValueError(f"{rule_words(option.name)} from {self.low.value} to {self.high.value} is no range: "
                                 "make the first number the smaller")
            values = tuple(range(self.low.value, self.high.value + 1, self.every.value))
            if len(values) > MOST_VALUES:
                raise ValueError(f"{len(values)} values are too many: a sweep tries at most {MOST_VALUES}; "
                                 "make the step larger or the range shorter")
            return values
        return default_values(self.spec.name, option.name, players=self.players.value, base=self.base)

    def _rule_chosen(self) -> None:
        """A rule picked: its help line, and for a number its range around the rulebook's value."""
        option = self.option
        self.help.value = f"<div class='rule-help'>{html.escape(option.doc)}</div>"
        numeric = option.kind is int and not option.choices
        self.range.layout.display = None if numeric else "none"
        if numeric:
            try:
                start = default_values(self.spec.name, option.name, players=self.players.value, base=self.base)
            except ValueError:
                start = (option.low or 0, option.low or 0)
            self._setting_range = True
            try:
                for box in (self.low, self.high):
                    box.max = option.high if option.high is not None else 10**6
                    box.min = option.low if option.low is not None else -10**6
                self.every.max = max(1, self.high.max - self.low.min)
                self.low.value, self.high.value = start[0], start[-1]
                self.every.value = max(1, math.gcd(*(after - before for before, after in zip(start, start[1:]))))
            finally:
                self._setting_range = False
        self._changed()

    def _changed(self) -> None:
        """After every change: the values to try, whether the game can be played with each, the button."""
        if self._setting_range:
            return
        self._problem = None
        values = None
        try:
            values = self.values
            for value in values:
                self.spec.new_game(self.players.value, seed=0, **changed_rules(self.spec.name,
                                                                              {**self.base, self.option.name: value}))
        except (TypeError, ValueError) as error:
            self._problem = str(error)
            values = None
        if values is None:
            self.values_line.value = ""
            self.refusal.value = (f"<div style='color:#a00'><b>This sweep cannot be played:</b> "
                                  f"{html.escape(rules_in_words(self._problem, self.spec.option_names))}</div>")
        else:
            self.refusal.value = ""
            self.values_line.value = (f"Tries: {', '.join(map(setting_words, values))} ({len(values)} values).")
        if not self.running:
            self.sweep_button.disabled = values is None
            if self.run_ is None:
                self.status.value = ("Choose values the game can be played with." if values is None
                                     else "Press Sweep to play the same deals under each value.")

    # ---------------------------------------------------------------- the sweep, in the background

    work = "sweep"
    each_deal = "each under every value"
    play_chunk = staticmethod(play_sweep_deals)

    @property
    def start_button(self) -> widgets.Button:
        return self.sweep_button

    def new_run(self) -> SweepRun:
        """The sweep of the rule shown over the values asked for, on the deals asked for."""
        return SweepRun(self.spec.name, self.option.name, self.deals.value, values=self.values,
                        players=self.players.value, bots=[self.bots.value] * self.players.value,
                        base=self.base, seed=self.seed, step=max(self.step_deals, self.deals.value // UPDATES))

    def clear_results(self) -> None:
        self.result = None
        self.charts.value = ""

    def show_so_far(self, result: Sweep) -> None:
        self._draw(result, so_far=True)

    def _finish(self) -> None:
        run = self.run_
        self.stop.disabled = True
        self.sweep_button.disabled = self._problem is not None
        if run.finished:
            self.result = run.result()
            self._draw(self.result)
            self.status.value = (f"Swept on {run.deals} deals: the same deals for each of the "
                                 f"{len(run.values)} values.")
            return
        run.stopped = True
        self.result = run.result() if run.deals_done else None
        if self.result is not None:
            self._draw(self.result, so_far=True)
        else:
            self.charts.value = ""
        self.status.value = (f"Stopped after {run.deals_done} of {run.deals} deals: the charts show those deals."
                             if run.deals_done else f"Stopped after 0 of {run.deals} deals: nothing measured yet.")

    def _draw(self, result: Sweep, so_far: bool = False) -> None:
        """The charts of ``result``, with a line saying what they show."""
        others = rule_set_name(self.spec, result.base)
        head = (f"<p>{html.escape(rule_words(result.rule))} from {html.escape(setting_words(result.values[0]))} to "
                f"{html.escape(setting_words(result.values[-1]))}, the other rules "
                f"{'the rulebook’s' if others == 'standard' else html.escape(others)}, on the same "
                f"{result.deals} deal{'s' if result.deals != 1 else ''}{' so far' if so_far else ''}. "
                "Each point is the average over the deals; its bar is the 95 % interval, where the figure over "
                "every possible deal lies, with 95 % confidence."
                + (f" Seat {starter} made the first move in every game, so who wins by turn order is who wins by "
                   "seat: the seats' charts say it once." if (starter := fixed_starter(result.rows)) is not None
                   else "") + "</p>")
        charts = sweep_charts(result)
        pictures = "".join(f"<div class='plateau-sweep-chart' data-measure='{html.escape(name)}'>{picture.svg()}</div>"
                           for name, picture in charts)
        drawn = {name for name, _ in charts}
        missing = [name for name in result.measure_names if name not in drawn]
        note = (f"<p class='plateau-sweep-missing'>No chart for {html.escape(', '.join(missing))}: these games "
                "give no figure for it.</p>" if missing else "")
        self.charts.value = f"{head}<div class='plateau-sweep-chart-grid'>{pictures}</div>{note}"
