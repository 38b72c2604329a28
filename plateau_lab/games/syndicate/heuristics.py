"""The heuristic bots' decisions for The Syndicate, written once on card numbers: the public bots
(:mod:`.bots`) and the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

As mastermind a bot leads what it can defend: for every lead (with or without a face-down card) it
deals the unseen cards to the enforcers ``samples`` times, lets them answer with their strongest
legal card, and picks the move with the most expected points, so a face-down card is played only
when it adds more safety than the points it costs (:func:`heuristic_lead`). As an enforcer it plays
its strongest counting card unless the plot is already foiled, and otherwise gets rid of its weakest
card (:func:`heuristic_answer`). Every number it weighs is the rule set's, turned once per rule set
into the tables the decisions read (:func:`tables_for`). A card is its number: its index in ``DECK``
(:data:`CARD_NUMBERS`).

>>> from plateau_lab.games import syndicate
>>> state = syndicate.new_game(3, seed=5)
>>> hand = [CARD_NUMBERS[card] for card in state.hands[0]]
>>> str(state.legal_actions()[heuristic_lead(hand, [], (4, 3), random.Random(9), tables_for(state.rules))])
'lead Windfall'
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache

from plateau_lab.core.fastrandom import shuffle

from .cards import DECK, Card
from .engine import shares_mark
from .rules import Rules

__all__ = ["CARDS", "CARD_NUMBERS", "CROWN_FOR_ACE", "FACE_DOWN_COST", "IS_ACE", "MAX_SAMPLES", "SAMPLES", "SHARES",
           "Tables", "heuristic_answer", "heuristic_lead", "strength", "tables_for"]


#: How many deals of the unseen cards the mastermind imagines before it leads.
SAMPLES = 24
#: The most deals it may be asked to imagine (a bound that keeps every decision short).
MAX_SAMPLES = 10_000
#: What a face-down card costs a lead's expected points: a card gone from the hand.
FACE_DOWN_COST = 0.15


def strength(card: Card, rules: Rules) -> tuple[int, int, str]:
    """The order in which a bot finds a card stronger than another: what it counts under ``rules``
    (an Ace: what it counts when led alone), then its rank, then its name.

    >>> from .cards import parse_card
    >>> from .rules import rules_of
    >>> author, rich_twos = parse_card("Author"), rules_of(3, {"card_points": (12, 3, 4, 5, 6, 7, 8, 9, 10)})
    >>> strength(author, rules_of(3, {})), strength(author, rich_twos)
    ((2, 2, 'Author'), (12, 2, 'Author'))
    """
    return rules.points_of(card), card.rank, card.name


#: How many cards the deck holds, numbered 0 to ``CARDS - 1``.
CARDS = len(DECK)
#: IS_ACE[card]: whether the card is an Ace.
IS_ACE = tuple(card.is_ace for card in DECK)
#: SHARES[lead][card]: whether ``card`` counts for or against the scheme of ``lead``.
SHARES = tuple(tuple(shares_mark(card, lead) for card in DECK) for lead in DECK)
#: For an Ace: the number of the Crown of its suit (which makes the led Ace count its crowned points); -2 otherwise.
CROWN_FOR_ACE = tuple(DECK.index(next(c for c in DECK if c.is_crown and c.suits == card.suits)) if card.is_ace
                      else -2 for card in DECK)
#: CARD_NUMBERS[card]: a card's number here (its index in ``DECK``).
CARD_NUMBERS = {card: index for index, card in enumerate(DECK)}


@dataclass(frozen=True)
class Tables:
    """A rule set's numbers as a playout reads them, by card number (see :func:`tables_for`).

    ``points[card]``: what a card counts when it shares the lead's mark (an Ace: led alone);
    ``counts[lead][card]``: what ``card`` adds to a side's total after ``lead`` (its points if it
    shares a mark, else 0); ``strength[card]``: the card's place among all cards in the order in
    which the heuristic bots find a card stronger than another (:func:`strength`);
    ``strength_bit[card]``: its bit in a hand written as a bitmask ordered by strength;
    ``sharing_bits[lead]``: the bitmask (by strength) of the cards that count for or against
    ``lead``'s scheme; ``counts_by_strength[lead][place]``: ``counts[lead]`` of the card at that place;
    ``highest``: the most a card counts (``rules.highest_card_points``).
    """

    rules: Rules
    points: tuple[int, ...]
    counts: tuple[tuple[int, ...], ...]
    strength: tuple[int, ...]
    strength_bit: tuple[int, ...]
    sharing_bits: tuple[int, ...]
    counts_by_strength: tuple[tuple[int, ...], ...]
    highest: int


@lru_cache(maxsize=64)
def tables_for(rules: Rules) -> Tables:
    """The tables of ``rules``, made once per rule set.

    >>> from .rules import rules_of
    >>> tables = tables_for(rules_of(3, {"card_points": (1, 1, 1, 1, 1, 1, 1, 1, 1)}))
    >>> tables.points[CARD_NUMBERS[DECK[-1]]], tables.counts[CARD_NUMBERS[DECK[-1]]][CARD_NUMBERS[DECK[-2]]]
    (1, 1)
    """
    points = tuple(rules.points_of(card) for card in DECK)
    counts = tuple(tuple(points[card] if SHARES[lead][card] else 0 for card in range(CARDS)) for lead in range(CARDS))
    order = sorted(range(CARDS), key=lambda card: strength(DECK[card], rules))
    place = tuple(order.index(card) for card in range(CARDS))
    bit = tuple(1 << at for at in place)
    sharing = tuple(sum(bit[card] for card in range(CARDS) if SHARES[lead][card]) for lead in range(CARDS))
    by_strength = tuple(tuple(counts[lead][order[at]] for at in range(CARDS)) for lead in range(CARDS))
    return Tables(rules, points, counts, place, bit, sharing, by_strength, rules.highest_card_points)


def heuristic_lead(hand: list[int], discards: list[int], sizes: tuple[int, int], generator: random.Random,
                   tables: Tables, samples: int = SAMPLES, *, cautious: bool = False) -> int:
    """The lead :class:`~plateau_lab.games.syndicate.bots.HeuristicBot` chooses (or, ``cautious``,
    :class:`~plateau_lab.games.syndicate.bots.CautiousBot`), as its index among the leads of ``hand``
    in the engine's order (each card alone, then with each other card face down). ``sizes``: the hands of the enforcers, in the
    order they answer; ``generator``: the bot's own; ``tables``: the rule set's (:func:`tables_for`).

    Like the bot, it deals the cards it does not see (neither in ``hand`` nor in the discards) to
    the enforcers ``samples`` times, shuffling them with the same draws, and scores every lead by
    the points it would win if each enforcer answered with their strongest legal card (the
    cautious bot: less the points each enforcer would win), a face-down card costing
    :data:`FACE_DOWN_COST`. Here an imagined hand is a bitmask
    with a bit per card at the card's place in ``tables.strength``, so a strongest answer is a
    highest bit; the answers depend on the face-up card only, so they are found once per card and
    deal, and the plots that succeed (and fail) are counted by bisecting the sorted totals.

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=5)
    >>> hand = [CARD_NUMBERS[card] for card in state.hands[0]]
    >>> chosen = heuristic_lead(hand, [], (4, 3), random.Random(9), tables_for(state.rules), cautious=True)
    >>> str(state.legal_actions()[chosen])
    'lead Windfall + face down Market'
    """
    rules = tables.rules
    caution = rules.foil_points if cautious else 0
    deals = _imagined_deals(hand, discards, sizes, generator, tables.strength_bit, samples)
    size = len(hand)
    best, best_value = 0, float("-inf")
    for at, lead in enumerate(hand):
        succeeded, foiled = _plots_won(lead, hand[:at] + hand[at + 1:], deals, tables, caution)
        # a lead's points summed over the deals (the plain bot's: its plots that succeed, times their
        # points); the bot keeps the first lead of the highest value
        if caution:
            gains = [rules.plot_points * succeeded[0] - caution * foiled[0]]
            gains += [rules.plot_face_down_points * won - caution * lost
                      for won, lost in zip(succeeded[1:], foiled[1:])]
            alone_weight = face_down_weight = 1
        else:
            gains, alone_weight, face_down_weight = succeeded, rules.plot_points, rules.plot_face_down_points
        value = alone_weight * gains[0] / samples
        if value > best_value:
            best, best_value = at * size, value
        if size > 1:
            most = max(gains[1:])
            value = face_down_weight * most / samples - FACE_DOWN_COST
            if value > best_value:      # among equal values, the first face-down card
                best, best_value = at * size + (gains.index(most, 1) if face_down_weight else 1), value
    return best


def _imagined_deals(hand: list[int], discards: list[int], sizes: tuple[int, int], generator: random.Random,
                    strength_bit: tuple[int, ...], samples: int) -> list[tuple[int, int]]:
    """The two enforcers' hands in each of ``samples`` deals of the cards the bot does not see
    (neither in ``hand`` nor in ``discards``), shuffled by ``generator`` as the public bot shuffles
    them: each hand a bitmask with a bit per card at the card's place in strength."""
    excluded = set(hand).union(discards)
    unseen = [card for card in range(CARDS) if card not in excluded]
    first_size, both = sizes[0], sizes[0] + sizes[1]
    deals = []
    for _ in range(samples):
        shuffle(unseen, generator)
        first = second = 0
        for card in unseen[:first_size]:
            first |= strength_bit[card]
        for card in unseen[first_size:both]:
            second |= strength_bit[card]
        deals.append((first, second))
    return deals


