"""Games compared by how much skill they reward: van der Genugten and Borm's relative skill, alone
(:func:`relative_skill`, :func:`compare_games`) and along every game's whole ladder (:func:`ladders`).

**Games compared with each other** (:func:`relative_skill`, :func:`compare_games`): van der Genugten
and Borm's *relative skill*. A beginner (random play) becomes a skilled player (the heuristic bot):
the **learning effect** is what that gains. A *fictive* player who sees every card, the others'
hands and the cards still to come (:class:`~plateau_lab.lab.seeing.SeeingBot`), gains more again:
the **chance effect**, what only knowing the luck of the cards would add. Relative skill is
learning / (learning + chance): near 0, what a player can learn buys little next to knowing the
cards (a game of luck); near 1, a skilled player gets almost all a clairvoyant would (a game of
skill). It is measured on the same
deals for all three players, so the comparison is paired deal by deal.

**Every game in one table** (:func:`ladders`, :func:`ladders_html`): each game's whole ladder,
random play, the game's own styles of play (the heuristic bot and, say, a cautious or a bold one),
the expert at rising budgets and the player who sees every card at the top, with every rung's win
share and gain and the relative skill it implies: how much of the way from random play to seeing
every card the rung goes (the heuristic bot's row is the game's relative skill).

>>> row = relative_skill("syndicate", 4, playouts=4)
>>> row["deals"], row["measure"]
(4, 'score')
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping
from functools import partial
from statistics import fmean, stdev
from typing import Any

from ..core import GAME_NAMES, check_whole, game_spec
from .seeing import SEEING, SEEING_PLAYOUTS, seeing_rung
from .simulate import simulate
from .skill import BEGINNER, EXPERT_FRACTIONS, LADDER_COLUMNS, _likely, _rung_tables, _scores_in_seat, _signed, \
    _won_and_gained, default_rungs, measured, rung_words
from .stats import mean_interval, t_value

__all__ = ["relative_skill", "compare_games", "relative_skill_html", "RELATIVE_COLUMNS", "ladders", "ladders_html",
           "LADDERS_COLUMNS"]

#: The columns of :func:`relative_skill` (and :func:`compare_games`, one row per game).
RELATIVE_COLUMNS = ["players", "deals", "measure", "beginner", "skilled", "fictive", "learning", "learning_low",
                    "learning_high", "chance", "chance_low", "chance_high", "relative_skill", "low", "high",
                    "width"]



def _seated(game: str, deals: int, bot: Any, label: str, against: str, players: int,
            **options) -> list[dict[str, Any]]:
    """``bot`` in one seat (moving a seat per deal) among ``against`` bots: its rows, one per deal in
    order; an interrupted run raises KeyboardInterrupt."""
    rows = simulate(game, deals, bots=[(label, bot)] + [against] * (players - 1), rotate_seats=True,
                    players=players, progress=False, **options)
    if len(rows) < deals * players:
        raise KeyboardInterrupt
    return sorted((row for row in rows if row["seat"] == row["game_index"] % players),
                  key=lambda row: row["game_index"])


def _ratio_interval(learning: list[float], whole: list[float], confidence: float) -> tuple[float, float, float]:
    """mean(learning) / mean(whole) over the same deals with its interval (the delta method on the
    per-deal pairs: the spread of ``learning - ratio * whole``, Student's t)."""
    total = fmean(whole)
    if total == 0:
        return math.nan, -math.inf, math.inf
    ratio = fmean(learning) / total
    if len(whole) < 2:
        return ratio, -math.inf, math.inf
    residuals = [part - ratio * all_ for part, all_ in zip(learning, whole)]
    half = t_value(confidence, len(whole) - 1) * stdev(residuals) / (math.sqrt(len(whole)) * abs(total))
    return ratio, ratio - half, ratio + half


def relative_skill(game: str, deals: int, *, beginner: Any = "random", skilled: Any = "heuristic",
                   against: str = "heuristic", playouts: int = SEEING_PLAYOUTS, measure: str = "score",
                   players: int | None = None, variant: Mapping[str, Any] | None = None, seed: int = 0,
                   workers: int | None = 1, confidence: float = 0.95) -> dict[str, Any]:
    """Van der Genugten and Borm's relative skill of ``game``, from ``deals`` deals.

    Three players take one seat in turn (moving a seat each deal) among ``against`` bots, on the
    same deals: the ``beginner``, the ``skilled`` player and the fictive player who sees every card
    (:class:`~plateau_lab.lab.seeing.SeeingBot` with ``playouts``). Their result per deal is
    ``measure``: ``"score"`` (the points the seat ends with, van der Genugten and Borm's expected
    gain; the default) or
    ``"win_share"`` (a win, 1/k of one in a k-way tie: what a player plays for, but noisier, so it
    needs two to three times the deals for the same width). Returns a row of :data:`RELATIVE_COLUMNS`:
    the three mean results, the **learning** effect (skilled minus beginner) and the **chance**
    effect (fictive minus skilled), each with its paired interval, and the **relative skill**
    learning / (learning + chance) with its interval (``low``, ``high``, ``width``).

    **Cost.** The three players play the same deals, so the luck of the deal cancels out of each
    difference; the fictive player's games are nearly all the cost. The interval's width shrinks as
    one over the square root of ``deals``: by score, 0.04 (Plotters) to 0.19 (Oh Hell) at 128 deals,
    so a width of 0.1 takes at most some 600 deals (Oh Hell: 0.107 at 512), about 7 minutes of one
    core for every game together (``benchmarks/bench_skill.py`` measures each game; by win share it
    takes 2 to 12 times the deals). :func:`ladders` measures it with every rung of the ladder.

    >>> row = relative_skill("oh_hell", 6, playouts=8)
    >>> row["deals"], row["learning"] > 0
    (6, True)
    """
    spec = game_spec(game)
    check_whole(deals, name="deals", low=2)
    if measure not in ("win_share", "score"):
        raise ValueError(f"measure is 'win_share' (a win, ties shared) or 'score', not {measure!r}")
    players = spec.default_players if players is None else spec.check_players(players)
    played = _played(game, deals, players, {"beginner": beginner, "skilled": skilled,
                                            "fictive": seeing_rung(playouts)[1]},
                     against=against, variant=variant, seed=seed, workers=workers)
    return _effects(played, measure, players, confidence)


def _played(game: str, deals: int, players: int, seats: Mapping[str, Any], **options) -> dict[str, Any]:
    """Each role's bot in one seat of the same ``deals`` (see :func:`relative_skill`): its rows by deal."""
    against = options.pop("against")
    return {role: _seated(game, deals, bot, role, against, players, **options) for role, bot in seats.items()}


def _effects(played: Mapping[str, Any], measure: str, players: int, confidence: float = 0.95) -> dict[str, Any]:
    """The row of :func:`relative_skill` from the three roles' rows (:func:`_played`)."""
    results = {role: [float(row[measure]) for row in rows] for role, rows in played.items()}
    deals = len(results["beginner"])
    learning = [s - b for s, b in zip(results["skilled"], results["beginner"])]
    chance = [f - s for f, s in zip(results["fictive"], results["skilled"])]
    whole = [f - b for f, b in zip(results["fictive"], results["beginner"])]
    ratio, low, high = _ratio_interval(learning, whole, confidence)
    row = {"players": players, "deals": deals, "measure": measure,
           **{role: sum(values) / deals for role, values in results.items()}}
    for name, values in (("learning", learning), ("chance", chance)):
        row[name], row[f"{name}_low"], row[f"{name}_high"] = mean_interval(values, confidence)
    row.update(relative_skill=ratio, low=low, high=high, width=high - low)
    return row


def compare_games(games=None, deals: int = 100, **options):
    """:func:`relative_skill` for several games side by side (default: every game), one row each,
    as a pandas table indexed by game: how much of each game a skilled player can learn,
    comparable across games (a class may ask: which game rewards skill most?). ``options`` as in
    :func:`relative_skill` (the same ``deals``, bots and measure for every game).

    >>> table = compare_games(["oh_hell", "syndicate"], 4, playouts=4)
    >>> table.index.tolist(), table.columns.tolist() == RELATIVE_COLUMNS
    (['oh_hell', 'syndicate'], True)
    """
    import pandas as pd

    names = list(GAME_NAMES if games is None else [games] if isinstance(games, str) else games)
    if not names:
        raise ValueError("give at least one game to compare")
    rows = {game_spec(name).name: relative_skill(name, deals, **options) for name in names}
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=RELATIVE_COLUMNS)
    frame.index.name = "game"
    return frame


