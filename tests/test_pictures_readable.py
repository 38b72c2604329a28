"""Pictures readable at 100% zoom, for every registered game: every text at least 11 px, and every picture
scales down to a narrow page. A game's own pictures are tested in ``tests/<game>/test_pictures.py``."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from plateau_lab.core import GAME_NAMES, game_spec

SMALLEST_TEXT = 11
#: The widest a table picture may be drawn: an 800-pixel page shows it at full size, text at least 11 px.
WIDEST = 760


def mid_game(name: str, players: int, moves: int = 15):
    """A game a few random moves in (fewer if it ends sooner)."""
    state = game_spec(name).new_game(players, seed=players)
    rng = random.Random(players)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


CASES = [(name, players) for name in GAME_NAMES for players in game_spec(name).players]


@pytest.mark.parametrize("name, players", CASES)
@pytest.mark.parametrize("viewer", [None, 0])
@pytest.mark.parametrize("moves", [0, 15, 10_000], ids=["deal", "mid-game", "game over"])
def test_every_text_is_at_least_11_px_and_the_picture_fits_an_800_pixel_page(name, players, viewer, moves):
    picture = game_spec(name).table_view().picture(mid_game(name, players, moves), viewer, None)
    assert picture.width <= WIDEST, f"{picture.width:.0f} px wide at its natural size"
    svg = picture.svg()
    root = ET.fromstring(svg)
    sizes = [float(size) for size in re.findall(r'font-size="([^"]+)"', svg)]
    assert sizes and min(sizes) >= SMALLEST_TEXT, sorted(set(sizes))
    width, height = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}" and width > 0 and height > 0
    assert "max-width:100%" in root.get("style")


@pytest.mark.parametrize("name, players", CASES)
@pytest.mark.parametrize("moves", [0, 15], ids=["deal", "mid-game"])
def test_a_picture_drawn_for_a_player_calls_him_you(name, players, moves):
    """At the table the learner is "you": the seat a picture is drawn for is named "You", never
    "Player N", and the other seats keep their numbers; a picture drawn for no one names every seat."""
    state = mid_game(name, players, moves)
    view = game_spec(name).table_view()
    for viewer in range(players):
        texts = [element.text or "" for element in ET.fromstring(view.picture(state, viewer, None).svg()).iter()]
        assert any(re.match(r"You\b", line) for line in texts), texts
        assert not any(re.search(rf"\bplayer {viewer}\b", line, re.IGNORECASE) for line in texts), texts
        other = (viewer + 1) % players
        assert any(re.search(rf"\bplayer {other}\b", line, re.IGNORECASE) for line in texts), texts
    everyone = [element.text or "" for element in ET.fromstring(view.picture(state, None, None).svg()).iter()]
    assert not any(re.search(r"\byou\b", line, re.IGNORECASE) for line in everyone), everyone
