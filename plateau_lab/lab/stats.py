"""Statistics for the game-design lab, on the tables that ``plateau_lab.lab.simulate`` returns.

Win rates come with Wilson score intervals (good even for rates near 0 or 1 and small samples):

>>> low, high = wilson_interval(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
>>> wilson_interval(0, 0)
(0.0, 1.0)

A class usually asks four questions of a simulation:

* Does a seat have an advantage?  ``win_rates(table, by="seat")`` (and ``plot_win_rates``).
* How are the scores spread?  ``score_summary(table, by="bot")`` (and ``plot_scores``).
* Luck or skill?  ``skill_share(table, "heuristic")``: how much more often a heuristic bot wins
  against random bots than chance, on a scale from 0 (pure luck) to 1 (it always wins).
* Does a rule change matter?  ``compare(table, by="label", reference=...)`` on a ``compare_variants``
  table, with :func:`paired_difference` (the same deals under both rules, compared deal by deal).
* Does the player who starts win more often?  ``first_player_advantage(table)``.

**Ties are shared.** A k-way tie for the best score counts as 1/k of a win for each tied seat (the
``win_share`` column of a ``simulate`` table; ``winner`` stays True for every tied seat): the win
rates of a game's seats then add up to exactly 1, and a fair seat's rate is 1/players. The
``wins`` column of :func:`win_rates` is a sum of those shares (ties shared), and its interval is
:func:`share_interval`, a Wilson interval made right for shares between 0 and 1.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any
from statistics import NormalDist, fmean, stdev

__all__ = ["wilson_interval", "share_interval", "mean_interval", "win_rates", "first_player_advantage",
           "score_summary", "skill_share", "compare", "paired_difference", "sign_test", "t_value", "t_p_value",
           "holm", "deals_for", "is_zero_sum",
           "plot_win_rates", "plot_scores", "z_value"]


WIN_COLUMNS = ["games", "wins", "rate", "low", "high"]
#: The column of a ``simulate`` table that counts a k-way tie for the best score as 1/k of a win.
WIN_SHARE = "win_share"
#: The paired comparison's columns (see :func:`paired_difference`).
PAIRED_COLUMNS = ["deals", "difference", "low", "high", "higher", "lower", "same", "sign_p"]


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.96 for 95 %."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def t_value(confidence: float, freedom: int) -> float:
    """The two-sided quantile of Student's t with ``freedom`` degrees of freedom: 12.71 for 95 % and
    1 degree, 2.26 for 9, nearing :func:`z_value` (1.96) as the degrees grow.

    Exact for up to 1,000 degrees (the t distribution's finite series for whole degrees, solved by
    halving the interval); beyond, the Cornish-Fisher expansion (off by less than 1e-6 there).

    >>> round(t_value(0.95, 1), 3), round(t_value(0.95, 9), 3), round(t_value(0.95, 5000), 3)
    (12.706, 2.262, 1.96)
    """
    z = z_value(confidence)
    freedom = int(freedom)
    if freedom < 1:
        raise ValueError(f"Student's t needs at least 1 degree of freedom, not {freedom}")
    if freedom > 1000:
        return _cornish_fisher(z, freedom)
    low, high = 0.0, 1.0
    while _t_central(high, freedom) < confidence:
        high *= 2
    for _ in range(80):
        middle = (low + high) / 2
        low, high = (middle, high) if _t_central(middle, freedom) < confidence else (low, middle)
    return (low + high) / 2


def _t_central(t: float, freedom: int) -> float:
    """P(-t <= T <= t) for Student's T with whole ``freedom`` (Abramowitz and Stegun 26.7.3-4)."""
    angle = math.atan(t / math.sqrt(freedom))
    squared, sine = math.cos(angle) ** 2, math.sin(angle)
    if freedom % 2:
        term = total = math.cos(angle) if freedom > 1 else 0.0
        for k in range(3, freedom - 1, 2):
            term *= (k - 1) / k * squared
            total += term
        return 2 / math.pi * (angle + sine * total)
    term = total = 1.0
    for k in range(2, freedom - 1, 2):
        term *= (k - 1) / k * squared
        total += term
    return sine * total


