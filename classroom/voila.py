"""Voilà settings for a class: one server, 20-40 learners, the notebooks of ``notebooks/``.

``make classroom`` runs ``voila --Voila.config_file_paths=classroom notebooks/`` so that Voilà reads
this file. Each setting says why it is there. Environment variables adjust it without editing:
``CLASSROOM_PORT`` (default 8866), ``CLASSROOM_POOL`` (preheated kernels per notebook, default 2),
``CLASSROOM_LESSON`` (today's notebook, e.g. ``03_coloretto.ipynb``) with ``CLASSROOM_LESSON_POOL``
(its preheated kernels, default 16), ``CLASSROOM_MAX_KERNELS`` (default 64) and
``CLASSROOM_PREHEAT_AT_ONCE`` (pool kernels running their notebook at once, default half the cores)
and ``CLASSROOM_PREHEAT_NICENESS`` (the CPU priority they run it at, default 10).

When Voilà starts with these settings, it also starts the shared tables' service
(``python -m plateau_lab.classroom``, see ``plateau_lab/classroom/service.py``) on
``CLASSROOM_TABLES_PORT`` (default the classroom port + 1) with the database ``CLASSROOM_DATABASE``
(default ``classroom/shared_tables.sqlite``), supervises it (started again at once if it stops:
see SharedTablesSupervisor) and stops it when Voilà stops.
"""

import asyncio
import atexit
import os
import socket
import subprocess
import sys
import threading
import time
from datetime import datetime, timezone
from pathlib import Path

from jinja2 import FileSystemBytecodeCache
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from voila.exporter import VoilaExporter

c = get_config()  # noqa: F821 (Voilà runs this file with get_config defined)

