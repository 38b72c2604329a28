"""A sweep: one rule varied over a range of values, every measure of the game read at each value.

A designer asks not only "what does this change do?" but "how does the game move as this rule
grows?". :func:`sweep` plays the **same deals** under each value of one rule (game ``i`` is dealt
from the same seed under every value, and the bots in each seat draw the same random numbers), the
other rules as the rulebook has them (or as ``base`` sets them). For every measure of
:data:`plateau_lab.lab.measures.MEASURES` (and the seats' rows) it gives the figure at each value
with its 95 % interval, and the **paired** difference of each value against the reference value
(the rulebook's value of the rule when it is swept, else the first value) with its interval, read
deal by deal as :func:`plateau_lab.lab.design.compare_rule_sets` reads it. Each value against the
reference is one comparison, its measures one family: ``clear`` is Holm's, as the designer's
(:data:`plateau_lab.lab.figures.FAMILY`), so the chance that a value's column calls any measure
clear by luck alone is at most 5 %.

>>> result = sweep("coloretto", "plus_colours", [2, 3, 4], 6, seed=1)
>>> result.values, result.reference, result.deals, result.stopped
((2, 3, 4), 3, 6, False)

:meth:`Sweep.figures` gives the figures as plain Python (a dictionary per measure and value: no
pandas needed, as in the browser's Python on the static site); their ``to_pandas()`` the same
figures as a DataFrame:

>>> moves = [row for row in result.figures() if row["measure"] == "moves per game"]
>>> [(row["setting"], row["difference"]) for row in moves if row["setting"] == 3]
[(3, 0.0)]
>>> all(row["low"] <= row["figure"] <= row["high"] for row in moves)
True
>>> table = result.figures().to_pandas()
>>> moves = table[table.measure == "moves per game"]
>>> moves["setting"].tolist()
[2, 3, 4]
>>> moves.loc[moves.setting == 3, ["difference", "difference_low", "difference_high"]].values.tolist()
[[0.0, 0.0, 0.0]]
>>> bool((moves["low"] <= moves["figure"]).all() and (moves["figure"] <= moves["high"]).all())
True

A rule the game does not have, or a value outside the rule's bounds, is refused in the rule's own
words:

>>> sweep("coloretto", "plus_colours", [2, 9], 10)
Traceback (most recent call last):
ValueError: plus_colours must be a whole number from 0 to 7, not 9

**The values to try.** Without ``values``, :func:`default_values` picks them from the rule: both
truth values, every choice, or up to :data:`MOST_DEFAULT_VALUES` whole numbers one apart around
the rulebook's value within the rule's bounds (those the game can play with the other rules).

**Stopping.** ``stop()`` is asked before every chunk of deals; once it says True the sweep ends
and returns the deals played so far (``stopped`` True): every value has been played on each of
those deals, so the figures stay paired. :class:`SweepRun` is the same work a chunk at a time, for
a page that plays the chunks in a worker process (:func:`play_sweep_deals` is picklable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import SEED_LIMIT, Option, check_whole, game_spec, rule_set_name
from .bots import bot_names
from .design import Comparison, changed_rules
from .measured_play import play_measured
from .measures import RULEBOOK, VARIANT, fixed_starter, measure_names
from .results import Rows
from .simulate import Job, bot_spec

__all__ = ["Sweep", "SweepPlan", "SweepRun", "sweep", "default_values", "play_sweep_deals", "setting_words",
           "MOST_DEFAULT_VALUES", "MOST_VALUES", "TABLE_COLUMNS"]

#: The most values a sweep tries when it picks them itself.
MOST_DEFAULT_VALUES = 5
#: The most numbers tried when looking for values the game can play.
MOST_TRIED = 200
#: The most values one sweep may try (each plays every deal).
MOST_VALUES = 12
#: The most deals one sweep plays (each under every value).
MOST_DEALS = 100_000
#: The columns of :meth:`Sweep.table` (the keys of each of :meth:`Sweep.figures`, in order).
TABLE_COLUMNS = ["measure", "setting", "setting_text", "figure", "low", "high", "difference", "difference_low",
                 "difference_high", "clear", "definition"]


def setting_words(value: Any) -> str:
    """A rule's value as a teacher reads it.

    >>> setting_words(True), setting_words(None), setting_words((1, 3, 6)), setting_words("grey")
    ('yes', 'as the rulebook', '1 3 6', 'grey')
    """
    if value is None:
        return "as the rulebook"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return " ".join(str(number) for number in value)
    return str(value)


def _option(game: str, rule: str) -> Option:
    """The option named ``rule`` of ``game``, or the game's own refusal naming its rules."""
    spec = game_spec(game)
    for option in spec.options:
        if option.name == rule:
            return option
    if not spec.options:
        raise ValueError(f"{spec.title} has no rule to vary")
    spec.check_variant({rule: None})        # the game's own sentence for a rule it does not have
    raise ValueError(f"{spec.title} has no rule named {rule!r}")


