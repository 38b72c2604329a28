"""The exercise widget (plateau_lab.ui.exercises) on The Syndicate's questions, driven as the page drives
it: choosing, Check, Show solution, clicks on a picture (moved from tests/test_exercises.py: its
questions and answers are The Syndicate's)."""

import pytest

from plateau_lab.core.render import target
from plateau_lab.ui.clickable import ClickablePicture
from plateau_lab.ui.exercises import Exercise, Verdict, judge_best, judge_exact, judge_move
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import guaranteed_points
from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
from plateau_lab.core.render import Picture, row


def lead_question() -> Exercise:
    position = syndicate.scenario(EXAMPLE_SCENARIO, seed=0)
    leads = [str(action) for action in position.legal_actions()]
    grade = judge_best(lambda lead: guaranteed_points(position, position.parse_action(lead)), leads,
                       explain=lambda lead, mine, best: f"{lead} guarantees {mine}; the best guarantees {best}.")
    return Exercise("Which lead guarantees the most?", leads, grade,
                    solution="Castle alone: nobody can answer a location.")


def test_nothing_is_answered_before_the_learner_acts():
    exercise = lead_question()
    assert exercise.answer is None and exercise.verdict is None and exercise.attempts == 0
    assert exercise.feedback.value == "" and exercise.solution.value == ""
    assert exercise.picker.value is None


def test_check_without_an_answer_asks_for_one_and_grades_nothing():
    exercise = lead_question()
    exercise.check_button.click()
    assert "Choose an answer first" in exercise.feedback.value and exercise.attempts == 0


def test_a_right_and_a_wrong_answer_get_feedback_that_says_why():
    exercise = lead_question()
    exercise.choose("lead Diplomat")
    exercise.check_button.click()
    assert exercise.verdict == Verdict(False, "lead Diplomat guarantees 0; the best guarantees 2.")
    assert "Not quite" in exercise.feedback.value and "guarantees 0" in exercise.feedback.value
    exercise.choose("lead Castle")
    assert exercise.feedback.value == ""          # a new answer clears the old verdict
    exercise.check_button.click()
    assert exercise.verdict.correct and "Right" in exercise.feedback.value and exercise.attempts == 2


def test_show_solution_reveals_the_solution_only_when_pressed():
    exercise = lead_question()
    assert "Castle" not in exercise.solution.value
    exercise.solution_button.click()
    assert "Castle alone" in exercise.solution.value


def test_many_or_long_choices_use_a_list_few_short_ones_buttons():
    assert type(lead_question().picker).__name__ == "Dropdown"
    few = Exercise("?", ["yes", "no"], judge_exact("yes", explain="Because."), solution="yes")
    assert type(few.picker).__name__ == "ToggleButtons"


def test_a_clickable_picture_answers_by_clicks_and_marks_the_choice():
    cards = [Picture.box(40, 60) for _ in range(2)]
    target(cards[0].group, "left")
    target(cards[1].group, "right")
    exercise = Exercise("Which one?", ["left", "right"], judge_exact("right", explain="The right one."),
                        solution="right", clickable=row(cards).svg())
    assert isinstance(exercise.picker, ClickablePicture) and exercise.picker.legal == ["left", "right"]
    exercise.picker.click("left")
    assert exercise.answer == "left" and exercise.picker.marked == ["left"]
    exercise.picker.click("nowhere")               # a click outside the choices changes nothing
    assert exercise.answer == "left"
    exercise.check()
    assert not exercise.verdict.correct
    exercise.choose("right")
    exercise.check()
    assert exercise.verdict.correct and "right" in exercise.chosen_label.value


def test_judge_move_speaks_with_the_engines_rule_and_log():
    position = syndicate.scenario(EXAMPLE_SCENARIO, seed=0).apply("lead Diplomat")
    grade = judge_move(position)
    wrong = grade("play Desert")
    assert not wrong.correct and wrong.why.startswith("Not allowed (follow the mark)")
    right = grade("play Merchant")
    assert right.correct and "shares a mark with the lead, so it counts" in right.why
    unreadable = grade("dance")
    assert not unreadable.correct and "cannot read" in unreadable.why


def test_judge_exact_explains_both_ways():
    grade = judge_exact(2, explain="Two points.", wrong=lambda answer: f"{answer} is not it.")
    assert grade(2) == Verdict(True, "Two points.") and grade(1) == Verdict(False, "1 is not it. Two points.")


@pytest.mark.parametrize("bad, error", [
    (dict(choices=[]), ValueError),
    (dict(choices=["a", "a"]), ValueError),
    (dict(grade="right"), TypeError),
])
def test_bad_exercises_are_refused_with_a_sentence(bad, error):
    arguments = dict(question="?", choices=["a", "b"], grade=judge_exact("a", explain="."), solution="a") | bad
    with pytest.raises(error):
        Exercise(arguments.pop("question"), arguments.pop("choices"), arguments.pop("grade"), **arguments)


def test_choosing_an_unknown_label_names_the_choices():
    with pytest.raises(ValueError, match="the choices are: a, b"):
        Exercise("?", ["a", "b"], judge_exact("a", explain="."), solution="a").choose("c")


def test_judge_best_needs_candidates():
    with pytest.raises(ValueError):
        judge_best(len, [], explain=lambda *_: "")
