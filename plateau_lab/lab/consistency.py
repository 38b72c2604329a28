"""Consistency checks every engine must pass at every step, in the spirit of OpenSpiel's.

:func:`play_checked` plays a game with the given bots and checks each step; :func:`step_violations`
checks one step. Each returns what went wrong as sentences (an empty list when nothing did), so the
same checks serve the tests and the soak (``benchmarks/soak.py``):

- the move applied was among ``legal_actions()``, and an illegal move is refused, changing nothing;
- the old state is unchanged by ``apply`` (its JSON and its position);
- every card is still there (``cards_in_game()`` is the game's first count);
- the JSON save round-trips to an equal state with the same scores and log;
- scores are whole numbers, one per seat; a finished game has winners and no player to move;
- no seat's observation holds a card hidden from it;
- a deal a seat imagines (a model's ``redeal``, :func:`imagined_violations`) looks the same to that
  seat, moves only cards hidden from it, and is a state like any other: it replays from its own
  setup to itself, its save loads as it, the seat saw the same at every step of its past, and so
  for a state played on from it; or it raises :class:`~plateau_lab.core.NotReplayable` when asked
  for its past and its save alike, never giving another game.

>>> from plateau_lab.games import syndicate
>>> from plateau_lab.core.bots import RandomBot
>>> final, steps, problems = play_checked(syndicate.new_game(3, seed=1, target=2),
...                                       [RandomBot(seat) for seat in range(3)])
>>> final.is_over, steps > 0, problems
(True, True, [])
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core import Bot, GameState, IllegalAction, NotReplayable, game_module, load_json
from ..core.imagining import remembered_observations

__all__ = ["cards_in", "hidden_card_violations", "imagined_violations", "play_checked", "replay_violations",
           "state_violations", "step_violations"]


def cards_in(value: Any, card_type: type) -> Counter:
    """Every ``card_type`` object anywhere inside ``value`` (dicts, tuples, lists, sets, dataclasses).

    >>> cards_in({"hand": (1, 2), "table": [{"lead": 2}], "name": "x"}, int)
    Counter({2: 2, 1: 1})
    """
    found: Counter = Counter()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, card_type):
            found[item] += 1
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, field.name) for field in dataclasses.fields(item))
    return found


def hidden_card_violations(state: GameState) -> list[str]:
    """Each seat whose observation holds a card that is hidden from it."""
    card_type = game_module(state.setup.game).Card
    every_card = state.cards_in_game()
    problems = []
    for seat in range(state.players):
        seen = state.observation(seat)
        del seen["legal_actions"]      # moves name cards again: the seat's own, or cards it may call
        leaked = cards_in(seen, card_type) + state.cards_hidden_from(seat) - every_card
        if leaked:
            problems.append(f"seat {seat} sees hidden card(s) {', '.join(map(str, leaked))}")
    return problems


def state_violations(state: GameState, cards: Counter) -> list[str]:
    """What is wrong with one state, given the game's count of ``cards``."""
    problems = []
    if state.cards_in_game() != cards:
        problems.append(f"cards not conserved: {dict(cards - state.cards_in_game())} missing, "
                        f"{dict(state.cards_in_game() - cards)} extra")
    scores = state.scores
    if len(scores) != state.players or not all(isinstance(score, int) for score in scores):
        problems.append(f"scores {scores} are not one whole number per seat")
    if state.is_over != (state.current_player is None) or (state.is_over and not state.winners):
        problems.append("a finished game must have winners and no player to move, and only a finished one")
    if not state.is_over and not state.legal_actions():
        problems.append(f"player {state.current_player} is to move but has no legal move")
    again = load_json(state.to_json())
    if again != state or again.scores != scores or again.log != state.log:
        problems.append("the JSON save does not round-trip to the same position, scores and log")
    return problems + hidden_card_violations(state)


