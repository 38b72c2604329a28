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

It listens on this machine only (127.0.0.1) unless ``--address`` says otherwise, and says so. A
learner's page (its kernel) connects with no Origin; a browser's websocket is accepted only from
the class's own pages (``--page-origin``, the service's own address) and refused from any other
site open in the same browser.

Fair shares (:mod:`~plateau_lab.classroom.limits`): a page sends at most MESSAGES_PER_SECOND
messages a second; wrong table codes are slowed; a name is used only by the learner who joined
with it (:mod:`~plateau_lab.classroom.learners`).

Surviving a crash: ``make classroom`` supervises the service (``classroom/voila.py``): it holds the
listening socket and hands it to the service (``--listen-fd``), so the port answers again as soon
as a new service is started after a crash; the database and the teacher's token (in
``<database>.teacher-token``, readable by its owner only) are the class's, so the teacher's
address stays valid. A service that starts finds no page connected: every learner's countdown
starts (:meth:`SharedTables.pages_gone`), and the pages reconnect by themselves. SIGTERM lets the
messages being answered finish and the pages' goodbyes be written before the database closes.

The teacher's page: at start the service prints ``Teacher's view: http://<host>:<port>/teacher?token=...``
(the class's token, or ``--teacher-token``); ``/teacher`` answers 403 without it. The page
(plain HTML and a little JavaScript, :mod:`~plateau_lab.classroom.teacher_page`) follows the class
through the websocket ``/teacher/ws?token=...``: it is sent the class at a glance
(:func:`~plateau_lab.classroom.teacher.class_at_a_glance`, a summary of at most 64 KB whatever the
class did) whenever something changed (at most every half second), ends a table or frees a seat,
downloads the class's finished games (``/teacher/games.json``: saves as ``to_json`` writes them),
sends a position to every learner page that sent ``listen``, and asks for
the expert's view, worked out in a thread beside the event loop so the tables keep playing.

The class's own games (made with :mod:`plateau_lab.kit`): ``--games FILE`` (or ``$CLASSROOM_GAMES``,
which ``make classroom``'s supervisor hands on to every service it starts) names a Python file of
the teacher's that describes and ``define``s them; the service runs it once at the start, before
rebuilding the tables; a learner's page asks which games the service plays (``games``: the package's
and these, :mod:`~plateau_lab.classroom.offered`), lists them, and opens tables of them by name. Pages
never send rules or code (:mod:`~plateau_lab.classroom.class_games` says why).

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
import socket
import sys
from pathlib import Path
from typing import Any

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer
from tornado.ioloop import PeriodicCallback
from tornado.netutil import bind_sockets

from ..core import game_spec, short_text
from .class_games import ClassGamesError, load_class_games
from .learners import LearnerNames
from .limits import MESSAGE_BURST, MESSAGES_PER_SECOND, CodeGuesses, Pace
from .protocol import (MAX_MESSAGE_BYTES, MAX_TEACHER_MESSAGE_BYTES, TEACHER_MESSAGE_TYPES, Outcome, parse, readable_id,
                       refusal, respond)
from .store import DamagedDatabase, Store
from .tables import ABANDON_SECONDS, GRACE_SECONDS, Refused, Seating, SharedTables
from .teacher import (Lessons, class_at_a_glance, expert_view, finished_games, kept_teacher_token, read_position,
                      token_matches)
from .teacher_page import teacher_page

__all__ = ["BOT_DELAY", "CLASS_GAMES_VARIABLE", "DEFAULT_ADDRESS", "DEFAULT_PORT", "FinishedGames", "Service",
           "TableSocket", "TeacherPage", "TeacherSocket", "class_games_from_environment", "main", "make_app"]

