"""Le Plateau (Raymond Gallardo, 2021): tarot tricks that place counters on a hex board.

A hand: deal, bidding, card exchange, picking a partner, raising the objective, card play and
the end of hand. Each trick won puts the winner's team counters on the trick's space and on the
spaces of the trumps and court cards in it; the declarer's team wins as soon as its counters make
the objective formation and loses as soon as the formation can no longer be made.

This module holds ``State``, a position over the phases of a hand, and ``new_game``; the moves
are in ``actions``, the rule functions and constants in ``rules``, positions written as text in
``scenario``.

>>> game = new_game(4, seed=3)
>>> game.phase, game.current_player, game.dealer
('bidding', 0, 3)
>>> game = game.apply("bid Exchange Y Duo")
>>> [str(action) for action in game.legal_actions()[:3]]
['pass', 'bid No Exchange Y Duo', 'bid Exchange Fork Duo']

Where the rulebook is silent the engine follows the rulings in docs/rulings.md, Le Plateau: the
first dealer is the last seat; a passed-out deal counts as one of the game's hands; the next hand
is dealt by its own ``deal`` action; the talon group set aside (4 players, full deck) gives the
opponents the spaces of its trumps too; a called card may be one the declarer discarded; a raise
may skip steps; the French-tarot Excuse needs all 78 cards; a random board is drawn once per
game; the 6-player talon is shared out starting left of the declarer (Exchange) or at forehand
(No Exchange).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from plateau_lab.core import DEAL, Deal, GameState, Play, Setup, cached, game_spec
from plateau_lab.hexboard import DECLARERS, OPPONENTS, Board, describe_token
from plateau_lab.hexboard import fast

from .actions import (ABDICATE, KEEP, Abdicate, Action, Call, Discard, Give, Keep, MakeBid, Pass, PickGroup, Raise,
                      parse_action)
from .bidding import DUO, OBJECTIVES, TRIO, Bid, check_bid_shape
from .cards import Card, sorted_cards
from .rules import (BIDDING, CALL, DISCARD, GAME, GIVE, HAND_OVER, HIDDEN, PASSED_OUT, PICK, PLAY, RAISE, HandResult,
                    Rules, _place, _replace_at, _sides_text, _who_must_make, callable_cards,
                    counters_for_trick, deal, fresh_hand, led_suit, legal_plays, make_rules, raise_order, trick_winner)
from .scoring import points_of

__all__ = ["State", "start_game", "new_game"]


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A position in a game of Le Plateau (several hands; the deal passes left).

    ``rules`` follows from ``setup`` (players, seed and options), so it does not count again
    when positions are compared.
    """

    GAME = GAME
    setup: Setup
    rules: Rules = field(compare=False)
    hand_number: int
    dealer: int
    totals: tuple[int, ...]
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[tuple[Card, ...], ...], ...]   # 2 players: each seat's five piles, bottom to top
    talon: tuple[Card, ...]
    board: Board
    masks: tuple[int, int]                          # counters of (declarers, opponents) as bitmasks
    covered: frozenset[tuple[int, int]]             # 2 players: piles uncovered this trick, still face down
    set_aside: tuple[Card, ...]                     # 4 players, full deck: the talon group not picked
    discards: tuple[Card, ...]
    auction: tuple[tuple[int, Bid | None], ...]
    to_bid: int
    declarer: int | None
    contract: Bid | None
    partners: tuple[int, ...]
    calls: tuple[Card, ...]
    raisers: tuple[int, ...]
    partner_raised: bool
    ex_declarer: int | None
    gifts: tuple[tuple[Card, int], ...]
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks_played: int
    taken: tuple[tuple[Card, ...], ...]
    last_trick: tuple[tuple[int, Card], ...]
    result: HandResult | None
    results: tuple[HandResult | None, ...] = ()
    _history: tuple[Action, ...] = field(default=(), compare=False)   # the moves applied: see GameState.history
    log: tuple[str, ...] = field(default=(), compare=False)

    # ---------------------------------------------------------------- protocol
    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def is_over(self) -> bool:
        return self.phase in (HAND_OVER, PASSED_OUT) and self.hand_number == self.rules.hands_in_game

    @cached
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == PLAY:
            return (self.leader + len(self.trick)) % self.players
        if phase == BIDDING:
            return self.to_bid
        if phase == RAISE:
            return self.raisers[0]
        if phase in (HAND_OVER, PASSED_OUT):
            return None if self.is_over else (self.dealer + 1) % self.players
        return self.declarer

    @cached
    def team(self) -> tuple[int, ...]:
        """The declarer's team (declarer first), as far as known."""
        return () if self.declarer is None else (self.declarer, *self.partners)

    @property
    def value(self) -> int | None:
        """The value of the current contract (after raises)."""
        return None if self.contract is None else self.rules.value(self.contract)

    @property
    def high_bid(self) -> tuple[int, Bid] | None:
        for seat, bid in reversed(self.auction):
            if bid is not None:
                return seat, bid
        return None

    @property
    def passed(self) -> frozenset[int]:
        return frozenset(seat for seat, bid in self.auction if bid is None)

    def team_of(self, seat: int) -> int:
        return DECLARERS if seat in self.team else OPPONENTS

    def playable(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` may choose from: the hand and, with 2 players, the face-up pile cards."""
        if self.players != 2:
            return self.hands[seat]
        return self.hands[seat] + tuple(pile[-1] for index, pile in enumerate(self.piles[seat])
                                        if pile and (seat, index) not in self.covered)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, in this order (part of the protocol: random bots and the fast playout rely on it).

        - card play: the cards that may be played in hand order (trumps from the Excuse down,
          then spades, hearts, clubs and diamonds, each high to low), with 2 players followed by
          the face-up pile cards from pile 0 to pile 4; with the French Excuse, the Excuse last;
        - bidding: ``pass``, then the bids worth more than the standing one (at least the
          minimum bid) by value, equal values in the bidding table's order (team column, then
          objective, Exchange before No Exchange);
        - discarding: the declarer's cards in hand order;
        - raising: ``keep``, the higher objectives from the smallest, then ``abdicate`` if allowed;
        - calling a partner: the callable cards in suit order (spades, hearts, clubs, diamonds);
        - giving (6 players): for each card in hand order, each other seat not yet given a card;
        - picking a talon group: group 1, group 2;
        - between hands: ``deal``.
        """
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[Action, ...]:
        phase, seat = self.phase, self.current_player
        if seat is None:
            return ()
        if phase == PLAY:
            return tuple(Play(card) for card in legal_plays(self.playable(seat), tuple(c for _, c in self.trick),
                                                             french_excuse=self.rules.french_excuse))
        if phase == BIDDING:
            high = self.high_bid
            return self.rules.bidding_actions(None if high is None else self.rules.value(high[1]))
        if phase == DISCARD:
            return tuple(Discard(card) for card in self.hands[seat])
        if phase == RAISE:
            higher = OBJECTIVES[OBJECTIVES.index(self.contract.objective) + 1:]
            actions = (KEEP,) + tuple(Raise(objective) for objective in higher)
            if self.may_abdicate:
                actions += (ABDICATE,)
            return actions
        if phase == CALL:
            return tuple(Call(card) for card in callable_cards(self.rules.deck_set, self.hands[seat], self.calls))
        if phase == GIVE:
            given_to = {to for _, to in self.gifts}
            return tuple(Give(card, to) for card in self.hands[seat] for to in range(self.players)
                         if to != seat and to not in given_to)
        if phase == PICK:
            return (PickGroup(1), PickGroup(2))
        return (DEAL,)

    @property
    def may_abdicate(self) -> bool:
        """Counter-sabotage (5 players): "Only if the declarer's partner increased the objective
        characteristic, the declarer may abdicate the role of declarer to their partner instead of
        increasing the objective characteristic." """
        return (self.players == 5 and self.rules.counter_sabotage and self.partner_raised
                and self.raisers == (self.declarer,) and self.ex_declarer is None)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, players=self.players)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        phase, seat = self.phase, self.current_player
        expected = {PLAY: Play, BIDDING: (MakeBid, Pass), DISCARD: Discard, RAISE: (Raise, Keep, Abdicate),
                    CALL: Call, GIVE: Give, PICK: PickGroup, HAND_OVER: Deal, PASSED_OUT: Deal}[phase]
        if not isinstance(action, expected):
            return "phases of a hand", f"it is the {phase} phase and player {seat} is to act"
        if isinstance(action, MakeBid):
            if shape := check_bid_shape(action.bid, self.players):
                return "teams", shape
            value = self.rules.value(action.bid)
            high = self.high_bid
            if high is None:
                return "minimum bids", f"{action.bid} is worth {value}, below the minimum bid"
            return "bidding", (f"{action.bid} is worth {value}; a bid must have a higher value than all "
                               f"previous bids ({high[1]} by player {high[0]}, worth {self.rules.value(high[1])})")
        if isinstance(action, Play):
            if action.card not in self.playable(seat):
                where = "in hand or face up on a pile" if self.players == 2 else "in hand"
                return "trick play", f"player {seat} does not hold {action.card} {where}"
            suit = led_suit(tuple(c for _, c in self.trick), french_excuse=self.rules.french_excuse)
            follow = [c for c in self.playable(seat) if c.suit == suit]
            if follow:
                return "follow suit", f"player {seat} holds cards of the led suit and must play one"
            return "trump when void", f"player {seat} cannot follow suit and must play a trump"
        if isinstance(action, (Discard, Give)) and action.card not in self.hands[seat]:
            return "card exchange", f"the declarer (player {seat}) does not hold {action.card}"
        if isinstance(action, Give):
            return "card exchange in a 6-player game", "give 1 card to 2 different players (not yourself)"
        if isinstance(action, Call):
            if action.card.is_trump:
                return "picking a partner", "the declarer announces a non-trump card"
            legal = ", ".join(str(c) for c in callable_cards(self.rules.deck_set, self.hands[seat], self.calls))
            return "picking a partner", (f"the declarer announces the highest non-trump card he does not hold "
                                         f"(and not called yet): {legal}")
        if isinstance(action, Abdicate):
            return "counter-sabotage rule", ("only with 5 players, and only the declarer after the partner "
                                             "increased the objective")
        return "increasing the objective", f"the objective is {self.contract.objective}; a raise must be higher"

    # ---------------------------------------------------------------- what a seat sees
    def _observe(self, seat: int) -> dict[str, Any]:
        """``seat``'s own hand; face-up pile cards, public bidding, board and tricks; other hands,
        face-down piles, the talon, the discards and won tricks only as counts or ``"hidden"``.

        Exceptions, each the rulebook's: the player who discarded sees his discards (after a
        5-player abdication that is the ex-declarer, not the new declarer); the two talon groups
        of the 4-player full-deck game are face up while the declarer picks one ("flips both
        groups of cards face up"); in a 6-player Exchange the declarer sees the cards he gave
        while their receivers hold them; "After the last trick, the declarer turns face up their
        discarded cards" (No Exchange: "turn face up the cards of the talon"), so a hand that
        ended after its last trick shows both to everyone.

        Keys after ``hand`` and ``hand_sizes``: ``piles`` (2 players: each seat's five piles,
        bottom to top, each card or ``"hidden"``), ``talon`` and ``discards`` (the cards, or how
        many), ``set_aside``, ``gifts`` ((card or ``"hidden"``, receiver) pairs), ``hand_number``,
        ``dealer``, ``phase``, ``auction`` ((seat, bid text or ``"pass"``) pairs), ``declarer``,
        ``contract``, ``value``, ``partners``, ``calls`` (how many cards were called), ``trick``,
        ``last_trick`` ((seat, card) pairs) and ``board``.
        """
        discarder = self.declarer if self.ex_declarer is None else self.ex_declarer
        revealed = self.face_up_after_the_last_trick
        return {
            "hand": self.hands[seat],
            "hand_sizes": tuple(len(hand) for hand in self.hands),
            "piles": tuple(tuple(self._pile_seen(owner, index) for index in range(len(seat_piles)))
                           for owner, seat_piles in enumerate(self.piles)),
            "talon": self.talon if revealed or self.phase == PICK else len(self.talon),
            "set_aside": self.set_aside,
            "discards": self.discards if revealed or seat == discarder else len(self.discards),
            "gifts": tuple((card if seat == self.declarer and card in self.hands[to] else HIDDEN, to)
                           for card, to in self.gifts),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "auction": tuple((bidder, str(bid) if bid else "pass") for bidder, bid in self.auction),
            "declarer": self.declarer,
            "contract": self.contract,
            "value": self.value,
            "partners": self.partners,
            "calls": len(self.calls),
            "trick": self.trick,
            "last_trick": self.last_trick,
            "board": self.board,
        }

    @property
    def face_up_after_the_last_trick(self) -> bool:
        """Whether the discards (or the talon) lie face up: a hand that ended after its last trick."""
        return self.phase == HAND_OVER and self.tricks_played == self.rules.tricks

    def _pile_seen(self, owner: int, index: int) -> tuple[Card | str, ...]:
        """A 2-player pile as everyone sees it, bottom to top: only an uncovered top card is face up
        ("you flip it face up after you've determined who won the trick")."""
        pile = self.piles[owner][index]
        if not pile:
            return ()
        face_up = (owner, index) not in self.covered
        return (HIDDEN,) * (len(pile) - face_up) + ((pile[-1],) if face_up else ())

    def cards_in_game(self) -> Counter:
        """Every card where it lies: the hands, the 2-player piles, the talon, the group set aside,
        the discards, the trick on the table and the tricks won (the deck for this player count,
        when nothing is lost or made up)."""
        cards = Counter(self.talon) + Counter(self.set_aside) + Counter(self.discards)
        cards.update(card for _, card in self.trick)
        for hand in self.hands:
            cards.update(hand)
        for pile in (pile for seat_piles in self.piles for pile in seat_piles):
            cards.update(pile)
        for won in self.taken:
            cards.update(won)
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The cards ``seat`` may not see now: the other hands (but the cards he gave that their
        receivers still hold), face-down pile cards, the talon and discards unless face up, and the
        cards of the tricks won before the last one."""
        hidden = Counter()
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden.update(hand)
        if seat == self.declarer:
            hidden.subtract(card for card, to in self.gifts if card in self.hands[to])
        for owner, seat_piles in enumerate(self.piles):
            for index, pile in enumerate(seat_piles):
                face_up = pile and (owner, index) not in self.covered
                hidden.update(pile[:-1] if face_up else pile)
        revealed = self.face_up_after_the_last_trick
        if not (revealed or self.phase == PICK):
            hidden.update(self.talon)
        discarder = self.declarer if self.ex_declarer is None else self.ex_declarer
        if not (revealed or seat == discarder):
            hidden.update(self.discards)
        for won in self.taken:
            hidden.update(won)
        hidden.subtract(card for _, card in self.last_trick)
        return +hidden

    # ---------------------------------------------------------------- moves
    def _after(self, action: Action) -> State:
        seat = self.current_player
        state = self.derive(_history=self._history + (action,))
        if isinstance(action, Play):
            return state._play(seat, action.card)
        if isinstance(action, (MakeBid, Pass)):
            return state._bid(seat, action)
        if isinstance(action, Discard):
            return state._discard(action.card)
        if isinstance(action, (Raise, Keep, Abdicate)):
            return state._raise(seat, action)
        if isinstance(action, Call):
            return state._call(action.card)
        if isinstance(action, Give):
            return state._give(action)
        if isinstance(action, PickGroup):
            return state._pick(action.group)
        return state._next_deal()

    def _say(self, *lines: str, **changes) -> State:
        return self.derive(log=self.log + lines, **changes)
    # -- bidding
    def _bid(self, seat: int, action: MakeBid | Pass) -> State:
        """"each player either makes a bid that has a higher value than all previous bids or passes";
        "The bidding phase ends when all players but one have passed"; "If all players pass, then
        the next dealer in turn starts a new hand." """
        bid = action.bid if isinstance(action, MakeBid) else None
        said = (f"Player {seat} bids {bid} (value {self.rules.value(bid)})." if bid
                else f"Player {seat} passes.")
        state = self._say(said, auction=self.auction + ((seat, bid),))
        passed, high = state.passed, state.high_bid
        if len(passed) == self.players:
            return state._say(f"Everybody passed: nobody declares. The next dealer, player "
                              f"{(self.dealer + 1) % self.players}, deals a new hand.",
                              phase=PASSED_OUT, results=self.results + (None,))
        if high is not None and len(passed) == self.players - 1:
            declarer, bid = high
            state = state._say(f"Bidding ends: player {declarer} is the declarer with {bid}, "
                               f"value {self.rules.value(bid)}.", declarer=declarer, contract=bid)
            return state._start_exchange()
        following = next((seat + step) % self.players for step in range(1, self.players + 1)
                         if (seat + step) % self.players not in passed)
        return state.derive(to_bid=following)

    # -- card exchange
    def _start_exchange(self) -> State:
        """"3. Card exchange": Exchange takes the talon (then discard), No Exchange leaves it aside;
        6 players and 4 players with the full deck have their own procedures."""
        declarer, rules = self.declarer, self.rules
        hands = list(self.hands)
        if rules.players == 6:
            if self.contract.exchange:
                hands[declarer] = sorted_cards(hands[declarer] + self.talon[:3])
                return self._say(f"Exchange: player {declarer} takes 3 cards of the talon and will give 1 card "
                                 "face down to 2 different players.", hands=tuple(hands), talon=self.talon[3:],
                                 phase=GIVE)
            order = [(self.dealer + step) % 6 for step in range(1, 7)]
            for seat, card in zip(order, self.talon):
                hands[seat] = sorted_cards(hands[seat] + (card,))
            state = self._say(f"No Exchange: the dealer, player {self.dealer}, deals the talon so that every "
                              "player holds 13 cards.", hands=tuple(hands), talon=())
            return state._start_partner()
        if not self.contract.exchange:
            return self._say("No Exchange: the talon stays face down until the end of the hand.")._start_partner()
        if rules.split_talon:
            first, second = self.talon[:3], self.talon[3:]
            return self._say(f"Exchange: player {declarer} splits the talon in two groups and turns them face "
                             f"up: group 1 {' '.join(map(str, first))}, group 2 {' '.join(map(str, second))}.",
                             phase=PICK)
        hands[declarer] = sorted_cards(hands[declarer] + self.talon)
        return self._say(f"Exchange: player {declarer} takes the talon ({len(self.talon)} cards) and must discard "
                         f"{len(self.talon)} cards face down.", hands=tuple(hands), talon=(), phase=DISCARD)

    def _pick(self, group: int) -> State:
        """"The declarer divides the talon in two groups of three ... picks one group with which to
        exchange cards. Place an opposing team's counter on each card space that corresponds to a
        card in the card group that the declarer didn't pick." """
        picked = self.talon[:3] if group == 1 else self.talon[3:]
        other = self.talon[3:] if group == 1 else self.talon[:3]
        board, masks = self.board, self.masks
        spaces = []
        for card in other:
            cell = self.rules.cell_of_token.get(card.token) if card.token else None
            if cell is not None:
                board, masks = _place(board, masks, cell, OPPONENTS)
                spaces.append(describe_token(self.rules.layout[cell]))
        hands = list(self.hands)
        hands[self.declarer] = sorted_cards(hands[self.declarer] + picked)
        counted = (f"the opponents place counters on {', '.join(spaces)}" if spaces
                   else "none of its cards has a space on the board")
        return self._say(f"Player {self.declarer} picks group {group}; group {3 - group} is set aside and "
                         f"{counted}. Now discard 3 cards.", hands=tuple(hands), talon=(), set_aside=other,
                         board=board, masks=masks, phase=DISCARD)

    def _discard(self, card: Card) -> State:
        """"The declarer then discards 3 cards face down" (2 players: "discards 2 cards face-down
        from their 8-card hand")."""
        hands = list(self.hands)
        hands[self.declarer] = tuple(c for c in hands[self.declarer] if c != card)
        state = self.derive(hands=tuple(hands), discards=self.discards + (card,))
        if len(hands[self.declarer]) > self.rules.hand_size:
            return state
        return state._say(f"Player {self.declarer} has discarded {len(state.discards)} cards face down.")._start_partner()

    def _give(self, action: Give) -> State:
        """6 players: "The declarer then gives 1 card, face down, to 2 different players. Afterwards,
        the declarer deals the remaining 3 cards of the talon to the players who still have 12-card
        hands." """
        hands = list(self.hands)
        hands[self.declarer] = tuple(c for c in hands[self.declarer] if c != action.card)
        hands[action.to] = sorted_cards(hands[action.to] + (action.card,))
        state = self._say(f"Player {self.declarer} gives a card face down to player {action.to}.",
                          hands=tuple(hands), gifts=self.gifts + ((action.card, action.to),))
        if len(state.gifts) < 2:
            return state
        short = [(self.declarer + step) % 6 for step in range(1, 6)]
        short = [seat for seat in short if len(hands[seat]) == self.rules.hand_size]
        for seat, card in zip(short, self.talon):
            hands[seat] = sorted_cards(hands[seat] + (card,))
        return state._say(f"Player {self.declarer} deals the rest of the talon to players "
                          f"{', '.join(map(str, short))}: everyone holds 13 cards.",
                          hands=tuple(hands), talon=())._start_partner()

    # -- partner
    def _start_partner(self) -> State:
        """"If the declarer's winning bid contained the characteristic Duo or Trio, then they pick a
        random partner"; otherwise straight to increasing the objective."""
        if self.contract.team in (DUO, TRIO):
            return self.derive(phase=CALL)
        return self._start_raise()

    def _call(self, card: Card) -> State:
        """"The player who holds that card announces the fact and becomes part of the declarer's
        team. If no one holds the card ... the declarer repeats this process"; with a Trio, "until
        they find a partner that hasn't already been chosen"."""
        holder = next((seat for seat, hand in enumerate(self.hands) if card in hand), None)
        calls = self.calls + (card,)
        if holder is None:
            return self._say(f"Player {self.declarer} calls {card.describe()} ({card}): nobody holds it, so the "
                             "declarer calls again.", calls=calls)
        if holder in self.partners:
            return self._say(f"Player {self.declarer} calls {card.describe()} ({card}): player {holder} is "
                             "already a partner, so the declarer calls again.", calls=calls)
        partners = self.partners + (holder,)
        state = self._say(f"Player {self.declarer} calls {card.describe()} ({card}): player {holder} holds it "
                          "and joins the declarer's team.", calls=calls, partners=partners)
        if len(partners) + 1 < self.contract.team_size:
            return state
        return state._start_raise()

    # -- raising
    def _start_raise(self) -> State:
        return self.derive(phase=RAISE, raisers=raise_order(self.declarer, self.partners, self.players))

    def _raise(self, seat: int, action: Raise | Keep | Abdicate) -> State:
        """"The declarer's partner has one chance to increase the winning bid's objective
        characteristic, thereby increasing the bid's value. Afterwards, the declarer has one chance"."""
        state = self.derive(raisers=self.raisers[1:])
        if isinstance(action, Raise):
            contract = self.contract.raised_to(action.objective)
            state = state._say(f"Player {seat} raises the objective to {action.objective}: the bid is now "
                               f"{contract}, value {self.rules.value(contract)}.", contract=contract,
                               partner_raised=self.partner_raised or seat != self.declarer)
        elif isinstance(action, Keep):
            state = state._say(f"Player {seat} keeps the objective at {self.contract.objective}.")
        else:
            new = self.partners[0]
            state = state._say(f"Counter-sabotage: player {seat} abdicates; player {new} becomes the declarer "
                               f"and player {seat} plays as the partner.",
                               declarer=new, partners=(seat,), ex_declarer=seat)
        if state.raisers:
            return state
        first = (self.dealer + 1) % self.players
        return state._say(f"Card play: {_who_must_make(state.team, state.contract.objective)}. "
                          f"Forehand, player {first}, leads the first trick.",
                          phase=PLAY, leader=first)

    # -- card play
    def _play(self, seat: int, card: Card) -> State:
        hands, piles, covered = self.hands, self.piles, self.covered
        if card in hands[seat]:
            hands = _replace_at(hands, seat, tuple(c for c in hands[seat] if c != card))
        else:
            index = next(i for i, pile in enumerate(piles[seat]) if pile and pile[-1] == card)
            rest = piles[seat][index][:-1]
            piles = _replace_at(piles, seat, _replace_at(piles[seat], index, rest))
            if rest:
                covered = covered | {(seat, index)}
        trick = self.trick + ((seat, card),)
        state = self.derive(hands=hands, piles=piles, covered=covered, trick=trick)
        if len(trick) < self.players:
            return state
        return state._finish_trick()

    def _finish_trick(self) -> State:
        """Determine the winner, place the counters, then check whether the hand is over."""
        rules = self.rules
        number = self.tricks_played + 1
        winner = trick_winner(self.trick, french_excuse=rules.french_excuse)
        winner_team = self.team_of(winner)
        board, masks = self.board, self.masks
        spaces = []
        for cell, team in counters_for_trick(rules, number, self.trick, winner_team, self.team_of):
            board, masks = _place(board, masks, cell, team)
            spaces.append(f"{describe_token(rules.layout[cell])}"
                          f"{'' if team == winner_team else ' (the Excuse, for its team)'}")
        cards = ", ".join(card.describe() for _, card in self.trick)
        side = "declarers" if winner_team == DECLARERS else "opponents"
        line = (f"Trick {number}: {cards}; player {winner} wins for the {side}"
                + (f" and places counters on {', '.join(spaces)}." if spaces else "; no space on the board."))
        taken = _replace_at(self.taken, winner, self.taken[winner] + tuple(card for _, card in self.trick))
        state = self._say(line, board=board, masks=masks, trick=(), last_trick=self.trick, covered=frozenset(),
                          tricks_played=number, leader=winner, taken=taken)
        return state._check_end()

    def _check_end(self) -> State:
        """"The hand ends once the declarer's team wins or loses": it wins as soon as it holds its
        objective; it loses as soon as the objective cannot be formed on the spaces the opponents do
        not hold. After the last trick every unoccupied space goes to the opponents ("The opposing
        team places their counters on the remaining unoccupied spaces") and the full board decides."""
        objective = self.contract.objective
        state, last = self, self.tricks_played == self.rules.tricks
        filled = ""
        if last:
            board, masks = self.board, self.masks
            free = [cell for cell in self.rules.layout if cell not in board.counters]
            for cell in free:
                board, masks = _place(board, masks, cell, OPPONENTS)
            hidden = self.discards or self.talon or self.set_aside
            shown = f" ({' '.join(map(str, sorted_cards(hidden)))} turned face up)" if hidden else ""
            spaces = "the last unoccupied space" if len(free) == 1 else f"the {len(free)} unoccupied spaces"
            filled = f" After the last trick{shown} the opponents take {spaces}." if free else ""
            state = self.derive(board=board, masks=masks)
        declarers, opponents = state.masks
        if fast.holds(declarers, objective):
            reason = (f"the declarers' counters make a {objective} (a group touching sides "
                      f"{_sides_text(fast.held_group(declarers, objective))}).")
            return state._end_hand(True, filled.strip() + (" " if filled else "") + "The declarer's team wins: " + reason)
        if not fast.possible(declarers, opponents, objective):
            reason = f"the opponents' counters leave no way to make a {objective}."
            return state._end_hand(False, filled.strip() + (" " if filled else "") + "The declarer's team loses: " + reason)
        return state

    def _end_hand(self, won: bool, reason: str) -> State:
        """Score the hand by the rulebook's table and record the result."""
        rules = self.rules
        value = self.rules.value(self.contract)
        points = points_of(rules, declarer=self.declarer, partners=self.partners, value=value, won=won)
        totals = tuple(total + gain for total, gain in zip(self.totals, points))
        result = HandResult(self.hand_number, self.declarer, self.partners, self.ex_declarer, self.contract, value,
                            won, reason, self.board, points)
        after = "" if self.hand_number == rules.hands_in_game else (
            f" Player {(self.dealer + 1) % self.players} deals the next hand.")
        return self._say(f"Hand {self.hand_number} ends after trick {self.tricks_played}. {reason}",
                         f"Points: {', '.join(f'{p:+d}' for p in points)}; scores: "
                         f"{', '.join(map(str, totals))}.{after}",
                         phase=HAND_OVER, totals=totals, result=result, results=self.results + (result,))

    def _next_deal(self) -> State:
        """"The player to the dealer's left is the dealer of the next hand." """
        number = self.hand_number + 1
        hands, piles, talon = deal(self.rules, self.setup.seed, number)
        line, fresh = fresh_hand(self.rules, hand_number=number, dealer=(self.dealer + 1) % self.players,
                                 hands=hands, piles=piles, talon=talon)
        return self._say(line, **fresh)


def start_game(setup: Setup, rules: Rules, *, dealer: int, hands, piles, talon, say: str = "") -> State:
    """The game's first hand, dealt as given; ``say`` starts its log line."""
    line, fresh = fresh_hand(rules, hand_number=1, dealer=dealer, hands=hands, piles=piles, talon=talon)
    return State(setup=setup, rules=rules, totals=(0,) * rules.players, log=(say + line,), **fresh)


def new_game(players: int, *, seed: int | None = None, **variant) -> State:
    """A new game of Le Plateau for 2 to 6 players, the first hand dealt.

    Options (see ``SPEC.options``): ``hands`` (a multiple of the players, at most 10 deals each;
    default one deal each), ``full_deck``, ``french_excuse``, ``board`` ("official", "random" or a
    layout text such as ``layout_text(...)``; default official, random with the full deck),
    ``positive_only``, ``counter_sabotage`` (5 players; default on unless ``positive_only``).

    >>> new_game(4, seed=1, positive_only="no")
    Traceback (most recent call last):
    TypeError: positive_only must be true or false, not 'no' (a str)
    """
    setup = game_spec(GAME).setup(players, seed, variant)
    rules = make_rules(setup)
    hands, piles, talon = deal(rules, setup.seed, 1)
    return start_game(setup, rules, dealer=rules.first_dealer, hands=hands, piles=piles, talon=talon)
