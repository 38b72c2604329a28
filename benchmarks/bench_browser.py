"""The notebooks as a Voilà app in the system's Chromium: how long a notebook takes to open, and how
long from a click on a StepViewer's "forward ▶" to the new picture in the page (the aim: < 100 ms).

Run: .venv/bin/python benchmarks/bench_browser.py [--opens N] [--clicks N] [notebook.ipynb ...]

How it measures (the same code as the browser tests, tests/browser/browser_harness.py):
* open: from the page request to every cell run (Voilà's #rendered_cells shown) and every widget the
  notebook displays drawn; one Voilà server (`python -m voila --no-browser notebooks/`) serves all.
* forward: inside the page, from the click event (Playwright's mouse click) to the moment the
  picture's HTML changes (a MutationObserver) — the kernel round trip included — and to two animation
  frames later (the new picture painted).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import browser_harness as harness  # noqa: E402

AIM_MS = 100


def summary(values: list[float], unit: str) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(values):7.1f} {unit}  p90 {p90:7.1f} {unit}  max {max(values):7.1f} {unit}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=3, help="times each notebook is opened")
    parser.add_argument("--clicks", type=int, default=20, help="forward clicks timed per notebook")
    parser.add_argument("notebooks", nargs="*", help="default: every notebook in notebooks/")
    options = parser.parse_args()
    problem = harness.chromium_problem()
    if problem:
        sys.exit(problem)
    notebooks = options.notebooks or sorted(path.name for path in harness.NOTEBOOKS.glob("*.ipynb"))
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="plateau-bench-") as workdir, sync_playwright() as playwright:
        start = time.perf_counter()
        server = harness.start_voila(Path(workdir))
        print(f"Voilà server up in {time.perf_counter() - start:.1f} s ({server.url})")
        all_changed = []
        try:
            with harness.chromium_context(playwright) as context:
                for notebook in notebooks:
                    opens, changed, painted = [], [], []
                    for attempt in range(options.opens):
                        page, watch, seconds = harness.open_in_voila(context, server, notebook)
                        opens.append(seconds)
                        viewers = harness.step_viewers(page)
                        if attempt == 0 and viewers.count():
                            viewer = viewers.first
                            viewer.scroll_into_view_if_needed()
                            button = viewer.get_by_role("button", name="forward ▶", exact=True)
                            for _ in range(options.clicks):
                                if button.is_disabled():
                                    break
                                timing = harness.forward(page, viewer)
                                changed.append(timing["changed_ms"])
                                painted.append(timing["painted_ms"])
                        if watch.problems():
                            print(f"  problems in {notebook}: {watch.problems()}")
                        page.close()
                    print(f"{notebook}")
                    print(f"  open in Voilà ({len(opens)}x):        {summary(opens, 's ')}")
                    if changed:
                        all_changed += changed
                        print(f"  forward → new picture ({len(changed)}x): {summary(changed, 'ms')}")
                        print(f"  forward → painted ({len(painted)}x):     {summary(painted, 'ms')}")
                    else:
                        print("  (no StepViewer)")
        finally:
            server.stop()
    if all_changed:
        median = statistics.median(all_changed)
        print(f"all notebooks: forward → new picture median {median:.1f} ms = {median / AIM_MS:.2f} x the "
              f"{AIM_MS} ms aim ({len(all_changed)} clicks)")


if __name__ == "__main__":
    main()
