"""The player who sees every card: the fictive top rung of the skill ladder and of relative skill.

It reads the game's true state (the others' hands, the cards still to come), which no player at
the table can, so what it gains over a skilled player bounds what the luck of the cards is worth
(:mod:`plateau_lab.lab.relative_skill`). It never sits at a learner's table.

>>> label, factory = seeing_rung(20)
>>> label, factory(3)
('sees every card', SeeingBot(seed=3, playouts=20))
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ..core import check_whole, seeded_random
from ..core.imagining import model_of

__all__ = ["SeeingBot", "seeing_rung", "SEEING", "SEEING_PLAYOUTS", "SEEING_WORDS"]

#: The top rung's label (the player who sees every card): the end of the relative skill scale, 1.
SEEING = "sees every card"
#: The fictive player's playouts per decision: it sees every card, so no imagined deal is needed;
#: shared by the legal moves, each move getting at least :data:`SEEING_PER_MOVE` (a bid among a
#: dozen gets as many as a card among three). ``benchmarks/bench_seeing.py`` measures that it beats
#: the expert's top rung, ``benchmarks/bench_skill.py`` what it costs.
SEEING_PLAYOUTS = 240
#: The fewest playouts the fictive player gives each legal move.
SEEING_PER_MOVE = 8
#: How a learner reads the top rung's label (the other bots' words are :data:`~plateau_lab.core.bots.BOT_WORDS`).
SEEING_WORDS = "a player who sees every card (no one can)"


class SeeingBot:
    """The *fictive* player of relative skill: it plays seeing every card, the others' hands and the
    cards still to come (it reads the game's true state, which no player at the table can).

    For each legal move it plays the same ``playouts // moves`` playouts (at least
    :data:`SEEING_PER_MOVE`) from the true position,
    by the expert's game model (:class:`~plateau_lab.core.imagining.GameModel`: the heuristic bots
    play on to the model's horizon, the end of the round or hand, six turns in The Syndicate),
    and picks the move with the best mean outcome. It is the expert (:class:`~plateau_lab.lab.expert.ExpertBot`)
    without its imagined deals: a strong player that knows the luck of the cards, so that what it
    gains over a skilled player bounds what luck is worth. It never sits at a learner's table.

    >>> from plateau_lab.games import coloretto
    >>> state = coloretto.new_game(4, seed=3)
    >>> move = SeeingBot(1, playouts=20).choose(state)
    >>> move in state.legal_actions(), move == SeeingBot(1, playouts=20).choose(state)
    (True, True)
    """

    def __init__(self, seed: int = 0, *, playouts: int = SEEING_PLAYOUTS):
        self.seed = check_whole(seed, name="seed", low=0)
        self.playouts = check_whole(playouts, name="playouts", low=1, high=100_000)

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        model, seat = model_of(state), state.current_player
        rng = seeded_random(self.seed, "sees every card", len(state.history))
        totals = [0.0] * len(actions)
        for _ in range(max(SEEING_PER_MOVE, self.playouts // len(actions))):
            playout_seed = rng.getrandbits(64)
            for index, action in enumerate(actions):
                totals[index] += model.result(state, state.apply(action), seat, playout_seed)[0]
        return actions[max(range(len(actions)), key=totals.__getitem__)]

    def __repr__(self) -> str:
        return f"SeeingBot(seed={self.seed}, playouts={self.playouts})"


def seeing_rung(playouts: int = SEEING_PLAYOUTS) -> tuple[str, Any]:
    """The player who sees every card as a ladder rung (label, factory).

    >>> seeing_rung()[0]
    'sees every card'
    """
    check_whole(playouts, name="playouts", low=1, high=100_000)
    return SEEING, partial(SeeingBot, playouts=playouts)
