"""A drafting game of rows described as plain data: Coloretto's shape, where players fill rows with
cards drawn one at a time, each takes one row a round, and few colours with many cards score best.

A :class:`RowGame` says the deck (colours, cards of each, "+2" cards, jokers), how many colours
leave the deck and how many start cards each player takes (both may depend on the players), the
rows (one per player, each taking ``row_capacity`` cards, or capacities of their own for some
player counts), where the "last round" card lies in the supply, and the scoring: points for 1, 2, …
cards of a colour, how many colours score plus (the rest score minus), and what a "+2" card scores.

>>> tiny = RowGame("tiny_rows", "Tiny rows", players=range(2, 4), colours=["red", "blue", "green", "white"],
...                per_colour=4, plus_twos=2, jokers=1, row_capacity=2, end_card_depth=3,
...                points=(1, 3, 6), plus_colours=2).checked()
>>> len(tiny.deck(tiny.colours)), tiny.row_capacities(3), tiny.start_cards_for(2)
(19, (2, 2, 2), 1)

A mistake is refused with a sentence naming the part of the description:

>>> RowGame("x_rows", "X", players=range(2, 4), colours=["red", "red"]).checked()
Traceback (most recent call last):
plateau_lab.kit.description.DescriptionError: the description's colours: 'red' is named twice; each colour once
>>> RowGame("x_rows", "X", players=range(2, 6), colours=["red", "blue", "green"], start_cards=1).checked()
Traceback (most recent call last):
plateau_lab.kit.description.DescriptionError: the description's start_cards: every start card has a colour of its own, but 4 players with 1 start card each need 4 colours and 3 are in play
"""

from __future__ import annotations

__all__ = ["END_CARD", "JOKER", "PLUS_TWO", "ROW_HOUSE_RULE_PARTS", "RowGame"]

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from plateau_lab.core import short_text

from .description import DescriptionError, _check_house_rules, _check_name, _check_players, _played_under

#: The cards that are not a colour: a "+2", a joker (any colour at the end), and the "last round" card.
PLUS_TWO, JOKER, END_CARD = "+2", "joker", "last round"
_NOT_COLOURS = (PLUS_TWO, JOKER, END_CARD, "draw", "row")
MOST_ROWS, MOST_CAPACITY, MOST_PER_COLOUR, MOST_EXTRA, MOST_POINTS = 8, 6, 20, 20, 99


@dataclass(frozen=True)
class RowGame:
    """A drafting game of rows (see the module docstring). ``colours``: the colours' names in the
    deck's order; ``colours_removed`` and ``start_cards``: a number, or {players: number} for the
    counts that differ from ``0`` and ``1``; ``capacities``: {players: (capacity of each row)} for
    the counts whose rows differ from one row of ``row_capacity`` cards per player;
    ``end_card_depth``: the "last round" card lies on top of that many cards at the bottom of the
    supply; ``points``: what 1, 2, … cards of a colour score (the last number also for more);
    ``rules``: sentences of the class's own for the rules page; ``house_rules``: named changes of some
    parts (``{"short rows": {"row_capacity": 2}}``), each a rule set of the same game that the
    designer can compare with the standard one (:meth:`with_house_rule`)."""

    name: str
    title: str
    players: range | int
    colours: Sequence[str]
    per_colour: int = 9
    plus_twos: int = 10
    jokers: int = 3
    colours_removed: int | Mapping[int, int] = 0
    start_cards: int | Mapping[int, int] = 1
    row_capacity: int = 3
    capacities: Mapping[int, Sequence[int]] = field(default_factory=dict)
    end_card_depth: int = 15
    points: Sequence[int] = (1, 3, 6, 10, 15, 21)
    plus_colours: int = 3
    plus_two_points: int = 2
    rules: Mapping[str, str] = field(default_factory=dict)
    house_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    @property
    def player_range(self) -> range:
        return range(self.players, self.players + 1) if isinstance(self.players, int) else self.players

    def removed_for(self, players: int) -> int:
        """How many colours leave the deck with ``players``."""
        return _for_players(self.colours_removed, players, 0)

    def start_cards_for(self, players: int) -> int:
        """How many start cards, each of a colour no other start card has, each of ``players`` takes."""
        return _for_players(self.start_cards, players, 1)

    def row_capacities(self, players: int) -> tuple[int, ...]:
        """The cards each row takes with ``players``: one row per player of ``row_capacity`` cards,
        unless ``capacities`` says otherwise for that many players."""
        given = self.capacities
        return tuple(given[players]) if players in given else (self.row_capacity,) * players

    def deck(self, colours: Sequence[str]) -> tuple[str, ...]:
        """The cards of the supply before the start cards are taken: ``per_colour`` of each colour in
        ``colours``, then the "+2" cards, then the jokers ("last round" is not counted)."""
        return tuple(colour for colour in colours for _ in range(self.per_colour)) + \
            (PLUS_TWO,) * self.plus_twos + (JOKER,) * self.jokers

    def colour_points(self, count: int) -> int:
        """The points of ``count`` cards of one colour."""
        return self.points[min(count, len(self.points)) - 1] if count > 0 else 0

    # -- the checks

    def checked(self) -> RowGame:
        """This description if the kit can play it, else :class:`DescriptionError` naming the part at
        fault; players, colours and points read into their one form."""
        _check_name(self.name, self.title)
        game = replace(self, players=_check_players(self.players), colours=_check_colours(self.colours),
                       points=_check_points(self.points))
        for part, most in (("per_colour", MOST_PER_COLOUR), ("plus_twos", MOST_EXTRA), ("jokers", MOST_EXTRA),
                           ("row_capacity", MOST_CAPACITY), ("plus_colours", len(game.colours)),
                           ("plus_two_points", MOST_POINTS), ("end_card_depth", None)):
            _check_whole(part, getattr(game, part), 1 if part in ("per_colour", "row_capacity") else 0, most)
        for part in ("colours_removed", "start_cards", "capacities"):
            _check_by_players(game, part)
        if not isinstance(game.rules, Mapping) or not all(isinstance(text, str) for text in game.rules.values()):
            raise DescriptionError("rules", "rules are {a part: a sentence for the rules page}")
        for players in game.player_range:
            _check_for_players(game, players)
        _check_house_rules(game, ROW_HOUSE_RULE_PARTS, "{'short rows': {'row_capacity': 2}}")
        return game

    def with_house_rule(self, name: str | None) -> RowGame:
        """The description with the house rule ``name`` played (None: as written), checked.

        >>> rows = RowGame("r", "R", 2, ["red", "blue", "green"], house_rules={"short rows": {"row_capacity": 2}})
        >>> rows.with_house_rule("short rows").row_capacity, rows.with_house_rule(None).row_capacity
        (2, 3)
        >>> rows.with_house_rule("short rows").title
        'R, house rule: short rows'
        """
        return _played_under(self, name)


