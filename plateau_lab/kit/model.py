"""The expert's model of every described game, made from the description alone (no model written by
hand): it redeals the cards a seat cannot see, each other hand as large as it is, and never gives a
player a card of a suit he has shown he lacks.

A player has shown he lacks a suit when he did not follow it in a trick where following suit was the
rule (the default rule of play). A game whose ``may_play`` hook is its own says nothing of the kind
to the kit: its imagined deals are drawn again until every card played so far could have been played
from them (:meth:`KitModel.redeal`).

>>> import random
>>> from plateau_lab.kit.examples import OH_HELL
>>> state = OH_HELL.new_game(4, seed=5)
>>> world = MODEL.redeal(state, 1, [state.observation(1)], random.Random(0))
>>> world.observation(1) == state.observation(1), world.hands[1] == state.hands[1]
(True, True)
>>> world.cards_in_game() == state.cards_in_game()
True
"""

from __future__ import annotations

__all__ = ["MODEL", "KitModel", "suits_lacking"]

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from plateau_lab.core import NotReplayable
from plateau_lab.core.imagining import GameModel, imagined, in_order, past_of

from .deal import deal_text
from .description import Card
from .engine import State
from .hooks import Table, call_hook
from .moves import HIDDEN, Lay, Lead

#: The most shuffles tried to deal every player only suits he may hold, before counting them out exactly.
SHUFFLES_TRIED = 20
#: The most imagined deals drawn for one that fits the past under a ``may_play`` of the class's own.
PAST_TRIES = 30


def suits_lacking(state: State) -> list[set[str]]:
    r"""For each seat, the suits it has shown it lacks. Under the default rule (follow suit): a suit
    led that it did not follow. In a game of turns, only since the seat last drew cards (before it
    last led). Under a ``may_play`` of the class's own, the hook is asked: for each
    card a player played, and each other suit, whether a hand holding that card and any one card of
    the other suit would have let him play it; if none would, he held none of that suit then, and so
    none now (each card of the suit is asked: in a deck of named cards, cards of one suit may follow
    differently).

    >>> from plateau_lab.kit.examples import OH_HELL
    >>> state = OH_HELL.scenario("dealer: 2\nturned up: 2S\nhand 0: 3C 4C\nhand 1: 5C 6H\nhand 2: 7D 8D")
    >>> for move in ("bid 0", "bid 0", "bid 0", "play 3C", "play 5C", "play 7D"):
    ...     state = state.apply(move)
    >>> suits_lacking(state)
    [set(), set(), {'C'}]
    """
    return list(map(set, _lacking(state, id(state.described))))


@lru_cache(maxsize=256)
def _lacking(state: State, _description: int) -> tuple[frozenset[str], ...]:
    """:func:`suits_lacking`, remembered by the position and its description (a game defined again
    under the same name has equal positions and other rules)."""
    game, players = state.described, state.players
    lacking: list[set[str]] = [set() for _ in range(players)]
    hook = game.may_play
    by_suit: dict[str, list[Card]] = {}
    for card in dict.fromkeys(game.deck):
        by_suit.setdefault(card.suit, []).append(card)
    won = [0] * players
    finished = list(state.finished_tricks)
    for number, (winners, trick) in enumerate([*finished, ((), state.trick)]):
        if game.turns is not None:
            lacking[trick[0][0] if trick else state.leader] = set()
        for place, (seat, card) in enumerate(trick):
            if hook is None:
                if place and card.suit != trick[0][1].suit:
                    lacking[seat].add(trick[0][1].suit)
                continue
            face_down = HIDDEN if place and _laid_face_down(state, number) is not None else None
            table = Table(players, seat, state.dealer, state.hand_size, state.trumps, trick[:place], state.bids_seen_by(seat),
                          tuple(won), tuple(finished[:number]), face_down)
            for suit, others in by_suit.items():
                if suit != card.suit and suit not in lacking[seat] and all(
                        card not in set(call_hook("may_play", hook, state.where, (card, other), table))
                        for other in others):
                    lacking[seat].add(suit)
        for winner in winners:
            won[winner] += 1
    return tuple(map(frozenset, lacking))


def _laid_face_down(state: State, number: int) -> Card | None:
    """The card laid face down with the lead of trick ``number`` (finished or on the table), if any."""
    if not state.described.face_down_lead:
        return None
    return state.turned_up[number] if number < len(state.finished_tricks) else state.face_down


