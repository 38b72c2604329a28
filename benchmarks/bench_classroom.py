"""A class on the classroom server (``make classroom``): simulated learners open notebooks, step
through games and play moves for a few minutes, then leave; the server's figures are printed.

Run: .venv/bin/python benchmarks/bench_classroom.py [--learners 30] [--pages 3] [--minutes 3]
     [--lesson 03_coloretto.ipynb]

Everything stays on this machine (127.0.0.1); the number of learners and the time are bounded.
* The server is ``voila --Voila.config_file_paths=classroom notebooks/`` on a free port, with the
  settings of ``classroom/voila.py``; learners arrive once its kernel pools are full. Each learner
  opens two notebooks one after the other: the first spread over the lessons, or with ``--lesson``
  today's lesson (``CLASSROOM_LESSON``, with its larger pool), as a class does.
* Most learners are kernel-protocol clients: each requests a notebook page (``/voila/render/…``,
  the page open time is until the whole page has arrived), connects to its kernel's websocket like
  the page does, asks for the widgets' states, and then presses StepViewer's "forward ▶", clicks a
  highlighted part of a PlayTable's picture (the message the page sends on a click), or picks an
  answer of an exercise and presses "Check", with a pause of 1-4 s between actions. A widget response
  is the time from the click message to the kernel's "idle" after handling it (every picture update
  has arrived by then). On leaving, a client sends the same shutdown request the page sends. The
  clients run in a process (and session) of their own, apart from the pages' Chromium, Playwright
  thread and memory sampler, which would hold the CPU or the interpreter while an answer waits to
  be timed; how late their event loop wakes from a 50 ms sleep is printed as the clients' own delay.
* ``--pages`` learners are real headless Chromium pages (``/usr/bin/chromium``, never a download),
  driven with the browser tests' helpers (tests/browser/browser_harness.py): open time until every
  widget is drawn, response from the click to the changed picture; they leave by closing the page.
* The server's memory (its process and all kernels) is sampled every 5 s; after everyone left,
  the kernels still alive are counted (the aim: back to the pools' size).
Aims on a 2-core machine: open <= 3 s median, response <= 300 ms at the 95th percentile, kernels back
to the pool size, no error.

The shared tables (learners playing each other, the teacher's view, a SIGKILL and restart midway)
have their own load test, ``benchmarks/bench_shared_tables.py``: those tables live in a service of
their own (``python -m plateau_lab.classroom``), not in Voilà's kernels, so it is measured without
Voilà, its pools or a browser (their minutes of start-up and CPU would only blur the figures), with
websocket clients that speak to the service as the learners' kernels do.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
import browser_harness as harness  # noqa: E402

# The notebooks learners play in (those with a StepViewer, a PlayTable or exercises), in lesson order.
LESSONS = ["00_welcome.ipynb", "01_syndicate.ipynb", "02_plotters.ipynb", "03_coloretto.ipynb",
           "04_wimmuln.ipynb", "06_le_plateau_hand.ipynb"]
AIM_OPEN_S, AIM_RESPONSE_MS = 3.0, 300.0
CONTROL_PROTOCOL_VERSION = "1.0.0"   # ipywidgets 8's "jupyter.widget.control" comm refuses other majors
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
ERROR_OUTPUT = re.compile(r'data-mime-type="application/vnd\.jupyter\.(stderr|error)"')


@dataclass
class Figures:
    """What the learners measured, shared by the protocol clients and the browser thread."""

    opens: list[float] = field(default_factory=list)            # seconds
    page_opens: list[float] = field(default_factory=list)       # seconds, real pages
    responses: list[float] = field(default_factory=list)        # milliseconds
    responses_by_action: dict[str, list[float]] = field(default_factory=dict)   # the same, per kind of action
    page_responses: list[float] = field(default_factory=list)   # milliseconds, real pages
    errors: list[str] = field(default_factory=list)
    client_lags: list[float] = field(default_factory=list)      # milliseconds, the clients' own delays
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, name: str, value) -> None:
        with self.lock:
            getattr(self, name).append(value)

    def measured(self) -> dict:
        """Everything measured, as plain lists (to send from the protocol clients' process)."""
        return {name: value for name, value in vars(self).items() if name != "lock"}

    def merge(self, measured: dict) -> None:
        with self.lock:
            for name, values in measured.items():
                if isinstance(values, dict):
                    for key, more in values.items():
                        getattr(self, name).setdefault(key, []).extend(more)
                else:
                    getattr(self, name).extend(values)

    def response(self, action: str, milliseconds: float) -> None:
        """A protocol client's widget response, noted also under its kind of action."""
        with self.lock:
            self.responses.append(milliseconds)
            self.responses_by_action.setdefault(action, []).append(milliseconds)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def describe(values: list[float], unit: str) -> str:
    if not values:
        return "none measured"
    return (f"median {statistics.median(values):8.1f} {unit}   p95 {percentile(values, 0.95):8.1f} {unit}   "
            f"max {max(values):8.1f} {unit}   ({len(values)} measured)")


# ----------------------------------------------------------------------------- the server


class ClassroomServer:
    """``voila`` with ``classroom/voila.py`` on a free loopback port, its log in a file."""

    def __init__(self, workdir: Path, pool: int, lesson: str | None = None):
        self.port = harness.free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = workdir / "classroom.log"
        env = {**os.environ, "CLASSROOM_PORT": str(self.port), "CLASSROOM_POOL": str(pool),
               "CLASSROOM_LESSON": lesson or "", "JUPYTER_PREFER_ENV_PATH": "1",
               "CLASSROOM_TABLES_PORT": str(harness.free_port()),          # the shared tables' own, in this run
               "CLASSROOM_DATABASE": str(workdir / "shared_tables.sqlite")}
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(self.command(), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, start_new_session=True)
        self.psutil = psutil.Process(self.process.pid)
        self.watched: dict[int, psutil.Process] = {}

    def command(self) -> list[str]:
        """What starts the server: ``make classroom``'s Voilà, on this machine only."""
        return [sys.executable, "-m", "voila", "--Voila.config_file_paths=classroom", "--Voila.ip=127.0.0.1",
                "notebooks"]

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_for_pools(self, notebooks: int, timeout: float) -> float:
        """Wait until every notebook's pool is full and its kernels have run their notebooks (Voilà
        logs a full pool once the kernels started; the notebooks run after that, so we also wait
        until the kernels are idle: under 5 % of a core for 3 s). Returns the seconds it took."""
        start = time.monotonic()
        quiet_since = None
        while quiet_since is None or time.monotonic() - quiet_since < 3:
            if self.process.poll() is not None:
                raise RuntimeError(f"the classroom server exited:\n{self.log()[-3000:]}")
            if time.monotonic() - start > timeout:
                raise RuntimeError(f"the kernel pools were not ready within {timeout:.0f} s:\n{self.log()[-3000:]}")
            busy = self.kernels_cpu_percent()
            if self.log().count("Kernel pool of") >= notebooks and busy < 5:
                quiet_since = quiet_since or time.monotonic()
            else:
                quiet_since = None
            time.sleep(1)
        return time.monotonic() - start

    def kernels_cpu_percent(self) -> float:
        """CPU use of the kernels (and their workers) since the last call, in % of one core."""
        total = 0.0
        for child in self.psutil.children(recursive=True):
            known = self.watched.setdefault(child.pid, child)   # psutil measures from an object's last call
            try:
                total += known.cpu_percent(interval=None)
            except psutil.Error:
                self.watched.pop(child.pid)
        return total

    def kernels(self) -> int:
        """Kernels alive: the server's child processes running ipykernel (a dying one does not count)."""
        alive = 0
        for child in self.psutil.children():
            try:
                alive += "ipykernel_launcher" in child.cmdline()
            except psutil.Error:   # it ended (or is a zombie) while we looked
                pass
        return alive

    def memory_mb(self) -> float:
        processes = [self.psutil, *self.psutil.children(recursive=True)]
        total = 0
        for process in processes:
            try:
                total += process.memory_info().rss
            except psutil.Error:
                pass
        return total / 2**20

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def server_problems(log: str) -> list[str]:
    """The server log's errors: a line naming an error or a refused request (403, 500, 503), and
    for a traceback the exception it ended with and the line logged just before it.

    >>> log = ("[Voila] fine\\n[Voila] ERROR | Uncaught exception\\nTraceback (most recent call last):\\n"
    ...        '  File "x.py", line 1, in f\\n    g()\\nValueError: bad\\n[Voila] fine')
    >>> for problem in server_problems(log):
    ...     print(problem)
    [Voila] ERROR | Uncaught exception
    traceback ending ValueError: bad (logged after: [Voila] ERROR | Uncaught exception)
    """
    lines = log.splitlines()
    problems = []
    for number, line in enumerate(lines):
        if line.startswith("Traceback"):
            end = next((later for later in lines[number + 1:] if later and not later[0].isspace()), "(cut off)")
            before = lines[number - 1] if number else "(the log's start)"
            problems.append(f"traceback ending {end} (logged after: {before})")
        elif re.search(r"\b(403|500|503)\b|ERROR", line):
            problems.append(line)
    return problems


def sample_memory(server: ClassroomServer, samples: list, stop: threading.Event, start: float) -> None:
    while not stop.wait(5):
        try:
            samples.append((time.monotonic() - start, server.memory_mb(), server.kernels()))
        except psutil.Error:   # the server itself has gone
            return


# ----------------------------------------------------------------------------- protocol learners


def decode_frame(frame) -> dict:
    """A kernel message from Voilà's websocket: JSON text, or the binary form used when a message
    carries buffers (a count, offsets, then the JSON message and the buffers, which we do not need)."""
    if isinstance(frame, str):
        return json.loads(frame)
    count = struct.unpack("!I", frame[:4])[0]
    offsets = struct.unpack(f"!{count}I", frame[4:4 + 4 * count])
    end = offsets[1] if count > 1 else len(frame)
    return json.loads(frame[offsets[0]:end].decode("utf-8"))


class KernelClient:
    """One learner's connection to its kernel, speaking the Jupyter messaging protocol as the page does."""

    def __init__(self, connection, session: str):
        self.connection = connection
        self.session = session
        self.waiting: dict[str, asyncio.Future] = {}
        self.widget_states: asyncio.Future = asyncio.get_running_loop().create_future()
        self.kernel_errors: list[str] = []
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            frame = await self.connection.read_message()
            if frame is None:
                for future in self.waiting.values():
                    if not future.done():
                        future.set_exception(ConnectionError("the kernel's websocket closed"))
                return
            message = decode_frame(frame)
            kind = message["header"]["msg_type"]
            parent = message.get("parent_header", {}).get("msg_id")
            if kind == "error":
                self.kernel_errors.append(f"{message['content'].get('ename')}: {message['content'].get('evalue')}")
            elif kind == "comm_msg" and message["content"]["data"].get("method") == "update_states":
                if not self.widget_states.done():
                    self.widget_states.set_result(message["content"]["data"]["states"])
            elif kind == "status" and message["content"]["execution_state"] == "idle" and parent in self.waiting:
                self.waiting.pop(parent).set_result(time.perf_counter())

    def send(self, kind: str, content: dict, metadata: dict | None = None) -> asyncio.Future:
        """Send a shell message; the future resolves when the kernel is idle again after it."""
        msg_id = uuid.uuid4().hex
        message = {"header": {"msg_id": msg_id, "msg_type": kind, "session": self.session, "username": "learner",
                              "version": "5.3", "date": ""},
                   "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
                   "buffers": []}
        future = asyncio.get_running_loop().create_future()
        self.waiting[msg_id] = future
        self.connection.write_message(json.dumps(message))
        return future

    async def widgets(self) -> dict:
        """Every widget's state, asked for as the page's widget manager does (``request_states``)."""
        control = uuid.uuid4().hex
        self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                  metadata={"version": CONTROL_PROTOCOL_VERSION})
        self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        return await asyncio.wait_for(self.widget_states, 60)

    async def timed(self, kind: str, content: dict) -> float:
        """Milliseconds from sending a message to the kernel being idle after handling it."""
        start = time.perf_counter()
        done = await asyncio.wait_for(self.send(kind, content), 30)
        return (done - start) * 1000

    def click(self, button: str):
        return self.timed("comm_msg", {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}})

    def choose(self, picker: str, index: int):
        return self.timed("comm_msg", {"comm_id": picker,
                                       "data": {"method": "update", "state": {"index": index}, "buffer_paths": []}})

    def click_part(self, picture: str, name: str):
        """A click on the part ``name`` of a clickable picture: the message its page sends."""
        return self.timed("comm_msg", {"comm_id": picture, "data": {"method": "custom",
                                                                    "content": {"kind": "click", "target": name}}})

    def close(self) -> None:
        self.reader.cancel()
        self.connection.close()


