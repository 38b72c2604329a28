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

Where the rulebook is silent the engine follows the project's rulings (docs/rulings.md, Wimmüln),
each named in the docstring of the function that applies it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from plateau_lab.core import (
    DEAL, Deal, GameState, ParseError, Play, Setup, cached, check_seat, count_of, game_spec, parse_play, quoted,
    seeded_random,
)

from .cards import COLOURS, NUMBERS, Card, deck, parse_card
from .rules import GAME, PLAYERS, Rules, colours_removed, rules_of
from .scoring import Bonuses, bonus, bonus_with_reason

__all__ = ["GAME", "PLAYERS", "OPEN", "ESTIMATE", "PLAY", "ROUND_OVER", "OVER", "Open", "Estimate", "Action",
           "ACTION_FORMS", "parse_action", "colours_in_play", "full_hand", "deal", "trump_colour", "face_up_card",
           "legal_estimates", "legal_plays", "beats", "trick_winner", "bonus", "bonus_with_reason", "round_points",
           "next_dealer", "game_ends", "RoundResult", "seat_order", "State", "round_dealt", "undealt", "new_game",
           "describe"]


OPEN, ESTIMATE, PLAY, ROUND_OVER, OVER = "choose the face-up card", "estimate", "play", "round over", "over"


# --- actions ---------------------------------------------------------------------------------
# A card played to the trick is core's ``Play`` (``play 3 red``); the next dealer's deal is
# core's ``DEAL`` (``deal``). Two moves are Wimmüln's own:

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


Action = Open | Estimate | Play | Deal

ACTION_FORMS = "'open <card>', 'lay <card> over <card>', 'play <card>' or 'deal'"


