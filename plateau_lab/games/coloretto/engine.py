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

Rulings where the rulebook is silent (shown in the notebook too):
- 2 players: each takes 2 start cards, and all 4 start cards have different colours.
- Golden joker (option): if the supply's top card is "last round", it is set aside and the
  player takes the next card (with an empty supply, nothing more). The round under way is then
  the last, like a drawn "last round" card, unless that take ended it: then the next round is.
- If the supply runs out (possible only with the golden joker, or in a scenario), nobody can draw;
  a player whose open rows are then all empty takes an empty row, so every round still ends, and
  the game ends with that round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from plateau_lab.core import GameState, ParseError, Setup, fresh_seed, scenario_fields, seeded_random

from .cards import (COLOUR_CARDS, COLOURS, GOLDEN_JOKER, LAST_ROUND_CARD, Card, check_colours, deck, parse_card,
                    parse_cards)
from .scoring import SCORING_TABLES, best_scoring, best_total, score_choice

MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROW_CAPACITY = 3
TWO_PLAYER_CAPACITIES = (1, 2, 3)
CARDS_BELOW_LAST_ROUND = 15
DRAW, PLACE, TAKE = "draw", "place", "take"


@dataclass(frozen=True, slots=True)
class Action:
    """``draw``, ``place row N`` (the drawn card) or ``take row N``; rows are numbered from 1."""

    kind: str
    row: int | None = None

    def __str__(self) -> str:
        return DRAW if self.kind == DRAW else f"{self.kind} row {self.row + 1}"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


DRAW_ACTION = Action(DRAW)


def _is_whole_number(text: str) -> bool:
    """Whether ``text`` is written with the digits 0-9 only (``int`` refuses some other digits, like ``²``)."""
    return text.isascii() and text.isdigit()


def parse_action(text: str, *, where: str = "action") -> Action:
    """Read ``'draw'``, ``'place row 2'`` or ``'take row 1'`` (case and spacing ignored).

    >>> parse_action("Take  Row 3")
    Action('take row 3')

    Row numbers are written with the digits 0-9 (so ``take row ²`` is a ParseError, not a crash).
    """
    words = text.casefold().split()
    if words == [DRAW]:
        return DRAW_ACTION
    if len(words) == 3 and words[0] in (PLACE, TAKE) and words[1] == "row" and _is_whole_number(words[2]) \
            and int(words[2]) >= 1:
        return Action(words[0], int(words[2]) - 1)
    raise ParseError(f"no action {text.strip()!r}; expected 'draw', 'place row N' or 'take row N'",
                     where=where)


def colours_removed(players: int) -> int:
    """Rulebook: "With 3 players, remove the cards of one color from the game" and, with 2,
    "remove two sets of cards (i.e. two colors) from the stack"."""
    return {2: 2, 3: 1}.get(players, 0)


def row_capacities(players: int) -> tuple[int, ...]:
    """Rulebook: one row card per player, "at most 3 cards next to a row card"; with 2 players the
    three green row cards, whose pictures allow 1, 2 and 3 cards (RULINGS)."""
    return TWO_PLAYER_CAPACITIES if players == 2 else (ROW_CAPACITY,) * players


def start_cards_each(players: int) -> int:
    """Rulebook: "Each player takes one card of a different color"; with 2 players "each player
    takes two cards in different colors"."""
    return 2 if players == 2 else 1


def stack_supply(shuffled: tuple[Card, ...]) -> tuple[Card, ...]:
    """The supply, top card first, with "last round" on top of the bottom 15 cards.

    Rulebook: "Deal 15 cards face down from the supply in a stack. Place the 'last round' card on
    top of this stack of 15 cards. Then, place the rest of the card supply on top of this."
    """
    split = max(len(shuffled) - CARDS_BELOW_LAST_ROUND, 0)
    return shuffled[:split] + (LAST_ROUND_CARD,) + shuffled[split:]