def find(states: dict, model: str, description: str) -> list[str]:
    return [model_id for model_id, entry in states.items()
            if entry["state"].get("_model_name") == model and entry["state"].get("description") == description]


def play_table_pictures(states: dict) -> list[str]:
    """The clickable pictures of the PlayTables (the only clickable pictures with legal parts)."""
    return [model_id for model_id, entry in states.items() if {"svg", "legal", "marked"} <= set(entry["state"])]


async def shutdown_as_the_page_does(http, server_url: str, kernel_id: str) -> int:
    """The page's goodbye (Voilà's ``beforeunload``): a form POST carrying ``_xsrf`` from the cookie,
    which Voilà's notebook page never set, so the value is empty."""
    boundary = uuid.uuid4().hex
    body = f'--{boundary}\r\nContent-Disposition: form-data; name="_xsrf"\r\n\r\n\r\n--{boundary}--\r\n'
    request = HTTPRequest(f"{server_url}/voila/api/shutdown/{kernel_id}", method="POST", body=body,
                          headers={"Content-Type": f"multipart/form-data; boundary={boundary}",
                                   "Origin": server_url}, request_timeout=30)
    try:
        return (await http.fetch(request)).code
    except HTTPClientError as error:
        return error.code


async def protocol_learner(number: int, notebooks: list[str], server_url: str, deadline: float,
                           figures: Figures, rng: random.Random) -> None:
    http = AsyncHTTPClient()
    for notebook in notebooks:
        if time.monotonic() > deadline:
            return
        where = f"learner {number}, {notebook}"
        start = time.perf_counter()
        try:
            page = await http.fetch(f"{server_url}/voila/render/{notebook}", request_timeout=180)
        except Exception as error:   # tornado's HTTP or connection errors
            figures.add("errors", f"{where}: the page did not open ({error})")
            continue
        figures.add("opens", time.perf_counter() - start)
        html = page.body.decode("utf-8", "replace")
        found = KERNEL_ID.search(html)
        if not found:
            figures.add("errors", f"{where}: the page names no kernel")
            continue
        kernel_id = found.group(1)
        if ERROR_OUTPUT.search(html):
            figures.add("errors", f"{where}: the page shows an error (a cell failed)")
        session = uuid.uuid4().hex
        client = KernelClient(await websocket_connect(
            f"{server_url.replace('http', 'ws')}/api/kernels/{kernel_id}/channels?session_id={session}"), session)
        try:
            states = await client.widgets()
            forwards = find(states, "ButtonModel", "forward ▶")
            answers = [model_id for model_id, entry in states.items()
                       if entry["state"].get("description") == "Your answer:"]
            checks = find(states, "ButtonModel", "Check")
            if not forwards and not play_table_pictures(states) and not checks:
                figures.add("errors", f"{where}: no StepViewer, PlayTable or exercise among {len(states)} widgets")
            leave_at = min(deadline, time.monotonic() + rng.uniform(40, 90))
            while time.monotonic() < leave_at:
                await asyncio.sleep(rng.uniform(1, 4))
                playable = [(picture, states[picture]["state"]["legal"]) for picture in play_table_pictures(states)
                            if states[picture]["state"]["legal"]]
                action = rng.random()
                if playable and action < 0.5:
                    picture, legal = rng.choice(playable)
                    figures.response("click on a play table", await client.click_part(picture, rng.choice(legal)))
                    states = await refreshed(client)
                elif answers and len(answers) == len(checks) and action < 0.75:
                    exercise = rng.randrange(len(answers))
                    options = states[answers[exercise]]["state"].get("_options_labels", [])
                    figures.response("choose an answer", await client.choose(answers[exercise],
                                                                            rng.randrange(len(options))))
                    figures.response("check an answer", await client.click(checks[exercise]))
                elif forwards:
                    figures.response("step forward", await client.click(rng.choice(forwards)))
                elif playable:
                    picture, legal = rng.choice(playable)
                    figures.response("click on a play table", await client.click_part(picture, rng.choice(legal)))
                    states = await refreshed(client)
            figures.errors.extend(f"{where}: kernel error {text}" for text in client.kernel_errors)
        except (asyncio.TimeoutError, ConnectionError) as error:
            figures.add("errors", f"{where}: no answer from the kernel ({error!r})")
        finally:
            client.close()
            status = await shutdown_as_the_page_does(http, server_url, kernel_id)
            if status != 204:
                figures.add("errors", f"{where}: the page's shutdown request was answered {status}")


