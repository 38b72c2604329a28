"""A trick-taking game described as plain data, with small functions (hooks) for anything new.

A :class:`TrickGame` says the common parts of a game of tricks: its deck (suits and ranks, or a
list of cards), its players, how many cards each is dealt, its trumps (none, a fixed suit, or the
card turned up after the deal), its bidding (none, or "bid the tricks you will win, 0 to the cards
in hand" with or without the hook rule), and its :class:`Scoring`. The rest has a default that a
hook replaces: what may be played (follow the suit led if you can), who wins a trick (the highest
trump, else the highest card of the suit led; a hook may name several winners), what may be bid
and how a player scores.

>>> low = TrickGame("lowball", "Lowball", players=range(3, 5), suits="CDSH", ranks="2 3 4 5 6 7 8 9 10 J Q K A",
...                 hand_size=5, trumps=None,
...                 trick_winner=lambda trick, table: min(
...                     (pair for pair in trick if pair[1].suit == table.led), key=lambda pair: pair[1].strength)[0])
>>> low = low.checked()
>>> len(low.deck), low.deck[0], low.deck[-1].describe()
(52, Card('2C'), 'the ace of hearts')

A mistake is refused with a sentence naming the part of the description:

>>> TrickGame("x", "X", players=range(3, 5), suits="CDSH", ranks="2 3 4", hand_size=5).checked()
Traceback (most recent call last):
plateau_lab.kit.description.DescriptionError: the description's hand_size: 5 cards each for 4 players is 20 cards, but the deck holds 12
>>> TrickGame("x", "X", players=range(3, 5), suits="CDSH", ranks="2 3 4", hand_size=2, trumps="Z").checked()
Traceback (most recent call last):
plateau_lab.kit.description.DescriptionError: the description's trumps: no suit 'Z'; trumps are None (no trumps), a suit among C, D, S, H, or 'turned up'
"""

from __future__ import annotations

__all__ = ["HOOK_NAMES", "HOUSE_RULE", "HOUSE_RULE_PARTS", "LEADS", "NO_TRUMPS", "TURNED_UP", "Bidding", "Card",
           "DescriptionError", "Scoring", "TrickGame", "Turns", "card_reader"]

import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from plateau_lab.core import GAME_NAMES, STANDARD, ParseError, count_of, quoted, short_text

#: Trumps: none at all, or the suit of the card turned up after the deal.
NO_TRUMPS, TURNED_UP = None, "turned up"
#: The hooks a description may give, each with what it is given.
HOOK_NAMES = {
    "hand_size": "hand_size(players, most, rng) -> the cards each player is dealt (most: the most the deck allows)",
    "may_play": "may_play(hand, table) -> the cards of the hand that may be played now",
    "trick_winner": "trick_winner(trick, table) -> the player who wins the trick, or several players",
    "may_bid": "may_bid(bid, table) -> whether the player to bid may bid that number",
    "score": "score(result, table) -> the player's points for the hand",
    "in_play": "in_play(deck, players, rng) -> the cards of the deck played with that many players (the others are "
               "set aside, face up, for the hand)",
    "trumps": "trumps(shown, table) -> the trump suit's letter, or None (no trumps); shown: the cards the dealer shows",
    "first_card": "first_card(shown, table) -> the card the dealer leaves face up as the first card of the first "
                  "trick, before the bids; or None: the dealer chooses it",
    "trick_points": "trick_points(winners, table) -> the points each winner of the trick scores for it",
}
#: Who leads the next trick: its winner (the first named, when several win), or the player left of
#: the one who led this one.
LEADS = ("winner", "left")
#: The common names of suit letters and of court ranks, and symbols for the four French suits.
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "S": "spades", "H": "hearts"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "S": "♠", "H": "♥"}
RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
#: A game's name in the registry: small letters, digits and underscores.
_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
_RANK = re.compile(r"[0-9A-Z]{1,3}")
_CARD_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 '\-]{0,29}")
MOST_PLAYERS = 10


