"""Wimmüln's guided first game speaks of colours, as its rules do, never of suits."""

from plateau_lab.core import game_spec
from plateau_lab.ui.guided import GuidedSession


def test_the_guide_says_colour_never_suit():
    texts = [step.say for step in game_spec("wimmuln").guide_script().steps]
    assert not [text for text in texts if "suit" in text.lower()]
    assert any("colour" in text for text in texts)
    assert "suit" not in GuidedSession("wimmuln", delay=0).status().lower()
