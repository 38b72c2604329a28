"""How fast a move at a shared table reaches the other learners there (plateau_lab.classroom).

Run: .venv/bin/python benchmarks/bench_shared_tables.py [--learners 30] [--tables 8] [--moves 200]
     [--think 1.0] [--game wimmuln]

The service runs in a process of its own (``python -m plateau_lab.classroom``, as ``make classroom``
starts it) on 127.0.0.1 with a fresh database, bots moving every 0.6 s as in class. The learners are
websocket clients (as their kernels would be), all in this process: they sit at the tables (four
seats each, bots in the seats left) and play by clicks, as a page does, each waiting up to
``--think`` seconds before a move. For each learner's move:
* acknowledged: from sending the message that completes the move to its answer (the move is
  stored, committed with synchronous=FULL, before the answer is sent);
* propagated: from sending it to each other learner at the table receiving their own new view.
Printed: median and 95th percentile of both, the clients' own delay (their event loop waking late
from a 50 ms sleep: it adds to the figures), the service's memory, errors. Aim (issue 30): a move at
every other seat within 300 ms at the 95th percentile with 30 learners.
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




async def seat_class(url: str, game: str, tables: int, learners: int) -> list[list[Learner]]:
    """``learners`` learners spread over ``tables`` tables of ``game`` (four seats each, bots in the rest)."""
    seated: list[list[Learner]] = [[] for _ in range(tables)]
    for number in range(learners):
        seated[number % tables].append(Learner(url))
    for table, at in enumerate(seated):
        code = None
        for number, learner in enumerate(at):
            await learner.client.connect()
            if code is None:
                answer = await learner.client.open(game, 4, f"Learner {table}-{number}")
                code = answer["code"]
            else:
                answer = await learner.client.join(code, f"Learner {table}-{number}")
            if answer["type"] != "seated":
                raise RuntimeError(f"could not sit down: {answer}")
            learner.heard(answer["view"])
    return seated


async def play_table(at: list[Learner], think: float, rng: random.Random, wanted: int, figures: dict) -> None:
    """The learners at one table play (a pause of up to ``think`` seconds before each move) until the
    class has made ``wanted`` measured moves or the game ends; each move's acknowledgement and its
    arrival at every other learner of the table go into ``figures``."""
    while len(figures["acknowledged"]) < wanted and not at[0].view["over"]:
        mover = next((learner for learner in at if learner.my_turn()), None)
        if mover is None:
            await asyncio.sleep(0.005)
            continue
        await asyncio.sleep(think * rng.random())
        sent, count = await mover.move(rng)
        figures["acknowledged"].append((time.perf_counter() - sent) * 1000)
        for other in at:
            if other is not mover:
                await wait_until(lambda: count in other.arrived)
                figures["propagated"].append((other.arrived[count] - sent) * 1000)


async def measure(url: str, arguments) -> dict:
    seated = await seat_class(url, arguments.game, arguments.tables, arguments.learners)
    figures: dict = {"acknowledged": [], "propagated": [], "lag": [], "errors": []}
    probing = True

    async def lag_probe() -> None:
        while probing:
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            figures["lag"].append((time.perf_counter() - before - 0.05) * 1000)

    probe = asyncio.ensure_future(lag_probe())
    results = await asyncio.gather(*(play_table(at, arguments.think, random.Random(table), arguments.moves, figures)
                                     for table, at in enumerate(seated)), return_exceptions=True)
    figures["errors"] = [repr(result) for result in results if isinstance(result, BaseException)]
    probing = False
    await probe
    for at in seated:
        for learner in at:
            await learner.client.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200, help="learners' moves to measure (over all tables)")
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--think", type=float, default=1.0, help="most seconds a learner waits before a move")
    parser.add_argument("--game", default="wimmuln", help="a game of four seats")
    arguments = parser.parse_args()
    if not 1 <= arguments.tables <= arguments.learners <= 4 * arguments.tables:
        parser.error("each table seats one to four learners")
    with tempfile.TemporaryDirectory() as folder:
        process, url = start_service(Path(folder) / "tables.sqlite", "--bot-delay", "0.6")
        try:
            figures = asyncio.run(measure(url, arguments))
            memory = psutil.Process(process.pid).memory_info().rss / 2**20
        finally:
            stop(process)
    acknowledged, propagated, lag = figures["acknowledged"], figures["propagated"], figures["lag"] or [0.0]
    print(f"{arguments.learners} learners at {arguments.tables} {arguments.game} tables (bots in the other seats, "
          f"a bot move every 0.6 s); {len(acknowledged)} learners' moves, {len(propagated)} arrivals at other learners")
    print(f"acknowledged (stored, then answered): median {statistics.median(acknowledged):.1f} ms, "
          f"p95 {percentile(acknowledged, 0.95):.1f} ms")
    print(f"propagated to every other learner:    median {statistics.median(propagated):.1f} ms, "
          f"p95 {percentile(propagated, 0.95):.1f} ms (aim: p95 <= {AIM_P95_MS:.0f} ms)")
    print(f"the clients' own delay (a 50 ms sleep waking late): median {statistics.median(lag):.1f} ms, "
          f"p95 {percentile(lag, 0.95):.1f} ms")
    print(f"service memory: {memory:.0f} MB; errors: {len(figures['errors'])}"
          + (f" {figures['errors'][:3]}" if figures["errors"] else ""))


if __name__ == "__main__":
    main()
