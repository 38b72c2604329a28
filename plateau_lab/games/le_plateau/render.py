"""Pictures of Le Plateau: cards, hands, the bidding table, tricks and the whole table with the board.

The board is ``plateau_lab.hexboard``'s own picture (with the deciding group or the blocking
wall highlighted at the end of a hand), placed beside the cards.

>>> from plateau_lab.games.le_plateau import new_game
>>> picture = state_picture(new_game(4, seed=1), viewer=0)
>>> picture.svg().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

from plateau_lab.hexboard import DECLARERS, blocking_wall
from plateau_lab.hexboard.render import board_picture as hexboard_picture
from plateau_lab.core.render import (INK, Picture, caption, column, element, label_box, named, row, seat_name, target,
                                     text, text_width)

from .bidding import OBJECTIVES, TEAM_COLUMNS, Bid, bid_value
from .cards import SUIT_SYMBOLS, Card

__all__ = ["card_picture", "cards_picture", "bidding_table_picture", "board_picture", "hands_picture",
           "trick_picture", "state_picture", "headline"]


CARD_WIDTH, CARD_HEIGHT = 34, 48
#: The most cards drawn on one line of a hand: the table stays within an 800-pixel page.
HAND_ROW = 18
RED_SUITS = ("H", "D")
TRUMP_FILL = "#f3e7c9"
RED_INK = "#b0202a"         # hearts and diamonds; spades and clubs in INK
TEAM_COLOURS = ("#5b3a1e", "#d8c39a")      # declarers dark brown, opponents beige (as the rulebook's example)


def card_picture(card: Card | None, *, highlight: bool = False) -> Picture:
    """One card face up (``None``: a face-down card), named as the log writes it (``10H``, ``RS``,
    ``21``, ``EXC``), with its suit's symbol (★ for the Excuse) below."""
    if card is None:
        return Picture.box(CARD_WIDTH, CARD_HEIGHT, fill="#6d4c8f", radius=4)
    fill = TRUMP_FILL if card.is_trump else "#fffdf7"
    colour = RED_INK if card.suit in RED_SUITS else INK
    pip = "★" if card.is_excuse else "" if card.is_trump else SUIT_SYMBOLS[card.suit]
    return Picture.of(
        CARD_WIDTH, CARD_HEIGHT,
        element("rect", x=0.5, y=0.5, width=CARD_WIDTH - 1, height=CARD_HEIGHT - 1, rx=4, fill=fill,
                stroke="#c0392b" if highlight else INK, stroke_width=2.5 if highlight else 1),
        text(CARD_WIDTH / 2, 20 if pip else CARD_HEIGHT / 2 + 5, str(card), size=13 if len(str(card)) < 3 else 12,
             fill=colour, font_weight="bold" if card.is_court or card.is_excuse else "normal"),
        *([text(CARD_WIDTH / 2, CARD_HEIGHT - 9, pip, size=14, fill=colour)] if pip else []),
    )


def cards_picture(cards, *, gap: float = 3, clickable: bool = False, per_row: int | None = None) -> Picture:
    """Cards side by side, ``per_row`` at most to a line (an empty row is a thin placeholder);
    ``clickable``: each card is the click target ``card 10H``."""
    pictures = [card_picture(card) for card in cards]
    if clickable:
        for card, picture in zip(cards, pictures):
            target(picture.group, f"card {card}")
    if not pictures:
        return Picture.of(CARD_WIDTH, CARD_HEIGHT)
    per_row = per_row or len(pictures)
    return column([row(pictures[start:start + per_row], gap=gap) for start in range(0, len(pictures), per_row)],
                  gap=gap)


