"""Wimmüln at the play table: a cross by two clicks, a new game from the panel (moved from tests/test_table.py)."""

from plateau_lab.lab.bots import bot_names
from plateau_lab.ui.table import PlayTable

from test_table import step


def test_a_cross_takes_two_clicks_and_the_first_card_can_be_put_back():
    table = PlayTable("wimmuln", seat=0, players=3, seed=2, delay=0)
    while "Estimate" not in {type(action).__name__ for action in table.state.legal_actions()} \
            or table.state.current_player != 0:
        step(table)
    first = table.picture.legal[0]
    table.picture.click(first)
    assert table.picture.marked == [first] and first not in table.picture.legal
    assert table.picture.classes[first].split() == ["pl-legal", "pl-picked"]      # raised, never faded
    assert "the card you picked" in table.marks_key.value
    assert "the card to lay across it, face down" in table.headline.value
    assert [button.description for button in table.moves.children] == ["put the card back"]
    table.picture.click(first)
    assert table.picture.marked == [] and first in table.picture.legal
    table.picture.click(first)
    second = table.picture.legal[0]
    table.picture.click(second)
    top, bottom = first.removeprefix("card "), second.removeprefix("card ")
    assert str(table.decisions[-1].apply(f"lay {top} over {bottom}").history[-1]) in map(str, table.state.history)


def test_new_game_from_the_panel_uses_players_seat_bots_and_the_seed_shown():
    table = PlayTable("wimmuln", seed=1, delay=0)
    table.players_choice.value = 5
    table.seat_choice.value = 2
    assert set(table._bot_dropdowns) == {0, 1, 3, 4}
    assert [value for _, value in table._bot_dropdowns[0].options] == [*bot_names("wimmuln"), "human"]
    labels = [label for label, _ in table._bot_dropdowns[0].options]
    assert labels[:2] == ["beginner (random moves)", "steady player (rules of thumb)"]
    assert "cautious" in labels[2] and labels[3] == "expert (thinks ahead)"
    table._bot_dropdowns[0].value = "random"
    table.seed_text.value = "12345"
    table.start_button.click()
    assert (table.state.players, table.seat, table.state.setup.seed) == (5, 2, 12345)
    assert table.bot_names[0] == "random" and "<code>12345</code>" in table.headline.value
    table.seed_text.value = "12x"
    table.start_button.click()
    assert "deal number: a deal number must be written in digits" in table.setup_note.value.lower()
