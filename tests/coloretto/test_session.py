"""Coloretto at the table's session (moved from tests/test_session.py): the prompt of a turn, to draw
or take a row, then to place the drawn card."""

from sessions import reached


def test_the_prompt_says_what_to_click_to_draw_take_or_place():
    rows = reached("coloretto", lambda state: state.legal_actions()[0].kind == "draw" and len(state.legal_actions()) > 1)
    assert rows.status() == "Your turn: click the supply to draw a card or a row to take it."
    rows.click("supply")
    assert rows.status() == "Your turn: click a row to place the drawn card next to it."
