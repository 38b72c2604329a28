"""The deck of Oh Hell: 52 cards, four suits of thirteen ranks (2 low to ace high).

A card is written as its rank and its suit letter, the way players say it: ``QH`` (the queen of
hearts), ``10S``, ``2C``, ``AD``. ``parse_card`` reads that back, in any case and spacing, and also
reads suit symbols (``Q♥``), ``T`` for ten, and the suit written first (``HQ``):

>>> card = parse_card("q h")
>>> card, str(card), card.describe()
(Card('QH'), 'QH', 'the queen of hearts')
>>> parse_card("♠10") == parse_card("ST") == Card("S", 10)
True
>>> len(DECK), len(set(DECK))
(52, 52)

**OpenSpiel's names.** OpenSpiel's ``oh_hell`` numbers a card ``rank_index * 4 + suit_index``, with
the suits in the order clubs, diamonds, spades, hearts (``SUITS``) and the ranks 2 to ace as 0 to 12,
and writes it suit first with ``T`` for ten (``C2``, ``HQ``, ``ST``, ``DA``). ``parse_card`` reads
OpenSpiel's text too, so ``parse_card("ST")`` is our ``10S``.
"""

from __future__ import annotations

__all__ = ["ACE", "DECK", "RANKS", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "Card", "hand_order", "parse_card",
           "rank_text"]

from dataclasses import dataclass

from plateau_lab.core import ParseError, quoted

#: The suits by their letters, in OpenSpiel's order (which is also the order hands are sorted in).
SUITS = ("C", "D", "S", "H")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
#: The ranks, low to high: 2 to 10, then jack (11), queen (12), king (13) and ace (14).
RANKS = tuple(range(2, 15))
ACE = 14
_COURT_LETTERS = {11: "J", 12: "Q", 13: "K", 14: "A"}
_COURT_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_SUIT_WRITINGS = {**{letter: letter for letter in SUITS}, **{symbol: letter for letter, symbol in SUIT_SYMBOLS.items()},
                  "♧": "C", "♢": "D", "♤": "S", "♡": "H"}
_RANK_WRITINGS = {**{str(rank): rank for rank in range(2, 11)}, "T": 10,
                  **{letter: rank for rank, letter in _COURT_LETTERS.items()}}
#: A card's text is at most this long (``10S``); longer text is refused before it is looked at.
_LONGEST_CARD = 3


def rank_text(rank: int) -> str:
    """A rank as a card shows it: ``2`` to ``10``, ``J``, ``Q``, ``K``, ``A``.

    >>> rank_text(10), rank_text(14)
    ('10', 'A')
    """
    return _COURT_LETTERS.get(rank, str(rank))


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its suit letter (``C``, ``D``, ``S``, ``H``) and its rank (2 to 14, ace high).

    >>> Card("X", 3)
    Traceback (most recent call last):
    ValueError: a card is Card(suit, rank) with a suit among C, D, S, H and a rank from 2 to 14; got 'X' and 3
    """

    suit: str
    rank: int

    def __post_init__(self):
        if self.suit not in SUITS or type(self.rank) is not int or self.rank not in RANKS:
            raise ValueError(f"a card is Card(suit, rank) with a suit among {', '.join(SUITS)} and a rank from "
                             f"{RANKS[0]} to {RANKS[-1]}; got {self.suit!r} and {self.rank!r}")

    def __str__(self) -> str:
        return f"{rank_text(self.rank)}{self.suit}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def describe(self) -> str:
        """The card in words: ``'the 10 of spades'``, ``'the ace of diamonds'``."""
        return f"the {_COURT_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"


def hand_order(card: Card) -> tuple[int, int]:
    """How hands are sorted: by suit (clubs, diamonds, spades, hearts), then rank, low to high."""
    return SUITS.index(card.suit), card.rank


#: The 52 cards in hand order (the order every shuffle starts from).
DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in SUITS for rank in RANKS)


def parse_card(text: str, *, where: str = "card") -> Card:
    """The card written as ``QH``, ``10S``, ``Q♥``, ``q h`` or OpenSpiel's ``HQ``/``ST``; else ParseError.

    >>> parse_card("11H", where="hand 2")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: hand 2: no rank '11'; the ranks are 2 to 10, J, Q, K and A (T for 10)
    >>> parse_card("QX")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: card: expected a rank and a suit such as 'QH' or '10S' (suits C, D, S, H), got 'QX'
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text such as 'QH', not {type(text).__name__}")
    written = "".join(text.split()).upper()
    expected = f"expected a rank and a suit such as 'QH' or '10S' (suits {', '.join(SUITS)}), got {quoted(text.strip())}"
    if not 2 <= len(written) <= _LONGEST_CARD:
        raise ParseError(expected, where=where)
    if written[-1] in _SUIT_WRITINGS:
        suit, rank_written = _SUIT_WRITINGS[written[-1]], written[:-1]
    elif written[0] in _SUIT_WRITINGS:
        suit, rank_written = _SUIT_WRITINGS[written[0]], written[1:]
    else:
        raise ParseError(expected, where=where)
    if rank_written not in _RANK_WRITINGS:
        raise ParseError(f"no rank {quoted(rank_written)}; the ranks are 2 to 10, J, Q, K and A (T for 10)",
                         where=where)
    return Card(suit, _RANK_WRITINGS[rank_written])
