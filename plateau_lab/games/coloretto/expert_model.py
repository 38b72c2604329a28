"""The expert's model of Coloretto: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.expert`)."""

from __future__ import annotations

from plateau_lab.expert import GameModel, fresh_setup


class ColorettoModel(GameModel):
    """Coloretto: only the supply is hidden; the "last round" card stays where everybody knows it
    is (on top of the bottom fifteen cards). A playout goes to the end of the game."""

    measure = "score at the end of this round, ahead of the others' average"
    playouts = 200

    def done(self, start, state):
        return state.is_over or state.round_number != start.round_number

    def playout_bots(self, state, seed):
        from .bots import HeuristicBot

        return [HeuristicBot(seed + seat) for seat in range(state.players)]

    def value(self, start, end, seat):
        others = [score for other, score in enumerate(end.scores) if other != seat]
        return end.scores[seat] - sum(others) / len(others)

    def redeal(self, state, seat, seen, rng):
        from .cards import LAST_ROUND_CARD

        others = sorted((card for card in state.supply if card != LAST_ROUND_CARD), key=str)
        rng.shuffle(others)
        shuffled = iter(others)
        supply = tuple(card if card == LAST_ROUND_CARD else next(shuffled) for card in state.supply)
        return state.derive(setup=fresh_setup(state, rng), supply=supply)


MODEL = ColorettoModel()
