"""The classroom server's settings (``classroom/voila.py``, ``make classroom``), read the way Voilà
reads them. The server itself under a class's load is measured by ``benchmarks/bench_classroom.py``.

Loading the file changes Voilà's exporter for the whole process (its page templates are compiled
once), so each check runs in a fresh interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
