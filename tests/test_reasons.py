"""Issue 28, reasons in the game's words: every hint and review line names the move as the table
does, then says what it does in the game's own terms (the game model's ``reason``: which trick it
takes, which stack or colour it builds, what a bid or a cross aims at, how many spaces a formation
still needs), then the chances. The reason reads only what the seat sees: it is the same in every
deal the seat could imagine. No engine words, and no bare negative number of points, reach the
learner in a hint or a review over whole games of every game.
"""

import re
from functools import partial

import pytest

from plateau_lab.core import GAME_NAMES, Play, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_for
from plateau_lab.lab import expert
from plateau_lab.lab.expert import analyse
from plateau_lab.lab.review import review
from plateau_lab.lab.verdict import move_words
from plateau_lab.ui.reports import review_html
from plateau_lab.ui.session import TableSession
from learner_words import WRONG
from positions import reasons_real_and_imagined

#: The games the expert knows.
GAMES = [name for name in GAME_NAMES if game_spec(name).expert_model is not None]
#: Words an engine says that a learner should not read, and a bare negative number of points.
ENGINE_WORDS = re.compile(r"seed|heuristic|playout|\(best choice\)|points expected", re.IGNORECASE)
NEGATIVE_POINTS = re.compile(r"(?<![\w.])[-−]\d+(?:\.\d+)? points?\b")
#: The hints asked per game, spread evenly over the whole game (every decision in a short one).
MOST_HINTS = 60
#: Playouts per legal move of one analysis in these tests (the words, not the figures, are tested).
PER_MOVE = 6

#: The analysis itself, kept before a test puts a smaller one in its place.
ANALYSE = expert._analyse


def a_game(name, seed=3):
    """The states of one whole short game of ``name``: seat 0 a random bot, the others the game's
    steady bot."""
    spec = game_spec(name)
    players, variant = spec.short
    states = [spec.new_game(players, seed=seed, **variant)]
    table = [RandomBot(seed)] + [spec.bot("heuristic", seed + seat) for seat in range(1, players)]
    while not states[-1].is_over and len(states) < 2_000:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    assert states[-1].is_over
    return states


@pytest.fixture(scope="module")
def games():
    return {name: a_game(name) for name in GAMES}


def decisions(states, most=None):
    """The states of a game where the player to move has a choice, ``most`` of them evenly spread."""
    found = [state for state in states[:-1] if state.current_player is not None and len(state.legal_actions()) > 1]
    if most is not None and len(found) > most:
        step = len(found) / most
        found = [found[int(index * step)] for index in range(most)]
    return found


def quick(state, seat=None):
    """A small analysis of the position for the player to move."""
    seat = state.current_player if seat is None else seat
    return analyse(state, seat, PER_MOVE * len(state.legal_actions()), seed=1)


@pytest.mark.parametrize("name", GAMES)
def test_main_decisions_have_a_reason_in_the_game_s_words(name, games):
    """Every card played and at least four decisions in five get a reason beyond the chances, and it
    stands in the sentence between the move's name and its chances."""
    words = partial(move_words, name)
    said = tried = 0
    for state in decisions(games[name], most=24):
        found = quick(state)
        for move in found.moves:
            assert move.reason.startswith(f"{words(move.action)}: ")
            if move.says:
                assert move.says in move.why and move.why.index(move.says) < move.why.index(found.winning)
                assert not move.says.endswith(".") and move.says == move.says.strip()
            if isinstance(move.action, Play):
                assert move.says, (name, str(move.action), move.reason)
        tried += 1
        said += bool(found.best.says)
    assert tried >= 5 and said * 5 >= tried * 4, (name, said, tried)


@pytest.mark.parametrize("name", GAMES)
def test_a_reason_names_no_card_the_seat_cannot_see(name, games):
    """The reason for every legal move reads the same in the real position and in deals of the
    cards the seat cannot see imagined anew (the game model's redeal, as the search makes them),
    with the same counted facts: it reads nothing the seat cannot see."""
    model = model_for(name)
    checked = 0
    for state in decisions(games[name], most=16):
        for action, imagined, real in reasons_real_and_imagined(model, state, deals=3):
            assert imagined == real, (name, state.to_json(), state.current_player, str(action))
            checked += 1
    assert checked


@pytest.mark.parametrize("name", GAMES)
def test_hints_and_reviews_of_whole_games_use_a_learner_s_words(name, games, monkeypatch):
    """The hints at decisions spread over a whole game (seat 0's and the others'; every decision of
    a game with at most MOST_HINTS of them), and the reviews of two seats (seat 0's in words, seat
    1's as the page shows it): no engine word, no bare negative number of points, numbers counted
    as a person writes them."""
    monkeypatch.setattr(expert, "_analyse", _small_analysis)
    states = games[name]
    texts = []
    for state in decisions(states, most=MOST_HINTS):
        table = TableSession(state, seat=state.current_player, delay=0)
        table.hint()
        texts.append(table.note.text)
    checked = review(states, 0, 6, seed=1)
    texts += [str(checked)] + [decision.sentence for decision in checked.decisions]
    texts += [move.reason for decision in checked.decisions for move in decision.analysis.moves]
    texts.append(re.sub(r"<[^>]+>", " ", review_html(states, 1, 6, seed=1)))
    assert len(texts) > 5
    for text in texts:
        assert not ENGINE_WORDS.search(text), (name, text)
        assert not NEGATIVE_POINTS.search(text), (name, text)
        assert not WRONG.search(text), (name, text)          # "1 tricks", "(s)", "minus -1"


def _small_analysis(state, seat, budget, seed, seconds, seen):
    """The table's analysis for a hint, at a small budget (the words are the same at any)."""
    return ANALYSE(state, seat, PER_MOVE * len(state.legal_actions()), seed, seconds, seen)
