"""Deals a page plays in the background, a chunk at a time, never making the page wait.

The variant designer, the sweep panel and the skill ladder play many deals for a learner. The
deals run in the page's **one** worker process (a learner's lab work takes at most one core of the
machine a class shares) or, where no process can be started (Python inside the browser, on the
static site), in the kernel's own process, a chunk between its other work. Stop ends the run at
once, the worker with it, and keeps the deals played. Without a running event loop (a plain Python
session, a test) :meth:`DealsInBackground.start` leaves the chunks to :meth:`~DealsInBackground.step`.

:class:`DealsInBackground` is what the panels share. A panel using it has the widgets
``start_button``, ``stop``, ``progress`` and ``status``; ``workers`` (1 or 0); ``run_``, the run
under way (``chunk()``, ``record(start, stop, rows)``, ``step()``, ``result()``, ``finished``,
``deals``, ``deals_done``); and says, for its own work:

- ``play_chunk``: the function playing a chunk, ``play_chunk(plan, start, stop) -> rows`` (it runs
  in the worker process, so it is a module's function);
- ``new_run()``: the run of the deals asked for;
- ``clear_results()``: what the page shows before the first chunk is played;
- ``show_so_far(result)``: the results of the deals played so far;
- ``each_deal``: how the status line says what each deal is played under;
- ``work``: the work's name in a sentence ("comparison", "sweep");
- ``_finish()``: the page once the run is over or stopped.

A run whose chunk is several pieces of work (the ladder: one table per bot, on the same deals)
says so with :meth:`~DealsInBackground.next_pieces` and :meth:`~DealsInBackground.record_pieces`:
the pieces are played one after another, the page free between them, and kept only together; and
with ``unit``, what its progress counts ("deals", "games").

A run that a panel drives, step by step, with no event loop::

    >>> class Counting:                  # a run of 6 deals, 2 at a time; each deal's row is its number
    ...     deals, deals_done, rows = 6, 0, []
    ...     finished = property(lambda self: self.deals_done >= self.deals)
    ...     def chunk(self):
    ...         return None, self.deals_done, min(self.deals_done + 2, self.deals)
    ...     def record(self, start, stop, rows):
    ...         self.rows, self.deals_done = self.rows + rows, stop
    ...     def step(self):
    ...         self.record(*self.chunk()[1:], list(range(*self.chunk()[1:])))
    ...     def result(self):
    ...         return sum(self.rows)
    >>> import ipywidgets as widgets
    >>> class Panel(DealsInBackground):
    ...     work, each_deal, workers = "count", "one at a time", 0
    ...     start_button, stop = widgets.Button(description="Count"), widgets.Button()
    ...     progress, status, shown = widgets.IntProgress(), widgets.Label(), None
    ...     new_run = staticmethod(Counting)
    ...     def clear_results(self): self.shown = None
    ...     def show_so_far(self, result): self.shown = result
    ...     def _finish(self): self.stop.disabled = True
    >>> panel = Panel()
    >>> panel.start() is None, panel.step(), panel.status.value, panel.shown
    (True, True, '2 of 6 deals played (one at a time)', 1)
    >>> panel.stop_running(); panel.step(), panel.progress.value
    (False, 2)
"""

from __future__ import annotations

import asyncio
import multiprocessing
from typing import Any

__all__ = ["DealsInBackground", "worker", "worker_pool", "POLL_SECONDS"]

#: How often a page looks whether its worker has finished the deals it plays (or Stop was pressed).
POLL_SECONDS = 0.05


def worker_pool(processes: int = 1):
    """The page's worker: a pool of one process (a learner's lab work takes one core at most)."""
    return multiprocessing.get_context().Pool(processes=processes)


def worker():
    """The page's one worker process, or None where no process can be started (Python inside the
    browser, on the static site): the deals are then played in this process, a few at a time."""
    try:
        return worker_pool()
    except (OSError, ImportError, NotImplementedError):
        return None


