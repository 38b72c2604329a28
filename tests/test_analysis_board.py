"""The analysis board (issue 28) over every game of the registry, on its short game: one entry per
move, sensible chances, the seat's decisions the review's own, stepping, every hand face up only
once the game is over, puzzles that accept the expert's move and say why with the answer hidden
until asked, boards from a save, and no card hidden from the seat in a puzzle's picture or words.
Generic over the registry: no game's own code here. No test reads a clock."""

import functools
import html
import random
import re

import pytest

from plateau_lab.core import GAME_NAMES, ParseError, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_of, remembered_observations
from plateau_lab.lab.review import review
from plateau_lab.lab.game_analysis import Puzzle, analyse_game
from plateau_lab.lab.verdict import move_words
from plateau_lab.ui.analysis_board import MARK_COLOURS, AnalysisBoard, graph_picture
from plateau_lab.ui.table import PlayTable

#: Few playouts: the tests check what is shown, not how well the expert plays.
BUDGET, GRAPH = 8, 6
#: The deal of every game played here.
SEED = 3
#: Words a learner never reads (issue 28).
ENGINE_WORDS = ("seed", "heuristic", "playout")


@functools.lru_cache(maxsize=None)
def finished_game(game):
    """Every state of a short game: seat 0 a random bot (a learner who makes mistakes to find), the
    others the game's heuristic bot."""
    spec = game_spec(game)
    players, variant = spec.short
    states = [spec.new_game(players, seed=SEED, **variant)]
    table = [RandomBot(SEED)] + [spec.bot("heuristic", seat) for seat in range(1, players)]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    return tuple(states)


@functools.lru_cache(maxsize=None)
def analysed(game):
    return analyse_game(list(finished_game(game)), 0, budget=BUDGET, seed=1, graph_playouts=GRAPH)


def first_puzzle(game):
    """A puzzle of the seat's first decision (marked or not: any decision can be retried)."""
    found = analysed(game)
    move = found.decisions()[0]
    return Puzzle(move.decision, found.states[move.number - 2] if move.number > 1 else None)


def card_names(card):
    """How a text may name a card: its text (unless a bare number) and its words (``describe()``)."""
    names = {str(card)} if not str(card).isdigit() else set()
    describe = getattr(card, "describe", None)
    return names | ({describe().removeprefix("the ")} if callable(describe) else set())


def named_in(name, text):
    return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", text) is not None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_one_entry_per_move_the_seats_decisions_are_the_reviews_and_the_chances_add_up(game):
    states, found = list(finished_game(game)), analysed(game)
    assert len(found.moves) == len(states) - 1 and len(found.chances) == len(states)
    for number, move in enumerate(found.moves, start=1):
        assert move.number == number and move.before is states[number - 1] and move.after is states[number]
        assert move.player == states[number - 1].current_player and move.action == states[number].history[-1]
        assert move.words == move_words(game, move.action)      # the game is over: every move in words
        assert move.chances is found.chances[number]
    again = review(states, 0, BUDGET, seed=1)
    assert [(move.number, move.decision.number, str(move.decision.played), move.decision.mark, move.decision.sentence)
            for move in found.decisions()] == [
        (decision.move_number, decision.number, str(decision.played), decision.mark, decision.sentence)
        for decision in again.decisions]
    assert found.review.accuracy == again.accuracy
    asked = [odds for odds in found.chances if odds is not None]
    assert asked, "the graph has at least one position with chances"
    for odds in asked:
        assert all(0 <= chance <= 1 for chance in odds.chances)
        if odds.question == "wins the game":          # someone wins every playout; ties share it
            assert 1 <= sum(odds.chances) + 1e-9 and sum(odds.chances) <= len(odds.chances)
    last = found.chances[-1]
    if last is not None and last.question == "wins the game":
        assert last.chances == tuple(float(seat in states[-1].winners) for seat in range(states[0].players))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_progress_comes_before_any_work_and_counts_every_position_and_decision(game):
    states = list(finished_game(game))
    calls = []
    found = analyse_game(states, 0, budget=BUDGET, graph_playouts=GRAPH, progress=lambda done, of: calls.append((done, of)))
    total = len(states) + len(found.review.decisions)
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert [done for done, _ in calls] == list(range(total + 1))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_step_draws_the_same_graph_as_drawing_it_anew(game):
    """The board draws the graph once and moves only the line of the position shown: at every
    position, in any order, the same picture as the whole graph drawn for it."""
    found = analysed(game)
    board = AnalysisBoard(found, 0)
    order = list(range(len(found.states)))
    random.Random(game).shuffle(order)
    for index in order[:12] + [0, len(found.states) - 1]:
        board.go(index)
        assert board.graph.svg == graph_picture(found, index).svg()
        assert board.graph.legal == [f"position {position}" for position in range(len(found.states))]


