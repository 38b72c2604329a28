"""The bots' rules of thumb for Coloretto, written once on card numbers: the public bots
(:mod:`.bots`) and the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

A card is a small number (:func:`card_code`: 0-6 the colours in ``COLOURS`` order, then "+2",
joker, golden joker and "last round"); a collection is its counts per colour, its jokers and its
"+2" cards (:func:`collection_numbers`), scored with the engine's own best-choice search
(:func:`collection_total`, remembered). The heuristic bot values a row by the points it adds to its
own score minus the most it would give another player still in the round (:func:`heuristic_turn`,
:func:`heuristic_place`); the bold bot waits for full rows and places cards for itself alone
(:func:`bold_turn`, :func:`bold_place`). Ties are drawn from the bot's own generator as
``random.choice`` draws them (``bits``: its ``getrandbits``).

>>> import random
>>> from plateau_lab.games import coloretto
>>> from .scoring import scoring_number
>>> state = coloretto.scenario("players: 3\\ncolours: blue, brown, green, grey, orange, pink\\nturn: 0\\n"
...                            "row 1: +2\\nrow 2: blue", seed=1, plus_two_points=9)
>>> colours = tuple(COLOURS.index(colour) for colour in state.colours)
>>> rows = [None if row is None else [CARD_CODES[card] for card in row] for row in state.rows]
>>> choices = [DRAWING if action.kind == "draw" else action.row for action in state.legal_actions()]
>>> pick = heuristic_turn(choices, rows, [0] * 7, 0, 0, colours, scoring_number(state.rules.scoring),
...                       random.Random(0).getrandbits)
>>> str(state.legal_actions()[pick])
'take row 1'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from plateau_lab.core.fastrandom import choice_index

from .cards import COLOURS, LAST_ROUND_CARD, Card, deck
from .scoring import as_scoring, best_colour_points

__all__ = ["CARD_CODES", "CODES", "DRAWING", "GOLDEN", "JOKER", "LAST_ROUND", "PLUS_TWO", "TAKE_AT", "bold_place",
           "bold_turn", "card_code", "collection_numbers", "collection_total", "heuristic_place", "heuristic_turn"]


#: The fewest points a row must add before the heuristic bot takes it rather than draw.
TAKE_AT = 3
PLUS_TWO, JOKER, GOLDEN, LAST_ROUND = 7, 8, 9, 10
#: The number of each card that is not a colour card.
CODES = {"+2": PLUS_TWO, "joker": JOKER, "golden joker": GOLDEN, "last round": LAST_ROUND}
#: The choice to draw a card, among the row indices a player may take.
DRAWING = -1


def card_code(card: Card) -> int:
    """The number of a card: its colour's index, or one of the special numbers."""
    return COLOURS.index(card.colour) if card.kind == "colour" else CODES[card.kind]


#: The number of every card of the game (``card_code``), looked up once per card.
CARD_CODES = {card: card_code(card) for card in deck(COLOURS, golden_joker=True) + (LAST_ROUND_CARD,)}


def collection_numbers(cards: Iterable[Card]) -> tuple[list[int], int, int]:
    """A collection as the decisions read it: its counts per colour (``COLOURS`` order), its jokers
    (golden or not) and its "+2" cards.

    >>> from .cards import parse_card
    >>> collection_numbers(map(parse_card, ("blue", "blue", "joker", "+2")))
    ([2, 0, 0, 0, 0, 0, 0], 1, 1)
    """
    counts, jokers, plus_twos = [0] * len(COLOURS), 0, 0
    for card in cards:
        if card.kind == "colour":
            counts[COLOURS.index(card.colour)] += 1
        jokers += card.is_joker
        plus_twos += card.is_plus_two
    return counts, jokers, plus_twos


@lru_cache(maxsize=1 << 16)
def collection_total(counts: tuple[int, ...], jokers: int, plus_twos: int, added: tuple[int, ...],
                     colours: tuple[int, ...], table: int) -> int:
    """The best score of a collection (``counts`` per colour, ``jokers``, "+2" cards) with the
    cards ``added``, under the rule set's scoring ``table`` (its ``scoring.scoring_number``): the
    engine's ``scoring.best_total``. Remembered: the bots ask the same of every row and player
    again and again.

    >>> from .scoring import scoring_number
    >>> andy = (0, 0, 6, 0, 0, 3, 4)                 # 6 green, 3 pink, 4 yellow
    >>> blue = COLOURS.index("blue")
    >>> collection_total(andy, 1, 1, (blue, blue), tuple(range(7)), scoring_number("brown"))   # the rulebook's Andy
    41
    """
    counts = list(counts)
    for card in added:
        if card < 7:
            counts[card] += 1
        elif card == PLUS_TWO:
            plus_twos += 1
        else:
            jokers += 1
    shape = tuple(sorted([counts[colour] for colour in colours], reverse=True))
    return best_colour_points(shape, jokers, table) + as_scoring(table).plus_two * plus_twos


