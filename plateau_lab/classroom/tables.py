"""Shared tables: learners in a class at one game, each at a seat of their own, bots in the others.

:class:`SharedTables` holds every table of the class, in plain Python: its only input and output
is the :class:`~plateau_lab.classroom.store.Store`, so it is tested without a network. A learner
opens a table and gets a short code to read aloud; classmates join with the code; every seat no
learner holds is played by a bot. Each seat has a secret token: only its holder can move for it,
and comes back to it with the token after closing the page::

    >>> tables = SharedTables(Store(":memory:"), clock=lambda: 100.0)
    >>> ann = tables.open_table("syndicate", 3, {"target": 2}, "Ann", seed=7)
    >>> bob = tables.join(ann.code, "Bob")
    >>> ann.seat, bob.seat, len(ann.code)
    (0, 1, 7)
    >>> [(seat["name"], seat["plays"]) for seat in tables.view(ann.code, 0)["seats"]]
    [('Ann', 'you'), ('Bob', 'learner'), ('a bot', 'bot')]
    >>> tables.view(ann.code, 0)["status"]
    'Your turn: click a card in your hand.'
    >>> tables.view(ann.code, 1)["status"]
    'Ann (player 0) is to play.'

Each seat's view holds the picture in words for a screen reader, made from that seat's observation
alone (its own hand, how many cards the others hold), the learners called by their names::

    >>> tables.view(ann.code, 1)["words"][2]
    'Cards in the other hands: Ann holds 5, player 2 holds 3.'

A move is checked by the game's engine; one the rules forbid is refused with the rule's name and
changes nothing. A move is stored before :meth:`SharedTables.move` returns::

    >>> tables.move(ann.code, ann.token, "lead Nothing")
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: That is not a move of The Syndicate: ...
    >>> tables.click(ann.code, ann.token, "card Battle")
    >>> tables.view(ann.code, 0)["buttons"][0]
    {'action': 'lead Battle', 'words': 'lead Battle with no face-down card'}

Bots move when the service asks (:meth:`SharedTables.play_bot`), one move at a time, so that it
can pace them. A learner who leaves (or loses the connection) keeps the seat for ``grace``
seconds, shown as a countdown at every seat; then a bot plays it until the learner comes back with
the token (:meth:`SharedTables.rejoin`).

Restarting is rebuilding: ``SharedTables(store)`` replays every stored table's moves through the
engine and the bots carry on, as their choices depend only on the table's deal number and the
move's place in the game. A stored table that cannot be replayed (its moves no longer follow the
rules) is set aside and named (:attr:`SharedTables.set_aside`) while every other table plays on.
No page is connected to a table just rebuilt: :meth:`SharedTables.pages_gone` starts every
learner's countdown, so a seat whose page does not come back goes to a bot. A table whose learners
have all been gone for ``abandon`` seconds ends and frees its place, as does one the teacher ends
(:meth:`SharedTables.end`).

Fair shares: a learner holds seats at MOST_TABLES_PER_LEARNER tables in play at once, and one seat
at a table::

    >>> tables.join(ann.code, "Ann")
    Traceback (most recent call last):
    ...
    plateau_lab.classroom.tables.Refused: You already sit at table ... as player 0: ...
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..core import (SEED_LIMIT, GameState, IllegalAction, ParseError, check_whole, game_module, game_spec,
                    short_text)
from ..core.clicks import Clicks
from ..core.registry import game_names
from ..lab.bots import make_bot
from ..lab.consistency import cards_in
from ..core.table_words import onlooker_words, table_words, target_labels
from .store import SeatRecord, Store, TableRecord

__all__ = ["ABANDON_SECONDS", "BOT", "CODE_ALPHABET", "CODE_LENGTH", "GRACE_SECONDS", "LOG_LINES",
           "MOST_TABLES_IN_PLAY", "MOST_TABLES_PER_LEARNER", "NoSuchTable", "Refused", "Seating", "SharedTables", "bot_seed",
           "hash_token", "names_card", "new_code"]

#: The letters of a table's code: capitals a learner reads aloud without mixing them up (no vowel,
#: so no word is spelled; no I, L, O, Q, S, Z next to 1, 0, 5, 2).
CODE_ALPHABET = "BCDFGHJKMNPRTVWX"
#: Seven of them: 16**7 = 268 million codes, so that with 100 tables in play and wrong codes slowed
#: (:class:`~plateau_lab.classroom.limits.CodeGuesses`: 720 an hour for the whole class), guessing a
#: live code in a two-hour lesson has a chance of about 1 in 1,800.
CODE_LENGTH = 7
#: How long a learner who left keeps the seat before a bot takes it, in seconds.
GRACE_SECONDS = 30.0
#: The log lines a view shows: the table's most recent.
LOG_LINES = 12
#: The bot that plays the seats no learner holds.
BOT = "heuristic"
#: The most tables a class plays at once (a class of 30 fills about 8; bots play every table's empty
#: seats on the service's one event loop, so a page opening table after table must not take it over).
MOST_TABLES_IN_PLAY = 100
#: The most tables in play one learner holds a seat at (a page must not take the class's tables).
MOST_TABLES_PER_LEARNER = 3
#: A table whose learners have all been gone this long (seconds) ends, and frees its place.
ABANDON_SECONDS = 600.0
#: The seeds of the bots stay below this (the table's deal number is drawn below it too).
_SEED_ROOM = 2**53


class Refused(ValueError):
    """A request the tables refuse, with the reason in words for the learner (``reason``)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class NoSuchTable(Refused):
    """A table code no table has (a page trying codes is slowed: :mod:`~plateau_lab.classroom.limits`)."""


