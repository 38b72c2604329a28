"""Check my game: random games of a description, and what is wrong with it, in words, before anyone plays.

:func:`check_game` plays random games (500 by default, the player counts in turn) and reports: a
description the kit refuses (the part at fault), a player left with no legal move, a hook that fails (naming it and the position), scores that are not
whole numbers or card points that do not add up, a hook that answers the same question differently
(a game that would not replay), and a hook whose answer changes when only cards its player cannot
see change (it peeks at hidden cards). A game that never ends cannot be described yet: a game of
one hand ends after at most players × (cards in hand + 1) moves, each a bid or a card played; the
report says how many moves the games took.

>>> from plateau_lab.kit import TrickGame
>>> fine = TrickGame("checked_fine", "Fine", players=range(3, 5), suits="CDSH", ranks="2 3 4 5 6 7 8", hand_size=5)
>>> print(check_game(fine, games=20))
Fine: 20 random games checked (3 to 4 players), each of 15 to 20 moves.
No problem found: every game ended, every player always had a legal move, none of the game's own functions failed, the scores add up, every game replays the same, and no function's answer changed with cards its player cannot see (compared at 19 positions).
>>> broken = TrickGame("checked_broken", "Broken", players=3, suits="CDSH", ranks="2 3 4 5", hand_size=4,
...                    trick_winner=lambda trick, table: trick[3][0])
>>> report = check_game(broken, games=10)
>>> report.ok, report.problems[0].startswith("The function trick_winner failed in 10 of 10 games; the first time at trick 1")
(False, True)
>>> report.problems[0].endswith("it raised IndexError: tuple index out of range.")
True

A description is checked, then defined (registered) as :func:`~.game.define` does, so that its
imagined deals can write their past.
"""

from __future__ import annotations

__all__ = ["DEFAULT_GAMES", "CheckReport", "check_game"]

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from plateau_lab.core import check_whole, count_of

from .description import DescriptionError, TrickGame
from .engine import State
from .hooks import HookError
from .game import KitGame, define
from .model import MODEL
from .rows_check import ROWS_CHECKED, check_rows
from .rows_game import RowKitGame

#: How many random games "check my game" plays unless told.
DEFAULT_GAMES = 500
#: The most games a check plays.
MOST_GAMES = 100_000
#: How many positions of each game are compared with a deal that looks the same to the player.
COMPARED_PER_GAME = 1
#: What a check of a game of tricks found right, when it found nothing wrong.
TRICKS_CHECKED = ("every game ended, every player always had a legal move, none of the game's own functions failed, "
                  "the scores add up, every game replays the same, and no function's answer changed with cards "
                  "its player cannot see (compared at {compared}).")


