"""Le Plateau in the game-design lab: a fast playout for random and heuristic bots, and the lab's tables.

The fast playout (:func:`playout`) plays a whole game with random bots on mutable lists inside
one function, with none of the engine's checking, logging or copying. A card is a number, its
index in ``cards.ALL_CARDS`` (whose order is the engine's sorting order), so hands are sorted
lists of numbers and each suit a run of them: following suit cuts a run out of the hand with
``bisect`` (when random bots hold every seat at 3 to 6 players, without the French Excuse, each
hand is cut into its five suits once, and a card is popped from its suit's list), and every card
and trick knows the board bit of its space, so a trick's counters are two ``|`` on the teams'
bitmasks. The board's verdicts (:class:`~.fast_tricks.Verdict`: holds? still possible?) are
asked only when the counters they depend on have changed and are enough to decide; the card play
of a hand is :mod:`.fast_tricks`, the bidding, exchange, call and raise are here. The rules (deck, deal
sizes, board, bidding table) are the engine's ``rules_of`` and the scoring its ``points_of``. The random
bots draw their numbers exactly as :class:`plateau_lab.core.bots.RandomBot` does on the public
engine: one ``choice`` among the legal actions in the engine's order (``State.legal_actions``
documents it; also the lone "deal" between hands), the index drawn by
:func:`plateau_lab.core.fastrandom.choice_index`, the draw ``random.choice`` makes.
``tests/le_plateau/test_fast.py`` checks, step by step, that the legal actions and the choices
are the engine's for 2 to 6 players and the variants.

The heuristic bots (``heuristic=``, and ``FAST_BOTS`` for ``plateau_lab.lab.simulate``) ask the
decisions :class:`~plateau_lab.games.le_plateau.HeuristicBot` asks (:mod:`.heuristics`), on the
same numbers, and so the board's search the same question about the same board; most of their
time goes there.
:func:`play_on` plays on from any position of the public engine, inside a hand (bidding,
exchange, partner call, raise, card play) or between hands, to the end of the game or of a number
of hands (the fast path's protocol, ``plateau_lab.core.fastpath``, where a round is a hand here;
the expert's playouts).
``tests/le_plateau/test_fast_heuristic.py`` checks the heuristic bots' moves, step by step,
against the public bot's.

``on_step(seat, legal, index)``, when given, is called before every move with the texts of the
legal actions (the engine's ``str``, in the engine's order) and the index of the one chosen:

>>> from plateau_lab.core import play_out
>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.games import le_plateau
>>> chosen = []
>>> scores, actions, hands = playout(4, 7, [1, 2, 3, 4], {},
...                                  on_step=lambda seat, legal, index: chosen.append(legal[index]))
>>> final = play_out(le_plateau.new_game(4, seed=7), [RandomBot(s) for s in (1, 2, 3, 4)])
>>> scores == final.scores, chosen == [str(action) for action in final.history], len(hands)
(True, True, 4)

Per player (``table="players"``): ``declared`` (hands played as the declarer), ``made`` (those
won) and ``on_team`` (hands on the declarer's team, as declarer or partner). Per hand and
player (``table="rounds"``): the contract of the hand (``bid``, ``objective``, ``value``,
``team_size``), the player's part in it (``declarer``, ``partner``), whether the declarers
``made`` it and the ``points`` the player got; a passed-out hand has ``passed_out`` True and no
contract.

>>> record = play_public(le_plateau.new_game(3, seed=2), [RandomBot(s) for s in range(3)])
>>> len(record.rounds), sum(record.scores)
(9, 0)
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_left, insort
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from plateau_lab.core import Setup, check_whole, game_spec, play_out, seeded_random
from plateau_lab.core.fastpath import OnStep, Record
from plateau_lab.core.fastrandom import choice_index, shuffle
from plateau_lab.hexboard import fast as board_fast

from .bidding import DUO, OBJECTIVES, TRIO, all_bids, bid_value
from .cards import ALL_CARDS
from .fast_tricks import CARD_TEXT, SUIT_RUN, Tables, play_tricks, play_tricks_random
from .heuristics import CARD_NUMBER, HEURISTIC_STYLES, best_bid, best_raise, throw_key, token_bits
from .rules import (BIDDING, CALL, DISCARD, GAME, GIVE, HAND_OVER, PASSED_OUT, PICK, PLAY, RAISE,
                    first_dealer, make_rules, raise_order)
from .scoring import points_of

__all__ = ["FAST_BOTS", "STAGE", "playout", "play_on", "play_fast", "hand_rows", "player_extras",
           "play_public", "Hand"]


class Hand(NamedTuple):
    """A hand's result, as much of ``rules.HandResult`` as the lab's tables need."""
    declarer: int
    partners: tuple[int, ...]
    bid: Any
    value: int
    won: bool
    points: tuple[int, ...]


def _callable(deck: frozenset[int], held: list[int], called: list[int]) -> list[int]:
    """``rules.callable_cards`` on numbers: the highest rank that has cards nobody called, not
    held by the declarer; its cards in suit order."""
    for step in range(14):                         # rank 14 (king) down to 1
        candidates = [card for card in (SUIT_RUN[suit][0] + step for suit in range(1, 5))
                      if card in deck and card not in held and card not in called]
        if candidates:
            return candidates
    return []


def _split(rules, cards: list[int]) -> tuple[list[list[int]], list[list[list[int]]], list[int]]:
    """``rules.split_deal`` on numbers: sorted hands, (2 players) piles bottom to top, the talon."""
    players, size = rules.players, rules.hand_size
    piles: list[list[list[int]]] = []
    if players == 2:
        pile_cards = 2 * rules.piles
        piles = [[cards[seat * pile_cards + 2 * i: seat * pile_cards + 2 * i + 2] for i in range(rules.piles)]
                 for seat in range(players)]
        cards = cards[players * pile_cards:]
    hands = [sorted(cards[seat * size:(seat + 1) * size]) for seat in range(players)]
    return hands, piles, cards[players * size:]


_RULES: dict[tuple, tuple[Any, Tables]] = {}


def tables_of(rules) -> Tables:
    """The lookup tables of ``rules``."""
    bit_of_token = token_bits(rules)
    deck = tuple(CARD_NUMBER[card] for card in rules.deck)
    return Tables(deck, frozenset(deck), tuple(bit_of_token.get(card.token, 0) for card in ALL_CARDS),
                  tuple(bit_of_token.get(f"T{number}", 0) for number in range(rules.tricks + 1)),
                  board_fast.mask_of(rules.layout))


def rules_for(setup: Setup):
    """``rules.make_rules`` and its tables, remembered per player count and options unless the
    board is random."""
    key = (setup.players, tuple(setup.variant.values()))      # checked: every option, in the options' order
    if key in _RULES:
        return _RULES[key]
    rules = make_rules(setup)
    found = rules, tables_of(rules)
    if rules.board_kind != "random":
        _RULES[key] = found
    return found


def _bidding_table(rules) -> tuple[tuple, tuple[int, ...], tuple[int, ...], int, tuple[str, ...]]:
    """The bids of the game's bidding table by value, their values, the index of the first bid
    above each, the index of the opening bid (the minimum) and the bids' action texts."""
    return _bidding_table_of(rules.players, rules.bid_values, rules.team_step, rules.minimum_value)


