"""Small composable SVG pictures: every game draws its cards, tricks and boards with these.

A :class:`Picture` is an SVG group with a size. Pictures line up in rows and columns and
get captions, and show themselves in Jupyter::

    >>> card = Picture.box(40, 60, fill="#fff")
    >>> row([card, card], gap=5).width
    85.0
    >>> str(caption(card, "a card")).startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True

Output is deterministic: attributes keep the order they are given and numbers are
written with at most two decimals, so the same state always gives the same text.

A picture may name the parts a learner can click (:func:`target`) and the parts the table may mark
(:func:`named`: the last move, say): plain SVG attributes, which the play table's clickable picture
(``plateau_lab.ui.clickable``) reads. Drawing needs no widget library.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["FONT", "INK", "PAPER", "FELT", "number", "element", "target", "named", "text", "Picture", "row",
           "column", "CHARACTER_EM", "text_width", "caption", "padded", "label_box", "seat_name",
           "to_act", "SYMBOL_SHAPES", "symbol"]


FONT = "DejaVu Sans, Verdana, sans-serif"
INK = "#222"
PAPER = "#fffdf7"
FELT = "#2f6b4f"


def number(value: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def element(tag: str, attributes: dict | None = None, /, **more) -> ET.Element:
    """An SVG element; keyword names use ``_`` for ``-`` (``font_size`` is ``font-size``)."""
    attrs = {**(attributes or {}), **{name.replace("_", "-"): value for name, value in more.items()}}
    return ET.Element(
        tag,
        {name: number(value) if isinstance(value, int | float) else str(value) for name, value in attrs.items()},
    )


def target(part: ET.Element, name: str) -> ET.Element:
    """Mark one part of a picture as clickable under ``name`` (returned, for chaining).

    >>> target(Picture.box(40, 60).group, "play 10H").get("data-target")
    'play 10H'
    """
    part.set("data-target", name)
    return part


def named(part: ET.Element, name: str) -> ET.Element:
    """Name a part that is not clickable (a card in the trick, say), so that the table can mark it.

    >>> named(Picture.box(40, 60).group, "played 2").get("data-name")
    'played 2'
    """
    part.set("data-name", name)
    return part


def text(x: float, y: float, content: str, *, size: float = 12, anchor: str = "middle", **more) -> ET.Element:
    """A line of text centred (by default) on x, with its baseline at y."""
    label = element("text", x=x, y=y, font_family=FONT, font_size=size, text_anchor=anchor, **more)
    label.text = content
    return label


@dataclass(frozen=True)
class Picture:
    """An SVG group with a width and a height, drawn from (0, 0)."""

    group: ET.Element
    width: float
    height: float

    @classmethod
    def of(cls, width: float, height: float, *children: ET.Element) -> Picture:
        group = element("g")
        group.extend(children)
        return cls(group, width, height)

    @classmethod
    def box(cls, width: float, height: float, *, fill: str = PAPER, stroke: str = INK, radius: float = 6,
            **more) -> Picture:
        """A rounded rectangle filling the picture; ``more``: further attributes of the rectangle."""
        return cls.of(width, height, element("rect", x=0.5, y=0.5, width=width - 1, height=height - 1,
                                             rx=radius, fill=fill, stroke=stroke, **more))

    def placed(self, x: float, y: float) -> ET.Element:
        """This picture's group moved to (x, y), ready to put inside another picture."""
        if x == 0 and y == 0:
            return self.group
        moved = element("g", transform=f"translate({number(x)},{number(y)})")
        moved.append(self.group)
        return moved

    def svg(self, *, scale: float = 1.0, title: str | None = None) -> str:
        """The picture as an SVG document: ``width``/``height`` (times ``scale``) with a ``viewBox``,
        and a style that shrinks it, keeping its proportions, to fit a narrower page.

        >>> Picture.box(900, 300).svg().partition("><")[0]
        '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300" viewBox="0 0 900 300" style="max-width:100%;height:auto"'
        """
        root = element(
            "svg",
            {"xmlns": "http://www.w3.org/2000/svg"},
            width=self.width * scale,
            height=self.height * scale,
            viewBox=f"0 0 {number(self.width)} {number(self.height)}",
            style="max-width:100%;height:auto",
        )
        if title:
            ET.SubElement(root, "title").text = title
        root.append(self.placed(0, 0))
        return ET.tostring(root, encoding="unicode")

    __str__ = svg

    def __repr__(self) -> str:
        return f"Picture(width={number(self.width)}, height={number(self.height)})"

    def _repr_svg_(self) -> str:
        return self.svg()


def row(pictures: Sequence[Picture], *, gap: float = 8, align: str = "top") -> Picture:
    """Pictures side by side, aligned at the top (or ``"middle"``)."""
    height = max((p.height for p in pictures), default=0)
    group, x = element("g"), 0.0
    for picture in pictures:
        y = (height - picture.height) / 2 if align == "middle" else 0
        group.append(picture.placed(x, y))
        x += picture.width + gap
    return Picture(group, max(x - gap, 0), height)


def column(pictures: Sequence[Picture], *, gap: float = 8, align: str = "left") -> Picture:
    """Pictures one above the other, aligned left (or ``"middle"``)."""
    width = max((p.width for p in pictures), default=0)
    group, y = element("g"), 0.0
    for picture in pictures:
        x = (width - picture.width) / 2 if align == "middle" else 0
        group.append(picture.placed(x, y))
        y += picture.height + gap
    return Picture(group, width, max(y - gap, 0))


