"""The fast path: one protocol for every game's fast twin of its engine, and the record it leaves.

The lab plays thousands of games; a game may offer a fast twin of its public engine for that, a
module named by its registry entry (``GameSpec.fast``) that plays **exactly** the games the
public engine plays from the same seeds, with the same bots (its tests play both in lockstep).
Every game's fast module has the same three functions with the same signatures
(:class:`FastPath`), so the lab and the expert never need to know which game they play:

- ``play_fast(players, seed, bot_seeds, variant, *, bots=None, on_step=None, list_rounds=False)``:
  a whole game, its record saying which seat made the first move (``starter``, from what the deal
  already drew);
- ``play_on(state, bot_seeds, *, bots=None, rounds=None, on_step=None, list_rounds=False)``: on
  from any position of the public engine, to the end of the game or of ``rounds`` rounds (the
  round under way counts as one; what a round is, each game says: a hand, a round, a turn);
- ``play_public(state, bots, *, list_rounds=False)``: a game on the public engine, recorded the
  same way;

each returning a :class:`Record`. ``bots`` names the bot of each seat among ``FAST_BOTS`` (None:
random bots), ``bot_seeds`` seeds them, and ``on_step(seat, legal_texts, index)``, when given, is
called before every move with the texts of the legal moves in the engine's order and the index
of the one chosen (the lockstep tests compare that with the public engine). A game may give
those texts as :class:`LegalTexts`, which knows their number at once and writes them only when
they are read: the lab's measures count the legal moves of every move and read no text.

``list_rounds=True`` asks for the record's per-round rows (``Record.rounds``) where the game
lists them only when asked (The Syndicate, Coloretto: keeping them would slow every plain game);
a game whose rows are its own columns (Plotters Inc., Wimmüln, Le Plateau) lists them always,
and a game of one hand (Oh Hell) lists one row per trick when asked: each player's standing as
the tricks are won against the bids (the lab's lead changes read them). Asked the same, the three functions give
equal records. :func:`round_rows` makes the rows from the scores after each round, and
:func:`play_out_by_rounds` reads those scores from the public engine.

>>> Record(scores=(3, 1), actions=12).scores
(3, 1)
>>> Record(scores=(3, 1), actions=12, starter=1) == Record(scores=(3, 1), actions=12)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["FastPath", "LegalTexts", "OnStep", "Record", "play_out_by_rounds", "round_rows"]

#: Called before every move of a fast game: ``on_step(seat, legal move texts, index chosen)``.
OnStep = Callable[[int, list[str], int], Any]


class LegalTexts(Sequence):
    """The texts of ``count`` legal moves, which ``write()`` makes when they are first read: its
    length costs nothing, and a hook that only counts the moves never has them written. ``write``
    must not depend on anything the game changes later (give it copies). Read, they are checked
    to be ``count`` texts.

    >>> texts = LegalTexts(2, lambda: ["lead Sea", "lead Sky"])
    >>> len(texts), texts[1], texts == ["lead Sea", "lead Sky"]
    (2, 'lead Sky', True)
    >>> LegalTexts(3, lambda: ["pass"])[0]
    Traceback (most recent call last):
    ...
    ValueError: 1 legal move texts written where there are 3 legal moves
    """

    __slots__ = ("count", "write", "texts")

    def __init__(self, count: int, write: Callable[[], list[str]]):
        self.count, self.write, self.texts = count, write, None

    def __len__(self) -> int:
        return self.count

    def written(self) -> list[str]:
        if self.texts is None:
            texts = self.write()
            if len(texts) != self.count:
                raise ValueError(f"{len(texts)} legal move texts written where there are {self.count} legal moves")
            self.texts = texts
        return self.texts

    def __getitem__(self, index):
        return self.written()[index]

    def __iter__(self):
        return iter(self.written())

    def __eq__(self, other) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return self.written() == list(other)

    def __repr__(self) -> str:
        return f"LegalTexts({self.written()!r})"


@dataclass(frozen=True)
class Record:
    """What a game (or a stretch of one) leaves for the lab: the scores at its end, the moves
    played, per-seat extras (one dict per seat, the game's own columns) and per-round rows (each
    a dict with a ``seat``) and ``starter``, the seat of the game's first move (None where the
    fast path does not say: a stretch played on from a position, or a game on the public engine).

    ``starter`` is not compared: two records are equal when the same game was played, whether or
    not each says who began it (``play_fast`` says, ``play_public`` and ``play_on`` do not)."""

    scores: tuple[int, ...]
    actions: int
    extras: tuple[dict[str, Any], ...] = ()
    rounds: tuple[dict[str, Any], ...] = ()
    starter: int | None = field(default=None, compare=False)


class FastPath(Protocol):
    """The module a game's ``GameSpec.fast`` names (see the module docstring)."""

    #: The registered bots the fast path plays (``"random"`` at least).
    FAST_BOTS: frozenset[str]

    def play_fast(self, players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
                  bots: Sequence[str] | None = None, on_step: OnStep | None = None,
                  list_rounds: bool = False) -> Record: ...

    def play_on(self, state: Any, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None,
                rounds: int | None = None, on_step: OnStep | None = None, list_rounds: bool = False) -> Record: ...

    def play_public(self, state: Any, bots: Sequence[Any], *, list_rounds: bool = False) -> Record: ...


def round_rows(standings: Sequence[Sequence[int]], first_round: int) -> tuple[dict[str, int], ...]:
    """The rows of a game's rounds for the record (``Record.rounds``) from ``standings``, every
    player's score after each round: per round (numbered from ``first_round``) and player, in seat
    order, the ``"points"`` the player's score changed by in that round. The first round counts
    from nothing (what a player held before it counts in it), so a player's rows add up to the
    score at the end.

    >>> round_rows([(3, 1), (2, 6)], 4)       # doctest: +NORMALIZE_WHITESPACE
    ({'seat': 0, 'round': 4, 'points': 3}, {'seat': 1, 'round': 4, 'points': 1},
     {'seat': 0, 'round': 5, 'points': -1}, {'seat': 1, 'round': 5, 'points': 5})
    >>> round_rows([], 1)
    ()
    """
    if not standings:
        return ()
    seats = range(len(standings[0]))
    earlier = [(0,) * len(seats), *standings[:-1]]          # the scores before each round
    numbers = range(first_round, first_round + len(standings))
    return tuple([{"seat": seat, "round": number, "points": after[seat] - before[seat]}
                  for number, after, before in zip(numbers, standings, earlier) for seat in seats])


def play_out_by_rounds(state: Any, bots: Sequence[Any], round_of: Callable[[Any], Any], *,
                       max_actions: int = 100_000) -> tuple[Any, list[tuple[int, ...]]]:
    """Let the bots (one per seat) play from ``state`` to the end of the game on the public engine,
    as ``core.play_out`` does, and note every player's score (``state.scores``) each time a round
    ends: when ``round_of(state)`` (the number of the round under way) changes, and at the end.
    ``(final state, the scores after each round)``, for :func:`round_rows`.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import coloretto
    >>> final, standings = play_out_by_rounds(coloretto.new_game(3, seed=2), [RandomBot(s) for s in range(3)],
    ...                                       lambda state: state.round_number)
    >>> len(standings) == final.round_number, standings[-1] == final.scores
    (True, True)
    """
    standings = []
    for _ in range(max_actions):
        if state.is_over:
            return state, standings
        number = round_of(state)
        state = state.apply(bots[state.current_player].choose(state))
        if state.is_over or round_of(state) != number:
            standings.append(tuple(state.scores))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
