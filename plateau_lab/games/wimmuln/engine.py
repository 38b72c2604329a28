"""The rules of Wimmüln: one named function per rule, and the immutable game ``State``.

A round, from the deal to the score (a 4-player game, seat 0 deals the first round)::

    >>> from plateau_lab.games import wimmuln
    >>> state = wimmuln.new_game(4, seed=1, rounds=1)
    >>> state.phase, state.hand_size, state.tricks_per_round
    ('estimate', 15, 13)
    >>> state.current_player        # estimates start left of the dealer
    1
    >>> while not state.is_over:
    ...     state = state.apply(state.legal_actions()[0])
    >>> len(state.round_results), sum(state.round_results[0].tricks)
    (1, 13)

A game runs round after round, the deal passing left, until someone has ``target``
(200) points or more; ``rounds=`` ends it after that many rounds instead (or first).
Between two rounds the finished one stays on the table (its last trick, every cross face up,
the round's scores) until the next dealer, left of the last one, deals (``deal``)::

    >>> state = wimmuln.new_game(3, seed=4)
    >>> while state.phase != ROUND_OVER:
    ...     state = state.apply(state.legal_actions()[0])
    >>> state.current_player, state.legal_actions(), len(state.finished_tricks), len(state.round_results)
    (1, (Deal(),), 10, 1)
    >>> state = state.apply("deal")
    >>> state.round_number, state.dealer, state.phase, state.finished_tricks
    (2, 1, 'estimate', ())
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import ClassVar

from plateau_lab.core import GameState, ParseError, Setup, fresh_seed, scenario_fields, seeded_random

from .cards import COLOURS, Card, deck, parse_card, parse_cards

GAME = "wimmuln"
MIN_PLAYERS, MAX_PLAYERS = 3, 6
TARGET = 200

OPEN, ESTIMATE, PLAY, ROUND_OVER, OVER = "choose the face-up card", "estimate", "play", "round over", "over"


# --- actions ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Open:
    """With no trumps, the dealer picks the card that starts the first trick: ``open 5 red``."""

    card: Card

    def __str__(self) -> str:
        return f"open {self.card}"


@dataclass(frozen=True, slots=True)
class Estimate:
    """Two cards laid as a cross, ``top`` face up over ``bottom``: ``lay 3 red over 7 blue``."""

    top: Card
    bottom: Card

    def __str__(self) -> str:
        return f"lay {self.top} over {self.bottom}"


@dataclass(frozen=True, slots=True)
class Play:
    """A card played to the trick: ``play 3 red``."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The next dealer deals the next round, once the finished one has been scored: ``deal``."""

    def __str__(self) -> str:
        return "deal"


DEAL = Deal()

Action = Open | Estimate | Play | Deal

_ACTION_PATTERNS = (
    (re.compile(r"open\s+(.+)"), lambda m, where: Open(parse_card(m[1], where=where))),
    (re.compile(r"lay\s+(.+?)\s+over\s+(.+)"),
     lambda m, where: Estimate(parse_card(m[1], where=where), parse_card(m[2], where=where))),
    (re.compile(r"play\s+(.+)"), lambda m, where: Play(parse_card(m[1], where=where))),
    (re.compile(r"deal"), lambda m, where: DEAL),
)


def parse_action(text: str, *, where: str = "action") -> Action:
    """An action from its text: ``open 5 red``, ``lay 3 red over 7 blue``, ``play 3 red`` or ``deal``.

    >>> parse_action("lay 3 red over 7 blue")
    Estimate(top=Card('3 red'), bottom=Card('7 blue'))
    """
    key = " ".join(text.split()).casefold()
    for pattern, build in _ACTION_PATTERNS:
        match = pattern.fullmatch(key)
        if match:
            return build(match, where)
    raise ParseError(f"expected 'open <card>', 'lay <card> over <card>', 'play <card>' or 'deal', "
                     f"got {text.strip()!r}",
                     where=where)


