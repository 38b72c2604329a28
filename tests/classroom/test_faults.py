"""The shared tables under faults and hostile pages (issue 39): a service killed with SIGKILL and
started again on the same port while one page comes back by itself and another never does; SIGTERM
with pages open; a page flooding tables, answers, messages and code guesses; an impostor using a
classmate's name; a foreign web page's websocket; a damaged database and a table that cannot be
replayed. Every limit refuses in words and stores nothing. Waits are bounded by generous timeouts
against a hang only; nothing here asserts a duration (timings: benchmarks/bench_shared_tables.py)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from plateau_lab.classroom.client import TableClient
from plateau_lab.classroom.limits import MESSAGE_BURST, WRONG_CODES_FREE, CodeGuesses, Pace
from plateau_lab.classroom.protocol import MOST_NAMES_A_PAGE
from plateau_lab.classroom.service import Service
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import MOST_TABLES_PER_LEARNER, SharedTables

from .harness import start_service, stop, until
from .test_teacher import TOKEN, Teacher

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Frozen:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Page:
    """A learner's page as the service sees it, with its own clock for the limits."""

    def __init__(self, clock):
        self.pace = Pace(10, MESSAGE_BURST, clock=clock)
        self.seatings, self.learner, self.names, self.gone, self.heard = set(), None, set(), False, []

    def send(self, message):
        self.heard.append(message)


def a_class():
    clock = Frozen()
    service = Service(SharedTables(Store(":memory:"), clock=clock), bot_delay=0)
    service.guesses = CodeGuesses(clock=clock)
    return service, clock


LOOP = asyncio.new_event_loop()       # the service schedules its bots on a running loop


def on_the_loop(work):
    async def run():
        return work()
    return LOOP.run_until_complete(run())


def say(service, page, **message) -> dict:
    return on_the_loop(lambda: service.handle(page, json.dumps(message)))


def teacher_says(service, **message) -> dict:
    return on_the_loop(lambda: service.handle_teacher(json.dumps(message)))


def test_a_killed_service_restarts_on_its_port_one_page_comes_back_by_itself_the_other_seat_goes_to_a_bot(tmp_path):
    database, port = tmp_path / "class.sqlite", free_port()
    options = ("--port", str(port), "--grace", "1", "--bot-delay", "0", "--teacher-token", TOKEN)
    process, url = start_service(database, *options)
    seen = []

    async def before():
        ann = TableClient(url, on_view=seen.append)
        bob = TableClient(url, reconnect=False)               # Bob's page will never come back
        await ann.connect()
        await bob.connect()
        opened = await ann.open("coloretto", 3, "Ann")
        await bob.join(opened["code"], "Bob")
        return ann, bob, opened["code"]

    async def scene():
        nonlocal process
        ann, bob, code = await before()
        stored = len(Store(database).moves(code))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
        await until(lambda: ann.reconnecting and not bob.connected)
        process, _ = start_service(database, *options)           # the supervisor's part: same port and database
        await until(lambda: ann.reconnections == 1 and ann.connected and not ann.reconnecting)
        teacher = Teacher(url)
        await teacher.connect()
        # Bob's page never came back: after the countdown a bot plays his seat, and the game goes on.
        await until(lambda: teacher.glances and any(table["code"] == code and "a bot" not in table["players"][1]
                                                    and "(bot)" in table["players"][1] for table in teacher.last["tables"]))
        await until(lambda: seen and seen[-1]["moves"] > stored or seen[-1]["over"] or "Your turn" in seen[-1]["status"])
        assert seen[-1]["seats"][0]["plays"] == "you" and seen[-1]["seats"][1]["plays"] == "bot"
        assert len(Store(database).moves(code)) >= stored            # no acknowledged move lost
        await ann.close()
        teacher.connection.close()

    try:
        asyncio.run(scene())
    finally:
        stop(process)


