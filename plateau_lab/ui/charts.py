"""Small charts drawn as plain SVG: bars with their 95% intervals, and lines through points.

They need nothing but the standard library (no matplotlib, numpy or pandas), so they draw the same in
JupyterLab, in Voilà and in the static site, where Python runs in the browser. A chart is a
:class:`plateau_lab.core.render.Picture`: it shows itself in a notebook and sits in a ``row`` or a
``column`` with other pictures. Its default size (720 × 360) reads well on a page 800 pixels wide.

A bar chart: one bar per category and series, with a whisker for each interval and a dashed line at a
reference value::

    >>> chart = bar_chart(["seat 0", "seat 1", "seat 2"],
    ...                   [Series("wins", [0.36, 0.31, 0.33], low=[0.30, 0.26, 0.28], high=[0.42, 0.37, 0.39])],
    ...                   title="Wins per seat", y_label="win rate", reference=(1 / 3, "a fair share"),
    ...                   percent=True)
    >>> chart.width, chart.height
    (720, 360)
    >>> svg = chart.svg()
    >>> "Wins per seat" in svg and "a fair share" in svg and "40%" in svg
    True

A line chart: several series of points, joined by lines or by steps::

    >>> chart = line_chart([Line("random bots", [(0, 1.2), (1, 1.9), (2, 2.4)]),
    ...                     Line("tricks = card", [(0, 0), (2, 2)], dashed=True, markers=False)],
    ...                    title="Tricks won per estimate", x_label="estimate", y_label="tricks won")
    >>> chart.svg().count("<polyline")
    2

Bad input is refused with the reason:

    >>> bar_chart(["a", "b"], [Series("x", [1.0])])
    Traceback (most recent call last):
    ...
    ValueError: series 'x' has 1 value for 2 categories
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.render import CHARACTER_EM, INK, Picture, element, number, text

__all__ = ["PALETTE", "Series", "Line", "bar_chart", "line_chart", "axis_ticks"]

# Colours that stay apart for most eyes (matplotlib's first ones), used in this order.
PALETTE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")
REFERENCE_COLOUR = "#c0392b"
GRID = "#e4e4e4"
TITLE_SIZE = 16
LABEL_SIZE = 13
TICK_SIZE = 12
LEGEND_SIZE = 12


@dataclass(frozen=True)
class Series:
    """One bar per category: ``values`` in the categories' order, and optionally each value's interval
    (``low`` and ``high``, drawn as a whisker) and a colour."""

    name: str
    values: Sequence[float]
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None
    colour: str | None = None


@dataclass(frozen=True)
class Line:
    """A line through ``points`` ((x, y) pairs, drawn in the order given), with optional intervals
    (``low``/``high``, one per point) drawn as whiskers. ``step``: horizontal then vertical steps instead
    of straight lines; ``dashed``: a dashed line (a guide such as "y = x"); ``markers``: a dot at every
    point."""

    name: str
    points: Sequence[tuple[float, float]]
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None
    colour: str | None = None
    step: bool = False
    dashed: bool = False
    markers: bool = True


def axis_ticks(low: float, high: float, *, count: int = 5) -> list[float]:
    """About ``count`` round values (steps of 1, 2, 2.5 or 5 times a power of ten) from at or below
    ``low`` to at or above ``high``.

    >>> axis_ticks(0, 21)
    [0, 5, 10, 15, 20, 25]
    >>> axis_ticks(0, 0.42)
    [0, 0.1, 0.2, 0.3, 0.4, 0.5]
    >>> axis_ticks(3, 3)
    [2, 2.5, 3, 3.5, 4]
    """
    if not (math.isfinite(low) and math.isfinite(high)) or low > high:
        raise ValueError(f"cannot draw an axis from {low} to {high}")
    if low == high:
        low, high = low - 1, high + 1
    rough = (high - low) / count
    power = 10 ** math.floor(math.log10(rough))
    step = next(multiple * power for multiple in (1, 2, 2.5, 5, 10) if multiple * power >= rough)
    first, last = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    return [_tidy(index * step) for index in range(first, last + 1)]


def _tidy(value: float) -> float:
    """A tick value without the float noise of a product (0.30000000000000004 is 0.3); whole as int."""
    value = round(value, 10)
    return int(value) if value == int(value) else value


def _label(value: float, percent: bool) -> str:
    if percent:
        return f"{value * 100:.0f}%" if abs(value * 100 - round(value * 100)) < 1e-9 else f"{value * 100:.1f}%"
    return f"{value:g}".replace("-", "\N{MINUS SIGN}")


def _finite(name: str, values: Sequence[float]) -> list[float]:
    numbers = [float(value) for value in values]
    if not all(math.isfinite(value) for value in numbers):
        raise ValueError(f"{name} has a value that is not a number: {list(values)}")
    return numbers


def _intervals(name: str, values: list[float], low, high) -> tuple[list[float], list[float]] | None:
    """The checked interval of every value, or None when the series has none."""
    if low is None and high is None:
        return None
    if low is None or high is None:
        raise ValueError(f"{name} gives {'high' if low is None else 'low'} without "
                         f"{'low' if low is None else 'high'}: an interval needs both ends")
    lows, highs = _finite(f"{name}'s low", low), _finite(f"{name}'s high", high)
    if not len(lows) == len(highs) == len(values):
        raise ValueError(f"{name} has {len(values)} values but {len(lows)} lows and {len(highs)} highs")
    for value, bottom, top in zip(values, lows, highs):
        if not bottom - 1e-9 <= value <= top + 1e-9:
            raise ValueError(f"{name}: the value {value:g} lies outside its interval {bottom:g} to {top:g}")
    return lows, highs


@dataclass(frozen=True)
class _Frame:
    """Where the plotting area lies in the chart and how values map to it."""

    left: float
    top: float
    width: float
    height: float
    y_ticks: list[float]
    x_low: float = 0.0
    x_high: float = 1.0

    def y(self, value: float) -> float:
        low, high = self.y_ticks[0], self.y_ticks[-1]
        return self.top + self.height * (high - value) / (high - low)

    def x(self, value: float) -> float:
        return self.left + self.width * (value - self.x_low) / (self.x_high - self.x_low)


def _wrap(label: str, width: float, size: float) -> list[str]:
    """``label`` in lines no wider than ``width`` (at most three; a longer one is cut with "…")."""
    characters = max(4, int(width / (size * CHARACTER_EM)))
    lines = textwrap.wrap(label, characters) or [""]
    return lines if len(lines) <= 3 else lines[:2] + [lines[2][:characters - 1] + "…"]


def _header(parts: list, width: float, title: str | None, legend: list[tuple[str, str, str]]) -> float:
    """The title and the legend (swatch colour, name, style) across the top; returns their height."""
    top = 8.0
    for line in (_wrap(title, width - 24, TITLE_SIZE) if title else []):
        top += TITLE_SIZE + 4
        parts.append(text(width / 2, top, line, size=TITLE_SIZE, fill=INK, font_weight="bold"))
    if legend:
        top += 8
        x, line_top = 60.0, top
        for colour, name, style in legend:
            room = 26 + len(name) * LEGEND_SIZE * CHARACTER_EM + 18
            if x + room > width - 8 and x > 60:
                x, line_top = 60.0, line_top + LEGEND_SIZE + 8
            middle = line_top + LEGEND_SIZE / 2
            if style == "box":
                parts.append(element("rect", x=x, y=line_top, width=18, height=LEGEND_SIZE, fill=colour))
            else:
                dash = {"stroke_dasharray": "5 4"} if style == "dashed" else {}
                parts.append(element("line", x1=x, y1=middle, x2=x + 18, y2=middle, stroke=colour, stroke_width=2.5,
                                     **dash))
            parts.append(text(x + 24, line_top + LEGEND_SIZE - 2, name, size=LEGEND_SIZE, anchor="start", fill=INK))
            x += room
        top = line_top + LEGEND_SIZE
    return top + 10


def _y_axis(parts: list, frame: _Frame, y_label: str | None, percent: bool) -> None:
    """Grid lines and their values, the axis line and the axis's name (turned upright)."""
    for tick in frame.y_ticks:
        y = frame.y(tick)
        parts.append(element("line", x1=frame.left, y1=y, x2=frame.left + frame.width, y2=y, stroke=GRID))
        parts.append(text(frame.left - 6, y + TICK_SIZE * 0.35, _label(tick, percent), size=TICK_SIZE, anchor="end",
                          fill=INK))
    parts.append(element("line", x1=frame.left, y1=frame.top, x2=frame.left, y2=frame.top + frame.height, stroke=INK))
    if y_label:
        middle = frame.top + frame.height / 2
        parts.append(text(16, middle, y_label, size=LABEL_SIZE, fill=INK, transform=f"rotate(-90 16 {number(middle)})"))


