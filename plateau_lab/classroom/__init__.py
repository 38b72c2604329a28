"""Shared tables for a class: learners at one game from their own pages, bots in the empty seats.

The tables live in a service of their own (:mod:`plateau_lab.classroom.service`), started beside
the classroom's Voilà server, outside the learners' kernels; every move is kept in an SQLite
database (:mod:`~plateau_lab.classroom.store`) before anyone hears of it. The table logic is plain
Python (:mod:`~plateau_lab.classroom.tables`), the messages are JSON checked by
:mod:`~plateau_lab.classroom.protocol`, and a learner's kernel talks to the service with
:mod:`~plateau_lab.classroom.client`. The teacher's side (:mod:`~plateau_lab.classroom.teacher`:
the token, the class at a glance, positions sent to the class and the expert's view) is served as
a page of its own (:mod:`~plateau_lab.classroom.teacher_page`). This layer sits between the lab and
the user interface: it reads the games through the registry and seats the lab's bots; it never
imports a widget.
"""

from .store import Store
from .tables import Refused, Seating, SharedTables

__all__ = ["Refused", "Seating", "SharedTables", "Store"]