#: The parts a house rule of a game of rows may change: every part but its name, title, players and house rules.
ROW_HOUSE_RULE_PARTS = ("colours", "per_colour", "plus_twos", "jokers", "colours_removed", "start_cards",
                        "row_capacity", "capacities", "end_card_depth", "points", "plus_colours", "plus_two_points",
                        "rules")


def _for_players(value: int | Mapping[int, int], players: int, default: int) -> int:
    return value.get(players, default) if isinstance(value, Mapping) else value


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_whole(part: str, value: Any, low: int, high: int | None) -> None:
    if not _is_whole(value) or value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"at least {low}"
        raise DescriptionError(part, f"{part} is a whole number {bounds}, not {short_text(value)}")


def _check_colours(colours: Any) -> tuple[str, ...]:
    if isinstance(colours, str) or not isinstance(colours, Sequence) or not 2 <= len(colours) <= 12:
        raise DescriptionError("colours", f"colours are a list of 2 to 12 names, such as ['red', 'blue', 'green'], "
                                          f"not {short_text(colours)}")
    for place, colour in enumerate(colours):
        if not isinstance(colour, str) or not colour.strip() or len(colour) > 20 or colour.strip() in _NOT_COLOURS:
            raise DescriptionError("colours", f"a colour's name is a word of 1 to 20 letters other than "
                                              f"{', '.join(map(repr, _NOT_COLOURS))}, not {short_text(colour)!r}")
        if colour in colours[:place]:
            raise DescriptionError("colours", f"{colour!r} is named twice; each colour once")
    return tuple(colour.strip() for colour in colours)


def _check_points(points: Any) -> tuple[int, ...]:
    if isinstance(points, str) or not isinstance(points, Sequence) or not 1 <= len(points) <= 12 or \
            not all(_is_whole(value) and 0 <= value <= MOST_POINTS for value in points):
        raise DescriptionError("points", f"points are what 1, 2, … cards of a colour score: 1 to 12 whole numbers "
                                         f"from 0 to {MOST_POINTS}, such as (1, 3, 6, 10, 15, 21), not "
                                         f"{short_text(points)}")
    return tuple(points)


def _check_by_players(game: RowGame, part: str) -> None:
    value = getattr(game, part)
    if part != "capacities" and _is_whole(value):
        return
    example = "{2: (1, 2, 3)}" if part == "capacities" else "{2: 2, 3: 1}"
    if not isinstance(value, Mapping) or not all(players in game.player_range for players in value):
        raise DescriptionError(part, f"{part} is {'' if part == 'capacities' else 'a number or '}{{players: "
                                     f"value}} for players among {game.player_range.start} to "
                                     f"{game.player_range.stop - 1}, such as {example}, not {short_text(value)}")


def _check_for_players(game: RowGame, players: int) -> None:
    """Each player count the description allows makes a game that can be played to its end."""
    removed, each = game.removed_for(players), game.start_cards_for(players)
    _check_whole("colours_removed", removed, 0, len(game.colours) - 1)
    _check_whole("start_cards", each, 0, 3)
    in_play = len(game.colours) - removed
    if players * each > in_play:
        raise DescriptionError("start_cards", f"every start card has a colour of its own, but {players} players with "
                                              f"{each} start card{'s' * (each != 1)} each need {players * each} "
                                              f"colours and {in_play} are in play")
    capacities = game.row_capacities(players)
    if not players <= len(capacities) <= MOST_ROWS or \
            not all(_is_whole(size) and 1 <= size <= MOST_CAPACITY for size in capacities):
        raise DescriptionError("capacities", f"with {players} players there are {players} to {MOST_ROWS} rows (each "
                                             f"player takes one every round), each taking 1 to {MOST_CAPACITY} "
                                             f"cards, not {short_text(capacities)}")
    supply = in_play * game.per_colour + game.plus_twos + game.jokers - players * each
    if supply < 1:
        raise DescriptionError("per_colour", f"with {players} players the start cards take every card: the supply "
                                             f"needs at least 1")
    if game.end_card_depth > supply:
        raise DescriptionError("end_card_depth", f"with {players} players the supply holds {supply} cards, so "
                                                 f"end_card_depth is at most {supply}, not {game.end_card_depth}")
