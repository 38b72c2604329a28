"""``make classroom`` starts the shared tables' service with Voilà: when Voilà loads
``classroom/voila.py`` it starts the service on CLASSROOM_TABLES_PORT with CLASSROOM_DATABASE, tells
the kernels its address in PLATEAU_CLASSROOM_URL, starts it again at once after a SIGKILL (same port,
database and teacher token, both readable by their owner only), and stops it when Voilà exits. A test
or a tool that only reads the settings (tests/test_classroom_config.py) starts nothing."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[2]

AS_VOILA_STARTS = """
import asyncio, json, sys, time
from traitlets.config.loader import PyFileConfigLoader
from voila.app import Voila
if sys.argv[2] == "voila":
    Voila.instance()            # Voilà's application exists while it reads its settings
config = PyFileConfigLoader("voila.py", path=sys.argv[1]).load_config()
import os
from tornado.websocket import websocket_connect
url = os.environ.get("PLATEAU_CLASSROOM_URL")
answer = None
if url:
    async def ask():
        deadline = time.monotonic() + 120
        while True:
            try:
                connection = await websocket_connect(url)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)
        await connection.write_message('{"type": "watch", "code": "BCDFG"}')
        return json.loads(await connection.read_message())
    answer = asyncio.run(ask())
print(json.dumps({"url": url, "answer": answer}))
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def services_on(database: Path) -> list[psutil.Process]:
    return [process for process in psutil.process_iter(["cmdline"])
            if "plateau_lab.classroom" in (process.info["cmdline"] or []) and str(database) in process.info["cmdline"]]


def run_settings(how: str, database: Path, port: int) -> dict:
    done = subprocess.run([sys.executable, "-c", AS_VOILA_STARTS, str(ROOT / "classroom"), how], capture_output=True,
                          text=True, timeout=300, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home()), "CLASSROOM_TABLES_PORT": str(port),
                               "CLASSROOM_DATABASE": str(database)})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def test_voila_starts_the_service_tells_the_kernels_where_and_stops_it(tmp_path):
    database, port = tmp_path / "tables.sqlite", free_port()
    seen = run_settings("voila", database, port)
    assert seen["url"] == f"ws://127.0.0.1:{port}/tables"
    assert seen["answer"]["type"] == "refused" and "There is no table" in seen["answer"]["reason"]
    assert database.exists()
    deadline = time.monotonic() + 60
    while services_on(database) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert services_on(database) == [], "the service outlived Voilà"


def test_reading_the_settings_starts_no_service(tmp_path):
    database = tmp_path / "tables.sqlite"
    assert run_settings("reader", database, free_port()) == {"url": None, "answer": None}
    assert not database.exists() and services_on(database) == []


AS_VOILA_STARTS_THEN_A_CRASH = """
import asyncio, json, os, signal, sys, time
import psutil
from traitlets.config.loader import PyFileConfigLoader
from voila.app import Voila
from tornado.websocket import websocket_connect
Voila.instance()
config = PyFileConfigLoader("voila.py", path=sys.argv[1]).load_config()
database = os.environ["CLASSROOM_DATABASE"]
url = os.environ["PLATEAU_CLASSROOM_URL"]

def service():
    for process in psutil.process_iter(["cmdline"]):
        if "plateau_lab.classroom" in (process.info["cmdline"] or []) and database in process.info["cmdline"]:
            return process

async def ask():
    for _ in range(1200):                      # 0.1 s apart: against a hang only
        try:
            connection = await websocket_connect(url)
            await connection.write_message('{"type": "watch", "code": "BCDFGHJ"}')
            answer = await asyncio.wait_for(connection.read_message(), 30)
            if answer is not None:
                return json.loads(answer)
        except OSError:
            pass
        await asyncio.sleep(0.1)

first = asyncio.run(ask())
token = os.path.splitext(database)[0] + ".teacher-token"
token_before = open(token).read()
killed = service()
killed.send_signal(signal.SIGKILL)
for _ in range(600):      # gone, without reaping it (psutil's wait would, and the supervisor would then read 0)
    try:
        if killed.status() == psutil.STATUS_ZOMBIE:
            break
    except psutil.NoSuchProcess:
        break
    time.sleep(0.05)
again = asyncio.run(ask())
restarted = service()
print(json.dumps({"first": first, "again": again, "same_process": restarted.pid == killed.pid,
                  "modes": [oct(os.stat(path).st_mode & 0o777) for path in (database, token)],
                  "token_kept": open(token).read() == token_before}))
"""


def test_make_classroom_starts_the_service_again_after_a_sigkill_on_the_same_port_and_database(tmp_path):
    database, port = tmp_path / "tables.sqlite", free_port()
    done = subprocess.run([sys.executable, "-c", AS_VOILA_STARTS_THEN_A_CRASH, str(ROOT / "classroom")],
                          capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home()), "CLASSROOM_TABLES_PORT": str(port),
                               "CLASSROOM_DATABASE": str(database)})
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert "There is no table" in seen["first"]["reason"] and "There is no table" in seen["again"]["reason"]
    assert not seen["same_process"] and seen["token_kept"] and seen["modes"] == ["0o600", "0o600"]
    assert "The shared tables' service stopped (killed by signal 9): starting it again" in done.stderr
    deadline = time.monotonic() + 60
    while services_on(database) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert services_on(database) == [], "the service outlived Voilà"


def test_a_taken_tables_port_stops_voila_with_a_sentence(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-c", AS_VOILA_STARTS, str(ROOT / "classroom"), "voila"],
                              capture_output=True, text=True, timeout=300, cwd=ROOT,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home()),
                                   "CLASSROOM_TABLES_PORT": str(port), "CLASSROOM_DATABASE": str(tmp_path / "t.sqlite")})
    assert done.returncode != 0 and f"The shared tables' port {port} cannot be used" in done.stderr
    assert "set CLASSROOM_TABLES_PORT to a free port" in done.stderr
