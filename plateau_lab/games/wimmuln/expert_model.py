"""The expert's model of Wimmüln: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.expert`)."""

from __future__ import annotations

from dataclasses import replace

from plateau_lab.expert import GameModel, fresh_setup, in_order


class WimmulnModel(GameModel):
    """Wimmüln: hidden are the other hands, the others' cross cards not yet turned over and the
    cards a short deal set aside. Played tricks are out of play, so never dealt again."""

    measure = "points this round"
    playouts = 120

    def done(self, start, state):
        from .engine import OVER, ROUND_OVER

        return state.phase in (ROUND_OVER, OVER)

    #: The default number of playouts in the play phase, where the tricks run on the fast path.
    PLAY_PLAYOUTS = 1500

    def guided_at(self, state):
        from .engine import PLAY

        return state.phase != PLAY

    def playouts_at(self, state):
        from .engine import PLAY

        return self.PLAY_PLAYOUTS if state.phase == PLAY else self.playouts

    def outcome(self, start, after, seat, seed):
        """In the play phase, the round's tricks on the fast path (``wimmuln.fast.play_tricks_from_state``)."""
        from .engine import PLAY
        from .fast import play_tricks_from_state

        if after.phase != PLAY:
            return super().outcome(start, after, seat, seed)
        points, _ = play_tricks_from_state(after, [seed + other for other in range(after.players)])
        return points[seat]

    def redeal(self, state, seat, seen, rng):
        pool = in_order(state.cards_hidden_from(seat))
        rng.shuffle(pool)
        observed = seen[-1]["estimates"]
        hands, estimates = list(state.hands), list(state.estimates)
        for other in range(state.players):
            if other == seat:
                continue
            hands[other], pool = tuple(pool[:len(hands[other])]), pool[len(hands[other]):]
            cross = observed[other]
            if cross is not None:
                top, bottom = cross["top"], cross["bottom"]
                if top == "hidden":
                    top, pool = pool[0], pool[1:]
                if bottom == "hidden":
                    bottom, pool = pool[0], pool[1:]
                estimates[other] = replace(estimates[other], top=top, bottom=bottom)
        return state.derive(setup=fresh_setup(state, rng), hands=tuple(hands), estimates=tuple(estimates),
                            aside=tuple(pool))

    def odds(self, state, end):
        from .engine import ESTIMATE, OPEN

        if state.phase in (OPEN, ESTIMATE) or not end.round_results:
            return None
        bonuses = end.round_results[-1].bonuses
        return ("hits the estimate", tuple(f"player {seat}" for seat in range(state.players)),
                tuple(bonus > 0 for bonus in bonuses))

    def odds_done(self, start, state):
        return self.done(start, state)


MODEL = WimmulnModel()
