"""The registry: every game's :class:`GameSpec` (its players, rule options, bots and the modules of
its higher layers), the rule options (:class:`Option`), rule-set names and a game's :class:`Setup`."""

from __future__ import annotations

import importlib
import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .bots import RandomBot
from .checks import _range_text, check_seed, check_whole
from .errors import quoted, short_text

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["GAME_NAMES", "Option", "GameSpec", "game_spec", "RULES_NAME", "STANDARD", "rule_set_name", "check_rules_name", "game_module", "game_names", "register", "Setup"]

#: The registry: every game's package name, in the order the notebooks teach them. A new game
#: is its own package ``plateau_lab.games.<name>`` with a ``SPEC``, plus its name here.
GAME_NAMES = ("syndicate", "plotters", "coloretto", "wimmuln", "le_plateau", "oh_hell")
#: The games registered while the program runs (a game described with ``plateau_lab.kit``), by name:
#: each an object with the package's API (``SPEC``, ``new_game``, ``scenario``).
_REGISTERED: dict[str, Any] = {}

@dataclass(frozen=True)
class Option:
    """One of a game's rule options (a variant): its name, default, and the values it allows.

    ``kind`` is ``bool``, ``int``, ``str`` or ``tuple``. Whole numbers are bounded by ``low`` and
    ``high`` (bounds that keep every game finite); ``choices`` lists the allowed values when they are
    few; ``none`` means None is allowed, standing for "the rules' own choice for this set-up";
    ``check`` further validates a value (raising ValueError) and may return it normalised.

    A ``tuple`` rule is a table of whole numbers (a scoring table): each number within ``low`` and
    ``high``, and ``shortest`` to ``longest`` numbers (a list, as a save file writes it, is read as
    a tuple). ``played`` names the values the soak and the property tests play, when the default
    and the lowest bound would not make a playable game with every other rule at its default.

    >>> Option("target", 12, int, "points to win", low=1, high=50).validate(10**9)
    Traceback (most recent call last):
    ValueError: target must be a whole number from 1 to 50, not 1000000000
    >>> Option("golden_joker", False, bool, "").validate("no")
    Traceback (most recent call last):
    TypeError: golden_joker must be true or false, not 'no' (a str)
    >>> table = Option("points", (1, 3, 6), tuple, "points per count", low=0, high=99, shortest=1, longest=10)
    >>> table.validate([1, 3, 6, 10])
    (1, 3, 6, 10)
    >>> table.validate(())
    Traceback (most recent call last):
    ValueError: points must be a table of 1 to 10 whole numbers, not ()
    >>> table.validate((1, 300))
    Traceback (most recent call last):
    ValueError: points must be a table of whole numbers from 0 to 99: its number 2 is 300
    """

    name: str
    default: Any
    kind: type
    doc: str
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    none: bool = False
    check: Callable[[Any], Any] | None = None
    shortest: int = 0
    longest: int | None = None
    played: tuple[Any, ...] = ()

    def validate(self, value: Any) -> Any:
        """``value`` checked (and normalised by ``check``); TypeError or ValueError says what is expected."""
        if value is None and self.none:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise TypeError(f"{self.name} must be true or false, not {short_text(value)!r} (a {type(value).__name__})")
        elif self.kind is int:
            value = check_whole(value, name=self.name, low=self.low, high=self.high)
        elif self.kind is tuple:
            value = self._table(value)
        elif not isinstance(value, self.kind):
            raise TypeError(f"{self.name} must be a {self.kind.__name__}, not {short_text(value)} "
                            f"(a {type(value).__name__})")
        if self.choices and value not in self.choices:
            raise ValueError(f"{self.name} must be one of {', '.join(map(repr, self.choices))}, not {short_text(value)!r}")
        return self.check(value) if self.check is not None else value

    def _table(self, value: Any) -> tuple[int, ...]:
        """A table of whole numbers (a tuple or a list), its length and each number within bounds."""
        if not isinstance(value, (tuple, list)):
            raise TypeError(f"{self.name} must be a table of whole numbers (a tuple or a list), not "
                            f"{short_text(value)} (a {type(value).__name__})")
        if len(value) < self.shortest or (self.longest is not None and len(value) > self.longest):
            sizes = (f"{self.shortest} to {self.longest}" if self.longest is not None
                     else f"at least {self.shortest}")
            raise ValueError(f"{self.name} must be a table of {sizes} whole numbers, not {short_text(tuple(value))}")
        numbers_ = []
        for place, number in enumerate(value, start=1):
            try:
                numbers_.append(check_whole(number, name="", low=self.low, high=self.high))
            except (TypeError, ValueError):
                raise (TypeError if isinstance(number, bool) or not isinstance(number, numbers.Integral)
                       else ValueError)(f"{self.name} must be a table of whole numbers{_range_text(self.low, self.high)}"
                                        f": its number {place} is {short_text(number)}") from None
        return tuple(numbers_)

    def played_values(self) -> list[Any]:
        """The values the soak and the property tests play: ``played`` when given, else both ways,
        every choice, the default and the lowest bound of a whole number, and None where it is allowed.

        >>> Option("target", 12, int, "points to win", low=1, high=50).played_values()
        [12, 1]
        """
        if self.played:
            return list(self.played)
        if self.kind is bool:
            values = [False, True]
        elif self.choices:
            values = list(self.choices)
        elif self.kind is int:
            values = [self.default, self.low if self.low is not None else self.default]
        else:
            values = [self.default]
        if self.none and None not in values:
            values.append(None)
        return list(dict.fromkeys(values))


