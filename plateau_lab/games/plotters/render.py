"""SVG pictures for Plotters Inc.: cards, a trick with High and Low marked, open stacks, the table.

>>> from plateau_lab.games.plotters.cards import parse_card
>>> trick = tuple(enumerate(parse_card(c) for c in "R10 Y6 R14 B2 Y16".split()))
>>> svg = trick_picture(trick, players=5).svg()
>>> "HIGH" in svg and "LOW" in svg
True
"""

from __future__ import annotations

from ...core import count_of
from ...core.render import (FELT, INK, Picture, caption, column, element, label_box, named, padded, row, seat_name,
                           target, text, to_act)
from .cards import COLOURS, Card
from .engine import GAME_OVER, KEEP_PHASE, ROUND_OVER, TAKE_PHASE, State, high_play, low_play, score_formula

__all__ = ["card_picture", "card_back", "hand_picture", "trick_picture", "collection_picture", "player_picture",
           "state_picture", "FILL"]


#: Each colour's card, and the ink of its number and initial: every two colours stay apart for
#: colour-blind eyes, and the ink reads on its card (tests/test_palette.py).
FILL = {"blue": "#325f91", "green": "#84b896", "red": "#a73120", "yellow": "#fde115"}
INK_ON = {"blue": "#fff", "green": INK, "red": "#fff", "yellow": INK}
HIGH_MARK, LOW_MARK = "#ffb000", "#d9c2ff"    # both light: their tags say HIGH and LOW in ink
QUIET = "#595959"      # words that say nothing is there
CARD_WIDTH, CARD_HEIGHT = 40, 56
FAN_STEP = 25          # how much of each card but the last shows in a fanned hand: its corner index
PILE_WIDTH = 48


def card_picture(card: Card, *, border: str = INK, taken: bool = False, covered: bool = False) -> Picture:
    """One card face up: its number and its colour's initial (for readers who do not tell the
    colours apart) in the top-left corner, and its number large below. ``covered``: something lies on
    the card (the next card in a fan, a stack's count), so only the corner shows: the large number is left out.
    ``taken``: High has taken it from the trick: a dark band across it says ``taken`` (the card is not
    faded, which at the table means a card you may not click).

    >>> from .cards import parse_card
    >>> card = parse_card("B14")
    >>> card_picture(card).svg().count(">14<"), card_picture(card, covered=True).svg().count(">14<")
    (2, 1)
    """
    ink = INK_ON[card.colour]
    parts = [
        element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=5, fill=FILL[card.colour],
                stroke=border, stroke_width=2 if border != INK else 1),
        text(4, 17, str(card.number), size=15, anchor="start", fill=ink, font_weight="bold"),
        text(5, 31, str(card)[0], size=11, anchor="start", fill=ink),
    ]
    if not covered and not taken:
        parts.append(text(CARD_WIDTH / 2 + 3, CARD_HEIGHT - 8, str(card.number), size=20, fill=ink,
                          font_weight="bold"))
    if taken:
        parts += [element("rect", x=1, y=CARD_HEIGHT - 22, width=CARD_WIDTH - 2, height=16, fill=INK),
                  text(CARD_WIDTH / 2, CARD_HEIGHT - 10, "taken", size=11, fill="#fff", font_weight="bold")]
    return Picture.of(CARD_WIDTH, CARD_HEIGHT, *parts)


def card_back(label: str = "", *, width: float = CARD_WIDTH, title: str = "") -> Picture:
    """A face-down card (or pile), with an optional count on it and a title above the count."""
    parts = [element("rect", x=1, y=1, width=width - 2, height=CARD_HEIGHT - 2, rx=5, fill="#5b4636",
                     stroke=INK),
             element("rect", x=5, y=5, width=width - 10, height=CARD_HEIGHT - 10, rx=3, fill="none",
                     stroke="#c9b79c")]
    if title:
        parts.append(text(width / 2, 18, title, size=11, fill="#f1e6d2"))
    if label:
        parts.append(text(width / 2, CARD_HEIGHT / 2 + (12 if title else 5), label, size=15, fill="#fff",
                          font_weight="bold"))
    return Picture.of(width, CARD_HEIGHT, *parts)


def hand_picture(cards: tuple[Card, ...], *, clickable: bool = False) -> Picture:
    """Cards in a fan-like overlapping row, each showing its corner; ``clickable``: each card is the
    click target ``card B14``."""
    if not cards:
        return Picture.of(72, CARD_HEIGHT, text(2, CARD_HEIGHT / 2, "(no cards)", size=11, anchor="start",
                                                fill=QUIET))
    faces = [card_picture(card, covered=index < len(cards) - 1) for index, card in enumerate(cards)]
    if clickable:
        for card, face in zip(cards, faces):
            target(face.group, f"card {card}")
    return row(faces, gap=FAN_STEP - CARD_WIDTH)


