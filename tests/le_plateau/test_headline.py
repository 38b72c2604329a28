"""Le Plateau's headline (hand, phase, contract, result) fits its box in every position: a long
contract wraps onto a second line instead of running off both edges of the picture (issue 28:
notebook 06's review showed "1 of 4 · phase: raise the objective · contract: No Exchange Five sides
Duo (value 8) by pl")."""

import xml.etree.ElementTree as ET

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.render import text_width
from plateau_lab.games.le_plateau.render import state_picture

SVG = "{http://www.w3.org/2000/svg}"
#: Room left between the words and the box's rounded ends.
MARGIN = 16


def headline_box(svg: str) -> tuple[float, list[tuple[str, float]]]:
    """The headline's box width, and its lines with their font sizes (the picture's first part)."""
    top = ET.fromstring(svg)[0][0]
    box = top.find(f"{SVG}rect")
    return float(box.get("width")), [(line.text, float(line.get("font-size"))) for line in top.iter(f"{SVG}text")]


def hands(players: int, seeds=range(6)):
    """Every state of the first hand of a few games, a random player in seat 0 and bots elsewhere
    (random bids make the long contracts: No Exchange Five sides Duo)."""
    spec = game_spec("le_plateau")
    for seed in seeds:
        game = spec.new_game(players, seed=seed)
        table = [RandomBot(seed)] + [spec.bot("heuristic", seat) for seat in range(1, players)]
        state = game
        yield state
        while not state.is_over and state.hand_number == game.hand_number:
            state = state.apply(table[state.current_player].choose(state))
            yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_headline_fits_its_box_whatever_the_contract(players):
    longest = 0
    for state in hands(players):
        svg = state_picture(state, 0).svg()
        width, lines = headline_box(svg)
        assert lines and width <= float(ET.fromstring(svg).get("width"))
        for words, size in lines:
            assert text_width(words, size) + MARGIN <= width, (words, width)
        longest = max(longest, sum(len(words) for words, _ in lines))
    assert longest > 80        # some contract made the headline long
