"""The play table driven through its model: clicks are the messages the page sends, buttons are clicked."""

import json
import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, IllegalAction, game_spec
from plateau_lab.lab.bots import bot_names
from plateau_lab.ui.table import PlayTable


def targets_in(table):
    return set(re.findall(r'data-target="([^"]+)"', table.picture.svg))


def step(table):
    """One thing the learner does: Next on a summary, else the first legal click, else the first button."""
    if table.pause_box.layout.display != "none":
        table.next_button.click()
    elif table.picture.legal:
        table.picture.click(table.picture.legal[0])
    else:
        table.moves.children[0].click()


def play_to_the_end(table, rng):
    """Click legal things (now and then a button) until the game is over; returns the moves made."""
    moves = 0
    while not table.state.is_over:
        assert moves < 5000, "the game did not end"
        if table.pause_box.layout.display != "none":
            table.next_button.click()
            continue
        legal = table.picture.legal
        if legal and (not table.moves.children or rng.random() < 0.8):
            table.picture.click(rng.choice(legal))
        else:
            assert table.moves.children, f"nothing to click or press: {table.state.legal_actions()}"
            rng.choice(table.moves.children).click()
        moves += 1
    return moves


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_whole_game_by_clicks_reaches_the_end_with_a_summary(game):
    spec = game_spec(game)
    table = PlayTable(game, seat=1, players=spec.players.stop - 1, seed=5, delay=0)
    play_to_the_end(table, random.Random(game))
    assert table.state.is_over
    assert table.pause_box.layout.display != "none"
    assert "Next: a new game" == table.next_button.description
    for seat, score in enumerate(table.state.scores):
        assert f"<td>player {seat}" in table.summary.value and f">{score}</td>" in table.summary.value
    table.next_button.click()
    assert not table.state.is_over and table.state.setup.seed != 5 and not table.decisions


@pytest.mark.parametrize("game", ["syndicate", "coloretto"])
def test_review_my_game_comes_at_the_end_and_marks_the_learners_decisions(game):
    table = PlayTable(game, seat=0, seed=4, delay=0)
    assert table.review_button.disabled
    table.review()
    assert table.review_report.value == "" and "once the game is over" in table.message.value
    play_to_the_end(table, random.Random(4))
    assert not table.review_button.disabled
    table.review_button.click()
    report = table.review_report.value
    assert "Player 0" in report and ("costliest" in report or "none cost" in report)
    assert "<svg" in report or "none cost" in report
    table.next_button.click()
    assert table.review_report.value == "" and table.review_button.disabled


@pytest.mark.parametrize("game", GAME_NAMES)
def test_only_the_learners_cards_are_clickable_and_hidden_cards_stay_hidden(game):
    table = PlayTable(game, seat=0, seed=3, delay=0)
    rng = random.Random(1)
    for _ in range(25):
        if table.state.is_over:
            break
        state = table.state
        hand = {f"card {card}" for card in state.observation(0)["hand"]}
        cards = {name for name in targets_in(table) if name.startswith("card ")}
        assert cards <= hand | {f"card {card}" for card in getattr(state, "playable", lambda seat: ())(0)}
        if game == "syndicate":     # Decktet names are whole words: none of another hand may be drawn
            for card in state.cards_hidden_from(0):
                assert f">{card.name}<" not in table.picture.svg and card.describe() not in table.picture.svg
        if table.pause_box.layout.display != "none":
            table.next_button.click()
        elif table.picture.legal:
            table.picture.click(rng.choice(table.picture.legal))
        else:
            table.moves.children[0].click()


def test_an_illegal_click_names_the_rule_in_one_sentence():
    table = PlayTable("plotters", seat=0, players=4, seed=3, delay=0)
    def cards(names):
        return {name for name in names if name.startswith("card ")}

    while not cards(table.picture.legal) or not cards(targets_in(table) - set(table.picture.legal)):
        step(table)
    before = table.state
    refused = sorted(cards(targets_in(table) - set(table.picture.legal)))[0]
    table.picture.click(refused)
    assert table.state is before
    message = re.sub("<[^>]+>", "", table.message.value)
    with pytest.raises(IllegalAction) as refusal:
        before.apply("play " + refused.removeprefix("card "))
    assert message.startswith(f"Not allowed ({refusal.value.rule}): ") and refusal.value.reason[1:] in message
    assert message.count(". ") == 0 and message.endswith(".") and "Legal now" not in message


