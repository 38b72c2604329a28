"""A shared table: learners of a class at one game, each from their own page, bots in the empty seats.

The tables live in the classroom server's service (:mod:`plateau_lab.classroom.service`, started by
``make classroom``); this widget is a learner's seat at one of them. A learner **opens** a table
(a game, how many players, their name) and reads its short code aloud; classmates **join** with the
code and their names; a learner who closed the page **comes back** with the code and their seat's
key. The picture is the one the service draws for this seat alone (only this learner's cards face
up): the learner clicks a lit card, or presses a button for a move that is not a card; a move made
at another seat, or by a bot, shows here as soon as the service says so.

The widget talks to the service with :class:`plateau_lab.classroom.client.TableClient` on the
kernel's event loop (a button's click starts the request, the answer and every view the service
pushes update the widgets from that loop). Without a service (no ``PLATEAU_CLASSROOM_URL``:
JupyterLab alone, the static site) the widget shows only a calm explanation, in a learner's words,
with a line for the teacher, and nothing to click; where nothing listens at the address, a click
says so; nothing hangs::

    >>> table = SharedTable(url=None)
    >>> table.children == (table.message,) and "make classroom" in table.message.value
    True
    >>> table.open_button.click()          # not shown; pressed all the same: the same words, no error
    >>> table.message.value == no_service_html()
    True

With a service running, a test drives it from an event loop as a page does, and awaits
:meth:`SharedTable.settled` for the answers (tests/test_shared_table_widget.py)::

    table = SharedTable(url="ws://127.0.0.1:8867/tables")
    table.name.value = "Ann"
    table.open_button.click()
    await table.settled()
    table.code                              # 'GPWCX': shown in big letters to read aloud

Once connected (seated at a table, or on the start panel after a first button), the widget follows
the positions the teacher sends the class, under the learner's name: when one arrives it shows it
in place of the table ("Your teacher sent a position: choose your move", drawn by
:class:`~plateau_lab.ui.class_lesson.LessonBoard` as in the lesson cell), sends the learner's move
back to the learner as their choice (the teacher's page counts it), and "Back to my table" shows the table again.

When the classroom server restarts, the widget says so and connects again by itself (waiting a
little longer each time); back, it sits the learner at the seat again and shows the table as it
stands: every move made meanwhile, without a click. The learner's name goes with the key the class
gave it, kept by the browser (:class:`~plateau_lab.ui.class_lesson.LearnerKeys`).
"""

from __future__ import annotations

import asyncio
import html
import logging
import os
import re
from collections.abc import Coroutine
from typing import Any

import ipywidgets as widgets

from ..classroom.client import LOST, TableClient
from ..classroom.offered import offered_games, short_options
from ..lab.saved_games import saved_game_rows
from ..lab.stats import share_interval
from .class_lesson import KEYS, LessonBoard
from .clickable import ClickablePicture, words_checkbox
from .session import in_second_person

__all__ = ["CONNECT_TIMEOUT", "ClassGames", "ELSEWHERE", "LESSON_ARRIVED", "LOST", "NO_SERVICE", "SERVICE_VARIABLE", "SharedTable", "code_html",
           "at_the_table", "key_html", "log_html", "no_service_html", "seats_html", "short_options", "starter_verdict", "starter_wins"]

#: The environment variable holding the service's address (``make classroom`` sets it for the kernels).
SERVICE_VARIABLE = "PLATEAU_CLASSROOM_URL"
#: What the teacher reads when the service is not there (or cannot be reached).
NO_SERVICE = "Shared tables need the classroom server (make classroom)."
#: What a learner reads in place of the tables where there is no service.
ELSEWHERE = ("Shared tables are played on your class's server: your teacher starts it and gives you its address. "
             "Here, play at one screen with your classmates instead: on a game's play table, press New game and "
             "choose human for their seats.")
