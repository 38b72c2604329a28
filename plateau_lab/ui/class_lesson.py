"""The class's lesson cell: the position the teacher sends, chosen by a click, and exercise answers kept for the teacher.

A learner puts ``ClassLesson()`` in a notebook opened from the classroom server (``make
classroom``, which sets ``PLATEAU_CLASSROOM_URL`` for the kernels). The learner types their name
once and presses *Join the class*; the cell says "Waiting for your teacher's position…" until the
teacher sends one from the teacher's page, then shows it as the player to move sees it. The
learner clicks a move (a card, then a second part or a button when the move takes more) and reads
"Your choice: … (you may change it)"; the teacher's page counts the choices live.

The same name goes with every exercise the learner checks in this kernel
(:func:`report_answer`, called by :class:`~plateau_lab.ui.exercises.Exercise`): once the learner
joined here, or from the start when the environment variable ``PLATEAU_LEARNER`` holds a name.
Answers checked before the name is known wait for it (the most recent 200). Which notebook an
answer belongs to is ``PLATEAU_NOTEBOOK`` if set, else the notebook's file name as Voilà or
JupyterLab give it.

Joining the class gives the name a key (:mod:`plateau_lab.classroom.learners`): the page keeps it in
the browser's storage (:class:`LearnerKeys`, so a reload finds it) and this kernel's connections
show it whenever they speak as that learner; another page typing the same name is told the name
is taken. The connection comes back by itself when the classroom server restarts (joining, listening
and choosing again: :class:`~plateau_lab.classroom.client.TableClient`), and the cell shows the
teacher's position of the moment without a click.

Without ``PLATEAU_CLASSROOM_URL`` nothing is sent, nothing waits, and the cell says why in a sentence::

    >>> lesson = ClassLesson(url=None)
    >>> print(lesson.message.value)   # doctest: +ELLIPSIS
    <p ...>This cell follows the positions your teacher sends, on the classroom server; this notebook was not opened from it, so there is nothing to follow here.</p>
    >>> report_answer("Exercise 1", "4", True, url=None)     # no server: nothing happens
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from ..classroom.client import TableClient
from .clickable import ClickablePicture

__all__ = ["KEYS", "LEARNER_VARIABLE", "NOTEBOOK_VARIABLE", "SERVICE_VARIABLE", "ClassLesson", "LearnerKeys", "LessonBoard",
           "report_answer"]

#: The environment variable holding the service's address (``make classroom`` sets it for the kernels).
SERVICE_VARIABLE = "PLATEAU_CLASSROOM_URL"
#: A learner's name given in advance (otherwise typed once in the lesson cell).
LEARNER_VARIABLE = "PLATEAU_LEARNER"
#: The notebook's name for the teacher's page (otherwise the file name Voilà or JupyterLab give).
NOTEBOOK_VARIABLE = "PLATEAU_NOTEBOOK"
#: How long to wait for the service, in seconds, before saying it cannot be reached.
CONNECT_TIMEOUT = 10.0
#: The exercise answers kept while the learner's name is not known yet.
WAITING_ANSWERS = 200
NOT_FROM_THE_SERVER = ("This cell follows the positions your teacher sends, on the classroom server; this notebook "
                       "was not opened from it, so there is nothing to follow here.")
WAITING = "Waiting for your teacher's position…"
log = logging.getLogger("plateau_lab.ui.class_lesson")
_CONNECTION_PROBLEMS = (ConnectionError, OSError, asyncio.TimeoutError, TimeoutError)


def _html(text: str, *, colour: str = "#1d3d6b") -> str:
    return f"<p style='color:{colour};margin:4px 0'>{html.escape(text)}</p>"


_KEEP_IN_BROWSER = """
const STORED = "plateau-classroom-keys";
function stored() { try { return JSON.parse(localStorage.getItem(STORED) || "{}"); } catch (e) { return {}; } }
function render({ model, el }) {
  el.style.display = "none";
  const fromBrowser = stored(), fromKernel = model.get("learner_keys") || {};
  const merged = Object.assign({}, fromKernel, fromBrowser);
  if (JSON.stringify(merged) !== JSON.stringify(fromKernel)) { model.set("learner_keys", merged); model.save_changes(); }
  model.on("change:learner_keys", () => {
    try { localStorage.setItem(STORED, JSON.stringify(Object.assign(stored(), model.get("learner_keys")))); } catch (e) {}
  });
  try { localStorage.setItem(STORED, JSON.stringify(merged)); } catch (e) {}
}
export default { render };
"""


class LearnerKeys(anywidget.AnyWidget):
    """The keys the class gave this browser's learners (name -> key), kept in the browser's storage
    (``localStorage``), so that a page reloaded (a new kernel) shows the same key for the same name.
    Invisible; a part of every lesson cell and shared table. ``kept`` is the dict the kernel's
    connections read (updated from the browser and from the service).

    >>> keys = LearnerKeys()
    >>> keys.keep("Ann", "k" * 43); keys.kept["Ann"] == keys.learner_keys["Ann"] == "k" * 43
    True
    """

    _esm = _KEEP_IN_BROWSER
    learner_keys = traitlets.Dict(default_value={}).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.kept: dict[str, str] = {}
        self.observe(lambda change: self.kept.update(change["new"]), "learner_keys")

    def keep(self, name: str, key: str) -> None:
        """The class gave ``name`` the key ``key``: kept here and in the browser."""
        self.kept[name] = key
        self.learner_keys = {**self.learner_keys, name: key}


#: This kernel's learners' keys (one widget, shown in every cell that needs it).
KEYS = LearnerKeys()


class _Classroom:
    """This kernel's link to the classroom server: one connection (made again by itself when lost),
    the learner's name, the answers to send."""

    def __init__(self):
        self.learner: str | None = os.environ.get(LEARNER_VARIABLE) or None
        self.client: TableClient | None = None
        self.waiting: list[tuple[str, str, str, bool]] = []
        self._sending: asyncio.Task | None = None
        self.on_connection: Callable[[str], Any] | None = None

    async def connected(self, url: str, on_lesson=None) -> TableClient:
        if self.client is None or self.client.url != url or not (self.client.connected or self.client.reconnecting):
            client = TableClient(url, on_lesson=on_lesson, timeout=CONNECT_TIMEOUT, keys=KEYS.kept, on_key=KEYS.keep,
                                 on_connection=self._connection_changed)
            await client.connect()
            self.client = client
        if on_lesson is not None:
            self.client.on_lesson = on_lesson
        return self.client

    def _connection_changed(self, text: str) -> None:
        if self.on_connection is not None:
            self.on_connection(text)
        if not text and self.client is not None:       # back: the answers kept meanwhile go now
            self.send_answers(self.client.url)

    def send_answers(self, url: str) -> None:
        """Send the answers waiting, on the kernel's loop, once the name is known (never blocks, never raises)."""
        if not self.learner or not self.waiting or (self._sending is not None and not self._sending.done()):
            return
        try:
            self._sending = asyncio.get_running_loop().create_task(self._send(url))
        except RuntimeError:       # no event loop: a script; the answers stay until there is one
            return

    async def _send(self, url: str) -> None:
        try:
            client = await self.connected(url)
            while self.waiting and self.learner:
                notebook, exercise, answer, correct = self.waiting[0]
                await client.answer(self.learner, notebook, exercise, answer, correct)
                self.waiting.pop(0)
        except Exception:           # the check was shown already; the teacher's page misses this answer
            log.info("an exercise answer could not be sent to the classroom server", exc_info=True)


