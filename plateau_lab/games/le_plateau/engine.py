"""Le Plateau (Raymond Gallardo, 2021): tarot tricks that place counters on a hex board.

A hand: deal, bidding, card exchange, picking a partner, raising the objective, card play and
the end of hand. Each trick won puts the winner's team counters on the trick's space and on the
spaces of the trumps and court cards in it; the declarer's team wins as soon as its counters make
the objective formation and loses as soon as the formation can no longer be made.

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
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from plateau_lab.core import (
    DEAL,
    Deal,
    GameState,
    ParseError,
    Play,
    Setup,
    allows,
    count_of,
    game_spec,
    parse_cards,
    parse_play,
    parse_seat,
    parse_whole,
    scenario_fields,
    seeded_random,
)
from plateau_lab.hexboard import (
    DECLARERS,
    OPPONENTS,
    Board,
    Cell,
    Formation,
    blockers,
    formation_held,
    official_layout,
    parse_layout,
    random_layout,
    token_kind,
)
from plateau_lab.hexboard import fast

from .bidding import (
    DUO,
    MINIMUM_BID_TEXT,
    OBJECTIVES,
    SOLO,
    TRIO,
    Bid,
    bid_value,
    check_bid_shape,
    legal_bids,
    minimum_value,
    parse_bid,
    parse_objective,
)
from .cards import SUITS, Card, deck_for, parse_card, sorted_cards
from .scoring import hand_points

GAME = "le_plateau"

# ------------------------------------------------------------------ phases

BIDDING = "bidding"
PICK = "pick a talon group"
DISCARD = "discard"
GIVE = "give"
CALL = "call a partner"
RAISE = "raise the objective"
PLAY = "play"
HAND_OVER = "hand over"
PASSED_OUT = "passed out"

TWO_PLAYER_PILES = 5
TWO_PLAYER_HAND = 6
#: "Decide how many hands you want to play": at most this many deals per player (a game must end).
MAX_DEALS_PER_PLAYER = 10
#: What an observation shows instead of a card its seat may not see.
HIDDEN = "hidden"
#: The suit cards of each rank (14: the kings, …), in suit order: the candidates of a partner call.
SUIT_CARDS_OF_RANK = {rank: tuple(Card(suit, rank) for suit in SUITS) for rank in range(1, 15)}


# ------------------------------------------------------------------ actions
# ``play CARD`` is core's Play (with 2 players the card may lie face up on a pile: the engine
# finds it) and ``deal`` is core's Deal.


@dataclass(frozen=True, slots=True)
class MakeBid:
    """"Make a bid that has a higher value than all previous bids"."""

    bid: Bid

    def __str__(self) -> str:
        return f"bid {self.bid}"


@dataclass(frozen=True, slots=True)
class Pass:
    """"Once a player passes, that player can't bid again.\""""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PickGroup:
    """4 players with the full deck: the declarer picks talon group 1 or 2 to exchange with."""

    group: int

    def __post_init__(self):
        if type(self.group) is not int:
            raise TypeError(f"PickGroup(group) takes the group number 1 or 2, not {self.group!r:.40}")

    def __str__(self) -> str:
        return f"pick group {self.group}"


@dataclass(frozen=True, slots=True)
class Discard:
    """The declarer discards one card face down (3 in all; 2 with 2 players)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Give:
    """6 players, Exchange: the declarer "gives 1 card, face down, to 2 different players"."""

    card: Card
    to: int

    def __post_init__(self):
        if type(self.to) is not int:
            raise TypeError(f"Give(card, to) takes a seat number as to, not {self.to!r:.40}")

    def __str__(self) -> str:
        return f"give {self.card} to {self.to}"


@dataclass(frozen=True, slots=True)
class Call:
    """The declarer announces a card to find a partner: the holder joins the declarer's team."""

    card: Card

    def __str__(self) -> str:
        return f"call {self.card}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Increase the objective characteristic of the winning bid (once per player)."""

    objective: Formation

    def __str__(self) -> str:
        return f"raise to {self.objective}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Decline the chance to increase the objective."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Abdicate:
    """5 players: after the partner raised, the declarer hands the role of declarer to the partner."""

    def __str__(self) -> str:
        return "abdicate"


Action = MakeBid | Pass | PickGroup | Discard | Give | Call | Raise | Keep | Abdicate | Play | Deal
PASS, KEEP, ABDICATE = Pass(), Keep(), Abdicate()

_ACTION_FORMS = ("pass", "keep", "abdicate", "deal", "bid <bid>", "pick group 1|2", "discard <card>",
                 "give <card> to <seat>", "call <card>", "raise to <objective>", "play <card>")
_SIMPLE = {"pass": PASS, "keep": KEEP, "abdicate": ABDICATE, "deal": DEAL}


def parse_action(text: str, *, players: int | None = None, where: str = "action") -> Action:
    """Read an action's text back (case and spacing ignored): ``"bid Exchange Y Duo"``, ``"pass"``,
    ``"pick group 2"``, ``"discard 7H"``, ``"give RS to 3"``, ``"call RH"``, ``"raise to Fork"``,
    ``"keep"``, ``"abdicate"``, ``"play 21"``, ``"deal"``. With ``players``, a seat is checked to be
    one of theirs.

    >>> parse_action("  GIVE rs TO 3 ")
    Give(card=Card('RS'), to=3)
    >>> parse_action("give RS to ²")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: the seat must be written in digits 0-9, got '²'
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is read from text, not from a {type(text).__name__}")
    words = text.split()
    verb = words[0].casefold() if words else ""
    if len(words) == 1 and verb in _SIMPLE:
        return _SIMPLE[verb]
    second = words[1].casefold() if len(words) > 1 else ""
    if verb == "bid" and len(words) > 1:
        return MakeBid(parse_bid(" ".join(words[1:]), where=where))
    if verb == "pick" and second == "group" and len(words) == 3:
        return PickGroup(parse_whole(words[2], where=where, low=1, high=2, name="the talon group"))
    if verb == "give" and len(words) == 4 and words[2].casefold() == "to":
        seat = (parse_whole(words[3], where=where, name="the seat") if players is None
                else parse_seat(words[3], players, where=where))
        return Give(parse_card(words[1], where=where), seat)
    if verb == "raise" and second == "to" and len(words) > 2:
        return Raise(parse_objective(" ".join(words[2:]), where=where))
    if verb in ("discard", "call") and len(words) == 2:
        return (Discard if verb == "discard" else Call)(parse_card(words[1], where=where))
    if verb == "play" and len(words) == 2:
        return parse_play(" ".join(words), parse_card, where=where)
    shown = " ".join(words[:4])[:40] + (" …" if len(words) > 4 or len(" ".join(words[:4])) > 40 else "")
    raise ParseError(f"cannot read {shown!r}: expected one of {', '.join(_ACTION_FORMS)}", where=where)


# ------------------------------------------------------------------ the table of a game


@dataclass(frozen=True)
class Rules:
    """What a game's player count and options fix once: deck, deal sizes, board, scoring options."""

    players: int
    deck: tuple[Card, ...]
    hand_size: int              # cards dealt into each hand (2 players: the 6-card hand)
    talon_size: int
    tricks: int
    layout: Mapping[Cell, str]
    hands_in_game: int
    first_dealer: int
    full_deck: bool = False
    french_excuse: bool = False
    positive_only: bool = False
    counter_sabotage: bool = True
    board_kind: str = "official"

    @cached_property
    def cell_of_token(self) -> dict[str, Cell]:
        return {token: cell for cell, token in self.layout.items()}

    @cached_property
    def deck_set(self) -> frozenset[Card]:
        return frozenset(self.deck)

    @cached_property
    def empty_board(self) -> Board:
        """The board at the start of every hand: "Move all counters off the board"."""
        return Board(self.layout)

    @property
    def split_talon(self) -> bool:
        """"Card exchange in a 4-player game" (full deck): the talon of 6 in two groups of three."""
        return self.players == 4 and self.full_deck


