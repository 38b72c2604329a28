"""The learner's shared table (plateau_lab.ui.shared_table.SharedTable), driven from Python as a page
drives it (button clicks, picture clicks), against the shared tables' service running on the same
event loop, as a kernel's would: open, join, play a trick, see each other's moves, come back with
the seat's key, and clear words when the service is missing or refuses."""

from __future__ import annotations

import asyncio
import datetime
import html
import json
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from plateau_lab.classroom.service import Service, make_app
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import SharedTables
from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.ui.shared_table import ELSEWHERE, LOST, NO_SERVICE, SERVICE_VARIABLE, SharedTable, short_options

from classroom.harness import a_service
from shared_pages import act, one_click_game, said, seated, until

def card_targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="(card [^"]*)"', svg))


def hand(service: Service, code: str, seat: int) -> set[str]:
    return {f"card {card}" for card in service.tables.state(code).hands[seat]}


def test_two_learners_open_join_and_play_a_trick_each_seeing_only_their_own_cards():
    """In the first registered game of tricks whose every move is one click or a button, at its fewest players."""
    async def scene():
        service, server, url = await a_service()
        ann, bob = SharedTable(url, name="Ann"), SharedTable(url)
        game = one_click_game(lambda state: hasattr(state, "finished_tricks"))      # a game of tricks
        ann.game.value, ann.players.value = game, game_spec(game).players[0]
        await seated(ann, ann.open_button)
        assert ann.code in ann.code_banner.value and ann.key in ann.key_note.value
        assert ann.start_panel.layout.display == "none" and ann.table_panel.layout.display == ""
        bob.name.value, bob.join_code.value = "Bob", ann.code.lower()
        await seated(bob, bob.join_button)
        assert (ann.seat, bob.seat, bob.code) == (0, 1, ann.code) and bob.key != ann.key
        await until(lambda: "Bob" in ann.seats.value, "Ann's table shows Bob at his seat")
        assert "Ann (you)" in ann.seats.value and "a bot" in ann.seats.value

        tables = {0: ann, 1: bob}
        code, moves_seen = ann.code, []
        state = service.tables.state
        while not state(code).finished_tricks:
            for seat, table in tables.items():
                shown = card_targets(table.picture.svg)
                assert shown == hand(service, code, seat), f"seat {seat} sees a card that is not its own"
                assert not shown & hand(service, code, 1 - seat)
            mover = state(code).current_player
            if mover not in tables:
                await until(lambda: service.tables.state(code).current_player in tables or
                            state(code).finished_tricks, "the bot moves")
                continue
            other = tables[1 - mover]
            before = len(state(code).history)
            await act(tables[mover])
            if len(state(code).history) > before:
                await until(lambda: other.view["moves"] >= before + 1, "the move shows at the other seat")
                moves_seen.append(other.view["moves"])
        assert moves_seen, "no learner's move was seen by the other"
        await until(lambda: ann.view["moves"] == bob.view["moves"] == len(state(code).history),
                    "both tables show the game as it stands")
        assert any("wins the trick" in line or "takes the trick" in line for line in ann.view["log"]), ann.view["log"]
        for table in (ann, bob):
            await table.client.close()
        server.stop()

    asyncio.run(scene())


def test_a_learner_who_closed_the_page_comes_back_with_the_code_and_the_seats_key():
    async def scene():
        service, server, url = await a_service()
        ann = SharedTable(url, name="Ann")
        ann.game.value = GAME_NAMES[0]
        await seated(ann, ann.open_button)
        code, key = ann.code, ann.key
        await ann.client.close()                           # the page is closed
        await until(lambda: service.tables.view(code, None)["seats"][0]["plays"] == "leaving", "the countdown starts")
        again = SharedTable(url)
        again.back_code.value, again.back_key.value = code.lower(), key
        await seated(again, again.back_button)
        assert (again.code, again.seat, again.key) == (code, 0, key)
        assert "Ann (you)" in again.seats.value
        await until(lambda: again.view["moves"] == len(service.tables.state(code).history), "the game as it stands")
        assert again.picture.svg == service.tables.view(code, 0)["picture"]
        wrong = SharedTable(url)
        wrong.back_code.value, wrong.back_key.value = code, "x" * 43
        wrong.back_button.click()
        await wrong.settled()
        assert wrong.code is None and "not the key of a seat" in said(wrong)
        await again.client.close()
        await wrong.client.close()
        server.stop()

    asyncio.run(scene())


