"""The expert's model of Oh Hell: what it cannot see, how far it looks ahead, what it weighs (see
:mod:`plateau_lab.lab.expert`).

>>> import random
>>> from .state import new_game
>>> state = new_game(4, seed=5, tricks=6)
>>> seen = [state.observation(1)]
>>> world = MODEL.redeal(state, 1, seen, random.Random(0))
>>> world.observation(1) == state.observation(1), world.hands[1] == state.hands[1]
(True, True)
>>> world.cards_in_game() == state.cards_in_game(), world.hands[0] != state.hands[0]
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from plateau_lab.core import Play, count_of
from plateau_lab.core.imagining import (GameModel, chance_words, count_words, imagined, past_of, trick_reason,
                                        trick_stands)

from .actions import Bid
from .bots import HeuristicBot
from .cards import ACE, SUIT_NAMES, SUITS, hand_order
from .fast import play_on
from .heuristics import card_strength
from .rules import PLAY, legal_plays, trick_winner
from .scenario import scenario_text

__all__ = ["BID_MISS_WEIGHT", "MODEL", "OhHellModel", "REDEAL_DRAWS", "bid_bounds", "deal_with_voids", "reasons",
           "suits_lacking"]

#: The suits as bits of a mask: clubs 1, diamonds 2, spades 4, hearts 8.
SUIT_BITS = {suit: 1 << place for place, suit in enumerate(SUITS)}
ALL_SUITS = (1 << len(SUITS)) - 1
#: How much less likely the expert holds a deal in which one player's bid is not the bid nearest
#: what his cards are worth (:func:`bid_bounds`): players bid what their cards should win, nearly always.
BID_MISS_WEIGHT = 0.05
#: How far past half-way between two bids a worth still counts for both (the sums are of floats).
TIE_ROOM = 1e-9
#: The most draws of one player's hand, or swaps of cards, spent on explaining the bids in one imagined deal.
REDEAL_DRAWS = 40


class OhHellModel(GameModel):
    """Oh Hell: hidden are the other hands and the undealt cards under the trump card; everything
    played lies face up, and the trump card too. A player who did not follow the suit led holds
    none of it for the rest of the hand, so no imagined deal gives him one. A bid says what its
    maker's cards are worth: an imagined deal gives each player who has bid a hand that explains
    his bid, nearly always (:meth:`redeal`). Deals at random would put the trumps and aces a bid
    announces anywhere, and a bid after them would misjudge which cards win.

    A playout is the rest of the hand (the game: OpenSpiel's Oh Hell is one hand) on the fast path
    (``fast.play_on``), every seat played by the heuristic bot: the bids not yet made, then the
    tricks, each player aiming at his bid. Random tricks would say nothing about how many tricks a
    hand takes, which is what a bid bets on. The outcome is the seat's points this hand.

    The playouts go to the end of the game and are played as the others play, so the expert is not
    guided by the heuristic bot's move (as in Wimmüln).
    """

    measure = "points this hand"
    #: About a second per decision or less on one core (measured with ``benchmarks/bench_expert.py``).
    playouts = 4000
    guided = False
    #: The game is one hand: its dealer names it, and no card played in it comes back.
    round_key = "dealer"
    #: What the last position's imagined deals were dealt from (:meth:`_hidden`).
    _last_hidden = None

    def outcome(self, start, after, seat, seed):
        return self.result(start, after, seat, seed)[0]

    #: Winning here (:meth:`won`, by default): a score ahead of or level with every other player's.
    winning = "you win the hand"

    def result(self, start, after, seat, seed):
        """The seat's points this hand, the rest played by heuristic bots seeded ``seed + seat`` on
        the fast path (the very moves ``HeuristicBot`` makes on the public engine), and whether it
        comes out on top (the game is one hand: whether it wins the game)."""

        return self.judge(start, after, seat, seed)[:2]

    def judge(self, start, after, seat, seed):
        """:meth:`result`, and from the same playout the facts a move's reason reads: whether the
        seat's card leads the trick with no one after it able to beat it (:meth:`tally`), and
        whether its bid is met at the end of the hand."""
        end = after if after.is_over else play_on(after, [seed + other for other in range(after.players)],
                                                  bots=["heuristic"] * after.players)
        made = end.bids[seat] == end.tricks_won[seat] if hasattr(end, "bids") else bool(end.extras[seat]["made"])
        return end.scores[seat] - start.scores[seat], self.won(start, end, seat), (*self.tally(start, after, seat), made)

    def tally(self, start, after, seat):
        """Whether the seat's card, just played, leads the trick and no one still to play to it can
        beat it in this imagined deal (:func:`~plateau_lab.core.imagining.trick_stands`)."""
        if start.phase != PLAY:
            return (False,)
        trump = after.trump
        return (trick_stands(after.trick, after.players, after.hands, legal_plays,
                             lambda trick: trick_winner(trick, trump), lambda card, best: _beats(card, best, trump)),)

    def reason(self, state, seat, action, shares):
        return reasons(state, seat, action, shares)

    def playout_bots(self, state, seed):

        return [HeuristicBot(seed + seat) for seat in range(state.players)]

    def redeal(self, state, seat, seen, rng):
        """The other hands and the undealt cards dealt anew from the cards ``seat`` cannot see,
        each hand as large as it is, no card of a suit to a player who has shown he lacks it
        (:func:`suits_lacking`), and each player who has bid given a hand that explains his bid,
        the one nearest what his cards were worth when he bid (:func:`bid_bounds`), nearly always:
        with no void known the hands of those players are drawn one by one, each until it explains
        the bid or is kept by the chance :data:`BID_MISS_WEIGHT`; with voids a whole deal is made,
        then its cards swapped between the places until the bids are explained. A player
        bids what his hand should win: a deal that gives him cards worth far more or less than
        his bid is unlikely to be the real one."""
        pool, others, rooms, allowed, bounds, worth = self._hidden(state, seat)
        if not bounds:
            pool = list(pool)
            rng.shuffle(pool)
            kept = deal_with_voids(pool, rooms, allowed, rng)
        elif all(mask == ALL_SUITS for mask in allowed):
            kept = [[pool[index] for index in sorted(part)]
                    for part in _deal_one_by_one(len(pool), rooms, bounds, worth, rng)]
        else:
            kept = _deal_swapping(list(pool), rooms, allowed, bounds, dict(zip(pool, worth)), rng)
        hands = list(state.hands)
        for other, part in zip(others, kept):
            hands[other] = tuple(sorted(part, key=hand_order))
        return imagined(state, seat, rng, hands=tuple(hands), stock=tuple(kept[-1]))

    def _hidden(self, state, seat):
        """What :meth:`redeal` deals from, the same for every imagined deal of a decision (kept for
        the last position asked): the cards ``seat`` cannot see in hand order, the other players,
        the places' rooms (their hands, then the stock) and the suits each may hold, the
        :func:`bid_bounds` of the places whose player has bid and still holds cards (place first), and
        each card's worth to a bid (:func:`~.heuristics.card_strength`)."""
        last = self._last_hidden
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        lacking = suits_lacking(state.finished_tricks, state.trick, state.players)
        pool = tuple(sorted(state.cards_hidden_from(seat).elements(), key=hand_order))  # where they lie, forgotten
        others = [other for other in range(state.players) if other != seat]
        rooms = [len(state.hands[other]) for other in others] + [len(state.stock)]
        allowed = [ALL_SUITS & ~lacking[other] for other in others] + [ALL_SUITS]
        bounds = [(place, *bid_bounds(state, other)) for place, other in enumerate(others)
                  if state.bids[other] is not None and state.hands[other] and not state.played_before]
        worth = [card_strength(card, state.trump, state.rules.top_rank) for card in pool]
        hidden = pool, others, rooms, allowed, bounds, worth
        self._last_hidden = state, seat, hidden
        return hidden

    def imagined_past(self, origin, world, seat):
        """The hand's first state with the imagined cards (each other hand with the cards it played
        since, the imagined stock) as a scenario, and every move since: the game is one hand, so
        the seat's whole past is there, move for move."""
        first, moves = past_of(origin)
        before = {card for _, card in first.trick}
        hands = list(world.hands)
        for _, trick in (*world.finished_tricks, (None, world.trick)):
            for player, card in trick:
                if player != seat and card not in before:
                    hands[player] += (card,)
        hands[seat] = first.hands[seat]
        hands = tuple(tuple(sorted(hand, key=hand_order)) for hand in hands)
        return scenario_text(first.derive(hands=hands, stock=world.stock)), moves

    def odds(self, state, end):
        if state.phase != PLAY or not end.is_over:
            return None
        return ("makes the bid", tuple(f"player {seat}" for seat in range(state.players)),
                tuple(bid == won for bid, won in zip(end.bids, end.tricks_won)))


def bid_bounds(state, player: int) -> tuple[float, float, float]:
    """What the cards ``player`` held when he bid were worth if his bid was the one nearest their
    worth (:func:`~.heuristics.card_strength` summed, as the heuristic bot bids): ``(low, high,
    played)``, the worth from ``low`` to ``high`` (a little wider, so that a worth half-way between
    two bids counts for both), and ``played`` the worth of the cards he has played this hand, which
    his hand held then too. The legal bids then were those the rules left him after the bids before his.

    >>> from .state import new_game
    >>> state = new_game(4, seed=5, tricks=6)
    >>> for bid in ("bid 2", "bid 0", "bid 1", "bid 4"):       # the dealer, seat 2, may not bid 3
    ...     state = state.apply(bid)
    >>> [tuple(round(value, 2) for value in bid_bounds(state, player)) for player in (3, 0, 2)]
    [(1.5, 2.5, 0.0), (-inf, 0.5, 0.0), (3.0, 4.5, 0.0)]
    """
    rules, players = state.rules, state.players
    order = [(state.dealer + 1 + step) % players for step in range(players)]
    earlier = [state.bids[other] for other in order[:order.index(player)]]
    legal = rules.bids(state.tricks, earlier)
    bid = state.bids[player]
    place = legal.index(bid)
    low = (legal[place - 1] + bid) / 2 - TIE_ROOM if place else -math.inf
    high = (bid + legal[place + 1]) / 2 + TIE_ROOM if place + 1 < len(legal) else math.inf
    played = [card for _, trick in state.finished_tricks for other, card in trick if other == player]
    played += [card for other, card in state.trick if other == player]
    return low, high, sum((card_strength(card, state.trump, rules.top_rank) for card in played), 0.0)


def suits_lacking(finished_tricks: Sequence[tuple[int, Sequence]], trick: Sequence, players: int) -> list[int]:
    """Per seat, the suits it has shown it holds none of (a mask of :data:`SUIT_BITS`): it did not
    follow when one was led, this hand.

    >>> from .cards import parse_card
    >>> trick = tuple((seat, parse_card(text)) for seat, text in ((2, "9D"), (0, "3D"), (1, "AS")))
    >>> suits_lacking([(1, trick)], ((1, parse_card("2C")), (2, parse_card("KH"))), 3) == [0, SUIT_BITS["D"], SUIT_BITS["C"]]
    True
    """
    lacking = [0] * players
    for cards in [played for _, played in finished_tricks] + [trick]:
        if cards:
            led = cards[0][1].suit
            for other, card in cards[1:]:
                if card.suit != led:
                    lacking[other] |= SUIT_BITS[led]
    return lacking


def deal_with_voids(pool: list[Any], rooms: Sequence[int], allowed: Sequence[int], rng) -> list[list[Any]]:
    """``pool`` (shuffled cards, as many as the rooms hold) dealt into places of ``rooms`` cards,
    place ``p`` taking only the suits in the mask ``allowed[p]``. The cards of a suit some place
    refuses go first, each to a place that may hold it, chosen with a chance in proportion to its
    room left among the places that leave the rest a way to be dealt (Hall's condition over those
    suits: the cards of any set of them fit in the places that take one); the other cards then
    fill the rooms left in the pool's (shuffled) order.

    >>> import random
    >>> from .cards import parse_card
    >>> pool = [parse_card(text) for text in ("2C", "3C", "4D", "5D")]
    >>> parts = deal_with_voids(pool, [2, 2], [SUIT_BITS["C"] | SUIT_BITS["D"], SUIT_BITS["D"]], random.Random(1))
    >>> sorted(map(str, parts[1]))
    ['4D', '5D']
    """
    if len(pool) != sum(rooms):
        raise ValueError(f"{len(pool)} cards for {sum(rooms)} places")
    restricted = ALL_SUITS
    for mask in allowed:
        restricted &= mask
    restricted ^= ALL_SUITS
    left = list(rooms)
    parts: list[list[Any]] = [[] for _ in rooms]
    if restricted:
        first = [card for card in pool if SUIT_BITS[card.suit] & restricted]
        pool = [card for card in pool if not SUIT_BITS[card.suit] & restricted]
        subsets = [subset for subset in range(1, ALL_SUITS + 1) if not subset & ~restricted]
        # slack[subset]: the room of the places taking one of its suits, less its cards still to deal
        slack = {subset: sum(room for room, mask in zip(left, allowed) if mask & subset)
                 - sum(SUIT_BITS[card.suit] & subset != 0 for card in first) for subset in subsets}
        if min(slack.values()) < 0:
            raise ValueError("the hidden cards cannot be dealt to the places that may hold them")
        for card in first:
            bit = SUIT_BITS[card.suit]
            places, weights = [], []
            for place, (room, mask) in enumerate(zip(left, allowed)):
                # placing the card here leaves the slack of the subsets with its suit as it was, and
                # takes one from those without it that this place serves: each needs some to spare
                if room and mask & bit and all(slack[subset] > 0 for subset in subsets
                                               if mask & subset and not subset & bit):
                    places.append(place)
                    weights.append(room)
            place = places[0] if len(places) == 1 else rng.choices(places, weights)[0]
            left[place] -= 1
            parts[place].append(card)
            for subset in subsets:
                slack[subset] += (subset & bit != 0) - (allowed[place] & subset != 0)
    start = 0
    for place, room in enumerate(left):
        parts[place] += pool[start:start + room]
        start += room
    return parts


def _fits(worth: float, bound) -> bool:
    """Whether cards of ``worth`` explain a bid whose :func:`bid_bounds` are ``bound`` (place first)."""
    _, low, high, played = bound
    return low <= played + worth <= high


def _deal_one_by_one(size: int, rooms, bounds, worth, rng) -> list[list[int]]:
    """The cards of a pool of ``size`` (their places in it; ``worth[n]`` the worth of card ``n``)
    dealt into places of ``rooms`` cards when no place refuses a suit: each place that made a bid
    (``bounds``, see :func:`bid_bounds`) draws its hand from the cards left until one explains its
    bid or is kept by the chance :data:`BID_MISS_WEIGHT` (:data:`REDEAL_DRAWS` draws at most, the
    last kept), then the other places share the rest."""
    left = list(range(size))
    parts: list[list[int] | None] = [None] * len(rooms)
    for bound in bounds:
        place = bound[0]
        for _ in range(REDEAL_DRAWS):
            hand = rng.sample(left, rooms[place])
            if _fits(sum(worth[card] for card in hand), bound) or rng.random() < BID_MISS_WEIGHT:
                break
        taken = set(hand)
        left = [card for card in left if card not in taken]
        parts[place] = hand
    rng.shuffle(left)
    start = 0
    for place, room in enumerate(rooms):
        if parts[place] is None:
            parts[place] = left[start:start + room]
            start += room
    return parts


def _deal_swapping(pool, rooms, allowed, bounds, worth, rng) -> list[list[Any]]:
    """The cards of ``pool`` dealt by :func:`deal_with_voids` (``allowed`` suits per place), then
    a place whose hand does not explain its bid (``bounds``, see :func:`bid_bounds`) swaps a card
    at random with another place, where each may hold the other's card, until every bid is
    explained (:data:`REDEAL_DRAWS` swaps tried at most): a swap that leaves more bids unexplained
    is made only with the chance :data:`BID_MISS_WEIGHT` for each."""
    rng.shuffle(pool)
    parts = deal_with_voids(pool, rooms, allowed, rng)
    by_place = {bound[0]: bound for bound in bounds}
    worths = {place: sum(worth[card] for card in parts[place]) for place in by_place}
    missing = [place for place in by_place if not _fits(worths[place], by_place[place])]
    for _ in range(REDEAL_DRAWS):
        if not missing:
            break
        place, other = rng.choice(missing), rng.randrange(len(rooms))
        if other == place or not rooms[other]:
            continue
        mine, theirs = rng.randrange(rooms[place]), rng.randrange(rooms[other])
        card, taken = parts[place][mine], parts[other][theirs]
        if not allowed[place] & SUIT_BITS[taken.suit] or not allowed[other] & SUIT_BITS[card.suit]:
            continue
        changed = {place: worths[place] - worth[card] + worth[taken]}
        if other in by_place:
            changed[other] = worths[other] - worth[taken] + worth[card]
        more = sum((not _fits(new, by_place[at])) - (at in missing) for at, new in changed.items())
        if more <= 0 or rng.random() < BID_MISS_WEIGHT ** more:
            parts[place][mine], parts[other][theirs] = taken, card
            worths.update(changed)
            missing = [at for at in by_place if not _fits(worths[at], by_place[at])]
    return parts


def _beats(card, best, trump) -> bool:
    """Whether ``card`` played over ``best``, the card winning a trick, wins it instead (as
    :func:`~.rules.trick_winner` reads a trick: higher in the winning card's suit, or a trump over
    another suit)."""
    return card.rank > best.rank if card.suit == best.suit else card.suit == trump


def reasons(state, seat, action, shares=()) -> str:
    """What an Oh Hell move does, in the game's words, from what ``seat`` sees (its hand, the
    trump card, the bids and the tricks on the table) and ``shares``, how often the facts of
    :meth:`OhHellModel.judge` came true: the seat's card stood unbeaten in the trick, its bid was
    met at the end of the hand.

    >>> from plateau_lab.games import oh_hell
    >>> state = oh_hell.new_game(3, seed=2, tricks=3)
    >>> reasons(state, state.current_player, state.legal_actions()[1], (0.0, 0.4))     # doctest: +ELLIPSIS
    'bets on taking 1 trick, with ... in your hand: it is met about 4 times in 10'
    """
    bid = state.bids[seat]
    if isinstance(action, Bid):
        hand = state.hands[seat]
        trumps = sum(card.suit == state.trump for card in hand)
        top = state.rules.top_rank            # the ace, unless the rules shorten the suits
        aces = sum(card.rank == top and card.suit != state.trump for card in hand)
        held = (f"{count_words(trumps, 'trump')} ({SUIT_NAMES[state.trump]}) and "
                f"{count_words(aces, 'other ace' if top == ACE else 'other top card')}")
        met = f": it is met {chance_words(shares[1])}" if len(shares) > 1 else ""
        return f"bets on taking {count_of(action.tricks, 'trick')}, with {held} in your hand{met}"
    if not isinstance(action, Play):
        return ""
    trick = (*state.trick, (seat, action.card))
    said = trick_reason(trick, seat, state.players, lambda cards: trick_winner(cards, state.trump),
                        shares[0] if shares else None)
    if bid is not None and len(shares) > 1:
        won = state.tricks_won[seat] if state.tricks_won else 0
        said += (f"; your bid of {count_of(bid, 'trick')} is met {chance_words(shares[1])} after it "
                 f"(you have taken {count_of(won, 'trick')})")
    return said


MODEL = OhHellModel()