@functools.cache
def _bidding_table_of(players: int, bid_values: tuple[int, ...], team_step: int, minimum: int):
    bids = all_bids(players, bid_values, team_step)
    values = tuple(bid_value(bid, players, bid_values, team_step) for bid in bids)
    above = tuple(bisect_left(values, value + 1) for value in values)
    return bids, values, above, bisect_left(values, minimum), tuple(f"bid {bid}" for bid in bids)


class _Table(NamedTuple):
    """What every hand of a playout shares: the rules and their tables, the bots, the bids."""
    players: int
    rules: Any
    tables: Tables
    bits: list[Callable[[int], int]]
    smart: list[bool]
    on_step: Callable[[int, list[str], int], Any] | None
    board_cache: dict[tuple[int, int, Any], int]
    boldness: tuple[float, ...]                 # per seat, what a heuristic bot adds to its hand when bidding
    raising: tuple[bool, ...]                   # per seat, whether its heuristic bot raises the objective
    bidding: tuple                              # _bidding_table(rules)


class _Hand(NamedTuple):
    """Where a hand stands when the playout takes it over: the phase and what the phases left
    to play need (cards as numbers; ``high``: the index of the standing bid, -1 for none)."""
    phase: str
    dealer: int
    hands: list[list[int]]
    piles: list[list[list[int]]]
    talon: list[int]
    passed: set[int] = set()
    high: int = -1
    high_seat: int = -1
    to_bid: int = -1
    declarer: int = -1
    contract: Any = None
    masks: tuple[int, int] = (0, 0)
    given_to: tuple[int, ...] = ()
    calls: tuple[int, ...] = ()
    partners: tuple[int, ...] = ()
    raisers: tuple[int, ...] | None = None
    partner_raised: bool = False
    ex_declarer: int | None = None
    leader: int = -1
    number: int = 1
    trick: tuple[tuple[int, int], ...] = ()
    covered: frozenset[tuple[int, int]] = frozenset()