def parse_action(text: str, *, where: str = "action") -> Action:
    """An action from its text: ``open 5 red``, ``lay 3 red over 7 blue``, ``play 3 red`` or ``deal``
    (any case and spacing).

    >>> parse_action("LAY 3 red  over 7 Blue")
    Estimate(top=Card('3 red'), bottom=Card('7 blue'))
    >>> parse_action("lay 3 red under 7 blue")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: expected 'lay <card> over <card>', got 'lay 3 red under 7 blue'
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is text like 'play 3 red', not {type(text).__name__}")
    words = " ".join(text.split())
    play = parse_play(words, parse_card, where=where)
    if play is not None:
        return play
    verb, _, rest = words.casefold().partition(" ")
    if verb == "deal" and not rest:
        return DEAL
    if verb == "open":
        return Open(parse_card(rest, where=where))
    if verb == "lay":
        top, over, bottom = rest.partition(" over ")
        if not over:
            raise ParseError(f"expected 'lay <card> over <card>', got {quoted(words)}", where=where)
        return Estimate(parse_card(top, where=where), parse_card(bottom, where=where))
    raise ParseError(f"expected {ACTION_FORMS}, got {quoted(words)}", where=where)


# --- the rules, one function each ------------------------------------------------------------

def colours_in_play(players: int, seed: int, removed: int | None = None) -> tuple[str, ...]:
    """"With three players, first remove two colours (suits) from the game." (``removed``: how many
    colours the rule set removes, ``Rules.colours_removed``; None: the rulebook's.)

    Ruling (docs/rulings.md, Wimmüln): the colours are chosen at random, once for the whole game.

    >>> colours_in_play(4, seed=1), len(colours_in_play(3, seed=1)), len(colours_in_play(5, seed=1, removed=1))
    (('red', 'blue', 'green', 'yellow', 'black'), 3, 4)
    """
    removed = colours_removed(players) if removed is None else removed
    if not removed:
        return COLOURS
    gone = set(seeded_random(seed, "remove colours").sample(COLOURS, removed))
    return tuple(colour for colour in COLOURS if colour not in gone)


def full_hand(colours: Sequence[str], players: int) -> int:
    """"Deal out equally to all players": every card is dealt, so a hand holds the deck's share.

    >>> full_hand(COLOURS, 4), full_hand(("red", "blue", "green"), 3)
    (15, 12)
    """
    return len(colours) * len(NUMBERS) // players


def deal(colours: Sequence[str], players: int, dealer: int, seed: int, round_number: int,
         hand_size: int | None = None, numbers: tuple[int, ...] = NUMBERS) -> tuple[tuple[Card, ...], ...]:
    """"Shuffle the remaining cards and deal out equally to all players." (``hand_size``: the cards
    each player gets, ``Rules.hand_size``; None: every card is dealt. A smaller deal leaves the
    shuffled deck's last cards undealt. ``numbers``: each colour's, ``Rules.numbers``.)

    Ruling (docs/rulings.md, Wimmüln): one card at a time, clockwise from the dealer's left, so the
    dealer gets the last card. Each hand is returned in the order dealt: the dealer's last two are
    his shown cards.
    """
    cards = list(deck(tuple(colours), numbers))
    seeded_random(seed, "deal", round_number).shuffle(cards)
    if hand_size is not None:
        cards = cards[:hand_size * players]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index, dealt in enumerate(cards):
        hands[(dealer + 1 + index) % players].append(dealt)
    return tuple(tuple(hand) for hand in hands)


def trump_colour(first: Card, second: Card, trump_card: str = "lower") -> str | None:
    """"The trump suit for this round will be the suit of the lower valued of the two cards
    [...] If both cards have the same number or colour, then there are no trumps for this round."
    (``trump_card``: the rule set's ``Rules.trump_card``, ``"lower"`` in the rulebook, ``"higher"``
    or ``"none"``, never trumps.)

    >>> from plateau_lab.games.wimmuln.cards import card
    >>> [trump_colour(card(5, "red"), card(3, "blue"), rule) for rule in ("lower", "higher", "none")]
    ['blue', 'red', None]
    """
    if trump_card == "none" or first.number == second.number or first.colour == second.colour:
        return None
    pick = min if trump_card == "lower" else max
    return pick(first, second, key=lambda shown: shown.number).colour


def face_up_card(first: Card, second: Card, trump_card: str = "lower") -> Card:
    """"The Dealer returns the lower valued of the two cards to their hand. The other card
    stays face up and is the first card in the first trick." (Used when there are trumps: the card
    naming trumps goes back, the other stays; ``trump_card`` as in :func:`trump_colour`.)"""
    pick = max if trump_card == "lower" else min
    return pick(first, second, key=lambda shown: shown.number)


def legal_estimates(hand: Sequence[Card]) -> tuple[Estimate, ...]:
    """"Each player lays two of their cards face down in front of them [...] so as to form a
    cross." The player chooses which of the two is on top (and will be turned over).

    In hand order: for each distinct ``top``, each distinct ``bottom``; a card over itself only when
    the hand holds it twice (docs/rulings.md, Wimmüln: two identical cards make a cross)."""
    distinct = tuple(dict.fromkeys(hand))  # hands are kept sorted
    doubled = {card for card, count in Counter(hand).items() if count > 1}
    return tuple(Estimate(top, bottom) for top in distinct for bottom in distinct
                 if top != bottom or top in doubled)


def legal_plays(hand: Sequence[Card], trick: Sequence[tuple[int, Card]]) -> tuple[Card, ...]:
    """"Players must follow suit if possible [...] Players need not play a trump if they
    choose not to." Only the led colour binds; with none of it, any card may be played.
    The distinct cards, in hand order."""
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


def round_points(triangles: int, estimate: Estimate, tricks: int, bonuses: Bonuses = Bonuses()) -> int:
    """"Each player scores the number of triangles on the cards that they have won. If, in
    addition they manage to win exactly the number of tricks that they have estimated they get
    a bonus." (``bonuses``: the rule set's bonus table, ``Rules.bonuses``.)"""
    return triangles + bonus(estimate.top.number, estimate.bottom.number, tricks, bonuses)


def next_dealer(dealer: int, players: int) -> int:
    """Who deals the next round: the player left of the last dealer. The rulebook only says "the
    points for each round are recorded. Play continues [...]"; the deal passing left (clockwise)
    is our ruling (docs/rulings.md, Wimmüln), as in most trick-taking games."""
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
        """Each seat's triangles and bonus."""
        return tuple(triangles + gained for triangles, gained in zip(self.triangles, self.bonuses))


def seat_order(start: int, players: int) -> tuple[int, ...]:
    """The seats clockwise, starting with ``start``."""
    return tuple((start + offset) % players for offset in range(players))


def _without(hand: tuple[Card, ...], *cards: Card) -> tuple[Card, ...]:
    remaining = list(hand)
    for gone in cards:
        remaining.remove(gone)
    return tuple(remaining)


