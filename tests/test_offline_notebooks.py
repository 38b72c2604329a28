"""No notebook imports a compiled package that only Pyodide's CDN serves, so the static site runs every
one offline.

The site (``tools/build_site.py``) serves Pyodide and the pure-Python wheels itself; matplotlib, numpy
and pandas come only from Pyodide's CDN, so a notebook that loads one of them, even deep inside
plateau_lab, stops working offline. Every notebook runs here, code cell after code cell, in a Python of
its own, which then says which of those packages it loaded. (The browser test,
tests/browser/test_site_in_browser.py, runs them in the site itself.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from plateau_lab.core import GAME_NAMES

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


def notebooks() -> list[str]:
    return sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))


def loaded_by(notebook: Path) -> list[str]:
    """Which of ``CDN_ONLY`` running every code cell of ``notebook`` loads (in a fresh Python)."""
    finished = subprocess.run([sys.executable, "-c", RUN_CELLS, notebook, *CDN_ONLY], cwd=NOTEBOOKS,
                              capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr[-3000:]
    return json.loads(finished.stdout.strip().splitlines()[-1])


def test_the_design_lab_the_board_and_the_page_to_play_together_are_among_the_notebooks_checked():
    assert {"05_plateau_board.ipynb", "07_design_lab.ipynb", "08_oh_hell.ipynb", "09_play_together.ipynb"} <= set(notebooks())


def test_the_check_sees_a_package_loaded_deep_inside_plateau_lab(tmp_path):
    # simulate's rows are plain Python; their pandas table loads pandas
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from plateau_lab.lab.simulate import simulate\n"
        f"table = simulate({GAME_NAMES[0]!r}, 2, seed=1, progress=False).to_pandas()")])
    nbformat.write(notebook, tmp_path / "uses_the_lab.ipynb")
    assert "pandas" in loaded_by(tmp_path / "uses_the_lab.ipynb")


@pytest.mark.parametrize("notebook", notebooks())
def test_a_notebook_loads_no_package_only_the_cdn_serves(notebook):
    assert loaded_by(NOTEBOOKS / notebook) == []