def _tag(label: str, fill: str) -> Picture:
    return label_box(label, width=CARD_WIDTH + 8, height=18, fill=fill, color=INK, size=11)


def trick_picture(trick: tuple[tuple[int, Card], ...], *, players: int, viewer: int | None = None,
                  picked: tuple[Card, ...] = (), label_color: str = INK, takeable: bool = False) -> Picture:
    """The trick in the order played, each card under its player's name ("You" in a picture drawn
    for ``viewer``, "Player 2" for another; the first card's "led"), named ``played SEAT``.

    Once the trick is full, High (highest card of the led colour) and Low (lowest card of
    another colour, the first played on a tie) are marked; cards High has taken so far say ``taken``.
    ``takeable``: each card not yet taken is the click target ``take B14``.
    """
    if not trick:
        return Picture.of(150, CARD_HEIGHT + 36,
                          text(4, CARD_HEIGHT / 2 + 18, "(no card played yet)", size=12, anchor="start",
                               fill=label_color))
    full = len(trick) == players
    high = high_play(trick) if full else None
    low = low_play(trick) if full else None
    pictures = []
    for index, (seat, card) in enumerate(trick):
        label = seat_name(seat, viewer, capital=True) + (" led" if index == 0 else "")
        mark = None
        if (seat, card) == high:
            mark = _tag("HIGH", HIGH_MARK)
        elif (seat, card) == low:
            mark = _tag("LOW", LOW_MARK)
        border = HIGH_MARK if mark and (seat, card) == high else LOW_MARK if mark else INK
        face = card_picture(card, border=border, taken=card in picked)
        named(face.group, f"played {seat}")
        if takeable and card not in picked:
            target(face.group, f"take {card}")
        parts = [caption(face, label, size=11, color=label_color)]
        parts.append(mark or Picture.of(CARD_WIDTH + 8, 18))
        pictures.append(column(parts, gap=3, align="middle"))
    return row(pictures, gap=6)


def _stack_count(size: int) -> list:
    """The number of cards in a stack, in a white disc on the lower half of the stack's top card."""
    return [element("circle", cx=CARD_WIDTH / 2, cy=CARD_HEIGHT - 15, r=11, fill="#fff", stroke=INK),
            text(CARD_WIDTH / 2, CARD_HEIGHT - 11, f"×{size}", size=11, fill=INK, font_weight="bold")]


def collection_picture(sizes: tuple[int, ...], discarded: int, kept: tuple[str, str] | None = None, *,
                       cards: tuple[tuple[Card, ...], ...] | None = None) -> Picture:
    """A player's open stacks (one per colour, with its size on it) and face-down discard pile.

    ``sizes`` are in COLOURS order. Empty stacks are dashed slots with the colour's initial;
    dropped colours (once two are kept) are crossed out.
    """
    stacks = []
    for index, (colour, size) in enumerate(zip(COLOURS, sizes)):
        dropped = kept is not None and colour not in kept
        if size:
            top = cards[index][-1] if cards else None
            face = card_picture(top, covered=True) if top else Picture.box(CARD_WIDTH, CARD_HEIGHT, fill=FILL[colour])
            face.group.extend(_stack_count(size))
            stacks.append(face)
        else:
            stacks.append(Picture.of(
                CARD_WIDTH, CARD_HEIGHT,
                element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=5, fill="none",
                        stroke=FILL[colour], stroke_dasharray="4 3"),
                text(CARD_WIDTH / 2, CARD_HEIGHT / 2 + 5, colour[0].upper(), size=13, fill=INK),
                *([element("line", x1=4, y1=4, x2=CARD_WIDTH - 4, y2=CARD_HEIGHT - 4, stroke=FILL[colour],
                           stroke_width=2)] if dropped else [])))
    pile = (card_back(str(discarded), width=PILE_WIDTH, title="discard") if discarded else
            Picture.of(PILE_WIDTH, CARD_HEIGHT,
                       element("rect", x=1, y=1, width=PILE_WIDTH - 2, height=CARD_HEIGHT - 2, rx=5, fill="none",
                               stroke="#999", stroke_dasharray="2 3"),
                       text(PILE_WIDTH / 2, 18, "discard", size=11, fill=QUIET)))
    return row([*stacks, pile], gap=5)


