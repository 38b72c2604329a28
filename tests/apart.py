"""Run a coroutine on an event loop of its own, in a thread of its own.

The browser tests' Playwright keeps an event loop running in the main thread of the test process
that ran them, where ``asyncio.run`` then refuses to start another; ``make test`` spreads the test
files over its workers, so any test that runs a coroutine may share a worker with them::

    from apart import run_apart
    run_apart(scene())
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_apart(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """What ``asyncio.run(coroutine)`` returns, run on a new event loop in a thread of its own."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
