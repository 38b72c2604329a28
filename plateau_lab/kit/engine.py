"""The engine of a described trick-taking game: one hand, its immutable :class:`State` and its moves.

A hand is dealt from the seed (the dealer, then the cards one at a time from player 0; the next card
is turned up when the trumps are turned up), then, when the game bids, every player bids once from
the dealer's left, and the tricks are played, the player left of the dealer leading the first. The
first winner of a trick (in the order its cards were played) leads the next; when a trick has
several winners, each wins it (it counts among his tricks, its cards among his cards).

>>> from plateau_lab.kit import Bidding, Scoring, TrickGame, define
>>> game = define(TrickGame("tiny_bids", "Tiny bids", players=3, suits="CDSH", ranks="9 10 J Q K A",
...                         hand_size=4, trumps="turned up", bidding=Bidding(hook_rule=True),
...                         scoring=Scoring(per_trick=1, exact_bid_bonus=10)))
>>> state = game.new_game(3, seed=5)
>>> state.phase, [str(action) for action in state.legal_actions()]
('bid', ['bid 0', 'bid 1', 'bid 2', 'bid 3', 'bid 4'])
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[-1])
>>> sum(state.tricks_won), len(state.history)
(4, 15)

Every hook is called with what the players may see (:class:`~.hooks.Table`); a hook that fails
stops the game with :class:`~.hooks.HookError`, naming the hook and the position (:mod:`.hooks`,
whose names this module gives too).
"""

from __future__ import annotations

__all__ = ["BID", "HIDDEN", "OPEN", "OVER", "PLAY", "Bid", "HookError", "Lay", "Result", "State", "Table", "call_hook",
           "deal_text", "describe", "lays", "new_hand", "out_of_play_words", "parse_action", "playable_cards",
           "read_scenario", "trick_winners"]

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from plateau_lab.core import (GameState, ParseError, Play, Setup, cached, check_seat, count_of, parse_seat, quoted,
                              scenario_fields, seeded_random)
from plateau_lab.core.tricks import Bid, describe_move, parse_bid_or_play

from .description import NO_TRUMPS, TURNED_UP, Card, TrickGame, card_reader
from .hooks import HookError, Result, Table, Trick, call_hook, playable_cards, trick_winners

OPEN, BID, PLAY, OVER = "open", "bid", "play", "over"
#: A card laid face down as a bid, as a player who may not see it sees it.
HIDDEN = "hidden"