@dataclass(frozen=True)
class CheckReport:
    """What a check found: the games played, the moves they took, the positions compared with a
    redeal, and the problems, each a sentence (none: the game passed); ``passed`` says what was
    checked, for a game that passed (its ``{compared}``: the positions compared)."""

    title: str
    games: int
    players: range
    fewest_moves: int
    most_moves: int
    compared: int
    problems: tuple[str, ...]
    passed: str = TRICKS_CHECKED

    @property
    def ok(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        count = f"{self.players.start}" if len(self.players) == 1 else f"{self.players.start} to {self.players.stop - 1}"
        lines = [f"{self.title}: {count_of(self.games, 'random game')} checked ({count} players)"
                 + (f", each of {self.fewest_moves} to {self.most_moves} moves." if self.games else ".")]
        if self.ok:
            lines.append("No problem found: " + self.passed.format(compared=count_of(self.compared, "position")))
        else:
            lines.append(f"{count_of(len(self.problems), 'problem')} found:")
            lines += [f"{number}. {problem}" for number, problem in enumerate(self.problems, start=1)]
        return "\n".join(lines)


class _Findings:
    """Problems by kind, each counted over the games and told once, with its first occurrence."""

    def __init__(self):
        self.first: dict[str, str] = {}
        self.games: Counter = Counter()

    def add(self, kind: str, sentence: str) -> None:
        self.first.setdefault(kind, sentence)
        self.games[kind] += 1

    def sentences(self, games: int) -> tuple[str, ...]:
        return tuple(self.first[kind].replace("{games}", f"{self.games[kind]} of {games} games")
                     for kind in self.first)


def check_game(game: TrickGame | KitGame, games: int = DEFAULT_GAMES, *, seed: int = 0) -> CheckReport:
    """Play ``games`` random games of ``game`` (a description or a defined game), the player counts
    in turn, seeded from ``seed``, and report what is wrong (see the module docstring). A
    description the kit refuses is reported as the one problem, with no game played."""
    games = check_whole(games, name="games", low=1, high=MOST_GAMES)
    try:
        kit = game if isinstance(game, KitGame | RowKitGame) else define(game)
    except DescriptionError as err:
        return CheckReport(getattr(game, "title", "The game"), 0, range(0), 0, 0, 0, (str(err),))
    if isinstance(kit, RowKitGame):
        lengths, compared, problems = check_rows(kit, games, seed=seed)
        return CheckReport(kit.description.title, games, kit.description.player_range, min(lengths), max(lengths),
                           compared, problems, ROWS_CHECKED)
    found, lengths, compared = _Findings(), [], 0
    players = kit.description.player_range
    for number in range(games):
        length, looked = _one_game(kit, players[number % len(players)], seed * MOST_GAMES + number, found)
        lengths.append(length)
        compared += looked
    return CheckReport(kit.description.title, games, players, min(lengths), max(lengths), compared,
                       found.sentences(games))


def _one_game(kit: KitGame, players: int, seed: int, found: _Findings) -> tuple[int, int]:
    """One random game, its problems added to ``found``: (the moves it took, positions compared)."""
    try:
        state = kit.new_game(players, seed=seed)
    except HookError as err:
        found.add(f"hook {err.hook}", f"The function {err.hook} failed in {{games}}; the first time at {err.position}: "
                                      f"{err.what}.")
        return 0, 0
    rng = random.Random(seed)
    moves, compared = [], 0
    try:
        while not state.is_over:
            legal = state.legal_actions()
            if not legal:
                found.add("no move", f"A player had no legal move in {{games}}; the first time at {state.where()}: "
                                     f"player {state.current_player} could not {state.phase}.")
                return len(moves), compared
            if compared < COMPARED_PER_GAME and len(legal) > 1 and rng.random() < 0.3:
                compared += _compare_with_a_redeal(state, rng, found)
            move = rng.choice(legal)
            state = state.apply(move)
            moves.append(move)
        state.scores
    except HookError as err:
        kind = "no move" if "no card to play" in err.what else f"hook {err.hook}"
        opening = "A player had no legal move" if kind == "no move" else f"The function {err.hook} failed"
        found.add(kind, f"{opening} in {{games}}; the first time at {err.position}: {err.what}.")
        return len(moves), compared
    _check_scores(state, found)
    _check_replay(kit, state, moves, found)
    return len(moves), compared


def _check_scores(state: State, found: _Findings) -> None:
    """The card points won add up to the points of the cards played, when every trick has one winner."""
    scoring = state.described.scoring
    if not scoring.card_points:
        return
    played = sum(scoring.points_of(card) for _, trick in state.finished_tricks for _, card in trick)
    won = sum(state.result(seat).points for seat in range(state.players))
    if won != played:
        shared = max(len(winners) for winners, _ in state.finished_tricks)
        found.add("card points", f"The card points do not add up in {{games}}: the players won {won} points of cards "
                                 f"but the cards played are worth {played} (a trick won by {shared} players counts its "
                                 f"cards for each of them; if that is not meant, score the shared tricks in a score function).")


def _check_replay(kit: KitGame, state: State, moves: list[Any], found: _Findings) -> None:
    """The same deal and moves make the same game: every hook answers the same question alike."""
    again = kit.new_game(state.players, seed=state.setup.seed)
    try:
        for move in moves:
            again = again.apply(move)
        same = again == state and again.scores == state.scores
    except (HookError, ValueError) as err:
        same, reason = False, str(err)
    else:
        reason = f"the scores came out {again.scores} the second time, {state.scores} the first"
    if not same:
        found.add("replay", f"A game did not replay the same in {{games}} (deal number {state.setup.seed}): {reason}. A function "
                            "that draws at random or remembers earlier calls gives different answers to the same "
                            "question; a function must depend only on what it is given.")


def _compare_with_a_redeal(state: State, rng: random.Random, found: _Findings) -> int:
    """Whether the player to act is offered the same moves, and a trick he ends is won by the same
    players, in a deal that looks the same to him (the other hands dealt anew; the card laid face
    down with the lead, which the trick's end turns up for all, kept): 1 when compared."""
    seat = state.current_player
    world = MODEL.redeal(state, seat, [state.observation(seat)], rng)
    if _seen(world, seat) != _seen(state, seat):
        return 0
    if [str(move) for move in world.legal_actions()] != [str(move) for move in state.legal_actions()]:
        hook = "may_bid" if state.phase == "bid" else "may_play"
        found.add(f"peek {hook}", f"The function {hook} peeks at hidden cards in {{games}}: at {state.where()}, player "
                                  f"{seat} was offered other moves when only cards he cannot see were dealt otherwise.")
        return 1
    if state.phase == "play" and len(state.trick) == state.players - 1:
        move = state.legal_actions()[0]
        world = world.derive(face_down=state.face_down)
        if world.apply(move).finished_tricks[-1][0] != state.apply(move).finished_tricks[-1][0]:
            found.add("peek trick_winner", f"The function trick_winner peeks at hidden cards in {{games}}: at "
                                           f"{state.where()}, the same trick had another winner when only cards "
                                           "nobody could see were dealt otherwise.")
    return 1


def _seen(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` sees, but for the moves it is offered (which the comparison is about)."""
    seen = state.observation(seat)
    del seen["legal_actions"]
    return seen