@dataclass(frozen=True)
class State(GameState):
    """A Coloretto position. Never changed: ``apply`` returns a new one.

    ``rows[i]`` holds the cards next to row card i, or None once the row is taken this round;
    ``collections[p]`` is every card player p has taken (jokers included, set aside until the
    end); ``supply`` is the face-down stack, top card first; ``drawn`` is the card a player has
    drawn and must place now.
    """

    GAME: ClassVar[str] = "coloretto"
    setup: Setup
    colours: tuple[str, ...]
    table: str
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
    history: tuple[Action, ...] = ()
    log: tuple[str, ...] = ()

    # -- protocol ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.finished else self.turn

    @property
    def is_over(self) -> bool:
        return self.finished

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's score with his best choice of joker and plus colours (also mid-game)."""
        return tuple(best_total(cards, colours_in_play=self.colours, table=self.table)
                     for cards in self.collections)

    def score_breakdown(self, player: int):
        """How ``player``'s score is made up, with the best choice (``scoring.best_scoring``)."""
        return best_scoring(self.collections[player], colours_in_play=self.colours, table=self.table)

    def _with(self, **changes: Any) -> State:
        """A copy with some fields changed: ``dataclasses.replace`` without its checks, for speed
        (the engine's own transitions only, so every field stays valid)."""
        fresh = object.__new__(State)
        fields = dict(self.__dict__)
        fields.pop("_legal", None)
        fields.update(changes)
        fresh.__dict__.update(fields)
        return fresh

    def score_choice(self, player: int, joker_colours, plus_colours):
        """``player``'s score with his own choice of joker colours and plus colours
        (``scoring.score_choice``); compare its ``total`` with ``score_breakdown(player).total``."""
        return score_choice(self.collections[player], joker_colours, plus_colours,
                            colours_in_play=self.colours, table=self.table)

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self.__dict__.get("_legal")
        if legal is None:
            legal = self.__dict__["_legal"] = self._legal_actions()  # remembered: states never change
        return legal

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.finished:
            return ()
        open_rows = [index for index, cards in enumerate(self.rows) if cards is not None]
        if self.drawn is not None:
            return tuple(Action(PLACE, index) for index in open_rows if self.has_space(index))
        actions = [DRAW_ACTION] if self.can_draw() else []
        takeable = [index for index in open_rows if self.rows[index]]
        if not actions and not takeable:
            takeable = open_rows  # the supply is empty and every open row too (module docstring)
        return tuple(actions + [Action(TAKE, index) for index in takeable])

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def _why_illegal(self, action: Any) -> tuple[str, str]:
        if not isinstance(action, Action):
            return "draw, place or take", f"{action!r} is not a Coloretto action"
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
            return ("at most 3 cards next to a row card",
                    f"row {action.row + 1} is full ({self.capacities[action.row]} cards)")
        if self.drawn is not None:
            return "draw and place a card", f"you have drawn {self.drawn}: place it before anything else"
        return "a row must hold a card to be taken", f"row {action.row + 1} has no card next to it"

    def observation(self, player: int) -> dict[str, Any]:
        """Everything is open in Coloretto except the order of the face-down supply."""
        return {
            "player": player,
            "current_player": self.current_player,
            "round": self.round_number,
            "colours": self.colours,
            "rows": tuple(None if cards is None else tuple(map(str, cards)) for cards in self.rows),
            "capacities": self.capacities,
            "collections": tuple(tuple(map(str, cards)) for cards in self.collections),
            "sat_out": self.sat_out,
            "drawn": None if self.drawn is None else str(self.drawn),
            "supply_count": len(self.supply),
            "last_round": self.last_round,
            "scores": self.scores,
        }

    def to_svg(self, viewer: int | None = None) -> str:
        from .render import state_picture

        return state_picture(self, viewer).svg()

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
        return self._with(supply=supply[1:], drawn=supply[0], last_round=last_round,
                       history=self.history + (DRAW_ACTION,), log=self.log + tuple(said))

    def _place(self, action: Action, name: str) -> State:
        """Rulebook: the player "places it face up next to any of the row cards"."""
        rows = list(self.rows)
        rows[action.row] = rows[action.row] + (self.drawn,)
        said = f"{name} places {self.drawn} next to row {action.row + 1}."
        return self._with(rows=tuple(rows), drawn=None, turn=self.next_active_player(self.turn, self.sat_out),
                       history=self.history + (action,), log=self.log + (said,))

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
        state = self._with(rows=tuple(rows), collections=tuple(collections), sat_out=sat_out, supply=supply,
                           last_round=self.last_round or (announced and not all(sat_out)),
                           history=self.history + (action,), log=self.log + tuple(said))
        if not all(sat_out):
            return state._with(turn=self.next_active_player(self.turn, sat_out))
        state = state._end_round()
        return state._with(last_round=True) if announced else state

    def _end_round(self) -> State:
        """Rulebook: "When every player has taken a card row, the round ends. Place the row cards
        back in the middle of the table and begin the next round with the player who took the last
        card row"; with 2 players "the third row is removed from the game"; after the round in
        which "last round" was drawn, the game ends."""
        left = tuple(card for cards in self.rows if cards for card in cards)
        said = []
        if left:
            said.append(f"The row nobody took leaves the game with {', '.join(map(str, left))} "
                        f"(rule: 2 players, the third row).")
        if self.last_round or not self.supply_has_a_card():
            emptied = tuple(None if cards is None else () for cards in self.rows)
            final = self._with(finished=True, rows=emptied, out_of_game=self.out_of_game + left)
            scores = final.scores
            said.append("The last round is over. Scores with each player's best choice: "
                        + ", ".join(f"player {seat} {score}" for seat, score in enumerate(scores)) + ".")
            return final._with(log=final.log + tuple(said))
        said.append(f"Round {self.round_number} is over; player {self.turn} took the last row and "
                    f"starts round {self.round_number + 1}.")
        return self._with(rows=tuple(() for _ in self.capacities), sat_out=(False,) * self.players,
                       round_number=self.round_number + 1, out_of_game=self.out_of_game + left,
                       log=self.log + tuple(said))


