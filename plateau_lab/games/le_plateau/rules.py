"""Le Plateau's rules, one named function each (the rulebook's sentence in its docstring), and
the constants they share: the phases of a hand, the deal sizes, the table of a game (``Rules``,
fixed once by the player count and the options), a hand's result and the fields a fresh hand
starts from. ``State`` (in ``state``) applies them move by move.

>>> from plateau_lab.games.le_plateau.cards import parse_cards
>>> legal_plays(parse_cards("21 7H RS 3"), parse_cards("10C"))     # no club: a trump
(Card('21'), Card('3'))
>>> trick_winner(tuple(enumerate(parse_cards("RS 3 10S"))))        # the trump wins
1

:data:`rules_of` reads a game's options into its ``Rules``, refusing a rule set that would make the
game unplayable with a sentence naming the rule and its bounds:

>>> rules = rules_of(4, {})
>>> rules.hand_size, rules.talon_size, rules.tricks, rules.minimum_value, rules.bid_values[-1]
(13, 3, 13, 3, 10)
>>> rules_of(4, {"talon_size": 7}).hand_size
12
>>> rules_of(4, {"talon_size": 5})
Traceback (most recent call last):
ValueError: talon_size must leave the same number of cards to each player: with 4 players and 55 cards, one of 3, 7, 11, 15, 19, 23 (at most 23, so that a called partner can be found), not 5
>>> rules_of(3, {"minimum_bid": "Exchange Y Duo"})
Traceback (most recent call last):
ValueError: minimum_bid must be a bid of the 3-player table, without a team: with 3 players a bid has no team characteristic (the declarer plays alone), not 'Exchange Y Duo'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import gcd
from typing import Any

from plateau_lab.core import GameSpec, Option, ParseError, Setup, count_of, seeded_random
from plateau_lab.core.rulesets import rules_reader
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
from .bidding import (BID_VALUES, MINIMUM_BID_TEXT, TEAM_COLUMNS, TEAM_SIZE, TEAM_STEP, Bid, all_bids, bid_value, check_bid_shape,
                      legal_bids, minimum_value, parse_bid)
from .cards import SUITS, TRUMP, ALL_CARDS, Card, deck_for, sorted_cards

__all__ = ["GAME", "BIDDING", "PICK", "DISCARD", "GIVE", "CALL", "RAISE", "PLAY", "HAND_OVER", "PASSED_OUT",
           "TWO_PLAYER_PILES", "TWO_PLAYER_HAND", "MAX_DEALS_PER_PLAYER", "HIDDEN", "SUIT_CARDS_OF_RANK",
           "DEAL_SIZES", "FULL_DECK_DEAL_SIZES", "OPTIONS", "Rules", "rules_of", "check_board", "check_bid_values",
           "check_minimum_bid", "make_rules", "deal", "split_deal",
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
#: The trumps of the whole deck, the Excuse included (22).
TRUMP_CARDS = sum(card.suit == TRUMP for card in ALL_CARDS)


# ------------------------------------------------------------------ the table of a game


@dataclass(frozen=True)
class Rules:
    """What a game's player count and options fix once: deck, deal sizes, board, the bidding table,
    the minimum bid and the scoring options (:func:`rules_of`). The engine, the fast path, the
    scenarios and the bots read the rulebook's numbers only from here."""

    players: int
    deck: tuple[Card, ...]
    hand_size: int              # cards dealt into each hand (2 players: the hand besides the piles)
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
    bid_values: tuple[int, ...] = BID_VALUES
    team_step: int = TEAM_STEP
    minimum_bid: Bid | None = None          # None: the rulebook's for the player count
    positive_multiples: tuple[int, ...] | None = None
    piles: int = 0                          # 2 players: each player's face-down piles of 2 cards (else 0)
    zero_sum_multiples: tuple[int, ...] | None = None

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

    def value(self, bid: Bid) -> int:
        """The number in ``bid``'s cell of this game's bidding table.

        >>> rules_of(4, {}).value(parse_bid("Exchange Bridge Solo"))
        6
        """
        return bid_value(bid, self.players, self.bid_values, self.team_step)

    @cached_property
    def bids(self) -> tuple[Bid, ...]:
        """Every cell of the bidding table, by value then table order."""
        return all_bids(self.players, self.bid_values, self.team_step)

    @cached_property
    def minimum_value(self) -> int:
        """The value of the lowest permitted bid."""
        return minimum_value(self.players, self.bid_values, self.team_step, self.minimum_bid)

    @cached_property
    def lowest_bid(self) -> Bid:
        """The lowest permitted bid: the rule set's own or the rulebook's for the player count."""
        return self.minimum_bid or parse_bid(MINIMUM_BID_TEXT[self.players])

    def legal_bids(self, above: int | None) -> tuple[Bid, ...]:
        """The bids worth more than ``above`` (None: at least the minimum bid)."""
        return legal_bids(self.players, above=above, values=self.bid_values, team_step=self.team_step,
                          minimum=self.minimum_bid)

    def bidding_actions(self, above: int | None) -> tuple[Action, ...]:
        """``pass``, then every bid worth more than ``above`` (None: at least the minimum bid)."""
        return bidding_actions(self.players, above, self.bid_values, self.team_step, self.minimum_bid)


