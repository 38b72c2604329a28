"""Oh Hell in the game-design lab: the fast twin of the engine, for random and heuristic bots.

The public engine (:class:`~.state.State`) is the reference: immutable, every move checked, every
step told in the log. Here the same rules run on plain lists inside one function, with nothing
checked or told. A card is the number ``13 * suit + rank - 2`` (suits in ``SUITS`` order: clubs,
diamonds, spades, hearts), so a sorted list of numbers is a hand in the engine's order (by suit,
then rank) and the cards of one suit lie together in it. The deal draws the same numbers from the
same generators (``core.seeded_random``: the tricks, the dealer, the shuffle of the deck in
``DECK`` order), so the same cards land in the same hands and the same card turns up for trumps.

The random bots draw exactly what :class:`plateau_lab.core.bots.RandomBot` draws on the public
engine: one ``choice`` among the legal actions in the engine's order (the bids from low to high,
the cards in hand order), its index drawn by :func:`plateau_lab.core.fastrandom.choice_index`. The
heuristic bots (:class:`~.bots.HeuristicBot`, ``"heuristic"`` in ``bots=``, and
:class:`~.bots.BoldBot`, ``"bold"``) ask the decisions the public bots ask (:mod:`.heuristics`:
``heuristic_bid``, ``wants_tricks``, ``heuristic_play``) on the same numbers, choosing exactly their
moves; a bot's generator breaks a tie between two bids equally near the tricks it expects, the one
draw it makes in a hand (here the first draw of a generator of the bot's seed, remembered). ``tests/oh_hell/test_fast.py`` plays
the public engine in lockstep with them.

Every number of the game is read from the hand's rules (``rules.rules_of``, ``State.rules`` on the
engine): the deck (a card keeps its number in a shorter deck, so hands still sort by suit, then
rank), the tricks, the hook rule and the scoring. ``tests/oh_hell/test_rule_sets.py`` plays the
engine in lockstep on rule sets drawn at random.

>>> from plateau_lab.core import play_out
>>> from plateau_lab.core.bots import RandomBot
>>> from plateau_lab.games import oh_hell
>>> chosen = []
>>> record = play_fast(4, 7, [1, 2, 3, 4], {}, on_step=lambda seat, legal, index: chosen.append(legal[index]))
>>> final = play_out(oh_hell.new_game(4, seed=7), [RandomBot(s) for s in (1, 2, 3, 4)])
>>> record.scores == final.scores, chosen == [str(action) for action in final.history]
(True, True)
>>> names = ["heuristic", "random", "heuristic", "heuristic"]
>>> record = play_fast(4, 7, [1, 2, 3, 4], {"tricks": 6}, bots=names)
>>> bots = [oh_hell.HeuristicBot(1), RandomBot(2), oh_hell.HeuristicBot(3), oh_hell.HeuristicBot(4)]
>>> record == play_public(oh_hell.new_game(4, seed=7, tricks=6), bots)
True
>>> sorted(record.extras[0])
['bid', 'made', 'tricks']

Per seat (``table="players"``): the ``bid``, the ``tricks`` won and whether the bid was ``made``
(1) or not (0). :func:`play_on` plays on from any position of the public engine (mid-bidding,
mid-trick): the expert's playouts.

A hand is one round of scoring, but its standing moves as tricks are won against bids: asked
``list_rounds=True``, the three functions list a round per trick, each player's ``"points"`` the
change in what the player would score if the hand stopped after that trick (the points of the
tricks won so far against the bid: :func:`standing`), so the rows add up to the hand's scores and
the lab can follow the lead from trick to trick.

>>> rows = play_fast(3, 2, [1, 2, 3], {"tricks": 2}, list_rounds=True).rounds
>>> [(row["round"], row["seat"]) for row in rows]
[(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial
from typing import Any

from plateau_lab.core import check_seed, check_whole, seeded_random
from plateau_lab.core.fastpath import OnStep, Record, round_rows
from plateau_lab.core.fastrandom import WIDTHS, choice_index, seat_players, shuffle

from .bots import BoldBot, HeuristicBot
from .cards import DECK, SUITS
from .heuristics import CODES, SUIT_SIZE, heuristic_bid, heuristic_play, wants_tricks
from .rules import MOST_TRICKS, Rules, rules_of

__all__ = ["FAST_BOTS", "STYLES", "TEXTS", "deck_codes", "play_fast", "play_hand", "play_on", "play_public", "standing",
           "styles_of"]

#: The registered bots this fast path plays, choosing exactly their moves (see ``plateau_lab.lab.simulate``).
FAST_BOTS = frozenset({"random", "heuristic", "bold"})
#: The fast path's heuristic bots: the bots' own classes, whose numbers it reads.
STYLES = {"heuristic": HeuristicBot, "bold": BoldBot}

#: Per suit letter, the number of its 2 (a card's number is this plus its rank).
SUIT_BASE = {suit: SUIT_SIZE * place - 2 for place, suit in enumerate(SUITS)}
#: ``play`` and the card's text, as the engine writes the move.
TEXTS = tuple(f"play {card}" for card in DECK)
#: BID_TEXTS[n]: ``bid n``, up to the most tricks any rule set allows (the option ``tricks``' bound).
BID_TEXTS = tuple(f"bid {bid}" for bid in range(MOST_TRICKS + 1))


def _first_choice(bot_seed: int, count: int) -> int:
    """The index the first ``choice`` among ``count`` items of ``random.Random(bot_seed)`` draws; among
    one, 0 with no generator made (a bot's bid is the one draw it makes in a hand, so nothing reads
    the generator after it)."""
    return 0 if count == 1 else _first_draw(bot_seed, count)


@lru_cache(maxsize=1 << 12)
def _first_draw(bot_seed: int, count: int) -> int:
    return choice_index(random.Random(bot_seed).getrandbits, count)


def play_hand(rules: Rules, hands: list[list[int]], trump: int, tricks: int, dealer: int, bids: list[int | None],
              leader: int, trick: list[tuple[int, int]], won: list[int], draws: list[Callable[[int], int] | None],
              bot_seeds: Sequence[int], styles: Sequence[type[HeuristicBot] | None], on_step: OnStep | None = None,
              on_trick: Callable[[Sequence[int]], Any] | None = None) -> int:
    """The rest of a hand from any position: the bids not yet made (``bids[seat]`` None), from the
    dealer's left round to the dealer, then the tricks from the trick under way (``trick``: its
    (seat, card) pairs so far, led by ``leader``). ``hands`` are sorted lists of numbers, emptied;
    ``bids`` and ``won`` (tricks won per seat) are filled in. ``trump`` is the trump suit's index,
    ``tricks`` the tricks of the hand, ``rules`` the hand's rules. ``draws``: per seat a random
    bot's ``getrandbits``, or None for the heuristic bot of the class ``styles[seat]`` seeded
    ``bot_seeds[seat]``. ``on_trick(won)``, when given, is called after every trick. Returns the
    number of moves made.

    One piece on purpose: it is the fast path's hot loop, which keeps the position in local
    variables from move to move; split into functions, it would pay a call and a reload of that
    state at every move."""
    players = len(hands)
    actions = 0
    top_rank, hook_rule = rules.top_rank, rules.hook_rule
    # -- the bids, from the dealer's left: the dealer may not make them total the tricks (hook rule)
    made = sum(bid is not None for bid in bids)
    total = sum(bid for bid in bids if bid is not None)
    for offset in range(1, players + 1):
        seat = (dealer + offset) % players
        if bids[seat] is not None:
            continue
        forbidden = tricks - total if hook_rule and made == players - 1 and total <= tricks else -1
        count = tricks + 1 - (forbidden >= 0)
        draw = draws[seat]
        if draw is None:
            bid = heuristic_bid(hands[seat], trump, tricks, forbidden, partial(_first_choice, bot_seeds[seat]),
                                top_rank=top_rank, extra=styles[seat].extra)
            index = bid - (0 <= forbidden < bid)
        else:
            index = choice_index(draw, count)
            bid = index + (0 <= forbidden <= index)
        if on_step:
            on_step(seat, [BID_TEXTS[bid] for bid in range(tricks + 1) if bid != forbidden], index)
        bids[seat] = bid
        made += 1
        total += bid
        actions += 1
    # -- the tricks: follow suit if you can; the highest trump wins, else the highest of the suit led
    played = len(trick)
    best_seat, best, led = -1, -1, 0
    for seat, card in trick:
        if best < 0 or (card > best if card // SUIT_SIZE == best // SUIT_SIZE else card // SUIT_SIZE == trump):
            best_seat, best = seat, card
    if trick:
        led = trick[0][1] // SUIT_SIZE * SUIT_SIZE
    if not any(hands):
        return actions
    while True:
        for step in range(played, players):
            seat = (leader + step) % players
            hand = hands[seat]
            start, stop = 0, len(hand)
            if best >= 0:                     # follow the suit led if you can
                first = bisect_left(hand, led)
                last = bisect_left(hand, led + SUIT_SIZE, first)
                if last > first:
                    start, stop = first, last
            draw = draws[seat]
            if draw is None:
                needed = bids[seat] - won[seat]
                wants = 0 < needed <= len(hand) or wants_tricks(needed, len(hand), rules, bold=styles[seat].bold)
                place = heuristic_play(hand, start, stop, best, trump, wants, top_rank)
            else:                             # choice_index, written out: one draw per card played
                count = stop - start
                width = WIDTHS[count]
                pick = draw(width)
                while pick >= count:
                    pick = draw(width)
                place = start + pick
            if on_step:
                on_step(seat, [TEXTS[card] for card in hand[start:stop]], place - start)
            card = hand.pop(place)
            if best < 0:
                best_seat, best, led = seat, card, card // SUIT_SIZE * SUIT_SIZE
            elif card // SUIT_SIZE == best // SUIT_SIZE:
                if card > best:
                    best_seat, best = seat, card
            elif card // SUIT_SIZE == trump:
                best_seat, best = seat, card
        actions += players - played
        won[best_seat] += 1
        if on_trick:
            on_trick(won)
        if not any(hands):
            return actions
        leader, played, best = best_seat, 0, -1


def extras(bids: Sequence[int], won: Sequence[int]) -> tuple[dict[str, int], ...]:
    """The lab's columns per seat: the ``bid``, the ``tricks`` won, and 1 if the bid was ``made``."""
    return tuple({"bid": bid, "tricks": tricks, "made": int(bid == tricks)} for bid, tricks in zip(bids, won))


