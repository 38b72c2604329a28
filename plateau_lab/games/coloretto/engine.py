"""The Coloretto engine: rounds of drawing cards onto rows and taking rows, then scoring.

A turn is either "draw" (then, seeing the card, "place row N") or "take row N"::

    >>> state = new_game(4, seed=5)
    >>> state.current_player, len(state.rows), state.capacities
    (1, 4, (3, 3, 3, 3))
    >>> state = state.apply("draw")
    >>> str(state.drawn), [str(a) for a in state.legal_actions()]
    ('+2', ['place row 1', 'place row 2', 'place row 3', 'place row 4'])
    >>> state = state.apply("place row 2")
    >>> state.current_player, [str(a) for a in state.legal_actions()]
    (2, ['draw', 'take row 2'])

Why drawing is its own step: in the game the player draws, looks at the card and only then
decides where it goes, so the choice of row is made knowing the card, and a learner (or a bot)
decides "draw or take" without knowing it. Two actions model exactly that.

Why the end-of-game choice (joker colours, plus colours) is *not* an action: each player's
choice changes only his own score and nobody else's, and nothing is hidden by then, so the
best choice is always the one a player should make. ``scores`` therefore uses
``scoring.best_scoring`` for everybody; ``scoring.score_choice`` scores a learner's own choice
and the notebook's walkthrough widget shows the difference.

Rulings where the rulebook is silent (docs/rulings.md, Coloretto; shown in the notebook too):
- 2 players: each takes 2 start cards, and all 4 start cards have different colours.
- Golden joker (option): if the supply's top card is "last round", it is set aside and the
  player takes the next card (with an empty supply, nothing more). The round under way is then
  the last, like a drawn "last round" card, unless that take ended it: then the next round is.
- If the supply runs out (possible only with the golden joker, or in a scenario), nobody can draw;
  a player whose open rows are then all empty takes an empty row, so every round still ends, and
  the game ends with that round.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from plateau_lab.core import GameState, ParseError, Setup, cached, check_seat, game_spec, parse_whole, seeded_random

from .cards import COLOUR_CARDS, COLOURS, GOLDEN_JOKER, LAST_ROUND_CARD, Card, deck
from .rules import (CARDS_BELOW_LAST_ROUND, MOST_ROUNDS, MOST_ROWS, ROW_CAPACITY, TWO_PLAYER_CAPACITIES, Rules,
                    colours_removed, row_capacities, rules_of, start_cards_each)
from .scoring import best_scoring, best_total, score_choice

__all__ = ["Action", "CARDS_BELOW_LAST_ROUND", "DRAW", "DRAW_ACTION", "MOST_ROUNDS", "MOST_ROWS", "PLACE",
           "PLACE_ACTIONS", "ROW_CAPACITY", "TWO_PLAYER_CAPACITIES", "State", "TAKE", "TAKE_ACTIONS",
           "colours_removed", "new_game", "parse_action", "row_capacities", "stack_supply", "start_cards_each"]


GAME = "coloretto"
DRAW, PLACE, TAKE = "draw", "place", "take"


@dataclass(frozen=True, slots=True, eq=False)
class Action:
    """``draw``, ``place row N`` (the drawn card) or ``take row N``; rows are numbered from 1
    in the text and from 0 in ``row``.

    Two actions are equal when they are the same move: ``row`` must be a whole number in both
    (``Action("take", 1.0)`` is not ``take row 2``, so ``apply`` refuses it as ill-formed).
    """

    kind: str
    row: int | None = None

    def __eq__(self, other: object) -> bool:
        if type(other) is not Action:
            return NotImplemented
        return self.kind == other.kind and self.row == other.row and type(self.row) is type(other.row)

    def __hash__(self) -> int:
        return hash((self.kind, self.row))

    def __str__(self) -> str:
        return DRAW if self.kind == DRAW else f"{self.kind} row {self.row + 1}"


DRAW_ACTION = Action(DRAW)
#: ``place row N`` and ``take row N`` for every row a game can have (``rules.MOST_ROWS``),
#: made once: states share them.
PLACE_ACTIONS = tuple(Action(PLACE, row) for row in range(MOST_ROWS))
TAKE_ACTIONS = tuple(Action(TAKE, row) for row in range(MOST_ROWS))


def parse_action(text: str, *, where: str = "action") -> Action:
    """Read ``'draw'``, ``'place row 2'`` or ``'take row 1'`` (case and spacing ignored).

    >>> parse_action("Take  Row 3")
    Action(kind='take', row=2)

    Row numbers are written with the digits 0-9, from 1 to 8 (so ``take row ²`` is a ParseError);
    whether this game has that row is a rule (``take row 5`` with 3 players is an IllegalAction).
    """
    if not isinstance(text, str):
        raise TypeError(f"an action is written as text, such as 'draw' or 'take row 2', not a {type(text).__name__}")
    words = text.casefold().split()
    if words == [DRAW]:
        return DRAW_ACTION
    if len(words) == 3 and words[0] in (PLACE, TAKE) and words[1] == "row":
        row = parse_whole(words[2], where=where, low=1, high=MOST_ROWS, name="the row number")
        return (PLACE_ACTIONS if words[0] == PLACE else TAKE_ACTIONS)[row - 1]
    raise ParseError(f"no action {text.strip()[:60]!r}; expected 'draw', 'place row N' or 'take row N'", where=where)


def stack_supply(shuffled: tuple[Card, ...], below: int = CARDS_BELOW_LAST_ROUND) -> tuple[Card, ...]:
    """The supply, top card first, with "last round" on top of the bottom 15 cards (``below``: a
    rule set's number).

    Rulebook: "Deal 15 cards face down from the supply in a stack. Place the 'last round' card on
    top of this stack of 15 cards. Then, place the rest of the card supply on top of this."
    """
    split = max(len(shuffled) - below, 0)
    return shuffled[:split] + (LAST_ROUND_CARD,) + shuffled[split:]


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A Coloretto position. Never changed: ``apply`` returns a new one.

    ``rows[i]`` holds the cards next to row card i, or None once the row is taken this round;
    ``collections[p]`` is every card player p has taken (jokers included, set aside until the
    end); ``supply`` is the face-down stack, top card first; ``drawn`` is the card a player has
    drawn and must place now; ``out_of_game`` the cards that left the game (2 players: the
    third row's). The "last round" card is in the supply until drawn, then set aside
    (``last_round``).
    """

    GAME: ClassVar[str] = GAME
    setup: Setup
    colours: tuple[str, ...]
    supply: tuple[Card, ...]
    rows: tuple[tuple[Card, ...] | None, ...]
    capacities: tuple[int, ...]
    collections: tuple[tuple[Card, ...], ...]
    sat_out: tuple[bool, ...]
    turn: int
    round_number: int = 1
    drawn: Card | None = None
    last_round: bool = False
    finished: bool = False
    out_of_game: tuple[Card, ...] = ()
    _history: tuple[Action, ...] = field(default=(), compare=False)   # the moves applied: see GameState.history
    log: tuple[str, ...] = field(default=(), compare=False)

    # -- protocol ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.finished else self.turn

    @property
    def is_over(self) -> bool:
        return self.finished

    @cached
    def rules(self) -> Rules:
        """The game's rules, every number decided for its players (``rules.rules_of`` its options)."""
        return rules_of.for_setup(self.setup)

    @property
    def table(self) -> str:
        """The scoring table's name: ``"brown"`` or ``"grey"`` (the ``scoring`` option), or ``"own"``
        (the ``points_table`` option)."""
        return self.rules.scoring.name

    @cached
    def scores(self) -> tuple[int, ...]:
        """Every player's score with his best choice of joker and plus colours (also mid-game)."""
        scoring = self.rules.scoring
        return tuple(best_total(cards, colours_in_play=self.colours, table=scoring) for cards in self.collections)

    def score_breakdown(self, player: int):
        """How ``player``'s score is made up, with the best choice (``scoring.best_scoring``)."""
        player = check_seat(player, self.players)
        return best_scoring(self.collections[player], colours_in_play=self.colours, table=self.rules.scoring)

    def score_choice(self, player: int, joker_colours, plus_colours):
        """``player``'s score with his own choice of joker colours and plus colours
        (``scoring.score_choice``); compare its ``total`` with ``score_breakdown(player).total``."""
        player = check_seat(player, self.players)
        return score_choice(self.collections[player], joker_colours, plus_colours,
                            colours_in_play=self.colours, table=self.rules.scoring)

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, in this order (part of the protocol: random bots and the fast
        playout rely on it):

        - with a drawn card: ``place row N`` for every open row with room, rows in order;
        - otherwise ``draw`` first (when the supply has a card and an open row has room), then
          ``take row N`` for every open row holding a card, rows in order; when nothing can be
          drawn and every open row is empty, ``take row N`` for every open row.
        """
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[Action, ...]:
        if self.finished:
            return ()
        open_rows = [index for index, cards in enumerate(self.rows) if cards is not None]
        if self.drawn is not None:
            return tuple(PLACE_ACTIONS[index] for index in open_rows if self.has_space(index))
        actions = [DRAW_ACTION] if self.can_draw() else []
        takeable = [index for index in open_rows if self.rows[index]]
        if not actions and not takeable:
            takeable = open_rows  # the supply is empty and every open row too (module docstring)
        return tuple(actions + [TAKE_ACTIONS[index] for index in takeable])

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        if action.kind == DRAW:
            if self.drawn is not None:
                return "draw and place a card", f"you have drawn {self.drawn}: place it next to a row first"
            if not self.supply_has_a_card():
                return "the supply is empty", "no card is left to draw: take a row"
            return "a full row takes no more cards", "every open row is full, so you must take a row"
        if action.row >= len(self.rows):
            return "one row card per player", f"there are only {len(self.rows)} rows"
        if self.rows[action.row] is None:
            return "a taken row is out of the round", f"row {action.row + 1} was taken this round"
        if action.kind == PLACE:
            if self.drawn is None:
                return "drawing is its own step", "draw a card first, then place it"
            return (f"at most {self.capacities[action.row]} cards next to a row card",
                    f"row {action.row + 1} is full ({self.capacities[action.row]} cards)")
        if self.drawn is not None:
            return "draw and place a card", f"you have drawn {self.drawn}: place it before anything else"
        return "a row must hold a card to be taken", f"row {action.row + 1} has no card next to it"

    def _observe(self, seat: int) -> dict[str, Any]:
        """Everything is open in Coloretto but the face-down supply, which is only counted.
        Nobody holds a hand: the drawn card, the rows and the collections lie face up."""
        return {
            "hand": (),
            "hand_sizes": (0,) * self.players,
            "round": self.round_number,
            "colours": self.colours,
            "scoring": self.table,
            "rows": self.rows,
            "capacities": self.capacities,
            "collections": self.collections,
            "sat_out": self.sat_out,
            "drawn": self.drawn,
            "supply_count": len(self.supply),
            "last_round": self.last_round,
            "out_of_game": self.out_of_game,
        }

    def cards_in_game(self) -> Counter:
        """Every card: supply, rows, the drawn card, collections, out of the game, and the
        "last round" card once set aside."""
        cards = Counter(self.supply)
        for row in self.rows:
            cards.update(row or ())
        for collection in self.collections:
            cards.update(collection)
        cards.update(self.out_of_game)
        if self.drawn is not None:
            cards[self.drawn] += 1
        if self.last_round:
            cards[LAST_ROUND_CARD] += 1
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The face-down supply: every other card lies face up for everybody."""
        check_seat(seat, self.players)
        return Counter(self.supply)

    # -- rules ---------------------------------------------------------------------------------
    def has_space(self, row: int) -> bool:
        """Rulebook: "Players may place at most 3 cards next to a row card." (2 players: 1, 2, 3.)"""
        cards = self.rows[row]
        return cards is not None and len(cards) < self.capacities[row]

    def can_draw(self) -> bool:
        """Rulebook: "When all row cards have 3 cards next to them, a player may not choose this
        action. The player must then take a card row." (Also impossible with an empty supply.)"""
        return self.supply_has_a_card() and any(self.has_space(index) for index in range(len(self.rows)))

    def supply_has_a_card(self) -> bool:
        """Whether a draw can give a card: the supply holds more than the "last round" card."""
        return len(self.supply) > 1 or (len(self.supply) == 1 and not self.supply[0].is_last_round)

    def next_active_player(self, after: int, sat_out: tuple[bool, ...]) -> int:
        """Rulebook: "Then the player's left neighbor takes a turn", skipping players who took a row:
        "After a player has taken a card row in a round, he takes no more turns in this round."
        If all others have taken a row, the same player goes on ("this player may continue to draw
        and place as many cards as he can and chooses before taking a card row")."""
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if not sat_out[seat]:
                return seat
        raise AssertionError("every player has taken a row")

    def _after(self, action: Action) -> State:
        name = f"Player {self.turn}"
        if action.kind == DRAW:
            return self._draw(name)
        if action.kind == PLACE:
            return self._place(action, name)
        return self._take(action, name)

    def _draw(self, name: str) -> State:
        """Rulebook: "The player draws the top-most card from the supply" and, "When the 'last
        round' card is drawn, … Place the card to the side … Then the player draws the next card.\""""
        supply, last_round, said = self.supply, self.last_round, []
        if supply[0].is_last_round:
            supply, last_round = supply[1:], True
            said.append(f"{name} draws the 'last round' card and sets it aside: this is the last round "
                        f"(rule: the 'last round' card).")
        said.append(f"{name} draws {supply[0]} and must now place it next to a row (rule: draw and place a card).")
        return self.derive(supply=supply[1:], drawn=supply[0], last_round=last_round,
                           _history=self._history + (DRAW_ACTION,), log=self.log + tuple(said))

    def _place(self, action: Action, name: str) -> State:
        """Rulebook: the player "places it face up next to any of the row cards"."""
        rows = list(self.rows)
        rows[action.row] = rows[action.row] + (self.drawn,)
        said = f"{name} places {self.drawn} next to row {action.row + 1}."
        return self.derive(rows=tuple(rows), drawn=None, turn=self.next_active_player(self.turn, self.sat_out),
                           _history=self._history + (action,), log=self.log + (said,))

    def _take(self, action: Action, name: str) -> State:
        """Rulebook: "The player takes any of the row cards and all the cards next to it and places
        them face up in his play area … After a player has taken a card row in a round, he takes no
        more turns in this round." Golden joker option: its taker also takes the supply's top card."""
        taken = self.rows[action.row]
        supply, announced = self.supply, False
        sat_out = tuple(seat == self.turn or out for seat, out in enumerate(self.sat_out))
        said = [f"{name} takes row {action.row + 1}: {', '.join(map(str, taken)) or 'no card'}"
                f" (rule: take a card row)."]
        if any(card.kind == GOLDEN_JOKER for card in taken) and supply:
            if supply[0].is_last_round:
                supply, announced = supply[1:], True
                when = "the next round" if all(sat_out) else "this round"
                said.append(f"The supply's top card is 'last round': it is set aside and {when} is the last "
                            f"(ruling: the golden joker uncovers 'last round').")
            if supply:
                taken, supply = taken + (supply[0],), supply[1:]
                said.append(f"With the golden joker {name} also takes the supply's top card: {taken[-1]}.")
        collections = list(self.collections)
        collections[self.turn] = collections[self.turn] + taken
        rows = list(self.rows)
        rows[action.row] = None
        changes = dict(rows=tuple(rows), collections=tuple(collections), sat_out=sat_out, supply=supply,
                       _history=self._history + (action,), log=self.log + tuple(said))
        if not all(sat_out):
            return self.derive(**changes, last_round=self.last_round or announced,
                               turn=self.next_active_player(self.turn, sat_out))
        return self.derive(**changes)._end_round(announced)

    def _end_round(self, announced: bool) -> State:
        """Rulebook: "When every player has taken a card row, the round ends. Place the row cards
        back in the middle of the table and begin the next round with the player who took the last
        card row"; with 2 players "the third row is removed from the game"; after the round in
        which "last round" was drawn, the game ends. ``announced``: the golden joker uncovered
        "last round" with the take that ended this round, so the next round is the last."""
        left = tuple(card for cards in self.rows if cards for card in cards)
        said = []
        if left:
            rule = "2 players, the third row" if self.players == 2 else "a row nobody took leaves the game"
            said.append(f"The row nobody took leaves the game with {', '.join(map(str, left))} (rule: {rule}).")
        if self.last_round or not self.supply_has_a_card():
            said.append("The last round is over. Scores with each player's best choice: "
                        + ", ".join(f"player {seat} {score}" for seat, score in enumerate(self.scores)) + ".")
            return self.derive(finished=True, rows=tuple(None if cards is None else () for cards in self.rows),
                               out_of_game=self.out_of_game + left, last_round=self.last_round or announced,
                               log=self.log + tuple(said))
        said.append(f"Round {self.round_number} is over; player {self.turn} took the last row and "
                    f"starts round {self.round_number + 1}.")
        return self.derive(rows=tuple(() for _ in self.capacities), sat_out=(False,) * self.players,
                           round_number=self.round_number + 1, out_of_game=self.out_of_game + left,
                           last_round=announced, log=self.log + tuple(said))


def new_game(players: int, *, seed: int | None = None, **variant: Any) -> State:
    """A new game: colours removed, start cards dealt, supply stacked, starting player by lot.

    The options (``coloretto.SPEC.options``, :mod:`.rules`): ``scoring`` is the side of the summary
    card (``"brown"``, recommended first, or ``"grey"``); ``golden_joker=True`` plays the newer
    printings' option (the last joker is golden); every other number of the rulebook may be
    changed too (``plus_colours=2``, ``rows=5``, ``points_table=(1, 2, 4, 8)``, …), and
    ``rules_name`` names the rule set. A wrong player count, seed or option, or rules that would
    make the game unplayable, raise TypeError or ValueError saying what is expected:

    >>> new_game(6)
    Traceback (most recent call last):
    ValueError: Coloretto players must be a whole number from 2 to 5, not 6
    >>> new_game(3, scoring="green")
    Traceback (most recent call last):
    ValueError: scoring must be one of 'brown', 'grey', not 'green'
    >>> new_game(3, rows=2)
    Traceback (most recent call last):
    ValueError: rows must be from 3 to 8 with 3 players (each player takes a row every round), not 2
    >>> new_game(3, seed=1, plus_colours=2, rules_name="two plus colours").setup.rules
    'two plus colours'
    """
    setup = game_spec(GAME).setup(players, seed, variant)
    players, seed = setup.players, setup.seed
    rules = rules_of(players, setup.variant)
    removed = seeded_random(seed, "colours removed").sample(COLOURS, rules.colours_removed)
    colours = tuple(colour for colour in COLOURS if colour not in removed)
    each = rules.start_cards_each
    start_colours = seeded_random(seed, "start cards").sample(colours, players * each)
    collections = tuple(tuple(COLOUR_CARDS[colour] for colour in sorted(start_colours[seat * each:(seat + 1) * each]))
                        for seat in range(players))
    cards = list(deck(colours, golden_joker=rules.golden_joker, per_colour=rules.cards_per_colour,
                      plus_twos=rules.plus_two_cards, jokers=rules.jokers))
    for collection in collections:
        for card in collection:
            cards.remove(card)
    seeded_random(seed, "shuffle").shuffle(cards)
    first = seeded_random(seed, "first player").randrange(players)
    said = [f"{players} players, colours in play: {', '.join(colours)}"
            + (f" ({', '.join(sorted(removed))} removed)" if removed else "") + ".",
            "Start cards: " + "; ".join(f"player {seat} {', '.join(map(str, cards)) or 'none'}"
                                        for seat, cards in enumerate(collections)) + ".",
            f"Player {first} starts (chosen by lot)."]
    return State(setup=setup, colours=colours, supply=stack_supply(tuple(cards), rules.cards_below_last_round),
                 rows=tuple(() for _ in rules.capacities), capacities=rules.capacities,
                 collections=collections, sat_out=(False,) * players, turn=first, log=tuple(said))
