"""A learner's side of a shared table: a websocket client of the service, for a kernel's event loop.

The play table's widget (in a learner's kernel) sits on a :class:`TableClient`: it asks (open a
table, join, move, click…), awaits the answer, and is told of every new view of its seat through
``on_view`` while it waits for the others. It runs on the event loop already running (a Jupyter
kernel's), and holds no widget::

    client = TableClient(os.environ["PLATEAU_CLASSROOM_URL"], on_view=show)
    await client.connect()
    seated = await client.join("BCDFG", "Ann")       # {"type": "seated", "seat": 1, "token": ..., "view": {...}}
    answer = await client.click("card 7H")           # {"type": "view", ...} or {"type": "refused", "reason": ...}

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
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tornado.websocket import WebSocketClientConnection

__all__ = ["ANSWER_TIMEOUT", "TableClient"]

#: How long to wait for the service's answer, in seconds, before giving up (TimeoutError).
ANSWER_TIMEOUT = 30.0


class TableClient:
    """A connection to the shared tables' service at ``url`` (``ws://host:port/tables``);
    ``on_view(view)`` is called with each view of the seat the service pushes (a move elsewhere at
    the table, a bot's move, a countdown), ``on_lesson(lesson)`` with each position the teacher sends."""

    def __init__(self, url: str, *, on_view: Callable[[dict[str, Any]], Any] | None = None,
                 on_lesson: Callable[[dict[str, Any]], Any] | None = None, timeout: float = ANSWER_TIMEOUT):
        if not isinstance(url, str) or not url.startswith(("ws://", "wss://")):
            raise ValueError(f"the service's address starts with ws:// or wss://, not {url!r}")
        self.url, self.on_view, self.on_lesson, self.timeout = url, on_view, on_lesson, timeout
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self._connection: WebSocketClientConnection | None = None
        self._waiting: dict[int, asyncio.Future] = {}
        self._ids = itertools.count(1)
        self._reader: asyncio.Task | None = None

    async def connect(self) -> None:
        """Connect to the service (ConnectionError, OSError or TimeoutError when it cannot be reached)."""
        # Imported only to connect: the static site's Python has no tornado, and its pages import
        # this module (through the lesson cell and the shared table) with no service to connect to.
        from tornado.websocket import websocket_connect

        self._connection = await asyncio.wait_for(websocket_connect(self.url), self.timeout)
        self._reader = asyncio.ensure_future(self._read())

    async def close(self) -> None:
        """Close the connection (the service starts the seat's countdown)."""
        if self._connection is not None:
            self._connection.close()
        if self._reader is not None:
            await asyncio.wait([self._reader], timeout=self.timeout)

    @property
    def connected(self) -> bool:
        return self._connection is not None and self._reader is not None and not self._reader.done()

    # ---------------------------------------------------------------- asking

    async def open(self, game: str, players: int, name: str, options: Mapping[str, Any] | None = None) -> dict:
        """Open a table of ``game`` for ``players`` (rule ``options``); the learner ``name`` sits at seat 0."""
        return self._seated(await self.ask({"type": "open", "game": game, "players": players,
                                            "options": dict(options or {}), "name": name}))

    async def join(self, code: str, name: str) -> dict:
        """Sit at a free seat of table ``code``."""
        return self._seated(await self.ask({"type": "join", "code": code, "name": name}))

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
        return await self.ask({"type": "leave", "code": self._code(), "token": self.token})

    async def watch(self, code: str) -> dict:
        """Follow table ``code`` as an onlooker (every hand face down)."""
        return await self.ask({"type": "watch", "code": code})

    async def answer(self, learner: str, notebook: str, exercise: str, answer: str, correct: bool) -> dict:
        """Keep an exercise's answer for the teacher."""
        return await self.ask({"type": "answer", "learner": learner, "notebook": notebook, "exercise": exercise,
                               "answer": answer, "correct": correct})

    async def listen(self, learner: str) -> dict:
        """Follow the positions the teacher sends the class, as ``learner``; the answer is the
        position on the board now (a ``lesson``, also given to ``on_lesson``) or ``listening``."""
        answer = await self.ask({"type": "listen", "learner": learner})
        if answer.get("type") == "lesson" and self.on_lesson is not None:
            self.on_lesson(answer)
        return answer

    async def choose(self, lesson: int, action: str) -> dict:
        """Choose ``action`` (a move's text) in lesson ``lesson``; choosing again replaces it."""
        return await self.ask({"type": "lesson_choice", "lesson": lesson, "action": action})

    async def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message`` with a fresh ``id`` and wait for the service's answer to it."""
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

    async def _read(self) -> None:
        try:
            while True:
                raw = await self._connection.read_message()
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
        finally:
            for waiting in self._waiting.values():
                if not waiting.done():
                    waiting.set_exception(ConnectionError(f"the shared tables at {self.url} closed the connection"))

    def _seated(self, answer: dict[str, Any]) -> dict[str, Any]:
        if answer.get("type") == "seated":
            self.code, self.seat, self.token = answer["code"], answer["seat"], answer["token"]
        return answer

    def _code(self) -> str:
        if self.code is None or self.token is None:
            raise ValueError("open, join or rejoin a table first")
        return self.code