PORT = int(os.environ.get("CLASSROOM_PORT", "8866"))
POOL = int(os.environ.get("CLASSROOM_POOL", "2"))
# Today's lesson (a notebook's file name) and how many of its kernels to preheat: most of a class
# opens it within the first minute, faster than kernels can run it one after another.
LESSON = os.environ.get("CLASSROOM_LESSON", "")
LESSON_POOL = int(os.environ.get("CLASSROOM_LESSON_POOL", "16"))
# Most kernels alive at once, pools included. A kernel of these notebooks holds 60-170 MB (90 MB on
# average with 30 learners, benchmarks/bench_classroom.py), so 64 kernels stay within about 6 GB.
MAX_KERNELS = int(os.environ.get("CLASSROOM_MAX_KERNELS", "64"))
# Pool kernels running their notebook at once (see ClassroomKernelManager): one core's worth, so
# that on a 2-core server the other core answers the learners' clicks.
PREHEAT_AT_ONCE = int(os.environ.get("CLASSROOM_PREHEAT_AT_ONCE", str(max(1, (os.cpu_count() or 2) // 2))))
# A pool kernel idle this long has run its notebook; no turn lasts longer than PREHEAT_TURN_S.
SETTLED_S, PREHEAT_TURN_S = 1.0, 120.0
# The niceness (Unix CPU priority: 0 normal, 19 lowest) a pool kernel runs its notebook at, so that
# the learners' clicks get the CPU before the refills (see ClassroomKernelManager).
PREHEAT_NICENESS = int(os.environ.get("CLASSROOM_PREHEAT_NICENESS", "10"))


def address_for_learners() -> str:
    """This machine's address on the network learners share (the interface of the default route).
    Connecting a UDP socket sends nothing; it only asks the system which interface it would use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:   # no network: the machine's own name is the best we have
            return socket.gethostname()


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Refuses a kernel beyond MAX_KERNELS, so a class can never exhaust the server's memory:
    the learner who would be one too many sees "503: the classroom server is full".

    Refilling the pools runs whole notebooks (1-5 s of CPU each), and every learner who opens a
    page causes one. Run side by side, the refills would take every core and the learners' clicks
    would wait behind them; so only PREHEAT_AT_ONCE pool kernels run their notebook at a time, and
    the other cores stay free for learners. A pool kernel's turn ends when it has been idle for
    SETTLED_S seconds (its notebook has run) or after PREHEAT_TURN_S seconds at most. A kernel a
    learner waits for starts at once: one taken from the pool while waiting for its turn, or one
    started because the pool was empty.

    During its turn a pool kernel also runs at a low CPU priority (PREHEAT_NICENESS), so that a
    learner's click that meets a refill is answered first; when its turn ends, or a learner takes
    it, it is back at normal priority. Linux gives every session its own scheduling group (an
    "autogroup"), and a kernel is started in a session of its own, so a process's niceness only
    orders it among its own threads: the kernel's autogroup is given the niceness instead
    (``/proc/<pid>/autogroup``, which any user may set to 0-19 for his own processes). Where
    autogroups are off, the kernel shares the server's (or /proc cannot tell), or Linux refuses the
    change (logged), priorities are left alone.
    """

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._preheat_turns = asyncio.Semaphore(PREHEAT_AT_ONCE)

    async def start_kernel(self, *args, **kwargs):
        if len(self) >= MAX_KERNELS:
            raise HTTPError(503, f"the classroom server is full ({MAX_KERNELS} notebooks open); "
                                 "close a notebook tab or try again in a few minutes")
        if kwargs.get("env", {}).get("VOILA_PREHEAT") != "True":
            return await super().start_kernel(*args, **kwargs)
        if not await self._preheat_turn():
            return await super().start_kernel(*args, **kwargs)
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        except BaseException:
            self._preheat_turns.release()
            raise
        asyncio.create_task(self._take_turn(kernel_id, asyncio.current_task()))
        return kernel_id

    def _in_a_pool(self, entry: asyncio.Task) -> bool:
        """A pool entry is the task that starts its kernel; Voilà keeps each notebook's entries in
        the list ``_pools[notebook]`` and pops the one a learner gets."""
        return any(entry in pool for pool in getattr(self, "_pools", {}).values())

    async def _preheat_turn(self) -> bool:
        """Wait for a preheating turn (True), unless a learner takes this pool kernel while it
        waits (False: it starts at once). The pool entry is the task this runs in."""
        waiting = asyncio.current_task()
        while self._preheat_turns.locked():
            if not self._in_a_pool(waiting):
                return False
            await asyncio.sleep(0.1)
        await self._preheat_turns.acquire()
        return True

    async def _take_turn(self, kernel_id: str, entry: asyncio.Task) -> None:
        """The kernel's preheating turn, at low priority: it ends when the kernel has run its
        notebook, when a learner takes it (``entry`` left its pool) or after PREHEAT_TURN_S."""
        group = kernel_autogroup(getattr(self._kernels[kernel_id].provisioner, "pid", None))
        started = time.monotonic()
        try:
            if group and (refused := await set_niceness(group, PREHEAT_NICENESS)):
                self.log.warning("Refills run at normal priority: Linux refused to set %s (%s)", group, refused)
                group = None
            while time.monotonic() - started < PREHEAT_TURN_S:
                await asyncio.sleep(0.25)
                kernel = self._kernels.get(kernel_id)
                if kernel is None:
                    return
                quiet = (datetime.now(timezone.utc) - kernel.last_activity).total_seconds()
                if (kernel.execution_state == "idle" and quiet >= SETTLED_S) or not self._in_a_pool(entry):
                    return
        finally:
            self._preheat_turns.release()
            if group:
                await set_niceness(group, 0)


def kernel_autogroup(pid: int | None) -> Path | None:
    """The file that sets the niceness of the kernel's autogroup, when autogroups are on and the
    kernel (``pid``) has one of its own, not the server's; otherwise None."""
    try:
        if pid is None or Path("/proc/sys/kernel/sched_autogroup_enabled").read_text().strip() != "1":
            return None
        group = Path(f"/proc/{pid}/autogroup")
        if group.read_text().split()[0] == Path("/proc/self/autogroup").read_text().split()[0]:
            return None
        return group
    except (OSError, IndexError):   # not Linux, no autogroups in this kernel, or the kernel ended
        return None


async def set_niceness(group: Path, niceness: int) -> OSError | None:
    """Give an autogroup ``niceness``; the error if Linux refuses. Linux lets an unprivileged user
    change one autogroup every 0.1 s at most and answers EAGAIN meanwhile: try again for up to 5 s.
    A kernel that has ended needs no priority."""
    for _ in range(50):
        try:
            group.write_text(str(niceness))
            return None
        except BlockingIOError:
            await asyncio.sleep(0.1)
        except (ProcessLookupError, FileNotFoundError):
            return None
        except OSError as refused:
            return refused
    return BlockingIOError("busy for 5 s")


def with_compiled_templates(create_environment):
    """Voilà makes a new Jinja environment for every page it renders (each pool refill is one),
    and so compiles its page templates again every time: about 60% of a page's rendering (sampled
    with py-spy during the pools' warm-up), all of it on the server's one event loop, where every
    learner's widget messages wait behind it. Jinja's bytecode cache keeps the compiled templates
    (checked against their source) for every later page."""
    def create_with_cache(exporter):
        environment = create_environment(exporter)
        environment.bytecode_cache = COMPILED_TEMPLATES
        return environment
    return create_with_cache


# Voilà's environments render asynchronously; the name keeps them apart from ordinary templates.
COMPILED_TEMPLATES = FileSystemBytecodeCache(pattern="plateau-classroom-voila-async-%s.cache")
VoilaExporter._create_environment = with_compiled_templates(VoilaExporter._create_environment)


class SharedTablesSupervisor:
    """The shared tables' service, kept running: started again at once whenever it stops (a crash,
    a SIGKILL, the machine short of memory), on the same port, database and teacher token.

    The supervisor (Voilà's process) holds the listening socket and hands it to each service it
    starts (``--listen-fd``): the port never stops listening, and the pages' reconnections wait in
    its queue until the new service, a second or two later, answers them. The database and the
    teacher's token (kept beside it) are the class's, so the teacher's address stays valid. A
    service that stops within QUICK_SECONDS of starting, QUICK_STOPS times in a row, is not
    started again: it says why (a damaged database, a port taken), and restarting cannot help.
    """

    QUICK_SECONDS, QUICK_STOPS = 10.0, 3

    def __init__(self, port: int, database: Path, pages: list[str]):
        self.port, self.database, self.pages = port, database, pages
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.listener.bind(("127.0.0.1", port))
        except OSError as err:
            raise SystemExit(f"The shared tables' port {port} cannot be used ({err.strerror}): is another classroom "
                             "server running? Stop it, or set CLASSROOM_TABLES_PORT to a free port.") from None
        self.listener.listen(128)
        self.listener.set_inheritable(True)
        self.restarts = 0
        self.stopping = False
        self.process = self._spawn()
        threading.Thread(target=self._watch, name="shared tables' supervisor", daemon=True).start()

    def _spawn(self) -> subprocess.Popen:
        origins = [argument for page in self.pages for argument in ("--page-origin", page)]
        return subprocess.Popen([sys.executable, "-m", "plateau_lab.classroom", "--listen-fd",
                                 str(self.listener.fileno()), "--database", str(self.database),
                                 "--parent", str(os.getpid()), *origins], pass_fds=(self.listener.fileno(),))

    def _watch(self) -> None:
        quick = 0
        while not self.stopping:
            started = time.monotonic()
            code = self.process.wait()
            if self.stopping:
                return
            quick = quick + 1 if time.monotonic() - started < self.QUICK_SECONDS else 0
            if quick >= self.QUICK_STOPS:
                print(f"The shared tables' service stopped {quick} times within {self.QUICK_SECONDS:.0f} s of "
                      "starting (see its words above): it is not started again. Mend what it says and restart "
                      "make classroom.", file=sys.stderr, flush=True)
                return
            how = f"killed by signal {-code}" if code < 0 else f"exit code {code}"
            self.restarts += 1
            print(f"The shared tables' service stopped ({how}): starting it again on port {self.port} with "
                  f"{self.database} (restart {self.restarts}); the pages connect again by themselves.",
                  file=sys.stderr, flush=True)
            self.process = self._spawn()

    def stop(self) -> None:
        """Stop the service for good (SIGTERM: it lets the pages' goodbyes be written first)."""
        self.stopping = True
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.listener.close()


def start_shared_tables() -> SharedTablesSupervisor | None:
    """Start the shared tables' service beside Voilà, supervised, when Voilà itself is starting (not
    when a test or a tool only reads these settings), and tell the kernels where it is: they inherit
    Voilà's environment, so ``PLATEAU_CLASSROOM_URL`` reaches every learner's kernel. It listens on
    this machine only (127.0.0.1): the learners' kernels connect to it, never their browsers (a
    browser's websocket is accepted only from the class's pages). It stops when Voilà exits, and by
    itself if Voilà is killed (``--parent``)."""
    from voila.app import Voila
    if not Voila.initialized():
        return None
    TABLES_DATABASE.parent.mkdir(parents=True, exist_ok=True)
    pages = [f"http://{host}:{PORT}" for host in dict.fromkeys((address_for_learners(), "127.0.0.1", "localhost"))]
    supervisor = SharedTablesSupervisor(TABLES_PORT, TABLES_DATABASE, pages)
    os.environ["PLATEAU_CLASSROOM_URL"] = f"ws://127.0.0.1:{TABLES_PORT}/tables"
    atexit.register(supervisor.stop)
    return supervisor


# --- the shared tables, in a service of their own beside Voilà ---------------------------------
# Where the service listens (this machine only) and the database keeping every table's moves.
TABLES_PORT = int(os.environ.get("CLASSROOM_TABLES_PORT", str(PORT + 1)))
TABLES_DATABASE = Path(os.environ.get("CLASSROOM_DATABASE", str(Path(__file__).resolve().parent / "shared_tables.sqlite")))
SHARED_TABLES = start_shared_tables()

# --- where learners connect ----------------------------------------------------------------
# Listen on every interface, so learners' machines on the same network can connect.
c.Voila.ip = "0.0.0.0"
# A fixed port, so the address on the board stays valid for the whole class.
c.Voila.port = PORT
# Fail instead of silently moving to another port (the printed address would be wrong).
c.Voila.port_retries = 0
# Voilà prints "Voilà is running at: <this address>" at start: the one to give learners.
c.Voila.custom_display_url = f"http://{address_for_learners()}:{PORT}/"
# Never open a browser on the teacher's server.
c.Voila.open_browser = False
# Learners see a friendly error page, not a Python traceback, if a cell ever fails.
c.VoilaConfiguration.show_tracebacks = False
# The page shows the lesson's text as soon as it arrives, each widget appearing in its place when the
# page's scripts are ready (Voilà's own page shows a spinner until then: 1.5-3 s). The template is
# classroom/jupyter/voila/templates/plateau, found through JUPYTER_PATH (read when Voilà looks for
# templates, after this file).
PAGE_TEMPLATES = Path(__file__).resolve().parent / "jupyter"
os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(PAGE_TEMPLATES), os.environ.get("JUPYTER_PATH")]))
c.VoilaConfiguration.template = "plateau"

# --- kernels shut down when a learner leaves ---------------------------------------------------
# When a page closes, Voilà 0.5's page posts its shutdown request with the `_xsrf` cookie's value,
# but Voilà's notebook page never sets that cookie (only its folder page does), so the request is
# refused ("403 '_xsrf' argument missing from POST") and the kernel lives on. The server has no
# login (anyone who reaches it may open a notebook), so the XSRF check protects nothing here:
# turn it off and the shutdown request goes through.
c.Voila.tornado_settings = {"disable_check_xsrf": True}

# --- kernels culled when idle ----------------------------------------------------------------
# Shut down a kernel after 10 minutes without activity once no page is connected to it
# (a closed laptop, a crashed browser: the page could not say goodbye).
c.MappingKernelManager.cull_idle_timeout = 600
# Look for such kernels every minute.
c.MappingKernelManager.cull_interval = 60
# A learner who keeps a page open but reads for a long time keeps their game.
c.MappingKernelManager.cull_connected = False
# Never kill a kernel in the middle of a computation (a design-lab simulation).
c.MappingKernelManager.cull_busy = False
# Do not keep the messages of a disconnected page in the server's memory.
c.MappingKernelManager.buffer_offline_messages = False

# --- a pool of preheated kernels per notebook --------------------------------------------------
# Start kernels in advance and run each notebook in them, so that a page opens with all its
# cells already run instead of starting a kernel and running the notebook for 5-16 s.
c.VoilaConfiguration.preheat_kernel = True
# How many preheated kernels wait for each notebook (refilled after each use).
c.VoilaConfiguration.default_pool_size = POOL
# More of them for today's lesson, if the teacher named it.
if LESSON:
    if not (Path(__file__).resolve().parents[1] / "notebooks" / LESSON).is_file():
        raise SystemExit(f"CLASSROOM_LESSON={LESSON!r} is not a notebook of notebooks/ (give its file name, "
                         "for example 03_coloretto.ipynb)")
    c.VoilaKernelManager.kernel_pools_config = {"default": {"pool_size": POOL}, LESSON: {"pool_size": LESSON_POOL}}
# Refill a pool one second after a kernel was taken from it.
c.VoilaKernelManager.fill_delay = 1
# Count every kernel, refuse beyond MAX_KERNELS (see ClassroomKernelManager above).
c.VoilaConfiguration.multi_kernel_manager_class = ClassroomKernelManager
