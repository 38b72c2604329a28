"""The teacher's side of a class: a secret token, the class at a glance, and positions sent to every learner.

The service prints, when it starts, the address of the teacher's page with a fresh token
(``http://127.0.0.1:8867/teacher?token=...``); only who holds the token opens the page
(:func:`token_matches`, a comparison in constant time). The page shows :func:`class_at_a_glance`
and lets the teacher send a position to the class: a scenario's text or a saved game (JSON),
checked by the game's own reader (:func:`read_position`), becomes a :class:`Lessons` lesson;
every learner following the lessons is sent :func:`lesson_for_learners` (the picture the seat to
move sees, its moves with the clicks that make them), answers with a move, and the page counts the
choices live. Revealed, the expert's view (:func:`expert_view`) stands beside the counts::

    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> lessons = Lessons()
    >>> lesson = lessons.send(read_position("syndicate", EXAMPLE_SCENARIO))
    >>> lessons.choose("page of Ann", lesson.number, "lead Diplomat")
    >>> lessons.choose("page of Bob", lesson.number, "lead Castle")
    >>> lessons.choose("page of Bob", lesson.number, "lead Diplomat")     # a change of mind: the last counts
    >>> lessons.counts()["lead Diplomat"], lessons.counts()["lead Castle"]
    (2, 0)
    >>> lessons.choose("page of Ann", lesson.number, "lead Bard")
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: 'lead Bard' is not a move here; choose one of the moves shown.

Nothing a learner is sent shows a card the seat to move cannot see: the picture is the game's own
for that seat, the moves are that seat's legal moves.
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import secrets
import time
from collections.abc import Mapping
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any

from ..core import GameState, ParseError, game_spec, load_json, short_text
from ..core.registry import game_names
from ..lab.expert import analyse
from .store import LessonRecord, Store
from .tables import Refused, SharedTables

__all__ = ["EXPERT_MOST_PLAYOUTS", "EXPERT_PLAYOUTS", "EXPERT_PLAYOUTS_PER_MOVE", "GLANCE_MOST_BYTES",
           "MAX_POSITION_CHARACTERS", "Lesson", "Lessons", "class_at_a_glance", "expert_view", "finished_games",
           "kept_teacher_token", "lesson_for_learners", "new_teacher_token", "read_position", "token_matches"]

#: The expert's budget for a revealed lesson: imagined games shared by the moves, at least
#: EXPERT_PLAYOUTS, 30 a move, at most EXPERT_MOST_PLAYOUTS (under a second of CPU in every game's
#: opening position, 0.7 s for Wimmüln's 210 moves; measured with ``expert_view``).
EXPERT_PLAYOUTS = 400
EXPERT_PLAYOUTS_PER_MOVE = 30
EXPERT_MOST_PLAYOUTS = 6000
#: The longest scenario or save the teacher may paste, in characters.
MAX_POSITION_CHARACTERS = 60_000
#: The most bytes of one message to the teacher's page (the class at a glance), whatever the class did.
GLANCE_MOST_BYTES = 64 * 1024
#: How many of each list the class at a glance shows at most (the rest are counted).
GLANCE_ROWS = {"learners": 200, "tables": 120, "listening": 200, "recent_answers": 30, "exercises": 60}
#: The longest answer shown as it is (a longer one is cut, with "…").
SHOWN_ANSWER_CHARACTERS = 120
log = logging.getLogger("plateau_lab.classroom")


def new_teacher_token() -> str:
    """A fresh secret for the teacher's page (32 random bytes, URL-safe).

    >>> len(new_teacher_token()) >= 40
    True
    """
    return secrets.token_urlsafe(32)


def kept_teacher_token(path: Path | None) -> str:
    """The class's teacher token, kept in the file ``path`` (made, readable by its owner only, with a
    fresh token when missing), so that a restarted service keeps the teacher's address; a fresh one
    when ``path`` is None.

    >>> path = Path(__import__("tempfile").mkdtemp()) / "class.teacher-token"
    >>> kept_teacher_token(path) == kept_teacher_token(path), oct(path.stat().st_mode & 0o777)
    (True, '0o600')
    """
    if path is None:
        return new_teacher_token()
    try:
        descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    except FileExistsError:
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)
            log.warning("%s could be read by others: it is now readable by its owner only", path)
        token = path.read_text().strip()
        if len(token) >= 20:
            return token
        log.warning("%s holds no token: a fresh one is kept in it", path)
        descriptor = os.open(path, os.O_TRUNC | os.O_WRONLY)
    token = new_teacher_token()
    with os.fdopen(descriptor, "w") as kept:
        kept.write(token + "\n")
    return token


def token_matches(given: Any, token: str) -> bool:
    """Whether ``given`` (from the page's address) is the teacher's ``token``, compared in constant time.

    >>> token_matches("abc", "abc"), token_matches("abd", "abc"), token_matches(None, "abc")
    (True, False, False)
    """
    return isinstance(given, str) and hmac.compare_digest(given.encode(), token.encode())


def read_position(game: str, text: str) -> GameState:
    """The position in ``text``: a saved game (JSON, its game named inside) or a scenario of ``game``;
    Refused with where and what when the game's reader cannot read it, or when it is over.

    >>> read_position("syndicate", "hand 0: Dragon").current_player
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: The position cannot be read: ...
    """
    if not isinstance(text, str) or not text.strip():
        raise Refused("Paste a scenario or a saved game first.")
    if len(text) > MAX_POSITION_CHARACTERS:
        raise Refused(f"A position is at most {MAX_POSITION_CHARACTERS} characters; this one has {len(text)}.")
    try:
        if text.lstrip().startswith("{"):
            state = load_json(text)
        elif game not in game_names():
            raise Refused(f"Choose the scenario's game: one of {', '.join(game_names())} (not {short_text(game)!r}).")
        else:
            state = game_spec(game).module.scenario(text, seed=0)
    except ParseError as err:
        raise Refused(f"The position cannot be read: {err.where}: {err.what}") from None
    except (ValueError, TypeError) as err:
        raise Refused(f"The position cannot be read: {short_text(str(err))}") from None
    if state.is_over:
        raise Refused("That game is over: there is no move to choose. Paste a position where someone is to move.")
    return state


def lesson_for_learners(state: GameState, number: int) -> dict[str, Any]:
    """The message every learner is sent: the position as the seat to move sees it, and its moves.

    Keys: ``type`` ("lesson"), ``lesson`` (its number), ``game`` (the title), ``seat`` (the seat to
    move), ``picture`` (SVG), ``moves`` (``action`` to send back, ``words`` to show, ``clicks``: the
    parts of the picture that make it, in order), ``prompt`` (a sentence).

    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> message = lesson_for_learners(read_position("syndicate", EXAMPLE_SCENARIO), 1)
    >>> message["seat"], message["moves"][0]
    (0, {'action': 'lead Diplomat', 'words': 'lead Diplomat with no face-down card', 'clicks': ['card Diplomat']})
    """
    spec, seat = game_spec(state.setup.game), state.current_player
    view = spec.table_view()
    moves = [{"action": str(action), "words": spec.words(action), "clicks": list(view.clicks(action))}
             for action in state.legal_actions()]
    return {"type": "lesson", "lesson": number, "game": spec.title, "seat": seat,
            "picture": view.picture(state, seat, None).svg(), "moves": moves,
            "prompt": f"You are player {seat}. What would you play? Click your move."}


def expert_view(state: GameState, playouts: int | None = None) -> list[dict[str, Any]]:
    """The expert's reason for every legal move of the seat to move, the best first (slow: seconds;
    the service runs it beside its event loop).

    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> state = read_position("syndicate", EXAMPLE_SCENARIO)
    >>> view = expert_view(state, 40)
    >>> sorted(move["action"] for move in view) == sorted(map(str, state.legal_actions()))
    True
    """
    if playouts is None:
        moves = len(state.legal_actions())
        playouts = min(EXPERT_MOST_PLAYOUTS, max(EXPERT_PLAYOUTS, EXPERT_PLAYOUTS_PER_MOVE * moves))
    analysis = analyse(state, state.current_player, playouts)
    return [{"action": str(move.action), "reason": _sentence(move.why or move.reason), "mean": round(move.mean, 2),
             "chance": None if move.chance != move.chance else round(move.chance, 3)} for move in analysis.moves]


def _sentence(text: str) -> str:
    text = text.strip().lstrip(":").strip()
    return text[:1].upper() + text[1:]


@dataclass
class Lesson:
    """A position sent to the class: its number, the game, who chose what (by :meth:`Lessons.chooser`), the expert's view."""

    number: int
    state: GameState
    message: dict[str, Any]
    choices: dict[str, str] = field(default_factory=dict)
    expert: list[dict[str, Any]] | None = None
    thinking: bool = False

    @property
    def legal(self) -> list[str]:
        return [move["action"] for move in self.message["moves"]]


