"""The Syndicate's rules as one value: every number and table of the rulebook is an option of
``SPEC`` (:data:`OPTIONS`), and :func:`rules_of` reads a game's options into :class:`Rules`, the one
value the engine, the fast path, the scenarios and the bots read.

>>> rulebook = rules_of(3, {})
>>> rulebook.target, rulebook.hand_size, rulebook.deal
(12, 5, (5, 4, 3))
>>> rulebook.card_points, rulebook.ace_points, rulebook.crowned_ace_points
((2, 3, 4, 5, 6, 7, 8, 9, 10), 1, 11)
>>> rulebook.foil_points, rulebook.plot_points, rulebook.plot_face_down_points
(1, 2, 1)
>>> rules_of(3, {"plot_points": 3, "deal": (5, 5, 5)}).deal
(5, 5, 5)

A rule set that would make a game unplayable or endless is refused with a sentence naming the
rule and its bounds:

>>> rules_of(3, {"hand_size": 7}).deal
(7, 6, 5)
>>> rules_of(3, {"deal": (3, 4, 3)})
Traceback (most recent call last):
ValueError: deal must give the first player 4 to 5 cards, the second 1 to 5 and the third 2 to 5 (nobody may be left to answer with no card, and nobody holds more than hand_size, 5), not 3, 4, 3
>>> rules_of(3, {"foil_points": 0, "plot_points": 0})
Traceback (most recent call last):
ValueError: foil_points and plot_points must not both be 0 (from 0 to 20, one of them at least 1): a plot led with no face-down card must score for someone, or a game might never end
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from plateau_lab.core import GameSpec, Option
from plateau_lab.core.rulesets import rules_reader

from .cards import ACE_RANK, CROWN_RANK, Card

__all__ = ["GAME", "PLAYERS", "HAND_LIMIT", "DEAL_SIZES", "WINNING_SCORE", "MAX_TARGET", "CARD_POINTS", "ACE_POINTS",
           "CROWNED_ACE_POINTS", "FOIL_POINTS", "PLOT_POINTS", "PLOT_FACE_DOWN_POINTS", "FEWEST_DEALT", "MOST_HAND_SIZE",
           "MOST_CARD_POINTS", "MOST_TURN_POINTS", "OPTIONS", "Rules", "RULEBOOK", "rulebook_deal", "rules_of"]


#: The game's name in the registry.
GAME = "syndicate"
#: "A game of internecine struggle for exactly 3 players" (not an option: a turn is one mastermind
#: against two enforcers).
PLAYERS = 3

#: The rulebook's numbers (each the default of its option).
#: "Subsequent turns begin with the mastermind drawing enough cards so that he has five cards."
HAND_LIMIT = 5
#: "Deal 5 cards to the first player, 4 to the second player, and 3 to the third" (the default
#: ``deal``, None, deals the hand size, one fewer and two fewer: :func:`rulebook_deal`).
DEAL_SIZES = (5, 4, 3)
#: "The winner is the first player to reach 12 points."
WINNING_SCORE = 12
#: What the numbered cards 2 to 9 and the Crowns count: their ranks, "Crowns count as 10".
CARD_POINTS = (2, 3, 4, 5, 6, 7, 8, 9, 10)
#: "The Ace that was led counts as either 1 or 11": 11 beside the Crown of its suit, 1 otherwise.
ACE_POINTS, CROWNED_ACE_POINTS = 1, 11
#: "Each enforcer scores one point"; the mastermind "scores two points" with no face-down card, "one
#: point" with one.
FOIL_POINTS, PLOT_POINTS, PLOT_FACE_DOWN_POINTS = 1, 2, 1

#: The bounds of the options: each keeps every game finite and playable.
#: The highest ``target`` a game may be played to (a game to 12 lasts about 19 turns, one to 50 about 90).
MAX_TARGET = 50
#: The most cards a mastermind may draw up to: the three hands then never need more than the 36 cards.
MOST_HAND_SIZE = 12
#: The fewest cards the first, second and third player may be dealt so that nobody is ever left to
#: answer with no card: the first may lead two cards and then answers on turns 2 and 3; the second
#: answers once before he draws, the third twice.
FEWEST_DEALT = (4, 1, 2)
MOST_CARD_POINTS = 30
MOST_TURN_POINTS = 20
#: The ranks ``card_points`` gives points to, in its order: the numbered cards, then the Crowns.
POINTED_RANKS = tuple(range(ACE_RANK + 1, CROWN_RANK + 1))


OPTIONS = (
    Option("target", WINNING_SCORE, int,
           f"the score that wins (the rulebook's {WINNING_SCORE}); at most {MAX_TARGET} (a game of about 90 "
           "turns), so that every game, and every simulation, ends",
           low=1, high=MAX_TARGET),
    Option("hand_size", HAND_LIMIT, int,
           f"how many cards the mastermind draws up to at the start of his turn (the rulebook's {HAND_LIMIT}); "
           f"at least 4 (he may lead two cards and then answers twice before he draws again), at most "
           f"{MOST_HAND_SIZE} (the three hands never need more than the deck's 36 cards)",
           low=4, high=MOST_HAND_SIZE, played=(HAND_LIMIT, 4, 8)),
    Option("deal", None, tuple,
           "how many cards the first, second and third player are dealt; the first player leads with them, "
           "drawing nothing on the game's first turn; at least 4, 1 and 2 (nobody may be left to answer with no "
           "card) and at most hand_size each; None: the rulebook's, the hand size, one fewer and two fewer (5, 4, 3)",
           low=0, high=MOST_HAND_SIZE, shortest=3, longest=3, none=True, played=(None, (4, 1, 2), (5, 5, 5))),
    Option("card_points", CARD_POINTS, tuple,
           "what the numbered cards 2, 3, … 9 and the Crowns count when they share the lead's mark, in that "
           "order (the rulebook's: their ranks, and 10 for a Crown)",
           low=0, high=MOST_CARD_POINTS, shortest=len(POINTED_RANKS), longest=len(POINTED_RANKS),
           played=(CARD_POINTS, (1,) * len(POINTED_RANKS), (9, 8, 7, 6, 5, 4, 3, 2, 1))),
    Option("ace_points", ACE_POINTS, int,
           f"what a led Ace counts when the Crown of its suit is not played in the turn (the rulebook's "
           f"{ACE_POINTS})", low=0, high=MOST_CARD_POINTS, played=(ACE_POINTS, 0, 6)),
    Option("crowned_ace_points", CROWNED_ACE_POINTS, int,
           f"what a led Ace counts when the Crown of its suit is played in the same turn, face down or by an "
           f"enforcer (the rulebook's {CROWNED_ACE_POINTS})", low=0, high=MOST_CARD_POINTS,
           played=(CROWNED_ACE_POINTS, 0, 20)),
    Option("foil_points", FOIL_POINTS, int,
           f"what each enforcer scores when the plot is foiled (the rulebook's {FOIL_POINTS})",
           low=0, high=MOST_TURN_POINTS, played=(FOIL_POINTS, 0, 3)),
    Option("plot_points", PLOT_POINTS, int,
           f"what the mastermind scores when his plot succeeds with no face-down card (the rulebook's "
           f"{PLOT_POINTS})", low=0, high=MOST_TURN_POINTS, played=(PLOT_POINTS, 0, 4)),
    Option("plot_face_down_points", PLOT_FACE_DOWN_POINTS, int,
           f"what the mastermind scores when his plot succeeds with a face-down card (the rulebook's "
           f"{PLOT_FACE_DOWN_POINTS})", low=0, high=MOST_TURN_POINTS, played=(PLOT_FACE_DOWN_POINTS, 0, 2)),
)


#: The options' checks, as ``syndicate.SPEC`` makes them (the rules do not import the package).
_OPTIONS_ONLY = GameSpec(name=GAME, title="The Syndicate", players=range(PLAYERS, PLAYERS + 1),
                         default_players=PLAYERS, options=OPTIONS)


@dataclass(frozen=True)
class Rules:
    """One game's rules: every number and table of the rulebook, or of the variant played.

    >>> rules = rules_of(3, {"card_points": (1, 1, 1, 1, 1, 1, 1, 1, 5)})
    >>> from .cards import parse_card
    >>> rules.points_of(parse_card("Diplomat")), rules.points_of(parse_card("Sea")), rules.highest_card_points
    (1, 5, 5)
    """

    target: int
    hand_size: int
    deal: tuple[int, int, int]
    card_points: tuple[int, ...]
    ace_points: int
    crowned_ace_points: int
    foil_points: int
    plot_points: int
    plot_face_down_points: int

    def points_of(self, card: Card) -> int:
        """What ``card`` counts when it shares the lead's mark; for an Ace, what it counts when led
        without the Crown of its suit (an Ace that is not the lead never counts)."""
        if card.rank == ACE_RANK:
            return self.ace_points
        return self.card_points[card.rank - POINTED_RANKS[0]]

    @property
    def highest_card_points(self) -> int:
        """The most a numbered card or a Crown counts: what a face-down card may add at most to a plot
        (an Ace's Crown aside)."""
        return max(self.card_points)

    def plot_scores(self, face_down_played: bool) -> int:
        """What the mastermind scores when his plot succeeds."""
        return self.plot_face_down_points if face_down_played else self.plot_points


def rulebook_deal(hand_size: int) -> tuple[int, int, int]:
    """Rulebook: "Deal 5 cards to the first player, 4 to the second player, and 3 to the third", for
    a hand of five; for another hand size, the hand size, one fewer and two fewer.

    >>> rulebook_deal(5), rulebook_deal(8)
    ((5, 4, 3), (8, 7, 6))
    """
    return tuple(hand_size - fewer for fewer in range(PLAYERS))


def _rules(_players: int, option: dict[str, Any]) -> Rules:
    """The rules for ``players`` and every option, checked together (:func:`rules_of`)."""
    if option["deal"] is None:
        option["deal"] = rulebook_deal(option["hand_size"])
    rules = Rules(**option)
    _check_deal(rules)
    if not any(rules.card_points) and not rules.ace_points and not rules.crowned_ace_points:
        raise ValueError(f"card_points, ace_points and crowned_ace_points must not all be 0 (from 0 to "
                         f"{MOST_CARD_POINTS}, one of them at least 1): every turn would be a tie, and nobody would "
                         f"ever score")
    if not rules.foil_points and not rules.plot_points:
        raise ValueError(f"foil_points and plot_points must not both be 0 (from 0 to {MOST_TURN_POINTS}, one of them "
                         f"at least 1): a plot led with no face-down card must score for someone, or a game might "
                         f"never end")
    return rules


def _check_deal(rules: Rules) -> None:
    """Every dealt hand between :data:`FEWEST_DEALT` and the hand size."""
    first, second, third = FEWEST_DEALT
    most = rules.hand_size
    if any(not fewest <= size <= most for fewest, size in zip(FEWEST_DEALT, rules.deal)):
        raise ValueError(f"deal must give the first player {first} to {most} cards, the second {second} to {most} and "
                         f"the third {third} to {most} (nobody may be left to answer with no card, and nobody holds "
                         f"more than hand_size, {most}), not {', '.join(map(str, rules.deal))}")


#: The rules of a game of ``players`` with the options ``variant`` (missing ones: the rulebook's), or
#: ValueError naming the rule that makes the game unplayable and its bounds.
rules_of = rules_reader(_OPTIONS_ONLY, _rules)


#: The rulebook's rules.
RULEBOOK = rules_of(PLAYERS, {})
