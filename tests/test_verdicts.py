"""Every verdict the coach gives says only what its numbers support (issue 38, clause 2), checked
on well over a thousand verdicts from all six games: each move's sentence in an analysis (the
list a hint, the board and the review show), each reviewed decision's sentence and each puzzle
attempt. A move is called worse (or better) only when the gap is clear of the noise; "about as
good" names neither; the move named the expert's choice is the analysis's best; and one position
asked from the hint, the review and the board gets one analysis: the same numbers, the same best.
"""

import functools
import random

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.coach import Coach
from plateau_lab.lab.expert import Analysis
from plateau_lab.lab.review import review
from plateau_lab.lab.game_analysis import analyse_game
from plateau_lab.lab.verdict import is_clear, move_words
from plateau_lab.ui.analysis_board import AnalysisBoard
from plateau_lab.ui.session import TableSession

#: Playouts per legal move of each analysis: small, so that many gaps are within the noise.
PER_MOVE = 10
#: Positions analysed per game.
POSITIONS = 24


def played_game(name: str, seed: int) -> list:
    """A short game of ``name``: seat 0 random, the others the heuristic bot."""
    spec = game_spec(name)
    players, variant = spec.short
    states = [spec.new_game(players, seed=seed, **variant)]
    table = [RandomBot(seed)] + [spec.bot("heuristic", seed + seat) for seat in range(1, players)]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return states


def check_move_sentences(found: Analysis, words) -> int:
    """Every move's sentence of one analysis against its numbers; the count of verdicts checked."""
    best = found.best
    checked = 0
    for place, move in enumerate(found.moves):
        why = move.why.removeprefix(f"{move.says}; ") if move.says else move.why
        if place == 0:
            assert why.startswith("the expert's choice") or why.startswith("the only legal move"), why
        else:
            assert "the expert's choice" not in why, why
        if place and move.playouts == best.playouts:
            gap = found.gap(best.action, move.action)
            named = words(best.action)
            if why.startswith("worse than"):
                assert gap.points_clear and gap.points > 0 and why.startswith(f"worse than {named}:"), why
                assert move.chance < best.chance
            elif why.startswith("it scores"):
                assert gap.points_clear and gap.points > 0, why
                assert move.chance >= best.chance or why.endswith("after either."), why
            elif why.startswith("about as many points as"):
                assert not gap.points_clear and gap.chance_clear and gap.chance > 0, why
            else:
                assert why.startswith(f"about as good as {named}") and not is_clear(gap), why
        if place == 0 and len(found.moves) > 1 and found.moves[1].playouts == best.playouts:
            gap = found.gap(best.action, found.moves[1].action)
            if "about as good as" in why:
                assert not is_clear(gap), why
            elif "points more" in why:
                assert gap.points_clear, why
        assert "better" not in why or is_clear(found.gap(move.action, found.moves[1 if place == 0 else 0].action))
        checked += 1
    return checked


def check_decisions_and_puzzles(states: list, seat: int, words) -> int:
    """Each reviewed decision's sentence and each puzzle attempt against its numbers."""
    found = analyse_game(states, seat, budget=PER_MOVE * 4, graph_playouts=4, seed=3)
    checked = 0
    for decision in found.review.decisions:
        analysis = decision.analysis
        assert decision.best == analysis.best.action
        assert f"The expert's choice: {words(decision.best)}" in decision.sentence or \
            decision.played == decision.best
        gap = analysis.gap(decision.best, decision.played) if decision.played != decision.best else None
        if "Your move: worse than" in decision.sentence:
            assert gap.points_clear and gap.points > 0
        if "Your move: about as good as" in decision.sentence:
            assert not is_clear(gap)
        if decision.mark:
            assert gap.points_clear
        checked += 1
    for puzzle in found.puzzles():
        for action in puzzle.position.legal_actions():
            verdict = puzzle.attempt(action)
            analysis, played = puzzle.analysis, puzzle.decision.played
            if verdict.text.startswith("Better than the move you played"):
                assert verdict.better and is_clear(analysis.gap(action, played))
            if "Better than" in verdict.text or "Worse than" in verdict.text:
                assert not verdict.found
            if verdict.text.startswith("Worse than"):
                assert is_clear(analysis.gap(played, action))
            if verdict.found and action != analysis.best.action:
                assert not is_clear(analysis.gap(analysis.best.action, action))
            assert words(analysis.best.action) not in verdict.text or action == analysis.best.action or \
                words(analysis.best.action) in words(action) or words(analysis.best.action) == words(played)
            checked += 1
    return checked


@pytest.fixture(scope="module")
def counted():
    return {}


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_sentence_says_only_what_its_numbers_support(name, counted):
    words = functools.partial(move_words, name)
    states = played_game(name, 21)
    choices = [state for state in states[:-1] if len(state.legal_actions()) >= 2]
    rng = random.Random(name)
    checked = 0
    coach = Coach()
    for state in rng.sample(choices, min(POSITIONS, len(choices))):
        found = coach.analysis(state, state.current_player, PER_MOVE * len(state.legal_actions()), seed=2)
        checked += check_move_sentences(found, words)
    checked += check_decisions_and_puzzles(states, 0, words)
    counted[name] = checked
    assert checked >= 60


def test_more_than_a_thousand_verdicts_were_checked(counted):
    if len(counted) < len(GAME_NAMES):
        pytest.skip("runs after the six games' checks")
    assert sum(counted.values()) >= 1000, counted


@pytest.mark.parametrize("name", GAME_NAMES)
def test_one_position_asked_from_the_hint_the_review_and_the_board_gets_one_answer(name):
    states = played_game(name, 8)
    position = next(state for state in states[:-1] if state.current_player == 0 and len(state.legal_actions()) >= 2)
    index = states.index(position)
    session = TableSession(position, seat=0, delay=0)
    session.hint()
    hinted = session.coach.known(position, 0)
    assert hinted is not None and move_words(name, hinted.best.action) in session.note.text
    found = analyse_game(states, 0, graph_playouts=4, seed=position.setup.seed, coach=session.coach)
    decision = found.moves[index].decision
    assert decision.analysis is hinted and decision.best == hinted.best.action      # the review: the hint's analysis
    assert found.ask_expert(index) is hinted
    board = AnalysisBoard(found, 0)
    board.go(index + 1)                                                              # the board, at that move
    assert all(move.reason.split(":")[0] in board.expert.value for move in hinted.moves[:3])
    again = review(states, 0, 40, seed=position.setup.seed, coach=session.coach)
    assert again.decisions[0].analysis is hinted
