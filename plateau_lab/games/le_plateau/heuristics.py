"""The heuristic bots' decisions for Le Plateau, written once: the public bots (:mod:`.bots`) and
the fast path (:mod:`.fast`) both ask them, so both choose the same moves.

Bidding (on cards and the rules): the bot weighs every bid it may make. For each it estimates the
chance that its team makes the objective (:func:`make_chance`: its hand's share of the cards'
strength, what partners add, the objective's difficulty, the exchange), and what the result is
worth to it under the game's scoring, positive-only or zero-sum (:func:`result_worth`). It bids the
bid worth most on average (:func:`best_bid`), or passes when none is worth more than nothing; when
it may raise the objective, it raises to the one worth most (:func:`best_raise`).

Card play (on card numbers: a card's index in ``cards.ALL_CARDS``, :data:`CARD_NUMBER`; the board's
spaces as bits, ``hexboard.fast``): it asks the board which cells the declarers still need
(:func:`still_needed`; the opponents ask about the declarers' objective, to block), and tries to
win tricks whose counters land on those cells, cheaply; otherwise it throws its weakest card
(:func:`heuristic_card`). Discarding and giving, it lets go of its weakest card first
(:func:`throw_key`).

>>> from plateau_lab.games.le_plateau import new_game, parse_cards
>>> rules = new_game(4, seed=1).rules
>>> bids = rules.legal_bids(above=None)
>>> str(bids[best_bid(parse_cards("EXC 21 20 19 18 17 16 15 RS RH RC RD DS"), rules, bids)])
'Exchange Six sides Solo'
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from plateau_lab.hexboard import fast as board_fast
from plateau_lab.hexboard.searches import cheapest_formation

from .bidding import OBJECTIVES, Bid
from .cards import ALL_CARDS, EXCUSE, SUITS, TRUMP, Card
from .rules import Rules
from .scoring import hand_points

__all__ = ["BOLDNESS", "CARD_NUMBER", "CHANCE_MODEL", "EXCUSE_NUMBER", "HEURISTIC_STYLES", "RANK", "RIVALRY",
           "STRENGTH", "SUIT_OF", "THROW_ORDER", "ChanceCurve", "best_bid", "best_raise", "bid_worth", "card_strength",
           "deck_strength", "hand_share", "hand_strength", "heuristic_card", "make_chance", "result_worth",
           "still_needed", "team_share", "throw_key", "token_bits"]


#: What the bold bot adds to its hand's share of the cards' strength when it bids.
BOLDNESS = 0.05
#: The heuristic styles, by their registered names: what each adds to its hand's share when bidding
#: and whether it raises the objective (``HeuristicBot.boldness``, ``raises``).
HEURISTIC_STYLES = {"heuristic": (0.0, False), "bold": (BOLDNESS, True)}

# Cards here are numbers: a card's index in ``ALL_CARDS``, whose order is the engine's display
# order (``sort_key``: the Excuse, trumps 21 to 1, then spades, hearts, clubs, diamonds, each high
# to low). Sorted numbers are sorted hands, every suit is a run of numbers, and within a suit the
# lower number is the higher card.
#: CARD_NUMBER[card]: the card's number.
CARD_NUMBER = {card: number for number, card in enumerate(ALL_CARDS)}
EXCUSE_NUMBER = CARD_NUMBER[EXCUSE]
#: SUIT_OF[card]: 0 for trumps (the Excuse included), 1 to 4 for spades, hearts, clubs, diamonds.
SUIT_OF = tuple(0 if card.suit == TRUMP else 1 + SUITS.index(card.suit) for card in ALL_CARDS)


def card_strength(card: Card) -> float:
    """How likely a card is to take a trick: the Excuse and high trumps most, kings and queens next."""
    if card.is_excuse:
        return 1.0
    if card.is_trump:
        return 0.35 + 0.6 * card.rank / 21
    return {14: 0.8, 13: 0.5, 12: 0.3, 11: 0.15}.get(card.rank, 0.0)


def hand_strength(cards: tuple[Card, ...], players: int) -> float:
    """A rough share of the tricks this hand should take (about 1/players for an average hand).

    The bids use :func:`hand_share` instead, which also counts the cards a player holds unseen.
    """
    tricks = max(len(cards), 1)
    return min(1.0, sum(card_strength(card) for card in cards) / tricks * (1.6 / players) * 1.6)


# ------------------------------------------------------------------ bidding: how likely, and worth what

class ChanceCurve(NamedTuple):
    """How the chance to make a contract grows with the hand, for one player count (see :func:`make_chance`)."""

    slope: float                  # how steeply the chance rises with the team's share
    exchange_help: float          # what taking the talon adds to the share
    partner_weight: float         # how much of an average player's share a blindly called partner adds
    partner_doubt: float          # how much each unknown partner flattens the curve
    needs: tuple[float, ...]      # per objective, Bridge to Six sides: the share that gives an even chance


#: The chance curves per player count, fitted by maximum likelihood to 33,600 hands that heuristic
#: bots played on forced contracts (every bid from the minimum up, for the first player of 400
#: seeded deals per player count, the others passing). With 2 players no Bridge can be bid.
CHANCE_MODEL: dict[int, ChanceCurve] = {
    2: ChanceCurve(20.9, 0.022, 0.0, 0.0, (0.397, 0.496, 0.496, 0.496, 0.538)),
    3: ChanceCurve(39.7, 0.039, 0.0, 0.0, (0.364, 0.391, 0.391, 0.396, 0.429)),
    4: ChanceCurve(28.7, 0.044, 0.388, 1.226, (0.347, 0.372, 0.372, 0.377, 0.407)),
    5: ChanceCurve(29.6, 0.041, 0.418, 1.363, (0.316, 0.348, 0.348, 0.353, 0.384)),
    6: ChanceCurve(25.3, 0.027, 0.533, 1.203, (0.34, 0.364, 0.364, 0.375, 0.416)),
}
#: How much a player minds the points the others get, besides his own (see :func:`result_worth`).
RIVALRY = 0.5


@lru_cache(maxsize=None)
def deck_strength(deck: tuple[Card, ...]) -> float:
    """The strength of all the cards of a deck together."""
    return sum(card_strength(card) for card in deck)


def hand_share(cards: tuple[Card, ...], rules: Rules) -> float:
    """The share of the deck's strength a player will hold: the cards he sees, plus one average card
    of the rest for each card he will hold but cannot see yet (2 players: the face-down pile cards;
    6 players: the 13th card, from the talon). About 1/players for an average hand.

    >>> from plateau_lab.games.le_plateau import new_game, parse_cards
    >>> rules = new_game(4, seed=1).rules
    >>> round(hand_share(parse_cards("EXC 21 20 19 18 17 16 15 RS RH RC RD DS"), rules), 2)
    0.49
    """
    total = deck_strength(rules.deck)
    seen = sum(card_strength(card) for card in cards)
    unseen = max(0, rules.tricks - len(cards))
    rest = (total - seen) / (len(rules.deck) - len(cards))
    return (seen + unseen * rest) / total


def team_share(own: float, team_size: int, players: int) -> float:
    """The team's share of the strength if each partner were an average player of the rest.

    >>> team_share(0.25, 1, 4), team_share(0.25, 2, 4)
    (0.25, 0.5)
    """
    return own + (team_size - 1) * (1 - own) / (players - 1)


def make_chance(own: float, bid: Bid, players: int) -> float:
    """The chance that a player holding ``own`` of the cards' strength (:func:`hand_share`) makes
    ``bid`` with his team: even when the team's share reaches the objective's need (a bigger
    formation needs more), rising above it and falling below it along a logistic curve whose
    steepness is the curve's ``slope``. A partner adds part of an average player's share
    (``partner_weight``) but, called blindly, makes the outcome less certain (``partner_doubt``
    flattens the curve); the exchange adds a little (``CHANCE_MODEL``).

    >>> from plateau_lab.games.le_plateau import parse_bid
    >>> bids = [parse_bid(text) for text in ("Exchange Bridge Solo", "Exchange Y Duo", "Exchange Six sides Duo")]
    >>> [round(make_chance(0.3, bid, 4), 2) for bid in bids]        # a good hand with 4 players
    [0.48, 0.77, 0.63]
    >>> [round(make_chance(0.25, bid, 4), 2) for bid in bids]       # an average one
    [0.18, 0.59, 0.42]
    """
    curve = CHANCE_MODEL[players]
    partners = bid.team_size - 1
    share = (own + curve.partner_weight * (team_share(own, bid.team_size, players) - own)
             + (curve.exchange_help if bid.exchange else 0.0))
    gap = share - curve.needs[OBJECTIVES.index(bid.objective)]
    return 1.0 / (1.0 + math.exp(-curve.slope * gap / math.sqrt(1.0 + curve.partner_doubt * partners)))


@lru_cache(maxsize=None)
def result_worth(players: int, team_size: int, positive_only: bool, counter_sabotage: bool,
                 positive_multiples: tuple[int, ...] | None = None,
                 zero_sum_multiples: tuple[int, ...] | None = None) -> tuple[float, float]:
    """What a contract made, and one lost, is worth to its declarer per point of its value, scored
    as the game scores it (``scoring.hand_points``): his own points, minus ``RIVALRY`` times the
    other players' average (with positive-only scoring a lost contract costs the declarer nothing,
    but every opponent scores).

    >>> result_worth(4, 1, False, True), result_worth(4, 1, True, False)
    ((3.5, -3.5), (2.0, -1.0))
    """
    def worth(won: bool) -> float:
        points = hand_points(players=players, declarer=0, partners=tuple(range(1, team_size)), value=1, won=won,
                             positive_only=positive_only, counter_sabotage=counter_sabotage,
                             positive_multiples=positive_multiples, zero_sum_multiples=zero_sum_multiples)
        return points[0] - RIVALRY * sum(points[1:]) / (players - 1)

    return worth(True), worth(False)


def bid_worth(bid: Bid, own: float, rules: Rules, boldness: float = 0.0) -> float:
    """What bidding ``bid`` is worth on average to a player whose hand holds ``own`` of the
    strength (:func:`hand_share`): its value in this game's bidding table (``rules.value``) times
    the worth of making it and of losing it under this game's scoring, each weighed by its chance
    (:func:`make_chance`). ``boldness`` is added to the hand's share."""
    players = rules.players
    chance = make_chance(own + boldness, bid, players)
    made, lost = result_worth(players, bid.team_size, rules.positive_only, rules.counter_sabotage,
                              rules.positive_multiples, rules.zero_sum_multiples)
    return rules.value(bid) * (chance * made + (1.0 - chance) * lost)


