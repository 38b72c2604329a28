"""A name belongs to its learner: joining the class gives a key, and the name needs it from then on.

The first page to join the class as "Ann" is given a key (32 random bytes); the page keeps it (the
browser's storage keeps it across a reload: :class:`~plateau_lab.ui.class_lesson.LearnerKeys`), and
every later page that joins as "Ann" must show it. The store keeps only the key's hash, so a copy
of the database lends no one's name::

    >>> from plateau_lab.classroom.store import Store
    >>> names = LearnerNames(Store(":memory:"))
    >>> key = names.join("Ann", None)                 # a new name: its key
    >>> names.join("Ann", key) == key                 # Ann again, from her other page or after a reload
    True
    >>> names.join("Ann", None)
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: The name Ann is taken in this class: ...
"""

from __future__ import annotations

import hmac
import secrets

from .store import Store
from .tables import Refused, _learner_name, hash_token

__all__ = ["LearnerNames"]


class LearnerNames:
    """The names of a class's learners and the hashes of their keys, kept in ``store``."""

    def __init__(self, store: Store):
        self.store = store

    def join(self, name: str, key: str | None) -> str:
        """The key of the learner ``name``: a fresh one for a new name; the one given when it
        matches; Refused (the name is taken) otherwise."""
        name = _learner_name(name)
        kept = self.store.learner_key(name)
        if kept is None:
            key = secrets.token_urlsafe(32)
            self.store.add_learner(name, hash_token(key))
            return key
        if isinstance(key, str) and hmac.compare_digest(kept, hash_token(key)):
            return key
        raise Refused(f"The name {name} is taken in this class: if it is yours, use the page (the browser) you "
                      "joined with; otherwise add your initial or choose another name.")