def test_a_table_whose_pages_never_come_back_ends_and_frees_its_place():
    clock = Frozen()
    tables = SharedTables(Store(":memory:"), clock=clock, grace=30, abandon=600, most_in_play=1)
    ann = tables.open_table("coloretto", 3, {}, "Ann", seed=1)
    tables.pages_gone()                                         # the service started: no page is connected
    clock.now += 30
    tables.tick()
    assert tables.view(ann.code, None)["seats"][0]["plays"] == "bot"
    clock.now += 600
    assert ann.code in tables.tick() and not tables.in_play(ann.code)
    assert "every learner at it had been gone for 10 minutes" in tables.view(ann.code, 0)["status"]
    assert tables.open_table("coloretto", 3, {}, "Bob", seed=2).code       # its place is free
    again = SharedTables(tables.store, clock=clock)                        # and it stays ended after a restart
    assert not again.in_play(ann.code) and not again.bot_to_move(ann.code)


def test_the_teacher_ends_a_table_and_frees_a_seat():
    service, _ = a_class()
    ann, bob = Page(service.tables.clock), Page(service.tables.clock)
    say(service, ann, type="hello", learner="Ann", key="")
    say(service, bob, type="hello", learner="Bob", key="")
    opened = say(service, ann, type="open", game="coloretto", players=3, options={}, name="Ann")
    code = opened["code"]
    say(service, bob, type="join", code=code, name="Bob")
    freed = teacher_says(service, type="free_seat", code=code, seat=1)
    assert freed["type"] == "done" and "Player 1's seat" in freed["said"]
    assert service.tables.view(code, None)["seats"][1] == {"seat": 1, "name": "a bot", "plays": "bot",
                                                           "seconds_left": None}
    assert service.connections[code][bob] is None                           # Bob's page only looks on now
    freed = [message for message in bob.heard if message["type"] == "freed"]
    assert len(freed) == 1 and "Your teacher freed your seat at table" in freed[0]["reason"]
    cid = Page(service.tables.clock)
    say(service, cid, type="hello", learner="Cid", key="")
    assert say(service, cid, type="join", code=code, name="Cid")["seat"] == 1
    ended = teacher_says(service, type="end_table", code=code)
    assert ended["type"] == "done" and not service.tables.in_play(code)
    moved = say(service, ann, type="move", code=code, token=opened["token"], action="draw")
    assert moved["type"] == "refused" and "has ended: your teacher ended it" in moved["reason"]
    again = teacher_says(service, type="end_table", code=code)
    assert again["type"] == "refused" and "has ended already" in again["reason"]


def test_sigterm_lets_the_pages_goodbyes_be_written_before_the_database_closes(tmp_path):
    database = tmp_path / "class.sqlite"
    process, url = start_service(database, "--bot-delay", "0")

    async def seated():
        clients = [TableClient(url, reconnect=False) for _ in range(3)]
        for client, name in zip(clients, ("Ann", "Bob", "Cid")):
            await client.connect()
            await client.open("coloretto", 3, name)
        return clients

    try:
        clients = asyncio.run(seated())
        process.terminate()
        process.wait(timeout=60)
        errors = process.stderr.read()
    finally:
        stop(process)
    assert process.returncode == 0 and "closed database" not in errors and "Traceback" not in errors, errors
    store = Store(database)
    assert [store.seats(client.code)[0].state for client in clients] == ["leaving"] * 3


def test_a_hostile_page_cannot_flood_tables_seats_answers_or_messages():
    service, clock = a_class()
    page = Page(clock)
    assert say(service, page, type="hello", learner="Eve", key="")["type"] == "welcome"
    opened = []
    for _ in range(10):
        answer = say(service, page, type="open", game="coloretto", players=3, options={}, name="Eve")
        opened.append(answer)
        clock.now += 1
    assert sum(answer["type"] == "seated" for answer in opened) == MOST_TABLES_PER_LEARNER
    assert "You sit at 3 tables in play already, the most a learner may" in opened[-1]["reason"]
    assert len(service.tables.store.tables()) == MOST_TABLES_PER_LEARNER          # the refusals stored nothing
    joined = say(service, page, type="join", code=opened[0]["code"], name="Eve")   # a second seat at her table
    assert joined["type"] == "refused" and "You already sit at table" in joined["reason"]
    for number in range(200):
        clock.now += 0.2
        say(service, page, type="answer", learner="Eve", notebook="02.ipynb", exercise="q1", answer=str(number),
            correct=False)
    kept = service.tables.store.answers()
    assert [(answer.learner, answer.answer) for answer in kept] == [("Eve", "199")]   # the new replaces the old
    clock.now += 10                                          # the page's bucket is full again
    answers = [say(service, page, type="answer", learner="Eve", notebook="02.ipynb", exercise=f"burst {number}",
                   answer="1", correct=True) for number in range(100)]               # a burst, no time passing
    assert sum(answer["type"] == "noted" for answer in answers) == MESSAGE_BURST
    assert "Slow down: a page sends at most 10 messages a second" in answers[-1]["reason"]
    assert len(service.tables.store.answers()) == 1 + MESSAGE_BURST


