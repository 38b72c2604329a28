"""The Wimmüln deck: 5 colours × 12 cards (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9), some with triangles.

A card is written as its number and colour; ``parse_card`` reads it back (case and
spacing ignored, colour first also accepted):

>>> card = parse_card("7 Red")
>>> card, card.triangles
(Card('7 red'), 2)
>>> len(DECK), sum(card.triangles for card in DECK)
(60, 60)
>>> [str(card) for card in deck(("red",)) if card.triangles == 0]
['1 red', '1 red', '9 red']

The two 1s and the two 7s of a colour are identical cards: the engine keeps them as
equal values, and hands are sorted tuples that may hold both (``copies`` says how many the deck has).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from plateau_lab.core import ParseError, parse_whole, quoted

__all__ = ["COLOURS", "NUMBERS", "COLOUR_INDEX", "triangles_on", "Card", "card", "copies", "deck", "DECK",
           "parse_card"]


COLOURS = ("red", "blue", "green", "yellow", "black")
NUMBERS = (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
#: How many decks (colours in play, numbers of a colour) ``deck`` remembers.
DECKS_REMEMBERED = 64


def triangles_on(number: int) -> int:
    """Triangles printed on a card: the 1s and the 9 have none, the 6 and both 7s have two,
    every other card one (12 per colour)."""
    if number in (1, 9):
        return 0
    if number in (6, 7):
        return 2
    return 1


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: a colour and a number. Cards sort by colour (deck order), then number.

    >>> Card("red", 7)
    Traceback (most recent call last):
    TypeError: a card is Card(colour_index, number), whole numbers 0-4 and 0-9; got str and int
    """

    colour_index: int
    number: int

    def __post_init__(self):
        if type(self.colour_index) is not int or type(self.number) is not int:
            raise TypeError(f"a card is Card(colour_index, number), whole numbers 0-4 and 0-9; got "
                            f"{type(self.colour_index).__name__} and {type(self.number).__name__}")
        if not (0 <= self.colour_index < len(COLOURS) and 0 <= self.number <= 9):
            raise ValueError(f"a card is Card(colour_index, number), whole numbers 0-4 and 0-9; got "
                             f"{self.colour_index} and {self.number}")

    @property
    def colour(self) -> str:
        return COLOURS[self.colour_index]

    @property
    def triangles(self) -> int:
        return triangles_on(self.number)

    def __hash__(self) -> int:  # quicker than the generated one; equal cards, equal hashes
        return self.colour_index * 10 + self.number

    def __str__(self) -> str:
        return f"{self.number} {self.colour}"

    def __repr__(self) -> str:
        return f"Card('{self}')"


def card(number: int, colour: str) -> Card:
    """The card with this number and colour (``card(7, 'red')``)."""
    return Card(COLOUR_INDEX[colour], number)


def copies(card: Card) -> int:
    """How many of ``card`` one colour of the deck holds: two 1s and two 7s, one of every other number.

    >>> copies(parse_card("7 red")), copies(parse_card("8 red"))
    (2, 1)
    """
    return NUMBERS.count(card.number)


@lru_cache(maxsize=DECKS_REMEMBERED)
def deck(colours: tuple[str, ...] = COLOURS, numbers: tuple[int, ...] = NUMBERS) -> tuple[Card, ...]:
    """The cards of these colours, in a fixed order (the order the shuffle starts from); each colour's
    cards are numbered ``numbers`` (a rule set's, ``Rules.numbers``; the rulebook's by default).
    Remembered: every round deals one of a few decks.

    >>> [str(card) for card in deck(("red",), (0, 5, 5))]
    ['0 red', '5 red', '5 red']
    """
    return tuple(card(number, colour) for colour in colours for number in numbers)


DECK: tuple[Card, ...] = deck()


def parse_card(text: str, *, where: str = "card") -> Card:
    """The card written as ``'7 red'`` (or ``'red 7'``); ParseError saying what is wrong otherwise.

    >>> parse_card("12 red")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: card: no card numbered 12; the numbers are 0 to 9
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text like '7 red', not {type(text).__name__}")
    words = text.casefold().split()
    if len(words) != 2:
        raise ParseError(f"expected a card like '7 red', got {quoted(text.strip())}", where=where)
    number_word, colour = reversed(words) if words[0] in COLOUR_INDEX else words
    number = parse_whole(number_word, where=where, name="a card's number")
    if colour not in COLOUR_INDEX:
        raise ParseError(f"no colour {quoted(colour)}; the colours are {', '.join(COLOURS)}", where=where)
    if number not in NUMBERS:
        raise ParseError(f"no card numbered {number}; the numbers are 0 to 9", where=where)
    return Card(COLOUR_INDEX[colour], number)