class DescriptionError(ValueError):
    """A description the kit cannot play: ``part`` names the part of the description at fault.

    >>> print(DescriptionError("ranks", "no ranks given"))
    the description's ranks: no ranks given
    """

    def __init__(self, part: str, what: str):
        self.part, self.what = part, what
        super().__init__(f"the description's {part}: {what}")


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its suit letter and its rank's text (``Card('QH')`` is the Q of suit H); ``strength``
    is the rank's place in the ranks, low to high, and ``suit_name`` the suit's name in its game's
    description (neither counts for equality); ``name``, in a deck of named cards, is how the card is
    written and said (two cards of one rank and suit differ by their names).

    >>> str(Card("P", "8", 7, name="Diplomat")), Card("P", "8", 7, name="Diplomat").describe()
    ('Diplomat', 'the Diplomat')
    """

    suit: str
    rank: str
    strength: int = field(default=0, compare=False)
    suit_name: str = field(default="", compare=False)
    name: str = ""

    def __str__(self) -> str:
        return self.name or f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def describe(self, suit_names: Mapping[str, str] = SUIT_WORDS) -> str:
        """The card in words: ``'the queen of hearts'``, ``'the 7 of red'`` (a suit named by its game),
        ``'the 7 of suit R'``.

        >>> Card("R", "7", 6, "red").describe(), Card("R", "7").describe()
        ('the 7 of red', 'the 7 of suit R')
        """
        if self.name:
            return f"the {self.name}"
        suit = self.suit_name or suit_names.get(self.suit)
        return f"the {RANK_WORDS.get(self.rank, self.rank)} of {suit or 'suit ' + self.suit}"


@dataclass(frozen=True)
class Bidding:
    """Every player bids once, from the dealer's left (the dealer last), the tricks he means to win:
    0 to the cards in hand. With ``hook_rule`` the dealer may not make the bids total the tricks;
    ``may_bid(bid, table)``, when given, is a rule of the class's own (True: the bid is allowed).
    With ``cards=N`` a player bids by laying N cards of his hand face down instead (a cross of
    two, in Wimmüln): the first is turned face up once every player has laid his, the others when
    the hand is scored; the ``score`` hook reads them (``result.bid``, the cards laid, in order)."""

    hook_rule: bool = False
    may_bid: Callable[[int, Any], bool] | None = None
    cards: int = 0


@dataclass(frozen=True)
class Scoring:
    """How a player scores at the end of the hand: ``per_trick`` points for each trick won (or
    ``trick_points(winners, table)``, a hook saying what each winner of a trick scores for it), the
    points of the cards in his tricks (``card_points``, by card, rank or suit: ``{"QS": 13, "H": 1}``,
    see :meth:`points_of`), ``exact_bid_bonus`` more for winning exactly the tricks bid; or
    ``score(result, table)``, a hook of the class's own, instead of all that. In a game of
    :class:`Turns` each trick's points are scored as it is won.

    >>> Scoring(card_points={"QS": 13, "H": 1}).points_of(Card("S", "Q")), Scoring(card_points={"H": 1}).points_of(Card("H", "2"))
    (13, 1)
    """

    per_trick: int = 1
    card_points: Mapping[str, int] = field(default_factory=dict)
    exact_bid_bonus: int = 0
    score: Callable[[Any, Any], int] | None = None
    trick_points: Callable[[Any, Any], int] | None = None

    def points_of(self, card: Card) -> int:
        """The points ``card`` is worth: its own entry (``"QS"``), else its rank's (``"Q"``), else its
        suit's (``"H"``), else 0."""
        points = self.card_points
        return points.get(str(card), points.get(card.rank, points.get(card.suit, 0)))


@dataclass(frozen=True)
class Turns:
    """A game played turn after turn, one trick a turn, not hand by hand (The Syndicate's shape):
    before he leads, the leader draws cards from the face-down stock until he holds ``draw_to``
    (when the stock is empty, the cards played so far are shuffled into a new one), each trick's
    points are scored as it is won, and the game ends as soon as a player has ``play_to`` points
    or more and more than every other player."""

    draw_to: int
    play_to: int


