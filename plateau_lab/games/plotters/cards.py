"""The cards of Plotters Inc. and the moves players make, each with a readable text.

A card is a colour and a number; its text is the colour's initial and the number::

    >>> card = parse_card("R14")
    >>> card, card.name
    (Card('R14'), 'red 14')
    >>> parse_card("yellow 6") == parse_card("y6")
    True
    >>> len(deck_for(4)), len(deck_for(5)), len(deck_for(6))
    (56, 70, 84)

The moves are core's :class:`~plateau_lab.core.Play` and :class:`~plateau_lab.core.Deal`, and
Plotters' own :class:`Take` and :class:`Keep`. Every move reads back from its text::

    >>> [str(parse_action(text)) for text in ("play r14", "take Y16", "keep red + blue", "deal")]
    ['play R14', 'take Y16', 'keep blue+red', 'deal']
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from ... import core
from ...core import DEAL, Deal, ParseError, Play, check_whole, parse_choice, parse_play, parse_whole, short_text

__all__ = ["COLOURS", "INITIAL", "PLAYERS", "COLOUR_NAMES", "HIGHEST_NUMBER", "CARDS_PER_PLAYER", "MOST_NUMBER", "Card",
           "card", "deck_for", "deck_of",
           "parse_colour", "parse_card", "parse_cards", "Play", "Take", "Keep", "Deal", "PLAY", "TAKE", "KEEP",
           "KEEPS", "DEAL", "Action", "describe", "keep_action", "parse_action"]


COLOURS = ("blue", "green", "red", "yellow")
"""The four colours, in the rulebook's order (which is also the order cards sort in)."""

INITIAL = {colour: colour[0].upper() for colour in COLOURS}
"""Each colour's initial, the first letter of a card's text."""

COLOUR_NAMES = {**{colour: colour for colour in COLOURS}, **{initial: colour for colour, initial in INITIAL.items()}}
"""What ``parse_colour`` reads (any case): a colour's name or its initial."""

HIGHEST_NUMBER = {
    4: {"blue": 14, "green": 14, "red": 14, "yellow": 14},
    5: {"blue": 17, "green": 17, "red": 18, "yellow": 18},
    6: {"blue": 21, "green": 21, "red": 21, "yellow": 21},
}
"""The rulebook's table: which numbers of each colour are used for 4, 5 and 6 players."""

CARDS_PER_PLAYER = 14
"""Every player is dealt 14 cards, whatever the player count (docs/rulings.md, Plotters Inc.)."""
#: The numbers of players the game is for.
PLAYERS = range(4, 7)
MOST_NUMBER = 21
"""The highest number printed on a card (the 6-player deck's)."""

DIGITS = "0123456789"


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


_CARDS = {(colour, number): Card(colour, number) for colour in COLOURS for number in range(1, MOST_NUMBER + 1)}


def card(colour: str, number: int) -> Card:
    """The one shared Card object for this colour and number.

    >>> card("red", 14) is parse_card("R14")
    True
    """
    return _CARDS[colour, number]


def deck_for(players: int) -> tuple[Card, ...]:
    """The cards used with this many players, sorted.

    Rulebook: "Depending on the number of players, only the following cards are used":
    6 players all 84 cards (1-21 in every colour); 5 players 70 cards (1-18 in red and
    yellow, 1-17 in blue and green); 4 players 56 cards (1-14 in every colour).
    """
    highest = HIGHEST_NUMBER[check_whole(players, name="Plotters Inc. players", low=PLAYERS.start,
                                         high=PLAYERS.stop - 1)]
    return deck_of(tuple(highest[colour] for colour in COLOURS))


