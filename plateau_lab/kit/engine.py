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

__all__ = ["BID", "OPEN", "OVER", "PLAY", "State", "reshuffled", "without"]

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from plateau_lab.core import GameState, Play, Setup, cached, check_seat, count_of, quoted, seeded_random
from plateau_lab.core.tricks import Bid

from .description import TURNED_UP, Card, TrickGame
from .hooks import HookError, Result, Table, Trick, call_hook, playable_cards, trick_points, trick_winners
from .moves import HIDDEN, Lay, Lead, lays, parse_action

OPEN, BID, PLAY, OVER = "open", "bid", "play", "over"


@dataclass(frozen=True, eq=False)
class State(GameState):
    """One hand of a described game. ``described`` is the checked description (not part of the
    position's equality); ``bids`` has one entry per seat, None until that seat has bid (empty when
    the game has no bidding); ``finished_tricks`` are (winners, trick) in the order played;
    ``stock`` the cards nobody was dealt (face down, in hand order); ``out_of_play`` those the
    ``in_play`` hook set aside for the hand (face up); ``shown`` the cards the dealer
    showed (the last dealt to him, in the order dealt); ``trump_suit`` the trumps the ``trumps``
    hook named (when the description has that hook).

    With ``face_down_lead``: ``face_down`` is the card the leader laid face down with his lead
    (None: none), and ``turned_up`` the face-down card of each finished trick (None: none). In a
    game of turns (``turns``): ``stock`` is the draw pile in its order (top first), ``discards``
    the cards played since it was last made, ``reshuffles`` how many times it was, and ``points``
    each player's score so far."""

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
    face_down: Card | None = None
    turned_up: tuple[Card | None, ...] = ()
    discards: tuple[Card, ...] = ()
    reshuffles: int = 0
    points: tuple[int, ...] = ()
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
        the hands are empty (in a game of turns: until a player has won), then ``'over'``."""
        if None in self.bids:
            opening = self.described.first_card is not None and not self.trick and set(self.bids) == {None}
            return OPEN if opening and not self.finished_tricks else BID
        if self.described.turns is not None:
            return PLAY if self._winner is None else OVER
        return PLAY if any(self.hands) else OVER

    @property
    def _winner(self) -> int | None:
        """In a game of turns, the player who has won: ``play_to`` points or more, and more than
        every other player; else None."""
        if not self.points:
            return None
        best = max(self.points)
        if best < self.described.turns.play_to or self.points.count(best) > 1:
            return None
        return self.points.index(best)

    def table(self, seat: int | None, trick: Trick | None = None, face_down: Card | str | None = None) -> Table:
        """What a hook sees, asked about ``seat``: the trick on the table and its card laid face
        down as ``seat`` sees it, or ``trick`` and ``face_down`` (a trick imagined or finished)."""
        if trick is None:
            trick, face_down = self.trick, self.face_down_seen_by(seat)
        return Table(self.players, seat, self.dealer, self.hand_size, self.trumps, trick, self.bids_seen_by(seat),
                     self.tricks_won, self.finished_tricks, face_down)

    def face_down_seen_by(self, viewer: int | None) -> Card | str | None:
        """The card laid face down with the lead on the table as ``viewer`` sees it (None: as every
        player does): the card for its leader, :data:`HIDDEN` for the others, None when there is none."""
        if self.face_down is None:
            return None
        return self.face_down if viewer == self.leader else HIDDEN

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
            trick = "turn" if self.described.turns is not None else "trick"
            place = (f"{trick} {len(self.finished_tricks) + 1}, player {self.current_player} to play"
                     + (f" after {self.described.written(card for _, card in self.trick)}" if self.trick else
                        " (to lead)"))
        else:
            place = "the end of the game" if self.described.turns is not None else "the end of the hand"
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
        """Each player's points for the hand once it is over (the description's scoring); zeros before.
        In a game of turns, each player's points so far."""
        if self.described.turns is not None:
            return self.points
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
        tricks = (scoring.per_trick * result.tricks if scoring.trick_points is None else
                  sum(points[seat] for points in self._points_by_trick))
        return tricks + result.points + (scoring.exact_bid_bonus if result.bid == result.tricks else 0)

    @cached
    def _points_by_trick(self) -> tuple[tuple[int, ...], ...]:
        """What each player scored for each finished trick (the ``trick_points`` hook asked once a trick)."""
        return tuple(self.points_of_trick(number) for number in range(len(self.finished_tricks)))

    def points_of_trick(self, number: int) -> tuple[int, ...]:
        """What each player scored for the finished trick ``number`` (from 0): ``per_trick`` to each
        of its winners, or what the ``trick_points`` hook gives each, the table as everyone saw it
        then."""
        finished = self.finished_tricks[:number]
        won = [0] * self.players
        for winners, _ in finished:
            for seat in winners:
                won[seat] += 1
        table = Table(self.players, None, self.dealer, self.hand_size, self.trumps, self.finished_tricks[number][1],
                      self.bids_seen_by(None), tuple(won), finished, self.turned_up[number] if self.turned_up else None)
        return trick_points(self.described, self.finished_tricks[number][0], table, self.where)

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
        if self.phase == PLAY and self.described.face_down_lead and not self.trick:
            hand = self.hands[self.current_player]
            return tuple(move for card in self._playable
                         for move in (Play(card), *(Lead(card, other) for other in dict.fromkeys(hand)
                                                    if other != card or hand.count(card) > 1)))
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
        if isinstance(action, Lead):
            if not self.described.face_down_lead:
                return "no card face down", "in this game a card is played alone: 'play CARD'"
            if self.trick:
                return ("the leader's face-down card", f"only the player who leads lays a card face down with it; "
                                                       f"player {seat} plays one card to the trick")
            missing = Counter((action.card, action.face_down)) - Counter(self.hands[seat])
            if missing:
                return "cards in hand", f"player {seat} does not hold {' and '.join(map(str, missing.elements()))}"
            action = Play(action.card)
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
            return self.derive(hands=without(self.hands, seat, (action.card,)), trick=((seat, action.card),),
                               _history=history, log=self.log + (f"Player {seat} (dealer) leaves "
                                                                 f"{self._named(action.card)} face up as the first "
                                                                 "card of the first trick.",))
        if isinstance(action, Lay):
            bids = tuple(action.cards if other == seat else made for other, made in enumerate(self.bids))
            said = [f"Player {seat} lays {count_of(len(action.cards), 'card')} face down."]
            if None not in bids:
                said.append("All turn over their first card together: " + ", ".join(
                    f"player {other} {laid[0]}" for other, laid in enumerate(bids)) + ". Play goes on.")
            return self.derive(bids=bids, hands=without(self.hands, seat, action.cards), _history=history,
                               log=self.log + tuple(said))
        if isinstance(action, Bid):
            bids = tuple(action.tricks if other == seat else made for other, made in enumerate(self.bids))
            said = [f"Player {seat} bids {action.tricks}."]
            if None not in bids:
                said.append(f"The bids total {sum(bids)} for {count_of(self.hand_size, 'trick')}. "
                            f"Player {self.leader} leads the first trick.")
            return self.derive(bids=bids, _history=history, log=self.log + tuple(said))
        card = action.card
        face_down = action.face_down if isinstance(action, Lead) else self.face_down
        hands = without(self.hands, seat, (card,) if face_down is None or self.trick else (card, face_down))
        trick = self.trick + ((seat, card),)
        said = [f"Player {seat} plays {self._named(card)}"
                + (" and lays a card face down with it." if isinstance(action, Lead) else ".")]
        if len(trick) < self.players:
            return self.derive(hands=hands, trick=trick, face_down=face_down, _history=history,
                               log=self.log + tuple(said))
        if face_down is not None:
            said.append(f"Player {self.leader} turns up the card laid face down: {self._named(face_down)}.")
        winners = self._winners(trick, face_down)
        tricks_won = tuple(won + (other in winners) for other, won in enumerate(self.tricks_won))
        state = self.derive(hands=hands, trick=(), face_down=None, tricks_won=tricks_won,
                            leader=winners[0] if self.described.leads == "winner" else (self.leader + 1) % self.players,
                            finished_tricks=self.finished_tricks + ((winners, trick),), _history=history,
                            turned_up=self.turned_up + (face_down,) if self.described.face_down_lead else ())
        who = " and ".join(f"player {winner}" for winner in winners)
        said.append(f"{who[0].upper()}{who[1:]} {'wins' if len(winners) == 1 else 'win'} the trick" if winners
                    else "Nobody wins the trick")
        if self.described.turns is not None:
            return state._scored(said, self.log)
        said[-1] += f"; player {state.leader} leads." if any(hands) else "."
        if state.is_over:
            said.append("The hand is over. Scores: " + "; ".join(
                f"player {other}: {count_of(score, 'point')}" for other, score in enumerate(state.scores)) + ".")
        return state.derive(log=self.log + tuple(said))

    def _scored(self, said: list[str], log: tuple[str, ...]) -> State:
        """In a game of turns, the trick just finished scored and its cards discarded (the lead, the
        card laid face down with it, then the others' cards); then the game won, or the next leader
        drawing up to his hand (:meth:`_drawn`)."""
        number = len(self.finished_tricks) - 1
        points = self.points_of_trick(number)
        trick = self.finished_tricks[number][1]
        face_down = self.turned_up[number] if self.turned_up else None
        played = tuple(card for _, card in trick[:1]) + ((face_down,) if face_down is not None else ()) + tuple(
            card for _, card in trick[1:])
        state = self.derive(points=tuple(map(sum, zip(self.points, points))), discards=self.discards + played)
        winners = self.finished_tricks[number][0]
        gain = max(points, key=abs)
        said[-1] += ("" if not winners else f" and scores {count_of(gain, 'point')}" if len(winners) == 1 else
                     f" and score {count_of(gain, 'point')} each") + "."
        if state._winner is not None:
            said.append(f"Player {state._winner} has {count_of(state.points[state._winner], 'point')}, more than "
                        f"anyone else, and wins the game.")
            return state.derive(log=log + tuple(said))
        if max(state.points) >= self.described.turns.play_to:
            said.append(f"Players are tied on {count_of(max(state.points), 'point')}: the game goes on.")
        return state._drawn(said, log)

    def _drawn(self, said: list[str], log: tuple[str, ...]) -> State:
        """The leader draws from the stock until he holds ``draw_to`` cards; when the stock is
        empty, the discards are shuffled into a new one (:func:`reshuffled`)."""
        leader, draw_to = self.leader, self.described.turns.draw_to
        hand, stock, discards, reshuffles = list(self.hands[leader]), self.stock, self.discards, self.reshuffles
        drawn = 0
        while len(hand) < draw_to and (stock or discards):
            if not stock:
                reshuffles += 1
                stock, discards = reshuffled(discards, self.setup.seed, reshuffles), ()
                said.append(f"The stock is empty: the {count_of(len(stock), 'card')} played are shuffled into a "
                            "new stock.")
            hand.append(stock[0])
            stock, drawn = stock[1:], drawn + 1
        said.append(f"Player {leader} draws {count_of(drawn, 'card')} and leads.")
        hands = self.hands[:leader] + (tuple(sorted(hand, key=self.described.hand_order)),) + self.hands[leader + 1:]
        return self.derive(hands=hands, stock=stock, discards=discards, reshuffles=reshuffles, log=log + tuple(said))

    def _winners(self, trick: Trick, face_down: Card | None) -> tuple[int, ...]:
        """The seats that win a full trick (:func:`trick_winners`), the card laid face down with its
        lead turned up; nobody may win it only when the next trick is not led by its winner."""
        return trick_winners(self.described, self.table(None, trick, face_down), self.where,
                             nobody=self.described.leads != "winner")

    def _named(self, card: Card) -> str:
        """A card in the log: in words with its text in brackets (a named card: its name once)."""
        said = card.describe(self.described.suit_names)
        return said if card.name else f"{said} ({card})"

    def _observe(self, seat: int) -> dict[str, Any]:
        """The seat's hand and every hand's size; then what lies face up: the dealer, the cards each
        holds at the deal, the cards the dealer showed that he still holds (for the others: the dealer's
        own are in his hand), the trumps (and the card turned up), the
        phase, the bids as the seat sees them, the leader, the trick, the tricks won, every finished
        trick with its winners, how many cards lie undealt, and the cards out of play. With
        ``face_down_lead``: the card laid face down with the lead on the table as the seat sees it,
        and each finished trick's, turned up. In a game of turns: the discards (face up) and how many
        times the stock was made anew."""
        seen = {
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
        if self.described.face_down_lead:
            seen |= {"face_down": self.face_down_seen_by(seat), "turned_up": self.turned_up}
        if self.described.turns is not None:
            seen |= {"discards": self.discards, "reshuffles": self.reshuffles}
        return seen

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
        the card laid face down with its lead, and every trick played (in a game of turns: the
        discards; the others are in the stock again)."""
        cards = Counter(self.stock) + Counter(self.out_of_play)
        if self.trump_card is not None:
            cards[self.trump_card] += 1
        for hand in self.hands:
            cards.update(hand)
        cards.update(card for _, card in self.trick)
        if self.face_down is not None:
            cards[self.face_down] += 1
        if self.described.turns is not None:
            return cards + Counter(self.discards)
        for _, finished in self.finished_tricks:
            cards.update(card for _, card in finished)
        cards.update(card for card in self.turned_up if card is not None)
        cards.update(card for laid in self.bids if isinstance(laid, tuple) for card in laid)
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The other players' hands (but the cards the dealer showed that he still holds), the cards
        they laid face down, as bids or with a lead, and the undealt cards (everything played, and the
        card turned up, is face up)."""
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
        if self.face_down_seen_by(seat) == HIDDEN:
            hidden[self.face_down] += 1
        return hidden


def reshuffled(discards: tuple[Card, ...], seed: int, number: int) -> tuple[Card, ...]:
    """The discards shuffled into a new stock, the ``number``-th time in the game dealt from ``seed``."""
    cards = list(discards)
    seeded_random(seed, "reshuffle", number).shuffle(cards)
    return tuple(cards)


def without(hands: tuple[tuple[Card, ...], ...], seat: int, cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with ``cards`` taken from ``seat``'s hand."""
    hand = list(hands[seat])
    for card in cards:
        hand.remove(card)
    return hands[:seat] + (tuple(hand),) + hands[seat + 1:]