def _check_options(players: int, scoring: str, golden_joker: bool = False) -> None:
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Coloretto is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if not isinstance(scoring, str) or scoring not in SCORING_TABLES:
        raise ValueError(f"no scoring table {scoring!r}; choose {' or '.join(SCORING_TABLES)}")
    if not isinstance(golden_joker, bool):
        raise ValueError(f"golden_joker is true or false, not {golden_joker!r}")


def new_game(players: int, *, seed: int | None = None, scoring: str = "brown",
             golden_joker: bool = False) -> State:
    """A new game: colours removed, start cards dealt, supply stacked, starting player by lot.

    ``scoring`` is the side of the summary card ("brown", recommended first, or "grey");
    ``golden_joker`` plays the newer printings' option (2 jokers and 1 golden joker).
    """
    _check_options(players, scoring, golden_joker)
    seed = fresh_seed() if seed is None else seed
    setup = Setup("coloretto", players, seed, {"scoring": scoring, "golden_joker": golden_joker})
    removed = seeded_random(seed, "colours removed").sample(COLOURS, colours_removed(players))
    colours = tuple(colour for colour in COLOURS if colour not in removed)
    start_colours = seeded_random(seed, "start cards").sample(colours, players * start_cards_each(players))
    each = start_cards_each(players)
    collections = tuple(tuple(COLOUR_CARDS[colour] for colour in sorted(start_colours[seat * each:(seat + 1) * each]))
                        for seat in range(players))
    cards = list(deck(colours, golden_joker=golden_joker))
    for collection in collections:
        for card in collection:
            cards.remove(card)
    seeded_random(seed, "shuffle").shuffle(cards)
    first = seeded_random(seed, "first player").randrange(players)
    said = [f"{players} players, colours in play: {', '.join(colours)}"
            + (f" ({', '.join(sorted(removed))} removed)" if removed else "") + ".",
            "Start cards: " + "; ".join(f"player {seat} {', '.join(map(str, cards))}"
                                        for seat, cards in enumerate(collections)) + ".",
            f"Player {first} starts (chosen by lot)."]
    return State(setup=setup, colours=colours, table=scoring, supply=stack_supply(tuple(cards)),
                 rows=tuple(() for _ in row_capacities(players)), capacities=row_capacities(players),
                 collections=collections, sat_out=(False,) * players, turn=first, log=tuple(said))


