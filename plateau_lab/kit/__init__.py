"""A game of your own: a trick-taking game described in a few lines of Python, played at once.

A description (:class:`TrickGame`) says the common parts as plain data, and small functions (hooks)
say anything new. :func:`define` checks it and registers it: the game then has a state that follows
the package's protocol (moves, refusals naming the rule, observations hiding other hands, saves,
scenarios), a rules page written from the description, a table picture, a view for the play table,
and an expert that imagines the cards it cannot see from the description alone. :func:`check_game`
plays random games of it and says what is wrong, before anyone plays.

A whole small game, in which the lowest card of the suit led wins the trick:

>>> from plateau_lab.kit import TrickGame, define, rules_text
>>> lowest = define(TrickGame(
...     name="lowest_wins", title="Lowest wins", players=range(3, 6),
...     suits="CDSH", ranks="2 3 4 5 6 7 8 9 10 J Q K A", hand_size=5, trumps=None,
...     trick_winner=lambda trick, table: min(
...         (pair for pair in trick if pair[1].suit == table.led), key=lambda pair: pair[1].strength)[0],
...     rules={"trick_winner": "The lowest card of the suit led wins the trick."}))
>>> state = lowest.new_game(3, seed=2)
>>> state = state.apply(state.legal_actions()[0])
>>> print(rules_text(lowest.description).splitlines()[0])
Lowest wins: a trick-taking game for 3 to 5 players.

A mistake is refused in words, naming the part of the description:

>>> define(TrickGame("oops", "Oops", players=range(3, 6), suits="CDSH", ranks="2 3", hand_size=1,
...                  trick_winner=lambda trick: 0))
Traceback (most recent call last):
plateau_lab.kit.description.DescriptionError: the description's trick_winner: trick_winner must take 2 values: trick_winner(trick, table) -> the player who wins the trick, or several players; it takes (trick)
"""

from plateau_lab.core.tricks import Bid

from .description import HOOK_NAMES, NO_TRUMPS, TURNED_UP, Bidding, Card, DescriptionError, Scoring, TrickGame, Turns
from .engine import State
from .hooks import HookError, Result, Table
from .check import CheckReport, check_game
from .game import KitGame, define
from .rows import RowGame
from .rows_engine import RowState
from .rows_game import RowKitGame
from .rules_page import rules_html, rules_text

__all__ = ["HOOK_NAMES", "NO_TRUMPS", "TURNED_UP", "Bid", "Bidding", "Card", "CheckReport", "DescriptionError",
           "HookError", "KitGame", "Result", "RowGame", "RowKitGame", "RowState", "Scoring", "State", "Table",
           "TrickGame", "Turns", "check_game", "define", "rules_html", "rules_text"]
