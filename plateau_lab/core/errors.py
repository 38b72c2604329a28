"""The errors every engine raises, and the words of their messages.

An illegal move raises :class:`IllegalAction` (a ``ValueError``) naming the rule; malformed text or
JSON raises :class:`ParseError` saying where and what; a state with no past of its own raises
:class:`NotReplayable` when asked to replay or save.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["IllegalAction", "NotReplayable", "ParseError", "count_of", "short_text", "quoted"]



class IllegalAction(ValueError):
    """A move the rules forbid. Says which rule, why, and what would be legal.

    >>> err = IllegalAction("play Bard", rule="follow the mark",
    ...                     reason="you hold a personality", legal=["play Author"])
    >>> print(err)
    'play Bard' is illegal (follow the mark): you hold a personality. Legal now: play Author
    """

    def __init__(self, action: Any, *, rule: str, reason: str, legal: Iterable[Any] = ()):
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal[:40])
        if len(self.legal) > 40:
            shown += f", … ({len(self.legal)} in all)"
        super().__init__(
            f"'{short_text(action)}' is illegal ({rule}): {reason}. Legal now: {shown or 'nothing'}"
        )


class NotReplayable(ValueError):
    """A state with no past of its own: ``states()`` and ``to_json()`` raise it, saying why, rather
    than replay or save another game (e.g. a position the expert imagined, which its game cannot
    write as a scenario; see :mod:`plateau_lab.core.imagining`). ``fault`` is true when the past
    written for the state does not lead to it: a fault of the game's model, not a known limit."""

    def __init__(self, message: str, *, fault: bool = False):
        super().__init__(message)
        self.fault = fault


class ParseError(ValueError):
    """Malformed text or JSON: says where (``where``) and what (``what``).

    >>> print(ParseError("no card named 'Dragon'", where="hand 1"))
    hand 1: no card named 'Dragon'
    """

    def __init__(self, what: str, *, where: str):
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}")


# The errors are imported from ``plateau_lab.core``, and their tracebacks and saved notebook outputs
# name them there, as they did before core was split into modules.
for _error in (IllegalAction, NotReplayable, ParseError):
    _error.__module__ = "plateau_lab.core"


def count_of(count: int, noun: str) -> str:
    """A count with its noun, singular for one (and minus one): the way every sentence a learner
    reads counts. A negative count is written with a true minus sign.

    >>> count_of(1, "trick"), count_of(0, "trick"), count_of(3, "point"), count_of(-1, "point")
    ('1 trick', '0 tricks', '3 points', '−1 point')
    """
    number = f"−{-count}" if count < 0 else f"{count}"
    return f"{number} {noun}{'' if abs(count) == 1 else 's'}"


def short_text(value: Any, limit: int = 60) -> str:
    """A value as text for an error message, cut to ``limit`` characters (inputs may be huge).

    >>> short_text("x" * 100, 10)
    'xxxxxxxxx…'
    >>> short_text(10**5000)
    '<int>'
    """
    try:
        text = value if isinstance(value, str) else repr(value)
    except Exception:      # e.g. an int beyond Python's digit limit, or a broken hand-built object
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def quoted(value: Any, limit: int = 40) -> str:
    """``value`` as Python writes it (text in quotes), for a message: about ``limit`` characters at most.

    >>> quoted("A9(-3,3)"), quoted("x" * 100, limit=8), quoted(2.5)
    ("'A9(-3,3)'", "'xxxxxx…'", '2.5')
    """
    if not isinstance(value, str):
        return short_text(value, limit)
    text = repr(value[:limit + 1])
    return text if len(text) <= limit + 2 else text[:limit - 1] + "…" + text[-1]