def test_leaving_the_seat_fills_in_how_to_come_back():
    async def scene():
        service, server, url = await a_service()
        ann = SharedTable(url, name="Ann")
        await seated(ann, ann.open_button)
        code, key = ann.code, ann.key
        ann.leave_button.click()
        await ann.settled()
        assert ann.code is None and ann.start_panel.layout.display == ""
        assert (ann.back_code.value, ann.back_key.value) == (code, key)
        assert "You left the seat" in said(ann)
        await seated(ann, ann.back_button)
        assert ann.code == code and service.tables.view(code, None)["seats"][0]["plays"] == "learner"
        await ann.client.close()
        server.stop()

    asyncio.run(scene())


def test_a_lost_connection_is_said_and_comes_back_by_itself_showing_the_moves_made_meanwhile():
    async def scene():
        service, server, url = await a_service()
        port = int(url.split(":")[2].split("/")[0])
        ann = SharedTable(url, name="Ann")
        ann.game.value = GAME_NAMES[0]
        await seated(ann, ann.open_button)
        client, before = ann.client, ann.view["moves"]
        said_meanwhile = []
        client.on_connection = lambda text: (said_meanwhile.append(text), ann._connection_changed(text))
        server.stop()                                          # the service goes away: nothing listens
        for page in list(service.connections[ann.code]):
            page.close()
        await until(lambda: LOST in said(ann), "the table says the connection was lost")
        service.tables.grace = 0                               # Ann's page is away: a bot plays for her
        service.tick()
        service.tables.play_bots(ann.code, most=3)
        missed = service.tables.view(ann.code, 0)["moves"]
        assert missed > before
        again = HTTPServer(make_app(service))                  # the service is back on the same port
        again.add_sockets(bind_sockets(port, address="127.0.0.1"))
        await until(lambda: client.reconnections == 1 and ann.view["moves"] >= missed and LOST not in said(ann),
                    "the table came back by itself")
        assert ann.client is client and said_meanwhile == [LOST, ""]       # no click was needed
        assert ann.view["seats"][0]["plays"] == "you"                      # back at the seat, from the bot
        await client.close()
        again.stop()

    asyncio.run(scene())


def test_refusals_and_missing_fields_are_said_in_words():
    async def scene():
        service, server, url = await a_service()
        table = SharedTable(url)
        table.open_button.click()
        await table.settled()
        assert "Write your name first" in said(table) and table.code is None     # the page only asked for the games
        table.name.value = "Ann"
        table.join_button.click()
        await table.settled()
        assert "Write the table's code first" in said(table)
        table.join_code.value = "BCDFG"
        table.join_button.click()
        await table.settled()
        assert "There is no table" in said(table) and table.code is None
        table.name.value = "Ann <script>"
        table.open_button.click()
        await table.settled()
        assert "is a name of 1 to 40 letters" in said(table) and "<script>" not in said(table)
        table.picture.click("card 7H")
        await table.settled()
        assert "Open or join a table first" in said(table)
        await table.client.close()
        server.stop()

    asyncio.run(scene())


def test_without_the_classroom_server_the_table_says_so_and_never_hangs(monkeypatch):
    monkeypatch.delenv(SERVICE_VARIABLE, raising=False)
    table = SharedTable(name="Ann")
    assert table.url is None and NO_SERVICE in said(table)

    def without_an_event_loop():
        table.open_button.click()               # no event loop, no service: words, no error
        assert NO_SERVICE in said(table) and not table._pending
    with ThreadPoolExecutor(1) as thread:
        thread.submit(without_an_event_loop).result()

    async def scene():
        table.join_code.value = "BCDFG"
        table.join_button.click()
        await table.settled()
        assert NO_SERVICE in said(table) and table.code is None

        with_socket_closed = bind_sockets(0, address="127.0.0.1")      # a port where nothing listens
        port = with_socket_closed[0].getsockname()[1]
        with_socket_closed[0].close()
        nowhere = SharedTable(f"ws://127.0.0.1:{port}/tables", name="Ann")
        nowhere.open_button.click()
        await nowhere.settled()
        assert f"{NO_SERVICE} It cannot be reached at ws://127.0.0.1:{port}/tables: nothing answers there." == said(nowhere)
        assert nowhere.code is None

    asyncio.run(scene())


