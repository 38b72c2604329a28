"""Checking a function's arguments: whole numbers, seats and seeds, refused with a sentence."""

from __future__ import annotations

import numbers
import secrets
from functools import cache
from typing import Any

from .errors import short_text

__all__ = ["SEED_LIMIT", "MAX_DIGITS", "check_whole", "check_seat", "seats_in_turn", "check_seed"]

#: Seeds are whole numbers below 2**64 (what a save file can hold and every machine reads alike).
SEED_LIMIT = 2**64

#: The longest number a text or a save file may write (a seed below 2**64 has at most 20 digits).
MAX_DIGITS = 20

def check_whole(value: Any, *, name: str, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number (not a bool) in ``low..high``; else TypeError or
    ValueError. Any integer type counts (a seed read back from a pandas table is a numpy integer).

    >>> check_whole(4, name="players", low=2, high=6)
    4
    >>> check_whole(4.0, name="players", low=2, high=6)
    Traceback (most recent call last):
    TypeError: players must be a whole number from 2 to 6, not 4.0 (a float)
    """
    expected = _range_text(low, high)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number{expected}, not {short_text(value)} (a {type(value).__name__})")
    value = int(value)
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be a whole number{expected}, not {short_text(value)}")
    return value


def _action_text(action: Any) -> str:
    """An action as the learner writes it (its text), or a short repr when it has no text."""
    try:
        return short_text(str(action), 200)
    except Exception:      # a hand-built object whose text cannot be made
        return short_text(action, 200)


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and low == high:
        return f", exactly {low}"
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" from {low} up"
    return f" up to {high}" if high is not None else ""


def check_seat(seat: Any, players: int) -> int:
    """A seat number ``0..players-1`` (so ``-1`` is refused, not read as the last seat).

    >>> check_seat(-1, 3)
    Traceback (most recent call last):
    ValueError: seat must be a whole number from 0 to 2, not -1
    """
    return check_whole(seat, name="seat", low=0, high=players - 1)


@cache
def seats_in_turn(players: int) -> tuple[tuple[int, ...], ...]:
    """Per first seat, every seat in turn from it (to its left): the order of play to a trick.

    >>> seats_in_turn(3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    return tuple(tuple((first + step) % players for step in range(players)) for first in range(players))


def check_seed(seed: Any) -> int:
    """A game's seed: ``None`` draws a fresh one (recorded, so the game still replays)."""
    if seed is None:
        return secrets.randbelow(2**32)
    return check_whole(seed, name="seed", low=0, high=SEED_LIMIT - 1)