# --- the rules, one function each ------------------------------------------------------------

def colours_in_play(players: int, seed: int) -> tuple[str, ...]:
    """"With three players, first remove two colours (suits) from the game."

    The two colours are chosen at random, once for the whole game.
    """
    if players != 3:
        return COLOURS
    removed = set(seeded_random(seed, "remove colours").sample(COLOURS, 2))
    return tuple(colour for colour in COLOURS if colour not in removed)


def deal(colours: Sequence[str], players: int, dealer: int, seed: int, round_number: int) -> tuple[tuple[Card, ...], ...]:
    """"Shuffle the remaining cards and deal out equally to all players."

    One card at a time, clockwise from the dealer's left, so the dealer gets the last card.
    Each hand is returned in the order dealt: the dealer's last two are his shown cards.
    """
    cards = list(deck(tuple(colours)))
    seeded_random(seed, "deal", round_number).shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index, dealt in enumerate(cards):
        hands[(dealer + 1 + index) % players].append(dealt)
    return tuple(tuple(hand) for hand in hands)


def trump_colour(first: Card, second: Card) -> str | None:
    """"The trump suit for this round will be the suit of the lower valued of the two cards
    [...] If both cards have the same number or colour, then there are no trumps for this round."
    """
    if first.number == second.number or first.colour == second.colour:
        return None
    return min(first, second, key=lambda shown: shown.number).colour


def face_up_card(first: Card, second: Card) -> Card:
    """"The Dealer returns the lower valued of the two cards to their hand. The other card
    stays face up and is the first card in the first trick." (Used when there are trumps.)"""
    return max(first, second, key=lambda shown: shown.number)


def legal_estimates(hand: Sequence[Card]) -> tuple[Estimate, ...]:
    """"Each player lays two of their cards face down in front of them [...] so as to form a
    cross." The player chooses which of the two is on top (and will be turned over)."""
    distinct = tuple(dict.fromkeys(hand))  # hands are kept sorted
    doubled = {card for card, count in Counter(hand).items() if count > 1}
    return tuple(Estimate(top, bottom) for top in distinct for bottom in distinct
                 if top != bottom or top in doubled)


def legal_plays(hand: Sequence[Card], trick: Sequence[tuple[int, Card]]) -> tuple[Card, ...]:
    """"Players must follow suit if possible [...] Players need not play a trump if they
    choose not to." Only the led colour binds; with none of it, any card may be played."""
    distinct = tuple(dict.fromkeys(hand))  # hands are kept sorted
    if not trick:
        return tuple(distinct)
    led = trick[0][1].colour_index
    following = [card for card in distinct if card.colour_index == led]
    return tuple(following or distinct)


def beats(card: Card, best: Card, trump: str | None) -> bool:
    """"The highest number in the suit led wins unless a trump is played. [...] If two
    identical cards are played, the first played is high." ``best`` is the card winning so far
    (always of the led colour or a trump), so a later card wins only by being strictly higher in
    the same colour, or by being the first trump."""
    if card.colour_index == best.colour_index:
        return card.number > best.number
    return card.colour == trump


def trick_winner(trick: Sequence[tuple[int, Card]], trump: str | None) -> int:
    """The seat that wins a complete trick; "the winner of each trick leads to the next".

    >>> from plateau_lab.games.wimmuln.cards import card
    >>> trick = [(0, card(7, "red")), (1, card(7, "red")), (2, card(2, "blue"))]
    >>> trick_winner(trick, None), trick_winner(trick, "blue")
    (0, 2)
    """
    best_seat, best = trick[0]
    for seat, played in trick[1:]:
        if beats(played, best, trump):
            best_seat, best = seat, played
    return best_seat


