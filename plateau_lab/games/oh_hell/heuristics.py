"""The heuristic bots' decisions for Oh Hell, written once on card numbers: the public bots
(:mod:`.bots`) and the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

A card is the number ``13 * suit + rank - 2`` (:func:`code`; suits in ``SUITS`` order: clubs,
diamonds, spades, hearts), so a sorted list of numbers is a hand in the engine's order (by suit,
then rank) and the cards of one suit lie together in it; a suit is its index in ``SUITS``.

A bot bids the legal number of tricks nearest what its hand should win (:func:`heuristic_bid`: its
cards' :func:`card_strength` summed, the bold bot reckoning :data:`BOLD_EXTRA` more), a tie broken
by its generator. In play (:func:`heuristic_play`), while it wants tricks (:func:`wants_tricks`) it
tries to win the trick as cheaply as it can; otherwise it ducks, playing its highest card that
still loses the trick.

>>> from .cards import parse_card
>>> hand = [code(parse_card(text)) for text in ("3C", "KC", "AH")]
>>> heuristic_bid(hand, SUITS.index("H"), 3, -1, lambda ties: 0)       # 0.5 + 1.0 tricks: 1 or 2
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .cards import ACE, DECK, RANKS, SUITS, Card
from .rules import Rules

__all__ = ["BOLD_EXTRA", "CARDS", "CODES", "LEADS", "LOW_TRUMP_WORTH", "SIDE_WORTH", "STRENGTH", "SUIT_SIZE",
           "TRUMP_WORTH", "WORTHS", "card_strength", "code", "expected_tricks", "hand_worth", "heuristic_bid",
           "heuristic_play", "wants_tricks"]


#: What a card is worth to the bid, by rank from the suit's top card down: a trump, and a card of
#: another suit (with 13 cards per suit the top card is the ace).
TRUMP_WORTH = (1.0, 0.9, 0.7, 0.5)
SIDE_WORTH = (0.85, 0.5, 0.2)
#: A low trump wins now and then, by trumping a suit its holder lacks.
LOW_TRUMP_WORTH = 0.3
#: How many tricks more than its cards should win the bold bot reckons on when it bids.
BOLD_EXTRA = 0.5


def card_strength(card: Card, trump: str, top_rank: int = ACE) -> float:
    """How likely ``card`` is to win a trick, roughly: high trumps most, then the top cards of the
    other suits (``top_rank``: the highest rank of the deck, the ace unless the rules shorten the suits).

    >>> from .cards import parse_card
    >>> card_strength(parse_card("AS"), "H"), card_strength(parse_card("3H"), "H")
    (0.85, 0.3)
    >>> card_strength(parse_card("6S"), "H", top_rank=6)
    0.85
    """
    below_top = top_rank - card.rank
    if card.suit == trump:
        return TRUMP_WORTH[below_top] if below_top < len(TRUMP_WORTH) else LOW_TRUMP_WORTH
    return SIDE_WORTH[below_top] if below_top < len(SIDE_WORTH) else 0.0


def expected_tricks(hand: Sequence[Card], trump: str, top_rank: int = ACE) -> float:
    """The tricks a hand should win: the sum of its cards' strengths (:func:`card_strength`), as
    :func:`hand_worth` sums them.

    >>> from .cards import parse_card
    >>> expected_tricks([parse_card(text) for text in ("AH", "KS", "2C")], "H")
    1.5
    """
    return hand_worth([CODES[card] for card in hand], SUITS.index(trump), top_rank)


def wants_tricks(needed: int, cards_left: int, rules: Rules, *, bold: bool = False) -> bool:
    """Whether a bot plays to win the trick: while its exact bid can still be made (``needed``
    tricks more, from ``cards_left`` cards), always; otherwise only when a trick pays more than
    the exact bid (``points_per_trick`` above ``made_bid_bonus`` and no ``off_bid_penalty``).
    A bold bot whose bid is lost also plays for what each trick still gives: its points, or one
    trick less of penalty when it is short of its bid.

    >>> from .rules import rules_of
    >>> rulebook, greedy = rules_of(4, {}), rules_of(4, {"made_bid_bonus": 0})
    >>> wants_tricks(1, 3, rulebook), wants_tricks(0, 3, rulebook), wants_tricks(0, 3, greedy)
    (True, False, True)
    >>> wants_tricks(-1, 3, rulebook), wants_tricks(-1, 3, rulebook, bold=True)
    (False, True)
    """
    if 0 < needed <= cards_left:
        return True
    if not rules.off_bid_penalty and rules.points_per_trick > rules.made_bid_bonus:
        return True
    if not bold or needed == 0 or not rules.points_per_trick:
        return False
    return needed > 0 or not rules.off_bid_penalty


#: The ranks a card may have (``cards.RANKS``): the stride of the numbering, whatever the deck of a
#: rule set (a shorter suit leaves the numbers of its missing ranks unused).
SUIT_SIZE = len(RANKS)
#: The card numbered ``n``: ``DECK[n]`` (DECK is in hand order, so numbers sort as the engine's hands).
CARDS: tuple[Card, ...] = DECK
#: Each card's number.
CODES: dict[Card, int] = {card: number for number, card in enumerate(DECK)}

assert all(number // SUIT_SIZE == SUITS.index(card.suit) and number % SUIT_SIZE == card.rank - 2
           for number, card in enumerate(DECK)), "DECK is the suits in SUITS order, each from 2 to ace"


def code(card: Card) -> int:
    """The number of a card here.

    >>> from .cards import parse_card
    >>> code(parse_card("2C")), code(parse_card("AH"))
    (0, 51)
    """
    return CODES[card]


def _dense(keys: Sequence[Any]) -> tuple[int, ...]:
    """Each key's place among the distinct keys, low to high (equal keys, equal places)."""
    places = {key: place for place, key in enumerate(sorted(set(keys)))}
    return tuple(places[key] for key in keys)