@dataclass(frozen=True, slots=True)
class Lay:
    """A bid of cards laid face down (``Bidding(cards=2)``), the first to be turned face up:
    ``lay 3R over 5B``."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "lay " + " over ".join(map(str, self.cards))


def lays(hand: tuple[Card, ...], count: int) -> tuple[tuple[Card, ...], ...]:
    """Every way to lay ``count`` cards of the sorted ``hand`` in order, in hand order; equal cards
    give one way, and a card goes with its equal only when the hand holds it twice.

    >>> [" ".join(map(str, laid)) for laid in lays((Card("R", "1"), Card("R", "1"), Card("B", "2")), 2)]
    ['1R 1R', '1R 2B', '2B 1R']
    """
    held = Counter(hand)                     # a sorted hand: its distinct cards in hand order
    found: list[tuple[Card, ...]] = []

    def grow(laid: tuple[Card, ...], left: int) -> None:
        if left == 1:
            found.extend(laid + (card,) for card, copies in held.items() if copies)
            return
        for card, copies in held.items():
            if copies:
                held[card] -= 1
                grow(laid + (card,), left - 1)
                held[card] += 1

    if count:
        grow((), count)
    return tuple(found) if count else ((),)


def parse_action(text: str, game: TrickGame, *, where: str = "action") -> Bid | Lay | Play:
    """A move from its text: ``bid N``, ``lay CARD over CARD`` or ``play CARD`` (any case and
    spacing), or ParseError."""
    move = parse_bid_or_play(text, card_reader(game), where=where)
    if move is not None:
        return move
    words = " ".join(text.split())
    verb, _, rest = words.partition(" ")
    if verb.casefold() == "lay" and rest:
        read = card_reader(game)
        return Lay(tuple(read(part, where=where) for part in rest.casefold().split(" over ")))
    laid = game.bidding.cards if game.bidding else 0
    bid = (" or 'lay CARD" + " over CARD" * (laid - 1) + "' (the cards laid as a bid)" if laid else
           " or 'bid N' (a number of tricks)" if game.bidding else "")
    raise ParseError(f"expected 'play CARD' (such as 'play {game.deck[-1]}')" + bid + f", got {quoted(words)}",
                     where=where)


#: A move in the learner's words: ``bid 2 tricks``, ``play QH``, ``lay 3R over 5B``.
describe = describe_move


@dataclass(frozen=True, eq=False)
class State(GameState):
    """One hand of a described game. ``described`` is the checked description (not part of the
    position's equality); ``bids`` has one entry per seat, None until that seat has bid (empty when
    the game has no bidding); ``finished_tricks`` are (winners, trick) in the order played;
    ``stock`` the cards nobody was dealt (face down, in hand order); ``out_of_play`` those the
    ``in_play`` hook set aside for the hand (face up); ``shown`` the cards the dealer
    showed (the last dealt to him, in the order dealt); ``trump_suit`` the trumps the ``trumps``
    hook named (when the description has that hook)."""

    described: TrickGame = field(compare=False, repr=False)
    setup: Setup
    dealer: int
    hand_size: int
    trump_card: Card | None
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int | None, ...]
    leader: int
    trick: Trick = ()
    tricks_won: tuple[int, ...] = ()
    finished_tricks: tuple[tuple[tuple[int, ...], Trick], ...] = ()
    stock: tuple[Card, ...] = ()
    out_of_play: tuple[Card, ...] = ()
    shown: tuple[Card, ...] = ()
    trump_suit: str | None = None
    _history: tuple[Any, ...] = field(default=(), compare=False)
    log: tuple[str, ...] = field(default=(), compare=False)

    @property
    def trumps(self) -> str | None:
        """The trump suit's letter (None: no trumps)."""
        trumps = self.described.trumps
        if callable(trumps):
            return self.trump_suit
        return self.trump_card.suit if trumps == TURNED_UP else trumps

    @cached
    def phase(self) -> str:
        """``'open'`` while the dealer chooses the first card of the first trick (a game whose
        ``first_card`` hook leaves it to him), ``'bid'`` until every player has bid, ``'play'`` until
        the hands are empty, then ``'over'``."""
        if None in self.bids:
            opening = self.described.first_card is not None and not self.trick and set(self.bids) == {None}
            return OPEN if opening and not self.finished_tricks else BID
        return PLAY if any(self.hands) else OVER

    def table(self, seat: int | None) -> Table:
        """What a hook sees, asked about ``seat``."""
        return Table(self.players, seat, self.dealer, self.hand_size, self.trumps, self.trick, self.bids_seen_by(seat),
                     self.tricks_won, self.finished_tricks)

    def bids_seen_by(self, viewer: int | None) -> tuple[Any, ...]:
        """The bids as ``viewer`` sees them (None: as every player does). A number is public; of the
        cards a player laid as his bid, the first is turned face up once every player has laid his,
        the others when the hand is over; a card not seen is :data:`HIDDEN`."""
        bidding = self.described.bidding
        if bidding is None or not bidding.cards or self.phase == OVER:
            return self.bids
        turned = None not in self.bids
        return tuple(laid if laid is None or seat == viewer else
                     tuple(card if place == 0 and turned else HIDDEN for place, card in enumerate(laid))
                     for seat, laid in enumerate(self.bids))

    def where(self) -> str:
        """The position in words, for a hook's failure: the phase, the trick, the moves made and the
        deal's number (the seed that deals it again: ``new_game(players, seed=number)``)."""
        if self.phase == OPEN:
            place = f"the first trick, the dealer (player {self.dealer}) to lay its first card"
        elif self.phase == BID:
            place = f"the bidding, player {self.current_player} to bid"
        elif self.phase == PLAY:
            place = (f"trick {len(self.finished_tricks) + 1}, player {self.current_player} to play"
                     + (f" after {' '.join(str(card) for _, card in self.trick)}" if self.trick else " (to lead)"))
        else:
            place = "the end of the hand"
        return f"{place}, after {count_of(len(self._history), 'move')} (deal number {self.setup.seed})"

    # -- the protocol

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @cached
    def current_player(self) -> int | None:
        if self.phase == OPEN:
            return self.dealer
        if self.phase == BID:
            return (self.dealer + 1 + sum(bid is not None for bid in self.bids)) % self.players
        if self.phase == PLAY:
            return (self.leader + len(self.trick)) % self.players
        return None

    @cached
    def scores(self) -> tuple[int, ...]:
        """Each player's points for the hand once it is over (the description's scoring); zeros before."""
        if not self.is_over:
            return (0,) * self.players
        return tuple(self.score_of(seat) for seat in range(self.players))

    def result(self, seat: int) -> Result:
        """``seat``'s hand as the scoring reads it (:class:`Result`)."""
        cards = tuple(card for winners, trick in self.finished_tricks if seat in winners for _, card in trick)
        points = sum(map(self.described.scoring.points_of, cards))
        return Result(seat, self.bids[seat] if self.bids else None, self.tricks_won[seat], cards, points)

    def score_of(self, seat: int) -> int:
        scoring, result = self.described.scoring, self.result(seat)
        if scoring.score is not None:
            score = call_hook("score", scoring.score, self.where, result, self.table(seat))
            if isinstance(score, bool) or not isinstance(score, int):
                raise HookError("score", self.where(), f"it gave {quoted(score)} for player {seat}, not a whole number")
            return score
        return (scoring.per_trick * result.tricks + result.points
                + (scoring.exact_bid_bonus if result.bid == result.tricks else 0))

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal moves, in this order (part of the protocol): while bidding, the legal bids from
        low to high; in play, the cards that may be played, in hand order (by suit as the description
        lists the suits, then rank, low to high; two equal cards are one move); nothing at the end."""
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[Any, ...]:
        if self.phase == OPEN:
            return tuple(Play(card) for card in dict.fromkeys(self.hands[self.dealer]))
        if self.phase == BID and self.described.bidding.cards:
            laid = lays(self.hands[self.current_player], self.described.bidding.cards)
            if self.described.bidding.may_bid is None:
                return tuple(map(Lay, laid))
            return tuple(Lay(cards) for cards in laid if self._own_lay_refusal(cards) is None)
        if self.phase == BID:
            return tuple(Bid(bid) for bid in range(self.hand_size + 1) if self._bid_refusal(bid) is None)
        if self.phase == PLAY:
            return tuple(Play(card) for card in self._playable)
        return ()

    @cached
    def _playable(self) -> tuple[Card, ...]:
        """The cards the player to play may play (:func:`playable_cards`)."""
        seat = self.current_player
        return playable_cards(self.described, self.hands[seat], self.table(seat), self.where)

    def _bid_refusal(self, bid: int) -> tuple[str, str] | None:
        """Why ``bid`` may not be bid now (the rule and the reason), or None when it may."""
        seat, bidding = self.current_player, self.described.bidding
        if not 0 <= bid <= self.hand_size:
            return ("bids from 0 to the cards in hand",
                    f"a bid is a number of tricks from 0 to {self.hand_size}, the cards each player holds")
        earlier = [made for made in self.bids if made is not None]
        if bidding.hook_rule and len(earlier) == self.players - 1 and sum(earlier) + bid == self.hand_size:
            return ("the hook rule",
                    f"the other bids total {sum(earlier)}, so bidding {bid} would make the bids total "
                    f"{count_of(self.hand_size, 'trick')}; the dealer (player {seat}), who bids last, may not make "
                    "the bids total the tricks")
        if bidding.may_bid is not None:
            allowed = call_hook("may_bid", bidding.may_bid, self.where, bid, self.table(seat))
            if not isinstance(allowed, bool):
                raise HookError("may_bid", self.where(), f"it gave {quoted(allowed)} for a bid of {bid}, not True "
                                                         "or False")
            if not allowed:
                said = self.described.rules.get("may_bid", "the game's own rule for bids")
                return "may_bid", f"{said.rstrip('.')}: player {seat} may not bid {bid} now"
        return None

    def _lay_refusal(self, cards: tuple[Card, ...]) -> tuple[str, str] | None:
        """Why laying ``cards`` as the bid is refused now (the rule and the reason), or None."""
        seat, bidding = self.current_player, self.described.bidding
        if len(cards) != bidding.cards:
            return ("the cards laid", f"a bid is {count_of(bidding.cards, 'card')} laid face down, not "
                                      f"{len(cards)}")
        missing = Counter(cards) - Counter(self.hands[seat])
        if missing:
            return "cards in hand", f"player {seat} does not hold {' '.join(map(str, missing.elements()))}"
        return self._own_lay_refusal(cards)

    def _own_lay_refusal(self, cards: tuple[Card, ...]) -> tuple[str, str] | None:
        """Why the description's ``may_bid`` refuses laying ``cards`` (of the hand) now, or None."""
        seat, bidding = self.current_player, self.described.bidding
        if bidding.may_bid is not None:
            allowed = call_hook("may_bid", bidding.may_bid, self.where, cards, self.table(seat))
            if not isinstance(allowed, bool):
                raise HookError("may_bid", self.where(), f"it gave {quoted(allowed)} for a bid of "
                                                         f"{' '.join(map(str, cards))}, not True or False")
            if not allowed:
                said = self.described.rules.get("may_bid", "the game's own rule for bids")
                return "may_bid", f"{said.rstrip('.')}: player {seat} may not lay {' '.join(map(str, cards))} now"
        return None

    def parse_action(self, text: str) -> Any:
        return parse_action(text, self.described)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        seat = self.current_player
        laying = self.described.bidding is not None and self.described.bidding.cards
        if self.phase == OPEN:
            if not isinstance(action, Play):
                return ("the dealer's first card", f"the dealer (player {seat}) first lays the first card of the "
                                                   "first trick face up, before the bids")
            return "cards in hand", f"player {seat} does not hold {action.card}"
        if self.phase == BID:
            if laying and not isinstance(action, Lay):
                return ("bidding before play", f"every player lays {count_of(laying, 'card')} face down as his bid "
                                               f"before the next card is played; player {seat} lays them now")
            if laying:
                return self._lay_refusal(action.cards)
            if not isinstance(action, Bid):
                return ("bidding before play",
                        f"every player bids before the first card is played; player {seat} bids now")
            return self._bid_refusal(action.tricks)
        if isinstance(action, (Bid, Lay)):
            if self.described.bidding is None:
                return "no bidding", "nobody bids in this game: players play cards"
            return "one bid each", f"every player has bid; player {seat} plays a card to the trick"
        if action.card not in self.hands[seat]:
            return "cards in hand", f"player {seat} does not hold {action.card}"
        if self.described.may_play is not None:
            said = self.described.rules.get("may_play", "the game's own rule for what may be played")
            return "may_play", (f"{said.rstrip('.')}: player {seat} may play only "
                                f"{', '.join(map(str, self._playable))} here")
        led = self.trick[0][1].suit
        name = self.described.suit_names[led]
        return "follow suit", f"{name} were led and player {seat} holds {name}: follow the suit led if you can"

    def _after(self, action: Any) -> State:
        seat, history = self.current_player, self._history + (action,)
        if self.phase == OPEN:
            return self.derive(hands=_without(self.hands, seat, (action.card,)), trick=((seat, action.card),),
                               _history=history, log=self.log + (f"Player {seat} (dealer) leaves "
                                                                 f"{self._named(action.card)} face up as the first "
                                                                 "card of the first trick.",))
        if isinstance(action, Lay):
            bids = tuple(action.cards if other == seat else made for other, made in enumerate(self.bids))
            said = [f"Player {seat} lays {count_of(len(action.cards), 'card')} face down."]
            if None not in bids:
                said.append("All turn over their first card together: " + ", ".join(
                    f"player {other} {laid[0]}" for other, laid in enumerate(bids)) + ". Play goes on.")
            return self.derive(bids=bids, hands=_without(self.hands, seat, action.cards), _history=history,
                               log=self.log + tuple(said))
        if isinstance(action, Bid):
            bids = tuple(action.tricks if other == seat else made for other, made in enumerate(self.bids))
            said = [f"Player {seat} bids {action.tricks}."]
            if None not in bids:
                said.append(f"The bids total {sum(bids)} for {count_of(self.hand_size, 'trick')}. "
                            f"Player {self.leader} leads the first trick.")
            return self.derive(bids=bids, _history=history, log=self.log + tuple(said))
        card = action.card
        hands = _without(self.hands, seat, (card,))
        trick = self.trick + ((seat, card),)
        said = [f"Player {seat} plays {self._named(card)}."]
        if len(trick) < self.players:
            return self.derive(hands=hands, trick=trick, _history=history, log=self.log + tuple(said))
        winners = self._winners(trick)
        tricks_won = tuple(won + (other in winners) for other, won in enumerate(self.tricks_won))
        who = " and ".join(f"player {winner}" for winner in winners)
        said.append(f"{who[0].upper()}{who[1:]} {'wins' if len(winners) == 1 else 'win'} the trick"
                    + (f"; player {winners[0]} leads." if any(hands) else "."))
        state = self.derive(hands=hands, trick=(), leader=winners[0], tricks_won=tricks_won,
                            finished_tricks=self.finished_tricks + ((winners, trick),), _history=history)
        if state.is_over:
            said.append("The hand is over. Scores: " + "; ".join(
                f"player {other}: {count_of(score, 'point')}" for other, score in enumerate(state.scores)) + ".")
        return state.derive(log=self.log + tuple(said))

    def _winners(self, trick: Trick) -> tuple[int, ...]:
        """The seats that win a full trick (:func:`trick_winners`)."""
        table = Table(self.players, None, self.dealer, self.hand_size, self.trumps, trick, self.bids_seen_by(None),
                      self.tricks_won, self.finished_tricks)
        return trick_winners(self.described, table, self.where)

    def _named(self, card: Card) -> str:
        return f"{card.describe(self.described.suit_names)} ({card})"

    def _observe(self, seat: int) -> dict[str, Any]:
        """The seat's hand and every hand's size; then what lies face up: the dealer, the cards each
        holds at the deal, the cards the dealer showed that he still holds (for the others: the dealer's
        own are in his hand), the trumps (and the card turned up), the
        phase, the bids as the seat sees them, the leader, the trick, the tricks won, every finished
        trick with its winners, how many cards lie undealt, and the cards out of play."""
        return {
            "hand": self.hands[seat],
            "hand_sizes": tuple(map(len, self.hands)),
            "dealer": self.dealer,
            "hand_size": self.hand_size,
            "trumps": self.trumps,
            "trump_card": self.trump_card,
            "phase": self.phase,
            "dealer_holds": () if seat == self.dealer else tuple(sorted(self.shown_held().elements(),
                                                                       key=self.described.hand_order)),
            "bids": self.bids_seen_by(seat),
            "leader": self.leader,
            "trick": self.trick,
            "tricks_won": self.tricks_won,
            "finished_tricks": self.finished_tricks,
            "stock_size": len(self.stock),
            "out_of_play": self.out_of_play,
        }

    def shown_unplayed(self) -> Counter:
        """The cards the dealer showed, less every card of the same kind he has played or laid face
        up since (which copy went, nobody can tell): each is in his hand or among his cards laid
        face down."""
        dealer = self.dealer
        gone = Counter(card for _, trick in (*self.finished_tricks, (None, self.trick)) for seat, card in trick
                       if seat == dealer)
        if self.bids and isinstance(self.bids[dealer], tuple):
            gone.update(card for card in self.bids_seen_by(None)[dealer] if card != HIDDEN)
        return Counter(self.shown) - gone

    def shown_held(self) -> Counter:
        """The cards the dealer showed that everyone knows he still holds (:meth:`shown_unplayed`),
        until he lays cards face down as his bid: then nobody can tell which of them went there."""
        laid = self.bids and isinstance(self.bids[self.dealer], tuple)
        return Counter() if laid and HIDDEN in self.bids_seen_by(None)[self.dealer] else self.shown_unplayed()

    def cards_in_game(self) -> Counter:
        """The deck: hands, the card turned up, the undealt cards, the cards out of play, the trick and
        every trick played."""
        cards = Counter(self.stock) + Counter(self.out_of_play)
        if self.trump_card is not None:
            cards[self.trump_card] += 1
        for hand in self.hands:
            cards.update(hand)
        cards.update(card for _, card in self.trick)
        for _, finished in self.finished_tricks:
            cards.update(card for _, card in finished)
        cards.update(card for laid in self.bids if isinstance(laid, tuple) for card in laid)
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The other players' hands (but the cards the dealer showed that he still holds), the cards
        they laid as bids that lie face down, and the undealt cards (everything played, and the card
        turned up, is face up)."""
        seat = check_seat(seat, self.players)
        hidden = Counter(self.stock)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden.update(hand)
        if seat != self.dealer:
            hidden -= self.shown_held()
        for laid, seen in zip(self.bids, self.bids_seen_by(seat)):
            if isinstance(laid, tuple):
                hidden.update(card for card, face in zip(laid, seen) if face == HIDDEN)
        return hidden


def _without(hands: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``cards`` taken from ``seat``'s hand."""
    hand = list(hands[seat])
    for card in cards:
        hand.remove(card)
    return hands[:seat] + (tuple(hand),) + hands[seat + 1:]