#: The port the service listens on when none is given (Voilà's classroom port is 8866).
DEFAULT_PORT = 8867
#: The address it listens on when none is given: this machine only.
DEFAULT_ADDRESS = "127.0.0.1"
#: How long a SIGTERM waits for the pages' goodbyes before the database closes, in seconds: longer
#: than the 5 s tornado gives a page to answer the close before it drops the connection and only then
#: says goodbye for it (at 5 s both, a busy machine wrote those goodbyes to a closed database).
DRAIN_SECONDS = 7.0
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
        self.teacher_token = teacher_token or kept_teacher_token(None)
        self.teachers: set[TeacherSocket] = set()
        self.listeners: dict[TableSocket, str] = {}
        #: Kept in the tables' database: a restarted service has the lesson on the board and its choices.
        self.lessons = Lessons(tables.store, names=self.listeners)
        self.names = LearnerNames(tables.store)
        self.guesses = CodeGuesses()
        self._class_changed = True
        self._answers: dict[str, Any] | None = None
        self.stopping = False

    def start(self) -> None:
        """No page is connected yet: every learner's countdown starts; bots carry on at every table
        (after a restart), and the countdowns are looked at every second."""
        self.tables.pages_gone()
        for code in self.tables.codes():
            self.schedule_bots(code)
        self._ticker = PeriodicCallback(self.tick, 1000)
        self._ticker.start()
        self._teacher_ticker = PeriodicCallback(self.tell_teachers, 500)
        self._teacher_ticker.start()

    def handle(self, page: TableSocket, raw: str | bytes) -> dict[str, Any]:
        """Carry out a page's message; the answer to send it. Every other page of a table that
        changed is sent its seat's view. A page that sends more than MESSAGES_PER_SECOND messages a
        second is refused."""
        if not page.pace.take():
            return refusal(Refused(f"Slow down: a page sends at most {MESSAGES_PER_SECOND} messages a second. Wait "
                                   "a moment and click again."), readable_id(raw))
        outcome: Outcome = respond(self.tables, raw, self.lessons, page, names=self.names, learner=page.learner,
                                   guesses=self.guesses)
        if outcome.answer.get("type") != "refused":
            self._class_changed = True
            if outcome.answer.get("type") == "noted":
                self._answers = None
        if outcome.joined is not None:
            page.learner = outcome.joined
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
        self.guesses.forget(page)
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
        """What the teacher's page shows now (see :func:`~plateau_lab.classroom.teacher.class_at_a_glance`);
        the answers are summed up again only when one came."""
        connected = {code: {seat for seat in followers.values() if seat is not None}
                     for code, followers in self.connections.items()}
        glance = class_at_a_glance(self.tables, connected, list(self.listeners.values()), self.lessons,
                                   answers=self._answers)
        self._answers = glance["answers"]
        return glance

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
            elif message["type"] == "reveal":
                answer = self.reveal(message["lesson"])
            elif message["type"] == "end_table":
                self.tables.end(message["code"])
                answer = {"type": "done", "said": f"Table {message['code']} has ended: its place is free."}
            else:
                self.tables.free_seat(message["code"], message["seat"])
                answer = {"type": "done", "said": f"Player {message['seat']}'s seat at table {message['code']} is "
                                                  "free: a bot plays it until a learner joins."}
            if message["type"] in ("end_table", "free_seat"):
                self.drop_seat_holders(message["code"], message.get("seat"))
                self.push(message["code"])
                self.tell_teachers(now=True)
        except Refused as refused:
            return refusal(refused, message_id)
        if message_id is not None:
            answer["id"] = message_id
        return answer

    def drop_seat_holders(self, code: str, seat: int | None) -> None:
        """The pages holding ``seat`` at table ``code`` (every seat: None) no longer hold it: they
        are told why (``freed``) and follow the table as onlookers."""
        followers = self.connections.get(code, {})
        why = (f"Your teacher ended table {code}." if seat is None else
               f"Your teacher freed your seat at table {code}: a bot plays it now.")
        for page, held in list(followers.items()):
            if held is not None and (seat is None or held == seat):
                followers[page] = None
                page.seatings = {seating for seating in page.seatings if seating.code != code}
                page.send({"type": "freed", "code": code, "reason": why + " Open or join a table to play on."})

    async def stop(self) -> None:
        """Stop after the pages' goodbyes: no new timer, every page closed and its ``closed`` run
        (its countdown written), at most DRAIN_SECONDS; then the database closes."""
        self.stopping = True
        for ticker in (self._ticker, self._teacher_ticker):
            ticker.stop()
        for handle in self._bots_due.values():
            handle.cancel()
        self._bots_due.clear()
        pages = {page for followers in self.connections.values() for page in followers} | set(self.listeners)
        for page in pages | set(self.teachers):
            page.close(1001, "The classroom server is restarting: the page connects again by itself.")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + DRAIN_SECONDS
        while any(not page.gone for page in pages) and loop.time() < deadline:
            await asyncio.sleep(0.02)
        self.tables.store.close()

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


