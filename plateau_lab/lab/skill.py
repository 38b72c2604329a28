"""How much skill a game rewards: a ladder of bots, each measured against the same deals.

A designer asks two questions of a game with hidden cards and a shuffle:

* **How far does skill go?** Put bots of rising strength, one at a time, in a seat among the same
  opponents: random play, the heuristic bot, the expert with a small and a larger budget. If each
  rung wins more often than the one below, the game keeps rewarding better play; if the top rungs
  bunch together, a little thought already gets most of what there is.
* **Luck or skill?** Against random opponents, the share of games a strong bot wins above chance
  (``share``: 0 pure luck, 1 skill decides everything; see :func:`plateau_lab.lab.stats.skill_share`).

Every rung plays the *same* seeded deals, and so does a reference table where the opponents' bot
sits in every seat. The rung's **gain** is its score minus the reference bot's score in the same
seat of the same deal (a *duplicate* comparison, as in duplicate bridge): the luck of the cards
cancels out, so a few dozen deals show what would take thousands otherwise. The rung moves one seat
each game, so that no seat advantage gets mixed in.

>>> table = ladder("syndicate", 6, {"random": "random", "heuristic": "heuristic"}, workers=1,
...                progress=False)
>>> table.index.tolist()
['random', 'heuristic']
>>> table["games"].tolist(), float(table.loc["heuristic", "gain"])     # the reference against itself
([6, 6], 0.0)
>>> bool(table.loc["random", "gain"] < 0)
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import partial
from typing import Any

from ..core import check_whole, game_spec
from ..core.imagining import model_for
from .expert import ExpertBot
from .simulate import simulate
from .stats import mean_interval, wilson_interval

__all__ = ["ladder", "ladder_html", "default_rungs", "expert_rung", "plot_ladder", "measured", "EXPERT_FRACTIONS"]


#: The expert's two budgets on the ladder, as fractions of the game's default number of playouts.
EXPERT_FRACTIONS = (Fraction(1, 16), Fraction(1, 4))
LADDER_COLUMNS = ["games", "wins", "rate", "low", "high", "fair", "share", "share_low", "share_high", "gain",
                  "gain_low", "gain_high"]


def expert_rung(game: str, fraction: Fraction) -> tuple[str, Any]:
    """The expert with ``fraction`` of ``game``'s default budget (its playouts per decision).

    >>> label, factory = expert_rung("coloretto", Fraction(1, 4))
    >>> label, factory(7)
    ('expert (1/4 budget)', ExpertBot(seed=7, playouts=150, guided=None))
    """
    fraction = Fraction(fraction)
    if not 0 < fraction <= 1:
        raise ValueError(f"a budget fraction lies between 0 (excluded) and 1, not {fraction}")
    playouts = max(1, round(model_for(game).playouts * fraction))
    label = "expert" if fraction == 1 else f"expert ({fraction} budget)"
    return label, partial(ExpertBot, playouts=playouts)


def default_rungs(game: str, fractions=EXPERT_FRACTIONS) -> dict[str, Any]:
    """Random, heuristic, then the expert at each budget fraction: the rungs of :func:`ladder`.

    >>> list(default_rungs("le_plateau"))
    ['random', 'heuristic', 'expert (1/16 budget)', 'expert (1/4 budget)']
    """
    return {"random": "random", "heuristic": "heuristic", **dict(expert_rung(game, f) for f in fractions)}


def ladder(game: str, games: int, rungs: Mapping[str, Any] | None = None, *, against: str = "heuristic",
           players: int | None = None, variant: Mapping[str, Any] | None = None, seed: int = 0,
           workers: int | None = None, progress: bool = True, callback: Callable[[int, int], None] | None = None):
    """Each rung (label: a bot name or factory, see :func:`plateau_lab.lab.simulate.simulate`) plays
    ``games`` seeded games in one seat, moving a seat each game, with ``against`` bots in the
    others. Returns a pandas table, one row per rung:

    ``games, wins, rate, low, high`` the rung's win share and its Wilson interval; ``fair`` the
    share of pure luck (1 / players); ``share, share_low, share_high`` the win share on the skill
    scale (0 at ``fair``, 1 always winning); ``gain, gain_low, gain_high`` the mean score gain per
    game over the ``against`` bot in the same seat of the same deal, with its 95 % interval.

    ``callback(games_done, games_in_all)`` is called as the games finish (the reference table's
    included). Interrupting returns the rungs measured so far.
    """
    spec = game_spec(game)
    check_whole(games, name="games", low=1)
    players = spec.default_players if players is None else spec.check_players(players)
    rungs = default_rungs(game) if rungs is None else dict(rungs)
    if not rungs:
        raise ValueError("give at least one rung: a mapping of labels to bots")
    in_all = games * (len(rungs) + 1)

    def played(tables_before: int):
        return None if callback is None else lambda done, _: callback(tables_before * games + done, in_all)

    options = dict(players=players, variant=variant, seed=seed, workers=workers, progress=progress)
    reference = simulate(game, games, bots=[against] * players, callback=played(0), **options)
    interrupted = reference.attrs.get("interrupted", False)
    reference_scores = reference.set_index(["game_index", "seat"])["score"]
    rows = {}
    for number, (label, bot) in enumerate(rungs.items(), start=1):
        if interrupted:
            break
        table = simulate(game, games, bots=[(label, bot)] + [against] * (players - 1), rotate_seats=True,
                         callback=played(number), **options)
        interrupted = table.attrs.get("interrupted", False)
        if not interrupted:
            mine = table[table.seat == table.game_index % players].set_index(["game_index", "seat"])
            rows[label] = measured(mine, reference_scores.loc[mine.index], players)
    import pandas as pd

    frame = pd.DataFrame.from_dict(rows, orient="index", columns=LADDER_COLUMNS)
    frame.index.name = "rung"
    frame.attrs.update(game=game, against=against, interrupted=interrupted)
    return frame


def measured(mine, reference_scores, players: int) -> dict[str, float]:
    """One rung's row of the ladder: its games (``score``, ``winner``) against the reference
    bot's scores in the same seats of the same deals."""
    games, wins = len(mine), int(mine["winner"].sum())
    low, high = wilson_interval(wins, games)
    fair = 1 / players
    gain, gain_low, gain_high = mean_interval((mine["score"] - reference_scores).tolist())

    def scaled(rate: float) -> float:
        return (rate - fair) / (1 - fair)

    return {"games": games, "wins": wins, "rate": wins / games, "low": low, "high": high, "fair": fair,
            "share": scaled(wins / games), "share_low": scaled(low), "share_high": scaled(high),
            "gain": gain, "gain_low": gain_low, "gain_high": gain_high}