def deal_respecting(pool: list[Any], rooms: Sequence[int], lacking: Sequence[set[str]],
                    rng: random.Random) -> list[list[Any]]:
    """``pool`` dealt into parts of ``rooms`` cards, no part getting a card of a suit it lacks. From a
    shuffled pool, the most constrained part first; when a few shuffles find no such deal, how many
    cards of each suit each part gets is worked out exactly (:func:`suit_counts`), then which cards.
    Such a deal always exists when the voids were read from a real game (the real deal is one)."""
    for _ in range(SHUFFLES_TRIED):
        rng.shuffle(pool)
        left = list(pool)
        parts: list[list[Any]] = [[] for _ in rooms]
        for place in sorted(range(len(rooms)), key=lambda p: -len(lacking[p])):
            allowed = [card for card in left if card.suit not in lacking[place]]
            if len(allowed) < rooms[place]:
                break
            parts[place] = allowed[:rooms[place]]
            for card in parts[place]:
                left.remove(card)
        else:
            return parts
    by_suit: dict[str, list[Any]] = {}
    for card in pool:
        by_suit.setdefault(card.suit, []).append(card)
    counts = suit_counts({suit: len(cards) for suit, cards in by_suit.items()}, rooms, lacking)
    return [[card for suit, count in counts[place].items() for card in [by_suit[suit].pop() for _ in range(count)]]
            for place in range(len(rooms))]


def suit_counts(suits: dict[str, int], rooms: Sequence[int], lacking: Sequence[set[str]]) -> list[dict[str, int]]:
    """How many cards of each suit each part gets, every part full and no part given a suit it lacks:
    a flow from the suits to the parts, grown one path at a time.

    >>> suit_counts({"C": 2, "H": 1}, [1, 2], [{"H"}, {"C"}])
    Traceback (most recent call last):
    ValueError: no deal gives every hand its cards without a suit its player has shown he lacks
    >>> suit_counts({"C": 2, "H": 1}, [2, 1], [{"H"}, {"C"}])
    [{'C': 2}, {'H': 1}]
    """
    flow = [{suit: 0 for suit in suits} for _ in rooms]

    def path(place: int, seen: set[int]) -> list[tuple[int, str, int]] | None:
        """A way to give ``place`` one more card: moves of one card each (from part, suit, to part)."""
        seen.add(place)
        for suit, total in suits.items():
            if suit in lacking[place]:
                continue
            if sum(part[suit] for part in flow) < total:
                return [(-1, suit, place)]
            for other, part in enumerate(flow):
                if other not in seen and part[suit] > 0:
                    rest = path(other, seen)
                    if rest is not None:
                        return rest + [(other, suit, place)]
        return None

    for place, room in enumerate(rooms):
        for _ in range(room):
            moves = path(place, set())
            if moves is None:
                raise ValueError("no deal gives every hand its cards without a suit its player has shown he lacks")
            for giver, suit, taker in moves:
                if giver >= 0:
                    flow[giver][suit] -= 1
                flow[taker][suit] += 1
    return [{suit: count for suit, count in part.items() if count} for part in flow]