def bonus(face_up: int, face_down: int, tricks: int) -> int:
    """The bonus for the estimate cross ``face_up`` over ``face_down`` when ``tricks`` were won.

    "If the number of tricks won is equal to the number on the lower valued of the two cards:
    5 points; [...] the higher valued of the two cards: 10 points; [...] equal to the number on
    the face up card: twice the bonus above (lower valued card: 10 points, higher valued: 20
    points). If both cards have the same number on them and this equals the number of tricks
    won: 25 points."

    >>> bonus(3, 5, 3), bonus(3, 5, 5), bonus(5, 3, 3), bonus(5, 3, 5), bonus(4, 4, 4), bonus(4, 4, 3)
    (10, 10, 5, 20, 25, 0)
    """
    return bonus_with_reason(face_up, face_down, tricks)[0]


def bonus_with_reason(face_up: int, face_down: int, tricks: int) -> tuple[int, str]:
    """The bonus (see ``bonus``) and the line of the bonus table that gives it, in words.

    >>> bonus_with_reason(6, 3, 6)
    (20, 'the tricks won equal the face-up card, the higher one: twice 10')
    """
    if face_up == face_down:
        if tricks == face_up:
            return 25, "both cards have the same number and it equals the tricks won"
        return 0, "both cards have the same number, but not the tricks won"
    if tricks == face_down:
        if face_down < face_up:
            return 5, "the tricks won equal the face-down card, the lower one"
        return 10, "the tricks won equal the face-down card, the higher one"
    if tricks == face_up:
        if face_up < face_down:
            return 10, "the tricks won equal the face-up card, the lower one: twice 5"
        return 20, "the tricks won equal the face-up card, the higher one: twice 10"
    return 0, "the tricks won equal neither card"


def round_points(triangles: int, estimate: Estimate, tricks: int) -> int:
    """"Each player scores the number of triangles on the cards that they have won. If, in
    addition they manage to win exactly the number of tricks that they have estimated they get
    a bonus." """
    return triangles + bonus(estimate.top.number, estimate.bottom.number, tricks)


def next_dealer(dealer: int, players: int) -> int:
    """Who deals the next round: the player left of the last dealer. The rulebook only says "the
    points for each round are recorded. Play continues [...]"; the deal passing left (clockwise)
    is our ruling, as in most trick-taking games."""
    return (dealer + 1) % players


def game_ends(totals: Sequence[int], target: int, rounds_played: int, rounds: int | None) -> bool:
    """"Play continues until one or more players get a score of 200 or more. The player with the
    highest score wins." (``target`` is 200 unless changed; ``rounds`` caps the number of rounds
    for short games and simulations.)"""
    return max(totals) >= target or (rounds is not None and rounds_played >= rounds)


