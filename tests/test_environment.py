"""environment.yml (conda, Binder) and pyproject.toml (pip) must list the same dependencies."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).parent.parent
REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*$")


def _requirements(lines):
    found = {}
    for line in lines:
        name, spec = REQUIREMENT.match(line).groups()
        found[name.lower().replace("_", "-")] = spec.replace(" ", "")
    return found


def pyproject_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = list(project["dependencies"])
    for extra in project.get("optional-dependencies", {}).values():
        lines += extra
    return _requirements(lines)


def conda_dependencies():
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert environment["channels"] == ["conda-forge"]
    plain = [item for item in environment["dependencies"] if isinstance(item, str)]
    from_pip = [line for item in environment["dependencies"] if isinstance(item, dict)
                for line in item["pip"] if not line.startswith("-")]
    found = _requirements(plain + from_pip)
    assert found.pop("python").startswith("=3.11"), "Binder and conda users get Python 3.11"
    found.pop("pip")
    return found


def test_environment_yml_lists_the_same_dependencies_as_pyproject():
    pip, conda = pyproject_dependencies(), conda_dependencies()
    assert sorted(pip) == sorted(conda), (
        f"only in pyproject.toml: {sorted(set(pip) - set(conda))}; "
        f"only in environment.yml: {sorted(set(conda) - set(pip))}")
    assert pip == conda, "the version bounds differ"


def test_environment_yml_installs_the_package_itself():
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_sections = [item["pip"] for item in environment["dependencies"] if isinstance(item, dict)]
    assert pip_sections and pip_sections[0][-1] == "-e ."
