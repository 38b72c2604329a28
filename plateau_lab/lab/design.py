"""The measures of a game, and a variant compared with the rulebook on the same deals.

A designer who changes a rule asks what it does to the game. :func:`compare_rule_sets` plays the
rulebook and the variant on the **same deals** (game ``i`` of both is dealt from the same seed, and
the bots in each seat draw the same random numbers), then gives, for every measure of
:data:`MEASURES`, each rule set's value with its 95 % interval and the difference, variant minus
rulebook, with its **paired** interval (deal by deal: the luck of the cards is the same on both
sides, so the interval is much narrower than comparing two separate runs).

>>> result = compare_rule_sets("coloretto", {"plus_colours": 2}, 6, seed=1)
>>> result.deals, result.stopped, result.variant_name
(6, False, 'plus colours 2')
>>> figures = result.figures()
>>> moves = figures["moves per game"]
>>> [moves["rulebook"], moves["variant"]] == [
...     sum(row["actions"] for row in result.rows if row["label"] == label and row["seat"] == 0) / 6
...     for label in ("rulebook", "variant")]
True
>>> list(moves)      # doctest: +NORMALIZE_WHITESPACE
['rulebook', 'rulebook_low', 'rulebook_high', 'variant', 'variant_low', 'variant_high',
 'difference', 'low', 'high', 'spread', 'p', 'family_p', 'clear', 'definition']
>>> figures.to_pandas().loc["moves per game"].tolist() == list(moves.values())
True

The figures are plain Python (the standard library only: the browser's Python has no numpy), and
``to_pandas()`` gives them as a pandas DataFrame. What each measure means is in
:mod:`plateau_lab.lab.measures`; how one game is played and measured, in
:mod:`plateau_lab.lab.measured_play`; the intervals, the paired differences and what "clear" means
(:data:`~plateau_lab.lab.figures.FAMILY`), in :mod:`plateau_lab.lab.figures`.

**A player who searches the variant's own rules** (``searching=True``). The heuristic bots follow
rules of thumb written for the rulebook: a variant can change the game, or only show that they play
it badly. The comparison can play the same deals again with one player who searches beside the
bots: the expert at a small budget (:data:`SEARCH_PLAYOUTS` playouts a decision, ``bounded``: one
per legal move where there are more, and a few dozen of a very wide choice), which plays out its
moves under the rules in use and keeps the bots' move unless one is clearly better there
(``guided``; searching freely at this budget it played worse than the bots in Le Plateau, 37 points
a game, 13 to 61, over 24 deals; guided, 5 points better, -3 to +13). So it departs from the bots
only where the rules in use clearly reward another move (it played another move than the bots' in
4 % to 29 % of its decisions, 4 rulebook deals a game). It sits in seat ``deal mod players`` (the
bots moved round with it: every seat gets it as often, and both rule sets get it in the same seat
on the same deal). :meth:`Comparison.searching_figures` are the figures of those tables and
:func:`disagreeing` names the measures where they and the bots' cannot both be right
(:data:`MAY_PLAY_BADLY`); :meth:`Comparison.searching_lead` says how often the player who searches
wins under each rule set: when it clearly wins more often under the variant against the same bots
on the same deals, the bots play the variant worse than the rulebook (the same words). One
searching seat keeps a paired 1,000-deal comparison with it within 5 minutes on 2 cores in every
game (``benchmarks/bench_searching.py``: process time, extrapolated); a searching player in every
seat would take four times as long.

**Planning a study** (:func:`plan_study`): from a comparison taken as a pilot, the deals that would
make a given difference of a measure clear 4 times in 5 among the table's family of measures (the
spread of the pilot's per-deal differences, :func:`plateau_lab.lab.stats.deals_for`), and the time
they would take here (the pilot's time per deal, measured by :class:`ComparisonRun`).

**Stopping.** ``stop()`` is asked before every chunk of deals; once it says True the comparison
ends and returns the deals played so far (``stopped`` True), every measure over those deals.
:class:`ComparisonRun` is the same work a chunk at a time, for a page that plays the chunks in a
worker process (:func:`play_deals` is picklable) and shows the table as it fills in.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from statistics import fmean
from typing import Any

from ..core import RULES_NAME, SEED_LIMIT, STANDARD, check_rules_name, check_whole, game_spec, rule_set_name
from .bots import EXPERT, bot_names
from .expert import ExpertBot
from .figures import compared_figures
from .measured_play import play_measured
from .measures import RULEBOOK, VARIANT, fixed_starter, measure_names
from .results import Figures, Rows
from .simulate import Job, bot_spec
from .stats import deals_for, mean_interval

__all__ = ["Comparison", "ComparisonPlan", "ComparisonRun", "compare_rule_sets", "play_deals", "changed_rules",
           "SEARCHING_RULEBOOK", "SEARCHING_VARIANT", "SEARCH_PLAYOUTS", "MAY_PLAY_BADLY", "searching_seats",
           "disagreeing", "plan_study"]

#: Their labels when a player who searches the rules in play sits beside the bots (``searching=True``).
SEARCHING_RULEBOOK, SEARCHING_VARIANT = "rulebook, with a player who searches", "variant, with a player who searches"
#: The playouts per decision of the expert when it plays a comparison (``searching=True``): a small
#: budget, enough to follow what the variant's own rules reward.
SEARCH_PLAYOUTS = 8
#: What a disagreement between the two kinds of players says, for the page.
MAY_PLAY_BADLY = "the bots may be playing this variant badly (their rules of thumb were made for the rulebook)"
#: The most deals one comparison plays (a bound that keeps every run finite).
MOST_DEALS = 100_000
#: The most processes one comparison plays in.
MOST_WORKERS = 64


# ---------------------------------------------------------------- many deals, two rule sets


@dataclass(frozen=True)
class ComparisonPlan:
    """Everything a worker needs to play deals of a comparison (picklable): the two jobs, whether
    to read drama and decisiveness, and the two jobs of the tables with a player who searches (or None)."""

    rulebook: Job
    variant: Job
    drama: bool = False
    searching: tuple[Job, Job] | None = None

    def labelled_jobs(self) -> tuple[tuple[str, Job], ...]:
        """Each job with the label of its rows."""
        jobs = ((RULEBOOK, self.rulebook), (VARIANT, self.variant))
        if self.searching is not None:
            jobs += tuple(zip((SEARCHING_RULEBOOK, SEARCHING_VARIANT), self.searching))
        return jobs


def play_deals(plan: ComparisonPlan, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of deals ``start`` to ``stop - 1`` under both rule sets (and, in a plan with
    searching players, under both again with them), labelled ``label``."""
    rows = []
    for index in range(start, stop):
        for label, job in plan.labelled_jobs():
            rows.extend(dict(row, label=label) for row in play_measured(job, index, plan.drama))
    return rows


