"""Two learners at one shared table, each in a Chromium of their own: the classroom server's shared
tables' service (a process of its own, a fresh database) and Voilà serving the learners' page
``notebooks/09_play_together.ipynb`` (its kernels find the service in ``PLATEAU_CLASSROOM_URL``). The first learner opens a 3-player
Oh Hell table (a bot in the third seat) and reads the code; the second joins with it; they play
until a trick is complete, each clicking a lit card (or pressing a bid's button) on their turn.
Each page shows only its own hand face up, and a move made on one page shows on the other: the
time it takes is recorded (``09_play_together.ipynb`` in timings.json), not asserted. Then the second
learner closes the page (the first sees the countdown) and comes back in a new page with the code
and the seat's key shown on the table.

Then the service is killed with SIGKILL and a new one started on the socket the test holds, as
``make classroom``'s supervisor does: both pages come back by themselves (no click) and play on; a
page reloaded keeps its learner's name (the browser kept the key), and another browser typing that
name is told it is taken.

Each page's table in words (ticked to show) is its learner's own view: the hand in words, none
of the other learner's cards.

Screenshots of the shared table: ``shared_table_joining.png`` (the panel to open, join or come back),
``shared_table_opened.png``, ``shared_table_ann.png``, ``shared_table_bob.png`` and
``shared_table_ann_words.png`` (the table in words shown).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
from pathlib import Path

import pytest

from classroom.harness import start_service, stop
from plateau_lab.games.oh_hell.cards import parse_card
from plateau_lab.core.table_words import card_words
from . import browser_harness as harness
from .browser_harness import SCREENSHOTS, PageWatch, record

NOTEBOOK = "09_play_together.ipynb"
TIMEOUT_MS = 120_000
#: A bound on the turns played before the first trick is complete (3 bids, 3 cards, bots' turns).
MOST_TURNS = 40

# In the page: note the time of the first change of the table's picture (a MutationObserver).
_WATCH_PICTURE = """(picture) => {
  window.__sharedChanged = null;
  const observer = new MutationObserver(() => {
    if (window.__sharedChanged === null) window.__sharedChanged = Date.now();
    observer.disconnect();
  });
  observer.observe(picture, {childList: true, subtree: true, characterData: true});
}"""


def as_the_classroom_runs_voila(config: Path) -> Path:
    """A Jupyter config folder with what ``classroom/voila.py`` sets for a closed page: no _xsrf
    check, so that the page's shutdown request on closing goes through and its kernel (and the
    kernel's connection to the shared tables) ends; without it Voilà refuses the request (403)."""
    config.mkdir(parents=True, exist_ok=True)
    (config / "voila.json").write_text(json.dumps({"Voila": {"tornado_settings": {"disable_check_xsrf": True}}}))
    return config


@pytest.fixture(scope="module")
def classroom(browser, workdir):
    """The shared tables' service (fresh database, bots quick) and Voilà on a folder holding
    the notebook, its kernels pointed at the service; yields the Voilà server."""
    browser.require()
    folder = workdir / "shared"
    (folder / "notebooks").mkdir(parents=True, exist_ok=True)
    shutil.copy(harness.NOTEBOOKS / NOTEBOOK, folder / "notebooks" / NOTEBOOK)
    tables = Supervised(folder / "shared_tables.sqlite")
    try:
        with pytest.MonkeyPatch.context() as patch:      # Voilà's environment reaches its kernels
            patch.setenv("PLATEAU_CLASSROOM_URL", tables.url)
            patch.setenv("JUPYTER_CONFIG_PATH", str(as_the_classroom_runs_voila(folder / "config")))
            server = harness.start_voila(folder, notebook_dir=folder / "notebooks")
        server.tables = tables
        try:
            yield server
        finally:
            server.stop()
    finally:
        stop(tables.process)


class Supervised:
    """The shared tables' service on a listening socket this test holds and hands down, as
    ``make classroom``'s supervisor does; :meth:`kill_and_restart` SIGKILLs it and starts another."""

    def __init__(self, database: Path):
        self.database = database
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.listener.set_inheritable(True)
        self.process, self.url = self._start()

    def _start(self):
        return start_service(self.database, "--bot-delay", "0.2", "--listen-fd", str(self.listener.fileno()),
                             pass_fds=(self.listener.fileno(),))

    def kill_and_restart(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=60)
        self.process, _ = self._start()


