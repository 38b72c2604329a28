"""The review of a finished game as a coach gives it: each decision analysed once and every figure
from that one analysis, decisions numbered as the seat's own, marks and accuracy by the share of
the gap between the best and the worst move given away (never within the noise), an accuracy per
player, and words a learner reads. The chance comes from each game model's ``won``
(``plateau_lab.core.imagining.GameModel``)."""

import html
import math
import random
import re
from types import SimpleNamespace

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import GameModel, model_for
from plateau_lab.lab import expert
from plateau_lab.lab.expert import analyse, chance_words
from plateau_lab.lab.review import MARKS, Review, accuracy_of, mark_of, review
from plateau_lab.ui.reports import review_html
from plateau_lab.ui.session import TableSession

from positions import position

#: Words an engine says that a learner should not read.
ENGINE_WORDS = ("seed", "heuristic", "playout", "(best choice)", "points expected", "expected (")


def a_game(name, moves, seed=5):
    """The states of a short game of ``name``: seat 0 a random bot, the others the heuristic bot,
    ``moves`` moves at most (the whole game if it ends first)."""
    spec = game_spec(name)
    players, variant = spec.short
    states = [spec.new_game(players, seed=seed, **variant)]
    table = [RandomBot(seed)] + [spec.bot("heuristic", seat) for seat in range(1, players)]
    while not states[-1].is_over and len(states) <= moves:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return states


def verdict_of(move):
    """A move's sentence after its reason in the game's terms (``says``): how it compares."""
    return move.why.removeprefix(f"{move.says}; ") if move.says else move.why


def words_of(page):
    """The text a learner reads on an HTML page (the pictures left out)."""
    page = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture(scope="module")
def reviews():
    """Per game: its states and the review of seat 0, 120 playouts a decision."""
    found = {}
    for name in GAME_NAMES:
        states = a_game(name, 60)
        found[name] = states, review(states, 0, 120, seed=2)
    return found


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_review_analyses_each_decision_once(name, monkeypatch):
    states = a_game(name, 40)
    searched = []
    search = expert._search
    monkeypatch.setattr(expert, "_search", lambda state, *rest, **named: searched.append(state) or
                        search(state, *rest, **named))
    page = review_html(states, 0, 20, seed=1)
    checked = review(states, 0, 20, seed=1)
    assert len(searched) == 2 * len(checked.decisions)          # one search a decision, for each of the two reviews
    assert len({id(state) for state in searched}) == len(checked.decisions)
    if checked.mistakes:                                        # the position's list: the same figures as the marks
        worst = checked.mistakes[0]
        assert html.escape(worst.analysis.value_of(worst.played).reason) in page
        assert html.escape(worst.sentence) in page


def test_every_game_s_reviews_mark_some_decisions(reviews):
    """The tests below would say nothing if nothing were ever marked."""
    marked = [decision for _, checked in reviews.values() for decision in checked.decisions if decision.mark]
    assert len(marked) >= 3 and {decision.mark for decision in marked} >= {"blunder"}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_move_called_a_mistake_is_never_about_as_good_as_the_better_move(name, reviews):
    _, checked = reviews[name]
    for decision in checked.decisions:
        found = decision.analysis
        listed = found.value_of(decision.played).reason
        if decision.played == decision.best:
            assert not decision.mark and decision.drop == 0 and decision.accuracy == 100
            continue
        gap = found.gap(decision.best, decision.played)
        if decision.mark:
            assert "about as good as" not in listed and gap.points_clear
            tried = [move for move in found.moves if move.playouts == found.best.playouts]
            best, worst = found.best.mean, min(move.mean for move in tried)
            played = found.value_of(decision.played).mean
            assert decision.drop == pytest.approx((best - played) / (best - worst))
            assert decision.accuracy == pytest.approx(accuracy_of(played, best, worst))
            assert f", a {decision.mark}" in decision.sentence or f", an {decision.mark}" in decision.sentence
        if not gap.points_clear:                  # a gap within the noise is no mistake
            assert not decision.mark and decision.drop == 0 and decision.accuracy == 100
        if "about as good as" in listed:
            assert not decision.mark and "about as good as" in decision.sentence
        # the sentence and the list give the same chances, from the same tallies
        assert decision.chance_after == found.value_of(decision.played).chance
        assert decision.chance_before == found.best.chance
        said = chance_words(decision.chance_after)
        assert said in decision.sentence and said in listed


@pytest.mark.parametrize("name", GAME_NAMES)
def test_better_or_worse_never_stands_beside_chances_that_say_the_opposite(name, reviews):
    """A move the review calls worse never had the better chance shown beside it: where only its
    points were worse, the sentence says that instead."""
    _, checked = reviews[name]
    for decision in checked.decisions:
        listed = verdict_of(decision.analysis.value_of(decision.played))
        if "Your move: worse than" in decision.sentence or listed.startswith("worse than"):
            assert decision.chance_after < decision.chance_before, decision.sentence
        elif " though " in listed:
            assert decision.chance_after >= decision.chance_before and "fewer" in decision.sentence