def searching_seats(seats: Sequence[Any], playouts: int = SEARCH_PLAYOUTS) -> tuple:
    """The seats of a table with one player who searches the rules it plays (the expert with
    ``playouts`` per decision, guided and bounded: see the module docstring) in seat 0 and the comparison's
    ``seats`` in the others (a :class:`~plateau_lab.lab.simulate.Job` moving them round per deal
    puts it in every seat in turn): it reads the variant's own rules, where a heuristic bot
    follows rules of thumb made for the rulebook.

    >>> table = searching_seats((bot_spec("heuristic"),) * 3, 4)
    >>> [seat.label for seat in table], table[0].make("coloretto", 7)
    (['expert', 'heuristic', 'heuristic'], ExpertBot(seed=7, playouts=4, guided=True, bounded=True))
    """
    check_whole(playouts, name="playouts", low=1, high=100_000)
    return (bot_spec((EXPERT, partial(ExpertBot, playouts=playouts, guided=True, bounded=True))),) + tuple(seats[1:])


def changed_rules(game: str, variant: Mapping[str, Any]) -> dict[str, Any]:
    """The rules of ``variant`` that differ from the rulebook (checked; a rule set's own name left out).

    >>> changed_rules("coloretto", {"plus_colours": 3, "jokers": 2, "rules_name": "fewer jokers"})
    {'jokers': 2}
    """
    spec = game_spec(game)
    given = {key: value for key, value in variant.items() if key != RULES_NAME}
    full = spec.check_variant(given)
    return {option.name: full[option.name] for option in spec.options if full[option.name] != option.default}