def bidding_table_picture(players: int, *, peg: Bid | None = None, clickable: bool = False, rules=None) -> Picture:
    """The bidding table as the rulebook draws it: one row per bid from Exchange Bridge down to No
    Exchange Six sides (each objective's two rows, Exchange and No Exchange, side by side in its
    band), one column per team; each cell a bid's value, the bid under the peg highlighted, and
    every cell at least 30 units each way (a click target a finger can hit when the table is drawn
    smaller). ``clickable``: each cell is the click target ``bid Exchange Y Duo`` (see
    :mod:`plateau_lab.ui.clickable`). ``rules`` (a game's ``state.rules``): its own values; None:
    the rulebook's.

    >>> picture = bidding_table_picture(4)
    >>> texts = [line.text for line in picture.group.iter("text")]
    >>> texts[:4], texts.count("Exchange"), texts.count("No Exchange")
    (['4 players', 'Duo', 'Solo', 'Bridge'], 5, 5)
    """
    value = rules.value if rules is not None else (lambda bid: bid_value(bid, players))
    columns = TEAM_COLUMNS[players]
    cell_w, cell_h, head_h = 48, 30, 24
    shape_w = 6 + max(text_width(str(objective), 12) for objective in OBJECTIVES)
    exchange_w = 6 + text_width("No Exchange", 11)
    left = shape_w + exchange_w
    parts = [text(6, 16, f"{players} players", size=12, anchor="start")]
    for index, team in enumerate(columns):
        parts.append(text(left + cell_w * (index + 0.5), 16, team, size=12, font_weight="bold"))
    for band, objective in enumerate(OBJECTIVES):
        top = head_h + 2 * cell_h * band
        parts.append(element("rect", x=0.5, y=top, width=left + cell_w * len(columns), height=2 * cell_h,
                             fill="none", stroke="#666", stroke_width=1.5))
        parts.append(text(6, top + cell_h + 5, str(objective), size=12, anchor="start", font_weight="bold"))
        for half, exchange in enumerate((True, False)):
            y = top + cell_h * half
            parts.append(text(shape_w, y + cell_h / 2 + 4, "Exchange" if exchange else "No Exchange", size=11,
                              anchor="start", fill="#555"))
            for index, team in enumerate(columns):
                bid = Bid(exchange, objective, team if players >= 4 else None)
                chosen = peg == bid
                x = left + cell_w * index
                cell = element("g")
                cell.append(element("rect", x=x, y=y, width=cell_w, height=cell_h,
                                    fill="#1f6aa5" if chosen else ("#f7f2e6" if exchange else "#ece3cf"),
                                    stroke="#999"))
                cell.append(text(x + cell_w / 2, y + cell_h / 2 + 5, str(value(bid)), size=13,
                                 fill="#fff" if chosen else INK))
                parts.append(target(cell, f"bid {bid}") if clickable else cell)
    return Picture.of(left + cell_w * len(columns) + 2, head_h + 2 * cell_h * len(OBJECTIVES) + 2, *parts)


def board_picture(state, *, new_counters=()) -> Picture:
    """The board; after a hand, the result board with the deciding group (a win) or the whole
    blocking wall of the opponents' counters (a loss) highlighted; during a hand, the cells in ``new_counters`` (the last trick's) are."""
    result = state.result if state.phase == "hand over" else None
    board = result.board if result else state.board
    if result and result.won:
        return hexboard_picture(board, highlight=result.highlight(),
                                highlight_label="the group that makes the objective")
    if result:      # the whole wall, not only the fewest counters whose removal would open it
        wall = blocking_wall(board, DECLARERS, result.bid.objective)
        return hexboard_picture(board, highlight=wall, highlight_label="the counters that block it")
    return hexboard_picture(board, highlight=new_counters, highlight_label="the last trick's counters")


def _seat_label(state, seat: int, viewer: int | None = None) -> str:
    roles = []
    if seat == state.dealer:
        roles.append("dealer")
    if seat == state.declarer:
        roles.append("declarer")
    elif seat in state.partners:
        roles.append("partner")
    name = seat_name(seat, viewer, capital=True)
    return name + (f" ({', '.join(roles)})" if roles else "") + f": {state.totals[seat]} pts"


#: How far a face-down card shows below the card on top of it in a 2-player pile.
PILE_PEEK = 7


