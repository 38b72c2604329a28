"""The engine of a described drafting game of rows (:class:`~.rows.RowGame`): its immutable
:class:`RowState`, its moves, and its deal from a seed or a scenario.

A turn is ``draw`` (then, seeing the card, ``place row N``) or ``take row N``. A player who takes a
row sits out the rest of the round; when every player has taken a row the round ends, the player who
took the last row starts the next, and after the round in which "last round" was drawn the game
ends. Each player scores his collection with his best choice of joker colours and plus colours.

>>> from plateau_lab.kit import RowGame, define
>>> game = define(RowGame("small_rows", "Small rows", players=range(2, 4),
...                       colours=["red", "blue", "green", "white"], per_colour=4, plus_twos=2, jokers=1,
...                       row_capacity=2, end_card_depth=3, points=(1, 3, 6), plus_colours=2))
>>> state = game.new_game(3, seed=4)
>>> [str(action) for action in state.legal_actions()]
['draw']
>>> state = state.apply("draw")
>>> [str(action) for action in state.legal_actions()]
['place row 1', 'place row 2', 'place row 3']
>>> state.apply("take row 1")
Traceback (most recent call last):
plateau_lab.core.IllegalAction: 'take row 1' is illegal (draw and place a card): you have drawn red: place it next to a row first. Legal now: place row 1, place row 2, place row 3
>>> while not state.is_over:
...     state = state.apply(state.legal_actions()[-1])
>>> len(state.scores), state.round_number > 1
(3, True)
"""

from __future__ import annotations

__all__ = ["DRAW", "PLACE", "TAKE", "RowAction", "RowState", "best_points", "new_row_game",
           "read_row_scenario", "row_deal_text"]

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from plateau_lab.core import (GameState, ParseError, Setup, cached, check_seat, count_of, parse_seat,
                              parse_whole, scenario_fields, seeded_random)

from .rows import END_CARD, JOKER, MOST_ROWS, PLUS_TWO, RowGame

DRAW, PLACE, TAKE = "draw", "place", "take"


@dataclass(frozen=True, slots=True)
class RowAction:
    """``draw``, ``place row N`` (the drawn card) or ``take row N``; ``row`` counts from 0."""

    kind: str
    row: int | None = None

    def __str__(self) -> str:
        return DRAW if self.kind == DRAW else f"{self.kind} row {self.row + 1}"


_DRAW = RowAction(DRAW)
_PLACE = tuple(RowAction(PLACE, row) for row in range(MOST_ROWS))
_TAKE = tuple(RowAction(TAKE, row) for row in range(MOST_ROWS))


def parse_row_action(text: str, *, where: str = "action") -> RowAction:
    """Read ``'draw'``, ``'place row 2'`` or ``'take row 1'`` (case and spacing ignored).

    >>> str(parse_row_action(" Take  Row 3"))
    'take row 3'
    >>> parse_row_action("take row nine")
    Traceback (most recent call last):
    plateau_lab.core.ParseError: action: the row number must be written in digits 0-9, got 'nine'
    """
    if not isinstance(text, str):
        raise TypeError(f"a move is written as text, such as 'draw' or 'take row 2', not a {type(text).__name__}")
    words = text.casefold().split()
    if words == [DRAW]:
        return _DRAW
    if len(words) == 3 and words[0] in (PLACE, TAKE) and words[1] == "row":
        row = parse_whole(words[2], where=where, low=1, high=MOST_ROWS, name="the row number")
        return (_PLACE if words[0] == PLACE else _TAKE)[row - 1]
    raise ParseError(f"no move {text.strip()[:60]!r}; expected 'draw', 'place row N' or 'take row N'", where=where)


@lru_cache(maxsize=65536)
def best_points(shape: tuple[int, ...], jokers: int, points: tuple[int, ...], plus_colours: int) -> int:
    """The most the colours of a collection can score: ``shape`` its cards of each colour in play
    (zeros too: a joker may start a colour), ``jokers`` given colours in every way; the
    ``plus_colours`` colours worth the most score plus, the others minus.

    >>> best_points((6, 4, 3, 2, 0, 0, 0), 1, (1, 3, 6, 10, 15, 21), 3)   # 21 + 10 + 6 + 3 less 2 x 3 + 1 ... best: 39
    39
    """
    most, best = len(points), None
    for placed in combinations_with_replacement(range(len(shape)), jokers):
        counts = list(shape)
        for index in placed:
            counts[index] += 1
        scored = sorted((points[min(count, most) - 1] for count in counts if count), reverse=True)
        total = sum(scored[:plus_colours]) - sum(scored[plus_colours:])
        best = total if best is None or total > best else best
    return best


