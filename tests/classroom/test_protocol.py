"""The messages of the shared tables (plateau_lab.classroom.protocol): every message is checked; a
malformed, unknown, oversized or refused one is answered with a reason and changes nothing. The
parser is fuzzed with hypothesis: random bytes, random JSON, and real messages with one field
changed."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from plateau_lab.classroom.protocol import MAX_MESSAGE_BYTES, MESSAGE_TYPES, parse, respond
from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import Refused, SharedTables
from plateau_lab.core import GAME_NAMES, game_spec


def a_table():
    tables = SharedTables(Store(":memory:"), clock=lambda: 50.0)
    ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    return tables, ann


def snapshot(tables):
    """Everything a message could change: tables, seats, moves, answers, and each seat's view."""
    store = tables.store
    return (store.tables(), [(store.seats(code), store.moves(code)) for code in tables.codes()], store.answers(),
            [tables.view(code, seat) for code in tables.codes() for seat in (None, 0, 1, 2)])


def test_a_message_of_each_type_is_read_with_exactly_its_fields():
    tables, ann = a_table()
    good = {"open": {"game": "coloretto", "players": 3, "options": {"scoring": "standard"}, "name": "Bob"},
            "join": {"code": ann.code, "name": "Cid"}, "rejoin": {"code": ann.code, "token": ann.token},
            "move": {"code": ann.code, "token": ann.token, "action": "lead Battle"},
            "click": {"code": ann.code, "token": ann.token, "target": "card Battle"},
            "leave": {"code": ann.code, "token": ann.token}, "watch": {"code": ann.code.lower()},
            "answer": {"learner": "Ann", "notebook": "03_coloretto.ipynb", "exercise": "scoring", "answer": "12",
                       "correct": False},
            "listen": {"learner": "Ann"}, "lesson_choice": {"lesson": 1, "action": "lead Battle"},
            "hello": {"learner": "Ann", "key": ""}, "games": {}}
    assert set(good) == set(MESSAGE_TYPES)
    for kind, fields in good.items():
        message = parse(json.dumps({"type": kind, **fields, "id": 4}))
        assert message.pop("type") == kind and message.pop("id") == 4
        assert set(message) == set(fields)
        for field in fields:                          # every field is needed
            with pytest.raises(Refused, match=f"needs the field '{field}'"):
                parse(json.dumps({"type": kind, **{k: v for k, v in fields.items() if k != field}}))
        with pytest.raises(Refused, match="has no field 'colour'"):
            parse(json.dumps({"type": kind, **fields, "colour": "red"}))


@pytest.mark.parametrize(("raw", "reason"), [
    (b"\xff\xfe", "cannot be read as JSON"),
    ("[1, 2]", "a JSON object with a 'type'"),
    ('{"type": "fly"}', "type is one of hello, open, join"),
    ('{"type": ["join"]}', "type is one of"),
    ('{"type": "watch", "code": "AB"}', "7 letters"),
    ('{"type": "watch", "code": "BCDFG", "id": -1}', "'id' is a whole number"),
    ('{"type": "watch", "code": "BCDFG", "id": true}', "'id' is a whole number"),
    ('{"type": "join", "code": "BCDFG", "name": "<script>"}', "a name of 1 to 40 letters"),
    ('{"type": "join", "code": "BCDFG", "name": "   "}', "a name of 1 to 40 letters"),
    ('{"type": "open", "game": "syndicate", "players": 3.5, "options": {}, "name": "A"}', "whole number of players"),
    ('{"type": "open", "game": "syndicate", "players": 3, "options": {"target": NaN}, "name": "A"}', "JSON"),
    ('{"type": "open", "game": "syndicate", "players": 3, "options": {"target": [2]}, "name": "A"}', "yes/no or a word"),
    ('{"type": "open", "game": "syndicate", "players": 3, "options": {"Target": 2}, "name": "A"}', "option's name"),
    ('{"type": "move", "code": "BCDFG", "token": "short", "action": "x"}', "a seat's key"),
    ('{"type": "move", "code": "BCDFG", "token": "' + "t" * 40 + '", "action": "a\\u0000b"}', "control character"),
    ("[" * 5000 + "]" * 5000, "at most 8192 bytes"),
    ("[" * 4000 + "]" * 4000, "JSON object"),
    ('{"type": "watch", "code": "' + "B" * MAX_MESSAGE_BYTES + '"}', "at most 8192 bytes"),
])
def test_a_malformed_message_is_refused_with_a_reason_and_changes_nothing(raw, reason):
    tables, _ = a_table()
    before = snapshot(tables)
    outcome = respond(tables, raw)
    assert outcome.answer["type"] == "refused" and reason in outcome.answer["reason"], outcome.answer
    assert outcome.changed is None and snapshot(tables) == before