def deck_of(highest_numbers: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards numbered 1 to the highest number of each colour, colours in COLOURS order (the
    first ``len(highest_numbers)`` of them), sorted.

    >>> deck_of((2, 1, 3))
    (Card('B1'), Card('B2'), Card('G1'), Card('R1'), Card('R2'), Card('R3'))
    """
    return tuple(_CARDS[colour, number] for colour, highest in zip(COLOURS, highest_numbers)
                 for number in range(1, highest + 1))


def _text(value: object, what: str, example: str) -> str:
    """``value`` if it is text; a TypeError saying what is expected otherwise."""
    if not isinstance(value, str):
        raise TypeError(f"{what} is written as text such as {example}, not {short_text(value)} "
                        f"(a {type(value).__name__})")
    return value


def parse_colour(text: str, *, where: str = "colour") -> str:
    """A colour from its name or initial (``red``, ``R``), any case.

    >>> parse_colour(" Yellow "), parse_colour("b")
    ('yellow', 'blue')
    """
    return parse_choice(_text(text, "a colour", "'red' or 'R'"), COLOUR_NAMES, kind="colour", where=where)


def parse_card(text: str, *, where: str = "card") -> Card:
    """A card from ``R14``, ``r14``, ``red 14`` or ``red14``: a colour, then a number in digits 0-9.

    >>> parse_card("red 22")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: card: the number of a card must be from 1 to 21, got 22
    """
    written = _text(text, "a card", "'R14' or 'red 14'").strip()
    letters = written.rstrip(DIGITS)
    digits = written[len(letters):]
    if not letters.strip() or not digits:
        raise ParseError(f"{short_text(repr(written), 42)} is not a card; write a colour and a number in digits 0-9, "
                         "like R14 or red 14", where=where)
    colour = parse_colour(letters, where=where)
    number = parse_whole(digits, where=where, low=1, high=MOST_NUMBER, name="the number of a card")
    return _CARDS[colour, number]


def parse_cards(text: str, *, where: str, players: int | None = None,
                seen: dict[Card, list[str]] | None = None, deck: tuple[Card, ...] | None = None
                ) -> tuple[Card, ...]:
    """Cards separated by spaces or commas, written with initials: ``R10 Y6, B2``.

    With ``players``, a card not used with that many players is refused (not in ``deck``, when
    given: the deck of a game's rules); ``seen`` (card -> where
    it was read) refuses a card written twice across several lists, as in
    :func:`plateau_lab.core.parse_cards`.

    >>> parse_cards("R10 Y6, b2", where="trick")
    (Card('R10'), Card('Y6'), Card('B2'))
    >>> parse_cards("R10 R15", where="hand 0", players=4)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: hand 0: R15 is not used with 4 players
    """
    if players is not None:
        deck = frozenset(deck_for(players) if deck is None else deck)

    def read(word: str, *, where: str) -> Card:
        found = parse_card(word, where=where)
        if deck is not None and found not in deck:
            raise ParseError(f"{found} is not used with {players} players", where=where)
        return found

    return core.parse_cards(_text(text, "a list of cards", "'R10 Y6'").replace(",", " "), read, where=where,
                            separator=None, seen=seen)


@dataclass(frozen=True, slots=True)
class Take:
    """High takes one card of the trick (one pick at a time, until half the trick, rounded up)."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Keep:
    """A player who holds all four colours keeps two of them open (the other two are discarded);
    a rule set may have him keep another number of colours.

    The colours are in COLOURS order: ``Keep(("blue", "red"))`` is written ``keep blue+red``.
    """

    colours: tuple[str, ...]

    def __str__(self) -> str:
        return "keep " + "+".join(self.colours)


PLAY = {c: Play(c) for c in _CARDS.values()}
"""The one Play action for each card."""
TAKE = {c: Take(c) for c in _CARDS.values()}
"""The one Take action for each card."""
KEEPS = {kept: Keep(kept) for size in range(1, len(COLOURS)) for kept in combinations(COLOURS, size)}
"""The one Keep action for each choice of one to three colours (in COLOURS order)."""
KEEP = {pair: KEEPS[pair] for pair in combinations(COLOURS, 2)}
"""The six Keep actions of the rulebook, by their pair of colours, in the order ``legal_actions`` offers them."""

Action = Play | Take | Keep | Deal


def describe(action: Action) -> str:
    """An action in words, for menus: ``play red 14``, ``keep blue and red``, ``deal the next round``.

    >>> describe(parse_action("take Y16")), describe(parse_action("keep R+B"))
    ('take yellow 16', 'keep blue and red')
    """
    if isinstance(action, Play | Take):
        return f"{str(action).split()[0]} {action.card.name}"
    if isinstance(action, Keep):
        *first, last = action.colours
        return f"keep {', '.join(first)} and {last}" if first else f"keep {last}"
    return "deal the next round"


def keep_action(*colours: str) -> Keep:
    """The Keep action for different colours (two in the rulebook), in any order.

    >>> keep_action("red", "blue"), keep_action("yellow")
    (Keep(colours=('blue', 'red')), Keep(colours=('yellow',)))
    """
    kept = tuple(sorted(colours, key=lambda colour: COLOURS.index(colour) if colour in COLOURS else -1))
    if kept not in KEEPS:
        raise ValueError(f"keep one to three different colours, not {' and '.join(map(str, colours)) or 'none'}")
    return KEEPS[kept]


def parse_action(text: str) -> Action:
    """An action from its text: ``play R14``, ``take R14``, ``keep red+blue`` or ``deal`` (any case).

    >>> parse_action("keep yellow and green")
    Keep(colours=('green', 'yellow'))
    >>> parse_action("lead R14")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action 'lead R14': expected 'play R14', 'take R14', 'keep red+blue' or 'deal'
    """
    written = _text(text, "an action", "'play R14'").strip()
    where = f"action {short_text(written, 40)!r}"
    played = parse_play(written, parse_card, where=where)
    if played is not None:
        return PLAY[played.card]
    verb, _, rest = written.partition(" ")
    verb, rest = verb.casefold(), rest.strip()
    if verb == "deal" and not rest:
        return DEAL
    if verb == "take":
        return TAKE[parse_card(rest, where=where)]
    if verb == "keep":
        names = rest.replace("+", " ").replace(",", " ").replace(" and ", " ").split()
        if not 1 <= len(names) < len(COLOURS):
            raise ParseError("say two colours to keep, like 'keep red+blue'", where=where)
        colours = [parse_colour(name, where=where) for name in names]
        if len(set(colours)) != len(colours):
            raise ParseError(f"the {'two' if len(colours) == 2 else len(colours)} kept colours must differ",
                             where=where)
        return keep_action(*colours)
    raise ParseError("expected 'play R14', 'take R14', 'keep red+blue' or 'deal'", where=where)
