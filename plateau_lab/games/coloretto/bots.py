"""Coloretto's bots with rules of thumb: the heuristic bot values a row by the points it adds to
its own score minus what it would give the others; the bold bot waits for full rows and places
cards for itself alone.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.games.coloretto.engine import new_game
>>> final = play_out(new_game(3, seed=2), [HeuristicBot(seed) for seed in range(3)])
>>> final.is_over
True
>>> play_out(new_game(3, seed=2), [BoldBot(seed) for seed in range(3)]).is_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card
from .engine import DRAW, TAKE, Action, State
from .scoring import best_total

__all__ = ["BoldBot", "HeuristicBot", "TAKE_AT", "gain", "is_full"]


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
        if state.drawn is not None:
            return self._best(legal, lambda action: self.place_value(state, action))
        return self.take_or_draw(state, legal)

    def place_value(self, state: State, action: Action) -> int:
        """What placing the drawn card in the row of ``action`` is worth: what it adds for me, less
        the most it adds for another player still in the round."""
        me = state.current_player
        others = [p for p in range(state.players) if p != me and not state.sat_out[p]]
        row = state.rows[action.row]
        grown = row + (state.drawn,)
        mine = gain(state, me, grown) - gain(state, me, row)
        theirs = max((gain(state, p, grown) - gain(state, p, row) for p in others), default=0)
        return mine - theirs

    def take_or_draw(self, state: State, legal: Sequence[Action]) -> Action:
        """Take the row that adds most once it adds at least ``take_at`` points, else draw."""
        me = state.current_player
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
        return f"{type(self).__name__}(seed={self.seed}, take_at={self.take_at})"


def is_full(state: State, row: int) -> bool:
    """Whether ``row`` holds as many cards as the rules let it hold (``state.capacities``, from
    ``state.rules``): no card can be added to it any more."""
    cards = state.rows[row]
    return cards is not None and len(cards) >= state.capacities[row]


class BoldBot(HeuristicBot):
    """The heuristic bot's values, played for bigger rows and for itself alone.

    - Wait while rows can still grow: take a row only once it is full (it holds as many cards as
      the rules let a row hold) and adds at least ``take_at`` points; draw otherwise, and take
      the row that adds most only when drawing is impossible. Another player may take the row
      first: that is the risk it runs.
    - Place a drawn card where it helps me most, whatever it gives the others.
    - Ties are broken by the bot's own seeded generator.

    >>> from plateau_lab.core import play_out
    >>> from plateau_lab.games.coloretto.engine import new_game
    >>> final = play_out(new_game(4, seed=3), [BoldBot(seed) for seed in range(4)])
    >>> final.is_over, BoldBot(7)
    (True, BoldBot(seed=7, take_at=3))
    """

    def place_value(self, state: State, action: Action) -> int:
        """What placing the drawn card in the row of ``action`` adds for me alone."""
        me = state.current_player
        row = state.rows[action.row]
        return gain(state, me, row + (state.drawn,)) - gain(state, me, row)

    def take_or_draw(self, state: State, legal: Sequence[Action]) -> Action:
        """Take the full row that adds most once it adds at least ``take_at`` points; else draw
        while drawing is possible."""
        me = state.current_player
        takes = [action for action in legal if action.kind == TAKE]
        if not takes:
            return legal[0]

        def worth(action: Action) -> int:
            return gain(state, me, state.rows[action.row])

        draw = next((action for action in legal if action.kind == DRAW), None)
        if draw is None:
            return self._best(takes, worth)
        full = [action for action in takes if is_full(state, action.row)]
        if full:
            best_full = self._best(full, worth)
            if worth(best_full) >= self.take_at:
                return best_full
        return draw
