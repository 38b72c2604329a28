"""Start the shared tables' service in a process of its own, as ``make classroom`` does, for the
tests and the benchmark (benchmarks/bench_shared_tables.py), or on the test's own event loop
(:func:`a_service`); waits are bounded by generous timeouts."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from plateau_lab.classroom.service import Service, make_app
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import SharedTables

START_TIMEOUT = 120.0     # seconds: the service imports the games before it listens
ANSWER_TIMEOUT = 60.0


def start_service(database: Path, *extra: str, pass_fds: tuple[int, ...] = ()) -> tuple[subprocess.Popen, str]:
    """The service on a free port of 127.0.0.1 with ``database`` (or on a socket handed down: ``extra``
    names it with --listen-fd, ``pass_fds`` passes it); (its process, its ws:// address)."""
    process = subprocess.Popen([sys.executable, "-m", "plateau_lab.classroom", "--port", "0", "--address", "127.0.0.1",
                                "--database", str(database), *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=pass_fds)
    # Lines are read as they come, blocking: a service that never says its address is stopped by the
    # watchdog, which ends the read. (Waiting on the pipe with select() missed lines that had reached
    # the reader's buffer together: the class's games and the address, on a busy machine.)
    watchdog = threading.Timer(START_TIMEOUT, process.kill)
    watchdog.start()
    try:
        for line in iter(process.stdout.readline, ""):
            found = re.search(r"ws://\S+/tables", line)
            if found:
                return process, found.group(0)
    finally:
        watchdog.cancel()
    process.kill()
    raise RuntimeError(f"the service did not start within {START_TIMEOUT:.0f} s: {process.stderr.read()[-3000:]}")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


async def until(condition, timeout: float = ANSWER_TIMEOUT, every: float = 0.01) -> None:
    """Wait until ``condition()`` holds (TimeoutError after ``timeout`` seconds: only against a hang)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("waited too long")
        await asyncio.sleep(every)


async def a_service():
    """The service on a free port of this event loop, in memory, bots moving at once;
    (service, server, address)."""
    service = Service(SharedTables(Store(":memory:")), bot_delay=0)
    service.start()
    sockets = bind_sockets(0, address="127.0.0.1")
    server = HTTPServer(make_app(service))
    server.add_sockets(sockets)
    return service, server, f"ws://127.0.0.1:{sockets[0].getsockname()[1]}/tables"