def relative_skill_html(table) -> str:
    """:func:`compare_games`' table as HTML a learner reads: per game the relative skill and its
    interval, and what a learner gains and what seeing every card would add.

    >>> import pandas as pd
    >>> row = dict(players=4, deals=100, measure="win_share", beginner=0.0, skilled=0.25, fictive=0.75,
    ...            learning=0.25, learning_low=0.2, learning_high=0.3, chance=0.5, chance_low=0.4,
    ...            chance_high=0.6, relative_skill=1 / 3, low=0.25, high=0.41, width=0.16)
    >>> "0.33 (likely 0.25 to 0.41)" in relative_skill_html(pd.DataFrame.from_dict({"coloretto": row}, orient="index"))
    True
    """
    left = "style='text-align:left'"
    head = (f"<table class='plateau-relative-skill' {left}><thead><tr><th>game</th><th>deals</th>"
            "<th>relative skill (0: luck decides, 1: skill decides)</th><th>learning gains</th>"
            "<th>seeing every card adds</th></tr></thead><tbody>")
    body = "".join(
        f"<tr><th {left}>{html.escape(game_spec(game).title)}</th><td>{row.deals:.0f}</td>"
        f"<td>{row.relative_skill:.2f} (likely {row.low:.2f} to {row.high:.2f}){_off_scale(row.low, row.high)}</td>"
        f"<td>{_signed(row.learning)} ({_likely(row.learning_low, row.learning_high)})</td>"
        f"<td>{_signed(row.chance)} ({_likely(row.chance_low, row.chance_high)})</td></tr>"
        for game, row in table.iterrows())
    return head + body + "</tbody></table>"


