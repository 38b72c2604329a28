"""The expert's model of every described game of rows, made from the description alone (no model
written by hand): everything lies face up but the supply's order, so an imagined deal is the supply
shuffled again, the "last round" card kept where every player knows it lies (on top of the bottom
``end_card_depth`` cards, as the description puts it, until it is drawn). A playout goes to the end
of the round, every player played by the game's steady player on the public engine.

>>> import random
>>> from plateau_lab.kit.examples import COLORETTO
>>> state = COLORETTO.new_game(3, seed=5)
>>> world = MODEL.redeal(state, 0, [state.observation(0)], random.Random(1))
>>> world.observation(0) == state.observation(0), world.supply != state.supply
(True, True)
>>> world.supply.index("last round") == state.supply.index("last round")
True
"""

from __future__ import annotations

__all__ = ["MODEL", "RowModel", "reasons"]

import random
from collections.abc import Sequence
from typing import Any

from plateau_lab.core import count_of
from plateau_lab.core.imagining import GameModel, imagined, in_order, past_of

from .rows import END_CARD
from .rows_bots import RowSteadyBot, gain
from .rows_engine import DRAW, PLACE, RowAction, RowState, row_deal_text


class RowModel(GameModel):
    """A described game of rows for the expert: only the supply's order is hidden; a playout is the
    rest of the round by the steady players; the outcome is the seat's score at the round's end
    ahead of the others' average (what is gained in a round is gained against the others)."""

    measure = "score at the end of this round, ahead of the others' average"
    playouts = 200
    winning = "you lead at the end of this round"

    def done(self, start: RowState, state: RowState) -> bool:
        return state.is_over or state.round_number != start.round_number

    def playout_bots(self, state: RowState, seed: int) -> list[Any]:
        return [RowSteadyBot(seed + seat) for seat in range(state.players)]

    def value(self, start: RowState, end: RowState, seat: int) -> float:
        others = [score for other, score in enumerate(end.scores) if other != seat]
        return end.scores[seat] - sum(others) / len(others)

    def redeal(self, state: RowState, seat: int, seen: Sequence[dict[str, Any]], rng: random.Random) -> RowState:
        """The supply shuffled anew, the "last round" card (while in the supply) where it lies."""
        others = [card for card in in_order(state.cards_hidden_from(seat)) if card != END_CARD]
        rng.shuffle(others)
        shuffled = iter(others)
        return imagined(state, seat, rng, supply=tuple(card if card == END_CARD else next(shuffled)
                                                       for card in state.supply))

    def imagined_past(self, origin: RowState, world: RowState, seat: int) -> tuple[str, Sequence[Any]]:
        """The game's start with the cards drawn since (face up once drawn) on top of the imagined
        supply, and every move since: the supply is stacked once, at the start."""
        first, moves = past_of(origin)
        drawn = first.supply[:len(first.supply) - len(origin.supply)]
        return row_deal_text(first.derive(supply=drawn + world.supply)), moves

    def reason(self, state: RowState, seat: int, action: RowAction, shares: Sequence[float]) -> str:
        return reasons(state, seat, action)


def reasons(state: RowState, seat: int, action: RowAction) -> str:
    """What a move of a game of rows does, from the face-up rows and collections alone.

    >>> from plateau_lab.kit.examples import COLORETTO
    >>> state = COLORETTO.new_game(3, seed=5)
    >>> reasons(state, state.current_player, state.legal_actions()[0])
    "draws the supply's top card, to place beside a row"
    >>> state = state.apply("draw")
    >>> reasons(state, state.current_player, state.legal_actions()[0])
    'puts the +2 on row 1: the row then gains you 2 points more if you take it, and up to 2 more for another player still in the round'
    """
    if action.kind == DRAW:
        return "draws the supply's top card, to place beside a row"
    row = state.rows[action.row]
    if action.kind == PLACE:
        others = [other for other in range(state.players) if other != seat and not state.sat_out[other]]
        with_card = row + (state.drawn,)
        mine = gain(state, seat, with_card) - gain(state, seat, row)
        theirs = max((gain(state, other, with_card) - gain(state, other, row) for other in others), default=0)
        return (f"puts the {state.drawn} on row {action.row + 1}: the row then gains you {count_of(mine, 'point')} "
                f"more if you take it, and up to {theirs} more for another player still in the round")
    if not row:
        return f"takes row {action.row + 1} with no card beside it: you sit out the rest of the round"
    return f"takes row {action.row + 1} ({', '.join(row)}): your score goes {'up' if gain(state, seat, row) >= 0 else 'down'} by " \
           f"{count_of(abs(gain(state, seat, row)), 'point')}"


MODEL = RowModel()