def test_a_wimmuln_cross_takes_two_clicks_and_the_first_card_can_be_put_back():
    table = PlayTable("wimmuln", seat=0, players=3, seed=2, delay=0)
    while "Estimate" not in {type(action).__name__ for action in table.state.legal_actions()} \
            or table.state.current_player != 0:
        step(table)
    first = table.picture.legal[0]
    table.picture.click(first)
    assert table.picture.marked == [first] and first not in table.picture.legal
    table.picture.click(first)
    assert table.picture.marked == [] and first in table.picture.legal
    table.picture.click(first)
    second = table.picture.legal[0]
    table.picture.click(second)
    top, bottom = first.removeprefix("card "), second.removeprefix("card ")
    assert str(table.decisions[-1].apply(f"lay {top} over {bottom}").history[-1]) in map(str, table.state.history)


def test_take_back_returns_to_the_learners_previous_decision():
    table = PlayTable("syndicate", seat=1, seed=4, delay=0)
    first = table.state
    assert table.take_back.disabled
    table.picture.click(table.picture.legal[0])
    assert len(table.state.history) > len(first.history) + 1     # the bots answered
    table.take_back.click()
    assert table.state == first and table.state.history == first.history
    assert table.take_back.disabled


def test_hint_names_the_best_registered_bots_move_in_words_without_showing_hidden_cards():
    table = PlayTable("coloretto", seat=0, seed=9, delay=0)
    name = "expert" if "expert" in bot_names("coloretto") else "heuristic"
    table.hint_button.click()
    text = re.sub("<[^>]+>", "", table.message.value)
    assert text.startswith(f"Hint: the {name} bot would ")
    move = text.removeprefix(f"Hint: the {name} bot would ").split(".")[0]
    assert move in map(str, table.state.legal_actions())
    assert not any(f"draws {card}" in text for card in table.state.supply)   # the next card stays unknown
    assert "{" not in text and "[" not in text


def test_save_and_load_round_trip_and_a_bad_save_is_explained():
    table = PlayTable("le_plateau", seat=0, players=4, seed=8, delay=0)
    for _ in range(6):
        step(table)
    saved = table.state.to_json()
    assert "data:application/json;base64," in table.save_link.value
    other = PlayTable("syndicate", seed=1, delay=0)
    other.paste.value = saved
    other.load_button.click()
    assert other.state == table.state and other.spec.name == "le_plateau"
    broken = json.loads(saved)
    broken["actions"][0] = "bid Nothing"
    other.paste.value = json.dumps(broken)
    other.load_button.click()
    note = re.sub("<[^>]+>", "", other.load_note.value)
    assert note.startswith("This save cannot be read: Actions[0]") and other.state == table.state


def test_new_game_from_the_panel_uses_players_seat_bots_and_the_seed_shown():
    table = PlayTable("wimmuln", seed=1, delay=0)
    table.players_choice.value = 5
    table.seat_choice.value = 2
    assert set(table._bot_dropdowns) == {0, 1, 3, 4}
    assert list(table._bot_dropdowns[0].options) == list(bot_names("wimmuln"))
    table._bot_dropdowns[0].value = "random"
    table.seed_text.value = "12345"
    table.start_button.click()
    assert (table.state.players, table.seat, table.state.setup.seed) == (5, 2, 12345)
    assert table.bot_names[0] == "random" and "<code>12345</code>" in table.headline.value
    table.seed_text.value = "12x"
    table.start_button.click()
    assert "seed: a seed must be written in digits" in table.setup_note.value.lower()


def test_bad_arguments_are_refused_with_a_sentence():
    with pytest.raises(ValueError, match="delay is a number of seconds"):
        PlayTable("syndicate", delay=-1)
    with pytest.raises(ValueError, match="bots are named per seat"):
        PlayTable("syndicate", bots={1: "genius"}, delay=0)
