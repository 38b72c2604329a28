"""The classroom server's settings (``classroom/voila.py``, ``make classroom``), read the way Voilà
reads them. The server itself under a class's load is measured by ``benchmarks/bench_classroom.py``.

Loading the file changes Voilà's exporter for the whole process (its page templates are compiled
once), so each check runs in a fresh interpreter.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LOAD_SETTINGS = """
import json, sys
from traitlets.config.loader import PyFileConfigLoader
config = PyFileConfigLoader("voila.py", path=sys.argv[1]).load_config()
"""


def run_with_settings(code: str, **environment: str) -> dict:
    """Load the classroom settings in a fresh interpreter, run ``code`` there; it prints JSON."""
    done = subprocess.run([sys.executable, "-c", LOAD_SETTINGS + code, str(ROOT / "classroom")],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(Path.home()), **environment})
    assert done.returncode == 0, done.stderr
    sys.stderr.write(done.stderr)   # the server's log, which pytest shows when a check fails
    return json.loads(done.stdout)


def test_the_settings_a_class_needs():
    settings = run_with_settings("""
print(json.dumps({"xsrf": config.Voila.tornado_settings["disable_check_xsrf"],
                  "cull": config.MappingKernelManager.cull_idle_timeout,
                  "preheat": config.VoilaConfiguration.preheat_kernel,
                  "pool": config.VoilaConfiguration.default_pool_size,
                  "pools": config.VoilaKernelManager.kernel_pools_config,
                  "port": config.Voila.port}))
""", CLASSROOM_PORT="8899", CLASSROOM_POOL="3", CLASSROOM_LESSON="03_coloretto.ipynb")
    assert settings == {"xsrf": True, "cull": 600, "preheat": True, "pool": 3, "port": 8899,
                        "pools": {"default": {"pool_size": 3}, "03_coloretto.ipynb": {"pool_size": 16}}}


def test_the_page_template_is_the_classroom_s_and_voila_finds_it():
    """``classroom/voila.py`` names the page template that shows the lesson's text at once, and Voilà,
    looking for templates after reading the settings, finds it and the lab template it builds on."""
    found = run_with_settings("""
from voila.paths import collect_template_paths
template = config.VoilaConfiguration.template
print(json.dumps({"template": template,
                  "paths": collect_template_paths(["voila", "nbconvert"], template, prune=True)}))
""")
    assert found["template"] == "plateau"
    assert found["paths"][0] == str(ROOT / "classroom" / "jupyter" / "voila" / "templates" / "plateau")
    assert any(path.endswith("voila/templates/lab") for path in found["paths"])
    page = (ROOT / "classroom" / "jupyter" / "voila" / "templates" / "plateau" / "index.html.j2").read_text()
    assert "{%- extends 'lab/index.html.j2' -%}" in page and '<div id="rendered_cells">' in page


def test_a_lesson_that_is_not_a_notebook_stops_the_server_with_a_reason():
    done = subprocess.run([sys.executable, "-c", LOAD_SETTINGS, str(ROOT / "classroom")], capture_output=True,
                          text=True, timeout=120, cwd=ROOT, env={"PATH": "/usr/bin:/bin", "CLASSROOM_LESSON": "03.ipynb"})
    assert done.returncode != 0
    assert "CLASSROOM_LESSON='03.ipynb' is not a notebook of notebooks/" in done.stderr


def test_page_templates_are_compiled_once_for_every_page(tmp_path):
    """Voilà makes a new exporter for every page it renders; after the first page, no exporter
    compiles its templates again."""
    compiled_per_page = run_with_settings(f"""
import jinja2
from voila.exporter import VoilaExporter
compiled = []
compile_template = jinja2.Environment.compile
def counting_compile(environment, source, name=None, *args, **kwargs):
    compiled.append(name)
    return compile_template(environment, source, name, *args, **kwargs)
jinja2.Environment.compile = counting_compile
VoilaExporter(template_name="lab").environment.bytecode_cache.directory = {str(tmp_path)!r}
per_page = []
for page in range(3):
    before = len(compiled)
    VoilaExporter(template_name="lab").environment.get_template("index.html.j2")
    per_page.append(len(compiled) - before)
print(json.dumps(per_page))
""")
    first, *later = compiled_per_page
    assert first > 0 and later == [0, 0]


def why_priorities_are_left_alone() -> dict[str, str | None]:
    """Why the server would leave a kernel's priority alone on this machine, asked of the server's
    own functions for a process in a session of its own, as a kernel is: ``"no_group"`` when it
    finds no autogroup of the kernel's own, ``"not_kept"`` when Linux refuses or does not keep a
    niceness set there; None where it would not."""
    return run_with_settings("""
import asyncio, subprocess
from pathlib import Path
server = config.VoilaConfiguration.multi_kernel_manager_class._take_turn.__globals__

def reads(path):
    try:
        return Path(path).read_text().strip()
    except OSError as error:
        return str(error)

