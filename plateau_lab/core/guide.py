"""A guided first game: a fixed deal in which the table says what to do, and why, at every step.

Each game writes its guide in its own package (``guide.py``, named by ``GameSpec.guide``) as
``GUIDE``, a :class:`Guide`: the game, its players and options, the deal (a new game's seed, or a
scenario's text), the learner's seat, and the steps. A step is the learner's move, written as the
game reads a move, with the sentence the table shows before it: what to do and why, the rule
first ("You must follow colour: you hold a green card, so play it"). The other players' moves
of the fixed deal are written down too, each step carrying those that come before it, so the
guide plays the same way whatever the bots would choose today. After the last step the learner
plays on with the table's own bots (``plateau_lab.ui.guided`` seats a guide at the table).

A guide checks itself against its deal: :meth:`Guide.replay` plays every move and says which one
breaks a rule, or is made by the wrong player::

    >>> guide = Guide("syndicate", players=3, seat=0, seed=7,
    ...               steps=(GuideStep("lead Battle", "Lead a card: you start the trick."),))
    >>> [str(move) for move in guide.replay().moves], guide.replay().steps_at
    (['lead Battle'], (0,))
    >>> Guide("syndicate", players=3, seat=1, seed=7, steps=guide.steps).replay()
    Traceback (most recent call last):
    ValueError: The Syndicate's guide, step 1 ('lead Battle'): it is player 0's move, not the learner's (player 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import GameState, IllegalAction, ParseError, check_seat, game_module, game_spec

__all__ = ["MAX_STEPS", "Guide", "GuideStep", "Replay"]

#: The most learner steps a guide may have: a guided game is short ("shorter is better").
MAX_STEPS = 20


@dataclass(frozen=True)
class GuideStep:
    """One move the learner is asked to make: ``move`` as the game reads it (``play 7H``), ``say``
    the sentence shown before it (what to do and why), ``before`` the other players' moves of the
    fixed deal that come first (since the learner's previous step), in order."""

    move: str
    say: str
    before: tuple[str, ...] = ()


@dataclass(frozen=True)
class Replay:
    """A guide played out from its deal: ``start`` the dealt state, ``moves`` every move in order
    (the game's actions), ``states`` the state before each of them and the last one after,
    ``steps_at`` the index in ``moves`` of each learner step."""

    start: GameState
    moves: tuple[Any, ...]
    states: tuple[GameState, ...]
    steps_at: tuple[int, ...]

    @property
    def end(self) -> GameState:
        """The state after the last step: where free play begins."""
        return self.states[-1]

    def texts(self) -> tuple[str, ...]:
        """Every move as text, the way the game writes it in its history."""
        return tuple(str(move) for move in self.moves)


@dataclass(frozen=True)
class Guide:
    """A guided first game (see the module docstring).

    ``game`` is a name of the registry; ``players`` and ``variant`` (the game's options) make the
    deal, with ``seed``, or from ``scenario`` (a position written as the game's scenario text)
    when given; ``seat`` is the learner's; ``steps`` the learner's moves, at most
    :data:`MAX_STEPS`; ``farewell`` what the table adds, once the steps are done, to "Now
    play on by yourself." (what is left of the round, say).
    """

    game: str
    players: int
    seat: int
    steps: tuple[GuideStep, ...]
    seed: int = 0
    variant: Mapping[str, Any] = field(default_factory=dict)
    scenario: str | None = None
    farewell: str = ""

    def __post_init__(self) -> None:
        spec = game_spec(self.game)
        spec.check_players(self.players)
        check_seat(self.seat, self.players)
        if not 1 <= len(self.steps) <= MAX_STEPS:
            raise ValueError(f"{spec.title}'s guide has {len(self.steps)} steps; a guide has 1 to {MAX_STEPS}")
        for number, step in enumerate(self.steps, 1):
            if not isinstance(step, GuideStep) or not step.say.strip() or not step.move.strip():
                raise ValueError(f"{spec.title}'s guide, step {number}: a GuideStep with a move and a sentence")

    @property
    def title(self) -> str:
        """The game's title."""
        return game_spec(self.game).title

    def deal(self) -> GameState:
        """The fixed deal the guide starts from."""
        if self.scenario is not None:
            return game_module(self.game).scenario(self.scenario, seed=self.seed, **self.variant)
        return game_spec(self.game).new_game(self.players, seed=self.seed, **self.variant)

    def replay(self) -> Replay:
        """Play the guide from its deal; a ValueError names the first move that breaks a rule, or a
        learner's step that is not the learner's turn, or another player's move made at the learner's."""
        state = start = self.deal()
        moves: list[Any] = []
        states: list[GameState] = [state]
        steps_at: list[int] = []
        for number, step in enumerate(self.steps, 1):
            for move in step.before:
                if state.current_player == self.seat:
                    self._fail(number, move, f"it is the learner's move (player {self.seat}): make it a step")
                state = self._apply(state, move, number)
                moves.append(state.history[-1])
                states.append(state)
            if state.current_player != self.seat:
                self._fail(number, step.move,
                           f"it is player {state.current_player}'s move, not the learner's (player {self.seat})")
            steps_at.append(len(moves))
            state = self._apply(state, step.move, number)
            moves.append(state.history[-1])
            states.append(state)
        return Replay(start, tuple(moves), tuple(states), tuple(steps_at))

    def _apply(self, state: GameState, move: str, number: int) -> GameState:
        if state.is_over:
            self._fail(number, move, "the game is over")
        try:
            return state.apply(move)
        except (IllegalAction, ParseError) as err:
            self._fail(number, move, str(err))
        raise AssertionError("unreachable")

    def _fail(self, number: int, move: str, why: str) -> None:
        raise ValueError(f"{self.title}'s guide, step {number} ({move!r}): {why}")
