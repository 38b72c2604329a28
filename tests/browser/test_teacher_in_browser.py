"""The teacher sends a position and sees the choices arrive, in Chromium: the shared tables' service
(with the teacher's token), Voilà on ``class_lesson.ipynb`` (a ClassLesson cell and an exercise)
with ``PLATEAU_CLASSROOM_URL`` in its kernels' environment, the teacher's page and two learner
pages. The teacher pastes a scenario, both learners see it and choose by clicking, the teacher's
page counts the choices, then reveals the expert's view; a learner's checked exercise shows on
the teacher's page. Screenshots: ``teacher_view.png``, ``class_lesson_learner.png``. Waits are
bounded against a hang only; nothing is timed."""

from __future__ import annotations

from pathlib import Path

import pytest

from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO

from tests.classroom.harness import start_service, stop
from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch

TOKEN = "browser-test-teacher-token-0123456789"
NOTEBOOK = "class_lesson.ipynb"
WAIT_MS = 90_000


@pytest.fixture(scope="module")
def classroom(browser, workdir):
    """The service and a Voilà whose kernels know its address; (Voilà, the teacher page's address)."""
    browser.require()
    folder = workdir / "class-lesson"
    folder.mkdir(exist_ok=True)
    process, url = start_service(folder / "class.sqlite", "--bot-delay", "0", "--teacher-token", TOKEN)
    try:
        server = harness._start_server(
            "voila", ["voila", "--no-browser", "--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True",
                      str(Path(__file__).resolve().parent)],
            ready_path="/", workdir=folder, env={"JUPYTER_PREFER_ENV_PATH": "1", "PLATEAU_CLASSROOM_URL": url})
        try:
            yield server, url.replace("ws://", "http://").removesuffix("/tables") + f"/teacher?token={TOKEN}"
        finally:
            server.stop()
    finally:
        stop(process)


def open_learner(context, server, name: str):
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=WAIT_MS)
    cell = page.locator(".plateau-class-lesson")
    cell.wait_for(timeout=WAIT_MS)
    cell.locator("input[type=text]").fill(name)
    cell.get_by_role("button", name="Join the class").click()
    cell.get_by_text("Waiting for your teacher's position").wait_for(timeout=WAIT_MS)
    return page, watch, cell


def click_part(cell, target: str) -> None:
    cell.locator(f'[data-target="{target}"]').click(position={"x": 5, "y": 12})


def test_the_teacher_sends_a_position_and_sees_the_choices_arrive(browser, classroom):
    server, teacher_address = classroom
    teacher = browser.context.new_page()
    teacher_watch = PageWatch(teacher)
    learners = []
    try:
        teacher.goto(teacher_address, timeout=WAIT_MS)
        teacher.get_by_text("Connected: the page follows the class live.").wait_for(timeout=WAIT_MS)
        ann, ann_watch, ann_cell = open_learner(browser.context, server, "Ann")
        bob, bob_watch, bob_cell = open_learner(browser.context, server, "Bob")
        learners = [ann, bob]
        teacher.get_by_text("2 following: Ann, Bob").wait_for(timeout=WAIT_MS)

        ann.get_by_role("button", name="4").click()                     # an exercise, checked
        ann.get_by_role("button", name="Check").click()
        ann.get_by_text("✔ Right.").wait_for(timeout=WAIT_MS)
        teacher.locator("#answers").get_by_text("Exercise 1 · sums").wait_for(timeout=WAIT_MS)

        teacher.select_option("#send-game", "syndicate")
        teacher.fill("#send-position", EXAMPLE_SCENARIO.replace("Desert", "Dragon"))   # the reader's where and what
        teacher.click("#send-button")
        teacher.locator("#send-result.refused").get_by_text("hand 1").wait_for(timeout=WAIT_MS)
        assert "Dragon" in teacher.inner_text("#send-result")
        teacher.fill("#send-position", EXAMPLE_SCENARIO)
        teacher.click("#send-button")
        teacher.get_by_text("sent to 2 learners").wait_for(timeout=WAIT_MS)

        for cell in (ann_cell, bob_cell):
            cell.locator(".pl-legal").first.wait_for(timeout=WAIT_MS)
            assert "Merchant" not in cell.inner_html()                   # player 1's card: hidden from player 0
        click_part(ann_cell, "card Diplomat")
        ann_cell.get_by_role("button", name="lead Diplomat with no face-down card").click()
        click_part(bob_cell, "card Castle")
        click_part(bob_cell, "card Author")
        ann_cell.get_by_text("Your choice: lead Diplomat with no face-down card (you may change it)").wait_for(
            timeout=WAIT_MS)
        bob_cell.get_by_text("Your choice: lead Castle + face down Author (you may change it)").wait_for(
            timeout=WAIT_MS)

        teacher.get_by_text("2 of 2 learners chose a move.").wait_for(timeout=WAIT_MS)
        for action in ("lead Diplomat", "lead Castle + face down Author"):
            row = teacher.locator(f'.move-row[data-action="{action}"] .count')
            assert row.inner_text() == "1", action
        teacher.click("#reveal")
        teacher.get_by_text("The expert's view is shown").wait_for(timeout=300_000)
        rows = teacher.locator(".move-row")
        reasons = teacher.locator(".move-row .reason").all_inner_texts()
        assert len(reasons) == rows.count() > 1 and all(reasons)
        teacher.screenshot(path=str(SCREENSHOTS / "teacher_view.png"), full_page=True)
        ann_cell.screenshot(path=str(SCREENSHOTS / "class_lesson_learner.png"))
        assert teacher_watch.problems() == [] and ann_watch.problems() == [] and bob_watch.problems() == []
    finally:
        for page in [teacher, *learners]:
            page.close()
