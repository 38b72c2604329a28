"""Build the static JupyterLite site (``make site``): the notebooks, Python in the browser (Pyodide)
and this package's wheel, in ``site/``, ready for any static web host.

Run: .venv/bin/python tools/build_site.py [--output site] [--cache build/site-cache]

Everything comes from the package registries, and everything the notebooks need is served by the site
itself, so every notebook runs offline:
* JupyterLite and its Pyodide kernel (``BUILD_TOOLS``) come from PyPI into a virtualenv of their own in
  the cache: the kernel's lab extension must not reach the project's ``.venv``, where it would put a
  console error on every Voilà page.
* The Pyodide runtime is the npm registry's ``pyodide`` package, the version that kernel expects. That
  package holds the interpreter and the standard library but none of Pyodide's packages, so the site
  gets a ``pyodide-lock.json`` of its own: the pure-Python wheels the notebooks and the kernel need
  (``BROWSER_PACKAGES`` and what they require), downloaded from PyPI, with their real sha256, plus
  plateau_lab's wheel. Every other package of Pyodide's lock (the compiled ones: matplotlib, numpy,
  pandas, ...) points to Pyodide's public package CDN: no notebook needs them (the lab computes in plain
  Python, its charts are plain SVG, and its pandas tables are only for those who ask for them), so a
  learner's own ``import pandas`` works online only. Neither PyPI nor the npm registry has a numpy built
  for any Pyodide, so the site cannot serve them itself.
* The notebook kernel loads a package the first time a cell imports it (Pyodide's
  ``loadPackagesFromImports``), so the notebooks need no ``%pip install``.

The downloads are kept in the cache folder; a second build fetches nothing.

Offline, the notebooks run from the site alone: from Pyodide 314 on, ``sqlite3`` (which
IPython imports) and ``ssl`` are in the runtime's standard library (``python_stdlib.zip``, with
``_sqlite3`` compiled into ``pyodide.asm.wasm``), no longer packages only Pyodide's CDN publishes
(tests/browser/test_site_in_browser.py).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import nbformat
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[1]

# jupyterlite-pyodide-kernel 0.8.6 runs Pyodide 314.0.6 (Python 3.14; the kernel 0.8.7 needs a
# jupyterlite-core 0.8.7 that PyPI does not have). Its micropip, 0.11.1, is on PyPI, for Python >= 3.13
# only (so pip is asked for the browser's Python, BROWSER_PYTHON). JupyterLite 0.8.6 is JupyterLab
# 4.6.4: the widget manager of jupyterlab-widgets 3.0.17 (ipywidgets 8.1.9) asks for JupyterLab ^4.6.2's
# modules; anywidget 0.11.0's front end asks only for @jupyter-widgets/base ^6.
BUILD_TOOLS = ["jupyterlite-core==0.8.6", "jupyterlite-pyodide-kernel==0.8.6", "jupyter-server",
               "jupyterlab-widgets==3.0.17", "anywidget==0.11.0"]
PYODIDE_VERSION = "314.0.6"
BROWSER_PYTHON = "3.14"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
# What runs in the browser and is served by the site: the kernel's own needs (micropip, IPython, comm,
# jedi, which the kernel installs when it starts) and the pure-Python imports of plateau_lab and the
# notebooks. The widget libraries match the lab extensions of BUILD_TOOLS.
BROWSER_PACKAGES = ["micropip==0.11.1", "ipython", "comm", "jedi", "ipywidgets==8.1.9", "anywidget==0.11.0",
                    "networkx", "tqdm"]
# The kernel's own packages, loaded while Pyodide starts (the kernel's ``loadPyodideOptions.packages``:
# their downloads overlap the runtime's start) instead of one ``piplite.install`` after another once it
# has started. piplite, pyodide-kernel and ipykernel (a stand-in) are the kernel extension's own wheels.
# plateau-lab (with what it requires: ipywidgets, anywidget, networkx, tqdm) too, which every notebook
# imports first: loaded with them, it is there when the first cell runs (benchmarks/bench_site.py: the
# first widget about 2 s sooner, the ready kernel no later).
KERNEL_PRELOAD = ["micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi", "plateau-lab"]
KERNEL_WHEELS = ("piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4.0.999-")
# ipywidgets requires widgetsnbextension, the classic Notebook's 2.2 MB of scripts, useless in the
# browser's Python: the kernel extension's empty stand-in (4.0.999) replaces PyPI's.
REPLACED_BY_KERNEL_WHEELS = ("widgetsnbextension",)
# The browser's Python (Pyodide 314.0.6), for the dependency markers of the wheels.
BROWSER_MARKERS = {**default_environment(), "python_version": BROWSER_PYTHON, "python_full_version": "3.14.2",
                   "sys_platform": "emscripten", "platform_system": "Emscripten",
                   "platform_machine": "wasm32", "implementation_name": "cpython",
                   "platform_python_implementation": "CPython", "os_name": "posix", "extra": ""}


def run(command: list[str], cwd: Path = ROOT) -> None:
    print("$", " ".join(map(str, command)), flush=True)
    subprocess.run(list(map(str, command)), cwd=cwd, check=True)


def build_tools(cache: Path) -> Path:
    """The Python of a virtualenv holding ``BUILD_TOOLS``, made once in the cache."""
    tools = cache / "tools-venv"
    python = tools / "bin" / "python"
    stamp = tools / "installed.json"
    if not (stamp.exists() and json.loads(stamp.read_text()) == BUILD_TOOLS):
        venv.create(tools, with_pip=True, clear=True)
        run([python, "-m", "pip", "install", "--quiet", *BUILD_TOOLS])
        stamp.write_text(json.dumps(BUILD_TOOLS))
    return python


def pyodide_runtime(cache: Path) -> Path:
    """The npm registry's ``pyodide`` package, its integrity checked, unpacked once in the cache.

    The registry is read over HTTPS like npm does (``NPM_CONFIG_REGISTRY`` names a mirror), so npm
    itself is not needed.
    """
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (unpacked / "pyodide-lock.json").exists():
        registry = os.environ.get("NPM_CONFIG_REGISTRY", "https://registry.npmjs.org/").rstrip("/")
        with urllib.request.urlopen(f"{registry}/pyodide/{PYODIDE_VERSION}", timeout=60) as answer:
            dist = json.load(answer)["dist"]
        print("$ download", dist["tarball"], flush=True)
        with urllib.request.urlopen(dist["tarball"], timeout=300) as answer:
            tarball = answer.read()
        algorithm, _, expected = dist["integrity"].partition("-")
        if base64.b64encode(hashlib.new(algorithm, tarball).digest()).decode() != expected:
            sys.exit(f"Cannot build the site: {dist['tarball']} does not match its {algorithm} integrity "
                     "in the npm registry; try again.")
        download = cache / "pyodide-download"
        shutil.rmtree(download, ignore_errors=True)
        with tarfile.open(fileobj=io.BytesIO(tarball)) as archive:
            archive.extractall(download, filter="data")
        shutil.rmtree(unpacked, ignore_errors=True)
        (download / "package").rename(unpacked)
    return unpacked


def browser_wheels(cache: Path, pyodide_lock: dict) -> list[Path]:
    """PyPI's wheels of ``BROWSER_PACKAGES`` and everything they require, for Pyodide's Python.

    A package Pyodide's lock already lists keeps the version Pyodide chose.
    """
    wheels = cache / "wheels"
    wanted = cache / "wheels.json"
    if wanted.exists() and json.loads(wanted.read_text()) == BROWSER_PACKAGES:
        return sorted(wheels.glob("*.whl"))
    shutil.rmtree(wheels, ignore_errors=True)
    constraints = cache / "pyodide-versions.txt"
    constraints.write_text("".join(f"{name}=={package['version']}\n"
                                   for name, package in pyodide_lock["packages"].items()
                                   if package["file_name"].endswith("-none-any.whl")))
    run([sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:", "--platform", "any",
         "--python-version", BROWSER_PYTHON, "--implementation", "py", "--abi", "none",
         "--constraint", constraints, "--dest", wheels, *BROWSER_PACKAGES])
    wanted.write_text(json.dumps(BROWSER_PACKAGES))
    return sorted(wheels.glob("*.whl"))


def kernel_wheels(tools_python: Path) -> list[Path]:
    """The kernel extension's own wheels (``KERNEL_WHEELS``), from the build tools' virtualenv."""
    pypi = next(tools_python.parents[1].glob("share/jupyter/labextensions/@jupyterlite/"
                                             "pyodide-kernel-extension/static/pypi"))
    return sorted(wheel for wheel in pypi.glob("*.whl") if wheel.name.startswith(KERNEL_WHEELS))


# Run by node with the npm runtime: the browser's own Python compiles every module of the unpacked
# wheels under argv[3] (mounted as /wheels) to __pycache__/*.cpython-314.pyc, "unchecked" (used without
# looking at the source, which a wheel never changes), named as installed in site-packages.
COMPILE_SCRIPT = """
import { pathToFileURL } from "node:url";
const [runtime, folder] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(runtime + "/pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL: runtime + "/" });
pyodide.mountNodeFS("/wheels", folder);
pyodide.runPython(`
import compileall, os, py_compile, site
for name in sorted(os.listdir("/wheels")):
    compileall.compile_dir(os.path.join("/wheels", name), ddir=site.getsitepackages()[0], quiet=2,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
"""


def compiled_wheels(wheels: list[Path], runtime: Path, cache: Path) -> list[Path]:
    """The wheels with their modules compiled to bytecode by the browser's Python (Pyodide under node),
    kept in the cache by the source wheel's sha256.

    A first visit then imports IPython and plateau_lab without compiling them: in the browser, Python
    compiles every module it imports afresh (it writes no bytecode there), which took most of a
    kernel's start (benchmarks/bench_site.py). Without node, the wheels are served as they are.
    """
    node = shutil.which("node")
    if node is None:
        print("node is missing: the site's wheels are served without bytecode (a slower first start).")
        return wheels
    compiled = cache / "compiled-wheels"
    compiled.mkdir(exist_ok=True)
    done = {wheel: compiled / hashlib.sha256(wheel.read_bytes()).hexdigest()[:16] / wheel.name for wheel in wheels}
    missing = [wheel for wheel, target in done.items() if not target.exists()]
    if missing:
        work = cache / "compile-work"
        shutil.rmtree(work, ignore_errors=True)
        for wheel in missing:
            with zipfile.ZipFile(wheel) as archive:
                archive.extractall(work / wheel.name)
        script = cache / "compile_wheels.mjs"
        script.write_text(COMPILE_SCRIPT, encoding="utf-8")
        run([node, script, runtime, work])
        for wheel in missing:
            done[wheel].parent.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(done[wheel], "w", zipfile.ZIP_DEFLATED) as target:
                for entry in source.infolist():
                    target.writestr(entry, source.read(entry))
                for pyc in sorted((work / wheel.name).rglob("*.pyc")):
                    target.write(pyc, pyc.relative_to(work / wheel.name).as_posix())
        shutil.rmtree(work, ignore_errors=True)
    for stale in set(compiled.iterdir()) - {target.parent for target in done.values()}:
        shutil.rmtree(stale)            # earlier builds of this package's wheel
    return [done[wheel] for wheel in wheels]


def lock_entry(wheel: Path) -> dict:
    """What Pyodide's lock file says about a pure-Python wheel: its imports, requirements and sha256."""
    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        files = archive.namelist()
        dist_info = next(path.split("/")[0] for path in files if path.split("/")[0].endswith(".dist-info"))
        metadata = Parser().parsestr(archive.read(f"{dist_info}/METADATA").decode("utf-8"))
    top_level = {path.split("/")[0].removesuffix(".py") for path in files
                 if not path.split("/")[0].endswith((".dist-info", ".data")) and path.split("/")[0] != "__pycache__"
                 and (path.count("/") or path.endswith(".py"))}
    requirements = [Requirement(line) for line in metadata.get_all("Requires-Dist") or []]
    depends = sorted({canonicalize_name(requirement.name) for requirement in requirements
                      if requirement.marker is None or requirement.marker.evaluate(BROWSER_MARKERS)})
    return {"name": str(name), "version": str(version), "file_name": wheel.name,
            "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package", "imports": sorted(top_level), "depends": depends,
            "unvendored_tests": False, "shared_library": False}


def site_pyodide(target: Path, cache: Path, tools_python: Path) -> None:
    """Pyodide for the site in ``target``: the npm runtime, the wheels (compiled to bytecode) and the
    lock file that names them."""
    runtime = pyodide_runtime(cache)
    pyodide_lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    shutil.copytree(runtime, target, ignore=shutil.ignore_patterns("*.map", "*.d.ts", "*.html", "README.md"))
    packages = {name: {**package, "file_name": PYODIDE_CDN + package["file_name"]}
                for name, package in pyodide_lock["packages"].items()}
    own_wheel = cache / "plateau_lab"
    shutil.rmtree(own_wheel, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", ROOT, "--wheel-dir", own_wheel])
    from_pypi = [wheel for wheel in browser_wheels(cache, pyodide_lock)
                 if canonicalize_name(parse_wheel_filename(wheel.name)[0]) not in REPLACED_BY_KERNEL_WHEELS]
    served = compiled_wheels(from_pypi + kernel_wheels(tools_python) + sorted(own_wheel.glob("*.whl")),
                             runtime, cache)
    for wheel in served:
        shutil.copy2(wheel, target / wheel.name)
        entry = lock_entry(wheel)
        packages[canonicalize_name(entry["name"])] = entry
    local = {canonicalize_name(lock_entry(wheel)["name"]) for wheel in served}
    for name in local:
        # Requirements only the CDN serves (plateau_lab's matplotlib and pandas) load when a cell
        # imports them, not with the package, so the notebooks, which import neither, work offline.
        packages[name]["depends"] = [depend for depend in packages[name]["depends"] if depend in local]
    pyodide_lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(pyodide_lock, indent=1), encoding="utf-8")


def site_notebooks(target: Path) -> None:
    """The notebooks. JupyterLite hands a notebook file to JupyterLab as it is, so each is written the
    way a Jupyter server serves it (nbformat's reader joins the lines of every cell and output into one
    string)."""
    target.mkdir(parents=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        content = nbformat.read(notebook, as_version=4)
        (target / notebook.name).write_text(json.dumps(content, indent=1), encoding="utf-8")


# The Voila page's style (targets of 24 px, focus drawn) and script (names for pictures, sliders and icon
# buttons) for every learner (issue 43).
PAGE_TEMPLATE = ROOT / "classroom" / "jupyter" / "voila" / "templates" / "plateau"


def name_what_jupyter_leaves_unnamed(output: Path) -> None:
    """Every page of the site (lab, notebooks, tree, ...) has the Voila page's accessible.css and
    accessible.js: JupyterLab draws a picture output as an image with no text alternative, ipywidgets
    leaves slider handles and icon buttons unnamed and draws them and check boxes 13-16 px wide, and
    JupyterLab's own interface has unnamed editors and fold buttons, a feed of cells that are not
    articles and toolbar buttons with a misplaced aria-pressed (issue 43, clause 5)."""
    script = (f"<style>\n{(PAGE_TEMPLATE / 'accessible.css').read_text(encoding='utf-8')}</style>\n"
              f"<script>\n{(PAGE_TEMPLATE / 'accessible.js').read_text(encoding='utf-8')}</script>\n")
    for page in sorted(output.glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        if "</head>" not in text:
            raise RuntimeError(f"{page}: no </head> to put the accessibility script before")
        page.write_text(text.replace("</head>", script + "</head>", 1), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site", help="where the site goes (default site/)")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "site-cache",
                        help="downloads and the build tools, kept between builds (default build/site-cache/)")
    options = parser.parse_args()
    cache = options.cache.resolve()
    cache.mkdir(parents=True, exist_ok=True)
    tools_python = build_tools(cache)
    lite_dir = cache / "lite"
    shutil.rmtree(lite_dir, ignore_errors=True)
    site_pyodide(lite_dir / "static" / "pyodide", cache, tools_python)
    site_notebooks(lite_dir / "files" / "notebooks")
    # exposeAppInBrowser: the browser test (tests/browser/test_site_in_browser.py) runs the notebooks
    # through JupyterLab's commands. windowingMode "defer" instead of JupyterLab 4.6's "contentVisibility":
    # in that mode a notebook taken off the page while its cells are being set up (as when JupyterLab
    # reopens the tabs of an earlier visit) raises "Cannot read properties of null (reading 'observe')",
    # and its cells lose the observer that lifts their paint containment once they are on screen.
    settings = {"exposeAppInBrowser": True,
                "settingsOverrides": {"@jupyterlab/notebook-extension:tracker": {"windowingMode": "defer"}},
                "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True, "loadPyodideOptions": {"packages": KERNEL_PRELOAD}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(
        {"jupyter-lite-schema-version": 0, "jupyter-config-data": settings}, indent=2), encoding="utf-8")
    output = options.output.resolve()
    shutil.rmtree(output, ignore_errors=True)
    run([tools_python, "-m", "jupyterlite_core", "build", "--lite-dir", lite_dir, "--output-dir", output,
         "--contents", lite_dir / "files"], cwd=lite_dir)
    # Browsers ask every site for /favicon.ico, and JupyterLab's page names no icon: give it JupyterLab's.
    shutil.copy(output / "static" / "favicons" / "favicon.ico", output / "favicon.ico")
    name_what_jupyter_leaves_unnamed(output)
    print(f"The site is in {output}: serve that folder with any static web server.")


if __name__ == "__main__":
    main()
