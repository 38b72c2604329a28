"""How much skill a game rewards: a ladder of bots, each measured against the same deals.

A designer asks two questions of a game with hidden cards and a shuffle:

* **How far does skill go?** Put bots of rising strength, one at a time, in a seat among the same
  opponents: random play, the game's styles of play (its heuristic bot and a cautious or a bold
  one, from its ``SPEC.bots``), the expert with a small and a larger budget, and at the top a
  player who sees every card. If each rung wins more often than the one below, the game keeps
  rewarding better play; if the top rungs bunch together, a little thought already gets most of
  what there is; where the styles sit shows whether a variant suits one way of playing.
* **Luck or skill?** Against random opponents, the share of games a strong bot wins above chance
  (``share``: 0 pure luck, 1 skill decides everything; see :func:`plateau_lab.lab.stats.skill_share`).

Every rung plays the *same* seeded deals, and so does a reference table where the opponents' bot
sits in every seat. The rung's **gain** is its score minus the reference bot's score in the same
seat of the same deal (a *duplicate* comparison, as in duplicate bridge): the luck of the cards
cancels out, so a few dozen deals show what would take thousands otherwise. The rung moves one seat
each game, so that no seat advantage gets mixed in. A k-way tie for the best score counts as 1/k of
a win to each tied seat (the ``win_share`` column of :func:`~plateau_lab.lab.simulate.simulate`), so
a rung's wins may be a fraction and a seat of pure luck wins exactly 1/players.

Games compared by how much skill they reward (relative skill, every game's ladder in one table)
are in :mod:`plateau_lab.lab.relative_skill`; the player who sees every card, in
:mod:`plateau_lab.lab.seeing`.

**Plain Python.** :func:`climb_ladder` measures the ladder in plain Python (a :class:`Ladder`:
each rung's row as a dictionary), for the static site's Python in the browser, which has no pandas;
its ``to_pandas()`` is the same as a pandas table, and :func:`ladder_html` shows it to a learner.

**Never blocking.** :class:`LadderRun` measures a ladder a step at a time (a few deals of every rung
per step), so a page can show the table as it fills in and stop between two steps, keeping what
was measured.

>>> table = climb_ladder("syndicate", 6, {"random": "random", "heuristic": "heuristic"}, workers=1,
...                      progress=False).to_pandas()
>>> table.index.tolist()
['random', 'heuristic']
>>> table["games"].tolist(), float(table.loc["heuristic", "gain"])     # the reference against itself
([6, 6], 0.0)
>>> bool(table.loc["random", "gain"] < 0)
True
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from ..core import check_whole, game_spec
from ..core.bots import bot_words
from ..core.imagining import model_for
from .expert import ExpertBot
from .seeing import SEEING, SEEING_PLAYOUTS, SEEING_WORDS, seeing_rung
from .simulate import Job, bot_spec, run_chunk, simulate
from .stats import WIN_SHARE, mean_interval, share_interval

__all__ = ["Ladder", "climb_ladder", "ladder_html", "LADDER_COLUMNS", "default_rungs", "expert_rung",
           "plot_ladder", "measured", "EXPERT_FRACTIONS", "LadderRun", "rung_words", "BEGINNER"]


#: The expert's two budgets on the ladder, as fractions of the game's default number of playouts.
EXPERT_FRACTIONS = (Fraction(1, 16), Fraction(1, 4))
#: The bottom rung (random play): the start of the relative skill scale, 0 (its end, 1, is
#: :data:`~plateau_lab.lab.seeing.SEEING`).
BEGINNER = "random"
#: A rung's figures (:func:`measured`), the columns of a ladder's table.
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


def default_rungs(game: str, fractions=EXPERT_FRACTIONS, *, playouts: int | None = SEEING_PLAYOUTS) -> dict[str, Any]:
    """The rungs of :func:`climb_ladder`, from the weakest: random play, every style of play ``game``'s
    ``SPEC.bots`` offers (its heuristic bot and, say, a cautious or a bold one), the expert at each
    budget fraction, and at the top the player who sees every card (:class:`~plateau_lab.lab.seeing.SeeingBot` with
    ``playouts``; None leaves it out).

    >>> list(default_rungs("le_plateau"))
    ['random', 'heuristic', 'bold', 'expert (1/16 budget)', 'expert (1/4 budget)', 'sees every card']
    >>> list(default_rungs("syndicate", (), playouts=None))
    ['random', 'heuristic', 'cautious']
    """
    styles = {name: name for name in game_spec(game).bots}
    experts = dict(expert_rung(game, fraction) for fraction in fractions)
    seeing = {} if playouts is None else dict([seeing_rung(playouts)])
    return {BEGINNER: BEGINNER, **styles, **experts, **seeing}


@dataclass(frozen=True)
class Ladder:
    """A measured ladder in plain Python (no pandas needed): ``rungs`` maps each rung's label, from the
    weakest, to its row of :data:`LADDER_COLUMNS` (see :func:`climb_ladder`); ``against`` is the bot in the
    other seats; ``interrupted``, whether the run stopped before its last rung (or deal) was played.

    >>> climb = climb_ladder("syndicate", 4, {"random": "random"}, workers=1, progress=False)
    >>> climb.game, climb.against, climb.interrupted, list(climb.rungs)
    ('syndicate', 'heuristic', False, ['random'])
    >>> climb.rungs["random"]["games"], climb.rungs["random"]["gain"] < 0
    (4, True)
    """

    game: str
    against: str
    interrupted: bool
    rungs: dict[str, dict[str, float]]

    def to_pandas(self):
        """The ladder as a pandas table, one row per rung (index ``rung``, :data:`LADDER_COLUMNS`), its
        ``attrs`` the game, the bot against and whether it was interrupted."""
        import pandas as pd

        frame = pd.DataFrame.from_dict(self.rungs, orient="index", columns=LADDER_COLUMNS)
        frame.index.name = "rung"
        frame.attrs.update(game=self.game, against=self.against, interrupted=self.interrupted)
        return frame


def climb_ladder(game: str, games: int, rungs: Mapping[str, Any] | None = None, *, against: str = "heuristic",
                 players: int | None = None, variant: Mapping[str, Any] | None = None, seed: int = 0,
                 workers: int | None = None, progress: bool = True,
                 callback: Callable[[int, int], None] | None = None) -> Ladder:
    """Each rung (label: a bot name or factory, see :func:`plateau_lab.lab.simulate.simulate`) plays
    ``games`` seeded games in one seat, moving a seat each game, with ``against`` bots in the
    others. Returns a :class:`Ladder`, in plain Python, one row per rung (its ``to_pandas()``: the
    same as a pandas table):

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
    options = dict(players=players, variant=variant, seed=seed, workers=workers, progress=progress)
    reference_scores, seated, interrupted = _rung_tables(game, games, rungs, against, options, callback)
    measures = {label: measured(mine, _scores_in_seat(mine, reference_scores), players)
                for label, mine in seated.items()}
    return Ladder(spec.name, against, interrupted, measures)


