"""Check my game, for a drafting game of rows: random games of a :class:`~.rows.RowGame` and what is
wrong with them, in the sentences of :func:`~.check.check_game` (which calls :func:`check_rows`).

A description of rows has no functions of the class's own, so what can go wrong is the game its
numbers make: a player left with no legal move, a game that does not end (every round but the last
draws a card of the supply, and each card is drawn and placed once, so a game takes at most
(supply + 1) × (players + 2) moves), cards that appear or vanish, a game that does not replay the same, or moves offered
that change when only the order of the face-down supply changes.

>>> from plateau_lab.kit.examples import COLORETTO
>>> lengths, compared, problems = check_rows(COLORETTO, games=8, seed=0)
>>> problems, compared, min(lengths) > 20
((), 8, True)
"""

from __future__ import annotations

__all__ = ["ROWS_CHECKED", "check_rows"]

import random
from collections.abc import Callable
from typing import Any

from .rows import END_CARD
from .rows_engine import RowState
from .rows_game import RowKitGame

#: What a check of a game of rows found right, when it found nothing wrong.
ROWS_CHECKED = ("every game ended, every player always had a legal move, no card appeared or vanished, every score "
                "is a whole number, every game replays the same, and the moves offered never changed with the order "
                "of the face-down supply (compared at {compared}).")


def check_rows(kit: RowKitGame, games: int, *, seed: int) -> tuple[list[int], int, tuple[str, ...]]:
    """Play ``games`` random games of ``kit``, the player counts in turn, seeded from ``seed`` (each
    game's number is ``seed × 100000 + its place``): the moves each game took, the positions whose
    moves were compared with a reshuffled supply, and the problems found, each a sentence (each kind
    told once, with how many games showed it and where first)."""
    first: dict[str, str] = {}
    counted: dict[str, int] = {}

    def found(kind: str, sentence: str) -> None:
        first.setdefault(kind, sentence)
        counted[kind] = counted.get(kind, 0) + 1

    players, lengths, compared = kit.description.player_range, [], 0
    for number in range(games):
        length, looked = _one_game(kit, players[number % len(players)], seed * 100_000 + number, found)
        lengths.append(length)
        compared += looked
    return lengths, compared, tuple(first[kind].replace("{games}", f"{counted[kind]} of {games} games")
                                    for kind in first)


def _one_game(kit: RowKitGame, players: int, seed: int, found: Callable[[str, str], None]) -> tuple[int, int]:
    state = start = kit.new_game(players, seed=seed)
    rng, moves, compared = random.Random(seed), [], 0
    most = (len(state.supply) + 1) * (players + 2)
    while not state.is_over:
        where = f"deal number {seed}, round {state.round_number}, move {len(moves) + 1}"
        legal = state.legal_actions()
        if not legal:
            found("no move", f"A player had no legal move in {{games}}; the first time at {where}.")
            return len(moves), compared
        if len(moves) > most:
            found("no end", f"A game did not end in {{games}}: the first went on past {most} moves ({where}).")
            return len(moves), compared
        if not compared and rng.random() < 0.2:
            compared = _compare_with_a_reshuffle(state, rng, where, found)
        moves.append(rng.choice(legal))
        state = state.apply(moves[-1])
        if state.cards_in_game() != start.cards_in_game():
            found("cards", f"Cards appeared or vanished in {{games}}; the first time at {where}.")
    if not all(isinstance(score, int) for score in state.scores):
        found("scores", f"A score is not a whole number in {{games}} (deal number {seed}): {state.scores}.")
    _check_replay(kit, state, moves, found)
    return len(moves), compared


def _compare_with_a_reshuffle(state: RowState, rng: random.Random, where: str,
                              found: Callable[[str, str], None]) -> int:
    """Whether the player to act is offered the same moves when only the face-down supply's order
    changes ("last round" keeps its place): 1 when compared."""
    hidden = [card for card in state.supply if card != END_CARD]
    rng.shuffle(hidden)
    cards = iter(hidden)
    world = state.derive(supply=tuple(END_CARD if card == END_CARD else next(cards) for card in state.supply))
    if [str(move) for move in world.legal_actions()] != [str(move) for move in state.legal_actions()]:
        found("peek", f"The moves offered changed with the order of the face-down supply in {{games}}; the first "
                      f"time at {where}.")
    return 1


def _check_replay(kit: RowKitGame, state: RowState, moves: list[Any], found: Callable[[str, str], None]) -> None:
    again = kit.new_game(state.players, seed=state.setup.seed)
    for move in moves:
        again = again.apply(move)
    if again != state or again.scores != state.scores:
        found("replay", f"A game did not replay the same in {{games}} (deal number {state.setup.seed}).")