#: How long to wait for the service, in seconds, before saying it cannot be reached.
CONNECT_TIMEOUT = 10.0
#: What a learner reads above a position the teacher sent.
LESSON_ARRIVED = "Your teacher sent a position: choose your move"
#: The log lines shown under the picture: the most recent.
SHOWN_LOG_LINES = 6
#: Another player as a log line names him.
_PLAYER_NUMBER = re.compile(r"\b[Pp]layer (\d+)\b")
log = logging.getLogger("plateau_lab.ui.shared_table")

_CONNECTION_PROBLEMS = (ConnectionError, OSError, asyncio.TimeoutError, TimeoutError)
SHOWN = ""          # a layout's display that shows the widget (not None: see ui/table.py)
HIDDEN = "none"


def _html(text: str, *, colour: str = "#1d3d6b") -> str:
    return f"<div class='plateau-shared-message' style='color:{colour}'>{html.escape(text)}</div>"


def _error_html(text: str) -> str:
    return _html(text, colour="#b00020")


def no_service_html() -> str:
    """What the widget shows where there is no service: where shared tables are played, what to do
    here instead, and a quieter line for the teacher.

    >>> "New game" in no_service_html() and "For your teacher: " + NO_SERVICE in no_service_html()
    True
    """
    return ("<div class='plateau-shared-message plateau-shared-elsewhere' style='color:#333;font-size:14px'>"
            f"<p style='margin:4px 0;line-height:1.4'>{html.escape(ELSEWHERE)}</p>"
            f"<p style='margin:4px 0;line-height:1.4;color:#666;font-size:12px'>For your teacher: {html.escape(NO_SERVICE)}</p></div>")


def code_html(code: str) -> str:
    """The table's code in big letters, with what to do with it.

    >>> "GPWCX" in code_html("GPWCX")
    True
    """
    return ("<div class='plateau-shared-code'><span style='font-size:14px;color:#333'>This table's code: read it "
            "aloud, and your classmates join with it</span><div style='font:700 40px/1.2 monospace;letter-spacing:0.25em;"
            f"color:#1d3d6b'>{html.escape(code)}</div></div>")


def key_html(code: str, key: str) -> str:
    """The code and seat's key a learner notes to come back to the seat after closing the page.

    >>> "your seat's key" in key_html("GPWCX", "abc")
    True
    """
    return ("<div class='plateau-shared-key' style='font-size:13px;color:#333'>To come back to this seat after "
            "closing the page, note the table's code and your seat's key (keep the key to yourself): "
            f"<code style='user-select:all'>{html.escape(code)}</code> "
            f"<code style='user-select:all;word-break:break-all'>{html.escape(key)}</code></div>")


def seats_html(view: dict[str, Any]) -> str:
    """Who sits where, as a small table: each seat's player, who plays it (you, a classmate, a bot,
    or a classmate who left, with the seconds before a bot takes over) and the score.

    >>> view = {"seats": [{"seat": 0, "name": "Ann", "plays": "you", "seconds_left": None},
    ...                   {"seat": 1, "name": "Bob", "plays": "leaving", "seconds_left": 12}], "scores": [3, -1]}
    >>> "a bot takes the seat in 12 s" in seats_html(view), "-1 point<" in seats_html(view)
    (True, True)
    """
    rows = []
    for seat, score in zip(view["seats"], view["scores"]):
        who = {"you": f"{seat['name']} (you)", "learner": seat["name"], "bot": "a bot",
               "leaving": f"{seat['name']}: left, a bot takes the seat in {seat['seconds_left']} s"}[seat["plays"]]
        if seat["plays"] == "bot" and seat["name"] != "a bot":
            who = f"a bot (for {seat['name']})"
        weight = "font-weight:700;" if seat["plays"] == "you" else ""
        rows.append(f"<tr style='{weight}'><td style='padding:1px 10px 1px 0'>player {seat['seat']}</td>"
                    f"<td style='padding:1px 10px 1px 0'>{html.escape(who)}</td>"
                    f"<td style='text-align:right'>{html.escape(str(score))} point{'' if score in (1, -1) else 's'}</td></tr>")
    return f"<table class='plateau-shared-seats' style='font-size:14px'>{''.join(rows)}</table>"


