"""The shared tables' service: a small tornado web server with one websocket per learner's page.

``python -m plateau_lab.classroom --port 8867 --database classroom/shared_tables.sqlite`` runs it;
``make classroom`` starts it beside Voilà (``classroom/voila.py``), and the learners' kernels find
it in the environment variable ``PLATEAU_CLASSROOM_URL`` (``ws://127.0.0.1:8867/tables``).

Each client connects to ``/tables`` and sends the JSON messages of
:mod:`plateau_lab.classroom.protocol`. A move is stored (committed to the database) before
anything is answered; then every page connected to a seat of that table is sent that seat's own
view (``{"type": "view", "view": ...}``: :meth:`SharedTables.view`), the mover's as the answer to
its message. Bots move one every ``bot_delay`` seconds, so that learners can follow them; a page
that closes starts its seat's countdown, and a bot takes the seat when it runs out.

Why a service of its own, launched with Voilà, rather than a server extension inside Voilà:

* it lives outside every learner's kernel and outside Voilà's process, so a kernel that is
  restarted or culled, or a Voilà that is restarted, takes no table with it;
* all tables share one event loop and one database connection: one writer, moves in one order;
* it is started, killed and restarted on its own (a restart replays every table from the
  database), and it is tested alone, without Voilà, a browser or a kernel;
* Voilà's server extensions are Jupyter server extensions, loaded only when Voilà runs as one
  (``jupyter server`` with ``voila.server_extension``), not by the ``voila`` command a class uses.

The teacher's page: at start the service prints ``Teacher's view: http://<host>:<port>/teacher?token=...``
(a fresh secret each start, or ``--teacher-token``); ``/teacher`` answers 403 without it. The page
(plain HTML and a little JavaScript, :mod:`~plateau_lab.classroom.teacher_page`) follows the class
through the websocket ``/teacher/ws?token=...``: it is sent the class at a glance
(:func:`~plateau_lab.classroom.teacher.class_at_a_glance`) whenever something changed (at most
every half second), sends a position to every learner page that sent ``listen``, and asks for
the expert's view, worked out in a thread beside the event loop so the tables keep playing.

The service stops by itself when the process that started it (``--parent``, Voilà) is gone, so a
Voilà killed without a goodbye leaves no service behind.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.ioloop import PeriodicCallback
from tornado.netutil import bind_sockets

from .protocol import (MAX_MESSAGE_BYTES, MAX_TEACHER_MESSAGE_BYTES, TEACHER_MESSAGE_TYPES, Outcome, parse, refusal,
                       respond)
from .store import Store
from .tables import GRACE_SECONDS, Refused, Seating, SharedTables
from .teacher import Lessons, class_at_a_glance, expert_view, new_teacher_token, read_position, token_matches
from .teacher_page import TEACHER_PAGE

__all__ = ["BOT_DELAY", "DEFAULT_PORT", "Service", "TableSocket", "TeacherPage", "TeacherSocket", "main", "make_app"]

#: The port the service listens on when none is given (Voilà's classroom port is 8866).
DEFAULT_PORT = 8867
#: The pause before each bot move, in seconds.
BOT_DELAY = 0.6
log = logging.getLogger("plateau_lab.classroom")


class Service:
    """The tables and the pages connected to them; pushes each page its seat's view after a change.

    >>> service = Service(SharedTables(Store(":memory:")), bot_delay=0)
    >>> len(service.tables.codes()), service.connections
    (0, {})
    """

    def __init__(self, tables: SharedTables, *, bot_delay: float = BOT_DELAY, teacher_token: str | None = None):
        self.tables = tables
        self.bot_delay = bot_delay
        #: The pages following each table: page -> its seat (None for an onlooker).
        self.connections: dict[str, dict[TableSocket, int | None]] = {}
        self._bots_due: dict[str, asyncio.TimerHandle] = {}
        #: The secret of the teacher's page, the teacher's pages open, the positions sent to the class
        #: and the learner pages following them (page -> the learner's name).
        self.teacher_token = teacher_token or new_teacher_token()
        self.teachers: set[TeacherSocket] = set()
        self.listeners: dict[TableSocket, str] = {}
        #: Kept in the tables' database: a restarted service has the lesson on the board and its choices.
        self.lessons = Lessons(tables.store, names=self.listeners)
        self._class_changed = True

    def start(self) -> None:
        """Bots carry on at every table (after a restart), and the countdowns are looked at every second."""
        for code in self.tables.codes():
            self.schedule_bots(code)
        self._ticker = PeriodicCallback(self.tick, 1000)
        self._ticker.start()
        self._teacher_ticker = PeriodicCallback(self.tell_teachers, 500)
        self._teacher_ticker.start()

    def handle(self, page: TableSocket, raw: str | bytes) -> dict[str, Any]:
        """Carry out a page's message; the answer to send it. Every other page of a table that
        changed is sent its seat's view."""
        outcome: Outcome = respond(self.tables, raw, self.lessons, page)
        if outcome.answer.get("type") != "refused":
            self._class_changed = True
        if outcome.listening is not None:
            self.listeners[page] = outcome.listening
        if outcome.seating is not None:
            self.follow(page, outcome.seating.code, outcome.seating.seat, outcome.seating)
        elif outcome.watching is not None:
            self.follow(page, outcome.watching, None, None)
        elif outcome.left is not None:
            self.connections.get(outcome.left.code, {}).pop(page, None)
            page.seatings.discard(outcome.left)
        if outcome.changed is not None:
            self.push(outcome.changed, but=page)
            self.schedule_bots(outcome.changed)
        return outcome.answer

    def follow(self, page: TableSocket, code: str, seat: int | None, seating: Seating | None) -> None:
        self.connections.setdefault(code, {})[page] = seat
        if seating is not None:
            page.seatings.add(seating)

    def closed(self, page: TableSocket) -> None:
        """A page went away: its seats start their countdowns, unless another page holds them too."""
        for seating in page.seatings:
            followers = self.connections.get(seating.code, {})
            followers.pop(page, None)
            if seating.seat not in followers.values():
                self.tables.leave(seating.code, seating.token)
                self.push(seating.code)
        for followers in self.connections.values():
            followers.pop(page, None)
        page.seatings.clear()
        if page in self.listeners:
            self.lessons.forget(page)           # before the page's name is forgotten: a learner's other page keeps the choice
            del self.listeners[page]
        self._class_changed = True

    def push(self, code: str, *, but: TableSocket | None = None) -> None:
        """Send every page at table ``code`` (but ``but``) its seat's view."""
        self._class_changed = True
        views: dict[int | None, dict[str, Any]] = {}
        for page, seat in list(self.connections.get(code, {}).items()):
            if page is but:
                continue
            if seat not in views:
                views[seat] = {"type": "view", "view": self.tables.view(code, seat)}
            page.send(views[seat])

    def schedule_bots(self, code: str) -> None:
        """If a bot is to move at ``code``, make its move in ``bot_delay`` seconds (once)."""
        if code in self._bots_due or not self.tables.bot_to_move(code):
            return
        self._bots_due[code] = asyncio.get_running_loop().call_later(self.bot_delay, self._bot_moves, code)

    def _bot_moves(self, code: str) -> None:
        self._bots_due.pop(code, None)
        try:
            moved = self.tables.play_bot(code)
        except Exception:               # a bug in a bot must not stop the other tables
            log.exception("the bot at table %s could not move", code)
            return
        if moved:
            self.push(code)
            self.schedule_bots(code)

    def tick(self) -> None:
        """Every second: the countdowns go down, and a bot takes a seat whose countdown ran out."""
        for code in self.tables.tick():
            self.push(code)
            self.schedule_bots(code)


    # ---------------------------------------------------------------- the teacher's page

    def class_at_a_glance(self) -> dict[str, Any]:
        """What the teacher's page shows now (see :func:`~plateau_lab.classroom.teacher.class_at_a_glance`)."""
        connected = {code: {seat for seat in followers.values() if seat is not None}
                     for code, followers in self.connections.items()}
        return class_at_a_glance(self.tables, connected, list(self.listeners.values()), self.lessons)

    def tell_teachers(self, *, now: bool = False) -> None:
        """Send every teacher's page the class at a glance, if something changed since (or ``now``)."""
        if not self.teachers or not (self._class_changed or now):
            return
        self._class_changed = False
        glance = self.class_at_a_glance()
        for teacher in list(self.teachers):
            teacher.send(glance)

    def handle_teacher(self, raw: str | bytes) -> dict[str, Any]:
        """Carry out a message of the teacher's page; the answer to send it (a refusal changes nothing)."""
        message_id = None
        try:
            message = parse(raw, TEACHER_MESSAGE_TYPES, MAX_TEACHER_MESSAGE_BYTES)
            message_id = message.get("id")
            if message["type"] == "send_position":
                answer = self.send_position(message["game"], message["position"])
            else:
                answer = self.reveal(message["lesson"])
        except Refused as refused:
            return refusal(refused, message_id)
        if message_id is not None:
            answer["id"] = message_id
        return answer

    def send_position(self, game: str, text: str) -> dict[str, Any]:
        """Read the position (Refused with where and what) and send it to every learner page that listens."""
        lesson = self.lessons.send(read_position(game, text))
        for page in list(self.listeners):
            page.send(lesson.message)
        self.tell_teachers(now=True)
        return {"type": "sent", "lesson": lesson.number, "learners": len(self.listeners)}

    def reveal(self, number: int) -> dict[str, Any]:
        """Work out the expert's view of lesson ``number`` in a thread; the teacher's pages get it when done."""
        lesson = self.lessons.current
        if lesson is None or lesson.number != number:
            raise Refused("That position is no longer the class's: reveal the one sent last.")
        if lesson.expert is None and not lesson.thinking:
            lesson.thinking = True
            work = asyncio.get_running_loop().run_in_executor(None, functools.partial(expert_view, lesson.state))
            work.add_done_callback(functools.partial(self._revealed, lesson))
            self.tell_teachers(now=True)
        return {"type": "revealing", "lesson": number}

    def _revealed(self, lesson, work: asyncio.Future) -> None:
        lesson.thinking = False
        if work.exception() is not None:
            log.error("the expert could not look at lesson %s", lesson.number, exc_info=work.exception())
            lesson.expert = [{"action": action, "reason": "The expert could not look at this position (see the "
                                                          "service's log).", "mean": None, "chance": None}
                             for action in lesson.legal]
        else:
            lesson.expert = work.result()
        self.tell_teachers(now=True)


