"""Build the static JupyterLite site (``make site``): the notebooks, Python in the browser (Pyodide)
and this package's wheel, in ``site/``, ready for any static web host.

Run: .venv/bin/python tools/build_site.py [--output site]

Where each piece comes from (only the package registries are needed):
* JupyterLite and its Pyodide kernel: PyPI (``jupyterlite-core``, ``jupyterlite-pyodide-kernel``);
* the Pyodide runtime: the npm registry's ``pyodide`` package, the version the kernel expects
  (``npm pack``), copied into the site so the page loads it from the site itself;
* pure-Python packages (the kernel's own, ipywidgets, anywidget, networkx, tqdm) and plateau_lab's
  wheel: resolved from PyPI for Pyodide's platform and written into the site's ``pyodide-lock.json``
  by the kernel's lock add-on, so they too are served by the site.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
# What the pure-Python notebooks need in the browser besides plateau_lab (its compiled dependencies,
# matplotlib and pandas, come from Pyodide's public CDN when a notebook asks for them).
PURE_PACKAGES = ["ipywidgets", "anywidget", "networkx", "tqdm"]
LOCK_NEEDED = Version("0.1.3")   # what jupyterlite-pyodide-kernel's [lock] extra asks for


def run(command: list[str], cwd: Path) -> None:
    print("$", " ".join(command), flush=True)
    subprocess.run(command, cwd=cwd, check=True)


def pyodide_from_npm(target: Path, workdir: Path) -> None:
    """The npm registry's ``pyodide`` package, unpacked into ``target``."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=workdir)
    with tarfile.open(workdir / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
        archive.extractall(workdir, filter="data")
    shutil.copytree(workdir / "package", target)


def missing_tools() -> str | None:
    """Why the site cannot be built here, or None."""
    try:
        lock_version = Version(importlib.metadata.version("pyodide-lock"))
        importlib.metadata.version("jupyterlite-pyodide-kernel")
    except importlib.metadata.PackageNotFoundError as error:
        return (f"{error.name} is not installed: .venv/bin/pip install jupyterlite-core "
                "'jupyterlite-pyodide-kernel[lock]'")
    if lock_version < LOCK_NEEDED:
        return (f"pyodide-lock {lock_version} is installed, but jupyterlite-pyodide-kernel's lock add-on needs "
                f">= {LOCK_NEEDED} (the package index offers no newer one?): "
                f".venv/bin/pip install 'pyodide-lock[uv]>={LOCK_NEEDED}'")
    if shutil.which("npm") is None:
        return ("npm is needed to fetch the Pyodide runtime (the npm registry's pyodide package): "
                "install Node.js and npm")
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "site", help="where the site goes (default site/)")
    options = parser.parse_args()
    problem = missing_tools()
    if problem:
        sys.exit(f"Cannot build the site: {problem}.")
    with tempfile.TemporaryDirectory(prefix="plateau-site-") as scratch:
        workdir = Path(scratch)
        lite_dir = workdir / "lite"
        (lite_dir / "static").mkdir(parents=True)
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(ROOT), "-w", str(workdir / "wheels")],
            cwd=ROOT)
        pyodide_from_npm(lite_dir / "static" / "pyodide", workdir)
        shutil.copytree(ROOT / "notebooks", lite_dir / "files" / "notebooks",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        config = {
            "LiteBuildConfig": {"contents": ["files"], "output_dir": str(options.output.resolve())},
            "PyodideLockAddon": {"enabled": True, "wheels": [str(workdir / "wheels")], "specs": PURE_PACKAGES},
        }
        (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
        if options.output.exists():
            shutil.rmtree(options.output)
        run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir)], cwd=lite_dir)
    print(f"The site is in {options.output}: serve that folder with any static web server.")


if __name__ == "__main__":
    main()
