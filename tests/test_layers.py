"""The layers hold: core, each game's rules, its bots and fast path, the lab, the user interface.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``); this runs them in the suite.
"""

import subprocess
import sys

import pytest
from plateau_lab.core import GAME_NAMES

USER_INTERFACE = ("ipywidgets", "anywidget", "matplotlib")


def test_the_import_contracts_hold():
    lint = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"
    done = subprocess.run([sys.executable, "-c", lint, "--no-cache"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]
    assert "Contracts: 5 kept, 0 broken." in done.stdout, done.stdout[-3000:]



def _loaded_after(code: str) -> list[str]:
    probe = code + f"\nimport sys\nprint(' '.join(name for name in {USER_INTERFACE!r} if name in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.split()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_drawing_and_playing_a_game_loads_no_user_interface(game):
    code = (f"from plateau_lab.core import RandomBot, game_spec, play_out\n"
            f"spec = game_spec({game!r})\n"
            f"state = spec.new_game(seed=3)\n"
            f"state.to_svg(); state.to_svg(viewer=0)\n"
            f"final = play_out(state, [RandomBot(seat) for seat in range(state.players)])\n"
            f"final.to_svg()\n")
    assert _loaded_after(code) == []


def test_simulating_loads_no_user_interface():
    code = ("from plateau_lab.core import GAME_NAMES\n"
            "from plateau_lab.lab.simulate import simulate\n"
            "for game in GAME_NAMES:\n"
            "    simulate(game, 2, workers=1, progress=False)\n"
            "    simulate(game, 1, bots=None, workers=1, progress=False, fast=False)\n")
    assert _loaded_after(code) == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_table_session_loads_no_user_interface(game):
    """The play table's session (bots, hints, take-back) is plain Python; the widgets are a view over it."""
    code = ("from plateau_lab.core import game_spec\n"
            "from plateau_lab.ui.session import TableSession\n"
            f"session = TableSession(game_spec({game!r}).new_game(seed=2), delay=0)\n"
            "session.hint()\n")
    assert _loaded_after(code) == []


def test_a_guided_game_loads_no_user_interface():
    """Every game's guided first game plays to its end in plain Python."""
    code = ("from plateau_lab.ui.guided import GuidedSession\n"
            "from plateau_lab.core import GAME_NAMES\n"
            "for game in GAME_NAMES:\n"
            "    session = GuidedSession(game, delay=0)\n"
            "    while session.guided():\n"
            "        if session.legal_targets():\n"
            "            session.click(session.legal_targets()[0])\n"
            "        else:\n"
            "            session.play(session.buttons()[0])\n"
            "    session.picture().svg()\n")
    assert _loaded_after(code) == []