def best_bid(cards: tuple[Card, ...], rules: Rules, bids: tuple[Bid, ...], boldness: float = 0.0) -> int | None:
    """The index in ``bids`` of the bid worth most to a player holding ``cards`` (the first of
    equal ones), or None when none is worth more than passing (0).

    >>> from plateau_lab.games.le_plateau import new_game, parse_cards
    >>> rules = new_game(4, seed=1).rules
    >>> bids = rules.legal_bids(above=None)
    >>> strong = parse_cards("EXC 21 20 19 18 17 16 15 RS RH RC RD DS")
    >>> str(bids[best_bid(strong, rules, bids)])
    'Exchange Six sides Solo'
    >>> best_bid(parse_cards("1 2 3 4S 5S 6S 7H 8H 9H 7C 8C 9C 10D"), rules, bids) is None
    True
    """
    own = hand_share(cards, rules)
    best, best_worth = None, 0.0
    for index, bid in enumerate(bids):
        worth = bid_worth(bid, own, rules, boldness)
        if worth > best_worth:
            best, best_worth = index, worth
    return best


def best_raise(cards: tuple[Card, ...], rules: Rules, contract: Bid, boldness: float = 0.0) -> int:
    """Among keeping ``contract`` (0) and raising it to each larger objective (1, 2, …), the index
    of the one worth most to a player holding ``cards`` (:func:`bid_worth`, the first of equal ones):
    a raise is worth it when this game's table pays enough more for the larger formation.

    >>> from plateau_lab.games.le_plateau import parse_bid, parse_cards
    >>> from plateau_lab.games.le_plateau.rules import rules_of
    >>> hand, contract = parse_cards("EXC 19 15 14 13 9 8 DS 7S 7H RC RD VD"), parse_bid("Exchange Y Duo")
    >>> best_raise(hand, rules_of(4, {}), contract)         # 2: to Five sides (1: Fork, 3: Six sides)
    2
    >>> best_raise(hand, rules_of(4, {"bid_values": (1, 2, 3, 4, 5, 6, 7, 8, 30, 40)}), contract)
    3
    """
    own = hand_share(cards, rules)
    higher = OBJECTIVES[OBJECTIVES.index(contract.objective) + 1:]
    best, best_worth = 0, bid_worth(contract, own, rules, boldness)
    for index, objective in enumerate(higher, start=1):
        worth = bid_worth(contract.raised_to(objective), own, rules, boldness)
        if worth > best_worth:
            best, best_worth = index, worth
    return best


