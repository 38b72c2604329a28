"""The expert's model of Coloretto: what it cannot see, how far it looks ahead, what it
weighs (see :mod:`plateau_lab.lab.expert`)."""

from __future__ import annotations

from plateau_lab.core.imagining import GameModel, imagined, past_of

from .bots import HeuristicBot
from .cards import LAST_ROUND_CARD
from .fast import play_on
from .scenario import scenario_text

__all__ = ["ColorettoModel", "MODEL"]


class ColorettoModel(GameModel):
    """Coloretto: only the supply is hidden; the "last round" card stays where everybody knows it
    is (on top of the bottom fifteen cards, or as many as the rule set says). A playout goes to the end of the round, every seat
    played by the heuristic bot on the fast path (``fast.play_on``: the very moves
    ``HeuristicBot(seed + seat)`` makes on the public engine)."""

    measure = "score at the end of this round, ahead of the others' average"
    playouts = 600

    def done(self, start, state):
        return state.is_over or state.round_number != start.round_number

    def playout_bots(self, state, seed):

        return [HeuristicBot(seed + seat) for seat in range(state.players)]

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    #: Winning here (:meth:`won`, by default): a score ahead of or level with every other player's.
    winning = "you lead at the end of this round"

    def result(self, start, after, seat, seed):

        end = after if self.done(start, after) else play_on(
            after, [seed + other for other in range(after.players)], bots=["heuristic"] * after.players, rounds=1)
        return self.value(start, end, seat), self.won(start, end, seat)

    def value(self, start, end, seat):
        return self._ahead(end.scores, seat)

    @staticmethod
    def _ahead(scores, seat):
        """How far ``seat``'s score is ahead of the others' average."""
        others = [score for other, score in enumerate(scores) if other != seat]
        return scores[seat] - sum(others) / len(others)

    def redeal(self, state, seat, seen, rng):

        others = sorted((card for card in state.supply if card != LAST_ROUND_CARD), key=str)
        rng.shuffle(others)
        shuffled = iter(others)
        supply = tuple(card if card == LAST_ROUND_CARD else next(shuffled) for card in state.supply)
        return imagined(state, seat, rng, supply=supply)

    def imagined_past(self, origin, world, seat):
        """The game's first state with the imagined supply under the cards drawn since (face up the
        moment they were drawn) as a scenario, and every move since: the whole past, move for move,
        for the supply is stacked once, at the start."""
        first, moves = past_of(origin)
        drawn = first.supply[:len(first.supply) - len(origin.supply)]
        return scenario_text(first.derive(supply=drawn + world.supply)), moves


MODEL = ColorettoModel()