class TableSocket(tornado.websocket.WebSocketHandler):
    """One learner's page (or kernel): its messages in, its answers and views out."""

    def initialize(self, service: Service) -> None:
        self.service = service
        self.seatings: set[Seating] = set()

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE_BYTES + 1024      # a learner's messages are small (the teacher's may be larger)

    def check_origin(self, origin: str) -> bool:
        # Learners' kernels and pages on the class's network connect from other origins; every
        # request is authorised by a seat's token, never by a cookie, so no origin needs refusing.
        return True

    def on_message(self, message: str | bytes) -> None:
        try:
            answer = self.service.handle(self, message)
        except Exception:      # a bug must not close the page's connection nor stop the other tables
            log.exception("a message could not be handled")
            answer = {"type": "refused", "reason": "The shared tables could not do that (an error, written in the "
                                                   "service's log)."}
        self.send(answer)

    def on_close(self) -> None:
        self.service.closed(self)

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(message)
        except tornado.websocket.WebSocketClosedError:
            pass


class TeacherPage(tornado.web.RequestHandler):
    """``/teacher?token=...``: the teacher's page; 403 with a sentence without the right token."""

    def initialize(self, service: Service) -> None:
        self.service = service

    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.set_header("Referrer-Policy", "no-referrer")
        if not token_matches(self.get_query_argument("token", None), self.service.teacher_token):
            self.set_status(403)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish("403: this page is the teacher's. Open it with the address the classroom server printed "
                        "when it started (it ends in ?token=...).\n")
            return
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(TEACHER_PAGE)


