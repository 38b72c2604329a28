"""Shared tables in plain Python (plateau_lab.classroom.tables): opening, joining, moves and
refusals, bots in the empty seats, the countdown of a learner who left, coming back, and a
restart that rebuilds every table from the database."""

from __future__ import annotations

import random

import pytest

from plateau_lab.classroom.store import Store
from plateau_lab.classroom.tables import CODE_ALPHABET, CODE_LENGTH, Refused, SharedTables, hash_token
from plateau_lab.core import GAME_NAMES, game_spec


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def short_table(tables, game, name="Ann", seed=11):
    players, options = game_spec(game).short
    return tables.open_table(game, players, options, name, seed=seed)


def act(tables, seating, rng):
    """The learner at ``seating`` makes a random move by clicks (or a button); None if not their turn."""
    view = tables.view(seating.code, seating.seat)
    if view["targets"] and (not view["buttons"] or rng.random() < 0.8):
        tables.click(seating.code, seating.token, rng.choice(view["targets"]))
    elif view["buttons"]:
        tables.move(seating.code, seating.token, rng.choice(view["buttons"])["action"])
    else:
        return None
    return True


def play_to_the_end(tables, seatings, rng, most=5000):
    """Learners in ``seatings`` click random legal parts, bots play the rest; the moves made."""
    code = seatings[0].code
    for _ in range(most):
        state = tables.state(code)
        if state.is_over:
            return len(state.history)
        if tables.play_bot(code):
            continue
        mover = next(seating for seating in seatings if seating.seat == state.current_player)
        assert act(tables, mover, rng), tables.view(code, mover.seat)["status"]
    raise AssertionError("the game did not end")


def test_a_class_plays_at_most_so_many_tables_at_once(tmp_path):
    tables = SharedTables(Store(tmp_path / "class.sqlite"), most_in_play=2)
    first, _ = short_table(tables, "syndicate", seed=1), short_table(tables, "syndicate", seed=2)
    with pytest.raises(Refused, match="The class already plays 2 tables, the most it may: join a classmate's"):
        short_table(tables, "syndicate", seed=3)
    assert len(tables.store.tables()) == 2                       # the refusal stored nothing
    bob = tables.join(first.code, "Bob")                          # joining a table in play still works
    play_to_the_end(tables, [first, bob], random.Random(1))
    assert short_table(tables, "syndicate", seed=3).code          # a game ended: a table is free again


def test_a_table_has_a_readable_code_and_learners_join_its_free_seats(tmp_path):
    tables = SharedTables(Store(tmp_path / "class.sqlite"))
    ann = short_table(tables, "coloretto")
    assert len(ann.code) == CODE_LENGTH and set(ann.code) <= set(CODE_ALPHABET) and ann.seat == 0
    bob = tables.join(ann.code.lower(), "Bob")            # the code is read aloud: any case will do
    cid = tables.join(ann.code, "Cid")
    assert (bob.seat, cid.seat) == (1, 2) and len({ann.token, bob.token, cid.token}) == 3
    with pytest.raises(Refused, match="Every seat of table .* is taken"):
        tables.join(ann.code, "Dee")
    with pytest.raises(Refused, match="There is no table 'QQQQQ'"):
        tables.join("QQQQQ", "Dee")
    for name in ("", "   ", "<b>Dee</b>", "D" * 41, None):
        with pytest.raises(Refused, match="A name is 1 to 40 letters"):
            tables.open_table("coloretto", 3, {}, name)
    assert [seat["plays"] for seat in tables.view(ann.code, 1)["seats"]] == ["learner", "you", "learner"]
    stored = Store(tmp_path / "class.sqlite").seats(ann.code)
    assert [seat.token_hash for seat in stored] == [hash_token(s.token) for s in (ann, bob, cid)]
    assert all(s.token not in repr(stored) for s in (ann, bob, cid))   # only the tokens' hashes are kept


