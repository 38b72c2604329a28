"""Plotters Inc. (Klaus Palesch, Gameology 2021; first published as *Mit List und Tücke*, 1999).

A trick-taking game where nobody wins a trick alone: **High** (the highest card of the led
colour) picks half the trick, rounded up, and **Low** (the lowest card of another colour) must
take the rest. Every player wants many cards in two colours and few in the others: a round
scores ``a × b // r`` (the two largest open stacks, divided by all other collected cards).

>>> game = new_game(5, seed=1)
>>> game.current_player, [len(hand) for hand in game.hands]
(1, [14, 14, 14, 14, 14])
>>> game = game.apply(game.legal_actions()[0])
>>> game.current_player
2

The rulebook's examples of scoring (players A to E):

>>> [score_round(open_stacks, discarded) for open_stacks, discarded in
...  [((5, 6, 3), 0), ((5, 4, 3), 0), ((7, 8), 4), ((7, 1, 1), 0), ((3, 5), 0)]]
[10, 6, 14, 7, 15]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from ...core import GameState, ParseError, Setup, fresh_seed, scenario_fields, seeded_random
from .cards import (CARDS_PER_PLAYER, COLOURS, DEAL, KEEP, PLAY, TAKE, Action, Card, Deal, Keep, Play, Take,
                    deck_for, keep_action, parse_action, parse_cards, parse_colour)

PLAY_PHASE, TAKE_PHASE, KEEP_PHASE, ROUND_OVER, GAME_OVER = "play", "take", "keep", "round over", "game over"
MAX_COLOURS_IN_TRICK = 3


# ---------------------------------------------------------------- the rules, one function each


def first_leader(dealer: int, players: int) -> int:
    """The player left of the dealer leads the first trick of a round (our ruling: the
    rulebook's vote for "who looks like they have the most to hide" only picks the first dealer)."""
    return (dealer + 1) % players


def deal(players: int, seed: int, round_number: int) -> tuple[tuple[Card, ...], ...]:
    """Shuffle the deck for this player count and give every player 14 cards (sorted).

    Each round has its own shuffle, drawn from the game's seed and the round's number.
    """
    cards = list(deck_for(players))
    seeded_random(seed, "deal", round_number).shuffle(cards)
    return tuple(tuple(sorted(cards[seat * CARDS_PER_PLAYER:(seat + 1) * CARDS_PER_PLAYER]))
                 for seat in range(players))


def trick_colours(trick: tuple[tuple[int, Card], ...]) -> set[str]:
    """The colours already in a trick."""
    return {card.colour for _, card in trick}


def legal_plays(hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...]) -> tuple[Card, ...]:
    """The cards a player may play to the trick.

    Rulebook: "Players are not required to follow suit with the trump card, but a trick cannot
    have cards in more than 3 colors, ie: if there are already cards on the table in 3 different
    colors when your turn comes, then you must play a card in one of these colors."
    """
    if len(trick) < MAX_COLOURS_IN_TRICK:
        return hand
    colours = trick_colours(trick)
    if len(colours) < MAX_COLOURS_IN_TRICK:
        return hand
    return tuple(card for card in hand if card.colour in colours)


def is_blocked(hand: tuple[Card, ...], trick: tuple[tuple[int, Card], ...]) -> bool:
    """Whether a player cannot play at all, which ends the round at once.

    Rulebook: "If a player only has cards in the fourth color, he cannot play and the trick, as
    well as the round, immediately ends."
    """
    return bool(hand) and not legal_plays(hand, trick)


def trump_colour(trick: tuple[tuple[int, Card], ...]) -> str:
    """Rulebook: "This card will be the opening lead in the trump suit. Every other color in
    this trick will be a non-trump suit." The led colour is the trick's trump."""
    return trick[0][1].colour


def high_play(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card]:
    """(seat, card) of High: "The player who played the highest trump card (the largest
    numbered card of the led suit) must take his pick from the cards played in the current
    trick". Each colour has each number once, so High is never tied."""
    trump = trump_colour(trick)
    return max(((seat, card) for seat, card in trick if card.colour == trump), key=lambda play: play[1].number)


