"""How fast a move at a shared table reaches the other learner (plateau_lab.classroom).

Run: .venv/bin/python benchmarks/bench_shared_tables.py [--moves 200] [--busy-tables 7] [--game coloretto]

The service runs in a process of its own (``python -m plateau_lab.classroom``, as ``make classroom``
starts it) on 127.0.0.1 with a fresh database. Two learners (websocket clients, as their kernels
would be) share a two-player table and play each other by clicks, as a page does; for each move:
* acknowledged: from sending the message that completes the move to its answer (the move is
  stored, committed with synchronous=FULL, before the answer is sent);
* propagated: from sending it to the other learner receiving their own new view.
When a game ends, they open another. Meanwhile ``--busy-tables`` other tables each have one learner
playing three bots (a bot move every 0.1 s), so the service is not idle, as in a class of 8 tables.
Printed: median and 95th percentile of both, the service's memory, errors. Aim (issue 30): a move at
every other seat within 300 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "classroom"))
from harness import start_service, stop  # noqa: E402

from plateau_lab.classroom.client import TableClient  # noqa: E402

AIM_P95_MS = 300.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Learner:
    """A client that keeps its seat's newest view and when each move count first reached it."""

    def __init__(self, url: str):
        self.client = TableClient(url, on_view=self.heard)
        self.view: dict = {"moves": -1}
        self.arrived: dict[int, float] = {}

    def heard(self, view: dict) -> None:
        self.arrived.setdefault(view["moves"], time.perf_counter())
        if view["moves"] >= self.view["moves"]:
            self.view = view

    def my_turn(self) -> bool:
        return bool(self.view.get("targets") or self.view.get("buttons"))

    async def move(self, rng: random.Random) -> tuple[float, int]:
        """Make a move by clicks (or a button); (when the completing message was sent, the new move count)."""
        view = self.view
        while True:
            sent = time.perf_counter()
            if view["targets"] and (not view["buttons"] or rng.random() < 0.8):
                answer = await self.client.click(rng.choice(view["targets"]))
            else:
                answer = await self.client.move(rng.choice(view["buttons"])["action"])
            if answer["type"] != "view":
                raise RuntimeError(f"refused: {answer}")
            self.heard(answer["view"])
            if answer["view"]["moves"] > view["moves"]:
                return sent, answer["view"]["moves"]
            view = answer["view"]


async def wait_until(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("no answer in 60 s")
        await asyncio.sleep(0.001)


async def pair(url: str, game: str, moves: int, rng: random.Random) -> tuple[list[float], list[float]]:
    """Two learners play each other for ``moves`` moves; (acknowledged ms, propagated ms)."""
    acknowledged, propagated = [], []
    ann, bob = Learner(url), Learner(url)
    await ann.client.connect()
    await bob.client.connect()
    while len(propagated) < moves:
        opened = await ann.client.open(game, 2, "Ann")
        ann.heard(opened["view"])
        bob.arrived.clear()
        ann.arrived.clear()
        joined = await bob.client.join(opened["code"], "Bob")
        bob.view = {"moves": -1}
        bob.heard(joined["view"])
        while len(propagated) < moves:
            await wait_until(lambda: ann.my_turn() or bob.my_turn() or ann.view["over"])
            if ann.view["over"]:
                break
            mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
            sent, count = await mover.move(rng)
            acknowledged.append((time.perf_counter() - sent) * 1000)
            await wait_until(lambda: count in other.arrived)
            propagated.append((other.arrived[count] - sent) * 1000)
        ann.view = {"moves": -1}
    await ann.client.close()
    await bob.client.close()
    return acknowledged, propagated


async def busy_table(url: str, stop_playing: asyncio.Event, rng: random.Random, errors: list[str]) -> int:
    """One learner against three bots until told to stop; the moves made."""
    learner = Learner(url)
    await learner.client.connect()
    made = 0
    try:
        while not stop_playing.is_set():
            opened = await learner.client.open("oh_hell", 4, "Cid")
            learner.view = {"moves": -1}
            learner.heard(opened["view"])
            while not stop_playing.is_set() and not learner.view["over"]:
                if learner.my_turn():
                    await learner.move(rng)
                    made += 1
                else:
                    await asyncio.sleep(0.02)
    except Exception as err:     # noqa: BLE001 (counted and printed)
        errors.append(repr(err))
    await learner.client.close()
    return made


async def measure(url: str, arguments) -> tuple[list[float], list[float], int, list[str]]:
    stop_playing, errors = asyncio.Event(), []
    busy = [asyncio.ensure_future(busy_table(url, stop_playing, random.Random(seat), errors))
            for seat in range(arguments.busy_tables)]
    await asyncio.sleep(1.0 if busy else 0)
    acknowledged, propagated = await pair(url, arguments.game, arguments.moves, random.Random(1))
    stop_playing.set()
    made = sum(await asyncio.gather(*busy))
    return acknowledged, propagated, made, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--busy-tables", type=int, default=7)
    parser.add_argument("--game", default="coloretto", help="a game two can play")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_service(Path(folder) / "tables.sqlite", "--bot-delay", "0.1")
        try:
            acknowledged, propagated, made, errors = asyncio.run(measure(url, arguments))
            memory = psutil.Process(process.pid).memory_info().rss / 2**20
        finally:
            stop(process)
    print(f"{len(propagated)} moves between two learners at a {arguments.game} table; "
          f"{arguments.busy_tables} other tables busy (one learner and three bots each, {made} learner moves)")
    print(f"acknowledged (stored, then answered): median {statistics.median(acknowledged):.1f} ms, "
          f"p95 {percentile(acknowledged, 0.95):.1f} ms")
    print(f"propagated to the other learner:      median {statistics.median(propagated):.1f} ms, "
          f"p95 {percentile(propagated, 0.95):.1f} ms (aim: p95 <= {AIM_P95_MS:.0f} ms)")
    print(f"service memory: {memory:.0f} MB; errors: {len(errors)}" + (f" {errors[:3]}" if errors else ""))


if __name__ == "__main__":
    main()