CLASSROOM = _Classroom()


def notebook_name() -> str:
    """The notebook's name as the teacher's page shows it."""
    named = os.environ.get(NOTEBOOK_VARIABLE) or Path(os.environ.get("SCRIPT_NAME", "")).name
    if not named.endswith(".ipynb"):
        try:
            from IPython import get_ipython
            named = Path(str(get_ipython().user_ns.get("__session__", ""))).name
        except Exception:
            named = ""
    return named[:120] if named.endswith(".ipynb") else "a notebook"


def report_answer(exercise: str, answer: str, correct: bool, *, url: str | None = "") -> None:
    """Keep a checked exercise's answer for the teacher (sent on the kernel's event loop; nothing
    at all without the classroom server's address)."""
    url = os.environ.get(SERVICE_VARIABLE, "") if url == "" else url
    if not url:
        return
    try:
        text = " ".join(str(answer).split())[:2000] or "(blank)"
        CLASSROOM.waiting.append((notebook_name(), " ".join(exercise.split())[:120] or "an exercise", text,
                                  bool(correct)))
        del CLASSROOM.waiting[:-WAITING_ANSWERS]
        CLASSROOM.send_answers(url)
    except Exception:               # the learner's check never fails because of the teacher's page
        log.info("an exercise answer could not be kept for the teacher", exc_info=True)


