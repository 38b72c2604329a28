"""The learner's side of a shared table (plateau_lab.classroom.client.TableClient), against the
service running on the same event loop, as a kernel's would: questions paired with their answers,
pushed views handed to ``on_view``, the seat remembered, clear errors when misused."""

from __future__ import annotations

import asyncio

import pytest
from plateau_lab.classroom.client import TableClient

from .harness import a_service, until


def test_two_clients_open_join_and_hear_each_others_moves():
    async def scene():
        service, server, url = await a_service()
        heard = []
        ann, bob = TableClient(url), TableClient(url, on_view=heard.append)
        await ann.connect()
        await bob.connect()
        opened = await ann.open("syndicate", 3, "Ann", {"target": 2})
        assert (ann.code, ann.seat, ann.token) == (opened["code"], 0, opened["token"])
        await bob.join(ann.code, "Bob")
        assert bob.seat == 1 and bob.token != ann.token
        view = opened["view"]
        while view["moves"] == opened["view"]["moves"]:   # clicks until a move is made
            answer = await (ann.click(view["targets"][0]) if view["targets"] and not view["buttons"]
                            else ann.move(view["buttons"][0]["action"]))
            view = answer["view"]
        await until(lambda: any(pushed["moves"] >= view["moves"] for pushed in heard))
        assert all(pushed["seat"] == 1 for pushed in heard)
        watcher = TableClient(url, keys=ann.keys)          # Ann's other page: her key goes with her name
        await watcher.connect()
        watched = await watcher.watch(ann.code)
        assert watched["type"] == "view" and watched["view"]["seat"] is None and not watched["view"]["targets"]
        assert (await watcher.answer("Ann", "01_syndicate.ipynb", "q1", "2", True)) == {"type": "noted"}
        left = await bob.leave()
        assert left == {"type": "left", "code": ann.code}
        for client in (ann, bob, watcher):
            await client.close()
        server.stop()

    asyncio.run(scene())


def test_a_client_says_clearly_what_is_wrong():
    with pytest.raises(ValueError, match="starts with ws:// or wss://"):
        TableClient("http://127.0.0.1:8867/tables")

    async def scene():
        service, server, url = await a_service()
        client = TableClient(url)
        with pytest.raises(ConnectionError, match="not connected"):
            await client.watch("BCDFG")
        await client.connect()
        with pytest.raises(ValueError, match="open, join or rejoin a table first"):
            await client.move("play 7H")
        refused = await client.join("BCDFG", "Ann")
        assert refused["type"] == "refused" and "There is no table" in refused["reason"] and client.code is None
        await client.close()
        assert not client.connected
        server.stop()

    asyncio.run(scene())


def test_once_the_service_has_gone_away_a_client_that_does_not_reconnect_gets_a_connection_error():
    async def scene():
        service, server, url = await a_service()
        client = TableClient(url, timeout=30, reconnect=False)
        await client.connect()
        opened = await client.open("coloretto", 3, "Ann")
        assert opened["type"] == "seated"
        server.stop()
        for page in list(service.connections[client.code]):
            page.close()
        await until(lambda: not client.connected)
        with pytest.raises(ConnectionError):
            await client.watch(client.code)

    asyncio.run(scene())