def _x_label(parts: list, frame: _Frame, x_label: str | None, total_height: float) -> None:
    if x_label:
        parts.append(text(frame.left + frame.width / 2, total_height - 8, x_label, size=LABEL_SIZE, fill=INK))


def _reference(parts: list, frame: _Frame, reference: tuple[float, str] | None) -> None:
    if reference is not None:
        y = frame.y(reference[0])
        parts.append(element("line", x1=frame.left, y1=y, x2=frame.left + frame.width, y2=y, stroke=REFERENCE_COLOUR,
                             stroke_width=1.5, stroke_dasharray="6 4"))


def _whisker(parts: list, x: float, low: float, high: float, half: float) -> None:
    """An interval from ``low`` to ``high`` (chart coordinates) at ``x``, with caps ``half`` wide."""
    parts.append(element("line", x1=x, y1=low, x2=x, y2=high, stroke=INK, stroke_width=1.5))
    for y in (low, high):
        parts.append(element("line", x1=x - half, y1=y, x2=x + half, y2=y, stroke=INK, stroke_width=1.5))


def _value_range(values: Sequence[float], reference: tuple[float, str] | None, y_range) -> list[float]:
    """The y axis's ticks: ``y_range`` when given, else round values around every value and 0."""
    if y_range is not None:
        low, high = (float(end) for end in y_range)
        if not low < high:
            raise ValueError(f"y_range must go from a lower to a higher value, not {y_range}")
        ticks = axis_ticks(low, high)
        return [tick for tick in ticks if low - 1e-9 <= tick <= high + 1e-9] if len(ticks) > 3 else [low, high]
    everything = [*values, *([reference[0]] if reference else [])]
    return axis_ticks(min(0.0, *everything), max(0.0, *everything))


