"""The Syndicate (Jason Mutford & P.D. Magnus, 2010): one mastermind plots, two enforcers foil.

Each turn the mastermind leads a card face up (optionally a second card face down); the
enforcers, left of the mastermind first, must answer with a card sharing the lead's mark (after
an Ace lead: carrying its suit) when they can. Only cards that share a mark with the lead count.

>>> game = new_game(3, seed=5)
>>> game.current_player, [len(hand) for hand in game.hands]
(0, [5, 4, 3])
>>> game.apply("lead Market + face down Cave").current_player
1
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from plateau_lab.core import GameState, ParseError, Setup, fresh_seed, scenario_fields, seeded_random

from .cards import CARDS_BY_NAME, CROWN_OF, DECK, Card, parse_card

PLAYERS = 3
HAND_LIMIT = 5
DEAL_SIZES = (5, 4, 3)
WINNING_SCORE = 12


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Lead:
    """The mastermind's move: a card face up and, optionally, a second card face down."""

    card: Card
    face_down: Card | None = None

    def __str__(self) -> str:
        return f"lead {self.card}" + (f" + face down {self.face_down}" if self.face_down else "")


@dataclass(frozen=True, slots=True)
class Play:
    """An enforcer's answer: one card face up."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Lead | Play
_LEAD = re.compile(r"lead\s+(?P<card>.+?)(?:\s*\+\s*face[\s-]*down\s+(?P<face_down>.+))?", re.IGNORECASE)
_PLAY = re.compile(r"play\s+(?P<card>.+)", re.IGNORECASE)


def parse_action(text: str, *, where: str = "action") -> Action:
    """Read ``'lead Diplomat'``, ``'lead Diplomat + face down Author'`` or ``'play Merchant'``."""
    text = text.strip()
    if match := _LEAD.fullmatch(text):
        face_down = match["face_down"]
        return Lead(parse_card(match["card"], where=where),
                    parse_card(face_down, where=where) if face_down else None)
    if match := _PLAY.fullmatch(text):
        return Play(parse_card(match["card"], where=where))
    raise ParseError(f"cannot read {text!r}: expected 'lead CARD', 'lead CARD + face down CARD' "
                     "or 'play CARD'", where=where)


# ---------------------------------------------------------------- the rules, one function each


def shares_mark(card: Card, lead: Card) -> bool:
    """Whether ``card`` counts for or against the scheme of ``lead``.

    Rulebook: "In order to count for or against the scheme, a card must share a mark with the
    mastermind's first, face-up card." After an Ace lead: "Cards add to the total if their suit
    matches the initial Ace." Cards with two marks (Origin, Market, End) match either.
    """
    if lead.is_ace:
        return lead.suits[0] in card.suits
    return bool(card.marks & lead.marks)


def legal_answers(hand: tuple[Card, ...], lead: Card) -> tuple[Card, ...]:
    """The cards an enforcer may play: "must play a card with same mark if he has one ... If he
    has none, he selects and plays any card"; after an Ace lead, "cards of the same suit"."""
    following = tuple(card for card in hand if shares_mark(card, lead))
    return following or hand


def card_value(card: Card, lead: Card, played: tuple[Card, ...]) -> int:
    """What a counting card is worth: its rank; Crowns count ten; the led Ace "counts as either 1
    or 11: if the Crown of the same suit as the Ace is played ... the Ace counts for eleven"."""
    if card == lead and lead.is_ace:
        return 11 if CROWN_OF[lead.suits[0]] in played else 1
    return card.rank


def scheme_totals(lead: Card, face_down: Card | None, answers: tuple[Card, ...]) -> tuple[int, int]:
    """(mastermind's total, enforcers' total), counting only cards that share the lead's mark."""
    played = (lead, face_down, *answers) if face_down else (lead, *answers)
    mastermind = sum(card_value(card, lead, played) for card in (lead, face_down) if card and shares_mark(card, lead))
    enforcers = sum(card_value(card, lead, played) for card in answers if shares_mark(card, lead))
    return mastermind, enforcers