def new_hand(game: TrickGame, setup: Setup) -> State:
    """The first state of a hand dealt from ``setup``'s seed: the cards each is dealt (the
    ``hand_size`` hook draws from its own generator), the dealer, then the shuffled deck dealt one
    card at a time from player 0, the next card turned up for trumps when they are turned up."""
    players, seed = setup.players, setup.seed
    cards, out_of_play = _cards_in_play(game, players, seed)
    most = game.most_cards(players, len(cards))
    size = game.hand_size
    if callable(size):
        size = call_hook("hand_size", size, lambda: f"the deal (deal number {seed})", players, most,
                         seeded_random(seed, "tricks"))
        fewest = game.fewest_cards()
        if isinstance(size, bool) or not isinstance(size, int) or not fewest <= size <= most:
            raise HookError("hand_size", f"the deal (deal number {seed})",
                            f"it gave {quoted(size)}; the cards each of {players} players is dealt are {fewest} to "
                            f"{most}")
    dealer = seeded_random(seed, "dealer").randrange(players)
    seeded_random(seed, "deal").shuffle(cards)
    dealt = players * size
    hands = tuple(tuple(cards[seat:dealt:players]) for seat in range(players))
    turned = cards[dealt] if game.trumps == TURNED_UP else None
    stock = cards[dealt + (turned is not None):]
    shown = hands[dealer][len(hands[dealer]) - game.shown:] if game.shown else ()
    return _dealt(game, setup, dealer, hands, turned, stock, shown, out_of_play)