@dataclass(frozen=True)
class GameSpec:
    """A game's entry in the registry: everything the package, the lab and the widgets read.

    ``players`` is the range of player counts; ``options`` the rule options; ``bots`` the game's
    own bots by name (``factory(seed) -> bot``; ``"random"`` is added for every game, and the lab
    adds its expert where the game has a model: ``plateau_lab.lab.bots``); ``tables`` the kinds of
    ``simulate`` table (``"players"``, and ``"rounds"`` for games of rounds); ``words`` a move in the
    learner's words, the one wording of buttons, hints and the expert's sentences (its text,
    ``str(action)``, by default); ``short_game`` the players and options of a short game, for
    demonstrations and the generic tests (the default players and options when None).

    The parts of a game that belong to higher layers are named by their modules, loaded when
    first asked for, so that the rules never import them: ``render``, the module whose
    ``state_picture(state, viewer)`` draws a state (what ``state.to_svg`` shows: :meth:`picture`);
    ``fast``, the fast path
    (:mod:`plateau_lab.core.fastpath`); ``expert_model``, the module whose ``MODEL`` tells the
    expert about the game (:mod:`plateau_lab.core.imagining`); ``view``, the module whose ``VIEW``
    seats the game at the play table (:mod:`plateau_lab.core.tableview`); ``walkthrough``, the module
    of the user interface whose ``ScoringWalkthrough`` widget works a score out step by step as the
    learner changes its controls (``plateau_lab.ui.walkthroughs.scoring_walkthrough`` makes one; None
    when the game has none; the registry only names it, so nothing below the interface loads a widget); ``guide``, the
    module whose ``GUIDE`` is the game's guided first game (:mod:`plateau_lab.core.guide`;
    :meth:`guide_script` reads it).
    """

    name: str
    title: str
    players: range
    default_players: int
    options: tuple[Option, ...] = ()
    bots: Mapping[str, Callable[[int], Any]] = field(default_factory=dict)
    tables: tuple[str, ...] = ("players",)
    render: str | None = None
    fast: str | None = None
    expert_model: str | None = None
    view: str | None = None
    walkthrough: str | None = None
    guide: str | None = None
    words: Callable[[Any], str] = str
    short_game: tuple[int, Mapping[str, Any]] | None = None

    @property
    def short(self) -> tuple[int, dict[str, Any]]:
        """A short game of this game: ``(players, options)``."""
        players, variant = self.short_game or (self.default_players, {})
        return players, dict(variant)

    @property
    def option_names(self) -> tuple[str, ...]:
        return tuple(option.name for option in self.options)

    @property
    def bot_names(self) -> tuple[str, ...]:
        return ("random", *self.bots)

    def check_players(self, players: Any) -> int:
        """``players`` if this game is for that many, else TypeError/ValueError saying the range."""
        return check_whole(players, name=f"{self.title} players", low=self.players.start, high=self.players.stop - 1)

    def check_variant(self, variant: Mapping[str, Any]) -> dict[str, Any]:
        """Every option, checked, defaults filled in: what a game's ``Setup.variant`` holds."""
        unknown = sorted(set(variant) - set(self.option_names))
        if unknown:
            has = ", ".join(self.option_names) or "no options"
            raise ValueError(f"unknown {'option' if len(unknown) == 1 else 'options'} {', '.join(map(short_text, unknown))}; {self.title} has: {has}")
        return {option.name: option.validate(variant.get(option.name, option.default)) for option in self.options}

    def setup(self, players: Any, seed: Any, variant: Mapping[str, Any], scenario: str | None = None) -> Setup:
        """A checked :class:`Setup`: the one way every ``new_game`` and ``scenario`` begins.

        ``variant`` may also name its rule set (:data:`RULES_NAME`, not an option): the name every
        table and save file shows instead of the one :func:`rule_set_name` derives.
        """
        variant = dict(variant)
        name = check_rules_name(variant.pop(RULES_NAME, None))
        return Setup(self.name, self.check_players(players), check_seed(seed), self.check_variant(variant), scenario,
                     rules_name=name)

    def rule_set_name(self, variant: Mapping[str, Any]) -> str:
        """The name of the rule set ``variant`` (see :func:`rule_set_name`)."""
        return rule_set_name(self, variant)

    def bot(self, name: str, seed: int = 0, **options):
        """A new bot of the game by its name (``bot_names``); ``options`` go to its maker. The
        random bot takes none. (The lab seats the expert too: ``plateau_lab.lab.bots.make_bot``.)"""
        if name == "random":
            if options:
                raise TypeError(f"the random bot takes no options, only a seed; got {', '.join(options)}")
            return RandomBot(seed)
        if name not in self.bots:
            raise ValueError(f"{self.title} has no bot named {short_text(name)!r}; its bots are {', '.join(self.bot_names)}")
        return self.bots[name](seed, **options)

    @property
    def module(self):
        """The game's package (``new_game``, ``scenario``, its cards and moves)."""
        return game_module(self.name)

    def new_game(self, players: int | None = None, *, seed: int | None = None, **variant) -> GameState:
        """The game's ``new_game``, with the default player count when none is given."""
        return self.module.new_game(self.default_players if players is None else players, seed=seed, **variant)

    def fast_module(self):
        """The module of the game's fast path (see :mod:`plateau_lab.core.fastpath`), or None."""
        return importlib.import_module(self.fast) if self.fast else None

    def picture(self, state: GameState, viewer: int | None = None):
        """A picture of ``state`` (a :class:`~plateau_lab.core.render.Picture`), as ``viewer`` sees it,
        or as everyone may with None: ``state_picture`` of the game's ``render`` module.

        >>> game_spec("oh_hell").picture(game_spec("oh_hell").new_game(seed=1), viewer=0).width > 0
        True
        """
        if self.render is None:
            raise ValueError(f"{self.title} has no picture: its registry entry names no render module")
        return importlib.import_module(self.render).state_picture(state, viewer)

    def table_view(self):
        """The game's :class:`~plateau_lab.core.tableview.TableView` (``VIEW`` in its ``view`` module)."""
        if self.view is None:
            raise ValueError(f"{self.title} has no table view: its registry entry names no view module")
        return importlib.import_module(self.view).VIEW

    def guide_script(self):
        """The game's guided first game, a :class:`~plateau_lab.core.guide.Guide` (``GUIDE`` in its
        ``guide`` module): a fixed deal and the steps the learner is walked through.

        >>> game_spec("oh_hell").guide_script().title
        'Oh Hell'
        """
        if self.guide is None:
            raise ValueError(f"{self.title} has no guided game: its registry entry names no guide module")
        return importlib.import_module(self.guide).GUIDE