def bar_chart(categories: Sequence[str], series: Sequence[Series], *, title: str | None = None,
              x_label: str | None = None, y_label: str | None = None,
              reference: tuple[float, str] | None = None, percent: bool = False,
              y_range: tuple[float, float] | None = None, width: int = 720, height: int = 360) -> Picture:
    """Bars side by side for each category, one per series, each with its interval's whisker when the
    series has one. ``reference`` (a value and its name) is a dashed line across the chart, named in
    the legend; ``percent`` writes the y axis's values as percentages (0.25 is 25%); ``y_range`` fixes
    the axis (otherwise it runs from 0, or the lowest value, to a round value above the highest).

    >>> chart = bar_chart(["1", "2", "3"], [Series("brown", [1, 3, 6], colour="#8a5a2b"),
    ...                                      Series("grey", [1, 4, 8], colour="#8c8c8c")], y_label="points")
    >>> chart.svg().count('<rect x=')       # the white page, two bars per category, a swatch per series
    9
    """
    categories = [str(category) for category in categories]
    if not categories:
        raise ValueError("a bar chart needs at least one category")
    if not series:
        raise ValueError("a bar chart needs at least one series of values")
    checked = []
    for one in series:
        values = _finite(f"series {one.name!r}", one.values)
        if len(values) != len(categories):
            raise ValueError(f"series {one.name!r} has {len(values)} value{'s' * (len(values) != 1)} "
                             f"for {len(categories)} categories")
        checked.append((one, values, _intervals(f"series {one.name!r}", values, one.low, one.high)))
    every_value = [value for _, values, interval in checked
                   for value in [*values, *(interval[0] + interval[1] if interval else [])]]
    legend = [(one.colour or PALETTE[index % len(PALETTE)], one.name, "box") for index, (one, _, _) in
              enumerate(checked)] if len(checked) > 1 else []
    if reference is not None:
        legend.append((REFERENCE_COLOUR, reference[1], "dashed"))
    parts: list = []
    top = _header(parts, width, title, legend)
    slot = (width - 76) / len(categories)
    label_lines = max(len(_wrap(category, slot - 4, TICK_SIZE)) for category in categories)
    bottom = 10 + label_lines * (TICK_SIZE + 3) + (LABEL_SIZE + 12 if x_label else 0)
    frame = _Frame(left=64, top=top, width=width - 76, height=height - top - bottom,
                   y_ticks=_value_range(every_value, reference, y_range))
    if frame.height < 40:
        raise ValueError(f"a chart {height} high has no room left for its bars: make it higher")
    _y_axis(parts, frame, y_label, percent)
    bar = slot * 0.8 / len(checked)
    zero = frame.y(min(max(0.0, frame.y_ticks[0]), frame.y_ticks[-1]))
    for place, category in enumerate(categories):
        start = frame.left + slot * place + slot * 0.1
        for index, (one, values, interval) in enumerate(checked):
            x, y = start + bar * index, frame.y(values[place])
            colour = one.colour or PALETTE[index % len(PALETTE)]
            parts.append(element("rect", x=x + 1, y=min(y, zero), width=max(bar - 2, 1), height=abs(zero - y),
                                 fill=colour))
            if interval:
                _whisker(parts, x + bar / 2, frame.y(interval[0][place]), frame.y(interval[1][place]),
                         min(6.0, bar / 4))
        for line_number, line in enumerate(_wrap(category, slot - 4, TICK_SIZE)):
            parts.append(text(frame.left + slot * (place + 0.5), frame.top + frame.height + 16 + line_number
                              * (TICK_SIZE + 3), line, size=TICK_SIZE, fill=INK))
    parts.append(element("line", x1=frame.left, y1=zero, x2=frame.left + frame.width, y2=zero, stroke=INK))
    _reference(parts, frame, reference)
    _x_label(parts, frame, x_label, height)
    return Picture.of(width, height, element("rect", x=0, y=0, width=width, height=height, fill="#fff"), *parts)


