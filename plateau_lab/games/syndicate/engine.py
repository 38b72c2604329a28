"""The Syndicate (Jason Mutford & P.D. Magnus, 2010): one mastermind plots, two enforcers foil.

Each turn the mastermind leads a card face up (optionally a second card face down); the
enforcers, left of the mastermind first, must answer with a card sharing the lead's mark (after
an Ace lead: carrying its suit) when they can. Only cards that share a mark with the lead count.

>>> game = new_game(3, seed=5)
>>> game.current_player, [len(hand) for hand in game.hands]
(0, [5, 4, 3])
>>> game.apply("lead Market + face down Cave").current_player
1

Where the rulebook is silent or ambiguous the engine follows docs/rulings.md, The Syndicate.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from plateau_lab.core import (GameState, ParseError, Play, Setup, cached, check_seat, count_of, game_spec, parse_play,
                              quoted, seeded_random)

from .cards import CARDS_BY_NAME, CROWN_OF, DECK, Card, parse_card
from .rules import (DEAL_SIZES, GAME, HAND_LIMIT, MAX_TARGET, PLAYERS, RULEBOOK, WINNING_SCORE, Rules,
                    rules_of)

__all__ = ["GAME", "Action", "Lead", "Play", "State", "Turn", "ResolvedTurn", "new_game", "parse_action",
           "parse_card", "shares_mark", "legal_answers", "card_value", "scheme_totals", "turn_points",
           "game_winner", "enforcers_of", "guaranteed_points", "reshuffle", "CARDS_BY_NAME",
           "DEAL_SIZES", "HAND_LIMIT", "WINNING_SCORE", "MAX_TARGET", "PLAYERS", "Rules", "RULEBOOK", "rules_of"]

# The rulebook's numbers (``HAND_LIMIT``, ``DEAL_SIZES``, ``WINNING_SCORE``, ...) live in ``rules``, as
# the defaults of the options; a game reads its own from ``State.rules`` (``rules.rules_of``).


def describe(action) -> str:
    """A move in the learner's words: its text, and a lead without a face-down card says so.

    >>> describe(parse_action("lead Sea")), describe(parse_action("lead Sea + face down Author"))
    ('lead Sea with no face-down card', 'lead Sea + face down Author')
    """
    if isinstance(action, Lead) and action.face_down is None:
        return f"lead {action.card} with no face-down card"
    return str(action)


# ---------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Lead:
    """The mastermind's move: a card face up and, optionally, a second card face down.

    The enforcers' move is :class:`plateau_lab.core.Play` (``play CARD``); a lead needs its own
    class because it may carry the second, face-down card.
    """

    card: Card
    face_down: Card | None = None

    def __str__(self) -> str:
        return f"lead {self.card}" + (f" + face down {self.face_down}" if self.face_down else "")


Action = Lead | Play
ACTION_FORMS = "'lead CARD', 'lead CARD + face down CARD' or 'play CARD'"


def parse_action(text: str, *, where: str = "action") -> Action:
    """Read ``'lead Diplomat'``, ``'lead Diplomat + face down Author'`` or ``'play Merchant'``.

    Case and spacing do not matter, and ``face-down`` may be written with a hyphen.

    >>> parse_action("  LEAD  chance meeting+face-down sea ")
    Lead(card=Card('Chance Meeting'), face_down=Card('Sea'))
    >>> parse_action("lead Diplomat + Author")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: after '+' write 'face down CARD', got 'Author'
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is text such as 'lead Diplomat', not a {type(text).__name__}")
    words = " ".join(text.split())
    play = parse_play(words, parse_card, where=where)
    if play is not None:
        return play
    verb, _, rest = words.partition(" ")
    if verb.casefold() != "lead":
        raise ParseError(f"cannot read {quoted(words, 60)}: expected {ACTION_FORMS}", where=where)
    card, plus, face_down = rest.partition("+")
    return Lead(parse_card(card, where=where), _face_down_card(face_down, where) if plus else None)


