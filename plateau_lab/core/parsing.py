"""The parsing every game's scenario text shares: numbers, seats, yes/no, card lists, fields and
choices, each refused with a :class:`~plateau_lab.core.errors.ParseError` saying where and what; and
seeded randomness (:func:`seeded_random`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .checks import MAX_DIGITS, _range_text
from .errors import ParseError, short_text

__all__ = ["parse_whole", "parse_seat", "parse_bool", "parse_cards", "scenario_fields", "allows", "parse_choice", "seeded_random"]



def parse_whole(text: str, *, where: str, low: int = 0, high: int | None = None, name: str = "the number") -> int:
    """Read a whole number written in ASCII digits (at most :data:`MAX_DIGITS`) within ``low..high``.

    >>> parse_whole(" 12 ", where="line 3")
    12
    >>> parse_whole("²", where="line 3")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 3: the number must be written in digits 0-9, got '²'
    """
    text = text.strip()
    if not text or not (text.isascii() and text.isdigit()):
        raise ParseError(f"{name} must be written in digits 0-9, got {short_text(text)!r}", where=where)
    if len(text) > MAX_DIGITS:
        raise ParseError(f"{name} has {len(text)} digits; at most {MAX_DIGITS} are read", where=where)
    number = int(text)
    if number < low or (high is not None and number > high):
        raise ParseError(f"{name} must be{_range_text(low, high)}, got {number}", where=where)
    return number


def parse_seat(text: str, players: int, *, where: str) -> int:
    """Read a seat number ``0..players-1``.

    >>> parse_seat("3", 3, where="dealer")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: dealer: the seat must be from 0 to 2, got 3
    """
    return parse_whole(text, where=where, low=0, high=players - 1, name="the seat")


_TRUE_WORDS = ("true", "yes", "on")
_FALSE_WORDS = ("false", "no", "off")


def parse_bool(text: str, *, where: str) -> bool:
    """Read ``true``/``yes``/``on`` or ``false``/``no``/``off`` (any case); anything else is an error.

    >>> parse_bool("No", where="french excuse")
    False
    """
    word = text.strip().casefold()
    if word in _TRUE_WORDS:
        return True
    if word in _FALSE_WORDS:
        return False
    raise ParseError(f"expected true or false (yes/no, on/off), got {short_text(text.strip())!r}", where=where)


def parse_cards(text: str, parse_card: Callable[..., Any], *, where: str, separator: str | None = ",",
                seen: dict[Any, list[str]] | None = None, copies: Callable[[Any], int] | None = None) -> tuple[Any, ...]:
    """Read a list of cards, each with ``parse_card(text, where=...)``, checking duplicates.

    Items are split on ``separator`` (``None``: on white space); empty items are skipped. A card
    may appear at most ``copies(card)`` times (once by default), counting the cards recorded in
    ``seen`` (card -> where each copy was read), which is updated: pass one dict to every list of
    a position to check duplicates across hands, piles and tricks.

    >>> parse_cards("7, 8, 7", lambda word, where: int(word), where="hand 0")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: hand 0: 7 is written twice (also in hand 0)
    """
    seen = {} if seen is None else seen
    cards = []
    for item in text.split(separator):
        if not item.strip():
            continue
        card = parse_card(item, where=where)
        places = seen.setdefault(card, [])
        if len(places) >= (copies(card) if copies is not None else 1):
            also = ", ".join(places)
            raise ParseError(f"{card} is written {'twice' if len(places) == 1 else f'{len(places) + 1} times'} "
                             f"(also in {also})", where=where)
        places.append(where)
        cards.append(card)
    return tuple(cards)


def scenario_fields(text: str, *, known: Callable[[str], bool], expected: str,
                    exceptions: Iterable[str] = ()) -> dict[str, tuple[int, str]]:
    """Read a scenario's ``key: value`` lines into {key: (line number, value)}.

    Keys are lower-cased with their spacing folded; ``#`` starts a comment; blank lines are skipped.
    A line without a colon, an unknown key (``known(key)`` is false) or a key given twice raises
    ParseError naming the line; ``expected`` describes the keys for that message.

    A scenario may set up a position the rules would not reach only by saying so plainly, in a
    line ``allow: NAME, …`` naming some of the game's ``exceptions`` (see :func:`allows`).

    >>> scenario_fields("Hand  0: Sea  # a Crown\\n\\nscores: 1 2 3", known=lambda k: True, expected="")
    {'hand 0': (1, 'Sea'), 'scores': (3, '1 2 3')}
    """
    if not isinstance(text, str):
        raise TypeError(f"a scenario is text, not {short_text(text)} (a {type(text).__name__})")
    exceptions = tuple(exceptions)
    fields_: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.split()).lower()
        if colon and key == "allow" and exceptions:
            names = [" ".join(name.split()).lower() for name in value.split(",") if name.strip()]
            unknown = [name for name in names if name not in exceptions]
            if unknown or not names:
                raise ParseError(f"'allow:' names what the scenario sets up against the rules, among: "
                                 f"{', '.join(exceptions)}; got {short_text(value.strip())!r}", where=f"line {number}")
        elif not colon or not known(key):
            raise ParseError(f"expected 'key: value' with {expected}; got {short_text(raw.strip())!r}", where=f"line {number}")
        if key in fields_:
            raise ParseError(f"{key!r} is given twice (first on line {fields_[key][0]})", where=f"line {number}")
        fields_[key] = (number, value.strip())
    return fields_


def allows(fields_: Mapping[str, tuple[int, str]], exception: str) -> bool:
    """Whether a scenario's ``allow:`` line names ``exception`` (read by :func:`scenario_fields`)."""
    if "allow" not in fields_:
        return False
    return exception in (" ".join(name.split()).lower() for name in fields_["allow"][1].split(","))


def parse_choice(text: str, options: Mapping[str, Any], *, kind: str, where: str) -> Any:
    """Look ``text`` up among ``options`` (case and spacing ignored); a ParseError lists them."""
    key = " ".join(text.split()).casefold()
    for name, value in options.items():
        if name.casefold() == key:
            return value
    names = ", ".join(options)
    raise ParseError(f"no {kind} {short_text(text.strip())!r}; expected one of: {names}", where=where)


def seeded_random(seed: int, *labels: object) -> random.Random:
    """A private generator for one random event of one game, derived from the game's seed.

    States never change, so they cannot carry a generator along; instead each random
    event (the deal, the third reshuffle, …) gets its own generator named by labels.
    Same seed and labels, same numbers, on every machine and Python version.

    >>> seeded_random(1, "deal").random() == seeded_random(1, "deal").random()
    True
    >>> seeded_random(1, "deal").random() == seeded_random(1, "reshuffle", 1).random()
    False
    """
    return random.Random("/".join(str(part) for part in (seed, *labels)))