#: Per top rank of the deck (the suits' highest card under the rules), per trump suit (its index),
#: per card: the card's :func:`card_strength` (the very float).
WORTHS = {top: tuple(tuple(card_strength(card, trump, top) if card.rank <= top else 0.0 for card in DECK)
                      for trump in SUITS) for top in RANKS}
#: Per trump suit, per card: the heuristic bot's ``strength`` (a trump above any other card, then
#: the rank) as one whole number; cards of equal rank in two plain suits are equal.
STRENGTH = tuple(_dense([(card.suit == trump, card.rank) for card in DECK]) for trump in SUITS)
#: Per top rank, per trump suit, per card: how the heuristic bot ranks a card to lead when it wants
#: the trick (its worth, then its strength), as one whole number (a card above the top rank is in
#: no hand, so its place among them is no matter).
LEADS = {top: tuple(_dense([(card_strength(card, trump, top) if card.rank <= top else -1.0, card.suit == trump,
                              card.rank) for card in DECK]) for trump in SUITS) for top in RANKS}


def hand_worth(hand: Sequence[int], trump: int, top_rank: int = ACE) -> float:
    """The tricks a hand (numbers, in hand order) should win when ``trump`` (a suit's index) is
    trumps: its cards' :func:`card_strength` (``top_rank``: the deck's highest), summed in hand order.

    >>> from .cards import parse_card
    >>> hand_worth([code(parse_card(text)) for text in ("2C", "KD", "AH")], SUITS.index("H"))
    1.5
    """
    worth = WORTHS[top_rank][trump]
    return sum(worth[card] for card in hand)


