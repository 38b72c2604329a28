"""Le Plateau at the play table: a bid in the bidding table, a talon group, cards to discard, give or
play, and the seat to give a card to; the counters of the last trick are marked on the board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.hexboard.cells import describe_token
from plateau_lab.core.table_words import Speaker, card_words, cards_words
from plateau_lab.core.tableview import TableView, card_clicks

from .actions import Discard, Give, MakeBid, PickGroup
from .render import state_picture
from .rules import HAND_OVER, PLAY
from .scoring import score_sheet

__all__ = ["VIEW"]

LEGEND = """<p>Trumps are written by their number (1 to 21), the Excuse as EXC (marked ★). Suit cards
are rank then suit: R king, D queen, C knight, V jack, then 10 down to 1; S ♠ spades, H ♥ hearts,
C ♣ clubs, D ♦ diamonds (so <i>RS</i> is the king of spades, <i>10H</i> the ten of hearts; the suit's symbol is drawn under the name).
In the bidding table, each shape has two rows: Exchange (the declarer takes the talon) and No Exchange.</p>"""


def asks(action) -> tuple[str, ...] | None:
    """What a click decides where a card of the hand is not played: a discard, a gift and its
    receiver (the other clicks are worded by what is clicked).

    >>> from .cards import parse_card
    >>> asks(Discard(parse_card("RS")))
    ('a card in your hand to discard face down',)
    """
    if isinstance(action, Discard):
        return ("a card in your hand to discard face down",)
    if isinstance(action, Give):
        return ("a card in your hand to give face down", "the player to give it to")
    return None


def clicks(action) -> tuple[str, ...]:
    """What a learner clicks for each move: pass, call, raise and keep are buttons."""
    if isinstance(action, Discard):
        return (f"card {action.card}",)
    if isinstance(action, Give):
        return (f"card {action.card}", f"seat {action.to}")
    if isinstance(action, MakeBid):
        return (str(action),)
    if isinstance(action, PickGroup):
        return (f"group {action.group}",)
    return card_clicks(action)


def new_counters(state, before) -> frozenset:
    """The counters the last trick placed on the board (during card play and at the hand's end)."""
    if before is None or state.phase not in (PLAY, HAND_OVER):
        return frozenset()
    return frozenset(state.board.counters) - frozenset(before.board.counters)


def picture(state, seat, before):
    """The table as ``seat`` sees it, the last trick's new counters marked."""
    return state_picture(state, seat, clickable=True, new_counters=new_counters(state, before))


def _counters(board: Any, team: int) -> str:
    """A side's counters by the places they lie on: tricks and trumps by number, then the court cards
    and the Excuse (``5 counters: on tricks 1, 4 and 12; trump 21; king of hearts``)."""
    tokens = [board.layout[cell] for cell, owner in board.counters.items() if owner == team]
    if not tokens:
        return "no counters"
    groups = []
    for letter, one, many in (("T", "trick", "tricks"), ("A", "trump", "trumps")):
        numbers = sorted(int(token[1:]) for token in tokens if token[0] == letter and token[1:].isdigit())
        if numbers:
            listed = [str(number) for number in numbers]
            groups.append(f"{one} {listed[0]}" if len(listed) == 1 else
                          f"{many} {', '.join(listed[:-1])} and {listed[-1]}")
    groups += sorted(describe_token(token) for token in tokens if not (token[0] in "TA" and token[1:].isdigit()))
    return f"{count_of(len(tokens), 'counter')}: on " + "; ".join(groups)


def table_in_words(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table in words (:func:`plateau_lab.core.table_words.table_words`): the hand, the dealer and the
    talon, cards set aside, discarded and given, each player's piles, the bidding and the contract,
    the trick on the table and the last one, and each side's counters on the board by place."""
    you, phase = seen["seat"], seen["phase"]
    doing = {"bidding": "bid", "talon": "choose a talon group", "discard": "discard",
             "gift": "give a card"}.get(phase, "play")
    talon, discards = seen["talon"], seen["discards"]
    lines = [say.turn(seen, doing), *say.hands(seen),
             f"Hand {seen['hand_number']}; {say.who(seen['dealer'])} dealt; "
             + (f"the talon holds {count_of(talon, 'card')} face down." if isinstance(talon, int) else
                f"the talon, face up: {cards_words(talon)}.")]
    if seen["set_aside"]:
        lines.append(f"Set aside: {cards_words(seen['set_aside'])}.")
    if discards:
        lines.append(f"Your discards: {cards_words(discards)}." if not isinstance(discards, int) else
                     f"{count_of(discards, 'card')} discarded face down.")
    if seen["gifts"]:
        lines.append("Cards given: " + ", ".join(f"{card_words(card)} to {say.who(to)}"
                                                 for card, to in seen["gifts"]) + ".")
    for seat, pile in enumerate(seen["piles"]):
        if not any(pile):
            lines.append(f"{say.Who(seat)} {'have' if seat == you else 'has'} no piles left on the table.")
            continue
        lines.append(f"{say.Who(seat)} {'have' if seat == you else 'has'} piles on the table: "
                     + "; ".join(" on ".join(card_words(card) for card in reversed(stack)) for stack in pile if stack)
                     + ".")
    if seen["auction"]:
        lines.append("Bidding: " + ", ".join(f"{say.who(seat)} {bid}" for seat, bid in seen["auction"]) + ".")
    if seen["declarer"] is not None and seen["contract"] is not None:
        partners = ", ".join(say.who(seat) for seat in seen["partners"])
        lines.append(f"Contract: {say.who(seen['declarer'])}, {seen['contract']}, worth {seen['value']}"
                     + (f"; partners: {partners}" if partners else "") + ".")
    if seen["trick"]:
        lines.append(f"The trick on the table: {say.played(seen['trick'])}.")
    if seen["last_trick"]:
        lines.append(f"The last trick: {say.played(seen['last_trick'])}.")
    board = seen["board"]
    lines.append(f"The board, the declarer's side: {_counters(board, 0)}.")
    lines.append(f"The board, the defenders: {_counters(board, 1)}.")
    return lines + [say.scores(seen)]


VIEW = TableView(picture=picture, clicks=clicks, legend=LEGEND,
                 click_words={"bid": "a bid in the bidding table", "group": "a talon group",
                              "seat": "the player to give the card to"},
                 asks=asks, pause_word="hand", scoring=score_sheet, words=table_in_words)
