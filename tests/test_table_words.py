"""The table in words (issue 43, clause 2): every game's picture has a text alternative made from the
player's observation, which says his hand, the others' hand sizes, what lies on the table and the
scores, changes with every move, and never names a card the player may not see."""

from __future__ import annotations

import html
import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.table_words import card_words, onlooker_words, table_words
from plateau_lab.ui.session import TableSession
from plateau_lab.ui.table import PlayTable

from shared_pages import one_click_game


def played_states(game: str, players: int, seed: int = 5, most: int = 400, **options):
    """The states of one game of random moves (at most ``most`` of them), ``options`` its rules changed."""
    state = game_spec(game).new_game(players, seed=seed, **options)
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
    checked, held = 0, False
    for state in played_states(game, players)[::3]:
        hands = [state.observation(seat)["hand"] for seat in range(players)]
        for seat in range(players):
            seen = state.observation(seat)
            # A board may name its places after cards (the king of hearts' cell), whoever holds them.
            text = "\n".join(line for line in table_words(seen) if not line.startswith("The board"))
            for other in range(players):
                if other == seat or not hands[other]:
                    continue
                held = True
                visible = cards_in(seen, type(hands[other][0]))
                for card in hands[other]:
                    if str(card) not in visible:
                        checked += 1
                        assert not named(text, card), f"player {seat} is told of {card}, in player {other}'s hand"
    assert checked or not held, "a game with hands hid no card of them"


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


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_screen_passed_on_says_no_hand(game):
    """Two learners share the screen: once the first has moved and it goes to the second, no hand is said."""
    players, variant = game_spec(game).short
    session = TableSession(game_spec(game).new_game(players, seed=7, **variant), humans={0, 1}, delay=0)
    rng = random.Random(7)
    while session.passing() is None and not session.state.is_over:
        targets, buttons = session.legal_targets(), session.buttons()
        assert targets or buttons or session.paused(), "nothing to click, press or go on with"
        if session.paused():
            session.next()
        else:
            session.click(rng.choice(targets)) if targets else session.play(rng.choice(buttons))
    assert session.passing() is not None, "the screen never went to the other learner"
    words = session.words()
    assert words[0] == f"Every hand is face down while the screen goes to player {session.passing()}."
    assert words[1:] == onlooker_words(session.state)[1:] and words[-1].startswith("Scores:")
    assert not [line for line in words if "hand," in line or line.startswith("You are")], "a hand is said"
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


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_analysis_board_and_its_puzzles_have_words_and_named_targets(game):
    from plateau_lab.lab.game_analysis import Puzzle, analyse_game
    from plateau_lab.ui.analysis_board import AnalysisBoard

    players, variant = game_spec(game).short
    states = played_states(game, players, seed=2, **variant)
    assert states[-1].is_over
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
    """The service on a free port and Ann's page at a table she opened there of a game of one-click
    moves, at its short game's number of players: (service, server, address, Ann's table)."""
    from classroom.harness import a_service

    from plateau_lab.ui.shared_table import SharedTable

    service, server, url = await a_service()
    ann = SharedTable(url, name="Ann")
    game = one_click_game()
    ann.game.value, ann.players.value = game, game_spec(game).short[0]
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
        heard = []                        # every sentence said from now on (the bots' moves may follow at once)
        ann.picture.observe(lambda change: heard.append(change["new"]["text"]), names="announcement")
        if ann.picture.legal:
            ann.picture.click(ann.picture.legal[0])
        else:
            ann.moves.children[0].click()
        await ann.settled()
        for _ in range(4000):
            if any("You " in text for text in heard):
                break
            await asyncio.sleep(0.005)
        assert any("You " in text for text in heard), heard
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
            return list(table_words(service.tables.state(table.code).observation(table.seat),
                                    service.tables.names(table.code)))

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
