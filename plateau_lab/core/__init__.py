"""What every engine shares: the state protocol, the registry, errors, parsing, randomness and JSON.

Every game lives in ``plateau_lab.games.<name>``, declares itself once in the registry (a
:class:`GameSpec` named ``SPEC`` in its package) and offers the same small API::

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=7)
    >>> state.current_player
    0
    >>> state = state.apply(state.legal_actions()[0])   # a new state; the old one is unchanged
    >>> len(state.history)
    1

**States never change.** ``apply`` checks the move first and raises :class:`IllegalAction`
(naming the rule that forbids it) without touching anything, so a notebook can keep any earlier
state and step back to it. Engines make every new state with :meth:`GameState.derive`.

**Equal positions.** Two states are equal when the game would continue identically from both:
the same game, players, seed and options, and the same position. The history, the log and the
scenario text a game started from do not count.

**The order of** ``legal_actions()`` is part of the protocol: each game documents it, it depends
only on the position, and :class:`plateau_lab.core.bots.RandomBot` and the fast playouts rely on it
(a random bot's move is ``random.choice(state.legal_actions())``).

**One observation shape.** ``state.observation(seat)`` is a dict with the keys of
:data:`OBSERVATION_KEYS` first, then the game's own public keys. Cards are the game's card
objects; a card the seat may not see is never in it, only counted.
"""

from __future__ import annotations

import importlib
import json
import numbers
import random
import secrets
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache, cached_property
from typing import Any, ClassVar, Protocol

from .bots import RandomBot

__all__ = ["GAME_NAMES", "SAVE_FORMAT", "SEED_LIMIT", "OBSERVATION_KEYS", "MAX_DIGITS", "IllegalAction",
           "NotReplayable", "ParseError", "count_of", "short_text", "quoted", "check_whole", "check_seat",
           "seats_in_turn", "check_seed", "parse_whole", "parse_seat", "parse_bool", "parse_cards",
           "scenario_fields", "allows", "parse_choice", "seeded_random", "Option", "GameSpec", "game_spec",
           "RULES_NAME", "STANDARD", "rule_set_name", "check_rules_name",
           "game_module", "Setup", "GameState", "cached", "Play", "Deal", "DEAL", "parse_play", "Bot", "load_json",
           "play_out", "RandomBot"]


#: The registry: every game's package name, in the order the notebooks teach them. A new game
#: is its own package ``plateau_lab.games.<name>`` with a ``SPEC``, plus its name here.
GAME_NAMES = ("syndicate", "plotters", "coloretto", "wimmuln", "le_plateau", "oh_hell")
SAVE_FORMAT = 1
#: Seeds are whole numbers below 2**64 (what a save file can hold and every machine reads alike).
SEED_LIMIT = 2**64
#: The keys every observation starts with, in this order.
OBSERVATION_KEYS = ("game", "seat", "players", "current_player", "is_over", "scores", "hand", "hand_sizes",
                    "legal_actions")
#: The longest number a text or a save file may write (a seed below 2**64 has at most 20 digits).
MAX_DIGITS = 20


class IllegalAction(ValueError):
    """A move the rules forbid. Says which rule, why, and what would be legal.

    >>> err = IllegalAction("play Bard", rule="follow the mark",
    ...                     reason="you hold a personality", legal=["play Author"])
    >>> print(err)
    'play Bard' is illegal (follow the mark): you hold a personality. Legal now: play Author
    """

    def __init__(self, action: Any, *, rule: str, reason: str, legal: Iterable[Any] = ()):
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal[:40])
        if len(self.legal) > 40:
            shown += f", … ({len(self.legal)} in all)"
        super().__init__(
            f"'{short_text(action)}' is illegal ({rule}): {reason}. Legal now: {shown or 'nothing'}"
        )


class NotReplayable(ValueError):
    """A state with no past of its own: ``states()`` and ``to_json()`` raise it, saying why, rather
    than replay or save another game (e.g. a position the expert imagined, which its game cannot
    write as a scenario; see :mod:`plateau_lab.core.imagining`). ``fault`` is true when the past
    written for the state does not lead to it: a fault of the game's model, not a known limit."""

    def __init__(self, message: str, *, fault: bool = False):
        super().__init__(message)
        self.fault = fault


class ParseError(ValueError):
    """Malformed text or JSON: says where (``where``) and what (``what``).

    >>> print(ParseError("no card named 'Dragon'", where="hand 1"))
    hand 1: no card named 'Dragon'
    """

    def __init__(self, what: str, *, where: str):
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}")


