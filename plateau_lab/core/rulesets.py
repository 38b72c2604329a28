"""A game's rules as one value, read from its options: the one way every game makes its ``rules_of``.

A game lists its rulebook numbers as options (:class:`plateau_lab.core.Option`) and writes one
builder, ``build(players, options)``, that turns the players and every option (checked, defaults
filled in) into its frozen ``Rules``, or raises ValueError naming the rule that makes the game
unplayable and its bounds. :func:`rules_reader` makes the game's ``rules_of(players, variant)``
from the two: it fills in the defaults, checks every option with the option's own sentences, checks
the players, and remembers what it has read, so that the fast path, which asks for the rules of
every game it plays, reads them in one look-up.

>>> from dataclasses import dataclass
>>> from plateau_lab.core import GameSpec, Option
>>> @dataclass(frozen=True)
... class Rules:
...     players: int
...     target: int
...     doubles: bool
>>> def build(players, options):
...     if options["target"] < 2 * players:
...         raise ValueError(f"target must be from {2 * players} to 50 with {players} players, "
...                          f"not {options['target']}")
...     return Rules(players, options["target"], options["doubles"])
>>> spec = GameSpec(name="dice", title="Dice", players=range(2, 5), default_players=2,
...                 options=(Option("target", 12, int, "points to win", low=1, high=50),
...                          Option("doubles", False, bool, "doubles score twice")))
>>> rules_of = rules_reader(spec, build)
>>> rules_of(3, {"target": 20})
Rules(players=3, target=20, doubles=False)
>>> rules_of(3, {}) is rules_of(3, {"target": 12, "doubles": False})   # one value per rule set
True
>>> rules_of(4, {"target": 5})
Traceback (most recent call last):
ValueError: target must be from 8 to 50 with 4 players, not 5
>>> rules_of(3, {"doubles": 1})           # equal to True in Python, but not a rule's value
Traceback (most recent call last):
TypeError: doubles must be true or false, not '1' (a int)
>>> rules_of(3.0, {})
Traceback (most recent call last):
TypeError: Dice players must be a whole number from 2 to 4, not 3.0 (a float)

A state asks for its rules at every move: ``rules_of.for_setup`` reads them once per game's set-up.

>>> from plateau_lab.core import Setup
>>> setup = Setup("dice", 3, 1, {"target": 20, "doubles": False})
>>> rules_of.for_setup(setup) is rules_of.for_setup(setup) is rules_of(3, {"target": 20})
True

A rule set that draws part of itself at random (Le Plateau's random board) names the options
under which it does (``seeded``); its ``rules_of`` then takes the game's ``seed`` too and gives it
to the builder (0 for None), or None when these options draw nothing:

>>> def build_board(players, options, seed):
...     return (options["target"], seed)
>>> board_of = rules_reader(spec, build_board, seeded=lambda options: options["doubles"])
>>> board_of(2, {"doubles": True}, seed=7), board_of(2, {"doubles": True}), board_of(2, {}, seed=7)
((12, 7), (12, 0), (12, None))
"""

from __future__ import annotations

__all__ = ["RulesReader", "rules_reader", "typed_key"]

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Protocol, TypeVar

from . import GameSpec

R = TypeVar("R")

#: How many (players, options as written) a game's ``rules_of`` remembers.
KEYS_REMEMBERED = 1024
#: How many built rule sets (players and every option) it remembers.
RULE_SETS_REMEMBERED = 256
#: How many games' set-ups ``rules_of.for_setup`` remembers the rules of.
SETUPS_REMEMBERED = 512


class RulesReader(Protocol[R]):
    """A game's ``rules_of(players, variant)`` (with ``seed=`` when its rules draw at random), and
    ``rules_of.for_setup(setup)``: the rules of a game's ``core.Setup``, which every state of the
    game shares, remembered by the set-up itself (a state asks for its rules at every move)."""

    def __call__(self, players: int, variant: Mapping[str, Any], **seed: Any) -> R: ...

    def for_setup(self, setup: Any) -> R: ...


def typed_key(variant: Mapping[str, Any]) -> tuple[tuple[Any, ...], ...]:
    """The options with their types, as a key to remember checked rules by: ``1`` and ``True``,
    ``2`` and ``2.0`` are equal in Python but not the same rule (``golden_joker=1`` is refused), and
    so are the numbers of a table.

    >>> typed_key({"target": 2}) == typed_key({"target": 2.0}), typed_key({"target": 1}) == typed_key({"target": True})
    (False, False)
    >>> typed_key({"table": (1, 2)}) == typed_key({"table": (True, 2)})
    False
    """
    return tuple([(name, value.__class__, tuple(map(type, value)) if value.__class__ is tuple else None, value)
                  for name, value in variant.items()])


