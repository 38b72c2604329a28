"""The class's own games (described with plateau_lab.kit, in a file the teacher gives the service)
at the shared tables: opened, joined, played by clicks to the end with bots in the empty seats,
hidden cards kept hidden, rebuilt after a restart; a table whose game the service was not given
is set aside in words; a file with a mistake stops the service with a sentence naming it."""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import textwrap

import pytest

from plateau_lab.classroom.class_games import ClassGamesError, load_class_games
from plateau_lab.classroom.client import TableClient
from plateau_lab.classroom.protocol import respond
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import Refused, SharedTables
from plateau_lab.classroom.teacher import read_position
from plateau_lab.classroom.teacher_page import teacher_page
from plateau_lab.core import GAME_NAMES, game_module, game_spec
from plateau_lab.core.registry import game_names
from plateau_lab.ui.shared_table import SharedTable

from .harness import start_service, stop
from .test_hidden_cards import check_view, seen_now
from .test_tables import act, play_to_the_end

CLASS_GAMES = '''
from plateau_lab.kit import TrickGame, define
import plateau_lab.kit.examples          # Oh Hell's and Wimmüln's rounds, written with the kit


def lowest_unless_trumped(trick, table):
    trumps = [(player, card) for player, card in trick if card.suit == table.trumps]
    if trumps:
        return max(trumps, key=lambda played: played[1].strength)[0]
    followed = [(player, card) for player, card in trick if card.suit == table.led]
    return min(followed, key=lambda played: played[1].strength)[0]


define(TrickGame(name="class_tricks", title="Class Tricks", players=range(3, 5), suits="CDSH",
                 ranks="7 8 9 10 J Q K A", hand_size=6, trumps="turned up", trick_winner=lowest_unless_trumped,
                 rules={"trick_winner": "The highest trump wins; else the lowest card of the suit led."}))
'''


@pytest.fixture
def games_file(tmp_path):
    path = tmp_path / "class_games.py"
    path.write_text(CLASS_GAMES)
    return path


def test_the_teachers_file_defines_the_classs_games(games_file):
    assert "class_tricks" in load_class_games([games_file])
    assert game_spec("class_tricks").title == "Class Tricks"


def test_a_class_game_is_played_at_a_shared_table_to_its_end(games_file, tmp_path):
    load_class_games([games_file])
    tables = SharedTables(Store(tmp_path / "class.sqlite"))
    ann = tables.open_table("class_tricks", 3, {}, "Ann", seed=5)
    bob = tables.join(ann.code, "Bob")
    assert [seat["plays"] for seat in tables.view(ann.code, 0)["seats"]] == ["you", "learner", "bot"]
    tables.move(ann.code, ann.token, str(tables.state(ann.code).legal_actions()[0])) \
        if tables.state(ann.code).current_player == 0 else tables.play_bot(ann.code)
    onlooker = tables.view(ann.code, None)["words"]
    assert onlooker[0].startswith("You are watching a table of 3") and "Ann holds" in onlooker[1], onlooker
    moves = play_to_the_end(tables, [ann, bob], random.Random(1))
    assert tables.state(ann.code).is_over and moves == len(tables.state(ann.code).history)
    again = SharedTables(Store(tmp_path / "class.sqlite"))            # a restart rebuilds it from its moves
    assert again.state(ann.code) == tables.state(ann.code) and not again.set_aside


def test_a_move_the_rules_forbid_is_refused_naming_the_rule(games_file):
    load_class_games([games_file])
    tables = SharedTables(Store(":memory:"))
    for seed in range(100):                  # the first deal where player 0 must follow a suit and could not
        ann = tables.open_table("class_tricks", 3, {}, "Ann", seed=seed)
        while tables.play_bot(ann.code):
            pass
        state = tables.state(ann.code)
        suits = {card.suit for card in state.hands[0]}
        if state.trick and state.trick[0][1].suit in suits and len(suits) > 1:
            break
        tables.end(ann.code)
    led = state.trick[0][1].suit
    off = [card for card in state.hands[0] if card.suit != led]
    with pytest.raises(Refused, match="follow the suit led"):
        tables.move(ann.code, ann.token, f"play {off[0]}")
    assert tables.state(ann.code) == state


