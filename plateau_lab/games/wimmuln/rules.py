"""Wimmüln's rules as one value: every number and table of the rulebook is an option of ``SPEC``
(:data:`OPTIONS`), and :func:`rules_of` reads a game's options into :class:`Rules`, the one value
the engine, the fast path, the scenarios and the bots read.

>>> rulebook = rules_of(4, {})
>>> rulebook.hand_size, rulebook.tricks, rulebook.colours_removed, rulebook.trump_card, rulebook.target
(15, 13, 0, 'lower', 200)
>>> rulebook.bonuses
Bonuses(lower=5, higher=10, face_up_times=2, pair=25)
>>> rules_of(3, {}).colours_removed, rules_of(3, {}).hand_size, rules_of(6, {}).hand_size
(2, 12, 10)
>>> rules_of(5, {"hand_size": 8, "pair_bonus": 40}).set_aside, rules_of(5, {"pair_bonus": 40}).bonuses.pair
(20, 40)
>>> rulebook.triangles, rules_of(4, {"triangles": (1,) * 10}).triangles[9]
((1, 0, 1, 1, 1, 1, 2, 2, 1, 0), 1)
>>> rulebook.numbers, rules_of(4, {"numbers": tuple(range(10))}).hand_size
((0, 1, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9), 12)

A rule set that would make a game unplayable is refused with a sentence naming the rule and its
bounds, for the players at the table:

>>> rules_of(6, {"hand_size": 11})
Traceback (most recent call last):
ValueError: hand_size must be from 3 to 10 with 6 players (the deck holds 60 cards of 5 colours), not 11
>>> rules_of(5, {"colours_removed": 4})
Traceback (most recent call last):
ValueError: colours_removed must be from 0 to 3 with 5 players (each player needs at least 3 cards: 2 for the cross and 1 to play), not 4
>>> rules_of(6, {"numbers": (1, 2, 3)})
Traceback (most recent call last):
ValueError: numbers must be a table of 4 to 12 numbers with 6 players (each player needs at least 3 cards: 2 for the cross and 1 to play, and the deck has 5 colours at most), not 3
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from plateau_lab.core import GameSpec, Option, count_of
from plateau_lab.core.rulesets import rules_reader

from .cards import COLOURS, NUMBERS, triangles_on
from .scoring import Bonuses

__all__ = ["GAME", "PLAYERS", "OPTIONS", "Rules", "TARGET", "TRIANGLES", "MOST_TARGET", "MOST_ROUNDS", "TRUMP_CARDS",
           "FEWEST_CARDS", "MOST_BONUS", "MOST_TIMES", "MOST_TRIANGLES", "MOST_NUMBERS", "colours_removed", "rules_of"]


GAME = "wimmuln"
PLAYERS = range(3, 7)

#: The rulebook's numbers (each the default of its option).
TARGET = 200
RULEBOOK_BONUSES = Bonuses()
#: The triangles on the cards numbered 0 to 9 (the rulebook's picture is missing: docs/rulings.md).
TRIANGLES = tuple(triangles_on(number) for number in range(max(NUMBERS) + 1))
#: Which of the dealer's two shown cards names trumps (the rulebook: the lower).
TRUMP_CARDS = ("lower", "higher", "none")
#: The bounds of the options: each keeps every game finite and playable.
MOST_TARGET = 1000
MOST_ROUNDS = 100
MOST_BONUS = 99
MOST_TIMES = 5
MOST_TRIANGLES = 9
#: A colour holds at most as many cards as the rulebook's, so that a hand and a round's tricks are
#: no longer than the rulebook's longest (a colour's cards are numbered 0 to 9).
MOST_NUMBERS = len(NUMBERS)
#: A hand holds at least a cross (2 cards) and a card to play.
FEWEST_CARDS = 3


def colours_removed(players: int) -> int:
    """Rulebook: "With three players, first remove two colours (suits) from the game."

    >>> [colours_removed(players) for players in PLAYERS]
    [2, 0, 0, 0]
    """
    return 2 if players == 3 else 0


OPTIONS = (
    Option("target", TARGET, int, "the game ends after the round in which someone reaches this score",
           low=1, high=MOST_TARGET),
    Option("rounds", None, int, "end after this many rounds at the latest (None: play to the target)",
           low=1, high=MOST_ROUNDS, none=True),
    Option("colours_removed", None, int, "how many of the five colours leave the deck for the whole game; None: "
                                         "the rulebook's (2 with 3 players, none with more)",
           low=0, high=len(COLOURS) - 1, none=True, played=(None, 1)),
    Option("hand_size", None, int, "how many cards each player is dealt every round (the rest of the deck is set "
                                   "aside for the round); None: the rulebook's, the whole deck shared out equally",
           low=FEWEST_CARDS, high=len(COLOURS) * MOST_NUMBERS // PLAYERS.start, none=True, played=(None, 6)),
    Option("trump_card", TRUMP_CARDS[0], str, "which of the dealer's two shown cards names trumps: 'lower' (the "
                                              "rulebook), 'higher', or 'none' (never trumps: the dealer always "
                                              "chooses the face-up card); the card naming trumps goes back to the "
                                              "dealer's hand, the other stays face up", choices=TRUMP_CARDS),
    Option("lower_bonus", RULEBOOK_BONUSES.lower, int, "the bonus when the tricks won equal the lower number of "
                                                       "the cross, lying face down", low=0, high=MOST_BONUS),
    Option("higher_bonus", RULEBOOK_BONUSES.higher, int, "the bonus when the tricks won equal the higher number of "
                                                         "the cross, lying face down", low=0, high=MOST_BONUS),
    Option("face_up_times", RULEBOOK_BONUSES.face_up_times, int, "how many times that bonus a player gets when "
                                                                 "the number is the face-up card's", low=1,
           high=MOST_TIMES),
    Option("pair_bonus", RULEBOOK_BONUSES.pair, int, "the bonus when both cards of the cross have the same "
                                                     "number and the tricks won equal it", low=0, high=MOST_BONUS),
    Option("triangles", TRIANGLES, tuple, "the triangles a won card scores, for the cards numbered 0, 1, … 9 (ours, "
                                          "the rulebook's picture being missing: none on the 1s and the 9, two on "
                                          "the 6 and the 7s, one on every other card)", low=0, high=MOST_TRIANGLES,
           shortest=len(TRIANGLES), longest=len(TRIANGLES), played=(TRIANGLES, (1,) * len(TRIANGLES))),
    Option("numbers", NUMBERS, tuple, "the numbers on each colour's cards, a number given twice making two "
                                      "identical cards (ours, as the rulebook does not list them: 0, 1, 1, 2, 3, 4, "
                                      "5, 6, 7, 7, 8, 9)", low=0, high=max(NUMBERS), shortest=FEWEST_CARDS,
           longest=MOST_NUMBERS, played=(NUMBERS, tuple(range(10)))),
)


#: The options' checks, as ``wimmuln.SPEC`` makes them (the rules do not import the package).
_OPTIONS_ONLY = GameSpec(name=GAME, title="Wimmüln", players=PLAYERS, default_players=4, options=OPTIONS)


@dataclass(frozen=True)
class Rules:
    """One game's rules, every value decided for its number of players.

    Rule sets are remembered once read (:func:`rules_of`), and the fast path remembers its
    tables by them: a rule set's hash is worked out once."""

    players: int
    colours_removed: int
    hand_size: int
    trump_card: str
    bonuses: Bonuses
    triangles: tuple[int, ...]
    numbers: tuple[int, ...]
    target: int
    rounds: int | None
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "_hash", hash((self.players, self.colours_removed, self.hand_size, self.trump_card,
                                                self.bonuses, self.triangles, self.numbers, self.target,
                                                self.rounds)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def colours_in_play(self) -> int:
        return len(COLOURS) - self.colours_removed

    @property
    def deck_size(self) -> int:
        return self.colours_in_play * len(self.numbers)

    @property
    def tricks(self) -> int:
        """Two cards of every hand go to the cross, the rest make the tricks."""
        return self.hand_size - 2

    @property
    def set_aside(self) -> int:
        """The cards of the deck dealt to nobody each round."""
        return self.deck_size - self.players * self.hand_size


def _rules(players: int, option: dict[str, Any]) -> Rules:
    """The rules for ``players`` and every option, checked together (:func:`rules_of`)."""
    removed = colours_removed(players) if option["colours_removed"] is None else option["colours_removed"]
    numbers = option["numbers"]
    fewest_numbers = -(-FEWEST_CARDS * players // len(COLOURS))
    if len(numbers) < fewest_numbers:
        raise ValueError(f"numbers must be a table of {fewest_numbers} to {MOST_NUMBERS} numbers with {players} "
                         f"players (each player needs at least {FEWEST_CARDS} cards: 2 for the cross and 1 to play, "
                         f"and the deck has {len(COLOURS)} colours at most), not {len(numbers)}")
    most_removed = len(COLOURS) - -(-FEWEST_CARDS * players // len(numbers))
    if removed > most_removed:
        raise ValueError(f"colours_removed must be from 0 to {most_removed} with {players} players (each player "
                         f"needs at least {FEWEST_CARDS} cards: 2 for the cross and 1 to play), not {removed}")
    colours = len(COLOURS) - removed
    share = colours * len(numbers) // players
    hand_size = share if option["hand_size"] is None else option["hand_size"]
    if hand_size > share:
        raise ValueError(f"hand_size must be from {FEWEST_CARDS} to {share} with {players} players (the deck "
                         f"holds {colours * len(numbers)} cards of {count_of(colours, 'colour')}), not {hand_size}")
    bonuses = Bonuses(option["lower_bonus"], option["higher_bonus"], option["face_up_times"], option["pair_bonus"])
    return Rules(players, removed, hand_size, option["trump_card"], bonuses, option["triangles"], numbers,
                 option["target"], option["rounds"])


#: The rules of a game of ``players`` with the options ``variant`` (missing ones: the rulebook's), or
#: ValueError naming the rule that makes the game unplayable and its bounds.
rules_of = rules_reader(_OPTIONS_ONLY, _rules)