@dataclass(frozen=True)
class TrickGame:
    """A trick-taking game of one hand, described (see the module docstring).

    ``suits``: suit letters (``"CDSH"``) or {letter: name}; ``ranks``: low to high, a list or a text
    split on spaces; ``cards``: the deck as a list of card texts instead of every suit with every
    rank (equal cards may repeat), or as {a card's name: its rank and suit} (``{"Diplomat": "8P"}``),
    a deck of named cards, written and said by their names (hooks tell them apart by ``card.name``); ``in_play``: the hook ``in_play(deck, players, rng)`` naming the
    cards played with that many players (Wimmüln's three players take two colours out); ``hand_size``: a number, or the hook ``hand_size(players, most,
    rng)``, or, in a game of :class:`Turns`, one number per player from the first leader on
    (``(5, 4, 3)``); ``trumps``: None, a suit letter or ``"turned up"``; ``bidding``: None or
    :class:`Bidding`; ``may_play``, ``trick_winner``: hooks replacing the defaults (a trick's winner
    may be nobody when ``leads="left"``); ``leads``: who leads the next trick, its ``"winner"`` or
    the player on the ``"left"`` of its leader; ``face_down_lead``: whether the leader may lay a
    second card face down with his lead, turned up once everyone has played to the trick (hooks see
    it as ``table.face_down``); ``turns``: :class:`Turns`, a game played to a score; ``scoring``:
    :class:`Scoring`; ``rules``: sentences of the class's own, for the rules page (one per hook);
    ``house_rules``: named changes of some parts, ``{"lowest wins": {"trick_winner": ..., "rules":
    {...}}}``, each a rule set of the same game that the designer can compare with the standard one
    (:meth:`with_house_rule`).
    """

    name: str
    title: str
    players: range | int
    suits: str | Mapping[str, str]
    ranks: str | Sequence[str]
    hand_size: int | Callable[..., int]
    cards: Sequence[str] | Mapping[str, str] | None = None
    in_play: Callable[..., Any] | None = None
    trumps: str | Callable[..., Any] | None = NO_TRUMPS
    shown: int = 0
    first_card: Callable[..., Any] | None = None
    bidding: Bidding | None = None
    may_play: Callable[..., Any] | None = None
    trick_winner: Callable[..., Any] | None = None
    scoring: Scoring = Scoring()
    leads: str = "winner"
    face_down_lead: bool = False
    turns: Turns | None = None
    rules: Mapping[str, str] = field(default_factory=dict)
    house_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    # -- what the checked description holds (worked out by checked())

    @property
    def suit_letters(self) -> tuple[str, ...]:
        return tuple(self.suits)

    @property
    def suit_names(self) -> dict[str, str]:
        """Each suit's name: the description's, else the common one (clubs…), else "suit X"."""
        given = self.suits if isinstance(self.suits, Mapping) else {}
        return {suit: given.get(suit) or SUIT_WORDS.get(suit, f"suit {suit}") for suit in self.suit_letters}

    @property
    def rank_texts(self) -> tuple[str, ...]:
        return tuple(self.ranks.split()) if isinstance(self.ranks, str) else tuple(map(str, self.ranks))

    @property
    def player_range(self) -> range:
        return range(self.players, self.players + 1) if isinstance(self.players, int) else self.players

    @property
    def deck(self) -> tuple[Card, ...]:
        """Every card of the deck in hand order (by suit as the suits are given, then rank, then name)."""
        read = _plain_reader(self)
        if self.cards is None:
            return tuple(read(rank + suit) for suit in self.suit_letters for rank in self.rank_texts)
        if isinstance(self.cards, Mapping):
            return tuple(sorted((replace(read(text, where=f"the card {name}"), name=name)
                                 for name, text in self.cards.items()), key=self.hand_order))
        return tuple(sorted((read(text) for text in self.cards), key=self.hand_order))

    @property
    def named(self) -> bool:
        """Whether the deck's cards are named (``cards={name: text}``): then a list of cards is written
        with commas, a name holding spaces."""
        return isinstance(self.cards, Mapping)

    def written(self, cards) -> str:
        """Cards in a line of text: their texts split by spaces, or their names split by commas."""
        return (", " if self.named else " ").join(map(str, cards))

    def split_cards(self, line: str) -> list[str]:
        """The cards' texts (or names) written in ``line`` (:meth:`written`)."""
        return [part.strip() for part in line.split(",") if part.strip()] if self.named else line.split()

    def hand_order(self, card: Card) -> tuple[int, int, str]:
        """How hands are sorted: by suit in the order the suits are given, then rank, low to high,
        then name."""
        return self.suit_letters.index(card.suit), card.strength, card.name

    def hooks(self) -> dict[str, Callable[..., Any]]:
        """The hooks this description gives, by name (see :data:`HOOK_NAMES`)."""
        given = {"hand_size": self.hand_size if callable(self.hand_size) else None, "may_play": self.may_play,
                 "trick_winner": self.trick_winner,
                 "may_bid": self.bidding.may_bid if self.bidding is not None else None,
                 "score": self.scoring.score if isinstance(self.scoring, Scoring) else None,
                 "trick_points": self.scoring.trick_points if isinstance(self.scoring, Scoring) else None,
                 "trumps": self.trumps if callable(self.trumps) else None, "first_card": self.first_card,
                 "in_play": self.in_play}
        return {name: hook for name, hook in given.items() if hook is not None}

    def fewest_cards(self) -> int:
        """The fewest cards a hand may hold: the cards laid as a bid and one to play, and the cards
        the dealer shows."""
        laid = self.bidding.cards if self.bidding is not None else 0
        return max(laid + 1, self.shown)

    def dealt_sizes(self, players: int, size: int) -> tuple[int, ...]:
        """The cards dealt to each player from the first leader on: ``hand_size``'s numbers, or
        ``size`` (the number, or the ``hand_size`` hook's answer) to each."""
        return tuple(self.hand_size) if isinstance(self.hand_size, tuple) else (size,) * players

    def most_cards(self, players: int, in_play: int | None = None) -> int:
        """The most cards each of ``players`` can be dealt from ``in_play`` cards (None: the whole
        deck; one card is left to turn up for trumps)."""
        return ((len(self.deck) if in_play is None else in_play) - (self.trumps == TURNED_UP)) // players

    # -- the checks

    def checked(self) -> TrickGame:
        """This description if the kit can play it, else :class:`DescriptionError` naming the part
        at fault in a sentence; ranks, cards and players read into their one form."""
        _check_name(self.name, self.title)
        players = _check_players(self.players)
        suits = _check_suits(self.suits)
        ranks = _check_ranks(self.rank_texts, suits)
        game = replace(self, players=players, suits=suits, ranks=ranks,
                       cards=None if self.cards is None else _check_cards(self.cards))
        deck = _readable_deck(game)
        _check_trumps(game)
        game = _check_turns(game, len(deck))
        _check_hand_size(game, len(deck))
        _check_parts(game)
        _check_house_rules(game)
        return game

    def with_house_rule(self, name: str | None) -> TrickGame:
        """The description with the house rule ``name`` played (None: as written), checked.

        >>> base = TrickGame("base", "Base", 3, "CD", "1 2 3 4", 2, house_rules={"red": {"trumps": "D"}})
        >>> base.with_house_rule("red").trumps, base.with_house_rule(None).trumps
        ('D', None)
        >>> base.with_house_rule("red").title
        'Base, house rule: red'
        """
        return _played_under(self, name)


