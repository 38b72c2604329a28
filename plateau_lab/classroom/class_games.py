"""The class's own games at the shared tables: games described with :mod:`plateau_lab.kit` in a file
the teacher gives the service when starting it (``--games little_tricks.py``).

A game made in a notebook lives in that learner's kernel; the shared tables live in the service,
which rebuilds every table from its moves after a restart. So the service must know the game's rules
itself, and it takes them only from the one who starts it: a Python file that calls
``plateau_lab.kit.define(...)``, run once at the start as the teacher's own code (the teacher runs
the whole service anyway). A learner's page never sends rules or code to the service: it names a
game the service already knows, and the service refuses any other name. A description's hooks are
Python functions, so accepting them from a page would let any page run any code on the teacher's
machine; plain data alone (no hooks) would be safe, but it cannot say most of the rules a class
invents, so the kit's games come to the service the way a game of the package does, as code the
one who runs the service chose to install.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "ours.py").write_text('''
... from plateau_lab.kit import TrickGame, define
... define(TrickGame("doc_tricks", "Doc's tricks", players=range(3, 5), suits="CDSH", ranks="7 8 9 10 J Q K A",
...                  hand_size=6, trumps="turned up"))
... ''') > 0
True
>>> load_class_games([folder / "ours.py"])
('doc_tricks',)
>>> (folder / "broken.py").write_text('''
... from plateau_lab.kit import TrickGame, define
... define(TrickGame("doc_broken", "Broken", players=range(3, 5), suits="CDSH", ranks="7 8", hand_size=6))
... ''') > 0
True
>>> load_class_games([folder / "broken.py"])
Traceback (most recent call last):
plateau_lab.classroom.class_games.ClassGamesError: The class's games in broken.py cannot be played: the description's hand_size: 6 cards each for 4 players is 24 cards, but the deck holds 8.
"""

from __future__ import annotations

import runpy
from collections.abc import Iterable
from pathlib import Path

from ..core.registry import GAME_NAMES, game_module, game_names

__all__ = ["ClassGamesError", "load_class_games"]


class ClassGamesError(ValueError):
    """A file of class games the service cannot take: says which file and what is wrong, in words."""


def load_class_games(paths: Iterable[Path]) -> tuple[str, ...]:
    """Run each file of class games (the teacher's, see the module docstring) and return the names
    of the games they define, in order; :class:`ClassGamesError` says which file is at fault and how
    (no such file, a mistake in a description, a file that defines no game, an error in the file)."""
    found: list[str] = []
    for path in map(Path, paths):
        before = _registered()
        if not path.is_file():
            raise ClassGamesError(f"There is no file of class games at {path}.")
        try:
            runpy.run_path(str(path), run_name="class_games")
        except Exception as err:        # the teacher's own file: whatever it raises is said in words
            what = str(err).rstrip(".") or type(err).__name__
            raise ClassGamesError(f"The class's games in {path.name} cannot be played: {what}.") from None
        added = [name for name, game in _registered().items() if before.get(name) is not game]
        if not added:
            raise ClassGamesError(f"{path.name} defines no game: a file of class games describes each game with "
                                  "plateau_lab.kit and calls define(...) on it.")
        found += added
    return tuple(found)


def _registered() -> dict[str, object]:
    """The games registered while the program runs, each by its name (a name defined again is
    another object)."""
    return {name: game_module(name) for name in game_names() if name not in GAME_NAMES}
