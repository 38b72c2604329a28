"""Coloretto's rules as one value: every number and table of the rulebook is an option of ``SPEC``
(:data:`OPTIONS`), and :func:`rules_of` reads a game's options into :class:`Rules`, the one value
the engine, the fast path, the scenarios and the bots read.

>>> rulebook = rules_of(4, {})
>>> rulebook.capacities, rulebook.cards_below_last_round, rulebook.scoring.points
((3, 3, 3, 3), 15, (1, 3, 6, 10, 15, 21))
>>> rules_of(2, {}).capacities, rules_of(2, {}).colours_removed, rules_of(2, {}).start_cards_each
((1, 2, 3), 2, 2)
>>> rules_of(3, {"plus_colours": 2, "points_table": (1, 2, 4, 8)}).scoring
Scoring(points=(1, 2, 4, 8), plus_colours=2, plus_two=2, name='own')

A rule set that would make a game unplayable is refused with a sentence naming the rule and its
bounds, for the players at the table:

>>> rules_of(4, {"rows": 3})
Traceback (most recent call last):
ValueError: rows must be from 4 to 8 with 4 players (each player takes a row every round), not 3
>>> rules_of(5, {"start_cards_each": 2})
Traceback (most recent call last):
ValueError: start_cards_each must be from 0 to 1 with 5 players (every start card has a colour of its own, and 7 colours are in play), not 2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from plateau_lab.core import GameSpec, Option
from plateau_lab.core.rulesets import rules_reader

from .cards import CARDS_PER_COLOUR, COLOURS, JOKERS, PLUS_TWO_CARDS
from .scoring import PLUS_COLOURS, PLUS_TWO_POINTS, SCORING_TABLES, SCORINGS, Scoring

__all__ = ["CARDS_BELOW_LAST_ROUND", "MOST_ROUNDS", "MOST_ROWS", "OPTIONS", "ROW_CAPACITY", "Rules",
           "TWO_PLAYER_CAPACITIES", "colours_removed", "row_capacities", "rules_of", "start_cards_each"]


#: The rulebook's numbers (each the default of its option).
ROW_CAPACITY = 3
TWO_PLAYER_CAPACITIES = (1, 2, 3)
CARDS_BELOW_LAST_ROUND = 15
#: The bounds of the options: each keeps every game finite and playable.
MOST_ROWS = 8
MOST_ROW_CAPACITY = 6
MOST_PER_COLOUR = 20
MOST_PLUS_TWOS = 20
MOST_JOKERS = 10
MOST_POINTS = 99
LONGEST_TABLE = 12
#: Every round but the last places a card from the supply, which holds at most this many cards.
MOST_SUPPLY = len(COLOURS) * MOST_PER_COLOUR + MOST_PLUS_TWOS + MOST_JOKERS
MOST_ROUNDS = MOST_SUPPLY + 1


def colours_removed(players: int) -> int:
    """Rulebook: "With 3 players, remove the cards of one color from the game" and, with 2,
    "remove two sets of cards (i.e. two colors) from the stack"."""
    return {2: 2, 3: 1}.get(players, 0)


def row_capacities(players: int, rows: int | None = None) -> tuple[int, ...]:
    """Rulebook: one row card per player, "at most 3 cards next to a row card"; with 2 players the
    three green row cards, whose pictures allow 1, 2 and 3 cards (docs/rulings.md, Coloretto).
    A rule set with another number of ``rows`` and no capacity of its own: the first rows as the
    rulebook's, any further ones of 3 cards.

    >>> row_capacities(3), row_capacities(2, rows=4), row_capacities(2, rows=2)
    ((3, 3, 3), (1, 2, 3, 3), (1, 2))
    """
    rulebook = TWO_PLAYER_CAPACITIES if players == 2 else (ROW_CAPACITY,) * players
    rows = len(rulebook) if rows is None else rows
    return (rulebook + (ROW_CAPACITY,) * rows)[:rows]


def start_cards_each(players: int) -> int:
    """Rulebook: "Each player takes one card of a different color"; with 2 players "each player
    takes two cards in different colors"."""
    return 2 if players == 2 else 1