def learners_move_watched(tables, ann, bob, rng, pictures_until: int, most_steps: int = 10_000):
    """Ann (seat 0) and Bob at a table of ``tables`` move by random clicks, bots play the rest, to
    the game's end (or ``most_steps`` steps); before each step every seat's view is checked for
    hidden cards (its picture too, every sixth step below ``pictures_until``). Yields (the state
    before, the state after) each learner's move."""
    code = ann.code
    players = tables.state(code).players
    seen, setup_lines = [set() for _ in range(players)], len(tables.state(code).log)
    for step in range(most_steps):
        state = tables.state(code)
        if state.is_over:
            return
        for seat in range(players):
            seen[seat] |= seen_now(state, seat)
            check_view(tables, code, seat, rng, step % 6 == 0 and step < pictures_until, seen[seat], setup_lines)
        if not tables.play_bot(code):
            assert act(tables, ann if state.current_player == 0 else bob, rng)
            yield state, tables.state(code)


def test_wimmulns_crosses_are_laid_by_clicks_and_stay_hidden_at_a_shared_table(games_file):
    load_class_games([games_file])
    tables = SharedTables(Store(":memory:"))
    rng = random.Random(4)
    ann = tables.open_table("kit_wimmuln", 4, {}, "Ann", seed=13)
    bob = tables.join(ann.code, "Bob")
    laid = sum(before.phase == "bid" for before, _ in learners_move_watched(tables, ann, bob, rng, 60))
    assert tables.state(ann.code).is_over
    assert laid >= 2, "a learner laid a cross by clicks"
    assert all(isinstance(bid, tuple) and len(bid) == 2 for bid in tables.state(ann.code).bids)


def test_a_game_of_turns_is_led_with_a_card_face_down_by_clicks_and_it_stays_hidden_at_a_shared_table(games_file,
                                                                                                      tmp_path):
    """Schemes, The Syndicate's shape written with the kit, at a shared table: a learner's lead with
    a card face down is made by clicks, the card is hidden from the others until it is turned up, and
    the table is rebuilt after a restart."""
    load_class_games([games_file])
    tables = SharedTables(Store(tmp_path / "class.sqlite"))
    rng = random.Random(2)
    ann = tables.open_table("kit_schemes", 3, {}, "Ann", seed=1)
    bob = tables.join(ann.code, "Bob")
    face_down_leads = sum(after.face_down is not None
                          for _, after in learners_move_watched(tables, ann, bob, rng, 90, most_steps=400))
    assert tables.state(ann.code).is_over and face_down_leads >= 1, face_down_leads
    again = SharedTables(Store(tmp_path / "class.sqlite"))
    assert again.state(ann.code) == tables.state(ann.code)


def test_a_table_whose_game_the_service_was_not_given_is_set_aside_in_words(games_file, tmp_path):
    load_class_games([games_file])
    database = tmp_path / "class.sqlite"
    tables = SharedTables(Store(database))
    tables.open_table("class_tricks", 3, {}, "Ann", seed=5)
    tables.open_table("oh_hell", 3, {}, "Bob", seed=5)
    script = textwrap.dedent(f"""
        from plateau_lab.classroom.store import Store
        from plateau_lab.classroom.tables import SharedTables
        tables = SharedTables(Store({str(database)!r}))
        print(len(tables.codes()), *tables.set_aside.values(), sep="\\n")
    """)
    told = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert told.splitlines()[0] == "1"        # the Oh Hell table plays on
    assert ("it cannot be replayed (its game 'class_tricks' is not loaded: start the service with --games and the "
            "file of class games that defines it)") in told
    given = subprocess.run([sys.executable, "-c", f"import runpy; runpy.run_path({str(games_file)!r})\n" + script],
                           capture_output=True, text=True, check=True).stdout
    assert given.splitlines() == ["2"], "given the file again, the class's table plays on: it was not ended"