#: The parts a house rule may change: every part but the game's name, title, players and house rules.
HOUSE_RULE_PARTS = ("suits", "ranks", "hand_size", "cards", "in_play", "trumps", "shown", "first_card", "bidding", "may_play", "trick_winner",
                    "scoring", "leads", "face_down_lead", "turns", "rules")


#: The option of a game with house rules: the rule set played.
HOUSE_RULE = "house_rule"


def _played_under(game: Any, name: str | None) -> Any:
    """``game`` (a description with ``house_rules``) with the house rule ``name`` played (None: as
    written), checked, its title naming the house rule; DescriptionError when it has no such rule."""
    if name is None:
        return game.checked()
    if name not in game.house_rules:
        raise DescriptionError("house_rules", f"no house rule {short_text(name)!r}; the house rules are "
                                              f"{', '.join(game.house_rules) or 'none'}")
    played = replace(game, house_rules={}, **game.house_rules[name]).checked()
    return replace(played, title=f"{game.title}, house rule: {name}")


def _check_house_rules(game: Any, parts: Sequence[str] = HOUSE_RULE_PARTS,
                       example: str = "{'lowest wins': {'trick_winner': lowest_wins}}") -> None:
    """Each house rule of ``game`` (a description with ``house_rules``) names a change of some of
    ``parts`` that makes a game the kit can play, else DescriptionError naming the house rule."""
    rules = game.house_rules
    if not isinstance(rules, Mapping):
        raise DescriptionError("house_rules", f"house rules are {{a name: {{a part: its new value}}}}, such as "
                                              f"{example}")
    for name, changes in rules.items():
        if not isinstance(name, str) or not name.strip() or len(name) > 40 or name == STANDARD:
            raise DescriptionError("house_rules", f"a house rule's name is a text of 1 to 40 characters other than "
                                                  f"{STANDARD!r}, not {short_text(name)!r}")
        if not isinstance(changes, Mapping) or not changes:
            raise DescriptionError("house_rules", f"the house rule {name!r} is {{a part: its new value}}, not "
                                                  f"{short_text(changes)}")
        unknown = sorted(set(changes) - set(parts))
        if unknown:
            raise DescriptionError("house_rules", f"the house rule {name!r} changes {unknown[0]!r}, which is no part "
                                                  f"it may change ({', '.join(parts)})")
        try:
            replace(game, house_rules={}, **changes).checked()
        except DescriptionError as err:
            raise DescriptionError(f"house rule {name!r}", str(err)) from None