#: Cards per hand and talon size: "Three to five players: a hand of 13 cards ... 3 cards remaining
#: form the talon"; "Six players: a hand of 12 cards ... The 6 cards remaining"; full deck: 3 players
#: 17 + 3, 4 players 18 + 6, 5 players 15 + 3. Two players: five 2-card piles + a 6-card hand, talon 2.
DEAL_SIZES = {2: (TWO_PLAYER_HAND, 2), 3: (13, 3), 4: (13, 3), 5: (13, 3), 6: (12, 6)}
FULL_DECK_DEAL_SIZES = {3: (17, 3), 4: (18, 6), 5: (15, 3)}
#: The bounds of the options: the highest number of a table, the largest talon asked for.
MOST_POINTS = 99
MOST_TEAM_STEP = 50
MOST_TALON = 30
#: With 2 players and the talon of 2, more piles would leave the hands no card.
MOST_PILES = 7


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


def check_bid_values(values: tuple[int, ...]) -> tuple[int, ...]:
    """The ``bid_values`` option: ten numbers, each larger than the one before (a larger objective,
    or No Exchange, is always worth more, so that raising the objective raises the value).

    >>> check_bid_values((1, 2, 3, 3, 5, 6, 7, 8, 9, 10))
    Traceback (most recent call last):
    ValueError: bid_values must rise from each number to the next (Exchange Bridge, No Exchange Bridge, Exchange Y, …, No Exchange Six sides), but number 4 is 3 after 3
    """
    for index in range(1, len(values)):
        if values[index] <= values[index - 1]:
            raise ValueError(f"bid_values must rise from each number to the next (Exchange Bridge, No Exchange "
                             f"Bridge, Exchange Y, …, No Exchange Six sides), but number {index + 1} is "
                             f"{values[index]} after {values[index - 1]}")
    return values


def check_minimum_bid(text: str) -> str:
    """The ``minimum_bid`` option: a bid as :func:`~.bidding.parse_bid` reads it (its team is
    checked against the player count by :func:`rules_of`)."""
    parse_bid(text, where="minimum_bid")
    return text


def _read_layout(text: str, *, players: int | None) -> dict[Cell, str]:
    try:
        return parse_layout(text, players=players)
    except ParseError as err:
        raise ParseError(err.what, where=f"board option, {err.where}") from None


OPTIONS = (
    Option("hands", None, int, "hands in the game, a multiple of the players (None: one deal per player)",
           low=1, high=6 * MAX_DEALS_PER_PLAYER, none=True, played=(None, 12)),
    Option("full_deck", False, bool, "the 'Full deck Le Plateau' variant (3 to 5 players)"),
    Option("french_excuse", False, bool, "the Excuse as in French tarot (all 78 cards only)"),
    Option("positive_only", False, bool, "positive-only scoring instead of zero-sum"),
    Option("counter_sabotage", None, bool, "5 players: the counter-sabotage rule (None: on unless positive-only)",
           none=True),
    Option("board", None, str, "'official', 'random' or a layout text (None: official, random with the full deck)",
           none=True, check=check_board),
    Option("bid_values", None, tuple, "the bidding table's first column, from Exchange Bridge, No Exchange "
                                      "Bridge, Exchange Y, … to No Exchange Six sides, each more than the one "
                                      "before (None: the rulebook's 1 to 10)",
           low=1, high=MOST_POINTS, shortest=len(BID_VALUES), longest=len(BID_VALUES), none=True,
           check=check_bid_values, played=(None, (1, 2, 3, 4, 5, 6, 8, 10, 14, 18))),
    Option("team_step", TEAM_STEP, int, "what each column of the bidding table adds to the one on its left "
                                        "(Trio, then Duo, then Solo; the rulebook's 5)", low=0, high=MOST_TEAM_STEP),
    Option("minimum_bid", None, str, "the lowest permitted bid, e.g. 'Exchange Y Duo' (None: the rulebook's, "
                                     "by the number of players)", none=True, check=check_minimum_bid,
           played=(None, "Exchange Fork Duo")),
    Option("positive_multiples", None, tuple, "with positive-only scoring, the multiple of the bid value each "
                                              "winner scores, by the declarer's team: Solo, Duo, Trio (None: "
                                              "the rulebook's table)",
           low=0, high=MOST_POINTS, shortest=1, longest=3, none=True, played=(None, (3, 2, 1))),
    Option("zero_sum_multiples", None, tuple, "with zero-sum scoring, the multiple of the bid value each player of "
                                              "the declarer's team wins or loses, by team: Solo, Duo, Trio; the "
                                              "opponents share the opposite equally (None: the rulebook's table)",
           low=0, high=MOST_POINTS, shortest=1, longest=3, none=True, played=(None, (6, 2, 1))),
    Option("two_player_piles", None, int, "2 players: each player's piles of 2 cards, the top one face up (None: "
                                          "the rulebook's 5); the rest is dealt to the hands",
           low=0, high=MOST_PILES, none=True, played=(None, 3)),
    Option("talon_size", None, int, "cards in the talon, 2 to 5 players, not the 4-player full deck; the rest is "
                                    "dealt evenly (None: the rulebook's)", low=1, high=MOST_TALON, none=True,
           played=(None, 7)),
)

