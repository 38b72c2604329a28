"""A learner's side of a shared table: a websocket client of the service, for a kernel's event loop.

The play table's widget (in a learner's kernel) sits on a :class:`TableClient`: it asks (open a
table, join, move, click…), awaits the answer, and is told of every new view of its seat through
``on_view`` while it waits for the others. It runs on the event loop already running (a Jupyter
kernel's), and holds no widget::

    client = TableClient(os.environ["PLATEAU_CLASSROOM_URL"], on_view=show)
    await client.connect()
    seated = await client.join("BCDFGHJ", "Ann")     # {"type": "seated", "seat": 1, "token": ..., "view": {...}}
    answer = await client.click("card 7H")           # {"type": "view", ...} or {"type": "refused", "reason": ...}

**A name belongs to its learner.** Before it first speaks as "Ann" (opens, joins, answers or
listens), the client joins the class as Ann (``hello``) with the key the class gave Ann, found in
``keys`` (a dict: name -> key, which the page keeps across a reload), and keeps the key it is given
there (``on_key(name, key)`` is told). Another page without Ann's key is refused: the name is taken.

A learner following the teacher's positions says so once (:meth:`TableClient.listen`), is told of
each position through ``on_lesson`` (the ``lesson`` message of
:func:`~plateau_lab.classroom.teacher.lesson_for_learners`) and answers with
:meth:`TableClient.choose` (again to change their mind: the last choice counts)::

    client = TableClient(url, on_lesson=show_position)
    await client.connect()
    await client.listen("Ann")
    await client.choose(lesson["lesson"], "lead Diplomat")     # {"type": "chosen", ...} or a refusal

After :meth:`TableClient.open`, :meth:`~TableClient.join` or :meth:`~TableClient.rejoin` the client
remembers the table's code and the seat's token (``client.code``, ``client.token``): keep the
token to come back to the seat after closing the page.

**Reconnecting.** When the connection is lost (the service crashed and is being restarted), the
client connects again by itself, waiting RETRY_FIRST seconds, then twice as long each time up to
RETRY_LONGEST (with a little randomness, so a class does not knock all at once); back, it joins
the class again under its name, sits back at its seat (the answer, the seat's view as it stands,
goes to ``on_view``: every move made meanwhile shows), listens again and repeats its lesson choice
(a new position goes to ``on_lesson``). ``on_connection(text)`` is told, in a learner's words,
when the connection is lost and when it is back (``""``). A question asked meanwhile waits for the
connection (up to ``timeout``). :meth:`close` ends it for good.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tornado.websocket import WebSocketClientConnection

__all__ = ["ANSWER_TIMEOUT", "LOST", "RETRY_FIRST", "RETRY_LONGEST", "TableClient", "retry_waits"]

#: How long to wait for the service's answer, in seconds, before giving up (TimeoutError).
ANSWER_TIMEOUT = 30.0
#: The first wait before connecting again, and the longest, in seconds.
RETRY_FIRST, RETRY_LONGEST = 0.25, 5.0
#: What a learner reads while the connection is being made again.
LOST = ("The connection to the shared tables was lost (the classroom server is starting again): connecting "
        "again by itself…")


def retry_waits(rng: random.Random | None = None):
    """The waits before each new try: RETRY_FIRST, then twice as long each time up to RETRY_LONGEST,
    each drawn between 3/4 and 5/4 of that (so that a class's pages do not knock all at once).

    >>> waits = retry_waits(random.Random(1))
    >>> [round(next(waits), 2) for _ in range(7)]
    [0.2, 0.59, 1.13, 1.76, 3.99, 4.87, 5.38]
    """
    rng = rng or random.Random()
    wait = RETRY_FIRST
    while True:
        yield wait * rng.uniform(0.75, 1.25)
        wait = min(RETRY_LONGEST, wait * 2)


class TableClient:
    """A connection to the shared tables' service at ``url`` (``ws://host:port/tables``);
    ``on_view(view)`` is called with each view of the seat the service pushes (a move elsewhere at
    the table, a bot's move, a countdown), ``on_lesson(lesson)`` with each position the teacher
    sends, ``on_key(name, key)`` with the key the class gives a name, ``on_connection(text)`` when
    the connection is lost and back (see the module docstring), ``on_freed(reason)`` when the
    teacher frees the seat or ends the table (the client forgets the seat); ``keys`` are the keys
    kept so far."""

    def __init__(self, url: str, *, on_view: Callable[[dict[str, Any]], Any] | None = None,
                 on_lesson: Callable[[dict[str, Any]], Any] | None = None, timeout: float = ANSWER_TIMEOUT,
                 keys: Mapping[str, str] | None = None, on_key: Callable[[str, str], Any] | None = None,
                 on_connection: Callable[[str], Any] | None = None, reconnect: bool = True,
                 on_freed: Callable[[str], Any] | None = None):
        if not isinstance(url, str) or not url.startswith(("ws://", "wss://")):
            raise ValueError(f"the service's address starts with ws:// or wss://, not {url!r}")
        self.url, self.on_view, self.on_lesson, self.timeout = url, on_view, on_lesson, timeout
        self.on_key, self.on_connection, self.reconnect, self.on_freed = on_key, on_connection, reconnect, on_freed
        self.keys: dict[str, str] = keys if isinstance(keys, dict) else dict(keys or {})   # a dict given is shared
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        #: The name the client joined the class as, the name it listens as, its last lesson choice.
        self.learner: str | None = None
        self.listening: str | None = None
        self.choice: tuple[int, str] | None = None
        #: How many times the connection was made again.
        self.reconnections = 0
        self._connection: WebSocketClientConnection | None = None
        self._waiting: dict[int, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._reader: asyncio.Task | None = None
        self._closing = False
        self._back: asyncio.Event | None = None

    async def connect(self) -> None:
        """Connect to the service (ConnectionError, OSError or TimeoutError when it cannot be reached)."""
        # Imported only to connect: the static site's Python has no tornado, and its pages import
        # this module (through the lesson cell and the shared table) with no service to connect to.
        from tornado.websocket import websocket_connect

        self._connection = await asyncio.wait_for(websocket_connect(self.url), self.timeout)
        self._reader = asyncio.ensure_future(self._read(self._connection))

    async def close(self) -> None:
        """Close the connection for good (the service starts the seat's countdown)."""
        self._closing = True
        if self._connection is not None:
            self._connection.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=self.timeout)

    @property
    def connected(self) -> bool:
        return self._connection is not None and self._reader is not None and not self._reader.done()

    @property
    def reconnecting(self) -> bool:
        """Whether the connection was lost and is being made again."""
        return self._back is not None and not self._back.is_set()

    # ---------------------------------------------------------------- asking

    async def hello(self, name: str) -> dict:
        """Join the class as ``name`` with its kept key (a new name is given one: kept in ``keys``)."""
        answer = await self.ask({"type": "hello", "learner": name, "key": self.keys.get(name, "")})
        if answer.get("type") == "welcome":
            self.learner = answer["learner"]
            if self.keys.get(self.learner) != answer["key"]:
                self.keys[self.learner] = answer["key"]
                if self.on_key is not None:
                    self.on_key(self.learner, answer["key"])
        return answer

    async def _as(self, name: str, message: dict[str, Any]) -> dict:
        """Ask ``message`` as the learner ``name`` (joining the class as them first)."""
        if isinstance(name, str) and name.strip() and self.learner != name.strip():
            welcome = await self.hello(name.strip())
            if welcome.get("type") != "welcome":
                return welcome
        return await self.ask(message)

    async def open(self, game: str, players: int, name: str, options: Mapping[str, Any] | None = None) -> dict:
        """Open a table of ``game`` for ``players`` (rule ``options``); the learner ``name`` sits at seat 0."""
        return self._seated(await self._as(name, {"type": "open", "game": game, "players": players,
                                                  "options": dict(options or {}), "name": name}))

    async def join(self, code: str, name: str) -> dict:
        """Sit at a free seat of table ``code``."""
        return self._seated(await self._as(name, {"type": "join", "code": code, "name": name}))

    async def rejoin(self, code: str, token: str) -> dict:
        """Come back to the seat whose token is ``token``."""
        return self._seated(await self.ask({"type": "rejoin", "code": code, "token": token}))

    async def move(self, action: str) -> dict:
        """Play a move (its text) at the seat: the answer is the new view, or a refusal."""
        return await self.ask({"type": "move", "code": self._code(), "token": self.token, "action": action})

    async def click(self, target: str) -> dict:
        """Click a part of the picture (one of the view's ``targets``)."""
        return await self.ask({"type": "click", "code": self._code(), "token": self.token, "target": target})

    async def leave(self) -> dict:
        """Leave the seat (a bot takes it after the countdown)."""
        answer = await self.ask({"type": "leave", "code": self._code(), "token": self.token})
        if answer.get("type") == "left":
            self.code = self.seat = self.token = None
        return answer

    async def watch(self, code: str) -> dict:
        """Follow table ``code`` as an onlooker (every hand face down)."""
        return await self.ask({"type": "watch", "code": code})

    async def answer(self, learner: str, notebook: str, exercise: str, answer: str, correct: bool) -> dict:
        """Keep an exercise's answer for the teacher (in place of the learner's answer before to it)."""
        return await self._as(learner, {"type": "answer", "learner": learner, "notebook": notebook,
                                        "exercise": exercise, "answer": answer, "correct": correct})

    async def listen(self, learner: str) -> dict:
        """Follow the positions the teacher sends the class, as ``learner``; the answer is the
        position on the board now (a ``lesson``, also given to ``on_lesson``) or ``listening``."""
        answer = await self._as(learner, {"type": "listen", "learner": learner})
        if answer.get("type") in ("lesson", "listening"):
            self.listening = learner
        if answer.get("type") == "lesson" and self.on_lesson is not None:
            self.on_lesson(answer)
        return answer

    async def choose(self, lesson: int, action: str) -> dict:
        """Choose ``action`` (a move's text) in lesson ``lesson``; choosing again replaces it."""
        answer = await self.ask({"type": "lesson_choice", "lesson": lesson, "action": action})
        if answer.get("type") == "chosen":
            self.choice = (lesson, action)
        return answer

    async def games(self) -> dict:
        """The games the service plays (``{"type": "games", "games": [...]}``, see
        :func:`~plateau_lab.classroom.offered.offered_games`)."""
        return await self.ask({"type": "games"})

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` with a fresh ``id`` and wait for the service's answer to it (while the
        connection is being made again, first wait for it)."""
        if not self.connected and self.reconnecting:
            await asyncio.wait_for(self._back.wait(), self.timeout)
        if not self.connected:
            raise ConnectionError(f"not connected to the shared tables at {self.url}")
        number = next(self._ids)
        answer = asyncio.get_running_loop().create_future()
        self._waiting[number] = answer
        try:
            await self._connection.write_message(json.dumps({**message, "id": number}))
            return await asyncio.wait_for(answer, self.timeout)
        finally:
            self._waiting.pop(number, None)

    # ---------------------------------------------------------------- hearing

    async def _read(self, connection) -> None:
        try:
            while True:
                raw = await connection.read_message()
                if raw is None:
                    break
                message = json.loads(raw)
                number = message.pop("id", None)
                waiting = self._waiting.get(number) if number is not None else None
                if waiting is not None:
                    if not waiting.done():
                        waiting.set_result(message)
                elif message.get("type") == "view" and self.on_view is not None:
                    self.on_view(message["view"])
                elif message.get("type") == "lesson" and self.on_lesson is not None:
                    self.on_lesson(message)
                elif message.get("type") == "freed" and message.get("code") == self.code:
                    self.code = self.seat = self.token = None        # the teacher freed the seat, or ended the table
                    if self.on_freed is not None:
                        self.on_freed(message["reason"])
        finally:
            for waiting in self._waiting.values():
                if not waiting.done():
                    waiting.set_exception(ConnectionError(f"the shared tables at {self.url} closed the connection"))
            if self.reconnect and not self._closing and connection is self._connection:
                self._back = asyncio.Event()
                asyncio.ensure_future(self._come_back(self._back))

    async def _come_back(self, back: asyncio.Event) -> None:
        """Connect again with growing waits, then join, sit, listen and choose again as before."""
        self._tell(LOST)
        for wait in retry_waits():
            await asyncio.sleep(wait)
            if self._closing:
                return
            try:
                await self.connect()
            except (ConnectionError, OSError, asyncio.TimeoutError):
                continue
            break
        self.reconnections += 1
        learner, self.learner = self.learner, None
        try:                            # back at the seat before a question waiting meanwhile is asked
            if learner is not None:
                await self.hello(learner)
            if self.code is not None and self.token is not None:
                answer = await self.rejoin(self.code, self.token)
                if answer.get("type") == "seated" and self.on_view is not None:
                    self.on_view(answer["view"])
            if self.listening is not None:
                lesson = await self.listen(self.listening)
                if self.choice is not None and lesson.get("lesson") == self.choice[0]:
                    await self.choose(*self.choice)
        except (ConnectionError, OSError, asyncio.TimeoutError):
            return                      # lost again: the reader comes back once more
        finally:
            back.set()
        self._tell("")

    def _tell(self, text: str) -> None:
        if self.on_connection is not None:
            self.on_connection(text)

    def _seated(self, answer: dict[str, Any]) -> dict[str, Any]:
        if answer.get("type") == "seated":
            self.code, self.seat, self.token = answer["code"], answer["seat"], answer["token"]
        return answer

    def _code(self) -> str:
        if self.code is None or self.token is None:
            raise ValueError("open, join or rejoin a table first")
        return self.code