def card_reader(game: TrickGame) -> Callable[..., Card]:
    """``read(text, where=...)``: the card written as its rank then its suit letter (``QH``, ``10S``;
    any case and spacing; ``♥`` for H and the other French suit symbols), or by its name in a deck of
    named cards (any case and spacing); or ParseError.

    >>> named = TrickGame("x", "X", 3, "PE", "1 2", 1, cards={"Pact": "2P", "Chance Meeting": "2E"})
    >>> card_reader(named)("chance  meeting").name
    'Chance Meeting'
    >>> card_reader(named)("Pawn")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: card: no card named 'Pawn'; the cards are named Pact, Chance Meeting
    """
    if not game.named:
        return _plain_reader(game)
    by_name = {_name_key(card.name): card for card in game.deck}

    def read_name(text: str, *, where: str = "card") -> Card:
        if not isinstance(text, str):
            raise ParseError(f"a card is written by its name, such as {next(iter(game.cards))}, not "
                             f"{short_text(text)}", where=where)
        card = by_name.get(_name_key(text))
        if card is None:
            raise ParseError(f"no card named {quoted(text.strip())}; the cards are named "
                             f"{', '.join(list(game.cards)[:4])}{', …' if len(game.cards) > 4 else ''}", where=where)
        return card

    return read_name


def _name_key(name: str) -> str:
    """A card's name as it is looked up: any case and spacing."""
    return " ".join(name.split()).casefold()


def _plain_reader(game: TrickGame) -> Callable[..., Card]:
    """The reader of cards written as a rank and a suit letter (:func:`card_reader`).

    >>> read = card_reader(TrickGame("x", "X", 3, "RG", "1 2 3", 1))
    >>> read(" 2 r"), read("3G").strength
    (Card('2R'), 2)
    >>> read("4R")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: card: no rank '4'; the ranks are 1, 2, 3
    """
    suits, ranks, names = game.suit_letters, game.rank_texts, game.suit_names
    strength = {rank: place for place, rank in enumerate(ranks)}
    symbols = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items() if letter in suits}

    def read(text: str, *, where: str = "card") -> Card:
        if not isinstance(text, str):
            raise ParseError(f"a card is written as text such as {ranks[-1]}{suits[0]}, not {short_text(text)}",
                             where=where)
        written = "".join(text.split()).upper()
        suit = symbols.get(written[-1:], written[-1:])
        if len(written) < 2 or suit not in suits:
            raise ParseError(f"expected a rank and a suit letter such as {ranks[-1]}{suits[0]} (suits "
                             f"{', '.join(suits)}), got {quoted(text.strip())}", where=where)
        rank = written[:-1]
        if rank not in strength:
            raise ParseError(f"no rank {quoted(rank)}; the ranks are {', '.join(ranks)}", where=where)
        return Card(suit, rank, strength[rank], names[suit])

    return read


def _check_name(name: Any, title: Any) -> None:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise DescriptionError("name", f"a game's name is small letters, digits and underscores, starting with a "
                                       f"letter (such as 'low_hell'), not {short_text(name)!r}")
    if name in GAME_NAMES:
        raise DescriptionError("name", f"{name!r} is the name of a game of the package; choose another")
    if not isinstance(title, str) or not title.strip() or len(title) > 60:
        raise DescriptionError("title", f"a title is a text of 1 to 60 characters, not {short_text(title)!r}")


def _check_players(players: Any) -> range:
    if isinstance(players, int) and not isinstance(players, bool):
        players = range(players, players + 1)
    if not isinstance(players, range) or players.step != 1 or not players:
        raise DescriptionError("players", f"players are a number or a range such as range(3, 6) (3 to 5 players), "
                                          f"not {short_text(players)}")
    if players.start < 2 or players.stop - 1 > MOST_PLAYERS:
        raise DescriptionError("players", f"a game is for 2 to {MOST_PLAYERS} players, not "
                                          f"{players.start} to {players.stop - 1}")
    return players