class TeacherSocket(tornado.websocket.WebSocketHandler):
    """The teacher's page's connection: the class at a glance out, positions and reveals in."""

    def initialize(self, service: Service) -> None:
        self.service = service

    def check_origin(self, origin: str) -> bool:
        return True       # authorised by the token in the address, never by a cookie

    async def get(self, *args, **kwargs):
        if not token_matches(self.get_query_argument("token", None), self.service.teacher_token):
            self.set_status(403)
            self.finish("403: the teacher's connection needs the teacher's token.")
            return
        await super().get(*args, **kwargs)

    def open(self) -> None:
        self.service.teachers.add(self)
        self.send(self.service.class_at_a_glance())

    def on_message(self, message: str | bytes) -> None:
        try:
            answer = self.service.handle_teacher(message)
        except Exception:
            log.exception("a message of the teacher's page could not be handled")
            answer = {"type": "refused", "reason": "The service could not do that (an error, written in its log)."}
        self.send(answer)

    def on_close(self) -> None:
        self.service.teachers.discard(self)

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(message)
        except tornado.websocket.WebSocketClosedError:
            pass


def make_app(service: Service) -> tornado.web.Application:
    """The web application: the learners' websocket at ``/tables``, the teacher's page at
    ``/teacher`` and its websocket at ``/teacher/ws``."""
    handlers = [(r"/tables", TableSocket, {"service": service}),
                (r"/teacher", TeacherPage, {"service": service}),
                (r"/teacher/ws", TeacherSocket, {"service": service})]
    return tornado.web.Application(handlers, websocket_max_message_size=MAX_TEACHER_MESSAGE_BYTES + 1024,
                                   log_function=_log_request)