def turn_points(mastermind_total: int, enforcers_total: int, *, face_down_played: bool) -> tuple[int, int]:
    """(points for the mastermind, points for each enforcer).

    "If the enforcers' total is higher ... Each enforcer scores one point." "If the mastermind's
    total is higher ... If the mastermind played two cards ... he scores one point. If the
    mastermind did not play a face down card, then he scores two points." Equal totals: nobody.
    """
    if enforcers_total > mastermind_total:
        return 0, 1
    if mastermind_total > enforcers_total:
        return (1 if face_down_played else 2), 0
    return 0, 0


def game_winner(scores: tuple[int, ...], target: int = WINNING_SCORE) -> int | None:
    """"The winner is the first player to reach 12 points. If two players acquire their twelfth
    point at the same time, then the game continues until someone reaches an untied highest score.\""""
    best = max(scores)
    if best >= target and scores.count(best) == 1:
        return scores.index(best)
    return None


def enforcers_of(mastermind: int) -> tuple[int, int]:
    """"The player on the mastermind's left" answers first, then the other enforcer."""
    return (mastermind + 1) % PLAYERS, (mastermind + 2) % PLAYERS


# ---------------------------------------------------------------- the state


@dataclass(frozen=True, slots=True)
class Turn:
    """The cards on the table this turn (``face_down`` stays hidden until the turn resolves)."""

    mastermind: int
    lead: Card
    face_down: Card | None
    answers: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class ResolvedTurn:
    """A finished turn, kept so that pictures and notebooks can show what just happened."""

    turn: Turn
    mastermind_total: int
    enforcers_total: int
    points: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class State(GameState):
    """A position of The Syndicate: hands, piles, scores and the turn on the table."""

    GAME = "syndicate"
    setup: Setup
    hands: tuple[tuple[Card, ...], ...]
    draw_pile: tuple[Card, ...]          # top card first
    discards: tuple[Card, ...]
    points: tuple[int, int, int]
    mastermind: int
    turn_number: int
    table: Turn | None = None
    last_turn: ResolvedTurn | None = None
    reshuffles: int = 0
    history: tuple[Action, ...] = ()
    log: tuple[str, ...] = ()

    # -- protocol
    @property
    def target(self) -> int:
        return self.setup.variant.get("target", WINNING_SCORE)

    @property
    def scores(self) -> tuple[int, int, int]:
        return self.points

    @property
    def is_over(self) -> bool:
        return game_winner(self.points, self.target) is not None

    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.table is None:
            return self.mastermind
        return enforcers_of(self.mastermind)[len(self.table.answers)]

    def legal_actions(self) -> tuple[Action, ...]:
        if self.is_over:
            return ()
        hand = self.hands[self.current_player]
        if self.table is None:
            return tuple(Lead(card, face_down) for card in hand
                         for face_down in (None, *(other for other in hand if other != card)))
        return tuple(Play(card) for card in legal_answers(hand, self.table.lead))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        player = self.current_player
        hand = self.hands[player]
        role = "the mastermind" if self.table is None else "an enforcer"
        if self.table is None and not isinstance(action, Lead):
            return "turn order", f"player {player} is the mastermind and must lead"
        if self.table is not None and not isinstance(action, Play):
            return "turn order", f"the lead is on the table; player {player} is an enforcer and must play a card"
        for card in (action.card, getattr(action, "face_down", None)):
            if card is not None and card not in hand:
                return "cards in hand", f"{role} (player {player}) does not hold {card}"
        if isinstance(action, Lead):
            return "face-down card", "the face-down card must be a second, different card"
        lead = self.table.lead
        following = "carrying the Ace's suit" if lead.is_ace else "sharing a mark with the lead"
        return ("follow the mark" if not lead.is_ace else "follow the Ace's suit",
                f"player {player} holds a card {following} ({lead.describe()}) and must play one")

    def observation(self, player: int) -> dict[str, Any]:
        table = None
        if self.table is not None:
            hidden = self.table.face_down is not None and player != self.mastermind
            table = {
                "mastermind": self.mastermind,
                "lead": self.table.lead,
                "face_down": "hidden" if hidden else self.table.face_down,
                "answers": self.table.answers,
            }
        return {
            "player": player,
            "hand": self.hands[player],
            "hand_sizes": tuple(len(hand) for hand in self.hands),
            "draw_pile": len(self.draw_pile),
            "discards": self.discards,
            "scores": self.points,
            "mastermind": self.mastermind,
            "table": table,
            "last_turn": self.last_turn,
        }

    def to_svg(self, viewer: int | None = None) -> str:
        from .render import state_picture

        return state_picture(self, viewer).svg()

    # -- moves
    def _after(self, action: Action) -> State:
        player = self.current_player
        hands = list(self.hands)
        hands[player] = tuple(card for card in self.hands[player]
                              if card != action.card and card != getattr(action, "face_down", None))
        if isinstance(action, Lead):
            secret = " and plays a second card face down" if action.face_down else ", with no face-down card"
            line = f"Player {player}, the mastermind, leads {action.card.describe()}{secret}."
            return replace(self, hands=tuple(hands), table=Turn(player, action.card, action.face_down),
                           history=self.history + (action,), log=self.log + (line,))
        lead = self.table.lead
        if shares_mark(action.card, lead):
            why = "it carries the Ace's suit" if lead.is_ace else "it shares a mark with the lead"
            line = f"Player {player} plays {action.card.describe()}: {why}, so it counts."
        else:
            line = (f"Player {player} plays {action.card.describe()}: holding nothing "
                    f"{'of the suit' if lead.is_ace else 'sharing the mark'}, any card may be played; it does not count.")
        table = replace(self.table, answers=self.table.answers + (action.card,))
        state = replace(self, hands=tuple(hands), table=table, history=self.history + (action,),
                        log=self.log + (line,))
        return state._resolve() if len(table.answers) == 2 else state

    def _resolve(self) -> State:
        """Reveal, total, score, discard; then the game ends or the next mastermind draws."""
        turn = self.table
        mastermind_total, enforcers_total = scheme_totals(turn.lead, turn.face_down, turn.answers)
        for_mastermind, for_enforcers = turn_points(mastermind_total, enforcers_total,
                                                    face_down_played=turn.face_down is not None)
        points = [score + for_enforcers for score in self.points]
        points[turn.mastermind] = self.points[turn.mastermind] + for_mastermind
        lines = []
        if turn.face_down:
            counts = "counts" if shares_mark(turn.face_down, turn.lead) else "does not count"
            lines.append(f"Player {turn.mastermind} reveals the face-down card: {turn.face_down.describe()}; it {counts}.")
        lines.append(f"Totals: mastermind {mastermind_total}, enforcers {enforcers_total}. "
                     + _verdict(turn.mastermind, for_mastermind, for_enforcers, turn.face_down is not None))
        played = (turn.lead, turn.face_down, *turn.answers) if turn.face_down else (turn.lead, *turn.answers)
        state = replace(self, points=tuple(points), table=None, discards=self.discards + played,
                        last_turn=ResolvedTurn(turn, mastermind_total, enforcers_total,
                                               tuple(points[i] - self.points[i] for i in range(PLAYERS))),
                        log=self.log + tuple(lines))
        winner = game_winner(state.points, self.target)
        if winner is not None:
            return replace(state, log=state.log + (
                f"Player {winner} has {state.points[winner]} points, the untied highest score: player {winner} wins.",))
        if max(state.points) >= self.target:
            state = replace(state, log=state.log + (
                f"Players tied on {max(state.points)} points: the game continues until a score is the untied highest.",))
        return state._next_turn()

    def _next_turn(self) -> State:
        """"The player on the previous mastermind's left becomes the mastermind", and draws to five."""
        mastermind = (self.mastermind + 1) % PLAYERS
        hand, pile, discards, reshuffles = self.hands[mastermind], self.draw_pile, self.discards, self.reshuffles
        lines = []
        drawn = 0
        while len(hand) < HAND_LIMIT:
            if not pile:
                if not discards:
                    break
                pile, discards, reshuffles = reshuffle(discards, self.setup.seed, reshuffles + 1), (), reshuffles + 1
                lines.append(f"The draw pile is empty: the {len(pile)} discards are shuffled into a new draw pile.")
            hand, pile, drawn = hand + pile[:1], pile[1:], drawn + 1
        hands = tuple(hand if seat == mastermind else self.hands[seat] for seat in range(PLAYERS))
        lines.insert(0, f"Turn {self.turn_number + 1}: player {mastermind} is the mastermind and draws "
                        f"{drawn} card{'s' if drawn != 1 else ''} to hold {len(hand)}.")
        return replace(self, hands=hands, draw_pile=pile, discards=discards, reshuffles=reshuffles,
                       mastermind=mastermind, turn_number=self.turn_number + 1, log=self.log + tuple(lines))


