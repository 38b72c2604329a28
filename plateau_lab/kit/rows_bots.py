"""A steady player for every described game of rows, from the description alone: the registry's
``heuristic`` bot of a kit game of rows.

Its rule of thumb: a row is worth to a player what his score gains by taking it (his best choice of
joker and plus colours before and after). It takes the row worth most to it once that is at least
:data:`TAKE_AT` points, or when it cannot draw; otherwise it draws. A drawn card goes next to the
row where it adds most to what that row is worth to it, less what it adds for the player who would
gain most from the row among those still to take one (a card it does not want goes where it hurts
the others most or helps them least).

>>> from plateau_lab.core import play_out
>>> from plateau_lab.kit.examples import COLORETTO
>>> state = COLORETTO.new_game(4, seed=3)
>>> final = play_out(state, [RowSteadyBot(seat) for seat in range(4)])
>>> final.is_over, RowSteadyBot(1).choose(state) == RowSteadyBot(2).choose(state)
(True, True)
"""

from __future__ import annotations

__all__ = ["TAKE_AT", "RowSteadyBot", "gain"]

from .rows_engine import DRAW, PLACE, TAKE, RowAction, RowState

#: The gain in points at which the steady player takes a row rather than draw.
TAKE_AT = 3


def gain(state: RowState, seat: int, cards: tuple[str, ...]) -> int:
    """What ``seat``'s score gains by taking ``cards``."""
    collection = state.collections[seat]
    return state.score_of(collection + cards) - state.score_of(collection)


class RowSteadyBot:
    """The steady player of a game of rows (see the module docstring); it draws on no chance, so the
    same position gives the same move whatever its ``seed``."""

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, state: RowState) -> RowAction:
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) == 1:
            return legal[0]
        if legal[0].kind == PLACE:
            others = [other for other in range(state.players) if other != seat and not state.sat_out[other]]
            return max(legal, key=lambda place: self._placing(state, seat, others, state.rows[place.row]))
        takes = [action for action in legal if action.kind == TAKE]
        best = max(takes, key=lambda take: gain(state, seat, state.rows[take.row]), default=None)
        if legal[0].kind != DRAW or (best is not None and gain(state, seat, state.rows[best.row]) >= TAKE_AT):
            return best
        return legal[0]

    @staticmethod
    def _placing(state: RowState, seat: int, others: list[int], row: tuple[str, ...]) -> int:
        with_card = row + (state.drawn,)
        mine = gain(state, seat, with_card) - gain(state, seat, row)
        theirs = max((gain(state, other, with_card) - gain(state, other, row) for other in others), default=0)
        return mine - theirs

    def __repr__(self) -> str:
        return f"RowSteadyBot(seed={self.seed})"