@pytest.mark.parametrize(("game", "players", "options", "words"), [
    ("chess", 2, {}, "There is no game called 'chess'"),
    ("coloretto", 9, {}, "players"),
    ("syndicate", 3, {"target": "many"}, "Target must be a whole number"),
    ("syndicate", 3, {"colour": 1}, "colour"),
])
def test_a_table_that_cannot_be_opened_is_refused_and_nothing_is_stored(game, players, options, words):
    tables = SharedTables(Store(":memory:"))
    with pytest.raises(Refused, match=words):
        tables.open_table(game, players, options, "Ann")
    assert tables.codes() == [] and tables.store.tables() == []


def test_a_move_out_of_turn_or_against_the_rules_is_refused_naming_the_rule_and_changes_nothing():
    tables = SharedTables(Store(":memory:"))
    ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    bob = tables.join(ann.code, "Bob")
    state = tables.state(ann.code)
    with pytest.raises(Refused, match=r"Wait: it is Ann \(player 0\)'s turn"):
        tables.move(bob.code, bob.token, str(state.legal_actions()[0]))
    not_mine = state.observation(0)  # a card from Bob's hand, which Ann does not hold
    bobs_card = next(card for card in tables.state(ann.code).observation(1)["hand"] if card not in not_mine["hand"])
    with pytest.raises(Refused, match=r"^Not allowed \(.+\): "):
        tables.move(ann.code, ann.token, f"lead {bobs_card}")
    with pytest.raises(Refused, match="That is not a move of The Syndicate"):
        tables.move(ann.code, ann.token, "fly away")
    with pytest.raises(Refused, match="not the key of a seat"):
        tables.move(ann.code, "x" * 43, str(state.legal_actions()[0]))
    with pytest.raises(Refused, match="That is not a move now"):
        tables.click(ann.code, ann.token, "card Nothing")
    assert tables.state(ann.code) is state and tables.store.moves(ann.code) == []


def test_a_move_is_stored_before_it_returns_and_the_bots_play_the_empty_seats(tmp_path):
    tables = SharedTables(Store(tmp_path / "class.sqlite"))
    ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    first = str(tables.state(ann.code).legal_actions()[0])
    tables.move(ann.code, ann.token, first)
    assert [(move.index, move.action, move.seat) for move in Store(tmp_path / "class.sqlite").moves(ann.code)] == [
        (0, first, 0)]
    assert tables.bot_to_move(ann.code)
    moved = tables.play_bots(ann.code)
    state = tables.state(ann.code)
    assert moved >= 2 and state.current_player == 0 and not tables.bot_to_move(ann.code)
    seats = [move.seat for move in tables.store.moves(ann.code)]
    assert seats[:3] == [0, 1, 2] and len(seats) == 1 + moved and 0 not in seats[1:]
    assert tables.view(ann.code, 0)["status"].startswith("Your turn: ")


def test_a_move_of_several_clicks_waits_for_its_last_click_and_a_click_again_puts_it_back():
    tables = SharedTables(Store(":memory:"))
    ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    tables.click(ann.code, ann.token, "card Battle")
    view = tables.view(ann.code, 0)
    assert view["picked"] == ["card Battle"] and view["status"].startswith("Now click ")
    assert tables.view(ann.code, 1)["picked"] == []             # nobody else sees what Ann picked
    tables.click(ann.code, ann.token, "card Battle")
    assert tables.view(ann.code, 0)["picked"] == [] and tables.store.moves(ann.code) == []


