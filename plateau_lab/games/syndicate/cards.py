"""The Decktet basic deck: 36 cards in six suits, each card with a name, a rank and marks.

A card is written by its name; ``parse_card`` reads a name back (case and spacing ignored):

>>> card = parse_card("chance  meeting")
>>> card
Card('Chance Meeting')
>>> card.rank, card.suits, sorted(card.marks)
(7, ('Moons', 'Leaves'), ['event'])
>>> len(DECK), sum(card.is_ace for card in DECK), sum(card.is_crown for card in DECK)
(36, 6, 6)
"""

from __future__ import annotations

from dataclasses import dataclass

from plateau_lab.core import parse_choice

__all__ = ["SUITS", "PERSONALITY", "LOCATION", "EVENT", "MARK_LETTERS", "ACE_RANK", "CROWN_RANK", "Card",
           "DECK", "CARDS_BY_NAME", "CROWN_OF", "parse_card"]


SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
PERSONALITY, LOCATION, EVENT = "personality", "location", "event"
MARK_LETTERS = {"P": PERSONALITY, "L": LOCATION, "E": EVENT}
ACE_RANK, CROWN_RANK = 1, 10


@dataclass(frozen=True, slots=True)
class Card:
    """One Decktet card. Aces have no mark; Crowns have rank 10 and one suit."""

    name: str
    rank: int
    suits: tuple[str, ...]
    marks: frozenset[str]

    @property
    def is_ace(self) -> bool:
        return self.rank == ACE_RANK

    @property
    def is_crown(self) -> bool:
        return self.rank == CROWN_RANK

    @property
    def rank_label(self) -> str:
        return {ACE_RANK: "A", CROWN_RANK: "Crown"}.get(self.rank, str(self.rank))

    def describe(self) -> str:
        """The card in full: ``'Diplomat (8, Moons+Suns, personality)'``."""
        marks = "/".join(mark for mark in (PERSONALITY, LOCATION, EVENT) if mark in self.marks) or "no mark"
        return f"{self.name} ({self.rank_label}, {'+'.join(self.suits)}, {marks})"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card({self.name!r})"


_NUMERALS = """
2 Author Moons+Knots P | Desert Suns+Wyrms L | Origin Waves+Leaves L,E
3 Journey Moons+Waves E | Painter Suns+Knots P | Savage Leaves+Wyrms P
4 Mountain Moons+Suns L | Sailor Waves+Leaves P | Battle Wyrms+Knots E
5 Forest Moons+Leaves L | Discovery Suns+Waves E | Soldier Wyrms+Knots P
6 Lunatic Moons+Waves P | Penitent Suns+Wyrms P | Market Leaves+Knots L,E
7 Chance Meeting Moons+Leaves E | Castle Suns+Knots L | Cave Waves+Wyrms L
8 Diplomat Moons+Suns P | Mill Waves+Leaves L | Betrayal Wyrms+Knots E
9 Pact Moons+Suns E | Darkness Waves+Wyrms L | Merchant Leaves+Knots P
"""
_CROWNS = "Huntress Moons P | Bard Suns P | Sea Waves L | End Leaves L,E | Calamity Wyrms E | Windfall Knots E"


def _card(rank: int, entry: str) -> Card:
    *name, suits, marks = entry.split()
    return Card(" ".join(name), rank, tuple(suits.split("+")), frozenset(MARK_LETTERS[m] for m in marks.split(",")))


def _build_deck() -> tuple[Card, ...]:
    aces = [Card(f"Ace of {suit}", ACE_RANK, (suit,), frozenset()) for suit in SUITS]
    numerals = []
    for line in _NUMERALS.strip().splitlines():
        rank, entries = line.split(" ", 1)
        numerals += [_card(int(rank), entry) for entry in entries.split(" | ")]
    crowns = [_card(CROWN_RANK, entry) for entry in _CROWNS.split(" | ")]
    return tuple(aces + numerals + crowns)


DECK: tuple[Card, ...] = _build_deck()
CARDS_BY_NAME = {card.name: card for card in DECK}
CROWN_OF = {card.suits[0]: card for card in DECK if card.is_crown}


def parse_card(text: str, *, where: str = "card") -> Card:
    """The card with this name (``'Diplomat'``, ``'Ace of Moons'``); ParseError otherwise.

    >>> parse_card("Dragon", where="hand 1")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: hand 1: no card named 'Dragon'; expected one of: Ace of Moons, ...
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is named by text such as 'Diplomat', not by a {type(text).__name__}")
    return parse_choice(text, CARDS_BY_NAME, kind="card named", where=where)
