"""The play table of every registered game driven through its model: clicks are the messages the page sends,
buttons are clicked. A game's own table tests are in ``tests/<game>/test_table.py``."""

import html
import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.scoresheet import number
from plateau_lab.ui.clickable import FADED_WORDS, MARK_LOOKS
from plateau_lab.lab.bots import bot_names
from plateau_lab.core.bots import BOT_WORDS
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
    for seat, score in enumerate(table.state.scores):   # the learner alone at the table is "you"
        who = "you" if seat == 1 else f"player {seat}"
        assert f">{who}</td>" in table.summary.value
        assert re.search(rf"<td[^>]*>(<b>)?{re.escape(number(score))}(</b>)?</td>", table.summary.value)
    assert "Where the points came from" in table.summary.value
    table.next_button.click()
    assert not table.state.is_over and table.state.setup.seed != 5 and not table.decisions


@pytest.mark.parametrize("game", GAME_NAMES)
def test_review_my_game_comes_at_the_end_and_marks_the_learners_decisions(game):
    table = PlayTable(game, seat=0, seed=4, delay=0)
    assert table.review_button.disabled
    table.review()
    assert table.review_report.value == "" and "once the game is over" in table.message.value
    play_to_the_end(table, random.Random(4))
    assert not table.review_button.disabled
    table.review_button.click()
    report = table.review_report.value
    assert "You:" in report and "Player 0" not in report and ("costliest" in report or "none cost" in report)
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
        if table.pause_box.layout.display != "none":
            table.next_button.click()
        elif table.picture.legal:
            table.picture.click(rng.choice(table.picture.legal))
        else:
            table.moves.children[0].click()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_bad_arguments_are_refused_with_a_sentence(game):
    with pytest.raises(ValueError, match="delay is a number of seconds"):
        PlayTable(game, delay=-1)
    with pytest.raises(ValueError, match="bots are named per seat"):
        PlayTable(game, bots={1: "genius"}, delay=0)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_show_my_cards_appears_only_while_the_screen_is_passed_and_hands_it_over(game):
    table = PlayTable(game, humans={0, 1}, seed=5, delay=0)
    assert "players 0 and 1 share this screen" in table.headline.value
    shown = 0
    while shown < 2 and not table.state.is_over:
        to = table.session.passing()
        if to is None:
            assert table.show_button.layout.display == "none"
            step(table)
            continue
        assert table.show_button.layout.display != "none"
        assert f"Pass the screen to player {to}, then press Show my cards." in table.headline.value
        assert not table.picture.legal and not table.moves.children and table.news.value == ""
        assert not {name for name in targets_in(table) if name.startswith("card ")} & {
            f"card {card}" for card in table.state.cards_hidden_from(to)}
        table.show_button.click()
        assert table.seat == to and table.show_button.layout.display == "none"
        assert f"Player {to}, your turn: " in table.headline.value
        assert table.picture.legal or table.moves.children
        shown += 1
    assert shown == 2


def test_the_new_game_panel_seats_another_human_or_a_bot_in_each_seat():
    table = PlayTable(GAME_NAMES[0], seed=1, delay=0)
    assert table.humans == {0} and "you and 2 bots" in table.headline.value
    assert all(choice.options[-1] == ("human", "human") for choice in table._bot_dropdowns.values())
    other = max(table._bot_dropdowns)
    table._bot_dropdowns[other].value = "human"
    table.seed_text.value = "77"
    table.start_button.click()
    assert table.humans == {0, other} and other not in table.bot_names
    assert f"players 0 and {other} share this screen" in table.headline.value
    table.extras.selected_index = 0
    assert table._bot_dropdowns[other].value == "human"
    for choice in table._bot_dropdowns.values():
        choice.value = "human"
    table.start_button.click()
    assert table.humans == set(range(table.state.players)) and table.bot_names == {}
    assert "bots: none" in table.headline.value
    for choice in table._bot_dropdowns.values():
        choice.value = "random"
    table.start_button.click()
    assert table.humans == {0} and "you and 2 bots" in table.headline.value


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_mark_has_its_own_look_and_the_key_names_exactly_the_marks_drawn(game):
    assert len({(look["stroke"], look["dash"], look["width"]) for look in MARK_LOOKS.values()}) == len(MARK_LOOKS)
    assert len({look["class"] for look in MARK_LOOKS.values()}) == len(MARK_LOOKS)
    table = PlayTable(game, seat=0, seed=2, delay=0)
    rng, seen = random.Random(2), set()
    for _ in range(60):
        if table.state.is_over:
            break
        names = {html.unescape(name) for name in re.findall(r'data-(?:target|name)="([^"]*)"', table.picture.svg)}
        for kind, look in MARK_LOOKS.items():
            drawn = getattr(table.picture, kind)
            assert drawn == [name for name in table.session.marks()[kind] if name in names]
            assert (look["words"] in table.marks_key.value) == bool(drawn), (kind, drawn, table.marks_key.value)
            assert all(look["class"] in table.picture.classes[name].split() for name in drawn)
            seen |= {kind} if drawn else set()
        dimmed = [name for name, classes in table.picture.classes.items() if "pl-dimmed" in classes.split()]
        assert (FADED_WORDS in table.marks_key.value) == bool(dimmed)
        assert not set(dimmed) & set(table.picture.legal + table.picture.marked)
        if table.pause_box.layout.display != "none":
            table.next_button.click()
        elif table.picture.legal and (not table.moves.children or rng.random() < 0.8):
            table.picture.click(rng.choice(table.picture.legal))
        else:
            rng.choice(table.moves.children).click()
    assert "last" in seen
    assert "rim" not in table.legend.value and "glow" not in table.legend.value


def test_the_hint_has_its_own_mark_and_the_key_says_so():
    table = PlayTable(GAME_NAMES[0], seat=0, seed=2, delay=0)
    while not table.session.my_turn():
        step(table)
    table.hint_button.click()
    assert table.picture.hinted and table.picture.hinted[0] in table.picture.legal
    assert MARK_LOOKS["hinted"]["words"] in table.marks_key.value
    assert all("pl-hint" in table.picture.classes[name] for name in table.picture.hinted)


def test_every_bot_a_game_seats_is_named_in_words_at_the_table():
    """The New game panel and the table's line of bots name each bot as a learner would ("bold player
    (takes risks)"), never by its name in the code, for every bot of every game."""
    unnamed = {game: [name for name in bot_names(game) if name not in BOT_WORDS] for game in GAME_NAMES}
    assert not any(unnamed.values()), unnamed