def _face_down_card(text: str, where: str) -> Card:
    """The card of ``face down CARD`` (also ``face-down``), the part of a lead after its ``+``."""
    words = text.strip()
    if words[:4].casefold() == "face":
        after = words[4:].lstrip(" -")
        if after[:4].casefold() == "down" and after[4:5] == " ":
            return parse_card(after[5:], where=where)
    raise ParseError(f"after '+' write 'face down CARD', got {quoted(words, 60)}", where=where)


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


def card_value(card: Card, lead: Card, played: tuple[Card, ...], *, rules: Rules = RULEBOOK) -> int:
    """What a counting card is worth: its rank; Crowns count ten; the led Ace "counts as either 1
    or 11: if the Crown of the same suit as the Ace is played ... the Ace counts for eleven". A rule
    set may change each number (``rules.card_points``, ``ace_points``, ``crowned_ace_points``).

    >>> ace, crown = CARDS_BY_NAME["Ace of Knots"], CARDS_BY_NAME["Windfall"]
    >>> richer = rules_of(3, {"crowned_ace_points": 15})
    >>> card_value(ace, ace, (ace, crown)), card_value(ace, ace, (ace, crown), rules=richer)
    (11, 15)
    """
    if card == lead and lead.is_ace:
        return rules.crowned_ace_points if CROWN_OF[lead.suits[0]] in played else rules.ace_points
    return rules.points_of(card)


def scheme_totals(lead: Card, face_down: Card | None, answers: tuple[Card, ...], *,
                  rules: Rules = RULEBOOK) -> tuple[int, int]:
    """(mastermind's total, enforcers' total), counting only cards that share the lead's mark."""
    played = (lead, face_down, *answers) if face_down else (lead, *answers)
    mastermind = sum(card_value(card, lead, played, rules=rules) for card in (lead, face_down)
                     if card and shares_mark(card, lead))
    enforcers = sum(card_value(card, lead, played, rules=rules) for card in answers if shares_mark(card, lead))
    return mastermind, enforcers


def turn_points(mastermind_total: int, enforcers_total: int, *, face_down_played: bool,
                rules: Rules = RULEBOOK) -> tuple[int, int]:
    """(points for the mastermind, points for each enforcer).

    "If the enforcers' total is higher ... Each enforcer scores one point." "If the mastermind's
    total is higher ... If the mastermind played two cards ... he scores one point. If the
    mastermind did not play a face down card, then he scores two points." Equal totals: nobody.
    A rule set may change each number (``rules.foil_points``, ``plot_points``, ``plot_face_down_points``).

    >>> richer = rules_of(3, {"plot_points": 3})
    >>> turn_points(10, 9, face_down_played=False), turn_points(10, 9, face_down_played=False, rules=richer)
    ((2, 0), (3, 0))
    """
    if enforcers_total > mastermind_total:
        return 0, rules.foil_points
    if mastermind_total > enforcers_total:
        return rules.plot_scores(face_down_played), 0
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

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card on the table, the face-down card included."""
        return (self.lead, self.face_down, *self.answers) if self.face_down else (self.lead, *self.answers)


@dataclass(frozen=True, slots=True)
class ResolvedTurn:
    """A finished turn, kept so that pictures and notebooks can show what just happened."""

    turn: Turn
    mastermind_total: int
    enforcers_total: int
    points: tuple[int, int, int]


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A position of The Syndicate: hands, piles, scores and the turn on the table."""

    GAME = GAME
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
    _history: tuple[Action, ...] = field(default=(), compare=False)   # the moves applied: see GameState.history
    log: tuple[str, ...] = field(default=(), compare=False)

    # -- protocol
    @property
    def rules(self) -> Rules:
        """The game's rules: every number of the rulebook, or of the rule set played (``rules.rules_of``
        its options). Looked up by the game's set-up, which every state of a game shares (not kept on
        each state: a state is made at every move, and most never need more than its target)."""
        return rules_of.for_setup(self.setup)

    @property
    def target(self) -> int:
        """The score that wins (the option ``target``)."""
        return self.rules.target

    @property
    def scores(self) -> tuple[int, int, int]:
        return self.points

    @cached
    def is_over(self) -> bool:
        return game_winner(self.points, self.target) is not None

    @cached
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        if self.table is None:
            return self.mastermind
        return enforcers_of(self.mastermind)[len(self.table.answers)]

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal moves, in this order (part of the protocol: random bots and the fast playout
        rely on it). The mastermind: for each card of his hand in hand order, the lead of that card
        alone, then with each other card face down, in hand order. An enforcer: the cards he may
        play (:func:`legal_answers`), in hand order. A hand keeps the order it was dealt or written
        in; drawn cards go to its end.

        >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO, scenario
        >>> [str(action) for action in scenario(EXAMPLE_SCENARIO, seed=0).legal_actions()[:3]]
        ['lead Diplomat', 'lead Diplomat + face down Author', 'lead Diplomat + face down Castle']
        """
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[Action, ...]:
        if self.is_over:
            return ()
        hand = self.hands[self.current_player]
        if self.table is None:
            return tuple(Lead(card, face_down) for card in hand
                         for face_down in (None, *(other for other in hand if other != card)))
        return tuple(Play(card) for card in legal_answers(hand, self.table.lead))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
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
                f"player {player} holds a card {following}, the {lead.describe()}, and must play one")

    def _observe(self, seat: int) -> dict[str, Any]:
        """The seat's hand; the size of every hand, of the draw pile; the discards (face up); the
        mastermind and the turn; the table (the face-down card is ``"hidden"`` from the enforcers);
        the last turn's totals and points (its cards are in the discards, or reshuffled)."""
        table = None
        if self.table is not None:
            hidden = self.table.face_down is not None and seat != self.mastermind
            table = {
                "mastermind": self.mastermind,
                "lead": self.table.lead,
                "face_down": "hidden" if hidden else self.table.face_down,
                "answers": self.table.answers,
            }
        last_turn = None
        if self.last_turn is not None:
            last_turn = {
                "mastermind": self.last_turn.turn.mastermind,
                "mastermind_total": self.last_turn.mastermind_total,
                "enforcers_total": self.last_turn.enforcers_total,
                "points": self.last_turn.points,
            }
        return {
            "hand": self.hands[seat],
            "hand_sizes": tuple(len(hand) for hand in self.hands),
            "mastermind": self.mastermind,
            "turn": self.turn_number,
            "draw_pile": len(self.draw_pile),
            "discards": self.discards,
            "table": table,
            "last_turn": last_turn,
        }

    def cards_in_game(self) -> Counter:
        """The 36 cards, wherever they lie: hands, draw pile, discards and the table."""
        on_table = self.table.cards if self.table is not None else ()
        return Counter([*self.draw_pile, *self.discards, *on_table, *(card for hand in self.hands for card in hand)])

    def cards_hidden_from(self, seat: int) -> Counter:
        """The other hands, the draw pile and, for an enforcer, the face-down card on the table."""
        seat = check_seat(seat, PLAYERS)
        hidden = Counter(self.draw_pile)
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden.update(hand)
        if self.table is not None and self.table.face_down is not None and seat != self.mastermind:
            hidden[self.table.face_down] += 1
        return hidden

    # -- moves
    def _after(self, action: Action) -> State:
        player = self.current_player
        hands = list(self.hands)
        hands[player] = tuple(card for card in self.hands[player]
                              if card != action.card and card != getattr(action, "face_down", None))
        if isinstance(action, Lead):
            secret = " and plays a second card face down" if action.face_down else ", with no face-down card"
            line = f"Player {player}, the mastermind, leads {action.card.describe()}{secret}."
            return self.derive(hands=tuple(hands), table=Turn(player, action.card, action.face_down),
                               _history=self._history + (action,), log=self.log + (line,))
        lead = self.table.lead
        if shares_mark(action.card, lead):
            why = "it carries the Ace's suit" if lead.is_ace else "it shares a mark with the lead"
            line = f"Player {player} plays {action.card.describe()}: {why}, so it counts."
        else:
            line = (f"Player {player} plays {action.card.describe()}: holding nothing "
                    f"{'of the suit' if lead.is_ace else 'sharing the mark'}, any card may be played; it does not count.")
        turn = self.table
        table = Turn(turn.mastermind, turn.lead, turn.face_down, turn.answers + (action.card,))
        state = self.derive(hands=tuple(hands), table=table, _history=self._history + (action,), log=self.log + (line,))
        return state._resolve() if len(table.answers) == 2 else state

    def _resolve(self) -> State:
        """Reveal, total, score, discard; then the game ends or the next mastermind draws."""
        turn, rules = self.table, self.rules
        mastermind_total, enforcers_total = scheme_totals(turn.lead, turn.face_down, turn.answers, rules=rules)
        for_mastermind, for_enforcers = turn_points(mastermind_total, enforcers_total,
                                                    face_down_played=turn.face_down is not None, rules=rules)
        points = [score + for_enforcers for score in self.points]
        points[turn.mastermind] = self.points[turn.mastermind] + for_mastermind
        lines = []
        if turn.face_down:
            counts = "counts" if shares_mark(turn.face_down, turn.lead) else "does not count"
            lines.append(f"Player {turn.mastermind} reveals the face-down card: {turn.face_down.describe()}; it {counts}.")
        lines.append(f"Totals: mastermind {mastermind_total}, enforcers {enforcers_total}. "
                     + _verdict(turn.mastermind, (mastermind_total, enforcers_total), for_mastermind,
                                  for_enforcers, turn.face_down is not None))
        winner = game_winner(tuple(points), rules.target)
        if winner is not None:
            lines.append(f"Player {winner} has {count_of(points[winner], 'point')}, the untied highest score: player {winner} wins.")
        elif max(points) >= rules.target:
            lines.append(f"Players tied on {count_of(max(points), 'point')}: the game continues until a score is the untied highest.")
        state = self.derive(points=tuple(points), table=None, discards=self.discards + turn.cards,
                            last_turn=ResolvedTurn(turn, mastermind_total, enforcers_total,
                                                   tuple(points[i] - self.points[i] for i in range(PLAYERS))),
                            log=self.log + tuple(lines))
        return state if winner is not None else state._next_turn()

    def _next_turn(self) -> State:
        """"The player on the previous mastermind's left becomes the mastermind", and draws up to the
        hand size (the rulebook's five)."""
        mastermind = (self.mastermind + 1) % PLAYERS
        hand, pile, discards, reshuffles = self.hands[mastermind], self.draw_pile, self.discards, self.reshuffles
        lines = []
        drawn, hand_size = 0, self.rules.hand_size
        while len(hand) < hand_size:
            if not pile:
                if not discards:
                    break
                pile, discards, reshuffles = reshuffle(discards, self.setup.seed, reshuffles + 1), (), reshuffles + 1
                lines.append(f"The draw pile is empty: the {len(pile)} discards are shuffled into a new draw pile.")
            hand, pile, drawn = hand + pile[:1], pile[1:], drawn + 1
        hands = tuple(hand if seat == mastermind else self.hands[seat] for seat in range(PLAYERS))
        lines.insert(0, f"Turn {self.turn_number + 1}: player {mastermind} is the mastermind and draws "
                        f"{count_of(drawn, 'card')} to hold {len(hand)}.")
        return self.derive(hands=hands, draw_pile=pile, discards=discards, reshuffles=reshuffles,
                           mastermind=mastermind, turn_number=self.turn_number + 1, log=self.log + tuple(lines))