def replay_violations(state: GameState, seat: int, seen: Sequence[dict[str, Any]] | None = None) -> list[str]:
    """What is wrong with the past and the save of ``state``: its history must replay from its
    setup to it, its save load as it (the same position and scores), and ``seat`` have seen at
    every step of that past what ``seen`` (its observations of the real game, the current one last)
    says it saw then. A state that raises NotReplayable must do so for its past and its save alike,
    and only for a limit its game's model names (never for a past that leads elsewhere: ``fault``)."""
    try:
        past = state.states()
    except NotReplayable as err:
        if err.fault:
            return [f"the past written for the state is wrong: {err}"]
        try:
            state.to_json()
        except NotReplayable:
            return []
        return [f"states() raises NotReplayable ({err}) but to_json() saves a game"]
    problems = []
    if past[-1] != state:
        problems.append("replaying the history from the setup gives another position")
    again = load_json(state.to_json())
    if again != state or again.scores != state.scores:
        problems.append("the JSON save does not load as the same position and scores")
    if seen is not None:
        mine = remembered_observations(state, seat)
        if mine != list(seen[len(seen) - len(mine):]):
            problems.append(f"seat {seat}'s observations of the state's past differ from what it saw")
    return problems


def imagined_violations(state: GameState, seat: int, world: GameState, seen: Sequence[dict[str, Any]]) -> list[str]:
    """What is wrong with ``world``, a deal ``seat`` imagined from ``state`` having seen ``seen``
    (``remembered_observations(state, seat)``): see the module docstring. A state played on from
    it (its first legal move) is checked too, as the search's playouts make them."""
    problems = []
    if world.observation(seat) != state.observation(seat):
        problems.append(f"seat {seat} sees the imagined deal differently from the real one")
    if world.cards_in_game() != state.cards_in_game():
        problems.append("the imagined deal has other cards than the game")
    if world.cards_hidden_from(seat) != state.cards_hidden_from(seat):
        problems.append(f"the imagined deal moves a card seat {seat} can see")
    problems += hidden_card_violations(world) + replay_violations(world, seat, seen)
    if not world.is_over and not world.legal_actions():
        problems.append(f"in the imagined deal player {world.current_player} is to move but has no legal move")
    elif not world.is_over:
        after = world.apply(world.legal_actions()[0])
        problems += [f"after {world.legal_actions()[0]}: {problem}" for problem in replay_violations(after, seat)]
    return problems


def step_violations(before: GameState, action: Any, after: GameState, stranger: Any = None) -> list[str]:
    """What is wrong with the step ``before --action--> after``; ``stranger`` (a move that is not
    legal ``before``, if any) must be refused without changing anything."""
    problems = []
    if action not in before.legal_actions():
        problems.append(f"{action} was applied but is not legal")
    if stranger is not None:
        saved = before.to_json()
        try:
            before.apply(stranger)
            problems.append(f"the illegal move {stranger} was accepted")
        except IllegalAction:
            pass
        if before.to_json() != saved:
            problems.append(f"refusing {stranger} changed the state")
    return problems


def play_checked(state: GameState, bots: Sequence[Bot], *, max_actions: int = 100_000,
                 strangers: Sequence[Any] = ()) -> tuple[GameState, int, list[str]]:
    """Play ``state`` out with ``bots``, checking every step: (final state, steps, problems).

    ``strangers`` are moves tried at every step where they are illegal (e.g. moves of another game
    of the same kind): each must be refused with IllegalAction and leave the state as it was.
    """
    cards = state.cards_in_game()
    problems = [f"at the start: {problem}" for problem in state_violations(state, cards)]
    steps = 0
    while not state.is_over and steps < max_actions:
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        saved, position = state.to_json(), state.position()
        stranger = next((move for move in strangers if move not in legal), None)
        after = state.apply(action)
        steps += 1
        found = step_violations(state, action, after, stranger)
        if state.to_json() != saved or state.position() != position:
            found.append("apply changed the old state")
        found += state_violations(after, cards)
        problems += [f"step {steps} ({action}): {problem}" for problem in found]
        state = after
    if not state.is_over:
        problems.append(f"the game did not end within {max_actions} actions")
    return state, steps, problems
