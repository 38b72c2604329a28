"""The analysis board: step through a finished or saved game from one seat, with the table's
picture, an evaluation graph of each player's chances move by move, the seat's decisions marked
?!, ? or ??, the expert's view of the moves at any position, and "Learn from your mistakes":
the costliest decisions as puzzles to try again. Modelled on lichess's analysis board.

Once the game is over the picture shows every hand face up (a teaching view, never available
during play, and labelled so); a game not yet over shows only what the seat could see. The
analysis (:func:`plateau_lab.lab.game_analysis.analyse_game`) runs once, with a progress bar;
where an event loop runs (a notebook), just after the board is shown, so that the bar appears at
once. Everything works when driven from Python, the way the tests drive it::

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.core.bots import RandomBot
    >>> game = game_spec("syndicate").new_game(3, seed=2, target=4)
    >>> while not game.is_over:
    ...     game = game.apply(RandomBot(len(game.history)).choose(game))
    >>> board = AnalysisBoard(game, 0, budget=20)
    >>> board.index, board.forward.click(), board.index
    (0, None, 1)
    >>> board.moves.value = len(game.history)          # a click on the last move in the list
    >>> board.index == len(game.history), "teaching view: all hands shown" in board.view_label.value.lower()
    (True, True)
    >>> board.graph.click("position 3")                 # a click on the graph
    >>> board.index
    3

It opens from a save (:meth:`AnalysisBoard.from_save`) and from the play table's game
(:meth:`AnalysisBoard.from_table`).
"""

from __future__ import annotations

import asyncio
import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..core import GameState, check_seat, count_of, game_spec
from ..core.clicks import Clicks
from ..core.render import INK, Picture, element, target, text
from ..lab.expert import Analysis, chance_words
from ..lab.review import REVIEW_KEY, Review
from ..lab.game_analysis import GRAPH_PLAYOUTS, GameAnalysis, Puzzle, analyse_game, states_of
from ..core.table_words import card_words, table_words, target_labels
from ..lab.verdict import move_words
from .clickable import ClickablePicture, marks_key_html
from .reports import lines_html
from .session import TableSession, in_second_person
from .widgets import fits_label

__all__ = ["AnalysisBoard", "GRAPH_COLOURS", "GraphDrawing", "graph_picture"]

#: The colour of each line of the graph, by label (a player, or Le Plateau's declarers).
GRAPH_COLOURS = ("#1a73e8", "#d93025", "#188038", "#e37400", "#8e24aa", "#00838f")
#: The marks' colours on the graph and in the move list.
MARK_COLOURS = {"blunder": "#b00020", "mistake": "#e37400", "inaccuracy": "#b58900"}


def _question(chances) -> str:
    found = next((odds for odds in chances if odds is not None), None)
    if found is None:
        return ""
    return "the declarers make the contract" if found.labels == ("declarers",) else f"who {found.question}"


def graph_picture(analysis: GameAnalysis, current: int, *, width: int = 640, height: int = 190) -> Picture:
    """The evaluation graph: each label's chance after every move (a line per player, the seat's
    thicker), the seat's marked decisions above it, the position shown now as a vertical line, and
    each position a click target ``position N``.

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.lab.game_analysis import analyse_game
    >>> game = game_spec("coloretto").new_game(2, seed=1)
    >>> for _ in range(6):
    ...     game = game.apply(game.legal_actions()[0])
    >>> picture = graph_picture(analyse_game(game, 0, budget=8, graph_playouts=6), 2)
    >>> picture.svg().count('data-target="position '), "50%" in picture.svg()
    (7, True)
    """
    below, above = _graph_frame(analysis, width, height)
    return Picture.of(width, height, *below, *_graph_now(analysis, current, width, height), *above)