def _verdict(mastermind: int, totals: tuple[int, int], for_mastermind: int, for_enforcers: int,
             face_down_played: bool) -> str:
    """The turn's result, told by its totals (a rule set may score a plot 0 points)."""
    mastermind_total, enforcers_total = totals
    if enforcers_total > mastermind_total:
        return f"The plot is foiled: each enforcer scores {count_of(for_enforcers, 'point')}."
    if mastermind_total > enforcers_total:
        why = "a face-down card was played" if face_down_played else "no face-down card was played"
        return f"The plot succeeds: player {mastermind} scores {for_mastermind} ({why})."
    return "The totals are equal: nobody scores."


def guaranteed_points(state: State, lead: Lead) -> int:
    """The points ``lead`` wins for the mastermind however the enforcers answer, from their real
    hands (the worst case over every legal pair of answers): a teacher's view, seeing all hands.

    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO, scenario
    >>> game = scenario(EXAMPLE_SCENARIO, seed=0)
    >>> guaranteed_points(game, Lead(CARDS_BY_NAME["Ace of Moons"], CARDS_BY_NAME["Huntress"]))
    1
    >>> guaranteed_points(game, Lead(CARDS_BY_NAME["Diplomat"]))
    0
    """
    if state.table is not None or lead not in state.legal_actions():
        raise ValueError(f"{lead} is not a legal lead in this position")
    first, second = (state.hands[seat] for seat in enforcers_of(state.mastermind))
    rules = state.rules
    return min(
        turn_points(*scheme_totals(lead.card, lead.face_down, (one, two), rules=rules),
                    face_down_played=lead.face_down is not None, rules=rules)[0]
        for one in legal_answers(first, lead.card) for two in legal_answers(second, lead.card)
    )