def open_shared_table(context, server):
    page = context.new_page()
    watch = PageWatch(page)
    page.goto(f"{server.url}/voila/render/{NOTEBOOK}", timeout=TIMEOUT_MS)
    page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
    table = page.locator(".plateau-shared-table").first
    table.get_by_role("button", name="Open a table").wait_for(timeout=TIMEOUT_MS)
    table.scroll_into_view_if_needed()
    return page, watch, table


def field(table, label: str):
    return table.locator(f'.widget-text:has(label:text-is("{label}")) input')


def card_targets(table) -> set[str]:
    picture = table.locator(".pl-clickable").first
    return {part.get_attribute("data-target") for part in picture.locator('[data-target^="card "]').all()}


def status(table) -> str:
    """The table's sentence for this learner (after the game's name)."""
    return table.locator(".plateau-shared-status").first.inner_text().split(" · ", 1)[-1]


def hand_in_words(table) -> list[str]:
    """The cards the learner's picture shows in the hand, each in words (as its target is named)."""
    return [card_words(parse_card(target.removeprefix("card "))) for target in card_targets(table)]


def words_shown(table) -> str:
    """Tick "Show the table in words" and return the words region's text (the picture's text
    alternative, which a screen reader reads under the picture's title)."""
    table.get_by_role("checkbox", name="Show the table in words").check()
    words = table.get_by_role("region", name="The table as you see it")
    words.wait_for(state="visible", timeout=TIMEOUT_MS)
    return words.inner_text()


def log_lines(table) -> list[str]:
    return table.locator(".plateau-shared-log li").all_inner_texts()


def told(learners, name: str, words: str) -> None:
    """Wait until ``name``'s page's log has a line with ``words``, within TIMEOUT_MS; else fail,
    showing every page's log."""
    page, _ = learners[name]
    try:
        page.wait_for_function("words => [...document.querySelectorAll('.plateau-shared-log li')]"
                               ".some((line) => line.innerText.includes(words))", arg=words, timeout=TIMEOUT_MS)
    except Exception:   # playwright's TimeoutError (imported by the harness only once Chromium is there)
        logs = {other: log_lines(table) for other, (_, table) in learners.items()}
        raise AssertionError(f"{name}'s page never told {words!r}; the pages' logs: {logs}") from None


def make_a_move(table) -> None:
    """The learner's move: the first lit card, else the first move button (a bid)."""
    lit = table.locator(".pl-clickable .pl-legal")
    if lit.count():
        lit.first.click(position={"x": 5, "y": 12})
    else:
        table.locator(".plateau-shared-moves button").first.click()


def move_and_time(mover_page, mover, other_page, other) -> float | None:
    """Make the mover's move; milliseconds until the other page's picture changed (None if the
    move changed nothing there, e.g. a first click of several)."""
    picture = other.locator(".pl-clickable").first
    other_page.evaluate(_WATCH_PICTURE, picture.element_handle())
    moves_before = mover.locator(".pl-clickable").first.inner_html()
    clicked_at = mover_page.evaluate("Date.now()")
    make_a_move(mover)
    mover_page.wait_for_function("([p, before]) => p.innerHTML !== before",
                                 arg=[mover.locator(".pl-clickable").first.element_handle(), moves_before],
                                 timeout=TIMEOUT_MS)
    try:
        other_page.wait_for_function("() => window.__sharedChanged !== null", timeout=10_000)
    except Exception:          # playwright's TimeoutError: the other page had nothing new to show
        return None
    return other_page.evaluate("() => window.__sharedChanged") - clicked_at