#: Cards per hand and talon size: "Three to five players: a hand of 13 cards ... 3 cards remaining
#: form the talon"; "Six players: a hand of 12 cards ... The 6 cards remaining"; full deck: 3 players
#: 17 + 3, 4 players 18 + 6, 5 players 15 + 3. Two players: five 2-card piles + a 6-card hand, talon 2.
DEAL_SIZES = {2: (TWO_PLAYER_HAND, 2), 3: (13, 3), 4: (13, 3), 5: (13, 3), 6: (12, 6)}
FULL_DECK_DEAL_SIZES = {3: (17, 3), 4: (18, 6), 5: (15, 3)}


def check_board(board: str) -> str:
    """The ``board`` option: ``"official"``, ``"random"`` or a layout text that
    :func:`plateau_lab.hexboard.parse_layout` reads (a ParseError says where it is wrong).

    >>> check_board("A6(-3,0) nonsense")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    plateau_lab.core.ParseError: board option, entry 2 ...
    """
    if board not in ("official", "random"):
        _read_layout(board, players=None)
    return board


def _read_layout(text: str, *, players: int | None) -> dict[Cell, str]:
    try:
        return parse_layout(text, players=players)
    except ParseError as err:
        raise ParseError(err.what, where=f"board option, {err.where}") from None


def make_rules(setup: Setup) -> Rules:
    """Fix the deck, deal sizes, number of tricks and the board layout of a checked set-up
    (``Setup.variant`` holds every option), and check what the options allow together."""
    players, options = setup.players, setup.variant
    full_deck = options["full_deck"]
    if full_deck and players not in FULL_DECK_DEAL_SIZES:
        raise ValueError(f"the full-deck variant is for 3, 4 or 5 players, not {players}")
    deck = deck_for(players, full_deck=full_deck)
    hand_size, talon_size = (FULL_DECK_DEAL_SIZES if full_deck else DEAL_SIZES)[players]
    tricks = (len(deck) - (talon_size if players != 6 else 0)) // players
    hands = players if options["hands"] is None else options["hands"]
    if hands % players or hands > MAX_DEALS_PER_PLAYER * players:
        raise ValueError(f"the number of hands must be a positive multiple of {players} (\"so that everyone gets "
                         f"to deal an equal number of times\"), at most {MAX_DEALS_PER_PLAYER * players} "
                         f"({MAX_DEALS_PER_PLAYER} deals each), not {hands}")
    if options["french_excuse"] and len(deck) != 78:
        raise ValueError("the French-tarot Excuse is a variant \"if you're playing with all 78 cards\": "
                         "6 players, or 4 and 5 players with full_deck=True")
    board = options["board"] if options["board"] is not None else ("random" if full_deck else "official")
    if board == "official":
        if full_deck:
            raise ValueError("the official board has trick spaces 1 to 13 only; the full-deck variant needs "
                             "board='random' or a custom layout")
        layout = official_layout(players)
    elif board == "random":
        layout = random_layout(seed=setup.seed, tricks=tricks)
    else:
        layout = _read_layout(board, players=players)
    counter_sabotage = options["counter_sabotage"]
    if counter_sabotage is None:
        counter_sabotage = not options["positive_only"]
    return Rules(players, deck, hand_size, talon_size, tricks, layout, hands, players - 1,
                 full_deck, options["french_excuse"], options["positive_only"], counter_sabotage,
                 board if board in ("official", "random") else "custom")


# ------------------------------------------------------------------ the rules, one function each


def deal(rules: Rules, seed: int, hand_number: int):
    """Shuffle and deal: (hands, piles, talon).

    "Two players: The dealer deals 5 face-down piles of 2 cards each to each player. The dealer
    deals a hand of 6 cards to each player. The 2 cards remaining form the talon."
    "Three to five players: ... a hand of 13 cards to each player. The 3 cards remaining form the
    talon." "Six players: ... a hand of 12 cards ... The 6 cards remaining form the talon."
    """
    cards = list(rules.deck)
    seeded_random(seed, "deal", hand_number).shuffle(cards)
    return split_deal(rules, cards)


def split_deal(rules: Rules, cards: list[Card]):
    """Cut a shuffled deck into (hands, piles, talon); with 2 players each pile is (bottom, top)."""
    players, size = rules.players, rules.hand_size
    piles: tuple = ()
    if players == 2:
        pile_cards = 2 * TWO_PLAYER_PILES
        piles = tuple(tuple(tuple(cards[seat * pile_cards + 2 * i: seat * pile_cards + 2 * i + 2])
                            for i in range(TWO_PLAYER_PILES)) for seat in range(players))
        cards = cards[players * pile_cards:]
    hands = tuple(sorted_cards(cards[seat * size:(seat + 1) * size]) for seat in range(players))
    return hands, piles, tuple(cards[players * size:])


def led_suit(cards: tuple[Card, ...], *, french_excuse: bool) -> str | None:
    """The suit to follow: that of the led card. With the French Excuse, "If you lead a trick with
    the excuse, then the next player may play a card of any suit. The suit of this card determines
    the suit that other players must follow." None when anything may be played."""
    for card in cards:
        if not (french_excuse and card.is_excuse):
            return card.suit
    return None


