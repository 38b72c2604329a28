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
 'difference', 'low', 'high', 'clear', 'definition']
>>> result.table().loc["moves per game"].tolist() == list(moves.values())
True

The figures are plain Python (the standard library only: the browser's Python has no numpy);
:meth:`Comparison.table` gives the same figures as a pandas DataFrame.

**The measures** (:data:`MEASURES`, each with a one-line definition naming its source): who wins
by seat and by place in the turn order (the ``starter`` column of a game says who made its first
move), balance, how often games end close or tied, the winner's margin, duration in moves and in
real decisions per player, the share of moves with a real choice, the branching factor, lead
changes, and, only when asked (``drama=True``), drama and decisiveness. A k-way tie for the best
score counts 1/k of a win to each tied player.

**Speed.** A game is played on its fast path, counted move by move through the fast path's
``on_step`` hook (as ``simulate(..., shape=True)`` does), whenever the fast path plays every
seat's bot: the same games as the public engine, at about the plain simulation's cost. Lead
changes are counted between the rounds (hands, turns) the game's record lists, which the
comparison asks for (``list_rounds=True``: The Syndicate and Coloretto list them only when asked);
a game of one hand (Oh Hell), scored once, at the end, has none to follow, and its table says so
(:data:`NO_LEAD`) instead of a figure. ``workers`` plays the deals in several processes.

**Drama and decisiveness cost more.** They read each player's chance to win at positions along
the game, each worked out from ``continuations`` random games played on from the cards as they lie
(the chances of the analysis board's graph), at ``positions`` evenly spread positions per game:
``positions × continuations`` more games per game played (240 with the defaults, from shorter
positions onwards), and the games themselves on the public engine (to keep the positions): a
comparison takes 2 to 40 times longer (measured on 20 deals of each game's rule set, steady players,
processor time, ``benchmarks/bench_design.py --drama 20``: Le Plateau 2, Oh Hell 4, Coloretto 12,
Plotters Inc. 23, The Syndicate 29, Wimmüln 37; the games whose plain comparison is quickest pay the
most). :data:`DRAMA_COST` says so in words.

**Stopping.** ``stop()`` is asked before every chunk of deals; once it says True the comparison
ends and returns the deals played so far (``stopped`` True), every measure over those deals.
:class:`ComparisonRun` is the same work a chunk at a time, for a page that plays the chunks in a
worker process (:func:`play_deals` is picklable) and shows the table as it fills in.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from operator import mul
from statistics import fmean, stdev
from typing import Any

from ..core import RULES_NAME, STANDARD, check_rules_name, check_whole, game_spec, play_out, rule_set_name, \
    seeded_random, SEED_LIMIT
from ..core.bots import RandomBot
from ..core.fastpath import Record
from ..core.imagining import fresh_setup
from .bots import bot_names
from .shape import MoveCounter, Shape, WatchingBot, lead_changes, round_totals
from .simulate import Job, bot_seed, bot_spec, fast_bots, game_seed, rows_of
from .stats import mean_interval, share_interval, t_value

__all__ = ["Measure", "MEASURES", "EXPERT_MEASURES", "DRAMA_COST", "CLOSE_SHARE", "NEEDED_COLUMNS", "RULEBOOK",
           "VARIANT", "COMPARISON_COLUMNS", "MEASURED_COLUMNS", "Comparison", "ComparisonPlan", "ComparisonRun",
           "compare_rule_sets", "compared_figures", "compare_measures", "measured_figures", "measures",
           "measure_names", "seat_measures", "per_deal", "play_deals", "play_measured", "plays_fast", "win_chances",
           "win_shares", "balance", "drama_of", "decisiveness_of", "changed_rules", "NO_LEAD"]

#: The labels of the two rule sets in a comparison's games table.
RULEBOOK, VARIANT = "rulebook", "variant"
#: A game ends close when the winner's lead is at most this share of the winner's points.
CLOSE_SHARE = 0.1
#: The positions per game, and the random games played on from each, behind drama and decisiveness.
DRAMA_POSITIONS, DRAMA_CONTINUATIONS = 12, 20
#: What drama and decisiveness cost, in words for the page.
DRAMA_COST = (f"Drama and decisiveness read each player's chances at {DRAMA_POSITIONS} moments of every game, "
              f"each from {DRAMA_CONTINUATIONS} games played on from there: "
              f"up to {DRAMA_POSITIONS * DRAMA_CONTINUATIONS} "
              "more games for every game, so a comparison takes 2 to 40 times longer.")
#: The columns of a players table that the measures read.
NEEDED_COLUMNS = ("game_index", "players", "seat", "starter", "score", "winner", "win_share", "margin", "actions",
                  "moves", "decisions", "lead_changes")
#: The most deals one comparison plays (a bound that keeps every run finite).
MOST_DEALS = 100_000
#: The most processes one comparison plays in.
MOST_WORKERS = 64
#: Resamplings of the deals behind the interval of balance (a measure of the whole set of games).
RESAMPLINGS = 1000
#: A comparison's figures per measure (:meth:`Comparison.figures`), and its table's columns.
COMPARISON_COLUMNS = ("rulebook", "rulebook_low", "rulebook_high", "variant", "variant_low", "variant_high",
                      "difference", "low", "high", "clear", "definition")
#: One rule set's figures per measure (:func:`measured_figures`), and its table's columns.
MEASURED_COLUMNS = ("value", "low", "high", "definition")


@dataclass(frozen=True)
class Measure:
    """One measure of a game: its ``name`` (in a learner's words), a one-line ``definition`` naming
    its source, and its ``kind``: ``"share"`` (a share of games, between 0 and 1: a Wilson-type
    interval), ``"mean"`` (a mean over games: a normal interval) or ``"whole"`` (one figure of the
    whole set of games: an interval from resampling the deals)."""

    name: str
    definition: str
    kind: str = "mean"


#: The measures of every game (the seats' and the turn order's rows come first: see :func:`measure_names`).
MEASURES = (
    Measure("balance", "1 minus the gap between the seat that wins most and the seat that wins least: 1 when "
            "every seat wins equally often (Ludii: Balance)", "whole"),
    Measure("close finishes", f"share of games the winner wins by at most {CLOSE_SHARE:.0%} of the winner's points, "
            "ties included (after Browne 2008: Uncertainty at the end)", "share"),
    Measure("ties at the top", "share of games that end with two or more players sharing the best score "
            "(Ludii: Drawishness, for many players)", "share"),
    Measure("margin", "the winner's points minus the runner-up's at the end of a game (0: a tie)"),
    Measure("moves per game", "all the moves of a game, forced ones included (Ludii: Duration)"),
    Measure("decisions per player", "a player's moves with more than one legal choice, per game "
            "(Ludii: DecisionMoves)"),
    Measure("share of moves with a choice", "a game's moves with more than one legal choice over all its moves "
            "(Ludii: DecisionMoves as a share)", "share"),
    Measure("branching factor", "the legal moves a player chooses from, on average over a game's moves "
            "(Ludii: BranchingFactor)"),
    Measure("lead changes", "times a different player takes the lead alone from one round (a hand; a turn in The "
            "Syndicate) of a game to the next (Ludii: LeadChange, counted between rounds)"),
)
#: The definition of lead changes in a game whose games list no rounds (scored once, at the end).
NO_LEAD = ("not counted in this game: it is scored once, at the end, so there is no lead from one round to the next "
           "to follow")
#: The measures read from each player's chances along the game (only with ``drama=True``).
EXPERT_MEASURES = (
    Measure("drama", "how far the eventual winner's chance to win lies below the best chance of any player, "
            "on average over the game (Ludii: Drama, after Browne 2008)"),
    Measure("decisiveness", "share of the game still to play once the winner's chance stays above the best "
            "chance any other player ever had (Ludii: DecisivenessMoves)", "share"),
)


def _ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``… for a place in the turn order (from 1)."""
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place if place < 20 else place % 10, 'th') }".replace(" ", "")


def _seats(count: int) -> str:
    """``1 seat``, ``2 seats``.

    >>> _seats(1), _seats(3)
    ('1 seat', '3 seats')
    """
    return f"{count} seat{'' if count == 1 else 's'}"


def seat_measures(players: int) -> tuple[Measure, ...]:
    """The rows of seat and turn-order advantage for ``players`` players.

    >>> [measure.name for measure in seat_measures(2)]
    ['seat 0 wins', 'seat 1 wins', 'the player who starts wins', 'the 2nd to play wins']
    """
    seats = tuple(Measure(f"seat {seat} wins", f"share of games won from seat {seat}, a tie of k players counting "
                          f"1/k (fair: 1/{players}; Ludii: Advantage)", "share") for seat in range(players))
    places = tuple(Measure("the player who starts wins" if place == 1 else f"the {_ordinal(place)} to play wins",
                           f"share of games won by the player {_who(place)}, a tie of k players counting 1/k "
                           f"(fair: 1/{players}; Ludii: Advantage by turn order)", "share")
                   for place in range(1, players + 1))
    return seats + places


def _who(place: int) -> str:
    """The player at ``place`` in the turn order (from 1), in words."""
    return "who made the first move" if place == 1 else f"{_seats(place - 1)} after the one who started"


def measure_names(players: int, drama: bool = False) -> list[str]:
    """Every measure's name, in the order of the results table.

    >>> measure_names(2)[:4], measure_names(3, drama=True)[-2:]
    (['seat 0 wins', 'seat 1 wins', 'the player who starts wins', 'the 2nd to play wins'], ['drama', 'decisiveness'])
    """
    return [measure.name for measure in _all_measures(players, drama)]


def _all_measures(players: int, drama: bool) -> tuple[Measure, ...]:
    return seat_measures(players) + MEASURES + (EXPERT_MEASURES if drama else ())


# ---------------------------------------------------------------- one game, measured


def win_shares(scores: Sequence[float]) -> tuple[float, ...]:
    """Each player's share of the win: 1/k to each of k players tied for the best score.

    >>> win_shares((5, 9, 9, 2))
    (0.0, 0.5, 0.5, 0.0)
    """
    best = max(scores)
    tied = sum(score == best for score in scores)
    return tuple(1 / tied if score == best else 0.0 for score in scores)


def win_chances(state, continuations: int, rng) -> tuple[float, ...]:
    """Each player's chance to win from ``state``: the share of ``continuations`` games played on
    by random bots from the cards as they lie (a fresh shuffle for what is still to be drawn) that
    the player wins, a tie of k counting 1/k; exact at the end of a game.

    >>> from plateau_lab.games import coloretto
    >>> chances = win_chances(coloretto.new_game(3, seed=1), 10, seeded_random(0, "chances"))
    >>> len(chances), round(sum(chances), 9)
    (3, 1.0)
    """
    if state.is_over:
        return win_shares(state.scores)
    check_whole(continuations, name="continuations", low=1, high=10_000)
    fast = game_spec(state.setup.game).fast_module()
    totals = [0.0] * state.players
    for _ in range(continuations):
        world = state.derive(setup=fresh_setup(state, rng))
        seeds = [rng.getrandbits(32) for _ in range(state.players)]
        scores = (fast.play_on(world, seeds).scores if fast is not None
                  else play_out(world, [RandomBot(seed) for seed in seeds]).scores)
        for seat, share in enumerate(win_shares(scores)):
            totals[seat] += share
    return tuple(total / continuations for total in totals)


def drama_of(chances: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """How far the winners' chance lay below the best chance of any player, on average over the
    positions (``chances``: each player's chance at each position; tied winners averaged).

    >>> round(drama_of([(0.5, 0.5), (0.7, 0.3), (0.4, 0.6), (0.0, 1.0)], winners=[1]), 9)   # 0.4 behind once
    0.1
    """
    if not chances:
        raise ValueError("drama needs the chances of at least one position")
    gaps = [max(line) - sum(line[seat] for seat in winners) / len(winners) for line in chances]
    return sum(gaps) / len(gaps)


def decisiveness_of(chances: Sequence[Sequence[float]], winners: Sequence[int]) -> float:
    """The share of the positions from the first one at which the winners' chance rises above the
    best chance any other player ever had, to the end (NaN when everybody tied: no other player).

    >>> decisiveness_of([(0.5, 0.5), (0.7, 0.3), (0.4, 0.6), (0.2, 0.8), (0.0, 1.0)], winners=[1])
    0.4
    """
    others = [seat for seat in range(len(chances[0])) if seat not in winners]
    if not others:
        return math.nan
    threshold = max(line[seat] for line in chances for seat in others)
    for place, line in enumerate(chances):
        if sum(line[seat] for seat in winners) / len(winners) > threshold:
            return (len(chances) - place) / len(chances)
    return 0.0


class _RememberingBot(WatchingBot):
    """A watched bot that also keeps every position it moved in (for the chances along the game)."""

    def __init__(self, bot: Any, counter: MoveCounter, scores: list, positions: list):
        super().__init__(bot, counter, scores)
        self.positions = positions

    def choose(self, state: Any) -> Any:
        self.positions.append(state)
        return super().choose(state)


def _spread(count: int, wanted: int) -> list[int]:
    """``wanted`` indices evenly spread over ``count`` (all when fewer), the last always.

    >>> _spread(10, 4), _spread(3, 5)
    ([0, 3, 6, 9], [0, 1, 2])
    """
    if count <= wanted:
        return list(range(count))
    return sorted({round(place * (count - 1) / (wanted - 1)) for place in range(wanted)})


def play_measured(job: Job, index: int, drama: bool = False) -> list[dict[str, Any]]:
    """The rows of game ``index`` of ``job`` (as :func:`plateau_lab.lab.simulate.run_chunk` gives
    them, with the game's shape), plus each seat's ``choices`` (the legal moves it chose from) and,
    with ``drama``, the game's ``drama`` and ``decisiveness``: the same game as ``simulate`` plays
    for that seed. It is played on the game's fast path, counted move by move through its
    ``on_step`` hook, when the fast path plays every seat's bot and no drama is asked; otherwise on
    the public engine, each seat's bot watched. Lead changes are read between the rounds the
    game's record lists (None when it lists none), the same on both ways.

    >>> from plateau_lab.lab.simulate import bot_spec
    >>> job = Job("wimmuln", 4, (), 1, (bot_spec("heuristic"),) * 4)
    >>> rows = play_measured(job, 0)
    >>> sum(row["moves"] for row in rows) == rows[0]["actions"], rows[0]["lead_changes"] is not None
    (True, True)
    >>> [row["score"] for row in rows] == [row["score"] for row in play_measured(job, 0, drama=True)]
    True
    """
    seed = game_seed(job.seed, index)
    seats = job.seats(index)
    counter = MoveCounter(job.players)
    lab = game_spec(job.game).fast_module()
    positions: list = []
    if not drama and plays_fast(job, lab):
        record, starter = _played_fast(job, lab, seed, seats, counter), None
    else:
        record, starter = _played_public(job, lab, seed, seats, counter, positions)
    lines = round_totals(record.rounds, record.scores)
    shape = Shape(tuple(counter.moves), tuple(counter.decisions), None if lines is None else lead_changes(lines))
    rows = rows_of(job, index, record, counter.starter if starter is None else starter, shape)
    extra = _drama_columns(positions, record.scores, seed) if drama else {}
    for seat, row in enumerate(rows):
        row["choices"] = counter.choices[seat]
        row.update(extra)
    return rows


def plays_fast(job: Job, lab: Any) -> bool:
    """Whether game ``job`` runs on its game's fast path ``lab`` (a module, or None): as ``simulate``
    decides, when the fast path plays every seat's bot (and ``job.fast``).

    >>> from plateau_lab.lab.simulate import bot_spec
    >>> lab = game_spec("coloretto").fast_module()
    >>> plays_fast(Job("coloretto", 3, (), 0, (bot_spec("heuristic"),) * 3), lab)
    True
    >>> plays_fast(Job("coloretto", 3, (), 0, (bot_spec("heuristic"),) * 3, fast=False), lab), plays_fast(
    ...     Job("coloretto", 3, (), 0, (bot_spec("heuristic"),) * 3), None)
    (False, False)
    """
    if lab is None or not job.fast:
        return False
    return all(bot.registered_name in fast_bots(lab) for bot in job.bots)


def _played_fast(job: Job, lab: Any, seed: int, seats: Sequence[Any], counter: MoveCounter) -> Record:
    """One game on the fast path, every move told to ``counter`` (the seat of the first move too)."""
    names = tuple(bot.registered_name for bot in seats)
    options: dict[str, Any] = {"on_step": counter, "list_rounds": True}
    if set(names) != {"random"}:
        options["bots"] = names
    seeds = [bot_seed(seed, seat) for seat in range(job.players)]
    return lab.play_fast(job.players, seed, seeds, dict(job.variant), **options)


def _played_public(job: Job, lab: Any, seed: int, seats: Sequence[Any], counter: MoveCounter,
                   positions: list) -> tuple[Record, int]:
    """One game on the public engine, each seat's bot watched (its positions kept in ``positions``),
    and the seat that moves first."""
    scores: list = []
    bots = [_RememberingBot(bot.make(job.game, bot_seed(seed, seat)), counter, scores, positions)
            for seat, bot in enumerate(seats)]
    state = game_spec(job.game).new_game(job.players, seed=seed, **dict(job.variant))
    starter = state.current_player
    if lab is not None:
        return lab.play_public(state, bots, list_rounds=True), starter
    final = play_out(state, bots)
    return Record(tuple(final.scores), len(final.history)), starter


def _drama_columns(positions: list, final_scores: Sequence[int], seed: int) -> dict[str, float]:
    """A game's drama and decisiveness from the chances at :data:`DRAMA_POSITIONS` of its positions."""
    rng = seeded_random(seed, "drama")
    chances = [win_chances(positions[place], DRAMA_CONTINUATIONS, rng)
               for place in _spread(len(positions), DRAMA_POSITIONS)]
    chances.append(win_shares(final_scores))
    best = max(final_scores)
    winners = [seat for seat, score in enumerate(final_scores) if score == best]
    return {"drama": drama_of(chances, winners), "decisiveness": decisiveness_of(chances, winners)}


# ---------------------------------------------------------------- many deals, two rule sets


@dataclass(frozen=True)
class ComparisonPlan:
    """Everything a worker needs to play deals of a comparison (picklable): the two jobs and
    whether to read drama and decisiveness."""

    rulebook: Job
    variant: Job
    drama: bool = False


def play_deals(plan: ComparisonPlan, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of deals ``start`` to ``stop - 1`` under both rule sets, labelled ``label``."""
    rows = []
    for index in range(start, stop):
        for label, job in ((RULEBOOK, plan.rulebook), (VARIANT, plan.variant)):
            rows.extend(dict(row, label=label) for row in play_measured(job, index, plan.drama))
    return rows


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
                 bots: Iterable[str] | None = None, seed: int = 0, drama: bool = False, step: int = 5):
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
        self.plan = ComparisonPlan(Job(self.game, self.players, (), int(seed), seats, rules=STANDARD),
                                   Job(self.game, self.players, given, int(seed), seats, rules=self.variant_name),
                                   self.drama)
        self.rows: list[dict[str, Any]] = []
        self.deals_done = 0
        self.stopped = False

    @property
    def finished(self) -> bool:
        return self.deals_done >= self.deals

    def chunk(self) -> tuple[ComparisonPlan, int, int]:
        """The next chunk's work: ``(plan, start, stop)`` for :func:`play_deals`."""
        if self.finished:
            raise RuntimeError("every deal of this comparison is played")
        return self.plan, self.deals_done, min(self.deals, self.deals_done + self.step_deals)

    def chunks(self) -> Iterable[tuple[ComparisonPlan, int, int]]:
        """Every chunk still to play, in order (for running several at once)."""
        for start in range(self.deals_done, self.deals, self.step_deals):
            yield self.plan, start, min(self.deals, start + self.step_deals)

    def record(self, start: int, stop: int, rows: list[dict[str, Any]]) -> None:
        """Keep the rows of deals ``start`` to ``stop - 1`` (the next ones: chunks in order)."""
        if start != self.deals_done:
            raise ValueError(f"the next chunk starts at deal {self.deals_done}, not {start}")
        self.rows.extend(rows)
        self.deals_done = stop

    def step(self) -> bool:
        """Play the next chunk in this process; whether deals remain."""
        plan, start, stop = self.chunk()
        self.record(start, stop, play_deals(plan, start, stop))
        return not self.finished

    def result(self) -> Comparison:
        """The comparison over the deals played so far."""
        return Comparison(self.game, self.players, dict(self.variant), self.variant_name, self.deals_done,
                          self.deals, self.stopped or not self.finished, self.drama, list(self.rows))


@dataclass(frozen=True)
class Comparison:
    """The rulebook and a variant played on the same deals: ``rows`` (a ``simulate``-style players
    table of both as plain rows, one dict per deal, rule set and player, told apart by ``label``),
    :meth:`figures`, every measure compared in plain Python, and :meth:`table`, the same figures as
    a DataFrame (``games``: the rows as one)."""

    game: str
    players: int
    variant: dict[str, Any]
    variant_name: str
    deals: int
    deals_asked: int
    stopped: bool
    drama: bool
    rows: list[dict[str, Any]] = field(repr=False)

    @property
    def games(self):
        """The rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def figures(self, confidence: float = 0.95) -> dict[str, dict[str, Any]]:
        """Per measure, in the table's order, a dict of :data:`COMPARISON_COLUMNS`: each rule set's
        value and interval, the paired difference (variant minus rulebook) and its interval,
        ``clear`` (the interval leaves out 0) and the definition; plain floats (NaN where these
        games give no figure), no pandas. Empty before the first deal."""
        return compared_figures(self.rows, self.players, self.drama, confidence,
                                seed=int(self.rows[0]["seed"]) if self.rows else 0)

    def table(self, confidence: float = 0.95):
        """:meth:`figures` as a DataFrame, one row per measure (an index named ``measure``)."""
        return _frame(self.figures(confidence), COMPARISON_COLUMNS)


def compare_rule_sets(game: str, variant: Mapping[str, Any], n: int, *, players: int | None = None,
                      bots: Iterable[str] | None = None, seed: int = 0, drama: bool = False,
                      progress: Callable[[int, int], Any] | None = None,
                      stop: Callable[[], bool] | None = None, step: int = 10, workers: int = 1) -> Comparison:
    """Play ``n`` deals under the rulebook and under ``variant`` (the rules that differ; a
    ``"rules_name"`` names it), the same deals for both, with ``bots`` in the seats (names, random
    bots by default); ``progress(deals_done, n)`` after every chunk of ``step`` deals; ``stop()``
    asked before each chunk (True: return the deals played so far). ``drama`` adds drama and
    decisiveness (see :data:`DRAMA_COST`). ``workers`` above 1 plays the chunks in that many
    processes (the same table: the chunks are kept in order); the classroom's designer keeps one.
    A rule the game refuses raises its ValueError at once.

    >>> compare_rule_sets("coloretto", {"plus_colours": 9}, 10)
    Traceback (most recent call last):
    ValueError: plus_colours must be a whole number from 0 to 7, not 9
    >>> asked = iter([False, True])
    >>> result = compare_rule_sets("coloretto", {"jokers": 2}, 8, step=2, stop=lambda: next(asked))
    >>> result.deals, result.stopped
    (2, True)
    """
    run = ComparisonRun(game, variant, n, players=players, bots=bots, seed=seed, drama=drama, step=step)
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


# ---------------------------------------------------------------- the measures of the rows


def per_deal(rows: Iterable[Mapping[str, Any]], players: int) -> dict[str, dict[Any, dict[int, float]]]:
    """Per measure measured deal by deal, its value per label and ``game_index`` (NaN where a game
    does not record it), from a players table's rows (a row without ``label`` is the rulebook's):
    every measure but balance, which belongs to the whole set of games.

    >>> rows = [dict(label="variant", game_index=3, players=2, seat=seat, starter=1, score=score, winner=score == 7,
    ...              win_share=float(score == 7), margin=3, actions=10, moves=5, decisions=4, choices=12,
    ...              lead_changes=None) for seat, score in enumerate((7, 4))]
    >>> values = per_deal(rows, 2)
    >>> values["seat 0 wins"], values["the player who starts wins"], values["share of moves with a choice"]
    ({'variant': {3: 1.0}}, {'variant': {3: 0.0}}, {'variant': {3: 0.8}})
    >>> values["branching factor"]["variant"][3], math.isnan(values["lead changes"]["variant"][3])
    (2.4, True)
    """
    values: dict[str, dict[Any, dict[int, float]]] = {}
    for (label, index), game in _games(rows).items():
        for name, value in _deal_values(game, players).items():
            values.setdefault(name, {}).setdefault(label, {})[index] = value
    return values


def _games(rows: Iterable[Mapping[str, Any]]) -> dict[tuple[Any, int], list[Mapping[str, Any]]]:
    """The rows of each game, by ``(label, game_index)``, in the order the rows come."""
    games: dict[tuple[Any, int], list[Mapping[str, Any]]] = {}
    for row in rows:
        games.setdefault((row.get("label", RULEBOOK), row["game_index"]), []).append(row)
    return games


def _deal_values(game: Sequence[Mapping[str, Any]], players: int) -> dict[str, float]:
    """Every per-deal measure of one game, from its players' rows."""
    shares = {row["seat"]: float(row["win_share"]) for row in game}
    places = {(row["seat"] - row["starter"]) % row["players"]: float(row["win_share"]) for row in game}
    values = {f"seat {seat} wins": shares.get(seat, math.nan) for seat in range(players)}
    for measure, place in zip(seat_measures(players)[players:], range(players)):
        values[measure.name] = places.get(place, math.nan)
    margin = _first(game, "margin")
    winner_points = next((abs(float(row["score"])) for row in game if row["winner"]), math.nan)
    values["close finishes"] = float(margin <= CLOSE_SHARE * winner_points)
    values["ties at the top"] = float(margin == 0)
    values["margin"] = margin
    values["moves per game"] = _first(game, "actions")
    values["decisions per player"] = fmean(float(row["decisions"]) for row in game)
    moves = sum(row["moves"] for row in game)
    values["share of moves with a choice"] = _ratio(sum(row["decisions"] for row in game), moves)
    if "choices" in game[0]:
        values["branching factor"] = _ratio(sum(row["choices"] for row in game), moves)
    values["lead changes"] = _first(game, "lead_changes")
    for name in ("drama", "decisiveness"):
        if name in game[0]:
            values[name] = _first(game, name)
    return values


def _first(game: Sequence[Mapping[str, Any]], column: str) -> float:
    """The first figure a game's rows give in ``column`` (NaN when none gives one)."""
    for row in game:
        value = row[column]
        if value is not None and not math.isnan(value):
            return float(value)
    return math.nan


def _ratio(part: float, whole: float) -> float:
    """``part / whole``, NaN for no whole."""
    return part / whole if whole else math.nan


def balance(shares: Sequence[Sequence[float]]) -> float:
    """1 minus the gap between the seat that wins most and the seat that wins least, from the win
    shares of the deals (one sequence per deal, one share per seat).

    >>> balance([(1.0, 0.0), (0.0, 1.0), (0.5, 0.5), (1.0, 0.0)])    # 62.5 % against 37.5 %
    0.75
    """
    rates = [fmean(seat) for seat in zip(*shares)]
    return 1 - (max(rates) - min(rates))


def measured_figures(rows: Iterable[Mapping[str, Any]], players: int | None = None, drama: bool | None = None,
                     confidence: float = 0.95, seed: int = 0) -> dict[str, dict[str, Any]]:
    """Every measure of one rule set's games, in plain Python, from a players table's rows (as
    :func:`play_measured` gives them, or ``simulate_rows(..., shape=True)``): per measure, its
    ``value``, ``low``, ``high`` and ``definition`` (:data:`MEASURED_COLUMNS`), leaving out a
    measure these rows do not record (the branching factor in a ``simulate`` table, lead changes
    in a game whose rounds it does not list). No rows, no measures.

    >>> job = Job("coloretto", 3, (), 1, (bot_spec("heuristic"),) * 3)
    >>> figures = measured_figures([row for index in range(5) for row in play_measured(job, index)])
    >>> round(sum(figures[f"seat {seat} wins"]["value"] for seat in range(3)), 9), list(figures["margin"])
    (1.0, ['value', 'low', 'high', 'definition'])
    """
    rows = list(rows)
    if not rows:
        return {}
    _check_columns(rows[0])
    label = _one_label(rows)
    players = int(rows[0]["players"]) if players is None else players
    drama = "drama" in rows[0] if drama is None else drama
    values = per_deal(rows, players)
    figures = {}
    for measure in _all_measures(players, drama):
        if measure.kind == "whole":
            shares = list(_seat_shares(values, players, label).values())
            [(low, high)] = _resampled_balances(confidence, seed, shares)
            figure = (balance(shares), low, high)
        else:
            found = [value for value in values.get(measure.name, {}).get(label, {}).values() if not math.isnan(value)]
            if not found:
                continue                                  # not recorded in these rows
            figure = _interval(found, measure.kind, confidence)
        figures[measure.name] = dict(zip(MEASURED_COLUMNS, (*figure, measure.definition)))
    return figures


def measures(games, players: int | None = None, drama: bool | None = None, confidence: float = 0.95, seed: int = 0):
    """Every measure of one rule set's games (a :func:`play_measured` players table, e.g.
    ``Comparison.games`` of one label) as a DataFrame: :func:`measured_figures` of its rows.

    >>> run = ComparisonRun("coloretto", {"jokers": 2}, 6, step=6); _ = run.step()
    >>> table = measures(run.result().games.query("label == 'rulebook'"))
    >>> round(float(table.loc["seat 0 wins":"seat 3 wins", "value"].sum()), 9)
    1.0
    >>> bool(table.loc["share of moves with a choice", "low"] <= table.loc["share of moves with a choice", "value"])
    True

    A ``simulate(..., shape=True)`` table works too, without the measures it does not record: the
    branching factor always, and lead changes in a game whose rounds it does not list.
    """
    _check_columns(games.columns)
    return _frame(measured_figures(games.to_dict("records"), players, drama, confidence, seed), MEASURED_COLUMNS)


def _check_columns(columns: Iterable[str]) -> None:
    """Refuse a players table without the columns the measures read."""
    missing = sorted(set(NEEDED_COLUMNS) - set(columns))
    if missing:
        raise ValueError(f"the table has no {', '.join(missing)} column: make it with compare_rule_sets "
                         "or plateau_lab.lab.simulate.simulate(..., shape=True)")


def _one_label(rows: Sequence[Mapping[str, Any]]) -> Any:
    """The label of one rule set's rows (``rulebook`` when they have none)."""
    labels = {row.get("label", RULEBOOK) for row in rows}
    if len(labels) != 1:
        raise ValueError(f"measures reads one rule set's games; this table holds {len(labels)}: "
                         "pick one (table[table.label == 'variant']) or use compare_measures")
    return labels.pop()


def _frame(figures: Mapping[str, Mapping[str, Any]], columns: Sequence[str]):
    """Figures per measure as a DataFrame, one row per measure (an index named ``measure``)."""
    import pandas as pd

    return pd.DataFrame(list(figures.values()), index=pd.Index(list(figures), name="measure"), columns=list(columns))


def _seat_shares(values: Mapping[str, Any], players: int, label: Any) -> dict[int, tuple[float, ...]]:
    """One rule set's win shares: per deal (its ``game_index``), one share per seat."""
    seats = [values[f"seat {seat} wins"].get(label, {}) for seat in range(players)]
    return {deal: tuple(seat[deal] for seat in seats) for deal in seats[0]}


def _interval(values: Sequence[float], kind: str, confidence: float) -> tuple[float, float, float]:
    """A measure's mean over deals and its interval (a share's kept within 0 and 1)."""
    if not values:
        return math.nan, math.nan, math.nan
    if kind == "share":
        total = math.fsum(values)
        low, high = share_interval(total, math.fsum(value * value for value in values), len(values), confidence)
        return total / len(values), low, high
    return mean_interval(values, confidence)


def _resampled_balances(confidence: float, seed: int,
                        *tables: Sequence[tuple[float, ...]]) -> list[tuple[float, float]]:
    """The interval of the balance of each table of win shares (one tuple per deal, one share per
    seat) and, given two tables of the same deals, of the second's balance minus the first's: the
    percentile bootstrap, the deals resampled :data:`RESAMPLINGS` times, the same resamplings for
    every figure, from draws seeded by ``seed`` (the same tables give the same intervals). Deals
    with the same shares in every table are counted together: a resampling is how often it picks
    each kind of deal.

    >>> shares = [(1.0, 0.0), (0.0, 1.0)] * 20
    >>> [(low, high)] = _resampled_balances(0.95, 0, shares)
    >>> 0.6 < low < high == 1.0
    True
    >>> _resampled_balances(0.95, 0, shares, shares)[2]          # the same shares: no difference
    (0.0, 0.0)
    """
    figures: list[list[float]] = [[] for _ in range(len(tables) + (len(tables) == 2))]
    deals = len(tables[0])
    if deals < 2:
        return [(-math.inf, math.inf)] * len(figures)
    kinds: dict[tuple[tuple[float, ...], ...], int] = {}
    kind_of_deal = [kinds.setdefault(tuple(table[deal] for table in tables), len(kinds)) for deal in range(deals)]
    # each table's seats, each as its share in every kind of deal
    seats = [list(zip(*(pattern[table] for pattern in kinds))) for table in range(len(tables))]
    rng = seeded_random(seed, "resampled deals")
    for _ in range(RESAMPLINGS):
        picked = Counter(rng.choices(kind_of_deal, k=deals))
        counts = list(map(picked.get, range(len(kinds)), repeat(0)))
        balances = [_counted_balance(counts, table, deals) for table in seats]
        if len(tables) == 2:
            balances.append(balances[1] - balances[0])
        for figure, value in zip(figures, balances):
            figure.append(value)
    cut = (1 - confidence) / 2
    return [(_quantile(figure, cut), _quantile(figure, 1 - cut)) for figure in figures]


def _counted_balance(counts: Sequence[int], seats: Sequence[Sequence[float]], deals: int) -> float:
    """The balance of a resampling of ``deals`` deals that picks ``counts[k]`` deals of kind ``k``,
    a seat's shares being ``seat[k]`` in a deal of kind ``k``."""
    rates = [sum(map(mul, counts, seat)) / deals for seat in seats]
    return 1 - (max(rates) - min(rates))


def _quantile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values``, between the two nearest sorted values (numpy's default).

    >>> _quantile([4.0, 1.0, 3.0, 2.0], 0.5), _quantile([1.0, 2.0, 3.0], 0.25)
    (2.5, 1.5)
    """
    ordered = sorted(values)
    place = share * (len(ordered) - 1)
    below = math.floor(place)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (place - below)


def compared_figures(rows: Iterable[Mapping[str, Any]], players: int, drama: bool = False, confidence: float = 0.95,
                     seed: int = 0) -> dict[str, dict[str, Any]]:
    """Every measure of a comparison's rows (labels ``rulebook`` and ``variant``, the same deals),
    in plain Python: per measure, the :data:`COMPARISON_COLUMNS` (see :meth:`Comparison.figures`).
    No rows, no measures."""
    rows = list(rows)
    if not rows:
        return {}
    values = per_deal(rows, players)
    figures = {}
    for measure in _all_measures(players, drama):
        if measure.kind == "whole":
            figure = _compared_balance(values, players, confidence, seed) + [measure.definition]
        else:
            by_label = values.get(measure.name, {})
            sides = [by_label.get(label, {}) for label in (RULEBOOK, VARIANT)]
            own = [_interval([value for value in side.values() if not math.isnan(value)], measure.kind, confidence)
                   for side in sides]
            uncounted = measure.name == "lead changes" and all(math.isnan(value) for side in sides
                                                                for value in side.values())
            figure = [*own[0], *own[1], *_paired(*sides, confidence), NO_LEAD if uncounted else measure.definition]
        figures[measure.name] = dict(zip(COMPARISON_COLUMNS, figure))
    return figures


def compare_measures(games, players: int, drama: bool = False, confidence: float = 0.95, seed: int = 0):
    """Every measure of a comparison's games (labels ``rulebook`` and ``variant``, the same deals)
    as a DataFrame: :func:`compared_figures` of its rows (see :meth:`Comparison.table`)."""
    return _frame(compared_figures(games.to_dict("records"), players, drama, confidence, seed), COMPARISON_COLUMNS)


def _paired(rulebook: Mapping[int, float], variant: Mapping[int, float], confidence: float) -> list[Any]:
    """The paired difference (variant minus rulebook) of a per-deal measure over the deals both
    rule sets have a value for, its interval (Student's t on the per-deal differences, as
    :func:`plateau_lab.lab.stats.paired_difference` gives it) and whether the interval leaves out 0."""
    differences = [variant[deal] - rulebook[deal] for deal in sorted(rulebook.keys() & variant.keys())
                   if not math.isnan(variant[deal] - rulebook[deal])]
    if not differences:
        return [math.nan, math.nan, math.nan, False]
    mean = fmean(differences)
    if len(differences) < 2:
        return [mean, -math.inf, math.inf, False]
    half = _t(confidence, len(differences) - 1) * stdev(differences) / math.sqrt(len(differences))
    low, high = mean - half, mean + half
    return [mean, low, high, bool(low > 0 or high < 0)]


@lru_cache(maxsize=64)
def _t(confidence: float, freedom: int) -> float:
    """Student's t quantile, kept: a table recomputed as deals come in asks for the same few."""
    return t_value(confidence, freedom)


def _compared_balance(values: Mapping[str, Any], players: int, confidence: float, seed: int) -> list[Any]:
    """Balance of each rule set, and the difference with the interval of the deals resampled in pairs."""
    rulebook, variant = (_seat_shares(values, players, label) for label in (RULEBOOK, VARIANT))
    both = sorted(rulebook.keys() & variant.keys())
    rulebook, variant = [rulebook[deal] for deal in both], [variant[deal] for deal in both]
    own_rulebook, own_variant, (low, high) = _resampled_balances(confidence, seed, rulebook, variant)
    before, after = balance(rulebook), balance(variant)
    return [before, *own_rulebook, after, *own_variant, after - before, low, high, bool(low > 0 or high < 0)]
