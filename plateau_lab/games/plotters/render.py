"""SVG pictures for Plotters Inc.: cards, a trick with High and Low marked, open stacks, the table.

>>> from plateau_lab.games.plotters.cards import parse_card
>>> trick = tuple(enumerate(parse_card(c) for c in "R10 Y6 R14 B2 Y16".split()))
>>> svg = trick_picture(trick, players=5).svg()
>>> "HIGH" in svg and "LOW" in svg
True
"""

from __future__ import annotations

from ...render import FELT, INK, Picture, caption, column, element, label_box, padded, row, text
from .cards import COLOURS, Card
from .engine import GAME_OVER, KEEP_PHASE, ROUND_OVER, TAKE_PHASE, State, high_play, low_play, score_formula

FILL = {"blue": "#3b6fb6", "green": "#3a8a4f", "red": "#c8423b", "yellow": "#e3b62e"}
INK_ON = {"blue": "#fff", "green": "#fff", "red": "#fff", "yellow": "#222"}
HIGH_MARK, LOW_MARK = "#f0a500", "#7b4fc9"
CARD_WIDTH, CARD_HEIGHT = 36, 52


def card_picture(card: Card, *, border: str = INK, faded: bool = False) -> Picture:
    """One card face up: its colour, its number (also in the corner, seen when cards overlap) and
    its colour's initial (for readers who do not tell the colours apart)."""
    opacity = {"opacity": 0.35} if faded else {}
    return Picture.of(
        CARD_WIDTH, CARD_HEIGHT,
        element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=5, fill=FILL[card.colour],
                stroke=border, stroke_width=2 if border != INK else 1, **opacity),
        text(CARD_WIDTH / 2, CARD_HEIGHT / 2 + 7, str(card.number), size=19, fill=INK_ON[card.colour],
             font_weight="bold", **opacity),
        text(4, 13, str(card.number), size=11, anchor="start", fill=INK_ON[card.colour], font_weight="bold",
             **opacity),
        text(CARD_WIDTH - 5, CARD_HEIGHT - 5, str(card)[0], size=9, anchor="end", fill=INK_ON[card.colour],
             **opacity),
    )


def card_back(label: str = "") -> Picture:
    """A face-down card, with an optional label (a count) on it."""
    parts = [element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=5, fill="#5b4636",
                     stroke=INK),
             element("rect", x=5, y=5, width=CARD_WIDTH - 10, height=CARD_HEIGHT - 10, rx=3, fill="none",
                     stroke="#c9b79c")]
    if label:
        parts.append(text(CARD_WIDTH / 2, CARD_HEIGHT / 2 + 5, label, size=13, fill="#fff", font_weight="bold"))
    return Picture.of(CARD_WIDTH, CARD_HEIGHT, *parts)


def hand_picture(cards: tuple[Card, ...], *, gap: float = -12) -> Picture:
    """Cards in a fan-like overlapping row."""
    if not cards:
        return Picture.of(66, CARD_HEIGHT, text(2, CARD_HEIGHT / 2, "(no cards)", size=11, anchor="start",
                                                fill="#777"))
    return row([card_picture(card) for card in cards], gap=gap)


def _tag(label: str, fill: str) -> Picture:
    return label_box(label, width=CARD_WIDTH + 8, height=16, fill=fill, color="#fff", size=10)