def failed(err: Exception) -> str:
    """A sentence for a message the service failed to carry out (its cause is also logged).

    >>> failed(KeyError("x"))
    "The shared tables could not carry this out (KeyError: 'x'). Try again; if it happens again, tell your teacher what you clicked."
    """
    return (f"The shared tables could not carry this out ({type(err).__name__}: {short_text(str(err)) or 'no detail'})."
            " Try again; if it happens again, tell your teacher what you clicked.")


def allowed_origin(origin: str, host: str, pages: frozenset[str]) -> bool:
    """Whether a browser's websocket from ``origin`` comes from the class's own pages (``pages``) or
    the service's own address (``host``, as the request names it).

    >>> pages = frozenset({"http://192.168.1.5:8866"})
    >>> [allowed_origin(origin, "127.0.0.1:8867", pages) for origin in
    ...  ("http://192.168.1.5:8866", "http://127.0.0.1:8867", "https://evil.example", "null")]
    [True, True, False, False]
    """
    origin = origin.rstrip("/").lower()
    return origin in pages or origin.split("://", 1)[-1] == host.lower()


class TableSocket(tornado.websocket.WebSocketHandler):
    """One learner's page (or kernel): its messages in, its answers and views out."""

    def initialize(self, service: Service, pages: frozenset[str] = frozenset()) -> None:
        self.service, self.pages = service, pages
        self.seatings: set[Seating] = set()
        self.pace = Pace(MESSAGES_PER_SECOND, MESSAGE_BURST)
        #: The name the page joined the class with last (``hello``), every name it joined with, and
        #: whether it has closed.
        self.learner: str | None = None
        self.names: set[str] = set()
        self.gone = False

    @property
    def max_message_size(self) -> int:
        return MAX_MESSAGE_BYTES + 1024      # a learner's messages are small (the teacher's may be larger)

    def check_origin(self, origin: str) -> bool:
        # A learner's kernel sends no Origin (tornado asks only when there is one); a browser's page
        # does, and any site open in the teacher's or a learner's browser could try to speak here.
        return allowed_origin(origin, self.request.host, self.pages)

    def on_message(self, message: str | bytes) -> None:
        if self.service.stopping:
            return
        try:
            answer = self.service.handle(self, message)
        except Exception as err:      # a bug must not close the page's connection nor stop the other tables
            log.exception("a message could not be handled")
            answer = refusal(Refused(failed(err)), readable_id(message))
        self.send(answer)

    def on_close(self) -> None:
        self.gone = True
        try:
            self.service.closed(self)
        except Exception:            # a goodbye that cannot be written must not hide the others
            log.exception("a page's goodbye could not be written")

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
        self.finish(teacher_page())


class TeacherSocket(tornado.websocket.WebSocketHandler):
    """The teacher's page's connection: the class at a glance out, positions and reveals in."""

    def initialize(self, service: Service) -> None:
        self.service = service

    def check_origin(self, origin: str) -> bool:
        # Authorised by the token in the address; a browser's page must still be the service's own
        # (the teacher's page), not another site that learned the address.
        return allowed_origin(origin, self.request.host, frozenset())

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
        except Exception as err:
            log.exception("a message of the teacher's page could not be handled")
            answer = refusal(Refused(failed(err)), readable_id(message))
        self.send(answer)

    def on_close(self) -> None:
        self.gone = True
        self.service.teachers.discard(self)

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(message)
        except tornado.websocket.WebSocketClosedError:
            pass