def _playable(game: str, players: int, rules: Mapping[str, Any]) -> bool:
    try:
        game_spec(game).new_game(players, seed=0, **rules)
    except (TypeError, ValueError):
        return False
    return True


def default_values(game: str, rule: str, *, players: int | None = None,
                   base: Mapping[str, Any] | None = None) -> tuple[Any, ...]:
    """The values a sweep of ``rule`` tries when none are given: ``(False, True)`` for a yes-or-no
    rule, every choice of a rule with choices, and for a whole number the
    :data:`MOST_DEFAULT_VALUES` values nearest the rulebook's (or, when the rulebook leaves it to
    the set-up, the first value the game is known to play) within the rule's bounds; only values
    the game can play with the other rules (``base``). A table of numbers has no range of its
    own: give its values.

    >>> default_values("coloretto", "plus_colours"), default_values("coloretto", "golden_joker")
    ((1, 2, 3, 4, 5), (False, True))
    >>> default_values("coloretto", "scoring")
    ('brown', 'grey')
    >>> default_values("coloretto", "points_table")
    Traceback (most recent call last):
    ValueError: points_table is a table of numbers: give the tables to try (values=...)
    """
    option = _option(game, rule)
    spec = game_spec(game)
    players = spec.default_players if players is None else spec.check_players(players)
    others = changed_rules(game, {key: value for key, value in (base or {}).items() if key != rule})

    def playable(value: Any) -> bool:
        return _playable(game, players, {**others, rule: value})

    if option.kind is bool:
        candidates: list[Any] = [False, True]
    elif option.choices:
        candidates = list(option.choices)
    elif option.kind is int:
        return _whole_values(option, playable)
    else:
        raise ValueError(f"{rule} is a {'table of numbers' if option.kind is tuple else 'rule written as text'}: "
                         f"give the {'tables' if option.kind is tuple else 'values'} to try (values=...)")
    return _at_least_two(rule, candidates, tuple(value for value in candidates if playable(value)))


def _at_least_two(rule: str, tried: Sequence[Any], values: tuple[Any, ...]) -> tuple[Any, ...]:
    if len(values) < 2:
        shown = ", ".join(map(setting_words, tried[:MOST_DEFAULT_VALUES]))
        more = "…" if len(tried) > MOST_DEFAULT_VALUES else ""
        raise ValueError(f"{rule}: fewer than two of the values {shown}{more} can be played with the other rules; "
                         "give the values to try (values=...)")
    return values


