"""Shared test helpers.

Stored playthrough traces: ``check_trace("syndicate_seed7", text)`` compares ``text`` with
``tests/traces/syndicate_seed7.txt``. Any change of behaviour shows as a diff. After a
deliberate rules change, regenerate with ``PLATEAU_REGENERATE_TRACES=1 make test`` and
review the diff before committing.

No test asserts a wall-clock time: hypothesis's per-example deadline (200 ms of wall-clock time
by default) is turned off for every test here; parsers are bounded by ``tests/guard.py`` instead.
"""

import difflib
import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")

TRACES = Path(__file__).parent / "traces"


@pytest.fixture
def check_trace():
    def check(name: str, text: str) -> None:
        path = TRACES / f"{name}.txt"
        if os.environ.get("PLATEAU_REGENERATE_TRACES") == "1" or not path.exists():
            if os.environ.get("CI") == "true" and not path.exists():
                pytest.fail(f"stored trace {path} is missing; generate it locally and commit it")
            path.write_text(text, encoding="utf-8")
            return
        stored = path.read_text(encoding="utf-8")
        if text != stored:
            diff = "".join(difflib.unified_diff(stored.splitlines(True), text.splitlines(True),
                                                "stored", "now", n=2))
            pytest.fail(f"the playthrough differs from {path}:\n{diff[:4000]}")

    return check
