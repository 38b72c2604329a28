"""Coloretto's scenarios: :func:`scenario` reads a position written as text (rows, collections,
the drawn card, who sat out, the supply), with the reader of its lines and the checks of its supply.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from plateau_lab.core import (ParseError, allows, count_of, game_spec, parse_bool, parse_seat, parse_whole, scenario_fields,
                              seeded_random)
from plateau_lab.core import parse_cards as parse_card_list

from .cards import COLOURS, GOLDEN_JOKER, LAST_ROUND_CARD, Card, check_colours, deck, parse_card
from .engine import GAME, State, stack_supply
from .rules import MOST_ROUNDS, Rules, rules_of

__all__ = ["SCENARIO_KEYS", "SCENARIO_EXCEPTIONS", "scenario", "scenario_text"]


#: The keys of a scenario line besides ``row N`` and ``player N``.
SCENARIO_KEYS = ("players", "colours", "turn", "round", "last round", "drawn", "sat out", "supply")
#: What a scenario may set up against the rules, if it says so in an ``allow:`` line.
SCENARIO_EXCEPTIONS = ("any supply",)


def scenario(text: str, *, seed: int | None = None, **variant: Any) -> State:
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
        allow: any supply        (optional) see below

    Rows and players not named are empty; collections are free (they change only the scores).
    Words are read in any case, numbers in the digits 0-9; ``yes``/``no`` may also be written
    ``true``/``false`` or ``on``/``off``. The options are those of :func:`new_game`.

    The position must be one the rules allow: a row holds no more cards than its row card, a
    taken row for every player who sat out, the player to act has not sat out and has a legal
    move, no more copies of a card than the game has, "last round" only in the supply (or set
    aside: ``last round: yes``). Unless the text says ``allow: any supply``, the supply must also
    be one the rules can reach: every card not placed elsewhere (none out of the game), with 15
    cards under "last round", or at most 15 cards once it has been drawn. With ``allow: any
    supply`` a short written supply leaves the cards it does not name out of the game, which is
    how a teacher says "the next cards are these".

    Malformed text, or a position the rules forbid, raises ParseError saying where and what:

    >>> scenario("players: 4\\nturn: 0\\nsupply: pink, last round", seed=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    plateau_lab.core.ParseError: line 3 (supply): 75 cards are placed nowhere; ... (or say 'allow: any supply' ...)
    >>> scenario("players: 4\\nturn: 0\\nsupply: pink, last round\\nallow: any supply", seed=1).supply
    (Card('pink'), Card('last round'))
    """
    fields = scenario_fields(text, known=_is_scenario_key, exceptions=SCENARIO_EXCEPTIONS,
                             expected=f"a key among {', '.join(SCENARIO_KEYS)}, 'row N' or 'player N'")
    spec = game_spec(GAME)
    if "players" not in fields:
        raise ParseError("the scenario needs a 'players:' line", where="scenario")
    number, value = fields["players"]
    players = parse_whole(value, where=f"line {number} (players)", low=spec.players.start,
                          high=spec.players.stop - 1, name="the number of players")
    setup = spec.setup(players, seed, variant, scenario=text)
    rules = rules_of(players, setup.variant)
    read = _ScenarioText(fields, players, rules)
    turn = read.seat("turn")
    round_number = read.whole("round", low=1, high=MOST_ROUNDS, name="the round", default=1)
    rows = read.rows()
    collections = tuple(read.cards(f"player {seat}") for seat in range(players))
    drawn = read.cards("drawn")
    if len(drawn) > 1:
        raise ParseError(f"a player draws one card at a time, not {len(drawn)}", where=read.where("drawn"))
    sat_out = read.sat_out()
    if sum(sat_out) != rows.count(None):
        raise ParseError(f"{count_of(rows.count(None), 'row')} taken but {count_of(sum(sat_out), 'player')} sat out", where="scenario")
    if sat_out[turn]:
        raise ParseError(f"player {turn} has taken a row and cannot act this round", where=read.where("turn"))
    supply, out_of_game = read.supply(setup.seed)
    state = State(
        setup=setup, colours=read.colours, supply=supply, rows=rows, capacities=rules.capacities,
        collections=collections, sat_out=sat_out, turn=turn, round_number=round_number,
        drawn=drawn[0] if drawn else None, last_round=read.last_round, out_of_game=out_of_game,
        log=(f"A scenario with {players} players; player {turn} to act.",),
    )
    if drawn and not state.legal_actions():   # without a drawn card some open row can always be taken
        raise ParseError(f"player {turn} would have no legal move: no open row has room for the drawn {drawn[0]}",
                         where=read.where("drawn"))
    return state


