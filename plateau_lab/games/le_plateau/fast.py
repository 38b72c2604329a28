"""Le Plateau in the game-design lab: a fast playout for random bots, and the lab's tables.

The fast playout (:func:`playout`) plays a whole game with random bots on mutable lists inside
one function, reusing the engine's pure rule functions (``trick_winner``, ``split_deal``,
``callable_cards``, ``counters_for_trick``, ``hand_points``, the board's bitmask verdicts) and
none of its checking, logging or copying. The random bots draw their numbers exactly as
:class:`plateau_lab.bots.RandomBot` does on the public engine: one ``choice`` among the legal
actions in the engine's order (also the lone "deal" between hands), ``choice`` being
``Random._randbelow`` (``getrandbits(n.bit_length())`` until below ``n``).
``tests/test_fast_le_plateau.py`` checks actions and scores against the engine for 2 to 6
players and the variants. Heuristic bots play on the public engine.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.games import le_plateau
>>> scores, actions, moves, hands = playout(4, 7, [1, 2, 3, 4], trace=True)
>>> final = play_out(le_plateau.new_game(4, seed=7), [RandomBot(s) for s in (1, 2, 3, 4)])
>>> scores == final.scores, moves == list(final.history), len(hands)
(True, True, 4)

Per player (``table="players"``): ``declared`` (hands played as the declarer), ``made`` (those
won) and ``on_team`` (hands on the declarer's team, as declarer or partner). Per hand and
player (``table="rounds"``): the contract of the hand (``bid``, ``objective``, ``value``,
``team_size``), the player's part in it (``declarer``, ``partner``), whether the declarers
``made`` it and the ``points`` the player got; a passed-out hand has ``passed_out`` True and no
contract.

>>> from plateau_lab.bots import RandomBot
>>> from plateau_lab.games import le_plateau
>>> record = play_public(le_plateau.new_game(3, seed=2), [RandomBot(s) for s in range(3)])
>>> len(record.rounds), sum(record.scores)
(9, 0)
"""

from __future__ import annotations

import random
from bisect import bisect_left
from typing import Any, NamedTuple

from plateau_lab.core import seeded_random
from plateau_lab.hexboard import DECLARERS, OPPONENTS
from plateau_lab.hexboard import fast as board_fast

from .bidding import DUO, OBJECTIVES, TRIO, all_bids, bid_value, minimum_value
from .cards import sorted_cards
from .engine import (
    TWO_PLAYER_PILES,
    Abdicate,
    Call,
    Deal,
    Discard,
    Give,
    Keep,
    MakeBid,
    Pass,
    PickGroup,
    Play,
    Raise,
    _variant,
    callable_cards,
    counters_for_trick,
    make_rules,
    raise_order,
    split_deal,
    trick_winner,
)
from .scoring import hand_points

HAS_ROUNDS = True
PASS, KEEP, ABDICATE, DEAL = Pass(), Keep(), Abdicate(), Deal()


class Hand(NamedTuple):
    """A hand's result, as much of ``engine.HandResult`` as the lab's tables need."""

    declarer: int
    partners: tuple[int, ...]
    bid: Any
    value: int
    won: bool
    points: tuple[int, ...]


def _pick(getrandbits, count: int) -> int:
    """``Random._randbelow(count)``: what ``random.choice`` draws for a list of ``count``."""
    width = count.bit_length()
    pick = getrandbits(width)
    while pick >= count:
        pick = getrandbits(width)
    return pick


def _legal_plays(playable: list, trick: list, french: bool) -> list:
    """``engine.legal_plays`` on lists, in the same order (follow suit, else trump, else any;
    with the French Excuse it may always be played and is listed last)."""
    if not trick:
        return playable
    suit = None
    for _, card in trick:
        if not (french and card.rank == 22 and card.suit == "T"):
            suit = card.suit
            break
    if suit is None:
        return playable
    if french:
        excuse = [card for card in playable if card.rank == 22 and card.suit == "T"]
        others = [card for card in playable if not (card.rank == 22 and card.suit == "T")]
    else:
        excuse, others = [], playable
    following = [card for card in others if card.suit == suit] or [card for card in others if card.suit == "T"]
    return (following or others) + excuse


_RULES: dict[tuple, Any] = {}


def rules_for(players: int, seed: int, variant: dict[str, Any]):
    """``engine.make_rules``, remembered per player count and options unless the board is random."""
    key = (players, tuple(sorted(variant.items())))
    if key in _RULES:
        return _RULES[key]
    rules = make_rules(players, seed=seed, **variant)
    if rules.board_kind != "random":
        _RULES[key] = rules
    return rules


