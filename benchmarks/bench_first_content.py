"""How soon a learner can read a lesson on the classroom server: from opening a notebook's page to its
first heading on screen, and to every widget drawn, with the classroom's page template (``plateau``:
the text shows as soon as it arrives) against Voilà's own (``lab``: a spinner until the page's scripts
have drawn the widgets) in the same run, as the baseline.

Run: .venv/bin/python benchmarks/bench_first_content.py [--opens 5] [--pool 2] [notebook.ipynb ...]

How it measures: ``voila --Voila.config_file_paths=classroom notebooks/`` (the settings of ``make
classroom``: preheated kernels, two per notebook unless ``--pool`` says) on a free loopback port, once
per template, the template given on the command line. Once the pools are full and idle, a fresh headless Chromium
profile (tests/browser/browser_harness.py) opens each notebook ``--opens`` times, one page at a
time, letting the pool refill between opens. First content: from the request to the first heading
of a rendered markdown cell visible; all widgets: to the last widget the notebook shows drawn.
The aim (issue 28): first content within 1 s.

Measured 2026-11-26, ``bench_first_content.py --opens 3 --pool 1``, 2 cores, load average 1.8-2.3
(pools full and idle after about 40 s); medians of 3 opens:

================== ======== ============== ===========
notebook           template first content  all widgets
================== ======== ============== ===========
03_coloretto       lab      1.23 s         1.42 s
03_coloretto       plateau  0.37 s         1.47 s
06_le_plateau_hand lab      1.35 s         1.55 s
06_le_plateau_hand plateau  0.32 s         1.49 s
================== ======== ============== ===========

``--plain`` measures plain ``voila notebooks/<notebook>`` instead, started from the project's folder as a
learner would, with no option: Voila then reads ``voila.json`` there (progressive rendering with the
``plateau`` page, which ``make setup`` links where Voila finds it; the kernel shut down when its page
closes; idle kernels culled). Each open is a fresh page on a server started for that notebook; after
the widgets are drawn the page is closed as a tab is, and the bench counts the kernels left 5 s later.

Measured 2026-12-07, ``bench_first_content.py --plain --opens 3``, 2 cores shared with other work,
load average 11-12 (no quieter machine was free); before ``voila.json``, at the same load, the same
notebook showed its first heading after 5.6-7.0 s and kept each closed page's kernel:

================== ============== =========== ===========================
notebook           first content  all widgets kernels left after the close
================== ============== =========== ===========================
03_coloretto       1.98 s         6.08 s      0, 0, 0
06_le_plateau_hand 2.18 s         7.22 s      0, 0, 0
================== ============== =========== ===========================

(medians of 3 opens; the time to the first byte, 0.3-0.8 s with curl at this load, is most of
what is left before the text shows, the rest the page's stylesheets.)

On a quiet machine, 2026-12-07 12:26 UTC, ``bench_first_content.py --plain --opens 3`` at 254ba7a
(load average 1.1-1.2): first content 1.17 s (max 1.21) in 03_coloretto and 1.04 s (max 1.05) in
06_le_plateau_hand, all widgets 2.31 s and 2.69 s, no kernel left after any close: NOT within 1 s.
Where the time went (an HTTP client reading the page as it streams): the page's head arrived after
0.09 s, its first heading only after 0.43-0.63 s, because Voila's page waits for the page's kernel
to be ready before it sends the first cell; the rest was the browser's (240 KB of JupyterLab's CSS,
340 KB of Voila's style script in the head).

Since then the ``plateau`` page sends the cells first and waits for the kernel after the last one
(progressive rendering only: the page's scripts ask for the kernel once the cells are in). The same
command, the page before and after in one sitting, 2026-12-07 15:19-15:22 UTC, load average
0.1-1.2, medians (max) of 3 opens:

================== ========================= ========================= ==========================
notebook           first content, before     first content, after      all widgets, before / after
================== ========================= ========================= ==========================
03_coloretto       1.17 s (1.18 s)           0.38 s (0.39 s)           2.62 s / 2.41 s
06_le_plateau_hand 1.08 s (1.21 s)           0.29 s (0.36 s)           3.09 s / 2.80 s
================== ========================= ========================= ==========================

No kernel was left after any close. An HTTP client now reads the first heading after 0.20 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import bench_classroom  # noqa: E402
import browser_harness as harness  # noqa: E402

TEMPLATES = ("lab", "plateau")
NOTEBOOKS = ("03_coloretto.ipynb", "06_le_plateau_hand.ipynb")


class TemplateServer(bench_classroom.ClassroomServer):
    """The classroom server with its page template replaced by ``template`` (the command line wins
    over ``classroom/voila.py``)."""

    def __init__(self, workdir: Path, template: str, pool: int):
        self.template = template
        super().__init__(workdir, pool=pool)

    def command(self) -> list[str]:
        return [*super().command(), f"--VoilaConfiguration.template={self.template}"]


def open_times(server, notebooks, opens: int) -> dict[str, list[tuple[float, float]]]:
    """(first content, all widgets) in seconds, per notebook, each open in a fresh page."""
    from playwright.sync_api import sync_playwright
    times = {notebook: [] for notebook in notebooks}
    with sync_playwright() as playwright, harness.chromium_context(playwright) as context:
        for _ in range(opens):
            for notebook in notebooks:
                page, _, seconds = harness.open_in_voila_timed(context, server, notebook)
                times[notebook].append((seconds["first_content_s"], seconds["all_widgets_s"]))
                page.close()
                server.wait_for_pools(len(list(harness.NOTEBOOKS.glob("*.ipynb"))), timeout=600)
    return times


def kernels_of(server) -> int:
    """How many kernels the server runs now (its child processes running ipykernel)."""
    return sum("ipykernel" in " ".join(child.cmdline())
               for child in psutil.Process(server.process.pid).children(recursive=True))


def plain_times(workdir: Path, notebooks, opens: int) -> dict[str, list[tuple[float, float, int]]]:
    """(first content, all widgets, kernels left 5 s after the page closed) per open of plain
    ``voila notebooks/<notebook>``, a server per notebook, a fresh page per open."""
    from playwright.sync_api import sync_playwright
    times = {notebook: [] for notebook in notebooks}
    with sync_playwright() as playwright, harness.chromium_context(playwright) as context:
        for notebook in notebooks:
            # Ready when it serves a static file (opening the notebook would start a kernel).
            server = harness._start_server("voila-plain", ["voila", "--no-browser", "--port={port}",
                                                           f"notebooks/{notebook}"],
                                           ready_path="/voila/static/voila.js", workdir=workdir)
            try:
                for _ in range(opens):
                    page = context.new_page()
                    watch = harness.PageWatch(page)
                    start = time.perf_counter()
                    page.goto(server.url + "/", timeout=90_000, wait_until="commit")
                    page.wait_for_selector(harness.FIRST_CONTENT, state="visible", timeout=90_000)
                    first = time.perf_counter() - start
                    harness.wait_for_widgets(page, harness.widget_outputs(notebook), watch=watch)
                    widgets = time.perf_counter() - start
                    page.close(run_before_unload=True)    # as a tab is closed
                    time.sleep(5)
                    times[notebook].append((first, widgets, kernels_of(server)))
            finally:
                server.stop()
    return times


def plain(arguments) -> None:
    with tempfile.TemporaryDirectory(prefix="plateau-first-content-") as workdir:
        results = plain_times(Path(workdir), arguments.notebooks, arguments.opens)
    for notebook, opens in results.items():
        first, widgets = [open_[0] for open_ in opens], [open_[1] for open_ in opens]
        print(f"{notebook}: first content median {statistics.median(first):.2f} s (max {max(first):.2f} s), "
              f"all widgets median {statistics.median(widgets):.2f} s; kernels left after each close: "
              f"{[open_[2] for open_ in opens]}")
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--pool", type=int, default=2, help="preheated kernels per notebook (make classroom: 2)")
    parser.add_argument("--plain", action="store_true", help="plain `voila notebooks/<notebook>`, no option")
    parser.add_argument("notebooks", nargs="*", default=list(NOTEBOOKS))
    arguments = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; {arguments.opens} opens of each notebook")
    if arguments.plain:
        plain(arguments)
        return
    results = {}
    with tempfile.TemporaryDirectory(prefix="plateau-first-content-") as workdir:
        for template in TEMPLATES:
            server = TemplateServer(Path(workdir), template, arguments.pool)
            try:
                filled = server.wait_for_pools(len(list(harness.NOTEBOOKS.glob("*.ipynb"))), timeout=900)
                print(f"{template}: pools full and idle after {filled:.0f} s")
                results[template] = open_times(server, arguments.notebooks, arguments.opens)
            finally:
                server.stop()
    for notebook in arguments.notebooks:
        print(f"\n{notebook}")
        medians = {}
        for template in TEMPLATES:
            first = [pair[0] for pair in results[template][notebook]]
            widgets = [pair[1] for pair in results[template][notebook]]
            medians[template] = statistics.median(first)
            print(f"  {template:8} first content median {statistics.median(first):5.2f} s (max {max(first):5.2f} s)"
                  f"   all widgets median {statistics.median(widgets):5.2f} s")
        print(f"  first content, plateau / lab: {medians['plateau'] / medians['lab']:.2f}")
    print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
