"""Helpers of the tests that drive a learner's shared-table page from Python as a page drives it
(tests/test_shared_table_widget.py, test_table_words.py, tests/<game>/ tests of shared tables)::

    from shared_pages import act, one_click_game, said, seated, until
"""

from __future__ import annotations

import asyncio
import html
import random
import re

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.ui.shared_table import SharedTable

STEPS = 2000          # a bound on the waits: each step yields to the event loop once


async def until(condition, what: str) -> None:
    """Let the event loop run until ``condition()`` holds (a bounded number of short sleeps)."""
    for _ in range(STEPS):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"never happened: {what}")


def said(table: SharedTable) -> str:
    """The words of the table's message, as the learner reads them."""
    return html.unescape(re.sub(r"<[^>]*>", "", table.message.value))


async def seated(table: SharedTable, button) -> None:
    button.click()
    await table.settled()
    assert table.code is not None, table.message.value


async def act(table: SharedTable) -> None:
    """The learner makes their move: the first lit card, else the first move button."""
    if table.picture.legal:
        table.picture.click(table.picture.legal[0])
    else:
        table.moves.children[0].click()
    await table.settled()


def one_click_game(wanted=lambda state: True) -> str:
    """The first registered game whose first position satisfies ``wanted`` and whose every move, in a
    random short game, is made by one click on its picture or by a button: a test that clicks once
    sees the move made."""
    for game in GAME_NAMES:
        spec = game_spec(game)
        players, variant = spec.short
        state, rng, view = spec.new_game(players, seed=5, **variant), random.Random(5), spec.table_view()
        if not wanted(state):
            continue
        one_click = True
        for _ in range(60):
            if state.is_over:
                break
            if any(len(view.click_prompts(action)) > 1 for action in state.legal_actions()):
                one_click = False
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if one_click:
            return game
    raise AssertionError("no registered game asked for makes every move by one click or a button")
