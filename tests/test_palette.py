"""Colour is never the only cue, and what is drawn can be read (issue 43, clause 3).

* Every palette a game tells its cards apart by stays distinguishable for colour-blind learners:
  each pair of the palette's colours, simulated for protanopia, deuteranopia and tritanopia at
  severity 100 (``colorspacious``, Machado et al. 2009), lies at least :data:`MARGIN` apart in
  CAM02-UCS (a difference of about 1 is the least one notices side by side; 12 is plain at a glance,
  on a card the size of a thumbnail).
* Every line of text in every picture of every game, drawn for a player and for the whole table
  through a few games, has a contrast of at least 4.5:1 against what lies under it (3:1 for large
  text: 18.66 px bold or 24 px), read from the SVG itself: the text's colour and the colour of the
  last filled shape drawn before it that covers the text's middle (WCAG 2.1's 1.4.3).
* The marks that tell cards apart (suit symbols, triangles, colour fields) have 3:1 against the
  card under them (1.4.11).
* Every colour of a card also has a word, letter or symbol on it.

colorspacious needs numpy: it is a test dependency only, never imported by the package.
"""

import importlib
import itertools
import math
import random
import re
import xml.etree.ElementTree as ET

import pytest

colorspacious = pytest.importorskip("colorspacious")

from plateau_lab.core import GAME_NAMES  # noqa: E402
from plateau_lab.core.registry import game_names, game_spec  # noqa: E402
from plateau_lab.core.render import PAPER  # noqa: E402
from plateau_lab.hexboard import render as hexboard_render  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
MARGIN = 12.0
DEFICIENCIES = ("protanomaly", "deuteranomaly", "tritanomaly")



def presets(game):
    """What this test reads of ``game`` beyond its registry entry: ``tests/<game>/presets.py``."""
    return importlib.import_module(f"{game}.presets")


#: The colours each of the package's games tells its cards apart by (its presets' ``PALETTES``), and the
#: board's counters (a game defined with the kit has the kit's inks, checked below).
PALETTES = {
    **{name: palette for game in GAME_NAMES for name, palette in getattr(presets(game), "PALETTES", {}).items()},
    "the board's counters": {team: fill for team, (fill, _) in hexboard_render.COUNTER_COLOURS.items()},
}


def rgb(colour):
    """'#abc' or '#aabbcc' (or 'white'/'black') as three numbers from 0 to 1."""
    colour = {"white": "#fff", "black": "#000"}.get(colour, colour).lstrip("#")
    if len(colour) == 3:
        colour = "".join(2 * c for c in colour)
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))


def luminance(colour):
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb(colour)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one, other):
    """WCAG's contrast ratio, from 1 to 21.

    >>> round(contrast("#fff", "#000"), 1), round(contrast("#777", "#fff"), 2)
    (21.0, 4.48)
    """
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def seen_as(colour, deficiency):
    simulated = colorspacious.cspace_convert(
        rgb(colour), {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}, "sRGB1")
    return [min(max(c, 0.0), 1.0) for c in simulated]


def difference(one, other):
    """CAM02-UCS distance between two colours (sRGB, 0 to 1)."""
    return float(colorspacious.deltaE(one, other, input_space="sRGB1", uniform_space="CAM02-UCS"))


@pytest.mark.parametrize("name", PALETTES)
@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_every_pair_of_colours_stays_apart_for_colour_blind_eyes(name, deficiency):
    palette = PALETTES[name]
    close = []
    for (one, first), (other, second) in itertools.combinations(palette.items(), 2):
        distance = difference(seen_as(first, deficiency), seen_as(second, deficiency))
        if distance < MARGIN:
            close.append(f"{one}/{other}: {distance:.1f}")
    assert not close, f"{name} under {deficiency} (severity 100): closer than {MARGIN}: {close}"


def test_every_game_says_the_colours_it_tells_its_cards_apart_by():
    assert [game for game in GAME_NAMES if not getattr(presets(game), "PALETTES", None)] == []


def test_the_simulation_tells_a_close_pair_from_a_far_one():
    """The check can fail: a brick red and a brown merge for the red-blind (two suits of a game once
    did), blue and yellow stay apart."""
    red_green = difference(seen_as("#c0392b", "protanomaly"), seen_as("#7a4f2a", "protanomaly"))
    blue_yellow = difference(seen_as("#1f4aa8", "protanomaly"), seen_as("#fff176", "protanomaly"))
    assert red_green < MARGIN < blue_yellow


# -- text and marks against what lies under them, read from the pictures


