"""One hand of Oh Hell, as OpenSpiel's ``oh_hell`` plays it: the immutable ``State`` and ``new_game``.

A game is one hand, as in OpenSpiel. Chance picks the number of tricks (unless the option ``tricks``
gives it) and the dealer, deals the cards one at a time and turns up the next card for trumps; then
every player bids once, from the dealer's left, and the tricks are played::

    >>> state = new_game(4, seed=2, tricks=3)
    >>> state.phase, state.tricks, state.dealer, state.current_player
    ('bid', 3, 2, 3)
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> sum(state.tricks_won), len(state.history)
    (3, 16)

Scores are the hand's points once it is over (:func:`~.rules.hand_score`), zeros before: nobody
scores until the last trick is won.
"""

from __future__ import annotations

__all__ = ["State", "Trick", "dealt", "new_game"]

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from plateau_lab.core import GameState, Play, Setup, cached, check_seat, count_of, game_spec, seeded_random

from .actions import Action, Bid, parse_action
from .cards import SUIT_NAMES, Card, hand_order
from .rules import BID, GAME, OVER, PLAY, Rules, bidding_order, first_leader, hook_bid, legal_plays, rules_of, trick_winner

#: A trick: (seat, card) in the order played.
Trick = tuple[tuple[int, Card], ...]


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A position of one hand: the hands, the trump card, the bids, the trick and the tricks won.

    ``tricks`` is the number of tricks of the hand (the cards dealt to each player); ``bids`` has
    one entry per seat, None until that seat has bid; ``trick`` is the trick being played, led by
    ``leader``; ``finished_tricks`` are (winner, trick) in the order played. ``played_before`` holds
    the cards of tricks played before a scenario's position (face up, their winners unrecorded;
    empty in a dealt game) and ``stock`` the cards nobody was dealt, face down under the trump card.
    """

    GAME = GAME
    setup: Setup
    dealer: int
    tricks: int
    trump_card: Card
    hands: tuple[tuple[Card, ...], ...]
    bids: tuple[int | None, ...]
    leader: int
    trick: Trick = ()
    tricks_won: tuple[int, ...] = ()
    finished_tricks: tuple[tuple[int, Trick], ...] = ()
    played_before: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    _history: tuple[Action, ...] = field(default=(), compare=False)   # the moves applied: see GameState.history
    log: tuple[str, ...] = field(default=(), compare=False)

    # -- what the position says

    @cached
    def rules(self) -> Rules:
        """The hand's rules, every number decided for its players (``rules.rules_of`` its options)."""
        return rules_of.for_setup(self.setup)

    @property
    def trump(self) -> str:
        """The trump suit's letter: the suit of the card turned up."""
        return self.trump_card.suit

    @cached
    def phase(self) -> str:
        """``'bid'`` until every player has bid, then ``'play'`` until the hands are empty, then ``'over'``."""
        if None in self.bids:
            return BID
        return PLAY if any(self.hands) else OVER

    @cached
    def bids_in_order(self) -> tuple[int, ...]:
        """The bids made so far, in the order made (from the dealer's left)."""
        made = (self.bids[seat] for seat in bidding_order(self.dealer, self.players))
        return tuple(bid for bid in made if bid is not None)

    # -- the protocol

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @cached
    def current_player(self) -> int | None:
        if self.phase == BID:
            return bidding_order(self.dealer, self.players)[len(self.bids_in_order)]
        if self.phase == PLAY:
            return (self.leader + len(self.trick)) % self.players
        return None

    @cached
    def scores(self) -> tuple[int, ...]:
        """Each seat's points for the hand once it is over (:func:`~.rules.hand_score` under the
        hand's rules); zeros before."""
        if not self.is_over:
            return (0,) * self.players
        score = self.rules.score
        return tuple(score(bid, won) for bid, won in zip(self.bids, self.tricks_won))

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal moves, in this order (part of the protocol: random bots and the fast playout
        rely on it): while bidding, the legal bids from low to high (:func:`~.rules.legal_bids`); in
        play, the cards that may be played (:func:`~.rules.legal_plays`) in hand order, which is
        by suit (clubs, diamonds, spades, hearts), then rank from 2 to ace; nothing once the hand is over.

        >>> [str(action) for action in new_game(3, seed=1, tricks=2).legal_actions()]
        ['bid 0', 'bid 1', 'bid 2']
        """
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[Action, ...]:
        if self.phase == BID:
            return tuple(Bid(bid) for bid in self.rules.bids(self.tricks, self.bids_in_order))
        if self.phase == PLAY:
            return tuple(Play(card) for card in legal_plays(self.hands[self.current_player], self.trick))
        return ()

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        seat = self.current_player
        if self.phase == BID:
            if not isinstance(action, Bid):
                return ("bidding before play",
                        f"every player bids before the first card is played; player {seat} bids now")
            if action.tricks > self.tricks:
                return ("bids from 0 to the tricks",
                        f"a bid is a number of tricks from 0 to {self.tricks}, the tricks of this hand")
            earlier = self.bids_in_order
            return ("the dealer's bid (hook rule)",
                    f"the other bids total {sum(earlier)}, so bidding {hook_bid(self.tricks, earlier)} would make "
                    f"the bids total {self.tricks}, the number of tricks; the last bidder, the dealer (player "
                    f"{seat}), may not make the total equal the tricks")
        if isinstance(action, Bid):
            return "one bid each", f"every player has bid; player {seat} plays a card to the trick"
        if action.card not in self.hands[seat]:
            return "cards in hand", f"player {seat} does not hold {action.card}"
        led = self.trick[0][1].suit
        return ("follow suit",
                f"{SUIT_NAMES[led]} were led and player {seat} holds {SUIT_NAMES[led]}: a player must follow suit if he can")

    def _after(self, action: Action) -> State:
        seat = self.current_player
        history = self._history + (action,)
        if isinstance(action, Bid):
            return self._after_bid(seat, action.tricks, history)
        return self._after_play(seat, action.card, history)

    def _after_bid(self, seat: int, bid: int, history: tuple[Action, ...]) -> State:
        bids = tuple(bid if other == seat else made for other, made in enumerate(self.bids))
        said = [f"Player {seat} bids {bid}."]
        if None not in bids:
            total = sum(bids)
            how = "more than" if total > self.tricks else "fewer than"
            said.append(f"The bids total {total}, {how} the {count_of(self.tricks, 'trick')}. "
                        f"Player {self.leader}, left of the dealer, leads the first trick.")
        return self.derive(bids=bids, _history=history, log=self.log + tuple(said))

    def _after_play(self, seat: int, card: Card, history: tuple[Action, ...]) -> State:
        hands = tuple(tuple(held for held in hand if held != card) if other == seat else hand
                      for other, hand in enumerate(self.hands))
        trick = self.trick + ((seat, card),)
        said = [f"Player {seat} plays {_named(card)}."]
        if len(trick) < self.players:
            return self.derive(hands=hands, trick=trick, _history=history, log=self.log + tuple(said))
        winner = trick_winner(trick, self.trump)
        tricks_won = tuple(won + (other == winner) for other, won in enumerate(self.tricks_won))
        said.append(f"Player {winner} wins the trick with {_named(dict(trick)[winner])}"
                    + (" and leads." if any(hands) else "."))
        state = self.derive(hands=hands, trick=(), leader=winner, tricks_won=tricks_won,
                            finished_tricks=self.finished_tricks + ((winner, trick),), _history=history)
        if state.is_over:
            said.append("The hand is over. Scores: " + "; ".join(
                f"player {other} bid {bid}, won {won}: {count_of(score, 'point')}"
                for other, (bid, won, score) in enumerate(zip(state.bids, tricks_won, state.scores))) + ".")
        return state.derive(log=self.log + tuple(said))

    def _observe(self, seat: int) -> dict[str, Any]:
        """The seat's hand and the size of every hand; then what lies face up for all: the dealer, the
        number of tricks, the trump card (and its suit), the phase, the bids (None: not yet), the leader
        and the trick, the tricks won, every finished trick with its winner, the cards of tricks played
        before a scenario began, and how many cards lie undealt."""
        return {
            "hand": self.hands[seat],
            "hand_sizes": tuple(map(len, self.hands)),
            "dealer": self.dealer,
            "tricks": self.tricks,
            "trump_card": self.trump_card,
            "trump": self.trump,
            "phase": self.phase,
            "bids": self.bids,
            "leader": self.leader,
            "trick": self.trick,
            "tricks_won": self.tricks_won,
            "finished_tricks": self.finished_tricks,
            "played_before": self.played_before,
            "stock_size": len(self.stock),
        }

    def cards_in_game(self) -> Counter:
        """The cards of the deck: hands, the trump card, the undealt stock, the trick and every trick played."""
        cards = Counter(self.stock)
        cards[self.trump_card] += 1
        for hand in self.hands:
            cards.update(hand)
        cards.update(card for _, card in self.trick)
        for _, finished in self.finished_tricks:
            cards.update(card for _, card in finished)
        cards.update(self.played_before)
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The other players' hands and the undealt stock (everything played, and the trump card, is face up)."""
        seat = check_seat(seat, self.players)
        hidden = Counter(self.stock)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden.update(hand)
        return hidden


