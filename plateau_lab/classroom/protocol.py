"""The messages between a learner's page and the shared tables' service: JSON objects, checked.

A message is at most MAX_MESSAGE_BYTES long, a JSON object with a known ``type`` and exactly the
fields that type takes, each of the right kind and size (and an optional ``id``, a whole number
the answer repeats, so a client can pair questions and answers). Anything else is refused with a
sentence and changes nothing::

    >>> parse('{"type": "join", "code": "bcdfghj", "name": "Ann"}')
    {'type': 'join', 'code': 'BCDFGHJ', 'name': 'Ann'}
    >>> parse('{"type": "join", "code": "BCDFGHJ"}')
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: A join message needs the field 'name'.
    >>> refusal(Refused("No."), 3)
    {'type': 'refused', 'reason': 'No.', 'id': 3}

The types and their fields (``code`` a table's letters, ``token`` a seat's secret key):
``hello`` (``learner``: the learner's name, ``key``: the key the class gave that name, blank the
first time; the answer, ``welcome``, holds the key to keep), ``open`` (``game``, ``players``, ``options``: the rule options by name, ``name``: the learner's),
``join`` (``code``, ``name``), ``rejoin`` (``code``, ``token``), ``move`` (``code``, ``token``,
``action``: the move's text), ``click`` (``code``, ``token``, ``target``: a part of the picture),
``leave`` (``code``, ``token``), ``watch`` (``code``: follow a table as an onlooker), ``answer``
(``learner``, ``notebook``, ``exercise``, ``answer``, ``correct``: an exercise's answer, kept for
the teacher), ``listen`` (``learner``: follow the positions the teacher sends the class) and
``lesson_choice`` (``lesson``: its number, ``action``: the move the learner would play there; the
last choice counts) and ``games`` (no field: the answer, ``games``, lists the games the service
plays, the package's and the class's own, as :func:`~plateau_lab.classroom.offered.offered_games`
says them). A page says ``hello`` before it uses a name: ``open``, ``join``, ``answer``
and ``listen`` are made under the name the page joined the class with, and only under it
(:class:`~plateau_lab.classroom.learners.LearnerNames`).

The teacher's page sends :data:`TEACHER_MESSAGE_TYPES` (at most MAX_TEACHER_MESSAGE_BYTES):
``send_position`` (``game``: the scenario's game, blank for a save; ``position``: the scenario's
text or the saved game) and ``reveal`` (``lesson``: show the expert's view of it)::

    >>> parse('{"type": "reveal", "lesson": 2}', TEACHER_MESSAGE_TYPES, MAX_TEACHER_MESSAGE_BYTES)
    {'type': 'reveal', 'lesson': 2}

:func:`respond` carries a checked message out on :class:`~plateau_lab.classroom.tables.SharedTables`
and says what the sender hears and which table's seats must see the table again.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .learners import LearnerNames
from .limits import CodeGuesses
from .offered import offered_games
from .tables import CODE_LENGTH, NoSuchTable, Refused, Seating, SharedTables
from .teacher import MAX_POSITION_CHARACTERS, Lessons

__all__ = ["MAX_MESSAGE_BYTES", "MAX_TEACHER_MESSAGE_BYTES", "MESSAGE_TYPES", "MOST_NAMES_A_PAGE", "Outcome", "TEACHER_MESSAGE_TYPES", "readable_id",
           "parse", "refusal", "respond"]

#: The longest message the service reads, in bytes (a move or a click is under 200).
MAX_MESSAGE_BYTES = 8192
#: The longest message of the teacher's page, in bytes (a pasted saved game of a whole evening).
MAX_TEACHER_MESSAGE_BYTES = 65536
_NAME = re.compile(r"[\w .'-]{1,40}")           # letters of any alphabet, digits, spaces, . ' - _
_CODE = re.compile(rf"[A-Za-z]{{5,{CODE_LENGTH}}}")        # a class's older tables have five letters
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,100}")
_OPTION_NAME = re.compile(r"[a-z_]{1,40}")
#: The most names one page joins the class with (a learner may mend a typo; a page is not a crowd).
MOST_NAMES_A_PAGE = 3


def _text(most: int) -> Callable[[Any, str], str]:
    def check(value: Any, field: str) -> str:
        if not isinstance(value, str) or not 0 < len(value) <= most:
            raise Refused(f"The field {field!r} is a text of 1 to {most} characters.")
        if any(ord(character) < 32 or ord(character) == 127 for character in value):
            raise Refused(f"The field {field!r} holds a control character.")
        _whole_characters(value, field)
        return value
    return check


def _whole_characters(value: str, field: str) -> None:
    """Refused when ``value`` holds half of a character (a lone surrogate: JSON's \\ud800 alone)."""
    if any(0xD800 <= ord(character) <= 0xDFFF for character in value):
        raise Refused(f"The field {field!r} holds half of a character (a broken emoji or sign): type it again.")


def _key_or_blank(value: Any, field: str) -> str:
    if value == "":
        return value
    return _token(value, field)


def _name(value: Any, field: str) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value) or not value.strip():
        raise Refused(f"The field {field!r} is a name of 1 to 40 letters, digits, spaces, dots, dashes or apostrophes.")
    return value.strip()