def legal_plays(cards: tuple[Card, ...], trick: tuple[Card, ...], *, french_excuse: bool = False) -> tuple[Card, ...]:
    """The cards that may be played from ``cards`` to the trick so far.

    "You must follow suit ... If you can't follow suit ... you must play a trump card. If you don't
    hold any trump cards, you may play a card of any other suit." No obligation to overtrump; the
    Excuse is a trump (the highest). French Excuse: "you may play it to any trick".
    """
    suit = led_suit(trick, french_excuse=french_excuse)
    if suit is None:
        return cards
    excuse = tuple(card for card in cards if french_excuse and card.is_excuse)
    others = tuple(card for card in cards if not (french_excuse and card.is_excuse))
    following = tuple(card for card in others if card.suit == suit)
    if not following:
        following = tuple(card for card in others if card.is_trump)
    return (following or others) + excuse


def trick_winner(trick: tuple[tuple[int, Card], ...], *, french_excuse: bool = False) -> int:
    """The seat that wins the trick: "The player who played the highest trump card wins the trick;
    otherwise, the highest card of the led card's suit wins the trick." The Excuse is the highest
    trump; with the French Excuse, "You can never win a trick by playing the excuse"."""
    counting = [(seat, card) for seat, card in trick if not (french_excuse and card.is_excuse)]
    trumps = [(card.rank, seat) for seat, card in counting if card.is_trump]
    if trumps:
        return max(trumps)[1]
    suit = led_suit(tuple(card for _, card in trick), french_excuse=french_excuse)
    return max((card.rank, seat) for seat, card in counting if card.suit == suit)[1]


def callable_cards(deck: tuple[Card, ...], held: tuple[Card, ...], called: tuple[Card, ...]) -> tuple[Card, ...]:
    """"announcing the highest non-trump card they don't hold": kings, then queens, knights, jacks,
    10, …; when several suits qualify he chooses the suit; cards already called are not called
    again (docs/rulings.md, Le Plateau)."""
    for rank in range(14, 0, -1):
        candidates = tuple(card for card in SUIT_CARDS_OF_RANK[rank]
                           if card in deck and card not in held and card not in called)
        if candidates:
            return candidates
    return ()


def raise_order(declarer: int, partners: tuple[int, ...], players: int) -> tuple[int, ...]:
    """"The declarer's partner has one chance to increase ... Afterwards, the declarer"; with a Trio
    "the partner closest to the declarer's left has the first chance ..., followed by the other
    partner, then finally the declarer." """
    return tuple(sorted(partners, key=lambda seat: (seat - declarer) % players)) + (declarer,)


def counters_for_trick(rules: Rules, number: int, trick: tuple[tuple[int, Card], ...], winner_team: int,
                       team_of_seat) -> tuple[tuple[Cell, int], ...]:
    """The (space, team) counters a won trick puts on the board.

    "The trick winner places one of their team's counters on the space corresponding to the trick.
    If there are any card spaces that correspond to any of the cards in the won trick, then the trick
    winner places one of their team's counters on each corresponding card space" (trump spaces
    likewise). French Excuse: "Irrespective of who wins the trick, if you played the excuse, you
    play your team's counter on the card space with the star."
    """
    placed = []
    cell = rules.cell_of_token.get(f"T{number}")
    if cell is not None:
        placed.append((cell, winner_team))
    for seat, card in trick:
        token = card.token
        cell = rules.cell_of_token.get(token) if token else None
        if cell is not None:
            team = team_of_seat(seat) if rules.french_excuse and card.is_excuse else winner_team
            placed.append((cell, team))
    return tuple(placed)


# ------------------------------------------------------------------ the state


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: who declared what, won or lost, why, and the points."""

    number: int
    declarer: int
    partners: tuple[int, ...]
    ex_declarer: int | None
    bid: Bid
    value: int
    won: bool
    reason: str
    board: Board
    points: tuple[int, ...]

    def highlight(self) -> frozenset[Cell]:
        """The deciding group (a win) or the blocking wall of opponents' counters (a loss)."""
        if self.won:
            return formation_held(self.board, DECLARERS, self.bid.objective).group
        return blockers(self.board, DECLARERS, self.bid.objective)


@lru_cache(maxsize=None)
def bidding_actions(players: int, above: int | None) -> tuple[Action, ...]:
    """``pass``, then every bid worth more than ``above`` (None: at least the minimum bid)."""
    return (PASS,) + tuple(MakeBid(bid) for bid in legal_bids(players, above=above))


