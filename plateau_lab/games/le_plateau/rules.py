"""Le Plateau's rules, one named function each (the rulebook's sentence in its docstring), and
the constants they share: the phases of a hand, the deal sizes, the table of a game (``Rules``,
fixed once by the player count and the options), a hand's result and the fields a fresh hand
starts from. ``State`` (in ``state``) applies them move by move.

>>> from plateau_lab.games.le_plateau.cards import parse_cards
>>> legal_plays(parse_cards("21 7H RS 3"), parse_cards("10C"))     # no club: a trump
(Card('21'), Card('3'))
>>> trick_winner(tuple(enumerate(parse_cards("RS 3 10S"))))        # the trump wins
1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from plateau_lab.core import ParseError, Setup, seeded_random
from plateau_lab.hexboard import (
    DECLARERS,
    Board,
    Cell,
    blockers,
    formation_held,
    official_layout,
    parse_layout,
    random_layout,
)
from plateau_lab.hexboard import fast

from .actions import PASS, Action, MakeBid
from .bidding import Bid, legal_bids
from .cards import SUITS, Card, deck_for, sorted_cards

__all__ = ["GAME", "BIDDING", "PICK", "DISCARD", "GIVE", "CALL", "RAISE", "PLAY", "HAND_OVER", "PASSED_OUT",
           "TWO_PLAYER_PILES", "TWO_PLAYER_HAND", "MAX_DEALS_PER_PLAYER", "HIDDEN", "SUIT_CARDS_OF_RANK",
           "DEAL_SIZES", "FULL_DECK_DEAL_SIZES", "Rules", "check_board", "make_rules", "deal", "split_deal",
           "led_suit", "legal_plays", "trick_winner", "callable_cards", "raise_order", "counters_for_trick",
           "HandResult", "bidding_actions", "fresh_hand", "first_dealer"]

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
    return Rules(players, deck, hand_size, talon_size, tricks, layout, hands, first_dealer(players),
                 full_deck, options["french_excuse"], options["positive_only"], counter_sabotage,
                 board if board in ("official", "random") else "custom")


def first_dealer(players: int) -> int:
    """The first hand's dealer: the last seat, so that player 0, on his left, bids first.

    >>> first_dealer(4)
    3
    """
    return players - 1


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


# ------------------------------------------------------------------ a hand's result and its start


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


def _sides_text(mask: int) -> str:
    bits = fast.side_bits(mask)
    return ", ".join(str(side) for side in range(1, 7) if bits >> (side - 1) & 1)


def _place(board: Board, masks: tuple[int, int], cell: Cell, team: int) -> tuple[Board, tuple[int, int]]:
    bit = fast.BIT[cell]
    return board.place(cell, team), ((masks[0] | bit, masks[1]) if team == DECLARERS else (masks[0], masks[1] | bit))


def _replace_at(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


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
