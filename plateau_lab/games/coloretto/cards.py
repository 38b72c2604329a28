"""The Coloretto deck: 7 colours × 9 cards, 10 "+2" cards, 3 jokers and the "last round" card.

A card is written as its colour (``blue``), ``+2``, ``joker``, ``golden joker`` or
``last round``; ``parse_card`` reads it back (case and spacing ignored):

>>> parse_card(" Blue ")
Card('blue')
>>> parse_card("+2").is_plus_two, parse_card("joker").is_joker
(True, True)
>>> len(deck(COLOURS)), len(deck(COLOURS[:5], golden_joker=True))
(76, 58)
>>> sum(card.is_joker for card in deck(COLOURS, golden_joker=True))
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from plateau_lab.core import ParseError, parse_choice
from plateau_lab.core import parse_cards as parse_card_list

__all__ = ["COLOURS", "CARDS_PER_COLOUR", "PLUS_TWO_CARDS", "JOKERS", "COLOUR", "PLUS_TWO", "JOKER",
           "GOLDEN_JOKER", "LAST_ROUND", "PAINT", "Card", "COLOUR_CARDS", "PLUS_TWO_CARD", "JOKER_CARD",
           "GOLDEN_JOKER_CARD", "LAST_ROUND_CARD", "CARDS_BY_NAME", "MOST_COPIES", "parse_card", "most_copies",
           "parse_cards", "deck", "parse_colour", "check_colours"]


COLOURS = ("blue", "brown", "green", "grey", "orange", "pink", "yellow")
CARDS_PER_COLOUR = 9
PLUS_TWO_CARDS = 10
JOKERS = 3

COLOUR, PLUS_TWO, JOKER, GOLDEN_JOKER, LAST_ROUND = "colour", "+2", "joker", "golden joker", "last round"

# How each colour is painted in pictures (the printed cards show chameleons in these colours): chosen
# so that every two stay apart for colour-blind eyes and the colour's word reads on its card
# (tests/test_palette.py).
PAINT = {
    "blue": "#1f4aa8",
    "brown": "#6b3f1d",
    "green": "#539e65",
    "grey": "#a1a6a8",
    "orange": "#ff9a18",
    "pink": "#fab4e4",
    "yellow": "#fff176",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a colour card (``kind == "colour"``), a "+2", a joker, a golden joker or "last round"."""

    kind: str
    colour: str | None = None

    @property
    def is_joker(self) -> bool:
        """Jokers and the golden joker both take any colour at the end of the game."""
        return self.kind in (JOKER, GOLDEN_JOKER)

    @property
    def is_plus_two(self) -> bool:
        return self.kind == PLUS_TWO

    @property
    def is_last_round(self) -> bool:
        return self.kind == LAST_ROUND

    def __str__(self) -> str:
        return self.colour if self.kind == COLOUR else self.kind

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


COLOUR_CARDS = {colour: Card(COLOUR, colour) for colour in COLOURS}
PLUS_TWO_CARD = Card(PLUS_TWO)
JOKER_CARD = Card(JOKER)
GOLDEN_JOKER_CARD = Card(GOLDEN_JOKER)
LAST_ROUND_CARD = Card(LAST_ROUND)
CARDS_BY_NAME = {
    **{colour: card for colour, card in COLOUR_CARDS.items()},
    "+2": PLUS_TWO_CARD,
    "joker": JOKER_CARD,
    "golden joker": GOLDEN_JOKER_CARD,
    "last round": LAST_ROUND_CARD,
}
MOST_COPIES = {**{card: CARDS_PER_COLOUR for card in COLOUR_CARDS.values()}, PLUS_TWO_CARD: PLUS_TWO_CARDS,
               JOKER_CARD: JOKERS, GOLDEN_JOKER_CARD: 1, LAST_ROUND_CARD: 1}


def parse_card(text: str, *, where: str = "card") -> Card:
    """The card written as ``text`` (``'green'``, ``'+2'``, ``'joker'``, …); ParseError otherwise."""
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text, such as 'green' or '+2', not a {type(text).__name__}")
    return parse_choice(text, CARDS_BY_NAME, kind="card", where=where)


def most_copies(card: Card) -> int:
    """How many copies of ``card`` any Coloretto deck holds (9 of a colour, 10 "+2", 3 jokers, …).

    >>> most_copies(parse_card("blue")), most_copies(parse_card("+2")), most_copies(parse_card("golden joker"))
    (9, 10, 1)
    """
    return MOST_COPIES[card]


def parse_cards(text: str, *, where: str, seen: dict[Card, list[str]] | None = None,
                copies: Callable[[Card], int] = most_copies) -> tuple[Card, ...]:
    """Cards separated by commas (``'blue, blue, +2'``); an empty text or ``-`` is no card.

    A card may be written at most ``copies(card)`` times (by default as often as a deck has it),
    counting the cards already recorded in ``seen`` (see ``plateau_lab.core.parse_cards``).

    >>> parse_cards("blue, +2, blue", where="row 1")
    (Card('blue'), Card('+2'), Card('blue'))
    >>> parse_cards("joker, joker, joker, joker", where="player 0")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: player 0: joker is written 4 times (also in player 0, player 0, player 0)
    """
    if not isinstance(text, str):
        raise TypeError(f"cards are written as text, such as 'blue, +2', not a {type(text).__name__}")
    if text.strip() == "-":
        return ()
    return parse_card_list(text, parse_card, where=where, seen=seen, copies=copies)


def deck(colours: Sequence[str], *, golden_joker: bool = False, per_colour: int = CARDS_PER_COLOUR,
         plus_twos: int = PLUS_TWO_CARDS, jokers: int = JOKERS) -> tuple[Card, ...]:
    """Every card in play except "last round": by the rulebook 9 of each colour in play, 10 "+2"
    and 3 jokers (a rule set may change these numbers: ``rules.Rules``).

    With ``golden_joker`` (the newer printings' option) the last of the jokers is the golden joker.

    >>> deck(["blue", "pink"], per_colour=2, plus_twos=1, jokers=1, golden_joker=True)
    (Card('blue'), Card('blue'), Card('pink'), Card('pink'), Card('+2'), Card('golden joker'))
    """
    last = (GOLDEN_JOKER_CARD if golden_joker else JOKER_CARD,) if jokers else ()
    return (tuple(COLOUR_CARDS[c] for c in colours for _ in range(per_colour))
            + (PLUS_TWO_CARD,) * plus_twos + (JOKER_CARD,) * max(jokers - 1, 0) + last)


def parse_colour(text: str, *, where: str = "colour") -> str:
    """A colour name (``'Green'`` → ``'green'``); ParseError otherwise."""
    return parse_choice(text, {colour: colour for colour in COLOURS}, kind="colour", where=where)


def check_colours(colours: Iterable[str], *, where: str) -> tuple[str, ...]:
    """Colour names in the deck's order, each at most once; ParseError otherwise."""
    chosen = [parse_colour(c, where=where) for c in colours]
    if len(set(chosen)) != len(chosen):
        raise ParseError("a colour is named twice", where=where)
    return tuple(c for c in COLOURS if c in chosen)
