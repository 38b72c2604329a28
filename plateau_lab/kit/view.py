"""Every described game at the play table: a card of the hand to play it; bids are buttons ("bid 2"),
or, when bids are cards laid face down, the cards clicked one after the other (the first to turn up);
a lead with a card laid face down is the card led, then the card laid face down.

One view serves every game made with the kit: it draws the state it is given, with that state's
description (:mod:`.picture`), and words its score sheet from the description's scoring.

>>> from plateau_lab.core import game_spec
>>> from plateau_lab.core.clicks import Clicks
>>> from plateau_lab.kit.examples import OH_HELL
>>> state = OH_HELL.new_game(3, seed=3)
>>> game_spec("kit_oh_hell").table_view() is VIEW
True
>>> Clicks.of(state.legal_actions(), VIEW.clicks).buttons()[0]
Bid(tricks=0)
"""

from __future__ import annotations

__all__ = ["LEGEND", "VIEW", "asks", "clicks", "score_sheet"]

from collections.abc import Mapping
from typing import Any

from plateau_lab.core import count_of, game_module
from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow
from plateau_lab.core.table_words import Speaker, card_words
from plateau_lab.core.tableview import TableView, card_clicks

from .moves import HIDDEN, Lay, Lead
from .picture import state_picture


def clicks(action: Any) -> tuple[str, ...]:
    """The clicks that make ``action``: the card played, or each card laid in turn, or the card led
    then the card laid face down with it; a bid is a button."""
    if isinstance(action, Lead):
        return f"card {action.card}", f"card {action.face_down}"
    return tuple(f"card {card}" for card in action.cards) if isinstance(action, Lay) else card_clicks(action)


def asks(action: Any) -> tuple[str, ...] | None:
    """What each click of a lead decides: the card led face up, then the one laid face down with it
    (other moves: as their clicks' targets say)."""
    if isinstance(action, Lead):
        return "a card in your hand to lead it face up", "a second card to lay face down with it"
    return None

LEGEND = """<p>A card is its rank and its suit: <i>QH</i> is the queen of hearts, <i>7R</i> the 7 of the suit R
(the French suits are drawn as ♣ clubs C, ♦ diamonds D, ♠ spades S, ♥ hearts H; other suits by their letter).
The rules page of the game says what may be played, who wins a trick and how you score.</p>"""


def score_sheet(state: Any, seat: int) -> ScoreSheet | None:
    """Where each player's points came from, once the hand (or the game of turns) is over (tricks
    and bids are public)."""
    if not state.is_over:
        return None
    scoring = state.described.scoring
    rows = []
    for player in range(state.players):
        result = state.result(player)
        bid = result.bid
        told = f"won {count_of(result.tricks, 'trick')}" + (
            "" if bid is None else f", laid {' over '.join(map(str, bid))}" if isinstance(bid, tuple)
            else f", bid {bid}")
        items = [SheetItem(told)]
        if state.described.turns is not None:
            items.append(SheetItem("points scored trick by trick", state.scores[player]))
        elif scoring.score is not None:
            items.append(SheetItem("the game's own scoring", state.scores[player]))
        else:
            if scoring.per_trick:
                items.append(SheetItem(f"{count_of(result.tricks, 'trick')} × {count_of(scoring.per_trick, 'point')}",
                                       scoring.per_trick * result.tricks))
            if scoring.card_points:
                items.append(SheetItem("points of the cards won", result.points))
            if scoring.exact_bid_bonus and result.bid is not None:
                items.append(SheetItem("exact bid", scoring.exact_bid_bonus) if result.bid == result.tricks
                             else SheetItem("bid missed: no bonus"))
        rows.append(SheetRow(player, tuple(items), total=state.scores[player]))
    return ScoreSheet("The game" if state.described.turns is not None else "The hand", tuple(rows))


def _bid_words(bid: Any) -> str:
    """A bid in words: a number of tricks, or the cards laid for it (a face-down one unnamed)."""
    return "laid " + " over ".join(card_words(card) for card in bid) if isinstance(bid, tuple) else str(bid)


def table_in_words(seen: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table in words (:func:`plateau_lab.core.table_words.table_words`) of a described game of
    tricks: the dealer and the trumps, the bids, the trick on the table and the last one, the
    tricks won."""
    trumps, game = seen["trumps"], game_module(seen["game"]).description
    dealt = (f"Hand of {count_of(seen['hand_size'], 'card')} each" if game.turns is None else
             f"Each leader draws up to {count_of(game.turns.draw_to, 'card')} before he leads; the first to "
             f"{game.turns.play_to} points, alone, wins. Stock: {count_of(seen['stock_size'], 'card')}; played: "
             f"{count_of(len(seen['discards']), 'card')}")
    lines = [say.turn(seen, "bid" if seen["phase"] == "bid" else "play"), *say.hands(seen),
             f"{dealt}; {say.who(seen['dealer'])} dealt. Trumps: "
             + (game.suit_names[trumps] if trumps else "none")
             + (f" (the turned card is the {card_words(seen['trump_card'])})." if seen.get("trump_card") else ".")]
    bids = [f"{say.who(seat)} {_bid_words(bid)}" for seat, bid in enumerate(seen["bids"]) if bid is not None]
    if bids:
        lines.append("Bids: " + ", ".join(bids) + ".")
    if seen["phase"] != "bid":
        face_down = seen.get("face_down")
        laid = ("" if face_down is None else ", with a card face down" if face_down == HIDDEN
                else f", with the {card_words(face_down)} face down")
        lines.append(f"The trick on the table: {say.played(seen['trick'])}{laid}." if seen["trick"] else
                     f"The trick on the table is empty; {say.does(seen['leader'], 'lead')}.")
        if seen["finished_tricks"]:
            winners, trick = seen["finished_tricks"][-1]
            turned = seen.get("turned_up", ())
            laid = f", with the {card_words(turned[-1])} turned up" if turned and turned[-1] is not None else ""
            lines.append(f"The last trick: {say.played(trick)}{laid}; won by "
                         f"{' and '.join(say.who(seat) for seat in winners) or 'nobody'}.")
        lines.append("Tricks won: " + ", ".join(f"{say.who(seat)} {count}"
                                                for seat, count in enumerate(seen["tricks_won"])) + ".")
    return lines + [say.scores(seen)]


VIEW = TableView(picture=lambda state, seat, before: state_picture(state, seat, clickable=True), clicks=clicks,
                 asks=asks, legend=LEGEND, pause_word="hand", scoring=score_sheet, words=table_in_words)