def test_a_file_with_a_mistake_stops_the_service_with_a_sentence(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("from plateau_lab.kit import TrickGame, define\n"
                      "define(TrickGame('our_game', 'Ours', players=3, suits='CD', ranks='1 2 3', hand_size=2,\n"
                      "                 trick_winner=lambda trick: 0))\n")
    with pytest.raises(ClassGamesError, match="trick_winner must take 2 values"):
        load_class_games([broken])
    ran = subprocess.run([sys.executable, "-m", "plateau_lab.classroom", "--port", "0", "--database",
                          str(tmp_path / "class.sqlite"), "--games", str(broken)], capture_output=True, text=True,
                         timeout=120)
    assert ran.returncode != 0
    assert ran.stderr.strip().splitlines()[-1] == (
        "The class's games in broken.py cannot be played: the description's trick_winner: trick_winner must take "
        "2 values: trick_winner(trick, table) -> the player who wins the trick, or several players; it takes (trick).")
    (tmp_path / "empty.py").write_text("x = 1\n")
    with pytest.raises(ClassGamesError, match="empty.py defines no game"):
        load_class_games([tmp_path / "empty.py"])


def test_a_service_started_with_the_file_lets_a_learners_page_open_its_game(games_file, tmp_path):
    process, url = start_service(tmp_path / "class.sqlite", "--games", str(games_file))

    async def scene():
        client = TableClient(url, timeout=60, reconnect=False)
        await client.connect()
        opened = await client.open("class_tricks", 3, "Ann")
        assert opened["type"] == "seated" and opened["view"]["game"] == "Class Tricks"
        offered = {game["game"]: game for game in (await client.games())["games"]}
        assert list(offered)[:len(GAME_NAMES)] == list(GAME_NAMES)       # the package's, then the class's
        assert offered["class_tricks"] == {"game": "class_tricks", "title": "Class Tricks", "players": [3, 4],
                                           "default_players": 3, "short": {"3": {}, "4": {}}}
        assert "somebody_elses_game" not in offered
        refused = await client.open("somebody_elses_game", 3, "Bea")
        assert refused["type"] == "refused" and "There is no game called 'somebody_elses_game' here" in refused["reason"]
        await client.close()

    try:
        asyncio.run(scene())
    finally:
        stop(process)


def test_a_learners_page_lists_the_games_of_the_service_it_does_not_define_itself(tmp_path):
    games_file = tmp_path / "service_only.py"
    games_file.write_text(CLASS_GAMES.replace('"class_tricks", title="Class Tricks"',
                                              '"service_only_tricks", title="Service-only Tricks"'))
    process, url = start_service(tmp_path / "class.sqlite", "--games", str(games_file))

    async def scene():
        table = SharedTable(url, name="Ann")
        await table.settled()
        assert "service_only_tricks" not in game_names()              # this page's notebook does not define it
        assert ("Service-only Tricks", "service_only_tricks") in table.game.options
        table.game.value = "service_only_tricks"
        assert list(table.players.options) == [3, 4]
        table.open_button.click()
        await table.settled()
        assert table.view["game"] == "Service-only Tricks" and table.seat == 0
        await table.client.close()

    try:
        asyncio.run(scene())
    finally:
        stop(process)


def test_the_service_says_which_games_it_plays_in_plain_data(games_file):
    load_class_games([games_file])
    answer = respond(SharedTables(Store(":memory:")), '{"type": "games", "id": 2}').answer
    assert answer["type"] == "games" and answer["id"] == 2
    offered = {game["game"]: game for game in answer["games"]}
    assert {"class_tricks", *GAME_NAMES} <= set(offered)
    assert offered["oh_hell"]["players"] == [3, 4, 5, 6, 7] and offered["oh_hell"]["short"]["3"] == {"tricks": 8}
    assert json.loads(json.dumps(answer)) == answer                  # data only: no code reaches a page


def test_the_teachers_page_offers_the_classs_games_for_a_scenario(games_file):
    load_class_games([games_file])
    assert '<option value="class_tricks">Class Tricks (a scenario)</option>' in teacher_page()
    game = game_module("class_tricks")
    scenario = game.scenario_text(game.new_game(3, seed=2))
    assert read_position("class_tricks", scenario) == game.scenario(scenario, seed=0)
