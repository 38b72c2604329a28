"""A heuristic Coloretto bot: values a row by the points it adds to its own score minus what it
would give the others.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.games.coloretto.engine import new_game
>>> final = play_out(new_game(3, seed=2), [HeuristicBot(seed) for seed in range(3)])
>>> final.is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card
from .engine import DRAW, TAKE, Action, State
from .scoring import best_total

__all__ = ["HeuristicBot", "TAKE_AT", "gain"]


#: The fewest points a row must add before the heuristic bot takes it rather than draw.
TAKE_AT = 3


def gain(state: State, player: int, cards: Sequence[Card]) -> int:
    """How many points ``cards`` would add to ``player``'s best score, under the game's rules
    (``state.rules.scoring``: its points table, plus colours and "+2" points)."""
    collection = state.collections[player]
    scoring = state.rules.scoring
    return (best_total(collection + tuple(cards), colours_in_play=state.colours, table=scoring)
            - best_total(collection, colours_in_play=state.colours, table=scoring))


class HeuristicBot:
    """Greedy but not blind.

    - Take the best row once it adds at least ``take_at`` points (or when drawing is impossible).
    - Place a drawn card where it helps me most and the other active players least: the change in
      my gain from that row, minus the largest change any other active player would get.
    - Ties are broken by the bot's own seeded generator.
    """

    def __init__(self, seed: int = 0, *, take_at: int = TAKE_AT):
        self.seed = seed
        self.take_at = take_at
        self._random = random.Random(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        me = state.current_player
        if state.drawn is not None:
            others = [p for p in range(state.players) if p != me and not state.sat_out[p]]

            def place_value(action: Action) -> int:
                row = state.rows[action.row]
                grown = row + (state.drawn,)
                mine = gain(state, me, grown) - gain(state, me, row)
                theirs = max((gain(state, p, grown) - gain(state, p, row) for p in others), default=0)
                return mine - theirs

            return self._best(legal, place_value)
        takes = [action for action in legal if action.kind == TAKE]
        if not takes:
            return legal[0]
        best_take = self._best(takes, lambda action: gain(state, me, state.rows[action.row]))
        can_draw = any(action.kind == DRAW for action in legal)
        if not can_draw or gain(state, me, state.rows[best_take.row]) >= self.take_at:
            return best_take
        return next(action for action in legal if action.kind == DRAW)

    def _best(self, actions: Sequence[Action], value) -> Action:
        values = [value(action) for action in actions]
        top = max(values)
        return self._random.choice([action for action, v in zip(actions, values) if v == top])

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed}, take_at={self.take_at})"
