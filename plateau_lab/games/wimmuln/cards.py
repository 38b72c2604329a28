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
equal values, and hands are sorted tuples that may hold both.
"""

from __future__ import annotations

from dataclasses import dataclass

from plateau_lab.core import ParseError

COLOURS = ("red", "blue", "green", "yellow", "black")
NUMBERS = (0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9)
COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}


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
    """One card: a colour and a number. Cards sort by colour (deck order), then number."""

    colour_index: int
    number: int

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


def deck(colours: tuple[str, ...] = COLOURS) -> tuple[Card, ...]:
    """The cards of these colours, in a fixed order (the order the shuffle starts from)."""
    return tuple(card(number, colour) for colour in colours for number in NUMBERS)


DECK: tuple[Card, ...] = deck()


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def parse_card(text: str, *, where: str = "card") -> Card:
    """The card written as ``'7 red'`` (or ``'red 7'``); ParseError saying what is wrong otherwise."""
    words = text.casefold().split()
    if len(words) == 2 and _is_number(words[1]) and not _is_number(words[0]):
        words.reverse()
    if len(words) != 2 or not _is_number(words[0]):
        raise ParseError(f"expected a card like '7 red', got {text.strip()!r}", where=where)
    number, colour = int(words[0]), words[1]
    if colour not in COLOUR_INDEX:
        raise ParseError(f"no colour {colour!r}; the colours are {', '.join(COLOURS)}", where=where)
    if number not in NUMBERS:
        raise ParseError(f"no card numbered {number}; the numbers are 0 to 9", where=where)
    return card(number, colour)


def parse_cards(text: str, *, where: str) -> tuple[Card, ...]:
    """Cards separated by commas (``'7 red, 0 blue'``); an empty text is no cards."""
    if not text.strip():
        return ()
    return tuple(parse_card(part, where=f"{where}, card {index}")
                 for index, part in enumerate(text.split(","), start=1))