def _rung_tables(game: str, games: int, rungs: Mapping[str, Any], against: str, options: dict[str, Any],
                 callback: Callable[[int, int], None] | None = None):
    """The games of a ladder, as plain rows: the reference table's scores by ``(game_index, seat)``,
    each rung's own rows (its seat of every deal, by deal) and whether an interruption cut the run
    short (the rungs measured before it kept)."""
    players, in_all = options["players"], games * (len(rungs) + 1)

    def played(tables_before: int):
        return None if callback is None else lambda done, _: callback(tables_before * games + done, in_all)

    reference = simulate(game, games, bots=[against] * players, callback=played(0), **options)
    interrupted = len(reference) < games * players
    reference_scores = {(row["game_index"], row["seat"]): row["score"] for row in reference}
    seated = {}
    for number, (label, bot) in enumerate(rungs.items(), start=1):
        if interrupted:
            break
        rows = simulate(game, games, bots=[(label, bot)] + [against] * (players - 1), rotate_seats=True,
                        callback=played(number), **options)
        interrupted = len(rows) < games * players
        if not interrupted:
            seated[label] = _in_its_seat(rows, players)
    return reference_scores, seated, interrupted


def _in_its_seat(rows: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
    """The rows of the bot that moves a seat each game (``rotate_seats``): seat ``game_index % players``."""
    return [row for row in rows if row["seat"] == row["game_index"] % players]


def _scores_in_seat(mine: list[dict[str, Any]], reference_scores: Mapping[tuple[int, int], float]) -> list[float]:
    """The reference bot's scores in the same seats of the same deals as ``mine``."""
    return [reference_scores[row["game_index"], row["seat"]] for row in mine]


def measured(mine: Sequence[Mapping[str, Any]], reference_scores: Sequence[float], players: int) -> dict[str, float]:
    """One rung's row of the ladder: its games (rows with ``score`` and ``win_share``, or ``winner``
    in a table without shares) against the reference bot's scores in the same seats of the same
    deals, in the same order. ``wins`` is the sum of the win shares (a k-way tie counts 1/k), its
    interval :func:`~plateau_lab.lab.stats.share_interval`.

    >>> two_way_tie = measured([{"score": 4, "win_share": 0.5}, {"score": 4, "win_share": 0.5}], [4, 4], 2)
    >>> two_way_tie["wins"], two_way_tie["rate"], two_way_tie["share"]      # a fair share: no skill
    (1.0, 0.5, 0.0)
    """
    games = len(mine)
    if games == 0:
        raise ValueError("a rung needs at least one game to be measured")
    if len(reference_scores) != games:
        raise ValueError(f"one reference score per game: {games} games, {len(reference_scores)} scores")
    shares = [float(row[WIN_SHARE] if WIN_SHARE in row else row["winner"]) for row in mine]
    wins = math.fsum(shares)
    low, high = share_interval(wins, math.fsum(share * share for share in shares), games)
    fair = 1 / players
    gain, gain_low, gain_high = mean_interval([row["score"] - reference
                                               for row, reference in zip(mine, reference_scores)])

    def scaled(rate: float) -> float:
        return (rate - fair) / (1 - fair)

    return {"games": games, "wins": wins, "rate": wins / games, "low": low, "high": high, "fair": fair,
            "share": scaled(wins / games), "share_low": scaled(low), "share_high": scaled(high),
            "gain": gain, "gain_low": gain_low, "gain_high": gain_high}


def ladder_html(climb: Ladder, *, so_far: bool = False) -> str:
    """A :class:`Ladder` as an HTML table a learner
    reads: win share and score gain, each with its interval. ``so_far``: the table of a run still
    under way or stopped (class ``plateau-ladder-so-far`` instead of ``plateau-ladder``, so a page
    tells it from a finished ladder).

    >>> row = measured([{"score": 3, "winner": True}, {"score": 5, "winner": False}], [1, 5], 3)
    >>> shown = ladder_html(Ladder("coloretto", "heuristic", False, {"expert": row}))
    >>> "1 of 2 (50%, likely 9% to 91%; fair: 33%)" in shown, "+1.00 (likely −0.96 to +2.96)" in shown
    (True, True)
    """
    against, rungs = climb.against, climb.rungs
    left = "style='text-align:left'"
    kind = "plateau-ladder-so-far" if so_far else "plateau-ladder"
    head = (f"<table class='{kind}' {left}><thead><tr><th>player in the seat</th><th>games won</th>"
            f"<th>points per game over the {html.escape(rung_words(against))}</th></tr></thead><tbody>")
    body = "".join(f"<tr><th {left}>{html.escape(rung_words(label))}</th>{_won_and_gained(row)}</tr>"
                   for label, row in rungs.items())
    return head + body + "</tbody></table>"


def rung_words(label: Any, *, short: bool = False) -> str:
    """A rung's label as a learner reads it (:func:`~plateau_lab.core.bots.bot_words`, the player
    who sees every card, the expert's budget in words); a label of one's own stays as it is.
    ``short``: without the words in brackets (the expert keeps its effort), to name a chart's bar.

    >>> rung_words("heuristic"), rung_words("expert (1/16 budget)"), rung_words("my bot")
    ('steady player (rules of thumb)', 'expert (thinks ahead, with 1/16 of its usual effort)', 'my bot')
    >>> rung_words("heuristic", short=True), rung_words("expert (1/16 budget)", short=True)
    ('steady player', 'expert, 1/16 effort')
    """
    label = str(label)
    budget = label.removeprefix("expert (").removesuffix(" budget)")
    if budget != label and label.endswith(" budget)"):
        return f"expert, {budget} effort" if short else f"expert (thinks ahead, with {budget} of its usual effort)"
    words = SEEING_WORDS if label == SEEING else bot_words(label)
    return words.split(" (")[0] if short else words


def _won_and_gained(row: Mapping[str, float]) -> str:
    """A rung's two cells: the games it won (with the fair share) and its points over the reference."""
    return (f"<td>{_count(row['wins'])} of {row['games']:.0f} ({row['rate']:.0%}, likely {row['low']:.0%} to "
            f"{row['high']:.0%}; fair: {row['fair']:.0%})</td>"
            f"<td>{_signed(row['gain'])} ({_likely(row['gain_low'], row['gain_high'])})</td>")


def _count(wins: float) -> str:
    """Wins as a learner reads them: whole, or with a tenth when ties shared some (``7.5``)."""
    return f"{wins:.0f}" if abs(wins - round(wins)) < 1e-9 else f"{wins:.1f}"


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


# ---------------------------------------------------------------- a ladder a step at a time


class LadderRun:
    """A :func:`climb_ladder` measured a step at a time, in this process: each :meth:`step` plays the next
    ``step_games`` deals of the reference table and of every rung, so that the ladder (:meth:`result`,
    plain Python) fills in evenly, its intervals narrowing, and a run stopped
    between two steps keeps every rung measured on the same deals. Finished, its ladder is
    :func:`climb_ladder`'s (``workers=1``).

    The work of a step is a list of :meth:`chunks`, each a picklable ``(job, start, stop)`` for
    :func:`plateau_lab.lab.simulate.run_chunk`, so a page may play them in a worker process and
    hand the rows back to :meth:`record`.

    >>> run = LadderRun("syndicate", 6, {"random": "random"}, step_games=2)
    >>> run.step(), run.games_done, run.games_in_all
    (True, 4, 12)
    >>> run.result().rungs["random"]["games"], run.result().interrupted
    (2, True)
    >>> while run.step():
    ...     pass
    >>> run.result() == climb_ladder("syndicate", 6, {"random": "random"}, workers=1, progress=False)
    True
    """

    def __init__(self, game: str, games: int, rungs: Mapping[str, Any] | None = None, *, against: str = "heuristic",
                 players: int | None = None, variant: Mapping[str, Any] | None = None, seed: int = 0,
                 step_games: int = 4):
        spec = game_spec(game)
        self.games = check_whole(games, name="games", low=1)
        self.step_games = check_whole(step_games, name="step_games", low=1)
        self.players = spec.default_players if players is None else spec.check_players(players)
        rungs = default_rungs(game) if rungs is None else dict(rungs)
        if not rungs:
            raise ValueError("give at least one rung: a mapping of labels to bots")
        self.game, self.against, self.rungs = spec.name, against, rungs
        variant = dict(variant or {})
        options = dict(players=self.players, variant=variant, seed=seed, workers=1, progress=False)
        # simulate's own checks (bots, variant, seed), on no games: a mistake fails here, before any work
        simulate(game, 0, bots=[against] * self.players, **options)
        for label, bot in rungs.items():
            simulate(game, 0, bots=[(label, bot)] + [against] * (self.players - 1), rotate_seats=True,
                     **options)
        frozen = tuple(sorted(variant.items()))
        self.jobs = {None: Job(self.game, self.players, frozen, int(seed), (bot_spec(against),) * self.players)}
        for label, bot in rungs.items():
            seats = (bot_spec((label, bot)),) + (bot_spec(against),) * (self.players - 1)
            self.jobs[label] = Job(self.game, self.players, frozen, int(seed), seats, rotate_seats=True)
        self.rows: dict[Any, list[dict[str, Any]]] = {key: [] for key in self.jobs}
        self.deals_done = 0

    @property
    def games_in_all(self) -> int:
        """The games of the whole run: the reference table's and every rung's."""
        return self.games * len(self.jobs)

    @property
    def games_done(self) -> int:
        return self.deals_done * len(self.jobs)

    @property
    def finished(self) -> bool:
        return self.deals_done >= self.games

    def chunks(self) -> list[tuple[Any, Job, int, int]]:
        """The next step's work: ``(key, job, start, stop)`` per table (key None: the reference)."""
        stop = min(self.deals_done + self.step_games, self.games)
        return [(key, job, self.deals_done, stop) for key, job in self.jobs.items()] if stop > self.deals_done else []

    def record(self, played: Mapping[Any, list[dict[str, Any]]]) -> None:
        """Keep a whole step's rows (key: rows of :meth:`chunks`' games), so every table stays on the
        same deals."""
        if set(played) != set(self.jobs):
            raise ValueError("a step's rows come for the reference table and every rung together")
        counts = {len(rows) for rows in played.values()}
        stop = min(self.deals_done + self.step_games, self.games)
        if counts != {(stop - self.deals_done) * self.players}:
            raise ValueError(f"a step plays games {self.deals_done} to {stop - 1} of every table")
        for key, rows in played.items():
            self.rows[key].extend(rows)
        self.deals_done = stop

    def step(self) -> bool:
        """Play the next step in this process; whether any game is left to play after it."""
        chunks = self.chunks()
        self.record({key: run_chunk(job, start, stop) for key, job, start, stop in chunks})
        return not self.finished

    def result(self) -> Ladder:
        """The ladder of the deals played so far, in plain Python; ``interrupted`` until the run is
        finished."""
        reference_scores = {(row["game_index"], row["seat"]): row["score"] for row in self.rows[None]}
        measures = {}
        if self.deals_done:
            for label in self.rungs:
                mine = _in_its_seat(self.rows[label], self.players)
                measures[label] = measured(mine, _scores_in_seat(mine, reference_scores), self.players)
        return Ladder(self.game, self.against, not self.finished, measures)