def _code(value: Any, field: str) -> str:
    if not isinstance(value, str) or not _CODE.fullmatch(value):
        raise Refused(f"The field {field!r} is a table's code: {CODE_LENGTH} letters.")
    return value.upper()


def _token(value: Any, field: str) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise Refused(f"The field {field!r} is a seat's key: 20 to 100 letters, digits, - or _.")
    return value


def _players(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 12:
        raise Refused(f"The field {field!r} is a whole number of players from 1 to 12.")
    return value


def _options(value: Any, field: str) -> dict[str, bool | int | str]:
    if not isinstance(value, dict) or len(value) > 12:
        raise Refused(f"The field {field!r} is an object of at most 12 rule options.")
    for name, option in value.items():
        if not _OPTION_NAME.fullmatch(name):
            raise Refused(f"A rule option's name is 1 to 40 small letters or _, not {name[:40]!r}.")
        if isinstance(option, float) and (not math.isfinite(option) or not option.is_integer()):
            raise Refused(f"The rule option {name!r} is a whole number, a yes/no or a word.")
        if isinstance(option, int) and not isinstance(option, bool) and abs(option) > 10**6:
            raise Refused(f"The rule option {name!r} is too large.")
        if isinstance(option, str) and not 0 < len(option) <= 40:
            raise Refused(f"The rule option {name!r} is a word of 1 to 40 letters.")
        if not isinstance(option, bool | int | str):
            raise Refused(f"The rule option {name!r} is a whole number, a yes/no or a word.")
    return dict(value)


def _number(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise Refused(f"The field {field!r} is a whole number from 0 to 2147483647.")
    return value


def _position(value: Any, field: str) -> str:
    """A pasted scenario or save: lines of text (new lines and tabs allowed, no other control character)."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_POSITION_CHARACTERS:
        raise Refused(f"The field {field!r} is a text of 1 to {MAX_POSITION_CHARACTERS} characters.")
    if any((ord(character) < 32 and character not in "\n\r\t") or ord(character) == 127 for character in value):
        raise Refused(f"The field {field!r} holds a control character other than a new line or a tab.")
    _whole_characters(value, field)
    return value


def _game_or_blank(value: Any, field: str) -> str:
    if not isinstance(value, str) or len(value) > 40 or not re.fullmatch(r"[a-z_]*", value):
        raise Refused(f"The field {field!r} is a game's name (small letters and _), or blank for a saved game.")
    return value


def _yes_no(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise Refused(f"The field {field!r} is true or false.")
    return value


#: Each type of message and its fields, each with its check.
MESSAGE_TYPES: dict[str, dict[str, Callable[[Any, str], Any]]] = {
    "hello": {"learner": _name, "key": _key_or_blank},
    "open": {"game": _text(40), "players": _players, "options": _options, "name": _name},
    "join": {"code": _code, "name": _name},
    "rejoin": {"code": _code, "token": _token},
    "move": {"code": _code, "token": _token, "action": _text(200)},
    "click": {"code": _code, "token": _token, "target": _text(200)},
    "leave": {"code": _code, "token": _token},
    "watch": {"code": _code},
    "answer": {"learner": _name, "notebook": _text(120), "exercise": _text(120), "answer": _text(2000),
               "correct": _yes_no},
    "listen": {"learner": _name},
    "lesson_choice": {"lesson": _number, "action": _text(200)},
    "games": {},
}

#: The messages of the teacher's page (see the module docstring).
TEACHER_MESSAGE_TYPES: dict[str, dict[str, Callable[[Any, str], Any]]] = {
    "send_position": {"game": _game_or_blank, "position": _position},
    "reveal": {"lesson": _number},
    "end_table": {"code": _code},
    "free_seat": {"code": _code, "seat": _number},
}


def parse(raw: str | bytes, types: dict[str, dict[str, Callable[[Any, str], Any]]] = MESSAGE_TYPES,
          most: int = MAX_MESSAGE_BYTES) -> dict[str, Any]:
    """The message in ``raw`` (JSON text), one of ``types`` and at most ``most`` bytes, checked;
    Refused with the reason otherwise."""
    if isinstance(raw, str):
        size = len(raw.encode("utf-8", "surrogatepass"))
    elif isinstance(raw, bytes | bytearray):
        size = len(raw)
    else:
        raise Refused("A message is JSON text.")
    if size > most:
        raise Refused(f"A message is at most {most} bytes; this one has {size}.")
    try:
        message = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        raise Refused("A message is a JSON object, and this one cannot be read as JSON.") from None
    if not isinstance(message, dict):
        raise Refused("A message is a JSON object with a 'type'.")
    kind = message.get("type")
    fields = types.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise Refused(f"A message's type is one of {', '.join(types)}.")
    checked: dict[str, Any] = {"type": kind}
    for field, check in fields.items():
        if field not in message:
            raise Refused(f"A {kind} message needs the field {field!r}.")
        checked[field] = check(message[field], field)
    extra = set(message) - set(fields) - {"type", "id"}
    if extra:
        raise Refused(f"A {kind} message has no field {sorted(extra)[0][:40]!r}.")
    if "id" in message:
        number = message["id"]
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < 2**31:
            raise Refused("A message's 'id' is a whole number from 0 to 2147483647.")
        checked["id"] = number
    return checked


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def refusal(refused: Refused, message_id: int | None = None) -> dict[str, Any]:
    """The answer to a refused message (with the message's ``id`` when it had one)."""
    answer: dict[str, Any] = {"type": "refused", "reason": refused.reason}
    if message_id is not None:
        answer["id"] = message_id
    return answer


@dataclass(frozen=True)
class Outcome:
    """What a message did: the ``answer`` to its sender; ``changed``, the code of a table whose seats
    must all see it again (None: none); ``seating``, the seat the sender now holds (open, join,
    rejoin), ``watching`` the table the sender now follows as an onlooker, ``left`` the seat the
    sender gave up, ``listening`` the name the sender follows the lessons as, ``chose`` whether the
    sender chose a move in a lesson (the teacher's counts changed), ``joined`` the name the sender
    joined the class as (with ``hello``)."""

    answer: dict[str, Any]
    changed: str | None = None
    seating: Seating | None = None
    watching: str | None = None
    left: Seating | None = None
    listening: str | None = None
    chose: bool = False
    joined: str | None = None


def respond(tables: SharedTables, raw: str | bytes, lessons: Lessons | None = None, sender: Any = None, *,
            names: LearnerNames | None = None, learner: str | None = None,
            guesses: CodeGuesses | None = None) -> Outcome:
    """Read ``raw``, carry it out on ``tables`` (a lesson's choice on ``lessons``, as ``sender``'s)
    and say what happened; a message that is malformed, unknown or refused changes nothing and is
    answered ``{"type": "refused", "reason": ...}``.

    With ``names`` (the service's), a name is used only by the page that joined the class with it:
    ``learner`` is the name ``sender`` joined as (None: not yet). With ``guesses``, a page trying
    wrong table codes is slowed (:class:`~plateau_lab.classroom.limits.CodeGuesses`).

    >>> from plateau_lab.classroom.store import Store
    >>> tables = SharedTables(Store(":memory:"))
    >>> print(respond(tables, '{"type": "teleport"}').answer["reason"])
    A message's type is one of hello, open, join, rejoin, move, click, leave, watch, answer, listen, lesson_choice, games.
    >>> opened = respond(tables, '{"type": "open", "game": "coloretto", "players": 3, "options": {}, "name": "Ann", "id": 1}')
    >>> opened.answer["type"], opened.answer["seat"], opened.answer["id"], opened.changed == opened.answer["code"]
    ('seated', 0, 1, True)
    """
    message_id = None
    try:
        message = parse(raw)
        message_id = message.get("id")
        if names is not None:
            _check_name(message, learner)
        if guesses is not None and "code" in message:
            guesses.check(sender)
        try:
            outcome = _carry_out(tables, message, lessons if lessons is not None else Lessons(), sender, names)
        except NoSuchTable:
            if guesses is not None:
                guesses.wrong(sender)
            raise
    except Refused as refused:
        return Outcome(refusal(refused, message_id if message_id is not None else readable_id(raw)))
    if message_id is not None:
        outcome.answer["id"] = message_id
    return outcome


def readable_id(raw: Any) -> int | None:
    """The ``id`` of a message refused for one of its fields, when the id itself is a good one: the
    sender then hears which of its questions was refused instead of waiting for an answer.

    >>> readable_id('{"type": "join", "code": "B1", "name": "Ann", "id": 4}'), readable_id('{"id": true}')
    (4, None)
    """
    if not isinstance(raw, str | bytes | bytearray) or len(raw) > MAX_MESSAGE_BYTES:
        return None
    try:
        message = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError, UnicodeDecodeError):
        return None
    number = message.get("id") if isinstance(message, dict) else None
    return number if isinstance(number, int) and not isinstance(number, bool) and 0 <= number < 2**31 else None


def _check_name(message: dict[str, Any], learner: str | None) -> None:
    """Refused when ``message`` uses a name other than the one its page joined the class with."""
    name = message.get("name", message.get("learner")) if message["type"] != "hello" else None
    if name is None or name == learner:
        return
    if learner is None:
        raise Refused("Join the class with your name first (the page does it when you type your name).")
    raise Refused(f"This page joined the class as {learner}: it cannot speak as {name}.")


def _carry_out(tables: SharedTables, message: dict[str, Any], lessons: Lessons, sender: Any,
               names: LearnerNames | None) -> Outcome:
    kind = message["type"]
    if kind == "hello":
        if names is None:
            raise Refused("This class gives no keys to names.")
        used = getattr(sender, "names", None)
        if used is not None and message["learner"] not in used and len(used) >= MOST_NAMES_A_PAGE:
            raise Refused(f"This page joined the class as {', '.join(sorted(used))} already: a page is one learner's. "
                          "Open the class's page in your own browser to join under another name.")
        key = names.join(message["learner"], message["key"] or None)
        if used is not None:
            used.add(message["learner"])
        return Outcome({"type": "welcome", "learner": message["learner"], "key": key}, joined=message["learner"])
    if kind == "listen":
        lesson = lessons.current
        return Outcome(lesson.message if lesson is not None else {"type": "listening"}, listening=message["learner"])
    if kind == "lesson_choice":
        lessons.choose(sender, message["lesson"], message["action"])
        return Outcome({"type": "chosen", "lesson": message["lesson"], "action": message["action"]}, chose=True)
    if kind in ("open", "join", "rejoin"):
        if kind == "open":
            seating = tables.open_table(message["game"], message["players"], message["options"], message["name"])
        elif kind == "join":
            seating = tables.join(message["code"], message["name"])
        else:
            seating = tables.rejoin(message["code"], message["token"])
        answer = {"type": "seated", "code": seating.code, "seat": seating.seat, "token": seating.token,
                  "view": tables.view(seating.code, seating.seat)}
        return Outcome(answer, changed=seating.code, seating=seating)
    if kind == "games":
        return Outcome({"type": "games", "games": offered_games()})
    if kind == "watch":
        return Outcome({"type": "view", "view": tables.view(message["code"], None)}, watching=message["code"])
    if kind == "answer":
        tables.store.add_answer(message["learner"], message["notebook"], message["exercise"], message["answer"],
                                message["correct"])
        return Outcome({"type": "noted"})
    code, token = message["code"], message["token"]
    seat = tables.seat_of(code, token)
    if kind == "leave":
        tables.leave(code, token)
        return Outcome({"type": "left", "code": code}, changed=code, left=Seating(code, seat, token))
    played = len(tables.state(code).history)
    if kind == "move":
        tables.move(code, token, message["action"])
    else:
        tables.click(code, token, message["target"])   # the first click of several changes only its seat's view
    moved = len(tables.state(code).history) != played
    return Outcome({"type": "view", "view": tables.view(code, seat)}, changed=code if moved else None)
