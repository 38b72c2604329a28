"""Binder builds its image from ``environment.yml``: that file must provide every module the
notebooks import, and nothing may make Binder read another file instead.

repo2docker (Binder's builder) reads the configuration files in ``binder/`` or ``.binder/`` when such
a folder exists and ignores the repository root; at the root, ``environment.yml`` is what it uses.
"""

from __future__ import annotations

import ast
import importlib.metadata
import json
import re
import sys
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
OWN_PACKAGE = "plateau_lab"


def python_source(cell_source: str) -> str:
    """A code cell as Python: IPython's magics and shell escapes (``%pip``, ``!ls``) become blank lines."""
    return "\n".join("" if line.lstrip().startswith(("%", "!")) else line for line in cell_source.splitlines())


def imported_modules(notebook: Path) -> set[str]:
    """The top-level modules a notebook's code cells import."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return set().union(*(imported_modules_of("".join(cell["source"]))
                         for cell in cells if cell["cell_type"] == "code"))


def imported_modules_of(source: str) -> set[str]:
    """The top-level modules a piece of notebook code imports (relative imports cannot occur).

    >>> sorted(imported_modules_of("import numpy as np\\nfrom plateau_lab.lab import stats\\n%pip list"))
    ['numpy', 'plateau_lab']
    """
    modules = set()
    for node in ast.walk(ast.parse(python_source(source))):
        if isinstance(node, ast.Import):
            modules.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            modules.add(node.module.split(".")[0])
    return modules


def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def listed_packages() -> set[str]:
    """Every package environment.yml names, conda's and pip's, by canonical name."""
    names = set()
    for entry in environment()["dependencies"]:
        for line in entry["pip"] if isinstance(entry, dict) else [entry]:
            if not line.startswith("-"):
                names.add(canonicalize_name(re.split(r"[<>=!~ ]", line, maxsplit=1)[0]))
    return names


def direct_requirements(package: str) -> set[str]:
    """What an installed package declares it needs (without extras), by canonical name."""
    try:
        requirements = importlib.metadata.requires(package) or []
    except importlib.metadata.PackageNotFoundError:
        return set()
    return {canonicalize_name(requirement.name) for requirement in map(Requirement, requirements)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""})}


def test_binder_reads_environment_yml_at_the_root():
    for folder in ("binder", ".binder"):
        assert not (ROOT / folder).exists(), (
            f"{folder}/ exists: Binder would read its files and ignore environment.yml at the root")
    pip_lines = next(entry["pip"] for entry in environment()["dependencies"] if isinstance(entry, dict))
    assert "-e ." in pip_lines, "environment.yml must install plateau_lab itself (a '-e .' pip line)"


def test_the_readme_names_the_file_binder_reads():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    binder_section = readme[readme.index("**Binder**"):]
    assert "`environment.yml`" in binder_section.split("\n\n")[0], (
        "the README's Binder paragraph must name environment.yml, the file Binder reads")


def test_environment_yml_provides_every_module_the_notebooks_import():
    providers = importlib.metadata.packages_distributions()
    listed = listed_packages()
    # A package listed in environment.yml brings what it declares it needs (pandas brings numpy).
    brought = listed.union(*(direct_requirements(package) for package in listed))
    missing = {}
    for notebook in NOTEBOOKS:
        for module in imported_modules(notebook) - set(sys.stdlib_module_names) - {OWN_PACKAGE}:
            distributions = {canonicalize_name(name) for name in providers.get(module, [])}
            assert distributions, f"{notebook.name} imports {module}, which no installed package provides"
            if not distributions & brought:
                missing.setdefault(module, []).append(notebook.name)
    assert not missing, ("environment.yml (what Binder installs) lacks packages for these imports: "
                         + "; ".join(f"{module} (in {', '.join(names)})" for module, names in sorted(missing.items())))
