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

**Games compared with each other** (:func:`relative_skill`, :func:`compare_games`): van der Genugten
and Borm's *relative skill*. A beginner (random play) becomes a skilled player (the heuristic bot):
the **learning effect** is what that gains. A *fictive* player who sees every card, the others'
hands and the cards still to come (:class:`SeeingBot`), gains more again: the **chance effect**,
what only knowing the luck of the cards would add. Relative skill is learning / (learning + chance):
near 0, what a player can learn buys little next to knowing the cards (a game of luck); near 1, a
skilled player gets almost all a clairvoyant would (a game of skill). It is measured on the same
deals for all three players, so the comparison is paired deal by deal.

**Every game in one table** (:func:`ladders`, :func:`ladders_html`): each game's whole ladder,
random play, the game's own styles of play (the heuristic bot and, say, a cautious or a bold one),
the expert at rising budgets and the player who sees every card at the top, with every rung's win
share and gain and the relative skill it implies: how much of the way from random play to seeing
every card the rung goes (the heuristic bot's row is the game's relative skill).

**Without pandas.** :func:`climb_ladder` measures the ladder in plain Python (a :class:`Ladder`:
each rung's row as a dictionary), for the static site's Python in the browser, which has no pandas;
:func:`ladder` is its pandas table, and :func:`ladder_html` shows either.

**Never blocking.** :class:`LadderRun` measures a ladder a step at a time (a few deals of every rung
per step), so a page can show the table as it fills in and stop between two steps, keeping what
was measured.

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
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from ..core import check_whole, game_spec, seeded_random
from ..core.bots import bot_words
from ..core.imagining import model_for, model_of
from .expert import ExpertBot
from .simulate import Job, bot_spec, run_chunk, simulate, simulate_rows
from .stats import WIN_SHARE, mean_interval, share_interval, t_value

__all__ = ["Ladder", "climb_ladder", "ladder", "ladder_html", "LADDER_COLUMNS", "default_rungs", "expert_rung",
           "plot_ladder", "measured", "EXPERT_FRACTIONS", "LadderRun", "SeeingBot", "seeing_rung", "relative_skill",
           "compare_games", "relative_skill_html", "SEEING_PLAYOUTS", "RELATIVE_COLUMNS", "ladders", "ladders_html",
           "LADDERS_COLUMNS", "rung_words", "BEGINNER", "SEEING"]


#: The expert's two budgets on the ladder, as fractions of the game's default number of playouts.
EXPERT_FRACTIONS = (Fraction(1, 16), Fraction(1, 4))
#: The bottom rung (random play) and the top one (the player who sees every card): the two ends of
#: the relative skill scale, 0 and 1.
BEGINNER, SEEING = "random", "sees every card"
#: The fictive player's playouts per decision: it sees every card, so no imagined deal is needed;
#: shared by the legal moves, each move getting at least :data:`SEEING_PER_MOVE` (a bid among a
#: dozen gets as many as a card among three). ``benchmarks/bench_seeing.py`` measures that it beats
#: the expert's top rung, ``benchmarks/bench_skill.py`` what it costs.
SEEING_PLAYOUTS = 240
#: The fewest playouts the fictive player gives each legal move.
SEEING_PER_MOVE = 8
#: How a learner reads the top rung's label (the other bots' words are :data:`~plateau_lab.core.bots.BOT_WORDS`).
SEEING_WORDS = "a player who sees every card (no one can)"
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
    """The rungs of :func:`ladder`, from the weakest: random play, every style of play ``game``'s
    ``SPEC.bots`` offers (its heuristic bot and, say, a cautious or a bold one), the expert at each
    budget fraction, and at the top the player who sees every card (:class:`SeeingBot` with
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
    weakest, to its row of :data:`LADDER_COLUMNS` (see :func:`ladder`); ``against`` is the bot in the
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

    def table(self):
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
    """:func:`ladder` in plain Python: the same games, measured the same way, as a :class:`Ladder`
    (its ``table()`` is :func:`ladder`'s table), for a Python without pandas such as the static
    site's in the browser.
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


def ladder(game: str, games: int, rungs: Mapping[str, Any] | None = None, *, against: str = "heuristic",
           players: int | None = None, variant: Mapping[str, Any] | None = None, seed: int = 0,
           workers: int | None = None, progress: bool = True, callback: Callable[[int, int], None] | None = None):
    """Each rung (label: a bot name or factory, see :func:`plateau_lab.lab.simulate.simulate`) plays
    ``games`` seeded games in one seat, moving a seat each game, with ``against`` bots in the
    others. Returns a pandas table, one row per rung (:func:`climb_ladder` gives the same as plain
    Python):

    ``games, wins, rate, low, high`` the rung's win share and its Wilson interval; ``fair`` the
    share of pure luck (1 / players); ``share, share_low, share_high`` the win share on the skill
    scale (0 at ``fair``, 1 always winning); ``gain, gain_low, gain_high`` the mean score gain per
    game over the ``against`` bot in the same seat of the same deal, with its 95 % interval.

    ``callback(games_done, games_in_all)`` is called as the games finish (the reference table's
    included). Interrupting returns the rungs measured so far.
    """
    return climb_ladder(game, games, rungs, against=against, players=players, variant=variant, seed=seed,
                        workers=workers, progress=progress, callback=callback).table()


def _rung_tables(game: str, games: int, rungs: Mapping[str, Any], against: str, options: dict[str, Any],
                 callback: Callable[[int, int], None] | None = None):
    """The games of a ladder, as plain rows: the reference table's scores by ``(game_index, seat)``,
    each rung's own rows (its seat of every deal, by deal) and whether an interruption cut the run
    short (the rungs measured before it kept)."""
    players, in_all = options["players"], games * (len(rungs) + 1)

    def played(tables_before: int):
        return None if callback is None else lambda done, _: callback(tables_before * games + done, in_all)

    reference = simulate_rows(game, games, bots=[against] * players, callback=played(0), **options)
    interrupted = len(reference) < games * players
    reference_scores = {(row["game_index"], row["seat"]): row["score"] for row in reference}
    seated = {}
    for number, (label, bot) in enumerate(rungs.items(), start=1):
        if interrupted:
            break
        rows = simulate_rows(game, games, bots=[(label, bot)] + [against] * (players - 1), rotate_seats=True,
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


def ladder_html(climb, *, so_far: bool = False) -> str:
    """A ladder (a :class:`Ladder`, or :func:`ladder`'s pandas table) as an HTML table a learner
    reads: win share and score gain, each with its interval. ``so_far``: the table of a run still
    under way or stopped (class ``plateau-ladder-so-far`` instead of ``plateau-ladder``, so a page
    tells it from a finished ladder).

    >>> row = measured([{"score": 3, "winner": True}, {"score": 5, "winner": False}], [1, 5], 3)
    >>> shown = ladder_html(Ladder("coloretto", "heuristic", False, {"expert": row}))
    >>> "1 of 2 (50%, likely 9% to 91%; fair: 33%)" in shown, "+1.00 (likely −0.96 to +2.96)" in shown
    (True, True)
    """
    if isinstance(climb, Ladder):
        against, rungs = climb.against, climb.rungs
    else:
        against, rungs = climb.attrs.get("against", "heuristic"), climb.to_dict("index")
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
    """A :func:`ladder` measured a step at a time, in this process: each :meth:`step` plays the next
    ``step_games`` deals of the reference table and of every rung, so that the ladder (:meth:`result`,
    plain Python; :meth:`table`, pandas) fills in evenly, its intervals narrowing, and a run stopped
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
        simulate_rows(game, 0, bots=[against] * self.players, **options)
        for label, bot in rungs.items():
            simulate_rows(game, 0, bots=[(label, bot)] + [against] * (self.players - 1), rotate_seats=True,
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

    def table(self):
        """:meth:`result` as :func:`ladder`'s pandas table."""
        return self.result().table()


# ---------------------------------------------------------------- relative skill


#: The columns of :func:`relative_skill` (and :func:`compare_games`, one row per game).
RELATIVE_COLUMNS = ["players", "deals", "measure", "beginner", "skilled", "fictive", "learning", "learning_low",
                    "learning_high", "chance", "chance_low", "chance_high", "relative_skill", "low", "high",
                    "width"]


class SeeingBot:
    """The *fictive* player of relative skill: it plays seeing every card, the others' hands and the
    cards still to come (it reads the game's true state, which no player at the table can).

    For each legal move it plays the same ``playouts // moves`` playouts (at least
    :data:`SEEING_PER_MOVE`) from the true position,
    by the expert's game model (:class:`~plateau_lab.core.imagining.GameModel`: the heuristic bots
    play on to the model's horizon, the end of the round or hand, six turns in The Syndicate),
    and picks the move with the best mean outcome. It is the expert (:class:`~.expert.ExpertBot`)
    without its imagined deals: a strong player that knows the luck of the cards, so that what it
    gains over a skilled player bounds what luck is worth. It never sits at a learner's table.

    >>> from plateau_lab.games import coloretto
    >>> state = coloretto.new_game(4, seed=3)
    >>> move = SeeingBot(1, playouts=20).choose(state)
    >>> move in state.legal_actions(), move == SeeingBot(1, playouts=20).choose(state)
    (True, True)
    """

    def __init__(self, seed: int = 0, *, playouts: int = SEEING_PLAYOUTS):
        self.seed = check_whole(seed, name="seed", low=0)
        self.playouts = check_whole(playouts, name="playouts", low=1, high=100_000)

    def choose(self, state):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        model, seat = model_of(state), state.current_player
        rng = seeded_random(self.seed, "sees every card", len(state.history))
        totals = [0.0] * len(actions)
        for _ in range(max(SEEING_PER_MOVE, self.playouts // len(actions))):
            playout_seed = rng.getrandbits(64)
            for index, action in enumerate(actions):
                totals[index] += model.result(state, state.apply(action), seat, playout_seed)[0]
        return actions[max(range(len(actions)), key=totals.__getitem__)]

    def __repr__(self) -> str:
        return f"SeeingBot(seed={self.seed}, playouts={self.playouts})"


def seeing_rung(playouts: int = SEEING_PLAYOUTS) -> tuple[str, Any]:
    """The player who sees every card as a ladder rung (label, factory).

    >>> seeing_rung()[0]
    'sees every card'
    """
    check_whole(playouts, name="playouts", low=1, high=100_000)
    return SEEING, partial(SeeingBot, playouts=playouts)


def _seated(game: str, deals: int, bot: Any, label: str, against: str, players: int, **options):
    """``bot`` in one seat (moving a seat per deal) among ``against`` bots: its rows, by deal."""
    table = simulate(game, deals, bots=[(label, bot)] + [against] * (players - 1), rotate_seats=True,
                     players=players, progress=False, **options)
    if table.attrs.get("interrupted"):
        raise KeyboardInterrupt
    return table[table.seat == table.game_index % players].set_index("game_index").sort_index()


def _ratio_interval(learning: list[float], whole: list[float], confidence: float) -> tuple[float, float, float]:
    """mean(learning) / mean(whole) over the same deals with its interval (the delta method on the
    per-deal pairs: the spread of ``learning - ratio * whole``, Student's t)."""
    from statistics import fmean, stdev

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
    (:class:`SeeingBot` with ``playouts``). Their result per deal is ``measure``: ``"score"`` (the
    points the seat ends with, van der Genugten and Borm's expected gain; the default) or
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
    results = {role: rows[measure].astype(float).tolist() for role, rows in played.items()}
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

    from ..core import GAME_NAMES

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


# ---------------------------------------------------------------- every game's ladder in one table


#: The two ends of the relative skill scale, each a rung of :func:`default_rungs`.
SCALE_ENDS = {BEGINNER: 0, SEEING: 1}
#: The columns of :func:`ladders`: :func:`ladder`'s, then the relative skill the rung implies.
LADDERS_COLUMNS = LADDER_COLUMNS + ["relative_skill", "relative_low", "relative_high"]


def ladders(games=None, deals: int = 64, *, fractions=EXPERT_FRACTIONS, playouts: int = SEEING_PLAYOUTS,
            measure: str = "score", seed: int = 0, workers: int | None = 1, progress: bool = False,
            callback: Callable[[str, int, int], None] | None = None):
    """Every game's skill ladder (default: every game) in one pandas table indexed by ``(game, rung)``:
    :func:`default_rungs` (random play, the game's styles, the expert at each of ``fractions`` of its
    budget, the player who sees every card with ``playouts``), each rung on the same ``deals`` deals
    in one seat among heuristic bots, as :func:`ladder` measures them (its columns: win share, gain
    over the heuristic bot, each with its 95 % interval), then the **relative skill** the rung implies
    (``relative_skill, relative_low, relative_high``): how much of the way from random play (0) to
    seeing every card (1) it goes, by ``measure`` (``"score"``, the default, or ``"win_share"``),
    paired deal by deal as in :func:`relative_skill`. The heuristic bot's row is the game's relative
    skill; a rung above 1 would play better than seeing the cards does.

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

    from ..core import GAME_NAMES

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
