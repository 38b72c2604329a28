"""A class's own game of rows (described with the kit's RowGame, in the file the teacher gives the
service; docs/kit.md, "The class's own games at the shared tables") at the shared tables (issue 42,
clause 2): opened, joined, played by clicks on the supply and the rows to the end with bots in the
empty seats, rebuilt after a restart; a move the rules forbid is refused naming the rule; the
supply's order never reaches a seat; the service started with the file offers and opens the game."""

from __future__ import annotations

import asyncio
import random

import pytest

from plateau_lab.classroom.class_games import load_class_games
from plateau_lab.classroom.client import TableClient
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import LOG_LINES, Refused, SharedTables
from plateau_lab.core import game_spec
from plateau_lab.core.imagining import model_of, remembered_observations
from plateau_lab.core.table_words import table_words

from .harness import start_service, stop
from .test_tables import act, play_to_the_end

CLASS_ROWS = '''
from plateau_lab.kit import RowGame, define

define(RowGame(name="class_rows", title="Class Rows", players=range(2, 5), colours=["red", "blue", "green", "white"],
               per_colour=6, plus_twos=4, jokers=2, row_capacity=2, end_card_depth=5, points=(1, 3, 6, 10),
               plus_colours=2))
'''


@pytest.fixture
def games_file(tmp_path):
    path = tmp_path / "class_rows.py"
    path.write_text(CLASS_ROWS)
    return path


def test_a_class_game_of_rows_is_played_at_a_shared_table_to_its_end(games_file, tmp_path):
    assert "class_rows" in load_class_games([games_file])
    tables = SharedTables(Store(tmp_path / "class.sqlite"))
    ann = tables.open_table("class_rows", 3, {}, "Ann", seed=5)
    bob = tables.join(ann.code, "Bob")
    assert [seat["plays"] for seat in tables.view(ann.code, 0)["seats"]] == ["you", "learner", "bot"]
    moves = play_to_the_end(tables, [ann, bob], random.Random(1))
    state = tables.state(ann.code)
    assert state.is_over and moves == len(state.history) and state.round_number > 1
    again = SharedTables(Store(tmp_path / "class.sqlite"))            # a restart rebuilds it from its moves
    assert again.state(ann.code) == state and not again.set_aside


def test_a_move_the_rules_forbid_is_refused_naming_the_rule(games_file):
    load_class_games([games_file])
    tables = SharedTables(Store(":memory:"))
    ann = tables.open_table("class_rows", 2, {}, "Ann", seed=3)
    bob = tables.join(ann.code, "Bob")
    mover = ann if tables.state(ann.code).current_player == 0 else bob
    tables.click(ann.code, mover.token, "supply")
    state = tables.state(ann.code)
    assert state.drawn is not None
    assert set(tables.view(ann.code, mover.seat)["targets"]) == {"row 1", "row 2"}
    with pytest.raises(Refused, match="draw and place a card"):
        tables.move(ann.code, mover.token, "take row 1")
    assert tables.state(ann.code) == state


def test_the_supplys_order_never_reaches_a_seat(games_file):
    """At every step, for every seat, the picture, its words and the moves the service sends are the
    same whatever the order of the supply (the expert's imagined supplies, which keep all else)."""
    load_class_games([games_file])
    tables = SharedTables(Store(":memory:"))
    rng = random.Random(2)
    ann = tables.open_table("class_rows", 3, {}, "Ann", seed=8)
    view_of = game_spec("class_rows").table_view()
    steps = 0
    while not tables.state(ann.code).is_over:
        state = tables.state(ann.code)
        for seat in range(3):
            sent = tables.view(ann.code, seat)
            world = model_of(state).redeal(state, seat, remembered_observations(state, seat), rng)
            assert sent["picture"] == view_of.picture(state, seat, tables._tables[ann.code].before).svg()
            assert view_of.picture(world, seat, None).svg() == view_of.picture(state, seat, None).svg()
            assert sent["words"] == list(table_words(world.observation(seat), tables.names(ann.code)))
            assert sent["log"] == list(state.log[-LOG_LINES:]), "a line naming no hidden card was left out"
            assert [str(action) for action in world.legal_actions()] == [str(action) for action in state.legal_actions()]
        steps += 1
        if not tables.play_bot(ann.code):
            assert act(tables, ann, rng)
    assert steps > 20


def test_a_service_started_with_the_file_offers_and_opens_the_game_of_rows(games_file, tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--games", str(games_file))

    async def scene():
        client = TableClient(url, timeout=60, reconnect=False)
        await client.connect()
        offered = {game["game"]: game for game in (await client.games())["games"]}
        assert offered["class_rows"]["title"] == "Class Rows" and offered["class_rows"]["players"] == [2, 3, 4]
        opened = await client.open("class_rows", 3, "Ann")
        assert opened["type"] == "seated" and opened["view"]["game"] == "Class Rows"
        assert "supply" in opened["view"]["picture"]
        await client.close()

    try:
        asyncio.run(scene())
    finally:
        stop(process)
