"""One analysis per position: the coach's memory of a game, shared by every view of it.

A hint, the review, the analysis board's "Ask the expert" and its puzzles all read the expert's
:class:`~plateau_lab.lab.expert.Analysis` of a position. A :class:`Coach` makes it once per
position and seat and keeps it for the game, so that the same position asked twice, from any
view, gets the same numbers and the same best move::

    >>> from plateau_lab.games import coloretto
    >>> coach = Coach()
    >>> state = coloretto.new_game(2, seed=3)
    >>> first = coach.analysis(state, state.current_player, 40)
    >>> coach.analysis(state, state.current_player, 400) is first            # made once: the budget of the first ask stays
    True
    >>> len(coach)
    1

The review's budget (:func:`review_playouts`) spreads a fixed number of playouts over a game's
decisions, at least ``least`` each, so that a short game is reviewed as closely as the time a
long one takes allows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import GameState, check_seat, check_whole
from ..core.imagining import remembered_observations
from . import expert
from .expert import Analysis

__all__ = ["Coach", "REVIEW_PLAYOUTS_IN_ALL", "position_key", "review_playouts"]

#: The playouts a whole game's review spends in all, shared by its decisions (:func:`review_playouts`).
REVIEW_PLAYOUTS_IN_ALL = 3000


def position_key(state: GameState) -> tuple[Any, ...]:
    """What tells a position apart within a game and across games: its setup and its moves."""
    return state.setup, tuple(state.history)


def review_playouts(states: Sequence[GameState], seat: int, least: int = 40,
                    in_all: int = REVIEW_PLAYOUTS_IN_ALL) -> int:
    """The playouts per decision of a review of ``seat`` in ``states``: ``in_all`` shared by its
    decisions, never fewer than ``least`` each.

    >>> from plateau_lab.games import syndicate
    >>> game = syndicate.new_game(3, seed=2)
    >>> review_playouts([game, game.apply(game.legal_actions()[0])], 0), review_playouts([game], 1)
    (3000, 3000)
    """
    choices = sum(1 for state in states[:-1] if state.current_player == seat and len(state.legal_actions()) >= 2)
    return max(least, in_all // max(choices, 1))


class Coach:
    """The analyses of one game's positions, each made once (see the module docstring): a play
    table's session keeps one for its game, the analysis board and the review share it."""

    def __init__(self):
        self._found: dict[tuple[Any, ...], Analysis] = {}

    def __len__(self) -> int:
        return len(self._found)

    def known(self, state: GameState, seat: int) -> Analysis | None:
        """The analysis of ``state`` for ``seat`` if one was made (None before)."""
        return self._found.get((*position_key(state), seat))

    def analysis(self, state: GameState, seat: int, budget: int | None = None, *, seed: int | None = None,
                 seen: Sequence[dict[str, Any]] | None = None) -> Analysis:
        """The expert's analysis of every legal move of ``seat`` (to move) at ``state``: the one
        made already, else made now with ``budget`` playouts (None: the game model's) and ``seed``
        (None: the game's), from what the seat saw (``seen``, worked out when not given)."""
        seat = check_seat(seat, state.players)
        key = (*position_key(state), seat)
        found = self._found.get(key)
        if found is None:
            if state.current_player != seat:
                raise ValueError(f"player {seat} is not to move; player {state.current_player} is"
                                 if state.current_player is not None else
                                 "the game is over: there is no move to analyse")
            seed = state.setup.seed if seed is None else check_whole(seed, name="seed", low=0)
            seen = remembered_observations(state, seat) if seen is None else seen
            found = self._found[key] = expert._analyse(state, seat, budget, seed, None, seen)
        return found

    def forget(self) -> None:
        """Forget every analysis (a new game)."""
        self._found.clear()
