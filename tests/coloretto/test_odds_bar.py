"""Coloretto's odds bar: each player's chance to win (moved from tests/test_odds_bar.py)."""

from plateau_lab.ui.widgets import StepViewer

from test_odds_bar import played


def test_the_bar_shows_each_players_chance_to_win_with_an_interval():
    viewer = StepViewer.from_state(played("coloretto", 6), odds=True, odds_playouts=20)
    viewer.slider.value = 6
    shown = viewer.odds.value
    assert "Chances (20 games played on): who wins the game" in shown
    assert all(f">player {seat}<" in shown for seat in range(4)) and "likely" in shown
