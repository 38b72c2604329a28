"""A steady player for every described game, from the description alone: the registry's
``heuristic`` bot of a kit game (the play table's "steady player").

Its rule of thumb: a card's chance to take the trick is guessed by finishing the trick a few times
with cards the player cannot see (the later players' cards drawn at random, each playing what the
description lets him play), and the description's own rule says who wins each. When bidding, it
bids the sum of its cards' chances when led, rounded (the nearest legal bid); when bids are cards
laid face down, it lays its weakest cards (the least use in tricks). In play, it plays the
card likeliest to take the trick when it wants the trick, else the least likely (the highest card
of those, to keep low cards for later). It wants a trick while it has fewer tricks than its bid;
with no bidding, or cards laid as bids, while a trick is worth points to it (its points a trick, the card points on the
table and the points the cards still to come are worth on average; a game scored by a ``score``
hook: always).

In a game of turns, where each trick is scored as it is won, it plays the move (a card, or a lead
with a card face down) that gains it the most points over the others' average, on average over
tricks finished at random the same way (a card laid face down by another player drawn from the
cards it cannot see); of equal moves, a card alone before a lead with one face down, then the
lower card.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.kit.examples import OH_HELL
>>> state = OH_HELL.new_game(4, seed=3)
>>> final = play_out(state, [SteadyBot(seat) for seat in range(4)])
>>> final.is_over, SteadyBot(1).choose(state) == SteadyBot(1).choose(state)
(True, True)
"""

from __future__ import annotations

__all__ = ["SAMPLES", "SteadyBot", "take_chances"]

import random
from typing import Any

from plateau_lab.core import Play, seeded_random

from .description import Card
from .engine import BID, State
from .hooks import playable_cards, trick_points, trick_winners
from .moves import HIDDEN, Lay, Lead

#: How many finished tricks a card's chance is guessed from.
SAMPLES = 12


def take_chances(state: State, seat: int, cards: tuple[Card, ...], trick: tuple, rng: random.Random,
                 samples: int = SAMPLES) -> list[float]:
    """For each card of ``cards`` played by ``seat`` to ``trick``: the share of ``samples`` tricks,
    finished at random from the cards ``seat`` cannot see, that ``seat`` wins."""
    unseen = sorted(state.cards_hidden_from(seat).elements(), key=state.described.hand_order)
    later = [(seat + step) % state.players for step in range(1, state.players - len(trick))]
    ends = [0]
    for other in later:                 # each later hand as large as it is (its size is public)
        ends.append(ends[-1] + len(state.hands[other]))
    chances = []
    for card in cards:
        won = 0
        for _ in range(samples):
            rng.shuffle(unseen)
            played = (*trick, (seat, card))
            for place, other in enumerate(later):
                hand = tuple(sorted(unseen[ends[place]:ends[place + 1]], key=state.described.hand_order))
                if not hand:
                    break
                table = state.table(other, played)
                played += ((other, rng.choice(playable_cards(state.described, hand, table, state.where))),)
            if len(played) == state.players:
                won += seat in trick_winners(state.described, state.table(None, played), state.where,
                                             nobody=state.described.leads != "winner")
        chances.append(won / samples)
    return chances


def turn_gains(state: State, seat: int, moves: tuple[Any, ...], rng: random.Random, samples: int = SAMPLES
               ) -> list[float]:
    """For each of ``moves`` (cards played or leads) of ``seat`` in a game of turns: the points it
    scores for the trick less the others' average, over ``samples`` tricks finished at random from
    the cards ``seat`` cannot see (the card laid face down with the lead among them, when it is
    another's)."""
    game, trick = state.described, state.trick
    unseen = sorted(state.cards_hidden_from(seat).elements(), key=game.hand_order)
    later = [(seat + step) % state.players for step in range(1, state.players - len(trick))]
    hidden_face_down = state.face_down_seen_by(seat) == HIDDEN
    gains = []
    for move in moves:
        total = 0.0
        for _ in range(samples):
            rng.shuffle(unseen)
            left = iter(unseen)
            face_down = next(left) if hidden_face_down else move.face_down if isinstance(move, Lead) else state.face_down
            played = (*trick, (seat, move.card))
            for other in later:
                hand = tuple(sorted((next(left) for _ in range(len(state.hands[other]))), key=game.hand_order))
                table = state.table(other, played, HIDDEN if face_down is not None else None)
                played += ((other, rng.choice(playable_cards(game, hand, table, state.where))),)
            table = state.table(None, played, face_down)
            points = trick_points(game, trick_winners(game, table, state.where, nobody=game.leads != "winner"),
                                  table, state.where)
            total += points[seat] - (sum(points) - points[seat]) / (state.players - 1)
        gains.append(total / samples)
    return gains


class SteadyBot:
    """The steady player (see the module docstring), seeded: the same position, the same move."""

    def __init__(self, seed: int = 0, samples: int = SAMPLES):
        self.seed, self.samples = seed, samples

    def choose(self, state: State) -> Any:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        rng = seeded_random(self.seed, "steady", len(state._history), seat)
        if state.described.turns is not None:
            gains = turn_gains(state, seat, legal, rng, self.samples)
            return legal[max(range(len(legal)), key=lambda place: (gains[place], not isinstance(legal[place], Lead),
                                                                   -legal[place].card.strength))]
        if state.phase == BID and isinstance(legal[0], Lay):
            return min(legal, key=lambda lay: sum(card.strength for card in lay.cards))
        if state.phase == BID:
            hand = tuple(dict.fromkeys(state.hands[seat]))
            expected = round(sum(take_chances(state, seat, hand, (), rng, self.samples)))
            return min(legal, key=lambda bid: (abs(bid.tricks - expected), bid.tricks))
        cards = tuple(action.card for action in legal)
        chances = take_chances(state, seat, cards, state.trick, rng, self.samples)
        if self._wants_the_trick(state, seat):
            best = max(range(len(cards)), key=lambda place: (chances[place], -cards[place].strength))
        else:
            best = min(range(len(cards)), key=lambda place: (chances[place], -cards[place].strength))
        return Play(cards[best])

    @staticmethod
    def _wants_the_trick(state: State, seat: int) -> bool:
        if state.bids and isinstance(state.bids[seat], int):
            return state.bids[seat] > state.tricks_won[seat]
        scoring = state.described.scoring
        if scoring.score is not None:
            return True
        on_table = sum(scoring.points_of(card) for _, card in state.trick)
        unseen = list(state.cards_hidden_from(seat).elements())
        to_come = state.players - len(state.trick) - 1
        expected = to_come * sum(map(scoring.points_of, unseen)) / len(unseen) if unseen else 0
        return scoring.per_trick + on_table + expected >= 0

    def __repr__(self) -> str:
        return f"SteadyBot(seed={self.seed})"
