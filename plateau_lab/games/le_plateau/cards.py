"""The French tarot deck as Le Plateau uses it, and the decks for 2 to 6 players.

A card is written the way the board's tokens are, where it can be: trumps by their number
(``"21"``, also read as the token ``"A21"``), the Excuse as ``"EXC"``, and suit cards as rank then
suit: ``"RS"`` (king of spades), ``"DH"`` (queen of hearts), ``"CC"`` (knight of clubs),
``"VD"`` (jack of diamonds), ``"10H"``, ``"1D"``. Ranks R roi, D dame, C cavalier, V valet; suits
S spades, H hearts, C clubs, D diamonds.

>>> card = parse_card("rs")
>>> card, card.token, card.describe()
(Card('RS'), 'RS', 'king of spades')
>>> parse_card("A21") == parse_card("21"), parse_card("EXC").token
(True, 'EXC')
>>> [len(deck_for(players)) for players in (2, 3, 4, 5, 6)]
[34, 42, 55, 68, 78]
>>> [len(deck_for(players, full_deck=True)) for players in (3, 4, 5)]
[54, 78, 78]
"""

from __future__ import annotations

from dataclasses import dataclass

from plateau_lab.core import ParseError, quoted
from plateau_lab.core import parse_cards as read_cards

__all__ = ["Card", "ALL_CARDS", "EXCUSE", "TRUMP", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "parse_card",
           "parse_cards", "sort_key", "sorted_cards", "deck_for"]


TRUMP = "T"
SUITS = ("S", "H", "C", "D")
SUIT_NAMES = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds", TRUMP: "trumps"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}
COURT = {14: "R", 13: "D", 12: "C", 11: "V"}
COURT_NAMES = {14: "king", 13: "queen", 12: "knight", 11: "jack"}
_SUIT_CODE = {"S": 0, "H": 1, "C": 2, "D": 3, TRUMP: 4}
EXCUSE_RANK = 22          # "the excuse is the highest-ranked trump card" (above 21)


@dataclass(frozen=True, slots=True)
class Card:
    """One tarot card: ``suit`` is S, H, C, D or T (trumps); ``rank`` 1..14 (R=14, D=13, C=12,
    V=11) in a suit, 1..21 in trumps and 22 for the Excuse.

    Only the 78 cards of the deck can be made (a rank of ``14.0`` or ``True`` is refused: it
    would equal a real card without reading back from its text):

    >>> Card("S", 15)
    Traceback (most recent call last):
    ValueError: a Card is one of the 78 tarot cards: suit S, H, C or D with rank 1 to 14, or suit T with rank 1 to 22 (22 is the Excuse); got suit 'S', rank 15
    """

    suit: str
    rank: int

    def __post_init__(self):
        if type(self.rank) is not int or not isinstance(self.suit, str):
            raise TypeError(self._not_a_card())
        if self.suit not in _SUIT_CODE or not 1 <= self.rank <= (EXCUSE_RANK if self.suit == TRUMP else 14):
            raise ValueError(self._not_a_card())

    def _not_a_card(self) -> str:
        return ("a Card is one of the 78 tarot cards: suit S, H, C or D with rank 1 to 14, or suit T with rank "
                f"1 to 22 (22 is the Excuse); got suit {quoted(self.suit)}, rank {quoted(self.rank)}")

    @property
    def is_trump(self) -> bool:
        """Trumps, with the Excuse as the highest (the default rule; see the French Excuse variant)."""
        return self.suit == TRUMP

    @property
    def is_excuse(self) -> bool:
        return self.suit == TRUMP and self.rank == EXCUSE_RANK

    @property
    def is_court(self) -> bool:
        return self.suit != TRUMP and self.rank >= 11

    @property
    def token(self) -> str | None:
        """The board token naming this card's space (``"A21"``, ``"EXC"``, ``"RS"``), or None:
        only trumps, the Excuse and court cards have board spaces."""
        if self.is_excuse:
            return "EXC"
        if self.suit == TRUMP:
            return f"A{self.rank}"
        if self.is_court:
            return COURT[self.rank] + self.suit
        return None

    def describe(self) -> str:
        """The card in words: ``'king of spades'``, ``'trump 21'``, ``'the Excuse'``."""
        if self.is_excuse:
            return "the Excuse"
        if self.suit == TRUMP:
            return f"trump {self.rank}"
        return f"{COURT_NAMES.get(self.rank, str(self.rank))} of {SUIT_NAMES[self.suit]}"

    def __hash__(self) -> int:
        return self.rank * 8 + _SUIT_CODE[self.suit]       # cheap: cards are hashed a lot in playouts

    def __str__(self) -> str:
        if self.is_excuse:
            return "EXC"
        if self.suit == TRUMP:
            return str(self.rank)
        return COURT.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def _all_cards() -> tuple[Card, ...]:
    suited = [Card(suit, rank) for suit in SUITS for rank in range(14, 0, -1)]
    trumps = [Card(TRUMP, rank) for rank in range(EXCUSE_RANK, 0, -1)]
    return tuple(trumps + suited)