def line_chart(lines: Sequence[Line], *, title: str | None = None, x_label: str | None = None,
               y_label: str | None = None, reference: tuple[float, str] | None = None, percent: bool = False,
               y_range: tuple[float, float] | None = None, x_ticks: Sequence[float] | None = None,
               width: int = 720, height: int = 360) -> Picture:
    """Several lines through their points, in one colour each, named in the legend; a point's interval
    is a whisker. ``x_ticks`` fixes the values written under the x axis (otherwise round values across
    the points); ``reference``, ``percent`` and ``y_range`` as in :func:`bar_chart`.

    >>> chart = line_chart([Line("steps", [(0, 0), (1, 2), (2, 3)], step=True)], x_ticks=[0, 1, 2])
    >>> 'points="64,' in chart.svg()       # the line starts at the left edge of the plotting area
    True
    """
    if not lines:
        raise ValueError("a line chart needs at least one line")
    checked = []
    for one in lines:
        if not one.points:
            raise ValueError(f"line {one.name!r} has no points")
        if any(len(point) != 2 for point in one.points):
            raise ValueError(f"line {one.name!r}: every point is a pair (x, y), not {list(one.points)}")
        xs = _finite(f"line {one.name!r}'s x", [x for x, _ in one.points])
        ys = _finite(f"line {one.name!r}'s y", [y for _, y in one.points])
        checked.append((one, xs, ys, _intervals(f"line {one.name!r}", ys, one.low, one.high)))
    all_x = [x for _, xs, _, _ in checked for x in xs] + list(x_ticks or [])
    every_value = [value for _, _, ys, interval in checked
                   for value in [*ys, *(interval[0] + interval[1] if interval else [])]]
    legend = [(one.colour or PALETTE[index % len(PALETTE)], one.name, "dashed" if one.dashed else "line")
              for index, (one, _, _, _) in enumerate(checked)]
    if reference is not None:
        legend.append((REFERENCE_COLOUR, reference[1], "dashed"))
    parts: list = []
    top = _header(parts, width, title, legend)
    bottom = 10 + TICK_SIZE + 6 + (LABEL_SIZE + 12 if x_label else 0)
    shown_x = list(x_ticks) if x_ticks is not None else axis_ticks(min(all_x), max(all_x))
    frame = _Frame(left=64, top=top, width=width - 88, height=height - top - bottom,
                   y_ticks=_value_range(every_value, reference, y_range),
                   x_low=min(shown_x + all_x), x_high=max(shown_x + all_x) if max(shown_x + all_x) > min(shown_x + all_x)
                   else min(shown_x + all_x) + 1)
    if frame.height < 40:
        raise ValueError(f"a chart {height} high has no room left for its lines: make it higher")
    _y_axis(parts, frame, y_label, percent)
    for tick in shown_x:
        parts.append(text(frame.x(tick), frame.top + frame.height + 18, _label(tick, False), size=TICK_SIZE, fill=INK))
    bottom_value = min(max(0.0, frame.y_ticks[0]), frame.y_ticks[-1])
    parts.append(element("line", x1=frame.left, y1=frame.y(bottom_value), x2=frame.left + frame.width,
                         y2=frame.y(bottom_value), stroke=INK))
    for index, (one, xs, ys, interval) in enumerate(checked):
        colour = one.colour or PALETTE[index % len(PALETTE)]
        corners = [(frame.x(x), frame.y(y)) for x, y in zip(xs, ys)]
        if one.step:
            corners = [corner for (x0, y0), (x1, _) in zip(corners, corners[1:]) for corner in ((x0, y0), (x1, y0))] \
                + [corners[-1]]
        dash = {"stroke_dasharray": "6 4"} if one.dashed else {}
        parts.append(element("polyline", points=" ".join(f"{number(x)},{number(y)}" for x, y in corners),
                             fill="none", stroke=colour, stroke_width=2.5, **dash))
        for place, (x, y) in enumerate(zip(xs, ys)):
            if interval:
                _whisker(parts, frame.x(x), frame.y(interval[0][place]), frame.y(interval[1][place]), 4)
            if one.markers:
                parts.append(element("circle", cx=frame.x(x), cy=frame.y(y), r=4, fill=colour))
    _reference(parts, frame, reference)
    _x_label(parts, frame, x_label, height)
    return Picture.of(width, height, element("rect", x=0, y=0, width=width, height=height, fill="#fff"), *parts)