def scenario_text(state: State) -> str:
    """A position of a game under way as :func:`scenario` reads it: every card in its place, the
    supply in its order (``allow: any supply`` when cards have left the game). It reads back to an
    equal position, whatever the seed.

    >>> from .engine import new_game
    >>> state = new_game(2, seed=4).apply("draw")
    >>> scenario(scenario_text(state), seed=state.setup.seed, **state.setup.variant) == state
    True
    """
    if state.finished:
        raise ValueError("a scenario writes a game under way: this one is over")

    def cards(cards) -> str:
        return ", ".join(map(str, cards)) or "-"

    lines = [f"players: {state.players}", f"colours: {', '.join(state.colours)}", f"turn: {state.turn}",
             f"round: {state.round_number}", f"last round: {'yes' if state.last_round else 'no'}"]
    if state.drawn is not None:
        lines.append(f"drawn: {state.drawn}")
    lines += [f"row {index + 1}: {'taken' if row is None else cards(row)}" for index, row in enumerate(state.rows)]
    lines += [f"player {seat}: {cards(collection)}" for seat, collection in enumerate(state.collections)]
    lines.append(f"sat out: {', '.join(str(seat) for seat, out in enumerate(state.sat_out) if out) or '-'}")
    lines.append(f"supply: {cards(state.supply)}")
    if state.out_of_game:
        lines.append("allow: any supply")
    return "\n".join(lines) + "\n"


def _is_scenario_key(key: str) -> bool:
    return key in SCENARIO_KEYS or key.partition(" ")[0] in ("row", "player")


