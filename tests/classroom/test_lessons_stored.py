"""The position the teacher sent and the learners' choices are kept in the database: a service
killed with SIGKILL and started again shows the teacher the same lesson with the same counts, and
a learner who listens again is sent it. A learner's choices count once, however many pages they
have open (the last one counting). Waits are bounded by generous timeouts against a hang only."""

from __future__ import annotations

import asyncio
import os
import signal
import sys

import pytest

from plateau_lab.classroom.client import TableClient
from plateau_lab.classroom.store import Store
from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO

from .harness import start_service, stop, until
from .test_teacher import TOKEN, Teacher

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def counts_of(glance: dict) -> dict[str, int]:
    return {move["action"]: move["count"] for move in (glance["lesson"] or {}).get("moves", [])}


def test_a_lesson_and_its_choices_survive_a_sigkill_and_a_learner_counts_once(tmp_path):
    database = tmp_path / "class.sqlite"
    process, url = start_service(database, "--bot-delay", "0", "--teacher-token", TOKEN)

    async def before_the_kill():
        teacher = Teacher(url)
        await teacher.connect()
        laptop, bob = TableClient(url), TableClient(url)
        for client, name in ((laptop, "Ann"), (bob, "Bob")):
            await client.connect()
            await client.listen(name)
        phone = TableClient(url, keys=laptop.keys)          # Ann's second page: it holds her key
        await phone.connect()
        await phone.listen("Ann")
        sent = await teacher.send({"type": "send_position", "game": "syndicate", "position": EXAMPLE_SCENARIO})
        assert sent["type"] == "sent" and sent["learners"] == 3
        number = sent["lesson"]
        assert (await laptop.choose(number, "lead Castle"))["type"] == "chosen"
        assert (await phone.choose(number, "lead Diplomat"))["type"] == "chosen"    # Ann again: the last counts
        assert (await bob.choose(number, "lead Castle"))["type"] == "chosen"
        await until(lambda: teacher.last["lesson"] and teacher.last["lesson"]["chosen"] == 2
                    and counts_of(teacher.last)["lead Diplomat"] == 1)
        assert counts_of(teacher.last)["lead Castle"] == 1
        await phone.close()                        # Ann's laptop still listens: her choice still counts
        await bob.choose(number, "lead Diplomat")
        await until(lambda: counts_of(teacher.last)["lead Diplomat"] == 2)
        assert teacher.last["lesson"]["chosen"] == 2 and counts_of(teacher.last)["lead Castle"] == 0
        return number, laptop.keys

    try:
        number, keys = asyncio.run(before_the_kill())
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=60)
    finally:
        stop(process)
    store = Store(database)
    assert store.current_lesson().number == number and store.current_lesson().game == "syndicate"
    assert store.lesson_choices(number) == {"learner Ann": "lead Diplomat", "learner Bob": "lead Diplomat"}
    store.close()

    process, url = start_service(database, "--bot-delay", "0", "--teacher-token", TOKEN)

    async def after_the_restart():
        teacher = Teacher(url)
        await teacher.connect()
        await until(lambda: teacher.glances)
        lesson = teacher.last["lesson"]
        assert lesson["number"] == number and lesson["chosen"] == 2 and lesson["seat"] == 0
        counts = counts_of(teacher.last)
        assert counts["lead Diplomat"] == 2 and sum(counts.values()) == 2
        shown = []
        ann = TableClient(url, on_lesson=shown.append, keys=keys)
        await ann.connect()
        assert (await ann.listen("Ann"))["type"] == "lesson" and shown[0]["lesson"] == number
        assert (await ann.choose(number, "lead Castle"))["type"] == "chosen"      # Ann changes her mind after the restart
        await until(lambda: counts_of(teacher.last).get("lead Castle") == 1)
        assert counts_of(teacher.last)["lead Diplomat"] == 1 and teacher.last["lesson"]["chosen"] == 2
        again = await teacher.send({"type": "send_position", "game": "syndicate", "position": EXAMPLE_SCENARIO})
        assert again["lesson"] == number + 1                      # numbers go on from the lessons kept
        await ann.close()
        teacher.connection.close()

    try:
        asyncio.run(after_the_restart())
    finally:
        stop(process)
