"""Fair shares of the shared tables' service: messages a second per page, and wrong table codes slowed.

A page may send MESSAGES_PER_SECOND messages a second (a burst of MESSAGE_BURST at once): a
learner clicks a few times a second, a page flooding the service is refused in words and the
messages it floods store nothing. :class:`Pace` is the bucket that counts them::

    >>> now = [0.0]
    >>> pace = Pace(2, 3, clock=lambda: now[0])
    >>> [pace.take() for _ in range(4)]               # a burst of 3, then wait
    [True, True, True, False]
    >>> now[0] += 0.5; pace.take()                    # half a second gives one more
    True

Table codes are guessed one wrong code after another: :class:`CodeGuesses` slows a page after
WRONG_CODES_FREE wrong codes (it waits twice as long after each next one, up to a minute), and the
whole class may get WRONG_CODES_PER_HOUR wrong codes an hour (a burst of WRONG_CODES_BURST: a
class mistypes a few at the start of a game); beyond, every code waits, for everyone, until the
hour's share is back. With CODE_LENGTH letters and 100 tables in play, guessing a live code in a
lesson's time is hopeless (see :data:`~plateau_lab.classroom.tables.CODE_LENGTH`)::

    >>> guesses = CodeGuesses(clock=lambda: now[0])
    >>> page = "a page"
    >>> for _ in range(WRONG_CODES_FREE):
    ...     guesses.check(page); guesses.wrong(page)
    >>> guesses.check(page)
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: Too many wrong table codes from this page: wait 1 s, then check the code's letters with your classmate.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable

from .tables import Refused

__all__ = ["MESSAGES_PER_SECOND", "MESSAGE_BURST", "WRONG_CODES_BURST", "WRONG_CODES_FREE", "WRONG_CODES_PER_HOUR",
           "CodeGuesses", "Pace"]

#: A page's messages: this many a second, a burst of MESSAGE_BURST at once.
MESSAGES_PER_SECOND = 10
MESSAGE_BURST = 30
#: Wrong table codes a page may try before it is slowed.
WRONG_CODES_FREE = 3
#: Wrong table codes the whole class may try in an hour, and at once.
WRONG_CODES_PER_HOUR = 720
WRONG_CODES_BURST = 30
#: The longest a page waits after a wrong code, in seconds.
LONGEST_WAIT = 60.0


class Pace:
    """A bucket of ``burst`` tokens, filled with ``per_second`` a second: :meth:`take` one (False: empty)."""

    def __init__(self, per_second: float, burst: float, *, clock: Callable[[], float] = time.monotonic):
        self.per_second, self.burst, self.clock = per_second, burst, clock
        self._tokens, self._then = float(burst), clock()

    def _fill(self) -> None:
        now = self.clock()
        self._tokens = min(self.burst, self._tokens + (now - self._then) * self.per_second)
        self._then = now

    def take(self) -> bool:
        self._fill()
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def seconds_to_wait(self) -> int:
        """Seconds until a token is back (0: there is one)."""
        self._fill()
        return 0 if self._tokens >= 1 else math.ceil((1 - self._tokens) / self.per_second)


class CodeGuesses:
    """The wrong table codes of each page and of the whole class (see the module docstring)."""

    def __init__(self, *, clock: Callable[[], float] = time.monotonic, per_hour: float = WRONG_CODES_PER_HOUR,
                 burst: float = WRONG_CODES_BURST):
        self.clock = clock
        self._class = Pace(per_hour / 3600, burst, clock=clock)
        self._pages: dict[Hashable, tuple[int, float]] = {}     # page -> (wrong codes, may try again at)

    def check(self, page: Hashable) -> None:
        """Refused (in words) when ``page`` must wait before trying a code, or the class's share is spent."""
        wrong, until = self._pages.get(page, (0, 0.0))
        if wrong >= WRONG_CODES_FREE and self.clock() < until:
            raise Refused(f"Too many wrong table codes from this page: wait {math.ceil(until - self.clock())} s, "
                          "then check the code's letters with your classmate.")
        wait = self._class.seconds_to_wait()
        if wait:
            raise Refused(f"Many wrong table codes were tried in the class just now: wait {wait} s and try again.")

    def wrong(self, page: Hashable) -> None:
        """``page`` tried a code no table has."""
        self._class.take()
        wrong = self._pages.get(page, (0, 0.0))[0] + 1
        wait = min(LONGEST_WAIT, 2.0 ** (wrong - WRONG_CODES_FREE)) if wrong >= WRONG_CODES_FREE else 0.0
        self._pages[page] = (wrong, self.clock() + wait)

    def forget(self, page: Hashable) -> None:
        """``page`` closed."""
        self._pages.pop(page, None)