def low_play(trick: tuple[tuple[int, Card], ...]) -> tuple[int, Card] | None:
    """(seat, card) of Low, or None when every card is of the led colour.

    Rulebook: "The player who played the lowest non-trump card receives the remaining cards
    from the trick (which he must take)" and "If more than one player has played a non-led
    card of the same lowest value the player who played the first of the lowest cards will be
    the one who wins the second part of the trick."
    """
    trump = trump_colour(trick)
    others = [(seat, card) for seat, card in trick if card.colour != trump]
    if not others:
        return None
    return min(others, key=lambda play: play[1].number)  # min keeps the first of equals


def high_share(players: int) -> int:
    """How many cards High picks: "half the cards rounded up: In a 4-player game he takes 2
    cards; in a 5- or 6-player game he takes 3 cards." Low receives the rest."""
    return (players + 1) // 2


def collect(stacks: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], kept: tuple[str, str] | None,
            cards: tuple[Card, ...]) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """(open stacks by colour, discard pile) after a player takes ``cards``.

    Rulebook: "The two winners of a trick place the cards in open stacks sorted by colors" and,
    once two colours are kept, "Any cards “collected” in the two wrong colors are placed in the
    players personal “discard”-pile."
    """
    piles = list(stacks)
    for card in cards:
        if kept is not None and card.colour not in kept:
            discard = discard + (card,)
        else:
            index = COLOURS.index(card.colour)
            piles[index] = piles[index] + (card,)
    return tuple(piles), discard


def must_choose_colours(stacks: tuple[tuple[Card, ...], ...], kept: tuple[str, str] | None) -> bool:
    """Rulebook: "As soon as a player has collected cards in all 4 colors, he must decide which
    two colors he will count towards his score and which two colors he will disregard.\""""
    return kept is None and all(stacks)


def keep_colours(stacks: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], kept: tuple[str, str]
                 ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """(open stacks, discard pile) after choosing the two colours to keep.

    Rulebook: "He simply turns the two disregarded stacks over and places them in a single pile
    with the backside up. The two chosen colors remain revealed." Any two of the four may be kept.
    """
    dropped = tuple(card for colour, stack in zip(COLOURS, stacks) if colour not in kept for card in stack)
    return tuple(stack if colour in kept else () for colour, stack in zip(COLOURS, stacks)), discard + dropped


def score_round(open_stacks: tuple[int, ...], discarded: int) -> int:
    """The score of a round from the sizes of the open stacks and of the discard pile.

    Rulebook: "Each player counts the number of cards in his two largest open stacks and
    multiplies the two numbers with each other. The sum is then divided by the number of
    remaining cards (ignore any remainder in the result)". "If a player has cards in one single
    color only, he has scored 0 (zero) points!" and "If a player has cards in exactly two
    colors, the sum is not divided by 0 (zero)." The remaining cards are a third open stack
    and the discard pile.

    >>> score_round((5, 6, 3), 0), score_round((7, 8), 4), score_round((3, 5), 0), score_round((9,), 0)
    (10, 14, 15, 0)
    """
    largest, second, remaining = _score_parts(open_stacks, discarded)
    if second == 0:
        return 0
    product = largest * second
    return product // remaining if remaining else product


def _score_parts(open_stacks: tuple[int, ...], discarded: int) -> tuple[int, int, int]:
    sizes = sorted((size for size in open_stacks if size), reverse=True) + [0, 0]
    return sizes[0], sizes[1], sum(sizes[2:]) + discarded