def _check_suits(suits: Any) -> str | dict[str, str]:
    letters = list(suits) if isinstance(suits, (str, Mapping)) else None
    if not letters or any(not isinstance(s, str) or len(s) != 1 or not ("A" <= s <= "Z") for s in letters):
        raise DescriptionError("suits", f"suits are capital letters, such as 'CDSH' or {{'R': 'red', 'G': 'green'}}, "
                                        f"not {short_text(suits)}")
    if len(set(letters)) != len(letters):
        raise DescriptionError("suits", f"a suit letter is given twice in {short_text(suits)}")
    if isinstance(suits, Mapping):
        bad = [s for s, name in suits.items() if not isinstance(name, str) or not name.strip()]
        if bad:
            raise DescriptionError("suits", f"the suit {bad[0]} has no name (a suit's name is a text, such as 'red')")
        return dict(suits)
    return suits


def _check_ranks(ranks: tuple[str, ...], suits: Any) -> tuple[str, ...]:
    if not ranks:
        raise DescriptionError("ranks", "no ranks given; ranks are listed low to high, such as '2 3 4 5 6 7 8 9 10 J Q K A'")
    for rank in ranks:
        if not _RANK.fullmatch(rank):
            raise DescriptionError("ranks", f"a rank is 1 to 3 digits or capital letters, not {quoted(rank)}")
        if rank[-1] in suits:
            raise DescriptionError("ranks", f"the rank {rank!r} ends with the suit letter {rank[-1]!r}, so a card "
                                            f"such as {rank}{list(suits)[0]} could not be read; use other letters")
    if len(set(ranks)) != len(ranks):
        raise DescriptionError("ranks", f"a rank is given twice in {' '.join(ranks)}")
    return ranks


def _check_cards(cards: Any) -> tuple[str, ...] | dict[str, str]:
    if isinstance(cards, Mapping):
        names = [name for name in cards if not isinstance(name, str) or not _CARD_NAME.fullmatch(name)]
        if names or not cards:
            raise DescriptionError("cards", f"a card's name is 1 to 30 letters, digits, spaces, ' or -, starting with a "
                                            f"letter or digit, not {short_text(names[0] if names else cards)!r}")
        keys = [_name_key(name) for name in cards]
        twice = next((name for name, key in zip(cards, keys) if keys.count(key) > 1), None)
        if twice is not None:
            raise DescriptionError("cards", f"two cards are named {twice!r}: a card's name says which card it is")
        return dict(cards)
    if isinstance(cards, str) or not isinstance(cards, Sequence) or not cards:
        raise DescriptionError("cards", f"the cards are a list of card texts such as ['1R', '1R', '2G'], or "
                                        f"{{a name: its card text}}, not {short_text(cards)}")
    return tuple(cards)


def _readable_deck(game: TrickGame) -> tuple[Card, ...]:
    try:
        return game.deck
    except ParseError as err:
        raise DescriptionError("cards", err.what) from None


def _check_trumps(game: TrickGame) -> None:
    shown = game.shown
    if isinstance(shown, bool) or not isinstance(shown, int) or not 0 <= shown <= 3:
        raise DescriptionError("shown", f"the cards the dealer shows are a whole number from 0 to 3, not "
                                        f"{short_text(shown)}")
    for name in ("trumps", "first_card"):
        if callable(getattr(game, name)):
            _check_hook(name, getattr(game, name), 2)
            if not shown:
                raise DescriptionError(name, f"{name} is given the cards the dealer shows, but he shows none: "
                                             "say how many with shown=2")
    if game.first_card is not None and not callable(game.first_card):
        raise DescriptionError("first_card", f"first_card is a function, {HOOK_NAMES['first_card']}; not "
                                             f"{short_text(game.first_card)}")
    if callable(game.trumps):
        return
    if game.trumps is not NO_TRUMPS and game.trumps != TURNED_UP and game.trumps not in game.suit_letters:
        raise DescriptionError("trumps", f"no suit {short_text(game.trumps)!r}; trumps are None (no trumps), a suit "
                                         f"among {', '.join(game.suit_letters)}, or 'turned up'")