def scores_of(bids: Sequence[int], won: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """The hand's points per seat under ``rules`` (:func:`~.rules.hand_score`)."""
    score = rules.score
    return tuple(score(bid, tricks) for bid, tricks in zip(bids, won))


def standing(bids: Sequence[int], won: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """What each seat would score if the hand stopped now: its tricks won so far against its bid.

    >>> standing([1, 0, 2], [1, 1, 0], rules_of(3, {}))        # bid 1 made; bid 0 broken; 2 to come
    (11, 1, 0)
    """
    return scores_of(bids, won, rules)


def _trick_standings(bids: Sequence[int], rules: Rules, standings: list | None) -> Callable | None:
    """The ``on_trick`` hook that notes the standing after every trick in ``standings`` (None: no hook)."""
    if standings is None:
        return None
    return lambda won: standings.append(standing(bids, won, rules))


def styles_of(bots: Sequence[str] | None, players: int) -> list[type[HeuristicBot] | None]:
    """Per seat, the class of its heuristic bot (None for a random bot), from the names ``bots``."""
    return [None] * players if bots is None else [STYLES.get(name) for name in bots]


@lru_cache(maxsize=64)
def deck_codes(suits: int, cards_per_suit: int) -> tuple[int, ...]:
    """The numbers of a deck's cards in ``DECK`` order: the first ``cards_per_suit`` ranks of the
    first ``suits`` suits (the engine shuffles the deck from that order).

    >>> deck_codes(2, 3)
    (0, 1, 2, 13, 14, 15)
    """
    return tuple(CODES[card] for card in DECK if SUITS.index(card.suit) < suits and card.rank - 2 < cards_per_suit)


def play_fast(players: int, seed: int, bot_seeds: Sequence[int], variant: Mapping[str, Any], *,
              bots: Sequence[str] | None = None, on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """One hand for ``plateau_lab.lab.simulate``: the hand ``new_game(players, seed=seed, **variant)``
    plays with ``RandomBot(bot_seeds[seat])`` in each seat, or the bots ``bots`` names (one of
    ``FAST_BOTS`` per seat: ``"heuristic"`` is ``HeuristicBot(bot_seeds[seat])``).

    ``variant`` holds any of the options (the others take their defaults). ``on_step``, when given,
    is called before every move as ``on_step(seat, legal, index)``: ``legal`` the texts of the legal
    actions in the engine's order, ``index`` the one chosen.
    """
    seed = check_seed(seed)
    rules = rules_of(players, variant)           # checked (and remembered) the first time it is seen
    players = rules.players
    draws = seat_players(bot_seeds, bots, FAST_BOTS)
    if len(draws) != players:
        raise ValueError(f"give one bot seed per seat: {players} players, {len(bot_seeds)} seeds")
    tricks = rules.tricks
    if tricks is None:
        tricks = seeded_random(seed, "tricks").randint(1, rules.most_tricks)
    dealer = seeded_random(seed, "dealer").randrange(players)
    cards = list(deck_codes(len(rules.suits), len(rules.ranks)))
    shuffle(cards, seeded_random(seed, "deal"))
    dealt = players * tricks
    hands = [sorted(cards[seat:dealt:players]) for seat in range(players)]
    bids: list[int | None] = [None] * players
    won = [0] * players
    first_bidder = (dealer + 1) % players
    standings: list | None = [] if list_rounds else None
    actions = play_hand(rules, hands, cards[dealt] // SUIT_SIZE, tricks, dealer, bids, first_bidder, [], won,
                        draws, bot_seeds, styles_of(bots, players), on_step, _trick_standings(bids, rules, standings))
    return Record(scores_of(bids, won, rules), actions, extras(bids, won), _listed(standings, 1),
                  starter=first_bidder)


def _listed(standings: list | None, first_trick: int) -> tuple[dict[str, int], ...]:
    """The record's round rows, a round per trick from ``first_trick`` (none when not asked)."""
    return () if standings is None else round_rows(standings, first_trick)


def play_on(state, bot_seeds: Sequence[int], *, bots: Sequence[str] | None = None, rounds: int | None = None,
            on_step: OnStep | None = None, list_rounds: bool = False) -> Record:
    """From any position of the public engine (mid-bidding, mid-trick), the rest of the hand as the
    engine plays it with ``RandomBot(bot_seeds[seat])`` per seat, or the bots ``bots`` names (see
    :func:`play_fast`). A game is one hand: ``rounds`` (1, or None) changes nothing. The record's
    actions are the moves made from ``state``.

    >>> from plateau_lab.core import play_out
    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import oh_hell
    >>> state = oh_hell.new_game(5, seed=3, tricks=4)
    >>> for move in ("bid 1", "bid 0", "bid 2", "bid 0", "bid 0"):
    ...     state = state.apply(move)
    >>> state = state.apply(state.legal_actions()[0])            # a trick under way
    >>> record = play_on(state, [5, 6, 7, 8, 9])
    >>> final = play_out(state, [RandomBot(s) for s in (5, 6, 7, 8, 9)])
    >>> record.scores == final.scores, record.actions == len(final.history) - len(state.history)
    (True, True)
    """
    if rounds is not None:
        check_whole(rounds, name="rounds", low=1)
    draws = seat_players(bot_seeds, bots, FAST_BOTS)
    if len(draws) != state.players:
        raise ValueError(f"give one bot seed per seat: {state.players} players, {len(bot_seeds)} seeds")
    bids, won = list(state.bids), list(state.tricks_won)
    actions = 0
    rules = state.rules
    standings: list | None = [] if list_rounds else None
    if not state.is_over:
        base = SUIT_BASE
        hands = [[base[card.suit] + card.rank for card in hand] for hand in state.hands]
        actions = play_hand(rules, hands, SUITS.index(state.trump), state.tricks, state.dealer, bids, state.leader,
                            [(seat, base[card.suit] + card.rank) for seat, card in state.trick], won, draws,
                            bot_seeds, styles_of(bots, state.players), on_step,
                            _trick_standings(bids, rules, standings))
    return Record(scores_of(bids, won, rules), actions, extras(bids, won),
                  _listed(standings, sum(state.tricks_won) + 1))


def play_public(state, bots: Sequence[Any], *, list_rounds: bool = False) -> Record:
    """A hand on the public engine, from ``state`` to its end, recorded as :func:`play_on` records it
    (its actions: the moves made from ``state``; with ``list_rounds``, the standing after each trick)."""
    first_trick = sum(state.tricks_won) + 1
    standings = []
    final = state
    while not final.is_over:
        before = sum(final.tricks_won)
        final = final.apply(bots[final.current_player].choose(final))
        if sum(final.tricks_won) != before:
            standings.append(standing(final.bids, final.tricks_won, final.rules))
    return Record(tuple(final.scores), len(final.history) - len(state.history), extras(final.bids, final.tricks_won),
                  _listed(standings if list_rounds else None, first_trick))
