"""The table's session in plain Python: every game played to its end by clicks, take-back, hints,
pauses, reviews, saves and loads, with no widget library loaded."""

import random
import subprocess
import sys

import pytest

from plateau_lab.core import GAME_NAMES, ParseError, game_spec
from plateau_lab.ui.session import Note, TableSession


def session_for(game, seat=1, seed=5, players=None):
    spec = game_spec(game)
    short_players, variant = spec.short
    state = spec.new_game(short_players if players is None else players, seed=seed, **variant)
    return TableSession(state, seat=seat, delay=0)


def play_to_the_end(session, rng):
    """Click legal targets (now and then a button), press Next at pauses, until the game is over."""
    moves = 0
    while not session.state.is_over:
        assert moves < 5000, "the game did not end"
        if session.paused():
            session.next()
            continue
        targets, buttons = session.legal_targets(), session.buttons()
        assert targets or buttons, f"nothing to click or press: {session.state.legal_actions()}"
        if targets and (not buttons or rng.random() < 0.8):
            session.click(rng.choice(targets))
        else:
            session.play(rng.choice(buttons))
        assert session.note is None or not session.note.error, session.note
        moves += 1
    return moves


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_is_played_to_its_end_by_legal_clicks_with_a_summary(game):
    session = session_for(game)
    play_to_the_end(session, random.Random(game))
    summary = session.summary()
    assert summary is not None and summary.next_label == "Next: a new game"
    assert summary.scores == session.state.scores and summary.head.endswith(("win!", "wins.", "the win."))
    assert session.status() == "Game over."
    session.next()
    assert not session.state.is_over and not session.decisions


@pytest.mark.parametrize("game", GAME_NAMES)
def test_take_back_returns_to_the_learners_last_decision(game):
    session = session_for(game, seat=0)
    while not session.my_turn():
        session.next()
    before = session.state
    targets = session.legal_targets()
    if targets:
        session.click(targets[0])
    while session.picked:
        session.click(session.legal_targets()[0])
    if session.state is before:
        session.play(session.buttons()[0])
    assert session.state is not before and session.decisions[-1] is before
    session.undo()
    assert session.state is before and session.note == Note("Taken back: it is your move again.")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_click_out_of_turn_or_on_nothing_legal_says_why_and_changes_nothing(game):
    session = session_for(game, seat=0)
    while not session.my_turn():
        session.next()
    state = session.state
    session.click("nothing of the sort")
    assert session.state is state and session.note.error and "not a move now" in session.note.text
    session.hint()
    assert session.note.text.startswith("Hint: the ") and not session.note.error


def test_a_hint_never_names_a_card_the_learner_cannot_see():
    for game in GAME_NAMES:
        session = session_for(game, seat=0)
        while not session.my_turn():
            session.next()
        session.hint()
        hidden = session.state.cards_hidden_from(0)
        named = [str(card) for card in hidden if f" {card}" in session.note.text.split(". ", 1)[-1]]
        assert not named, (game, session.note.text)


def test_the_review_comes_once_the_game_is_over():
    session = session_for(GAME_NAMES[0], seat=0)
    with pytest.raises(ValueError, match="once the game is over"):
        session.review_html()
    play_to_the_end(session, random.Random(1))
    assert "plateau-review" in session.review_html()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_save_loads_back_into_the_same_seat_and_a_bad_one_changes_nothing(game):
    session = session_for(game, seat=1)
    rng = random.Random(2)
    for _ in range(6):
        if session.state.is_over:
            break
        if session.paused():
            session.next()
        elif session.legal_targets():
            session.click(rng.choice(session.legal_targets()))
        else:
            session.play(session.buttons()[0])
    saved, name = session.state.to_json(), session.save_name()
    assert name.startswith(f"{game}-seed5-move")
    other = session_for(game, seat=1, seed=9)
    assert other.load(saved).startswith(f"Loaded: {game_spec(game).title}")
    assert other.state == session.state and other.seat == 1
    with pytest.raises(ParseError):
        other.load("{not json")
    assert other.state == session.state


def test_the_session_loads_no_widget_library():
    probe = ("import sys\n"
             "from plateau_lab.core import game_spec\n"
             "from plateau_lab.ui.session import TableSession\n"
             "session = TableSession(game_spec('coloretto').new_game(3, seed=2), delay=0)\n"
             "session.hint()\n"
             "print(' '.join(name for name in ('ipywidgets', 'anywidget') if name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == []
