"""The expert's model of Plotters Inc.: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.expert`).

A playout looks to the end of the current trick (and the takes and keeps it brings), with the
heuristic bots playing the other seats: the cards of a trick are shared out among High and Low,
so what a move is worth depends on what the others play to it and take from it, and random play
there would hand out cards no player would give away. Later tricks are left out: random play
over the rest of the round says little of a take-and-keep game, and heuristic play there costs
more than a second per decision on the public engine. The outcome is the change in the seat's
round score (what its collection would score now) against the others' average change, since
every card one player takes is a card another does not get.
"""

from __future__ import annotations

from plateau_lab.expert import GameModel, cards_seen_this_round, fresh_setup, in_order, split_into


class PlottersModel(GameModel):
    """Plotters Inc.: hidden are the other hands and the face-down piles (discards, worthless
    cards). The cards a seat saw in the tricks and stacks of this round that are no longer on the
    table lie in those piles; the rest of the unseen cards are dealt to the other hands.

    >>> from plateau_lab.games import plotters
    >>> from plateau_lab.expert import ExpertBot
    >>> state = plotters.new_game(4, seed=3)
    >>> state.apply(ExpertBot(seed=1, playouts=20).choose(state)).phase
    'play'
    """

    measure = "points this trick, against the others' average"
    playouts = 200

    def done(self, start, state):
        from .engine import KEEP_PHASE, PLAY_PHASE, TAKE_PHASE

        if state.phase != PLAY_PHASE:
            return state.phase not in (TAKE_PHASE, KEEP_PHASE)
        return not state.trick and len(state.history) > len(start.history)

    def value(self, start, end, seat):
        gains = [end.round_score(other) - start.round_score(other) for other in range(end.players)]
        others = [gain for other, gain in enumerate(gains) if other != seat]
        return gains[seat] - sum(others) / len(others)

    def playout_bots(self, state, seed):
        from .bots import CollectorBot

        return [CollectorBot(seed + seat) for seat in range(state.players)]

    def redeal(self, state, seat, seen, rng):
        from .cards import Card

        hidden = state.cards_hidden_from(seat)
        gone = (cards_seen_this_round(seen, "round", ("trick", "stacks"), Card) & hidden)
        unknown = in_order(hidden - gone)
        rng.shuffle(unknown)
        dead = in_order(gone)
        rng.shuffle(dead)
        pool = dead + unknown
        piles = [len(pile) for pile in state.discards] + [len(state.worthless), len(state.left_out)]
        parts = split_into(pool, piles)
        rest = pool[sum(piles):]
        rng.shuffle(rest)
        hands = list(state.hands)
        for other in range(state.players):
            if other != seat:
                hands[other], rest = tuple(sorted(rest[:len(hands[other])])), rest[len(hands[other]):]
        return state.derive(setup=fresh_setup(state, rng), hands=tuple(hands), discards=tuple(parts[:-2]),
                            worthless=parts[-2], left_out=parts[-1], links=None)


MODEL = PlottersModel()