def _named(card: Card) -> str:
    """A card as the log names it: in words, with the code a learner types ("the king of spades (KS)")."""
    return f"{card.describe()} ({card})"


def dealt(setup: Setup, dealer: int, hands: tuple[tuple[Card, ...], ...], trump_card: Card,
          stock: tuple[Card, ...], log: tuple[str, ...]) -> State:
    """The first state of a hand just dealt: every hand sorted (:func:`~.cards.hand_order`), nobody has bid."""
    players = len(hands)
    return State(setup, dealer, len(hands[0]), trump_card, tuple(tuple(sorted(hand, key=hand_order)) for hand in hands),
                 (None,) * players, first_leader(dealer, players), tricks_won=(0,) * players, stock=stock, log=log)


def new_game(players: int, *, seed: int | None = None, **variant: Any) -> State:
    """A new hand for 3 to 7 players, dealt from the seed as OpenSpiel's chance deals it.

    The number of tricks is the option ``tricks``, or, when it is None (the default), drawn from the
    seed, each number from 1 to :func:`~.rules.max_tricks` equally likely; then the dealer, each seat
    equally likely. The shuffled deck (the options ``suits`` and ``cards_per_suit``: 4 of 13) is
    dealt one card at a time, player 0 first whoever deals (OpenSpiel: "dealer_ is ignored for
    dealing (player 0 always gets the first card)"), and the next card is turned up for trumps; the
    rest stay face down. Options ``points_per_trick`` (1), ``made_bid_bonus`` (10) and
    ``off_bid_penalty`` (False) change the scoring (:func:`~.rules.hand_score`), ``hook_rule``
    (True) the dealer's bid (:func:`~.rules.legal_bids`); every number is read through
    :func:`~.rules.rules_of`.

    >>> state = new_game(5, seed=8)
    >>> 1 <= state.tricks <= 10, [len(hand) for hand in state.hands] == [state.tricks] * 5
    (True, True)
    >>> new_game(4, seed=1, tricks=13)
    Traceback (most recent call last):
    ValueError: tricks (for 4 players) must be a whole number from 1 to 12, not 13
    """
    setup = game_spec(GAME).setup(players, seed, variant)
    players, seed = setup.players, setup.seed
    rules = rules_of(players, setup.variant)
    tricks = rules.tricks
    if tricks is None:
        tricks = seeded_random(seed, "tricks").randint(1, rules.most_tricks)
    dealer = seeded_random(seed, "dealer").randrange(players)
    cards = list(rules.deck)
    seeded_random(seed, "deal").shuffle(cards)
    dealt_cards = players * tricks
    hands = tuple(tuple(cards[seat:dealt_cards:players]) for seat in range(players))
    trump_card = cards[dealt_cards]
    opening = (f"Player {dealer} deals {count_of(tricks, 'card')} to each player and turns up {_named(trump_card)}: "
               f"{SUIT_NAMES[trump_card.suit]} are trumps. Bidding starts left of the dealer, with player "
               f"{first_leader(dealer, players)}.")
    return dealt(setup, dealer, hands, trump_card, tuple(cards[dealt_cards + 1:]), (opening,))
