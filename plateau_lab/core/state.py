"""The state protocol every game follows (:class:`GameState`), the moves every game shares
(:class:`Play`, :class:`Deal`), the bots' protocol (:class:`Bot`) and :func:`play_out`."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any, ClassVar, Protocol

from .checks import _action_text, check_seat
from .errors import IllegalAction, NotReplayable, short_text
from .registry import Setup, game_spec

__all__ = ["SAVE_FORMAT", "OBSERVATION_KEYS", "GameState", "cached", "Play", "Deal", "DEAL", "parse_play", "Bot", "play_out"]

SAVE_FORMAT = 1

#: The keys every observation starts with, in this order.
OBSERVATION_KEYS = ("game", "seat", "players", "current_player", "is_over", "scores", "hand", "hand_sizes",
                    "legal_actions")

def _same_move(action: Any, legal: tuple[Any, ...]) -> Any:
    """The legal move ``action`` stands for, or None.

    Equality alone is not enough for a hand-built action: ``True == 1`` and a NamedTuple equals a
    plain tuple, so the match must also be of the same class and read the same as text.
    """
    for move in legal:          # one of the state's own moves (the expert's searches pass them): found at once
        if move is action:
            return move
    for move in legal:
        if move == action:
            return move if type(move) is type(action) and str(move) == _text_or_none(action) else None
    return None


def _text_or_none(action: Any) -> str | None:
    try:
        return str(action)
    except Exception:      # a hand-built object whose text cannot be made
        return None




_FIELD_NAMES: dict[type, tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _names_of(cls: type) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(every field of a state class, the fields that make its position)."""
    names = _FIELD_NAMES.get(cls)
    if names is None:
        every = fields(cls)
        names = _FIELD_NAMES[cls] = (tuple(f.name for f in every), tuple(f.name for f in every if f.compare))
    return names


class cached(cached_property):
    """``functools.cached_property`` without the lock that Python 3.11 takes at every first read
    (Python 3.12 dropped it): a game makes a state at every move, and the lock cost more than most
    of the values it guarded. Two threads reading a value at once may both work it out; a state
    never changes, so both find the same value.

    >>> class Square:
    ...     def __init__(self, side):
    ...         self.side = side
    ...     @cached
    ...     def area(self):
    ...         print("worked out")
    ...         return self.side ** 2
    >>> square = Square(3)
    >>> square.area
    worked out
    9
    >>> square.area
    9
    """

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.attrname] = self.func(instance)
        return value