@dataclass(frozen=True)
class Seating:
    """Where a learner sits: the table's code, the seat, and the seat's secret token (to keep)."""

    code: str
    seat: int
    token: str


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256 (a token is 32 random bytes, so no salt
    or slow hash is needed to keep it secret).

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode()).hexdigest()


def new_code(taken: Callable[[str], bool]) -> str:
    """A table code of CODE_LENGTH letters of CODE_ALPHABET that ``taken`` says is free.

    >>> code = new_code(lambda code: False)
    >>> len(code), set(code) <= set(CODE_ALPHABET)
    (7, True)
    """
    for _ in range(1000):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code
    raise RuntimeError("no free table code: the class has too many tables")


def bot_seed(table_seed: int, seat: int, move_index: int) -> int:
    """The seed of the bot that makes move ``move_index`` for ``seat``: the same after a restart.

    >>> bot_seed(7, 2, 10) == bot_seed(7, 2, 10) != bot_seed(7, 2, 11)
    True
    """
    return (table_seed * 1_000_003 + move_index * 7919 + seat) % SEED_LIMIT


def names_card(line: str, card: str) -> bool:
    """Whether a log line names the card ``card`` as a word of its own (not part of another word,
    nor a count of cards, points or times). A card named by a number alone (Le Plateau's trumps)
    cannot be told from the scores, values and players' numbers a line holds, so it never counts
    as named: those games' pictures are checked instead (tests/classroom/test_hidden_cards.py).

    >>> names_card("Player 1 plays 10C.", "10C"), names_card("Player 1 plays 10C.", "10")
    (True, False)
    >>> names_card("Player 0 takes the row: orange, blue.", "blue"), names_card("2 blue cards", "blue")
    (True, True)
    >>> names_card("Points: -39, +13; scores: -39, 13.", "13")
    False
    """
    if card.isdigit():
        return False
    pattern = rf"(?<![\w+-]){re.escape(card)}(?![\w+-]| times?\b| points?\b)"
    return re.search(pattern, line) is not None


@dataclass
class _Table:
    """A table in memory: its setup, seats, the game as it stands and the state before the last move."""

    record: TableRecord
    seats: list[SeatRecord]
    state: GameState
    before: GameState | None = None
    picked: dict[int, tuple[str, ...]] = field(default_factory=dict)   # a seat's clicks so far of a move
    #: The names of the cards each seat has seen so far (in its observation at some step).
    seen: list[set[str]] = field(default_factory=list)
    #: Why the table ended before its game did (None: it plays on, or its game ended).
    ended: str | None = None

    def __post_init__(self):
        #: The lines of the setup's log (before any move), which say what everyone is told.
        self.setup_lines = len(self.state.log)      # a table is made at its game's first state
        if not self.seen:
            self.seen = [set() for _ in range(self.state.players)]
            self.saw(self.state)

    def saw(self, state: GameState) -> None:
        """Remember the cards each seat sees in ``state``."""
        card_type = game_module(state.setup.game).Card
        for seat, seen in enumerate(self.seen):
            observed = state.observation(seat)
            del observed["legal_actions"]
            seen.update(str(card) for card in cards_in(observed, card_type))