#: The options' checks, as ``le_plateau.SPEC`` makes them (the rules do not import the package).
_OPTIONS_ONLY = GameSpec(name=GAME, title="Le Plateau", players=range(2, 7), default_players=4, options=OPTIONS)


def make_rules(setup: Setup) -> Rules:
    """The rules of a checked set-up (``Setup.variant`` holds every option): :func:`rules_of`."""
    return rules_of(setup.players, setup.variant, seed=setup.seed)


def _rules(players: int, options: dict[str, Any], seed: int | None) -> Rules:
    """Fix the deck, deal sizes, number of tricks, the board layout, the bidding table and the
    scoring, and check what the options allow together (:data:`rules_of`)."""
    full_deck = options["full_deck"]
    if full_deck and players not in FULL_DECK_DEAL_SIZES:
        raise ValueError(f"the full-deck variant is for 3, 4 or 5 players, not {players}")
    deck = deck_for(players, full_deck=full_deck)
    piles = _two_player_piles(players, options["two_player_piles"])
    hand_size, talon_size = _deal_sizes(players, len(deck), full_deck, options["talon_size"], piles)
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
        layout = random_layout(seed=seed, tricks=tricks)
    else:
        layout = _read_layout(board, players=players)
    counter_sabotage = options["counter_sabotage"]
    if counter_sabotage is None:
        counter_sabotage = not options["positive_only"]
    return Rules(players, deck, hand_size, talon_size, tricks, layout, hands, first_dealer(players),
                 full_deck, options["french_excuse"], options["positive_only"], counter_sabotage,
                 board if board in ("official", "random") else "custom", options["bid_values"] or BID_VALUES,
                 options["team_step"], _minimum_bid(players, options["minimum_bid"]),
                 _positive_multiples(players, options["positive_multiples"]), piles,
                 _zero_sum_multiples(players, options["zero_sum_multiples"]))


def _draws_a_board(options: dict[str, Any]) -> bool:
    """Whether these rules place the board's tokens at random (from the game's seed)."""
    return options["board"] == "random" or (options["board"] is None and options["full_deck"])


#: The rules of a game of ``players`` with the options ``variant`` (missing ones: the rulebook's), or
#: ValueError naming the rule that makes the game unplayable and its bounds; ``seed`` places the
#: tokens of a random board (None: as seed 0 does). See the module's examples.
rules_of = rules_reader(_OPTIONS_ONLY, _rules, seeded=_draws_a_board)