async def refreshed(client: KernelClient) -> dict:
    """The widgets' states again (a PlayTable's picture lights other parts after each move)."""
    client.widget_states = asyncio.get_running_loop().create_future()
    return await client.widgets()


async def protocol_class(learners: int, arrival_s: float, server_url: str, deadline: float,
                         figures: Figures, seed: int, lesson: str | None = None) -> None:
    # Tornado's client queues requests beyond 10 at once: every learner gets a connection of their own.
    AsyncHTTPClient.configure(None, max_clients=2 * learners)
    async def learner(number: int):
        rng = random.Random(seed * 1000 + number)
        await asyncio.sleep(arrival_s * number / max(1, learners))
        first = lesson or LESSONS[number % len(LESSONS)]
        await protocol_learner(number, [first, rng.choice(LESSONS)], server_url, deadline, figures, rng)

    async def watch_own_delay():
        """How late this process's event loop wakes up from a 50 ms sleep: a response can only be
        timed as precisely as that."""
        while time.monotonic() < deadline:
            asked = time.perf_counter()
            await asyncio.sleep(0.05)
            figures.add("client_lags", (time.perf_counter() - asked - 0.05) * 1000)

    watcher = asyncio.ensure_future(watch_own_delay())
    await asyncio.gather(*(learner(number) for number in range(learners)))
    watcher.cancel()


