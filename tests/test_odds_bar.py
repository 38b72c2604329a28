"""The StepViewer's odds bar: the live chances after each step, worked out once per step, from what
the viewer may see, and "no odds yet" before there is a question."""

import pytest

from plateau_lab.core import game_spec
from plateau_lab.lab.expert import odds
from plateau_lab.ui.widgets import StepViewer


def played(name: str, moves: int, seed: int = 3):
    spec = game_spec(name)
    state = spec.new_game(seed=seed)
    bots = [spec.bot("heuristic", seat) for seat in range(state.players)]
    for _ in range(moves):
        state = state.apply(bots[state.current_player].choose(state))
    return state


def test_the_bar_shows_each_players_chance_to_win_with_an_interval():
    viewer = StepViewer.from_state(played("coloretto", 6), odds=True, odds_playouts=20)
    viewer.slider.value = 6
    shown = viewer.odds.value
    assert "Chances (20 playouts): who wins the game" in shown
    assert all(f">player {seat}<" in shown for seat in range(4)) and "likely" in shown


def test_le_plateau_asks_about_the_contract_only_once_there_is_one():
    state = played("le_plateau", 30)
    viewer = StepViewer.from_state(state, odds=True, odds_playouts=10)
    assert "No odds yet" in viewer.odds.value                      # the deal: nobody has bid
    viewer.slider.value = viewer.slider.max
    assert state.contract is not None and "the declarers make the contract" in viewer.odds.value


def test_each_step_is_worked_out_once():
    asked = []
    viewer = StepViewer([("<svg/>", "one"), ("<svg/>", "two")], odds=lambda index: asked.append(index) or f"odds {index}")
    viewer.forward.click()
    viewer.back.click()
    viewer.forward.click()
    assert asked == [0, 1] and viewer.odds.value == "odds 1"


def test_a_seats_odds_do_not_depend_on_the_cards_it_cannot_see():
    state = played("syndicate", 4)
    seat = 0
    others = [other for other in range(3) if other != seat and state.hands[other]]
    first, second = others[0], others[-1] if len(others) > 1 else others[0]
    hands = list(state.hands)
    if first != second:
        hands[first], hands[second] = (hands[second][:1] + hands[first][1:], hands[first][:1] + hands[second][1:])
    else:
        hands[first] = hands[first][::-1]
    swapped = state.derive(hands=tuple(hands))
    assert swapped.hands != state.hands
    assert odds(state, seat, 30) == odds(swapped, seat, 30)


def test_bad_odds_options_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="odds_playouts"):
        StepViewer.from_state(played("syndicate", 1), odds=True, odds_playouts=0)
