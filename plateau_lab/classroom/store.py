"""Where the shared tables are kept: an SQLite database (Python's own ``sqlite3``), in one file.

Every shared table is its setup (game, players, rule options, the number its deal is shuffled
from) and the moves played at it, in order; its seats say who sits where. A table is never stored
as a picture or a state: it is rebuilt by replaying its moves through the game's engine, so a
stored table is always one the rules allow. The exercise answers are kept here too, for the
teacher's page.

>>> store = Store(":memory:")
>>> store.add_table(TableRecord("BCDFG", "syndicate", 3, {}, 7, 0.0), ["hash0", None, None], ["Ann", None, None])
>>> store.add_move("BCDFG", 0, "lead Battle", 0)
>>> [move.action for move in store.moves("BCDFG")], store.tables()[0].game
(['lead Battle'], 'syndicate')

A move is written and committed (``add_move`` returns after the commit) before the service tells
anyone it was made: a server killed at any moment has every move it acknowledged.

Durability: the database runs in WAL mode (``PRAGMA journal_mode=WAL``: a commit appends to the
write-ahead log; readers never block the writer) with ``synchronous=FULL``. With NORMAL, WAL's
commits are safe when the *process* is killed (the log is in the operating system's cache), but the
last commits may be lost when the *machine* loses power or crashes; FULL waits for the disk at
every commit (about a millisecond per move on an SSD; a class makes a few moves a second), so an
acknowledged move survives even that.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["SEAT_STATES", "Answer", "LessonRecord", "MoveRecord", "SeatRecord", "Store", "TableRecord"]

#: A seat's states: ``open`` (a bot plays it; any learner may join it), ``human`` (a learner holds
#: it), ``leaving`` (its learner left or lost the connection ``since`` a moment: a countdown runs),
#: ``bot`` (the countdown ran out: a bot plays it until its learner comes back with the seat's token).
SEAT_STATES = ("open", "human", "leaving", "bot")

SCHEMA = """
CREATE TABLE IF NOT EXISTS shared_tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,          -- the rule options, as JSON
    seed INTEGER NOT NULL,          -- the number the deal is shuffled from
    created REAL NOT NULL           -- seconds since 1970 (UTC)
);
CREATE TABLE IF NOT EXISTS seats (
    table_code TEXT NOT NULL REFERENCES shared_tables(code),
    seat INTEGER NOT NULL,
    token_hash TEXT,                -- SHA-256 of the seat's secret token; NULL for an open seat
    learner TEXT,
    state TEXT NOT NULL CHECK (state IN ('open', 'human', 'leaving', 'bot')),
    since REAL,                     -- when the learner left (state 'leaving' or 'bot')
    PRIMARY KEY (table_code, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_code TEXT NOT NULL REFERENCES shared_tables(code),
    move_index INTEGER NOT NULL,
    action TEXT NOT NULL,           -- the move's text, as the engine reads it back
    seat INTEGER NOT NULL,
    PRIMARY KEY (table_code, move_index)
);
CREATE TABLE IF NOT EXISTS answers (
    learner TEXT NOT NULL,
    notebook TEXT NOT NULL,
    exercise TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    answered REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS lessons (
    number INTEGER PRIMARY KEY,     -- the lesson's number (the newest is the one on the board)
    game TEXT NOT NULL,
    position TEXT NOT NULL,         -- the position, as a saved game (JSON)
    sent REAL NOT NULL              -- seconds since 1970 (UTC)
);
CREATE TABLE IF NOT EXISTS lesson_choices (
    lesson INTEGER NOT NULL REFERENCES lessons(number),
    chooser TEXT NOT NULL,          -- 'learner <name>', or 'page <id>' for a page with no name
    action TEXT NOT NULL,
    chosen REAL NOT NULL,
    PRIMARY KEY (lesson, chooser)
);
"""


@dataclass(frozen=True)
class TableRecord:
    """A shared table's setup: its code, game, players, rule options, deal number and creation time."""

    code: str
    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    created: float


@dataclass(frozen=True)
class SeatRecord:
    """One seat of a table: the hash of its token, its learner's name, its state and since when."""

    seat: int
    token_hash: str | None
    learner: str | None
    state: str
    since: float | None


@dataclass(frozen=True)
class MoveRecord:
    """A move played at a table: its place in the game (from 0), its text and the seat that made it."""

    index: int
    action: str
    seat: int


@dataclass(frozen=True)
class Answer:
    """A learner's answer to a notebook's exercise."""

    learner: str
    notebook: str
    exercise: str
    answer: str
    correct: bool
    answered: float


@dataclass(frozen=True)
class LessonRecord:
    """A position the teacher sent to the class: its number, game, position (a saved game, JSON) and
    when it was sent."""

    number: int
    game: str
    position: str
    sent: float


class Store:
    """The database at ``path`` (created when missing; ``":memory:"`` for a throwaway one).

    Used from one thread (the service's event loop); each method is one transaction, committed
    before it returns.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._db = sqlite3.connect(self.path)
        mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if self.path != ":memory:" and mode.lower() != "wal":
            raise RuntimeError(f"the database {self.path} cannot use WAL mode (it is in {mode} mode)")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        with self._db:
            self._db.executescript(SCHEMA)

    def close(self) -> None:
        self._db.close()

    # ---------------------------------------------------------------- tables and seats

    def add_table(self, table: TableRecord, token_hashes: Sequence[str | None], learners: Sequence[str | None]) -> None:
        """A new table with its seats: a seat with a token hash is a learner's, the others are open."""
        with self._db:
            self._db.execute("INSERT INTO shared_tables VALUES (?, ?, ?, ?, ?, ?)",
                             (table.code, table.game, table.players, json.dumps(dict(table.options), sort_keys=True),
                              table.seed, table.created))
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?, NULL)",
                [(table.code, seat, token, name, "human" if token else "open")
                 for seat, (token, name) in enumerate(zip(token_hashes, learners, strict=True))])

    def set_seat(self, code: str, seat: SeatRecord) -> None:
        """Change a seat (a learner joins, leaves, comes back; a bot takes it)."""
        if seat.state not in SEAT_STATES:
            raise ValueError(f"a seat's state is one of {', '.join(SEAT_STATES)}, not {seat.state!r}")
        with self._db:
            changed = self._db.execute(
                "UPDATE seats SET token_hash = ?, learner = ?, state = ?, since = ? WHERE table_code = ? AND seat = ?",
                (seat.token_hash, seat.learner, seat.state, seat.since, code, seat.seat)).rowcount
        if changed != 1:
            raise KeyError(f"no seat {seat.seat} at table {code}")

    def add_move(self, code: str, index: int, action: str, seat: int) -> None:
        """Store the move ``index`` of a table (committed when this returns). A second move with
        the same index is refused (sqlite3.IntegrityError): two moves cannot both be the game's next."""
        with self._db:
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)", (code, index, action, seat))

    def tables(self) -> list[TableRecord]:
        """Every table, the oldest first."""
        rows = self._db.execute("SELECT code, game, players, options, seed, created FROM shared_tables "
                                "ORDER BY created, code")
        return [TableRecord(code, game, players, json.loads(options), seed, created)
                for code, game, players, options, seed, created in rows]

    def seats(self, code: str) -> list[SeatRecord]:
        """A table's seats, in seat order."""
        rows = self._db.execute("SELECT seat, token_hash, learner, state, since FROM seats WHERE table_code = ? "
                                "ORDER BY seat", (code,))
        return [SeatRecord(*row) for row in rows]

    def moves(self, code: str) -> list[MoveRecord]:
        """A table's moves, in the order they were played."""
        rows = self._db.execute("SELECT move_index, action, seat FROM moves WHERE table_code = ? ORDER BY move_index",
                                (code,))
        return [MoveRecord(*row) for row in rows]

    # ---------------------------------------------------------------- exercise answers

    def add_answer(self, learner: str, notebook: str, exercise: str, answer: str, correct: bool,
                   answered: float | None = None) -> None:
        """Keep a learner's answer to an exercise (for the teacher's page).

        >>> store = Store(":memory:")
        >>> store.add_answer("Ann", "03_coloretto.ipynb", "scoring", "10", True, answered=5.0)
        >>> store.answers(learner="Ann")
        [Answer(learner='Ann', notebook='03_coloretto.ipynb', exercise='scoring', answer='10', correct=True, answered=5.0)]
        """
        with self._db:
            self._db.execute("INSERT INTO answers VALUES (?, ?, ?, ?, ?, ?)",
                             (learner, notebook, exercise, answer, int(bool(correct)),
                              time.time() if answered is None else answered))

    def answers(self, *, learner: str | None = None, notebook: str | None = None) -> list[Answer]:
        """The answers kept, oldest first; only one learner's or one notebook's when named."""
        rows: Iterable[tuple] = self._db.execute(
            "SELECT learner, notebook, exercise, answer, correct, answered FROM answers "
            "WHERE (? IS NULL OR learner = ?) AND (? IS NULL OR notebook = ?) ORDER BY answered, rowid",
            (learner, learner, notebook, notebook))
        return [Answer(learner, notebook_, exercise, answer, bool(correct), answered)
                for learner, notebook_, exercise, answer, correct, answered in rows]

    # ---------------------------------------------------------------- the positions sent to the class

    def add_lesson(self, lesson: LessonRecord) -> None:
        """Keep a position sent to the class (committed when this returns); it is the one on the
        board until a newer one is added.

        >>> store = Store(":memory:")
        >>> store.add_lesson(LessonRecord(1, "syndicate", "{}", 5.0))
        >>> store.set_lesson_choice(1, "learner Ann", "lead Castle", chosen=6.0)
        >>> store.set_lesson_choice(1, "learner Ann", "lead Diplomat", chosen=7.0)     # the last counts
        >>> store.current_lesson(), store.lesson_choices(1)
        (LessonRecord(number=1, game='syndicate', position='{}', sent=5.0), {'learner Ann': 'lead Diplomat'})
        >>> store.forget_lesson_choice(1, "learner Ann"); store.lesson_choices(1)
        {}
        """
        with self._db:
            self._db.execute("INSERT INTO lessons VALUES (?, ?, ?, ?)",
                             (lesson.number, lesson.game, lesson.position, lesson.sent))

    def current_lesson(self) -> LessonRecord | None:
        """The position sent last (None when the teacher has sent none)."""
        row = self._db.execute("SELECT number, game, position, sent FROM lessons ORDER BY number DESC LIMIT 1").fetchone()
        return None if row is None else LessonRecord(*row)

    def set_lesson_choice(self, lesson: int, chooser: str, action: str, chosen: float | None = None) -> None:
        """``chooser`` chose ``action`` in lesson ``lesson``, replacing their choice before (committed when this returns)."""
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO lesson_choices VALUES (?, ?, ?, ?)",
                             (lesson, chooser, action, time.time() if chosen is None else chosen))

    def forget_lesson_choice(self, lesson: int, chooser: str) -> None:
        """``chooser``'s choice in lesson ``lesson`` no longer counts."""
        with self._db:
            self._db.execute("DELETE FROM lesson_choices WHERE lesson = ? AND chooser = ?", (lesson, chooser))

    def lesson_choices(self, lesson: int) -> dict[str, str]:
        """Who chose what in lesson ``lesson`` (chooser -> the move's text), the earliest first."""
        rows = self._db.execute("SELECT chooser, action FROM lesson_choices WHERE lesson = ? ORDER BY chosen, rowid",
                                (lesson,))
        return dict(rows.fetchall())