def _log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's request log line without the address's query, which holds the teacher's token."""
    status = handler.get_status()
    level = logging.INFO if status < 400 else logging.WARNING
    logging.getLogger("tornado.access").log(level, "%d %s %s (%s) %.1fms", status, handler.request.method,
                                            handler.request.path, handler.request.remote_ip,
                                            1000.0 * handler.request.request_time())


async def serve(port: int, database: Path, *, grace: float, bot_delay: float, parent: int | None,
                address: str, teacher_token: str | None = None) -> None:
    service = Service(SharedTables(Store(database), grace=grace), bot_delay=bot_delay, teacher_token=teacher_token)
    service.start()
    sockets = bind_sockets(port, address=address)
    server = HTTPServer(make_app(service))
    server.add_sockets(sockets)
    actual = sockets[0].getsockname()[1]
    host = address if address not in ('', '0.0.0.0') else '127.0.0.1'
    print(f"Shared tables: ws://{host}:{actual}/tables "
          f"({len(service.tables.codes())} tables from {database})", flush=True)
    print(f"Teacher's view: http://{host}:{actual}/teacher?token={service.teacher_token}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    if parent is not None:
        PeriodicCallback(lambda: None if _alive(parent) else stop.set(), 2000).start()
    await stop.wait()
    server.stop()
    service.tables.store.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def main(argv: list[str] | None = None) -> None:
    """``python -m plateau_lab.classroom``: run the service until stopped (Ctrl-C or SIGTERM)."""
    parser = argparse.ArgumentParser(prog="python -m plateau_lab.classroom", description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (0: any free one, printed)")
    parser.add_argument("--address", default="0.0.0.0", help="the address to listen on (all by default)")
    parser.add_argument("--database", type=Path, required=True, help="the SQLite file of the tables")
    parser.add_argument("--grace", type=float, default=GRACE_SECONDS,
                        help="seconds a learner who left keeps the seat before a bot takes it")
    parser.add_argument("--bot-delay", type=float, default=BOT_DELAY, help="seconds before each bot move")
    parser.add_argument("--parent", type=int, default=None, help="stop when this process is gone")
    parser.add_argument("--teacher-token", default=None,
                        help="the secret of the teacher's page (default: a fresh one, printed at start)")
    arguments = parser.parse_args(argv)
    if not 0 <= arguments.port < 65536:
        parser.error(f"--port is from 0 to 65535, not {arguments.port}")
    if arguments.teacher_token is not None and len(arguments.teacher_token) < 20:
        parser.error("--teacher-token is a secret of at least 20 characters")
    if not 0 <= arguments.bot_delay <= 10:
        parser.error(f"--bot-delay is from 0 to 10 seconds, not {arguments.bot_delay}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s shared tables: %(message)s")
    arguments.database.parent.mkdir(parents=True, exist_ok=True)
    try:
        asyncio.run(serve(arguments.port, arguments.database, grace=arguments.grace, bot_delay=arguments.bot_delay,
                          parent=arguments.parent, address=arguments.address,
                          teacher_token=arguments.teacher_token))
    except ValueError as err:       # a bad --grace
        sys.exit(f"python -m plateau_lab.classroom: {err}")