def at_the_table(line: str, view: dict[str, Any]) -> str:
    """A log line as the learner at ``view``'s seat reads it: that player is "you", a classmate is
    called by the name the seats show (with the player's number only when two share a name), a bot
    by its player's number, as the seats show it.

    >>> view = {"seat": 1, "seats": [{"seat": 0, "name": "Ann", "plays": "learner"},
    ...                               {"seat": 1, "name": "Bob", "plays": "you"},
    ...                               {"seat": 2, "name": "a bot", "plays": "bot"}]}
    >>> at_the_table("Player 1 leads red 7; player 0 plays player 2's card.", view)
    "You lead red 7; Ann plays player 2's card."
    """
    seat = view.get("seat")
    said = in_second_person(line, seat) if seat is not None else line
    names = [other["name"] for other in view["seats"]]
    called = {other["seat"]: other["name"] if names.count(other["name"]) == 1 else f"{other['name']} (player {other['seat']})"
              for other in view["seats"] if other["plays"] in ("learner", "leaving")}
    return _PLAYER_NUMBER.sub(lambda match: called.get(int(match.group(1)), match.group(0)), said)


def log_html(lines: list[str], view: dict[str, Any] | None = None) -> str:
    """The table's most recent log lines, the newest last, each as the learner at ``view``'s seat
    reads it (:func:`at_the_table`; as the service sent them without a view).

    >>> log_html(["Player 1 bids 2."]).count("<li")
    1
    """
    shown = "".join(f"<li>{html.escape(line if view is None else at_the_table(line, view))}</li>"
                    for line in lines[-SHOWN_LOG_LINES:])
    return (f"<ul class='plateau-shared-log' style='font-size:13px;color:#333;margin:4px 0;padding-left:18px'>"
            f"{shown}</ul>" if shown else "")