class Lessons:
    """The lessons of a class: the one on the board now, and the choices made on it.

    With a ``store``, every lesson and every choice is written to it before the method returns,
    and the lesson on the board and its choices are read back from it (a service restarted finds
    them again). ``names`` maps a page to the learner's name it listens as: a learner's choices
    count once however many pages they have open, the last one counting.

    >>> from plateau_lab.games.syndicate.scenario import EXAMPLE_SCENARIO
    >>> store = Store(":memory:")
    >>> names = {"Ann's laptop": "Ann", "Ann's phone": "Ann"}
    >>> lessons = Lessons(store, names=names)
    >>> lesson = lessons.send(read_position("syndicate", EXAMPLE_SCENARIO))
    >>> lessons.choose("Ann's laptop", lesson.number, "lead Castle")
    >>> lessons.choose("Ann's phone", lesson.number, "lead Diplomat")
    >>> again = Lessons(store, names=names)          # the service started again
    >>> again.current.number, again.counts()["lead Diplomat"], again.counts()["lead Castle"]
    (1, 1, 0)
    """

    def __init__(self, store: Store | None = None, *, names: Mapping[Any, str] | None = None):
        self.store = store
        self.names = names if names is not None else {}
        self.current: Lesson | None = None
        self._numbers = 0
        if store is not None:
            self._restore(store)

    def _restore(self, store: Store) -> None:
        record = store.current_lesson()
        if record is None:
            return
        self._numbers = record.number
        try:
            state = load_json(record.position)
        except (ParseError, ValueError, TypeError) as err:      # a save this version cannot read
            log.error("the lesson %s kept in the database cannot be read back: %s", record.number, err)
            return
        self.current = Lesson(record.number, state, lesson_for_learners(state, record.number),
                              choices=store.lesson_choices(record.number))

    def send(self, state: GameState) -> Lesson:
        """A new lesson on ``state`` (the one before is over)."""
        number = self._numbers + 1
        if self.store is not None:
            self.store.add_lesson(LessonRecord(number, state.setup.game, state.to_json(), time.time()))
        self._numbers = number
        self.current = Lesson(number, state, lesson_for_learners(state, number))
        return self.current

    def chooser(self, who: Any) -> str:
        """Whose choice a page's is: ``learner <name>`` when the page listens under a name, else the page's own.

        >>> Lessons(names={"a page": "Ann"}).chooser("a page"), Lessons().chooser("page of Bob")
        ('learner Ann', 'page page of Bob')
        """
        name = self.names.get(who)
        if name:
            return f"learner {name}"
        return f"page {who}" if isinstance(who, str) else f"page {id(who):x}"

    def choose(self, who: Any, number: int, action: str) -> None:
        """``who`` (a learner's page) chooses ``action`` in lesson ``number``; a second choice replaces the first."""
        lesson = self.current
        if lesson is None or lesson.number != number:
            raise Refused("That position is no longer on the board: choose in the one your teacher sent last.")
        if action not in lesson.legal:
            raise Refused(f"{short_text(action)!r} is not a move here; choose one of the moves shown.")
        chooser = self.chooser(who)
        if self.store is not None:
            self.store.set_lesson_choice(number, chooser, action)
        lesson.choices.pop(chooser, None)           # the last choice is the newest
        lesson.choices[chooser] = action

    def forget(self, who: Any) -> None:
        """A page went away: its choice no longer counts, unless another page of the same learner is still listening."""
        if self.current is None:
            return
        name = self.names.get(who)
        if name and any(other is not who and other_name == name for other, other_name in self.names.items()):
            return
        chooser = self.chooser(who)
        if chooser in self.current.choices:
            del self.current.choices[chooser]
            if self.store is not None:
                self.store.forget_lesson_choice(self.current.number, chooser)

    def counts(self) -> dict[str, int]:
        """How many chose each move of the current lesson (every legal move, 0 if none chose it)."""
        if self.current is None:
            return {}
        counts = dict.fromkeys(self.current.legal, 0)
        for action in self.current.choices.values():
            counts[action] += 1
        return counts


