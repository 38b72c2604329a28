"""The notebooks as a Voilà app in the system's Chromium: how long a notebook takes to open, how long
from a click on a StepViewer's "forward ▶" to the new picture in the page, and how long from a click on
a card of the play table to the new table (the aim for both clicks: < 100 ms).

Run: .venv/bin/python benchmarks/bench_browser.py [--opens N] [--clicks N] [--table-clicks N] [notebook.ipynb ...]

How it measures (the same code as the browser tests, tests/browser/browser_harness.py):
* open: from the page request to every cell run (Voilà's #rendered_cells shown) and every widget the
  notebook displays drawn; one Voilà server (`python -m voila --no-browser notebooks/`) serves all.
* forward: inside the page, from the click event (Playwright's mouse click) to the moment the
  picture's HTML changes (a MutationObserver) — the kernel round trip included — and to two animation
  frames later (the new picture painted).
* table: ``tests/browser/play_table.ipynb`` holds one PlayTable per game. The first lit part of its
  picture is clicked like a person and timed to the new picture painted (the learner's own move; the
  bots' paced moves come later), then the table is restored (Take back, or a second click on a card
  that was only picked) and clicked again. These machines are noisy, so the same page measures a
  baseline: Chromium alone repainting the same picture (its SVG set again from JavaScript, no kernel).
  Reported: median and 95th percentile of both, and the click's median as a ratio to the baseline's.
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
TABLE_GAMES = ("syndicate", "plotters", "coloretto", "wimmuln", "le_plateau")
REPAINT = """picture => new Promise(resolve => {
  const svg = picture.innerHTML;
  const started = performance.now();
  picture.innerHTML = "";
  picture.innerHTML = svg;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)));
})"""


def summary(values: list[float], unit: str) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return f"median {statistics.median(values):7.1f} {unit}  p90 {p90:7.1f} {unit}  max {max(values):7.1f} {unit}"


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (inclusive method)."""
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def restore_table(page, table, first: str, before: str) -> None:
    """Bring the table back to the learner's decision it showed before the click on ``first``."""
    if "Now click" in table.inner_text():
        table.locator(f'[data-target="{first}"]').first.click(position={"x": 5, "y": 12})
    else:
        take_back = table.get_by_role("button", name="Take back")
        page.wait_for_function("b => !b.disabled", arg=take_back.element_handle(), timeout=30_000)
        take_back.click()
    page.wait_for_function("([p, html]) => p.innerHTML === html",
                           arg=[harness.table_picture(table).element_handle(), before], timeout=30_000)


def time_table_clicks(page, table, clicks: int) -> tuple[list[float], list[float]]:
    """(click-to-painted times, baseline repaint times) in milliseconds, for one game's table."""
    table.scroll_into_view_if_needed()
    table.locator(".pl-legal").first.wait_for(timeout=30_000)
    answered, repainted = [], []
    for _ in range(clicks):
        first = table.locator(".pl-legal").first.get_attribute("data-target")
        timing = harness.click_target_and_time(page, table)
        answered.append(timing["painted_ms"])
        restore_table(page, table, first, timing["before"])
        repainted.append(page.evaluate(REPAINT, harness.table_picture(table).element_handle()))
    return answered, repainted


def table_clicks(context, workdir: Path, clicks: int) -> None:
    """Print the play table's click times per game (see the module docstring)."""
    server = harness.start_voila(workdir, notebook_dir=harness.SCREENSHOTS.parent)
    try:
        page, watch = harness.open_table_notebook(context, server)
        print(f"play table, {clicks} clicks per game: click = click to new picture painted, "
              "baseline = Chromium repainting the same picture")
        print(f"{'game':<12}{'click median':>13}{'p95':>8}{'baseline median':>17}{'p95':>8}{'ratio':>8}")
        for index, game in enumerate(TABLE_GAMES):
            answered, repainted = time_table_clicks(page, harness.tables(page).nth(index), clicks)
            click_median, base_median = statistics.median(answered), statistics.median(repainted)
            print(f"{game:<12}{click_median:>10.0f} ms{percentile(answered, 0.95):>5.0f} ms"
                  f"{base_median:>14.1f} ms{percentile(repainted, 0.95):>5.1f} ms"
                  f"{click_median / base_median:>7.1f}×", flush=True)
        if watch.problems():
            print(f"  problems in the play table: {watch.problems()}")
        page.close()
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=3, help="times each notebook is opened")
    parser.add_argument("--clicks", type=int, default=20, help="forward clicks timed per notebook")
    parser.add_argument("--table-clicks", type=int, default=20, help="clicks timed per game at the play table")
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
                if options.table_clicks:
                    (Path(workdir) / "table").mkdir()
                    table_clicks(context, Path(workdir) / "table", options.table_clicks)
        finally:
            server.stop()
    if all_changed:
        median = statistics.median(all_changed)
        print(f"all notebooks: forward → new picture median {median:.1f} ms = {median / AIM_MS:.2f} x the "
              f"{AIM_MS} ms aim ({len(all_changed)} clicks)")


if __name__ == "__main__":
    main()