def _checked_bots(game: str, players: int, bots: Iterable[str] | None) -> tuple:
    """One bot name per seat (random bots by default), each a bot the game has."""
    names = tuple(bots) if bots is not None else ("random",) * players
    if len(names) != players:
        raise ValueError(f"give one bot per seat: {players} players, {len(names)} bots")
    known = bot_names(game)
    for name in names:
        if name not in known:
            raise ValueError(f"{game_spec(game).title} has no bot named {name!r}; its bots are {', '.join(known)}")
    return tuple(bot_spec(name) for name in names)


class ComparisonRun:
    """A comparison played a chunk of deals at a time (see :func:`compare_rule_sets`): :meth:`chunk`
    gives the next ``(plan, start, stop)`` for :func:`play_deals`, :meth:`record` takes its rows,
    :meth:`step` does both in this process, and :meth:`result` is the :class:`Comparison` of the
    deals played so far.

    >>> run = ComparisonRun("coloretto", {"jokers": 2}, 4, step=2)
    >>> run.step(), run.deals_done, run.finished
    (True, 2, False)
    >>> run.step(), run.finished, run.result().deals
    (False, True, 4)
    """

    def __init__(self, game: str, variant: Mapping[str, Any], deals: int, *, players: int | None = None,
                 bots: Iterable[str] | None = None, seed: int = 0, drama: bool = False, step: int = 5,
                 searching: bool = False, search_playouts: int = SEARCH_PLAYOUTS):
        spec = game_spec(game)
        self.deals = check_whole(deals, name="deals", low=1, high=MOST_DEALS)
        self.step_deals = check_whole(step, name="step", low=1, high=MOST_DEALS)
        check_whole(seed, name="seed", low=0, high=SEED_LIMIT - 1)
        self.players = spec.default_players if players is None else spec.check_players(players)
        variant = dict(variant)
        name = check_rules_name(variant.pop(RULES_NAME, None))
        changes = changed_rules(game, variant)
        spec.new_game(self.players, seed=0, **changes)    # a combination the game refuses fails here
        seats = _checked_bots(game, self.players, bots)
        self.game, self.variant, self.drama = spec.name, changes, bool(drama)
        self.variant_name = name or rule_set_name(spec, changes)
        given = tuple(sorted(changes.items()))
        searchers = None
        if searching:
            seekers = searching_seats(seats, search_playouts)
            searchers = (Job(self.game, self.players, (), int(seed), seekers, rotate_seats=True, rules=STANDARD),
                         Job(self.game, self.players, given, int(seed), seekers, rotate_seats=True,
                             rules=self.variant_name))
        self.plan = ComparisonPlan(Job(self.game, self.players, (), int(seed), seats, rules=STANDARD),
                                   Job(self.game, self.players, given, int(seed), seats, rules=self.variant_name),
                                   self.drama, searchers)
        self.rows: list[dict[str, Any]] = []
        self.deals_done = 0
        self.stopped = False
        self.seconds = 0.0
        self._clock: float | None = None

    @property
    def finished(self) -> bool:
        return self.deals_done >= self.deals

    def chunk(self) -> tuple[ComparisonPlan, int, int]:
        """The next chunk's work: ``(plan, start, stop)`` for :func:`play_deals`."""
        if self.finished:
            raise RuntimeError("every deal of this comparison is played")
        self._start_clock()
        return self.plan, self.deals_done, min(self.deals, self.deals_done + self.step_deals)

    def _start_clock(self) -> None:
        """Note when the first chunk was handed out: the time per deal is measured from there."""
        if self._clock is None:
            self._clock = time.perf_counter()

    def chunks(self) -> Iterable[tuple[ComparisonPlan, int, int]]:
        """Every chunk still to play, in order (for running several at once)."""
        self._start_clock()
        for start in range(self.deals_done, self.deals, self.step_deals):
            yield self.plan, start, min(self.deals, start + self.step_deals)

    def record(self, start: int, stop: int, rows: list[dict[str, Any]]) -> None:
        """Keep the rows of deals ``start`` to ``stop - 1`` (the next ones: chunks in order)."""
        if start != self.deals_done:
            raise ValueError(f"the next chunk starts at deal {self.deals_done}, not {start}")
        self.rows.extend(rows)
        self.deals_done = stop
        if self._clock is not None:
            self.seconds = time.perf_counter() - self._clock

    def step(self) -> bool:
        """Play the next chunk in this process; whether deals remain."""
        plan, start, stop = self.chunk()
        self.record(start, stop, play_deals(plan, start, stop))
        return not self.finished

    def result(self) -> Comparison:
        """The comparison over the deals played so far."""
        return Comparison(self.game, self.players, dict(self.variant), self.variant_name, self.deals_done,
                          self.deals, self.stopped or not self.finished, self.drama, Rows(self.rows),
                          self.plan.searching is not None, self.seconds)