def heuristic_turn(choices: Sequence[int], rows: Sequence[list[int] | None], counts: list[int], jokers: int,
                   plus_twos: int, colours: Sequence[int], table: int, bits: Callable[[int], int],
                   take_at: int = TAKE_AT) -> int:
    """The heuristic bot's draw-or-take: the index among ``choices`` (``DRAWING`` first when a draw
    is legal, then row indices, as the engine lists the moves) of its move. It takes the row that
    adds most to its score (ties drawn by ``bits``) when that adds at least ``take_at`` points or
    drawing is impossible; else it draws. ``colours``: the colours in play (indices); ``table``:
    the rule set's scoring (``scoring.scoring_number``)."""
    can_draw = choices[0] == DRAWING
    takes = choices[1:] if can_draw else choices
    if not takes:
        return 0
    take, best = _best_take(takes, rows, counts, jokers, plus_twos, colours, table, bits)
    if can_draw and best < take_at:
        return 0
    return take + can_draw


def _best_take(takes: Sequence[int], rows: Sequence[list[int] | None], counts: list[int], jokers: int,
               plus_twos: int, colours: Sequence[int], table: int, bits: Callable[[int], int]) -> tuple[int, int]:
    """The index among ``takes`` of the row that adds most to the collection (``counts``,
    ``jokers``, ``plus_twos``), ties drawn by ``bits`` as the bots draw them, and what it adds."""
    counts = tuple(counts)
    now = collection_total(counts, jokers, plus_twos, (), colours, table)
    gains = [collection_total(counts, jokers, plus_twos, tuple(rows[row]), colours, table) - now for row in takes]
    best = max(gains)
    ties = [index for index, gain in enumerate(gains) if gain == best]
    return ties[choice_index(bits, len(ties))], best


def heuristic_place(places: Sequence[int], rows: Sequence[list[int] | None], drawn: int, turn: int,
                    counts: list[list[int]], jokers: list[int], plus_twos: list[int], sat_out: list[bool],
                    colours: Sequence[int], table: int, bits: Callable[[int], int]) -> int:
    """The heuristic bot's row for the ``drawn`` card: the index among ``places`` of the row where
    the card adds most to what the row is worth to ``turn`` less the most it adds for another
    player still in the round (ties drawn by ``bits``)."""
    seats = [turn] + [seat for seat in range(len(counts)) if seat != turn and not sat_out[seat]]
    collections = [(tuple(counts[seat]), jokers[seat], plus_twos[seat]) for seat in seats]
    values = []
    for row in places:
        cards = tuple(rows[row])
        grown = cards + (drawn,)
        added = [collection_total(*held, grown, colours, table) - collection_total(*held, cards, colours, table)
                 for held in collections]
        values.append(added[0] - max(added[1:], default=0))
    best = max(values)
    ties = [index for index, value in enumerate(values) if value == best]
    return ties[choice_index(bits, len(ties))]


def bold_turn(choices: Sequence[int], rows: Sequence[list[int] | None], capacities: Sequence[int],
              counts: list[int], jokers: int, plus_twos: int, colours: Sequence[int], table: int,
              bits: Callable[[int], int], take_at: int = TAKE_AT) -> int:
    """The bold bot's draw-or-take: the index among ``choices`` (as :func:`heuristic_turn` reads
    them) of its move. While it can draw, it takes only a full row (as many cards as
    ``capacities`` allows), the one that adds most (ties drawn by ``bits``) if that adds at least
    ``take_at`` points; when it cannot draw, the row that adds most."""
    can_draw = choices[0] == DRAWING
    takes = choices[1:] if can_draw else choices
    if not takes:
        return 0
    if can_draw:
        takes = [row for row in takes if len(rows[row]) >= capacities[row]]
        if not takes:
            return 0
    index, best = _best_take(takes, rows, counts, jokers, plus_twos, colours, table, bits)
    take = takes[index]
    if not can_draw:
        return choices.index(take)
    return choices.index(take) if best >= take_at else 0


def bold_place(places: Sequence[int], rows: Sequence[list[int] | None], drawn: int, counts: list[int], jokers: int,
               plus_twos: int, colours: Sequence[int], table: int, bits: Callable[[int], int]) -> int:
    """The bold bot's row for the ``drawn`` card: the index among
    ``places`` of the row where the card adds most to what the row is worth to the seat (``counts``,
    ``jokers``, ``plus_twos``), whatever it gives the others (ties drawn by ``bits``)."""
    held = (tuple(counts), jokers, plus_twos)
    values = []
    for row in places:
        cards = tuple(rows[row])
        values.append(collection_total(*held, cards + (drawn,), colours, table)
                      - collection_total(*held, cards, colours, table))
    best = max(values)
    ties = [index for index, value in enumerate(values) if value == best]
    return ties[choice_index(bits, len(ties))]