def test_a_page_is_one_learners_not_a_crowd_of_names():
    service, clock = a_class()
    page = Page(clock)
    welcomed = [say(service, page, type="hello", learner=f"Eve {number}", key="") for number in range(5)]
    assert [answer["type"] for answer in welcomed] == ["welcome"] * MOST_NAMES_A_PAGE + ["refused"] * 2
    assert "a page is one learner's" in welcomed[-1]["reason"]
    assert say(service, page, type="hello", learner="Eve 0", key=welcomed[0]["key"])["type"] == "welcome"


def test_wrong_table_codes_are_slowed_for_the_page_then_for_the_class():
    service, clock = a_class()
    guesser = Page(clock)
    say(service, guesser, type="hello", learner="Eve", key="")
    answers = [say(service, guesser, type="watch", code=code) for code in ("BBBBBBB", "CCCCCCC", "DDDDDDD", "FFFFFFF")]
    assert all("There is no table" in answer["reason"] for answer in answers[:WRONG_CODES_FREE])
    assert "Too many wrong table codes from this page: wait 1 s" in answers[-1]["reason"]
    tries = 0
    while "Many wrong table codes were tried in the class" not in say(service, Page(clock), type="watch",
                                                                      code="GGGGGGG")["reason"]:
        tries += 1                                  # a new page for each guess: the class's share runs out
        assert tries < 100
    honest = Page(clock)
    say(service, honest, type="hello", learner="Ann", key="")
    real = say(service, honest, type="open", game="coloretto", players=3, options={}, name="Ann")
    waiting = say(service, Page(clock), type="watch", code=real["code"])
    assert "wait" in waiting["reason"]              # while the class's share is spent, no code is told apart
    clock.now += 60
    assert say(service, Page(clock), type="watch", code=real["code"])["type"] == "view"