def _verdict(mastermind: int, for_mastermind: int, for_enforcers: int, face_down_played: bool) -> str:
    if for_enforcers:
        return "The plot is foiled: each enforcer scores 1 point."
    if for_mastermind:
        why = "a face-down card was played" if face_down_played else "no face-down card was played"
        return f"The plot succeeds: player {mastermind} scores {for_mastermind} ({why})."
    return "The totals are equal: nobody scores."


def guaranteed_points(state: State, lead: Lead) -> int:
    """The points ``lead`` wins for the mastermind however the enforcers answer, from their real
    hands (the worst case over every legal pair of answers): a teacher's view, seeing all hands.

    >>> game = scenario("hand 0: Ace of Moons, Huntress\\nhand 1: Diplomat\\nhand 2: Journey", seed=0)
    >>> guaranteed_points(game, Lead(CARDS_BY_NAME["Ace of Moons"], CARDS_BY_NAME["Huntress"]))
    1
    """
    if state.table is not None or lead not in state.legal_actions():
        raise ValueError(f"{lead} is not a legal lead in this position")
    first, second = (state.hands[seat] for seat in enforcers_of(state.mastermind))
    return min(
        turn_points(*scheme_totals(lead.card, lead.face_down, (one, two)), face_down_played=lead.face_down is not None)[0]
        for one in legal_answers(first, lead.card) for two in legal_answers(second, lead.card)
    )


