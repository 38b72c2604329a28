"""Coloretto's bots with rules of thumb: the heuristic bot values a row by the points it adds to
its own score minus what it would give the others; the bold bot waits for full rows and places
cards for itself alone. The decisions are :mod:`.heuristics`' (which the fast path asks too): a bot
here writes the position as card numbers and plays the legal action they choose.

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

from .cards import COLOURS, Card
from .engine import DRAW, Action, State
from .heuristics import (CARD_CODES, DRAWING, TAKE_AT, bold_place, bold_turn, collection_numbers, collection_total,
                         heuristic_place, heuristic_turn)
from .scoring import scoring_number

__all__ = ["BoldBot", "HeuristicBot", "TAKE_AT", "gain", "is_full"]


def gain(state: State, player: int, cards: Sequence[Card]) -> int:
    """How many points ``cards`` would add to ``player``'s best score, under the game's rules
    (``state.rules.scoring``: its points table, plus colours and "+2" points): what the bots weigh.

    >>> from plateau_lab.games.coloretto import scenario
    >>> state = scenario("players: 3\\ncolours: blue, brown, green, grey, orange, pink\\nturn: 0\\nrow 1: +2", seed=1)
    >>> gain(state, 0, state.rows[0])
    2
    """
    held = collection_numbers(state.collections[player])
    colours = tuple(COLOURS.index(colour) for colour in state.colours)
    table = scoring_number(state.rules.scoring)
    added = tuple(CARD_CODES[card] for card in cards)
    return collection_total(tuple(held[0]), *held[1:], added, colours, table) - collection_total(
        tuple(held[0]), *held[1:], (), colours, table)


def is_full(state: State, row: int) -> bool:
    """Whether ``row`` holds as many cards as the rules let it hold (``state.capacities``, from
    ``state.rules``): no card can be added to it any more."""
    cards = state.rows[row]
    return cards is not None and len(cards) >= state.capacities[row]


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
        me, bits = state.current_player, self._random.getrandbits
        colours = tuple(COLOURS.index(colour) for colour in state.colours)
        table = scoring_number(state.rules.scoring)
        rows = [None if row is None else [CARD_CODES[card] for card in row] for row in state.rows]
        counts, jokers, plus_twos = (list(column) for column in zip(*map(collection_numbers, state.collections)))
        if state.drawn is not None:
            places = [action.row for action in legal]
            return legal[self._place(places, rows, CARD_CODES[state.drawn], me, counts, jokers, plus_twos,
                                     list(state.sat_out), colours, table, bits)]
        choices = [DRAWING if action.kind == DRAW else action.row for action in legal]
        return legal[self._turn(choices, rows, state.capacities, counts[me], jokers[me], plus_twos[me], colours, table,
                                bits)]

    def _turn(self, choices, rows, capacities, counts, jokers, plus_twos, colours, table, bits) -> int:
        return heuristic_turn(choices, rows, counts, jokers, plus_twos, colours, table, bits, self.take_at)

    @staticmethod
    def _place(places, rows, drawn, me, counts, jokers, plus_twos, sat_out, colours, table, bits) -> int:
        return heuristic_place(places, rows, drawn, me, counts, jokers, plus_twos, sat_out, colours, table, bits)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, take_at={self.take_at})"


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

    def _turn(self, choices, rows, capacities, counts, jokers, plus_twos, colours, table, bits) -> int:
        return bold_turn(choices, rows, capacities, counts, jokers, plus_twos, colours, table, bits, self.take_at)

    @staticmethod
    def _place(places, rows, drawn, me, counts, jokers, plus_twos, sat_out, colours, table, bits) -> int:
        return bold_place(places, rows, drawn, counts[me], jokers[me], plus_twos[me], colours, table, bits)