def protocol_class_in_process(learners: int, arrival_s: float, server_url: str, deadline: float, seed: int,
                              lesson: str | None) -> dict:
    """:func:`protocol_class` in a process of its own: the Chromium pages' Playwright thread and the
    memory sampler would otherwise hold the interpreter while a client waits to time an answer
    (every learner has a machine of their own). The process also leads a session of its own
    (``os.setsid``): Linux shares the CPU fairly between sessions (autogroups), and in the
    benchmark's session Chromium would take most of that share while it draws a page. Returns
    what it measured (:meth:`Figures.measured`)."""
    figures = Figures()
    asyncio.run(protocol_class(learners, arrival_s, server_url, deadline, figures, seed, lesson))
    return figures.measured()


# ----------------------------------------------------------------------------- real pages


def page_learners(pages: int, server_url: str, deadline: float, figures: Figures, lesson: str | None = None) -> None:
    """Real Chromium pages, one after another per page slot, doing what the browser tests do."""
    from playwright.sync_api import sync_playwright

    server = harness.Server("classroom", server_url, None, None)
    with sync_playwright() as playwright, harness.chromium_context(playwright) as context:
        turn = 0
        while time.monotonic() < deadline:
            opened = []
            for slot in range(pages):
                notebook = lesson if lesson and turn == 0 else LESSONS[(turn * pages + slot) % len(LESSONS)]
                try:
                    page, watch, seconds = harness.open_in_voila(context, server, notebook, timeout_ms=180_000)
                except Exception as error:   # Playwright's timeout or an AssertionError from the harness
                    figures.add("errors", f"page {slot}, {notebook}: did not open ({error})")
                    for stray in set(context.pages) - {page for page, _, _ in opened}:
                        stray.close(run_before_unload=True)   # the half-open page leaves too
                    continue
                figures.add("page_opens", seconds)
                opened.append((page, watch, notebook))
            for page, watch, notebook in opened:
                try:
                    viewers, tables = harness.step_viewers(page), harness.tables(page)
                    for _ in range(5):
                        if viewers.count():
                            figures.add("page_responses", harness.forward(page, viewers.first)["changed_ms"])
                    if tables.count() and tables.first.locator(".pl-legal").count():
                        table = tables.first
                        table.scroll_into_view_if_needed()
                        figures.add("page_responses", harness.click_target_and_time(page, table)["changed_ms"])
                except Exception as error:   # a click that did not change the picture
                    figures.add("errors", f"page, {notebook}: {error}")
                figures.errors.extend(f"page, {notebook}: {problem}" for problem in watch.problems())
                page.close(run_before_unload=True)   # fires Voilà's shutdown request
            turn += 1