def _cards_in_play(game: TrickGame, players: int, seed: int) -> tuple[list[Card], tuple[Card, ...]]:
    """The cards played this hand, in deck order, and those set aside (the ``in_play`` hook's
    choice, drawn from its own generator; without it, the whole deck)."""
    deck = list(game.deck)
    if game.in_play is None:
        return deck, ()
    where = lambda: f"the deal (deal number {seed})"  # noqa: E731 (a hook's failure says where)
    chosen = call_hook("in_play", game.in_play, where, tuple(deck), players, seeded_random(seed, "in play"))
    try:
        chosen = list(chosen)
    except TypeError:
        raise HookError("in_play", where(), f"it gave {quoted(chosen)}, not a collection of cards") from None
    left = Counter(deck)
    for card in chosen:
        if not isinstance(card, Card) or left[card] == 0:
            raise HookError("in_play", where(), f"it gave {quoted(card)}, which is not a card of the deck (or "
                                                "more of it than the deck holds)")
        left[card] -= 1
    needed = players * game.fewest_cards() + (game.trumps == TURNED_UP)
    if len(chosen) < needed:
        raise HookError("in_play", where(), f"it kept {count_of(len(chosen), 'card')}; {players} players need at "
                                            f"least {needed}")
    return sorted(chosen, key=game.hand_order), tuple(sorted(left.elements(), key=game.hand_order))