def reshuffle(discards: tuple[Card, ...], seed: int, number: int) -> tuple[Card, ...]:
    """"Whenever the draw pile is depleted, shuffle the discards to make a new draw pile."

    We refill it at the moment a card must be drawn from the empty pile, so every card played
    so far is in the new pile: "whenever" could also mean at once when the last card is drawn;
    only the moment differs (docs/rulings.md, The Syndicate).
    """
    cards = list(discards)
    seeded_random(seed, "reshuffle", number).shuffle(cards)
    return tuple(cards)


# ---------------------------------------------------------------- making games


def new_game(players: int = PLAYERS, *, seed: int | None = None, **variant) -> State:
    """A new game: shuffle the basic deck, "deal 5 cards to the first player, 4 to the second
    player, and 3 to the third". The options (``syndicate.SPEC.options``, :mod:`.rules`) set every
    number of the rulebook: ``target`` (default 12, at most 50) the winning score, ``hand_size``,
    ``deal``, the cards' points and the plots' points; ``rules_name`` names the rule set. Rules that
    would make a game unplayable or endless are refused, naming the rule and its bounds.

    >>> new_game(4, seed=1)
    Traceback (most recent call last):
    ValueError: The Syndicate players must be a whole number, exactly 3, not 4
    >>> [len(hand) for hand in new_game(3, seed=1, hand_size=6, deal=(6, 3, 2)).hands]
    [6, 3, 2]
    """
    setup = game_spec(GAME).setup(players, seed, variant)
    rules = rules_of.for_setup(setup)
    cards = list(DECK)
    seeded_random(setup.seed, "deal").shuffle(cards)
    hands, start = [], 0
    for size in rules.deal:
        hands.append(tuple(cards[start:start + size]))
        start += size
    first_hand = count_of(rules.deal[0], "card")
    return State(setup, tuple(hands), tuple(cards[start:]), (), (0, 0, 0), mastermind=0, turn_number=1,
                 log=(f"Turn 1: player 0 is the mastermind with {first_hand} (no draw on the game's first turn).",))