class GameState(ABC):
    """The protocol every game's state follows (see the module docstring).

    A game's ``State`` is a ``@dataclass(frozen=True, eq=False)`` (equality is the protocol's,
    defined here) with fields ``setup``, ``_history`` (the moves applied, which :attr:`history`
    reads) and ``log`` (the last two declared with ``field(compare=False)``, or as cached properties
    over such a field). It implements the rules in
    ``legal_actions``, ``_why_illegal`` and ``_after``, what a seat sees in ``_observe``, and
    makes every new state with :meth:`derive`. Values worked out from the position are cached
    with ``functools.cached_property`` (or :class:`cached`, the same without Python 3.11's lock);
    :meth:`derive` never carries a cache over.
    """

    GAME: ClassVar[str]
    setup: Setup
    _history: tuple[Any, ...]
    log: tuple[str, ...]

    @property
    def history(self) -> tuple[Any, ...]:
        """The moves from this game's first state to this one: what :meth:`states` replays and
        :meth:`to_json` saves. A game begun by ``scenario`` starts at the written position, so its
        history holds the moves since; so does an imagined position (see
        :mod:`plateau_lab.core.imagining`): its history is that of its own past, from the scenario
        of its imagined deal (the start of the game, hand or turn it belongs to) with the imagined
        moves, never the real game's, and raises :class:`NotReplayable` when it has no past. It is
        written only when asked for: the engines append to ``_history``, so playing on from an
        imagined position costs nothing more. The odds bar's copy of a position with a new seed
        (``fresh_setup``), whose cards lie as they do in the real game, keeps that game's moves."""
        origin = self.setup.origin
        return self._history if origin is None else origin.history(self)

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that acts next, or None when the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[int, ...]: ...

    @abstractmethod
    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions, in the order the game documents (part of the protocol)."""

    @abstractmethod
    def parse_action(self, text: str) -> Any: ...

    @abstractmethod
    def _why_illegal(self, action: Any) -> tuple[str, str]:
        """For a well-formed action that is not legal here: (the rule that forbids it, why)."""

    @abstractmethod
    def _after(self, action: Any) -> GameState:
        """The state after a legal action."""

    @abstractmethod
    def _observe(self, seat: int) -> dict[str, Any]:
        """The game's part of ``observation(seat)``: ``hand`` and ``hand_sizes``, then its public keys."""

    @abstractmethod
    def cards_in_game(self) -> Counter:
        """Every card of the game, counted wherever it lies; the same in every state of a game."""

    @abstractmethod
    def cards_hidden_from(self, seat: int) -> Counter:
        """The cards ``seat`` may not see now (other hands, face-down cards, unseen piles)."""

    def to_svg(self, viewer: int | None = None) -> str:
        """A picture of the state as SVG; with a viewer, as that player sees it. The game's picture
        module draws it (``GameSpec.render``, loaded when first asked for), so that a state never
        imports its pictures and the pictures may read the state's module."""
        return game_spec(self.setup.game).picture(self, viewer).svg()

    # -- one way to make states, one equality

    def derive(self, **changes: Any):
        """A new state like this one with some fields changed: the one way engines make states.

        Fields are shared, not copied (they are immutable), and no cached value is carried over.
        Naming a field the state does not have is a TypeError.
        """
        cls = type(self)
        every, _ = _names_of(cls)
        old = self.__dict__
        values = old.copy() if len(old) == len(every) else {name: old[name] for name in every}
        for name in changes:
            if name not in values:
                raise TypeError(f"{cls.__module__}.{cls.__name__} has no field {name!r}")
        values.update(changes)
        fresh = object.__new__(cls)
        object.__setattr__(fresh, "__dict__", values)
        return fresh

    def position(self) -> tuple[Any, ...]:
        """What makes this position: every field but the history and the log (see the module docstring)."""
        _, compared = _names_of(type(self))
        values = self.__dict__
        return tuple(values[name] for name in compared)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self is other or self.position() == other.position()

    def __hash__(self) -> int:
        return hash(self.position())

    # -- the rest of the protocol, the same for every game

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest score once the game is over (ties are shared)."""
        if not self.is_over:
            return ()
        best = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == best)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, in the one shape of every game: :data:`OBSERVATION_KEYS`, then the
        game's public keys. ``legal_actions`` is empty unless ``seat`` is to act."""
        seat = check_seat(seat, self.players)
        seen = {"game": self.setup.game, "seat": seat, "players": self.players,
                "current_player": self.current_player, "is_over": self.is_over, "scores": self.scores}
        own = self._observe(seat)
        seen["hand"] = own.pop("hand")
        seen["hand_sizes"] = own.pop("hand_sizes")
        seen["legal_actions"] = self.legal_actions() if self.current_player == seat else ()
        seen.update(own)
        return seen

    def apply(self, action: Any) -> GameState:
        """The state after ``action`` (an action or its text). Raises IllegalAction, changing nothing.

        Text is read with ``parse_action`` (ParseError when it cannot be read). An action object
        that is not one this game could write (wrong class, wrong field types) is refused as
        IllegalAction too: a well-formed action reads back from its own text.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self.legal_actions()
        match = _same_move(action, legal)
        if match is not None:
            return self._after(match)
        if self.is_over:
            rule, reason = "end of the game", "the game is over"
        elif not self._well_formed(action):
            rule, reason = "a move of this game", (f"{short_text(action)} is not a {self.setup.game} action; "
                                                    "write one as text, e.g. " + (str(legal[0]) if legal else "''"))
        else:
            rule, reason = self._why_illegal(action)
        raise IllegalAction(_action_text(action), rule=rule, reason=reason, legal=legal)

    def _well_formed(self, action: Any) -> bool:
        try:
            return self.parse_action(str(action)) == action
        except (ValueError, TypeError, AttributeError, LookupError, RecursionError):
            return False

    def states(self) -> list[GameState]:
        """Every state of this game from the first to this one, by replaying the history (for an
        imagined position, from the scenario of its deal; :class:`NotReplayable` if it has none)."""
        origin = self.setup.origin
        if origin is None:
            state, moves = self.setup.first_state(), self._history
        else:
            state, moves = origin.past(self)
        seen = [state]
        for action in moves:
            if origin is None:
                state = state._after(action)
            else:                       # an imagined past is checked move by move, as load_json does
                try:
                    state = state.apply(action)
                except IllegalAction as err:
                    raise NotReplayable(f"this {self.setup.game} position was imagined, and the past written for "
                                        f"it breaks a rule ({err}): a fault of the game's expert model",
                                        fault=True) from None
            seen.append(state)
        if origin is not None and state != self:
            raise NotReplayable(f"this {self.setup.game} position was imagined, and replaying the past written for "
                                "it gives another position (a fault of the game's expert model, reported instead "
                                "of another game)", fault=True)
        return seen

    def to_json(self) -> str:
        """The game as JSON: its setup and its moves as text. ``load_json`` replays it. An imagined
        position is saved as its scenario and the moves since (checked by replaying them), or
        raises :class:`NotReplayable`, never saving another game."""
        scenario, moves = self.setup.scenario, self._history
        if self.setup.origin is not None:
            first = self.states()[0]
            scenario, moves = first.setup.scenario, self.setup.origin.past(self)[1]
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.setup.game,
                "players": self.setup.players,
                "seed": self.setup.seed,
                "variant": dict(self.setup.variant),
                "rules": self.setup.rules,
                "scenario": scenario,
                "actions": [str(action) for action in moves],
            },
            indent=1,
        )

    def _repr_svg_(self) -> str:
        return self.to_svg()


@dataclass(frozen=True, slots=True)
class Play:
    """Playing one card, the move of every trick-taking game: ``play R14``, ``play Merchant``.

    >>> str(Play("21"))
    'play 21'
    """

    card: Any

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The next dealer deals the next round or hand: a move of its own, so that the finished
    round stays on the table (its last trick and scores) until somebody moves on."""

    def __str__(self) -> str:
        return "deal"


DEAL = Deal()


def parse_play(text: str, parse_card: Callable[..., Any], *, where: str) -> Play | None:
    """``Play`` for the text ``play CARD`` (any case and spacing); None when the text is not a play.

    >>> parse_play("  PLAY   21 ", lambda word, where: word.strip(), where="action")
    Play(card='21')
    """
    word, _, rest = text.strip().partition(" ")
    if word.casefold() != "play":
        return None
    return Play(parse_card(rest.strip(), where=where))


class Bot(Protocol):
    """Anything that picks a move: ``bot.choose(state) -> action`` for ``state.current_player``."""

    def choose(self, state: GameState) -> Any: ...


def play_out(state: GameState, bots: Sequence[Bot] | Mapping[int, Bot], *, max_actions: int = 100_000) -> GameState:
    """Let the bots (one per seat) play from ``state`` to the end of the game."""
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"the game did not end within {max_actions} actions")
