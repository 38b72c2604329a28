"""The table in words (issue 43, clause 2): every game's picture has a text alternative made from the
player's observation, which says his hand, the others' hand sizes, what lies on the table and the
scores, changes with every move, and never names a card the player may not see."""

from __future__ import annotations

import html
import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.hexboard.cells import describe_token
from plateau_lab.lab.table_words import card_words, table_words
from plateau_lab.ui.session import TableSession
from plateau_lab.ui.table import PlayTable


def played_states(game: str, players: int, seed: int = 5, most: int = 400):
    """The states of one game of random moves (at most ``most`` of them)."""
    state = game_spec(game).new_game(players, seed=seed)
    chooser = random.Random(seed)
    states = [state]
    while not state.is_over and len(states) < most:
        state = state.apply(chooser.choice(state.legal_actions()))
        states.append(state)
    return states


def cards_in(value, kind) -> set[str]:
    """The text of every card of type ``kind`` anywhere in an observation's value."""
    if isinstance(value, kind):
        return {str(value)}
    if isinstance(value, dict):
        return set().union(*(cards_in(item, kind) for item in value.values())) if value else set()
    if isinstance(value, list | tuple | set | frozenset):
        return set().union(*(cards_in(item, kind) for item in value)) if value else set()
    return set()


def named(words: str, card) -> bool:
    return re.search(rf"(?<![\w+-]){re.escape(card_words(card))}(?![\w+-])", words) is not None


GAMES_AND_PLAYERS = [(game, players) for game in GAME_NAMES
                     for players in sorted({game_spec(game).players[0], game_spec(game).default_players})]


@pytest.mark.parametrize(("game", "players"), GAMES_AND_PLAYERS)
def test_the_words_say_the_seat_the_hand_the_others_and_the_scores(game, players):
    for state in played_states(game, players)[::7]:
        for seat in range(players):
            seen = state.observation(seat)
            words = table_words(seen)
            assert words[0].startswith(f"You are player {seat} of {players}.")
            assert words[-1].startswith("Scores: ") and all(str(score) in words[-1] for score in state.scores)
            if seen["hand"] or any(seen["hand_sizes"]):
                text = "\n".join(words)
                assert all(named(text, card) for card in seen["hand"])
                assert f"Your hand, {len(seen['hand'])} card" in text
            assert not any(re.search(r"\b(None|Card\(|hidden)\b|<|\{", line) for line in words), words


@pytest.mark.parametrize(("game", "players"), GAMES_AND_PLAYERS)
def test_the_words_never_name_a_card_the_player_cannot_see(game, players):
    checked = 0
    for state in played_states(game, players)[::3]:
        hands = [state.observation(seat)["hand"] for seat in range(players)]
        for seat in range(players):
            seen = state.observation(seat)
            # Le Plateau's board names its places after cards (the king of hearts' cell), whoever holds them.
            text = "\n".join(line for line in table_words(seen) if not line.startswith("The board"))
            for other in range(players):
                if other == seat or not hands[other]:
                    continue
                visible = cards_in(seen, type(hands[other][0]))
                for card in hands[other]:
                    if str(card) not in visible:
                        checked += 1
                        assert not named(text, card), f"player {seat} is told of {card}, in player {other}'s hand"
    assert checked or game == "coloretto"


def test_le_plateau_says_the_boards_counters_by_place_the_same_for_every_player():
    states = played_states("le_plateau", 4)
    state = next(state for state in states if len(state.board.counters) >= 3)
    lines = [[line for line in table_words(state.observation(seat)) if line.startswith("The board")]
             for seat in range(4)]
    assert all(said == lines[0] for said in lines) and len(lines[0]) == 2
    declarers, defenders = lines[0]
    counted = 0
    for line, team in ((declarers, 0), (defenders, 1)):
        tokens = [state.board.layout[cell] for cell, owner in state.board.counters.items() if owner == team]
        assert line.endswith("no counters.") if not tokens else f": {len(tokens)} counter" in line, line
        for token in tokens:
            place = describe_token(token) if token[0] not in "TA" or not token[1:].isdigit() else token[1:]
            assert re.search(rf"(?<![\w]){re.escape(place)}(?![\w])", line), (token, line)
        counted += len(tokens)
    assert counted >= 3


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_tables_words_change_with_every_move_of_the_learner(game):
    table = PlayTable(game, seat=0, seed=3, delay=0)
    for _ in range(3):
        if table.state.is_over:
            break
        before = list(table.picture.words)
        if table.session.paused():
            table.next_button.click()
        elif table.moves.children:
            table.moves.children[0].click()
        else:
            table.picture.click(table.picture.legal[0])
            if table.session.picked:
                buttons = table.session.buttons()
                table.play(buttons[0]) if buttons else table.picture.click(
                    next(name for name in table.picture.legal if name not in table.session.picked))
        assert table.picture.words != before
        assert table.picture.words == list(table_words(table.state.observation(table.seat)))


def test_a_screen_passed_on_says_no_hand():
    session = TableSession(game_spec("syndicate").new_game(3, seed=7), humans={0, 1}, delay=0)
    session.click("card Battle")
    session.play(session.buttons()[0])
    assert session.passing() == 1
    assert session.words() == ("Every hand is face down while the screen goes to player 1.",)
    assert session.target_labels() == {}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_target_has_a_name_in_words_and_a_typed_move_plays(game):
    table = PlayTable(game, seat=0, seed=4, delay=0)
    while not table.picture.legal and table.moves.children:
        table.moves.children[0].click()
    labels = table.picture.labels
    assert set(table.picture.legal) <= set(labels)
    for target in table.picture.legal:
        assert labels[target] and not re.search(r"Card\(|None", labels[target])
    session = table.session
    move = table.state.legal_actions()[-1]
    said = session._said(move)
    moves_before = len(table.state.history)
    table.typed.value = said.upper() + "."
    assert len(table.state.history) > moves_before, (said, table.session.note)
    assert table.state.history[moves_before] == move
    assert table.typed.value == ""


def test_a_typed_move_the_engine_refuses_is_said_back():
    table = PlayTable("oh_hell", seat=1, seed=1, delay=0)
    table.typed.value = "play the 2 of clubs"
    assert table.session.note.error and "bids before the first card" in table.session.note.text
    assert table.picture.announcement["text"].startswith("Not allowed (bidding before play)")
    table.typed.value = "play a banana"
    assert table.session.note.error and "banana" in table.session.note.text
    assert "banana" in table.picture.announcement["text"]


@pytest.mark.parametrize("game", ["oh_hell", "le_plateau"])
def test_the_analysis_board_and_its_puzzles_have_words_and_named_targets(game):
    from plateau_lab.lab.game_analysis import Puzzle, analyse_game
    from plateau_lab.ui.analysis_board import AnalysisBoard

    states = played_states(game, game_spec(game).default_players, seed=2)
    found = analyse_game(states, 0, budget=8, seed=1, graph_playouts=6)
    board = AnalysisBoard(found, 0)
    board.go(3)
    assert board.picture.words[:len(table_words(states[3].observation(0)))] == list(table_words(states[3].observation(0)))
    assert any(line.startswith("Player 1's hand, shown now the game is over") for line in board.picture.words)
    assert board.picture.title == "The game after move 3"
    assert board.graph.labels["position 3"] == "go to move 3"
    move = found.decisions()[0]
    board.puzzles = [Puzzle(move.decision, found.states[move.number - 2] if move.number > 1 else None)]
    board.start_puzzles()
    position = board.puzzle.position
    assert board.puzzle_picture.words == list(table_words(position.observation(0)))
    assert set(board.puzzle_picture.legal) <= set(board.puzzle_picture.labels)
    board.try_move(position.legal_actions()[0])
    assert board.puzzle_picture.announcement["serial"] == 1 and board.puzzle_picture.announcement["text"]


async def ann_at_a_shared_table():
    """The service on a free port and Ann's page at a table of Oh Hell for 3 she opened there:
    (service, server, address, Ann's table)."""
    from classroom.harness import a_service

    from plateau_lab.ui.shared_table import SharedTable

    service, server, url = await a_service()
    ann = SharedTable(url, name="Ann")
    ann.game.value, ann.players.value = "oh_hell", 3
    ann.open_button.click()
    await ann.settled()
    return service, server, url, ann


def test_a_shared_table_says_the_moves_made_since_and_its_refusals():
    import asyncio

    async def scene():
        service, server, url, ann = await ann_at_a_shared_table()
        assert ann.picture.title == "The table as you see it"
        for _ in range(4000):
            if ann.picture.announcement["serial"]:
                break
            await asyncio.sleep(0.005)
        if ann.picture.legal:
            ann.picture.click(ann.picture.legal[0])
        else:
            ann.moves.children[0].click()
        await ann.settled()
        for _ in range(4000):
            if "You " in ann.picture.announcement["text"]:
                break
            await asyncio.sleep(0.005)
        assert "You " in ann.picture.announcement["text"], ann.picture.announcement
        said = ann.picture.announcement["serial"]
        ann.picture.click("card nothing")
        await ann.settled()
        assert ann.message.value, "the click on no card is refused in words"
        assert ann.picture.announcement["serial"] > said
        assert ann.picture.announcement["text"] in html.unescape(re.sub(r"<[^>]*>", "", ann.message.value))
        await ann.client.close()
        server.stop()

    asyncio.run(scene())


def test_a_shared_tables_picture_has_the_words_of_its_own_seat_updated_with_every_move():
    """The service sends each seat the words of its own view, made as a play table's are; the page
    shows them with the same box, and every target has its name in words."""
    import asyncio

    from plateau_lab.ui.shared_table import SharedTable

    async def scene():
        service, server, url, ann = await ann_at_a_shared_table()
        bob = SharedTable(url, name="Bob")
        bob.join_code.value = ann.code
        bob.join_button.click()
        await bob.settled()

        async def until(condition):
            for _ in range(4000):
                if condition():
                    return True
                await asyncio.sleep(0.005)
            return False

        def words_now(table):
            return list(table_words(service.tables.state(table.code).observation(table.seat)))

        def mover():
            return next((table for table in (ann, bob) if table.picture.legal or table.moves.children), None)

        assert await until(mover), "neither learner is ever to act"
        for table in (ann, bob):
            assert await until(lambda: table.picture.words == words_now(table)), (table.seat, table.picture.words)
        assert ann.picture.words != bob.picture.words
        acting = mover()
        assert all(target in acting.picture.labels for target in acting.picture.legal)
        assert not acting.picture.words_shown
        acting.words_box.value = True
        assert acting.picture.words_shown
        before = acting.picture.words
        if acting.picture.legal:
            acting.picture.click(acting.picture.legal[0])
        else:
            acting.moves.children[0].click()
        await acting.settled()
        for table in (ann, bob):
            assert await until(lambda: table.picture.words == words_now(table)), (table.seat, table.picture.words)
        assert acting.picture.words != before
        for table in (ann, bob):
            await table.client.close()
        server.stop()

    asyncio.run(scene())


def test_the_typed_move_box_offers_a_move_of_the_moment_and_an_empty_box_says_what_to_type():
    table = PlayTable("oh_hell", seat=1, seed=1, delay=0)
    assert table.typed.placeholder == "such as: bid 9 tricks"
    table.typed_button.click()
    assert table.session.note.error and table.session.note.text == "Type a move first, such as “bid 9 tricks”."
    assert table.picture.announcement["text"] == table.session.note.text
    moves = len(table.state.history)
    table.typed.value = "bid 1 trick"
    assert len(table.state.history) > moves and table.typed.value == ""