@dataclass(frozen=True, eq=False)
class RowState(GameState):
    """A position of a described drafting game. ``rows[i]``: the cards next to row i, None once taken
    this round; ``collections[p]``: every card player p has taken; ``supply``: face down, top card
    first; ``drawn``: the card the player to move has drawn and must place; ``out_of_game``: the
    cards of rows nobody took. ``described`` is the checked description (not part of the position)."""

    described: RowGame = field(compare=False, repr=False)
    setup: Setup
    colours: tuple[str, ...]
    supply: tuple[str, ...]
    rows: tuple[tuple[str, ...] | None, ...]
    capacities: tuple[int, ...]
    collections: tuple[tuple[str, ...], ...]
    sat_out: tuple[bool, ...]
    turn: int
    first: int
    round_number: int = 1
    drawn: str | None = None
    last_round: bool = False
    finished: bool = False
    out_of_game: tuple[str, ...] = ()
    _history: tuple[RowAction, ...] = field(default=(), compare=False)
    log: tuple[str, ...] = field(default=(), compare=False)

    @property
    def current_player(self) -> int | None:
        return None if self.finished else self.turn

    @property
    def is_over(self) -> bool:
        return self.finished

    @cached
    def scores(self) -> tuple[int, ...]:
        """Every player's score with his best choice of joker colours and plus colours (also mid-game)."""
        return tuple(self.score_of(cards) for cards in self.collections)

    def score_of(self, cards: tuple[str, ...]) -> int:
        """The best score of the collection ``cards``."""
        game, counted = self.described, Counter(cards)
        shape = tuple(sorted((counted[colour] for colour in self.colours), reverse=True))
        return (best_points(shape, counted[JOKER], tuple(game.points), game.plus_colours)
                + game.plus_two_points * counted[PLUS_TWO])

    def legal_actions(self) -> tuple[RowAction, ...]:
        """With a drawn card: ``place row N`` for every open row with room; otherwise ``draw`` first
        (when the supply has a card and a row has room), then ``take row N`` for every open row
        holding a card (every open row, when nothing can be drawn and they are all empty)."""
        return self._legal_actions

    @cached
    def _legal_actions(self) -> tuple[RowAction, ...]:
        if self.finished:
            return ()
        open_rows = [index for index, cards in enumerate(self.rows) if cards is not None]
        if self.drawn is not None:
            return tuple(_PLACE[index] for index in open_rows if self.has_space(index))
        actions = [_DRAW] if self.can_draw() else []
        takeable = [index for index in open_rows if self.rows[index]] or ([] if actions else open_rows)
        return tuple(actions + [_TAKE[index] for index in takeable])

    def has_space(self, row: int) -> bool:
        cards = self.rows[row]
        return cards is not None and len(cards) < self.capacities[row]

    def supply_has_a_card(self) -> bool:
        """Whether a draw gives a card: the supply holds more than the "last round" card."""
        return len(self.supply) > 1 or (len(self.supply) == 1 and self.supply[0] != END_CARD)

    def can_draw(self) -> bool:
        return self.supply_has_a_card() and any(self.has_space(index) for index in range(len(self.rows)))

    def parse_action(self, text: str) -> RowAction:
        return parse_row_action(text)

    def _why_illegal(self, action: RowAction) -> tuple[str, str]:
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
                    f"row {action.row + 1} is full ({count_of(self.capacities[action.row], 'card')})")
        if self.drawn is not None:
            return "draw and place a card", f"you have drawn {self.drawn}: place it next to a row first"
        return "a row must hold a card to be taken", f"row {action.row + 1} has no card next to it"

    def _after(self, action: RowAction) -> RowState:
        name, history = f"Player {self.turn}", self._history + (action,)
        if action.kind == DRAW:
            supply, last_round, said = self.supply, self.last_round, []
            if supply[0] == END_CARD:
                supply, last_round = supply[1:], True
                said.append(f"{name} draws the 'last round' card and sets it aside: this is the last round.")
            said.append(f"{name} draws {supply[0]}.")
            return self.derive(supply=supply[1:], drawn=supply[0], last_round=last_round, _history=history,
                               log=self.log + tuple(said))
        rows = list(self.rows)
        if action.kind == PLACE:
            rows[action.row] = rows[action.row] + (self.drawn,)
            return self.derive(rows=tuple(rows), drawn=None, turn=self._next(self.turn, self.sat_out),
                               _history=history, log=self.log + (f"{name} places {self.drawn} next to row "
                                                                 f"{action.row + 1}.",))
        taken, rows[action.row] = rows[action.row], None
        collections = list(self.collections)
        collections[self.turn] += taken
        sat_out = tuple(seat == self.turn or out for seat, out in enumerate(self.sat_out))
        state = self.derive(rows=tuple(rows), collections=tuple(collections), sat_out=sat_out, _history=history,
                            log=self.log + (f"{name} takes row {action.row + 1}: {', '.join(taken) or 'no card'}.",))
        return state._end_round() if all(sat_out) else state.derive(turn=self._next(self.turn, sat_out))

    def _next(self, after: int, sat_out: tuple[bool, ...]) -> int:
        """The next player to the left who has not taken a row (the same one if all others have)."""
        return next(seat for step in range(1, self.players + 1)
                    if not sat_out[seat := (after + step) % self.players])

    def _end_round(self) -> RowState:
        left = tuple(card for cards in self.rows if cards for card in cards)
        said = (f"The row nobody took leaves the game: {', '.join(left)}.",) if left else ()
        if self.last_round or not self.supply_has_a_card():
            scores = ", ".join(f"player {seat} {score}" for seat, score in enumerate(self.scores))
            return self.derive(finished=True, rows=tuple(None if cards is None else () for cards in self.rows),
                               out_of_game=self.out_of_game + left,
                               log=self.log + said + (f"The last round is over. Scores: {scores}.",))
        return self.derive(rows=tuple(() for _ in self.capacities), sat_out=(False,) * self.players,
                           round_number=self.round_number + 1, out_of_game=self.out_of_game + left,
                           log=self.log + said + (f"Player {self.turn} starts round {self.round_number + 1}.",))

    def _observe(self, seat: int) -> dict[str, Any]:
        """Everything lies face up but the supply, which is only counted. The colours in play are said
        in words ("3 colours: red, blue, green"), so that no name of a card stands in the observation
        but the cards on the table."""
        return {"hand": (), "hand_sizes": (0,) * self.players, "round": self.round_number,
                "colours": f"{count_of(len(self.colours), 'colour')}: {', '.join(self.colours)}",
                "rows": self.rows, "capacities": self.capacities, "collections": self.collections,
                "sat_out": self.sat_out, "drawn": self.drawn, "supply_count": len(self.supply),
                "last_round": self.last_round, "out_of_game": self.out_of_game}

    def cards_in_game(self) -> Counter:
        cards = Counter(self.supply)
        for pile in (*self.rows, *self.collections, self.out_of_game, (self.drawn,) if self.drawn else ()):
            cards.update(pile or ())
        if END_CARD not in self.supply:
            cards[END_CARD] += 1
        return cards

    def cards_hidden_from(self, seat: int) -> Counter:
        """The face-down supply: every other card lies face up."""
        check_seat(seat, self.players)
        return Counter(self.supply)


