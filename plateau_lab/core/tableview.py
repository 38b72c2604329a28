"""How a game sits at the play table: its picture, the clicks that make each move, and its legend.

Each game declares its table view in its own package (``view.py``, named by
``GameSpec.view``) as ``VIEW``, a :class:`TableView`; the play table (``plateau_lab.ui.table``)
reads nothing else of the game. A move is made by clicking the things it names, in order (a card,
then a seat to give it to); a move with no clicks is a button worded like the log.

>>> view = TableView(picture=lambda state, seat, before: None, clicks=card_clicks, legend="")
>>> from plateau_lab.core import Play
>>> view.clicks(Play("7H")), view.words_for("card")
(('card 7H',), 'a card in your hand')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import GameState, Play
from .render import Picture

__all__ = ["CLICK_WORDS", "TableView", "card_clicks", "last_card_played"]

#: What a learner clicks, by the first word of a click target: the words of the table's prompts.
CLICK_WORDS = {"card": "a card in your hand"}


def card_clicks(action: Any) -> tuple[str, ...]:
    """The click that plays a card: the card in the hand (``card 7H``); other moves are buttons."""
    return (f"card {action.card}",) if isinstance(action, Play) else ()


def last_card_played(before: GameState, after: GameState) -> list[str]:
    """The part to glow after a move: the card just played to the trick (``played SEAT``), if any."""
    return [f"played {before.current_player}"] if isinstance(after.history[-1], Play) else []


@dataclass(frozen=True)
class TableView:
    """A game at the table.

    ``picture(state, seat, before)`` draws ``state`` as ``seat`` sees it, its click targets
    marked (``before`` is the state before the last move, for marks such as Le Plateau's new
    counters, or None); a seat number past the table's (``state.players``) is an onlooker, who
    sees what is public and every hand face down (:meth:`covered`); ``clicks(action)`` names the targets that make ``action``, in order;
    ``legend`` (HTML) says how to read the cards; ``click_words`` words each kind of target in
    the prompts (``CLICK_WORDS`` plus the game's own); ``last_marks(before, after)`` names the
    parts that glow to show the last move.
    """

    picture: Callable[[GameState, int, GameState | None], Picture]
    clicks: Callable[[Any], tuple[str, ...]]
    legend: str
    click_words: Mapping[str, str] = field(default_factory=dict)
    last_marks: Callable[[GameState, GameState], list[str]] = last_card_played

    def words_for(self, kind: str) -> str:
        """The prompt's words for a kind of click target (``card``, ``row``, …)."""
        return {**CLICK_WORDS, **self.click_words}[kind]

    def covered(self, state: GameState, before: GameState | None = None) -> Picture:
        """The table as an onlooker sees it, every hand face down: the screen while it is passed from
        one player to another at a hot-seat table. It is the picture for a seat past the table's
        (``state.players``), which every game draws as no player's seat; never ``seat=None``, which
        is the teacher's view of every hand."""
        return self.picture(state, state.players, before)