ALL_CARDS: tuple[Card, ...] = _all_cards()
EXCUSE = Card(TRUMP, EXCUSE_RANK)
_BY_TEXT = {str(card): card for card in ALL_CARDS}
_BY_TEXT.update({card.token: card for card in ALL_CARDS if card.suit == TRUMP})
_BY_TEXT.update({"EXCUSE": EXCUSE, "*": EXCUSE})


def parse_card(text: str, *, where: str = "card") -> Card:
    """The card written ``text`` (case ignored): ``"21"``/``"A21"``, ``"EXC"``, ``"RS"``, ``"10H"``.

    >>> parse_card(" a21 "), parse_card("10h")
    (Card('21'), Card('10H'))
    >>> parse_card("²")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: card: no card '²': write trumps as 1..21 (or A1..A21), the Excuse as EXC, suit cards as rank+suit with rank R D C V 10..1 and suit S H C D (e.g. RS, 10H)
    """
    if not isinstance(text, str):
        raise TypeError(f"a card is written as text, not {quoted(text)} (a {type(text).__name__})")
    card = _BY_TEXT.get(text.strip().upper())
    if card is None:
        raise ParseError(f"no card {quoted(text.strip())}: write trumps as 1..21 (or A1..A21), the Excuse as EXC, "
                         "suit cards as rank+suit with rank R D C V 10..1 and suit S H C D (e.g. RS, 10H)",
                         where=where)
    return card


def parse_cards(text: str, *, where: str = "cards", seen: dict | None = None) -> tuple[Card, ...]:
    """Cards separated by spaces or commas, each at most once (``seen``: see ``core.parse_cards``).

    >>> parse_cards("RS, 21 EXC 10H")
    (Card('RS'), Card('21'), Card('EXC'), Card('10H'))
    """
    return read_cards(text.replace(",", " "), parse_card, where=where, separator=None, seen=seen)


def sort_key(card: Card) -> tuple[int, int]:
    """Display order: trumps first (Excuse, 21 … 1), then spades, hearts, clubs, diamonds, high to low."""
    return ((0 if card.suit == TRUMP else 1 + SUITS.index(card.suit)), -card.rank)


def sorted_cards(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


# ------------------------------------------------------------------ decks per player count

#: (suit, lowest rank kept) per player count: "Remove cards from the deck depending on the number of
#: players". Trumps are all kept except for 2 players, who "remove 8 through 15 in trumps".
_LOWEST_KEPT = {
    2: {"S": 10, "H": 10, "C": 10, "D": 10},   # 1 through 9 in every suit
    3: {"S": 10, "H": 10, "C": 10, "D": 10},   # 1 through 9 in every suit
    4: {"S": 6, "H": 7, "C": 7, "D": 7},       # 1 through 6 in hearts, clubs, diamonds; 1 through 5 in spades
    5: {"S": 3, "H": 4, "C": 3, "D": 4},       # 1, 2, 3 in hearts and diamonds; 1 and 2 in spades and clubs
    6: {"S": 1, "H": 1, "C": 1, "D": 1},       # none
}
_FULL_DECK_LOWEST_KEPT = {
    3: {"S": 7, "H": 7, "C": 7, "D": 7},       # 54 cards: "remove cards 1 through 6" in every suit
    4: {"S": 1, "H": 1, "C": 1, "D": 1},       # all 78 cards
    5: {"S": 1, "H": 1, "C": 1, "D": 1},
}
_TWO_PLAYER_TRUMPS_REMOVED = range(8, 16)


def deck_for(players: int, *, full_deck: bool = False) -> tuple[Card, ...]:
    """The cards in play, by the rulebook's table "Deck composition" (2: 34 cards, 3: 42, 4: 55,
    5: 68, 6: 78) or, with ``full_deck``, the variant "Full deck Le Plateau" (3: 54, 4 and 5: 78)."""
    if full_deck and players not in _FULL_DECK_LOWEST_KEPT:
        raise ValueError(f"the full-deck variant is for 3, 4 or 5 players, not {players}")
    if players not in _LOWEST_KEPT:
        raise ValueError(f"Le Plateau is for 2 to 6 players, not {players}")
    lowest = (_FULL_DECK_LOWEST_KEPT if full_deck else _LOWEST_KEPT)[players]
    return tuple(card for card in ALL_CARDS
                 if (card.suit == TRUMP and not (players == 2 and card.rank in _TWO_PLAYER_TRUMPS_REMOVED))
                 or (card.suit != TRUMP and card.rank >= lowest[card.suit]))