def pile_picture(pile, covered: bool, *, clickable: bool = False) -> Picture:
    """A 2-player pile (bottom card first): its top card, face up unless ``covered`` (its card
    above was played in the trick under way), with the edge of the face-down card beneath
    showing below it when there is one; an empty pile is a dashed outline. ``clickable``: a
    face-up top card is the click target ``card 10H``.

    >>> from plateau_lab.games.le_plateau.cards import parse_cards
    >>> pile = pile_picture(parse_cards("4 17"), False, clickable=True)
    >>> pile.height == CARD_HEIGHT + PILE_PEEK, pile.svg().count('data-target="card 17"')
    (True, 1)
    >>> pile_picture(parse_cards("4"), True, clickable=True).svg().count("data-target")
    0
    """
    if not pile:
        outline = Picture.box(CARD_WIDTH, CARD_HEIGHT, fill="none", stroke="#b8b0a0", radius=4, stroke_dasharray="3 3")
        return Picture.of(CARD_WIDTH, CARD_HEIGHT + PILE_PEEK, outline.group)
    top = card_picture(None if covered else pile[-1])
    if clickable and not covered:
        target(top.group, f"card {pile[-1]}")
    beneath = [card_picture(None).placed(0, PILE_PEEK)] if len(pile) > 1 else []
    return Picture.of(CARD_WIDTH, CARD_HEIGHT + PILE_PEEK, *beneath, top.group)


def hands_picture(state, viewer: int | None, *, clickable: bool = False) -> Picture:
    """Every hand (face down unless it is the viewer's, or no viewer is given); with 2 players the piles.

    ``clickable``: the viewer's cards (and face-up pile cards) are click targets ``card 10H``, and
    while the declarer gives cards (6 players) every other seat's line is the target ``seat N``."""
    lines = []
    for seat in range(state.players):
        shown = viewer is None or viewer == seat
        cards = state.hands[seat] if shown else (None,) * len(state.hands[seat])
        picture = cards_picture(cards, clickable=clickable and seat == viewer, per_row=HAND_ROW)
        if state.players == 2:
            piles = [pile_picture(pile, (seat, index) in state.covered,
                                  clickable=clickable and seat == viewer)
                     for index, pile in enumerate(state.piles[seat])]
            picture = row([picture, caption(row(piles, gap=3), "piles", size=11)], gap=14)
        colour = TEAM_COLOURS[0] if seat in state.team else INK
        line = caption(picture, _seat_label(state, seat, viewer), size=12, color=colour, bold=seat == state.current_player)
        if clickable and state.phase == "give" and seat != viewer:
            target(line.group, f"seat {seat}")
        lines.append(line)
    return column(lines, gap=6)


def trick_picture(state, viewer: int | None = None) -> Picture:
    """The trick on the table (or the last one played), each card under its player's name ("You"
    in a picture drawn for ``viewer``, "Player 2" for another), its winner named too."""
    plays = state.trick or state.last_trick
    label = ("Trick on the table" if state.trick else
             f"Last trick: {seat_name(state.leader, viewer)} won it" if plays else "No trick yet")
    pictures = [caption(card_picture(card, highlight=not state.trick and seat == state.leader),
                        seat_name(seat, viewer, capital=True), size=11) for seat, card in plays]
    for (seat, _), picture in zip(plays, pictures):
        named(picture.group, f"played {seat}")
    # Five or six cards, each under its player's name, go on two lines, so the table keeps its width.
    lines = [pictures[:3], pictures[3:]] if len(pictures) > 4 else [pictures]
    drawn = column([row(line, gap=4) for line in lines], gap=4) if pictures else Picture.of(CARD_WIDTH, CARD_HEIGHT)
    return caption(drawn, label, size=12)


def headline(state, viewer: int | None = None) -> str:
    """One line: hand, phase, contract and value (its declarer "you" for ``viewer``)."""
    return " · ".join(_headline_parts(state, viewer))