def _plots_won(lead: int, face_down_cards: list[int], deals: list[tuple[int, int]], tables: Tables,
               caution: int) -> tuple[list[int], list[int] | None]:
    """Of the imagined ``deals``, in how many a plot led with ``lead`` alone, then with each of
    ``face_down_cards`` face down, succeeds when each enforcer answers with their strongest legal
    card; with ``caution`` (the points a foiled plot costs), also in how many it is foiled (else
    None). The answers depend on the face-up card only, so they are found once per deal, and the
    plots counted by bisecting the enforcers' sorted totals."""
    rules = tables.rules
    sharing, counts, adds = tables.sharing_bits[lead], tables.counts_by_strength[lead], tables.counts[lead]
    foiled = None
    if IS_ACE[lead]:
        crown = CROWN_FOR_ACE[lead]
        crown_place = tables.strength[crown]
        crowned, plain = [], []     # the enforcers' totals, with and without the Ace's Crown among the answers
        for first, second in deals:
            one = (first & sharing or first).bit_length() - 1        # the strongest legal answer's place
            two = (second & sharing or second).bit_length() - 1
            (crowned if crown_place in (one, two) else plain).append(counts[one] + counts[two])
        crowned.sort()
        plain.sort()
        # the led Ace counts its crowned points beside its Crown (answered or face down), else its own
        mine = [(rules.crowned_ace_points, rules.ace_points)]
        mine += [(rules.crowned_ace_points + adds[card],
                  (rules.crowned_ace_points if card == crown else rules.ace_points) + adds[card])
                 for card in face_down_cards]
        succeeded = [bisect_left(crowned, with_crown) + bisect_left(plain, without) for with_crown, without in mine]
        if caution:
            foiled = [len(crowned) - bisect_right(crowned, with_crown) + len(plain) - bisect_right(plain, without)
                      for with_crown, without in mine]
        return succeeded, foiled
    totals = sorted([counts[(first & sharing or first).bit_length() - 1]
                     + counts[(second & sharing or second).bit_length() - 1] for first, second in deals])
    alone = tables.points[lead]
    succeeded = [bisect_left(totals, alone)]
    succeeded += [bisect_left(totals, alone + adds[card]) for card in face_down_cards]
    if caution:
        foiled = [len(deals) - bisect_right(totals, total)
                  for total in (alone, *(alone + adds[card] for card in face_down_cards))]
    return succeeded, foiled


