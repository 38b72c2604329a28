"""The coach's own sentences in a learner's words (issue 38, clause 3), over a whole game of each of
the six games: the hints, the review page, the analysis board (its headline, captions, the expert's
view of each move, the graph's note and the key) and the puzzles (prompt, every attempt, the
answer). The learner is "you"; no engine word, no ?!/?? mark, no formula, points in whole numbers,
and a card's code only in brackets after its words. The shared table's log, as each of two
classmates at a table reads it, over a whole game of each game: "you" for the reader, classmates by
their names. (The pages' own text is scanned by ``test_learner_words.py``.)"""

import html
import re

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab import expert
from plateau_lab.ui.analysis_board import AnalysisBoard
from plateau_lab.ui.reports import review_html
from plateau_lab.ui.session import TableSession
from plateau_lab.ui.shared_table import log_html, short_options
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import SharedTables
from learner_words import page_faults

#: Marks, formulas and points with decimals, which the coach never says.
NOT_COACH = re.compile(r"\?!|\?\?|(?<=\s)\?(?=[\s:])|\be\^|×|lichess|\d+\.\d+ points?\b|\bmeasure\b")
#: A card's code standing bare (not in brackets after its words): Oh Hell's and Le Plateau's cards
#: (a board's space is named by its code: "its space RS", a place, not a card).
BARE_CODE = re.compile(r"(?<![(\w])(?<!space )(?:10|[2-9JQKARDCV])[SHDC](?![\w)])")

#: The analysis itself, kept before a test puts a smaller one in its place.
ANALYSE = expert._analyse


def text_of(page: str) -> str:
    page = re.sub(r"<svg.*?</svg>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def small(state, seat, budget, seed, seconds, seen):
    """The coach's analysis at a small budget: the words are the same at any."""
    return ANALYSE(state, seat, 6 * len(state.legal_actions()), seed, seconds, seen)


def coach_texts(name: str) -> list[str]:
    spec = game_spec(name)
    players, variant = spec.short
    states = [spec.new_game(players, seed=4, **variant)]
    table = [RandomBot(4)] + [spec.bot("heuristic", seat) for seat in range(1, players)]
    while not states[-1].is_over:
        states.append(states[-1].apply(table[states[-1].current_player].choose(states[-1])))
    texts = []
    for state in [state for state in states[:-1] if state.current_player == 0][:8]:
        session = TableSession(state, seat=0, delay=0)
        session.hint()
        texts.append(session.note.text)
    texts.append(text_of(review_html(states, 0, 24, seed=1)))
    board = AnalysisBoard(states[-1], 0, budget=24, graph_playouts=4)
    texts += [text_of(board.title.value), text_of(board.accuracy.value), text_of(board.key.value)]
    for index in range(len(states)):
        board.go(index)                 # the caption's log lines are the game's (test_learner_words scans them)
        texts += [text_of(board.expert.value), text_of(board.graph_note.value)]
        entry = board.analysis.moves[index - 1] if index else None
        if entry is not None and entry.decision is not None:
            texts.append(entry.decision.sentence)
    for puzzle in board.puzzles[:3]:
        texts.append(puzzle.prompt())
        texts += [puzzle.attempt(action).text for action in puzzle.position.legal_actions()]
        texts.append(puzzle.answer())
    return [text for text in texts if text.strip()]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_coach_speaks_a_learner_s_words(name, monkeypatch):
    monkeypatch.setattr(expert, "_analyse", small)
    texts = coach_texts(name)
    assert len(texts) > 20
    assert not page_faults(texts, learner=True), page_faults(texts, learner=True)[:3]
    for text in texts:
        assert not NOT_COACH.search(text), (name, NOT_COACH.search(text).group(0), text)
        assert not BARE_CODE.search(text), (name, BARE_CODE.search(text).group(0), text)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_shared_table_s_log_calls_the_learner_you_and_classmates_by_name(name):
    spec = game_spec(name)
    players = spec.short[0]
    tables = SharedTables(Store(":memory:"), clock=lambda: 100.0)
    ann = tables.open_table(name, players, short_options(name, players), "Ann", seed=5)
    bob = tables.join(ann.code, "Bob")
    learners = {ann.seat: ann, bob.seat: bob}
    read = {seat: [] for seat in learners}
    for _ in range(5_000):                            # a bound: a short game has far fewer moves
        state = tables.state(ann.code)
        if state.is_over:
            break
        if state.current_player in learners:
            tables.move(ann.code, learners[state.current_player].token, str(state.legal_actions()[0]))
        else:
            tables.play_bot(ann.code)
        for seat in learners:
            read[seat].append(text_of(log_html(tables.view(ann.code, seat)["log"], tables.view(ann.code, seat))))
    assert tables.state(ann.code).is_over
    for seat, other in ((ann.seat, "Bob"), (bob.seat, "Ann")):
        assert not page_faults(read[seat], learner=True, seat=seat), page_faults(read[seat], learner=True, seat=seat)[:3]
        assert any(re.search(r"\b[Yy]ou(r)?\b", text) for text in read[seat]), (name, read[seat][-1])
        assert not any(re.search(rf"\b[Pp]layer {1 - seat}\b", text) for text in read[seat]), (name, other)
        assert any(other in text for text in read[seat]), (name, other, read[seat][-1])