# --- the state -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a finished round scored, seat by seat."""

    round_number: int
    dealer: int
    trump: str | None
    estimates: tuple[Estimate, ...]
    tricks: tuple[int, ...]
    triangles: tuple[int, ...]
    bonuses: tuple[int, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(round_points(*seat) for seat in zip(self.triangles, self.estimates, self.tricks))


def seat_order(start: int, players: int) -> tuple[int, ...]:
    """The seats clockwise, starting with ``start``."""
    return tuple((start + offset) % players for offset in range(players))


def _without(hand: tuple[Card, ...], *cards: Card) -> tuple[Card, ...]:
    remaining = list(hand)
    for gone in cards:
        remaining.remove(gone)
    return tuple(remaining)


@dataclass(frozen=True)
class State(GameState):
    """A moment of a Wimmüln game. Never changed: ``apply`` returns a new state."""

    GAME: ClassVar[str] = GAME

    setup: Setup
    colours: tuple[str, ...]
    round_number: int
    dealer: int
    totals: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    shown: tuple[Card, Card]
    trump: str | None
    phase: str
    estimates: tuple[Estimate | None, ...]
    trick: tuple[tuple[int, Card], ...]
    leader: int
    tricks_won: tuple[int, ...]
    triangles_won: tuple[int, ...]
    finished_tricks: tuple[tuple[int, tuple[tuple[int, Card], ...]], ...] = ()
    round_results: tuple[RoundResult, ...] = ()
    history: tuple[Action, ...] = ()
    log: tuple[str, ...] = field(default=(), repr=False)

    # --- the protocol ---
    @property
    def current_player(self) -> int | None:
        if self.phase == OVER:
            return None
        if self.phase == OPEN:
            return self.dealer
        if self.phase == ROUND_OVER:
            return next_dealer(self.dealer, self.players)
        if self.phase == ESTIMATE:
            return next(seat for seat in seat_order(self.dealer + 1, self.players)
                        if self.estimates[seat] is None)
        return (self.leader + len(self.trick)) % self.players

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """Points from the finished rounds."""
        return self.totals

    @property
    def target(self) -> int:
        return self.setup.variant.get("target", TARGET)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player this round."""
        cards = (sum(map(len, self.hands)) + 2 * sum(e is not None for e in self.estimates)
                 + len(self.trick) + self.players * len(self.finished_tricks))
        return cards // self.players

    @property
    def tricks_per_round(self) -> int:
        """Two cards of every hand go to the estimate, the rest make the tricks."""
        return self.hand_size - 2

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal

    @cached_property
    def _legal(self) -> tuple[Action, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == ROUND_OVER:
            return (DEAL,)
        hand = self.hands[self.current_player]
        if self.phase == OPEN:
            return tuple(Open(card) for card in dict.fromkeys(hand))
        if self.phase == ESTIMATE:
            return legal_estimates(hand)
        return tuple(Play(card) for card in legal_plays(hand, self.trick))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        seat = self.current_player
        hand = self.hands[seat]
        if not isinstance(action, Open | Estimate | Play | Deal):
            return "actions", f"{action!r} is not a Wimmüln action"
        if self.phase == ROUND_OVER:
            return ("the next deal",
                    f"round {self.round_number} is over and scored; seat {seat}, left of its dealer, "
                    f"deals the next round")
        if self.phase == ESTIMATE and not isinstance(action, Estimate):
            return ("estimates before play",
                    "before any further cards are played, each player lays two cards as a cross")
        if self.phase == PLAY and not isinstance(action, Play):
            return "trick play", "the estimates are laid; now each player plays one card to the trick"
        if self.phase == OPEN and not isinstance(action, Open):
            return ("the dealer's face-up card",
                    "with no trumps the dealer first decides which card to leave on the table")
        cards = (action.top, action.bottom) if isinstance(action, Estimate) else (action.card,)
        missing = Counter(cards) - Counter(hand)
        if missing:
            return "your own cards", f"seat {seat} does not hold {', '.join(map(str, missing.elements()))}"
        led = self.trick[0][1].colour
        return "follow suit", f"{led} was led and seat {seat} holds {led}: players must follow suit if possible"

    def _after(self, action: Action) -> State:
        seat = self.current_player
        history = self.history + (action,)
        if isinstance(action, Open):
            return replace(self, history=history, phase=ESTIMATE, trick=((seat, action.card),),
                           hands=self._hands_with(seat, _without(self.hands[seat], action.card)),
                           log=self.log + (f"Seat {seat} (dealer) leaves {action.card} face up as the "
                                           f"first card of the first trick.",))
        if isinstance(action, Estimate):
            return self._after_estimate(seat, action, history)
        if isinstance(action, Deal):
            return self._deal_next_round(seat, history)
        return self._after_play(seat, action.card, history)

    def _hands_with(self, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
        return self.hands[:seat] + (hand,) + self.hands[seat + 1:]

    def _after_estimate(self, seat: int, action: Estimate, history: tuple[Action, ...]) -> State:
        estimates = self.estimates[:seat] + (action,) + self.estimates[seat + 1:]
        hands = self._hands_with(seat, _without(self.hands[seat], action.top, action.bottom))
        said = [f"Seat {seat} lays two cards face down as a cross."]
        phase = ESTIMATE
        if all(estimate is not None for estimate in estimates):
            phase = PLAY
            tops = ", ".join(f"seat {s} {e.top.number}" for s, e in enumerate(estimates))
            said.append(f"All turn over their top card together: {tops}. Play of the first trick resumes.")
        return replace(self, history=history, hands=hands, estimates=estimates, phase=phase,
                       log=self.log + tuple(said))

    def _after_play(self, seat: int, played: Card, history: tuple[Action, ...]) -> State:
        hands = self._hands_with(seat, _without(self.hands[seat], played))
        trick = self.trick + ((seat, played),)
        said = f"Seat {seat} plays {played}."
        if len(trick) < self.players:
            return replace(self, history=history, hands=hands, trick=trick, log=self.log + (said,))
        winner = trick_winner(trick, self.trump)
        won = self.tricks_won[winner] + 1
        triangles = self.triangles_won[winner] + sum(card.triangles for _, card in trick)
        state = replace(
            self, history=history, hands=hands, trick=(), leader=winner,
            tricks_won=self.tricks_won[:winner] + (won,) + self.tricks_won[winner + 1:],
            triangles_won=self.triangles_won[:winner] + (triangles,) + self.triangles_won[winner + 1:],
            finished_tricks=self.finished_tricks + ((winner, trick),),
            log=self.log + (said, f"Seat {winner} wins the trick with {dict(trick)[winner]} and leads."),
        )
        return state._end_round() if not any(hands) else state

    def _end_round(self) -> State:
        estimates = tuple(self.estimates)
        bonuses = tuple(bonus(e.top.number, e.bottom.number, won) for e, won in zip(estimates, self.tricks_won))
        result = RoundResult(self.round_number, self.dealer, self.trump, estimates, self.tricks_won,
                             self.triangles_won, bonuses)
        totals = tuple(total + points for total, points in zip(self.totals, result.points))
        said = [f"Round {self.round_number} scores: " + "; ".join(
            f"seat {s} {result.triangles[s]} triangles + bonus {result.bonuses[s]} "
            f"({result.tricks[s]} tricks; estimates {e.top.number} up, {e.bottom.number} down)"
            for s, e in enumerate(estimates)) + ". Totals: " + ", ".join(map(str, totals)) + "."]
        rounds = self.setup.variant.get("rounds")
        if game_ends(totals, self.target, self.round_number, rounds):
            best = max(totals)
            winners = [str(s) for s, total in enumerate(totals) if total == best]
            said.append(f"The game is over: seat {' and '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                        f"with {best} points.")
            return replace(self, totals=totals, phase=OVER, round_results=self.round_results + (result,),
                           estimates=estimates, log=self.log + tuple(said))
        said.append(f"Seat {next_dealer(self.dealer, self.players)}, left of the dealer, deals round "
                    f"{self.round_number + 1}.")
        return replace(self, totals=totals, phase=ROUND_OVER, round_results=self.round_results + (result,),
                       estimates=estimates, log=self.log + tuple(said))

    def _deal_next_round(self, seat: int, history: tuple[Action, ...]) -> State:
        """The finished round leaves the table; ``seat`` (the next dealer) deals the next one."""
        hands = deal(self.colours, self.players, seat, self.setup.seed, self.round_number + 1)
        fresh = start_round(self.setup, self.colours, self.round_number + 1, seat, self.totals, hands)
        return replace(fresh, history=history, round_results=self.round_results, log=self.log + fresh.log)

    def observation(self, player: int) -> dict:
        """What ``player`` sees: his hand, everything face up, and of the others' crosses only
        that they are laid until the top cards are turned over; face-down cards stay hidden until
        the round is scored."""
        revealed = self.phase != ESTIMATE

        def cross(seat: int, estimate: Estimate | None) -> dict | None:
            if estimate is None:
                return None
            if seat == player or self.phase in (ROUND_OVER, OVER):
                return {"top": str(estimate.top), "bottom": str(estimate.bottom)}
            return {"top": str(estimate.top) if revealed else "face down", "bottom": "face down"}

        return {
            "players": self.players,
            "seat": player,
            "round": self.round_number,
            "dealer": self.dealer,
            "colours": list(self.colours),
            "shown": [str(card) for card in self.shown],
            "trump": self.trump,
            "phase": self.phase,
            "current_player": self.current_player,
            "hand": [str(card) for card in self.hands[player]],
            "hand_sizes": [len(hand) for hand in self.hands],
            "estimates": [cross(seat, estimate) for seat, estimate in enumerate(self.estimates)],
            "trick": [(seat, str(card)) for seat, card in self.trick],
            "last_trick": ([(seat, str(card)) for seat, card in self.finished_tricks[-1][1]]
                           if self.finished_tricks else []),
            "tricks_won": list(self.tricks_won),
            "triangles_won": list(self.triangles_won),
            "scores": list(self.totals),
            "round_points": [list(result.points) for result in self.round_results],
        }

    def to_svg(self, viewer: int | None = None) -> str:
        from .render import table_picture

        return table_picture(self, viewer).svg()


def start_round(setup: Setup, colours: tuple[str, ...], round_number: int, dealer: int,
                totals: tuple[int, ...], dealt: tuple[tuple[Card, ...], ...]) -> State:
    """A round just dealt (``dealt``: the hands in the order dealt). The dealer shows his last two
    cards, which decide the trumps; with trumps the higher stays face up, the lower goes back."""
    players = len(dealt)
    first, second = dealt[dealer][-2:]
    trump = trump_colour(first, second)
    hands = [tuple(sorted(hand)) for hand in dealt]
    said = [f"Round {round_number}: seat {dealer} deals {len(dealt[0])} cards to each player and shows "
            f"the last two dealt to himself, {first} and {second}."]
    trick: tuple[tuple[int, Card], ...] = ()
    if trump is None:
        why = "the same number" if first.number == second.number else "the same colour"
        said.append(f"They have {why}: no trumps this round. The dealer chooses which card to leave "
                    f"face up for the first trick.")
        phase = OPEN
    else:
        up = face_up_card(first, second)
        lower = second if up is first else first
        hands[dealer] = _without(hands[dealer], up)
        trick = ((dealer, up),)
        said.append(f"Trumps are {trump}, the colour of the lower card; {lower} goes back to the hand and "
                    f"{up} stays face up as the first card of the first trick.")
        phase = ESTIMATE
    return State(setup=setup, colours=colours, round_number=round_number, dealer=dealer, totals=totals,
                 hands=tuple(hands), shown=(first, second), trump=trump, phase=phase,
                 estimates=(None,) * players, trick=trick, leader=dealer, tricks_won=(0,) * players,
                 triangles_won=(0,) * players, log=tuple(said))


def _variant(target: int, rounds: int | None) -> dict:
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise ValueError(f"target must be a positive whole number of points, not {target!r}")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1):
        raise ValueError(f"rounds must be a positive whole number or None, not {rounds!r}")
    return {"target": target, "rounds": rounds}


def new_game(players: int, *, seed: int | None = None, target: int = TARGET, rounds: int | None = None) -> State:
    """A new game for 3–6 players; seat 0 deals the first round.

    ``target``: the game ends after the round in which someone reaches it (200).
    ``rounds``: end after this many rounds at the latest (``rounds=1``: a single round).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Wimmüln is for 3 to 6 players, not {players!r}")
    seed = fresh_seed() if seed is None else seed
    setup = Setup(GAME, players, seed, _variant(target, rounds))
    colours = colours_in_play(players, seed)
    return start_round(setup, colours, 1, 0, (0,) * players, deal(colours, players, 0, seed, 1))


_SCENARIO_KEY = re.compile(r"dealer|scores|colours|shown|hand [0-9]+")


def scenario(text: str, *, seed: int | None = None, target: int = TARGET, rounds: int | None = None) -> State:
    """A game whose first round is dealt as written; later rounds are dealt at random.

    Lines (``#`` starts a comment)::

        dealer: 1                         (optional; seat 0 otherwise)
        scores: 150 120 180               (optional; points before this round)
        colours: red blue black           (optional; for 3 players the 3 colours in play)
        hand 0: 0 red, 5 blue, 7 blue     (one line per seat)
        shown: 5 red, 2 blue              (the dealer's last two dealt cards, not in his hand line)

    Hands must have equal sizes (the dealer's with the shown cards), at least 3 cards, and
    no card more often than the deck has it. Smaller hands than a full deal make short lessons.
    """
    lines = scenario_fields(text, known=lambda key: _SCENARIO_KEY.fullmatch(key) is not None,
                            expected="'dealer:', 'scores:', 'colours:', 'hand <seat>:' or 'shown:'")
    fields = {key: value.casefold() for key, (_, value) in lines.items() if not key.startswith("hand ")}
    hand_lines = {int(key.split()[1]): (value.casefold(), number)
                  for key, (number, value) in lines.items() if key.startswith("hand ")}
    players = len(hand_lines)
    if sorted(hand_lines) != list(range(players)) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ParseError(f"expected lines 'hand 0:' to 'hand n-1:' for 3 to 6 players, got seats "
                         f"{sorted(hand_lines)}", where="hands")
    dealer = _scenario_int(fields.get("dealer", "0"), "dealer")
    if not 0 <= dealer < players:
        raise ParseError(f"no seat {dealer} among {players} players", where="dealer")
    totals = tuple(_scenario_int(word, "scores") for word in fields.get("scores", "0 " * players).split())
    if len(totals) != players:
        raise ParseError(f"expected {players} scores, got {len(totals)}", where="scores")
    seed = fresh_seed() if seed is None else seed
    colours = tuple(fields["colours"].split()) if "colours" in fields else colours_in_play(players, seed)
    if any(colour not in COLOURS for colour in colours) or len(set(colours)) != len(colours) \
            or len(colours) != (3 if players == 3 else 5):
        raise ParseError(f"expected {3 if players == 3 else 5} different colours of {', '.join(COLOURS)}",
                         where="colours")
    if "shown" not in fields:
        raise ParseError("missing the line 'shown: <card>, <card>' (the dealer's last two dealt cards)",
                         where="shown")
    shown = parse_cards(fields["shown"], where="shown")
    if len(shown) != 2:
        raise ParseError(f"expected the dealer's last two dealt cards, got {len(shown)}", where="shown")
    dealt = []
    for seat in range(players):
        cards_text, number = hand_lines[seat]
        hand = parse_cards(cards_text, where=f"line {number} (hand {seat})")
        dealt.append(hand + shown if seat == dealer else hand)
    sizes = {len(hand) for hand in dealt}
    if len(sizes) != 1 or min(sizes) < 3:
        raise ParseError(f"hands must be equal and hold at least 3 cards (the dealer's with the shown ones); "
                         f"got sizes {[len(hand) for hand in dealt]}", where="hands")
    too_many = Counter(card for hand in dealt for card in hand) - Counter(deck(colours))
    if too_many:
        raise ParseError(f"more copies than the deck (colours {', '.join(colours)}) holds: "
                         f"{', '.join(map(str, too_many.elements()))}", where="hands")
    setup = Setup(GAME, players, seed, _variant(target, rounds), scenario=text)
    return start_round(setup, colours, 1, dealer, totals, tuple(dealt))


def _scenario_int(word: str, where: str) -> int:
    if not (word.strip().isascii() and word.strip().isdigit()):
        raise ParseError(f"expected a whole number, got {word.strip()!r}", where=where)
    return int(word)