def _same_move(action: Any, legal: tuple[Any, ...]) -> Any:
    """The legal move ``action`` stands for, or None.

    Equality alone is not enough for a hand-built action: ``True == 1`` and a NamedTuple equals a
    plain tuple, so the match must also be of the same class and read the same as text.
    """
    for move in legal:          # one of the state's own moves (the expert's searches pass them): found at once
        if move is action:
            return move
    for move in legal:
        if move == action:
            return move if type(move) is type(action) and str(move) == _text_or_none(action) else None
    return None


def _text_or_none(action: Any) -> str | None:
    try:
        return str(action)
    except Exception:      # a hand-built object whose text cannot be made
        return None


def count_of(count: int, noun: str) -> str:
    """A count with its noun, singular for one (and minus one): the way every sentence a learner
    reads counts. A negative count is written with a true minus sign.

    >>> count_of(1, "trick"), count_of(0, "trick"), count_of(3, "point"), count_of(-1, "point")
    ('1 trick', '0 tricks', '3 points', '−1 point')
    """
    number = f"−{-count}" if count < 0 else f"{count}"
    return f"{number} {noun}{'' if abs(count) == 1 else 's'}"


def short_text(value: Any, limit: int = 60) -> str:
    """A value as text for an error message, cut to ``limit`` characters (inputs may be huge).

    >>> short_text("x" * 100, 10)
    'xxxxxxxxx…'
    >>> short_text(10**5000)
    '<int>'
    """
    try:
        text = value if isinstance(value, str) else repr(value)
    except Exception:      # e.g. an int beyond Python's digit limit, or a broken hand-built object
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def quoted(value: Any, limit: int = 40) -> str:
    """``value`` as Python writes it (text in quotes), for a message: about ``limit`` characters at most.

    >>> quoted("A9(-3,3)"), quoted("x" * 100, limit=8), quoted(2.5)
    ("'A9(-3,3)'", "'xxxxxx…'", '2.5')
    """
    if not isinstance(value, str):
        return short_text(value, limit)
    text = repr(value[:limit + 1])
    return text if len(text) <= limit + 2 else text[:limit - 1] + "…" + text[-1]


# ---------------------------------------------------------------- checking arguments


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


# ---------------------------------------------------------------- shared parsing


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


# ---------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Option:
    """One of a game's rule options (a variant): its name, default, and the values it allows.

    ``kind`` is ``bool``, ``int``, ``str`` or ``tuple``. Whole numbers are bounded by ``low`` and
    ``high`` (bounds that keep every game finite); ``choices`` lists the allowed values when they are
    few; ``none`` means None is allowed, standing for "the rules' own choice for this set-up";
    ``check`` further validates a value (raising ValueError) and may return it normalised.

    A ``tuple`` rule is a table of whole numbers (a scoring table): each number within ``low`` and
    ``high``, and ``shortest`` to ``longest`` numbers (a list, as a save file writes it, is read as
    a tuple). ``played`` names the values the soak and the property tests play, when the default
    and the lowest bound would not make a playable game with every other rule at its default.

    >>> Option("target", 12, int, "points to win", low=1, high=50).validate(10**9)
    Traceback (most recent call last):
    ValueError: target must be a whole number from 1 to 50, not 1000000000
    >>> Option("golden_joker", False, bool, "").validate("no")
    Traceback (most recent call last):
    TypeError: golden_joker must be true or false, not 'no' (a str)
    >>> table = Option("points", (1, 3, 6), tuple, "points per count", low=0, high=99, shortest=1, longest=10)
    >>> table.validate([1, 3, 6, 10])
    (1, 3, 6, 10)
    >>> table.validate(())
    Traceback (most recent call last):
    ValueError: points must be a table of 1 to 10 whole numbers, not ()
    >>> table.validate((1, 300))
    Traceback (most recent call last):
    ValueError: points must be a table of whole numbers from 0 to 99: its number 2 is 300
    """

    name: str
    default: Any
    kind: type
    doc: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    none: bool = False
    check: Callable[[Any], Any] | None = None
    shortest: int = 0
    longest: int | None = None
    played: tuple[Any, ...] = ()

    def validate(self, value: Any) -> Any:
        """``value`` checked (and normalised by ``check``); TypeError or ValueError says what is expected."""
        if value is None and self.none:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise TypeError(f"{self.name} must be true or false, not {short_text(value)!r} (a {type(value).__name__})")
        elif self.kind is int:
            value = check_whole(value, name=self.name, low=self.low, high=self.high)
        elif self.kind is tuple:
            value = self._table(value)
        elif not isinstance(value, self.kind):
            raise TypeError(f"{self.name} must be a {self.kind.__name__}, not {short_text(value)} "
                            f"(a {type(value).__name__})")
        if self.choices and value not in self.choices:
            raise ValueError(f"{self.name} must be one of {', '.join(map(repr, self.choices))}, not {short_text(value)!r}")
        return self.check(value) if self.check is not None else value

    def _table(self, value: Any) -> tuple[int, ...]:
        """A table of whole numbers (a tuple or a list), its length and each number within bounds."""
        if not isinstance(value, (tuple, list)):
            raise TypeError(f"{self.name} must be a table of whole numbers (a tuple or a list), not "
                            f"{short_text(value)} (a {type(value).__name__})")
        if len(value) < self.shortest or (self.longest is not None and len(value) > self.longest):
            sizes = (f"{self.shortest} to {self.longest}" if self.longest is not None
                     else f"at least {self.shortest}")
            raise ValueError(f"{self.name} must be a table of {sizes} whole numbers, not {short_text(tuple(value))}")
        numbers_ = []
        for place, number in enumerate(value, start=1):
            try:
                numbers_.append(check_whole(number, name="", low=self.low, high=self.high))
            except (TypeError, ValueError):
                raise (TypeError if isinstance(number, bool) or not isinstance(number, numbers.Integral)
                       else ValueError)(f"{self.name} must be a table of whole numbers{_range_text(self.low, self.high)}"
                                        f": its number {place} is {short_text(number)}") from None
        return tuple(numbers_)

    def played_values(self) -> list[Any]:
        """The values the soak and the property tests play: ``played`` when given, else both ways,
        every choice, the default and the lowest bound of a whole number, and None where it is allowed.

        >>> Option("target", 12, int, "points to win", low=1, high=50).played_values()
        [12, 1]
        """
        if self.played:
            return list(self.played)
        if self.kind is bool:
            values = [False, True]
        elif self.choices:
            values = list(self.choices)
        elif self.kind is int:
            values = [self.default, self.low if self.low is not None else self.default]
        else:
            values = [self.default]
        if self.none and None not in values:
            values.append(None)
        return list(dict.fromkeys(values))