def heuristic_bid(hand: Sequence[int], trump: int, tricks: int, forbidden: int, choose_tie: Callable[[int], int],
                  *, top_rank: int = ACE, extra: float = 0.0) -> int:
    """The bot's bid with ``hand`` (numbers, in hand order) when ``trump`` (a suit's index) is
    trumps: the legal bid (0 to ``tricks``, not ``forbidden``; -1 for none) nearest the tricks the
    hand should win (:func:`hand_worth` with ``top_rank`` the deck's highest, plus the style's
    ``extra``), the bids equally near it (low to high) given to ``choose_tie(count)``, which draws
    the index of one from the bot's generator (as ``random.choice`` draws; also when one bid is nearest).

    >>> from .cards import parse_card
    >>> hand = [code(parse_card(text)) for text in ("2C", "KD", "AH")]   # 0.5 + 1.0 tricks
    >>> [heuristic_bid(hand, SUITS.index("H"), 3, -1, lambda ties: tie) for tie in (0, 1)]
    [1, 2]
    >>> heuristic_bid(hand, SUITS.index("S"), 3, 1, lambda ties: 0)      # 0.5 + 0.85: 1 is forbidden
    2
    """
    wanted = hand_worth(hand, trump, top_rank) + extra
    nearest, ties = None, []
    for bid in range(tricks + 1):
        if bid == forbidden:
            continue
        distance = abs(bid - wanted)
        if nearest is None or distance < nearest:
            nearest, ties = distance, [bid]
        elif distance == nearest:
            ties.append(bid)
    return ties[choose_tie(len(ties))]


def heuristic_play(hand: Sequence[int], start: int, stop: int, best: int, trump: int, wants: bool,
                   top_rank: int = ACE) -> int:
    """The place in ``hand`` of the bot's card among its legal cards ``hand[start:stop]``
    (in hand order); ``best`` is the card winning the trick so far (-1 when leading), ``trump`` the
    trump suit's index, ``wants`` whether the bot still wants tricks, ``top_rank`` the deck's
    highest rank. Leading, it plays its strongest card if it wants the trick, else its weakest;
    following, its cheapest winning card if it wants the trick (else its weakest), or its highest
    losing card if not (else its highest). Of equal cards, the first in hand order (as ``min`` and ``max`` choose).

    >>> from .cards import parse_card
    >>> hand = [code(parse_card(text)) for text in ("3C", "9C", "KD", "2H")]
    >>> H = SUITS.index("H")
    >>> [str(CARDS[hand[heuristic_play(hand, 0, 4, -1, H, wants)]]) for wants in (True, False)]
    ['KD', '3C']
    >>> [str(CARDS[hand[heuristic_play(hand, 0, 2, code(parse_card("5C")), H, wants)]]) for wants in (True, False)]
    ['9C', '3C']
    """
    strength = STRENGTH[trump]
    if best < 0:
        if wants:
            lead, chosen = LEADS[top_rank][trump], start
            for place in range(start + 1, stop):
                if lead[hand[place]] > lead[hand[chosen]]:
                    chosen = place
            return chosen
        return _lowest(hand, start, stop, strength)
    suit = best // SUIT_SIZE
    if wants:                  # the weakest winning card, else the weakest
        chosen = -1
        for place in range(start, stop):
            card = hand[place]
            if (card > best if card // SUIT_SIZE == suit else card // SUIT_SIZE == trump) and (
                    chosen < 0 or strength[card] < strength[hand[chosen]]):
                chosen = place
        return chosen if chosen >= 0 else _lowest(hand, start, stop, strength)
    chosen = -1                # the strongest losing card, else the strongest
    for place in range(start, stop):
        card = hand[place]
        if not (card > best if card // SUIT_SIZE == suit else card // SUIT_SIZE == trump) and (
                chosen < 0 or strength[card] > strength[hand[chosen]]):
            chosen = place
    if chosen >= 0:
        return chosen
    chosen = start
    for place in range(start + 1, stop):
        if strength[hand[place]] > strength[hand[chosen]]:
            chosen = place
    return chosen


def _lowest(hand: Sequence[int], start: int, stop: int, strength: Sequence[int]) -> int:
    """The place of the first weakest card of ``hand[start:stop]``."""
    chosen = start
    for place in range(start + 1, stop):
        if strength[hand[place]] < strength[hand[chosen]]:
            chosen = place
    return chosen