def _new_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines of the log window ``after`` that the window ``before`` did not show: what happened
    since (the service sends the most recent lines only, so the windows overlap).

    >>> _new_lines(["a", "b", "c"], ["b", "c", "d", "e"]), _new_lines([], ["a"]), _new_lines(["a"], ["a"])
    (['d', 'e'], ['a'], [])
    """
    for overlap in range(min(len(before), len(after)), 0, -1):
        if before[len(before) - overlap:] == after[:overlap]:
            return after[overlap:]
    return list(after)


class SharedTable(widgets.VBox):
    """A learner's seat at a table of the classroom server: open, join, or come back; then play.

    ``url`` is the service's address (``ws://…/tables``); by default the environment's
    ``PLATEAU_CLASSROOM_URL``. ``name`` fills in the learner's name. ``code``, ``seat`` and
    ``key`` say where the learner sits (None until seated); ``view`` is the last view shown.
    """

    def __init__(self, url: str | None = "", *, name: str = ""):
        super().__init__()
        self.url = os.environ.get(SERVICE_VARIABLE) if url == "" else url
        self.client: TableClient | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.key: str | None = None
        self.view: dict[str, Any] | None = None
        self._pending: set[asyncio.Task] = set()
        #: The connection that follows the teacher's positions, and the positions shown already.
        self._listening: TableClient | None = None
        self._lessons_shown: set[int] = set()
        self._build(name)
        self.add_class("plateau-shared-table")
        if not self.url:
            self.children = [self.message]
            self.message.value = no_service_html()
        else:
            self._ask_for_games()

    # ---------------------------------------------------------------- the widgets

    def _build(self, name: str) -> None:
        wide = {"description_width": "initial"}
        self.name = widgets.Text(value=name, description="your name", style=wide, placeholder="e.g. Ann")
        #: The games a table may be opened for, by name: the service's once it said them (its class
        #: games too), till then this notebook's.
        self.offered = {game["game"]: game for game in offered_games()}
        self.game = widgets.Dropdown(options=self._titles(), description="game", style=wide)
        self.players = widgets.Dropdown(description="players", style=wide, layout=widgets.Layout(width="140px"))
        self.short = widgets.Checkbox(value=True, description="a short game", indent=False,
                                     layout=widgets.Layout(width="auto", margin="0 12px"))
        self.game.observe(self._game_chosen, "value")
        self._game_chosen()
        self.open_button = widgets.Button(description="Open a table", button_style="primary")
        self.join_code = widgets.Text(description="table's code", style=wide, placeholder="7 letters",
                                      layout=widgets.Layout(width="220px"))
        self.join_button = widgets.Button(description="Join the table", button_style="primary")
        self.back_code = widgets.Text(description="table's code", style=wide, layout=widgets.Layout(width="220px"))
        self.back_key = widgets.Text(description="your seat's key", style=wide, layout=widgets.Layout(width="460px"))
        self.back_button = widgets.Button(description="Come back to my seat", layout=widgets.Layout(width="auto"))
        self.open_button.on_click(lambda _: self._start(self._open()))
        self.join_button.on_click(lambda _: self._start(self._join()))
        self.back_button.on_click(lambda _: self._start(self._come_back()))
        section = "<b style='font-size:14px'>{}</b>"
        self.start_panel = widgets.VBox([
            self.name,
            widgets.HTML(section.format("Open a new table")),
            widgets.HBox([self.game, self.players, self.short, self.open_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HTML(section.format("Join a classmate's table")),
            widgets.HBox([self.join_code, self.join_button], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HTML(section.format("Come back to your seat (after closing the page)")),
            widgets.HBox([self.back_code, self.back_key, self.back_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
        ], layout=widgets.Layout(border="1px solid #ccd", padding="6px 10px", margin="0 0 6px 0"))
        self.message = widgets.HTML()
        self.code_banner = widgets.HTML()
        self.status = widgets.HTML()
        self.seats = widgets.HTML()
        self.picture = ClickablePicture()
        self.picture.on_click(lambda target: self._start(self._click(target)))
        #: Shows the picture's words (the service's, made from this seat's view) on the page too.
        self.words_box = words_checkbox(self.picture)
        self.moves = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.moves.add_class("plateau-shared-moves")
        self.log_lines = widgets.HTML()
        self.key_note = widgets.HTML()
        self.leave_button = widgets.Button(description="Leave the seat", layout=widgets.Layout(width="auto"))
        self.leave_button.on_click(lambda _: self._start(self._leave()))
        self.table_panel = widgets.VBox([
            self.code_banner, self.seats, self.status, self.picture, self.moves, self.words_box, self.log_lines,
            widgets.HBox([self.leave_button]), self.key_note,
        ], layout=widgets.Layout(display=HIDDEN))
        self.lesson_board = LessonBoard(lambda action: self._start(self._choose_in_lesson(action)), self._say)
        self.back_to_table = widgets.Button(description="Back to my table", layout=widgets.Layout(width="auto"))
        self.back_to_table.on_click(lambda _: self._leave_lesson())
        self.lesson_panel = widgets.VBox([
            widgets.HTML(f"<div style='font-size:16px;margin:4px 0'><b>{html.escape(LESSON_ARRIVED)}</b></div>"),
            self.lesson_board, widgets.HBox([self.back_to_table]),
        ], layout=widgets.Layout(display=HIDDEN, border="2px solid #1d3d6b", padding="6px 10px"))
        self.lesson_panel.add_class("plateau-shared-lesson")
        self.children = [self.start_panel, self.message, self.table_panel, self.lesson_panel, KEYS]

    def _titles(self) -> list[tuple[str, str]]:
        return [(game["title"], name) for name, game in self.offered.items()]

    def _game_chosen(self, _change=None) -> None:
        game = self.offered[self.game.value]
        self.players.options = game["players"]
        self.players.value = 3 if 3 in game["players"] else game["default_players"]

    def _offer(self, answer: dict[str, Any]) -> None:
        """List the games the service plays (its answer to ``games``; an older service's refusal
        leaves the list as it is), keeping the learner's choice when the service plays it."""
        if answer.get("type") != "games" or not answer.get("games"):
            return
        chosen, players = self.game.value, self.players.value
        self.offered = {game["game"]: game for game in answer["games"]}
        self.game.options = self._titles()
        if chosen in self.offered:
            self.game.value = chosen
            if players in self.players.options:
                self.players.value = players

    def _ask_for_games(self) -> None:
        """Ask the service which games it plays, on the kernel's event loop (none: nothing to do)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        task = loop.create_task(self._games_of_the_service())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)

    async def _games_of_the_service(self) -> None:
        try:
            await self._client()          # a new connection asks for the games
        except (_NoService, *_CONNECTION_PROBLEMS):
            pass                          # said when the learner clicks, as for every request

    # ---------------------------------------------------------------- requests, on the event loop

    def _start(self, work: Coroutine) -> asyncio.Task | None:
        """Run ``work`` on the kernel's event loop (the widgets change when it is done)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            work.close()
            if self.url:
                self._say("Shared tables work in a running notebook (Voilà, JupyterLab): no event loop is running "
                          "here.", error=True)
            else:
                self.message.value = no_service_html()
            return None
        task = loop.create_task(work)
        self._pending.add(task)
        task.add_done_callback(self._finished)
        return task

    def _finished(self, task: asyncio.Task) -> None:
        self._pending.discard(task)
        if task.cancelled():
            return
        problem = task.exception()
        if isinstance(problem, _CONNECTION_PROBLEMS):
            self._say(f"{NO_SERVICE} It cannot be reached at {self.url}: {_why(problem)}.", error=True)
        elif problem is not None:
            log.error("a shared table's request failed", exc_info=problem)
            self._say(f"Something went wrong: {problem}", error=True)

    async def settled(self) -> None:
        """Wait until every request started by a click has its answer (for tests and scripts)."""
        while self._pending:
            await asyncio.gather(*list(self._pending), return_exceptions=True)

    async def _client(self) -> TableClient:
        """The connection to the service, made when needed (it comes back by itself when lost; one
        that could not come back is made again here, back at the seat)."""
        if not self.url:
            raise _NoService()
        if self.client is not None and (self.client.connected or self.client.reconnecting):
            return self.client
        client = TableClient(self.url, on_view=self._pushed, on_lesson=self._lesson_arrived, timeout=CONNECT_TIMEOUT,
                             keys=KEYS.kept, on_key=KEYS.keep, on_connection=self._connection_changed,
                             on_freed=self._freed)
        await client.connect()
        self.client = client
        self._offer(await client.games())
        if self.code and self.key:
            self._answered(await client.rejoin(self.code, self.key))
        return client

    def _freed(self, reason: str) -> None:
        """The teacher freed the seat or ended the table: back to the start panel, with the reason."""
        self.code = self.seat = self.key = self.view = None
        self.table_panel.layout.display = HIDDEN
        self.start_panel.layout.display = SHOWN
        self._say(reason)

    def _connection_changed(self, text: str) -> None:
        """The connection was lost (``text`` says so) or is back (``""``: the seat's view as it stands
        came with it)."""
        if text:
            self._say(text, error=True)
        elif LOST in self.message.value or html.escape(LOST) in self.message.value:
            self._say("")

    async def _ask(self, question) -> dict[str, Any] | None:
        """Ask the service (``question(client)``), show its answer; None when there is no service."""
        try:
            client = await self._client()
        except _NoService:
            self.message.value = no_service_html()
            return None
        self._say("")
        answer = await question(client)
        self._answered(answer)
        await self._listen(client)
        return answer

    async def _listen(self, client: TableClient) -> None:
        """Follow the teacher's positions on ``client`` under the learner's name (once per connection)."""
        name = self.name.value.strip()
        if not name and self.view is not None and self.seat is not None:
            name = self.view["seats"][self.seat]["name"]
        if self._listening is client or not name:
            return
        answer = await client.listen(name)
        if answer.get("type") != "refused":
            self._listening = client

    def _answered(self, answer: dict[str, Any]) -> None:
        kind = answer.get("type")
        if kind == "refused":
            self._say(answer.get("reason", "The shared tables said no."), error=True)
        elif kind == "seated":
            self._seated(answer)
        elif kind == "view":
            self._show(answer["view"])

    # ---------------------------------------------------------------- what the learner does

    async def _open(self) -> None:
        name = self._name()
        if name is None:
            return
        players = self.players.value
        options = self.offered[self.game.value]["short"][str(players)] if self.short.value else {}
        await self._ask(lambda client: client.open(self.game.value, players, name, options))

    async def _join(self) -> None:
        name, code = self._name(), self.join_code.value.strip().upper()
        if name is None:
            return
        if not code:
            self._say("Write the table's code first (7 letters, from the classmate who opened it).", error=True)
            return
        await self._ask(lambda client: client.join(code, name))

    async def _come_back(self) -> None:
        code, key = self.back_code.value.strip().upper(), self.back_key.value.strip()
        if not code or not key:
            self._say("Write the table's code and your seat's key, as you noted them.", error=True)
            return
        await self._ask(lambda client: client.rejoin(code, key))

    async def _click(self, target: str) -> None:
        if self._seated_or_say():
            await self._ask(lambda client: client.click(target))

    async def _move(self, action: str) -> None:
        if self._seated_or_say():
            await self._ask(lambda client: client.move(action))

    async def _leave(self) -> None:
        if not self._seated_or_say():
            return
        answer = await self._ask(lambda client: client.leave())
        if answer and answer.get("type") == "left":
            self.back_code.value, self.back_key.value = self.code or "", self.key or ""
            self.code = self.seat = self.view = None
            self.table_panel.layout.display = HIDDEN
            self.start_panel.layout.display = SHOWN
            self._say("You left the seat: a bot takes it after a short countdown. To come back, press "
                      "Come back to my seat (the code and your seat's key are filled in).")

    def _name(self) -> str | None:
        name = self.name.value.strip()
        if not name:
            self._say("Write your name first: it shows at the table.", error=True)
            return None
        return name

    def _seated_or_say(self) -> bool:
        if self.code is None:
            self._say("Open or join a table first.", error=True)
            return False
        return True

    # ---------------------------------------------------------------- what the learner sees

    def _seated(self, answer: dict[str, Any]) -> None:
        self.code, self.seat, self.key = answer["code"], answer["seat"], answer["token"]
        self.view = None
        self.code_banner.value = code_html(self.code)
        self.key_note.value = key_html(self.code, self.key)
        self.start_panel.layout.display = HIDDEN
        self.table_panel.layout.display = HIDDEN if self._in_lesson() else SHOWN
        self._show(answer["view"])

    def _pushed(self, view: dict[str, Any]) -> None:
        """A view the service sent by itself (a move at another seat, a bot's move, a countdown)."""
        if view.get("code") == self.code and view.get("seat") == self.seat:
            self._show(view)

    def _show(self, view: dict[str, Any]) -> None:
        """Show ``view`` unless a later one is already shown (an answer may arrive after a push)."""
        if self.view is not None and view["moves"] < self.view["moves"]:
            return
        shown, self.view = self.view, view
        with self.hold_sync():
            self.status.value = (f"<div class='plateau-shared-status' style='font-size:16px;margin:4px 0'>"
                                 f"<b>{html.escape(view['game'])}</b> · {html.escape(view['status'])}</div>")
            self.seats.value = seats_html(view)
            self.picture.svg = view["picture"]
            self.picture.title = "The table as you see it"
            self.picture.words = list(view.get("words", ()))      # an older service sends none
            self.picture.labels = dict(view.get("labels", {}))
            self.picture.legal = list(view["targets"])
            self.picture.marked = list(view["picked"])
            self.moves.children = self._move_buttons(view)
            self.log_lines.value = log_html(view["log"], view)
        news = _new_lines(shown["log"] if shown is not None and shown.get("code") == view["code"] else [], view["log"])
        said = [at_the_table(line, view) for line in news] + ([view["status"]] if view["targets"] or view["buttons"]
                                                              or view["over"] else [])
        if news and said:
            self.picture.say(" ".join(said))

    def _move_buttons(self, view: dict[str, Any]) -> list[widgets.Button]:
        buttons = []
        for move in view["buttons"]:
            button = widgets.Button(description=move["words"], tooltip=move["words"],
                                    layout=widgets.Layout(width="auto", min_width="120px"))
            button.on_click(lambda _, action=move["action"]: self._start(self._move(action)))
            buttons.append(button)
        if view["picked"]:
            back = widgets.Button(description="put the card back", layout=widgets.Layout(width="auto"))
            back.on_click(lambda _, target=view["picked"][-1]: self._start(self._click(target)))
            buttons.append(back)
        return buttons

    # ---------------------------------------------------------------- the teacher's positions

    def _lesson_arrived(self, lesson: dict[str, Any]) -> None:
        """A position from the teacher (each shown once: a reconnection is sent it again): in place of the table."""
        if lesson["lesson"] in self._lessons_shown:
            return
        self._lessons_shown.add(lesson["lesson"])
        self._say("")
        self.lesson_board.show(lesson, lesson["game"])
        self.start_panel.layout.display = self.table_panel.layout.display = HIDDEN
        self.lesson_panel.layout.display = SHOWN

    def _in_lesson(self) -> bool:
        return self.lesson_panel.layout.display != HIDDEN

    def _leave_lesson(self) -> None:
        """Back to the table (or to the start panel when not seated)."""
        self.lesson_panel.layout.display = HIDDEN
        (self.table_panel if self.code is not None else self.start_panel).layout.display = SHOWN
        self._say("")

    async def _choose_in_lesson(self, action: str) -> None:
        lesson = self.lesson_board.lesson
        client = await self._client()
        await self._listen(client)
        answer = await client.choose(lesson["lesson"], action)
        if answer.get("type") == "refused":
            self._say(answer.get("reason", "Your teacher's page did not take that choice."), error=True)
        else:
            self.lesson_board.chosen_as(action)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.message.value = "" if not text else _error_html(text) if error else _html(text)
        if text and error and hasattr(self, "picture"):
            self.picture.say(text)