def _who_must_make(team: tuple[int, ...], objective: str) -> str:
    """Who must make the objective, in words for the log.

    >>> _who_must_make((1,), "Y")
    'player 1 plays alone and needs a Y'
    >>> _who_must_make((3, 2), "Fork")
    "the declarer's team, players 3 and 2, needs a Fork"
    """
    if len(team) == 1:
        return f"player {team[0]} plays alone and needs a {objective}"
    *others, last = team
    return f"the declarer's team, players {', '.join(map(str, others))} and {last}, needs a {objective}"


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
    history: tuple[Action, ...] = field(default=(), compare=False)
    log: tuple[str, ...] = field(default=(), compare=False)

    # ---------------------------------------------------------------- protocol
    @property
    def scores(self) -> tuple[int, ...]:
        return self.totals

    @property
    def is_over(self) -> bool:
        return self.phase in (HAND_OVER, PASSED_OUT) and self.hand_number == self.rules.hands_in_game

    @cached_property
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

    @cached_property
    def team(self) -> tuple[int, ...]:
        """The declarer's team (declarer first), as far as known."""
        return () if self.declarer is None else (self.declarer, *self.partners)

    @property
    def value(self) -> int | None:
        """The value of the current contract (after raises)."""
        return None if self.contract is None else bid_value(self.contract, self.players)

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

    @cached_property
    def _legal_actions(self) -> tuple[Action, ...]:
        phase, seat = self.phase, self.current_player
        if seat is None:
            return ()
        if phase == PLAY:
            return tuple(Play(card) for card in legal_plays(self.playable(seat), tuple(c for _, c in self.trick),
                                                             french_excuse=self.rules.french_excuse))
        if phase == BIDDING:
            high = self.high_bid
            return bidding_actions(self.players, None if high is None else bid_value(high[1], self.players))
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
            value = bid_value(action.bid, self.players)
            high = self.high_bid
            if high is None:
                return "minimum bids", f"{action.bid} is worth {value}, below the minimum bid"
            return "bidding", (f"{action.bid} is worth {value}; a bid must have a higher value than all "
                               f"previous bids ({high[1]} by player {high[0]}, worth {bid_value(high[1], self.players)})")
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

    def to_svg(self, viewer: int | None = None) -> str:
        from .render import state_picture

        return state_picture(self, viewer).svg()

    # ---------------------------------------------------------------- moves
    def _after(self, action: Action) -> State:
        seat = self.current_player
        state = self.derive(history=self.history + (action,))
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
        said = (f"Player {seat} bids {bid} (value {bid_value(bid, self.players)})." if bid
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
                               f"value {bid_value(bid, self.players)}.", declarer=declarer, contract=bid)
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
                spaces.append(self.rules.layout[cell])
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
                               f"{contract}, value {bid_value(contract, self.players)}.", contract=contract,
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
            spaces.append(f"{rules.layout[cell]}{'' if team == winner_team else ' (the Excuse, for its team)'}")
        cards = " ".join(f"{card}" for _, card in self.trick)
        side = "declarers" if winner_team == DECLARERS else "opponents"
        line = (f"Trick {number} ({cards}): player {winner} wins for the {side}"
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
        value = bid_value(self.contract, self.players)
        points = hand_points(players=self.players, declarer=self.declarer, partners=self.partners, value=value,
                             won=won, positive_only=rules.positive_only, counter_sabotage=rules.counter_sabotage)
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


def _sides_text(mask: int) -> str:
    bits = fast.side_bits(mask)
    return ", ".join(str(side) for side in range(1, 7) if bits >> (side - 1) & 1)


def _place(board: Board, masks: tuple[int, int], cell: Cell, team: int) -> tuple[Board, tuple[int, int]]:
    bit = fast.BIT[cell]
    return board.place(cell, team), ((masks[0] | bit, masks[1]) if team == DECLARERS else (masks[0], masks[1] | bit))


def _replace_at(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


# ------------------------------------------------------------------ making games


def fresh_hand(rules: Rules, *, hand_number: int, dealer: int, hands, piles, talon) -> tuple[str, dict[str, Any]]:
    """A freshly dealt hand: its log line and every field a hand starts from ("Move all counters
    off the board"; forehand, left of the dealer, bids first)."""
    forehand = (dealer + 1) % rules.players
    line = (f"Hand {hand_number}: player {dealer} deals"
            + (" 5 piles of 2 cards (top card face up) and a hand of 6 cards" if rules.players == 2
               else f" {rules.hand_size} cards") + f" to each player and {len(talon)} to the talon. "
            f"Forehand, player {forehand}, bids first.")
    return line, dict(
        hand_number=hand_number, dealer=dealer, phase=BIDDING, hands=hands, piles=piles, talon=talon,
        board=rules.empty_board, masks=(0, 0), covered=frozenset(), set_aside=(), discards=(), auction=(),
        to_bid=forehand, declarer=None, contract=None, partners=(), calls=(), raisers=(), partner_raised=False,
        ex_declarer=None, gifts=(), leader=0, trick=(), tricks_played=0, taken=((),) * rules.players,
        last_trick=(), result=None)


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


#: What a scenario may set up against the rules, by naming it in an ``allow:`` line.
SCENARIO_EXCEPTIONS = ("low bid", "free trick spaces")
#: The lines that describe a position in the middle of a hand (card play under way).
MID_HAND_KEYS = ("partners", "tricks played", "declarers", "opponents", "trick", "lead", "set aside")
_SCENARIO_KEYS = ("players", "dealer", "talon", "bid", *MID_HAND_KEYS)
_SEAT_KEYS = ("hand", "piles")


def _is_scenario_key(key: str) -> bool:
    return key in _SCENARIO_KEYS or key.partition(" ")[0] in _SEAT_KEYS


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A deal written as text, for exercises ("which bid would you make with this hand?")::

        players: 4          # optional when the hands say it
        dealer: 3           # optional (default: the last seat)
        hand 0: EXC 21 20 19 18 17 16 15 14 13 12 11 10 RS
        hand 1: ...         # hands not written are dealt at random (seeded) from the rest
        talon: 8S 7S 6S     # optional likewise
        piles 0: 10H/RS DS/21 ...   # 2 players: the five piles, each written bottom/top
        bid: 0 Exchange Y Duo       # optional: skip the bidding, seat 0 declares this bid
        allow: low bid              # optional: what the text sets up against the rules

    One ``key: value`` per line, ``#`` starts a comment. Cards are written as ``parse_card``
    reads them, separated by spaces or commas; each card of this player count's deck at most
    once, and a hand, the piles and the talon hold exactly as many cards as the deal gives.
    Cards not written anywhere are shuffled by the seed into the parts left out. The written
    deal is the game's first hand; like ``new_game`` the game lasts ``hands`` hands (default one
    deal per player), later hands dealt at random. The options are ``new_game``'s.

    The ``bid:`` line must be a bid of this player count's table worth at least the minimum bid
    ("The lowest permitted bid depends on the number of players"), unless ``allow: low bid``
    says that the exercise wants a lower one; it is the only bid, so no overbid rule applies.

    **A position in the middle of a hand** adds to the ``bid:`` line (the contract after any
    raise) any of these lines; card play is then under way::

        partners: 2                 # Duo / Trio: the declarer's partners
        tricks played: 4            # tricks already played (default 0)
        declarers: T1 T3 RS A21     # the spaces (tokens) holding the declarers' counters
        opponents: T2 T4 DH         # … and the opponents'
        trick: 1 7H, 2 8H           # the trick in progress: seat and card, from its leader on
        lead: 3                     # who leads the next trick (without a trick in progress)
        piles 0: 18/17 [16] 10S - RC/CC   # 2 players: what is left of the five piles
        set aside: RS 9 8           # 4 players, full deck, Exchange: the talon group not picked

    Each hand then holds the cards still to play (a Duo's and a Trio's partners are written, the
    trick's cards are not in the hands); ``talon:`` is the talon with No Exchange and the
    declarer's discards with Exchange (6 players: none; 4 players with the full deck: the whole
    talon of 6, or the 3 discards). Cards written nowhere, and those of the spaces holding
    counters, were played in earlier tricks (recorded as taken by the declarer).
    A card of the trick must be one its player could play with the hand written for him (follow
    suit, else trump); a hand left out is dealt at random and not checked.
    Every trick played so far put a counter on its trick space, unless ``allow: free trick
    spaces``; a space of a later trick cannot hold one; a card of the trick in progress has no
    counter on its space yet; and the hand must not be decided yet.

    With 2 players a pile is ``bottom/top`` (the bottom card face down), one card (face up),
    ``-`` (empty) or ``[card]``: the face-down card under the one its player played to the trick in
    progress, turned up once the trick is won. Hand and piles together hold the cards still to
    play, the hand at most 6; left out, the hand keeps as many as it can and the piles take the
    rest as evenly as they go. With the 4-player full deck and Exchange, the opponents hold the
    spaces of the cards set aside ("Place an opposing team's counter on each card space that
    corresponds to a card in the card group that the declarer didn't pick"); a group left out is
    drawn from cards without a space or whose space the opponents hold.

    >>> middle = scenario("players: 3\\nbid: 0 No Exchange Bridge\\ntricks played: 2\\n"
    ...                   "declarers: T1 RS\\nopponents: T2\\ntrick: 1 10H", seed=1)
    >>> middle.phase, middle.current_player, len(middle.hands[0]), len(middle.hands[1])
    ('play', 2, 11, 10)
    >>> two = scenario("players: 2\\nbid: 0 Exchange Y\\ntricks played: 3\\ndeclarers: T1 T3\\nopponents: T2\\n"
    ...                "piles 0: 18/17 [16] 10S - RC/CC\\ntrick: 0 DS", seed=1)
    >>> [str(action) for action in two.legal_actions()], len(two.hands[0])
    (['play CS', 'play VS'], 6)
    >>> two.observation(1)["piles"][0]      # 16 stays face down until the trick is won
    (('hidden', Card('17')), ('hidden',), (Card('10S'),), (), ('hidden', Card('CC')))
    >>> scenario("players: 4\\nbid: 2 Exchange Bridge Duo", seed=1)
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 2: Exchange Bridge Duo is worth 1, below the minimum bid for 4 players (Exchange Y Duo, worth 3); write 'allow: low bid' to set it up anyway
    >>> scenario("players: 4\\nbid: 2 Exchange Bridge Duo\\nallow: low bid", seed=1).declarer
    2
    """
    fields = scenario_fields(text, known=_is_scenario_key, exceptions=SCENARIO_EXCEPTIONS,
                             expected="'players:', 'dealer:', 'hand N:', 'piles N:', 'talon:', 'bid:', 'allow:' "
                                      "or a line of a position in the middle of a hand")
    seats = _scenario_seats(fields)
    if "players" in fields:
        number, value = fields["players"]
        players = parse_whole(value, where=f"line {number}", low=2, high=6, name="the number of players")
    elif seats and max(seats.values()) > 0:
        players = max(seats.values()) + 1
    else:
        raise ParseError("say 'players: N' or give the hands up to the last seat's", where="scenario")
    for key, seat in seats.items():
        if seat >= players:
            raise ParseError(f"there is no seat {seat} with {players} players", where=f"line {fields[key][0]}")
        if key.startswith("piles") and players != 2:
            raise ParseError("only 2-player games have piles", where=f"line {fields[key][0]}")
    setup = game_spec(GAME).setup(players, seed, variant, scenario=text)
    rules = make_rules(setup)
    dealer = rules.first_dealer
    if "dealer" in fields:
        number, value = fields["dealer"]
        dealer = parse_seat(value, players, where=f"line {number}")
    if any(key in fields for key in MID_HAND_KEYS):
        return _scenario_mid_hand(setup, rules, dealer, fields)
    hands, piles, talon = _scenario_deal(rules, setup.seed, fields)
    state = start_game(setup, rules, dealer=dealer, hands=hands, piles=piles, talon=talon, say="Scenario: ")
    if "bid" in fields:
        state = _scenario_bid(state, fields)
    return state


def _scenario_mid_hand(setup: Setup, rules: Rules, dealer: int, fields: dict[str, tuple[int, str]]) -> State:
    """A position in the middle of a hand: the contract, the team, the board, the hands (2 players:
    and the piles), the trick, and with the 4-player full deck the talon group set aside."""
    players = rules.players
    if "bid" not in fields:
        raise ParseError("a position in the middle of a hand needs the contract: a 'bid:' line", where="scenario")
    opening = start_game(setup, rules, dealer=dealer, hands=((),) * players, piles=(), talon=(), say="Scenario: ")
    contracted = _scenario_bid(opening, fields, exchange=False)
    declarer, contract = contracted.declarer, contracted.contract
    partners = _scenario_partners(fields, declarer, contract, players)
    tricks_played = 0
    if "tricks played" in fields:
        number, value = fields["tricks played"]
        tricks_played = parse_whole(value, where=f"line {number}", high=rules.tricks - 1,
                                    name="the number of tricks played")
    seen: dict[Card, list[str]] = {}
    trick = _scenario_trick(fields, rules, seen)
    forehand = (dealer + 1) % players
    leader = trick[0][0] if trick else forehand
    if "lead" in fields:
        number, value = fields["lead"]
        leader = parse_seat(value, players, where=f"line {number}")
        if trick and trick[0][0] != leader:
            raise ParseError(f"the trick in progress was led by player {trick[0][0]}, not player {leader}",
                             where=f"line {number}")
    board, masks, played = _scenario_counters(fields, rules, tricks_played)
    if on_board := [card for _, card in trick if card in played]:
        raise ParseError(f"{on_board[0]} is in the trick in progress, so its space holds no counter yet",
                         where=f"line {fields['trick'][0]} (trick)")
    in_trick = {seat for seat, _ in trick}
    still_held = {seat: rules.tricks - tricks_played - (seat in in_trick) for seat in range(players)}
    sizes = {f"hand {seat}": still_held[seat] for seat in range(players)}
    picked_group = rules.split_talon and contract.exchange
    sizes["talon"] = 0 if players == 6 else rules.talon_size // 2 if picked_group else rules.talon_size
    written_piles: dict[int, tuple[tuple[Card, ...], ...]] = {}
    covered: frozenset[tuple[int, int]] = frozenset()
    if players == 2:
        written_piles, covered = _scenario_mid_hand_piles(fields, rules, seen, played, trick)
        sizes |= _two_player_sizes(fields, still_held, written_piles, tricks_played)
    opponents_hold = frozenset()
    if "set aside" in fields:
        number, _ = fields["set aside"]
        if not rules.split_talon:
            raise ParseError("only the 4-player full-deck game sets a talon group aside", where=f"line {number}")
        if not contract.exchange:
            raise ParseError(f"with {contract} the talon stays whole and face down: no group is set aside",
                             where=f"line {number}")
    if picked_group:
        sizes["set aside"] = rules.talon_size // 2
        opponents_hold = frozenset(card for card in played
                                   if board.counters[rules.cell_of_token[card.token]] == OPPONENTS)
    given, earlier = _scenario_deal(rules, setup.seed, fields, sizes=sizes, seen=seen, played=played,
                                    set_aside_from=opponents_hold)
    set_aside = tuple(given.get("set aside", ()))
    if "set aside" in fields:
        _check_set_aside(set_aside, rules, board, where=f"line {fields['set aside'][0]} (set aside)")
    hands = tuple(sorted_cards(given[f"hand {seat}"]) for seat in range(players))
    piles: tuple = ()
    if players == 2:
        piles = tuple(written_piles[seat] if seat in written_piles else _even_piles(given[f"piles {seat}"])
                      for seat in range(players))
    for position, (seat, card) in enumerate(trick):
        held = hands[seat] + tuple(pile[-1] for index, pile in enumerate(piles[seat] if piles else ())
                                   if pile and (seat, index) not in covered)
        if f"hand {seat}" in fields and card not in legal_plays(held + (card,), tuple(c for _, c in trick[:position]),
                                                                french_excuse=rules.french_excuse):
            raise ParseError(f"player {seat} may not play {card} to this trick: the hand written for him holds a "
                             "card he would have had to play (follow suit, else trump)",
                             where=f"line {fields['trick'][0]} (trick)")
    taken = tuple(earlier if seat == declarer else () for seat in range(players))
    talon = tuple(given["talon"])
    talon_or_discards = {"talon": talon} if not contract.exchange else {"discards": talon, "talon": ()}
    lines = [f"Scenario: player {declarer} is the declarer with {contract}, value {bid_value(contract, players)}"
             + (f"; partners: {', '.join(f'player {seat}' for seat in partners)}." if partners else ".")]
    if set_aside:
        lines.append(f"Talon group set aside: {' '.join(map(str, set_aside))}.")
    lines.append(f"{count_of(tricks_played, 'trick')} played; "
                 + (f"the trick in progress: {', '.join(f'player {seat} {card}' for seat, card in trick)}."
                    if trick else f"player {leader} leads the next trick."))
    state = contracted.derive(
        log=tuple(lines), phase=PLAY, hands=hands, piles=piles, covered=covered, set_aside=set_aside,
        partners=partners, board=board, masks=masks, tricks_played=tricks_played, trick=trick, leader=leader,
        taken=taken, **talon_or_discards)
    decided = state._check_end()
    if decided.phase == HAND_OVER:
        raise ParseError("this hand would be over already: " + decided.result.reason, where="scenario")
    return state


def _scenario_mid_hand_piles(fields, rules: Rules, seen: dict, played: frozenset[Card],
                             trick: tuple[tuple[int, Card], ...]):
    """2 players: the piles written for each seat in the middle of a hand, and the piles whose
    face-down card was uncovered in the trick in progress (written ``[card]``)."""
    written, covered = {}, set()
    for seat in range(rules.players):
        if f"piles {seat}" not in fields:
            continue
        number, value = fields[f"piles {seat}"]
        where = f"line {number} (piles {seat})"
        piles, face_down = _scenario_piles(value, _deck_reader(rules), where=where, seen=seen, whole=False)
        if spent := [card for pile in piles for card in pile if card in played]:
            raise ParseError(f"{spent[0]} was played already: its space holds a counter", where=f"line {number}")
        if face_down:
            if seat not in {player for player, _ in trick}:
                raise ParseError(f"a pile card in brackets lies face down because player {seat} played the card "
                                 f"above it to the trick in progress, but player {seat} has not played to it",
                                 where=where)
            if len(face_down) > 1:
                raise ParseError(f"player {seat} played one card to the trick in progress, so at most one pile "
                                 f"card lies face down, not {len(face_down)}", where=where)
            covered |= {(seat, index) for index in face_down}
        written[seat] = piles
    return written, frozenset(covered)


def _two_player_sizes(fields, still_held: dict[int, int], written_piles, tricks_played: int) -> dict[str, int]:
    """2 players: how the cards each seat still holds are split between the hand (at most 6) and
    the piles (at most 10), following what is written; with neither written the hand keeps as
    many as it can (the cards played came from the piles)."""
    sizes = {}
    for seat, held in still_held.items():
        after = (f"after {count_of(tricks_played, 'trick')} player {seat} holds {count_of(held, 'card')} "
                 "in hand and piles")
        if seat in written_piles:
            on_piles = sum(map(len, written_piles[seat]))
            in_hand = held - on_piles
            if not 0 <= in_hand <= TWO_PLAYER_HAND:
                raise ParseError(f"{after}; with {on_piles} on the piles the hand would hold {in_hand}, but a hand "
                                 f"holds 0 to {TWO_PLAYER_HAND}",
                                 where=f"line {fields[f'piles {seat}'][0]} (piles {seat})")
            sizes[f"hand {seat}"] = in_hand
            continue
        if f"hand {seat}" in fields:
            number, value = fields[f"hand {seat}"]
            in_hand = len(value.replace(",", " ").split())
            on_piles = held - in_hand
            if not (in_hand <= TWO_PLAYER_HAND and 0 <= on_piles <= 2 * TWO_PLAYER_PILES):
                raise ParseError(f"{after}; with {in_hand} in hand the piles would hold {on_piles}, but a hand holds "
                                 f"0 to {TWO_PLAYER_HAND} and the piles 0 to {2 * TWO_PLAYER_PILES}",
                                 where=f"line {number}")
        else:
            in_hand = min(held, TWO_PLAYER_HAND)
        sizes[f"hand {seat}"], sizes[f"piles {seat}"] = in_hand, held - in_hand
    return sizes


def _even_piles(cards: list[Card]) -> tuple[tuple[Card, ...], ...]:
    """Cards dealt onto the five piles as evenly as they go: two on the first piles, one on the
    next, none on the last (each pile bottom to top).

    >>> [len(pile) for pile in _even_piles([Card("T", rank) for rank in range(1, 8)])]
    [2, 2, 1, 1, 1]
    """
    sizes = [2 if index < len(cards) - TWO_PLAYER_PILES else 1 if index < len(cards) else 0
             for index in range(TWO_PLAYER_PILES)]
    starts = [sum(sizes[:index]) for index in range(TWO_PLAYER_PILES)]
    return tuple(tuple(cards[start:start + size]) for start, size in zip(starts, sizes))


def _check_set_aside(set_aside: tuple[Card, ...], rules: Rules, board: Board, *, where: str) -> None:
    """"Place an opposing team's counter on each card space that corresponds to a card in the card
    group that the declarer didn't pick": every such space holds an opponents' counter."""
    for card in set_aside:
        cell = rules.cell_of_token.get(card.token) if card.token else None
        if cell is not None and board.counters.get(cell) != OPPONENTS:
            raise ParseError(f"{card} was set aside, so the opponents hold its space: write {card.token} under "
                             "'opponents:'", where=where)


def _scenario_partners(fields, declarer: int, contract: Bid, players: int) -> tuple[int, ...]:
    """``partners: 2 4``: the declarer's partners, as many as the contract's team has beside him."""
    wanted = contract.team_size - 1
    if "partners" not in fields:
        if wanted:
            raise ParseError(f"a {contract.team} contract needs {wanted} partner{'s' if wanted > 1 else ''}: "
                             "write a 'partners:' line", where="scenario")
        return ()
    number, value = fields["partners"]
    where = f"line {number}"
    seats = tuple(parse_seat(word, players, where=where) for word in value.replace(",", " ").split()[:wanted + 1])
    if len(seats) != wanted:
        raise ParseError(f"a {contract.team or SOLO} contract has {count_of(wanted, 'partner')}, "
                         f"not {len(seats)}", where=where)
    if declarer in seats or len(set(seats)) != len(seats):
        raise ParseError("the partners are other players than the declarer, each written once", where=where)
    return seats


def _scenario_trick(fields, rules: Rules, seen: dict) -> tuple[tuple[int, Card], ...]:
    """``trick: 1 7H, 2 8H``: the trick in progress, seat and card from its leader on."""
    if "trick" not in fields:
        return ()
    number, value = fields["trick"]
    where, players = f"line {number} (trick)", rules.players
    items = [item for item in value.split(",") if item.strip()]
    if len(items) >= players:
        raise ParseError(f"a trick in progress has at most {count_of(players - 1, 'card')}; got {len(items)}",
                         where=where)
    trick = []
    for item in items:
        words = item.split()
        if len(words) != 2:
            raise ParseError(f"write each card of the trick as 'SEAT CARD' (e.g. 1 7H), not {item.strip()[:40]!r}",
                             where=where)
        seat = parse_seat(words[0], players, where=where)
        (card,) = parse_cards(words[1], parse_card, where=where, separator=None, seen=seen)
        if card not in rules.deck_set:
            raise ParseError(f"{card} is not in the {players}-player deck", where=where)
        if trick and seat != (trick[-1][0] + 1) % players:
            raise ParseError(f"player {(trick[-1][0] + 1) % players} plays after player {trick[-1][0]}, "
                             f"not player {seat}", where=where)
        trick.append((seat, card))
    return tuple(trick)


def _scenario_counters(fields, rules: Rules, tricks_played: int):
    """``declarers:`` / ``opponents:`` — the spaces (tokens) holding each team's counters; the
    board, its bitmasks and the cards already played (those whose spaces hold counters)."""
    board, masks = rules.empty_board, (0, 0)
    tokens_of_cards = {card.token: card for card in rules.deck if card.token}
    played = set()
    for key, team in (("declarers", DECLARERS), ("opponents", OPPONENTS)):
        if key not in fields:
            continue
        number, value = fields[key]
        where = f"line {number} ({key})"
        for word in value.replace(",", " ").split():
            token = word.upper()
            cell = rules.cell_of_token.get(token)
            if cell is None:
                raise ParseError(f"no space {word[:40]!r} on this board: write its token (T1, A21, EXC, RS …)",
                                 where=where)
            if cell in board.counters:
                raise ParseError(f"the space {token} is written twice", where=where)
            if token_kind(token) == "trick" and int(token[1:]) > tricks_played:
                raise ParseError(f"trick {token[1:]} is not played yet ({tricks_played} played): its space is free",
                                 where=where)
            board, masks = _place(board, masks, cell, team)
            if token in tokens_of_cards:
                played.add(tokens_of_cards[token])
    if not allows(fields, "free trick spaces"):
        for number in range(1, tricks_played + 1):
            cell = rules.cell_of_token.get(f"T{number}")
            if cell is not None and cell not in board.counters:
                raise ParseError(f"trick {number} was played, so its space T{number} holds the winner's counter: "
                                 "write it under 'declarers:' or 'opponents:' (or 'allow: free trick spaces')",
                                 where="scenario")
    return board, masks, frozenset(played)


def _scenario_seats(fields: dict[str, tuple[int, str]]) -> dict[str, int]:
    """The seat of each ``hand N`` and ``piles N`` line, N written plainly (``hand 0``, not ``hand 00``)."""
    seats = {}
    for key, (number, _) in fields.items():
        kind, _, seat_text = key.partition(" ")
        if kind in _SEAT_KEYS:
            seat = parse_whole(seat_text, where=f"line {number}", high=5, name="the seat")
            if seat_text != str(seat):
                raise ParseError(f"write the seat as '{kind} {seat}'", where=f"line {number}")
            seats[key] = seat
    return seats


def _deck_reader(rules: Rules):
    """A card reader for ``parse_cards`` that refuses a card this player count's deck lacks."""
    def in_deck(word: str, *, where: str) -> Card:
        card = parse_card(word, where=where)
        if card not in rules.deck_set:
            raise ParseError(f"{card} is not in the {rules.players}-player deck", where=where)
        return card
    return in_deck


def _scenario_deal(rules: Rules, seed: int, fields: dict[str, tuple[int, str]], *,
                   sizes: dict[str, int] | None = None, seen: dict[Card, list[str]] | None = None,
                   played: frozenset[Card] = frozenset(), set_aside_from: frozenset[Card] = frozenset()):
    """The scenario's hands, piles and talon: as written, the rest dealt at random (seeded).

    In the middle of a hand, ``sizes`` says how many cards each part holds (its keys: ``hand N``,
    ``talon``, 2 players ``piles N`` not written, 4-player full deck ``set aside``), ``seen`` the
    cards already written, and ``played`` the cards that may not be dealt (their spaces hold
    counters) but those of ``set_aside_from`` (spaces the opponents hold) may be set aside; it
    returns every part's cards and the cards left over (those of earlier tricks)."""
    players = rules.players
    seen = {} if seen is None else seen
    in_deck = _deck_reader(rules)
    fresh = sizes is None
    if sizes is None:
        sizes = {f"hand {seat}": rules.hand_size for seat in range(players)} | {"talon": rules.talon_size}
        if players == 2:
            sizes |= {f"piles {seat}": 2 * TWO_PLAYER_PILES for seat in range(players)}
    given: dict[str, list[Card]] = {}
    for key, (number, value) in fields.items():
        if key not in sizes:
            continue
        where = f"line {number} ({key})"
        if key.startswith("piles"):
            piles, _ = _scenario_piles(value, in_deck, where=where, seen=seen, whole=True)
            given[key] = [card for pile in piles for card in pile]
        else:
            given[key] = list(parse_cards(value.replace(",", " "), in_deck, where=where, separator=None, seen=seen))
        if key != "set aside" and (spent := [card for card in given[key] if card in played]):
            raise ParseError(f"{spent[0]} was played already: its space holds a counter", where=f"line {number}")
        if len(given[key]) != sizes[key]:
            raise ParseError(f"{key} needs {sizes[key]} cards, got {len(given[key])}", where=f"line {number}")
    rest = [card for card in rules.deck if card not in seen and card not in played]
    if "set aside" in sizes and "set aside" not in given:
        candidates = [card for card in rest if card.token not in rules.cell_of_token] + [
            card for card in rules.deck if card in set_aside_from and card not in seen]
        seeded_random(seed, "scenario", "set aside").shuffle(candidates)
        given["set aside"] = candidates[:sizes["set aside"]]
        rest = [card for card in rest if card not in given["set aside"]]
    seeded_random(seed, "scenario").shuffle(rest)
    for key, size in sizes.items():
        if key not in given:
            if len(rest) < size:
                raise ParseError(f"too few cards are left to deal {key} its {size} cards", where="scenario")
            given[key], rest = rest[:size], rest[size:]
    if not fresh:
        set_aside = given.get("set aside", ())
        earlier = tuple(rest) + tuple(card for card in rules.deck if card in played and card not in set_aside)
        return given, earlier
    hands = tuple(sorted_cards(given[f"hand {seat}"]) for seat in range(players))
    piles: tuple = ()
    if players == 2:
        piles = tuple(tuple(tuple(given[f"piles {seat}"][2 * i:2 * i + 2]) for i in range(TWO_PLAYER_PILES))
                      for seat in range(players))
    return hands, piles, tuple(given["talon"])


def _scenario_piles(value: str, in_deck, *, where: str, seen: dict, whole: bool):
    """Five 2-player piles, each written ``bottom/top``: the piles (bottom to top) and the indices
    of those written ``[card]``. In the middle of a hand (not ``whole``) a pile may also be a
    single card (face up), ``-`` (empty) or ``[card]``: the card under the one its player played
    to the trick in progress, face down until that trick is won."""
    written = value.replace(",", " ").split()
    if len(written) != TWO_PLAYER_PILES:
        raise ParseError(f"write the {TWO_PLAYER_PILES} piles, each as bottom/top (e.g. 10H/RS)"
                         + ("" if whole else ", a single card, [card] (face down) or - (empty)")
                         + f"; got {count_of(len(written), 'pile')}", where=where)
    piles, face_down = [], []
    for index, pile in enumerate(written):
        bracketed = not whole and len(pile) > 2 and pile[0] == "[" and pile[-1] == "]"
        if bracketed:
            face_down.append(index)
            pile = pile[1:-1]
        if not whole and pile == "-" and not bracketed:
            piles.append(())
            continue
        cards = parse_cards(pile, in_deck, where=where, separator="/", seen=seen)
        two, one = len(cards) == 2 and pile.count("/") == 1, len(cards) == 1 and "/" not in pile
        if not (two if whole else one if bracketed else two or one):
            form = "two cards written bottom/top (e.g. 10H/RS)" if whole else (
                "two cards written bottom/top (e.g. 10H/RS), one card, [card] (face down) or - (empty)")
            raise ParseError(f"a pile is {form}, not {written[index][:40]!r}", where=where)
        piles.append(cards)
    return tuple(piles), tuple(face_down)


def _scenario_bid(state: State, fields: dict[str, tuple[int, str]], *, exchange: bool = True) -> State:
    """``bid: SEAT BID``: the bidding is skipped and SEAT declares BID (then the exchange starts,
    unless ``exchange`` is false: a position in the middle of a hand is past it)."""
    number, value = fields["bid"]
    where, players = f"line {number}", state.players
    seat_text, bid_text = (value.split(None, 1) + ["", ""])[:2]
    seat = parse_seat(seat_text, players, where=where)
    bid = parse_bid(bid_text, where=where)
    if problem := check_bid_shape(bid, players):
        raise ParseError(problem, where=where)
    value_of_bid, lowest = bid_value(bid, players), minimum_value(players)
    if value_of_bid < lowest and not allows(fields, "low bid"):
        raise ParseError(f"{bid} is worth {value_of_bid}, below the minimum bid for {players} players "
                         f"({MINIMUM_BID_TEXT[players]}, worth {lowest}); write 'allow: low bid' to set it up "
                         "anyway", where=where)
    state = state.derive(auction=((seat, bid),), declarer=seat, contract=bid)
    if not exchange:
        return state
    return state._say(f"Scenario: player {seat} is the declarer with {bid}, value {value_of_bid}.")._start_exchange()


def describe(action) -> str:
    """A move in the learner's words: its text, a call with the card's name, a keep and a deal in
    words.

    >>> describe(parse_action("call RH")), describe(parse_action("keep")), describe(parse_action("play 10H"))
    ('call the king of hearts (RH)', 'keep the objective', 'play 10H')
    """
    if isinstance(action, Call):
        return f"call the {action.card.describe()} ({action.card})"
    if isinstance(action, Keep):
        return "keep the objective"
    return "deal the next hand" if isinstance(action, Deal) else str(action)


__all__ = ["describe", "Action", "MakeBid", "Pass", "PickGroup", "Discard", "Give", "Call", "Raise", "Keep", "Abdicate", "Play",
           "Deal", "DEAL", "PASS", "KEEP", "ABDICATE", "HIDDEN", "State", "Rules", "HandResult", "new_game",
           "scenario", "parse_action", "deal", "split_deal", "legal_plays", "led_suit", "trick_winner",
           "callable_cards", "raise_order", "counters_for_trick", "make_rules", "check_board", "bidding_actions",
           "fresh_hand", "start_game", "SCENARIO_EXCEPTIONS", "TWO_PLAYER_PILES", "TWO_PLAYER_HAND",
           "MAX_DEALS_PER_PLAYER", "BIDDING", "PICK", "DISCARD", "GIVE", "CALL", "RAISE", "PLAY", "HAND_OVER",
           "PASSED_OUT", "SOLO", "GAME"]