def class_at_a_glance(tables: SharedTables, connected: dict[str, set[int]], listeners: list[str],
                      lessons: Lessons, *, answers: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the teacher's page shows, as plain JSON values, at most GLANCE_MOST_BYTES long whatever
    the class did: ``learners`` (name, table, seat, score, connected), ``tables`` (code, game,
    players, to_move, scores, moves, over, ended: the tables in play first, then the newest
    finished), ``listening`` (the names following the lessons), ``answers`` (``exercises``: per
    notebook and exercise, how many answered and how many rightly; ``recent``: the newest answers,
    each cut to SHOWN_ANSWER_CHARACTERS; ``count``), ``lesson`` (number, game, seat, moves with their
    ``count`` and, once revealed, ``reason``), ``set_aside`` (tables that cannot be replayed: code,
    why) and ``more`` (how many of each list are not shown). ``connected`` names, per table code,
    the seats a page holds now; ``answers`` is the summary made last time, when no answer came since.

    >>> from plateau_lab.classroom.store import Store
    >>> tables = SharedTables(Store(":memory:"))
    >>> for number in range(3000):
    ...     tables.store.add_answer(f"learner {number}", "02.ipynb", f"question {number % 40}", "x" * 2000, True)
    >>> glance = class_at_a_glance(tables, {}, [], Lessons())
    >>> len(json.dumps(glance)) <= GLANCE_MOST_BYTES, glance["answers"]["count"], len(glance["answers"]["recent"])
    (True, 3000, 30)
    """
    learners, in_play, finished = [], [], []
    for code in reversed(tables.codes()):          # the newest first
        state = tables.state(code)
        seats = tables.seats_seen(code)
        for seat in seats:
            if seat["plays"] != "bot" and tables.in_play(code):
                learners.append({"name": seat["name"], "table": code, "seat": seat["seat"],
                                 "score": state.scores[seat["seat"]],
                                 "connected": seat["seat"] in connected.get(code, set())})
        shown = {"code": code, "game": game_spec(state.setup.game).title,
                 "players": [f"{seat['name']} ({seat['plays']})" for seat in seats],
                 "seats": [{"seat": seat["seat"], "learner": seat["plays"] != "bot"} for seat in seats],
                 "to_move": None if state.is_over else state.current_player,
                 "scores": list(state.scores), "moves": len(state.history), "over": state.is_over,
                 "ended": tables.ended(code)}
        (in_play if tables.in_play(code) else finished).append(shown)
    if answers is None:
        answers = _answers_summary(tables.store)
    glance = {"type": "class", "learners": learners, "tables": in_play + finished, "listening": sorted(listeners),
              "answers": answers, "lesson": _lesson_for_teacher(lessons),
              "set_aside": [{"code": code, "why": why} for code, why in tables.set_aside.items()]}
    return _bounded(glance)


def _answers_summary(store: Store) -> dict[str, Any]:
    exercises = [{"notebook": notebook, "exercise": exercise, "answered": answered, "right": right}
                 for notebook, exercise, answered, right in store.answer_counts()]
    recent = [{"learner": answer.learner, "notebook": answer.notebook, "exercise": answer.exercise,
               "answer": short_text(answer.answer, SHOWN_ANSWER_CHARACTERS), "correct": answer.correct}
              for answer in reversed(store.answers(newest=GLANCE_ROWS["recent_answers"]))]
    return {"exercises": exercises, "recent": recent, "count": sum(row["answered"] for row in exercises)}


def _bounded(glance: dict[str, Any]) -> dict[str, Any]:
    """``glance`` with its lists cut to GLANCE_ROWS, then the longest list halved (the lesson's moves
    among them) until it is at most GLANCE_MOST_BYTES, the lesson's picture left out last; ``more``
    counts what is not shown."""
    lists = {"learners": (glance, "learners"), "tables": (glance, "tables"), "listening": (glance, "listening"),
             "recent_answers": (glance["answers"], "recent"), "exercises": (glance["answers"], "exercises")}
    if glance["lesson"] is not None:
        glance["lesson"] = dict(glance["lesson"])
        lists["lesson_moves"] = (glance["lesson"], "moves")
    full = {name: len(holder[key]) for name, (holder, key) in lists.items()}
    for name, (holder, key) in lists.items():
        holder[key] = holder[key][:GLANCE_ROWS.get(name, len(holder[key]))]
    glance["set_aside"] = glance["set_aside"][:20]
    while True:
        glance["more"] = {name: full[name] - len(holder[key]) for name, (holder, key) in lists.items()}
        if len(json.dumps(glance)) <= GLANCE_MOST_BYTES:
            return glance
        left = [name for name, (holder, key) in lists.items() if holder[key]]
        if left:
            longest = max(left, key=lambda name: len(json.dumps(lists[name][0][lists[name][1]])))
            holder, key = lists[longest]
            holder[key] = holder[key][:len(holder[key]) // 2]
        elif glance["lesson"] is not None and glance["lesson"]["picture"]:
            glance["lesson"]["picture"] = ""
        else:                          # every list is empty: what is left is a few short fields
            return glance


def finished_games(tables: SharedTables) -> str:
    """The class's finished games, as JSON: a list of saves, each as ``to_json`` writes it (read them
    with :func:`plateau_lab.lab.saved_games.saved_game_rows`). Tables that ended before their game
    did are not games finished, and are left out.

    >>> from plateau_lab.classroom.store import Store
    >>> tables = SharedTables(Store(":memory:"))
    >>> ann = tables.open_table("syndicate", 3, {"target": 1}, "Ann", seed=3)
    >>> tables.free_seat(ann.code, 0); tables.play_bots(ann.code) > 0
    True
    >>> saves = json.loads(finished_games(tables)); len(saves), saves[0]["game"]
    (1, 'syndicate')
    """
    return "[" + ",\n".join(tables.state(code).to_json() for code in tables.codes()
                             if tables.state(code).is_over and tables.ended(code) is None) + "]"


def _lesson_for_teacher(lessons: Lessons) -> dict[str, Any] | None:
    lesson = lessons.current
    if lesson is None:
        return None
    counts = lessons.counts()
    reasons = {move["action"]: move["reason"] for move in lesson.expert or ()}
    order = [move["action"] for move in lesson.expert] if lesson.expert else lesson.legal
    moves = [{"action": action, "words": next(move["words"] for move in lesson.message["moves"]
                                              if move["action"] == action),
              "count": counts[action], "reason": reasons.get(action)} for action in order]
    return {"number": lesson.number, "game": lesson.message["game"], "seat": lesson.message["seat"],
            "picture": lesson.message["picture"], "moves": moves, "chosen": len(lesson.choices),
            "revealed": lesson.expert is not None, "thinking": lesson.thinking}