def _matrix(transform):
    """An SVG transform (translate, scale, rotate) as the affine matrix (a, b, c, d, e, f)."""
    matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for name, arguments in re.findall(r"(\w+)\(([^)]*)\)", transform or ""):
        values = [float(v) for v in re.split(r"[ ,]+", arguments.strip())]
        if name == "translate":
            step = (1, 0, 0, 1, values[0], values[1] if len(values) > 1 else 0)
        elif name == "scale":
            step = (values[0], 0, 0, values[-1], 0, 0)
        elif name == "rotate":
            turn = math.radians(values[0])
            step = (math.cos(turn), math.sin(turn), -math.sin(turn), math.cos(turn), 0, 0)
        else:
            raise ValueError(f"unread transform {name}")
        matrix = _times(matrix, step)
    return matrix


def _times(m, n):
    a, b, c, d, e, f = m
    return (a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3], b * n[2] + d * n[3],
            a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f)


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _covers(shape, matrix, point):
    """Whether a rect or circle, drawn under ``matrix``, covers the page's ``point``."""
    tag = shape.tag.removeprefix(SVG)
    if tag == "rect":
        x, y = float(shape.get("x", 0)), float(shape.get("y", 0))
        corners = [_apply(matrix, x + dx, y + dy)
                   for dx in (0, float(shape.get("width"))) for dy in (0, float(shape.get("height")))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        return min(xs) <= point[0] <= max(xs) and min(ys) <= point[1] <= max(ys)
    if tag == "circle":
        cx, cy = _apply(matrix, float(shape.get("cx")), float(shape.get("cy")))
        radius = float(shape.get("r")) * math.hypot(matrix[0], matrix[1])
        return math.hypot(point[0] - cx, point[1] - cy) <= radius
    if tag == "polygon":
        points = [_apply(matrix, *map(float, pair.split(","))) for pair in shape.get("points").split()]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs) <= point[0] <= max(xs) and min(ys) <= point[1] <= max(ys)
    return False


def texts_and_grounds(svg):
    """Each line of text in a picture: (its words, its colour, the colour under its middle, its size,
    bold?). The ground is the last filled rect, circle or polygon drawn before the text that covers
    the middle of the text; the page is white."""
    root = ET.fromstring(svg)
    shapes, found = [], []

    def walk(node, matrix, inherited):
        style = {**inherited, **{key: node.get(key) for key in ("fill", "font-size", "font-weight", "opacity")
                                 if node.get(key) is not None}}
        matrix = _times(matrix, _matrix(node.get("transform")))
        tag = node.tag.removeprefix(SVG)
        if tag in ("rect", "circle", "polygon") and style.get("fill") not in (None, "none") \
                and float(style.get("opacity", 1)) >= 0.99 and float(node.get("fill-opacity", 1)) >= 0.99:
            shapes.append((node, matrix, style["fill"]))
        if tag == "text" and (node.text or "").strip():
            size = float(style.get("font-size", 12))
            width = len(node.text) * size * 0.6
            x, y = float(node.get("x", 0)), float(node.get("y", 0))
            shift = {"start": width / 2, "end": -width / 2}.get(node.get("text-anchor", "start"), 0)
            middle = _apply(matrix, x + shift, y - size * 0.35)
            scale = math.hypot(matrix[0], matrix[1])
            ground = next((fill for shape, at, fill in reversed(shapes) if _covers(shape, at, middle)), "#fff")
            found.append((node.text, style.get("fill", "#000"), ground, size * scale,
                          style.get("font-weight") == "bold"))
        for child in node:
            walk(child, matrix, style)

    walk(root, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), {})
    return found


def test_the_reader_finds_the_ground_under_a_text():
    from plateau_lab.core.render import Picture, padded, row, text
    card = Picture.of(40, 40, text(20, 20, "on grey", fill="#fff"))
    svg = padded(row([Picture.box(10, 10), card]), 5, fill="#777").svg()
    assert texts_and_grounds(svg) == [("on grey", "#fff", "#777", 12.0, False)]


def _large(size, bold):
    return size >= 24 or (bold and size >= 18.66)


def _pictures(name):
    """Pictures of the game through two games of random play: for each player and for the table."""
    spec = game_spec(name)
    for seed in (1, 2):
        rng = random.Random(seed)
        state = spec.new_game(seed=seed)
        for step in itertools.count():
            if step % 7 == 0 or state.is_over:
                yield f"seed {seed}, move {step}, the table", state.to_svg()
                yield f"seed {seed}, move {step}, player 0", state.to_svg(0)
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", game_names())
def test_every_text_in_the_game_pictures_can_be_read(name):
    failures = {}
    for where, svg in _pictures(name):
        for words, ink, ground, size, bold in texts_and_grounds(svg):
            needed = 3.0 if _large(size, bold) else 4.5
            if contrast(ink, ground) < needed:
                failures.setdefault((words, ink, ground), f"{contrast(ink, ground):.2f} < {needed} ({where})")
    assert not failures, "\n".join(f"{words!r} {ink} on {ground}: {why}"
                                   for (words, ink, ground), why in sorted(failures.items()))


