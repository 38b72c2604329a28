"""The play table's pause box: what just happened, and where the points came from.

At the end of a round, hand or game the table shows its :class:`~plateau_lab.ui.session.Summary`:
the headline, the log lines since the last move, and the game's score sheet as a small table, one
row per player ("you" for the learner sitting alone), the items of each row with their points,
the points of the round or hand, and the game's total::

    >>> from plateau_lab.core.scoresheet import ScoreSheet, SheetItem, SheetRow
    >>> sheet = ScoreSheet("Round 1", (SheetRow(0, (SheetItem("won 3 tricks"), SheetItem("4 triangles", 4)),
    ...                                         total=4, game_total=4),
    ...                                SheetRow(1, (SheetItem("bonus", 10),), total=10, game_total=10)))
    >>> page = sheet_html(sheet, you=(1,), pause_word="round")
    >>> "<td class='who'>you</td>" in page, "<b>+10</b>" in page, "<th>round</th><th>game</th>" in page
    (True, True, True)

A game without a sheet shows the scores alone (:func:`scores_html`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection

from ..core.scoresheet import ScoreSheet, SheetItem, number, signed
from .reports import lines_html

__all__ = ["pause_html", "scores_html", "sheet_html"]

STYLE = ("<style>.plateau-score-sheet{border-collapse:collapse;margin-top:0.3em}"
         ".plateau-score-sheet th,.plateau-score-sheet td{border-bottom:1px solid #ddd;padding:2px 6px;"
         "vertical-align:top;text-align:left}.plateau-score-sheet td.points{text-align:right}"
         ".plateau-score-sheet td.who,.plateau-score-sheet td.points{white-space:nowrap}"
         ".plateau-score-sheet .told{color:#555}</style>")


def _same(text: str) -> str:
    return text


def _who(seat: int, you: Collection[int]) -> str:
    return "you" if seat in you else f"player {seat}"


def _item_html(item: SheetItem) -> str:
    """An item: its words, and its points in bold with their sign; an item without points in grey."""
    if item.points is None:
        return f"<span class='told'>{html.escape(item.what)}</span>"
    return f"{html.escape(item.what)} <b>{signed(item.points)}</b>"


def sheet_html(sheet: ScoreSheet, *, you: Collection[int] = (), pause_word: str = "round",
               say: Callable[[str], str] = _same) -> str:
    """``sheet`` as an HTML table: a row per player (``you``: the seats called "you"), the items
    separated by dots, the points of the ``pause_word`` (round, hand) and the game's total when the
    sheet has one; above it the title and the notes (said through ``say``)."""
    with_game = any(row.game_total is not None for row in sheet.rows)
    head = f"<th>{html.escape(pause_word)}</th><th>game</th>" if with_game else "<th>points</th>"
    rows = []
    for row in sheet.rows:
        items = " · ".join(_item_html(item) for item in row.items)
        game = f"<td class='points'><b>{number(row.game_total)}</b></td>" if with_game else ""
        rows.append(f"<tr><td class='who'>{_who(row.seat, you)}</td><td>{items}</td>"
                    f"<td class='points'>{number(row.total)}</td>{game}</tr>")
    notes = "".join(f"<div>{html.escape(say(note))}</div>" for note in sheet.notes)
    return (f"{STYLE}<div class='plateau-score-sheet-box'><b>Where the points came from</b> · "
            f"<i>{html.escape(sheet.title)}</i>{notes}<table class='plateau-score-sheet'>"
            f"<tr><th>player</th><th>scored</th>{head}</tr>{''.join(rows)}</table></div>")


def scores_html(scores: tuple[int, ...], *, you: Collection[int] = ()) -> str:
    """The scores alone, a row per player: the pause of a game that declares no sheet."""
    rows = "".join(f"<tr><td>{_who(seat, you)}</td><td style='text-align:right'>{number(score)}</td></tr>"
                   for seat, score in enumerate(scores))
    return f"<table><tr><th>player</th><th>score</th></tr>{rows}</table>"


def pause_html(summary, *, you: Collection[int] = (), pause_word: str = "round",
               say: Callable[[str], str] = _same) -> str:
    """The pause box of a :class:`~plateau_lab.ui.session.Summary`: the headline, what just happened,
    then the score sheet (or the scores, for a game without one)."""
    scored = (sheet_html(summary.sheet, you=you, pause_word=pause_word, say=say) if summary.sheet is not None
              else scores_html(summary.scores, you=you))
    return (f"<div class='plateau-table-summary'><b>{html.escape(summary.head)}</b>"
            f"{lines_html(summary.lines)}{scored}</div>")