def playout(players: int, seed: int, bot_seeds: list[int], *, trace: bool = False, **variant):
    """A whole game with a random bot per seat: ``(scores, actions, moves, hands)``.

    ``moves`` (None without ``trace``) lists the public engine's actions; ``hands`` holds one
    :class:`Hand` per hand played (None for a passed-out hand).
    """
    variant = _variant(variant)
    rules = rules_for(players, seed, variant)
    bits = [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds]
    french = rules.french_excuse
    bids = all_bids(players)
    values = [bid_value(bid, players) for bid in bids]
    bit_of_token = {token: board_fast.BIT[cell] for cell, token in rules.layout.items()}
    layout_mask = board_fast.mask_of(rules.layout)
    totals = [0] * players
    results: list[Hand | None] = []
    moves: list[Any] | None = [] if trace else None
    actions = 0

    def choose(seat: int, count: int) -> int:
        nonlocal actions
        actions += 1
        return _pick(bits[seat], count)

    dealer = rules.first_dealer
    for hand_number in range(1, rules.hands_in_game + 1):
        if hand_number > 1:
            dealer = (dealer + 1) % players
            choose(dealer, 1)                                  # the next dealer's "deal"
            if trace:
                moves.append(DEAL)
        cards = list(rules.deck)
        seeded_random(seed, "deal", hand_number).shuffle(cards)
        dealt, pile_cards, talon = split_deal(rules, cards)
        hands = [list(hand) for hand in dealt]
        piles = [[list(pile) for pile in seat_piles] for seat_piles in pile_cards]
        talon = list(talon)
        # -- bidding
        passed: set[int] = set()
        high: tuple[int, Any] | None = None
        seat = (dealer + 1) % players
        while True:
            floor = minimum_value(players) if high is None else bid_value(high[1], players) + 1
            first = bisect_left(values, floor)
            pick = choose(seat, 1 + len(bids) - first)
            if pick:
                high = (seat, bids[first + pick - 1])
            else:
                passed.add(seat)
            if trace:
                moves.append(MakeBid(high[1]) if pick else PASS)
            if len(passed) == players or (high is not None and len(passed) == players - 1):
                break
            seat = next((seat + step) % players for step in range(1, players + 1)
                        if (seat + step) % players not in passed)
        if high is None:
            results.append(None)
            continue
        declarer, contract = high
        declarers = opponents = 0
        # -- card exchange
        if players == 6:
            if contract.exchange:
                hands[declarer] = list(sorted_cards(hands[declarer] + talon[:3]))
                talon = talon[3:]
                given_to: list[int] = []
                for _ in range(2):
                    own = hands[declarer]
                    targets = [to for to in range(players) if to != declarer and to not in given_to]
                    pick = choose(declarer, len(own) * len(targets))
                    card, to = own[pick // len(targets)], targets[pick % len(targets)]
                    own.remove(card)
                    hands[to] = list(sorted_cards(hands[to] + [card]))
                    given_to.append(to)
                    if trace:
                        moves.append(Give(card, to))
                short = [(declarer + step) % 6 for step in range(1, 6)]
                short = [s for s in short if len(hands[s]) == rules.hand_size]
                for s, card in zip(short, talon):
                    hands[s] = list(sorted_cards(hands[s] + [card]))
            else:
                for s, card in zip([(dealer + step) % 6 for step in range(1, 7)], talon):
                    hands[s] = list(sorted_cards(hands[s] + [card]))
            talon = []
        elif contract.exchange:
            if rules.split_talon:
                group = 1 + choose(declarer, 2)
                picked, other = (talon[:3], talon[3:]) if group == 1 else (talon[3:], talon[:3])
                for card in other:
                    if card.token in bit_of_token:
                        opponents |= bit_of_token[card.token]
                talon = picked
                if trace:
                    moves.append(PickGroup(group))
            hands[declarer] = list(sorted_cards(hands[declarer] + talon))
            talon = []
            own = hands[declarer]
            while len(own) > rules.hand_size:
                card = own.pop(choose(declarer, len(own)))
                if trace:
                    moves.append(Discard(card))
        # -- partners
        partners: list[int] = []
        if contract.team in (DUO, TRIO):
            calls: list[Any] = []
            while len(partners) + 1 < contract.team_size:
                callable_now = callable_cards(rules.deck, tuple(hands[declarer]), tuple(calls))
                card = callable_now[choose(declarer, len(callable_now))]
                calls.append(card)
                if trace:
                    moves.append(Call(card))
                holder = next((s for s, hand in enumerate(hands) if card in hand), None)
                if holder is not None and holder not in partners:
                    partners.append(holder)
        # -- raising the objective
        partner_raised, ex_declarer = False, None
        raisers = list(raise_order(declarer, tuple(partners), players))
        while raisers:
            seat = raisers.pop(0)
            higher = OBJECTIVES[OBJECTIVES.index(contract.objective) + 1:]
            may_abdicate = (players == 5 and rules.counter_sabotage and partner_raised and not raisers
                            and seat == declarer and ex_declarer is None)
            pick = choose(seat, 1 + len(higher) + may_abdicate)
            if pick == 0:
                action = KEEP
            elif pick <= len(higher):
                action = Raise(higher[pick - 1])
                contract = contract.raised_to(action.objective)
                partner_raised = partner_raised or seat != declarer
            else:
                action = ABDICATE
                declarer, partners, ex_declarer = partners[0], [seat], seat
            if trace:
                moves.append(action)
        # -- card play
        team = {declarer, *partners}
        objective = contract.objective
        leader = (dealer + 1) % players
        won = None
        for number in range(1, rules.tricks + 1):
            trick: list[tuple[int, Any]] = []
            covered: set[tuple[int, int]] = set()
            for offset in range(players):
                seat = (leader + offset) % players
                playable = hands[seat]
                if players == 2:
                    playable = playable + [pile[-1] for index, pile in enumerate(piles[seat])
                                           if pile and (seat, index) not in covered]
                legal = _legal_plays(playable, trick, french)
                card = legal[choose(seat, len(legal))]
                if trace:
                    moves.append(Play(card))
                hand = hands[seat]
                at = next((i for i, held in enumerate(hand) if held is card), None)   # cards are unique objects
                if at is not None:
                    del hand[at]
                else:
                    index = next(i for i, pile in enumerate(piles[seat]) if pile and pile[-1] == card)
                    piles[seat][index].pop()
                    if piles[seat][index]:
                        covered.add((seat, index))
                trick.append((seat, card))
            trick_tuple = tuple(trick)
            winner = trick_winner(trick_tuple, french_excuse=french)
            winner_team = DECLARERS if winner in team else OPPONENTS
            for cell, side in counters_for_trick(rules, number, trick_tuple, winner_team,
                                                 lambda s: DECLARERS if s in team else OPPONENTS):
                if side == DECLARERS:
                    declarers |= board_fast.BIT[cell]
                else:
                    opponents |= board_fast.BIT[cell]
            leader = winner
            if number == rules.tricks:
                opponents |= layout_mask & ~(declarers | opponents)
            if board_fast.holds(declarers, objective):
                won = True
            elif not board_fast.possible(declarers, opponents, objective):
                won = False
            if won is not None:
                break
        value = bid_value(contract, players)
        points = hand_points(players=players, declarer=declarer, partners=tuple(partners), value=value, won=won,
                             positive_only=rules.positive_only, counter_sabotage=rules.counter_sabotage)
        totals = [total + gain for total, gain in zip(totals, points)]
        results.append(Hand(declarer, tuple(partners), contract, value, won, points))
    return tuple(totals), actions, moves, results


def play_fast(players: int, seed: int, bot_seeds: list[int], variant: dict[str, Any]):
    """One game with random bots for ``plateau_lab.simulate``."""
    from plateau_lab.simulate import Record

    scores, actions, _, results = playout(players, seed, bot_seeds, **variant)
    rows = hand_rows(results, players)
    return Record(scores, actions, player_extras(rows, players), tuple(rows))


def hand_rows(results, players: int) -> list[dict[str, Any]]:
    """The rows of the table of hands from a game's hand results (None for a passed-out hand)."""
    rows = []
    for number, result in enumerate(results, start=1):
        for seat in range(players):
            if result is None:
                rows.append({"seat": seat, "round": number, "passed_out": True, "bid": None, "objective": None,
                             "value": 0, "team_size": 0, "declarer": False, "partner": False, "made": False,
                             "points": 0})
                continue
            rows.append({"seat": seat, "round": number, "passed_out": False, "bid": str(result.bid),
                         "objective": str(result.bid.objective), "value": result.value,
                         "team_size": 1 + len(result.partners), "declarer": seat == result.declarer,
                         "partner": seat in result.partners, "made": result.won, "points": result.points[seat]})
    return rows


def player_extras(rows: list[dict[str, Any]], players: int) -> tuple[dict[str, int], ...]:
    """Per seat: hands declared, hands made as declarer, hands on the declarer's team."""
    return tuple({"declared": sum(row["declarer"] for row in rows if row["seat"] == seat),
                  "made": sum(row["declarer"] and row["made"] for row in rows if row["seat"] == seat),
                  "on_team": sum(row["declarer"] or row["partner"] for row in rows if row["seat"] == seat)}
                 for seat in range(players))


def play_public(state, bots):
    """One game on the public engine for ``plateau_lab.simulate``."""
    from plateau_lab.core import play_out
    from plateau_lab.simulate import Record

    final = play_out(state, bots)
    rows = hand_rows(final.results, final.players)
    return Record(tuple(final.scores), len(final.history), player_extras(rows, final.players), tuple(rows))


__all__ = ["playout", "play_fast", "hand_rows", "player_extras", "play_public", "Hand"]