def test_without_the_classroom_server_a_learner_reads_where_to_play_and_finds_nothing_to_click(monkeypatch):
    """JupyterLab alone, nbval, the static site: no form that cannot work, only where shared tables are
    played, what to do here instead (play at one screen) and the teacher's line; a click made all the
    same (from Python: nothing shows a button) leaves the same words, not an error."""
    monkeypatch.delenv(SERVICE_VARIABLE, raising=False)
    table = SharedTable(name="Ann")
    assert table.children == (table.message,)
    assert said(table) == f"{ELSEWHERE}For your teacher: {NO_SERVICE}"
    assert "make classroom" in said(table) and "play at one screen" in said(table)
    calm = table.message.value
    assert "#b00020" not in calm                 # not in the red of an error

    async def scene():
        table.join_code.value = "BCDFG"
        table.join_button.click()
        await table.settled()
        assert table.message.value == calm and table.code is None
    asyncio.run(scene())


#: The static site's Python has no tornado: the shared table and the lesson cell, made there.
WITHOUT_TORNADO = """import json, os, sys
sys.modules['tornado'] = None
os.environ.pop('PLATEAU_CLASSROOM_URL', None)
from plateau_lab.ui.class_lesson import ClassLesson
from plateau_lab.ui.shared_table import SharedTable
table, lesson = SharedTable(), ClassLesson()
print(json.dumps({"table": len(table.children), "lesson": len(lesson.children)}))
"""


def test_without_tornado_as_in_the_static_site_both_cells_show_their_words():
    finished = subprocess.run([sys.executable, "-c", WITHOUT_TORNADO], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert json.loads(finished.stdout) == {"table": 1, "lesson": 1}


def test_the_environment_names_the_service(monkeypatch):
    monkeypatch.setenv(SERVICE_VARIABLE, "ws://127.0.0.1:8867/tables")
    table = SharedTable()
    assert table.url == "ws://127.0.0.1:8867/tables" and table.message.value == ""
    with pytest.raises(ValueError, match="starts with ws://"):
        asyncio.run(SharedTable("http://127.0.0.1:8867/tables", name="Ann")._client())


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_short_game_of_every_game_opens_for_the_players_the_panel_offers(game):
    tables = SharedTables(Store(":memory:"))
    panel = SharedTable(url=None)
    panel.game.value = game
    for players in panel.players.options:
        seating = tables.open_table(game, players, short_options(game, players), f"Learner {players}", seed=1)
        assert tables.view(seating.code, 0)["seats"][0]["plays"] == "you"


def test_the_class_games_cell_reads_the_teachers_download_and_says_what_the_games_support():
    from plateau_lab.classroom.teacher import finished_games
    from plateau_lab.ui.shared_table import ClassGames

    game = next(name for name in GAME_NAMES if 3 in game_spec(name).players)      # the first game for 3
    tables = SharedTables(Store(":memory:"))
    for seed in range(6):
        seating = tables.open_table(game, 3, short_options(game, 3), f"Learner {seed}", seed=seed)
        tables.free_seat(seating.code, 0)
        tables.play_bots(seating.code)
    cell = ClassGames()
    cell.upload.value = ({"name": "class_games.json", "type": "application/json", "size": 1,
                          "content": memoryview(finished_games(tables).encode()),
                          "last_modified": datetime.datetime(2026, 12, 7, tzinfo=datetime.timezone.utc)},)
    text = html.unescape(re.sub(r"<[^>]*>", " ", cell.message.value))
    assert "6 finished games read." in text
    assert "In your 6 games of 3 players, the player who started won" in text and "a fair share is 33%" in text
    assert "Too few games to tell" in text                  # six games settle nothing, and the cell says so
    cell.read("[1]".encode())
    assert "cannot be read as the class's games: saved game 0" in html.unescape(cell.message.value)


def test_a_seat_the_teacher_frees_sends_its_learner_back_to_the_start_panel_with_the_reason():
    async def scene():
        service, server, url = await a_service()
        ann = SharedTable(url, name="Ann")
        await seated(ann, ann.open_button)
        service.handle_teacher(json.dumps({"type": "free_seat", "code": ann.code, "seat": 0}))
        await until(lambda: ann.code is None, "the page heard its seat was freed")
        assert ann.start_panel.layout.display == "" and ann.table_panel.layout.display == "none"
        assert "Your teacher freed your seat at table" in said(ann) and ann.client.token is None
        await ann.client.close()
        server.stop()

    asyncio.run(scene())