def reshuffle(discards: tuple[Card, ...], seed: int, number: int) -> tuple[Card, ...]:
    """"Whenever the draw pile is depleted, shuffle the discards to make a new draw pile."

    We refill it at the moment a card must be drawn from the empty pile, so every card played
    so far is in the new pile. (A reading of an ambiguous sentence: "whenever" could also mean at
    once when the last card is drawn; only the moment differs, and ours keeps no pile empty that
    is needed, as the rulings' "an empty draw pile is refilled by shuffling the discards" asks.)
    """
    cards = list(discards)
    seeded_random(seed, "reshuffle", number).shuffle(cards)
    return tuple(cards)


# ---------------------------------------------------------------- making games


def _check_variant(variant: dict[str, Any]) -> dict[str, Any]:
    unknown = set(variant) - {"target"}
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))}; The Syndicate has: target")
    target = variant.get("target", WINNING_SCORE)
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise ValueError(f"target must be a positive whole number of points, got {target!r}")
    return variant


def new_game(players: int = PLAYERS, *, seed: int | None = None, **variant) -> State:
    """A new game: shuffle the basic deck, "deal 5 cards to the first player, 4 to the second
    player, and 3 to the third". Option ``target`` (default 12) sets the winning score."""
    if players != PLAYERS:
        raise ValueError(f"The Syndicate is for exactly 3 players, got {players}")
    seed = fresh_seed() if seed is None else seed
    cards = list(DECK)
    seeded_random(seed, "deal").shuffle(cards)
    hands, start = [], 0
    for size in DEAL_SIZES:
        hands.append(tuple(cards[start:start + size]))
        start += size
    setup = Setup("syndicate", PLAYERS, seed, _check_variant(variant))
    return State(setup, tuple(hands), tuple(cards[start:]), (), (0, 0, 0), mastermind=0, turn_number=1,
                 log=("Turn 1: player 0 is the mastermind with 5 cards (no draw on the game's first turn).",))


_SCENARIO_KEYS = ("mastermind", "scores", "hand 0", "hand 1", "hand 2", "draw", "discards", "turn")


