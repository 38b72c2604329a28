"""Plotters Inc.'s rules as one value: every number and table of the rulebook is an option of
``SPEC`` (:data:`OPTIONS`), and :func:`rules_of` reads a game's options into :class:`Rules`, the one
value the engine, the fast path, the scenarios and the bots read.

>>> rulebook = rules_of(5, {})
>>> rulebook.cards_per_player, rulebook.highest_numbers, len(rulebook.deck), rulebook.high_takes
(14, (17, 17, 18, 18), 70, 3)
>>> rulebook.colours_in_trick, rulebook.scoring_colours, rulebook.choose_at, rulebook.rounds
(3, 2, 4, 5)
>>> [str(keep) for keep in rules_of(4, {"scoring_colours": 3}).keep_choices]
['keep blue+green+red', 'keep blue+green+yellow', 'keep blue+red+yellow', 'keep green+red+yellow']

A rule set that would make a game unplayable is refused with a sentence naming the rule and its
bounds, for the players at the table:

>>> rules_of(6, {"cards_per_player": 15})
Traceback (most recent call last):
ValueError: cards_per_player must be from 1 to 14 with 6 players (the deck holds 84 cards), not 15
>>> rules_of(4, {"high_takes": 4})
Traceback (most recent call last):
ValueError: high_takes must be from 1 to 3 with 4 players (Low takes the rest of the trick: at least 1 card), not 4
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Any

from plateau_lab.core import GameSpec, Option
from plateau_lab.core.rulesets import rules_reader

from .cards import (CARDS_PER_PLAYER, COLOURS, HIGHEST_NUMBER, MOST_NUMBER, PLAYERS, Card, Keep, deck_of,
                    keep_action)
from .scoring import SCORING_COLOURS

__all__ = ["MAX_COLOURS_IN_TRICK", "MOST_CARDS_PER_PLAYER", "MOST_ROUNDS", "OPTIONS", "Rules", "SCORING_COLOURS",
           "high_share", "rules_of"]


#: The rulebook's numbers (each the default of its option).
MAX_COLOURS_IN_TRICK = 3
"""A trick holds cards of at most three colours."""
#: The bounds of the options: each keeps every game finite and playable.
MOST_CARDS_PER_PLAYER = 21
MOST_ROUNDS = 12


def high_share(players: int) -> int:
    """How many cards High picks: "half the cards rounded up: In a 4-player game he takes 2
    cards; in a 5- or 6-player game he takes 3 cards." Low receives the rest.

    >>> [high_share(players) for players in (4, 5, 6)]
    [2, 3, 3]
    """
    return (players + 1) // 2


OPTIONS = (
    Option("cards_per_player", None, int, "how many cards each player is dealt (and so how many tricks a round "
                                          "has at most); None: the rulebook's 14, or as many as a smaller deck "
                                          "allows", low=1, high=MOST_CARDS_PER_PLAYER, none=True, played=(None, 3)),
    Option("colours", len(COLOURS), int, "how many colours the deck holds (blue, green, red and yellow, in that "
                                         "order)", low=2, high=len(COLOURS), played=(len(COLOURS), 3)),
    Option("highest_numbers", None, tuple, "the highest number of each colour in play, in the order blue, green, "
                                           "red, yellow; None: the rulebook's table for the players at the table "
                                           "(14 each with 4 players, 17, 17, 18, 18 with 5, 21 each with 6)",
           low=1, high=MOST_NUMBER, shortest=2, longest=len(COLOURS), none=True, played=(None, (10, 12, 14, 16))),
    Option("colours_in_trick", MAX_COLOURS_IN_TRICK, int, "how many colours a trick may hold; a player holding "
                                                          "only other colours cannot play and the round ends",
           low=1, high=len(COLOURS)),
    Option("high_takes", None, int, "how many cards of a trick High picks (Low takes the rest); None: the "
                                    "rulebook's, half the trick rounded up", low=1, high=PLAYERS.stop - 2,
           none=True, played=(None, 1)),
    Option("scoring_colours", SCORING_COLOURS, int, "how many colours score: a round multiplies that many "
                                                    "largest open stacks, and a player choosing keeps that many "
                                                    "colours", low=1, high=len(COLOURS) - 1),
    Option("choose_at", None, int, "after how many colours collected a player must choose the colours he keeps; "
                                   "None: the rulebook's, once he holds every colour", low=2, high=len(COLOURS),
           none=True, played=(None, 3)),
    Option("rounds", None, int, "how many rounds a game has; None: the rulebook's, one per player", low=1,
           high=MOST_ROUNDS, none=True, played=(None, 1)),
)


#: The options' checks, as ``plotters.SPEC`` makes them (the rules do not import the package).
_OPTIONS_ONLY = GameSpec(name="plotters", title="Plotters Inc.", players=PLAYERS, default_players=4,
                         options=OPTIONS)


@dataclass(frozen=True)
class Rules:
    """One game's rules, every value decided for its number of players.

    ``colours`` are the colours in play (the first of blue, green, red, yellow), and
    ``highest_numbers`` the highest number of each; ``high_takes`` the cards High picks of a
    trick; ``scoring_colours`` how many largest stacks a round multiplies (and how many colours a
    player keeps); ``choose_at`` after how many colours collected he must keep them.
    """

    players: int
    colours: tuple[str, ...]
    highest_numbers: tuple[int, ...]
    cards_per_player: int
    colours_in_trick: int
    high_takes: int
    scoring_colours: int
    choose_at: int
    rounds: int

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """The cards in play, sorted (by colour, then number)."""
        return deck_of(self.highest_numbers)

    @cached_property
    def keep_choices(self) -> tuple[Keep, ...]:
        """The colours a player may keep, in the order ``legal_actions`` offers them: any
        ``scoring_colours`` of the colours in play (docs/rulings.md, Plotters Inc.)."""
        return tuple(keep_action(*pair) for pair in combinations(self.colours, self.scoring_colours))

    @property
    def most_round_score(self) -> int:
        """The most a round could score: a player takes at most the larger share of each trick
        (High's, or Low's when High takes fewer), and equal stacks of those cards multiply best (an
        upper bound: scenarios refuse totals above it).

        >>> rules_of(4, {}).most_round_score, rules_of(6, {}).most_round_score
        (196, 441)
        >>> rules_of(4, {"high_takes": 1, "cards_per_player": 2}).most_round_score
        9
        """
        most_taken = self.cards_per_player * max(self.high_takes, self.players - self.high_takes)
        return (-(-most_taken // self.scoring_colours)) ** self.scoring_colours


def _rules(players: int, option: dict[str, Any]) -> Rules:
    """The rules for ``players`` and every option, checked together (:data:`rules_of`)."""
    colours = COLOURS[:option["colours"]]
    highest = _highest_numbers(players, option["highest_numbers"], colours)
    deck_size = sum(highest)
    if deck_size < players:
        raise ValueError(f"highest_numbers must make a deck of at least {players} cards (one per player) with "
                         f"{players} players, not {deck_size}")
    each = min(CARDS_PER_PLAYER, deck_size // players) if option["cards_per_player"] is None \
        else option["cards_per_player"]
    if not 1 <= each <= deck_size // players:
        raise ValueError(f"cards_per_player must be from 1 to {deck_size // players} with {players} players (the "
                         f"deck holds {deck_size} cards), not {each}")
    high_takes = high_share(players) if option["high_takes"] is None else option["high_takes"]
    if high_takes > players - 1:
        raise ValueError(f"high_takes must be from 1 to {players - 1} with {players} players (Low takes the rest "
                         f"of the trick: at least 1 card), not {high_takes}")
    scoring_colours = option["scoring_colours"]
    if scoring_colours >= len(colours):
        raise ValueError(f"scoring_colours must be from 1 to {len(colours) - 1} with {len(colours)} colours (a "
                         f"player keeps fewer colours than the deck holds), not {scoring_colours}")
    choose_at = len(colours) if option["choose_at"] is None else option["choose_at"]
    if not scoring_colours < choose_at <= len(colours):
        raise ValueError(f"choose_at must be from {scoring_colours + 1} to {len(colours)} with {len(colours)} "
                         f"colours and {scoring_colours} scoring (a player chooses among more colours than he "
                         f"keeps), not {choose_at}")
    rounds = players if option["rounds"] is None else option["rounds"]
    return Rules(players, colours, highest, each, option["colours_in_trick"], high_takes,
                 scoring_colours, choose_at, rounds)


rules_of = rules_reader(_OPTIONS_ONLY, _rules)


def _highest_numbers(players: int, table: tuple[int, ...] | None, colours: tuple[str, ...]) -> tuple[int, ...]:
    """The highest number of each colour in play: the table given, or the rulebook's for ``players``."""
    if table is None:
        return tuple(HIGHEST_NUMBER[players][colour] for colour in colours)
    if len(table) != len(colours):
        raise ValueError(f"highest_numbers must give one number per colour in play ({len(colours)} colours: "
                         f"{', '.join(colours)}), not {len(table)}")
    return table