#: Per card number: :func:`card_strength`, and the rank.
STRENGTH = tuple(card_strength(card) for card in ALL_CARDS)
RANK = tuple(card.rank for card in ALL_CARDS)
#: The order in which the bot throws a card it does not mean to win with (weakest first).
THROW_ORDER = tuple((card_strength(card) + (0.3 if card.token else 0), card.rank) for card in ALL_CARDS)


def token_bits(rules: Rules) -> dict[str, int]:
    """The board bit (``hexboard.fast.BIT``) of each token of the rules' board layout: a card's
    space (``card.token``) or a trick's (``"T3"``)."""
    return {token: board_fast.BIT[cell] for cell, token in rules.layout.items()}


def throw_key(card: int, text: str) -> tuple[float, int, str]:
    """The bot's order for discarding and giving (the card numbered ``card``, by the move's
    ``text``): weakest card first, then by text."""
    return STRENGTH[card], RANK[card], text


def still_needed(declarers: int, opponents: int, objective,
                  cache: dict[tuple[int, int, Any], int]) -> int:
    """The cells the declarers still need for ``objective`` (``hexboard.distance``'s answer) as a
    mask, remembered in ``cache`` per board."""
    key = (declarers, opponents, objective)
    if key not in cache:
        # distance()'s search, on the costs it would give: own cells 0, free cells 1, enemy cells closed
        cost = {cell: 0 if bit & declarers else 1 for cell, bit in board_fast.BIT.items() if not bit & opponents}
        answer = cheapest_formation(cost, objective)
        cache[key] = board_fast.mask_of(answer[1]) & ~declarers if answer else 0
    return cache[key]


