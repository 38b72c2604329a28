"""The fast path: one protocol for every game's fast twin of its engine, and the record it leaves.

The lab plays thousands of games; a game may offer a fast twin of its public engine for that, a
module named by its registry entry (``GameSpec.fast``) that plays **exactly** the games the
public engine plays from the same seeds, with the same bots (its tests play both in lockstep).
Every game's fast module has the same three functions with the same signatures
(:class:`FastPath`), so the lab and the expert never need to know which game they play:

- ``play_fast(players, seed, bot_seeds, variant, *, bots=None, on_step=None)``: a whole game, its
  record saying which seat made the first move (``starter``, from what the deal already drew);
- ``play_on(state, bot_seeds, *, bots=None, rounds=None, on_step=None)``: on from any position
  of the public engine, to the end of the game or of ``rounds`` rounds (the round under way
  counts as one; what a round is, each game says: a hand, a round, a turn);
- ``play_public(state, bots)``: a game on the public engine, recorded the same way;

each returning a :class:`Record`. ``bots`` names the bot of each seat among ``FAST_BOTS`` (None:
random bots), ``bot_seeds`` seeds them, and ``on_step(seat, legal_texts, index)``, when given, is
called before every move with the texts of the legal moves in the engine's order and the index
of the one chosen (the lockstep tests compare that with the public engine).

>>> Record(scores=(3, 1), actions=12).scores
(3, 1)
>>> Record(scores=(3, 1), actions=12, starter=1) == Record(scores=(3, 1), actions=12)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

__all__ = ["FastPath", "OnStep", "Record"]

#: Called before every move of a fast game: ``on_step(seat, legal move texts, index chosen)``.
OnStep = Callable[[int, list[str], int], Any]


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
                  bots: Sequence[str] | None = None, on_step: OnStep | None = None) -> Record: ...

    def play_on(self, state: Any, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None,
                rounds: int | None = None, on_step: OnStep | None = None) -> Record: ...

    def play_public(self, state: Any, bots: Sequence[Any]) -> Record: ...