class GraphDrawing:
    """The evaluation graph of one analysis drawn once: a step on the board only moves the line of
    the position shown and its words (:func:`_graph_now`), instead of drawing every line and every
    position's click target again (a long game's graph has hundreds of them). ``svg(current)`` is
    exactly ``graph_picture(analysis, current).svg()``.

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.lab.game_analysis import analyse_game
    >>> game = game_spec("coloretto").new_game(2, seed=1)
    >>> for _ in range(6):
    ...     game = game.apply(game.legal_actions()[0])
    >>> found = analyse_game(game, 0, budget=8, graph_playouts=6)
    >>> GraphDrawing(found).svg(3) == graph_picture(found, 3).svg()
    True
    """

    _HERE = "plateau-graph-position-shown"

    def __init__(self, analysis: GameAnalysis, *, width: int = 640, height: int = 190):
        self.analysis, self.width, self.height = analysis, width, height
        below, above = _graph_frame(analysis, width, height)
        whole = Picture.of(width, height, *below, element(self._HERE), *above).svg()
        self._head, _, self._tail = whole.partition(f"<{self._HERE} />")

    def svg(self, current: int) -> str:
        """The graph's SVG with position ``current`` shown."""
        now = _graph_now(self.analysis, current, self.width, self.height)
        return self._head + "".join(ET.tostring(part, encoding="unicode") for part in now) + self._tail


def _graph_box(analysis: GameAnalysis, width: int, height: int):
    """Where the graph's plot lies: its left, top, width and height, and the space between positions."""
    left, right, top, bottom = 44, 12, 30, 26
    plot_w, plot_h = width - left - right, height - top - bottom
    return left, top, plot_w, plot_h, plot_w / max(1, len(analysis.states) - 1)


def _graph_now(analysis: GameAnalysis, current: int, width: int, height: int) -> list:
    """The graph's parts that say which position is shown: a dashed vertical line and its words."""
    left, top, plot_w, plot_h, step = _graph_box(analysis, width, height)
    x = left + current * step
    return [element("line", x1=x, y1=top - 2, x2=x, y2=top + plot_h + 2, stroke=INK, stroke_width=1.5,
                    stroke_dasharray="4 3"),
            text(left + plot_w / 2, height - 8, f"shown: {'the start' if current == 0 else f'after move {current}'}",
                 size=10, fill="#555")]


def _graph_frame(analysis: GameAnalysis, width: int, height: int) -> tuple[list, list]:
    """The graph's parts that stay the same from one step to the next: those drawn below the
    position shown (the plot, the chances, the marks, the ends' words) and above it (the legend,
    each position's click target)."""
    left, top, plot_w, plot_h, step = _graph_box(analysis, width, height)
    positions = len(analysis.states)

    def x_of(index: int) -> float:
        return left + index * step

    def y_of(chance: float) -> float:
        return top + plot_h * (1 - chance)

    below = [element("rect", x=left, y=top, width=plot_w, height=plot_h, fill="#fafafa", stroke="#ccc")]
    for share in (0, 0.5, 1):
        below.append(element("line", x1=left, y1=y_of(share), x2=left + plot_w, y2=y_of(share), stroke="#ddd"))
        below.append(text(left - 4, y_of(share) + 4, f"{share:.0%}", size=10, anchor="end", fill="#555"))
    labels = next((odds.labels for odds in analysis.chances if odds is not None), ())
    for line, label in enumerate(labels):
        mine = label == f"player {analysis.seat}"
        for stretch in _stretches(analysis.chances, line):
            points = " ".join(f"{x_of(index):.1f},{y_of(chance):.1f}" for index, chance in stretch)
            below.append(element("polyline", points=points, fill="none", stroke=GRAPH_COLOURS[line % 6],
                                 stroke_width=3 if mine else 1.5, stroke_linejoin="round"))
    for move in analysis.decisions():
        mark = move.decision.mark
        if mark:
            below.append(element("circle", cx=x_of(move.number - 1), cy=top - 6, r=4, fill=MARK_COLOURS[mark]))
    below.append(text(left, height - 8, "start", size=10, anchor="start", fill="#555"))
    below.append(text(left + plot_w, height - 8, f"move {positions - 1}", size=10, anchor="end", fill="#555"))
    above, x = [], left
    for line, label in enumerate(labels):
        name = "you" if label == f"player {analysis.seat}" else label
        above.append(element("rect", x=x, y=6, width=12, height=4, fill=GRAPH_COLOURS[line % 6]))
        above.append(text(x + 16, 12, name, size=11, anchor="start", fill=INK))
        x += 30 + 7 * len(name)
    for index in range(positions):
        column = element("rect", x=x_of(index) - step / 2, y=top, width=max(step, 1), height=plot_h,
                         fill="#000", fill_opacity=0)
        title = element("title")
        title.text = "the start" if index == 0 else f"after move {index}"
        column.append(title)
        above.append(target(column, f"position {index}"))
    return below, above


def _parts(svg: str) -> set[str]:
    """The names of the parts of a picture (click targets and named parts)."""
    return {html.unescape(name) for name in re.findall(r'data-(?:target|name)="([^"]*)"', svg)}


