"""What every engine shares: the state protocol, errors, seeded randomness and JSON.

Every game lives in ``plateau_lab.games.<name>`` and offers the same small API::

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=7)
    >>> state.current_player
    0
    >>> state = state.apply(state.legal_actions()[0])   # a new state; the old one is unchanged
    >>> len(state.history)
    1

A state never changes once made. ``apply`` checks the move first and raises
:class:`IllegalAction` (naming the rule that forbids it) without touching anything,
so a notebook can keep any earlier state and step back to it.
"""

from __future__ import annotations

import importlib
import json
import random
import secrets
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

GAME_NAMES = ("syndicate", "plotters", "coloretto", "wimmuln", "le_plateau")
SAVE_FORMAT = 1


class IllegalAction(ValueError):
    """A move the rules forbid. Says which rule, why, and what would be legal.

    >>> err = IllegalAction("play Bard", rule="follow the mark",
    ...                     reason="you hold a personality", legal=["play Author"])
    >>> print(err)
    'play Bard' is illegal (follow the mark): you hold a personality. Legal now: play Author
    """

    def __init__(self, action: Any, *, rule: str, reason: str, legal: Iterable[Any] = ()):
        self.action = action
        self.rule = rule
        self.reason = reason
        self.legal = tuple(legal)
        shown = ", ".join(str(a) for a in self.legal[:40])
        if len(self.legal) > 40:
            shown += f", … ({len(self.legal)} in all)"
        super().__init__(
            f"'{action}' is illegal ({rule}): {reason}. Legal now: {shown or 'nothing'}"
        )


class ParseError(ValueError):
    """Malformed text or JSON: says where (``where``) and what (``what``).

    >>> print(ParseError("no card named 'Dragon'", where="hand 1"))
    hand 1: no card named 'Dragon'
    """

    def __init__(self, what: str, *, where: str):
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}")


def seeded_random(seed: int, *labels: object) -> random.Random:
    """A private generator for one random event of one game, derived from the game's seed.

    States never change, so they cannot carry a generator along; instead each random
    event (the deal, the third reshuffle, …) gets its own generator named by labels.
    Same seed and labels, same numbers, on every machine and Python version.

    >>> seeded_random(1, "deal").random() == seeded_random(1, "deal").random()
    True
    >>> seeded_random(1, "deal").random() == seeded_random(1, "reshuffle", 1).random()
    False
    """
    return random.Random("/".join(str(part) for part in (seed, *labels)))


def fresh_seed() -> int:
    """A seed for a game where the caller gave none (recorded, so the game still replays)."""
    return secrets.randbelow(2**32)


@dataclass(frozen=True)
class Setup:
    """Everything needed to rebuild a game's first state: the part of a save file before the moves."""

    game: str
    players: int
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    scenario: str | None = None

    def first_state(self) -> GameState:
        module = game_module(self.game)
        if self.scenario is not None:
            return module.scenario(self.scenario, seed=self.seed, **self.variant)
        return module.new_game(self.players, seed=self.seed, **self.variant)


class GameState(ABC):
    """The protocol every game's state follows (see the module docstring).

    Subclasses are frozen dataclasses that set ``setup``, ``history`` and ``log``, and
    implement the rules in ``legal_actions``, ``_why_illegal`` and ``_after``.
    """

    GAME: ClassVar[str]
    setup: Setup
    history: tuple[Any, ...]
    log: tuple[str, ...]

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
    def legal_actions(self) -> tuple[Any, ...]: ...

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: their own hand, public cards, counts of hidden ones."""

    @abstractmethod
    def parse_action(self, text: str) -> Any: ...

    @abstractmethod
    def _why_illegal(self, action: Any) -> tuple[str, str]:
        """For an action that is not legal here: (the rule that forbids it, why)."""

    @abstractmethod
    def _after(self, action: Any) -> GameState:
        """The state after a legal action."""

    @abstractmethod
    def to_svg(self, viewer: int | None = None) -> str:
        """A picture of the state; with a viewer, as that player sees it."""

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

    def apply(self, action: Any) -> GameState:
        """The state after ``action`` (an action or its text). Raises IllegalAction, changing nothing."""
        if isinstance(action, str):
            action = self.parse_action(action)
        legal = self.legal_actions()
        if action not in legal:
            if self.is_over:
                rule, reason = "end of the game", "the game is over"
            else:
                rule, reason = self._why_illegal(action)
            raise IllegalAction(action, rule=rule, reason=reason, legal=legal)
        return self._after(action)

    def states(self) -> list[GameState]:
        """Every state of this game from the first to this one, by replaying the history."""
        state = self.setup.first_state()
        seen = [state]
        for action in self.history:
            state = state._after(action)
            seen.append(state)
        return seen

    def to_json(self) -> str:
        """The game as JSON: its setup and its moves as text. ``load_json`` replays it."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.setup.game,
                "players": self.setup.players,
                "seed": self.setup.seed,
                "variant": dict(self.setup.variant),
                "scenario": self.setup.scenario,
                "actions": [str(action) for action in self.history],
            },
            indent=1,
        )

    def _repr_svg_(self) -> str:
        return self.to_svg()


