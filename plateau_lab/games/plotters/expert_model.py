"""The expert's model of Plotters Inc.: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.expert`)."""

from __future__ import annotations

from plateau_lab.expert import GameModel, cards_seen_this_round, fresh_setup, in_order, split_into


class PlottersModel(GameModel):
    """Plotters Inc.: hidden are the other hands and the face-down piles (discards, worthless
    cards). The cards a seat saw in the tricks and stacks of this round that are no longer on the
    table lie in those piles; the rest of the unseen cards are dealt to the other hands."""

    measure = "points this round"
    playouts = 200

    def done(self, start, state):
        from .engine import PLAY_PHASE, TAKE_PHASE, KEEP_PHASE

        return state.phase not in (PLAY_PHASE, TAKE_PHASE, KEEP_PHASE)

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
