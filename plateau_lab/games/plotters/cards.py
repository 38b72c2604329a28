"""The cards of Plotters Inc. and the actions players take, each with a readable text.

A card is a colour and a number; its text is the colour's initial and the number::

    >>> card = parse_card("R14")
    >>> card, card.name
    (Card('R14'), 'red 14')
    >>> parse_card("yellow 6") == parse_card("y6")
    True
    >>> len(deck_for(4)), len(deck_for(5)), len(deck_for(6))
    (56, 70, 84)

Actions read back from their text::

    >>> [str(parse_action(text)) for text in ("play r14", "take Y16", "keep red + blue", "deal")]
    ['play R14', 'take Y16', 'keep blue+red', 'deal']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from ...core import ParseError

COLOURS = ("blue", "green", "red", "yellow")
"""The four colours, in the rulebook's order (which is also the order cards sort in)."""

INITIAL = {colour: colour[0].upper() for colour in COLOURS}
_BY_INITIAL = {initial: colour for colour, initial in INITIAL.items()}

HIGHEST_NUMBER = {
    4: {"blue": 14, "green": 14, "red": 14, "yellow": 14},
    5: {"blue": 17, "green": 17, "red": 18, "yellow": 18},
    6: {"blue": 21, "green": 21, "red": 21, "yellow": 21},
}
"""The rulebook's table: which numbers of each colour are used for 4, 5 and 6 players."""

CARDS_PER_PLAYER = 14


class Card(NamedTuple):
    """One card: a colour and a number (1-21). Its text is ``R14`` for the red 14.

    An immutable named tuple, so hashing and comparing cards is fast in simulations;
    cards sort by colour (in COLOURS order) and then by number.
    """

    colour: str
    number: int

    def __str__(self) -> str:
        return f"{INITIAL[self.colour]}{self.number}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    @property
    def name(self) -> str:
        """The card in words, as the rulebook writes it: ``red 14``."""
        return f"{self.colour} {self.number}"


_CARDS = {(colour, number): Card(colour, number) for colour in COLOURS for number in range(1, 22)}


def card(colour: str, number: int) -> Card:
    """The one shared Card object for this colour and number."""
    return _CARDS[colour, number]


def deck_for(players: int) -> tuple[Card, ...]:
    """The cards used with this many players.

    Rulebook: "Depending on the number of players, only the following cards are used":
    6 players all 84 cards (1-21 in every colour); 5 players 70 cards (1-18 in red and
    yellow, 1-17 in blue and green); 4 players 56 cards (1-14 in every colour).
    """
    if players not in HIGHEST_NUMBER:
        raise ValueError(f"Plotters Inc. is for 4 to 6 players, not {players}")
    highest = HIGHEST_NUMBER[players]
    return tuple(_CARDS[colour, number] for colour in COLOURS for number in range(1, highest[colour] + 1))


def parse_colour(text: str, *, where: str = "colour") -> str:
    """A colour from its name or initial (``red``, ``R``), any case."""
    key = text.strip().lower()
    if key in COLOURS:
        return key
    if key.upper() in _BY_INITIAL:
        return _BY_INITIAL[key.upper()]
    raise ParseError(f"no colour {text.strip()!r}; expected one of {', '.join(COLOURS)} (or B, G, R, Y)",
                     where=where)


def parse_card(text: str, *, where: str = "card") -> Card:
    """A card from ``R14``, ``r14``, ``red 14`` or ``red14``."""
    stripped = text.strip()
    letters = stripped.rstrip("0123456789").strip()
    digits = stripped[len(stripped.rstrip("0123456789")):]
    if not letters or not digits:
        raise ParseError(f"{stripped!r} is not a card; write a colour and a number, like R14 or red 14",
                         where=where)
    colour = parse_colour(letters, where=where)
    number = int(digits)
    if not 1 <= number <= 21:
        raise ParseError(f"{stripped!r}: numbers run from 1 to 21", where=where)
    return _CARDS[colour, number]


def parse_cards(text: str, *, where: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas: ``R10 Y6, B2``. Use initials here (``R10``)."""
    return tuple(parse_card(word, where=where) for word in text.replace(",", " ").split())


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from your hand to the trick."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    """High takes one card of the trick (one pick at a time, until half the trick, rounded up)."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Keep:
    """A player who holds all four colours keeps two of them open (the other two are discarded)."""

    colours: tuple[str, str]

    def __str__(self) -> str:
        return f"keep {self.colours[0]}+{self.colours[1]}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The next dealer deals the next round (after the scores of a round are shown)."""

    def __str__(self) -> str:
        return "deal"


PLAY = {c: Play(c) for c in _CARDS.values()}
TAKE = {c: Take(c) for c in _CARDS.values()}
KEEP = {pair: Keep(pair) for pair in combinations(COLOURS, 2)}
DEAL = Deal()

Action = Play | Take | Keep | Deal


def describe(action: Action) -> str:
    """An action in words, for menus: ``play red 14``, ``keep blue and red``, ``deal the next round``.

    >>> describe(parse_action("take Y16")), describe(parse_action("keep R+B"))
    ('take yellow 16', 'keep blue and red')
    """
    if isinstance(action, Play | Take):
        return f"{str(action).split()[0]} {action.card.name}"
    if isinstance(action, Keep):
        return f"keep {action.colours[0]} and {action.colours[1]}"
    return "deal the next round"


def keep_action(first: str, second: str) -> Keep:
    """The Keep action for two different colours, in any order."""
    pair = tuple(sorted((first, second), key=COLOURS.index))
    if pair not in KEEP:
        raise ValueError(f"keep two different colours, not {first} and {second}")
    return KEEP[pair]


def parse_action(text: str) -> Action:
    """An action from its text: ``play R14``, ``take R14``, ``keep red+blue`` or ``deal``."""
    words = text.strip().split(None, 1)
    verb = words[0].lower() if words else ""
    rest = words[1] if len(words) > 1 else ""
    if verb == "deal" and not rest:
        return DEAL
    if verb in ("play", "take") and rest:
        chosen = parse_card(rest, where=f"action {text.strip()!r}")
        return PLAY[chosen] if verb == "play" else TAKE[chosen]
    if verb == "keep" and rest:
        names = [part for part in rest.replace("+", " ").replace(",", " ").replace(" and ", " ").split()]
        if len(names) != 2:
            raise ParseError("say two colours to keep, like 'keep red+blue'", where=f"action {text.strip()!r}")
        first, second = (parse_colour(name, where=f"action {text.strip()!r}") for name in names)
        if first == second:
            raise ParseError("the two kept colours must differ", where=f"action {text.strip()!r}")
        return keep_action(first, second)
    raise ParseError("expected 'play R14', 'take R14', 'keep red+blue' or 'deal'", where=f"action {text.strip()!r}")