class DealsInBackground:
    """A panel's run of deals: start, a step at a time, in the background, Stop (see the module)."""

    run_: Any = None
    task: asyncio.Task | None = None
    _stopping: bool = False
    #: What the progress counts, in the status line.
    unit: str = "deals"

    @property
    def running(self) -> bool:
        """Whether a run is under way (started, neither finished nor stopped)."""
        return self.run_ is not None and self.stop.disabled is False

    def run(self) -> None:
        """The start button: start, then, when no event loop runs to play in the background, play
        every deal now."""
        if self.start() is None:
            while self.step():
                pass

    def start(self):
        """Begin the run the panel shows; in a running event loop, schedule its deals (returned: the
        task), else leave them to :meth:`step` (returned: None)."""
        self.run_ = self.new_run()
        self._stopping = False
        self.clear_results()
        self.start_button.disabled, self.stop.disabled = True, False
        self.progress.max, self.progress.value = self.run_.deals, 0
        self.status.value = "Playing…"
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.task = None
        else:
            self.task = loop.create_task(self._play_in_background())
        return self.task

    def step(self) -> bool:
        """Play the next deals in this process and show the results so far; whether to go on."""
        if self.run_ is None:
            raise RuntimeError(f"press {self.start_button.description} (or call start) before playing a step")
        if self._stopping or self.run_.finished:
            return False
        self.run_.step()
        return self._show_step()

    def stop_running(self) -> None:
        """The Stop button: no deals begin after these; the results keep the deals played."""
        if not self.running:
            return
        self._stopping = True
        self.stop.disabled = True
        if self.task is None:
            self._finish()

    def next_pieces(self) -> list[tuple]:
        """The next chunk's work, as ``play_chunk``'s arguments: one tuple per piece, played one after
        another with the page free between them. A run of one table has one piece, its chunk."""
        return [self.run_.chunk()]

    def record_pieces(self, pieces: list[tuple], rows: list[list]) -> None:
        """Keep a chunk once every piece of it is played (``rows[i]``: the rows of ``pieces[i]``)."""
        (_, start, stop), = pieces
        self.run_.record(start, stop, rows[0])

    async def _play_in_background(self) -> None:
        """The deals in one worker process (or this one), the loop free while they are played: Stop
        ends the run at once, the worker with it; a chunk is kept only when all its pieces are."""
        pool = worker() if self.workers == 1 else None
        try:
            while not self._stopping and not self.run_.finished:
                pieces, played = self.next_pieces(), []
                for piece in pieces:
                    rows = None if self._stopping else await self._played(pool, piece)
                    if rows is None:
                        break
                    played.append(rows)
                else:
                    self.record_pieces(pieces, played)
                    self._show_step()
        except Exception as error:        # the page shows what went wrong rather than a silent task
            self.status.value = f"The {self.work} failed: {error}"
            self.start_button.disabled, self.stop.disabled = False, True
            raise
        finally:
            if pool is not None:
                pool.terminate()          # the deals under way when stopped are dropped: the core is free at once
                pool.join()
        if self._stopping:
            self._finish()

    async def _played(self, pool, piece: tuple) -> list | None:
        """The rows of one piece, played in the worker while the loop stays free (None: Stop was
        pressed meanwhile), or in this process, the loop answering the page once it is played."""
        if pool is None:
            rows = self.play_chunk(*piece)
            await asyncio.sleep(0)
            return rows
        pending = pool.apply_async(self.play_chunk, piece)
        while not pending.ready() and not self._stopping:
            await asyncio.sleep(POLL_SECONDS)
        return None if self._stopping else pending.get()

    def _show_step(self) -> bool:
        """The progress and the results so far; all of them once every deal is played."""
        run = self.run_
        self.progress.value = run.deals_done
        if run.finished:
            self._finish()
            return False
        self.show_so_far(run.result())
        self.status.value = f"{run.deals_done} of {run.deals} {self.unit} played ({self.each_deal})"
        return True