def heuristic_answer(options: list[int], lead: int, face_down_played: bool, answers: list[int],
                     tables: Tables) -> int:
    """The answer :class:`~plateau_lab.games.syndicate.bots.HeuristicBot` chooses, as its index among
    ``options`` (the legal answers, in hand order): the strongest card sharing the lead's mark
    unless the enforcers' total already beats the mastermind's face-up card (and the most a card
    counts, for a face-down card), otherwise the weakest.

    >>> from .rules import rules_of
    >>> cards = [CARD_NUMBERS[card] for card in DECK if card.name in ("Author", "Lunatic", "Huntress")]
    >>> lead, tables = CARD_NUMBERS[DECK[24]], tables_for(rules_of(3, {}))          # Diplomat, a personality
    >>> lunatic = CARD_NUMBERS[DECK[29]]
    >>> heuristic_answer(cards, lead, False, [], tables), heuristic_answer(cards, lead, False, [lunatic], tables)
    (2, 0)
    """
    counts, place = tables.counts[lead], tables.strength
    threat = tables.points[lead] + (tables.highest if face_down_played else 0)
    if SHARES[lead][options[0]] and sum(counts[card] for card in answers) <= threat:
        chosen = max(options, key=place.__getitem__)
    else:
        chosen = min(options, key=place.__getitem__)
    return options.index(chosen)