class Bot(Protocol):
    """Anything that picks a move: ``bot.choose(state) -> action`` for ``state.current_player``."""

    def choose(self, state: GameState) -> Any: ...


def game_module(name: str):
    """The engine module of a game, by its name in ``GAME_NAMES``."""
    if name not in GAME_NAMES:
        raise ValueError(f"no game named {name!r}; the games are {', '.join(GAME_NAMES)}")
    return importlib.import_module(f"plateau_lab.games.{name}")


_SAVE_KEYS = {"format", "game", "players", "seed", "variant", "scenario", "actions"}


def load_json(text: str) -> GameState:
    """Rebuild a game saved with ``to_json`` by replaying its moves, checking every one.

    Anything malformed or tampered with raises ParseError saying where and what.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ParseError(err.msg, where=f"line {err.lineno}, column {err.colno}") from None
    if not isinstance(data, dict):
        raise ParseError("expected a JSON object", where="top level")
    unknown = sorted(set(data) - _SAVE_KEYS)
    missing = sorted(_SAVE_KEYS - {"variant", "scenario"} - set(data))
    if unknown:
        raise ParseError(f"unknown key(s) {', '.join(unknown)}", where="top level")
    if missing:
        raise ParseError(f"missing key(s) {', '.join(missing)}", where="top level")
    if data["format"] != SAVE_FORMAT:
        raise ParseError(f"unsupported save format {data['format']!r}", where="format")
    for key, kind in (("players", int), ("seed", int), ("actions", list)):
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise ParseError(f"expected {kind.__name__}, got {data[key]!r}", where=key)
    variant = data.get("variant") or {}
    if not isinstance(variant, dict):
        raise ParseError(f"expected an object, got {variant!r}", where="variant")
    if data["game"] not in GAME_NAMES:
        raise ParseError(f"no game named {data['game']!r}; the games are {', '.join(GAME_NAMES)}", where="game")
    setup = Setup(data["game"], data["players"], data["seed"], variant, data.get("scenario"))
    try:
        state = setup.first_state()
    except (TypeError, ValueError) as err:
        raise ParseError(str(getattr(err, "what", err)), where=_setup_fault(setup, err)) from None
    if state.players != data["players"]:
        raise ParseError(
            f"the scenario has {state.players} players, not {data['players']}", where="players"
        )
    for index, text_action in enumerate(data["actions"]):
        where = f"actions[{index}]"
        if not isinstance(text_action, str):
            raise ParseError(f"expected the text of an action, got {text_action!r}", where=where)
        try:
            state = state.apply(text_action)
        except (IllegalAction, ValueError) as err:
            raise ParseError(f"{text_action!r}: {err}", where=where) from None
    return state


def _setup_fault(setup: Setup, err: Exception) -> str:
    """Which part of a save made its first state fail: the scenario, the players or the variant."""
    if setup.scenario is not None:
        return f"scenario: {err.where}" if isinstance(err, ParseError) else "scenario"
    try:
        Setup(setup.game, setup.players, setup.seed).first_state()
    except (TypeError, ValueError):
        return "players"
    return "variant"


def play_out(state: GameState, bots: Sequence[Bot] | Mapping[int, Bot], *, max_actions: int = 100_000) -> GameState:
    """Let the bots (one per seat) play from ``state`` to the end of the game."""
    for _ in range(max_actions):
        if state.is_over:
            return state
        state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"the game did not end within {max_actions} actions")


def scenario_fields(text: str, *, known: Callable[[str], bool], expected: str) -> dict[str, tuple[int, str]]:
    """Read a scenario's ``key: value`` lines into {key: (line number, value)}.

    Keys are lower-cased with their spacing folded; ``#`` starts a comment; blank lines are skipped.
    A line without a colon, an unknown key (``known(key)`` is false) or a key given twice raises
    ParseError naming the line; ``expected`` describes the keys for that message.

    >>> scenario_fields("Hand  0: Sea  # a Crown\\n\\nscores: 1 2 3", known=lambda k: True, expected="")
    {'hand 0': (1, 'Sea'), 'scores': (3, '1 2 3')}
    """
    fields: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, colon, value = line.partition(":")
        key = " ".join(key.split()).lower()
        if not colon or not known(key):
            raise ParseError(f"expected 'key: value' with {expected}; got {raw.strip()!r}", where=f"line {number}")
        if key in fields:
            raise ParseError(f"{key!r} is given twice (first on line {fields[key][0]})", where=f"line {number}")
        fields[key] = (number, value.strip())
    return fields


def parse_choice(text: str, options: Mapping[str, Any], *, kind: str, where: str) -> Any:
    """Look ``text`` up among ``options`` (case and spacing ignored); a ParseError lists them."""
    key = " ".join(text.split()).casefold()
    for name, value in options.items():
        if name.casefold() == key:
            return value
    names = ", ".join(options)
    raise ParseError(f"no {kind} {text.strip()!r}; expected one of: {names}", where=where)