why = {"no_group": None, "not_kept": None}
with subprocess.Popen(["sleep", "60"], start_new_session=True) as process:
    try:
        group = server["kernel_autogroup"](process.pid)
        if group is None:
            why["no_group"] = why["not_kept"] = (
                f"the server finds no autogroup of a kernel's own (sched_autogroup_enabled reads "
                f"{reads('/proc/sys/kernel/sched_autogroup_enabled')!r}, a kernel's autogroup "
                f"{reads(f'/proc/{process.pid}/autogroup')!r}, the server's {reads('/proc/self/autogroup')!r})")
        elif refused := asyncio.run(server["set_niceness"](group, 7)):
            why["not_kept"] = f"Linux refuses to set {group}: {refused}"
        elif reads(group).split()[-1:] != ["7"]:
            why["not_kept"] = f"{group} reads {reads(group)!r} after setting 7"
    finally:
        process.kill()
print(json.dumps(why))
""")


@pytest.mark.slow
def test_a_pool_kernel_runs_its_notebook_at_low_priority_and_is_back_at_normal_after_its_turn():
    """A preheating kernel's scheduling group gets PREHEAT_NICENESS while its turn lasts, and 0 when
    the turn ends: when it has run its code, or when a learner takes it from the pool while it
    still runs. A kernel a learner asked for never gets it. The pool kernels are kept busy while
    they are looked at, so that a slow machine cannot end their turns first."""
    if reason := why_priorities_are_left_alone()["not_kept"]:
        pytest.skip(f"{reason}: the classroom leaves priorities alone")
    seen = run_with_settings("""
import asyncio, logging, time
from pathlib import Path
logging.basicConfig()   # the manager's warnings reach stderr
manager_class = config.VoilaConfiguration.multi_kernel_manager_class

def niceness(manager, kernel_id):
    pid = manager._kernels[kernel_id].provisioner.pid
    return int(Path(f"/proc/{pid}/autogroup").read_text().split()[-1])

async def once_it_is(expected, manager, kernel_id):
    waited = time.monotonic()
    while niceness(manager, kernel_id) != expected and time.monotonic() - waited < 30:
        await asyncio.sleep(0.05)
    return niceness(manager, kernel_id)

async def main():
    manager = manager_class()
    learners = await manager.start_kernel(kernel_name="python3", env={})
    pool = manager._pools = {"lesson.ipynb": []}
    entries = [asyncio.ensure_future(manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "True"}))
               for _ in range(2)]
    pool["lesson.ipynb"] += entries

    async def busy_for(seconds, entry):
        kernel = await entry
        client = manager.get_kernel(kernel).client()
        client.start_channels()
        client.execute(f"import time; time.sleep({seconds})")
        return kernel, client

    started = await asyncio.gather(busy_for(3, entries[0]), busy_for(60, entries[1]))
    (runs, _), (taken, _) = started
    during = [await once_it_is(12, manager, kernel) for kernel in (runs, taken)] + [niceness(manager, learners)]
    pool["lesson.ipynb"].remove(entries[1])
    after = [await once_it_is(0, manager, kernel) for kernel in (taken, runs)]
    for _, client in started:
        client.stop_channels()
    await manager.shutdown_all(now=True)
    return {"during": during, "after": after}

print(json.dumps(asyncio.run(main())))
""", CLASSROOM_PREHEAT_NICENESS="12", CLASSROOM_PREHEAT_AT_ONCE="2", JUPYTER_PREFER_ENV_PATH="1")
    assert seen == {"during": [12, 12, 0], "after": [0, 0]}


@pytest.mark.slow
def test_where_linux_refuses_a_priority_the_server_says_so_and_the_refill_goes_on():
    """The turn still ends (its place is given back) when the kernel leaves the pool."""
    if reason := why_priorities_are_left_alone()["no_group"]:
        pytest.skip(f"{reason}: the classroom never asks for a priority")
    seen = run_with_settings("""
import asyncio, io, logging
from pathlib import Path
write_text = Path.write_text
def refuse_autogroups(path, *args, **kwargs):
    if path.name == "autogroup":
        raise PermissionError(13, "Permission denied", str(path))
    return write_text(path, *args, **kwargs)
Path.write_text = refuse_autogroups
manager = config.VoilaConfiguration.multi_kernel_manager_class()
log = io.StringIO()
manager.log.addHandler(logging.StreamHandler(log))

async def main():
    manager._pools = {"lesson.ipynb": []}
    entry = asyncio.ensure_future(manager.start_kernel(kernel_name="python3", env={"VOILA_PREHEAT": "True"}))
    manager._pools["lesson.ipynb"].append(entry)
    await entry
    manager._pools["lesson.ipynb"].remove(entry)
    await asyncio.wait_for(manager._preheat_turns.acquire(), 30)   # the turn ended and was given back
    await manager.shutdown_all(now=True)

asyncio.run(main())
print(json.dumps(log.getvalue().splitlines()))
""", CLASSROOM_PREHEAT_AT_ONCE="1", JUPYTER_PREFER_ENV_PATH="1")
    assert len(seen) == 1
    assert re.fullmatch(r"Refills run at normal priority: Linux refused to set /proc/\d+/autogroup "
                        r"\(\[Errno 13\] Permission denied: '/proc/\d+/autogroup'\)", seen[0]), seen