class ClassLesson(widgets.VBox):
    """The lesson cell (see the module docstring); ``url`` the service's address, by default
    ``PLATEAU_CLASSROOM_URL`` (None: no server)."""

    def __init__(self, url: str | None = ""):
        self.url = os.environ.get(SERVICE_VARIABLE, "") if url == "" else (url or "")
        self._pending: set[asyncio.Task] = set()
        self.message = widgets.HTML()
        self.name = widgets.Text(value=CLASSROOM.learner or "", description="Your name:", placeholder="as your teacher knows you",
                                 style={"description_width": "initial"})
        self.join_button = widgets.Button(description="Join the class", button_style="primary")
        self.join_button.on_click(lambda _: self._start(self._join()))
        self.board = LessonBoard(lambda action: self._start(self._choose(action)), self._say)
        self.board.layout.display = "none"
        self.position = self.board
        self.title, self.picture, self.buttons, self.choice = (self.board.title, self.board.picture,
                                                               self.board.buttons, self.board.choice)
        if not self.url:
            self.message.value = _html(NOT_FROM_THE_SERVER, colour="#555")
            super().__init__([self.message])
        else:
            self.message.value = _html("Type your name and press Join the class: your teacher will send a position "
                                       "to choose a move in, and sees the exercises you check.")
            super().__init__([widgets.HBox([self.name, self.join_button]), self.message, self.position, KEYS])
            CLASSROOM.on_connection = self._connection_changed
            if CLASSROOM.learner:
                self._start(self._join())
        self.add_class("plateau-class-lesson")

    @property
    def lesson(self) -> dict[str, Any] | None:
        """The position shown (the teacher's last), None before the first."""
        return self.board.lesson

    @property
    def chosen(self) -> str | None:
        """The move the service counted as this learner's, None before a choice."""
        return self.board.chosen

    # ---------------------------------------------------------------- on the kernel's event loop

    def _start(self, work: Coroutine) -> None:
        try:
            task = asyncio.get_running_loop().create_task(work)
        except RuntimeError:
            work.close()
            self._say("The lesson cell works in a running notebook (Voilà, JupyterLab): no event loop runs here.",
                      error=True)
            return
        self._pending.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task) -> None:
        self._pending.discard(task)
        problem = None if task.cancelled() else task.exception()
        if isinstance(problem, _CONNECTION_PROBLEMS):
            self._say(f"The classroom server cannot be reached at {self.url}: ask your teacher.", error=True)
        elif problem is not None:
            log.error("the lesson cell's request failed", exc_info=problem)
            self._say(f"Something went wrong: {problem}", error=True)

    async def settled(self) -> None:
        """Wait until every request started by a click has its answer (for tests and scripts)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def _join(self) -> None:
        name = " ".join(self.name.value.split())
        if not name:
            self._say("Type your name first.", error=True)
            return
        client = await CLASSROOM.connected(self.url, on_lesson=self._show)
        answer = await client.listen(name)
        if answer.get("type") == "refused":
            self._say(answer["reason"], error=True)
            return
        CLASSROOM.learner = name
        self.name.disabled = self.join_button.disabled = True
        self.join_button.description = f"Joined as {name}"
        if answer.get("type") != "lesson":
            self._say(WAITING)
        CLASSROOM.send_answers(self.url)

    async def _choose(self, action: str) -> None:
        client = await CLASSROOM.connected(self.url, on_lesson=self._show)
        answer = await client.choose(self.lesson["lesson"], action)
        if answer.get("type") == "refused":
            self._say(answer["reason"], error=True)
            return
        self.board.chosen_as(action)

    # ---------------------------------------------------------------- the position

    def _connection_changed(self, text: str) -> None:
        """Lost (``text`` says so) or back (``""``: the position of the moment is shown again)."""
        if text:
            self._say(text, error=True)
        elif self.lesson is None:
            self._say(WAITING)
        else:
            self._say("")

    def _show(self, lesson: dict[str, Any]) -> None:
        """A position from the teacher: shown as the seat to move sees it; nothing chosen yet (the
        same position sent again after a reconnection keeps the choice shown)."""
        if self.lesson is not None and self.lesson["lesson"] == lesson["lesson"]:
            return
        self._say("")
        self.board.show(lesson, f"Your teacher's position: {lesson['game']}")
        self.board.layout.display = ""

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message.value = _html(text, colour="#b00020" if error else "#1d3d6b") if text else ""


class LessonBoard(widgets.VBox):
    """A position the teacher sent, drawn as the seat to move sees it, its moves chosen by clicks:
    the part both :class:`ClassLesson` and :class:`~plateau_lab.ui.shared_table.SharedTable` show.

    ``choose(action)`` is called with a move once the learner's clicks (or a button) complete it;
    ``say(text)`` with a hint to show ("Now click the next part…"), "" to clear it. After the
    service said yes, :meth:`chosen_as` shows "Your choice: …".

    >>> from plateau_lab.classroom.teacher import lesson_for_learners, read_position
    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> choices, hints = [], []
    >>> board = LessonBoard(choices.append, hints.append)
    >>> board.show(lesson_for_learners(read_position("syndicate", EXAMPLE_SCENARIO), 1), "Your teacher's position")
    >>> board.picture.click("card Castle"); [button.description for button in board.buttons.children]
    ['lead Castle with no face-down card']
    >>> board.buttons.children[0].click(); choices
    ['lead Castle']
    >>> board.chosen_as("lead Castle"); "Your choice: <b>lead Castle with no face-down card</b>" in board.choice.value
    True
    """

    def __init__(self, choose: Callable[[str], Any], say: Callable[[str], Any]):
        self.choose, self.say = choose, say
        self.lesson: dict[str, Any] | None = None
        self.picked: tuple[str, ...] = ()
        self.chosen: str | None = None
        self.title = widgets.HTML()
        self.picture = ClickablePicture()
        self.picture.on_click(self._clicked)
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.choice = widgets.HTML()
        super().__init__([self.title, self.picture, self.buttons, self.choice])
        self.add_class("plateau-lesson-board")

    def show(self, lesson: dict[str, Any], heading: str) -> None:
        """Show ``lesson`` (a ``lesson`` message of the service) under ``heading``; nothing chosen yet."""
        self.lesson, self.picked, self.chosen = lesson, (), None
        self.title.value = f"<h4 style='margin:6px 0'>{html.escape(heading)}</h4>" + _html(lesson["prompt"])
        self.picture.svg = lesson["picture"]
        self.choice.value = ""
        self._offer()

    def chosen_as(self, action: str) -> None:
        """The service counted ``action``: say so (the learner may still change it)."""
        self.chosen = action
        if not self.picked:
            self.picture.marked = next(move["clicks"] for move in self.lesson["moves"] if move["action"] == action)
        words = next(move["words"] for move in self.lesson["moves"] if move["action"] == action)
        self.choice.value = (f"<p class='plateau-lesson-choice' style='font-size:1.1em;margin:6px 0'>Your choice: "
                             f"<b>{html.escape(words)}</b> (you may change it)</p>")

    def _offer(self) -> None:
        """Light the parts to click next and make a button for each move the clicks so far complete."""
        depth = len(self.picked)
        moves = self.lesson["moves"]
        self.picture.legal = sorted({move["clicks"][depth] for move in moves
                                     if len(move["clicks"]) > depth and tuple(move["clicks"][:depth]) == self.picked})
        self.picture.marked = list(self.picked)
        if self.picked:
            self.say("Now click the next part of your move (or the picked one again to put it back)"
                     + (", or press a button." if any(tuple(move["clicks"]) == self.picked for move in moves) else "."))
        else:
            self.say("")
        buttons = []
        for move in moves:
            if tuple(move["clicks"]) == self.picked:
                button = widgets.Button(description=move["words"], tooltip=move["words"],
                                        layout=widgets.Layout(width="auto"))
                button.on_click(lambda _, action=move["action"]: self._press(action))
                buttons.append(button)
        self.buttons.children = buttons

    def _press(self, action: str) -> None:
        """A move's button: chosen, and the clicks start afresh."""
        self.picked = ()
        self._offer()
        self.say("")
        self.choose(action)

    def _clicked(self, target: str) -> None:
        if self.lesson is None:
            return
        if target in self.picked:
            self.picked = ()
            self._offer()
            return
        clicks = self.picked + (target,)
        moves = self.lesson["moves"]
        complete = [move["action"] for move in moves if tuple(move["clicks"]) == clicks]
        longer = any(len(move["clicks"]) > len(clicks) and tuple(move["clicks"][:len(clicks)]) == clicks
                     for move in moves)
        if longer:
            self.picked = clicks
            self._offer()
        elif complete:
            self.picked = ()
            self._offer()
            self.choose(complete[0])
