"""Shared test set-up.

Stored playthroughs (one seeded game of every registered game, move by move) are checked by
``tests/playthroughs/test_playthroughs.py`` and written by ``tools/playthrough.py``.

No test asserts a wall-clock time: hypothesis's per-example deadline (200 ms of wall-clock time
by default) is turned off for every test here; parsers are bounded by ``tests/guard.py`` instead.
"""

from hypothesis import settings

settings.register_profile("no_deadline", deadline=None)
settings.load_profile("no_deadline")
