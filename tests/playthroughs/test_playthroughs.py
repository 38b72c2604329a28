"""Every registered game plays its stored playthrough again, move by move (``tools/playthrough.py``).

A playthrough (``tests/playthroughs/<game>.txt``) is one seeded game of the registry's short game
with random bots: every seat's observation, the legal moves, the move chosen, the log and the
scores. A change of behaviour shows as a diff; a registered game without a stored playthrough
fails, and so does a stored playthrough of a game no longer registered. Parametrised over the
registry: a new game needs no code here, only ``.venv/bin/python tools/playthrough.py <game>``.
"""

import importlib.util
from pathlib import Path

import pytest

from plateau_lab.core import GAME_NAMES

TOOL = Path(__file__).resolve().parents[2] / "tools" / "playthrough.py"
_spec = importlib.util.spec_from_file_location("playthrough", TOOL)
playthrough = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(playthrough)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_game_plays_its_stored_playthrough_again(game):
    path = playthrough.PLAYTHROUGHS / f"{game}.txt"
    assert path.exists(), (f"{game} is registered but has no stored playthrough: write it with "
                           f"'.venv/bin/python tools/playthrough.py {game}', read it, and commit it")
    difference = playthrough.check(game)
    assert not difference, (f"{game} no longer plays its stored playthrough ({path}); if the change is "
                            f"deliberate, regenerate it with the tool and read the diff:\n{difference[:4000]}")


def test_every_stored_playthrough_is_of_a_registered_game():
    stored = {path.stem for path in playthrough.PLAYTHROUGHS.glob("*.txt")}
    assert stored <= set(GAME_NAMES), sorted(stored - set(GAME_NAMES))


def test_a_playthrough_shows_every_seat_the_legal_moves_and_the_scores():
    game = GAME_NAMES[0]
    lines = playthrough.playthrough(game).splitlines()
    players = int(lines[1].removeprefix("players: "))
    first = lines.index("# state 0")
    assert [line.split(":")[0] for line in lines[first + 1:first + 1 + players]] == [
        f"observation {seat}" for seat in range(players)]
    assert any(line.startswith("legal: ") for line in lines) and any(line.startswith("move: ") for line in lines)
    assert lines[-1].startswith("scores: ")


def test_a_changed_game_shows_as_a_diff(tmp_path, monkeypatch):
    game = GAME_NAMES[0]
    stored = playthrough.playthrough(game)
    monkeypatch.setattr(playthrough, "PLAYTHROUGHS", tmp_path)
    (tmp_path / f"{game}.txt").write_text(stored.replace("move: ", "move: (changed) ", 1), encoding="utf-8")
    assert "-move: (changed) " in playthrough.check(game)
    (tmp_path / f"{game}.txt").unlink()
    assert playthrough.check(game).startswith("--- stored")           # a missing file differs too