def _stretches(chances, line: int) -> list[list[tuple[int, float]]]:
    """The runs of positions where the graph's question has an answer, for one line."""
    runs: list[list[tuple[int, float]]] = [[]]
    for index, odds in enumerate(chances):
        if odds is None or line >= len(odds.chances):
            if runs[-1]:
                runs.append([])
            continue
        runs[-1].append((index, odds.chances[line]))
    return [run for run in runs if run]


class AnalysisBoard(widgets.VBox):
    """A game's analysis board for ``seat`` (see the module docstring). ``game`` is the game's last
    state, the list of its states, a save's text or its analysis already made (a
    :class:`~plateau_lab.lab.game_analysis.GameAnalysis` of ``seat``); ``budget`` the playouts per decision of the
    review, ``graph_playouts`` those per position of the graph (:func:`analyse_game`); ``analyse``:
    start the analysis at once (just after the board is shown where an event loop runs), else only
    when :meth:`analyse` is called."""

    def __init__(self, game: GameState | Sequence[GameState] | str | bytes | GameAnalysis, seat: int = 0, *,
                 budget: int | None = None, seed: int = 0, graph_playouts: int = GRAPH_PLAYOUTS,
                 analyse: bool = True, session: TableSession | None = None):
        given = game if isinstance(game, GameAnalysis) else None
        # The play table's session whose game this is: the board and Review my game share one review.
        self._session = session if session is not None and session.state is game else None
        self._table_game = game
        self.states = given.states if given is not None else states_of(game)
        self.seat = check_seat(seat, self.states[0].players)
        if given is not None and given.seat != self.seat:
            raise ValueError(f"this analysis is of player {given.seat}'s game, not player {self.seat}'s")
        self.spec = game_spec(self.states[0].setup.game)
        self.view = self.spec.table_view()
        self.budget, self.seed, self.graph_playouts = budget, seed, graph_playouts
        self.over = self.states[-1].is_over
        self.analysis: GameAnalysis | None = None
        self.index = 0
        self._given = given
        self._pictures: dict[int, str] = {}
        self._asked: dict[int, Analysis] = {}
        self._graph: GraphDrawing | None = None
        self._build()
        self._show(0)
        if analyse:
            self._start()

    @classmethod
    def from_save(cls, text: str | bytes, seat: int = 0, **options) -> AnalysisBoard:
        """The board of a saved game (the text of ``to_json``), for ``seat``."""
        return cls(text, seat, **options)

    @classmethod
    def from_table(cls, table, **options) -> AnalysisBoard:
        """The board of the play table's game, for the learner's seat, analysed with the game's seed."""
        options.setdefault("seed", table.state.setup.seed)
        return cls(table.state, table.seat, session=getattr(table, "session", None), **options)

    # ---------------------------------------------------------------- building

    def _build(self) -> None:
        title = html.escape(self.spec.title)
        self.title = widgets.HTML(f"<b>{title}: analysis of your game</b> · "
                                  f"{count_of(len(self.states) - 1, 'move')}")
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="300px"))
        self.status = widgets.Label("")
        self.accuracy = widgets.HTML()
        self.everyone = widgets.Button(description="Every player's accuracy", layout=fits_label(), disabled=True,
                                       tooltip="the expert reviews the other players' decisions too")
        self.everyone.on_click(lambda _: self.show_everyone())
        self.view_label = widgets.HTML()
        self.picture = ClickablePicture()
        self.marks_key = widgets.HTML()
        self.back = widgets.Button(description="◀ back", tooltip="the move before", layout=fits_label())
        self.forward = widgets.Button(description="next ▶", tooltip="the next move", layout=fits_label())
        self.first = widgets.Button(description="start", tooltip="the start", layout=widgets.Layout(width="60px"))
        self.last = widgets.Button(description="end", tooltip="the end", layout=widgets.Layout(width="60px"))
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.forward.on_click(lambda _: self.go(self.index + 1))
        self.first.on_click(lambda _: self.go(0))
        self.last.on_click(lambda _: self.go(len(self.states) - 1))
        self.caption = widgets.HTML()
        self.moves = widgets.Select(options=self._move_options(), value=0, rows=18,
                                    layout=widgets.Layout(width="440px"))
        self.moves.observe(lambda change: self.go(change["new"]), names="value")
        self.graph = ClickablePicture(title="The chances move by move: choose a move to go there")
        self.graph.add_class("plateau-analysis-graph")
        self.graph.on_click(self._graph_clicked)
        self.graph_note = widgets.HTML()
        self.expert = widgets.HTML()
        self.ask = widgets.Button(description="Ask the expert here", icon="search", layout=fits_label())
        self.ask.on_click(lambda _: self.ask_expert())
        self.learn = widgets.Button(description="Learn from your mistakes", icon="graduation-cap",
                                    button_style="info", layout=fits_label(), disabled=True)
        self.learn.on_click(lambda _: self.start_puzzles())
        self.key = widgets.HTML()
        left = widgets.VBox([self.view_label, self.picture, self.marks_key,
                             widgets.HBox([self.first, self.back, self.forward, self.last]), self.caption],
                            layout=widgets.Layout(flex="1 1 auto", min_width="0"))
        right = widgets.VBox([widgets.HTML("<b>Moves</b> (click one to go there)"), self.moves, self.learn])
        self.board_box = widgets.VBox([widgets.HBox([left, right]), self.graph, self.graph_note,
                                       widgets.HBox([self.ask]), self.expert, self.key])
        self._build_puzzle_box()
        super().__init__([self.title, widgets.HBox([self.progress, self.status]),
                          widgets.HBox([self.accuracy, self.everyone]), self.board_box, self.puzzle_box])
        self.add_class("plateau-analysis-board")

    def _build_puzzle_box(self) -> None:
        self.puzzle_title = widgets.HTML()
        self.puzzle_prompt = widgets.HTML()
        self.puzzle_picture = ClickablePicture()
        self.puzzle_picture.add_class("plateau-puzzle-picture")
        self.puzzle_picture.on_click(self.puzzle_click)
        self.puzzle_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.verdict = widgets.HTML()
        self.verdict.add_class("plateau-puzzle-verdict")
        self.show_answer = widgets.Button(description="Show the answer", icon="eye", layout=fits_label())
        self.show_answer.on_click(lambda _: self.reveal())
        self.answer = widgets.HTML()
        self.answer.add_class("plateau-puzzle-answer")
        self.next_puzzle = widgets.Button(description="Next puzzle", icon="forward", layout=fits_label())
        self.next_puzzle.on_click(lambda _: self.show_puzzle(self.puzzle_index + 1))
        self.leave = widgets.Button(description="Back to the board", icon="undo", layout=fits_label())
        self.leave.on_click(lambda _: self.leave_puzzles())
        self.puzzle_box = widgets.VBox([self.puzzle_title, self.puzzle_prompt, self.puzzle_picture,
                                        self.puzzle_buttons, self.verdict,
                                        widgets.HBox([self.show_answer, self.next_puzzle, self.leave]), self.answer],
                                       layout=widgets.Layout(display="none", border="1px solid #1a73e8",
                                                             padding="4px 10px"))
        self.puzzle_box.add_class("plateau-puzzle")
        self.puzzle_buttons.add_class("plateau-puzzle-moves")
        self.puzzles: list[Puzzle] = []
        self.puzzle_index = 0
        self.picked: tuple[str, ...] = ()

    # ---------------------------------------------------------------- analysing

    def _start(self) -> None:
        self.status.value = "Analysing the game…"
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self.analyse()
        else:                          # let the board show first, then analyse with the bar moving
            loop.call_later(0.05, self.analyse)

    def analyse(self) -> GameAnalysis:
        """Analyse the game (once), the progress bar counting positions and decisions."""
        if self.analysis is not None:
            return self.analysis

        def advanced(done: int, of: int) -> None:
            self.progress.max, self.progress.value = of, done
            self.status.value = f"Analysing: {done} of {count_of(of, 'step')}"

        coach = self._session.coach if self._session is not None else None
        self.analysis = self._given or analyse_game(self.states, self.seat, budget=self.budget, seed=self.seed,
                                                    graph_playouts=self.graph_playouts, progress=advanced,
                                                    reviewed=self._shared_review(), coach=coach)
        if self._shared_review(made=False):
            self._session.keep_review(self.analysis.review, self._table_game)
        self.status.value = "Analysed."
        self.progress.layout.display = "none"
        shown = self.index                 # new options set the list back to its first entry: go back to the move shown
        self.moves.options = self._move_options()
        self.index = shown
        self.moves.value = shown
        review = self.analysis.review
        self.accuracy.value = f"<div>{html.escape(review.headline())}</div>"
        self.everyone.disabled = not self.over or self.states[0].players < 2
        self.puzzles = self.analysis.puzzles()
        self.learn.disabled = not self.puzzles
        self.learn.description = (f"Learn from your mistakes ({len(self.puzzles)})" if self.puzzles else
                                  "Learn from your mistakes: none marked")
        self.key.value = f"<p style='font-size:smaller;color:#444'>{html.escape(REVIEW_KEY.format(winning=review.winning))}</p>"
        self._show(self.index)
        return self.analysis

    def _shared_review(self, *, made: bool = True) -> Review | bool | None:
        """The table's review of the seat when the board's would be the same (the table's budget and
        seed): with ``made``, the one made already (None before); without, whether one is shared."""
        session = self._session
        shared = (session is not None and session.state is self._table_game and session.state.is_over
                  and self.budget is None and self.seed == session.state.setup.seed)
        if not made:
            return shared
        return session.reviewed(self.seat) if shared else None

    def show_everyone(self) -> None:
        """Once the game is over: every player's accuracy, reviewing the other players' decisions."""
        if self.analysis is None or not self.over:
            return
        lines = []
        self.progress.layout.display = ""
        for seat in range(self.states[0].players):
            def advanced(done: int, of: int, seat=seat) -> None:
                self.progress.max, self.progress.value = max(of, 1), done
                self.status.value = f"Reviewing {self._who(seat)}'s decisions: {done} of {of}".replace("you's", "your")

            self.status.value = f"Reviewing {self._who(seat)}'s decisions…".replace("you's", "your")
            lines.append(self.analysis.review_of(seat, progress=advanced).headline(self._who(seat)))
        self.progress.layout.display = "none"
        self.status.value = "Analysed."
        self.accuracy.value = lines_html(lines)
        self.everyone.disabled = True

    # ---------------------------------------------------------------- stepping

    def go(self, index: int) -> None:
        """Show the position after move ``index`` (0: the start), within the game."""
        index = min(max(int(index), 0), len(self.states) - 1)
        if index != self.index or self.moves.value != index:
            self._show(index)

    def _graph_clicked(self, name: str) -> None:
        match = re.fullmatch(r"position (\d+)", name)
        if match:
            self.go(int(match.group(1)))

    def _show(self, index: int) -> None:
        self.index = index
        state = self.states[index]
        before = self.states[index - 1] if index else None
        self.picture.svg = self._picture(index)
        self.picture.title = "The game " + ("at its start" if index == 0 else f"after move {index}")
        self.picture.words = self._words(index)
        last = [name for name in self.view.last_marks(before, state) if name in _parts(self.picture.svg)] if before else []
        self.picture.last = last
        self.marks_key.value = marks_key_html(["last"] if last else [])
        self.view_label.value = (
            "<div style='color:#8a4b00'><b>Teaching view: all hands shown</b> (the game is over; never shown "
            "during play)</div>" if self.over else
            "<div>As you saw it (the game is not over: the other hands stay hidden)</div>")
        self.back.disabled = self.first.disabled = index == 0
        self.forward.disabled = self.last.disabled = index == len(self.states) - 1
        if self.moves.value != index:
            self.moves.value = index
        self.caption.value = self._caption(index)
        self._show_graph()
        self._show_expert()

    def _words(self, index: int) -> list[str]:
        """The picture of position ``index`` in words: what the seat saw then, and, once the game is
        over (the teaching view), every other hand too."""
        state = self.states[index]
        lines = list(table_words(state.observation(self.seat)))
        if self.over:
            for other in range(state.players):
                if other != self.seat:
                    hand = state.observation(other)["hand"]
                    lines.append(f"Player {other}'s hand, shown now the game is over: "
                                 + (", ".join(card_words(card) for card in hand) or "none") + ".")
        return lines

    def _picture(self, index: int) -> str:
        if index not in self._pictures:
            state = self.states[index]
            before = self.states[index - 1] if index else None
            self._pictures[index] = self.view.picture(state, None if self.over else self.seat, before).svg()
        return self._pictures[index]

    def _label(self, label: str) -> str:
        """A label of the chances as the board says it: "you" for the seat's own."""
        return "you" if label == f"player {self.seat}" else label

    def _who(self, player: int) -> str:
        """A player as the board names him: "you", or "player N" as the table does."""
        return "you" if player == self.seat else f"player {player}"

    def _move_options(self) -> list[tuple[str, int]]:
        options = [("start", 0)]
        moves = self.analysis.moves if self.analysis is not None else None
        for number, (before, after) in enumerate(zip(self.states, self.states[1:]), start=1):
            player = before.current_player
            if moves is not None:
                entry = moves[number - 1]
                words, decision = entry.words, entry.decision
            else:
                words = (move_words(self.spec.name, after.history[-1]) if self.over or player == self.seat else
                         " ".join(after.log[len(before.log):]) or f"player {player} moved")
                decision = None
            head = f"{number}. {self._who(player)}"
            if decision is not None:
                head += f" (decision {decision.number} of {decision.of})"
            options.append((f"{head}: {words}{f' ({decision.mark})' if decision is not None and decision.mark else ''}",
                            number))
        return options

    def _caption(self, index: int) -> str:
        if index == 0:
            return "<div class='plateau-caption'>The start of the game.</div>"
        before, after = self.states[index - 1], self.states[index]
        player = before.current_player
        parts = [f"<b>Move {index}</b>: {html.escape(self._who(player))}"]
        entry = self.analysis.moves[index - 1] if self.analysis is not None else None
        if entry is not None:
            parts.append(f": {html.escape(entry.words)}")
            if entry.decision is not None:
                parts.append(f"<div>{html.escape(entry.decision.sentence)}</div>")
        if self.over or player == self.seat:
            said = after.log[len(before.log):]
            parts.append(lines_html([in_second_person(line, self.seat) for line in said]))
        return "<div class='plateau-caption'>" + "".join(parts) + "</div>"

    def _show_graph(self) -> None:
        if self.analysis is None:
            self.graph.svg = ""
            self.graph_note.value = "<i>The chances appear once the game is analysed.</i>"
            return
        if self._graph is None or self._graph.analysis is not self.analysis:
            self._graph = GraphDrawing(self.analysis)
            self.graph.legal = [f"position {index}" for index in range(len(self.states))]
            self.graph.labels = {f"position {index}": "go to the start" if index == 0 else f"go to move {index}"
                                 for index in range(len(self.states))}
        self.graph.svg = self._graph.svg(self.index)
        chances = self.analysis.chances[self.index]
        how = ("worked out from every hand as it lay, the game being over, by playing on at random many times"
               if self.analysis.full_view else
               "as you could see the game, the cards you could not see dealt at random")
        now = ("" if chances is None else " Here: " + ", ".join(
            f"{self._label(label)} {chance_words(chance, short=True)}" for label, chance in
            zip(chances.labels, chances.chances)) + ".")
        self.graph_note.value = (f"<div style='font-size:13px'>Chances after each move, {html.escape(_question(self.analysis.chances))} "
                                 f"({how}); click the graph to go to a move.{html.escape(now)}</div>")

    def _show_expert(self) -> None:
        """The expert's view of the move shown (move ``index``: the position before it, as its
        player saw the game), never of the move after it."""
        index = self.index
        self.ask.layout.display = "none"
        if self.analysis is None or index == 0:
            self.expert.value = ("" if self.analysis is None else
                                 "<i>Step to a move to see what the expert thought of it.</i>")
            return
        entry = self.analysis.moves[index - 1]
        if entry.decision is not None:
            decision = entry.decision
            self.expert.value = self._analysis_html(
                decision.analysis, f"Move {index}, your decision {decision.number} of {decision.of} "
                                   f"({decision.where}): the expert's view of every legal move there, as you saw "
                                   "the game", decision.played)
            return
        if index in self._asked:
            self.expert.value = self._analysis_html(self._asked[index], f"Move {index}: the expert's view of every "
                                                    f"legal move there, as {self._who(entry.player)} saw the game",
                                                    entry.action)
            return
        choice = len(entry.before.legal_actions()) >= 2
        allowed = choice and (self.over or entry.player == self.seat)
        self.expert.value = ("" if allowed else "<i>That move was the only legal one.</i>" if not choice else
                             "<i>The expert looks at the other players' moves once the game is over.</i>")
        self.ask.layout.display = "" if allowed else "none"

    def _analysis_html(self, found: Analysis, head: str, played: Any) -> str:
        lines = [move.reason + ("  (the move played)" if played is not None and move.action == played else "")
                 for move in found.moves]
        return f"<div><b>{html.escape(head)}</b>{lines_html(lines)}</div>"

    def ask_expert(self) -> None:
        """The expert's view of every legal move of the move shown (another player's only once the
        game is over), read from the game's one analysis of that position."""
        if self.analysis is None or self.index == 0:
            return
        self.status.value = "The expert is looking at this move…"
        self._asked[self.index] = self.analysis.ask_expert(self.index - 1)
        self.status.value = "Analysed."
        self._show_expert()

    # ---------------------------------------------------------------- learn from your mistakes

    def start_puzzles(self) -> None:
        """Learn from your mistakes: the costliest marked decisions, one at a time, the board hidden."""
        if not self.puzzles:
            return
        self.board_box.layout.display = "none"
        self.puzzle_box.layout.display = ""
        self.show_puzzle(0)

    def leave_puzzles(self) -> None:
        self.puzzle_box.layout.display = "none"
        self.board_box.layout.display = ""

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.puzzle_index]

    def show_puzzle(self, index: int) -> None:
        """Show puzzle ``index`` (counted from 0; past the last, the first again)."""
        self.puzzle_index = index % len(self.puzzles)
        puzzle = self.puzzle
        self.picked = ()
        self.puzzle_title.value = (f"<b>Learn from your mistakes: puzzle {self.puzzle_index + 1} of "
                                   f"{len(self.puzzles)}</b> (the table as you saw it then)")
        self.puzzle_prompt.value = f"<div>{html.escape(puzzle.prompt())}</div>"
        self.puzzle_picture.svg = self.view.picture(puzzle.position, self.seat, puzzle.before).svg()
        self.puzzle_picture.title = f"Puzzle {self.puzzle_index + 1}: the table as you saw it then"
        self.puzzle_picture.words = list(table_words(puzzle.position.observation(self.seat)))
        self.puzzle_picture.hinted = []
        self.verdict.value = ""
        self.answer.value = ""
        self.show_answer.disabled = False
        self.next_puzzle.disabled = len(self.puzzles) < 2
        self._puzzle_targets()

    def _clicks(self) -> Clicks:
        """The click machine of the puzzle's position, with the parts picked so far."""
        return Clicks.of(self.puzzle.position.legal_actions(), self.view.clicks, self.picked)

    def _puzzle_targets(self) -> None:
        clicks = self._clicks()
        self.puzzle_picture.legal = clicks.targets()
        position = self.puzzle.position
        self.puzzle_picture.labels = target_labels(position.legal_actions(), self.view.clicks,
                                                   lambda action: move_words(self.spec.name, action),
                                                   position.observation(self.seat)["hand"], self.picked)
        self.puzzle_picture.marked = list(self.picked)
        self.puzzle_buttons.children = [self._try_button(action) for action in clicks.buttons()]

    def _try_button(self, action) -> widgets.Button:
        button = widgets.Button(description=move_words(self.spec.name, action), layout=widgets.Layout(width="auto"))
        button.on_click(lambda _: self.try_move(action))
        return button

    def puzzle_click(self, name: str) -> None:
        """A click on the puzzle's picture: the next part of a move, or a move to try."""
        step = self._clicks().click(name)
        self.picked = step.picked
        if step.kind == "move":
            self.try_move(step.move)
            return
        if step.kind == "no move":
            self.verdict.value = "<div style='color:#b00020'>That is not a move here: click a highlighted part.</div>"
            self.puzzle_picture.say("That is not a move here: choose a highlighted part.")
        self._puzzle_targets()

    def try_move(self, action) -> None:
        """Try ``action`` in the puzzle: the verdict, and why."""
        verdict = self.puzzle.attempt(action)
        colour = "#188038" if verdict.found else "#1d3d6b"
        self.puzzle_picture.say(f"{move_words(self.spec.name, action)}: {verdict.text}")
        self.verdict.value = (f"<div style='color:{colour}'><b>{html.escape(move_words(self.spec.name, action))}</b>: "
                              f"{html.escape(verdict.text)}</div>")
        self._puzzle_targets()

    def reveal(self) -> None:
        """Show the answer: the expert's choice and why, marked on the picture."""
        puzzle = self.puzzle
        self.answer.value = f"<div><b>{html.escape(puzzle.answer())}</b></div>"
        self.puzzle_picture.say(puzzle.answer())
        self.puzzle_picture.hinted = [name for name in self.view.clicks(puzzle.analysis.best.action)
                                      if name in _parts(self.puzzle_picture.svg)]
        self.show_answer.disabled = True