def _headline_parts(state, viewer: int | None = None) -> list[str]:
    parts = [f"Hand {state.hand_number} of {state.rules.hands_in_game}", f"phase: {state.phase}"]
    if state.contract is not None:
        parts.append(f"contract: {state.contract} (value {state.value}) by {seat_name(state.declarer, viewer)}")
    if state.result is not None and state.phase == "hand over":
        parts.append("declarers WIN" if state.result.won else "declarers LOSE")
    return parts


#: The headline's font size, and the room between its words and its box's ends.
HEADLINE_SIZE, HEADLINE_MARGIN = 12, 24


def headline_picture(state, width: float, viewer: int | None = None) -> Picture:
    """The headline in a box ``width`` wide: on one line when it fits, else the hand and phase on
    the first line and the contract (and result) on the second; a line longer still widens the box.

    >>> from plateau_lab.games import le_plateau as lp
    >>> bid = lp.new_game(4, seed=1).apply("bid No Exchange Five sides Duo")
    >>> [len(headline_picture(state, 400).group.findall("text")) for state in (bid, bid.apply("pass"))]
    [1, 1]
    >>> long = lp.scenario("players: 4\\nbid: 0 No Exchange Five sides Duo", seed=1)
    >>> picture = headline_picture(long, 400)         # the second line widens the box
    >>> [line.text for line in picture.group.findall("text")], round(picture.width)
    (['Hand 1 of 4 · phase: call a partner', 'contract: No Exchange Five sides Duo (value 8) by player 0'], 442)
    >>> round(headline_picture(long, 500).width)
    500
    """
    whole = headline(state, viewer)
    if text_width(whole, HEADLINE_SIZE) + HEADLINE_MARGIN <= width:
        return label_box(whole, width=width, height=26, fill=HEADLINE_FILL)
    parts = _headline_parts(state, viewer)
    lines = [" · ".join(parts[:2]), " · ".join(parts[2:])]
    width = max(width, *(text_width(line, HEADLINE_SIZE) + HEADLINE_MARGIN for line in lines))
    height = 2 * (HEADLINE_SIZE + 5) + 10
    return Picture.of(
        width, height,
        element("rect", x=0.5, y=0.5, width=width - 1, height=height - 1, rx=12, fill=HEADLINE_FILL, stroke="#999"),
        *(text(width / 2, 5 + (HEADLINE_SIZE + 5) * (number + 1) - 3, line, size=HEADLINE_SIZE, fill=INK)
          for number, line in enumerate(lines)))


HEADLINE_FILL = "#f4efe2"


def state_picture(state, viewer: int | None = None, *, clickable: bool = False, new_counters=()) -> Picture:
    """The table: headline, the board with the trick (and, while bidding, the bidding table, the
    talon groups) beside it, and the hands below.

    ``clickable``: the viewer's cards, the bidding table's cells and the two talon groups (while
    the declarer picks one) are click targets (see :mod:`plateau_lab.ui.clickable`); ``new_counters``:
    cells to outline on the board (the counters the last trick placed)."""
    right = [trick_picture(state, viewer)]
    if state.phase == "bidding" or state.contract is None:
        high = state.high_bid
        right.append(caption(bidding_table_picture(state.players, rules=state.rules, peg=high[1] if high else None,
                                                   clickable=clickable), "Bidding table", size=12))
    if state.phase == "pick a talon group":
        groups = [caption(cards_picture(cards), f"talon group {number}", size=11)
                  for number, cards in ((1, state.talon[:3]), (2, state.talon[3:]))]
        if clickable:
            for number, group in enumerate(groups, start=1):
                target(group.group, f"group {number}")
        right.append(caption(row(groups, gap=16), "Talon groups (face up)", size=12))
    if state.set_aside:
        right.append(caption(cards_picture(state.set_aside), "Talon group set aside (face up)", size=12))
    body = column([row([board_picture(state, new_counters=new_counters), column(right, gap=10)], gap=12),
                   hands_picture(state, viewer, clickable=clickable)], gap=10)
    return column([headline_picture(state, max(body.width, 400), viewer), body], gap=8)