def new_row_game(game: RowGame, setup: Setup) -> RowState:
    """The first state dealt from ``setup``'s seed: the colours that leave the deck, the start cards
    (each of a colour of its own), the shuffled supply with "last round" on top of the bottom
    ``end_card_depth`` cards, and the first player, each drawn from its own generator."""
    players, seed = setup.players, setup.seed
    removed = seeded_random(seed, "colours removed").sample(game.colours, game.removed_for(players))
    colours = tuple(colour for colour in game.colours if colour not in removed)
    each = game.start_cards_for(players)
    start = seeded_random(seed, "start cards").sample(colours, players * each)
    collections = tuple(tuple(sorted(start[seat * each:(seat + 1) * each], key=colours.index))
                        for seat in range(players))
    cards = list(game.deck(colours))
    for card in (card for collection in collections for card in collection):
        cards.remove(card)
    seeded_random(seed, "shuffle").shuffle(cards)
    first = seeded_random(seed, "first player").randrange(players)
    split = max(len(cards) - game.end_card_depth, 0)
    return _first_state(game, setup, colours, collections, tuple(cards[:split] + [END_CARD] + cards[split:]), first)


def _first_state(game: RowGame, setup: Setup, colours: tuple[str, ...], collections: tuple[tuple[str, ...], ...],
                 supply: tuple[str, ...], first: int) -> RowState:
    capacities = game.row_capacities(setup.players)
    said = (f"{setup.players} players, colours in play: {', '.join(colours)}.",
            "Start cards: " + "; ".join(f"player {seat} {', '.join(cards) or 'none'}"
                                        for seat, cards in enumerate(collections)) + ".", f"Player {first} starts.")
    return RowState(game, setup, colours, supply, tuple(() for _ in capacities), capacities, collections,
                    (False,) * setup.players, first, first, log=said)