def score_formula(open_stacks: tuple[int, ...], discarded: int) -> str:
    """The score as a worked sum, the way the rulebook writes its examples.

    >>> score_formula((5, 6, 3), 0)
    '6 × 5 = 30, divided by 3 remaining cards = 10'
    >>> score_formula((5, 4, 3), 0)
    '5 × 4 = 20, divided by 3 remaining cards = 6 (remainder ignored)'
    >>> score_formula((3, 5), 0)
    '5 × 3 = 15, no remaining cards: not divided = 15'
    >>> score_formula((4,), 2)
    'cards in one colour only: 0'
    """
    largest, second, remaining = _score_parts(open_stacks, discarded)
    if largest == 0:
        return "no cards: 0"
    if second == 0:
        return "cards in one colour only: 0"
    product = largest * second
    if not remaining:
        return f"{largest} × {second} = {product}, no remaining cards: not divided = {product}"
    rest = " (remainder ignored)" if product % remaining else ""
    return (f"{largest} × {second} = {product}, divided by {remaining} remaining "
            f"card{'s' if remaining != 1 else ''} = {product // remaining}{rest}")


# ---------------------------------------------------------------- the state


@dataclass(frozen=True)
class State(GameState):
    """A position of Plotters Inc.: hands, the trick, every player's open stacks and discard pile.

    ``phase`` says what happens next: ``play`` (a card to the trick), ``take`` (High picks
    one card of the full trick), ``keep`` (a player holding all four colours keeps two),
    ``round over`` (the next dealer deals) or ``game over``.
    """

    GAME = "plotters"
    setup: Setup
    round_number: int                               # 0 for the first round
    dealer: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    leader: int                                     # who leads the trick on the table (or the next one)
    trick: tuple[tuple[int, Card], ...] = ()        # (seat, card) in the order played
    picked: tuple[Card, ...] = ()                   # High's picks so far from the full trick
    stacks: tuple[tuple[tuple[Card, ...], ...], ...] = ()   # per seat, per colour (COLOURS order)
    kept: tuple[tuple[str, str] | None, ...] = ()
    discards: tuple[tuple[Card, ...], ...] = ()
    worthless: tuple[Card, ...] = ()                # cards that count for nobody this round
    choosers: tuple[int, ...] = ()                  # seats that must now keep two colours
    tricks_done: int = 0
    round_scores: tuple[tuple[int, ...], ...] = ()  # one tuple per finished round
    # The moves and the log grow by one link per action: (earlier links, new item). Copying
    # whole tuples at every move would make a game quadratic; ``history`` and ``log`` build
    # the tuples when asked. Two states are equal when their positions are.
    history_links: tuple | None = field(default=None, compare=False, repr=False)
    log_links: tuple | None = field(default=None, compare=False, repr=False)
    _memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since the game's first state."""
        if "history" not in self._memo:
            self._memo["history"] = tuple(_unlink(self.history_links))
        return self._memo["history"]

    @property
    def log(self) -> tuple[str, ...]:
        """What happened so far, in words."""
        if "log" not in self._memo:
            self._memo["log"] = tuple(line for lines in _unlink(self.log_links) for line in lines)
        return self._memo["log"]

    # -- protocol
    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's total over the finished rounds."""
        return tuple(sum(column) for column in zip(*self.round_scores)) if self.round_scores \
            else (0,) * self.players

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def rounds(self) -> int:
        """A game has as many rounds as players: "The game ends after a number of rounds equal to
        the number of players.\""""
        return self.players

    @property
    def current_player(self) -> int | None:
        memo = self._memo
        if "player" not in memo:
            phase = self.phase
            if phase == PLAY_PHASE:
                memo["player"] = (self.leader + len(self.trick)) % self.players
            elif phase == TAKE_PHASE:
                memo["player"] = high_play(self.trick)[0]
            elif phase == KEEP_PHASE:
                memo["player"] = self.choosers[0]
            elif phase == ROUND_OVER:
                memo["player"] = (self.dealer + 1) % self.players
            else:
                memo["player"] = None
        return memo["player"]

    @property
    def high(self) -> tuple[int, Card] | None:
        """High's (seat, card) once the trick is full, else None."""
        return high_play(self.trick) if len(self.trick) == self.players else None

    @property
    def low(self) -> tuple[int, Card] | None:
        """Low's (seat, card) once the trick is full (None also when all cards share a colour)."""
        return low_play(self.trick) if len(self.trick) == self.players else None

    def open_sizes(self, seat: int) -> tuple[int, ...]:
        """The sizes of a player's open stacks, in COLOURS order."""
        return tuple(len(stack) for stack in self.stacks[seat])

    def round_score(self, seat: int) -> int:
        """What the player's collection would score if the round ended now."""
        return score_round(self.open_sizes(seat), len(self.discards[seat]))

    def legal_actions(self) -> tuple[Action, ...]:
        if "legal" in self._memo:
            return self._memo["legal"]
        phase = self.phase
        if phase == PLAY_PHASE:
            actions = tuple(map(PLAY.__getitem__, legal_plays(self.hands[self.current_player], self.trick)))
        elif phase == TAKE_PHASE:
            actions = tuple(TAKE[card] for _, card in self.trick if card not in self.picked)
        elif phase == KEEP_PHASE:
            actions = tuple(KEEP.values())
        elif phase == ROUND_OVER:
            actions = (DEAL,)
        else:
            actions = ()
        self._memo["legal"] = actions
        return actions

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        player = self.current_player
        wanted = {PLAY_PHASE: Play, TAKE_PHASE: Take, KEEP_PHASE: Keep, ROUND_OVER: Deal}[self.phase]
        if not isinstance(action, wanted):
            doing = {PLAY_PHASE: f"player {player} must play a card to the trick",
                     TAKE_PHASE: f"the trick is full; player {player} (High) must take a card from it",
                     KEEP_PHASE: f"player {player} holds all four colours and must keep two",
                     ROUND_OVER: f"the round is over; player {player} deals the next one"}[self.phase]
            return "turn order", doing
        if isinstance(action, Play):
            if action.card not in self.hands[player]:
                return "cards in hand", f"player {player} does not hold {action.card.name}"
            colours = ", ".join(sorted(trick_colours(self.trick), key=COLOURS.index))
            return ("at most 3 colours in a trick",
                    f"the trick already holds {colours}; {action.card.colour} would be a fourth colour")
        if action.card in self.picked:  # a Take: every Keep and Deal is legal in its own phase
            return "High's pick", f"player {player} has already taken {action.card.name}"
        return "High's pick", f"{action.card.name} is not in the trick"

    def observation(self, player: int) -> dict[str, Any]:
        """The player's own hand and everything public. The rulebook keeps the stacks open "so that
        all players can see which colors a player is collecting, but not necessarily how many cards
        there are": we show them in full, since every taken card was seen in its trick."""
        return {
            "player": player,
            "round": self.round_number + 1,
            "dealer": self.dealer,
            "phase": self.phase,
            "hand": self.hands[player],
            "hand_sizes": tuple(len(hand) for hand in self.hands),
            "trick": self.trick,
            "picked": self.picked,
            "stacks": self.stacks,
            "kept": self.kept,
            "discard_sizes": tuple(len(pile) for pile in self.discards),
            "worthless": len(self.worthless),
            "scores": self.scores,
        }

    def to_svg(self, viewer: int | None = None) -> str:
        from .render import state_picture

        return state_picture(self, viewer).svg()

    # -- moves
    def _replaced(self, **changes) -> State:
        """A copy with some fields changed.

        Copies the instance dictionary instead of calling the constructor: this is the hot
        path of every simulation, and all fields are immutable, so sharing them is safe.
        """
        values = self.__dict__.copy()
        values.update(changes, _memo={})
        state = object.__new__(State)
        object.__setattr__(state, "__dict__", values)
        return state

    def _with(self, action: Action, lines: tuple[str, ...], **changes) -> State:
        """A copy with some fields changed, the action recorded and the log extended."""
        return self._replaced(history_links=(self.history_links, action), log_links=(self.log_links, lines), **changes)

    def _after(self, action: Action) -> State:
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, Take):
            return self._take(action)
        if isinstance(action, Keep):
            return self._keep(action)
        return self._deal_next_round(action)

    def _play(self, action: Play) -> State:
        player = self.current_player
        card = action.card
        hands = list(self.hands)
        hand = hands[player]
        at = hand.index(card)
        hands[player] = hand[:at] + hand[at + 1:]
        trick = self.trick + ((player, card),)
        if len(trick) == 1:
            lines = (f"Player {player} leads {card.name}: {card.colour} is trump for this trick.",)
        else:
            lines = (f"Player {player} plays {card.name}.",)
        n = self.players
        if len(trick) == n:
            high_seat, high_card = high_play(trick)
            low = low_play(trick)
            share = high_share(n)
            if low is None:
                lines += (f"Every card is {high_card.colour}: High, player {high_seat} ({high_card.name}), "
                          f"picks {share}; the other {n - share} are discarded from the game and "
                          f"player {high_seat} leads next.",)
            else:
                lines += (f"High is player {high_seat} ({high_card.name}, the highest {high_card.colour}) and "
                          f"picks {share} cards; Low is player {low[0]} ({low[1].name}, the lowest card not "
                          f"{high_card.colour}) and takes the other {n - share} and leads next.",)
            return self._with(action, lines, phase=TAKE_PHASE, hands=tuple(hands), trick=trick)
        state = self._with(action, lines, hands=tuple(hands), trick=trick)
        next_player = (self.leader + len(trick)) % n
        if is_blocked(hands[next_player], trick):
            colours = ", ".join(sorted(trick_colours(trick), key=COLOURS.index))
            return state._end_round(
                f"Player {next_player} holds only {hands[next_player][0].colour} cards, the fourth colour, "
                f"and cannot play to a trick of {colours}: the round ends at once. The trick and "
                f"all cards still in hand are worthless.")
        return state

    def _take(self, action: Take) -> State:
        """High takes one card. Once High has his share, both winners place their cards (the rest
        leaves the game if every card had the led colour), and whoever now holds all four colours
        chooses two: High first, then Low (our ruling; the two choices do not affect each other)."""
        player = self.current_player
        picked = self.picked + (action.card,)
        lines = (f"Player {player} (High) takes {action.card.name}.",)
        if len(picked) < high_share(self.players):
            return self._with(action, lines, picked=picked)
        low = low_play(self.trick)
        rest = tuple(card for _, card in self.trick if card not in picked)
        stacks, discards, worthless = list(self.stacks), list(self.discards), self.worthless
        gains = [(player, picked)]
        if low is None:
            worthless = worthless + rest
            lines += (f"The other {len(rest)} ({_names(rest)}) leave the game.",)
            leader = player
        else:
            gains.append((low[0], rest))
            lines += (f"Player {low[0]} (Low) takes {_names(rest)}.",)
            leader = low[0]
        choosers = []
        for seat, cards in gains:
            stacks[seat], discards[seat] = collect(stacks[seat], discards[seat], self.kept[seat], cards)
            dropped = [card for card in cards if self.kept[seat] is not None and card.colour not in self.kept[seat]]
            if dropped:
                lines += (f"{_names(dropped).capitalize()} go{'es' if len(dropped) == 1 else ''} to player {seat}'s "
                          f"discard pile: not a kept colour.",)
            if must_choose_colours(stacks[seat], self.kept[seat]):
                choosers.append(seat)
                lines += (f"Player {seat} now holds all four colours and must keep two of them.",)
        state = self._with(action, lines, picked=(), trick=(), leader=leader, stacks=tuple(stacks),
                           discards=tuple(discards), worthless=worthless, choosers=tuple(choosers),
                           phase=KEEP_PHASE if choosers else PLAY_PHASE, tricks_done=self.tricks_done + 1)
        return state if choosers else state._after_trick()

    def _keep(self, action: Keep) -> State:
        player = self.current_player
        stacks, discards = list(self.stacks), list(self.discards)
        stacks[player], discards[player] = keep_colours(stacks[player], discards[player], action.colours)
        kept = list(self.kept)
        kept[player] = action.colours
        dropped = [colour for colour in COLOURS if colour not in action.colours]
        count = len(discards[player]) - len(self.discards[player])
        lines = (f"Player {player} keeps {action.colours[0]} and {action.colours[1]}; the {dropped[0]} and "
                 f"{dropped[1]} stacks ({count} cards) go face down to the discard pile.",)
        choosers = self.choosers[1:]
        state = self._with(action, lines, stacks=tuple(stacks), discards=tuple(discards), kept=tuple(kept),
                           choosers=choosers, phase=KEEP_PHASE if choosers else PLAY_PHASE)
        return state if choosers else state._after_trick()

    def _after_trick(self) -> State:
        """After the last trick (every hand is empty) the round ends; otherwise the leader leads."""
        if not any(self.hands):
            return self._end_round("Every hand is empty: the round ends after its last trick.")
        return self

    def _end_round(self, why: str) -> State:
        """Rulebook: "A round ends after the 14th trick" or when a player cannot play; then "the
        current trick and any remaining cards in the players’ hands are discarded without counting
        towards the score; they are worthless." Then every player scores."""
        worthless = self.worthless + tuple(card for _, card in self.trick) + tuple(c for h in self.hands for c in h)
        scores = tuple(score_round(self.open_sizes(seat), len(self.discards[seat])) for seat in range(self.players))
        lines = [why] + [f"Player {seat} scores {score_formula(self.open_sizes(seat), len(self.discards[seat]))}."
                         for seat in range(self.players)]
        round_scores = self.round_scores + (scores,)
        over = len(round_scores) == self.rounds
        if over:
            totals = tuple(sum(column) for column in zip(*round_scores))
            best = max(totals)
            winners = [seat for seat, total in enumerate(totals) if total == best]
            lines.append(f"After {self.rounds} rounds the totals are {', '.join(map(str, totals))}: "
                         + (f"player {winners[0]} wins." if len(winners) == 1 else
                            f"players {', '.join(map(str, winners))} share the win."))
        else:
            lines.append(f"Player {(self.dealer + 1) % self.players}, left of the dealer, deals round "
                         f"{self.round_number + 2}.")
        return self._replaced(phase=GAME_OVER if over else ROUND_OVER, trick=(), picked=(), worthless=worthless,
                              hands=((),) * self.players, round_scores=round_scores,
                              log_links=(self.log_links, tuple(lines)))

    def _deal_next_round(self, action: Deal) -> State:
        """"The new dealer is the player to the left of the previous dealer." """
        dealer = (self.dealer + 1) % self.players
        fresh = _round_start(self.setup, self.round_number + 1, dealer, self.round_scores)
        return fresh._replaced(history_links=(self.history_links, action), log_links=(self.log_links, fresh.log))