@pytest.mark.parametrize("game", GAME_NAMES)
def test_stepping_changes_the_picture_and_every_hand_is_face_up_only_once_the_game_is_over(game):
    states = list(finished_game(game))
    view = game_spec(game).table_view()
    board = AnalysisBoard(analysed(game), 0)
    assert "teaching view: all hands shown" in board.view_label.value.lower()
    pictures = set()
    for _ in range(min(6, len(states) - 1)):
        before = board.index
        board.forward.click()
        assert board.index == before + 1 and board.moves.value == board.index
        assert board.picture.svg == view.picture(states[board.index], None, states[board.index - 1]).svg()
        assert f"after move {board.index}" in board.graph.svg
        pictures.add(board.picture.svg)
    assert len(pictures) > 1
    board.graph.click("position 0")
    assert board.index == 0 and board.back.disabled
    # A saved game not yet over: only what seat 0 could see, and the others' moves as the log said them.
    half = states[min(len(states) // 2, 40)]
    open_board = AnalysisBoard(half, 0, budget=BUDGET, graph_playouts=GRAPH)
    assert "teaching view" not in open_board.view_label.value.lower() and "As you saw it" in open_board.view_label.value
    for index in range(1, min(8, len(open_board.states))):
        open_board.go(index)
        assert open_board.picture.svg == view.picture(states[index], 0, states[index - 1]).svg()
    for move in open_board.analysis.moves:
        if move.player != 0:
            assert move.words == " ".join(move.after.log[len(move.before.log):]) or move.words.endswith("moved")
    with pytest.raises(ValueError, match="once the game is over"):
        open_board.analysis.review_of(1)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_puzzle_accepts_the_expert_move_says_why_and_hides_the_answer_until_asked(game):
    puzzle = first_puzzle(game)
    words = functools.partial(move_words, game)
    best = puzzle.analysis.best.action
    assert not puzzle.shown
    for action in puzzle.position.legal_actions():
        verdict = puzzle.attempt(action)
        assert verdict.text.strip() and verdict.text.rstrip()[-1] in ".!"
        if action == best:
            assert verdict.found and "expert's choice" in verdict.text
            assert puzzle.analysis.best.why.removeprefix("the expert's choice: ") in verdict.text   # the reason
        elif not verdict.found and words(action) != words(best) and words(puzzle.decision.played) != words(best):
            assert not named_in(words(best), verdict.text), verdict.text         # the answer is not given away
    assert not puzzle.shown
    answer = puzzle.answer()
    assert puzzle.shown and words(best) in answer
    with pytest.raises(ValueError, match="not a legal move"):
        puzzle.attempt("no such move")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_board_plays_a_puzzle_by_clicks_and_shows_the_answer_only_when_asked(game):
    board = AnalysisBoard(analysed(game), 0)
    assert board.learn.disabled == (not board.analysis.puzzles())
    board.puzzles = board.analysis.puzzles() or [first_puzzle(game)]
    board.start_puzzles()
    assert board.board_box.layout.display == "none" and board.puzzle_box.layout.display == ""
    puzzle = board.puzzle
    assert board.answer.value == "" and not board.puzzle_picture.hinted
    view, best = board.view, puzzle.analysis.best.action
    for name in view.clicks(best):
        assert name in board.puzzle_picture.legal, (name, board.puzzle_picture.legal)
        board.puzzle_picture.click(name)
    if not board.verdict.value:          # a move whose clicks begin a longer one ends with its button (as at the table)
        [button] = [button for button in board.puzzle_buttons.children if button.description == move_words(game, best)]
        button.click()
    assert "expert's choice" in html.unescape(board.verdict.value) and board.answer.value == ""
    board.show_answer.click()
    assert f"The expert's choice is {move_words(game, best)}" in html.unescape(board.answer.value)
    assert board.show_answer.disabled
    board.leave.click()
    assert board.board_box.layout.display == "" and board.puzzle_box.layout.display == "none"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_no_card_hidden_from_the_seat_shows_in_a_puzzles_picture_or_words(game):
    found = analysed(game)
    board = AnalysisBoard(found, 0)
    rng = random.Random(5)
    for move in found.decisions()[:4]:
        puzzle = Puzzle(move.decision, found.states[move.number - 2] if move.number > 1 else None)
        board.puzzles = [puzzle]
        board.start_puzzles()
        position = puzzle.position
        # The picture is the same for any deal of the cards the seat could not see.
        world = model_of(position).redeal(position, 0, remembered_observations(position, 0), rng)
        assert board.puzzle_picture.svg == board.view.picture(world, 0, puzzle.before).svg()
        texts = [puzzle.prompt(), *(puzzle.attempt(action).text for action in position.legal_actions()),
                 puzzle.answer(), board.puzzle_prompt.value, board.puzzle_title.value]
        seen = str(position.observation(0)).replace("_", " ") + " ".join(position.log)
        hidden = {name for card in position.cards_hidden_from(0) for name in card_names(card)}
        for text in texts:
            named = [name for name in hidden if named_in(name, text) and not named_in(name, seen)]
            assert not named, (named, text)
            assert not [word for word in ENGINE_WORDS if word in text.lower()], text


def test_learn_from_your_mistakes_offers_the_marked_decisions_costliest_first():
    found = next(analysed(game) for game in GAME_NAMES                  # the first game with a marked decision
                 if any(move.decision.mark for move in analysed(game).decisions()))
    marked = [move.decision for move in found.decisions() if move.decision.mark]
    puzzles = found.puzzles()
    assert [puzzle.decision for puzzle in puzzles] == sorted(marked, key=lambda d: (-d.drop, -d.loss, d.number))
    assert marked, "this game has a marked decision to retry"
    board = AnalysisBoard(found, 0)
    assert not board.learn.disabled and f"({len(puzzles)})" in board.learn.description
    assert all(MARK_COLOURS[mark] in board.graph.svg for mark in {decision.mark for decision in marked})
    assert any(option[0].endswith(f" ({marked[0].mark})") for option in board.moves.options)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_board_opens_from_a_save_and_from_the_table(game):
    states = list(finished_game(game))
    board = AnalysisBoard.from_save(states[-1].to_json(), 1, budget=BUDGET, graph_playouts=GRAPH)
    assert board.seat == 1 and len(board.states) == len(states) and board.states[-1] == states[-1]
    # the graph names the seat's line "you" (the learner's word, issue 38) where it draws the players' chances
    assert ">you<" in board.graph.svg or board.analysis.chances[0] is None or \
        board.analysis.chances[0].labels != tuple(f"player {seat}" for seat in range(states[0].players))
    with pytest.raises(ParseError):
        AnalysisBoard.from_save("{not a save", 0)
    table = PlayTable(state=finished_game(game)[-1], seat=1, delay=0)
    board = AnalysisBoard.from_table(table, budget=BUDGET, graph_playouts=GRAPH)
    assert board.seat == 1 and board.states[-1] == table.state and board.seed == table.state.setup.seed


def test_bad_input_is_refused_with_a_sentence():
    game = GAME_NAMES[0]
    states = list(finished_game(game))
    with pytest.raises(ValueError, match="seat"):
        AnalysisBoard(states, 7)
    with pytest.raises(TypeError, match="a game is its last state"):
        AnalysisBoard([1, 2], 0)
    with pytest.raises(ValueError, match="one move apart"):
        analyse_game([states[0], states[3]], 0)
    with pytest.raises(ValueError, match="player 0's game, not player 1's"):
        AnalysisBoard(analysed(game), 1)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_what_the_board_says_has_no_engine_words(game):
    board = AnalysisBoard(analysed(game), 0)
    for index in range(0, len(board.states), max(1, len(board.states) // 10)):
        board.go(index)
        shown = " ".join([board.caption.value, board.expert.value, board.graph_note.value, board.accuracy.value,
                          board.view_label.value, board.status.value, board.key.value]).lower()
        assert not [word for word in ENGINE_WORDS if word in shown], shown


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_table_opens_the_board_once_the_game_is_over(game):
    states = finished_game(game)
    table = PlayTable(state=states[len(states) // 2], seat=0, delay=0)
    assert table.analyse_button.disabled
    table.analyse()
    assert not table.analysis_box.children and "once the game is over" in table.message.value
    table.start(states[-1], seat=0)
    assert not table.analyse_button.disabled
    table.analyse_button.click()
    [board] = table.analysis_box.children
    assert isinstance(board, AnalysisBoard) and board.states[-1] == table.state and board.analysis is not None
    table.next_button.click()                       # a new game: the board goes
    assert not table.analysis_box.children and table.analyse_button.disabled


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_players_accuracy_once_the_game_is_over(game):
    board = AnalysisBoard(analysed(game), 0)
    assert not board.everyone.disabled
    board.everyone.click()
    players = board.states[0].players
    assert "You: " in board.accuracy.value and all(f"Player {seat}: " in board.accuracy.value
                                                   for seat in range(1, players))
    assert board.everyone.disabled and board.status.value == "Analysed."
    assert board.analysis.review_of(0) is board.analysis.review


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_expert_looks_at_any_position_once_the_game_is_over_and_only_at_the_seats_before(game):
    found = analysed(game)
    board = AnalysisBoard(found, 0)
    words = functools.partial(move_words, game)
    decision = found.decisions()[0]
    board.go(decision.number)                      # the seat's decision: its stored analysis, no button
    assert board.ask.layout.display == "none"
    assert all(html.escape(move.reason) in board.expert.value for move in decision.decision.analysis.moves)
    other = next(index for index, move in enumerate(found.moves)
                 if move.player != 0 and len(move.before.legal_actions()) >= 2)
    board.go(other + 1)                            # the move shown is another player's: his position before it
    assert board.ask.layout.display == "" and board.expert.value == ""
    board.ask.click()
    legal = found.states[other].legal_actions()
    assert all(html.escape(words(action)) in board.expert.value for action in legal)
    assert f"as player {found.moves[other].player} saw the game" in board.expert.value
    assert board.analysis.ask_expert(other) is board._asked[other + 1]        # one analysis of that position
    # A game not over: another player's position stays closed.
    open_board = AnalysisBoard(found.states[other + 1], 0, budget=BUDGET, graph_playouts=GRAPH)
    open_board.go(other + 1)
    assert open_board.ask.layout.display == "none" and "once the game is over" in open_board.expert.value
    with pytest.raises(ValueError, match="once the game is over"):
        open_board.analysis.ask_expert(other)


def test_review_my_game_and_the_board_share_one_review_whichever_comes_first():
    """Each decision is analysed once for the table's game: the board reuses the review Review my
    game made (its bar reaching the end at once), and Review my game shows the board's."""
    final = finished_game(min(GAME_NAMES, key=lambda game: len(finished_game(game))))[-1]    # the shortest game
    table = PlayTable(state=final, seat=0, delay=0)
    table.review_button.click()
    made = table.session.reviewed(0)
    assert made is not None and len(made.decisions) > 1
    assert table.review_report.value.startswith("<div class='plateau-review'>")
    steps = []
    board = AnalysisBoard.from_table(table, graph_playouts=GRAPH, analyse=False)
    board.progress.observe(lambda change: steps.append(change["new"]), names="value")
    board.analyse()
    assert board.analysis.review is made
    total = len(board.states) + len(made.decisions)
    assert steps[-1] == total and total - 1 not in steps       # the decisions counted done in one step
    # The other way round: the board first, then Review my game shows the board's review.
    other = PlayTable(state=final, seat=0, delay=0)
    other.analyse_button.click()
    [first] = other.analysis_box.children
    assert other.session.reviewed(0) is first.analysis.review
    other.review_button.click()
    assert other.session.reviewed(0) is first.analysis.review
    assert other.review_report.value == table.review_report.value
    # A board with another budget, or of another game, makes its own.
    own = AnalysisBoard.from_table(table, budget=BUDGET, graph_playouts=GRAPH)
    assert own.analysis.review is not made and table.session.reviewed(0) is made
    table.next_button.click()
    assert table.session.reviewed(0) is None


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_move_chosen_before_the_analysis_ends_stays_shown_after_it(game):
    """In a notebook the analysis runs just after the board shows: a move chosen meanwhile stays
    shown once the move list is filled in (it went back to the start), with its expert's view."""
    states = list(finished_game(game))
    board = AnalysisBoard(states[-1], 0, budget=BUDGET, graph_playouts=GRAPH, analyse=False)
    decision_move = next(number for number, (before, _) in enumerate(zip(states, states[1:]), start=1)
                         if before.current_player == 0 and len(before.legal_actions()) >= 2)
    board.go(decision_move)
    board.analyse()
    assert board.index == decision_move and board.moves.value == decision_move
    assert f"Move {decision_move}, your decision 1 of " in html.unescape(board.expert.value)
