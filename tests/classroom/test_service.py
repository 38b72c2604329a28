"""The shared tables' service over websockets, in a process of its own (``python -m
plateau_lab.classroom``): a move reaches every other seat of the table as that seat's own view; a
page that closes starts its seat's countdown; a service killed with SIGKILL mid-game and started
again on the same database has every move it acknowledged, and the table plays on. Waits are
bounded by generous timeouts against a hang only; nothing is timed here (benchmarks/bench_shared_tables.py)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys

import pytest
from tornado.websocket import websocket_connect

from plateau_lab.classroom.client import TableClient
from plateau_lab.classroom.store import Store

from .harness import ANSWER_TIMEOUT, start_service, stop, until

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


async def my_move(client: TableClient, view: dict, rng: random.Random) -> dict:
    """Make a move at the client's seat by clicks or a button, as a page would; the last answer."""
    while True:
        if view["targets"] and (not view["buttons"] or rng.random() < 0.8):
            answer = await client.click(rng.choice(view["targets"]))
        else:
            answer = await client.move(rng.choice(view["buttons"])["action"])
        assert answer["type"] == "view", answer
        if answer["view"]["moves"] > view["moves"]:
            return answer
        view = answer["view"]


def test_a_move_reaches_the_other_learner_as_their_own_view(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--bot-delay", "0")

    async def play():
        pushed = []
        ann, bob = TableClient(url), TableClient(url, on_view=pushed.append)
        await ann.connect()
        await bob.connect()
        opened = await ann.open("syndicate", 3, "Ann", {"target": 2})
        joined = await bob.join(opened["code"].lower(), "Bob")
        assert joined["seat"] == 1 and joined["view"]["seats"][0]["name"] == "Ann"
        answer = await my_move(ann, opened["view"], random.Random(3))
        moves = answer["view"]["moves"]
        await until(lambda: any(view["moves"] >= moves for view in pushed))
        seen_by_bob = next(view for view in pushed if view["moves"] >= moves)
        assert seen_by_bob["seat"] == 1 and seen_by_bob["seats"][1]["plays"] == "you"
        assert seen_by_bob["picture"] != answer["view"]["picture"]     # each seat its own picture
        refused = await bob.move("lead Battle")
        assert refused["type"] == "refused" and refused["reason"]
        await ann.close()
        await bob.close()

    try:
        asyncio.run(play())
    finally:
        stop(process)


def test_a_malformed_message_over_the_wire_is_refused_and_the_connection_stays(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite")

    async def talk():
        connection = await websocket_connect(url)
        for raw in ("not json", json.dumps({"type": "fly", "id": 1}), json.dumps({"type": "watch", "code": "BCDFG"})):
            await connection.write_message(raw)
            answer = json.loads(await asyncio.wait_for(connection.read_message(), ANSWER_TIMEOUT))
            assert answer["type"] == "refused" and answer["reason"]
        connection.close()

    try:
        asyncio.run(talk())
    finally:
        stop(process)


def test_a_closed_page_gets_a_countdown_then_a_bot_then_its_seat_back(tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--grace", "1", "--bot-delay", "0")

    async def leave_and_come_back():
        pushed = []
        ann, bob = TableClient(url), TableClient(url, on_view=pushed.append)
        await ann.connect()
        await bob.connect()
        opened = await ann.open("coloretto", 3, "Ann")
        await bob.join(opened["code"], "Bob")
        await ann.close()
        await until(lambda: any(view["seats"][0]["plays"] == "leaving" for view in pushed))
        await until(lambda: pushed[-1]["seats"][0]["plays"] == "bot")
        back = TableClient(url)
        await back.connect()
        answer = await back.rejoin(opened["code"], opened["token"])
        assert answer["type"] == "seated" and answer["seat"] == 0 and answer["view"]["seats"][0]["plays"] == "you"
        await until(lambda: pushed[-1]["seats"][0]["plays"] == "learner")
        await back.close()
        await bob.close()

    try:
        asyncio.run(leave_and_come_back())
    finally:
        stop(process)


def test_a_service_killed_mid_game_loses_no_acknowledged_move_and_the_table_plays_on(tmp_path):
    database = tmp_path / "class.sqlite"
    process, url = start_service(database, "--bot-delay", "0.01")
    rng = random.Random(6)
    acknowledged = {"moves": 0}

    def heard(view):
        acknowledged["moves"] = max(acknowledged["moves"], view["moves"])

    async def play_until(client, moves):
        view = client.last_view
        while acknowledged["moves"] < moves and not view["over"]:
            await until(lambda: client.last_view["targets"] or client.last_view["buttons"] or client.last_view["over"])
            view = client.last_view
            if view["over"]:
                break
            answer = await my_move(client, view, rng)
            remember(client, answer["view"])

    def remember(client, view):
        """Keep the newest view (a push of a bot's move may arrive before the answer is read)."""
        if view["moves"] >= client.last_view["moves"]:
            client.last_view = view
        heard(view)

    def keep(client):
        client.last_view = {"moves": -1}
        return lambda view: remember(client, view)

    async def before_the_kill():
        ann = TableClient(url)
        ann.on_view = keep(ann)
        await ann.connect()
        opened = await ann.open("wimmuln", 4, "Ann")
        remember(ann, opened["view"])
        await play_until(ann, 40)
        return opened["code"], opened["token"]

    try:
        code, token = asyncio.run(before_the_kill())
        os.kill(process.pid, signal.SIGKILL)      # bots may be moving: the kill falls mid-game
        process.wait(timeout=60)
    finally:
        stop(process)
    stored = Store(database).moves(code)
    assert len(stored) >= acknowledged["moves"] >= 40
    assert [move.index for move in stored] == list(range(len(stored)))

    process, url = start_service(database, "--bot-delay", "0.01")

    async def after_the_restart():
        ann = TableClient(url)
        ann.on_view = keep(ann)
        await ann.connect()
        back = await ann.rejoin(code, token)
        assert back["type"] == "seated" and back["view"]["moves"] >= len(stored)
        remember(ann, back["view"])
        await play_until(ann, len(stored) + 20)
        await ann.close()

    try:
        asyncio.run(after_the_restart())
    finally:
        stop(process)
    assert len(Store(database).moves(code)) >= len(stored) + 20


def test_the_service_stops_when_the_process_that_started_it_is_gone(tmp_path):
    parent = subprocess.Popen(["sleep", "600"])
    process, _ = start_service(tmp_path / "class.sqlite", "--parent", str(parent.pid))
    try:
        parent.kill()
        parent.wait(timeout=30)
        assert process.wait(timeout=60) == 0
    finally:
        stop(process)
