"""The teacher's view: only its token opens it; it shows the class (learners at tables, exercise
answers); a position it sends reaches every listening learner as the seat to move sees it; the
learners' choices are counted (the last one of each learner counts, an illegal one is refused);
the expert's view gives every legal move a reason; every teacher message is checked (fuzzed with
hypothesis). Waits are bounded by generous timeouts against a hang only; nothing is timed."""

from __future__ import annotations

import asyncio
import html
import json
import re
import urllib.error
import urllib.request

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tornado.httpclient import HTTPClientError
from tornado.websocket import websocket_connect

from plateau_lab.classroom.client import TableClient
from plateau_lab.classroom.protocol import TEACHER_MESSAGE_TYPES, respond
from plateau_lab.classroom.service import Service
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import SharedTables
from plateau_lab.classroom.teacher import read_position
from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO

from .harness import ANSWER_TIMEOUT, start_service, stop, until

TOKEN = "the-teachers-secret-0123456789"
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def http_address(url: str) -> str:
    return url.replace("ws://", "http://").removesuffix("/tables")


def status_of(address: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(address, timeout=ANSWER_TIMEOUT) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


class Teacher:
    """The teacher's page's connection: every ``class`` message kept, the answers to its messages."""

    def __init__(self, url: str, token: str = TOKEN):
        self.address = url.removesuffix("/tables") + "/teacher/ws?token=" + token
        self.glances: list[dict] = []
        self.answers: list[dict] = []

    async def connect(self) -> None:
        self.connection = await websocket_connect(self.address)
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while (raw := await self.connection.read_message()) is not None:
            message = json.loads(raw)
            (self.glances if message["type"] == "class" else self.answers).append(message)

    async def send(self, message: dict) -> dict:
        before = len(self.answers)
        await self.connection.write_message(json.dumps(message))
        await until(lambda: len(self.answers) > before)
        return self.answers[before]

    @property
    def last(self) -> dict:
        return self.glances[-1]


@pytest.fixture
def service(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--bot-delay", "0", "--teacher-token", TOKEN)
    try:
        yield process, url
    finally:
        stop(process)


def test_the_teacher_page_opens_only_with_its_token_printed_at_start(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite")
    try:
        printed = "".join(process.stdout.readline() for _ in range(2))
        assert "Listening on this machine only (127.0.0.1)" in printed
        found = re.search(r"Teacher's view: (http://\S+/teacher\?token=(\S+))", printed)
        assert found, printed
        address, token = found.groups()
        assert status_of(address)[0] == 200 and "Send a position to the class" in status_of(address)[1]
        for wrong in (http_address(url) + "/teacher", http_address(url) + "/teacher?token=",
                      http_address(url) + "/teacher?token=" + token[:-1] + ("A" if token[-1] != "A" else "B")):
            code, text = status_of(wrong)
            assert code == 403 and "teacher" in text and "Send a position" not in text

        async def sockets():
            for wrong in ("", "?token=guess-guess-guess-guess"):
                with pytest.raises(HTTPClientError) as refused:
                    await websocket_connect(url.removesuffix("/tables") + "/teacher/ws" + wrong)
                assert refused.value.code == 403
            teacher = Teacher(url, token)
            await teacher.connect()
            await until(lambda: teacher.glances)
            assert teacher.last["learners"] == [] and teacher.last["lesson"] is None
            teacher.connection.close()

        asyncio.run(sockets())
    finally:
        stop(process)


def test_a_position_reaches_every_learner_and_their_choices_are_counted_the_last_one_counting(service):
    _, url = service

    async def lesson():
        teacher = Teacher(url)
        await teacher.connect()
        lessons = {"Ann": [], "Bob": []}
        ann = TableClient(url, on_lesson=lessons["Ann"].append)
        bob = TableClient(url, on_lesson=lessons["Bob"].append)
        for client, name in ((ann, "Ann"), (bob, "Bob")):
            await client.connect()
            assert (await client.listen(name))["type"] == "listening"
        opened = await ann.open("syndicate", 3, "Ann", {"target": 2})
        noted = await bob.answer("Bob", "02_syndicate.ipynb", "Exercise 1 · a rule", "Merchant", True)
        assert noted["type"] == "noted"
        await until(lambda: teacher.glances and len(teacher.last["listening"]) == 2
                    and teacher.last["answers"]["count"])
        glance = teacher.last
        assert glance["listening"] == ["Ann", "Bob"]
        assert [(learner["name"], learner["table"], learner["seat"], learner["connected"])
                for learner in glance["learners"]] == [("Ann", opened["code"], 0, True)]
        assert glance["tables"][0]["code"] == opened["code"] and glance["tables"][0]["game"] == "The Syndicate"
        assert glance["answers"]["recent"] == [{"learner": "Bob", "notebook": "02_syndicate.ipynb",
                                                "exercise": "Exercise 1 · a rule", "answer": "Merchant",
                                                "correct": True}]
        assert glance["answers"]["exercises"] == [{"notebook": "02_syndicate.ipynb", "exercise": "Exercise 1 · a rule",
                                                   "answered": 1, "right": 1}]

        sent = await teacher.send({"type": "send_position", "game": "syndicate", "position": EXAMPLE_SCENARIO})
        assert sent["type"] == "sent" and sent["learners"] == 2
        await until(lambda: lessons["Ann"] and lessons["Bob"])
        shown = lessons["Bob"][0]
        state = read_position("syndicate", EXAMPLE_SCENARIO)
        assert shown["seat"] == 0 and shown["lesson"] == sent["lesson"]
        assert sorted(move["action"] for move in shown["moves"]) == sorted(map(str, state.legal_actions()))
        for hidden in ("Merchant", "Desert", "Origin", "Pact", "Savage", "Bard"):   # hands 1, 2 and the draw
            assert hidden not in shown["picture"], hidden
        assert "Diplomat" in shown["picture"]

        number = shown["lesson"]
        assert (await ann.choose(number, "lead Diplomat"))["type"] == "chosen"
        assert (await bob.choose(number, "lead Castle"))["type"] == "chosen"
        assert (await bob.choose(number, "lead Diplomat"))["type"] == "chosen"      # Bob changes his mind
        refused = await bob.choose(number, "lead Bard")
        assert refused["type"] == "refused" and "not a move here" in refused["reason"]
        stale = await bob.choose(number + 1, "lead Diplomat")
        assert stale["type"] == "refused" and "no longer on the board" in stale["reason"]

        def counted():
            moves = {move["action"]: move["count"] for move in (teacher.last["lesson"] or {}).get("moves", [])}
            return moves.get("lead Diplomat") == 2 and moves.get("lead Castle") == 0
        await until(counted)
        assert teacher.last["lesson"]["chosen"] == 2 and not teacher.last["lesson"]["revealed"]

        late = TableClient(url, on_lesson=lessons.setdefault("Cid", []).append)     # a latecomer sees it at once
        await late.connect()
        assert (await late.listen("Cid"))["type"] == "lesson" and lessons["Cid"][0]["lesson"] == number
        await bob.close()                                          # a page gone: its choice no longer counts
        await until(lambda: teacher.last["lesson"]["chosen"] == 1)
        for client in (ann, late):
            await client.close()
        teacher.connection.close()

    asyncio.run(lesson())


def test_the_expert_reveal_gives_every_legal_move_its_reason_and_a_save_is_a_position_too(service):
    _, url = service
    state = read_position("syndicate", EXAMPLE_SCENARIO).apply("lead Diplomat")

    async def reveal():
        teacher = Teacher(url)
        await teacher.connect()
        sent = await teacher.send({"type": "send_position", "game": "", "position": state.to_json()})
        assert sent["type"] == "sent"
        await until(lambda: teacher.last["lesson"] is not None)
        assert teacher.last["lesson"]["seat"] == 1
        assert (await teacher.send({"type": "reveal", "lesson": sent["lesson"] + 5}))["type"] == "refused"
        assert (await teacher.send({"type": "reveal", "lesson": sent["lesson"]}))["type"] == "revealing"
        await until(lambda: teacher.last["lesson"]["revealed"], timeout=300)
        moves = teacher.last["lesson"]["moves"]
        assert sorted(move["action"] for move in moves) == sorted(map(str, state.legal_actions()))
        assert all(move["reason"] and move["reason"][0].isupper() for move in moves)
        teacher.connection.close()

    asyncio.run(reveal())


def test_the_lesson_cell_shows_the_position_and_sends_a_click_as_the_choice_and_exercises_send_answers(
        service, monkeypatch):
    from plateau_lab.ui import class_lesson
    from plateau_lab.ui.exercises import Exercise, judge_exact
    _, url = service
    monkeypatch.setenv("PLATEAU_CLASSROOM_URL", url)
    monkeypatch.setenv("PLATEAU_NOTEBOOK", "02_syndicate.ipynb")
    monkeypatch.setattr(class_lesson, "CLASSROOM", class_lesson._Classroom())

    async def learn():
        teacher = Teacher(url)
        await teacher.connect()
        question = Exercise("2 + 2?", ["3", "4"], judge_exact("4", explain="Two and two."), solution="4",
                            title="Exercise 1 · sums")
        question.choose("3")
        question.check()                      # checked before the name is known: kept until then
        cell = class_lesson.ClassLesson()
        assert "Join the class" in cell.join_button.description
        cell.name.value = "Ann"
        cell.join_button.click()
        await cell.settled()
        assert html.escape(class_lesson.WAITING) in cell.message.value
        await until(lambda: teacher.glances and teacher.last["answers"]["count"])
        assert teacher.last["answers"]["recent"] == [{"learner": "Ann", "notebook": "02_syndicate.ipynb",
                                            "exercise": "Exercise 1 · sums", "answer": "3", "correct": False}]
        sent = await teacher.send({"type": "send_position", "game": "syndicate", "position": EXAMPLE_SCENARIO})
        await until(lambda: cell.lesson is not None)
        assert cell.picture.legal and all(target.startswith("card ") for target in cell.picture.legal)
        cell.picture.click("card Castle")         # a lead takes one click, or two with a face-down card
        assert cell.picture.marked == ["card Castle"] and "Now click" in cell.message.value
        assert [button.description for button in cell.buttons.children] == ["lead Castle with no face-down card"]
        cell.buttons.children[0].click()
        await cell.settled()
        assert "Your choice: <b>lead Castle with no face-down card</b> (you may change it)" in cell.choice.value
        cell.picture.click("card Diplomat")
        cell.picture.click("card Author")         # a complete move of two clicks: chosen at once
        await cell.settled()
        assert "lead Diplomat + face down Author" in cell.choice.value

        def counted():
            moves = {move["action"]: move["count"] for move in teacher.last["lesson"]["moves"]}
            return moves["lead Diplomat + face down Author"] == 1 and moves["lead Castle"] == 0
        await until(counted)
        assert sent["learners"] == 1
        teacher.connection.close()
        await class_lesson.CLASSROOM.client.close()

    asyncio.run(learn())


def test_without_the_classroom_server_the_cell_says_so_and_an_exercise_sends_nothing(monkeypatch):
    from plateau_lab.ui import class_lesson
    from plateau_lab.ui.exercises import Exercise, judge_exact
    monkeypatch.delenv("PLATEAU_CLASSROOM_URL", raising=False)
    monkeypatch.setattr(class_lesson, "CLASSROOM", class_lesson._Classroom())
    cell = class_lesson.ClassLesson()
    assert "not opened from it" in cell.message.value and cell.children == (cell.message,)
    question = Exercise("2 + 2?", ["3", "4"], judge_exact("4", explain="Two and two."), solution="4")
    question.choose("4")
    question.check()
    assert question.verdict.correct and class_lesson.CLASSROOM.waiting == []


# ---------------------------------------------------------------- every teacher message checked


def a_service() -> Service:
    return Service(SharedTables(Store(":memory:")), bot_delay=0, teacher_token=TOKEN)


@pytest.mark.parametrize(("raw", "reason"), [
    ("not json", "cannot be read as JSON"),
    ('{"type": "send_position", "game": "syndicate"}', "needs the field 'position'"),
    ('{"type": "send_position", "game": "syndicate", "position": "x", "who": 1}', "has no field 'who'"),
    ('{"type": "send_position", "game": "Syndicate!", "position": "x"}', "a game's name"),
    ('{"type": "send_position", "game": "chess", "position": "e4"}', "Choose the scenario's game"),
    ('{"type": "send_position", "game": "syndicate", "position": "hand 0: Dragon"}', "cannot be read: "),
    ('{"type": "send_position", "game": "", "position": "{\\"format\\": 1}"}', "cannot be read: "),
    ('{"type": "send_position", "game": "syndicate", "position": "   "}', "Paste a scenario"),
    ('{"type": "send_position", "game": "syndicate", "position": "hand 0:\\u0000"}', "control character"),
    ('{"type": "reveal", "lesson": -1}', "whole number"),
    ('{"type": "reveal", "lesson": 1}', "no longer the class's"),
    ('{"type": "open", "game": "syndicate", "players": 3, "options": {}, "name": "A"}', "type is one of send_position"),
    ('{"type": "reveal", "lesson": 1, "pad": "' + "x" * 70000 + '"}', "at most 65536 bytes"),
])
def test_a_malformed_teacher_message_is_refused_with_a_reason_and_changes_nothing(raw, reason):
    service = a_service()
    answer = service.handle_teacher(raw)
    assert answer["type"] == "refused" and reason in answer["reason"], answer
    assert service.lessons.current is None


def test_a_scenario_the_reader_refuses_is_shown_with_where_and_what():
    answer = a_service().handle_teacher(json.dumps({"type": "send_position", "game": "syndicate",
                                                    "position": EXAMPLE_SCENARIO.replace("Desert", "Dragon")}))
    assert answer["type"] == "refused" and "hand 1" in answer["reason"] and "Dragon" in answer["reason"], answer


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4), max_leaves=12)


@FUZZ
@given(st.binary(max_size=300) | JSON_VALUES.map(json.dumps))
def test_random_teacher_messages_are_refused(raw):
    service = a_service()
    assert service.handle_teacher(raw)["type"] == "refused"
    assert service.lessons.current is None


@FUZZ
@given(st.sampled_from(sorted(TEACHER_MESSAGE_TYPES)), st.data())
def test_a_real_teacher_message_with_one_field_changed_is_refused_or_carried_out(kind, data):
    service = a_service()
    fields = {"game": "syndicate", "position": EXAMPLE_SCENARIO, "lesson": 1, "code": "BCDFGHJ", "seat": 0}
    message = {"type": kind, **{field: fields[field] for field in TEACHER_MESSAGE_TYPES[kind]}}
    field = data.draw(st.sampled_from(sorted(message)))
    message[field] = data.draw(JSON_VALUES)
    answer = service.handle_teacher(json.dumps(message))
    assert answer["type"] in {"refused", "sent"}
    if answer["type"] == "refused":
        assert answer["reason"] and service.lessons.current is None


@FUZZ
@given(st.one_of(st.integers(), st.text(max_size=30), JSON_VALUES), st.one_of(st.text(max_size=40), JSON_VALUES))
def test_any_lesson_choice_is_refused_or_a_legal_move_counted(lesson, action):
    service = a_service()
    current = service.lessons.send(read_position("syndicate", EXAMPLE_SCENARIO))
    outcome = respond(service.tables, json.dumps({"type": "lesson_choice", "lesson": lesson, "action": action}),
                      service.lessons, "a page")
    if outcome.answer["type"] == "chosen":
        assert lesson == current.number and action in current.legal and current.choices == {"a page": action}
    else:
        assert outcome.answer["type"] == "refused" and current.choices == {}