def test_a_learner_who_leaves_has_a_countdown_then_a_bot_plays_the_seat_until_they_come_back():
    clock = Clock()
    tables = SharedTables(Store(":memory:"), grace=30, clock=clock)
    ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    bob = tables.join(ann.code, "Bob")
    tables.leave(ann.code, ann.token)
    clock.now += 12
    assert tables.tick() == {ann.code}
    seats = tables.view(bob.code, bob.seat)["seats"]
    assert seats[0] == {"seat": 0, "name": "Ann", "plays": "leaving", "seconds_left": 18}
    assert tables.view(bob.code, bob.seat)["status"] == (
        "Waiting for Ann (player 0) to come back: a bot takes the seat in 18 s.")
    assert not tables.bot_to_move(ann.code)                     # the game waits for the countdown
    clock.now += 18
    tables.tick()
    assert tables.view(bob.code, bob.seat)["seats"][0]["plays"] == "bot" and tables.bot_to_move(ann.code)
    assert tables.play_bot(ann.code) and tables.store.moves(ann.code)[0].seat == 0
    assert tables.tick() == set()                               # no countdown runs any more
    back = tables.rejoin(ann.code, ann.token)
    assert back.seat == 0 and tables.view(ann.code, 0)["seats"][0]["plays"] == "you"
    with pytest.raises(Refused, match="not the key of a seat"):
        tables.rejoin(ann.code, bob.token[::-1])


def test_coming_back_during_the_countdown_keeps_the_seat():
    clock = Clock()
    tables = SharedTables(Store(":memory:"), grace=30, clock=clock)
    ann = tables.open_table("coloretto", 3, {}, "Ann", seed=3)
    tables.leave(ann.code, ann.token)
    clock.now += 29
    tables.tick()
    tables.rejoin(ann.code, ann.token)
    clock.now += 100
    assert tables.tick() == set() and tables.view(ann.code, 0)["seats"][0]["plays"] == "you"


@pytest.mark.parametrize("game", GAME_NAMES)
def test_two_learners_play_a_whole_game_with_a_bot(game):
    tables = SharedTables(Store(":memory:"))
    ann = short_table(tables, game)
    bob = tables.join(ann.code, "Bob")
    moves = play_to_the_end(tables, [ann, bob], random.Random(5))
    assert moves == len(tables.store.moves(ann.code)) > 0
    assert tables.view(ann.code, 0)["status"].startswith("Game over: ")
    with pytest.raises(Refused, match="The game is over"):
        tables.move(ann.code, ann.token, "deal")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_restart_rebuilds_every_table_and_the_bots_carry_on_as_if_nothing_happened(game, tmp_path):
    """Two services play the same table (same deal, same learner's choices); one restarts from its
    database halfway: both games are the same, move for move."""
    def play(tables, code, seating, rng, moves):
        for _ in range(moves):
            if tables.state(code).is_over:
                return
            if not tables.play_bot(code):
                assert act(tables, seating, rng)

    straight = SharedTables(Store(":memory:"))
    path = tmp_path / "class.sqlite"
    restarted = SharedTables(Store(path), grace=5)
    one, other = short_table(straight, game, seed=21), short_table(restarted, game, seed=21)
    restarted.leave(other.code, other.token)                        # seats are stored too
    restarted.rejoin(other.code, other.token)
    restarted.leave(other.code, other.token)
    play(straight, one.code, one, random.Random(8), 40)
    restarted.rejoin(other.code, other.token)
    play(restarted, other.code, other, random.Random(8), 40)
    restarted.leave(other.code, other.token)
    restarted.store.close()
    again = SharedTables(Store(path), grace=5)
    assert again.codes() == [other.code]
    assert again.state(other.code) == straight.state(one.code)
    assert [str(move) for move in again.state(other.code).history] == [str(m) for m in straight.state(one.code).history]
    assert again.view(other.code, 1)["seats"][0]["plays"] == "leaving"
    again.rejoin(other.code, other.token)
    rng_straight, rng_again = random.Random(9), random.Random(9)
    play(straight, one.code, one, rng_straight, 60)
    play(again, other.code, other, rng_again, 60)
    assert again.state(other.code) == straight.state(one.code)
    assert len(again.store.moves(other.code)) == len(straight.state(one.code).history)