#: The phases of a hand in the order they come (the exchange is one of GIVE, PICK, DISCARD).
STAGE = {BIDDING: 0, GIVE: 1, PICK: 1, DISCARD: 1, CALL: 2, RAISE: 3, PLAY: 4}


def playout(players: int, seed: int, bot_seeds: list[int], variant: dict[str, Any] | None = None, *,
            on_step: Callable[[int, list[str], int], Any] | None = None, heuristic: list[bool] | None = None,
            styles: Sequence[tuple[float, bool]] | None = None):
    """A whole game with a random bot per seat: ``(scores, actions, hands)``.

    ``variant`` holds options as ``new_game`` takes them (checked the same way, defaults filled
    in); ``hands`` holds one :class:`Hand` per hand played (None for a passed-out hand);
    ``on_step`` is described in the module docstring. The seats marked in ``heuristic`` have the
    heuristic bot (:class:`~plateau_lab.games.le_plateau.HeuristicBot`) instead, each in its style
    from ``styles``, (boldness, raises) per seat (None: the careful style everywhere; see
    ``HEURISTIC_STYLES``).
    """
    setup = game_spec(GAME).setup(players, seed, variant or {})
    rules, tables = rules_for(setup)
    bits = [random.Random(bot_seed).getrandbits for bot_seed in bot_seeds]
    styles = tuple(styles) if styles else (HEURISTIC_STYLES["heuristic"],) * players
    table = _Table(players, rules, tables, bits, list(heuristic) if heuristic else [False] * players, on_step, {},
                   tuple(bold for bold, _ in styles), tuple(raises for _, raises in styles), _bidding_table(rules))
    return _play_hands(table, seed, rules.first_dealer, 1, rules.hands_in_game, [0] * players)


def _play_hands(table: _Table, seed: int, dealer: int, first: int, last: int, totals: list[int],
                hand: _Hand | None = None) -> tuple[tuple[int, ...], int, list[Hand | None]]:
    """Hands ``first`` to ``last`` of a game seeded ``seed``, the first from ``hand`` (where it
    stands, dealt by ``dealer``) or, with None, from its deal: hand 1 is dealt by ``dealer``, a
    later hand by the seat after ``dealer`` (the previous hand's dealer), whose "deal" comes
    first. ``totals``: the scores before. ``(scores, actions, hands)`` as :func:`playout` says."""
    players, rules, tables, bits, on_step = table.players, table.rules, table.tables, table.bits, table.on_step
    results: list[Hand | None] = []
    actions = 0
    for hand_number in range(first, last + 1):
        if hand is None:
            if hand_number > 1:
                dealer = (dealer + 1) % players
                if on_step:
                    on_step(dealer, ["deal"], 0)
                choice_index(bits[dealer], 1)                               # the next dealer's "deal"
                actions += 1
            cards = list(tables.deck)
            shuffle(cards, seeded_random(seed, "deal", hand_number))
            hands, piles, talon = _split(rules, cards)
            hand = _Hand(BIDDING, dealer, hands, piles, talon, set(), to_bid=(dealer + 1) % players)
        result, played = _play_hand(table, hand)
        hand = None
        actions += played
        if result is not None:
            totals = [total + gain for total, gain in zip(totals, result.points)]
        results.append(result)
    return tuple(totals), actions, results