#: The two ends of the relative skill scale, each a rung of :func:`default_rungs`.
SCALE_ENDS = {BEGINNER: 0, SEEING: 1}
#: The columns of :func:`ladders`: a ladder's (:data:`~plateau_lab.lab.skill.LADDER_COLUMNS`), then the
#: relative skill the rung implies.
LADDERS_COLUMNS = LADDER_COLUMNS + ["relative_skill", "relative_low", "relative_high"]


def ladders(games=None, deals: int = 64, *, fractions=EXPERT_FRACTIONS, playouts: int = SEEING_PLAYOUTS,
            measure: str = "score", seed: int = 0, workers: int | None = 1, progress: bool = False,
            callback: Callable[[str, int, int], None] | None = None):
    """Every game's skill ladder (default: every game) in one pandas table indexed by ``(game, rung)``:
    :func:`default_rungs` (random play, the game's styles, the expert at each of ``fractions`` of its
    budget, the player who sees every card with ``playouts``), each rung on the same ``deals`` deals
    in one seat among heuristic bots, as :func:`~plateau_lab.lab.skill.climb_ladder` measures them (its
    columns: win share, gain over the heuristic bot, each with its 95 % interval), then the
    **relative skill** the rung implies (``relative_skill, relative_low, relative_high``): how much
    of the way from random play (0) to seeing every card (1) it goes, by ``measure`` (``"score"``,
    the default, or ``"win_share"``), paired deal by deal as in :func:`relative_skill`. The
    heuristic bot's row is the game's relative skill; a rung above 1 would play better than seeing
    the cards does.

    ``callback(game, games_done, games_in_all)`` follows each game's ladder. Interrupted, the table
    holds the rungs measured so far (``attrs["interrupted"]``).

    **Cost** (``benchmarks/bench_skill.py``, process time): by score, a relative skill of width 0.1
    takes some 20 (Plotters) to 600 (Oh Hell) deals, and a game's whole ladder on them 0.7 to 4
    minutes on 2 cores (``workers=2``), the expert's rungs and the seeing player nearly all of it;
    every game together, some 15 minutes. By win share it takes 2 to 12 times the deals: over 10
    minutes for Plotters' (11), Wimmüln's (13) and Le Plateau's (33) whole ladders.

    >>> table = ladders(["oh_hell", "syndicate"], 4, fractions=(), playouts=4)
    >>> list(table.index.names), table.index.get_level_values("game").unique().tolist()
    (['game', 'rung'], ['oh_hell', 'syndicate'])
    >>> table.loc["syndicate"].index.tolist()
    ['random', 'heuristic', 'cautious', 'sees every card']
    >>> ends = table.loc["oh_hell"].loc[["random", "sees every card"]]
    >>> ends["relative_skill"].tolist(), ends["relative_low"].tolist()     # the scale's two ends, exactly
    ([0.0, 1.0], [0.0, 1.0])
    """
    import pandas as pd

    check_whole(deals, name="deals", low=2)
    if measure not in ("win_share", "score"):
        raise ValueError(f"measure is 'win_share' (a win, ties shared) or 'score', not {measure!r}")
    names = [game_spec(name).name for name in (GAME_NAMES if games is None else [games] if isinstance(games, str)
                                               else games)]
    if not names:
        raise ValueError("give at least one game: ladders(['coloretto', 'oh_hell'], ...) or None for every game")
    frames, interrupted = {}, False
    for game in names:
        frames[game] = _game_ladder(game, deals, default_rungs(game, fractions, playouts=playouts), measure,
                                    dict(players=game_spec(game).default_players, variant=None, seed=seed,
                                         workers=workers, progress=progress),
                                    None if callback is None else partial(callback, game))
        interrupted = frames[game].attrs["interrupted"]
        if interrupted:
            break
    frame = pd.concat(frames, names=["game"])
    frame.attrs.update(against="heuristic", measure=measure, deals=deals, interrupted=interrupted)
    return frame