class SharedTables:
    """Every shared table of a class, kept in ``store`` (see the module docstring).

    ``grace`` is how long, in seconds, a learner who left keeps the seat before a bot takes it;
    ``abandon`` how long a table whose learners all left lives on; ``clock()`` gives the time in
    seconds (``time.time`` by default: the countdowns survive a restart).
    """

    def __init__(self, store: Store, *, grace: float = GRACE_SECONDS, clock: Callable[[], float] = time.time,
                 most_in_play: int = MOST_TABLES_IN_PLAY, abandon: float = ABANDON_SECONDS):
        for name, seconds in (("grace", grace), ("abandon", abandon)):
            if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 <= seconds <= 86400:
                raise ValueError(f"{name} is a number of seconds from 0 to 86400, not {seconds!r}")
        self.store, self.grace, self.abandon, self.clock = store, float(grace), float(abandon), clock
        self.most_in_play = check_whole(most_in_play, name="most_in_play", low=1)
        self._tables: dict[str, _Table] = {}
        #: The stored tables that cannot be replayed: code -> why, in words (they are not played).
        self.set_aside: dict[str, str] = {}
        ended = store.ended_tables()
        for record in store.tables():
            if record.game not in game_names():      # kept as it is: a restart given the game's file plays it again
                self.set_aside[record.code] = (f"it cannot be replayed (its game {record.game!r} is not loaded: "
                                               "start the service with --games and the file of class games that "
                                               "defines it)")
                continue
            try:
                table = self._rebuilt(record)
            except (RuntimeError, IllegalAction, ParseError, ValueError, TypeError, KeyError) as err:
                why = f"it cannot be replayed ({short_text(str(err))})"
                self.set_aside[record.code] = why
                if record.code not in ended:
                    store.end_table(record.code, why, self.clock())
                continue
            table.ended = ended.get(record.code)
            self._tables[record.code] = table

    def _rebuilt(self, record: TableRecord) -> _Table:
        """A stored table replayed from its setup through every stored move."""
        state = game_spec(record.game).new_game(record.players, seed=record.seed, **record.options)
        before = None
        table = _Table(record, self.store.seats(record.code), state)
        for move in self.store.moves(record.code):
            if move.index != len(state.history) or move.seat != state.current_player:
                raise RuntimeError(f"table {record.code}: stored move {move.index} ({move.action}) by seat "
                                   f"{move.seat} does not follow the game")
            before, state = state, state.apply(move.action)
            table.saw(state)
        table.before, table.state = before, state
        return table

    # ---------------------------------------------------------------- sitting down and leaving

    def open_table(self, game: str, players: int, options: Mapping[str, Any], name: str, *,
                   seed: int | None = None) -> Seating:
        """A new table of ``game`` for ``players`` with the rule ``options``; the learner ``name``
        sits at seat 0, bots at the others until classmates join. The deal is shuffled from ``seed``
        (a fresh random number unless given: tests give one). At most ``most_in_play`` tables are
        played at once."""
        name = _learner_name(name)
        self._check_share(name)
        if sum(self._in_play(table) for table in self._tables.values()) >= self.most_in_play:
            raise Refused(f"The class already plays {self.most_in_play} tables, the most it may: join a "
                          "classmate's table with its code, or open one once a game has ended.")
        if game not in game_names():
            raise Refused(f"There is no game called {short_text(game)!r} here; the games are "
                          f"{', '.join(game_names())}.")
        spec = game_spec(game)
        try:
            players = spec.check_players(players)
            options = spec.check_variant(options)
        except (ValueError, TypeError) as err:
            raise Refused(_sentence(str(err))) from None
        if seed is None:
            seed = secrets.randbelow(_SEED_ROOM)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _SEED_ROOM:
            raise ValueError(f"seed is a whole number from 0 to {_SEED_ROOM - 1}, not {seed!r}")
        state = spec.new_game(players, seed=seed, **options)
        code = new_code(lambda code: code in self._tables or code in self.set_aside)
        token = secrets.token_urlsafe(32)
        record = TableRecord(code, game, players, options, seed, self.clock())
        hashes = [hash_token(token)] + [None] * (players - 1)
        self.store.add_table(record, hashes, [name] + [None] * (players - 1))
        self._tables[code] = _Table(record, self.store.seats(code), state)
        return Seating(code, 0, token)

    def join(self, code: str, name: str) -> Seating:
        """Sit the learner ``name`` at the first seat of table ``code`` that no learner holds."""
        name = _learner_name(name)
        table = self._table(code)
        self._check_playing(table)
        mine = [seat for seat in table.seats if seat.state != "open" and seat.learner == name]
        if mine:
            raise Refused(f"You already sit at table {table.record.code} as player {mine[0].seat}: one seat a "
                          "learner. Come back to that seat with its key, or join another table.")
        free = [seat for seat in table.seats if seat.state == "open"]
        if free:
            self._check_share(name)
        if not free:
            raise Refused(f"Every seat of table {table.record.code} is taken by a learner.")
        token = secrets.token_urlsafe(32)
        self._set_seat(table, replace(free[0], token_hash=hash_token(token), learner=name, state="human", since=None))
        return Seating(table.record.code, free[0].seat, token)

    def rejoin(self, code: str, token: str) -> Seating:
        """Give the learner with ``token`` their seat back (from a bot, or during the countdown)."""
        table = self._table(code)
        seat = self._seat_of(table, token)
        if table.seats[seat].state != "human":
            self._set_seat(table, replace(table.seats[seat], state="human", since=None))
        return Seating(table.record.code, seat, token)

    def leave(self, code: str, token: str) -> None:
        """The learner with ``token`` leaves (or lost the connection): the countdown starts, then a
        bot plays the seat until they come back."""
        table = self._table(code)
        seat = self._seat_of(table, token)
        if table.seats[seat].state == "human":
            table.picked.pop(seat, None)
            self._set_seat(table, replace(table.seats[seat], state="leaving", since=self.clock()))

    def pages_gone(self) -> None:
        """No page is connected (the service just started): every learner's countdown starts, as
        when a page closes, so a seat whose page does not come back goes to a bot."""
        for table in self._tables.values():
            for seat in table.seats:
                if seat.state == "human" and self._in_play(table):
                    self._set_seat(table, replace(seat, state="leaving", since=self.clock()))

    def tick(self) -> set[str]:
        """Hand to a bot every seat whose countdown ran out, and end every table whose learners
        have all been gone ``abandon`` seconds; the codes of the tables where a countdown runs or
        ran out, or that ended (their views changed)."""
        now, changed = self.clock(), set()
        for code, table in self._tables.items():
            if not self._in_play(table):
                continue
            for seat in table.seats:
                if seat.state != "leaving":
                    continue
                changed.add(code)
                if now - (seat.since or now) >= self.grace:
                    self._set_seat(table, replace(seat, state="bot"))
            learners = [seat for seat in table.seats if seat.state != "open"]
            if learners and all(seat.state == "bot" and now - (seat.since or now) >= self.abandon for seat in learners):
                self._end(table, f"every learner at it had been gone for {round(self.abandon / 60)} minutes")
                changed.add(code)
        return changed

    def end(self, code: str) -> None:
        """The teacher ends table ``code``: it plays no more and frees its place (its moves stay)."""
        table = self._table(code)
        if not self._in_play(table):
            raise Refused(f"Table {table.record.code} has ended already.")
        self._end(table, "your teacher ended it")

    def free_seat(self, code: str, seat: int) -> None:
        """The teacher frees seat ``seat`` of table ``code``: a bot plays it, and any learner may join it
        (its key no longer opens it)."""
        table = self._table(code)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(table.seats):
            raise Refused(f"Table {table.record.code} has players 0 to {len(table.seats) - 1}.")
        if table.seats[seat].state == "open":
            raise Refused(f"No learner holds player {seat}'s seat at table {table.record.code}.")
        table.picked.pop(seat, None)
        self._set_seat(table, SeatRecord(seat, None, None, "open", None))

    def _end(self, table: _Table, why: str) -> None:
        self.store.end_table(table.record.code, why, self.clock())
        table.ended = why
        table.picked.clear()

    @staticmethod
    def _in_play(table: _Table) -> bool:
        return table.ended is None and not table.state.is_over

    def _check_playing(self, table: _Table) -> None:
        if table.ended is not None:
            raise Refused(f"Table {table.record.code} has ended: {table.ended}.")

    def _check_share(self, name: str) -> None:
        """Refused when ``name`` holds seats at MOST_TABLES_PER_LEARNER tables in play already."""
        holding = [table for table in self._tables.values() if self._in_play(table)
                   and any(seat.learner == name and seat.state != "open" for seat in table.seats)]
        if len(holding) >= MOST_TABLES_PER_LEARNER:
            raise Refused(f"You sit at {len(holding)} tables in play already, the most a learner may: finish or "
                          "leave one first (" + ", ".join(table.record.code for table in holding) + ").")

    # ---------------------------------------------------------------- moves

    def move(self, code: str, token: str, action: str) -> None:
        """Play ``action`` (its text) for the learner with ``token``; stored before this returns.
        A move out of turn, unreadable or against the rules is refused (Refused) and nothing changes."""
        table = self._table(code)
        seat = self._seat_of(table, token)
        self._check_playing(table)
        state = table.state
        if state.is_over:
            raise Refused("The game is over.")
        if state.current_player != seat:
            raise Refused(f"Wait: it is {self._who(table, state.current_player)}'s turn.")
        if not isinstance(action, str) or not action.strip():
            raise Refused("A move is written as text, for example " + str(state.legal_actions()[0]) + ".")
        try:
            after = state.apply(action)
        except IllegalAction as err:
            raise Refused(f"Not allowed ({err.rule}): {_sentence(err.reason)}") from None
        except ParseError as err:
            raise Refused(f"That is not a move of {game_spec(table.record.game).title}: {_sentence(str(err))}") from None
        self._played(table, seat, after)

    def click(self, code: str, token: str, target: str) -> None:
        """A click of the learner with ``token`` on a part of the picture (``card 7H``): a move once
        its clicks are complete, else the next click of a move of several (the same part again puts
        it back); a click that makes no move is refused and forgets the clicks so far."""
        table = self._table(code)
        seat = self._seat_of(table, token)
        self._check_playing(table)
        state, view = table.state, game_spec(table.record.game).table_view()
        if state.is_over or state.current_player != seat:
            raise Refused("The game is over." if state.is_over else
                          f"Wait: it is {self._who(table, state.current_player)}'s turn.")
        legal = state.legal_actions()
        step = Clicks.of(legal, view.clicks, table.picked.get(seat, ())).click(target)
        if step.kind == "picked":
            table.picked[seat] = step.picked
            return
        table.picked.pop(seat, None)
        if step.kind == "move":
            self._played(table, seat, state.apply(step.move))
        elif step.kind == "no move":
            raise Refused(f"That is not a move now: {_prompt(view, legal, ())}")

    def bot_to_move(self, code: str) -> bool:
        """Whether a bot is to move at table ``code`` (its seat is open, or its learner's countdown ran out)."""
        table = self._table(code)
        return self._in_play(table) and table.seats[table.state.current_player].state in ("open", "bot")

    def play_bot(self, code: str) -> bool:
        """The bot to move at table ``code`` makes its move (stored); False when no bot is to move."""
        if not self.bot_to_move(code):
            return False
        table = self._table(code)
        state, seat = table.state, table.state.current_player
        bot = make_bot(table.record.game, BOT, bot_seed(table.record.seed, seat, len(state.history)))
        self._played(table, seat, state.apply(bot.choose(state)))
        return True

    def play_bots(self, code: str, most: int = 100_000) -> int:
        """Let the bots move until a learner is to act or the game ends (at most ``most`` moves); how many moved."""
        moved = 0
        while moved < most and self.play_bot(code):
            moved += 1
        return moved

    def _played(self, table: _Table, seat: int, after: GameState) -> None:
        """Store the move that led to ``after`` (committed), then make it the table's state."""
        index = len(table.state.history)
        self.store.add_move(table.record.code, index, str(after.history[index]), seat)
        table.before, table.state = table.state, after
        table.picked.clear()
        table.saw(after)

    # ---------------------------------------------------------------- what a seat sees

    def codes(self) -> list[str]:
        """The codes of every table, oldest first (not those set aside)."""
        return list(self._tables)

    def seats_seen(self, code: str) -> list[dict[str, Any]]:
        """Who sits where at table ``code``, as an onlooker's view shows it (no picture drawn)."""
        return self._seats(self._table(code), None)

    def in_play(self, code: str) -> bool:
        """Whether table ``code`` plays on (its game is not over and it has not ended)."""
        return self._in_play(self._table(code))

    def ended(self, code: str) -> str | None:
        """Why table ``code`` ended before its game did (None: it did not)."""
        return self._table(code).ended

    def state(self, code: str) -> GameState:
        """The game at table ``code`` as it stands (every card: never for a learner's eyes)."""
        return self._table(code).state

    def seat_of(self, code: str, token: str) -> int:
        """The seat whose token is ``token`` at table ``code`` (Refused when none is)."""
        return self._seat_of(self._table(code), token)

    def view(self, code: str, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees at table ``code``, as plain JSON values; ``seat=None`` an onlooker,
        who sees every hand face down. Nothing in it is hidden from that seat: the picture is the
        game's own for that seat, the log lines name no card the seat cannot see.

        Keys: ``code``, ``game`` (its title), ``seat``, ``picture`` (SVG), ``targets`` (the parts
        the seat may click next), ``picked`` (its clicks so far of a move), ``buttons`` (the moves
        made with a button: ``action`` to send, ``words`` to show), ``status`` (a sentence),
        ``seats`` (``seat``, ``name``, ``plays``: you, learner, bot or leaving; ``seconds_left``
        of a countdown), ``scores``, ``log`` (the recent lines), ``moves`` (played so far), ``over``;
        ``words``, the picture in words for a screen reader, made from the seat's observation as a
        play table's are (:func:`~plateau_lab.core.table_words.table_words`, the learners called by
        their names; an onlooker's: :func:`~plateau_lab.core.table_words.onlooker_words`),
        and ``labels``, what a screen reader says for each target (its card or move in words).
        """
        table = self._table(code)
        state, spec = table.state, game_spec(table.record.game)
        view = spec.table_view()
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players):
            raise ValueError(f"seat is one of 0 to {state.players - 1} or None (an onlooker), not {seat!r}")
        picture = view.covered(state, table.before) if seat is None else view.picture(state, seat, table.before)
        mine = seat is not None and self._in_play(table) and state.current_player == seat \
            and table.seats[seat].state == "human"
        legal = state.legal_actions() if mine else ()
        picked = table.picked.get(seat, ()) if mine else ()
        clicks = Clicks.of(legal, view.clicks, picked)
        buttons = [{"action": str(action), "words": spec.words(action)} for action in clicks.buttons()]
        seen = state.observation(seat) if seat is not None else None
        return {"code": table.record.code, "game": spec.title, "seat": seat, "picture": picture.svg(),
                "words": list(table_words(seen, self.names(code)) if seen is not None
                              else onlooker_words(state, self.names(code))),
                "labels": target_labels(legal, view.clicks, spec.words, seen["hand"], picked) if seen is not None else {},
                "targets": clicks.targets(), "picked": list(picked), "buttons": buttons,
                "status": self._status(table, seat, legal, picked), "seats": self._seats(table, seat),
                "scores": list(state.scores), "log": self._log(table, seat), "moves": len(state.history),
                "over": state.is_over, "ended": table.ended}

    def _status(self, table: _Table, seat: int | None, legal: tuple, picked: tuple[str, ...]) -> str:
        state = table.state
        if table.ended is not None:
            return f"This table has ended ({table.ended}): open or join another one."
        if state.is_over:
            winners = state.winners
            if seat in winners:
                return "Game over: you win." if len(winners) == 1 else "Game over: you share the win."
            return "Game over: " + " and ".join(self._who(table, winner) for winner in winners) + \
                (" wins." if len(winners) == 1 else " share the win.")
        if legal:
            view = game_spec(table.record.game).table_view()
            return ("Now " if picked else "Your turn: ") + _prompt(view, legal, picked)
        to_move = table.seats[state.current_player]
        if to_move.state == "leaving":
            return (f"Waiting for {self._who(table, to_move.seat)} to come back: a bot takes the seat in "
                    f"{self._seconds_left(to_move)} s.")
        if to_move.state in ("open", "bot"):
            return f"A bot is playing for player {to_move.seat}."
        return _sentence(f"{self._who(table, to_move.seat)} is to play")

    def _seats(self, table: _Table, seat: int | None) -> list[dict[str, Any]]:
        shown = []
        for other in table.seats:
            plays = ("you" if other.seat == seat and other.state != "bot" else
                     "bot" if other.state in ("open", "bot") else "leaving" if other.state == "leaving" else "learner")
            shown.append({"seat": other.seat, "name": other.learner if other.state != "open" else "a bot",
                          "plays": plays,
                          "seconds_left": self._seconds_left(other) if other.state == "leaving" else None})
        return shown

    def names(self, code: str) -> dict[int, str]:
        """The learners' names at table ``code`` by seat, as the table shows them (a bot has none)."""
        return {other.seat: other.learner for other in self._table(code).seats
                if other.state not in ("open", "bot") and other.learner}

    def _log(self, table: _Table, seat: int | None) -> list[str]:
        """The table's recent log lines, less any line of a move naming a card hidden from ``seat``
        that it has never seen (the games' logs name only cards played face up; this keeps it so
        whatever a game's log says); the setup's lines are what everyone is told (they may name
        colours in play, which are cards' names too). An onlooker has seen only what every seat has."""
        state = table.state
        hidden = state.cards_hidden_from(seat) if seat is not None else _hidden_from_everyone(state)
        seen = table.seen[seat] if seat is not None else set.intersection(*table.seen)
        unseen = {str(card) for card in hidden} - seen
        first = max(0, len(state.log) - LOG_LINES)
        return [line for at, line in enumerate(state.log[first:], first)
                if at < table.setup_lines or not any(names_card(line, card) for card in unseen)]

    def _seconds_left(self, seat: SeatRecord) -> int:
        return max(0, round(self.grace - (self.clock() - (seat.since or 0.0))))

    @staticmethod
    def _who(table: _Table, seat: int) -> str:
        learner = table.seats[seat]
        return f"{learner.learner} (player {seat})" if learner.state != "open" and learner.learner else f"player {seat}"

    # ---------------------------------------------------------------- lookups

    def _table(self, code: Any) -> _Table:
        if not isinstance(code, str):
            raise Refused(f"A table's code is {CODE_LENGTH} letters.")
        table = self._tables.get(code.strip().upper())
        if table is None and code.strip().upper() in self.set_aside:
            raise Refused(f"Table {code.strip().upper()} is set aside: {self.set_aside[code.strip().upper()]}. "
                          "Your teacher can tell you more; open or join another table.")
        if table is None:
            raise NoSuchTable(f"There is no table {short_text(code)!r}: check the code's letters.")
        return table

    @staticmethod
    def _seat_of(table: _Table, token: Any) -> int:
        if isinstance(token, str):
            given = hash_token(token)
            for seat in table.seats:
                if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, given):
                    return seat.seat
        raise Refused(f"That is not the key of a seat at table {table.record.code}.")

    def _set_seat(self, table: _Table, seat: SeatRecord) -> None:
        self.store.set_seat(table.record.code, seat)
        table.seats[seat.seat] = seat


def _learner_name(name: Any) -> str:
    """A learner's name as the other seats will read it: 1 to 40 letters, digits, spaces, . ' - _."""
    if not isinstance(name, str) or not re.fullmatch(r"[\w .'-]{1,40}", name) or not name.strip():
        raise Refused("A name is 1 to 40 letters, digits, spaces, dots, dashes or apostrophes.")
    return name.strip()


def _hidden_from_everyone(state: GameState):
    """The cards an onlooker may not see: those hidden from any seat."""
    hidden = state.cards_hidden_from(0)
    for seat in range(1, state.players):
        hidden |= state.cards_hidden_from(seat)
    return hidden


def _prompt(view, legal: tuple, picked: tuple[str, ...]) -> str:
    """What the seat may do now, in words: the kinds of parts to click next, or a button."""
    clicks = Clicks.of(legal, view.clicks, picked)
    targets = clicks.targets()
    kinds = list(dict.fromkeys(view.words_for(target.split(" ", 1)[0]) for target in targets))
    if not kinds:
        return "press a button."
    back = " (or the picked one again to put it back)" if picked and not set(picked) & set(targets) else ""
    return "click " + " or ".join(kinds) + back + (", or press a button." if clicks.buttons() else ".")


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")
