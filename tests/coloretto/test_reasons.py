"""Coloretto's reasons in the game's words (issue 28): a row taken says what the player's colours go
to (moved from tests/test_reasons.py, whose checks run in every game)."""

from plateau_lab.games import coloretto
from plateau_lab.lab.expert import analyse

#: Playouts per legal move of one analysis.
PER_MOVE = 6

def quick(state):
    """A small analysis of the position for the player to move (the words, not the figures, are tested)."""
    return analyse(state, state.current_player, PER_MOVE * len(state.legal_actions()), seed=1)


def test_coloretto_a_row_taken_says_what_the_seat_s_colours_go_to():
    state = coloretto.scenario("players: 4\nturn: 0\nrow 1: green, green, +2\nrow 2: brown, pink\n"
                               "player 0: green, green, brown\nplayer 1: pink, pink", seed=1)
    found = quick(state)
    assert found.value_of("take row 1").says == "takes two greens and a +2: your greens go to 4"
    assert found.value_of("take row 2").says == ("takes a brown and a pink: your browns go to 2, "
                                                  "pink is a new colour for you")
    assert found.value_of("draw").says == "draws the supply's top card, to place beside a row"
    taken = found.value_of("take row 1").reason
    assert taken.startswith("take row 1: ") and "takes two greens and a +2: your greens go to 4; you lead" in taken
