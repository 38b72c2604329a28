"""The click machine: how clicks on a table's picture become a move, for every table that takes clicks.

A game's view (:class:`~plateau_lab.core.tableview.TableView`) says which parts of the picture
make each move, in order: a Syndicate lead with a face-down card is two clicks, ``card Diplomat``
then ``card Author``; a move of no clicks is a button. :class:`Clicks` holds the moves of one
position with their clicks and the parts picked so far, and answers what every table asks: which
parts may be clicked next (:meth:`Clicks.targets`), which moves are buttons now
(:meth:`Clicks.buttons`), and what a click does (:meth:`Clicks.click`). The play table, the shared
tables and the analysis board's puzzles all read it, so a click means the same everywhere.

>>> moves = {"lead Diplomat": ("card Diplomat",),
...          "lead Diplomat + face down Author": ("card Diplomat", "card Author"),
...          "pass": ()}
>>> clicks = Clicks.of(moves, moves.get)
>>> clicks.targets(), clicks.buttons()
(['card Diplomat'], ['pass'])
>>> step = clicks.click("card Diplomat")        # a move of one click, or the first of two
>>> step.kind, step.picked
('picked', ('card Diplomat',))
>>> later = Clicks.of(moves, moves.get, step.picked)
>>> later.targets(), later.buttons()           # the second card, or the lead alone as a button
(['card Author'], ['lead Diplomat'])
>>> later.click("card Author").move
'lead Diplomat + face down Author'
>>> later.click("card Diplomat").kind          # the same part again puts it back
'put back'
>>> later.click("card Merchant").kind          # no move is made so: the table says why
'no move'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Clicks", "ClickStep"]


@dataclass(frozen=True)
class ClickStep:
    """What one click did: ``kind`` is ``"move"`` (``move`` is the move its clicks complete),
    ``"picked"`` (the start of a longer move: ``picked`` is every part picked so far), ``"put back"``
    (a part already picked, clicked again: nothing stays picked) or ``"no move"`` (no legal move
    starts with these clicks: ``tried`` holds them, for the table's refusal; nothing stays picked)."""

    kind: str
    picked: tuple[str, ...] = ()
    move: Any = None
    tried: tuple[str, ...] = ()


@dataclass(frozen=True)
class Clicks:
    """The legal moves of one position, each with the parts of the picture that make it
    (``(move, clicks)`` pairs, in the order of ``legal_actions()``), and the parts picked so far."""

    moves: tuple[tuple[Any, tuple[str, ...]], ...]
    picked: tuple[str, ...] = ()

    @classmethod
    def of(cls, legal: Iterable[Any], clicks_of: Callable[[Any], Sequence[str]],
           picked: Sequence[str] = ()) -> Clicks:
        """The click machine of the moves ``legal``, each made by the clicks ``clicks_of(move)``
        (a view's :meth:`~plateau_lab.core.tableview.TableView.clicks`), with ``picked`` picked."""
        return cls(tuple((move, tuple(clicks_of(move))) for move in legal), tuple(picked))

    def _starting(self, clicks: tuple[str, ...]) -> list[tuple[Any, tuple[str, ...]]]:
        return [(move, made) for move, made in self.moves if made[:len(clicks)] == clicks]

    def targets(self) -> list[str]:
        """The parts that may be clicked next, sorted: the next click of every move that begins
        with the parts picked so far."""
        depth = len(self.picked)
        return sorted({made[depth] for _, made in self._starting(self.picked) if len(made) > depth})

    def buttons(self) -> list[Any]:
        """The moves made with a button now: those whose clicks are exactly the parts picked so far
        (with nothing picked, the moves of no click)."""
        return [move for move, made in self.moves if made == self.picked]

    def click(self, target: str) -> ClickStep:
        """What a click on ``target`` does. A longer move beginning with the clicks so far wins over
        a move they complete, so that a card that is a move alone can still start a move of two
        (the shorter move stays a button). A part already picked, clicked again, is put back, unless
        a move is made by clicking it again: a Wimmüln cross of two equal cards (two ``1 green``)
        is the same part clicked twice.

        >>> cross = {"cross 1 green over 1 green": ("card 1 green", "card 1 green")}
        >>> Clicks.of(cross, cross.get, ("card 1 green",)).click("card 1 green").move
        'cross 1 green over 1 green'
        """
        clicks = self.picked + (target,)
        starting = self._starting(clicks)
        if any(len(made) > len(clicks) for _, made in starting):
            return ClickStep("picked", picked=clicks)
        complete = [move for move, made in starting if made == clicks]
        if complete:
            return ClickStep("move", move=complete[0])
        if target in self.picked:
            return ClickStep("put back")
        return ClickStep("no move", tried=clicks)