def row_deal_text(state: RowState) -> str:
    """The game's start as scenario text (:func:`read_row_scenario` reads it back): the colours in
    play, the first player, each player's start cards and the supply, top card first."""
    first = state.states()[0] if state.history else state
    lines = [f"colours: {', '.join(first.colours)}", f"first: {first.first}"]
    lines += [f"player {seat}: {', '.join(cards) or '-'}" for seat, cards in enumerate(first.collections)]
    return "\n".join(lines + [f"supply: {', '.join(first.supply)}"]) + "\n"


def read_row_scenario(game: RowGame, text: str, setup_of: Any) -> RowState:
    """The game's start written in ``text`` (``colours: red, blue, …`` the colours in play,
    ``first: N``, ``player 0: red`` the start cards of each player, ``-`` for none, and ``supply:
    …`` every other card, top first, "last round" among them); ``setup_of(players)`` makes the
    set-up. ParseError says where and what."""
    fields_ = scenario_fields(text, known=lambda key: key in ("colours", "first", "supply") or
                              (key.startswith("player ") and key[7:].isdigit()),
                              expected="colours, first, player 0, player 1, …, supply")
    for key in ("colours", "first", "supply"):
        if key not in fields_:
            raise ParseError(f"the line '{key}: …' is missing", where=key)
    seats = sorted(int(key[7:]) for key in fields_ if key.startswith("player "))
    if not seats or seats != list(range(len(seats))):
        raise ParseError(f"expected the lines player 0, player 1, … one per player, got players {seats}",
                         where="players")
    try:
        setup = setup_of(len(seats))
    except (TypeError, ValueError) as err:
        raise ParseError(f"{count_of(len(seats), 'player')} written: {err}", where="players") from None
    line, written = fields_["colours"]
    colours = tuple(word.strip() for word in written.split(","))
    unknown = [colour for colour in colours if colour not in game.colours]
    removed = len(game.colours) - len(set(colours))
    if unknown or len(set(colours)) != len(colours) or removed != game.removed_for(len(seats)):
        raise ParseError(f"the colours in play are {game.removed_for(len(seats))} fewer than {', '.join(game.colours)}"
                         f", each named once, in that order; got {written.strip()!r}", where=f"line {line}")
    colours = tuple(colour for colour in game.colours if colour in colours)
    left = Counter(game.deck(colours)) + Counter([END_CARD])

    def cards(key: str) -> tuple[str, ...]:
        line, value = fields_[key]
        if value.strip() == "-":
            return ()
        found = tuple(word.strip().casefold() for word in value.split(","))
        for card in found:
            if left[card] == 0:
                raise ParseError(f"{card!r} is " + ("no card of this game" if card not in left else
                                                   "written more often than the deck holds it"), where=f"line {line}")
            left[card] -= 1
        return found

    each = game.start_cards_for(len(seats))
    collections = tuple(cards(f"player {seat}") for seat in seats)
    start = [card for cards_ in collections for card in cards_]
    if any(len(cards_) != each for cards_ in collections) or len(set(start)) != len(start) or \
            not set(start) <= set(colours):
        raise ParseError(f"each player has {count_of(each, 'start card')}, each of a colour no other start card "
                         f"has", where="players")
    supply = cards("supply")
    if +left:
        raise ParseError(f"the supply lacks {', '.join(sorted(left.elements()))}", where=f"line {fields_['supply'][0]}")
    first = parse_seat(fields_["first"][1], len(seats), where=f"line {fields_['first'][0]}")
    return _first_state(game, setup, colours, tuple(tuple(sorted(c, key=colours.index)) for c in collections),
                        supply, first)