@pytest.mark.parametrize("name", GAME_NAMES)
def test_decisions_are_numbered_as_the_seat_s_own_and_say_where_they_came(name, reviews):
    states, checked = reviews[name]
    mine = [state for state in states[:-1] if state.current_player == 0 and len(state.legal_actions()) > 1]
    assert [decision.number for decision in checked.decisions] == list(range(1, len(mine) + 1))
    for decision, state in zip(checked.decisions, mine):
        assert decision.position is state and decision.move_number == len(state.history) + 1
        assert decision.sentence.startswith(f"Decision {decision.number} of {len(mine)} ({decision.where})")
        assert decision.where and "_" not in decision.where
    seen = states[-1].observation(0)
    noun = next((noun for key, noun in (("hand_number", "hand"), ("round", "round"), ("turn", "turn")) if key in seen),
                None)
    if noun:
        assert all(decision.where.startswith(noun + " ") for decision in checked.decisions)


def test_marks_and_accuracy_follow_the_share_of_the_gap_given_away():
    assert [mark_of(drop, True) for drop in (0.1, 0.25, 0.49, 0.5, 0.74, 0.75, 1.0)] == [
        "", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]
    assert mark_of(0.8, False) == ""
    assert [least for least, _ in MARKS] == [0.75, 0.5, 0.25]
    assert accuracy_of(9, 9, 1) == 100 and accuracy_of(1, 9, 1) == 0 and accuracy_of(4, 4, 4) == 100
    assert accuracy_of(8.2, 9, 1) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)
    assert accuracy_of(3, 9, 1) < accuracy_of(5, 9, 1) < accuracy_of(7, 9, 1)
    drops = [0.0, 0.3, 0.8]
    decisions = tuple(SimpleNamespace(accuracy=accuracy_of(9 - 8 * drop, 9, 1), mark=mark_of(drop, True), drop=drop,
                                      loss=0, number=number, counts=True) for number, drop in enumerate(drops, 1))
    left_out = SimpleNamespace(accuracy=100.0, mark="", drop=0, loss=0, number=4, counts=False)
    checked = Review(0, "points", decisions + (left_out,))
    assert checked.accuracy == pytest.approx(sum(decision.accuracy for decision in decisions) / 3)
    assert [decision.drop for decision in checked.mistakes] == [0.8, 0.3]
    assert checked.marks() == "1 blunder, 1 inaccuracy"
    assert checked.headline().startswith(f"You: 4 decisions, accuracy {checked.accuracy:.0f} %")
    assert checked.headline("player 2").startswith("Player 2: 4 decisions")
    assert Review(0, "points", (left_out,)).accuracy is None


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_review_reads_in_a_learner_s_words(name, reviews):
    states, _ = reviews[name]
    text = words_of(review_html(states, 0, 20, seed=1))
    assert "accuracy" in text and "Decision 1 of " in text and "How to read this" in text
    for word in ENGINE_WORDS:
        assert word not in text.lower(), (name, word)
    assert not re.search(r"-\d+(\.\d)? points?\b", text), text          # no bare negative points
    assert "Move " not in text


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_hint_gives_chances_as_chances_and_points_as_a_difference(name):
    spec = game_spec(name)
    session = TableSession(spec.new_game(seed=3), delay=0)
    while not session.my_turn():
        session.next()
    session.hint()
    text = session.note.text
    assert text.startswith("Hint: the ")
    if len(session.state.legal_actions()) > 1:
        assert " in 10" in text or "every time" in text or "never" in text or " in 20" in text
        assert model_for(name).winning.split(" ", 1)[1] in text
    for word in ENGINE_WORDS:
        assert word not in text.lower(), (name, word)
    assert not re.search(r"-\d+(\.\d)? points?\b", text), text


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_search_tallies_the_seat_s_wins_with_the_game_s_own_won(name):
    state = position(name, 2, 6)
    seat, model = state.current_player, model_for(name)
    found = analyse(state, seat, 12 * len(state.legal_actions()), seed=1)
    assert all(0 <= move.chance_low <= move.chance <= move.chance_high <= 1 for move in found.moves)
    rng = random.Random(4)
    for action in state.legal_actions()[:3]:
        seed = rng.getrandbits(32)
        value, won = model.result(state, state.apply(action), seat, seed)
        assert value == model.outcome(state, state.apply(action), seat, seed) and won in (True, False)


def test_by_default_winning_is_a_score_ahead_of_or_level_with_every_other():
    """Checked on the first registered game whose model keeps the default (a game's own ``won`` is
    checked in that game's own test folder)."""
    model = next((model_for(name) for name in GAME_NAMES if type(model_for(name)).won is GameModel.won), None)
    assert model is not None, "no registered game keeps the default: who wins"
    end = SimpleNamespace(scores=(3, 9, 9, 1))
    assert [model.won(None, end, seat) for seat in range(4)] == [False, True, True, False]