def scenario(text: str, *, seed: int | None = None, scoring: str = "brown", golden_joker: bool = False) -> State:
    """A position written as text, one ``key: value`` per line (``#`` starts a comment)::

        players: 3
        colours: blue, brown, green, grey, orange, pink    (optional with 4-5 players: all 7)
        turn: 1                  the player to act
        round: 2                 (optional, default 1)
        last round: yes          (optional, default no: "last round" is still in the supply)
        drawn: green             (optional: the card player `turn` has drawn and must place)
        row 1: blue, +2          cards next to each row card; "-" is none, "taken" a taken row
        player 0: blue, joker    each player's collection
        sat out: 0               (optional) players who have taken a row this round
        supply: pink, joker, …   (optional) top card first; without it, every card not placed
                                 is shuffled (seeded) with "last round" above the bottom 15

    Rows and players not named are empty. Malformed text raises ParseError saying where.
    """
    seed = fresh_seed() if seed is None else seed
    fields = scenario_fields(text, known=lambda key: True, expected="a line key such as 'row 1' or 'player 0'")

    def where(key: str) -> str:
        return f"line {fields[key][0]} ({key})"

    def number_field(key: str, default: int | None = None) -> int:
        if key not in fields:
            if default is None:
                raise ParseError(f"the scenario needs a '{key}:' line", where="scenario")
            return default
        value = fields[key][1]
        if not _is_whole_number(value):
            raise ParseError(f"expected a number, got {value!r}", where=where(key))
        return int(value)

    players = number_field("players")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ParseError(f"Coloretto is for 2 to 5 players, not {players}", where=where("players"))
    _check_options(players, scoring, golden_joker)
    capacities = row_capacities(players)
    wanted_colours = len(COLOURS) - colours_removed(players)
    if "colours" in fields:
        colours = check_colours(fields["colours"][1].split(","), where=where("colours"))
    elif wanted_colours == len(COLOURS):
        colours = COLOURS
    else:
        raise ParseError(f"name the {wanted_colours} colours in play with a 'colours:' line", where="scenario")
    if len(colours) != wanted_colours:
        raise ParseError(f"{players} players play with {wanted_colours} colours, not {len(colours)}",
                         where=where("colours"))
    turn = number_field("turn")
    if turn >= players:
        raise ParseError(f"there is no player {turn} (players are 0 to {players - 1})", where=where("turn"))
    round_number = number_field("round", 1)
    if round_number < 1:
        raise ParseError("rounds are counted from 1", where=where("round"))
    last_round = fields.get("last round", (0, "no"))[1].casefold()
    if last_round not in ("yes", "no"):
        raise ParseError(f"expected yes or no, got {last_round!r}", where=where("last round"))
    known = {"players", "colours", "turn", "round", "last round", "drawn", "sat out", "supply"}
    known |= {f"row {i + 1}" for i in range(len(capacities))} | {f"player {p}" for p in range(players)}
    for key in fields:
        if key not in known:
            raise ParseError(f"unknown line {key!r}", where=f"line {fields[key][0]}")

    rows: list[tuple[Card, ...] | None] = []
    for index, capacity in enumerate(capacities):
        key = f"row {index + 1}"
        value = fields.get(key, (0, ""))[1]
        if value.casefold() == "taken":
            rows.append(None)
            continue
        cards = parse_cards(value, where=where(key)) if value else ()
        if len(cards) > capacity:
            raise ParseError(f"{len(cards)} cards, but this row holds at most {capacity}", where=where(key))
        rows.append(cards)
    collections = tuple(parse_cards(fields[f"player {p}"][1], where=where(f"player {p}"))
                        if f"player {p}" in fields else () for p in range(players))
    sat_out_seats: set[int] = set()
    if "sat out" in fields and fields["sat out"][1] not in ("", "-"):
        for part in fields["sat out"][1].split(","):
            if not _is_whole_number(part.strip()) or int(part) >= players:
                raise ParseError(f"no player {part.strip()!r}", where=where("sat out"))
            sat_out_seats.add(int(part))
    if len(sat_out_seats) != rows.count(None):
        raise ParseError(f"{rows.count(None)} row(s) taken but {len(sat_out_seats)} player(s) sat out",
                         where="scenario")
    if turn in sat_out_seats or len(sat_out_seats) == players:
        raise ParseError(f"player {turn} has taken a row and cannot act this round", where=where("turn"))
    drawn = parse_card(fields["drawn"][1], where=where("drawn")) if "drawn" in fields else None
    placed = [card for cards in rows if cards for card in cards] + [c for cards in collections for c in cards]
    placed += [drawn] if drawn else []
    if LAST_ROUND_CARD in placed:
        raise ParseError("the 'last round' card is set aside when drawn: it can only be in the supply "
                         "(or say 'last round: yes')", where="scenario")
    if "supply" in fields:
        supply = parse_cards(fields["supply"][1], where=where("supply"))
        if last_round == "no" and LAST_ROUND_CARD not in supply:
            raise ParseError("the 'last round' card must be in the supply (or say 'last round: yes')",
                             where=where("supply"))
        placed += supply
    remaining = list(deck(colours, golden_joker=golden_joker)) + ([] if last_round == "yes" else [LAST_ROUND_CARD])
    for card in placed:
        if card not in remaining:
            if card.kind == "colour" and card.colour not in colours:
                raise ParseError(f"{card} is not a colour in play", where="scenario")
            raise ParseError(f"more {card} cards than the game has", where="scenario")
        remaining.remove(card)
    if "supply" not in fields:
        last_round_left = LAST_ROUND_CARD in remaining
        if last_round_left:
            remaining.remove(LAST_ROUND_CARD)
        seeded_random(seed, "shuffle").shuffle(remaining)
        supply = stack_supply(tuple(remaining)) if last_round_left else tuple(remaining)
        remaining = []
    state = State(
        setup=Setup("coloretto", players, seed, {"scoring": scoring, "golden_joker": golden_joker}, text),
        colours=colours, table=scoring, supply=tuple(supply), rows=tuple(rows), capacities=capacities,
        collections=collections, sat_out=tuple(p in sat_out_seats for p in range(players)), turn=turn,
        round_number=round_number, drawn=drawn, last_round=last_round == "yes",
        out_of_game=tuple(remaining), log=(f"A scenario with {players} players; player {turn} to act.",),
    )
    if drawn is not None and not state.legal_actions():
        raise ParseError(f"no open row has room for the drawn {drawn}", where=where("drawn"))
    return state
