"""Pictures readable at 100% zoom: every text at least 11 px, and every picture scales down to a narrow page."""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.games.le_plateau.render import bidding_table_picture, state_picture as le_plateau_picture
from plateau_lab.games.syndicate.render import state_picture as syndicate_picture
from plateau_lab.games.wimmuln.render import cross_picture
from plateau_lab.games.wimmuln import Estimate, card
from plateau_lab.core.render import text_width

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


@pytest.mark.parametrize("players, full_deck", [(players, False) for players in range(2, 7)]
                         + [(players, True) for players in (3, 4, 5)])
def test_le_plateau_tables_fit_an_800_pixel_page_in_every_phase(players, full_deck):
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


def test_a_wimmuln_face_down_estimate_shows_its_number_to_those_who_may_see_it():
    cross = Estimate(card(3, "red"), card(7, "blue"))
    assert ">7</text>" in cross_picture(cross, show_top=True, show_bottom=True).svg()
    assert ">7</text>" not in cross_picture(cross, show_top=True, show_bottom=False).svg()


def test_the_syndicate_face_down_card_is_marked_for_the_teacher_and_hidden_from_the_enforcers():
    state = mid_game("syndicate", 3, moves=0)
    lead = next(action for action in state.legal_actions() if getattr(action, "face_down", None) is not None)
    on_table = state.apply(lead)
    teacher = on_table.to_svg()
    assert "face down" in teacher and lead.face_down.name in teacher
    enforcer = syndicate_picture(on_table, (on_table.mastermind + 1) % 3).svg()
    assert lead.face_down.name not in enforcer and "face down" not in enforcer


@pytest.mark.parametrize("players", range(2, 7))
def test_le_plateau_bidding_table_leaves_room_for_every_line_of_text(players):
    """No text runs past the picture's right edge, where the page would cut it off."""
    picture = bidding_table_picture(players)
    for line in ET.fromstring(picture.svg()).iter("{http://www.w3.org/2000/svg}text"):
        width = text_width(line.text, float(line.get("font-size")))
        left = float(line.get("x")) - (width / 2 if line.get("text-anchor") == "middle" else 0)
        assert left + width <= picture.width, line.text