class KitModel(GameModel):
    """A described game for the expert: hidden are the other hands, the cards laid face down as
    bids and the undealt cards; a playout is the rest of the hand with random legal moves on the
    public engine; the outcome is the seat's points this hand. The expert searches without a guide
    (a described game has no heuristic bot)."""

    measure = "points this hand"
    playouts = 300
    guided = False
    round_key = "dealer"

    def redeal(self, state: State, seat: int, seen: Sequence[dict[str, Any]], rng: random.Random) -> State:
        """The other hands, the cards laid face down as bids and the undealt cards dealt anew from
        the cards ``seat`` cannot see, each hand as large as it is, none with a suit its player has
        shown he lacks; the cards the dealer showed and has not played stay his, in his hand or among
        his cards laid face down. Under a ``may_play`` of the class's own, an imagined deal must also
        let every card played so far have been played: up to :data:`PAST_TRIES` deals are drawn, the
        first whose past replays is kept (else the last, which the search can still play on; its past,
        if asked for, says it does not fit)."""
        others = [other for other in range(state.players) if other != seat]
        lacking = suits_lacking(state)
        order = state.described.hand_order
        tries = PAST_TRIES if state.described.may_play is not None and state._history else 1
        for _ in range(tries):
            bids = [list(bid) if isinstance(bid, tuple) else bid for bid in state.bids]
            known, laid = _place_shown(state, seat, lacking, bids, rng)
            rooms = [len(state.hands[other]) - len(known) * (other == state.dealer) for other in others]
            face_down = state.face_down_seen_by(seat) == HIDDEN
            rooms += [len(state.stock)] + [1] * (len(laid) + face_down)
            pool = in_order(state.cards_hidden_from(seat) + state.shown_held() - state.shown_unplayed()
                            if seat != state.dealer else state.cards_hidden_from(seat))
            parts = deal_respecting(pool, rooms, [lacking[other] for other in others] +
                                    [set()] * (1 + len(laid) + face_down), rng)
            hands = list(state.hands)
            for other, part in zip(others, parts):
                hands[other] = tuple(sorted(part + known * (other == state.dealer), key=order))
            for (other, place), part in zip(laid, parts[len(others) + 1:]):
                bids[other][place] = part[0]
            stock = parts[len(others)]
            world = imagined(state, seat, rng, hands=tuple(hands), bids=tuple(
                tuple(bid) if isinstance(bid, list) else bid for bid in bids),
                stock=tuple(stock) if state.described.turns is not None else tuple(sorted(stock, key=order)),
                face_down=parts[-1][0] if face_down else state.face_down)
            if tries == 1 or _past_fits(world):
                return world
        return world

    def imagined_past(self, origin: State, world: State, seat: int) -> tuple[str, Sequence[Any]]:
        """The imagined deal at the start of the hand (each hand with the cards played since) and
        every move since, each other player's cards laid face down being those imagined: the game is
        one hand, so the seat's whole past is there. A game of turns has such a past only in its
        first turn: after it, the cards drawn since the deal are not known."""
        if origin.described.turns is not None and origin.finished_tricks:
            raise NotReplayable("this position was imagined in a game of turns after its first turn: the cards "
                                "drawn since the deal cannot be imagined from it")
        first, moves = past_of(origin)
        movers, state = [], first
        for move in moves:
            movers.append(state.current_player)
            state = state.apply(move)
        moves = [Lay(world.bids[mover]) if isinstance(move, Lay) and mover != seat else
                 Lead(move.card, world.face_down) if isinstance(move, Lead) and mover != seat else move
                 for move, mover in zip(moves, movers)]
        if first.finished_tricks or first.trick[first.described.first_card is not None:]:    # the dealer's card
            raise NotReplayable("this position was imagined from a game that began in the middle of a hand")
        return deal_text(world), moves


def _place_shown(state: State, seat: int, lacking: Sequence[set[str]], bids: list[Any],
                 rng: random.Random) -> tuple[list[Any], list[tuple[int, int]]]:
    """The cards the dealer showed and has not played face up, placed for an imagined deal seen by
    ``seat``: each in the dealer's hand (unless its suit is one he has shown he lacks) or in one
    of his cards laid face down, at random (``bids`` gets those laid). Returns the cards kept in
    his hand, and the cards laid face down still to imagine (seat, place)."""
    laid = [(other, place) for other, seen in enumerate(state.bids_seen_by(seat)) if isinstance(seen, tuple)
            for place, card in enumerate(seen) if card == HIDDEN]
    if seat == state.dealer:
        return [], laid
    shown = list(state.shown_unplayed().elements())
    rng.shuffle(shown)
    in_hand, room = [], len(state.hands[state.dealer])
    for card in shown:
        slots = [spot for spot in laid if spot[0] == state.dealer]
        hand_fits = room > len(in_hand) and card.suit not in lacking[state.dealer]
        pick = rng.randrange(len(slots) + (room - len(in_hand) if hand_fits else 0)) if slots or hand_fits else 0
        if pick < len(slots):
            bids[state.dealer][slots[pick][1]] = card
            laid.remove(slots[pick])
        else:
            in_hand.append(card)
    return in_hand, laid


def _past_fits(world: State) -> bool:
    """Whether every move of the imagined deal's past is legal from it (replayed by the engine)."""
    try:
        world.states()
    except NotReplayable as err:
        return not err.fault
    return True


MODEL = KitModel()