@dataclass(frozen=True)
class GameSpec:
    """A game's entry in the registry: everything the package, the lab and the widgets read.

    ``players`` is the range of player counts; ``options`` the rule options; ``bots`` the game's
    own bots by name (``factory(seed) -> bot``; ``"random"`` is added for every game, and the lab
    adds its expert where the game has a model: ``plateau_lab.lab.bots``); ``tables`` the kinds of
    ``simulate`` table (``"players"``, and ``"rounds"`` for games of rounds); ``words`` a move in the
    learner's words, the one wording of buttons, hints and the expert's sentences (its text,
    ``str(action)``, by default); ``short_game`` the players and options of a short game, for
    demonstrations and the generic tests (the default players and options when None).

    The parts of a game that belong to higher layers are named by their modules, loaded when
    first asked for, so that the rules never import them: ``fast``, the fast path
    (:mod:`plateau_lab.core.fastpath`); ``expert_model``, the module whose ``MODEL`` tells the
    expert about the game (:mod:`plateau_lab.core.imagining`); ``view``, the module whose ``VIEW``
    seats the game at the play table (:mod:`plateau_lab.core.tableview`); ``walkthrough``, the module
    of the user interface whose ``ScoringWalkthrough`` widget works a score out step by step as the
    learner changes its controls (``plateau_lab.ui.walkthroughs.scoring_walkthrough`` makes one; None
    when the game has none; the registry only names it, so nothing below the interface loads a widget); ``guide``, the
    module whose ``GUIDE`` is the game's guided first game (:mod:`plateau_lab.core.guide`;
    :meth:`guide_script` reads it).
    """

    name: str
    title: str
    players: range
    default_players: int
    options: tuple[Option, ...] = ()
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    tables: tuple[str, ...] = ("players",)
    fast: str | None = None
    expert_model: str | None = None
    view: str | None = None
    walkthrough: str | None = None
    guide: str | None = None
    words: Callable[[Any], str] = str
    short_game: tuple[int, Mapping[str, Any]] | None = None

    @property
    def short(self) -> tuple[int, dict[str, Any]]:
        """A short game of this game: ``(players, options)``."""
        players, variant = self.short_game or (self.default_players, {})
        return players, dict(variant)

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)

    @property
    def bot_names(self) -> tuple[str, ...]:
        return ("random", *self.bots)

    def check_players(self, players: Any) -> int:
        """``players`` if this game is for that many, else TypeError/ValueError saying the range."""
        return check_whole(players, name=f"{self.title} players", low=self.players.start, high=self.players.stop - 1)

    def check_variant(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        """Every option, checked, defaults filled in: what a game's ``Setup.variant`` holds."""
        unknown = sorted(set(variant) - set(self.option_names))
        if unknown:
            has = ", ".join(self.option_names) or "no options"
            raise ValueError(f"unknown {'option' if len(unknown) == 1 else 'options'} {', '.join(map(short_text, unknown))}; {self.title} has: {has}")
        return {option.name: option.validate(variant.get(option.name, option.default)) for option in self.options}

    def setup(self, players: Any, seed: Any, variant: Mapping[str, Any], scenario: str | None = None) -> Setup:
        """A checked :class:`Setup`: the one way every ``new_game`` and ``scenario`` begins.

        ``variant`` may also name its rule set (:data:`RULES_NAME`, not an option): the name every
        table and save file shows instead of the one :func:`rule_set_name` derives.
        """
        variant = dict(variant)
        name = check_rules_name(variant.pop(RULES_NAME, None))
        return Setup(self.name, self.check_players(players), check_seed(seed), self.check_variant(variant), scenario,
                     rules_name=name)

    def rule_set_name(self, variant: Mapping[str, Any]) -> str:
        """The name of the rule set ``variant`` (see :func:`rule_set_name`)."""
        return rule_set_name(self, variant)

    def bot(self, name: str, seed: int = 0, **options):
        """A new bot of the game by its name (``bot_names``); ``options`` go to its maker. The
        random bot takes none. (The lab seats the expert too: ``plateau_lab.lab.bots.make_bot``.)"""
        if name == "random":
            if options:
                raise TypeError(f"the random bot takes no options, only a seed; got {', '.join(options)}")
            return RandomBot(seed)
        if name not in self.bots:
            raise ValueError(f"{self.title} has no bot named {short_text(name)!r}; its bots are {', '.join(self.bot_names)}")
        return self.bots[name](seed, **options)

    @property
    def module(self):
        """The game's package (``new_game``, ``scenario``, its cards and moves)."""
        return importlib.import_module(f"plateau_lab.games.{self.name}")

    def new_game(self, players: int | None = None, *, seed: int | None = None, **variant) -> GameState:
        """The game's ``new_game``, with the default player count when none is given."""
        return self.module.new_game(self.default_players if players is None else players, seed=seed, **variant)

    def fast_module(self):
        """The module of the game's fast path (see :mod:`plateau_lab.core.fastpath`), or None."""
        return importlib.import_module(self.fast) if self.fast else None

    def table_view(self):
        """The game's :class:`~plateau_lab.core.tableview.TableView` (``VIEW`` in its ``view`` module)."""
        if self.view is None:
            raise ValueError(f"{self.title} has no table view: its registry entry names no view module")
        return importlib.import_module(self.view).VIEW

    def guide_script(self):
        """The game's guided first game, a :class:`~plateau_lab.core.guide.Guide` (``GUIDE`` in its
        ``guide`` module): a fixed deal and the steps the learner is walked through.

        >>> game_spec("oh_hell").guide_script().title
        'Oh Hell'
        """
        if self.guide is None:
            raise ValueError(f"{self.title} has no guided game: its registry entry names no guide module")
        return importlib.import_module(self.guide).GUIDE


def game_spec(name: str) -> GameSpec:
    """A game's registry entry, by its name in :data:`GAME_NAMES`."""
    return game_module(name).SPEC


def game_module(name: str):
    """The package of a game, by its name in :data:`GAME_NAMES`."""
    if not isinstance(name, str) or name not in GAME_NAMES:
        raise ValueError(f"no game named {short_text(name)!r}; the games are {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"plateau_lab.games.{name}")


#: The key of a variant that names its rule set (``new_game(4, plus_colours=2, rules_name="two plus")``).
RULES_NAME = "rules_name"
#: The name of the rulebook's own rules: every option at its default.
STANDARD = "standard"
#: The longest name a rule set may have.
LONGEST_RULES_NAME = 80


def check_rules_name(name: Any) -> str | None:
    """A rule set's own name (None: none given), or TypeError/ValueError saying what is expected.

    >>> check_rules_name("  two plus colours ")
    'two plus colours'
    >>> check_rules_name("")
    Traceback (most recent call last):
    ValueError: a rule set's name must be a text of 1 to 80 characters, not ''
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"a rule set's name is a text, not {short_text(name)} (a {type(name).__name__})")
    name = " ".join(name.split())
    if not 1 <= len(name) <= LONGEST_RULES_NAME:
        raise ValueError(f"a rule set's name must be a text of 1 to {LONGEST_RULES_NAME} characters, "
                         f"not {quoted(name)}")
    return name


def rule_set_name(spec: GameSpec | str, variant: Mapping[str, Any]) -> str:
    """The name of a rule set: ``"standard"`` when every option is the rulebook's (its default),
    else the options that differ, in the game's order, each as a few words; the name the caller gave
    (``variant["rules_name"]``) when there is one.

    >>> rule_set_name("coloretto", {})
    'standard'
    >>> rule_set_name("coloretto", {"scoring": "grey", "golden_joker": True})
    'scoring grey, golden joker'
    >>> rule_set_name("wimmuln", {"target": 100, "rounds": 5})
    'target 100, rounds 5'
    >>> rule_set_name("coloretto", {"scoring": "grey", "rules_name": "the grey side"})
    'the grey side'
    """
    spec = game_spec(spec) if isinstance(spec, str) else spec
    given = check_rules_name(variant.get(RULES_NAME))
    if given is not None:
        return given
    full = spec.check_variant({key: value for key, value in variant.items() if key != RULES_NAME})
    changes = [_rule_words(option, full[option.name]) for option in spec.options if full[option.name] != option.default]
    return ", ".join(changes) or STANDARD


def _rule_words(option: Option, value: Any) -> str:
    """One changed rule in a few words: ``golden joker``, ``no golden joker``, ``plus colours 2``,
    ``points table 1-2-3``."""
    words = option.name.replace("_", " ")
    if value is True:
        return words
    if value is False:
        return f"no {words}"
    if value is None:
        return f"{words} as the rulebook"
    if isinstance(value, tuple):
        return f"{words} {'-'.join(map(str, value))}"
    return f"{words} {value}"


@dataclass(frozen=True)
class Setup:
    """Everything needed to rebuild a game's first state: the part of a save file before the moves.

    Two setups are equal when their games would play alike: the scenario's text does not count.

    ``origin`` is None for a game begun by ``new_game``, ``scenario`` or ``load_json``. A position
    the expert imagined (:func:`plateau_lab.core.imagining.imagined`) has a record there instead,
    which writes its scenario only when its past or its save is asked for (``origin.past(state)``:
    the first state and the moves from it to ``state``, or :class:`NotReplayable`); it does not count
    either.

    ``rules_name`` is the name the caller gave the rule set (None: :attr:`rules` derives one from
    the options); it does not count either, for it changes no move.
    """

    game: str
    players: int
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    scenario: str | None = field(default=None, compare=False)
    origin: Any = field(default=None, compare=False, repr=False)
    rules_name: str | None = field(default=None, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "variant", dict(self.variant))   # a copy: the caller's dict may change

    def __hash__(self) -> int:
        return hash((self.game, self.players, self.seed, tuple(sorted(self.variant.items()))))

    @property
    def rules(self) -> str:
        """The rule set's name: the one given, else ``"standard"`` or the options that differ
        (:func:`rule_set_name`).

        >>> Setup("coloretto", 3, 1, {"scoring": "grey"}).rules
        'scoring grey'
        """
        return self.rules_name if self.rules_name is not None else rule_set_name(self.game, self.variant)

    def first_state(self) -> GameState:
        module = game_module(self.game)
        if self.scenario is not None:
            state = module.scenario(self.scenario, seed=self.seed, **self.variant)
        else:
            state = module.new_game(self.players, seed=self.seed, **self.variant)
        if self.rules_name is not None:
            state = state.derive(setup=replace(state.setup, rules_name=self.rules_name))
        return state


# ---------------------------------------------------------------- the state protocol


_FIELD_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _names_of(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every field of a state class, the fields that make its position)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        every = fields(cls)
        names = _FIELD_NAMES[cls] = (tuple(f.name for f in every), tuple(f.name for f in every if f.compare))
    return names


class cached(cached_property):
    """``functools.cached_property`` without the lock that Python 3.11 takes at every first read
    (Python 3.12 dropped it): a game makes a state at every move, and the lock cost more than most
    of the values it guarded. Two threads reading a value at once may both work it out; a state
    never changes, so both find the same value.

    >>> class Square:
    ...     def __init__(self, side):
    ...         self.side = side
    ...     @cached
    ...     def area(self):
    ...         print("worked out")
    ...         return self.side ** 2
    >>> square = Square(3)
    >>> square.area
    worked out
    9
    >>> square.area
    9
    """

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value


class GameState(ABC):
    """The protocol every game's state follows (see the module docstring).

    A game's ``State`` is a ``@dataclass(frozen=True, eq=False)`` (equality is the protocol's,
    defined here) with fields ``setup``, ``_history`` (the moves applied, which :attr:`history`
    reads) and ``log`` (the last two declared with ``field(compare=False)``, or as cached properties
    over such a field). It implements the rules in
    ``legal_actions``, ``_why_illegal`` and ``_after``, what a seat sees in ``_observe``, and
    makes every new state with :meth:`derive`. Values worked out from the position are cached
    with ``functools.cached_property`` (or :class:`cached`, the same without Python 3.11's lock);
    :meth:`derive` never carries a cache over.
    """

    GAME: ClassVar[str]
    setup: Setup
    _history: tuple[Any, ...]
    log: tuple[str, ...]

    @property
    def history(self) -> tuple[Any, ...]:
        """The moves from this game's first state to this one: what :meth:`states` replays and
        :meth:`to_json` saves. A game begun by ``scenario`` starts at the written position, so its
        history holds the moves since; so does an imagined position (see
        :mod:`plateau_lab.core.imagining`): its history is that of its own past, from the scenario
        of its imagined deal (the start of the game, hand or turn it belongs to) with the imagined
        moves, never the real game's, and raises :class:`NotReplayable` when it has no past. It is
        written only when asked for: the engines append to ``_history``, so playing on from an
        imagined position costs nothing more. The odds bar's copy of a position with a new seed
        (``fresh_setup``), whose cards lie as they do in the real game, keeps that game's moves."""
        origin = self.setup.origin
        return self._history if origin is None else origin.history(self)

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that acts next, or None when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]: ...

    @abstractmethod
    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions, in the order the game documents (part of the protocol)."""

    @abstractmethod
    def parse_action(self, text: str) -> Any: ...

    @abstractmethod
    def _why_illegal(self, action: Any) -> tuple[str, str]:
        """For a well-formed action that is not legal here: (the rule that forbids it, why)."""

    @abstractmethod
    def _after(self, action: Any) -> GameState:
        """The state after a legal action."""

    @abstractmethod
    def _observe(self, seat: int) -> dict[str, Any]:
        """The game's part of ``observation(seat)``: ``hand`` and ``hand_sizes``, then its public keys."""

    @abstractmethod
    def cards_in_game(self) -> Counter:
        """Every card of the game, counted wherever it lies; the same in every state of a game."""

    @abstractmethod
    def cards_hidden_from(self, seat: int) -> Counter:
        """The cards ``seat`` may not see now (other hands, face-down cards, unseen piles)."""

    @abstractmethod
    def to_svg(self, viewer: int | None = None) -> str:
        """A picture of the state; with a viewer, as that player sees it."""

    # -- one way to make states, one equality

    def derive(self, **changes: Any):
        """A new state like this one with some fields changed: the one way engines make states.

        Fields are shared, not copied (they are immutable), and no cached value is carried over.
        Naming a field the state does not have is a TypeError.
        """
        cls = type(self)
        every, _ = _names_of(cls)
        old = self.__dict__
        values = old.copy() if len(old) == len(every) else {name: old[name] for name in every}
        for name in changes:
            if name not in values:
                raise TypeError(f"{cls.__module__}.{cls.__name__} has no field {name!r}")
        values.update(changes)
        fresh = object.__new__(cls)
        object.__setattr__(fresh, "__dict__", values)
        return fresh

    def position(self) -> tuple[Any, ...]:
        """What makes this position: every field but the history and the log (see the module docstring)."""
        _, compared = _names_of(type(self))
        values = self.__dict__
        return tuple(values[name] for name in compared)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self is other or self.position() == other.position()

    def __hash__(self) -> int:
        return hash(self.position())

    # -- the rest of the protocol, the same for every game

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the game is over (ties are shared)."""
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, in the one shape of every game: :data:`OBSERVATION_KEYS`, then the
        game's public keys. ``legal_actions`` is empty unless ``seat`` is to act."""
        seat = check_seat(seat, self.players)
        seen = {"game": self.setup.game, "seat": seat, "players": self.players,
                "current_player": self.current_player, "is_over": self.is_over, "scores": self.scores}
        own = self._observe(seat)
        seen["hand"] = own.pop("hand")
        seen["hand_sizes"] = own.pop("hand_sizes")
        seen["legal_actions"] = self.legal_actions() if self.current_player == seat else ()
        seen.update(own)
        return seen

    def apply(self, action: Any) -> GameState:
        """The state after ``action`` (an action or its text). Raises IllegalAction, changing nothing.

        Text is read with ``parse_action`` (ParseError when it cannot be read). An action object
        that is not one this game could write (wrong class, wrong field types) is refused as
        IllegalAction too: a well-formed action reads back from its own text.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self.legal_actions()
        match = _same_move(action, legal)
        if match is not None:
            return self._after(match)
        if self.is_over:
            rule, reason = "end of the game", "the game is over"
        elif not self._well_formed(action):
            rule, reason = "a move of this game", (f"{short_text(action)} is not a {self.setup.game} action; "
                                                    "write one as text, e.g. " + (str(legal[0]) if legal else "''"))
        else:
            rule, reason = self._why_illegal(action)
        raise IllegalAction(_action_text(action), rule=rule, reason=reason, legal=legal)

    def _well_formed(self, action: Any) -> bool:
        try:
            return self.parse_action(str(action)) == action
        except (ValueError, TypeError, AttributeError, LookupError, RecursionError):
            return False

    def states(self) -> list[GameState]:
        """Every state of this game from the first to this one, by replaying the history (for an
        imagined position, from the scenario of its deal; :class:`NotReplayable` if it has none)."""
        origin = self.setup.origin
        if origin is None:
            state, moves = self.setup.first_state(), self._history
        else:
            state, moves = origin.past(self)
        seen = [state]
        for action in moves:
            if origin is None:
                state = state._after(action)
            else:                       # an imagined past is checked move by move, as load_json does
                try:
                    state = state.apply(action)
                except IllegalAction as err:
                    raise NotReplayable(f"this {self.setup.game} position was imagined, and the past written for "
                                        f"it breaks a rule ({err}): a fault of the game's expert model",
                                        fault=True) from None
            seen.append(state)
        if origin is not None and state != self:
            raise NotReplayable(f"this {self.setup.game} position was imagined, and replaying the past written for "
                                "it gives another position (a fault of the game's expert model, reported instead "
                                "of another game)", fault=True)
        return seen

    def to_json(self) -> str:
        """The game as JSON: its setup and its moves as text. ``load_json`` replays it. An imagined
        position is saved as its scenario and the moves since (checked by replaying them), or
        raises :class:`NotReplayable`, never saving another game."""
        scenario, moves = self.setup.scenario, self._history
        if self.setup.origin is not None:
            first = self.states()[0]
            scenario, moves = first.setup.scenario, self.setup.origin.past(self)[1]
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.setup.game,
                "players": self.setup.players,
                "seed": self.setup.seed,
                "variant": dict(self.setup.variant),
                "rules": self.setup.rules,
                "scenario": scenario,
                "actions": [str(action) for action in moves],
            },
            indent=1,
        )

    def _repr_svg_(self) -> str:
        return self.to_svg()


@dataclass(frozen=True, slots=True)
class Play:
    """Playing one card, the move of every trick-taking game: ``play R14``, ``play Merchant``.

    >>> str(Play("21"))
    'play 21'
    """

    card: Any

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The next dealer deals the next round or hand: a move of its own, so that the finished
    round stays on the table (its last trick and scores) until somebody moves on."""

    def __str__(self) -> str:
        return "deal"


DEAL = Deal()


def parse_play(text: str, parse_card: Callable[..., Any], *, where: str) -> Play | None:
    """``Play`` for the text ``play CARD`` (any case and spacing); None when the text is not a play.

    >>> parse_play("  PLAY   21 ", lambda word, where: word.strip(), where="action")
    Play(card='21')
    """
    word, _, rest = text.strip().partition(" ")
    if word.casefold() != "play":
        return None
    return Play(parse_card(rest.strip(), where=where))


class Bot(Protocol):
    """Anything that picks a move: ``bot.choose(state) -> action`` for ``state.current_player``."""

    def choose(self, state: GameState) -> Any: ...


# ---------------------------------------------------------------- saved games


_SAVE_KEYS = {"format", "game", "players", "seed", "variant", "rules", "scenario", "actions"}


class _NumberTooLong(ValueError):
    pass


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _NumberTooLong(f"a number of {len(text.lstrip('-'))} digits; a save holds numbers of at most "
                             f"{MAX_DIGITS} digits")
    return int(text)


def load_json(text: str | bytes) -> GameState:
    """Rebuild a game saved with ``to_json`` by replaying its moves, checking every one.

    Anything malformed or tampered with raises ParseError saying where and what.

    >>> load_json('{"format": 1, "game": "syndicate", "players": 3, "seed": 1, "actions": [7]}')
    Traceback (most recent call last):
    plateau_lab.core.ParseError: actions[0]: expected the text of an action, got 7
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise ParseError(f"not UTF-8 text ({err.reason})", where=f"byte {err.start}") from None
    if not isinstance(text, str):
        raise TypeError(f"load_json reads the text of a save, not {short_text(text)} (a {type(text).__name__})")
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as err:
        raise ParseError(err.msg, where=f"line {err.lineno}, column {err.colno}") from None
    except _NumberTooLong as err:
        raise ParseError(str(err), where="a number") from None
    except RecursionError:
        raise ParseError("arrays or objects nested too deeply", where="top level") from None
    if not isinstance(data, dict):
        raise ParseError(f"expected a JSON object, got {_json_kind(data)}", where="top level")
    unknown = sorted(set(data) - _SAVE_KEYS)
    missing = sorted(_SAVE_KEYS - {"variant", "rules", "scenario"} - set(data))
    if unknown:
        raise ParseError(f"unknown {'key' if len(unknown) == 1 else 'keys'} {', '.join(map(short_text, unknown))}", where="top level")
    if missing:
        raise ParseError(f"missing {'key' if len(missing) == 1 else 'keys'} {', '.join(missing)}", where="top level")
    if data["format"] != SAVE_FORMAT or isinstance(data["format"], bool):
        raise ParseError(f"unsupported save format {short_text(data['format'])}; this version reads {SAVE_FORMAT}",
                         where="format")
    if not isinstance(data["game"], str) or data["game"] not in GAME_NAMES:
        raise ParseError(f"no game named {short_text(data['game'])}; the games are {', '.join(GAME_NAMES)}", where="game")
    spec = game_spec(data["game"])
    variant = data.get("variant") or {}
    scenario = data.get("scenario")
    if not isinstance(variant, dict):
        raise ParseError(f"expected an object of options, got {_json_kind(variant)}", where="variant")
    if scenario is not None and not isinstance(scenario, str):
        raise ParseError(f"expected the text of a scenario or null, got {_json_kind(scenario)}", where="scenario")
    if not isinstance(data["actions"], list):
        raise ParseError(f"expected a list of actions, got {_json_kind(data['actions'])}", where="actions")
    for key, check in (("players", spec.check_players), ("seed", check_seed)):
        if data[key] is None:
            raise ParseError("expected a whole number, got null", where=key)
        try:
            check(data[key])
        except (TypeError, ValueError) as err:
            raise ParseError(str(err), where=key) from None
    for option in spec.options:
        if option.name in variant:
            try:
                option.validate(variant[option.name])
            except (TypeError, ValueError) as err:
                raise ParseError(str(err), where=f"variant.{option.name}") from None
    try:
        full_variant = spec.check_variant(variant)
    except (TypeError, ValueError) as err:
        raise ParseError(str(err), where="variant") from None
    rules = data.get("rules")
    try:                # the derived name, however long, or a name of the caller's own
        named = None if rules is None or rules == rule_set_name(spec, full_variant) else check_rules_name(rules)
    except (TypeError, ValueError) as err:
        raise ParseError(str(err), where="rules") from None
    try:
        setup = Setup(data["game"], data["players"], data["seed"], full_variant, scenario, rules_name=named)
        state = setup.first_state()
    except ParseError as err:
        raise ParseError(err.what, where=f"scenario: {err.where}" if scenario is not None else err.where) from None
    except (TypeError, ValueError) as err:
        raise ParseError(str(err), where="scenario" if scenario is not None else "variant") from None
    if state.players != data["players"]:
        raise ParseError(f"the scenario has {state.players} players, not {data['players']}", where="players")
    for index, text_action in enumerate(data["actions"]):
        where = f"actions[{index}]"
        if not isinstance(text_action, str):
            raise ParseError(f"expected the text of an action, got {_json_kind(text_action)}", where=where)
        try:
            state = state.apply(text_action)
        except ParseError as err:
            raise ParseError(err.what, where=f"{where}: {err.where}") from None
        except IllegalAction as err:
            raise ParseError(str(err), where=where) from None
    return state


def _json_kind(value: Any) -> str:
    """A JSON value in a message: short, with its kind (``7``, ``a list``, ``an object``)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return "null" if value is None else json.dumps(value)[:60] if not isinstance(value, float) else repr(value)


def play_out(state: GameState, bots: Sequence[Bot] | Mapping[int, Bot], *, max_actions: int = 100_000) -> GameState:
    """Let the bots (one per seat) play from ``state`` to the end of the game."""
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