# ----------------------------------------------------------------------------- the run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=30, help="learners in all (default 30), pages included")
    parser.add_argument("--pages", type=int, default=3, help="of them, real Chromium pages (default 3)")
    parser.add_argument("--minutes", type=float, default=3, help="how long the class lasts (default 3)")
    parser.add_argument("--arrival", type=float, default=60, help="seconds over which learners arrive")
    parser.add_argument("--pool", type=int, default=2, help="preheated kernels per notebook (CLASSROOM_POOL)")
    parser.add_argument("--lesson", help="today's lesson (CLASSROOM_LESSON): every learner opens it first, "
                                         "then another notebook; default: first notebooks spread over the lessons")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    if not 1 <= options.learners <= 60 or not 0 <= options.pages <= min(options.learners, 6):
        sys.exit("--learners must be 1-60 and --pages 0-6 (and at most --learners): this runs on one machine")
    if not 0.5 <= options.minutes <= 15:
        sys.exit("--minutes must be between 0.5 and 15")
    if options.pages and harness.chromium_problem():
        sys.exit(harness.chromium_problem())

    notebooks = len(list(harness.NOTEBOOKS.glob("*.ipynb")))
    figures, samples = Figures(), []
    with tempfile.TemporaryDirectory(prefix="plateau-classroom-") as workdir:
        server = ClassroomServer(Path(workdir), options.pool, options.lesson)
        try:
            warm = server.wait_for_pools(notebooks, timeout=600)
            pool_kernels = server.kernels()
            print(f"Classroom server {server.url}: {notebooks} notebooks x {options.pool} preheated kernels "
                  f"ready in {warm:.0f} s ({pool_kernels} kernels, {server.memory_mb():.0f} MB)")
            start = time.monotonic()
            deadline = start + 60 * options.minutes
            stop = threading.Event()
            sampler = threading.Thread(target=sample_memory, args=(server, samples, stop, start), daemon=True)
            sampler.start()
            browser = threading.Thread(target=page_learners,
                                       args=(options.pages, server.url, deadline, figures, options.lesson),
                                       daemon=True)
            if options.pages:
                browser.start()
            with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=os.setsid) as clients_process:
                clients = clients_process.submit(protocol_class_in_process, options.learners - options.pages,
                                                 options.arrival, server.url, deadline, options.seed, options.lesson)
                figures.merge(clients.result())
            if options.pages:
                browser.join(timeout=300)
            left = time.monotonic()
            while server.kernels() != pool_kernels and time.monotonic() - left < 120:
                time.sleep(1)
            settled = time.monotonic() - left
            stop.set()
            kernels_after = server.kernels()
            memory_after = server.memory_mb()
            server_errors = server_problems(server.log())
        finally:
            server.stop()

    print(f"\n{options.learners} learners ({options.pages} real Chromium pages), {options.minutes:g} min, "
          f"arriving over {options.arrival:g} s")
    print(f"page open, protocol clients : {describe(figures.opens, 's')}")
    print(f"page open, Chromium pages   : {describe(figures.page_opens, 's')}")
    print(f"widget response, clients    : {describe(figures.responses, 'ms')}")
    for action, values in sorted(figures.responses_by_action.items()):
        print(f"  {action:<26}: {describe(values, 'ms')}")
    print(f"widget response, pages      : {describe(figures.page_responses, 'ms')}")
    print(f"clients' own delay (a 50 ms sleep woken late): {describe(figures.client_lags, 'ms')}")
    print("server memory (server + kernels) and kernels alive, every 30 s:")
    for seconds, megabytes, kernels in samples[::6]:
        print(f"  {seconds:5.0f} s  {megabytes:7.0f} MB  {kernels:3d} kernels")
    print(f"  peak {max((s[1] for s in samples), default=0):.0f} MB, "
          f"{max((s[2] for s in samples), default=0)} kernels")
    print(f"kernels alive after everyone left: {kernels_after} (pool size {pool_kernels}; "
          f"waited {settled:.0f} s), memory {memory_after:.0f} MB")
    errors = figures.errors + [f"server log: {problem}" for problem in server_errors]
    print(f"errors: {len(errors)}")
    for error in errors[:20]:
        print(f"  {error[:300]}")
    opens = figures.opens + figures.page_opens
    responses = figures.responses + figures.page_responses
    verdict = {
        f"open <= {AIM_OPEN_S:g} s median": bool(opens) and statistics.median(opens) <= AIM_OPEN_S,
        f"response <= {AIM_RESPONSE_MS:g} ms p95": bool(responses) and percentile(responses, 0.95) <= AIM_RESPONSE_MS,
        "kernels back to the pool size": kernels_after == pool_kernels,
        "no error": not errors,
    }
    print("aims: " + "; ".join(f"{aim}: {'met' if met else 'NOT met'}" for aim, met in verdict.items()))


if __name__ == "__main__":
    main()