def test_a_refused_request_keeps_its_id_and_changes_nothing():
    tables, ann = a_table()
    before = snapshot(tables)
    answer = respond(tables, json.dumps({"type": "move", "code": ann.code, "token": ann.token, "action": "lead Nothing",
                                         "id": 9})).answer
    assert answer["type"] == "refused" and answer["id"] == 9 and "not a move of The Syndicate" in answer["reason"]
    answer = respond(tables, json.dumps({"type": "move", "code": ann.code, "token": "k" * 43, "action": "lead Battle"}))
    assert "not the key of a seat" in answer.answer["reason"] and snapshot(tables) == before


def test_a_move_is_answered_with_the_movers_view_and_the_table_must_be_shown_again():
    tables, ann = a_table()
    outcome = respond(tables, json.dumps({"type": "click", "code": ann.code, "token": ann.token,
                                          "target": "card Battle"}))
    assert outcome.answer["view"]["picked"] == ["card Battle"] and outcome.changed is None   # only Ann's view changed
    outcome = respond(tables, json.dumps({"type": "move", "code": ann.code, "token": ann.token, "action": "lead Battle"}))
    assert outcome.answer["type"] == "view" and outcome.answer["view"]["moves"] == 1 and outcome.changed == ann.code
    assert [move.action for move in tables.store.moves(ann.code)] == ["lead Battle"]


def test_an_answer_to_an_exercise_is_kept_for_the_teacher():
    tables, _ = a_table()
    outcome = respond(tables, json.dumps({"type": "answer", "learner": "Ann", "notebook": "01_syndicate.ipynb",
                                          "exercise": "who wins", "answer": "player 2", "correct": True}))
    assert outcome.answer == {"type": "noted"}
    kept = tables.store.answers(notebook="01_syndicate.ipynb")
    assert [(a.learner, a.exercise, a.answer, a.correct) for a in kept] == [("Ann", "who wins", "player 2", True)]


# ---------------------------------------------------------------- fuzzing

JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                           lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner,
                                                                                        max_size=5), max_leaves=20)
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def quick_snapshot(tables):
    """What a message could change, without drawing the pictures: the store, and each table's game and clicks."""
    store = tables.store
    return (store.tables(), [(store.seats(code), store.moves(code)) for code in tables.codes()], store.answers(),
            [(tables.state(code), dict(tables._tables[code].picked)) for code in tables.codes()])


def check_refused_or_answered(raw):
    """No exception escapes; a refusal changes nothing."""
    tables, _ = SHARED
    before = quick_snapshot(tables)
    outcome = respond(tables, raw)
    assert outcome.answer["type"] in {"refused", "seated", "view", "left", "noted", "listening"}
    json.dumps(outcome.answer)                            # the answer can be sent
    if outcome.answer["type"] == "refused":
        assert quick_snapshot(tables) == before and outcome.changed is None


SHARED = a_table()


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_are_refused(raw):
    check_refused_or_answered(raw)


@FUZZ
@given(JSON_VALUES)
def test_random_json_is_refused(value):
    check_refused_or_answered(json.dumps(value))


@FUZZ
@given(st.sampled_from(sorted(MESSAGE_TYPES)), st.data())
def test_a_real_message_with_one_field_changed_is_refused_or_carried_out_never_an_error(kind, data):
    tables, ann = SHARED
    fields = {"code": ann.code, "token": ann.token, "name": "Bob", "game": "coloretto", "players": 3, "options": {},
              "action": "lead Battle", "target": "card Battle", "learner": "Ann", "notebook": "n", "exercise": "e",
              "answer": "a", "correct": True, "lesson": 1, "key": ""}
    message = {"type": kind, **{field: fields[field] for field in MESSAGE_TYPES[kind]}}
    field = data.draw(st.sampled_from(sorted(message)))
    message[field] = data.draw(JSON_VALUES)
    check_refused_or_answered(json.dumps(message))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_any_text_as_a_move_or_a_click_is_refused_or_played_in_every_game(game):
    tables = SharedTables(Store(":memory:"))
    players, options = game_spec(game).short
    ann = tables.open_table(game, players, options, "Ann", seed=3)
    tables.play_bots(ann.code)
    legal = [str(action) for action in tables.state(ann.code).legal_actions()]
    words = st.sampled_from(legal + ["play", "bid", "take", "card", "row", "pass", "deal", "-1", "10", "  "])
    texts = st.text(max_size=60) | st.lists(words | st.text(max_size=8), max_size=6).map(" ".join)

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from(["action", "target"]), texts)
    def check(field, text):
        kind = "move" if field == "action" else "click"
        state = tables.state(ann.code)
        outcome = respond(tables, json.dumps({"type": kind, "code": ann.code, "token": ann.token, field: text}))
        assert outcome.answer["type"] in {"refused", "view"}
        if outcome.answer["type"] == "refused":
            assert tables.state(ann.code) is state
        tables.play_bots(ann.code)          # Ann's turn again for the next text (unless the game ended)

    check()
