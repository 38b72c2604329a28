"""Plotters Inc.: the heuristic bot, the pictures and the widgets (driven from Python, no browser)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import plotters
from plateau_lab.games.plotters import engine
from plateau_lab.games.plotters.bots import HeuristicBot, score_with
from plateau_lab.games.plotters.cards import parse_card
from plateau_lab.games.plotters.render import collection_picture, trick_picture
from plateau_lab.ui.walkthroughs.plotters import ScoringWalkthrough
from plateau_lab.ui.widgets import StepViewer

EXAMPLE_TRICK = tuple(enumerate(parse_card(c) for c in "R10 Y6 R14 B2 Y16".split()))


# ---------------------------------------------------------------- bots


def test_collector_bot_keeps_the_pair_that_scores_most():
    game = plotters.scenario("""
        dealer: 3
        hand 0: R10 G1
        hand 1: Y6 G2
        hand 2: R14 G3
        hand 3: B2 G4
        open 3: G8 G9 G10 Y8 R8 R9 R11
    """)
    for text in ("play R10", "play Y6", "play R14", "play B2", "take R14", "take R10"):
        game = game.apply(text)
    assert game.phase == engine.KEEP_PHASE and game.current_player == 3  # blue 2 and yellow 6 arrived
    assert str(HeuristicBot().choose(game)) == "keep green+red"


def test_collector_bot_as_high_takes_the_colours_it_collects():
    game = plotters.scenario("""
        dealer: 4
        hand 0: R10 G1
        hand 1: Y6 G2
        hand 2: R14 G3
        hand 3: B2 G4
        hand 4: Y16 G5
        open 2: B5 B6 B7 Y1 Y2
    """)
    for text in ("play R10", "play Y6", "play R14", "play B2", "play Y16"):
        game = game.apply(text)
    bot = HeuristicBot()
    picks = []
    while game.phase == engine.TAKE_PHASE:
        action = bot.choose(game)
        picks.append(str(action))
        game = game.apply(action)
    assert sorted(picks) == ["take B2", "take Y16", "take Y6"]


def test_score_with_assumes_the_best_two_colours_once_all_four_are_held():
    assert score_with((3, 0, 2, 1), 0, None, (parse_card("G1"),)) == 6 // 2  # keeps blue 3 × red 2, drops 2
    assert score_with((3, 0, 2, 0), 1, ("blue", "red"), (parse_card("G1"),)) == 6 // 2


@pytest.mark.parametrize("players", [4, 5, 6])
def test_collector_bot_beats_random_bots(players):
    ahead = 0
    for seed in range(12):
        seat = seed % players
        bots = [HeuristicBot(seed) if s == seat else RandomBot(100 * seed + s) for s in range(players)]
        final = play_out(plotters.new_game(players, seed=seed), bots)
        others = [score for s, score in enumerate(final.scores) if s != seat]
        ahead += final.scores[seat] > sum(others) / len(others)
    assert ahead >= 10


# ---------------------------------------------------------------- pictures


def test_trick_picture_marks_high_and_low_only_when_the_trick_is_full():
    svg = trick_picture(EXAMPLE_TRICK, players=5).svg()
    ET.fromstring(svg)
    assert svg.count(">HIGH<") == 1 and svg.count(">LOW<") == 1
    assert svg.index(">14<") < svg.index(">HIGH<") < svg.index(">2<") < svg.index(">LOW<")
    partial = trick_picture(EXAMPLE_TRICK[:3], players=5).svg()
    assert "HIGH" not in partial and "LOW" not in partial
    all_red = ((0, parse_card("R3")), (1, parse_card("R9")), (2, parse_card("R1")), (3, parse_card("R4")))
    assert "LOW" not in trick_picture(all_red, players=4).svg()


def test_collection_picture_shows_stack_sizes_discards_and_dropped_colours():
    svg = collection_picture((0, 7, 8, 0), 4, ("green", "red")).svg()
    ET.fromstring(svg)
    assert "×7" in svg and "×8" in svg and ">4<" in svg and "discard" in svg
    assert svg.count("<line") == 2  # blue and yellow are crossed out


def test_state_picture_shows_hands_only_to_their_owner_and_is_deterministic():
    game = plotters.new_game(4, seed=5)
    for _ in range(5):  # a full trick and High's first pick
        game = game.apply(game.legal_actions()[0])
    svg = game.to_svg()
    assert svg == game.to_svg() and ET.fromstring(svg) is not None
    assert "Player 3" in svg and "discard" in svg and "trump" in svg
    mine = game.to_svg(viewer=1)
    hidden_hand = str(len(game.hands[0]))
    assert mine != svg and f">{hidden_hand}<" in mine
    over = play_out(game, [RandomBot(s) for s in range(4)])
    assert "game over" in over.to_svg() and "Player 0:" in over.to_svg()


# ---------------------------------------------------------------- widgets


def test_scoring_walkthrough_updates_score_and_formula_when_stacks_change():
    calculator = ScoringWalkthrough(green=5, red=6, yellow=3)
    assert calculator.score == 10 and "Score: <b>10</b>" in calculator.result.value
    calculator.sliders["yellow"].value = 0
    assert calculator.score == 30 and "not divided" in calculator.result.value
    calculator.set_stacks(blue=7, green=8, discarded=4)
    assert (calculator.score, calculator.formula) == (14, "8 × 7 = 56, divided by 4 remaining cards = 14")
    assert "×7" in calculator.picture.value and ">4<" in calculator.picture.value
    calculator.set_stacks(red=9)
    assert calculator.score == 0 and "one colour only" in calculator.result.value
    with pytest.raises(ValueError, match="no colour"):
        calculator.set_stacks(purple=3)


def test_scoring_walkthrough_reproduces_the_rulebook_examples():
    calculator = ScoringWalkthrough()
    for stacks, points in (({"green": 5, "red": 6, "yellow": 3}, 10), ({"red": 5, "blue": 4, "yellow": 3}, 6),
                           ({"blue": 7, "green": 8, "discarded": 4}, 14),
                           ({"yellow": 7, "red": 1, "blue": 1}, 7), ({"green": 3, "blue": 5}, 15)):
        calculator.set_stacks(**stacks)
        assert calculator.score == points


def test_step_viewer_steps_through_a_seeded_round():
    game = plotters.new_game(4, seed=3)
    while game.phase != engine.ROUND_OVER:
        game = game.apply(HeuristicBot(game.current_player).choose(game))
    viewer = StepViewer.from_state(game)
    assert len(viewer.frames) == len(game.history) + 1
    viewer.slider.value = len(viewer.frames) - 1
    assert "scores" in viewer.caption.value and "round over" in viewer.picture.value