def _dealt(game: TrickGame, setup: Setup, dealer: int, hands: tuple[tuple[Card, ...], ...], turned: Card | None,
           stock: list[Card], shown: tuple[Card, ...] = (), out_of_play: tuple[Card, ...] = ()) -> State:
    """The hand as dealt, before any move: the trumps named (by the ``trumps`` hook from the cards
    shown), and the dealer's first card laid when the ``first_card`` hook names it."""
    players, size = len(hands), len(hands[0])
    order = game.hand_order
    state = State(game, setup, dealer, size, turned, tuple(tuple(sorted(hand, key=order)) for hand in hands),
                  (None,) * players if game.bidding is not None else (),
                  dealer if game.first_card is not None else (dealer + 1) % players,
                  tricks_won=(0,) * players, stock=tuple(sorted(stock, key=order)), shown=tuple(shown),
                  out_of_play=tuple(out_of_play))
    where = lambda: f"the deal (deal number {setup.seed})"  # noqa: E731 (a hook's failure says where)
    if callable(game.trumps):
        suit = call_hook("trumps", game.trumps, where, state.shown, state.table(None))
        if suit is not None and suit not in game.suit_letters:
            raise HookError("trumps", where(), f"it gave {quoted(suit)}; trumps are a suit letter among "
                                               f"{', '.join(game.suit_letters)}, or None")
        state = state.derive(trump_suit=suit)
    trumps = state.trumps
    said = f"Out of play this hand, face up: {out_of_play_words(game, out_of_play)}. " if out_of_play else ""
    said += (f"Player {dealer} deals {count_of(size, 'card')} to each player"
            + (f" and turns up {state._named(turned)}" if turned is not None else "")
            + (f" and shows {' and '.join(map(state._named, shown))}" if shown else "")
            + (": no trumps." if trumps is NO_TRUMPS else f": trumps are {game.suit_names[trumps]}."))
    if game.first_card is not None:
        first = call_hook("first_card", game.first_card, where, state.shown, state.table(None))
        if first is None:
            return state.derive(log=(said + " The dealer chooses the first card of the first trick.",))
        if first not in state.hands[dealer]:
            raise HookError("first_card", where(), f"it gave {quoted(first)}, which is not a card of the dealer's "
                                                   f"hand (player {dealer})")
        said += f" Player {dealer} leaves {state._named(first)} face up as the first card of the first trick."
        state = state.derive(hands=_without(state.hands, dealer, (first,)), trick=((dealer, first),))
    said += (f" Bidding starts left of the dealer, with player {(dealer + 1) % players}." if game.bidding is not None
             else f" Player {state.leader} leads.")
    return state.derive(log=(said,))


