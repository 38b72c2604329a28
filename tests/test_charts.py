"""The SVG charts (plateau_lab.ui.charts): what they draw is where the values say, and bad input is refused."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from plateau_lab.ui.charts import Line, Series, axis_ticks, bar_chart, line_chart

SVG = "{http://www.w3.org/2000/svg}"


def parsed(picture) -> ET.Element:
    return ET.fromstring(picture.svg())


def texts(root: ET.Element) -> list[str]:
    return [node.text for node in root.iter(f"{SVG}text")]


def bars(root: ET.Element, colour: str) -> list[ET.Element]:
    return [node for node in root.iter(f"{SVG}rect") if node.get("fill") == colour and node.get("height") != "12"]


def test_bars_are_as_high_as_their_values_and_in_the_categories_order():
    chart = bar_chart(["a", "b", "c"], [Series("points", [2, 4, 8], colour="#123456")], y_label="points")
    root = parsed(chart)
    drawn = bars(root, "#123456")
    assert len(drawn) == 3
    heights = [float(bar.get("height")) for bar in drawn]
    assert heights[1] == pytest.approx(2 * heights[0]) and heights[2] == pytest.approx(4 * heights[0])
    assert [float(bar.get("x")) for bar in drawn] == sorted(float(bar.get("x")) for bar in drawn)
    bottoms = {round(float(bar.get("y")) + float(bar.get("height")), 2) for bar in drawn}
    assert len(bottoms) == 1                        # every bar stands on the zero line
    assert {"a", "b", "c", "points"} <= set(texts(root))


def test_a_negative_value_hangs_below_the_zero_line():
    root = parsed(bar_chart(["up", "down"], [Series("change", [3, -2], colour="#123456")]))
    up, down = bars(root, "#123456")
    assert float(up.get("y")) + float(up.get("height")) == pytest.approx(float(down.get("y")))
    assert "\N{MINUS SIGN}2" in texts(root)         # the axis reaches below 0


def test_whiskers_span_each_interval_and_the_reference_line_is_named():
    chart = bar_chart(["seat 0", "seat 1"], [Series("wins", [0.4, 0.3], low=[0.3, 0.2], high=[0.5, 0.4])],
                      reference=(1 / 3, "a fair share"), percent=True, y_range=(0, 1))
    root = parsed(chart)
    upright = [line for line in root.iter(f"{SVG}line") if line.get("x1") == line.get("x2")
               and line.get("stroke") == "#222" and line.get("stroke-width") == "1.5"]
    assert len(upright) == 2
    spans = sorted(abs(float(line.get("y1")) - float(line.get("y2"))) for line in upright)
    assert spans[0] == pytest.approx(spans[1])      # both intervals are 0.2 wide
    dashed = [line for line in root.iter(f"{SVG}line") if line.get("stroke-dasharray")]
    assert len(dashed) == 2                         # the line across the chart and its legend swatch
    assert "a fair share" in texts(root) and "100%" in texts(root) and "0%" in texts(root)


def test_several_series_are_named_in_the_legend_each_in_its_colour():
    root = parsed(bar_chart(["1", "2"], [Series("brown", [1, 3]), Series("grey", [1, 4])], title="Points"))
    assert {"brown", "grey", "Points"} <= set(texts(root))
    fills = {rect.get("fill") for rect in root.iter(f"{SVG}rect")}
    assert {"#1f77b4", "#ff7f0e"} <= fills


def test_a_long_category_name_wraps_instead_of_running_into_its_neighbour():
    names = ["kept two, the rest discarded and a few more words", "bees", "cows"]
    root = parsed(bar_chart(names, [Series("mean", [1, 2, 3])], width=600))
    lines = [line for line in texts(root) if line in names[0]]
    assert len(lines) > 1 and " ".join(lines) == names[0]
    assert max(map(len, lines)) * 12 * 0.6 <= (600 - 76) / 3       # each line fits its category's place


def test_a_line_goes_through_its_points_and_a_step_line_turns_at_right_angles():
    chart = line_chart([Line("straight", [(0, 0), (1, 1), (2, 4)]),
                        Line("steps", [(0, 0), (1, 1), (2, 4)], step=True, markers=False)], y_range=(0, 4))
    straight, steps = (line.get("points").split() for line in parsed(chart).iter(f"{SVG}polyline"))
    assert len(straight) == 3 and len(steps) == 5
    corners = [point.split(",") for point in steps]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        assert x0 == x1 or y0 == y1                 # only horizontal and vertical pieces
    assert corners[0] == straight[0].split(",") and corners[-1] == straight[-1].split(",")
    circles = list(parsed(chart).iter(f"{SVG}circle"))
    assert len(circles) == 3                        # markers on the first line only


def test_a_chart_shows_itself_in_a_notebook():
    chart = line_chart([Line("one", [(1, 2), (2, 3)])], title="a title")
    assert chart._repr_svg_().startswith("<svg") and "a title" in chart._repr_svg_()


def test_ticks_are_round_and_cover_the_values():
    assert axis_ticks(0, 7) == [0, 2, 4, 6, 8]
    assert axis_ticks(-3, 21) == [-5, 0, 5, 10, 15, 20, 25]
    assert axis_ticks(0.0, 0.07)[-1] >= 0.07


@pytest.mark.parametrize(("make", "message"), [
    (lambda: bar_chart([], [Series("x", [])]), "at least one category"),
    (lambda: bar_chart(["a"], []), "at least one series"),
    (lambda: bar_chart(["a", "b"], [Series("x", [1])]), "1 value for 2 categories"),
    (lambda: bar_chart(["a"], [Series("x", [float("nan")])]), "not a number"),
    (lambda: bar_chart(["a"], [Series("x", [1], low=[0])]), "an interval needs both ends"),
    (lambda: bar_chart(["a"], [Series("x", [1], low=[2], high=[3])]), "outside its interval"),
    (lambda: bar_chart(["a"], [Series("x", [1])], y_range=(2, 1)), "lower to a higher"),
    (lambda: bar_chart(["a"], [Series("x", [1])], height=60, title="t"), "make it higher"),
    (lambda: line_chart([]), "at least one line"),
    (lambda: line_chart([Line("x", [])]), "has no points"),
    (lambda: line_chart([Line("x", [(1, 2, 3)])]), "pair"),
    (lambda: axis_ticks(2, 1), "cannot draw an axis"),
])
def test_bad_input_is_refused_with_the_reason(make, message):
    with pytest.raises(ValueError, match=message):
        make()
