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
* Does a rule change matter?  ``compare(table, by="label")`` on a ``compare_variants`` table.

A shared win (tied best scores) counts as a win for each tied seat (the ``winner`` column).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist, fmean, stdev

__all__ = ["wilson_interval", "mean_interval", "win_rates", "score_summary", "skill_share", "compare", "plot_win_rates",
           "plot_scores", "z_value"]


WIN_COLUMNS = ["games", "wins", "rate", "low", "high"]


def z_value(confidence: float) -> float:
    """The two-sided normal quantile: 1.96 for 95 %."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(wins: float, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a rate of ``wins`` in ``games`` (the whole range for no games)."""
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


def win_rates(table, by: str | Sequence[str] = "seat", confidence: float = 0.95):
    """Games, wins, win rate and its Wilson interval (``low``, ``high``) per group of ``by``.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"seat": [0, 1, 0, 1], "winner": [True, False, True, False]})
    >>> win_rates(table)[["games", "wins", "rate"]].to_dict("list")
    {'games': [2, 2], 'wins': [2, 0], 'rate': [1.0, 0.0]}
    """
    grouped = table.groupby(by)["winner"].agg(games="count", wins="sum")
    grouped["wins"] = grouped["wins"].astype(int)
    grouped["rate"] = grouped["wins"] / grouped["games"]
    intervals = [wilson_interval(wins, games, confidence) for wins, games in zip(grouped["wins"], grouped["games"])]
    grouped["low"] = [low for low, _ in intervals]
    grouped["high"] = [high for _, high in intervals]
    return grouped[WIN_COLUMNS]


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
    """
    rows = table[table["bot"] == bot]
    if rows.empty:
        raise ValueError(f"no games with a bot labelled {bot!r}")
    players = int(rows["players"].iloc[0])
    games, wins = len(rows), int(rows["winner"].sum())
    rate = wins / games
    low, high = wilson_interval(wins, games, confidence)
    chance = 1 / players

    def scaled(value: float) -> float:
        return (value - chance) / (1 - chance)

    return {"games": games, "rate": rate, "low": low, "high": high, "chance": chance,
            "share": scaled(rate), "share_low": scaled(low), "share_high": scaled(high)}


def compare(table, by: str = "label", column: str = "score"):
    """Per variant (``by``): mean score, the spread between best and worst player of a game,
    and how often the game is won alone (no tie)."""
    per_game = table.groupby([by, "game_index"])
    games = per_game[column].agg(mean="mean", spread=lambda s: s.max() - s.min())
    games["clear_win"] = per_game["winner"].sum() == 1
    summary = games.groupby(level=0).agg(games=("mean", "count"), mean=("mean", "mean"),
                                         spread=("spread", "mean"), clear_wins=("clear_win", "mean"))
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