def _game_ladder(game: str, deals: int, rungs: Mapping[str, Any], measure: str, options: dict[str, Any],
                 callback: Callable[[int, int], None] | None = None):
    """One game's part of :func:`ladders`: its rungs' rows, each with the relative skill it implies."""
    import pandas as pd

    reference_scores, seated, interrupted = _rung_tables(game, deals, rungs, "heuristic", options, callback)
    rows = {label: {**measured(mine, _scores_in_seat(mine, reference_scores), options["players"]),
                    **_implied_skill(mine, seated, measure)}
            for label, mine in seated.items()}
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=LADDERS_COLUMNS)
    frame.index.name = "rung"
    frame.attrs.update(interrupted=interrupted)
    return frame


def _implied_skill(mine: list[dict[str, Any]], seated: Mapping[str, list[dict[str, Any]]],
                   measure: str) -> dict[str, float]:
    """How much of the way from the beginner's results to the seeing player's a rung's results go,
    deal by deal, on the deals ``mine`` played (:func:`_ratio_interval`); NaN when either end is not
    among the rungs measured."""
    if BEGINNER not in seated or SEEING not in seated:
        return {"relative_skill": math.nan, "relative_low": math.nan, "relative_high": math.nan}
    deals = [row["game_index"] for row in mine]

    def results(rows: list[dict[str, Any]]) -> list[float]:
        by_deal = {row["game_index"]: row[measure] for row in rows}
        return [float(by_deal[deal]) for deal in deals]

    beginner, seeing, rung = results(seated[BEGINNER]), results(seated[SEEING]), results(mine)
    ratio, low, high = _ratio_interval([r - b for r, b in zip(rung, beginner)],
                                       [s - b for s, b in zip(seeing, beginner)], 0.95)
    return {"relative_skill": ratio, "relative_low": low, "relative_high": high}