def out_of_play_words(game: TrickGame, cards: tuple[Card, ...]) -> str:
    """The cards out of play in words: whole suits by their names, the other cards by their texts.

    >>> from .examples import WIMMULN
    >>> out_of_play_words(WIMMULN.description, WIMMULN.new_game(3, seed=4).out_of_play)
    'every red and blue card'
    """
    in_deck = Counter(card.suit for card in game.deck)
    out = Counter(card.suit for card in cards)
    whole = [suit for suit in game.suit_letters if out[suit] == in_deck[suit] > 0]
    said = ["every " + " and ".join(game.suit_names[suit] for suit in whole) + " card"] if whole else []
    return ", ".join(said + [str(card) for card in cards if card.suit not in whole])


def deal_text(state: State) -> str:
    """The deal of ``state``'s hand as scenario text (:func:`read_scenario` reads it back): the
    dealer, the card turned up, each hand as dealt (with the cards played since) and the undealt cards."""
    hands = [list(hand) for hand in state.hands]
    for _, trick in (*state.finished_tricks, (None, state.trick)):
        for seat, card in trick:
            hands[seat].append(card)
    for seat, laid in enumerate(state.bids):
        if isinstance(laid, tuple):
            hands[seat] += laid
    order = state.described.hand_order
    lines = [f"dealer: {state.dealer}"]
    if state.trump_card is not None:
        lines.append(f"turned up: {state.trump_card}")
    if state.shown:
        lines.append(f"shown: {' '.join(map(str, state.shown))}")
    if state.out_of_play:
        lines.append(f"out of play: {' '.join(map(str, state.out_of_play))}")
    lines += [f"hand {seat}: {' '.join(map(str, sorted(hand, key=order)))}" for seat, hand in enumerate(hands)]
    lines.append(f"undealt: {' '.join(map(str, state.stock))}")
    return "\n".join(lines) + "\n"


