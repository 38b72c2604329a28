"""The StepViewer's odds bar: the live chances after each step, worked out once per step, from what
the viewer may see, and "no odds yet" before there is a question."""

import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.lab.expert import odds
from plateau_lab.ui.widgets import StepViewer


def played(name: str, moves: int, seed: int = 3):
    spec = game_spec(name)
    state = spec.new_game(seed=seed)
    bots = [spec.bot("heuristic", seat) for seat in range(state.players)]
    for _ in range(moves):
        state = state.apply(bots[state.current_player].choose(state))
    return state


def test_each_step_is_worked_out_once():
    asked = []
    viewer = StepViewer([("<svg/>", "one"), ("<svg/>", "two")], odds=lambda index: asked.append(index) or f"odds {index}")
    viewer.forward.click()
    viewer.back.click()
    viewer.forward.click()
    assert asked == [0, 1] and viewer.odds.value == "odds 1"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_bar_asks_the_game_s_question_for_each_label_with_an_interval(name):
    """The question and labels are the game's model's (each game's own in ``tests/<game>/test_odds_bar.py``)."""
    state = played(name, 12)
    viewer = StepViewer.from_state(state, odds=True, odds_playouts=10)
    viewer.slider.value = viewer.slider.max
    bar = odds(state, playouts=10)
    shown = re.sub("<[^>]+>", " ", viewer.odds.value)
    if bar is None:
        assert "No odds yet" in shown
        return
    assert "Chances (10 games played on): " in shown and bar.question in shown
    assert "playout" not in shown
    assert all(label.removeprefix("player ") in shown for label in bar.labels) and "likely" in shown


@pytest.mark.parametrize("name", GAME_NAMES)
def test_bad_odds_options_are_refused_with_a_sentence(name):
    with pytest.raises(ValueError, match="odds_playouts"):
        StepViewer.from_state(played(name, 1), odds=True, odds_playouts=0)
