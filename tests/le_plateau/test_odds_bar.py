"""Le Plateau's odds bar: the contract, once there is one (moved from tests/test_odds_bar.py)."""

from plateau_lab.ui.widgets import StepViewer

from test_odds_bar import played


def test_the_bar_asks_about_the_contract_only_once_there_is_one():
    state = played("le_plateau", 30)
    viewer = StepViewer.from_state(state, odds=True, odds_playouts=10)
    assert "No odds yet" in viewer.odds.value                      # the deal: nobody has bid
    viewer.slider.value = viewer.slider.max
    assert state.contract is not None and "the declarers make the contract" in viewer.odds.value