def read_scenario(game: TrickGame, text: str, setup_of: Callable[[int], Setup]) -> State:
    """The hand written in ``text`` (``dealer: N``, ``turned up: CARD`` when trumps are turned up,
    ``shown: CARD CARD`` when the dealer shows cards (of his hand, in the order dealt),
    ``out of play: CARD …`` the cards the ``in_play`` hook sets aside,
    ``hand 0: CARD CARD …`` for each player, ``undealt: CARD …``, optional: the rest of the deck),
    before any bid or card; ``setup_of(players)`` makes the game's set-up. ParseError says where and what."""
    fields_ = scenario_fields(text, known=lambda key: key in ("dealer", "turned up", "shown", "out of play",
                                                              "undealt") or
                              (key.startswith("hand ") and key[5:].isdigit()),
                              expected="dealer, turned up, shown, out of play, hand 0, hand 1, …, undealt")
    seats = sorted(int(key[5:]) for key in fields_ if key.startswith("hand "))
    if seats != list(range(len(seats))) or not seats:
        raise ParseError(f"expected the lines hand 0, hand 1, … one per player, got hands {seats}", where="hands")
    try:
        setup = setup_of(len(seats))
    except (TypeError, ValueError) as err:
        raise ParseError(f"{count_of(len(seats), 'hand')} written: {err}", where="hands") from None
    read, deck = card_reader(game), Counter(game.deck)
    left = Counter(deck)

    def cards(key: str) -> list[Card]:
        line, value = fields_[key]
        found = [read(word, where=f"line {line}") for word in value.split()]
        for card in found:
            if left[card] == 0:
                raise ParseError(f"{card} is written more often than the deck holds it", where=f"line {line}")
            left[card] -= 1
        return found

    if "dealer" not in fields_:
        raise ParseError("the dealer is missing (a line 'dealer: 0')", where="dealer")
    dealer = parse_seat(fields_["dealer"][1], len(seats), where=f"line {fields_['dealer'][0]}")
    turned = None
    if game.trumps == TURNED_UP:
        if "turned up" not in fields_:
            raise ParseError("trumps are turned up: the card turned up is missing (a line 'turned up: QH')",
                             where="turned up")
        found = cards("turned up")
        if len(found) != 1:
            raise ParseError(f"one card is turned up, not {len(found)}", where=f"line {fields_['turned up'][0]}")
        turned = found[0]
    elif "turned up" in fields_:
        raise ParseError("no card is turned up in this game", where=f"line {fields_['turned up'][0]}")
    out_of_play = ()
    if "out of play" in fields_:
        if game.in_play is None:
            raise ParseError("every card of the deck is played in this game", where=f"line {fields_['out of play'][0]}")
        out_of_play = tuple(sorted(cards("out of play"), key=game.hand_order))
    hands = tuple(tuple(cards(f"hand {seat}")) for seat in seats)
    sizes = {len(hand) for hand in hands}
    if len(sizes) != 1 or 0 in sizes:
        raise ParseError(f"every hand holds the same number of cards, at least one; got "
                         f"{', '.join(str(len(hand)) for hand in hands)}", where="hands")
    if "undealt" in fields_:
        stock = cards("undealt")
        if +left:
            raise ParseError(f"the deck's cards are not all written: {' '.join(map(str, sorted(left.elements(), key=game.hand_order)))} "
                             "missing", where=f"line {fields_['undealt'][0]}")
    else:
        stock = list(left.elements())
    return _dealt(game, setup, dealer, hands, turned, stock, _shown(game, fields_, hands[dealer]), out_of_play)


def _shown(game: TrickGame, fields_: dict[str, tuple[int, str]], dealt: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards the dealer shows, read from the scenario's ``shown`` line: ``game.shown`` cards
    of his hand ``dealt``."""
    if not game.shown:
        if "shown" in fields_:
            raise ParseError("the dealer shows no cards in this game", where=f"line {fields_['shown'][0]}")
        return ()
    if "shown" not in fields_:
        raise ParseError(f"the dealer shows {count_of(game.shown, 'card')}: they are missing (a line 'shown: "
                         f"{' '.join(map(str, game.deck[:game.shown]))}')", where="shown")
    line, value = fields_["shown"]
    read = card_reader(game)
    shown = tuple(read(word, where=f"line {line}") for word in value.split())
    if len(shown) != game.shown:
        raise ParseError(f"the dealer shows {count_of(game.shown, 'card')}, not {len(shown)}", where=f"line {line}")
    if Counter(shown) - Counter(dealt):
        raise ParseError("the cards shown are the last dealt to the dealer: they are in his hand", where=f"line {line}")
    return shown