def ladder_html(table) -> str:
    """A ladder as an HTML table a learner reads: win share and score gain, each with its interval.

    >>> import pandas as pd
    >>> row = measured(pd.DataFrame({"score": [3, 5], "winner": [True, False]}), pd.Series([1, 5]), 3)
    >>> table = pd.DataFrame.from_dict({"expert": row}, orient="index")
    >>> shown = ladder_html(table)
    >>> "1 of 2 (50%, likely 9% to 91%; fair: 33%)" in shown, "+1.00 (likely −0.96 to +2.96)" in shown
    (True, True)
    """
    against = table.attrs.get("against", "heuristic")
    left = "style='text-align:left'"
    head = (f"<table class='plateau-ladder' {left}><thead><tr><th>bot in the seat</th><th>games won</th>"
            f"<th>points per game over the {html.escape(against)} bot</th></tr></thead><tbody>")
    body = "".join(
        f"<tr><th {left}>{html.escape(str(label))}</th>"
        f"<td>{row.wins:.0f} of {row.games:.0f} ({row.rate:.0%}, likely {row.low:.0%} to {row.high:.0%}; "
        f"fair: {row.fair:.0%})</td><td>{_signed(row.gain)} ({_likely(row.gain_low, row.gain_high)})</td></tr>"
        for label, row in table.iterrows())
    return head + body + "</tbody></table>"


def _signed(value: float) -> str:
    return f"{value:+.2f}".replace("-", "\N{MINUS SIGN}")


def _likely(low: float, high: float) -> str:
    if low == high:
        return "the same in every game"
    return f"likely {low:+.2f} to {high:+.2f}".replace("-", "\N{MINUS SIGN}")


def plot_ladder(table, *, ax=None, title: str | None = None):
    """The rungs' win shares as points with their intervals, one row per rung (bottom: the
    first), and the fair share as a dashed line. A table of several games (an index of
    ``(game, rung)``) draws one colour per game."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import PercentFormatter

    ax = ax or plt.subplots(figsize=(6, 3))[1]
    groups = table.groupby(level=0, sort=False) if table.index.nlevels == 2 else [(None, table)]
    groups = list(groups)
    for number, (game, group) in enumerate(groups):
        offset = (number - (len(groups) - 1) / 2) * 0.12
        positions = [index + offset for index in range(len(group))]
        ax.errorbar(group["rate"], positions, xerr=[group["rate"] - group["low"], group["high"] - group["rate"]],
                    fmt="o", capsize=3, label=None if game is None else game_spec(game).title)
        ax.vlines(group["fair"].iloc[0], positions[0] - 0.3, positions[-1] + 0.3, colors="grey",
                  linestyles="dashed", linewidth=1)
    labels = groups[0][1].index.get_level_values(-1)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("games won (95% interval); dashed: a fair share")
    if len(groups) > 1:
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    if title:
        ax.set_title(title)
    return ax