def t_p_value(t: float, freedom: int) -> float:
    """The two-sided chance that Student's T with ``freedom`` degrees lies at least ``|t|`` from 0
    (exact for up to 1,000 degrees; beyond, the normal curve, within 1e-4 of it).

    >>> round(t_p_value(2.262, 9), 3), round(t_p_value(1.96, 5000), 3), t_p_value(0.0, 4)
    (0.05, 0.05, 1.0)
    """
    freedom = int(freedom)
    if freedom < 1:
        raise ValueError(f"Student's t needs at least 1 degree of freedom, not {freedom}")
    if math.isnan(t):
        return math.nan
    if math.isinf(t):
        return 0.0
    if freedom > 1000:
        return min(1.0, 2 * (1 - NormalDist().cdf(abs(t))))
    return min(1.0, max(0.0, 1 - _t_central(abs(t), freedom)))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of a family of ``p_values`` (NaN: no test, left out and kept NaN):
    each adjusted value is below ``alpha`` exactly when Holm's method calls that test clear at
    family-wise level ``alpha``, so the chance that *any* test of the family is called clear by luck
    alone stays at most ``alpha``, whatever the tests' dependence (Holm 1979).

    >>> holm([0.01, 0.04, 0.03, 0.5])
    [0.04, 0.09, 0.09, 0.5]
    >>> holm([0.2, float("nan")])[0], math.isnan(holm([0.2, float("nan")])[1])
    (0.2, True)
    """
    tested = sorted((value, place) for place, value in enumerate(p_values) if not math.isnan(value))
    adjusted = [math.nan] * len(p_values)
    highest = 0.0
    for rank, (value, place) in enumerate(tested):
        highest = max(highest, min(1.0, (len(tested) - rank) * value))
        adjusted[place] = round(highest, 12)
    return adjusted


def deals_for(difference: float, spread: float, *, tests: int = 1, alpha: float = 0.05, power: float = 0.8) -> int:
    """The deals a paired comparison needs for a true ``difference`` (in the measure's unit) to be
    called clear with chance ``power``, when the per-deal differences spread by ``spread`` (their
    standard deviation, from a pilot) and the test is one of ``tests`` at family-wise level
    ``alpha`` (Holm's first step, Bonferroni's level ``alpha / tests``: the bound for the hardest
    case): the fewest deals ``n`` (to within 1 %) with ``((t(1 - alpha / 2 / tests) + t(power)) * spread / difference)² <= n``,
    Student's t with ``n - 1`` degrees (the normal curve's answer, a little short for few deals, is
    where the search starts).

    >>> deals_for(3.0, 12.0), deals_for(3.0, 12.0, tests=17), deals_for(3.0, 1.7, tests=12)
    (128, 237, 9)
    >>> deals_for(0.0, 1.0)
    Traceback (most recent call last):
    ValueError: a difference to detect must be above 0, not 0.0
    """
    if not difference > 0:
        raise ValueError(f"a difference to detect must be above 0, not {difference!r}")
    if not spread >= 0:
        raise ValueError(f"a spread is 0 or more, not {spread!r}")
    if not 0 < power < 1:
        raise ValueError(f"power is a chance between 0 and 1, not {power!r}")
    normal = NormalDist()
    share = alpha / _check_tests(tests)
    z = normal.inv_cdf(1 - share / 2) + normal.inv_cdf(power)
    deals = max(2, math.ceil((z * spread / difference) ** 2))
    while deals < 10_000_000:
        t = t_value(1 - share, deals - 1) + t_value(2 * power - 1, deals - 1)
        if (t * spread / difference) ** 2 <= deals:
            return deals
        deals += max(1, deals // 100)
    return deals


def _check_tests(tests: int) -> int:
    """A family's size: a whole number of at least 1."""
    if isinstance(tests, bool) or not isinstance(tests, int) or tests < 1:
        raise ValueError(f"a family holds at least 1 test, not {tests!r}")
    return tests