def _whole_values(option: Option, playable: Callable[[Any], bool]) -> tuple[int, ...]:
    """Up to :data:`MOST_DEFAULT_VALUES` playable whole numbers nearest the rule's starting value
    (the rulebook's, else the first the game is known to play, else the lowest), in order: one
    apart where the game plays every number, further apart where it plays only some (a multiple
    of the players, say). At most :data:`MOST_TRIED` numbers are tried.

    >>> _whole_values(Option("hands", 12, int, "", low=1, high=60), lambda hands: hands % 4 == 0)
    (4, 8, 12, 16, 20)
    """
    start = option.default
    if start is None:
        start = next((value for value in option.played_values() if isinstance(value, int)), None)
    low = option.low if option.low is not None else (start if start is not None else 0) - MOST_TRIED // 2
    high = option.high if option.high is not None else low + MOST_TRIED
    start = low if start is None else min(max(start, low), high)
    tried, found = [], []
    for distance in range(0, max(start - low, high - start) + 1):
        for value in ((start,) if distance == 0 else (start - distance, start + distance)):
            if low <= value <= high and len(tried) < MOST_TRIED:
                tried.append(value)
                if playable(value):
                    found.append(value)
        if len(found) >= MOST_DEFAULT_VALUES or len(tried) >= MOST_TRIED:
            break
    nearest = sorted(sorted(found, key=lambda value: (abs(value - start), value))[:MOST_DEFAULT_VALUES])
    return _at_least_two(option.name, sorted(tried), tuple(nearest))


def _checked_bots(game: str, players: int, bots: Iterable[str] | None) -> tuple:
    """One bot per seat (random bots by default), each a bot the game has.

    >>> _checked_bots("coloretto", 2, ["random"])
    Traceback (most recent call last):
    ValueError: give one bot per seat: 2 players, 1 bot
    """
    names = ("random",) * players if bots is None else tuple(bots)
    if len(names) != players:
        raise ValueError(f"give one bot per seat: {players} players, {len(names)} bot{'s' if len(names) != 1 else ''}")
    known = bot_names(game)
    for name in names:
        if name not in known:
            raise ValueError(f"{game_spec(game).title} has no bot named {name!r}; its bots are {', '.join(known)}")
    return tuple(bot_spec(name) for name in names)


@dataclass(frozen=True)
class SweepPlan:
    """Everything a worker needs to play deals of a sweep (picklable): one job per value, in order."""

    jobs: tuple[Job, ...]
    drama: bool = False


