"""How a game sits at the play table: its picture, the clicks that make each move, and its legend.

Each game declares its table view in its own package (``view.py``, named by
``GameSpec.view``) as ``VIEW``, a :class:`TableView`; the play table (``plateau_lab.ui.table``)
reads nothing else of the game. A move is made by clicking the things it names, in order (a card,
then a seat to give it to); a move with no clicks is a button worded like the log.

>>> view = TableView(picture=lambda state, seat, before: None, clicks=card_clicks, legend="")
>>> from plateau_lab.core import Play
>>> view.clicks(Play("7H")), view.words_for("card")
(('card 7H',), 'a card in your hand')

A game may word each click by the decision it makes (``asks``), so that the prompt says what the
click is for: a Wimmüln cross asks for the card to lay face up, then the card to lay across it::

    >>> asked = TableView(picture=view.picture, clicks=card_clicks, legend="",
    ...                   asks=lambda action: ("a card in your hand to lead",))
    >>> asked.click_prompts(Play("7H")), view.click_prompts(Play("7H"))
    (('a card in your hand to lead',), ('a card in your hand',))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import GameState, Play
from .render import Picture
from .scoresheet import ScoreSheet

__all__ = ["CLICK_WORDS", "TableView", "card_clicks", "last_card_played"]

#: What a learner clicks, by the first word of a click target: the words of the table's prompts.
CLICK_WORDS = {"card": "a card in your hand"}


def card_clicks(action: Any) -> tuple[str, ...]:
    """The click that plays a card: the card in the hand (``card 7H``); other moves are buttons."""
    return (f"card {action.card}",) if isinstance(action, Play) else ()


def last_card_played(before: GameState, after: GameState) -> list[str]:
    """The part marked after a move: the card just played to the trick (``played SEAT``), if any."""
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
    parts marked to show the last move; ``asks(action)``, when given, words each click of
    ``action`` by the decision it makes (``("the card to lay face up", "the card to lay across
    it")``; None: as ``click_words`` does), where ``click_words`` words a click by what is
    clicked; ``pause_word`` is what the game calls the deal played out before the table pauses on
    its summary (``"round"``, ``"hand"``); ``scoring(state, seat)``, when given, works out where
    the points of the round, hand or game just ended came from (:class:`ScoreSheet`), showing
    ``seat`` nothing it cannot see (:meth:`score_sheet`); ``words(seen, say)``, when given, says the
    table in sentences from one seat's observation ``seen``, the players named by ``say``
    (:class:`plateau_lab.core.table_words.Speaker`): what a screen reader reads for the picture (None:
    the sentences every game shares, :func:`plateau_lab.core.table_words.table_words`).
    """

    picture: Callable[[GameState, int, GameState | None], Picture]
    clicks: Callable[[Any], tuple[str, ...]]
    legend: str
    click_words: Mapping[str, str] = field(default_factory=dict)
    last_marks: Callable[[GameState, GameState], list[str]] = last_card_played
    asks: Callable[[Any], tuple[str, ...]] | None = None
    pause_word: str = "round"
    scoring: Callable[[GameState, int], ScoreSheet | None] | None = None
    words: Callable[[Mapping[str, Any], Any], list[str]] | None = None

    def words_for(self, kind: str) -> str:
        """The prompt's words for a kind of click target (``card``, ``row``, …)."""
        return {**CLICK_WORDS, **self.click_words}[kind]

    def click_prompts(self, action: Any) -> tuple[str, ...]:
        """The prompt's words for each click that makes ``action``: the game's ``asks``, else the
        words for the kind of each target clicked."""
        clicks = self.clicks(action)
        asked = self.asks(action) if self.asks is not None else None
        if asked is None:
            return tuple(self.words_for(click.split(" ", 1)[0]) for click in clicks)
        if len(asked) != len(clicks):
            raise ValueError(f"the view words {len(asked)} click(s) of {action} but it takes {len(clicks)}")
        return tuple(asked)

    def score_sheet(self, state: GameState, seat: int) -> ScoreSheet | None:
        """Where the points of the round, hand or game that ``state`` ends came from, as ``seat``
        may see it; None when the game declares no sheet or ``state`` ends nothing."""
        return None if self.scoring is None else self.scoring(state, seat)

    def covered(self, state: GameState, before: GameState | None = None) -> Picture:
        """The table as an onlooker sees it, every hand face down: the screen while it is passed from
        one player to another at a hot-seat table. It is the picture for a seat past the table's
        (``state.players``), which every game draws as no player's seat; never ``seat=None``, which
        is the teacher's view of every hand."""
        return self.picture(state, state.players, before)
