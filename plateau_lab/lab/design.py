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
>>> result.table().loc["moves per game"].tolist() == list(moves.values())
True

The figures are plain Python (the standard library only: the browser's Python has no numpy);
:meth:`Comparison.table` gives the same figures as a pandas DataFrame.

**Clear, for the whole table at once** (:data:`FAMILY`). A table of 15 or so measures, each at
95 %, would call about one of them "clear" by luck alone in every comparison. The measures of one
comparison are one family: each gets ``p``, the chance of a difference this far from 0 by luck
alone (the paired t test; balance: its resampled differences), and ``family_p``, Holm's
adjustment of those chances over the table (:func:`plateau_lab.lab.stats.holm`); ``clear`` holds
where ``family_p`` is below 5 %. So the chance that *any* measure of a table is called clear when
the variant changes nothing stays at most 5 % (``benchmarks/bench_aa.py`` measures it: the
rulebook against itself on independent deals). Holm rather than the false-discovery rate
(Benjamini-Hochberg): a designer reads each "yes" as "this measure changed", so the guard is on
any false "yes", not on their share among the yeses; and Holm holds whatever the measures'
dependence (the seats' shares add up to 1; margin and close finishes move together), where
Benjamini-Hochberg's guarantee needs them to move together. Each measure's own 95 % interval is
still given: one that leaves out 0 without being clear may be luck among so many measures.

**Each fact once.** With two players one seat's share is the other's complement, so only seat 0
has a row; where the same seat makes the first move in every game (:func:`fixed_starter`: Le
Plateau, The Syndicate, Plotters Inc.), who wins by turn order *is* who wins by seat, and only the
seats' rows are shown.

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

**Players who search the variant's own rules** (``searching=True``). The heuristic bots follow
rules of thumb written for the rulebook: a variant can change the game, or only show that they
play it badly. The comparison can play the same deals again with the expert at a small budget
(:data:`SEARCH_PLAYOUTS` playouts a decision) in every seat, which plays out each move under the
rules in use; :meth:`Comparison.searching_figures` are its figures and :func:`disagreeing` names
the measures where the two kinds of players cannot both be right (:data:`MAY_PLAY_BADLY`). It costs
far more: a paired 1,000-deal comparison with it takes, on 2 cores, about 1 minute for Oh Hell, 4.5
for The Syndicate, 6 for Coloretto, 19 for Le Plateau, and longer for Plotters Inc. and Wimmüln
(their expert plays about 3 to 4 s a game: ``benchmarks/bench_searching.py``, process time of 4
deals per game on a loaded machine, extrapolated).

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
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache, partial
from itertools import repeat
from operator import mul
from statistics import fmean, stdev
from typing import Any

from ..core import RULES_NAME, STANDARD, check_rules_name, check_whole, game_spec, play_out, rule_set_name, \
    seeded_random, SEED_LIMIT
from ..core.bots import RandomBot
from ..core.fastpath import Record
from ..core.imagining import fresh_setup
from .bots import EXPERT, bot_names
from .expert import ExpertBot
from .shape import MoveCounter, Shape, WatchingBot, lead_changes, round_totals
from .simulate import Job, bot_seed, bot_spec, fast_bots, game_seed, rows_of
from .stats import deals_for, holm, mean_interval, share_interval, t_p_value, t_value

__all__ = ["Measure", "MEASURES", "EXPERT_MEASURES", "DRAMA_COST", "CLOSE_SHARE", "NEEDED_COLUMNS", "RULEBOOK",
           "VARIANT", "COMPARISON_COLUMNS", "MEASURED_COLUMNS", "Comparison", "ComparisonPlan", "ComparisonRun",
           "compare_rule_sets", "compared_figures", "compare_measures", "measured_figures", "measures",
           "measure_names", "seat_measures", "per_deal", "play_deals", "play_measured", "plays_fast", "win_chances",
           "win_shares", "balance", "drama_of", "decisiveness_of", "changed_rules", "NO_LEAD", "FAMILY", "CLOSE_POINTS",
           "fixed_starter", "SEARCHING_RULEBOOK", "SEARCHING_VARIANT", "SEARCH_PLAYOUTS", "MAY_PLAY_BADLY",
           "searching_seats", "disagreeing", "plan_study"]

#: What "clear" means in a comparison's table, in words for the page.
FAMILY = ("Clear: the difference stands out among all the measures of the table at once (Holm's method), so the "
          "chance that any measure of a table is called clear when the rules change nothing is at most 5 %. "
          "Holm rather than the false-discovery rate (Benjamini-Hochberg), because each yes is read as 'this "
          "changed': Holm guards against any false yes, however the measures move together. "
          "A measure whose own interval leaves out 0 but is not clear may be luck among so many measures.")
#: The labels of the two rule sets in a comparison's games table.
RULEBOOK, VARIANT = "rulebook", "variant"
#: Their labels when players who search the rules themselves play them (``searching=True``).
SEARCHING_RULEBOOK, SEARCHING_VARIANT = "rulebook, players who search", "variant, players who search"
#: The playouts per decision of the expert when it plays a comparison (``searching=True``): a small
#: budget, enough to follow what the variant's own rules reward.
SEARCH_PLAYOUTS = 8
#: What a disagreement between the two kinds of players says, for the page.
MAY_PLAY_BADLY = "the bots may be playing this variant badly (their rules of thumb were made for the rulebook)"
#: A game ends close when the winner's lead is at most this share of the winner's points, or at
#: most :data:`CLOSE_POINTS` (whichever is more: a game to 6 points can end no closer than 1 point).
CLOSE_SHARE = 0.1
#: The smallest lead whole points allow: a lead this small is close in any game.
CLOSE_POINTS = 1
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
                      "difference", "low", "high", "spread", "p", "family_p", "clear", "definition")
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
    unit: str = ""

    @property
    def difference_unit(self) -> str:
        """What a difference of this measure is counted in: percentage points for a share."""
        return "percentage points" if self.kind == "share" else self.unit


#: The measures of every game (the seats' and the turn order's rows come first: see :func:`measure_names`).
MEASURES = (
    Measure("balance", "1 minus the gap between the seat that wins most and the seat that wins least: 1 when "
            "every seat wins equally often (Ludii: Balance)", "whole"),
    Measure("close finishes", f"share of games won by a single point or by at most a tenth of the winner's "
            "points, whichever is more, ties included: the same test in a game to 6 points (a 1-point win is "
            "close) and in one to 100 (up to 10 points) (after Browne 2008: Uncertainty at the end)", "share"),
    Measure("ties at the top", "share of games that end with two or more players sharing the best score "
            "(Ludii: Drawishness, for many players)", "share"),
    Measure("margin", "the winner's points minus the runner-up's at the end of a game (0: a tie)", unit="points"),
    Measure("moves per game", "all the moves of a game, forced ones included (Ludii: Duration)", unit="moves"),
    Measure("decisions per player", "a player's moves with more than one legal choice, per game "
            "(Ludii: DecisionMoves)", unit="decisions"),
    Measure("share of moves with a choice", "a game's moves with more than one legal choice over all its moves "
            "(Ludii: DecisionMoves as a share)", "share"),
    Measure("branching factor", "the legal moves a player chooses from, on average over a game's moves "
            "(Ludii: BranchingFactor)", unit="legal moves"),
    Measure("lead changes", "times a different player takes the lead alone from one round (a hand; a turn in The "
            "Syndicate; a trick in Oh Hell, where the standing is what each player would score if the hand stopped "
            "there) of a game to the next (Ludii: LeadChange, counted between rounds)", unit="lead changes"),
)
#: The definition of lead changes where the games list no rounds (a game played without its fast path).
NO_LEAD = ("not counted here: these games list no standings from one round to the next, so there is no lead "
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


def seat_measures(players: int, turn_order: bool = True) -> tuple[Measure, ...]:
    """The rows of seat and turn-order advantage for ``players`` players, each fact once: with two
    players the second seat's share is 1 minus the first's (a tie counts half to each), so only the
    first is a row; ``turn_order`` False leaves out the turn order's rows, which repeat the seats'
    when the same seat starts every game (Le Plateau, The Syndicate: :func:`fixed_starter`).

    >>> [measure.name for measure in seat_measures(3)]       # doctest: +NORMALIZE_WHITESPACE
    ['seat 0 wins', 'seat 1 wins', 'seat 2 wins', 'the player who starts wins', 'the 2nd to play wins',
     'the 3rd to play wins']
    >>> [measure.name for measure in seat_measures(2)], [measure.name for measure in seat_measures(3, False)]
    (['seat 0 wins', 'the player who starts wins'], ['seat 0 wins', 'seat 1 wins', 'seat 2 wins'])
    """
    rest = " (seat 1 wins the rest)" if players == 2 else ""
    shown = range(1 if players == 2 else players)
    seats = tuple(Measure(_seat_name(seat), f"share of games won from seat {seat}, a tie of k players counting "
                          f"1/k (fair: 1/{players}; Ludii: Advantage){rest}", "share") for seat in shown)
    if not turn_order:
        return seats
    rest = " (the other player wins the rest)" if players == 2 else ""
    places = tuple(Measure(_place_name(place), f"share of games won by the player {_who(place)}, a tie of k players "
                           f"counting 1/k (fair: 1/{players}; Ludii: Advantage by turn order){rest}", "share")
                   for place in range(1, len(shown) + 1))
    return seats + places


def _seat_name(seat: int) -> str:
    return f"seat {seat} wins"


def _place_name(place: int) -> str:
    """The row of the player at ``place`` in the turn order (from 1)."""
    return "the player who starts wins" if place == 1 else f"the {_ordinal(place)} to play wins"


def fixed_starter(rows: Iterable[Mapping[str, Any]]) -> int | None:
    """The seat that made the first move of every game of ``rows`` (None when it varies, or for no
    rows): then who wins by turn order is who wins by seat, and the table shows it once.

    >>> fixed_starter([{"starter": 0}, {"starter": 0}]), fixed_starter([{"starter": 0}, {"starter": 2}])
    (0, None)
    """
    starters = {row["starter"] for row in rows}
    return starters.pop() if len(starters) == 1 and None not in starters else None


def _who(place: int) -> str:
    """The player at ``place`` in the turn order (from 1), in words."""
    return "who made the first move" if place == 1 else f"{_seats(place - 1)} after the one who started"


def measure_names(players: int, drama: bool = False, turn_order: bool = True) -> list[str]:
    """Every measure's name, in the order of the results table (``turn_order``: see :func:`seat_measures`).

    >>> measure_names(3)[:4], measure_names(3, drama=True)[-2:]
    (['seat 0 wins', 'seat 1 wins', 'seat 2 wins', 'the player who starts wins'], ['drama', 'decisiveness'])
    >>> measure_names(3, turn_order=False)[3]
    'balance'
    """
    return [measure.name for measure in _all_measures(players, drama, turn_order)]


def _all_measures(players: int, drama: bool, turn_order: bool = True) -> tuple[Measure, ...]:
    return seat_measures(players, turn_order) + MEASURES + (EXPERT_MEASURES if drama else ())


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
    """Everything a worker needs to play deals of a comparison (picklable): the two jobs, whether
    to read drama and decisiveness, and the two jobs of the players who search (or None)."""

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


def searching_seats(players: int, playouts: int = SEARCH_PLAYOUTS) -> tuple:
    """Every seat a player who searches the rules it plays (the expert with ``playouts`` per
    decision): it reads the variant's own rules, where a heuristic bot follows rules of thumb made
    for the rulebook.

    >>> searching_seats(2, 4)[0].label, searching_seats(2, 4)[1].make("coloretto", 7)
    ('expert', ExpertBot(seed=7, playouts=4, guided=None))
    """
    check_whole(playouts, name="playouts", low=1, high=100_000)
    return (bot_spec((EXPERT, partial(ExpertBot, playouts=playouts))),) * players


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
            seekers = searching_seats(self.players, search_playouts)
            searchers = (Job(self.game, self.players, (), int(seed), seekers, rules=STANDARD),
                         Job(self.game, self.players, given, int(seed), seekers, rules=self.variant_name))
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
                          self.deals, self.stopped or not self.finished, self.drama, list(self.rows),
                          self.plan.searching is not None, self.seconds)


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

    @property
    def games(self):
        """The rows as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.rows)

    def figures(self, confidence: float = 0.95) -> dict[str, dict[str, Any]]:
        """Per measure, in the table's order, a dict of :data:`COMPARISON_COLUMNS`: each rule set's
        value and interval, the paired difference (variant minus rulebook) and its interval, its
        spread, its chance ``p`` by luck alone and Holm's ``family_p``, ``clear`` (:data:`FAMILY`)
        and the definition; plain floats (NaN where these games give no figure), no pandas. Empty
        before the first deal. The heuristic bots' games (or the bots asked for)."""
        rows = [row for row in self.rows if row["label"] in (RULEBOOK, VARIANT)]
        return compared_figures(rows, self.players, self.drama, confidence,
                                seed=int(self.rows[0]["seed"]) if self.rows else 0)

    def searching_figures(self, confidence: float = 0.95) -> dict[str, dict[str, Any]]:
        """:meth:`figures` of the same deals played by players who search each rule set's own rules
        (``searching=True``; empty otherwise)."""
        named = {SEARCHING_RULEBOOK: RULEBOOK, SEARCHING_VARIANT: VARIANT}
        rows = [dict(row, label=named[row["label"]]) for row in self.rows if row["label"] in named]
        return compared_figures(rows, self.players, self.drama, confidence,
                                seed=int(self.rows[0]["seed"]) if self.rows else 0)

    def disagreements(self, confidence: float = 0.95) -> list[str]:
        """The measures on which the two kinds of players disagree (:func:`disagreeing`)."""
        return disagreeing(self.figures(confidence), self.searching_figures(confidence))

    def plan_study(self, measure: str, difference: float, power: float = 0.8) -> dict[str, Any]:
        """How many deals would make a true ``difference`` of ``measure`` clear (with chance
        ``power``), and how long they would take here, from this comparison as a pilot: the
        spread of its per-deal differences, its family of measures and its time per deal
        (:func:`plan_study`)."""
        return plan_study(self, measure, difference, power)

    def table(self, confidence: float = 0.95):
        """:meth:`figures` as a DataFrame, one row per measure (an index named ``measure``)."""
        return _frame(self.figures(confidence), COMPARISON_COLUMNS)


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

    ``searching=True`` plays the same deals again with players who search each rule set's own
    rules (the expert with ``search_playouts`` per decision in every seat:
    :meth:`Comparison.searching_figures`), so that :meth:`Comparison.disagreements` can say where
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
    values = {_seat_name(seat): shares.get(seat, math.nan) for seat in range(players)}
    for place in range(players):
        values[_place_name(place + 1)] = places.get(place, math.nan)
    margin = _first(game, "margin")
    winner_points = next((abs(float(row["score"])) for row in game if row["winner"]), math.nan)
    values["close finishes"] = float(margin <= max(CLOSE_POINTS, CLOSE_SHARE * winner_points))
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
    for measure in _all_measures(players, drama, fixed_starter(rows) is None):
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
    every figure, from draws seeded by ``seed`` (the same tables give the same intervals).

    >>> shares = [(1.0, 0.0), (0.0, 1.0)] * 20
    >>> [(low, high)] = _resampled_balances(0.95, 0, shares)
    >>> 0.6 < low < high == 1.0
    True
    >>> _resampled_balances(0.95, 0, shares, shares)[2]          # the same shares: no difference
    (0.0, 0.0)
    """
    figures = _resamplings(seed, *tables)
    if figures is None:
        return [(-math.inf, math.inf)] * (len(tables) + (len(tables) == 2))
    cut = (1 - confidence) / 2
    return [(_quantile(figure, cut), _quantile(figure, 1 - cut)) for figure in figures]


def _resamplings(seed: int, *tables: Sequence[tuple[float, ...]]) -> list[list[float]] | None:
    """The balances of every table (and the second's minus the first's, given two) in each of
    :data:`RESAMPLINGS` resamplings of the deals (None for fewer than 2 deals). Deals with the same
    shares in every table are counted together: a resampling is how often it picks each kind of deal."""
    figures: list[list[float]] = [[] for _ in range(len(tables) + (len(tables) == 2))]
    deals = len(tables[0])
    if deals < 2:
        return None
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
    return figures


def _bootstrap_p(differences: Sequence[float]) -> float:
    """The two-sided chance of a difference of 0 or beyond from resampled ``differences``: twice
    the smaller share of them at or below 0 and at or above 0 (1 when they are all 0).

    >>> _bootstrap_p([0.1, 0.2, -0.05, 0.3]), _bootstrap_p([0.0, 0.0])
    (0.5, 1.0)
    """
    below = sum(value <= 0 for value in differences) / len(differences)
    above = sum(value >= 0 for value in differences) / len(differences)
    return min(1.0, 2 * min(below, above))


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
    The measures are one family: ``clear`` holds where Holm's adjusted chance (``family_p``) is below
    ``1 - confidence`` (:data:`FAMILY`). No rows, no measures."""
    rows = list(rows)
    if not rows:
        return {}
    values = per_deal(rows, players)
    figures = {}
    for measure in _all_measures(players, drama, fixed_starter(rows) is None):
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
    _holm_clear(figures, 1 - confidence)
    return figures


def _holm_clear(figures: Mapping[str, dict[str, Any]], alpha: float) -> None:
    """Each measure's ``family_p`` (Holm's adjustment over the measures of the table) and ``clear``."""
    names = list(figures)
    for name, adjusted in zip(names, holm([figures[name]["p"] for name in names])):
        figures[name]["family_p"] = adjusted
        figures[name]["clear"] = bool(adjusted < alpha)


def compare_measures(games, players: int, drama: bool = False, confidence: float = 0.95, seed: int = 0):
    """Every measure of a comparison's games (labels ``rulebook`` and ``variant``, the same deals)
    as a DataFrame: :func:`compared_figures` of its rows (see :meth:`Comparison.table`)."""
    return _frame(compared_figures(games.to_dict("records"), players, drama, confidence, seed), COMPARISON_COLUMNS)


def _paired(rulebook: Mapping[int, float], variant: Mapping[int, float], confidence: float) -> list[Any]:
    """The paired difference (variant minus rulebook) of a per-deal measure over the deals both
    rule sets have a value for, its interval (Student's t on the per-deal differences, as
    :func:`plateau_lab.lab.stats.paired_difference` gives it), the spread of the differences,
    the chance ``p`` of a difference this far from 0 by luck alone (the t test: NaN with fewer than
    2 deals), and ``family_p`` and ``clear``, which :func:`_holm_clear` fills in for the family."""
    differences = _differences(rulebook, variant)
    if not differences:
        return [math.nan, math.nan, math.nan, math.nan, math.nan, math.nan, False]
    mean = fmean(differences)
    if len(differences) < 2:
        return [mean, -math.inf, math.inf, math.nan, math.nan, math.nan, False]
    spread = stdev(differences)
    error = spread / math.sqrt(len(differences))
    half = _t(confidence, len(differences) - 1) * error
    if error == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = t_p_value(mean / error, len(differences) - 1)
    return [mean, mean - half, mean + half, spread, p, math.nan, False]


def _differences(rulebook: Mapping[int, float], variant: Mapping[int, float]) -> list[float]:
    """Variant minus rulebook, deal by deal, over the deals both have a figure for."""
    return [variant[deal] - rulebook[deal] for deal in sorted(rulebook.keys() & variant.keys())
            if not math.isnan(variant[deal] - rulebook[deal])]


@lru_cache(maxsize=64)
def _t(confidence: float, freedom: int) -> float:
    """Student's t quantile, kept: a table recomputed as deals come in asks for the same few."""
    return t_value(confidence, freedom)


def _compared_balance(values: Mapping[str, Any], players: int, confidence: float, seed: int) -> list[Any]:
    """Balance of each rule set, and the difference with the interval of the deals resampled in pairs."""
    rulebook, variant = (_seat_shares(values, players, label) for label in (RULEBOOK, VARIANT))
    both = sorted(rulebook.keys() & variant.keys())
    rulebook, variant = [rulebook[deal] for deal in both], [variant[deal] for deal in both]
    before, after = balance(rulebook), balance(variant)
    figures = _resamplings(seed, rulebook, variant)
    if figures is None:
        return [before, -math.inf, math.inf, after, -math.inf, math.inf, after - before, -math.inf, math.inf,
                math.nan, math.nan, math.nan, False]
    cut = (1 - confidence) / 2
    (own_rulebook, own_variant, (low, high)) = [(_quantile(figure, cut), _quantile(figure, 1 - cut))
                                                for figure in figures]
    spread = stdev(figures[2]) * math.sqrt(len(both))
    return [before, *own_rulebook, after, *own_variant, after - before, low, high, spread,
            _bootstrap_p(figures[2]), math.nan, False]


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
