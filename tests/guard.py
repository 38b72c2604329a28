"""The per-input guard of the bad-input tests: ``within_a_second(function, *args)``.

It calls ``function(*args)`` and fails the test when one call takes more than a second (a parser
that backtracks or is quadratic), interrupting a call that would hang. Exceptions of the call
pass through, so the test decides which are expected::

    from guard import within_a_second
    with pytest.raises(ParseError):
        within_a_second(parse_action, "play " + " " * 100_000)
"""

import signal
import time

import pytest


class TookTooLong(Exception):
    """Raised inside a guarded call that has run past its time."""


def within_a_second(function, *args, limit: float = 1.0):
    """``function(*args)``, failing the test if it takes more than ``limit`` seconds."""
    def interrupt(signum, frame):
        raise TookTooLong()

    name = getattr(function, "__qualname__", repr(function))
    size = sum(len(arg) for arg in args if isinstance(arg, (str, bytes)))
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, limit * 5)
    start = time.perf_counter()
    try:
        return function(*args)
    except TookTooLong:
        pytest.fail(f"{name} was interrupted after {limit * 5:.0f} s on an input of {size} characters")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        elapsed = time.perf_counter() - start
        if elapsed > limit:
            pytest.fail(f"{name} took {elapsed:.2f} s on an input of {size} characters (more than {limit} s)")