def ladders_html(table) -> str:
    """:func:`ladders`' table as one HTML table a learner reads: per game a heading row with its relative
    skill, then a row per rung: the games it won, its points per game over the steady player, and
    how much of the way from a beginner to a player who sees every card it goes.

    >>> import pandas as pd
    >>> row = dict(games=8, wins=2.0, rate=0.25, low=0.07, high=0.59, fair=0.25, share=0.0, share_low=-0.24,
    ...            share_high=0.45, gain=0.0, gain_low=0.0, gain_high=0.0, relative_skill=0.6, relative_low=0.5,
    ...            relative_high=0.7)
    >>> table = pd.DataFrame([row], index=pd.MultiIndex.from_tuples([("coloretto", "heuristic")], names=["game", "rung"]))
    >>> shown = ladders_html(table)
    >>> "Coloretto: relative skill 0.60 (likely 0.50 to 0.70)" in shown, "steady player (rules of thumb)" in shown
    (True, True)
    >>> "heuristic" in shown
    False
    """
    left = "style='text-align:left'"
    by = "games won" if table.attrs.get("measure") == "win_share" else "points"
    head = (f"<table class='plateau-ladders' {left}><thead><tr><th>player in the seat</th><th>games won</th>"
            f"<th>points per game over the {rung_words('heuristic')}</th>"
            f"<th>of the way from a beginner (0) to seeing every card (1), by {by}</th></tr></thead><tbody>")
    body = "".join(_game_rows(game, group.droplevel("game")) for game, group in table.groupby(level="game", sort=False))
    return head + body + "</tbody></table>"


def _game_rows(game: str, rungs) -> str:
    """One game's rows of :func:`ladders_html`: its heading with the relative skill, then its rungs."""
    left = "style='text-align:left'"
    title = html.escape(game_spec(game).title)
    if "heuristic" in rungs.index:
        skilled = rungs.loc["heuristic"]
        title += (f": relative skill {skilled.relative_skill:.2f} "
                  f"({_likely_plain(skilled.relative_low, skilled.relative_high)})")
    heading = f"<tr class='plateau-ladders-game'><th colspan='4' {left}>{title}</th></tr>"
    return heading + "".join(
        f"<tr><th {left}>{html.escape(rung_words(label))}</th>{_won_and_gained(row)}<td>{_way(label, row)}</td></tr>"
        for label, row in rungs.iterrows())


def _way(label: str, row) -> str:
    """A rung's share of the way from a beginner to seeing every card, in words."""
    if label in SCALE_ENDS:
        return f"{SCALE_ENDS[label]} (where the scale {'starts' if label == BEGINNER else 'ends'})"
    return (f"{row.relative_skill:.2f} ({_likely_plain(row.relative_low, row.relative_high)})"
            f"{_off_scale(row.relative_low, row.relative_high)}")


def _off_scale(low: float, high: float) -> str:
    """Why an interval of the relative skill leaves the scale from 0 to 1, in words (empty when it
    stays within it). The scale's ends are measured too: past 1, the player who sees every card
    gained little more than this one on these deals; below 0, this one did no better than a beginner.

    >>> _off_scale(0.8, 0.95), _off_scale(0.85, 1.04).startswith("; past 1: on these deals")
    ('', True)
    """
    words = []
    if high > 1:
        words.append("past 1: on these deals the player who sees every card gained little more than this one, "
                     "so the ratio is unsure; more deals narrow it")
    if low < 0:
        words.append("below 0: on these deals this player did no better than a beginner")
    return "".join(f"; {part}" for part in words)


def _likely_plain(low: float, high: float) -> str:
    """An interval of a number between 0 and 1 (no sign): 'likely 0.50 to 0.70'."""
    if low == high:
        return "the same in every game"
    return f"likely {low:.2f} to {high:.2f}".replace("-", "\N{MINUS SIGN}")