def player_picture(state: State, seat: int, viewer: int | None = None, *, clickable: bool = False,
                   hand_width: float = 0) -> Picture:
    """A player's panel: a name plate (roles, scores, the colours kept), the hand (hidden from other
    viewers), the open stacks and the discard pile; ``clickable``: the hand's cards are click targets;
    ``hand_width``: the room kept for the hand (the table keeps the widest hand's room in every
    panel, so that the panels are even and their stacks line up)."""
    roles = []
    if seat == state.dealer:
        roles.append("dealer")
    if seat == state.current_player:
        roles.append("to act")
    kept = state.kept[seat]
    lines = [(seat_name(seat, viewer, capital=True), 13)]
    lines += [(" · ".join(roles), 11)] if roles else []
    lines += [(f"this round {state.round_score(seat)} · total {state.scores[seat]}", 11)]
    lines += [(f"keeps {' + '.join(kept)}", 11)] if kept else []
    plate = Picture.of(118, CARD_HEIGHT, *(text(0, 14 + 14 * index, words, size=size, anchor="start", fill=INK,
                                                 font_weight="bold" if index == 0 else "normal")
                                            for index, (words, size) in enumerate(lines)))
    hand_part = _hand_part(state, seat, viewer, clickable=clickable)
    hand_part = Picture(hand_part.group, max(hand_width, hand_part.width), hand_part.height)
    stacks = collection_picture(state.open_sizes(seat), len(state.discards[seat]), kept, cards=state.stacks[seat])
    return padded(row([plate, hand_part, stacks], gap=10), 5, fill="#f6f1e7")


def _hand_part(state: State, seat: int, viewer: int | None, *, clickable: bool) -> Picture:
    hand = state.hands[seat]
    if viewer is None or viewer == seat:
        return hand_picture(hand, clickable=clickable)
    return card_back(str(len(hand))) if hand else hand_picture(())


def _headline(state: State, viewer: int | None = None) -> str:
    """The line above the table: the round, and who acts (said to ``viewer`` as "you")."""
    phase = state.phase
    acting = state.current_player
    base = f"Plotters Inc. · {state.players} players · round {state.round_number + 1} of {state.rounds}"
    if phase == GAME_OVER:
        return base + " · game over"
    if phase == ROUND_OVER:
        return base + " · round over"
    if phase == TAKE_PHASE:
        return base + (" · you are High: pick a card" if acting == viewer else f" · High (player {acting}) picks")
    if phase == KEEP_PHASE:
        kept = count_of(state.rules.scoring_colours, "colour")
        return base + (f" · you keep {kept}" if acting == viewer else f" · player {acting} keeps {kept}")
    return base + " · " + to_act(acting, viewer, "play").lower()


def state_picture(state: State, viewer: int | None = None, *, clickable: bool = False) -> Picture:
    """The table: the trick on green felt (High and Low marked), then every player's panel.

    ``clickable``: the viewer's cards are click targets ``card B14``, and while High picks, the
    trick's cards are click targets ``take B14`` (see :mod:`plateau_lab.ui.clickable`)."""
    if state.trick:
        trump = state.trick[0][1].colour
        trick_title = f"trick {state.tricks_done + 1} · {trump} led: {trump} is trump"
    else:
        trick_title = "the table"
    on_table = trick_picture(state.trick, players=state.players, viewer=viewer, picked=state.picked,
                             label_color="#fff",
                             takeable=clickable and state.phase == TAKE_PHASE)
    trick = caption(on_table, trick_title, size=12, color="#fff")
    if state.worthless:
        trick = row([trick, caption(card_back(str(len(state.worthless))), "worthless", size=11, color="#fff")],
                    gap=24)
    table = padded(trick, 10, fill=FELT)
    parts = [caption(table, _headline(state, viewer), size=14, bold=True)]
    widest = max(_hand_part(state, seat, viewer, clickable=False).width for seat in range(state.players))
    parts += [player_picture(state, seat, viewer, clickable=clickable and seat == viewer, hand_width=widest)
              for seat in range(state.players)]
    if state.phase in (ROUND_OVER, GAME_OVER):
        lines = [f"{seat_name(seat, viewer, capital=True)}: {score_formula(state.open_sizes(seat), len(state.discards[seat]))}"
                 for seat in range(state.players)]
        parts.append(column([Picture.of(10, 14, text(0, 12, line, size=12, anchor="start", fill=INK))
                             for line in lines], gap=2))
    return padded(column(parts, gap=8), 6)
