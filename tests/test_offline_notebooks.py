"""The notebooks the static site runs offline import no compiled package that only Pyodide's CDN serves.

The site (``tools/build_site.py``) serves Pyodide and the pure-Python wheels itself; matplotlib, numpy
and pandas come only from Pyodide's CDN, so a notebook that loads one of them, even deep inside
plateau_lab, stops working offline. Every notebook that the site does not mark as needing the internet
(``CDN_NOTEBOOKS``) runs here, code cell after code cell, in a Python of its own, which then says which
of those packages it loaded. (The browser test, tests/browser/test_site_in_browser.py, runs them in the
site itself.)
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CDN_ONLY = ("matplotlib", "numpy", "pandas", "scipy")

RUN_CELLS = """
import json, sys
import nbformat

notebook = nbformat.read(sys.argv[1], as_version=4)
names = {"__name__": "__main__"}
for cell in notebook.cells:
    if cell.cell_type == "code":
        exec(compile(cell.source, f"cell {cell.get('id')}", "exec"), names)
print(json.dumps(sorted(name for name in sys.argv[2:] if name in sys.modules)))
"""


def site_builder():
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def offline_notebooks() -> list[str]:
    return sorted(path.name for path in NOTEBOOKS.glob("*.ipynb") if path.name not in site_builder().CDN_NOTEBOOKS)


def loaded_by(notebook: Path) -> list[str]:
    """Which of ``CDN_ONLY`` running every code cell of ``notebook`` loads (in a fresh Python)."""
    finished = subprocess.run([sys.executable, "-c", RUN_CELLS, notebook, *CDN_ONLY], cwd=NOTEBOOKS,
                              capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr[-3000:]
    return json.loads(finished.stdout.strip().splitlines()[-1])


def test_coloretto_and_the_board_are_among_the_notebooks_that_run_offline():
    assert {"03_coloretto.ipynb", "05_plateau_board.ipynb"} <= set(offline_notebooks())


def test_the_check_sees_a_package_loaded_deep_inside_plateau_lab(tmp_path):
    # the lab's simulate returns a pandas table: a notebook that plays with it needs the CDN
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from plateau_lab.lab.simulate import simulate\n"
        "table = simulate('syndicate', 2, seed=1, progress=False)")])
    nbformat.write(notebook, tmp_path / "uses_the_lab.ipynb")
    assert "pandas" in loaded_by(tmp_path / "uses_the_lab.ipynb")


@pytest.mark.parametrize("notebook", offline_notebooks())
def test_a_notebook_the_site_runs_offline_loads_no_package_only_the_cdn_serves(notebook):
    assert loaded_by(NOTEBOOKS / notebook) == []