OPTIONS = (
    Option("scoring", "brown", str, "the side of the summary card: brown (recommended first) or grey",
           choices=tuple(SCORING_TABLES)),
    Option("golden_joker", False, bool, "the newer printings' option: the last joker is the golden joker, whose "
                                        "taker also takes the supply's top card"),
    Option("points_table", None, tuple, f"points for 1, 2, … cards of a colour, the last number also for more "
                                        f"cards (the rulebook's brown side: 1, 3, 6, 10, 15, 21); None: the "
                                        f"side chosen by 'scoring'", low=0, high=MOST_POINTS, shortest=1,
           longest=LONGEST_TABLE, none=True, played=(None, (1, 2, 4, 8))),
    Option("plus_colours", PLUS_COLOURS, int, "how many colours score plus points (the rest score minus)",
           low=0, high=len(COLOURS)),
    Option("plus_two_points", PLUS_TWO_POINTS, int, 'what each "+2" card scores', low=0, high=MOST_POINTS),
    Option("rows", None, int, "how many row cards; None: the rulebook's, one per player (3 with 2 players); at "
                              "least one per player", low=2, high=MOST_ROWS, none=True, played=(None, 5)),
    Option("row_capacity", None, int, "how many cards a row card takes; None: the rulebook's 3 (with 2 players "
                                      "the green row cards' 1, 2 and 3)", low=1, high=MOST_ROW_CAPACITY,
           none=True),
    Option("cards_per_colour", CARDS_PER_COLOUR, int, "how many cards of each colour the deck holds",
           low=1, high=MOST_PER_COLOUR, played=(CARDS_PER_COLOUR, 4)),
    Option("plus_two_cards", PLUS_TWO_CARDS, int, 'how many "+2" cards the deck holds', low=0, high=MOST_PLUS_TWOS),
    Option("jokers", JOKERS, int, "how many jokers the deck holds (the golden joker, if played, is one of them)",
           low=0, high=MOST_JOKERS, played=(JOKERS, 1)),
    Option("colours_removed", None, int, "how many colours leave the deck before the game; None: the "
                                         "rulebook's (2 with 2 players, 1 with 3, none with 4 or 5)",
           low=0, high=len(COLOURS) - 1, none=True),
    Option("start_cards_each", None, int, "how many start cards each player takes, each of a colour no other "
                                          "start card has; None: the rulebook's (2 with 2 players, else 1)",
           low=0, high=3, none=True),
    Option("cards_below_last_round", CARDS_BELOW_LAST_ROUND, int, "how many cards of the supply lie under the "
                                                                  "'last round' card", low=0, high=MOST_SUPPLY),
)


#: The options' checks, as ``coloretto.SPEC`` makes them (the rules do not import the package).
_OPTIONS_ONLY = GameSpec(name="coloretto", title="Coloretto", players=range(2, 6), default_players=4, options=OPTIONS)


@dataclass(frozen=True)
class Rules:
    """One game's rules, every value decided for its number of players."""

    players: int
    colours_removed: int
    start_cards_each: int
    capacities: tuple[int, ...]
    cards_per_colour: int
    plus_two_cards: int
    jokers: int
    golden_joker: bool
    cards_below_last_round: int
    scoring: Scoring

    @property
    def colours_in_play(self) -> int:
        return len(COLOURS) - self.colours_removed

    @property
    def supply_size(self) -> int:
        """The cards of the supply when the game starts ("last round" not counted)."""
        return (self.colours_in_play * self.cards_per_colour + self.plus_two_cards + self.jokers
                - self.players * self.start_cards_each)


def _rules(players: int, option: dict[str, Any]) -> Rules:
    """The rules for ``players`` and every option, checked together (:func:`rules_of`)."""
    rows = players if players > 2 and option["rows"] is None else option["rows"]
    if rows is not None and rows < players:
        raise ValueError(f"rows must be from {players} to {MOST_ROWS} with {players} players "
                         f"(each player takes a row every round), not {rows}")
    capacities = (row_capacities(players, rows) if option["row_capacity"] is None
                  else (option["row_capacity"],) * (rows or len(TWO_PLAYER_CAPACITIES)))
    if option["golden_joker"] and option["jokers"] < 1:
        raise ValueError(f"golden_joker needs at least 1 joker (jokers from 1 to {MOST_JOKERS} with the golden "
                         f"joker), not 0")
    removed = colours_removed(players) if option["colours_removed"] is None else option["colours_removed"]
    each = start_cards_each(players) if option["start_cards_each"] is None else option["start_cards_each"]
    in_play = len(COLOURS) - removed
    if players * each > in_play:
        raise ValueError(f"start_cards_each must be from 0 to {in_play // players} with {players} players (every "
                         f"start card has a colour of its own, and {in_play} colours are in play), not {each}")
    points = option["points_table"]
    scoring = (SCORINGS[option["scoring"]] if points is None else Scoring(points, name="own"))
    scoring = scoring._replace(plus_colours=option["plus_colours"], plus_two=option["plus_two_points"])
    rules = Rules(players, removed, each, capacities, option["cards_per_colour"], option["plus_two_cards"],
                  option["jokers"], option["golden_joker"], option["cards_below_last_round"], scoring)
    if rules.supply_size < 1:
        raise ValueError(f"the deck must leave at least 1 card in the supply after the start cards: with these "
                         f"rules {players} players take every card (raise cards_per_colour, plus_two_cards or "
                         f"jokers)")
    if rules.cards_below_last_round > rules.supply_size:
        raise ValueError(f"cards_below_last_round must be from 0 to {rules.supply_size} with these rules and "
                         f"{players} players (the supply holds {rules.supply_size} cards), not "
                         f"{rules.cards_below_last_round}")
    return rules


#: The rules of a game of ``players`` with the options ``variant`` (missing ones: the rulebook's), or
#: ValueError naming the rule that makes the game unplayable and its bounds.
rules_of = rules_reader(_OPTIONS_ONLY, _rules)
