"""A heuristic bot for Le Plateau: bids what its hand should make, plays toward its team's formation.

Bidding: the bot weighs every bid it may make. For each it estimates the chance that its team makes
the objective (:func:`make_chance`: its hand's share of the cards' strength, what partners add, the
objective's difficulty, the exchange), and what the result is worth to it under the game's scoring,
positive-only or zero-sum (:func:`result_worth`). It bids the bid worth most on average, or passes
when none is worth more than nothing. Card play: it asks the board how far its team is from the
objective (``hexboard.distance``; the opponents ask about the declarers' objective, to block), and
tries to win tricks whose counters land on those cells, cheaply; otherwise it throws its weakest card.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.games.le_plateau import new_game
>>> final = play_out(new_game(4, seed=2), [HeuristicBot(seat) for seat in range(4)])
>>> final.is_over, sum(final.scores)
(True, 0)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from plateau_lab.core import Play
from plateau_lab.hexboard import DECLARERS, distance

from .actions import ABDICATE, KEEP, PASS, MakeBid
from .bidding import OBJECTIVES, Bid
from .cards import Card
from .rules import BIDDING, DISCARD, GIVE, PLAY, RAISE, Rules, legal_plays, trick_winner
from .scoring import hand_points

__all__ = ["BOLDNESS", "BoldBot", "HeuristicBot", "best_raise", "card_strength", "hand_strength", "deck_strength", "hand_share", "team_share", "make_chance",
           "result_worth", "bid_worth", "best_bid", "ChanceCurve", "CHANCE_MODEL", "RIVALRY"]


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


class HeuristicBot:
    """Bids what its hand should make and plays toward its formation (see the module docstring).

    The bot is deterministic: it takes a ``seed`` like every registered bot, but uses no
    randomness, so every seed plays alike. ``boldness`` is added to its hand's share of the
    cards' strength when bidding (0.05: a bolder player). With ``raises``, when it may raise the
    objective it raises to the one worth most to its hand (:func:`best_raise`); otherwise it keeps.
    """

    def __init__(self, seed: int = 0, *, boldness: float = 0.0, raises: bool = False):
        self.seed = seed
        self.boldness = boldness
        self.raises = raises

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed}, boldness={self.boldness}, raises={self.raises})"

    def choose(self, state):
        phase = state.phase
        if phase == BIDDING:
            return self.bid(state)
        if phase == PLAY:
            return self.play(state)
        actions = state.legal_actions()
        if phase in (DISCARD, GIVE):
            return min(actions, key=lambda a: (card_strength(a.card), a.card.rank, str(a)))
        if phase == RAISE:
            if ABDICATE in actions or not self.raises:
                return ABDICATE if ABDICATE in actions else KEEP
            return actions[best_raise(state.playable(state.current_player), state.rules, state.contract,
                                      self.boldness)]
        return actions[0]          # calling a partner, picking a talon group, dealing

    def bid(self, state):
        """The bid worth most to this hand (:func:`best_bid`); pass when none is worth anything."""
        seat = state.current_player
        actions = [action for action in state.legal_actions() if isinstance(action, MakeBid)]
        index = best_bid(state.playable(seat), state.rules, tuple(action.bid for action in actions), self.boldness)
        return PASS if index is None else actions[index]

    def play(self, state):
        """Win valuable tricks cheaply; otherwise throw the weakest card."""
        seat = state.current_player
        trick_cards = tuple(card for _, card in state.trick)
        cards = legal_plays(state.playable(seat), trick_cards, french_excuse=state.rules.french_excuse)
        if len(cards) == 1:
            return Play(cards[0])
        wanted = self._wanted_tokens(state)
        number = state.tricks_played + 1
        last = len(state.trick) == state.players - 1
        my_team = state.team_of(seat)

        def wins(card: Card) -> bool:
            if not state.trick and card.is_excuse and state.rules.french_excuse:
                return False                       # the French Excuse never wins; led, nothing beats yet
            trick = state.trick + ((seat, card),)
            winner = trick_winner(trick, french_excuse=state.rules.french_excuse)
            if winner != seat:
                return state.team_of(winner) == my_team and last
            return last or card_strength(card) >= 0.75

        def worth(card: Card) -> int:
            tokens = {f"T{number}"} | {c.token for c in trick_cards + (card,) if c.token}
            return len(tokens & wanted)

        winning = [card for card in cards if wins(card)]
        if winning and max(worth(card) for card in winning) > 0:
            return Play(min(winning, key=lambda card: (-worth(card), card_strength(card), card.rank)))
        return Play(min(cards, key=lambda card: (card_strength(card) + (0.3 if card.token else 0), card.rank)))

    def _wanted_tokens(self, state) -> set[str]:
        """Tokens of the cells the declarers still need most (their "how far" answer), asked once
        per trick and shared by all the bots at the table."""
        board, objective = state.board, state.contract.objective
        if _LAST_ANSWER[0] is not board or _LAST_ANSWER[1] is not objective:
            answer = distance(board, DECLARERS, objective)
            cells = answer[1] if answer else frozenset()
            _LAST_ANSWER[:] = [board, objective, {state.rules.layout[cell] for cell in cells}]
        return _LAST_ANSWER[2]


#: What the bold bot adds to its hand's share of the cards' strength when it bids.
BOLDNESS = 0.05


class BoldBot(HeuristicBot):
    """The heuristic bot's bolder style: it bids as if its hand were a little stronger
    (``BOLDNESS``), so it declares more often and aims higher, and when it may raise the objective
    it does so if this game's table pays enough for it (:func:`best_raise`); it plays its cards alike.

    >>> from plateau_lab.games.le_plateau import parse_cards
    >>> from plateau_lab.games.le_plateau.rules import rules_of
    >>> rules = rules_of(4, {})
    >>> middling = parse_cards("21 17 12 8 4 RS 9S DH 8H 10C 7C VD 8D")
    >>> best_bid(middling, rules, rules.legal_bids(None)) is None     # the careful style passes
    True
    >>> str(rules.legal_bids(None)[best_bid(middling, rules, rules.legal_bids(None), BOLDNESS)])
    'Exchange Five sides Duo'
    """

    def __init__(self, seed: int = 0):
        super().__init__(seed, boldness=BOLDNESS, raises=True)

    def __repr__(self) -> str:
        return f"BoldBot(seed={self.seed})"


#: The last "how far" answer: [board, objective, wanted tokens] (boards never change once made).
_LAST_ANSWER: list = [None, None, set()]