@dataclass(frozen=True)
class Comparison:
    """The rulebook and a variant played on the same deals: ``rows`` (a ``simulate``-style players
    table of both as plain rows, one dict per deal, rule set and player, told apart by ``label``;
    ``rows.to_pandas()`` is their DataFrame) and :meth:`figures`, every measure compared in plain
    Python (``figures().to_pandas()``: the same as a DataFrame)."""

    game: str
    players: int
    variant: dict[str, Any]
    variant_name: str
    deals: int
    deals_asked: int
    stopped: bool
    drama: bool
    rows: Rows = field(repr=False)
    searching: bool = False
    seconds: float = 0.0

    @property
    def starter(self) -> int | None:
        """The seat that made the first move of every game played (None when it varies): then the
        table leaves out the turn order's rows, which would repeat the seats' (:func:`fixed_starter`)."""
        return fixed_starter(self.rows)

    @property
    def measure_names(self) -> list[str]:
        """The names of the table's rows, in order (those of :func:`measure_names` it shows)."""
        return measure_names(self.players, self.drama, self.starter is None)

    def figures(self, confidence: float = 0.95) -> Figures:
        """Per measure, in the table's order, a dict of
        :data:`~plateau_lab.lab.figures.COMPARISON_COLUMNS`: each rule set's
        value and interval, the paired difference (variant minus rulebook) and its interval, its
        spread, its chance ``p`` by luck alone and Holm's ``family_p``, ``clear``
        (:data:`~plateau_lab.lab.figures.FAMILY`) and the definition; plain floats (NaN where these
        games give no figure), no pandas (``to_pandas()``: a DataFrame, one row per measure). Empty
        before the first deal. The heuristic bots' games (or the bots asked for)."""
        rows = [row for row in self.rows if row["label"] in (RULEBOOK, VARIANT)]
        return compared_figures(rows, self.players, self.drama, confidence,
                                seed=int(self.rows[0]["seed"]) if self.rows else 0)

    def searching_figures(self, confidence: float = 0.95) -> Figures:
        """:meth:`figures` of the same deals played with a player who searches each rule set's own rules
        (``searching=True``; empty otherwise)."""
        named = {SEARCHING_RULEBOOK: RULEBOOK, SEARCHING_VARIANT: VARIANT}
        rows = [dict(row, label=named[row["label"]]) for row in self.rows if row["label"] in named]
        return compared_figures(rows, self.players, self.drama, confidence,
                                seed=int(self.rows[0]["seed"]) if self.rows else 0)

    def disagreements(self, confidence: float = 0.95) -> list[str]:
        """The measures on which the two kinds of players disagree (:func:`disagreeing`)."""
        return disagreeing(self.figures(confidence), self.searching_figures(confidence))

    def searching_lead(self, confidence: float = 0.95) -> dict[str, float] | None:
        """How often the player who searches wins at its table under each rule set (its share of the
        wins, a tie of k counting 1/k: ``rulebook``, ``variant``) and the paired difference,
        variant minus rulebook, with its interval (``difference``, ``low``, ``high``); ``gains``
        when the interval lies above 0: against the same bots on the same deals it wins more often
        under the variant, so the bots play the variant worse than the rulebook, compared with a
        player who reads the rules in use (:data:`MAY_PLAY_BADLY`). None without such tables.

        >>> lead = compare_rule_sets("oh_hell", {"points_per_trick": 2}, 4, bots=["heuristic"] * 4,
        ...                          searching=True).searching_lead()
        >>> sorted(lead), lead["low"] <= lead["difference"] <= lead["high"]
        (['difference', 'gains', 'high', 'low', 'rulebook', 'variant'], True)
        """
        shares: dict[str, dict[int, float]] = {SEARCHING_RULEBOOK: {}, SEARCHING_VARIANT: {}}
        for row in self.rows:
            if row["label"] in shares and row["seat"] == row["game_index"] % self.players:   # its seat that deal
                shares[row["label"]][row["game_index"]] = float(row["win_share"])
        deals = sorted(set(shares[SEARCHING_RULEBOOK]) & set(shares[SEARCHING_VARIANT]))
        if not deals:
            return None
        rulebook, variant = ([shares[label][deal] for deal in deals] for label in shares)
        difference, low, high = mean_interval([new - old for old, new in zip(rulebook, variant)], confidence)
        return {"rulebook": fmean(rulebook), "variant": fmean(variant), "difference": difference, "low": low,
                "high": high, "gains": low > 0}

    def plan_study(self, measure: str, difference: float, power: float = 0.8) -> dict[str, Any]:
        """How many deals would make a true ``difference`` of ``measure`` clear (with chance
        ``power``), and how long they would take here, from this comparison as a pilot: the
        spread of its per-deal differences, its family of measures and its time per deal
        (:func:`plan_study`)."""
        return plan_study(self, measure, difference, power)