def _unlink(links: tuple | None) -> list:
    """The items of a chain of (earlier links, item) pairs, oldest first."""
    items = []
    while links is not None:
        links, item = links
        items.append(item)
    items.reverse()
    return items


def _names(cards) -> str:
    names = [card.name for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _empty_collections(players: int) -> dict[str, tuple]:
    return {"stacks": (((),) * len(COLOURS),) * players, "kept": (None,) * players,
            "discards": ((),) * players}


def _round_start(setup: Setup, round_number: int, dealer: int, round_scores: tuple) -> State:
    players = setup.players
    leader = first_leader(dealer, players)
    return State(setup, round_number, dealer, PLAY_PHASE, deal(players, setup.seed, round_number), leader,
                 round_scores=round_scores, **_empty_collections(players),
                 log_links=(None, (f"Round {round_number + 1} of {players}: player {dealer} deals 14 cards to everybody; "
                                   f"player {leader}, left of the dealer, leads.",)))


# ---------------------------------------------------------------- making games


def new_game(players: int, *, seed: int | None = None, **variant) -> State:
    """A new game for 4 to 6 players: player 0 deals the first round (our ruling for the
    rulebook's vote), and player 1 leads."""
    if variant:
        raise ValueError(f"unknown option(s) {', '.join(sorted(variant))}; Plotters Inc. has none")
    deck_for(players)  # checks the player count
    seed = fresh_seed() if seed is None else seed
    return _round_start(Setup("plotters", players, seed), 0, 0, ())


_SCENARIO_KEYS = ("dealer", "round", "scores", "trick", "hand", "open", "discard", "keep")


def _is_scenario_key(key: str) -> bool:
    base, _, seat_text = key.partition(" ")
    seat_ok = (base in ("hand", "open", "discard", "keep")) == (seat_text.isascii() and seat_text.isdigit())
    return base in _SCENARIO_KEYS and seat_ok


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A position written as text, to set up any situation in one cell.

    One ``key: value`` per line (``#`` starts a comment); ``hand N`` for every seat 0..n-1
    (4 to 6 players) is required, the rest is optional::

        dealer: 4               # the player left of the dealer leads (default: the last seat)
        round: 1                # which round this is (1 to n), for the log and the game's length
        scores: 10 6 0 3 5      # totals of the finished rounds
        trick: R10 Y6           # cards already played, by the leader and the seats after him
        hand 0: R10 B3          # cards in hand (initials and numbers)
        open 0: G1 G2 R5        # open stacks
        discard 0: Y4           # the face-down discard pile
        keep 0: green+red       # the two colours kept, once a player has held all four

    A played trick card must not be in its player's hand; seats that already played hold one card
    fewer than the others. Later rounds are dealt from the seed.
    """
    if variant:
        raise ValueError(f"unknown option(s) {', '.join(sorted(variant))}; Plotters Inc. has none")
    seed = fresh_seed() if seed is None else seed
    fields = scenario_fields(text, known=_is_scenario_key, expected="key dealer, round, scores, trick, "
                             "or 'hand N', 'open N', 'discard N', 'keep N'")
    players = sum(1 for key in fields if key.startswith("hand "))
    if players not in (4, 5, 6):
        raise ParseError(f"give 'hand N' for 4 to 6 players, found {players}", where="scenario")
    for key, (number, _) in fields.items():
        if " " in key and not int(key.split()[1]) < players:
            raise ParseError(f"there is no seat {key.split()[1]} with {players} players", where=f"line {number}")
        if key.startswith("hand ") and f"hand {int(key.split()[1])}" != key:
            raise ParseError("write seats without leading zeros", where=f"line {number}")

    def where(key: str) -> str:
        return f"line {fields[key][0]} ({key})"

    def cards(key: str) -> tuple[Card, ...]:
        return parse_cards(fields[key][1], where=where(key)) if key in fields else ()

    def whole_number(key: str, default: int, low: int, high: int) -> int:
        if key not in fields:
            return default
        value = fields[key][1]
        if not (value.isascii() and value.isdigit()) or not low <= int(value) <= high:
            raise ParseError(f"{key} must be a whole number from {low} to {high}, got {value!r}", where=where(key))
        return int(value)

    dealer = whole_number("dealer", players - 1, 0, players - 1)
    round_number = whole_number("round", 1, 1, players) - 1
    leader = first_leader(dealer, players)
    scores: tuple[int, ...] = ()
    if "scores" in fields:
        parts = fields["scores"][1].replace(",", " ").split()
        if len(parts) != players or not all(part.isascii() and part.isdigit() for part in parts):
            raise ParseError(f"scores must be {players} whole numbers, got {fields['scores'][1]!r}",
                             where=where("scores"))
        scores = tuple(int(part) for part in parts)
    elif round_number:
        scores = (0,) * players
    trick_cards = cards("trick")
    if len(trick_cards) >= players:
        raise ParseError(f"a trick in progress holds fewer than {players} cards", where=where("trick"))
    trick = tuple(((leader + index) % players, card) for index, card in enumerate(trick_cards))
    if len(trick_colours(trick)) > MAX_COLOURS_IN_TRICK:
        raise ParseError("a trick cannot hold more than 3 colours", where=where("trick"))
    hands = tuple(tuple(sorted(cards(f"hand {seat}"))) for seat in range(players))
    open_piles = tuple(cards(f"open {seat}") for seat in range(players))
    discards = tuple(cards(f"discard {seat}") for seat in range(players))
    deck = set(deck_for(players))
    seen: dict[Card, str] = {}
    groups = [("trick", trick_cards)] + [(f"{kind} {seat}", group[seat]) for seat in range(players)
                                         for kind, group in (("hand", hands), ("open", open_piles),
                                                             ("discard", discards))]
    for key, group in groups:
        for card in group:
            if card not in deck:
                raise ParseError(f"{card} is not used with {players} players", where=where(key))
            if card in seen:
                raise ParseError(f"{card} appears twice (also in {seen[card]})", where=where(key))
            seen[card] = key
    played = {seat for seat, _ in trick}
    sizes = {len(hands[seat]) + (seat in played) for seat in range(players)}
    if len(sizes) != 1 or not 1 <= sizes.pop() <= CARDS_PER_PLAYER:
        raise ParseError("every player must hold the same number of cards (1 to 14), counting a card already "
                         "played to the trick", where="hands")
    kept: list[tuple[str, str] | None] = [None] * players
    stacks = []
    for seat in range(players):
        by_colour = tuple(tuple(card for card in open_piles[seat] if card.colour == colour) for colour in COLOURS)
        if f"keep {seat}" in fields:
            names = fields[f"keep {seat}"][1].replace("+", " ").replace(",", " ").split()
            colours = [parse_colour(name, where=where(f"keep {seat}")) for name in names]
            if len(colours) != 2 or colours[0] == colours[1]:
                raise ParseError("name two different colours, like green+red", where=where(f"keep {seat}"))
            kept[seat] = keep_action(*colours).colours
            if any(stack and colour not in kept[seat] for colour, stack in zip(COLOURS, by_colour)):
                raise ParseError(f"open stacks may only hold the kept colours {'+'.join(kept[seat])}",
                                 where=where(f"open {seat}") if f"open {seat}" in fields else where(f"keep {seat}"))
        elif all(by_colour):
            raise ParseError("this player holds all four colours: say which two are kept ('keep N: red+blue')",
                             where=where(f"open {seat}"))
        elif discards[seat]:
            raise ParseError("a discard pile only exists once two colours are kept ('keep N: ...')",
                             where=where(f"discard {seat}"))
        stacks.append(by_colour)
    if trick:
        upcoming = (leader + len(trick)) % players
        if is_blocked(hands[upcoming], trick):
            raise ParseError(f"player {upcoming} could not play to this trick (the round would already be over)",
                             where=where("trick"))
    setup = Setup("plotters", players, seed, scenario=text)
    round_scores = (scores,) + ((0,) * players,) * (round_number - 1) if round_number else ()
    if not round_number and scores:
        raise ParseError("scores of earlier rounds need 'round: 2' or later", where=where("scores"))
    return State(setup, round_number, dealer, PLAY_PHASE, hands, leader, trick=trick, stacks=tuple(stacks),
                 kept=tuple(kept), discards=discards, round_scores=round_scores,
                 log_links=(None, (f"Scenario: round {round_number + 1} of {players}; player {dealer} dealt, "
                                   f"player {(leader + len(trick)) % players} plays next.",)))


__all__ = ["State", "new_game", "scenario", "deal", "first_leader", "legal_plays", "is_blocked", "trump_colour",
           "high_play", "low_play", "high_share", "collect", "must_choose_colours", "keep_colours", "score_round",
           "score_formula", "trick_colours", "PLAY_PHASE", "TAKE_PHASE", "KEEP_PHASE", "ROUND_OVER", "GAME_OVER"]
