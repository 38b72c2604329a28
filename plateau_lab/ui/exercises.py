"""Exercises a learner answers in the app: a question, an answer chosen by clicking, *Check*,
feedback that says why in the engine's own words, and *Show solution*.

Nothing is answered in advance: the answer starts empty, the feedback and the solution stay blank
until the learner presses a button. The engine grades: :func:`judge_move` asks the rules whether a
move is legal (the refusal's rule and reason are the feedback), :func:`judge_best` ranks every
candidate by a number the engine computes (points guaranteed, a round's score), and
:func:`judge_exact` compares with one right answer and explains it with the engine's breakdown.

Driven from Python exactly as by clicks::

    >>> from plateau_lab.games import syndicate
    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> position = syndicate.scenario(EXAMPLE_SCENARIO, seed=0).apply("lead Diplomat")
    >>> question = Exercise("Player 1 answers the Diplomat. Which card may he play?",
    ...                     [("Merchant", "play Merchant"), ("Desert", "play Desert")],
    ...                     judge_move(position), solution="He holds the Merchant, a personality: he must play it.")
    >>> question.answer is None, question.feedback.value, question.solution.value
    (True, '', '')
    >>> question.choose("Desert")
    >>> question.check()
    >>> question.verdict.correct
    False
    >>> print(question.verdict.why)  # doctest: +NORMALIZE_WHITESPACE
    Not allowed (follow the mark): player 1 holds a card sharing a mark with the lead, the
    Diplomat (8, Moons+Suns, personality), and must play one.
    >>> question.choose("Merchant")
    >>> question.check()
    >>> question.verdict.correct
    True
"""

from __future__ import annotations

import html
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from .class_lesson import report_answer
from .clickable import ClickablePicture
from ..core import GameState, IllegalAction, ParseError
from .widgets import fits_label

__all__ = ["BUTTON_LABEL_LIMIT", "BUTTON_CHOICES_LIMIT", "Verdict", "Grader", "Exercise", "judge_move",
           "judge_best", "judge_exact"]


#: Choices with labels this short and this few fit on one row of toggle buttons; more use a list.
BUTTON_LABEL_LIMIT = 30
BUTTON_CHOICES_LIMIT = 6


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer: right or wrong, and why, in sentences a learner reads."""

    correct: bool
    why: str


Grader = Callable[[Any], Verdict]


class Exercise(widgets.VBox):
    """A question answered by choosing one of ``choices`` (pairs of label and answer, or labels
    that are their own answers) and pressing *Check*; ``grade(answer)`` returns a :class:`Verdict`.

    The answer is chosen with toggle buttons (a few short labels), a drop-down list (more), or by
    clicking a part of ``clickable``, an SVG whose parts carry ``data-target`` names equal to the
    labels (see :func:`plateau_lab.ui.clickable.target`). ``picture`` (SVG) is shown above the answer.
    ``title`` names the exercise, e.g. ``"Exercise 1 · a rule"``. ``question`` and ``solution`` are
    HTML written by the notebook's author; the grader's ``why`` is plain text (it is escaped).

    >>> Exercise("2 + 2?", ["3", "4"], judge_exact("4", explain="Two and two make four."), solution="4").choices
    (('3', '3'), ('4', '4'))
    >>> Exercise("?", [], judge_exact(1, explain="."), solution="")
    Traceback (most recent call last):
    ValueError: an exercise needs at least one choice to answer with
    """

    def __init__(self, question: str, choices: Iterable[tuple[str, Any] | str], grade: Grader, *,
                 solution: str, title: str = "", picture: str | None = None, clickable: str | None = None):
        self.choices = tuple(choice if isinstance(choice, tuple) else (choice, choice) for choice in choices)
        if not self.choices:
            raise ValueError("an exercise needs at least one choice to answer with")
        labels = [label for label, _ in self.choices]
        if len(set(labels)) != len(labels):
            raise ValueError(f"two choices share a label; each label must say which answer it is: {labels}")
        if not callable(grade):
            raise TypeError(f"grade must be a function from an answer to a Verdict, not a {type(grade).__name__}")
        self.grade = grade
        self._solution_text = solution
        self._title, self._question = title, question
        self.verdict: Verdict | None = None
        self.attempts = 0
        self._chosen: str | None = None
        heading = f"<div class='plateau-exercise-title'><b>{html.escape(title)}</b></div>" if title else ""
        self.question = widgets.HTML(f"{heading}<div class='plateau-exercise-question'>{question}</div>")
        parts: list[widgets.Widget] = [self.question]
        if picture is not None:
            parts.append(widgets.HTML(picture))
        self.picker: widgets.Widget
        if clickable is not None:
            self.picker = ClickablePicture(svg=clickable, legal=labels)
            self.picker.on_click(self._clicked)
            self.chosen_label = widgets.HTML("<i>Click your answer in the picture.</i>")
            parts += [self.picker, self.chosen_label]
        else:
            if len(labels) <= BUTTON_CHOICES_LIMIT and max(map(len, labels)) <= BUTTON_LABEL_LIMIT:
                self.picker = widgets.ToggleButtons(options=labels, value=None, description="Your answer:",
                                                    style={"description_width": "initial", "button_width": "auto"})
            else:
                self.picker = widgets.Dropdown(options=labels, value=None, description="Your answer:",
                                               style={"description_width": "initial"},
                                               layout=widgets.Layout(width="100%", max_width="560px", margin="2px 0"))
            self.picker.observe(lambda change: self._picked(change["new"]), names="value")
            parts.append(self.picker)
        self.check_button = widgets.Button(description="Check", button_style="primary", tooltip="check my answer")
        self.solution_button = widgets.Button(description="Show solution", tooltip="show a solution and why",
                                              layout=fits_label())
        self.check_button.on_click(lambda _: self.check())
        self.solution_button.on_click(lambda _: self.show_solution())
        self.feedback = widgets.HTML()
        self.solution = widgets.HTML()
        parts += [widgets.HBox([self.check_button, self.solution_button]), self.feedback, self.solution]
        super().__init__(parts, layout=widgets.Layout(border="1px solid #c8d3e0", padding="6px 10px", margin="8px 0"))
        self.add_class("plateau-exercise")

    @property
    def answer(self) -> Any:
        """The answer chosen so far, or None."""
        return None if self._chosen is None else dict(self.choices)[self._chosen]

    def choose(self, label: str) -> None:
        """Choose the answer labelled ``label``, as a click on its button or its part of the picture does."""
        if label not in dict(self.choices):
            raise ValueError(f"no answer labelled {label!r}; the choices are: "
                             + ", ".join(label for label, _ in self.choices))
        if isinstance(self.picker, ClickablePicture):
            self.picker.click(label)
        else:
            self.picker.value = label

    def check(self) -> None:
        """Grade the chosen answer and show whether it is right, and why."""
        if self._chosen is None:
            self.verdict = None
            self.feedback.value = "<p class='plateau-exercise-feedback'>Choose an answer first, then press Check.</p>"
            return
        self.attempts += 1
        self.verdict = self.grade(self.answer)
        mark, colour = ("✔ Right.", "#1b6e20") if self.verdict.correct else ("✘ Not quite.", "#b00020")
        self.feedback.value = (f"<p class='plateau-exercise-feedback'><b style='color:{colour}'>{mark}</b> "
                               f"{html.escape(self.verdict.why)}</p>")
        if os.environ.get("PLATEAU_CLASSROOM_URL"):      # a class: the teacher's page shows the answer
            report_answer(self.name, self._chosen, self.verdict.correct)

    @property
    def name(self) -> str:
        """The exercise's name for the teacher's page: its title, else the question's first words."""
        words = self._title or re.sub(r"<[^>]*>", " ", self._question)
        return html.unescape(" ".join(words.split()))[:120]

    def show_solution(self) -> None:
        """Show the solution and the reason for it."""
        self.solution.value = (f"<div class='plateau-exercise-solution' style='background:#f6f3e4;padding:4px 8px'>"
                               f"<b>Solution.</b> {self._solution_text}</div>")

    def _picked(self, label: str | None) -> None:
        self._chosen = label
        self.feedback.value = ""

    def _clicked(self, label: str) -> None:
        if label not in dict(self.choices):
            return
        self._picked(label)
        self.picker.marked = [label]
        self.chosen_label.value = f"Your answer: <b>{html.escape(label)}</b>"