def _check_turns(game: TrickGame, deck_size: int) -> TrickGame:
    """Who leads, the face-down lead, a game of :class:`Turns` and hands of different sizes (which
    only such a game has); the description with ``hand_size`` as a tuple when it is a list."""
    if game.leads not in LEADS:
        raise DescriptionError("leads", f"the next trick is led by its 'winner' or by the player on the 'left' of "
                                        f"its leader, not {short_text(game.leads)}")
    if not isinstance(game.face_down_lead, bool):
        raise DescriptionError("face_down_lead", f"face_down_lead is True or False, not "
                                                 f"{short_text(game.face_down_lead)}")
    turns, size = game.turns, game.hand_size
    if isinstance(size, Sequence) and not isinstance(size, str):
        size = tuple(size)
        game = replace(game, hand_size=size)
        if turns is None:
            raise DescriptionError("hand_size", "hands of different sizes are dealt only in a game of turns "
                                                "(turns=Turns(draw_to=..., play_to=...)), where each leader draws "
                                                "up to his hand before he leads; give one number for every hand")
        if len(game.player_range) != 1 or len(size) != game.player_range.start:
            raise DescriptionError("hand_size", f"one number per player from the first leader on, for "
                                                f"{game.player_range.start} to {game.player_range.stop - 1} players: "
                                                f"the game needs a fixed number of players as many as the numbers "
                                                f"({len(size)})")
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in size):
            raise DescriptionError("hand_size", f"each hand is a whole number of cards from 1 up, not "
                                                f"{short_text(size)}")
    if turns is None:
        return game
    if not isinstance(turns, Turns):
        raise DescriptionError("turns", f"turns is None (one hand) or Turns(draw_to=5, play_to=12), not "
                                        f"{short_text(turns)}")
    for name, low, high in (("draw_to", 1, 20), ("play_to", 1, 100)):
        value = getattr(turns, name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise DescriptionError("turns", f"{name} is a whole number from {low} to {high}, not {short_text(value)}")
    players = game.player_range.stop - 1
    largest = max(size) if isinstance(size, tuple) else size if isinstance(size, int) else turns.draw_to
    if largest > turns.draw_to:
        raise DescriptionError("hand_size", f"a hand of {count_of(largest, 'card')} is more than the "
                                            f"{turns.draw_to} a leader draws up to")
    if players * turns.draw_to + 1 > deck_size:
        raise DescriptionError("turns", f"{players} players holding {turns.draw_to} cards each need a deck of more "
                                        f"than {players * turns.draw_to} cards, but it holds {deck_size}")
    scoring = game.scoring
    if game.bidding is not None:
        raise DescriptionError("bidding", "a game of turns has no bidding: each trick is scored as it is won")
    if isinstance(scoring, Scoring) and (scoring.card_points or scoring.exact_bid_bonus or scoring.score):
        raise DescriptionError("scoring", "a game of turns scores each trick as it is won: per_trick points to "
                                          "each winner, or the hook trick_points; not card_points, "
                                          "exact_bid_bonus or score")
    if game.trumps == TURNED_UP or game.shown or game.first_card is not None or game.in_play is not None:
        raise DescriptionError("turns", "a game of turns has no card turned up for trumps, no cards shown, no "
                                        "first card laid by the dealer and no cards set aside")
    return game


def _check_hand_size(game: TrickGame, deck_size: int) -> None:
    size = game.hand_size
    if isinstance(size, tuple):
        if sum(size) > deck_size:
            raise DescriptionError("hand_size", f"hands of {', '.join(map(str, size))} cards are {sum(size)} cards, "
                                                f"but the deck holds {deck_size}")
        return
    if callable(size):
        _check_hook("hand_size", size, 3)
        return
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise DescriptionError("hand_size", f"the cards each player is dealt are a whole number from 1 up, or a hook "
                                            f"{HOOK_NAMES['hand_size']}; not {short_text(size)}")
    players = game.player_range.stop - 1
    needed = players * size + (game.trumps == TURNED_UP)
    if needed > deck_size:
        also = " and one turned up for trumps" if game.trumps == TURNED_UP else ""
        raise DescriptionError("hand_size", f"{count_of(size, 'card')} each for {players} players{also} is "
                                            f"{count_of(needed, 'card')}, but the deck holds {deck_size}")


def _check_parts(game: TrickGame) -> None:
    bidding, scoring = game.bidding, game.scoring
    if bidding is not None and not isinstance(bidding, Bidding):
        raise DescriptionError("bidding", f"bidding is None (no bidding) or Bidding(hook_rule=True, may_bid=...), not "
                                          f"{short_text(bidding)}")
    if bidding is not None and not isinstance(bidding.hook_rule, bool):
        raise DescriptionError("bidding", f"hook_rule is True or False, not {short_text(bidding.hook_rule)}")
    if bidding is not None and (isinstance(bidding.cards, bool) or not isinstance(bidding.cards, int)
                                or not 0 <= bidding.cards <= 3):
        raise DescriptionError("bidding", f"cards (the cards each player lays as his bid) is a whole number from 0 "
                                          f"(he says a number) to 3, not {short_text(bidding.cards)}")
    if bidding is not None and bidding.cards and bidding.hook_rule:
        raise DescriptionError("bidding", "the hook rule counts the tricks bid, but here players lay cards as "
                                          "their bids: use one or the other")
    if bidding is not None and bidding.cards and scoring.exact_bid_bonus:
        raise DescriptionError("scoring", "an exact_bid_bonus counts the tricks bid, but here players lay cards as "
                                          "their bids: score the cards laid with a score hook")
    if isinstance(game.hand_size, int) and game.hand_size < game.fewest_cards():
        raise DescriptionError("hand_size", f"each player needs at least {count_of(game.fewest_cards(), 'card')}: "
                                            "the cards laid as a bid and one to play, and the cards the dealer shows")
    if not isinstance(scoring, Scoring):
        raise DescriptionError("scoring", f"scoring is Scoring(per_trick=..., card_points=..., exact_bid_bonus=..., "
                                          f"score=...), not {short_text(scoring)}")
    for name in ("per_trick", "exact_bid_bonus"):
        value = getattr(scoring, name)
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1000:
            raise DescriptionError("scoring", f"{name} is a whole number from -1000 to 1000, not {short_text(value)}")
    if scoring.exact_bid_bonus and bidding is None:
        raise DescriptionError("scoring", "an exact_bid_bonus needs bidding: nobody bids in this game")
    _check_card_points(game)
    if not isinstance(game.rules, Mapping) or any(not isinstance(v, str) for v in game.rules.values()):
        raise DescriptionError("rules", "rules are {hook name: a sentence saying the rule}, such as "
                                        "{'trick_winner': 'The lowest card of the suit led wins.'}")
    unknown = sorted(set(game.rules) - set(HOOK_NAMES))
    if unknown:
        raise DescriptionError("rules", f"no hook named {unknown[0]!r}; the hooks are {', '.join(HOOK_NAMES)}")
    for name, places in (("may_play", 2), ("trick_winner", 2)):
        if getattr(game, name) is not None:
            _check_hook(name, getattr(game, name), places)
    if bidding is not None and bidding.may_bid is not None:
        _check_hook("may_bid", bidding.may_bid, 2)
    if game.in_play is not None:
        _check_hook("in_play", game.in_play, 3)
    if scoring.score is not None:
        _check_hook("score", scoring.score, 2)
    if scoring.trick_points is not None:
        _check_hook("trick_points", scoring.trick_points, 2)


def _check_card_points(game: TrickGame) -> None:
    points = game.scoring.card_points
    if not isinstance(points, Mapping):
        raise DescriptionError("scoring", f"card_points is {{card, rank or suit: points}}, not {short_text(points)}")
    known = {str(card) for card in game.deck} | set(game.rank_texts) | set(game.suit_letters)
    for key, value in points.items():
        if key not in known:
            raise DescriptionError("scoring", f"card_points names {short_text(key)!r}, which is no card, rank or suit "
                                              f"of the deck")
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1000:
            raise DescriptionError("scoring", f"the points of {key} are a whole number from -1000 to 1000, "
                                              f"not {short_text(value)}")


def _check_hook(name: str, hook: Any, places: int) -> None:
    """A hook is a function taking the values :data:`HOOK_NAMES` says."""
    if not callable(hook):
        raise DescriptionError(name, f"{name} is a function, {HOOK_NAMES[name]}; not {short_text(hook)}")
    try:
        signature = inspect.signature(hook)
    except (TypeError, ValueError):
        return              # a built-in function: its arguments cannot be read, it is tried in play
    try:
        signature.bind(*range(places))
    except TypeError:
        raise DescriptionError(name, f"{name} must take {places} values: {HOOK_NAMES[name]}; it takes "
                                     f"({', '.join(signature.parameters)})") from None
