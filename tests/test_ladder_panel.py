"""The skill ladder's panel on the page's runner (plateau_lab.ui.background): a step is one piece of
work per table, kept only when every piece is played; where no process can start, the page plays them
itself. The panel's other tests (Stop, one worker, the table so far) are in tests/test_skill.py."""

import asyncio
import re

from plateau_lab.core import GAME_NAMES
from plateau_lab.lab.simulate import run_chunk
from plateau_lab.ui.widgets import LadderPanel

GAME = GAME_NAMES[0]
RUNGS = {"random": "random", "heuristic": "heuristic"}


def rung_games(panel):
    """The games per rung in the panel's table, read from its text ('3 of 4 (…')."""
    return [int(count) for count in re.findall(r"<td>[\d.]+ of (\d+) \(", panel.result.value)]


def test_a_step_stopped_between_its_pieces_is_dropped_and_the_steps_before_kept():
    panel = LadderPanel(GAME, games=8, rungs=RUNGS, step_games=2, workers=0)
    pieces = []

    def play_and_stop_in_the_second_step(job, start, stop):
        pieces.append((start, stop))
        if len(pieces) == 7:              # the first of step 2's six pieces (2 deals: the reference, then each rung)
            panel.stop.click()
        return run_chunk(job, start, stop)

    panel.play_chunk = play_and_stop_in_the_second_step

    async def measure():
        panel.measure.click()
        await panel.task

    asyncio.run(measure())
    assert pieces == [(0, 1)] * 3 + [(1, 2)] * 3 + [(2, 3)]      # no piece begins after Stop
    assert panel.status.value == ("Stopped after 6 of 24 games: 2 games per bot, each against steady players "
                                  "(rules of thumb).")
    assert rung_games(panel) == [2, 2] and panel.progress.value == 6


def test_the_count_goes_up_after_every_game_not_only_after_every_step():
    """A piece is one game of one table: the count shows each game as soon as it is played, so the
    first count comes after the reference's first game, not after a whole step of every rung."""
    panel = LadderPanel(GAME, games=8, rungs=RUNGS, step_games=4, workers=0)
    seen = []

    def play_and_look(job, start, stop):
        seen.append((panel.progress.value, panel.status.value))
        return run_chunk(job, start, stop)

    panel.play_chunk = play_and_look

    async def measure():
        panel.measure.click()
        await panel.task

    asyncio.run(measure())
    assert [count for count, _ in seen] == list(range(24))          # 8 deals x 3 tables, in two steps
    assert seen[1][1] == "1 of 24 games played (every bot on the same deals)"


def test_the_status_counts_the_games_of_every_table_while_the_steps_are_played():
    panel = LadderPanel(GAME, games=8, rungs=RUNGS, step_games=2)
    panel.start()
    assert panel.step()
    assert panel.status.value == "6 of 24 games played (every bot on the same deals)"
    assert panel.progress.value == 6 and panel.progress.max == 24


def test_where_no_worker_process_can_start_the_page_plays_the_ladder_itself(monkeypatch):
    def no_processes(processes=1):
        raise OSError("Function not implemented")          # as in Python inside the browser

    monkeypatch.setattr("plateau_lab.ui.background.worker_pool", no_processes)
    panel = LadderPanel(GAME, games=8, rungs={"random": "random"}, step_games=4, workers=1)

    async def measure():
        panel.measure.click()
        await panel.task

    asyncio.run(measure())
    assert panel.status.value.startswith("Measured: 8 games per bot") and rung_games(panel) == [8]


def test_the_chart_names_each_bar_in_a_learners_words():
    panel = LadderPanel(GAME, games=8, rungs=RUNGS, step_games=8)
    panel.start()
    while panel.step():
        pass
    labels = re.findall(r"<text[^>]*>([^<]+)</text>", panel.result.value.split("<svg", 1)[1])
    assert {"beginner", "steady player"} <= set(labels) and not {"random", "heuristic"} & set(labels), labels