def judge_move(state: GameState) -> Grader:
    """Grade an answer that is a move in ``state`` by the rules: a legal move is right (the feedback
    is what the engine's log says happens), an illegal one wrong (the rule and reason it gives).

    >>> from plateau_lab.games import syndicate
    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> grade = judge_move(syndicate.scenario(EXAMPLE_SCENARIO, seed=0))
    >>> grade("lead Bard").why
    'Not allowed (cards in hand): the mastermind (player 0) does not hold Bard.'
    """
    def grade(move: Any) -> Verdict:
        try:
            after = state.apply(move)
        except IllegalAction as refusal:
            return Verdict(False, f"Not allowed ({refusal.rule}): {refusal.reason}.")
        except ParseError as error:
            return Verdict(False, f"The engine cannot read this move: {error}.")
        return Verdict(True, "Allowed. " + " ".join(after.log[len(state.log):]))

    return grade


def judge_best(value_of: Callable[[Any], float], candidates: Sequence[Any], *,
               explain: Callable[[Any, float, float], str]) -> Grader:
    """Grade by a number the engine computes for every candidate (more is better): an answer is
    right when no candidate does better. ``explain(answer, its value, the best value)`` says why.

    >>> grade = judge_best(len, ["ab", "abc", "xyz"], explain=lambda word, mine, best: f"{mine} of {best} letters.")
    >>> grade("abc"), grade("ab")
    (Verdict(correct=True, why='3 of 3 letters.'), Verdict(correct=False, why='2 of 3 letters.'))
    """
    if not candidates:
        raise ValueError("judge_best needs at least one candidate to compare with")
    values = {candidate: value_of(candidate) for candidate in candidates}
    best = max(values.values())

    def grade(answer: Any) -> Verdict:
        mine = values[answer] if answer in values else value_of(answer)
        return Verdict(mine >= best, explain(answer, mine, best))

    return grade


def judge_exact(right: Any, *, explain: str, wrong: Callable[[Any], str] | None = None) -> Grader:
    """Grade against one right answer; ``explain`` (the engine's breakdown) is the feedback either
    way, after ``wrong(answer)`` when the answer is wrong.

    >>> grade = judge_exact(3, explain="Mastermind 10, enforcers 9: the plot succeeds.",
    ...                     wrong=lambda answer: f"Not {answer}.")
    >>> grade(2).why
    'Not 2. Mastermind 10, enforcers 9: the plot succeeds.'
    """
    def grade(answer: Any) -> Verdict:
        if answer == right:
            return Verdict(True, explain)
        return Verdict(False, f"{wrong(answer)} {explain}" if wrong else explain)

    return grade