def test_every_text_on_the_board_can_be_read():
    from plateau_lab.hexboard.model import Board
    board = Board.official(3)
    counters = dict(zip(sorted(board.layout)[::2], itertools.cycle(hexboard_render.COUNTER_COLOURS)))
    pictures = [hexboard_render.board_picture(board, coordinates=True).svg(),
                hexboard_render.board_picture(Board(board.layout, counters), title="A bridge",
                                              highlight=list(counters)[:5], highlight_label="the group").svg()]
    failures = [f"{words!r} {ink} on {ground}: {contrast(ink, ground):.2f}"
                for svg in pictures for words, ink, ground, size, bold in texts_and_grounds(svg)
                if contrast(ink, ground) < (3.0 if _large(size, bold) else 4.5)]
    assert not failures


# -- marks that tell cards apart, against their card


#: The marks that tell each game's cards apart, with their ground (each game's presets' ``MARKS``).
MARKS = [mark for game in GAME_NAMES for mark in getattr(presets(game), "MARKS", ())]


@pytest.mark.parametrize("name, colours, ground", MARKS, ids=[m[0] for m in MARKS])
def test_marks_stand_out_from_their_ground(name, colours, ground):
    pairs = [pair if ground is None else (pair, ground) for pair in colours]
    weak = [f"{mark} on {under}: {contrast(mark, under):.2f}" for mark, under in pairs if contrast(mark, under) < 3]
    assert not weak, f"{name}: {weak}"


# -- colour is never the only cue (each game's own cues: tests/<game>/test_palette.py)


def test_the_board_tells_the_teams_counters_apart_by_their_outline_too():
    from plateau_lab.hexboard.model import Board
    board = Board.official(3)
    declarers, opponents = hexboard_render.COUNTER_COLOURS
    cells = sorted(board.layout)[:2]
    svg = hexboard_render.board_picture(Board(board.layout, {cells[0]: declarers, cells[1]: opponents})).svg()
    outlines = {circle.get("fill"): circle.get("stroke-dasharray") for circle in ET.fromstring(svg).iter(f"{SVG}circle")
                if circle.get("fill") in (hexboard_render.COUNTER_COLOURS[declarers][0],
                                          hexboard_render.COUNTER_COLOURS[opponents][0])}
    assert len(set(outlines.values())) == 2


def test_the_kits_suit_inks_read_on_its_cards():
    """A game described with the kit writes each card's rank and suit mark in its suit's ink on paper."""
    from plateau_lab.kit.picture import COLOUR_INKS, FRENCH_INKS, PALETTE
    inks = {**COLOUR_INKS, **FRENCH_INKS, **{f"palette {index}": ink for index, ink in enumerate(PALETTE)}}
    weak = [f"{name} {ink}: {contrast(ink, PAPER):.2f}" for name, ink in inks.items() if contrast(ink, PAPER) < 4.5]
    assert not weak


def test_a_game_of_rows_names_each_colour_card_in_ink_that_reads_on_its_paint():
    """A colour card of a game described with ``RowGame`` is painted as its colour where the colour is
    a common one ("white" white, "yellow" yellow), else from a palette, and its name reads on it."""
    from plateau_lab.kit.picture import COLOUR_INKS
    from plateau_lab.kit.rows_picture import LIGHT_PAINTS, card_picture
    colours = tuple([*COLOUR_INKS, *LIGHT_PAINTS, "teal", "lilac", "umber", "sky", "mint", "rose", "sand"])
    weak = []
    for colour in colours:
        svg = card_picture(colour, colours).svg()
        paint = re.search(r'<rect [^>]*fill="([^"]+)"', svg).group(1)
        ink = re.search(r'<text [^>]*fill="([^"]+)"', svg).group(1)
        if contrast(ink, paint) < 4.5:
            weak.append(f"{colour}: {ink} on {paint}, {contrast(ink, paint):.2f}")
    assert not weak
    assert re.search(r'<rect [^>]*fill="([^"]+)"', card_picture("white", colours).svg()).group(1) == LIGHT_PAINTS["white"]


def test_the_pages_focus_ring_stands_out_on_white():
    from pathlib import Path
    css = (Path(__file__).parents[1] / "classroom/jupyter/voila/templates/plateau/accessible.css").read_text()
    ring = re.search(r":focus-visible\s*{\s*outline:\s*(\d+)px solid (#[0-9a-fA-F]{3,6})", css)
    assert ring and int(ring.group(1)) >= 2 and contrast(ring.group(2), "#fff") >= 3