def test_two_pages_at_one_table_play_a_trick_each_seeing_only_their_own_cards(browser, classroom):
    with browser.fresh_context() as second:
        ann_page, ann_watch, ann = open_shared_table(browser.context, classroom)
        bob_page, bob_watch, bob = open_shared_table(second, classroom)
        # the same page's lesson cell, on the class's server, offers to join the class
        assert ann_page.locator(".plateau-class-lesson").get_by_role("button", name="Join the class").is_visible()

        field(ann, "your name").fill("Ann")
        ann.locator('.widget-dropdown:has(label:text-is("game")) select').select_option(label="Oh Hell")
        ann.locator('.widget-dropdown:has(label:text-is("players")) select').select_option(label="3")
        ann.get_by_role("button", name="Open a table").click()
        banner = ann.locator(".plateau-shared-code div").first
        banner.wait_for(timeout=TIMEOUT_MS)
        code = banner.inner_text().strip()
        assert re.fullmatch(r"[A-Z]{7}", code), code
        ann.locator(".pl-clickable svg").first.wait_for(timeout=TIMEOUT_MS)
        ann.screenshot(path=str(SCREENSHOTS / "shared_table_opened.png"))

        field(bob, "your name").fill("Bob")
        field(bob, "table's code").first.fill(code.lower())
        bob.screenshot(path=str(SCREENSHOTS / "shared_table_joining.png"))
        bob.get_by_role("button", name="Join the table").click()
        bob.locator(".pl-clickable svg").first.wait_for(timeout=TIMEOUT_MS)
        assert code in bob.locator(".plateau-shared-code").inner_text()
        ann_page.wait_for_function("() => document.querySelector('.plateau-shared-seats').innerText.includes('Bob')",
                                   timeout=TIMEOUT_MS)

        learners = {"Ann": (ann_page, ann), "Bob": (bob_page, bob)}
        hands = {name: card_targets(table) for name, (_, table) in learners.items()}
        assert all(hands.values()) and not hands["Ann"] & hands["Bob"], hands
        propagation, turns = [], 0
        while not any(re.search(r"wins the trick", line) for line in log_lines(ann)):
            turns += 1
            assert turns <= MOST_TURNS, f"no trick complete after {MOST_TURNS} turns; Ann's table says {status(ann)}"
            for name, (page, table) in learners.items():
                shown = card_targets(table)
                other = "Bob" if name == "Ann" else "Ann"
                assert shown <= hands[name], f"{name}'s picture shows a card that is not in {name}'s hand: {shown}"
                assert not shown & hands[other], f"{name}'s picture shows {other}'s cards face up: {shown & hands[other]}"
            to_move = [name for name, (_, table) in learners.items() if status(table).startswith(("Your turn", "Now"))]
            if not to_move:
                ann_page.wait_for_timeout(150)        # a bot is playing
                continue
            mover = to_move[0]
            other = "Bob" if mover == "Ann" else "Ann"
            took = move_and_time(*learners[mover], *learners[other])
            if took is not None:
                propagation.append(took)
        for name in learners:       # every page's log tells the trick's end (a failure shows each page's log)
            told(learners, name, "wins the trick")
        assert propagation, "no move made on one page was seen on the other"
        record(NOTEBOOK, "move_to_other_page_ms", propagation)
        for name, (page, table) in learners.items():     # Voilà scrolls inside the page: a tall window shows it all
            page.set_viewport_size({"width": 1280, "height": 1500})
            table.screenshot(path=str(SCREENSHOTS / f"shared_table_{name.lower()}.png"))
        for name, (page, table) in learners.items():
            other = "Bob" if name == "Ann" else "Ann"
            said = words_shown(table)
            assert said.startswith(f"You are {name}, player"), said     # called by name, as the table shows
            assert f"{other} holds" in said, said
            hand = hand_in_words(table)
            assert hand and all(card in said for card in hand), (name, hand, said)
            assert not [card for card in hand_in_words(learners[other][1]) if card in said], (name, said)
        ann.screenshot(path=str(SCREENSHOTS / "shared_table_ann_words.png"))
        for watch in (ann_watch, bob_watch):
            assert not watch.problems(), watch.problems()

        # Bob closes his page; Ann sees the countdown; Bob comes back in a new page with his key.
        key = bob.locator(".plateau-shared-key code").nth(1).inner_text().strip()
        bob_cards = card_targets(bob)
        bob_page.close(run_before_unload=True)     # as a closed tab: Voilà shuts its kernel down
        ann_page.wait_for_function("() => document.querySelector('.plateau-shared-seats').innerText"
                                   ".includes('Bob: left, a bot takes the seat in')", timeout=TIMEOUT_MS)
        back_page, back_watch, back = open_shared_table(second, classroom)
        field(back, "table's code").nth(1).fill(code)
        field(back, "your seat's key").fill(key)
        back.get_by_role("button", name="Come back to my seat").click()
        back.locator(".pl-clickable svg").first.wait_for(timeout=TIMEOUT_MS)
        assert "Bob (you)" in back.locator(".plateau-shared-seats").inner_text()
        assert card_targets(back) == bob_cards, "Bob came back to other cards than his"
        ann_page.wait_for_function("() => !document.querySelector('.plateau-shared-seats').innerText"
                                   ".includes('Bob: left')", timeout=TIMEOUT_MS)
        assert not back_watch.problems(), back_watch.problems()
        back_page.close()
        ann_page.close()


