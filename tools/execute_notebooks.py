"""Execute notebooks in place the way they are committed: top to bottom in this environment's
kernel, without widget state and without per-cell timing metadata, so that re-running an
unchanged notebook changes nothing but widget ids.

Run: .venv/bin/python tools/execute_notebooks.py notebooks/01_syndicate.ipynb [more.ipynb ...]
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def execute(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3", store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for name in sys.argv[1:]:
        execute(Path(name))
        print(f"executed {name}")