def _zero_sum_multiples(players: int, multiples: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The rule set's zero-sum multiples, one for each team the table allows, each shared out evenly
    among the opponents ("verify that the sum of all players' scores is equal to zero")."""
    if multiples is None:
        return None
    sizes = sorted(TEAM_SIZE[team] for team in TEAM_COLUMNS[players])
    if len(multiples) < sizes[-1]:
        names = ", ".join(["Solo", "Duo", "Trio"][:sizes[-1]])
        raise ValueError(f"zero_sum_multiples must give {sizes[-1]} numbers with {players} players ({names}), "
                         f"from 0 to {MOST_POINTS}, not {multiples}")
    for size in sizes:
        opponents, multiple = players - size, multiples[size - 1]
        step = opponents // gcd(opponents, size)
        if multiple % step:
            team = {1: "Solo", 2: "Duo", 3: "Trio"}[size]
            raise ValueError(f"zero_sum_multiples must keep every hand adding up to zero: with {players} players "
                             f"the {team} multiple must be a multiple of {step} (the {opponents} opponents share "
                             f"what {'the declarer wins' if size == 1 else 'the team wins'}), not {multiple}")
    return multiples


def _two_player_piles(players: int, piles: int | None) -> int:
    """Each player's piles: the rulebook's 5 with 2 players, none with more."""
    if piles is not None and players != 2:
        raise ValueError(f"two_player_piles is a rule of the 2-player game: leave it None with {players} players, "
                         f"not {piles}")
    return (TWO_PLAYER_PILES if piles is None else piles) if players == 2 else 0


def _deal_sizes(players: int, deck_size: int, full_deck: bool, talon_size: int | None,
                piles: int) -> tuple[int, int]:
    """(hand size, talon size): the rulebook's, or with a talon of ``talon_size`` (or ``piles``
    other than the rulebook's 5 with 2 players) the rest of the deck dealt evenly, besides the
    piles of 2. The talon keeps its size with 6 players and the 4-player full deck, whose
    exchanges the rulebook writes for those talons."""
    hand_size, rulebook_talon = (FULL_DECK_DEAL_SIZES if full_deck else DEAL_SIZES)[players]
    if talon_size in (None, rulebook_talon) and piles == (TWO_PLAYER_PILES if players == 2 else 0):
        return hand_size, rulebook_talon
    talon_size = rulebook_talon if talon_size is None else talon_size
    if talon_size != rulebook_talon and (players == 6 or (players == 4 and full_deck)):
        raise ValueError(f"talon_size must be {rulebook_talon} with {players} players"
                         f"{' and the full deck' if full_deck else ''} (the rulebook's exchange deals out "
                         f"that talon), not {talon_size}")
    dealt = deck_size - 2 * piles * players
    # a Duo's partner is called among the others' suit cards: they must hold more cards than the 22 trumps
    fewest_held = 1 if players < 4 else TRUMP_CARDS // (players - 1) + 1
    allowed = [talon for talon in range(1, MOST_TALON + 1)
               if (dealt - talon) % players == 0 and (dealt - talon) // players >= fewest_held]
    if talon_size not in allowed:
        why = "so that a called partner can be found" if players >= 4 else "so that each player holds a card"
        raise ValueError(f"talon_size must leave the same number of cards to each player: with {players} players "
                         f"and {deck_size} cards, one of {', '.join(map(str, allowed))} (at most {allowed[-1]}, "
                         f"{why}), not {talon_size}")
    return (dealt - talon_size) // players, talon_size


def _minimum_bid(players: int, text: str | None) -> Bid | None:
    """The rule set's own lowest bid, checked against the player count's table (None: the rulebook's)."""
    if text is None:
        return None
    bid = parse_bid(text, where="minimum_bid")
    wrong = check_bid_shape(bid, players)
    if wrong:
        teams = "without a team" if players <= 3 else f"with {' or '.join(TEAM_COLUMNS[players])}"
        raise ValueError(f"minimum_bid must be a bid of the {players}-player table, {teams}: {wrong}, not {text!r}")
    return bid


def _positive_multiples(players: int, multiples: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The rule set's positive-only multiples, one for each team size the table allows."""
    if multiples is None:
        return None
    largest = max(TEAM_SIZE[team] for team in TEAM_COLUMNS[players])
    if len(multiples) < largest:
        names = ", ".join(["Solo", "Duo", "Trio"][:largest])
        raise ValueError(f"positive_multiples must give {largest} numbers with {players} players ({names}), "
                         f"from 0 to {MOST_POINTS}, not {multiples}")
    return multiples


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
        pile_cards = 2 * rules.piles
        piles = tuple(tuple(tuple(cards[seat * pile_cards + 2 * i: seat * pile_cards + 2 * i + 2])
                            for i in range(rules.piles)) for seat in range(players))
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
def bidding_actions(players: int, above: int | None, values: tuple[int, ...] = BID_VALUES, team_step: int = TEAM_STEP,
                    minimum: Bid | None = None) -> tuple[Action, ...]:
    """``pass``, then every bid worth more than ``above`` (None: at least the minimum bid)."""
    return (PASS,) + tuple(MakeBid(bid) for bid in legal_bids(players, above=above, values=values, team_step=team_step,
                                                              minimum=minimum))


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
            + (f" {count_of(rules.piles, 'pile')} of 2 cards (top card face up) and a hand of "
               f"{count_of(rules.hand_size, 'card')}"
               if rules.players == 2
               else f" {rules.hand_size} cards") + f" to each player and {len(talon)} to the talon. "
            f"Forehand, player {forehand}, bids first.")
    return line, dict(
        hand_number=hand_number, dealer=dealer, phase=BIDDING, hands=hands, piles=piles, talon=talon,
        board=rules.empty_board, masks=(0, 0), covered=frozenset(), set_aside=(), discards=(), auction=(),
        to_bid=forehand, declarer=None, contract=None, partners=(), calls=(), raisers=(), partner_raised=False,
        ex_declarer=None, gifts=(), leader=0, trick=(), tricks_played=0, taken=((),) * rules.players,
        last_trick=(), result=None)
