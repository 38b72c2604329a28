"""The guided first game at the play table: :class:`~plateau_lab.ui.table.PlayTable` over a
:class:`~plateau_lab.ui.guided.GuidedSession`.

The table shows the step's sentence as its status, lights only the move the step asks for, answers
any other click with a sentence, and hands over to free play after the last step; a button
starts the guided game again::

    >>> table = GuidedTable("oh_hell", delay=0)
    >>> table.session.status().startswith("Step 1 of 8")
    True
    >>> [button.description for button in table.moves.children]
    ['bid 2 tricks']
    >>> table.moves.children[0].click()
    >>> table.picture.legal
    ['card 5H']
    >>> table.picture.click("card KH")          # another card: a sentence, nothing changes
    >>> table.session.note.error, len(table.state.history)
    (True, 7)
    >>> table.again.click()
    >>> len(table.state.history)
    3
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets

from ..core import GAME_NAMES, game_spec
from .guided import GuidedSession
from .session import DEFAULT_DELAY
from .table import PlayTable
from .widgets import fits_label

__all__ = ["GuidedTable"]


class GuidedTable(PlayTable):
    """The play table over ``game``'s guided first game (see the module docstring).

    ``bots`` (seat -> bot name, the heuristic bot by default) play the other seats once the guide
    is done; ``delay`` is the pause in seconds before each of the other players' moves.
    """

    def __init__(self, game: str = GAME_NAMES[0], *, bots: Mapping[int, str] | None = None,
                 delay: float = DEFAULT_DELAY):
        guide = game_spec(game).guide_script()
        # The table seats an ordinary session at the deal first (its bots move at once, no timer
        # waits), then the guided session takes its place.
        super().__init__(state=guide.deal(), seat=guide.seat, delay=0)
        self.session = GuidedSession(guide=guide, bots=bots, delay=delay, on_change=self._show)
        self.again = widgets.Button(description="Start the guided game again", icon="refresh",
                                    tooltip="back to the first step of the guided game", layout=fits_label())
        self.again.on_click(lambda _: self._again())
        for child in self.children:
            if isinstance(child, widgets.HBox) and self.take_back in child.children:
                child.children = (*child.children, self.again)
                child.layout.flex_flow = "row wrap"      # five buttons do not fit a narrow page in one row
        self.add_class("plateau-guided-table")
        self._started()

    def _again(self) -> None:
        self.session.restart()
        self._started()