def test_an_impostor_cannot_use_a_classmates_name(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--bot-delay", "0", "--teacher-token", TOKEN)

    async def scene():
        ann = TableClient(url)
        await ann.connect()
        assert (await ann.listen("Ann"))["type"] == "listening" and ann.keys["Ann"]
        eve = TableClient(url)
        await eve.connect()
        for attempt in (eve.listen("Ann"), eve.answer("Ann", "02.ipynb", "q1", "4", True),
                        eve.open("coloretto", 3, "Ann")):
            answer = await attempt
            assert answer["type"] == "refused" and "The name Ann is taken in this class" in answer["reason"]
        await eve.hello("Eve")
        raw = {"type": "answer", "learner": "Ann", "notebook": "02.ipynb", "exercise": "q1", "answer": "4",
               "correct": True}
        answer = await eve.ask(raw)                       # Eve's page, speaking as Ann without the key
        assert answer["type"] == "refused" and "This page joined the class as Eve: it cannot speak as Ann" in answer["reason"]
        forged = TableClient(url, keys={"Ann": "x" * 43})
        await forged.connect()
        assert "is taken" in (await forged.listen("Ann"))["reason"]
        reloaded = TableClient(url, keys=dict(ann.keys))  # Ann's page reloaded: the browser kept her key
        await reloaded.connect()
        assert (await reloaded.answer("Ann", "02.ipynb", "q1", "4", True))["type"] == "noted"
        for client in (ann, eve, forged, reloaded):
            await client.close()

    try:
        asyncio.run(scene())
    finally:
        stop(process)


def test_a_websocket_from_a_foreign_web_page_is_refused(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--teacher-token", TOKEN,
                                 "--page-origin", "http://192.168.1.5:8866")
    own = "http://" + url.split("/")[2]

    async def scene():
        for address, origin in ((url, "https://evil.example"), (url, "null"),
                                (url.removesuffix("/tables") + "/teacher/ws?token=" + TOKEN, "https://evil.example"),
                                (url.removesuffix("/tables") + "/teacher/ws?token=" + TOKEN, "http://192.168.1.5:8866")):
            with pytest.raises(HTTPClientError) as refused:
                await websocket_connect(HTTPRequest(address, headers={"Origin": origin}))
            assert refused.value.code == 403
        for origin in ("http://192.168.1.5:8866", own):
            connection = await websocket_connect(HTTPRequest(url, headers={"Origin": origin}))
            await connection.write_message('{"type": "watch", "code": "BCDFGHJ"}')
            assert "There is no table" in json.loads(await connection.read_message())["reason"]
            connection.close()

    try:
        asyncio.run(scene())
    finally:
        stop(process)


def test_a_damaged_database_is_named_with_what_to_do(tmp_path):
    database = tmp_path / "class.sqlite"
    database.write_bytes(b"SQLite format 3\x00" + os.urandom(4000))
    done = subprocess.run([sys.executable, "-m", "plateau_lab.classroom", "--port", "0", "--database", str(database)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert f"The shared tables' database {database} cannot be read" in done.stderr
    assert "move the file aside" in done.stderr and "backup" in done.stderr


def test_a_table_that_cannot_be_replayed_is_set_aside_and_named_while_the_others_play(tmp_path):
    database = tmp_path / "class.sqlite"
    tables = SharedTables(Store(database))
    broken, sound = (tables.open_table("coloretto", 3, {}, name, seed=seed) for name, seed in (("Ann", 1), ("Bob", 2)))
    for seating in (broken, sound):
        tables.free_seat(seating.code, 0)
        tables.play_bots(seating.code, most=5)
    tables.store.close()
    with sqlite3.connect(database) as db:
        db.execute("UPDATE moves SET action = 'take row 9' WHERE table_code = ? AND move_index = 2", (broken.code,))
    again = SharedTables(Store(database))
    assert broken.code in again.set_aside and "it cannot be replayed" in again.set_aside[broken.code]
    assert again.codes() == [sound.code] and again.play_bot(sound.code)
    refused = say(Service(again), Page(again.clock), type="watch", code=broken.code)
    assert f"Table {broken.code} is set aside: it cannot be replayed" in refused["reason"]
    service = Service(again)
    assert service.class_at_a_glance()["set_aside"][0]["code"] == broken.code


def test_a_lone_surrogate_gets_a_sentence():
    service, clock = a_class()
    page = Page(clock)
    say(service, page, type="hello", learner="Ann", key="")
    raw = '{"type": "answer", "learner": "Ann", "notebook": "n", "exercise": "e", "answer": "\\ud800", "correct": true}'
    answer = on_the_loop(lambda: service.handle(page, raw))
    assert answer["type"] == "refused" and "half of a character" in answer["reason"]
    assert service.tables.store.answers() == []


def test_a_backup_is_one_consistent_file_made_while_the_class_plays(tmp_path):
    database = tmp_path / "class.sqlite"
    tables = SharedTables(Store(database))
    ann = tables.open_table("coloretto", 3, {}, "Ann", seed=1)
    tables.free_seat(ann.code, 0)
    tables.play_bots(ann.code, most=7)
    copy = tmp_path / "copy.sqlite"
    done = subprocess.run([sys.executable, "-m", "plateau_lab.classroom", "backup", str(copy), "--database",
                           str(database)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "copy.sqlite-wal").exists() and oct(copy.stat().st_mode & 0o777) == "0o600"
    assert len(Store(copy).moves(ann.code)) == 7                  # the moves still in the -wal are in the copy
    again = subprocess.run([sys.executable, "-m", "plateau_lab.classroom", "backup", str(copy), "--database",
                            str(database)], capture_output=True, text=True, timeout=300)
    assert again.returncode != 0 and "exists already" in again.stderr


def test_a_lesson_cell_comes_back_by_itself_and_shows_the_position_sent_while_it_was_away(monkeypatch):
    from tornado.httpserver import HTTPServer
    from tornado.netutil import bind_sockets

    from plateau_lab.classroom.service import make_app
    from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    from plateau_lab.ui import class_lesson

    from .harness import a_service

    monkeypatch.setattr(class_lesson, "CLASSROOM", class_lesson._Classroom())

    async def scene():
        service, server, url = await a_service()
        port = int(url.split(":")[2].split("/")[0])
        cell = class_lesson.ClassLesson(url)
        cell.name.value = "Ann"
        cell.join_button.click()
        await cell.settled()
        client = class_lesson.CLASSROOM.client
        server.stop()                                       # the service goes away
        for page in list(service.listeners):
            page.close()
        await until(lambda: client.reconnecting)
        again = HTTPServer(make_app(service))               # and is back on the same port
        again.add_sockets(bind_sockets(port, address="127.0.0.1"))
        await until(lambda: client.reconnections == 1 and len(service.listeners) == 1)
        sent = service.send_position("syndicate", EXAMPLE_SCENARIO)
        assert sent["learners"] == 1                        # the cell listens again: no "sent to 0 learners"
        await until(lambda: cell.lesson is not None and cell.lesson["lesson"] == sent["lesson"])
        assert "connection" not in cell.message.value
        await client.close()
        again.stop()

    asyncio.run(scene())


def test_the_teacher_downloads_the_class_s_finished_games_with_the_token_only():
    from tornado.httpclient import AsyncHTTPClient

    from plateau_lab.core import load_json

    from .harness import a_service

    async def scene():
        service, server, url = await a_service()
        finished = service.tables.open_table("syndicate", 3, {"target": 1}, "Ann", seed=4)
        service.tables.free_seat(finished.code, 0)
        service.tables.play_bots(finished.code)
        service.tables.open_table("syndicate", 3, {}, "Bob", seed=5)          # still in play: not downloaded
        address = url.replace("ws://", "http://").removesuffix("/tables") + "/teacher/games.json"
        client = AsyncHTTPClient()
        for wrong in ("", "?token=guess-guess-guess-guess"):
            answer = await client.fetch(address + wrong, raise_error=False)
            assert answer.code == 403 and b"teacher's token" in answer.body
        answer = await client.fetch(address + "?token=" + service.teacher_token)
        saves = json.loads(answer.body)
        assert answer.code == 200 and "attachment" in answer.headers["Content-Disposition"] and len(saves) == 1
        assert load_json(json.dumps(saves[0])).history == service.tables.state(finished.code).history
        server.stop()

    asyncio.run(scene())


def test_the_teachers_view_stays_within_64_kb_whatever_the_class_did():
    from plateau_lab.classroom.teacher import GLANCE_MOST_BYTES, class_at_a_glance, read_position
    from plateau_lab.core import game_spec

    service, clock = a_class()
    tables = service.tables
    tables.most_in_play = 1000
    for number in range(150):                                 # many learners with long names, many tables
        tables.open_table("coloretto", 5, {}, f"Learner number {number:03d} with a long name", seed=number)
    for number in range(2000):
        tables.store.add_answer(f"Learner {number}", "n" * 120, f"an exercise with a long title {number}",
                                "x" * 2000, True)
    state = game_spec("wimmuln").new_game(4, seed=1)        # a lesson with many moves, each with a long reason
    lesson = service.lessons.send(read_position("", state.to_json()))
    lesson.expert = [{"action": move["action"], "reason": "r" * 1000, "mean": 0.0, "chance": None}
                     for move in lesson.message["moves"]]
    listeners = [f"Listener number {number:04d} with a long name" for number in range(400)]
    glance = class_at_a_glance(tables, {}, listeners, service.lessons)
    assert len(json.dumps(glance)) <= GLANCE_MOST_BYTES
    assert glance["more"]["learners"] > 0 and glance["more"]["listening"] > 0 and glance["answers"]["count"] == 2000
    assert len(lesson.message["moves"]) > 100 and glance["more"]["lesson_moves"] > 0