def play_sweep_deals(plan: SweepPlan, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of deals ``start`` to ``stop - 1`` under every value, labelled by the value's place
    (``"0"``, ``"1"``…): each deal under every value before the next deal."""
    rows = []
    for index in range(start, stop):
        for place, job in enumerate(plan.jobs):
            rows.extend(dict(row, label=str(place)) for row in play_measured(job, index, plan.drama))
    return rows


class SweepRun:
    """A sweep played a chunk of deals at a time (see :func:`sweep`): :meth:`chunk` gives the next
    ``(plan, start, stop)`` for :func:`play_sweep_deals`, :meth:`record` takes its rows, :meth:`step`
    does both in this process, and :meth:`result` is the :class:`Sweep` of the deals played so far.

    >>> run = SweepRun("coloretto", "jokers", 4, values=[1, 3], step=2)
    >>> run.step(), run.deals_done, run.finished
    (True, 2, False)
    >>> run.step(), run.result().deals, run.result().reference
    (False, 4, 3)
    """

    def __init__(self, game: str, rule: str, deals: int, *, values: Iterable[Any] | None = None,
                 players: int | None = None, bots: Iterable[str] | None = None,
                 base: Mapping[str, Any] | None = None, seed: int = 0, drama: bool = False, step: int = 5):
        spec = game_spec(game)
        self.option = _option(game, rule)
        self.deals = check_whole(deals, name="deals", low=1, high=MOST_DEALS)
        self.step_deals = check_whole(step, name="step", low=1, high=MOST_DEALS)
        seed = check_whole(seed, name="seed", low=0, high=SEED_LIMIT - 1)
        self.players = spec.default_players if players is None else spec.check_players(players)
        base = dict(base or {})
        if rule in base:
            raise ValueError(f"base sets {rule}, the rule being varied: leave it out of base")
        self.base = changed_rules(game, base)
        spec.new_game(self.players, seed=0, **self.base)   # other rules the game refuses fail here
        self.values = (default_values(game, rule, players=self.players, base=self.base) if values is None
                       else self._checked_values(game, values))
        seats = _checked_bots(game, self.players, bots)
        self.game, self.rule, self.drama = spec.name, rule, bool(drama)
        self.reference = self.option.default if self.option.default in self.values else self.values[0]
        jobs = []
        for value in self.values:
            rules = changed_rules(game, {**self.base, rule: value})
            jobs.append(Job(self.game, self.players, tuple(sorted(rules.items())), seed, seats,
                            rules=rule_set_name(spec, rules)))
        self.plan = SweepPlan(tuple(jobs), self.drama)
        self.rows: list[dict[str, Any]] = []
        self.deals_done = 0
        self.stopped = False

    def _checked_values(self, game: str, values: Iterable[Any]) -> tuple[Any, ...]:
        """The values given, each checked by the rule and played with the other rules."""
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise TypeError(f"values must be a list of values of {self.option.name}, not {values!r}")
        checked: list[Any] = []
        for value in values:
            value = self.option.validate(value)
            if value in checked:
                raise ValueError(f"{self.option.name}: the value {setting_words(value)} is given twice")
            rules = changed_rules(game, {**self.base, self.option.name: value})
            game_spec(game).new_game(self.players, seed=0, **rules)
            checked.append(value)
        if not 2 <= len(checked) <= MOST_VALUES:
            raise ValueError(f"a sweep tries 2 to {MOST_VALUES} values of {self.option.name}, not {len(checked)}")
        return tuple(checked)

    @property
    def finished(self) -> bool:
        return self.deals_done >= self.deals

    def chunk(self) -> tuple[SweepPlan, int, int]:
        """The next chunk's work: ``(plan, start, stop)`` for :func:`play_sweep_deals`."""
        if self.finished:
            raise RuntimeError("every deal of this sweep is played")
        return self.plan, self.deals_done, min(self.deals, self.deals_done + self.step_deals)

    def record(self, start: int, stop: int, rows: list[dict[str, Any]]) -> None:
        """Keep the rows of deals ``start`` to ``stop - 1`` (the next ones: chunks in order)."""
        if start != self.deals_done:
            raise ValueError(f"the next chunk starts at deal {self.deals_done}, not {start}")
        self.rows.extend(rows)
        self.deals_done = stop

    def step(self) -> bool:
        """Play the next chunk in this process; whether deals remain."""
        plan, start, stop = self.chunk()
        self.record(start, stop, play_sweep_deals(plan, start, stop))
        return not self.finished

    def result(self) -> Sweep:
        """The sweep over the deals played so far."""
        return Sweep(self.game, self.rule, self.values, self.reference, self.option.default, self.players,
                     dict(self.base), self.deals_done, self.deals, self.stopped or not self.finished, self.drama,
                     Rows(self.rows))


@dataclass(frozen=True)
class Sweep:
    """One rule's values played on the same deals: ``rows`` (a ``simulate``-style players row per
    seat and deal, each value's labelled by its place in ``values``; ``rows.to_pandas()`` is their
    DataFrame) and :meth:`figures`, every measure at every value (``figures().to_pandas()``: the
    same as a DataFrame). ``reference`` is the value the differences are taken against (``rulebook``, the
    rule's rulebook value, when it was swept)."""

    game: str
    rule: str
    values: tuple[Any, ...]
    reference: Any
    rulebook: Any
    players: int
    base: dict[str, Any]
    deals: int
    deals_asked: int
    stopped: bool
    drama: bool
    rows: Rows = field(repr=False)

    @property
    def measure_names(self) -> list[str]:
        """The measures of :meth:`figures`, in order: the turn order's rows are left out when the
        same seat made the first move of every game (they would repeat the seats': see
        :func:`plateau_lab.lab.measures.seat_measures`)."""
        return measure_names(self.players, self.drama, fixed_starter(self.rows) is None)

    @property
    def base_name(self) -> str:
        """The other rules' name: ``standard`` (the rulebook's) or the rules that differ."""
        return rule_set_name(self.game, self.base)

    def figures(self, confidence: float = 0.95) -> Rows:
        """One dictionary per measure and value (the keys of :data:`TABLE_COLUMNS`, measure by
        measure, each value in order): the value (``setting`` and its words), the measure's
        ``figure`` and interval (``low``, ``high``), the paired difference against the reference
        value and its interval, ``clear`` (that interval leaves out 0), and the measure's
        definition. The reference value's difference is 0. Plain Python: no pandas
        (``to_pandas()``: a DataFrame of :data:`TABLE_COLUMNS`). No row before any deal is played.

        >>> result = sweep("coloretto", "jokers", [2, 3], 4, players=3)
        >>> first = result.figures()[0]
        >>> list(first) == TABLE_COLUMNS, first["measure"], first["setting"], first["setting_text"]
        (True, 'seat 0 wins', 2, '2')
        """
        if self.deals == 0:
            return Rows([], TABLE_COLUMNS)
        where = self.values.index(self.reference)
        compared = {place: self._against_reference(where, place, confidence)
                    for place in range(len(self.values)) if place != where}
        first = next(iter(compared.values()))
        figures = []
        for measure in [name for name in first if all(name in other for other in compared.values())]:
            for place, value in enumerate(self.values):
                row = first[measure] if place == where else compared[place][measure]
                figures.append({"measure": measure, "setting": value, "setting_text": setting_words(value),
                                **(_reference_figures(row) if place == where else _value_figures(row)),
                                "definition": row["definition"]})
        return Rows(figures, TABLE_COLUMNS)

    def _against_reference(self, where: int, place: int, confidence: float) -> dict[str, dict[str, Any]]:
        """The design lab's paired figures of one value (as the variant) against the reference."""
        labels = {str(where): RULEBOOK, str(place): VARIANT}
        rows = [dict(row, label=labels[row["label"]]) for row in self.rows if row["label"] in labels]
        value = self.values[place]
        comparison = Comparison(self.game, self.players, {self.rule: value}, setting_words(value), self.deals,
                                self.deals_asked, self.stopped, self.drama, Rows(rows))
        return comparison.figures(confidence)


def _reference_figures(compared: Mapping[str, Any]) -> dict[str, Any]:
    """The reference value's figures (the comparison's rulebook side), no difference from itself."""
    return {"figure": compared["rulebook"], "low": compared["rulebook_low"], "high": compared["rulebook_high"],
            "difference": 0.0, "difference_low": 0.0, "difference_high": 0.0, "clear": False}


def _value_figures(compared: Mapping[str, Any]) -> dict[str, Any]:
    """A value's figures (the comparison's variant side) and its difference from the reference."""
    return {"figure": compared["variant"], "low": compared["variant_low"], "high": compared["variant_high"],
            "difference": compared["difference"], "difference_low": compared["low"],
            "difference_high": compared["high"], "clear": bool(compared["clear"])}


def sweep(game: str, rule: str, values: Sequence[Any] | None = None, n: int = 100, *, players: int | None = None,
          bots: Iterable[str] | None = None, base: Mapping[str, Any] | None = None, seed: int = 0,
          drama: bool = False, progress: Callable[[int, int], Any] | None = None,
          stop: Callable[[], bool] | None = None, step: int = 10) -> Sweep:
    """Play ``n`` deals under each of ``values`` of ``rule`` (default: :func:`default_values`), the
    same deals for every value, the other rules the rulebook's or ``base``'s, with ``bots`` in the
    seats (names, random bots by default); ``progress(deals_done, n)`` after every chunk of ``step``
    deals; ``stop()`` asked before each chunk (True: return the deals played so far, every value
    played on each). ``drama`` adds drama and decisiveness (slower: see
    :data:`plateau_lab.lab.measured_play.DRAMA_COST`).

    >>> sweep("coloretto", "joker", [1, 2], 10)      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ValueError: unknown option joker; Coloretto has: scoring, golden_joker, ..., jokers, ...
    >>> asked = iter([False, True])
    >>> result = sweep("coloretto", "golden_joker", None, 8, step=2, stop=lambda: next(asked))
    >>> result.values, result.deals, result.stopped
    ((False, True), 2, True)
    """
    run = SweepRun(game, rule, n, values=values, players=players, bots=bots, base=base, seed=seed, drama=drama,
                   step=step)
    while not run.finished:
        if stop is not None and stop():
            run.stopped = True
            break
        run.step()
        if progress is not None:
            progress(run.deals_done, run.deals)
    return run.result()