def scenario(text: str, *, seed: int | None = None, **variant) -> State:
    """A position written as text, for "what should the mastermind lead here?" exercises.

    One ``key: value`` per line (``#`` starts a comment). Hands are required; cards not named
    anywhere go, shuffled by the seed, under any named ``draw`` cards (top card first)::

        mastermind: 0
        scores: 3 5 2
        hand 0: Diplomat, Author, Ace of Moons, Sea, Castle
        hand 1: Merchant, Desert
        hand 2: Origin, Pact, Savage
        draw: Bard            # optional
        discards: Huntress    # optional
        turn: 4               # optional, for the log

    The position is at the start of the mastermind's turn, after drawing.
    """
    seed = fresh_seed() if seed is None else seed
    fields = scenario_fields(text, known=_SCENARIO_KEYS.__contains__,
                             expected=f"a key among {', '.join(_SCENARIO_KEYS)}")

    def cards(key: str) -> tuple[Card, ...]:
        if key not in fields:
            return ()
        number, value = fields[key]
        names = [name for name in value.split(",") if name.strip()]
        return tuple(parse_card(name, where=f"line {number} ({key})") for name in names)

    def number_field(key: str, default: int, low: int, high: int) -> int:
        if key not in fields:
            return default
        number, value = fields[key]
        if not value.isdigit() or not low <= int(value) <= high:
            raise ParseError(f"{key} must be a whole number from {low} to {high}, got {value!r}", where=f"line {number}")
        return int(value)

    for seat in range(PLAYERS):
        if f"hand {seat}" not in fields:
            raise ParseError(f"the scenario must give 'hand {seat}: ...'", where="scenario")
    mastermind = number_field("mastermind", 0, 0, PLAYERS - 1)
    turn_number = number_field("turn", 2, 1, 10_000)
    scores = (0, 0, 0)
    if "scores" in fields:
        number, value = fields["scores"]
        parts = value.replace(",", " ").split()
        if len(parts) != PLAYERS or not all(part.isdigit() for part in parts):
            raise ParseError(f"scores must be three whole numbers, got {value!r}", where=f"line {number}")
        scores = tuple(int(part) for part in parts)
    hands = tuple(cards(f"hand {seat}") for seat in range(PLAYERS))
    named_draw, discards = cards("draw"), cards("discards")
    seen: dict[Card, str] = {}
    for key, group in [(f"hand {s}", hands[s]) for s in range(PLAYERS)] + [("draw", named_draw), ("discards", discards)]:
        for card in group:
            if card in seen:
                raise ParseError(f"{card} appears twice (also in {seen[card]})", where=f"line {fields[key][0]} ({key})")
            seen[card] = key
    if not 1 <= len(hands[mastermind]) <= HAND_LIMIT:
        raise ParseError(f"the mastermind must hold 1 to {HAND_LIMIT} cards, not {len(hands[mastermind])}",
                         where=f"line {fields[f'hand {mastermind}'][0]}")
    for seat in enforcers_of(mastermind):
        if not hands[seat]:
            raise ParseError(f"enforcer {seat} holds no card", where=f"line {fields[f'hand {seat}'][0]}")
    rest = [card for card in DECK if card not in seen]
    seeded_random(seed, "scenario").shuffle(rest)
    setup = Setup("syndicate", PLAYERS, seed, _check_variant(variant), scenario=text)
    state = State(setup, hands, named_draw + tuple(rest), discards, scores, mastermind, turn_number,
                  log=(f"Scenario: turn {turn_number}, player {mastermind} is the mastermind.",))
    if game_winner(scores, state.target) is not None:
        number, value = fields["scores"]
        raise ParseError(f"the scores {value!r} already end the game", where=f"line {number}")
    return state


__all__ = ["Action", "Lead", "Play", "State", "Turn", "ResolvedTurn", "new_game", "scenario", "parse_action",
           "parse_card", "shares_mark", "legal_answers", "card_value", "scheme_totals", "turn_points",
           "game_winner", "enforcers_of", "guaranteed_points", "reshuffle", "CARDS_BY_NAME"]
