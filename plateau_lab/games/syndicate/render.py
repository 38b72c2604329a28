"""Pictures of The Syndicate: Decktet cards, hands, the turn on the table, the whole state.

>>> from .cards import parse_card
>>> picture = card_picture(parse_card("Diplomat"))
>>> picture.width, picture.height
(64, 92)
>>> "Diplomat" in picture.svg()
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from plateau_lab.core import count_of
from plateau_lab.core.render import (FELT, INK, PAPER, Picture, caption, column, element, label_box, named, padded, row,
                                     seat_name, target, text, to_act)

from .cards import EVENT, LOCATION, PERSONALITY, Card
from .engine import ResolvedTurn, State, Turn, shares_mark

__all__ = ["CARD_WIDTH", "CARD_HEIGHT", "SUIT_COLOURS", "MARK_BADGES", "COUNTS", "IDLE", "suit_symbol",
           "card_picture", "standing_tag", "card_back", "face_down_picture", "hand_picture", "turn_picture", "state_picture"]


CARD_WIDTH, CARD_HEIGHT = 64, 92
SUIT_COLOURS = {"Moons": "#27406f", "Suns": "#af874c", "Waves": "#0293d8",
                "Leaves": "#4f6c4e", "Wyrms": "#bb1b04", "Knots": "#3c2814"}
MARK_BADGES = {PERSONALITY: ("P", "#7b3fa0"), LOCATION: ("L", "#2e7d5b"), EVENT: ("E", "#a84d0e")}
#: The tags under a card on the table: it shares a mark with the lead and counts, or it shares none.
COUNTS, IDLE = "#1f6e43", "#5f5f5f"


def suit_symbol(suit: str, x: float, y: float, size: float = 14) -> ET.Element:
    """A small drawing of a suit centred on (x, y): moon, sun, waves, leaf, wyrm or knot."""
    colour = SUIT_COLOURS[suit]
    s = size / 14
    group = element("g", transform=f"translate({x:.2f},{y:.2f}) scale({s:.3f})")
    line = {"fill": "none", "stroke": colour, "stroke_width": 1.8, "stroke_linecap": "round"}
    if suit == "Moons":
        group.append(element("path", d="M2,-6 A6.5,6.5 0 1,0 2,6 A5,5 0 1,1 2,-6 Z", fill=colour))
    elif suit == "Suns":
        group.append(element("circle", cx=0, cy=0, r=3.6, fill=colour))
        for dx, dy in ((0, -6), (0, 6), (-6, 0), (6, 0), (4.2, 4.2), (-4.2, -4.2), (4.2, -4.2), (-4.2, 4.2)):
            group.append(element("line", x1=dx * 0.8, y1=dy * 0.8, x2=dx * 1.15, y2=dy * 1.15, **line))
    elif suit == "Waves":
        group.append(element("path", d="M-6,-2 q3,-3.5 6,0 t6,0", **line))
        group.append(element("path", d="M-6,3 q3,-3.5 6,0 t6,0", **line))
    elif suit == "Leaves":
        group.append(element("path", d="M-6,6 Q-6,-6 6,-6 Q6,6 -6,6 Z", fill=colour))
        group.append(element("path", d="M-6,6 L3,-3", stroke=PAPER, stroke_width=1))
    elif suit == "Wyrms":
        group.append(element("path", d="M-6,5 C-6,-2 0,3 0,-2 S5,-7 6,-3", **line))
        group.append(element("circle", cx=6, cy=-3, r=1.6, fill=colour))
    else:
        group.append(element("path", d="M-6,0 C-6,-6 6,6 6,0 C6,-6 -6,6 -6,0 Z", **line))
    return group



def _mark_badge(mark: str, x: float, y: float) -> ET.Element:
    letter, colour = MARK_BADGES[mark]
    group = element("g")
    group.append(element("circle", cx=x, cy=y, r=7.5, fill=colour))
    group.append(text(x, y + 4, letter, size=11, fill="#fff", font_weight="bold"))
    return group


def _name_lines(name: str) -> list[str]:
    if len(name) <= 10 or " " not in name:
        return [name]
    first, rest = name.split(" ", 1) if not name.startswith("Ace of") else ("Ace of", name[7:])
    return [first, rest]


def card_picture(card: Card, *, state: str = "plain") -> Picture:
    """One card face. ``state``: ``"plain"``, ``"counts"`` or ``"idle"`` (on the table, with a tag
    under it saying ``counts`` or ``no match``: :func:`standing_tag`; the face is drawn the same)."""
    if state not in ("plain", "counts", "idle"):
        raise ValueError(f"a card's state is plain, counts or idle, not {state!r}")
    parts = [element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=6,
                     fill=PAPER, stroke=INK, stroke_width=1.2)]
    parts.append(element("rect", x=4, y=4, width=CARD_WIDTH - 8, height=5, rx=2,
                         fill=SUIT_COLOURS[card.suits[0]]))
    label = {"A": "A", "Crown": "♛"}.get(card.rank_label, card.rank_label)
    parts.append(text(11, 24, label, size=15, font_weight="bold", fill=INK))
    for index, suit in enumerate(card.suits):
        parts.append(suit_symbol(suit, 11, 36 + 15 * index, size=12))
    centre = CARD_WIDTH / 2 + 8
    for index, suit in enumerate(card.suits):
        offset = (index - (len(card.suits) - 1) / 2) * 20
        parts.append(suit_symbol(suit, centre, 44 + offset, size=18))
    for index, mark in enumerate(sorted(card.marks)):
        parts.append(_mark_badge(mark, CARD_WIDTH - 11 - 17 * index, 18))
    for index, line in enumerate(reversed(_name_lines(card.name))):
        parts.append(text(CARD_WIDTH / 2, CARD_HEIGHT - 7 - 12 * index, line, size=11, fill=INK))
    picture = Picture.of(CARD_WIDTH, CARD_HEIGHT, *parts)
    title = element("title")
    title.text = card.describe()
    picture.group.insert(0, title)
    return picture


def standing_tag(state: str) -> Picture:
    """The tag under a card on the table: ``counts`` (it shares a mark with the lead) or ``no match``."""
    counts = state == "counts"
    return label_box("counts" if counts else "no match", width=CARD_WIDTH, height=18, size=11,
                     fill=COUNTS if counts else "#f2f2f2", color="#fff" if counts else IDLE)


def card_back() -> Picture:
    """The back of a card (a hidden hand card or the face-down card)."""
    return Picture.of(
        CARD_WIDTH, CARD_HEIGHT,
        element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=6, fill="#30324a", stroke=INK),
        element("rect", x=7, y=7, width=CARD_WIDTH - 14, height=CARD_HEIGHT - 14, rx=4, fill="none",
                stroke="#c9b26b", stroke_width=1.5),
        text(CARD_WIDTH / 2, CARD_HEIGHT / 2 + 6, "✦", size=18, fill="#c9b26b"),
    )


def face_down_picture(card: Card, *, revealed: bool, state: str = "plain") -> Picture:
    """The mastermind's face-down card for those who may see it (the teacher, the mastermind): its
    face with a dashed rim and a band saying ``face down``; once the turn is scored (the rules turn
    it over), a band saying ``revealed``.

    >>> from .cards import parse_card
    >>> svg = face_down_picture(parse_card("Diplomat"), revealed=False).svg()
    >>> "face down" in svg and "Diplomat" in svg
    True
    """
    face = card_picture(card, state=state)
    if not revealed:
        face.group.append(element("rect", x=3, y=3, width=CARD_WIDTH - 6, height=CARD_HEIGHT - 6, rx=5,
                                  fill="none", stroke="#30324a", stroke_width=1.5, stroke_dasharray="5 3"))
    band_colour, words = ("#5b6b7a", "revealed") if revealed else ("#30324a", "face down")
    band = Picture.of(CARD_WIDTH, 18, element("rect", x=1, y=0, width=CARD_WIDTH - 2, height=18, rx=4,
                                              fill=band_colour),
                      text(CARD_WIDTH / 2, 13, words, size=11, fill="#fff", font_weight="bold"))
    return column([face, band], gap=2)


def hand_picture(cards, *, hidden: bool = False, clickable: bool = False) -> Picture:
    """A hand, sorted by rank; face down when ``hidden``. ``clickable``: each card is the click
    target ``card NAME`` (see :mod:`plateau_lab.ui.clickable`)."""
    if hidden:
        return row([card_back() for _ in cards], gap=-38) if cards else Picture.of(CARD_WIDTH, CARD_HEIGHT)
    ordered = sorted(cards, key=lambda card: (card.rank, card.name))
    faces = [card_picture(card) for card in ordered]
    if clickable:
        for card, face in zip(ordered, faces):
            target(face.group, f"card {card}")
    return row(faces, gap=4) if ordered else Picture.of(CARD_WIDTH, CARD_HEIGHT)


def turn_picture(turn: Turn, *, reveal: bool, result: ResolvedTurn | None = None,
                 viewer: int | None = None) -> Picture:
    """The cards of one turn: the lead, the face-down card, the enforcers' answers; under each card
    face up, a tag: ``counts`` (it shares a mark with the lead, for or against the scheme) or ``no
    match`` (:func:`standing_tag`). ``reveal``: the face-down card's face is shown
    (marked ``face down``, or ``revealed`` once the turn is scored, that is with a ``result``).
    Seats are "player N", "you" in a picture drawn for ``viewer``."""
    def standing(card: Card) -> str:
        return "counts" if shares_mark(card, turn.lead) else "idle"

    def shown(card: Card) -> Picture:
        return card_picture(card, state=standing(card))

    def tagged(face: Picture, card: Card) -> Picture:
        return column([face, standing_tag(standing(card))], gap=3)

    lead = shown(turn.lead)
    named(lead.group, f"played {turn.mastermind}")
    mastermind = [tagged(lead, turn.lead)]
    if turn.face_down is not None:
        mastermind.append(tagged(face_down_picture(turn.face_down, revealed=result is not None,
                                                   state=standing(turn.face_down)), turn.face_down) if reveal
                          else card_back())
    groups = [caption(row(mastermind, gap=4), f"mastermind ({seat_name(turn.mastermind, viewer)})", size=11, color="#fff")]
    for index, card in enumerate(turn.answers):
        seat = (turn.mastermind + 1 + index) % 3
        answer = shown(card)
        named(answer.group, f"played {seat}")
        groups.append(caption(tagged(answer, card), "enforcer (you)" if seat == viewer else f"enforcer {seat}", size=11, color="#fff"))
    pictures = [row(groups, gap=14)]
    if result is not None:
        verdict = ("foiled" if result.enforcers_total > result.mastermind_total else
                   "succeeds" if result.mastermind_total > result.enforcers_total else "tie")
        pictures.append(label_box(f"mastermind {result.mastermind_total} vs enforcers {result.enforcers_total}: "
                                  f"{verdict}", width=300, fill="#fff8dc"))
    return column(pictures, gap=6)


def state_picture(state: State, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The whole table as ``viewer`` sees it (everything when ``viewer`` is None); ``clickable``:
    the viewer's cards are click targets ``card NAME`` and the cards on the table are named
    ``played SEAT`` (see :mod:`plateau_lab.ui.clickable`)."""
    seats = []
    for seat in range(3):
        role = "mastermind" if seat == state.mastermind else "enforcer"
        hidden = viewer is not None and seat != viewer
        title = f"{seat_name(seat, viewer, capital=True)} · {role} · {count_of(state.points[seat], 'point')}"
        hand = hand_picture(state.hands[seat], hidden=hidden, clickable=clickable and seat == viewer)
        seats.append(caption(hand, title, size=12,
                             bold=seat == state.current_player))
    if state.table is not None:
        reveal = viewer is None or viewer == state.mastermind
        table = caption(turn_picture(state.table, reveal=reveal, viewer=viewer), "On the table", size=12, color="#fff", bold=True)
    elif state.last_turn is not None:
        table = caption(turn_picture(state.last_turn.turn, reveal=True, result=state.last_turn, viewer=viewer),
                        "The last turn", size=12, color="#fff", bold=True)
    else:
        table = caption(Picture.of(CARD_WIDTH, CARD_HEIGHT), "On the table: nothing yet", size=12, color="#fff")
    piles = label_box(f"draw pile {len(state.draw_pile)} · discards {len(state.discards)} · turn {state.turn_number}",
                      width=260)
    status = "Game over: player " + str(state.winners[0]) + " wins" if state.is_over else \
        to_act(state.current_player, viewer, "move")
    head = row([label_box(status, width=220, fill="#dfe9f5"), piles], gap=10)
    return padded(column([head, row([column(seats, gap=10), padded(table, 10, fill=FELT)], gap=16)], gap=10), 8)