def _why(problem: BaseException) -> str:
    """Why the service could not be reached, in words.

    >>> _why(TimeoutError()), _why(ConnectionRefusedError(111, "Connection refused"))
    ('it did not answer in time', 'nothing answers there')
    """
    if isinstance(problem, TimeoutError):
        return "it did not answer in time"
    if isinstance(problem, ConnectionRefusedError):
        return "nothing answers there"
    return str(problem) or type(problem).__name__


class _NoService(Exception):
    """No service address is known (PLATEAU_CLASSROOM_URL is not set)."""


def starter_wins(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per number of players: the games, the starter's wins (a shared win counts its share), their
    rate with its 95% interval, and the fair rate (1 / players), from saved games' rows
    (:func:`~plateau_lab.lab.saved_games.saved_game_rows`).

    >>> rows = [{"game_index": game, "players": 2, "seat": seat, "starter": 0, "win_share": float(seat == 0)}
    ...         for game in range(3) for seat in range(2)]
    >>> starter_wins(rows)[0]["wins"], starter_wins(rows)[0]["games"], starter_wins(rows)[0]["fair"]
    (3.0, 3, 0.5)
    """
    shown = []
    for players in sorted({row["players"] for row in rows}):
        shares = [row["win_share"] for row in rows if row["players"] == players and row["seat"] == row["starter"]]
        wins, squares = sum(shares), sum(share * share for share in shares)
        low, high = share_interval(wins, squares, len(shares))
        shown.append({"players": players, "games": len(shares), "wins": wins, "rate": wins / len(shares),
                      "low": low, "high": high, "fair": 1 / players})
    return shown


def starter_verdict(line: dict[str, Any]) -> str:
    """What one line of :func:`starter_wins` supports, in a learner's words.

    >>> starter_verdict({"players": 3, "games": 4, "wins": 2.0, "rate": 0.5, "low": 0.15, "high": 0.85, "fair": 1 / 3})
    'In your 4 games of 3 players, the player who started won 2 (50%); a fair share is 33%. Too few games to tell: the true share could be anywhere from 15% to 85%.'
    """
    words = (f"In your {line['games']} game{'s' if line['games'] != 1 else ''} of {line['players']} players, the player "
             f"who started won {line['wins']:g} ({line['rate']:.0%}); a fair share is {line['fair']:.0%}. ")
    if line["low"] > line["fair"]:
        return words + f"The starter won more than a fair share, more than chance explains (at least {line['low']:.0%})."
    if line["high"] < line["fair"]:
        return words + f"The starter won less than a fair share, more than chance explains (at most {line['high']:.0%})."
    return words + (f"Too few games to tell: the true share could be anywhere from {line['low']:.0%} to "
                    f"{line['high']:.0%}." if line["high"] - line["low"] > 0.2 else
                    f"No advantage shows: the true share lies between {line['low']:.0%} and {line['high']:.0%}.")


class ClassGames(widgets.VBox):
    """The class's own games at the shared tables: does the player who starts win more often?

    The teacher downloads the class's finished games from the teacher's view (``class_games.json``);
    a learner (or the teacher) loads that file here, and the cell reads it as the lab reads simulated
    games (:func:`~plateau_lab.lab.saved_games.saved_game_rows`) and says, per number of players, how
    often the starter won against a fair share, and what the number of games supports::

        >>> games = ClassGames()
        >>> "class_games.json" in games.message.value
        True
        >>> games.read(b"[]"); "No finished game" in games.message.value
        True
        >>> games.read(b"{"); "cannot be read" in games.message.value
        True
    """

    def __init__(self):
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Load the class's games",
                                         button_style="primary", layout=widgets.Layout(width="260px"))
        self.upload.observe(self._uploaded, "value")
        self.message = widgets.HTML(_html("Load class_games.json, the class's finished games your teacher downloaded "
                                          "from the teacher's view: this cell asks whether the player who starts wins "
                                          "more often in your class."))
        super().__init__([self.upload, self.message])
        self.add_class("plateau-class-games")

    def _uploaded(self, change) -> None:
        files = change["new"]
        if files:
            self.read(bytes(files[0]["content"]))

    def read(self, content: bytes) -> None:
        """Read the saved games in ``content`` and say what they show."""
        try:
            rows = saved_game_rows(content)
        except (ValueError, TypeError, UnicodeDecodeError) as err:
            self.message.value = _error_html(f"This file cannot be read as the class's games: {err}")
            return
        if not rows:
            self.message.value = _html("No finished game is in this file yet: play some at shared tables first.")
            return
        lines = "".join(f"<li>{html.escape(starter_verdict(line))}</li>" for line in starter_wins(rows))
        games = len({row["game_index"] for row in rows})
        self.message.value = (f"<div class='plateau-shared-message' style='color:#1d3d6b'><p>{games} finished "
                              f"game{'s' if games != 1 else ''} read.</p><ul>{lines}</ul></div>")