def trick_picture(trick: tuple[tuple[int, Card], ...], *, players: int,
                  picked: tuple[Card, ...] = (), label_color: str = INK) -> Picture:
    """The trick in the order played, each card under its player's number.

    Once the trick is full, High (highest card of the led colour) and Low (lowest card of
    another colour, the first played on a tie) are marked; cards High has taken so far are faded.
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
        label = f"P{seat}" + (" lead" if index == 0 else "")
        mark = None
        if (seat, card) == high:
            mark = _tag("HIGH", HIGH_MARK)
        elif (seat, card) == low:
            mark = _tag("LOW", LOW_MARK)
        border = HIGH_MARK if mark and (seat, card) == high else LOW_MARK if mark else INK
        face = card_picture(card, border=border, faded=card in picked)
        parts = [caption(face, label, size=11, color=label_color)]
        parts.append(mark or Picture.of(CARD_WIDTH + 8, 16))
        pictures.append(column(parts, gap=3, align="middle"))
    return row(pictures, gap=6)


def collection_picture(sizes: tuple[int, ...], discarded: int, kept: tuple[str, str] | None = None, *,
                       cards: tuple[tuple[Card, ...], ...] | None = None) -> Picture:
    """A player's open stacks (one per colour, with its size) and face-down discard pile.

    ``sizes`` are in COLOURS order. Dropped colours (once two are kept) show as crossed-out slots.
    """
    stacks = []
    for index, (colour, size) in enumerate(zip(COLOURS, sizes)):
        dropped = kept is not None and colour not in kept
        if size:
            top = cards[index][-1] if cards else None
            face = card_picture(top) if top else Picture.box(CARD_WIDTH, CARD_HEIGHT, fill=FILL[colour])
            badge = label_box(f"×{size}", width=CARD_WIDTH, height=16, fill="#fff", size=11)
            stacks.append(column([face, badge], gap=2))
        else:
            slot = Picture.of(
                CARD_WIDTH, CARD_HEIGHT,
                element("rect", x=1, y=1, width=CARD_WIDTH - 2, height=CARD_HEIGHT - 2, rx=5, fill="none",
                        stroke=FILL[colour], stroke_dasharray="4 3"),
                *([element("line", x1=4, y1=4, x2=CARD_WIDTH - 4, y2=CARD_HEIGHT - 4, stroke=FILL[colour],
                           stroke_width=2)] if dropped else []))
            stacks.append(column([slot, Picture.of(CARD_WIDTH, 16)], gap=2))
    pile = column([card_back(str(discarded)) if discarded else
                   Picture.of(CARD_WIDTH, CARD_HEIGHT, element("rect", x=1, y=1, width=CARD_WIDTH - 2,
                                                               height=CARD_HEIGHT - 2, rx=5, fill="none",
                                                               stroke="#999", stroke_dasharray="2 3")),
                   label_box("discard", width=CARD_WIDTH + 10, height=16, size=9)], gap=2, align="middle")
    return row([*stacks, pile], gap=5)


def player_picture(state: State, seat: int, viewer: int | None = None) -> Picture:
    """A player's name plate, hand (hidden from other viewers), open stacks and discard pile."""
    roles = []
    if seat == state.dealer:
        roles.append("dealer")
    if seat == state.current_player:
        roles.append("to act")
    sizes = state.open_sizes(seat)
    discarded = len(state.discards[seat])
    title = (f"Player {seat}" + (f" ({', '.join(roles)})" if roles else "")
             + f" · this round {state.round_score(seat)} · total {state.scores[seat]}")
    hand = state.hands[seat]
    if viewer is None or viewer == seat:
        hand_part = hand_picture(hand)
    else:
        hand_part = card_back(str(len(hand))) if hand else hand_picture(())
    kept = state.kept[seat]
    stacks_title = "open stacks" + (f" (keeps {' + '.join(kept)})" if kept else "")
    body = row([caption(hand_part, "hand", size=10),
                caption(collection_picture(sizes, discarded, kept, cards=state.stacks[seat]), stacks_title,
                        size=10)], gap=18)
    return padded(caption(body, title, size=12, bold=seat == state.current_player), 6, fill="#f6f1e7")


def _headline(state: State) -> str:
    phase = state.phase
    base = f"Plotters Inc. · {state.players} players · round {state.round_number + 1} of {state.rounds}"
    if phase == GAME_OVER:
        return base + " · game over"
    if phase == ROUND_OVER:
        return base + " · round over"
    if phase == TAKE_PHASE:
        return base + f" · High (player {state.current_player}) picks"
    if phase == KEEP_PHASE:
        return base + f" · player {state.current_player} keeps two colours"
    return base + f" · player {state.current_player} to play"


def state_picture(state: State, viewer: int | None = None) -> Picture:
    """The table: the trick on green felt (High and Low marked), then every player's panel."""
    if state.trick:
        trump = state.trick[0][1].colour
        trick_title = f"trick {state.tricks_done + 1} · {trump} led: {trump} is trump"
    else:
        trick_title = "the table"
    on_table = trick_picture(state.trick, players=state.players, picked=state.picked, label_color="#fff")
    trick = caption(on_table, trick_title, size=12, color="#fff")
    if state.worthless:
        trick = row([trick, caption(card_back(str(len(state.worthless))), "worthless", size=11, color="#fff")],
                    gap=24)
    table = padded(trick, 10, fill=FELT)
    parts = [caption(table, _headline(state), size=14, bold=True)]
    parts += [player_picture(state, seat, viewer) for seat in range(state.players)]
    if state.phase in (ROUND_OVER, GAME_OVER):
        lines = [f"P{seat}: {score_formula(state.open_sizes(seat), len(state.discards[seat]))}"
                 for seat in range(state.players)]
        parts.append(column([Picture.of(10, 14, text(0, 12, line, size=12, anchor="start", fill=INK))
                             for line in lines], gap=2))
    return padded(column(parts, gap=8), 6)


__all__ = ["card_picture", "card_back", "hand_picture", "trick_picture", "collection_picture", "player_picture",
           "state_picture", "FILL"]
