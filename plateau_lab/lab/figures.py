"""Every measure of one rule set's games with its interval, and two rule sets compared deal by deal.

The figures are plain Python (the standard library only: the browser's Python has no numpy): a
:class:`~plateau_lab.lab.results.Figures`, whose ``to_pandas()`` gives the same as a pandas
DataFrame, one row per measure.

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
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from operator import mul
from statistics import fmean, stdev
from typing import Any

from ..core import seeded_random
from .measures import NEEDED_COLUMNS, NO_LEAD, RULEBOOK, VARIANT, all_measures, balance, fixed_starter, per_deal
from .results import Figures
from .stats import holm, mean_interval, share_interval, t_p_value, t_value

__all__ = ["measured_figures", "compared_figures", "FAMILY", "COMPARISON_COLUMNS", "MEASURED_COLUMNS"]

#: What "clear" means in a comparison's table, in words for the page.
FAMILY = ("Clear: the difference stands out among all the measures of the table at once (Holm's method), so the "
          "chance that any measure of a table is called clear when the rules change nothing is at most 5 %. "
          "Holm rather than the false-discovery rate (Benjamini-Hochberg), because each yes is read as 'this "
          "changed': Holm guards against any false yes, however the measures move together. "
          "A measure whose own interval leaves out 0 but is not clear may be luck among so many measures.")
#: Resamplings of the deals behind the interval of balance (a measure of the whole set of games).
RESAMPLINGS = 1000
#: A comparison's figures per measure (:func:`compared_figures`), and its table's columns.
COMPARISON_COLUMNS = ("rulebook", "rulebook_low", "rulebook_high", "variant", "variant_low", "variant_high",
                      "difference", "low", "high", "spread", "p", "family_p", "clear", "definition")
#: One rule set's figures per measure (:func:`measured_figures`), and its table's columns.
MEASURED_COLUMNS = ("value", "low", "high", "definition")


def measured_figures(rows: Iterable[Mapping[str, Any]], players: int | None = None, drama: bool | None = None,
                     confidence: float = 0.95, seed: int = 0) -> Figures:
    """Every measure of one rule set's games, in plain Python, from a players table's rows (as
    :func:`~plateau_lab.lab.measured_play.play_measured` gives them, or ``simulate(..., shape=True)``,
    or a comparison's rows of one label): per measure, its
    ``value``, ``low``, ``high`` and ``definition`` (:data:`MEASURED_COLUMNS`), leaving out a
    measure these rows do not record (the branching factor in a ``simulate`` table, lead changes
    in a game whose rounds it does not list). No rows, no measures. ``to_pandas()``: the same as a
    DataFrame, one row per measure.

    >>> from plateau_lab.lab.measured_play import play_measured
    >>> from plateau_lab.lab.simulate import Job, bot_spec
    >>> job = Job("coloretto", 3, (), 1, (bot_spec("heuristic"),) * 3)
    >>> figures = measured_figures([row for index in range(5) for row in play_measured(job, index)])
    >>> round(sum(figures[f"seat {seat} wins"]["value"] for seat in range(3)), 9), list(figures["margin"])
    (1.0, ['value', 'low', 'high', 'definition'])
    >>> table = figures.to_pandas()
    >>> bool(table.loc["share of moves with a choice", "low"] <= table.loc["share of moves with a choice", "value"])
    True
    """
    rows = list(rows)
    if not rows:
        return Figures({}, MEASURED_COLUMNS)
    _check_columns(rows[0])
    label = _one_label(rows)
    players = int(rows[0]["players"]) if players is None else players
    drama = "drama" in rows[0] if drama is None else drama
    values = per_deal(rows, players)
    figures = {}
    for measure in all_measures(players, drama, fixed_starter(rows) is None):
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
    return Figures(figures, MEASURED_COLUMNS)

def _check_columns(columns: Iterable[str]) -> None:
    """Refuse a players table without the columns the measures read."""
    missing = sorted(set(NEEDED_COLUMNS) - set(columns))
    if missing:
        raise ValueError(f"the rows have no {', '.join(missing)} column: make them with compare_rule_sets "
                         "or plateau_lab.lab.simulate.simulate(..., shape=True)")


def _one_label(rows: Sequence[Mapping[str, Any]]) -> Any:
    """The label of one rule set's rows (``rulebook`` when they have none)."""
    labels = {row.get("label", RULEBOOK) for row in rows}
    if len(labels) != 1:
        raise ValueError(f"measured_figures reads one rule set's games; these rows hold {len(labels)}: "
                         "pick one label's rows, or use compared_figures")
    return labels.pop()

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
                     seed: int = 0) -> Figures:
    """Every measure of a comparison's rows (labels ``rulebook`` and ``variant``, the same deals),
    in plain Python: per measure, the :data:`COMPARISON_COLUMNS` (see
    :meth:`plateau_lab.lab.design.Comparison.figures`). The measures are one family: ``clear`` holds
    where Holm's adjusted chance (``family_p``) is below ``1 - confidence`` (:data:`FAMILY`). No
    rows, no measures. ``to_pandas()``: the same as a DataFrame, one row per measure."""
    rows = list(rows)
    if not rows:
        return Figures({}, COMPARISON_COLUMNS)
    values = per_deal(rows, players)
    figures = {}
    for measure in all_measures(players, drama, fixed_starter(rows) is None):
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
    return Figures(figures, COMPARISON_COLUMNS)


def _holm_clear(figures: Mapping[str, dict[str, Any]], alpha: float) -> None:
    """Each measure's ``family_p`` (Holm's adjustment over the measures of the table) and ``clear``."""
    names = list(figures)
    for name, adjusted in zip(names, holm([figures[name]["p"] for name in names])):
        figures[name]["family_p"] = adjusted
        figures[name]["clear"] = bool(adjusted < alpha)



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