def heuristic_card(legal: list[int], seat: int, last: bool, on_team: list[bool], best_seat: int, best: int,
                    wanted: Callable[[], int], spaces: int, card_bit: tuple[int, ...], french: bool) -> int:
    """The index in ``legal`` (card numbers, the engine's order) of the card the bot plays as
    ``seat`` (``last``: the trick's last card; ``on_team[seat]``: whether the seat is on the
    declarers' team). The trick so far is won by ``best`` of ``best_seat`` (-1: no card that can
    win yet) and covers the board bits ``spaces`` (its own space included; ``card_bit[card]``: a
    card's space); ``wanted()``: the cells the declarers still need (:func:`still_needed`), asked
    (a slow search) only when a card would win the trick. A card wins for the bot when it takes the
    trick and is the trick's last or a strong card (strength 0.75 or more), or when a partner
    keeps the trick with the last card; among the winning cards that place a counter on a needed
    cell, it plays the one placing most, then the weakest; otherwise it throws its weakest card."""
    def wins(card: int) -> bool:
        if french and card == EXCUSE_NUMBER:
            if best_seat < 0:                      # the Excuse led: it never wins, nothing else yet
                return False
            winner = best_seat
        else:
            suit = SUIT_OF[card]
            beats = best < 0 or (suit == SUIT_OF[best] and card < best) or (suit == 0 and SUIT_OF[best] != 0)
            winner = seat if beats else best_seat
        if winner != seat:
            return on_team[winner] == on_team[seat] and last
        return last or STRENGTH[card] >= 0.75

    winning = [card for card in legal if wins(card)]
    needed = wanted() if winning else 0
    worth = {card: ((spaces | card_bit[card]) & needed).bit_count() for card in winning}
    if winning and max(worth.values()) > 0:
        chosen = min(winning, key=lambda card: (-worth[card], STRENGTH[card], RANK[card]))
    else:
        chosen = min(legal, key=THROW_ORDER.__getitem__)
    return legal.index(chosen)