def _play_hand(table: _Table, hand: _Hand) -> tuple[Hand | None, int]:
    """The rest of a hand from ``hand``: its result (None when everybody passed) and the moves played.

    One piece on purpose: it is the fast path's hot loop, which keeps the position in local
    variables from move to move; split into functions, it would pay a call and a reload of that
    state at every move."""
    players, rules, tables, bits, smart, on_step = (table.players, table.rules, table.tables, table.bits,
                                                    table.smart, table.on_step)
    bids, values, above, opening, bid_texts = table.bidding
    card_bit = tables.card_bit
    stage = STAGE[hand.phase]
    hands, piles, talon, dealer = hand.hands, hand.piles, hand.talon, hand.dealer
    high, declarer, contract = hand.high, hand.declarer, hand.contract
    declarers, opponents = hand.masks
    actions = 0
    # -- bidding
    if stage == 0:
        passed, high_seat, seat = set(hand.passed), hand.high_seat, hand.to_bid
        while True:
            first = opening if high < 0 else above[high]
            if smart[seat]:
                playable = hands[seat] + [pile[-1] for pile in piles[seat] if pile] if piles else hands[seat]
                pick = _heuristic_bid(playable, bids, first, rules, table.boldness[seat])
            else:
                pick = choice_index(bits[seat], 1 + len(bids) - first)
            if on_step:
                on_step(seat, ["pass", *bid_texts[first:]], pick)
            actions += 1
            if pick:
                high, high_seat = first + pick - 1, seat
            else:
                passed.add(seat)
            if len(passed) == players or (high >= 0 and len(passed) == players - 1):
                break
            seat = (seat + 1) % players                 # the next player who has not passed
            while seat in passed:
                seat = (seat + 1) % players
        if high < 0:
            return None, actions
        declarer, contract = high_seat, bids[high]
    # -- card exchange
    given_to = list(hand.given_to)
    phase = hand.phase
    if stage == 0:
        phase = CALL
        if players == 6:
            if contract.exchange:
                hands[declarer] = sorted(hands[declarer] + talon[:3])
                talon = talon[3:]
                phase = GIVE
            else:
                for s, card in zip([(dealer + step) % 6 for step in range(1, 7)], talon):
                    insort(hands[s], card)
                talon = []
        elif contract.exchange:
            if rules.split_talon:
                phase = PICK
            else:
                hands[declarer] = sorted(hands[declarer] + talon)
                talon = []
                phase = DISCARD
    if phase == GIVE:
        while len(given_to) < 2:
            own = hands[declarer]
            targets = [to for to in range(players) if to != declarer and to not in given_to]
            if smart[declarer]:
                pick = min(range(len(own) * len(targets)), key=lambda index: throw_key(
                    own[index // len(targets)], f"give {CARD_TEXT[own[index // len(targets)]]} "
                                                f"to {targets[index % len(targets)]}"))
            else:
                pick = choice_index(bits[declarer], len(own) * len(targets))
            if on_step:
                on_step(declarer, [f"give {CARD_TEXT[card]} to {to}" for card in own for to in targets], pick)
            actions += 1
            card, to = own[pick // len(targets)], targets[pick % len(targets)]
            own.remove(card)
            insort(hands[to], card)
            given_to.append(to)
        short = [(declarer + step) % 6 for step in range(1, 6)]
        short = [s for s in short if len(hands[s]) == rules.hand_size]
        for s, card in zip(short, talon):
            insort(hands[s], card)
        talon = []
    if phase == PICK:
        group = 1 + (0 if smart[declarer] else choice_index(bits[declarer], 2))
        if on_step:
            on_step(declarer, ["pick group 1", "pick group 2"], group - 1)
        actions += 1
        picked, other = (talon[:3], talon[3:]) if group == 1 else (talon[3:], talon[:3])
        for card in other:
            opponents |= card_bit[card]
        hands[declarer] = sorted(hands[declarer] + picked)
        talon = []
        phase = DISCARD
    if phase == DISCARD:
        own = hands[declarer]
        while len(own) > rules.hand_size:
            if smart[declarer]:
                pick = min(range(len(own)),
                           key=lambda index: throw_key(own[index], f"discard {CARD_TEXT[own[index]]}"))
            else:
                pick = choice_index(bits[declarer], len(own))
            if on_step:
                on_step(declarer, [f"discard {CARD_TEXT[card]}" for card in own], pick)
            own.pop(pick)
            actions += 1
    # -- partners
    partners = list(hand.partners)
    if stage <= 2 and contract.team in (DUO, TRIO):
        calls = list(hand.calls)
        while len(partners) + 1 < contract.team_size:
            callable_now = _callable(tables.deck_set, hands[declarer], calls)
            pick = 0 if smart[declarer] else choice_index(bits[declarer], len(callable_now))
            if on_step:
                on_step(declarer, [f"call {CARD_TEXT[card]}" for card in callable_now], pick)
            card = callable_now[pick]
            actions += 1
            calls.append(card)
            holder = next((s for s, cards in enumerate(hands) if card in cards), None)
            if holder is not None and holder not in partners:
                partners.append(holder)
    # -- raising the objective
    partner_raised, ex_declarer = hand.partner_raised, hand.ex_declarer
    if stage <= 3:
        raisers = list(raise_order(declarer, tuple(partners), players) if hand.raisers is None else hand.raisers)
        while raisers:
            seat = raisers.pop(0)
            higher = OBJECTIVES[OBJECTIVES.index(contract.objective) + 1:]
            may_abdicate = (players == 5 and rules.counter_sabotage and partner_raised and not raisers
                            and seat == declarer and ex_declarer is None)
            if smart[seat] and not may_abdicate and table.raising[seat]:
                playable = hands[seat] + [pile[-1] for pile in piles[seat] if pile] if piles else hands[seat]
                pick = best_raise(tuple(ALL_CARDS[card] for card in playable), rules, contract, table.boldness[seat])
            elif smart[seat]:
                pick = len(higher) + 1 if may_abdicate else 0      # abdicate when allowed, else keep
            else:
                pick = choice_index(bits[seat], 1 + len(higher) + may_abdicate)
            if on_step:
                on_step(seat, ["keep"] + [f"raise to {objective}" for objective in higher]
                        + ["abdicate"] * may_abdicate, pick)
            actions += 1
            if 0 < pick <= len(higher):
                contract = contract.raised_to(higher[pick - 1])
                partner_raised = partner_raised or seat != declarer
            elif pick:
                declarer, partners, ex_declarer = partners[0], [seat], seat
    # -- card play
    on_team = [seat == declarer or seat in partners for seat in range(players)]
    first_trick = stage == 4
    leader = hand.leader if first_trick else (dealer + 1) % players
    number, trick = (hand.number, hand.trick) if first_trick else (1, ())
    if players == 2 or rules.french_excuse or any(smart):
        won, played = play_tricks(hands, piles, bits, on_step, tables=tables, tricks=rules.tricks,
                                   french=rules.french_excuse, on_team=on_team, objective=contract.objective,
                                   leader=leader, number=number, trick=trick,
                                   covered=hand.covered if first_trick else frozenset(), declarers=declarers,
                                   opponents=opponents, smart=smart, board_cache=table.board_cache)
    else:
        won, played = play_tricks_random(hands, bits, on_step, tables=tables, tricks=rules.tricks, on_team=on_team,
                                          objective=contract.objective, leader=leader, number=number, trick=trick,
                                          declarers=declarers, opponents=opponents)
    actions += played
    value = values[high] if high >= 0 and contract is bids[high] else rules.value(contract)
    points = points_of(rules, declarer=declarer, partners=tuple(partners), value=value, won=won)
    return Hand(declarer, tuple(partners), contract, value, won, points), actions


def _heuristic_bid(playable: list[int], bids: tuple, first: int, rules, boldness: float) -> int:
    """The heuristic bot's bid: the index among ``pass`` and ``bids[first:]`` of the bid worth most
    to the hand (0: pass), by the very function the public bot asks (:func:`.heuristics.best_bid`)."""
    index = best_bid(tuple(ALL_CARDS[card] for card in playable), rules, bids[first:], boldness)
    return 0 if index is None else 1 + index


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """Play on from ``state``, a public :class:`~plateau_lab.games.le_plateau.State` in any phase
    of a hand (bidding, exchange, partner call, raise, card play, at any point of it) or between
    hands, to the end of the game or of ``rounds`` hands (the hand under way counts as one), with
    the bots ``bots`` names (one of ``FAST_BOTS`` per seat: ``RandomBot(bot_seeds[seat])`` or
    ``HeuristicBot(bot_seeds[seat])``; None: random bots), exactly as the public engine plays it
    (``on_step``: see the module docstring). A :class:`Record`: the scores then (the engine's
    ``state.scores``, the totals of the finished hands), the moves made, and for the hands that
    ended on the way the rows of the table of hands (``rounds``, one per hand and seat in seat
    order, numbered from the game's first hand, see :func:`hand_rows`: a hand's ``points``, 0 for
    all when everybody passed) and the extras of :func:`play_fast` over them
    (:func:`player_extras`).

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import le_plateau
    >>> state = le_plateau.new_game(4, seed=7)
    >>> state = state.apply(state.legal_actions()[1])          # mid-bidding
    >>> record = play_on(state, [10, 11, 12, 13], rounds=1)
    >>> engine = state
    >>> bots = [RandomBot(seed) for seed in (10, 11, 12, 13)]
    >>> while engine.phase not in ("hand over", "passed out"):
    ...     engine = engine.apply(bots[engine.current_player].choose(engine))
    >>> record.scores == engine.scores, record.actions == len(engine.history) - len(state.history)
    (True, True)
    >>> [row["points"] for row in record.rounds] == list(engine.result.points)
    True
    """
    phase = getattr(state, "phase", None)
    if (phase not in STAGE and phase not in (HAND_OVER, PASSED_OUT)) or getattr(state.setup, "game", None) != GAME:
        raise ValueError("play_on starts from a Le Plateau state, in a hand (bidding, exchange, call, raise or card "
                         f"play) or between hands, not {getattr(state, 'phase', type(state).__name__)!r}")
    players, rules = state.players, state.rules
    smart = _smart_seats(bots, players)
    if len(bot_seeds) != players:
        raise ValueError(f"give one bot seed per seat ({players}), not {len(bot_seeds)}")
    if rounds is not None:
        check_whole(rounds, name="rounds (the hands to play on)", low=1)
    tables = rules_for(state.setup)[1] if rules.board_kind != "random" else tables_of(rules)
    table = _Table(players, rules, tables, [random.Random(seed).getrandbits for seed in bot_seeds],
                   smart or [False] * players, on_step, {}, *zip(*_styles(bots, players)), _bidding_table(rules))
    number, hand = state.hand_number, None
    if phase in STAGE:
        bids = _bidding_table(rules)[0]
        standing = state.high_bid
        numbers = lambda cards: [CARD_NUMBER[card] for card in cards]  # noqa: E731
        hand = _Hand(
            phase, state.dealer, [numbers(cards) for cards in state.hands],
            [[numbers(pile) for pile in seat_piles] for seat_piles in state.piles], numbers(state.talon),
            passed=set(state.passed), high=-1 if standing is None else bids.index(standing[1]),
            high_seat=-1 if standing is None else standing[0], to_bid=state.to_bid,
            declarer=-1 if state.declarer is None else state.declarer, contract=state.contract, masks=state.masks,
            given_to=tuple(to for _, to in state.gifts), calls=tuple(numbers(state.calls)), partners=state.partners,
            raisers=state.raisers if phase == RAISE else None, partner_raised=state.partner_raised,
            ex_declarer=state.ex_declarer, leader=state.leader, number=state.tricks_played + 1,
            trick=tuple((seat, CARD_NUMBER[card]) for seat, card in state.trick), covered=state.covered)
    else:
        number += 1                                    # the next hand, dealt by the seat after the dealer
    last = rules.hands_in_game if rounds is None else min(number + rounds - 1, rules.hands_in_game)
    scores, actions, results = _play_hands(table, state.setup.seed, state.dealer, number, last, list(state.scores),
                                           hand)
    return Record(scores, actions, player_extras(results, players), tuple(hand_rows(results, players, number)))


def _smart_seats(bots: Sequence[str] | None, players: int) -> list[bool] | None:
    """Per seat, whether it holds the heuristic bot, from a name of ``FAST_BOTS`` per seat (None:
    random bots everywhere, and None back)."""
    if bots is None:
        return None
    if len(bots) != players or not set(bots) <= FAST_BOTS:
        raise ValueError(f"give one bot per seat ({players}), each one of {', '.join(sorted(FAST_BOTS))}, "
                         f"not {', '.join(map(str, bots))}")
    return [name in HEURISTIC_STYLES for name in bots]


def _styles(bots: Sequence[str] | None, players: int) -> tuple[tuple[float, bool], ...]:
    """Per seat, the style of its heuristic bot (the careful one's for a random bot, which ignores it)."""
    careful = HEURISTIC_STYLES["heuristic"]
    return tuple(HEURISTIC_STYLES.get(name, careful) for name in bots) if bots else (careful,) * players


#: The registered bots the fast playout plays (``plateau_lab.lab.simulate``'s fast path).
FAST_BOTS = frozenset({"random", *HEURISTIC_STYLES})


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """One game for ``plateau_lab.lab.simulate``: ``bots`` names the registered bot of each seat, one
    of ``FAST_BOTS`` (None: random bots everywhere); ``on_step``: see the module docstring.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games.le_plateau import HeuristicBot, new_game
    >>> fast_game = play_fast(4, 3, [1, 2, 3, 4], {}, bots=["heuristic", "random", "heuristic", "random"])
    >>> fast_game == play_public(new_game(4, seed=3), [HeuristicBot(1), RandomBot(2), HeuristicBot(3), RandomBot(4)])
    True
    """
    players = game_spec(GAME).check_players(players)
    scores, actions, results = playout(players, seed, bot_seeds, variant, on_step=on_step,
                                       heuristic=_smart_seats(bots, players), styles=_styles(bots, players))
    return Record(scores, actions, player_extras(results, players), tuple(hand_rows(results, players)),
                  starter=(first_dealer(players) + 1) % players)


_TEXT: dict[Any, str] = {}


def _text(item) -> str:
    """``str`` of a bid or an objective, remembered (the tables repeat a few dozen of them)."""
    text = _TEXT.get(item)
    if text is None:
        text = _TEXT[item] = str(item)
    return text


def hand_rows(results, players: int, first: int = 1) -> list[dict[str, Any]]:
    """The rows of the table of hands from a game's hand results (None for a passed-out hand),
    the first being hand ``first``."""
    rows = []
    for number, result in enumerate(results, start=first):
        if result is None:
            rows.extend({"seat": seat, "round": number, "passed_out": True, "bid": None, "objective": None,
                         "value": 0, "team_size": 0, "declarer": False, "partner": False, "made": False,
                         "points": 0} for seat in range(players))
            continue
        contract = {"round": number, "passed_out": False, "bid": _text(result.bid),
                    "objective": _text(result.bid.objective), "value": result.value,
                    "team_size": 1 + len(result.partners)}
        declarer, partners, won, points = result.declarer, result.partners, result.won, result.points
        rows.extend({"seat": seat, **contract, "declarer": seat == declarer, "partner": seat in partners,
                     "made": won, "points": points[seat]} for seat in range(players))
    return rows


def player_extras(results, players: int) -> tuple[dict[str, int], ...]:
    """Per seat, from a game's hand results (the fast path's or the engine's; None for a passed-out
    hand): hands declared, hands made as declarer, hands on the declarer's team."""
    extras = [{"declared": 0, "made": 0, "on_team": 0} for _ in range(players)]
    for result in results:
        if result is None:
            continue
        declarer = extras[result.declarer]
        declarer["declared"] += 1
        declarer["made"] += result.won
        declarer["on_team"] += 1
        for partner in result.partners:
            if partner != result.declarer:
                extras[partner]["on_team"] += 1
    return tuple(extras)


def play_public(state, bots: Sequence[Any], *, list_rounds: bool = False) -> Record:
    """One game on the public engine for ``plateau_lab.lab.simulate``."""
    final = play_out(state, bots)
    return Record(tuple(final.scores), len(final.history), player_extras(final.results, final.players),
                  tuple(hand_rows(final.results, final.players)))