def compare_rule_sets(game: str, variant: Mapping[str, Any], n: int, *, players: int | None = None,
                      bots: Iterable[str] | None = None, seed: int = 0, drama: bool = False,
                      progress: Callable[[int, int], Any] | None = None,
                      stop: Callable[[], bool] | None = None, step: int = 10, workers: int = 1,
                      searching: bool = False, search_playouts: int = SEARCH_PLAYOUTS) -> Comparison:
    """Play ``n`` deals under the rulebook and under ``variant`` (the rules that differ; a
    ``"rules_name"`` names it), the same deals for both, with ``bots`` in the seats (names, random
    bots by default); ``progress(deals_done, n)`` after every chunk of ``step`` deals; ``stop()``
    asked before each chunk (True: return the deals played so far). ``drama`` adds drama and
    decisiveness (see :data:`DRAMA_COST`). ``workers`` above 1 plays the chunks in that many
    processes (the same table: the chunks are kept in order); the classroom's designer keeps one.
    A rule the game refuses raises its ValueError at once.

    ``searching=True`` plays the same deals again with one player who searches each rule set's
    own rules beside the bots (the expert with ``search_playouts`` per decision, in seat ``deal mod
    players``: :meth:`Comparison.searching_figures`), so that :meth:`Comparison.disagreements` can say where
    the bots' verdict may come from bots that play the variant badly rather than from the rules.

    >>> compare_rule_sets("coloretto", {"plus_colours": 9}, 10)
    Traceback (most recent call last):
    ValueError: plus_colours must be a whole number from 0 to 7, not 9
    >>> asked = iter([False, True])
    >>> result = compare_rule_sets("coloretto", {"jokers": 2}, 8, step=2, stop=lambda: next(asked))
    >>> result.deals, result.stopped
    (2, True)
    """
    run = ComparisonRun(game, variant, n, players=players, bots=bots, seed=seed, drama=drama, step=step,
                        searching=searching, search_playouts=search_playouts)
    if check_whole(workers, name="workers", low=1, high=MOST_WORKERS) > 1:
        _play_in_processes(run, workers, progress, stop)
        return run.result()
    while not run.finished:
        if stop is not None and stop():
            run.stopped = True
            break
        run.step()
        if progress is not None:
            progress(run.deals_done, run.deals)
    return run.result()


