"""The expert's model of The Syndicate: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.expert`)."""

from __future__ import annotations

from dataclasses import replace

from plateau_lab.expert import GameModel, fresh_setup, in_order


class SyndicateModel(GameModel):
    """The Syndicate: hidden are the other hands, the draw pile and, for an enforcer, the
    face-down card on the table. The discards lie face up. A playout goes four turns on."""

    measure = "points over the next four turns, ahead of the others' average"
    playouts = 2500
    #: Random enforcers four turns deep can make a risky plot look good: keeping the heuristic
    #: bot's plot unless another is clearly better gained +0.83 points per game [+0.08, +1.58]
    #: over 48 duplicate pairs, against +0.40 [-0.45, +1.24] unguided (benchmarks/bench_expert.py).
    guided = True
    HORIZON = 4

    def done(self, start, state):
        return state.is_over or state.turn_number >= start.turn_number + self.HORIZON

    def value(self, start, end, seat):
        gains = [end.scores[other] - start.scores[other] for other in range(end.players)]
        others = [gain for other, gain in enumerate(gains) if other != seat]
        return gains[seat] - sum(others) / len(others)

    def outcome(self, start, after, seat, seed):
        """On the fast path (``syndicate.fast.play_on_from_state``), random bots seeded from ``seed``."""
        from .fast import play_on_from_state

        if after.is_over:
            scores = after.scores
        else:
            turns = start.turn_number + self.HORIZON - after.turn_number
            scores, _, _ = play_on_from_state(after, [seed + other for other in range(3)], turns=turns)
        gains = [scores[other] - start.scores[other] for other in range(3)]
        return gains[seat] - (sum(gains) - gains[seat]) / 2

    def redeal(self, state, seat, seen, rng):
        pool = in_order(state.cards_hidden_from(seat))
        rng.shuffle(pool)
        hands = list(state.hands)
        table = state.table
        for other in range(state.players):
            if other != seat:
                hands[other], pool = tuple(pool[:len(hands[other])]), pool[len(hands[other]):]
        if table is not None and table.face_down is not None and seat != state.mastermind:
            table, pool = replace(table, face_down=pool[0]), pool[1:]
        return state.derive(setup=fresh_setup(state, rng), hands=tuple(hands), table=table, draw_pile=tuple(pool))


MODEL = SyndicateModel()