class _ScenarioText:
    """Reads the values of a scenario's lines (``fields``, from ``scenario_fields``) for a game of
    ``players``, counting every card it names against the game's cards."""

    def __init__(self, fields: dict[str, tuple[int, str]], players: int, rules: Rules):
        self.fields = fields
        self.players = players
        self.rules = rules
        self._check_row_and_player_keys()
        self.colours = self._colours()
        self.last_round = parse_bool(fields["last round"][1], where=self.where("last round")) \
            if "last round" in fields else False
        self.in_play = Counter(deck(self.colours, golden_joker=rules.golden_joker, per_colour=rules.cards_per_colour,
                                    plus_twos=rules.plus_two_cards, jokers=rules.jokers))
        self.in_play[LAST_ROUND_CARD] = 0 if self.last_round else 1
        self.seen: dict[Card, list[str]] = {}

    def where(self, key: str) -> str:
        return f"line {self.fields[key][0]} ({key})" if key in self.fields else "scenario"

    def whole(self, key: str, *, low: int, high: int, name: str, default: int | None = None) -> int:
        if key not in self.fields:
            if default is None:
                raise ParseError(f"the scenario needs a '{key}:' line", where="scenario")
            return default
        return parse_whole(self.fields[key][1], where=self.where(key), low=low, high=high, name=name)

    def seat(self, key: str) -> int:
        return self.whole(key, low=0, high=self.players - 1, name="the seat")

    def cards(self, key: str, *, in_supply: bool = False) -> tuple[Card, ...]:
        """The cards of a line, each one in play and no more copies than the game has in all."""
        def card_in_play(word: str, *, where: str) -> Card:
            card = parse_card(word, where=where)
            if not self.in_play[card]:
                raise ParseError(_not_in_play(card), where=where)
            if card == LAST_ROUND_CARD and not in_supply:
                raise ParseError("the 'last round' card is set aside when drawn: it can only be in the supply "
                                 "(or say 'last round: yes')", where=where)
            return card

        if key not in self.fields or self.fields[key][1] == "-":
            return ()
        return parse_card_list(self.fields[key][1], card_in_play, where=self.where(key), seen=self.seen,
                               copies=self.in_play.__getitem__)

    def rows(self) -> tuple[tuple[Card, ...] | None, ...]:
        rows: list[tuple[Card, ...] | None] = []
        for index, capacity in enumerate(self.rules.capacities):
            key = f"row {index + 1}"
            if key in self.fields and self.fields[key][1].casefold() == "taken":
                rows.append(None)
                continue
            cards = self.cards(key)
            if len(cards) > capacity:
                raise ParseError(f"{len(cards)} cards, but this row holds at most {capacity}", where=self.where(key))
            rows.append(cards)
        return tuple(rows)

    def sat_out(self) -> tuple[bool, ...]:
        """Who has taken a row this round, from ``sat out: 0, 2`` (``-`` or nothing: nobody)."""
        sat_out = [False] * self.players
        if "sat out" not in self.fields or self.fields["sat out"][1] == "-":
            return tuple(sat_out)
        where = self.where("sat out")
        for part in self.fields["sat out"][1].split(","):
            if not part.strip():
                continue
            seat = parse_seat(part, self.players, where=where)
            if sat_out[seat]:
                raise ParseError(f"player {seat} is named twice", where=where)
            sat_out[seat] = True
        if all(sat_out):
            raise ParseError("every player has taken a row: the round would be over", where=where)
        return tuple(sat_out)

    def supply(self, seed: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """(the supply, the cards out of the game), read last: the written supply, or every card
        placed nowhere else, shuffled; checked unless the text allows any supply."""
        written = "supply" in self.fields
        supply = self.cards("supply", in_supply=True)
        if written and not self.last_round and LAST_ROUND_CARD not in supply:
            raise ParseError("the 'last round' card must be in the supply (or say 'last round: yes')",
                             where=self.where("supply"))
        placed_nowhere = self.in_play - Counter({card: len(places) for card, places in self.seen.items()})
        if not written:
            supply, placed_nowhere = _shuffled_supply(placed_nowhere, self.last_round, seed,
                                                      self.rules.cards_below_last_round), Counter()
        if not allows(self.fields, "any supply"):
            _check_supply(supply, placed_nowhere, self.last_round, self.where("supply"),
                          self.rules.cards_below_last_round)
        return supply, tuple(placed_nowhere.elements())

    def _check_row_and_player_keys(self) -> None:
        """Every ``row N`` names a row and every ``player N`` a seat of this game."""
        rows = {f"row {index + 1}" for index in range(len(self.rules.capacities))}
        seats = {f"player {seat}" for seat in range(self.players)}
        for key, (number, _) in self.fields.items():
            if key.startswith("row ") and key not in rows:
                raise ParseError(f"no {key[:40]!r}: the rows are 'row 1' to 'row {len(rows)}'", where=f"line {number}")
            if key.startswith("player ") and key not in seats:
                raise ParseError(f"no {key[:40]!r}: the players are 'player 0' to 'player {self.players - 1}'",
                                 where=f"line {number}")

    def _colours(self) -> tuple[str, ...]:
        """The colours in play: all 7 with 4-5 players, else named in a ``colours:`` line."""
        wanted = self.rules.colours_in_play
        if "colours" not in self.fields:
            if wanted == len(COLOURS):
                return COLOURS
            raise ParseError(f"name the {wanted} colours in play with a 'colours:' line", where="scenario")
        colours = check_colours(self.fields["colours"][1].split(","), where=self.where("colours"))
        if len(colours) != wanted:
            raise ParseError(f"{self.players} players play with {wanted} colours, not {len(colours)}",
                             where=self.where("colours"))
        return colours


def _not_in_play(card: Card) -> str:
    """Why a card the scenario names is not in this game."""
    if card == LAST_ROUND_CARD:
        return "the 'last round' card has been drawn and set aside ('last round: yes')"
    if card.kind == GOLDEN_JOKER:
        return "the golden joker is in play only with the option golden_joker=True"
    return f"{card} is not a colour in play"


def _shuffled_supply(cards: Counter, last_round: bool, seed: int, below: int) -> tuple[Card, ...]:
    """The cards a scenario places nowhere, shuffled by the seed, as the supply: with "last round"
    above the bottom 15 (``below``) while it has not been drawn."""
    rest = [card for card in cards.elements() if card != LAST_ROUND_CARD]
    seeded_random(seed, "shuffle").shuffle(rest)
    return tuple(rest) if last_round else stack_supply(tuple(rest), below)


def _check_supply(supply: tuple[Card, ...], placed_nowhere: Counter, last_round: bool, where: str,
                  below: int) -> None:
    """A supply the rules can reach (see ``scenario``), or ParseError."""
    allow = "(or say 'allow: any supply'"
    if placed_nowhere:
        count = sum(placed_nowhere.values())
        raise ParseError(f"{count} card{'s are' if count > 1 else ' is'} placed nowhere; the supply must hold every "
                         f"card not in a row, a collection or drawn {allow} to leave them out of the game)",
                         where=where)
    if last_round and len(supply) > below:
        raise ParseError(f"once 'last round' has been drawn at most {below} cards are left in the "
                         f"supply, not {len(supply)} {allow})", where=where)
    if not last_round and len(supply) - 1 - supply.index(LAST_ROUND_CARD) != below:
        found = len(supply) - 1 - supply.index(LAST_ROUND_CARD)
        raise ParseError(f"the 'last round' card lies on top of the bottom {below} cards of the "
                         f"supply, not of {found} {allow})", where=where)