def test_after_a_sigkill_both_pages_come_back_by_themselves_and_a_reloaded_page_keeps_its_name(browser, classroom):
    with browser.fresh_context() as cid_context, browser.fresh_context() as dee_context:
        cid_page, cid_watch, cid = open_shared_table(cid_context, classroom)
        dee_page, dee_watch, dee = open_shared_table(dee_context, classroom)
        field(cid, "your name").fill("Cid")
        cid.get_by_role("button", name="Open a table").click()
        cid.locator(".plateau-shared-code div").first.wait_for(timeout=TIMEOUT_MS)
        code = cid.locator(".plateau-shared-code div").first.inner_text().strip()
        field(dee, "your name").fill("Dee")
        field(dee, "table's code").first.fill(code)
        dee.get_by_role("button", name="Join the table").click()
        dee.locator(".pl-clickable svg").first.wait_for(timeout=TIMEOUT_MS)

        classroom.tables.kill_and_restart()
        lost = "connection to the shared tables was lost"
        for page in (cid_page, dee_page):          # back by themselves: no click on either page
            page.wait_for_function(f"() => !document.body.innerText.includes({lost!r}) && "
                                   "document.querySelector('.plateau-shared-status') !== null", timeout=TIMEOUT_MS)
        learners = {"Cid": (cid_page, cid), "Dee": (dee_page, dee)}
        for turn in range(MOST_TURNS):             # the table plays on: a move on one page shows on the other
            to_move = [name for name, (_, table) in learners.items() if status(table).startswith(("Your turn", "Now"))]
            if to_move:
                mover = to_move[0]
                other = "Dee" if mover == "Cid" else "Cid"
                if move_and_time(*learners[mover], *learners[other]) is not None:
                    break
            else:
                cid_page.wait_for_timeout(150)
        else:
            raise AssertionError(f"no move reached the other page after the restart; Cid's table says {status(cid)}")
        assert not cid_watch.problems() and not dee_watch.problems()

        dee_page.reload()                          # Dee's browser kept the key of her name
        dee_page.wait_for_selector("#rendered_cells", state="visible", timeout=TIMEOUT_MS)
        again = dee_page.locator(".plateau-shared-table").first
        again.get_by_role("button", name="Open a table").wait_for(timeout=TIMEOUT_MS)
        field(again, "your name").fill("Dee")
        again.get_by_role("button", name="Open a table").click()
        again.locator(".plateau-shared-code div").first.wait_for(timeout=TIMEOUT_MS)
        with browser.fresh_context() as elsewhere:     # another browser typing Dee's name
            other_page, _, other = open_shared_table(elsewhere, classroom)
            field(other, "your name").fill("Dee")
            other.get_by_role("button", name="Open a table").click()
            other.get_by_text("The name Dee is taken in this class").wait_for(timeout=TIMEOUT_MS)
            other.screenshot(path=str(SCREENSHOTS / "shared_table_name_taken.png"))
            other_page.close()
        cid_page.close()
        dee_page.close()