class FinishedGames(tornado.web.RequestHandler):
    """``/teacher/games.json?token=...``: the class's finished games, a JSON list of saves (as
    ``to_json`` writes them), to read with :func:`plateau_lab.lab.saved_games.saved_game_rows`."""

    def initialize(self, service: Service) -> None:
        self.service = service

    def get(self) -> None:
        if not token_matches(self.get_query_argument("token", None), self.service.teacher_token):
            self.set_status(403)
            self.finish("403: the class's games need the teacher's token.")
            return
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class_games.json"')
        self.finish(finished_games(self.service.tables))


def make_app(service: Service, pages: frozenset[str] = frozenset()) -> tornado.web.Application:
    """The web application: the learners' websocket at ``/tables`` (browsers' only from ``pages``,
    origins such as ``http://192.168.1.5:8866``), the teacher's page at ``/teacher``, its websocket
    at ``/teacher/ws`` and the class's finished games at ``/teacher/games.json``."""
    pages = frozenset(page.rstrip("/").lower() for page in pages)
    handlers = [(r"/tables", TableSocket, {"service": service, "pages": pages}),
                (r"/teacher", TeacherPage, {"service": service}),
                (r"/teacher/ws", TeacherSocket, {"service": service}),
                (r"/teacher/games\.json", FinishedGames, {"service": service})]
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
                address: str, teacher_token: str | None = None, listen_fd: int | None = None,
                pages: frozenset[str] = frozenset(), abandon: float = ABANDON_SECONDS,
                games: tuple[Path, ...] = ()) -> None:
    for name in load_class_games(games):            # before the tables are rebuilt: some may play them
        print(f"The class's game {game_spec(name).title!r} ({name}) can be played at the tables.", flush=True)
    tables = SharedTables(Store(database), grace=grace, abandon=abandon)
    for code, why in tables.set_aside.items():
        print(f"Table {code} is set aside: {why}. The other tables play on.", flush=True)
    token = teacher_token or kept_teacher_token(teacher_token_file(database))
    service = Service(tables, bot_delay=bot_delay, teacher_token=token)
    if listen_fd is not None:           # the supervisor's socket: it listens while a new service starts
        sockets = [socket.socket(fileno=listen_fd)]
        sockets[0].setblocking(False)
    else:
        sockets = bind_sockets(port, address=address)
    server = HTTPServer(make_app(service, pages))
    server.add_sockets(sockets)
    service.start()
    host, actual = sockets[0].getsockname()[:2]
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    print(f"Shared tables: ws://{shown}:{actual}/tables ({len(tables.codes())} tables from {database})", flush=True)
    print("Listening on " + ("this machine only (127.0.0.1): --address 0.0.0.0 lets other machines connect"
                             if host.startswith("127.") else f"{host}: other machines can connect"), flush=True)
    print(f"Teacher's view: http://{shown}:{actual}/teacher?token={service.teacher_token}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signal_number, stop.set)
    if parent is not None:
        PeriodicCallback(lambda: None if _alive(parent) else stop.set(), 2000).start()
    await stop.wait()
    server.stop()
    await service.stop()


#: The environment variable naming the files of class games (see :func:`class_games_from_environment`).
CLASS_GAMES_VARIABLE = "CLASSROOM_GAMES"


def teacher_token_file(database: Path) -> Path:
    """Where the class's teacher token is kept: beside its database.

    >>> teacher_token_file(Path("classroom/shared_tables.sqlite")).name
    'shared_tables.teacher-token'
    """
    return database.with_suffix(".teacher-token")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def backup(argv: list[str]) -> None:
    """``python -m plateau_lab.classroom backup PATH``: a consistent copy of the class's database."""
    parser = argparse.ArgumentParser(prog="python -m plateau_lab.classroom backup",
                                     description="A consistent copy of the shared tables' database (SQLite's online "
                                                 "backup: safe while the class plays; the copy needs no -wal file).")
    parser.add_argument("path", type=Path, help="the copy's file (a new one)")
    parser.add_argument("--database", type=Path, default=Path(os.environ.get("CLASSROOM_DATABASE",
                                                                             "classroom/shared_tables.sqlite")),
                        help="the class's database (default: $CLASSROOM_DATABASE or classroom/shared_tables.sqlite)")
    arguments = parser.parse_args(argv)
    if not arguments.database.is_file():
        sys.exit(f"There is no database at {arguments.database}: give --database the class's .sqlite file.")
    try:
        Store(arguments.database).backup(arguments.path)
    except (DamagedDatabase, FileExistsError, OSError) as err:
        sys.exit(str(err))
    print(f"Copied {arguments.database} (with the moves still in its -wal file) to {arguments.path}.")


def class_games_from_environment() -> tuple[Path, ...]:
    """The files of class games named by ``$CLASSROOM_GAMES`` (separated as in ``$PATH``): how a
    service started by ``make classroom``'s supervisor, again after each restart, gets them.

    >>> os.environ[CLASS_GAMES_VARIABLE] = f"ours.py{os.pathsep}theirs.py"
    >>> class_games_from_environment()
    (PosixPath('ours.py'), PosixPath('theirs.py'))
    >>> del os.environ[CLASS_GAMES_VARIABLE]
    """
    listed = os.environ.get(CLASS_GAMES_VARIABLE, "")
    return tuple(Path(part) for part in listed.split(os.pathsep) if part.strip())


def main(argv: list[str] | None = None) -> None:
    """``python -m plateau_lab.classroom``: run the service until stopped (Ctrl-C or SIGTERM);
    ``python -m plateau_lab.classroom backup PATH``: copy the class's database."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["backup"]:
        backup(argv[1:])
        return
    parser = argparse.ArgumentParser(prog="python -m plateau_lab.classroom", description=__doc__.split("\n")[0],
                                     epilog="python -m plateau_lab.classroom backup PATH copies the database.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (0: any free one, printed)")
    parser.add_argument("--address", default=DEFAULT_ADDRESS,
                        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network)")
    parser.add_argument("--listen-fd", type=int, default=None,
                        help="listen on this inherited socket (the supervisor's) instead of --address and --port")
    parser.add_argument("--page-origin", action="append", default=[],
                        help="a web origin of the class's pages allowed to open the learners' websocket "
                             "(http://host:port; again for more)")
    parser.add_argument("--database", type=Path, required=True, help="the SQLite file of the tables")
    parser.add_argument("--grace", type=float, default=GRACE_SECONDS,
                        help="seconds a learner who left keeps the seat before a bot takes it")
    parser.add_argument("--abandon", type=float, default=ABANDON_SECONDS,
                        help="seconds after which a table whose learners all left ends")
    parser.add_argument("--bot-delay", type=float, default=BOT_DELAY, help="seconds before each bot move")
    parser.add_argument("--parent", type=int, default=None, help="stop when this process is gone")
    parser.add_argument("--games", type=Path, action="append", default=None,
                        help="a Python file of the class's own games, each described with plateau_lab.kit and "
                             "define(...)d: run once at the start, as your own code (again for more files; "
                             f"default: the files ${CLASS_GAMES_VARIABLE} lists, separated by {os.pathsep!r}, as "
                             "make classroom passes them)")
    parser.add_argument("--teacher-token", default=None,
                        help="the secret of the teacher's page (default: the class's, kept beside the database)")
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
                          parent=arguments.parent, address=arguments.address, teacher_token=arguments.teacher_token,
                          listen_fd=arguments.listen_fd, pages=frozenset(arguments.page_origin),
                          abandon=arguments.abandon, games=tuple(arguments.games or class_games_from_environment())))
    except (DamagedDatabase, ClassGamesError) as err:
        sys.exit(str(err))
    except ValueError as err:       # a bad --grace or --abandon
        sys.exit(f"python -m plateau_lab.classroom: {err}")
