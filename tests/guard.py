"""The per-input guard of the bad-input tests: ``guarded(function, *args)``.

It calls ``function(*args)`` and fails the test when one call uses more than ``CPU_LIMIT`` seconds
of this process's processor time (``time.process_time``): a parser that backtracks or is quadratic
spends minutes on these inputs of up to 100 kB, a linear one milliseconds. Processor time, not
wall-clock time, so that a busy machine (other workers, other jobs) cannot fail a good parser.
Exceptions of the call pass through, so the test decides which are expected::

    from guard import guarded
    with pytest.raises(ParseError):
        guarded(parse_action, "play " + " " * 100_000)

A call that never returns (an endless loop, or a wait) uses no processor time to measure: a
SIGALRM after ``HANG_LIMIT`` seconds of wall-clock time interrupts it and fails the test saying
that it hung. That is only a safety net against a hang, far above any parse's time.
"""

import signal
import time

import pytest

#: Processor seconds one guarded call may use: generous, a linear parse takes a few milliseconds.
CPU_LIMIT = 5.0
#: Wall-clock seconds after which a guarded call is taken to hang and is interrupted.
HANG_LIMIT = 120.0


class Hung(Exception):
    """Raised inside a guarded call that has not returned after ``HANG_LIMIT`` seconds."""


def guarded(function, *args, cpu_limit: float = CPU_LIMIT, hang_limit: float = HANG_LIMIT):
    """``function(*args)``, failing the test if it uses more than ``cpu_limit`` seconds of processor
    time, or interrupting it as hung after ``hang_limit`` seconds of wall-clock time."""
    def interrupt(signum, frame):
        raise Hung()

    name = getattr(function, "__qualname__", repr(function))
    size = sum(len(arg) for arg in args if isinstance(arg, (str, bytes)))
    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, hang_limit)
    start, hung = time.process_time(), False
    try:
        return function(*args)
    except Hung:
        hung = True
        pytest.fail(f"{name} hung: it had not returned after {hang_limit:g} s on an input of {size} characters")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        used = time.process_time() - start
        if used > cpu_limit and not hung:     # checked whether the call returned or raised
            pytest.fail(f"{name} used {used:.2f} s of processor time on an input of {size} characters "
                        f"(more than {cpu_limit:g} s: does it backtrack, or is it quadratic?)")