def _play_in_processes(run: ComparisonRun, workers: int, progress: Callable[[int, int], Any] | None,
                       stop: Callable[[], bool] | None) -> None:
    """Play ``run``'s chunks in ``workers`` processes, at most two chunks per worker waiting, each
    recorded in order; ``stop()`` asked before each chunk is recorded (True: the rest cancelled)."""
    chunks = iter(run.chunks())
    with ProcessPoolExecutor(max_workers=workers) as pool:
        waiting: deque = deque()

        def submit_next() -> None:
            work = next(chunks, None)
            if work is not None:
                waiting.append((work, pool.submit(play_deals, *work)))

        for _ in range(2 * workers):
            submit_next()
        while waiting:
            if stop is not None and stop():
                run.stopped = True
                for _, future in waiting:
                    future.cancel()
                return
            (plan, start, end), future = waiting.popleft()
            run.record(start, end, future.result())
            submit_next()
            if progress is not None:
                progress(run.deals_done, run.deals)



# ---------------------------------------------------------------- the two kinds of players, and a study's size


def disagreeing(bots: Mapping[str, Mapping[str, Any]], searching: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """The measures whose verdicts differ between the bots' figures and the searching players'
    (both :meth:`Comparison.figures`-like): one calls the difference clear and the other's 95 %
    interval leaves out that difference (a clear change in the other direction, or none where one
    was clear), so the two cannot both be right about the rules; then :data:`MAY_PLAY_BADLY`.
    Where the other's interval holds the difference, the two agree within their noise.

    >>> row = lambda difference, low, high, clear: dict(difference=difference, low=low, high=high, clear=clear)
    >>> disagreeing({"made": row(-0.23, -0.3, -0.16, True), "margin": row(2.0, 1.0, 3.0, True)},
    ...             {"made": row(0.01, -0.03, 0.05, False), "margin": row(1.5, -0.2, 3.2, False)})
    ['made']
    """
    found = []
    for name, mine in bots.items():
        theirs = searching.get(name)
        if theirs is None or any(math.isnan(float(row["difference"])) for row in (mine, theirs)):
            continue
        if (mine["clear"] and not theirs["low"] <= mine["difference"] <= theirs["high"]) or \
                (theirs["clear"] and not mine["low"] <= theirs["difference"] <= mine["high"]):
            found.append(name)
    return found


def plan_study(comparison: Comparison, measure: str, difference: float, power: float = 0.8) -> dict[str, Any]:
    """From a short pilot (``comparison``), the deals a study needs for a true ``difference`` of
    ``measure`` (in its unit; a share's in percentage points as a fraction: 0.03 for 3 points) to
    be called clear with chance ``power`` among the table's family of measures
    (:func:`plateau_lab.lab.stats.deals_for`, with the spread of the pilot's per-deal
    differences), and the time they would take here (the pilot's time per deal; None when the
    pilot was not timed). Returns ``deals``, ``seconds``, ``spread``, ``tests`` and ``pilot``
    (the pilot's deals). A pilot of a few dozen deals gives a rough size: its spread is itself
    uncertain (at 30 deals, by about a quarter).

    >>> pilot = compare_rule_sets("coloretto", {"plus_colours": 2}, 12, players=3, seed=2)
    >>> plan = plan_study(pilot, "margin", 1.0)
    >>> plan["deals"] > 12, plan["tests"] == sum(not math.isnan(row["p"]) for row in pilot.figures().values())
    (True, True)
    """
    figures = comparison.figures()
    if measure not in figures:
        raise ValueError(f"this comparison has no measure named {measure!r}; its measures are {', '.join(figures)}")
    spread = figures[measure]["spread"]
    if math.isnan(spread):
        raise ValueError(f"the pilot gives no spread of {measure}: play at least 2 deals with a figure for it")
    tests = max(1, sum(not math.isnan(row["p"]) for row in figures.values()))
    deals = deals_for(abs(difference), spread, tests=tests, power=power)
    per_deal = comparison.seconds / comparison.deals if comparison.seconds and comparison.deals else None
    return {"deals": deals, "seconds": None if per_deal is None else deals * per_deal, "spread": spread,
            "tests": tests, "pilot": comparison.deals}
