"""The exercise widget (plateau_lab.ui.exercises) and The Syndicate's scoring walkthrough, driven as
the page drives them: choosing, Check, Show solution, clicks on a picture."""

import pytest

from plateau_lab.core.render import target
from plateau_lab.ui.clickable import ClickablePicture
from plateau_lab.ui.exercises import Exercise, Verdict, judge_best, judge_exact, judge_move
from plateau_lab.games import syndicate
from plateau_lab.games.syndicate import guaranteed_points
from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
from plateau_lab.games.syndicate.walkthrough import NO_CARD, ScoringWalkthrough
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


# ---------------------------------------------------------------- The Syndicate's scoring walkthrough


def test_walkthrough_scores_the_rulebooks_first_example():
    widget = ScoringWalkthrough("Diplomat", "Author", ("Merchant", "Cave"))
    assert widget.totals == (10, 9) and widget.points == (1, 0)
    assert "scores 1 point (he played a face-down card)" in widget.result.value
    assert "Cave (7, Waves+Wyrms, location) shares no mark with the lead: it does not count." in widget.result.value


def test_walkthrough_without_the_face_down_card_is_foiled():
    widget = ScoringWalkthrough("Diplomat", None, ("Merchant", "Cave"))
    assert widget.face_down_picker.value == NO_CARD
    assert widget.totals == (8, 9) and widget.points == (0, 1) and "foiled" in widget.result.value


def test_walkthrough_counts_a_led_ace_eleven_with_its_crown():
    widget = ScoringWalkthrough("Ace of Waves", "Sea", ("Sailor", "Journey"))
    assert widget.totals == (21, 7) and widget.points == (1, 0)
    assert "the Crown of its suit (Sea) was played: it counts 11" in widget.result.value
    widget.face_down_picker.value = NO_CARD
    assert widget.totals == (1, 7) and widget.points == (0, 1)


def test_walkthrough_ties_score_nothing():
    widget = ScoringWalkthrough("Castle", None, ("Cave", "Ace of Suns"))
    assert widget.totals == (7, 7) and widget.points == (0, 0) and "nobody scores" in widget.result.value


def test_walkthrough_refuses_a_card_chosen_twice():
    widget = ScoringWalkthrough()
    widget.answer_pickers[0].value = "Diplomat"
    assert widget.problem == "Diplomat is chosen twice; every card is in the deck once."
    assert widget.totals is None and "chosen twice" in widget.result.value
    widget.answer_pickers[0].value = "Pact"
    assert widget.problem is None and widget.totals == (10, 0)


def test_walkthrough_refuses_unknown_cards_with_a_parse_error():
    from plateau_lab.core import ParseError

    with pytest.raises(ParseError, match="answer 2: no card named 'Dragon'"):
        ScoringWalkthrough("Diplomat", None, ("Merchant", "Dragon"))
    with pytest.raises(ValueError, match="two answers"):
        ScoringWalkthrough("Diplomat", None, ("Merchant",))