def game_spec(name: str) -> GameSpec:
    """A game's registry entry, by its name in :func:`game_names`."""
    return game_module(name).SPEC


def game_module(name: str):
    """The package of a game, by its name in :func:`game_names` (a registered game's own object)."""
    if isinstance(name, str) and name in _REGISTERED:
        return _REGISTERED[name]
    if not isinstance(name, str) or name not in GAME_NAMES:
        raise ValueError(f"no game named {short_text(name)!r}; the games are {', '.join(game_names())}")
    return importlib.import_module(f"plateau_lab.games.{name}")


def game_names() -> tuple[str, ...]:
    """The package's games (:data:`GAME_NAMES`), then the games registered since (:func:`register`)."""
    return GAME_NAMES + tuple(_REGISTERED)


def register(package: Any) -> GameSpec:
    """Register a game made while the program runs: ``package`` has a package's API, ``SPEC`` (its
    :class:`GameSpec`), ``new_game(players, *, seed, **variant)`` and ``scenario(text, *, seed,
    **variant)``; then ``game_spec``, ``Setup.first_state`` and ``load_json`` know it by its name.
    Registering a name again replaces the game (a notebook cell run again); a game of the package
    keeps its name.

    >>> from types import SimpleNamespace
    >>> register(SimpleNamespace(SPEC=game_spec("oh_hell")))
    Traceback (most recent call last):
    ValueError: 'oh_hell' is a game of the package: a registered game needs a name of its own
    """
    spec = getattr(package, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise TypeError(f"a registered game has a SPEC, its GameSpec; {short_text(package)} has none")
    if spec.name in GAME_NAMES:
        raise ValueError(f"{spec.name!r} is a game of the package: a registered game needs a name of its own")
    _REGISTERED[spec.name] = package
    return spec


#: The key of a variant that names its rule set (``new_game(4, plus_colours=2, rules_name="two plus")``).
RULES_NAME = "rules_name"
#: The name of the rulebook's own rules: every option at its default.
STANDARD = "standard"
#: The longest name a rule set may have.
LONGEST_RULES_NAME = 80


def check_rules_name(name: Any) -> str | None:
    """A rule set's own name (None: none given), or TypeError/ValueError saying what is expected.

    >>> check_rules_name("  two plus colours ")
    'two plus colours'
    >>> check_rules_name("")
    Traceback (most recent call last):
    ValueError: a rule set's name must be a text of 1 to 80 characters, not ''
    """
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"a rule set's name is a text, not {short_text(name)} (a {type(name).__name__})")
    name = " ".join(name.split())
    if not 1 <= len(name) <= LONGEST_RULES_NAME:
        raise ValueError(f"a rule set's name must be a text of 1 to {LONGEST_RULES_NAME} characters, "
                         f"not {quoted(name)}")
    return name


