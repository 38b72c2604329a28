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

A database that is not one (a damaged file, another program's) is refused with a sentence naming
the file and what to do (:class:`DamagedDatabase`).

A move is written and committed (``add_move`` returns after the commit) before the service tells
anyone it was made: a server killed at any moment has every move it acknowledged.

Durability: the database runs in WAL mode (``PRAGMA journal_mode=WAL``: a commit appends to the
write-ahead log; readers never block the writer) with ``synchronous=FULL``. With NORMAL, WAL's
commits are safe when the *process* is killed (the log is in the operating system's cache), but the
last commits may be lost when the *machine* loses power or crashes; FULL waits for the disk at
every commit (about a millisecond per move on an SSD; a class makes a few moves a second), so an
acknowledged move survives even that.

The ``-wal`` file beside the database holds the commits not yet copied into it (SQLite copies them
at checkpoints): the database is the ``.sqlite`` file *and* its ``-wal``. A copy of the first alone
may lack the latest moves, or every table; :meth:`Store.backup` (``python -m plateau_lab.classroom
backup PATH``) makes one consistent file with SQLite's online backup, while the class plays.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["SEAT_STATES", "Answer", "DamagedDatabase", "LessonRecord", "MoveRecord", "SeatRecord", "Store", "TableRecord"]

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
CREATE TABLE IF NOT EXISTS ended_tables (
    code TEXT PRIMARY KEY REFERENCES shared_tables(code),
    why TEXT NOT NULL,              -- in words: abandoned, ended by the teacher, cannot be replayed
    ended REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS learners (
    name TEXT PRIMARY KEY,          -- a name in the class belongs to one learner
    key_hash TEXT NOT NULL,         -- SHA-256 of the learner's key, kept by the learner's pages
    joined REAL NOT NULL
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


def _owner_only(path: str) -> None:
    """Make the database at ``path`` (and its -wal and -shm, SQLite gives them the database's mode)
    readable by its owner only: created so when missing, mended when an older one was not.

    >>> folder = Path(__import__("tempfile").mkdtemp())
    >>> _ = (folder / "old.sqlite").write_bytes(b""); (folder / "old.sqlite").chmod(0o644)
    >>> _owner_only(str(folder / "old.sqlite")); oct((folder / "old.sqlite").stat().st_mode & 0o777)
    '0o600'
    """
    if not os.path.exists(path):
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    for kept in (path, path + "-wal", path + "-shm"):
        if os.path.exists(kept) and os.stat(kept).st_mode & 0o077:
            os.chmod(kept, 0o600)


class DamagedDatabase(RuntimeError):
    """The database file cannot be read as the class's: the message names the file and what to do.

    >>> path = Path(__import__("tempfile").mkdtemp()) / "class.sqlite"
    >>> _ = path.write_bytes(b"not a database" * 100)
    >>> Store(path)
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.store.DamagedDatabase: The shared tables' database .../class.sqlite cannot be read (file is not a database). ...
    """


class Store:
    """The database at ``path`` (created when missing, readable by its owner only; ``":memory:"``
    for a throwaway one). A file that is not a sound database raises :class:`DamagedDatabase`.

    Used from one thread (the service's event loop); each method is one transaction, committed
    before it returns.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            _owner_only(self.path)
        try:
            self._db = sqlite3.connect(self.path)
            mode = self._db.execute("PRAGMA journal_mode=WAL").fetchone()[0]
            if self.path != ":memory:" and mode.lower() != "wal":
                raise DamagedDatabase(f"The shared tables' database {self.path} cannot use WAL mode (it is in {mode} "
                                      "mode): is it on a network disk? Give --database a file on this machine's disk.")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            check = self._db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            with self._db:
                self._db.executescript(SCHEMA)
                self._one_answer_per_question()
        except sqlite3.DatabaseError as err:
            raise DamagedDatabase(
                f"The shared tables' database {self.path} cannot be read ({err}). Stop the classroom server, move "
                f"the file aside (with its -wal and -shm files, if any) and put back your last copy (python -m "
                f"plateau_lab.classroom backup makes one), or start afresh with an empty database.") from None

    def _one_answer_per_question(self) -> None:
        """An answer replaces the learner's answer before to the same question (older databases kept
        every answer: the newest of each stays)."""
        if self._db.execute("SELECT 1 FROM sqlite_master WHERE name = 'one_answer'").fetchone():
            return
        self._db.execute("DELETE FROM answers WHERE rowid NOT IN (SELECT MAX(rowid) FROM answers "
                         "GROUP BY learner, notebook, exercise)")
        self._db.execute("CREATE UNIQUE INDEX one_answer ON answers (learner, notebook, exercise)")

    def close(self) -> None:
        self._db.close()

    def backup(self, path: str | Path) -> None:
        """A consistent copy of the database at ``path`` (one file, no -wal needed), made with
        SQLite's online backup while the class plays; readable by its owner only.

        >>> store, target = Store(":memory:"), Path(__import__("tempfile").mkdtemp()) / "copy.sqlite"
        >>> store.add_answer("Ann", "01.ipynb", "q1", "4", True, answered=1.0)
        >>> store.backup(target)
        >>> [answer.learner for answer in Store(target).answers()]
        ['Ann']
        """
        path = Path(path)
        if path.exists():
            raise FileExistsError(f"{path} exists already: give the copy a new file's name")
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        copy = sqlite3.connect(path)
        try:
            self._db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")     # the copy is one file, whole without a -wal
        finally:
            copy.close()

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
        """Keep a learner's answer to an exercise (for the teacher's page), in place of their answer
        before to the same exercise.

        >>> store = Store(":memory:")
        >>> store.add_answer("Ann", "03_coloretto.ipynb", "scoring", "10", True, answered=5.0)
        >>> store.add_answer("Ann", "03_coloretto.ipynb", "scoring", "9", False, answered=6.0)
        >>> store.add_answer("Ann", "03_coloretto.ipynb", "scoring", "10", True, answered=5.0)
        >>> store.answers(learner="Ann")
        [Answer(learner='Ann', notebook='03_coloretto.ipynb', exercise='scoring', answer='10', correct=True, answered=5.0)]
        """
        with self._db:
            self._db.execute("INSERT INTO answers VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (learner, notebook, exercise) "
                             "DO UPDATE SET answer = excluded.answer, correct = excluded.correct, "
                             "answered = excluded.answered",
                             (learner, notebook, exercise, answer, int(bool(correct)),
                              time.time() if answered is None else answered))

    def answers(self, *, learner: str | None = None, notebook: str | None = None, newest: int | None = None
                ) -> list[Answer]:
        """The answers kept, oldest first; only one learner's or one notebook's when named; only the
        ``newest`` ones when given."""
        rows: Iterable[tuple] = self._db.execute(
            "SELECT * FROM (SELECT learner, notebook, exercise, answer, correct, answered, rowid AS row FROM answers "
            "WHERE (? IS NULL OR learner = ?) AND (? IS NULL OR notebook = ?) ORDER BY answered DESC, row DESC "
            "LIMIT ?) ORDER BY answered, row",
            (learner, learner, notebook, notebook, -1 if newest is None else newest))
        return [Answer(learner, notebook_, exercise, answer, bool(correct), answered)
                for learner, notebook_, exercise, answer, correct, answered, _ in rows]

    def answer_counts(self) -> list[tuple[str, str, int, int]]:
        """Per notebook and exercise: how many learners answered, and how many of them rightly.

        >>> store = Store(":memory:")
        >>> store.add_answer("Ann", "01.ipynb", "q1", "4", True); store.add_answer("Bob", "01.ipynb", "q1", "5", False)
        >>> store.answer_counts()
        [('01.ipynb', 'q1', 2, 1)]
        """
        return self._db.execute("SELECT notebook, exercise, COUNT(*), SUM(correct) FROM answers "
                                "GROUP BY notebook, exercise ORDER BY notebook, exercise").fetchall()

    # ---------------------------------------------------------------- ended tables and learners' keys

    def end_table(self, code: str, why: str, ended: float | None = None) -> None:
        """Table ``code`` ends (``why``, in words): it plays no more and frees its place."""
        with self._db:
            self._db.execute("INSERT OR IGNORE INTO ended_tables VALUES (?, ?, ?)",
                             (code, why, time.time() if ended is None else ended))

    def ended_tables(self) -> dict[str, str]:
        """The tables that ended before their game did: code -> why."""
        return dict(self._db.execute("SELECT code, why FROM ended_tables").fetchall())

    def learner_key(self, name: str) -> str | None:
        """The hash of the key of the learner called ``name`` (None: the name is free)."""
        row = self._db.execute("SELECT key_hash FROM learners WHERE name = ?", (name,)).fetchone()
        return None if row is None else row[0]

    def add_learner(self, name: str, key_hash: str) -> None:
        """``name`` now belongs to the learner with the key whose hash is ``key_hash``."""
        with self._db:
            self._db.execute("INSERT INTO learners VALUES (?, ?, ?)", (name, key_hash, time.time()))

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