#: About how wide a character of the sans-serif font is drawn, as a share of the font's size.
CHARACTER_EM = 0.6


def seat_name(seat: int, viewer: int | None, *, capital: bool = False) -> str:
    """How a picture drawn for the player in seat ``viewer`` names ``seat``: "you" for his own seat,
    "player N" for the others, and for every seat in a picture drawn for no one (a whole game shown).

    >>> seat_name(2, viewer=2), seat_name(1, viewer=2), seat_name(1, viewer=None, capital=True)
    ('you', 'player 1', 'Player 1')
    """
    name = "you" if seat == viewer else f"player {seat}"
    return name[0].upper() + name[1:] if capital else name


def to_act(seat: int, viewer: int | None, verb: str) -> str:
    """Whose turn it is, as the line above a picture drawn for ``viewer`` says it.

    >>> to_act(0, viewer=0, verb="bid"), to_act(2, viewer=0, verb="play")
    ('Your turn to bid', 'Player 2 to play')
    """
    return f"Your turn to {verb}" if seat == viewer else f"Player {seat} to {verb}"


def text_width(content: str, size: float) -> float:
    """About how wide a line of text is drawn, so that a picture can leave the line room.

    >>> text_width("Exchange", 10)
    48.0
    """
    return len(content) * size * CHARACTER_EM


def caption(picture: Picture, label: str, *, size: float = 13, color: str = INK, bold: bool = False) -> Picture:
    """A picture with a line of text above it."""
    line_height = size + 6
    width = max(picture.width, text_width(label, size))
    group = element("g")
    weight = {"font_weight": "bold"} if bold else {}
    group.append(text(0, size, label, size=size, anchor="start", fill=color, **weight))
    group.append(picture.placed(0, line_height))
    return Picture(group, width, picture.height + line_height)


def padded(picture: Picture, margin: float, *, fill: str | None = None, radius: float = 10) -> Picture:
    """A picture with a margin around it, optionally on a coloured panel."""
    width, height = picture.width + 2 * margin, picture.height + 2 * margin
    group = element("g")
    if fill:
        group.append(element("rect", x=0, y=0, width=width, height=height, rx=radius, fill=fill))
    group.append(picture.placed(margin, margin))
    return Picture(group, width, height)


def label_box(label: str, *, width: float, height: float = 26, fill: str = "#eee", color: str = INK,
              size: float = 12) -> Picture:
    """A small rounded tag with centred text (a name plate, a score, a verdict)."""
    return Picture.of(
        width, height,
        element("rect", x=0.5, y=0.5, width=width - 1, height=height - 1, rx=height / 2, fill=fill, stroke="#999"),
        text(width / 2, height / 2 + size * 0.35, label, size=size, fill=color),
    )


#: The shapes :func:`symbol` draws.
SYMBOL_SHAPES = ("circle", "square", "triangle", "diamond", "star", "heart", "cross")


def symbol(shape: str, x: float, y: float, *, size: float = 8, fill: str = INK) -> ET.Element:
    """A small filled shape centred on (x, y), ``size`` from its centre to its edge: one of
    :data:`SYMBOL_SHAPES`. Cards draw one beside their colour, so that no learner needs to tell
    colours apart by their paint alone; it carries its name as ``data-symbol``.

    >>> symbol("heart", 25, 32).get("data-symbol"), symbol("circle", 25, 32).tag
    ('heart', 'circle')
    """
    s = size
    if shape == "circle":
        mark = element("circle", cx=x, cy=y, r=s)
    elif shape == "heart":
        mark = element("path", d=f"M{number(x)},{number(y + s)} C{number(x - 1.6 * s)},{number(y - 0.1 * s)} "
                                 f"{number(x - 0.7 * s)},{number(y - 1.3 * s)} {number(x)},{number(y - 0.45 * s)} "
                                 f"C{number(x + 0.7 * s)},{number(y - 1.3 * s)} {number(x + 1.6 * s)},{number(y - 0.1 * s)} "
                                 f"{number(x)},{number(y + s)} Z")
    else:
        outline = {
            "square": [(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)],
            "triangle": [(0, -1), (1, 0.8), (-1, 0.8)],
            "diamond": [(0, -1), (0.8, 0), (0, 1), (-0.8, 0)],
            "star": [(math.cos(math.radians(90 + 36 * k)) * (1 if k % 2 == 0 else 0.45),
                      -math.sin(math.radians(90 + 36 * k)) * (1 if k % 2 == 0 else 0.45)) for k in range(10)],
            "cross": [(-0.3, -1), (0.3, -1), (0.3, -0.3), (1, -0.3), (1, 0.3), (0.3, 0.3), (0.3, 1), (-0.3, 1),
                      (-0.3, 0.3), (-1, 0.3), (-1, -0.3), (-0.3, -0.3)],
        }.get(shape)
        if outline is None:
            raise ValueError(f"a symbol is one of {', '.join(SYMBOL_SHAPES)}, not {shape!r}")
        mark = element("polygon", points=" ".join(f"{number(x + dx * s)},{number(y + dy * s)}" for dx, dy in outline))
    mark.set("fill", fill)
    mark.set("data-symbol", shape)
    return mark