def rule_set_name(spec: GameSpec | str, variant: Mapping[str, Any]) -> str:
    """The name of a rule set: ``"standard"`` when every option is the rulebook's (its default),
    else the options that differ, in the game's order, each as a few words; the name the caller gave
    (``variant["rules_name"]``) when there is one.

    >>> rule_set_name("coloretto", {})
    'standard'
    >>> rule_set_name("coloretto", {"scoring": "grey", "golden_joker": True})
    'scoring grey, golden joker'
    >>> rule_set_name("wimmuln", {"target": 100, "rounds": 5})
    'target 100, rounds 5'
    >>> rule_set_name("coloretto", {"scoring": "grey", "rules_name": "the grey side"})
    'the grey side'
    """
    spec = game_spec(spec) if isinstance(spec, str) else spec
    given = check_rules_name(variant.get(RULES_NAME))
    if given is not None:
        return given
    full = spec.check_variant({key: value for key, value in variant.items() if key != RULES_NAME})
    changes = [_rule_words(option, full[option.name]) for option in spec.options if full[option.name] != option.default]
    return ", ".join(changes) or STANDARD


def _rule_words(option: Option, value: Any) -> str:
    """One changed rule in a few words: ``golden joker``, ``no golden joker``, ``plus colours 2``,
    ``points table 1-2-3``."""
    words = option.name.replace("_", " ")
    if value is True:
        return words
    if value is False:
        return f"no {words}"
    if value is None:
        return f"{words} as the rulebook"
    if isinstance(value, tuple):
        return f"{words} {'-'.join(map(str, value))}"
    return f"{words} {value}"


@dataclass(frozen=True)
class Setup:
    """Everything needed to rebuild a game's first state: the part of a save file before the moves.

    Two setups are equal when their games would play alike: the scenario's text does not count.

    ``origin`` is None for a game begun by ``new_game``, ``scenario`` or ``load_json``. A position
    the expert imagined (:func:`plateau_lab.core.imagining.imagined`) has a record there instead,
    which writes its scenario only when its past or its save is asked for (``origin.past(state)``:
    the first state and the moves from it to ``state``, or :class:`NotReplayable`); it does not count
    either.

    ``rules_name`` is the name the caller gave the rule set (None: :attr:`rules` derives one from
    the options); it does not count either, for it changes no move.
    """

    game: str
    players: int
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    scenario: str | None = field(default=None, compare=False)
    origin: Any = field(default=None, compare=False, repr=False)
    rules_name: str | None = field(default=None, compare=False)

    def __post_init__(self):
        object.__setattr__(self, "variant", dict(self.variant))   # a copy: the caller's dict may change

    def __hash__(self) -> int:
        return hash((self.game, self.players, self.seed, tuple(sorted(self.variant.items()))))

    @property
    def rules(self) -> str:
        """The rule set's name: the one given, else ``"standard"`` or the options that differ
        (:func:`rule_set_name`).

        >>> Setup("coloretto", 3, 1, {"scoring": "grey"}).rules
        'scoring grey'
        """
        return self.rules_name if self.rules_name is not None else rule_set_name(self.game, self.variant)

    def first_state(self) -> GameState:
        module = game_module(self.game)
        if self.scenario is not None:
            state = module.scenario(self.scenario, seed=self.seed, **self.variant)
        else:
            state = module.new_game(self.players, seed=self.seed, **self.variant)
        if self.rules_name is not None:
            state = state.derive(setup=replace(state.setup, rules_name=self.rules_name))
        return state
