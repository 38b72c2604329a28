"""How long does it take to import each engine? Each module in a fresh interpreter, against a baseline.

    python benchmarks/bench_import.py [runs]        (default 7 runs per module)

For ``plateau_lab.core``, ``plateau_lab.hexboard`` and every game package, a fresh interpreter
(``sys.executable -c ...``) times its own ``import`` with a clock around it; the table gives the
median over the runs. These machines are noisy, so the same run also measures a baseline, the
time a fresh interpreter takes to start and exit doing nothing (``python -c pass``), and every
import is reported as a ratio to it as well. Runs go round-robin over the modules, so that a
slow moment of the machine spreads over all of them.

The last column names the heavy packages the import pulled in: an engine should need none of
the notebook's (``ipywidgets``, ``matplotlib``, ``pandas``).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

from plateau_lab.core import GAME_NAMES

MODULES = ("plateau_lab.core", "plateau_lab.hexboard", *(f"plateau_lab.games.{name}" for name in GAME_NAMES))
HEAVY = ("networkx", "numpy", "ipywidgets", "matplotlib", "pandas")
PROBE = """
import json, sys, time
start = time.perf_counter()
try:
    import {module}
    error = None
except Exception as exc:
    error = f"{{type(exc).__name__}}: {{exc}}"
seconds = time.perf_counter() - start
print(json.dumps({{"seconds": seconds, "error": error, "heavy": [m for m in {heavy!r} if m in sys.modules]}}))
"""


def empty_start() -> float:
    """Wall time of a fresh interpreter that does nothing."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def timed_import(module: str) -> dict:
    """Time ``import module`` inside a fresh interpreter; what it reports, as a dict."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(module=module, heavy=HEAVY)],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main(runs: int) -> None:
    baseline: list[float] = []
    seconds: dict[str, list[float]] = {module: [] for module in MODULES}
    last: dict[str, dict] = {}
    for _ in range(runs):
        baseline.append(empty_start())
        for module in MODULES:
            last[module] = timed_import(module)
            seconds[module].append(last[module]["seconds"])
    base = statistics.median(baseline)
    print(f"baseline: an empty interpreter starts and exits in {base * 1e3:.1f} ms (median of {runs})\n")
    print(f"{'module':30} {'import (ms)':>11} {'x baseline':>10}  heavy packages loaded")
    for module in MODULES:
        median = statistics.median(seconds[module])
        report = last[module]
        note = ", ".join(report["heavy"]) or "none"
        if report["error"]:
            note = f"IMPORT FAILS: {report['error'][:70]}"
        print(f"{module:30} {median * 1e3:11.1f} {median / base:10.2f}  {note}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
