"""Le Plateau's pictures fit an 800-pixel page in every phase and leave room for every line of text
(moved from tests/test_pictures_readable.py, whose WIDEST they share)."""

import xml.etree.ElementTree as ET

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.render import text_width
from plateau_lab.games.le_plateau.bidding import TEAM_COLUMNS
from plateau_lab.games.le_plateau.render import bidding_table_picture, state_picture as le_plateau_picture
from plateau_lab.games.le_plateau.view import LEGEND

from test_pictures_readable import WIDEST


@pytest.mark.parametrize("players, full_deck", [(players, False) for players in range(2, 7)]
                         + [(players, True) for players in (3, 4, 5)])
def test_the_tables_fit_an_800_pixel_page_in_every_phase(players, full_deck):
    spec = game_spec("le_plateau")
    options = {"full_deck": True} if full_deck else {}
    for seed in range(2):
        state = spec.new_game(players, seed=seed, **options)
        bots = [spec.bot("heuristic", seat) for seat in range(players)]
        phases = set()
        while not state.is_over:
            phases.add(state.phase)
            picture = le_plateau_picture(state, state.current_player, clickable=True)
            assert picture.width <= WIDEST, f"{picture.width:.0f} px wide in phase {state.phase}"
            state = state.apply(bots[state.current_player].choose(state))
        assert {"bidding", "play"} <= phases


@pytest.mark.parametrize("players", range(2, 7))
def test_the_bidding_table_leaves_room_for_every_line_of_text(players):
    """No text runs past the picture's right edge, where the page would cut it off."""
    picture = bidding_table_picture(players)
    for line in ET.fromstring(picture.svg()).iter("{http://www.w3.org/2000/svg}text"):
        width = text_width(line.text, float(line.get("font-size")))
        left = float(line.get("x")) - (width / 2 if line.get("text-anchor") == "middle" else 0)
        assert left + width <= picture.width, line.text


@pytest.mark.parametrize("players", range(2, 7))
def test_every_bid_is_a_cell_of_its_own_big_enough_to_click(players):
    """Each bid is one cell of at least 30 units each way (at the table's narrowest, about 0.8 of its
    size, still 24 px), named by its row and column: no cell is split in halves."""
    picture = bidding_table_picture(players, clickable=True)
    root = ET.fromstring(picture.svg())
    cells = [group for group in root.iter("{http://www.w3.org/2000/svg}g") if group.get("data-target")]
    assert len(cells) == 10 * (1 if players < 4 else len(TEAM_COLUMNS[players]))
    for cell in cells:
        box = cell.find("{http://www.w3.org/2000/svg}rect")
        assert float(box.get("width")) >= 30 and float(box.get("height")) >= 30, cell.get("data-target")
    words = [line.text for line in root.iter("{http://www.w3.org/2000/svg}text")]
    assert words.count("Exchange") == words.count("No Exchange") == 5
    assert not any("half" in line for line in words + [LEGEND])
