"""The shared tables' database (plateau_lab.classroom.store): WAL mode with full synchronisation,
one move per place in a game, seats and answers kept, clear errors."""

from __future__ import annotations

import sqlite3

import pytest

from plateau_lab.classroom.store import SeatRecord, Store, TableRecord


def a_store(path):
    store = Store(path)
    store.add_table(TableRecord("BCDFG", "coloretto", 3, {"scoring": "standard"}, 5, 1.0), ["h0", None, None],
                    ["Ann", None, None])
    return store


def test_the_database_is_in_wal_mode_and_waits_for_the_disk_at_every_commit(tmp_path):
    store = a_store(tmp_path / "class.sqlite")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.execute("PRAGMA synchronous").fetchone()[0] == 2          # FULL
    store.add_move("BCDFG", 0, "draw", 1)
    other = sqlite3.connect(tmp_path / "class.sqlite")                         # committed: another reader sees it
    assert other.execute("SELECT action FROM moves").fetchall() == [("draw",)]


def test_two_moves_cannot_both_be_the_games_next(tmp_path):
    store = a_store(tmp_path / "class.sqlite")
    store.add_move("BCDFG", 0, "draw", 1)
    with pytest.raises(sqlite3.IntegrityError):
        store.add_move("BCDFG", 0, "take row 1", 1)
    with pytest.raises(sqlite3.IntegrityError):
        store.add_move("NOTAB", 0, "draw", 1)                                  # no such table
    assert [move.action for move in store.moves("BCDFG")] == ["draw"]


def test_seats_are_kept_and_a_wrong_seat_or_state_is_refused(tmp_path):
    store = a_store(tmp_path / "class.sqlite")
    assert [(seat.learner, seat.state) for seat in store.seats("BCDFG")] == [("Ann", "human"), (None, "open"),
                                                                              (None, "open")]
    store.set_seat("BCDFG", SeatRecord(0, "h0", "Ann", "leaving", 12.5))
    assert Store(tmp_path / "class.sqlite").seats("BCDFG")[0] == SeatRecord(0, "h0", "Ann", "leaving", 12.5)
    with pytest.raises(KeyError, match="no seat 7 at table BCDFG"):
        store.set_seat("BCDFG", SeatRecord(7, None, None, "open", None))
    with pytest.raises(ValueError, match="a seat's state is one of open, human, leaving, bot"):
        store.set_seat("BCDFG", SeatRecord(1, None, None, "asleep", None))
    assert Store(tmp_path / "class.sqlite").tables()[0].options == {"scoring": "standard"}


def test_answers_are_kept_per_learner_and_notebook(tmp_path):
    store = a_store(tmp_path / "class.sqlite")
    store.add_answer("Ann", "01.ipynb", "q1", "2", True, answered=1.0)
    store.add_answer("Bob", "01.ipynb", "q1", "3", False, answered=2.0)
    store.add_answer("Ann", "02.ipynb", "q4", "red", False, answered=3.0)
    assert [answer.learner for answer in store.answers(notebook="01.ipynb")] == ["Ann", "Bob"]
    assert [answer.exercise for answer in store.answers(learner="Ann")] == ["q1", "q4"]
    assert len(store.answers()) == 3
