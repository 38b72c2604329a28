"""A described game of rows at the click-to-play table (issue 42, clause 2): the supply and the rows
are the picture's click targets, and the table plays a class's own game of rows to its end with
clicks, takes a move back, seats several learners at one screen and plays a typed move, as it does
Coloretto; the end shows each player's score sheet, which adds up to the score."""

from __future__ import annotations

import pytest

from plateau_lab.core import game_spec
from plateau_lab.kit import RowGame, define
from plateau_lab.kit.examples import COLORETTO
from plateau_lab.kit.rows_view import VIEW, score_lines, score_sheet
from plateau_lab.core.table_words import table_words
from plateau_lab.ui.table import PlayTable

#: Enough clicks for any game of the small game below (its supply holds 30 cards).
MOST_CLICKS = 500


@pytest.fixture(scope="module")
def class_rows():
    return define(RowGame("class_rows", "Class Rows", players=range(2, 5), colours=["red", "blue", "green", "white"],
                          per_colour=6, plus_twos=4, jokers=2, row_capacity=2, end_card_depth=5, points=(1, 3, 6, 10),
                          plus_colours=2))


def test_the_picture_marks_the_supply_and_every_row_and_every_move_is_a_click(class_rows):
    state = class_rows.new_game(3, seed=2)
    for _ in range(40):
        targets = set(VIEW.picture(state, state.current_player, None).svg().split('data-target="')[1:])
        named = {part.split('"', 1)[0] for part in targets}
        assert {click for action in state.legal_actions() for click in VIEW.clicks(action)} <= named
        state = state.apply(state.legal_actions()[-1])


def test_a_class_game_of_rows_is_played_to_its_end_with_clicks(class_rows):
    table = PlayTable("class_rows", seat=0, players=3, seed=4, delay=0)
    assert table.session.status().startswith("Your turn")
    for _ in range(MOST_CLICKS):
        if table.state.is_over:
            break
        if table.picture.legal:
            table.picture.click(table.picture.legal[0])
        else:
            assert table.pause_box.layout.display != "none", table.session.status()
            table.next_button.click()
    assert table.state.is_over and table.session.status() == "Game over."
    assert "Where the points came from" in table.summary.value


def test_take_back_hot_seat_and_a_typed_move(class_rows):
    table = PlayTable("class_rows", humans={0, 1}, players=2, seed=1, delay=0)
    if not table.session.my_turn():
        table.show_button.click()
    mover = table.state.current_player
    table.typed.value = "draw"
    assert table.state.drawn is not None and table.state.current_player == mover
    assert table.picture.legal and all(target.startswith("row ") for target in table.picture.legal)
    table.picture.click("supply")
    assert "not a move now" in table.message.value
    table.picture.click(table.picture.legal[0])
    assert table.session.passing() == 1 - mover and "Pass the screen" in table.session.status()
    table.take_back.click()
    assert table.state.drawn is not None and len(table.state.history) == 1


def test_the_score_sheet_adds_up_to_every_score():
    for seed in range(20):
        state = COLORETTO.new_game(2 + seed % 4, seed=seed)
        while not state.is_over:
            state = state.apply(state.legal_actions()[seed % len(state.legal_actions())])
        sheet = score_sheet(state, 0)
        assert [row.total for row in sheet.rows] == list(state.scores)
        for seat in range(state.players):
            assert sum(item.points for item in score_lines(state, state.collections[seat])) == state.scores[seat]


def test_the_registry_seats_every_game_of_rows_at_the_table(class_rows):
    assert game_spec("class_rows").table_view() is VIEW is game_spec("kit_coloretto").table_view()


def test_the_table_in_words_says_the_rows_the_drawn_card_and_the_collections():
    state = COLORETTO.new_game(3, seed=5)
    for move in ("draw", "place row 1", "draw"):
        state = state.apply(move)
    assert table_words(state.observation(0))[1:4] == (
        "Round 1; 63 cards left to draw. Drawn card to place: brown.",
        "Rows: row 1 (1 of 3): +2; row 2 (0 of 3): none; row 3 (0 of 3): none.", "You collected grey.")