def _set_at(values: tuple, seat: int, value: Any) -> tuple:
    return values[:seat] + (value,) + values[seat + 1:]


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A moment of a Wimmüln game. Never changed: ``apply`` returns a new state.

    ``aside`` holds the cards left out of the round: by a rule set dealing fewer cards than the deck
    holds (``hand_size``), or by a scenario's short deal (``allow: short deal``); the rulebook's
    deal leaves none.
    """

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
    aside: tuple[Card, ...] = ()
    _history: tuple[Action, ...] = field(default=(), compare=False)   # the moves applied: see GameState.history
    log: tuple[str, ...] = field(default=(), compare=False, repr=False)

    # --- the protocol ---
    @cached
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
    def rules(self) -> Rules:
        """The game's rules, every number decided for its players (``rules.rules_of`` its options)."""
        return rules_of.for_setup(self.setup)

    @property
    def target(self) -> int:
        return self.rules.target

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
        """The legal actions, in this order (part of the protocol: random bots and the fast playout rely on it).

        Hands are sorted by colour (in ``COLOURS`` order), then number, and identical cards give one action:

        - the dealer's choice of the face-up card (no trumps): ``open`` each distinct card, in hand order;
        - an estimate: ``lay top over bottom`` for each distinct ``top`` in hand order, then each distinct
          ``bottom`` in hand order (a card over itself only when the hand holds it twice);
        - trick play: ``play`` each distinct card that may be played, in hand order;
        - between rounds: the next dealer's ``deal`` alone; nothing once the game is over.
        """
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[Action, ...]:
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
        if self.phase == ROUND_OVER:
            return ("the next deal",
                    f"round {self.round_number} is over and scored; player {seat}, left of its dealer, "
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
        missing = Counter(cards) - Counter(self.hands[seat])
        if missing:
            return "your own cards", f"player {seat} does not hold {', '.join(map(str, missing.elements()))}"
        led = self.trick[0][1].colour
        return ("follow the colour",
                f"{led} was led and player {seat} holds {led}: players must follow the colour led if possible")

    def _after(self, action: Action) -> State:
        seat = self.current_player
        history = self._history + (action,)
        if isinstance(action, Open):
            return self.derive(_history=history, phase=ESTIMATE, trick=((seat, action.card),),
                               hands=_set_at(self.hands, seat, _without(self.hands[seat], action.card)),
                               log=self.log + (f"Player {seat} (dealer) leaves {action.card} face up as the "
                                               f"first card of the first trick.",))
        if isinstance(action, Estimate):
            return self._after_estimate(seat, action, history)
        if isinstance(action, Deal):
            return self._deal_next_round(seat, history)
        return self._after_play(seat, action.card, history)

    def _after_estimate(self, seat: int, action: Estimate, history: tuple[Action, ...]) -> State:
        estimates = _set_at(self.estimates, seat, action)
        hands = _set_at(self.hands, seat, _without(self.hands[seat], action.top, action.bottom))
        said = [f"Player {seat} lays two cards face down as a cross."]
        phase = ESTIMATE
        if all(estimate is not None for estimate in estimates):
            phase = PLAY
            tops = ", ".join(f"player {s} {e.top.number}" for s, e in enumerate(estimates))
            said.append(f"All turn over their top card together: {tops}. Play of the first trick resumes.")
        return self.derive(_history=history, hands=hands, estimates=estimates, phase=phase, log=self.log + tuple(said))

    def _after_play(self, seat: int, played: Card, history: tuple[Action, ...]) -> State:
        hands = _set_at(self.hands, seat, _without(self.hands[seat], played))
        trick = self.trick + ((seat, played),)
        said = f"Player {seat} plays {played}."
        if len(trick) < self.players:
            return self.derive(_history=history, hands=hands, trick=trick, log=self.log + (said,))
        winner = trick_winner(trick, self.trump)
        worth = self.rules.triangles
        triangles = self.triangles_won[winner] + sum(worth[card.number] for _, card in trick)
        state = self.derive(
            _history=history, hands=hands, trick=(), leader=winner,
            tricks_won=_set_at(self.tricks_won, winner, self.tricks_won[winner] + 1),
            triangles_won=_set_at(self.triangles_won, winner, triangles),
            finished_tricks=self.finished_tricks + ((winner, trick),),
            log=self.log + (said, f"Player {winner} wins the trick with {dict(trick)[winner]} and leads."),
        )
        return state._end_round() if not any(hands) else state

    def _end_round(self) -> State:
        estimates, rules = self.estimates, self.rules
        bonuses = tuple(bonus(e.top.number, e.bottom.number, won, rules.bonuses)
                        for e, won in zip(estimates, self.tricks_won))
        result = RoundResult(self.round_number, self.dealer, self.trump, estimates, self.tricks_won,
                             self.triangles_won, bonuses)
        totals = tuple(total + points for total, points in zip(self.totals, result.points))
        said = [f"Round {self.round_number} scores: " + "; ".join(
            f"player {s} {count_of(result.triangles[s], 'triangle')} + bonus {result.bonuses[s]} "
            f"({count_of(result.tricks[s], 'trick')}; estimates {e.top.number} up, {e.bottom.number} down)"
            for s, e in enumerate(estimates)) + ". Totals: " + ", ".join(map(str, totals)) + "."]
        if game_ends(totals, rules.target, self.round_number, rules.rounds):
            best = max(totals)
            winners = [str(s) for s, total in enumerate(totals) if total == best]
            said.append(f"The game is over: player {' and '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                        f"with {count_of(best, 'point')}.")
            phase = OVER
        else:
            said.append(f"Player {next_dealer(self.dealer, self.players)}, left of the dealer, deals round "
                        f"{self.round_number + 1}.")
            phase = ROUND_OVER
        return self.derive(totals=totals, phase=phase, round_results=self.round_results + (result,),
                           log=self.log + tuple(said))

    def _deal_next_round(self, seat: int, history: tuple[Action, ...]) -> State:
        """The finished round leaves the table; ``seat`` (the next dealer) deals the next one."""
        rules = self.rules
        hands = deal(self.colours, self.players, seat, self.setup.seed, self.round_number + 1, rules.hand_size,
                     rules.numbers)
        fields, said = round_dealt(self.round_number + 1, seat, hands, rules.trump_card)
        return self.derive(_history=history, log=self.log + said,
                           **dict(fields, aside=_set_aside(self.colours, hands, rules)))

    def _observe(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees on the table: its hand, its own cross, the trick and the last trick,
        of the others' crosses only that they are laid until the top cards are turned over together,
        and their face-down cards once the round is scored. Counts and scores are public.

        Only the cards that lie on the table now are given, each once: the dealer's shown cards are
        told in the log (the higher one is the first card of the first trick, in ``trick``)."""
        return {
            "hand": self.hands[seat],
            "hand_sizes": tuple(map(len, self.hands)),
            "round": self.round_number,
            "dealer": self.dealer,
            "colours": self.colours,
            "trump": self.trump,
            "phase": self.phase,
            "estimates": tuple(self._cross_seen(seat, other) for other in range(self.players)),
            "trick": self.trick,
            "last_trick": self.finished_tricks[-1][1] if self.finished_tricks else (),
            "tricks_won": self.tricks_won,
            "triangles_won": self.triangles_won,
            "round_points": tuple(result.points for result in self.round_results),
        }

    def _cross_seen(self, seat: int, owner: int) -> dict[str, Card | str] | None:
        """``owner``'s cross as ``seat`` sees it: each card, or ``"hidden"``; None before it is laid."""
        cross = self.estimates[owner]
        if cross is None:
            return None
        top, bottom = self._hidden_in_cross(seat, owner)
        return {"top": "hidden" if top else cross.top, "bottom": "hidden" if bottom else cross.bottom}

    def _hidden_in_cross(self, seat: int, owner: int) -> tuple[bool, bool]:
        """Whether ``seat`` may not see the top and the bottom card of ``owner``'s cross: the tops are
        turned over together once all have laid, the bottoms when the round is scored."""
        if seat == owner or self.phase in (ROUND_OVER, OVER):
            return False, False
        return self.phase == ESTIMATE, True

    def cards_in_game(self) -> Counter:
        """Every card of the game's colours: in the hands, the crosses, the trick, the finished tricks,
        or set aside by a scenario's short deal."""
        cards = Counter(self.aside)
        for hand in self.hands:
            cards.update(hand)
        for cross in self.estimates:
            if cross is not None:
                cards.update((cross.top, cross.bottom))
        cards.update(card for _, card in self.trick)
        for _, trick in self.finished_tricks:
            cards.update(card for _, card in trick)
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The other hands, the other crosses' cards not yet turned over, and the cards set aside."""
        seat = check_seat(seat, self.players)
        hidden = Counter(self.aside)
        for other in range(self.players):
            if other == seat:
                continue
            hidden.update(self.hands[other])
            cross = self.estimates[other]
            if cross is not None:
                top, bottom = self._hidden_in_cross(seat, other)
                hidden.update(card for card, unseen in ((cross.top, top), (cross.bottom, bottom)) if unseen)
        return hidden


def round_dealt(round_number: int, dealer: int, dealt: tuple[tuple[Card, ...], ...],
                trump_card: str) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The fields of a round just dealt (``dealt``: the hands in the order dealt), and its log
    (``trump_card``: the rule set's, ``Rules.trump_card``).

    The dealer shows his last two cards, which decide the trumps; with trumps the card naming them
    goes back (in the rulebook the lower), the other stays face up; without, the dealer chooses the
    face-up card (``open``)."""
    players = len(dealt)
    first, second = dealt[dealer][-2:]
    trump = trump_colour(first, second, trump_card)
    hands = [tuple(sorted(hand)) for hand in dealt]
    said = [f"Round {round_number}: player {dealer} deals {len(dealt[0])} cards to each player and shows "
            f"the last two dealt to himself, {first} and {second}."]
    trick: tuple[tuple[int, Card], ...] = ()
    if trump is None:
        why = ("the rules name no trumps" if trump_card == "none" else
               "they have the same number" if first.number == second.number else "they have the same colour")
        said.append(f"{why[0].upper()}{why[1:]}: no trumps this round. The dealer chooses which card to leave "
                    f"face up for the first trick.")
        phase = OPEN
    else:
        up = face_up_card(first, second, trump_card)
        back = second if up is first else first
        hands[dealer] = _without(hands[dealer], up)
        trick = ((dealer, up),)
        said.append(f"Trumps are {trump}, the colour of the {trump_card} card; {back} goes back to the hand and "
                    f"{up} stays face up as the first card of the first trick.")
        phase = ESTIMATE
    fields = {"round_number": round_number, "dealer": dealer, "hands": tuple(hands), "shown": (first, second),
              "trump": trump, "phase": phase, "estimates": (None,) * players, "trick": trick, "leader": dealer,
              "tricks_won": (0,) * players, "triangles_won": (0,) * players, "finished_tricks": (), "aside": ()}
    return fields, tuple(said)


def undealt(colours: Sequence[str], dealt: Sequence[Sequence[Card]], numbers: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of ``colours`` (numbered ``numbers``) in no hand of ``dealt``: set aside for the
    round, sorted."""
    in_hands = Counter(card for hand in dealt for card in hand)
    return tuple(sorted((Counter(deck(tuple(colours), numbers)) - in_hands).elements()))


def _set_aside(colours: Sequence[str], dealt: Sequence[Sequence[Card]], rules: Rules) -> tuple[Card, ...]:
    """The cards a deal under ``rules`` leaves out of the round (:func:`undealt`): none when the
    players are dealt the whole deck, as in the rulebook."""
    return undealt(colours, dealt, rules.numbers) if rules.set_aside else ()


def _first_state(setup: Setup, colours: tuple[str, ...], dealer: int, totals: tuple[int, ...],
                dealt: tuple[tuple[Card, ...], ...], aside: tuple[Card, ...] = ()) -> State:
    """The first state of a game whose first round is ``dealt``."""
    fields, said = round_dealt(1, dealer, dealt, rules_of.for_setup(setup).trump_card)
    return State(setup=setup, colours=colours, totals=totals, log=said, **dict(fields, aside=aside))


def new_game(players: int, *, seed: int | None = None, **variant: Any) -> State:
    """A new game for 3–6 players; seat 0 deals the first round (docs/rulings.md, Wimmüln).

    The options (``wimmuln.SPEC.options``, :mod:`.rules`, each the rulebook's by default):
    ``target``, the score that ends the game after the round reaching it; ``rounds``, end after so
    many rounds at the latest (``rounds=1``: a single round); ``colours_removed`` and
    ``hand_size``, the deck and the deal; ``trump_card``, the shown card naming trumps; and the
    bonus table, ``lower_bonus``, ``higher_bonus``, ``face_up_times`` and ``pair_bonus``.
    ``rules_name`` names the rule set. A wrong option, or rules that would make the game
    unplayable, is refused naming the rule and its bounds:

    >>> new_game(3, seed=1, target=10**9)
    Traceback (most recent call last):
    ValueError: target must be a whole number from 1 to 1000, not 1000000000
    >>> new_game(4, seed=1, hand_size=16)
    Traceback (most recent call last):
    ValueError: hand_size must be from 3 to 15 with 4 players (the deck holds 60 cards of 5 colours), not 16
    >>> new_game(4, seed=1, hand_size=6, pair_bonus=40, rules_name="quick pairs").setup.rules
    'quick pairs'
    """

    setup = game_spec(GAME).setup(players, seed, variant)
    rules = rules_of.for_setup(setup)
    colours = colours_in_play(setup.players, setup.seed, rules.colours_removed)
    dealt = deal(colours, setup.players, 0, setup.seed, 1, rules.hand_size, rules.numbers)
    return _first_state(setup, colours, 0, (0,) * setup.players, dealt, _set_aside(colours, dealt, rules))


def describe(action) -> str:
    """A move in the learner's words: its text, and "deal the next round" for the deal.

    >>> describe(parse_action("play 7 red")), describe(parse_action("deal"))
    ('play 7 red', 'deal the next round')
    """
    return "deal the next round" if isinstance(action, Deal) else str(action)