def rules_reader(spec: GameSpec, build: Callable[..., R], *,
                 seeded: Callable[[Mapping[str, Any]], bool] | None = None) -> RulesReader[R]:
    """The game's ``rules_of(players, variant)``: the rules ``build(players, options)`` makes of
    ``players`` (checked by ``spec``) and every option of ``spec`` (``variant`` checked, missing
    ones the rulebook's), remembered by the players and the options with their types. ``build``'s
    ValueError (the rule that makes the game unplayable, and its bounds) is passed on as it is.

    ``spec`` needs only the game's name, title, players and options (a game's rules do not
    import its package, so they make a small ``GameSpec`` of their own). With ``seeded``, a
    function of the checked options telling whether the rules draw part of themselves at random,
    ``rules_of`` takes a ``seed`` keyword and ``build`` a third argument: the seed (0 for None)
    when they do, else None (so that every seed shares one value).

    It is one piece because the functions it makes share its caches as closures (the rules by
    options, by typed key and by set-up), so that each game's ``rules_of`` has caches of its own.
    """
    names = spec.option_names

    @lru_cache(maxsize=RULE_SETS_REMEMBERED)
    def built(players: int, values: tuple[Any, ...], *seed: int | None) -> R:
        return build(players, dict(zip(names, values)), *seed)

    def checked(players: Any, typed: tuple[tuple[Any, ...], ...]) -> tuple[int, dict[str, Any]]:
        options = spec.check_variant({name: value for name, _, _, value in typed})
        return spec.check_players(players), options

    def by_values(players: int, options: dict[str, Any]) -> tuple[Any, ...]:
        return tuple(options[name] for name in names)

    def check_the_long_way(players: Any, variant: Mapping[str, Any]) -> dict[str, Any]:
        """A value that is no key (a table written as a list): checked, the option's own sentence
        for what is wrong, its table read as a tuple."""
        options = spec.check_variant(variant)
        spec.check_players(players)
        return options

    if seeded is None:
        @lru_cache(maxsize=KEYS_REMEMBERED)
        def remembered(_kind: type, players: Any, typed: tuple[tuple[Any, ...], ...]) -> R:
            players, options = checked(players, typed)
            return built(players, by_values(players, options))

        def rules_of(players: int, variant: Mapping[str, Any]) -> R:
            try:
                return remembered(players.__class__, players, typed_key(variant))
            except TypeError:
                return remembered(players.__class__, players, typed_key(check_the_long_way(players, variant)))
    else:
        @lru_cache(maxsize=KEYS_REMEMBERED)
        def remembered(_kind: type, players: Any, typed: tuple[tuple[Any, ...], ...], seed: Any) -> R:
            players, options = checked(players, typed)
            return built(players, by_values(players, options), (seed or 0) if seeded(options) else None)

        def rules_of(players: int, variant: Mapping[str, Any], *, seed: int | None = None) -> R:
            try:
                return remembered(players.__class__, players, typed_key(variant), seed)
            except TypeError:
                return remembered(players.__class__, players, typed_key(check_the_long_way(players, variant)), seed)

    by_setup: dict[int, tuple[Any, R]] = {}
    last_asked: tuple[Any, R | None] = (None, None)     # a game asks for the same set-up's rules at every move

    def for_setup(setup: Any) -> R:
        """``rules_of`` of a checked set-up (frozen, with its own copy of the options), remembered by
        the set-up's identity, kept with it so that the identity is no other's while remembered; the
        set-up asked for last is looked at first (one pair, read and replaced whole: safe in threads)."""
        nonlocal last_asked
        asked = last_asked
        if asked[0] is setup:
            return asked[1]
        known = by_setup.get(id(setup))
        if known is None or known[0] is not setup:
            seed = {} if seeded is None else {"seed": setup.seed}
            known = setup, rules_of(setup.players, setup.variant, **seed)
            if len(by_setup) >= SETUPS_REMEMBERED:
                by_setup.clear()
            by_setup[id(setup)] = known
        last_asked = known
        return known[1]

    rules_of.for_setup = for_setup                         # type: ignore[attr-defined]
    rules_of.__module__ = build.__module__
    rules_of.__doc__ = (f"The rules of a game of {spec.title} for ``players`` with the options ``variant`` "
                        f"(missing ones: the rulebook's), or ValueError naming the rule that makes the game "
                        f"unplayable and its bounds.")
    rules_of.cache_info = remembered.cache_info          # type: ignore[attr-defined]
    rules_of.cache_clear = lambda: (remembered.cache_clear(), built.cache_clear())   # type: ignore[attr-defined]
    return rules_of