def _cornish_fisher(z: float, freedom: int) -> float:
    """Student's t quantile from the normal one, for many degrees (Abramowitz and Stegun 26.7.5)."""
    terms = ((z ** 3 + z) / 4, (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
             (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
             (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + sum(term / freedom ** power for power, term in enumerate(terms, start=1))


def wilson_interval(wins: float, games: float, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``wins`` in ``games`` (the whole range for no games).

    Both may be fractional: :func:`share_interval` gives it an effective number of games."""
    if games == 0:
        return 0.0, 1.0
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and the number of games ({games}), not {wins!r}")
    z = z_value(confidence)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins == 0 else max(0.0, centre - half)      # exact ends: no rounding dust
    high = 1.0 if wins == games else min(1.0, centre + half)
    return low, high


def share_interval(wins: float, squares: float, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The interval of a win rate when a game may give part of a win (1/k to each of k tied seats):
    ``wins`` is the sum of the games' shares, ``squares`` the sum of their squares.

    With whole wins only (every share 0 or 1) it is the plain Wilson interval. A shared win makes
    the outcomes less spread out than wins and losses with the same rate, so the games are counted
    by their *effective number*, ``games * rate * (1 - rate) / variance`` (the variance of the
    shares as observed), and the Wilson interval is taken on that many games at the same rate. Its
    coverage is 95 % (checked by simulation in the tests); the Wilson interval of the fractional
    count on the games themselves would be too wide. When every game gives the same part of a win
    (no spread at all), it falls back to that wider interval.

    >>> [round(end, 3) for end in share_interval(50, 50, 100)]       # 50 wins, 50 losses
    [0.404, 0.596]
    >>> [round(end, 3) for end in share_interval(50, 25, 100)]       # 100 two-way ties
    [0.404, 0.596]
    >>> [round(end, 3) for end in share_interval(50, 37.5, 100)]     # 25 wins, 50 two-way ties, 25 losses
    [0.431, 0.569]
    """
    if games == 0:
        return 0.0, 1.0
    if not -1e-9 <= wins <= games + 1e-9 or not -1e-9 <= squares <= wins + 1e-9:
        raise ValueError(f"shares lie between 0 and 1: {games} games cannot have shares adding up to {wins!r} "
                         f"with squares adding up to {squares!r}")
    wins = min(max(wins, 0.0), games)
    rate = wins / games
    variance = max(0.0, squares / games - rate * rate)
    bernoulli = rate * (1 - rate)
    if variance <= 0 or variance >= bernoulli * (1 - 1e-9):
        return wilson_interval(wins, games, confidence)
    effective = games * bernoulli / variance
    return wilson_interval(rate * effective, effective, confidence)


def _win_column(table, column: str | None) -> str:
    """The column counted as wins: ``win_share`` when the table has it (ties shared), else ``winner``."""
    if column is not None:
        return column
    return WIN_SHARE if WIN_SHARE in table.columns else "winner"


def win_rates(table, by: str | Sequence[str] = "seat", confidence: float = 0.95, column: str | None = None):
    """Games, wins, win rate and its interval (``low``, ``high``) per group of ``by``.

    The wins counted are the ``win_share`` column when the table has one (a ``simulate`` table:
    a k-way tie for the best score counts 1/k of a win to each tied seat, so ``wins`` may be
    fractional and the rates of a game's seats add up to 1), else the ``winner`` column (True
    or False, or 1 or 0: any yes/no outcome, such as contracts made); ``column`` names another.
    The interval is :func:`share_interval` (Wilson's when every share is 0 or 1).

    >>> import pandas as pd
    >>> table = pd.DataFrame({"seat": [0, 1, 0, 1], "winner": [True, False, True, False]})
    >>> win_rates(table)[["games", "wins", "rate"]].to_dict("list")
    {'games': [2, 2], 'wins': [2, 0], 'rate': [1.0, 0.0]}
    >>> tied = table.assign(win_share=[1.0, 0.0, 0.5, 0.5])    # the second game a two-way tie
    >>> win_rates(tied)[["games", "wins", "rate"]].to_dict("list")
    {'games': [2, 2], 'wins': [1.5, 0.5], 'rate': [0.75, 0.25]}
    """
    column = _win_column(table, column)
    if column not in table.columns:
        raise ValueError(f"the table has no column {column!r} to count wins in; its columns are "
                         f"{', '.join(map(str, table.columns))}")
    shares = table[column].astype(float)
    grouped = shares.groupby([table[name] for name in ([by] if isinstance(by, str) else by)]).agg(
        games="count", wins="sum")
    squares = (shares * shares).groupby([table[name] for name in ([by] if isinstance(by, str) else by)]).sum()
    if ((shares == 0) | (shares == 1)).all():
        grouped["wins"] = grouped["wins"].round().astype(int)
    grouped["rate"] = grouped["wins"] / grouped["games"]
    intervals = [share_interval(wins, square, games, confidence)
                 for wins, square, games in zip(grouped["wins"], squares, grouped["games"])]
    grouped["low"] = [low for low, _ in intervals]
    grouped["high"] = [high for _, high in intervals]
    return grouped[WIN_COLUMNS]


def first_player_advantage(table, by: str | Sequence[str] = (), confidence: float = 0.95, column: str | None = None):
    """Does the player who starts win more often? Win rates by **place after the starter** (0: the
    player who made the game's first move, 1: the next seat, ...), with their intervals and the
    fair rate (1/players), per number of players and per group of ``by`` (e.g. ``"label"`` for a
    ``compare_variants`` table). Needs the ``starter`` column of a ``simulate`` table (the seat that
    made the first move of the game). Ties are shared, as in :func:`win_rates`.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"players": 2, "seat": [0, 1, 0, 1], "starter": [1, 1, 0, 0],
    ...                       "winner": [False, True, True, False]})
    >>> first_player_advantage(table)[["games", "wins", "rate", "fair"]].reset_index().to_dict("list")
    {'players': [2, 2], 'after_starter': [0, 1], 'games': [2, 2], 'wins': [2, 0], 'rate': [1.0, 0.0], 'fair': [0.5, 0.5]}
    """
    missing = {"players", "seat", "starter"} - set(table.columns)
    if missing:
        raise ValueError(f"the table has no {', '.join(sorted(missing))} column: use a table from "
                         "plateau_lab.lab.simulate.simulate (table='players')")
    placed = table.assign(after_starter=(table["seat"] - table["starter"]) % table["players"])
    groups = [by] if isinstance(by, str) else list(by)
    rates = win_rates(placed, by=[*groups, "players", "after_starter"], confidence=confidence, column=column)
    rates["fair"] = 1 / rates.index.get_level_values("players")
    return rates


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal interval (the whole line for fewer than two values).

    >>> [round(value, 2) for value in mean_interval([1, 2, 3, 4])]
    [2.5, 1.23, 3.77]
    >>> mean_interval([5])
    (5.0, -inf, inf)
    """
    values = [float(value) for value in values]
    if not values:
        raise ValueError("the mean of no values is undefined: give at least one")
    mean = fmean(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    half = z_value(confidence) * stdev(values) / len(values) ** 0.5
    return mean, mean - half, mean + half


def score_summary(table, by: str | Sequence[str] = "bot", column: str = "score"):
    """Mean, standard deviation, standard error of the mean and quartiles of ``column`` per group."""
    grouped = table.groupby(by)[column]
    summary = grouped.agg(games="count", mean="mean", std="std", low="min", q25=lambda s: s.quantile(0.25),
                          median="median", q75=lambda s: s.quantile(0.75), high="max")
    summary["sem"] = summary["std"] / summary["games"] ** 0.5
    return summary


def skill_share(table, bot: str = "heuristic", confidence: float = 0.95) -> dict[str, float]:
    """How much of winning is skill, from games where ``bot`` plays against weaker (random) bots.

    With ``p`` players, pure luck makes every bot win ``1/p`` of the games; a bot that always
    wins would win all of them. ``share = (rate - 1/p) / (1 - 1/p)`` places the bot's win rate
    on that scale: 0 means luck decides (skill buys nothing), 1 means skill decides everything
    (below 0: the bot plays worse than random). Returns the rate, its interval and the share
    with the interval carried over.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"players": 3, "bot": ["heuristic", "random", "random"] * 2,
    ...                       "winner": [True, False, False, False, True, False]})
    >>> skill_share(table)["share"]
    0.25

    Ties are shared (the ``win_share`` column, when the table has it): see :func:`win_rates`.
    """
    rows = table[table["bot"] == bot]
    if rows.empty:
        raise ValueError(f"no games with a bot labelled {bot!r}")
    players = int(rows["players"].iloc[0])
    shares = rows[_win_column(rows, None)].astype(float)
    games, wins = len(rows), float(shares.sum())
    rate = wins / games
    low, high = share_interval(wins, float((shares * shares).sum()), games, confidence)
    chance = 1 / players

    def scaled(value: float) -> float:
        return (value - chance) / (1 - chance)

    return {"games": games, "rate": rate, "low": low, "high": high, "chance": chance,
            "share": scaled(rate), "share_low": scaled(low), "share_high": scaled(high)}


def is_zero_sum(table, column: str = "score", unit: str | Sequence[str] = "game_index") -> bool:
    """Whether every game's ``column`` adds up to 0 (Le Plateau's scores: what one side wins, the
    other loses). Its mean score is then always 0 and says nothing.

    >>> import pandas as pd
    >>> is_zero_sum(pd.DataFrame({"game_index": [0, 0, 1, 1], "score": [30, -30, -15, 15]}))
    True
    """
    return bool(len(table)) and bool((table.groupby(unit)[column].sum() == 0).all())


def _per_game(table, by: str, unit: str, column: str, absolute: bool):
    """Per (variant, game): the mean of ``column`` over the game's rows (of its absolute value)."""
    values = table[column].abs() if absolute else table[column]
    return values.groupby([table[by], table[unit]]).mean()


def sign_test(higher: int, lower: int) -> float:
    """The exact two-sided sign test: the chance of a split at least this uneven between ``higher``
    and ``lower`` if either were equally likely on each deal (deals with no difference left out).

    >>> round(sign_test(9, 1), 4), sign_test(5, 5), sign_test(0, 0)
    (0.0215, 1.0, 1.0)
    """
    deals = int(higher) + int(lower)
    if deals == 0:
        return 1.0
    fewer = min(int(higher), int(lower))
    halves = deals * math.log(2)
    log_total = math.lgamma(deals + 1)
    tail = sum(math.exp(log_total - math.lgamma(k + 1) - math.lgamma(deals - k + 1) - halves)
               for k in range(fewer + 1))
    return min(1.0, 2 * tail)


def paired_difference(table, first: Any, second: Any, *, column: str = "score", by: str = "label",
                      unit: str = "game_index", absolute: bool | None = None,
                      confidence: float = 0.95) -> dict[str, float]:
    """Compare two variants **deal by deal** (a ``compare_variants`` table plays the same deals under
    each): per deal (``unit``), the mean of ``column`` over its rows under ``first`` minus the same
    under ``second``. Returns the number of deals, the mean ``difference`` with its 95 % interval
    (``low``, ``high``: Student's t on the per-deal differences, the paired t interval), and a
    **sign test** (:func:`sign_test`): on how many deals ``first`` came out ``higher``, ``lower``
    or the ``same``, and ``sign_p``, the chance of so uneven a split if neither variant tended to
    come out higher. The luck of the deal is the same on both sides of each difference, so the
    interval is much narrower than comparing the two means as if they came from different deals.

    ``absolute`` (default: when every game's scores add up to 0, as in Le Plateau) compares the
    mean of the absolute value instead, the points a player wins or loses in a game.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"label": ["a"] * 4 + ["b"] * 4, "game_index": [0, 1, 2, 3] * 2,
    ...                       "score": [5, 7, 6, 9, 4, 5, 6, 6]})
    >>> result = paired_difference(table, "a", "b")
    >>> result["deals"], result["difference"], (result["higher"], result["lower"], result["same"])
    (4, 1.5, (3, 0, 1))
    >>> round(result["low"], 2), round(result["high"], 2), round(result["sign_p"], 4)
    (-0.55, 3.55, 0.25)
    """
    for label in (first, second):
        if label not in set(table[by]):
            raise ValueError(f"no rows with {by} = {label!r}; the {by}s are "
                             f"{', '.join(map(repr, sorted(set(table[by]), key=str)))}")
    _check_paired(table, first, second, by, unit)
    if absolute is None:
        absolute = is_zero_sum(table, column, [by, unit])
    per_game = _per_game(table, by, unit, column, absolute).unstack(0)
    both = per_game[[first, second]].dropna()
    if both.empty:
        raise ValueError(f"{first!r} and {second!r} share no deal ({unit}) to compare")
    differences = (both[first] - both[second]).tolist()
    mean = fmean(differences)
    if len(differences) > 1:
        half = t_value(confidence, len(differences) - 1) * stdev(differences) / math.sqrt(len(differences))
    else:
        half = math.inf
    higher = sum(value > 0 for value in differences)
    lower = sum(value < 0 for value in differences)
    return {"deals": len(differences), "difference": mean, "low": mean - half, "high": mean + half,
            "higher": higher, "lower": lower, "same": len(differences) - higher - lower,
            "sign_p": sign_test(higher, lower)}


def _check_paired(table, first: Any, second: Any, by: str, unit: str) -> None:
    """Refuse to pair games that were not dealt alike (a deal's seeds differ between the variants)."""
    if "seed" not in table.columns:
        return
    seeds = table[table[by].isin([first, second])].groupby(unit)["seed"].nunique()
    if (seeds > 1).any():
        raise ValueError(f"the games of {first!r} and {second!r} with the same {unit} were dealt from different "
                         "seeds, so they are not the same deals: compare tables made by compare_variants")


def compare(table, by: str = "label", column: str = "score", reference: Any = None, confidence: float = 0.95):
    """Per variant (``by``): the games, the mean score, the spread between the best and the worst
    player of a game, and how often the game is won alone (no tie).

    In a zero-sum game (every game's scores add up to 0, as in Le Plateau) the mean score is
    always 0, so ``mean_abs`` takes its place: the mean of the absolute score, the points a player
    wins or loses in a game on average (how much is at stake).

    With ``reference`` (one of the variants), each variant is also compared with it deal by deal
    (:func:`paired_difference` on the per-game mean, or mean absolute score): the columns
    ``difference``, ``low``, ``high`` (its paired t interval), ``higher``/``lower``/``same`` (deals)
    and ``sign_p`` (the sign test); the reference's own row has none.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"label": ["a"] * 4 + ["b"] * 4, "game_index": [0, 0, 1, 1] * 2,
    ...                       "score": [5, 3, 2, 4, 6, 6, 1, 7], "winner": [1, 0, 0, 1, 1, 1, 0, 1]})
    >>> compare(table).to_dict("list")
    {'games': [2, 2], 'mean': [3.5, 5.0], 'spread': [2.0, 3.0], 'clear_wins': [1.0, 0.5]}
    >>> compare(table, reference="a").loc["b", ["difference", "higher", "lower", "sign_p"]].tolist()
    [1.5, 2.0, 0.0, 0.5]
    """
    zero_sum = is_zero_sum(table, column, [by, "game_index"])
    per_game = table.groupby([by, "game_index"])
    games = per_game[column].agg(spread=lambda s: s.max() - s.min())
    games["mean"] = _per_game(table, by, "game_index", column, zero_sum)
    games["clear_win"] = per_game["winner"].sum() == 1
    average = "mean_abs" if zero_sum else "mean"
    summary = games.groupby(level=0).agg(games=("mean", "count"), **{average: ("mean", "mean")},
                                         spread=("spread", "mean"), clear_wins=("clear_win", "mean"))
    if reference is None:
        return summary
    paired = {label: paired_difference(table, label, reference, column=column, by=by, absolute=zero_sum,
                                       confidence=confidence)
              for label in summary.index if label != reference}
    for name in PAIRED_COLUMNS[1:]:
        summary[name] = [paired[label][name] if label in paired else math.nan for label in summary.index]
    return summary


# ---------------------------------------------------------------- plots


def plot_win_rates(rates, *, ax=None, chance: float | None = None, title: str | None = None):
    """Bars of ``win_rates(...)`` with their intervals as error bars; a line at ``chance``."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(5, 3))[1]
    labels = [str(label) for label in rates.index]
    ax.bar(labels, rates["rate"], color="#7aa6d8",
           yerr=[rates["rate"] - rates["low"], rates["high"] - rates["rate"]], capsize=4)
    if chance is not None:
        ax.axhline(chance, color="#c0392b", linestyle="--", linewidth=1, label=f"chance ({chance:.0%})")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_ylim(0, min(1, max(rates["high"].max() * 1.15, (chance or 0) * 1.5)))
    ax.set_ylabel("win rate")
    ax.set_xlabel(rates.index.name if isinstance(rates.index.name, str) else "")
    if title:
        ax.set_title(title)
    return ax


def plot_scores(table, by: str = "bot", column: str = "score", *, ax=None, title: str | None = None):
    """Overlaid histograms of ``column`` per group of ``by`` (one bin per whole point when few)."""
    import matplotlib.pyplot as plt

    ax = ax or plt.subplots(figsize=(5, 3))[1]
    low, high = table[column].min(), table[column].max()
    bins = range(int(low), int(high) + 2) if high - low <= 60 else 40
    for label, group in table.groupby(by):
        ax.hist(group[column], bins=bins, alpha=0.55, label=str(label), density=True)
    ax.set_xlabel(column)
    ax.set_ylabel("share of players")
    ax.legend(title=by, fontsize=8)
    if title:
        ax.set_title(title)
    return ax
