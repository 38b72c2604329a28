"""The game-design lab's engine: many seeded games of any game, as a table's rows in plain Python
(:func:`simulate`: no pandas needed, as in the static site's Python in the browser), whose
``to_pandas()`` is the same table as a pandas DataFrame.

>>> from plateau_lab.lab.simulate import simulate
>>> rows = simulate("syndicate", 4, seed=1, workers=1, progress=False)
>>> list(rows[0])[:9]
['game', 'players', 'variant', 'rules', 'game_index', 'seed', 'seat', 'bot', 'bot_seed']
>>> rows == simulate("syndicate", 4, seed=1, workers=1, progress=False, chunk_size=1)
True
>>> table = rows.to_pandas()
>>> len(table), sorted(table.game_index.unique().tolist())
(12, [0, 1, 2, 3])

One row per game and player (``table="players"``, the default), with the columns

``game, players, variant, rules, game_index, seed, seat, bot, bot_seed, score, rank, winner, actions,
win_share, starter, margin``

``variant`` lists the options given (``standard`` for none) and ``rules`` is the rule set's name:
``standard`` when every option is the rulebook's, else the options that differ, or the name the
caller gave it in the variant (``{"plus_colours": 2, "rules_name": "two plus colours"}``; see
:func:`plateau_lab.core.rule_set_name`).

and a few per game (see each game's ``fast.py``: ``made``/``declared`` in Le Plateau,
``colours`` in Coloretto, ``tricks``/``bonus``/``hits`` in Wimmüln, …). ``rank`` is 1 for the
best score (tied seats share a rank) and ``winner`` is True for every seat with the best score;
``win_share`` shares a tie: 1/k of a win to each of k seats tied for the best score (1 to a
lone winner, 0 to the others), so the shares of a game add up to 1 and a fair seat wins
1/players of them (``plateau_lab.lab.stats.win_rates`` counts this column). ``actions`` is the
game's length in moves. ``starter`` is the seat that made the game's first move (drawn by lot in
most games: ``new_game(players, seed=row.seed).current_player``), so that "does the player who
starts win more often?" is one groupby (``stats.first_player_advantage``). ``margin`` is the
winner's score minus the runner-up's (0: a tie at the top). ``table="rounds"`` gives one row per
round (hand) and player instead, for the games that have rounds (Plotters Inc., Le Plateau,
Wimmüln): what a player collected, bid or estimated in each round.

**A game's shape.** ``shape=True`` adds ``moves`` and ``decisions`` (the player's moves, and
those with more than one legal choice) and ``lead_changes`` (how many times a different player
took the lead alone between rounds), collected while the games are played (on the fast path
through its ``on_step`` hook; see :mod:`plateau_lab.lab.shape`). Lead changes are read from the
round scores the games record (The Syndicate, Coloretto and Oh Hell only when asked:
``list_rounds=True``, which the shape asks for; Oh Hell's rounds are its tricks, the standing what
each player would score if the hand stopped there). ``shape="replay"`` plays every game on the
public engine instead (slower: the public engine's speed) and reads the score the engine shows
after every move (Oh Hell's shows none before the hand ends, so its replay counts no lead change).
The plain table (``shape=False``) costs nothing more.

**Reproducible.** Game ``i`` of a run is seeded by :func:`game_seed` ``(seed, i)`` and the bot in
seat ``s`` by :func:`bot_seed` ``(game seed, s)``; the work is split into chunks of consecutive
games and the rows are sorted by game and seat, so the table depends only on (game, players,
variant, bots, seed, n): not on the chunk size, the number of workers or the executor. Any row
replays with the public engine: ``new_game(players, seed=row.seed, **variant)`` with
``RandomBot(row.bot_seed)`` (or the heuristic bot with that seed) in each seat.

**Bots** are given per seat as names (any bot the game registers: ``"random"``, ``"heuristic"``,
see :func:`plateau_lab.lab.bots.bot_names`) or as picklable factories ``factory(seed) -> bot`` such as ``RandomBot``, a bot class, or
``functools.partial(HeuristicBot, take_at=5)``; a ``(label, factory)`` pair sets the label shown
in the ``bot`` column. With ``rotate_seats=True`` the bots move one seat to the left every game,
so that each bot sits in every seat equally often (for fair bot comparisons).

**Fast path.** When every seat has a random bot, games run on the game's registered fast playout
(``GameSpec.fast``: a module with ``play_fast`` and ``play_public``), tested to play exactly the same games (actions and
scores) as the public engine with :class:`~plateau_lab.core.bots.RandomBot` (they draw the same random
numbers: :mod:`plateau_lab.core.fastrandom`). A fast module that also plays other registered bots names
them in ``FAST_BOTS`` (e.g. ``{"random", "heuristic"}``) and takes ``bots=`` (a name per seat) in
``play_fast``; it is tested to choose the same moves as those bots on the public engine. Any other
bot plays on the public engine. ``fast=False``
forces the public engine everywhere.

**Parallel.** By default the chunks run on a process pool with one worker per core
(``workers``); ``workers=1`` runs everything in this process. Any
:class:`concurrent.futures.Executor` may be passed instead, e.g. a Dask cluster's
``distributed.Client().get_executor()``.

**Stopping.** A progress bar (``tqdm.auto``: a widget in Jupyter, text elsewhere) counts the
games. Interrupting the run (the stop button, Ctrl-C, or a ``callback`` raising
KeyboardInterrupt) cancels the work not started yet, shuts our own pool down and *returns* the
rows of the games finished so far, with a :class:`SimulationInterrupted` warning and
``rows.attrs["interrupted"] = True`` (``rows.attrs["games"]`` says how many games they hold; the
DataFrame of ``to_pandas()`` has the same ``attrs``).
"""

from __future__ import annotations

import os
import signal
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core import RULES_NAME, SEED_LIMIT, check_rules_name, check_whole, game_spec, play_out, rule_set_name, \
    seeded_random
from ..core.bots import RandomBot
from ..core.fastpath import Record
from .bots import bot_names, make_bot
from .results import Rows
from .shape import MoveCounter, Shape, WatchingBot, lead_changes, margin, round_totals

__all__ = ["simulate", "compare_variants", "game_seed", "bot_seed", "ranks", "BotSpec", "Record",
           "SimulationInterrupted", "play_public", "play_game"]


BASE_COLUMNS = ("game", "players", "variant", "rules", "game_index", "seed", "seat", "bot", "bot_seed")

#: The most games one call plays, and the largest chunk: bounds that keep every run finite.
MAX_GAMES = 10_000_000


class SimulationInterrupted(UserWarning):
    """Warned when a run is interrupted: the table holds only the games finished before."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (the same however the run is split).

    >>> game_seed(0, 0) == game_seed(0, 0), game_seed(0, 0) == game_seed(0, 1)
    (True, False)
    """
    return seeded_random(seed, "game", index).getrandbits(32)


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``seed_of_game``."""
    return seeded_random(seed_of_game, "bot", seat).getrandbits(32)


# ---------------------------------------------------------------- bots


@dataclass(frozen=True)
class BotSpec:
    """A seat's bot as a picklable recipe: a label and either a registered name or a factory(seed)."""

    label: str
    name: str | None = None           # a name in the game's registry entry
    factory: Callable[[int], Any] | None = None

    @property
    def registered_name(self) -> str | None:
        """The name this bot has in the registry (a factory counts only when it is RandomBot)."""
        return "random" if self.factory is RandomBot else self.name if self.factory is None else None

    def make(self, game: str, seed: int):
        if self.factory is not None:
            return self.factory(seed)
        return make_bot(game, self.name, seed)


def bot_spec(bot: Any) -> BotSpec:
    """Read one seat's bot: a registered name, a factory, or ``(label, factory)``."""
    if isinstance(bot, BotSpec):
        return bot
    if isinstance(bot, str):
        return BotSpec(bot, name=bot)
    if isinstance(bot, tuple) and len(bot) == 2 and isinstance(bot[0], str):
        inner = bot_spec(bot[1])
        return BotSpec(bot[0], name=inner.name, factory=inner.factory)
    if callable(bot):
        label = getattr(bot, "__name__", None) or getattr(getattr(bot, "func", None), "__name__", None) or repr(bot)
        return BotSpec("random" if bot is RandomBot else label, factory=bot)
    raise TypeError(f"a bot is a name, a factory(seed) -> bot or a (label, factory) pair, not {bot!r}")


# ---------------------------------------------------------------- one game


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games of one run (picklable)."""

    game: str
    players: int
    variant: tuple[tuple[str, Any], ...]
    seed: int
    bots: tuple[BotSpec, ...]
    fast: bool = True
    rotate_seats: bool = False
    table: str = "players"
    shape: bool | str = False
    rules: str | None = None          # the name the caller gave the rule set (None: derived from the variant)

    @property
    def rules_text(self) -> str:
        """The rule set's name for the table's ``rules`` column."""
        if self.rules is not None:
            return self.rules
        try:
            return _derived_rules_name(self.game, self.variant)
        except TypeError:               # a value that is no key (a list): named without remembering
            return rule_set_name(self.game, dict(self.variant))

    def seats(self, index: int) -> tuple[BotSpec, ...]:
        """The bot in each seat for game ``index`` (moved one seat left per game when rotating)."""
        if not self.rotate_seats:
            return self.bots
        shift = index % self.players
        return self.bots[-shift:] + self.bots[:-shift] if shift else self.bots


def fast_bots(lab) -> frozenset[str]:
    """The registered bots a game's fast module plays (``FAST_BOTS``; random bots at least)."""
    return getattr(lab, "FAST_BOTS", frozenset({"random"}))


def play_public(game: str, players: int, seed: int, variant: Mapping[str, Any], bots: Sequence[Any]) -> Record:
    """One game on the public engine (every move checked by ``apply``), recorded for the table."""
    spec = game_spec(game)
    lab = spec.fast_module()
    state = spec.new_game(players, seed=seed, **variant)
    if lab is not None:
        return lab.play_public(state, bots)
    return _record_of(play_out(state, bots))


def play_game(job: Job, index: int) -> Record:
    """Game ``index`` of ``job``: on the fast path when its fast module plays every seat's bot."""
    return play_watched(job, index)[0]


def play_watched(job: Job, index: int) -> tuple[Record, int | None, Shape | None]:
    """Game ``index`` of ``job`` with the seat that made its first move (None for the rounds table,
    which does not show it) and, when ``job.shape`` asks for it, its :class:`~.shape.Shape`."""
    seed = game_seed(job.seed, index)
    seats = job.seats(index)
    seeds = [bot_seed(seed, seat) for seat in range(job.players)]
    variant = dict(job.variant)
    spec = game_spec(job.game)
    lab = spec.fast_module()
    names = tuple(bot.registered_name for bot in seats)
    counter = MoveCounter(job.players) if job.shape else None
    if job.fast and job.shape != "replay" and lab is not None and all(name in fast_bots(lab) for name in names):
        options = {} if set(names) == {"random"} else {"bots": names}
        if counter is not None:
            options["on_step"] = counter
            options["list_rounds"] = True           # the lead changes are read between the rounds
        record = lab.play_fast(job.players, seed, seeds, variant, **options)
        if counter is not None:
            return record, counter.starter, _shape(counter, record, None)
        if job.table != "players":
            return record, None, None
        if record.starter is not None:          # the fast path knows it from its deal
            return record, record.starter, None
        return record, spec.new_game(job.players, seed=seed, **variant).current_player, None
    bots = [bot.make(job.game, bot_seed_) for bot, bot_seed_ in zip(seats, seeds)]
    scores: list[tuple[int, ...]] = []
    if counter is not None:
        bots = [WatchingBot(bot, counter, scores) for bot in bots]
    state = spec.new_game(job.players, seed=seed, **variant)
    starter = state.current_player
    if lab is None:
        record = _record_of(play_out(state, bots))
    else:
        record = lab.play_public(state, bots, list_rounds=job.shape is True)
    if counter is None:
        return record, starter, None
    return record, starter, _shape(counter, record, scores + [record.scores] if job.shape == "replay" else None)


def _shape(counter: MoveCounter, record: Record, scores: list[tuple[int, ...]] | None) -> Shape:
    """A game's shape from its moves (``counter``) and its scores: after every move when given
    (``scores``), else after every round the record lists (None when it lists none)."""
    lines = scores if scores is not None else round_totals(record.rounds, record.scores)
    return Shape(tuple(counter.moves), tuple(counter.decisions), None if lines is None else lead_changes(lines))


def _record_of(final) -> Record:
    """The record of a game finished on the public engine of a game with no fast module."""
    return Record(tuple(final.scores), len(final.history))


def ranks(scores: Sequence[int]) -> list[int]:
    """1 for the best score, tied scores sharing the better rank.

    >>> ranks([5, 9, 5, 2])
    [2, 1, 2, 4]
    """
    return [1 + sum(other > score for other in scores) for score in scores]


def rows_of(job: Job, index: int, record: Record, starter: int | None = None,
            shape: Shape | None = None) -> list[dict[str, Any]]:
    """The table rows of one game: one per player, or one per round and player."""
    seed = game_seed(job.seed, index)
    seats = job.seats(index)
    base = {"game": job.game, "players": job.players, "variant": _variant_text(job.variant),
            "rules": job.rules_text, "game_index": index, "seed": seed}
    per_seat = [dict(base, seat=seat, bot=seats[seat].label, bot_seed=bot_seed(seed, seat))
                for seat in range(job.players)]
    if job.table == "rounds":
        return [dict(per_seat[row["seat"]], **{k: v for k, v in row.items() if k != "seat"}, actions=record.actions)
                for row in record.rounds]
    best = max(record.scores)
    tied = record.scores.count(best)
    ahead = margin(record.scores)
    rows = []
    for seat, (score, rank) in enumerate(zip(record.scores, ranks(record.scores))):
        row = dict(per_seat[seat], score=score, rank=rank, winner=score == best, actions=record.actions,
                   win_share=1 / tied if score == best else 0.0, starter=starter, margin=ahead)
        if record.extras:
            row.update(record.extras[seat])
        if shape is not None:
            row.update(shape.row(seat))
        rows.append(row)
    return rows


def run_chunk(job: Job, start: int, stop: int) -> list[dict[str, Any]]:
    """The rows of games ``start`` to ``stop - 1`` (what one worker does at a time)."""
    rows = []
    for index in range(start, stop):
        rows.extend(rows_of(job, index, *play_watched(job, index)))
    return rows


def _variant_text(variant: tuple[tuple[str, Any], ...]) -> str:
    return ", ".join(f"{key}={value!r}" for key, value in variant) or "standard"


@lru_cache(maxsize=256)
def _derived_rules_name(game: str, variant: tuple[tuple[str, Any], ...]) -> str:
    return rule_set_name(game, dict(variant))


def _ignore_interrupts() -> None:
    """Pool workers leave Ctrl-C to the main process, which cancels the work cleanly."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# ---------------------------------------------------------------- many games


def simulate(game: str, n: int, *, players: int | None = None, bots: Iterable[Any] | None = None,
             variant: Mapping[str, Any] | None = None, seed: int = 0, executor: Executor | None = None,
             workers: int | None = None, progress: bool = True, chunk_size: int | None = None,
             fast: bool = True, rotate_seats: bool = False, table: str = "players",
             callback: Callable[[int, int], None] | None = None, shape: bool | str = False):
    """Play ``n`` seeded games of ``game`` and return the table's rows (see the module docstring):
    a :class:`~plateau_lab.lab.results.Rows`, one dict per row, whose ``to_pandas()`` is the table
    as a pandas DataFrame.

    ``players`` defaults to the game's registered default; ``bots`` (one per seat) to random bots;
    ``variant`` holds the game's options (``{"scoring": "grey"}``) and, if wanted, the rule set's
    name (``"rules_name"``: the ``rules`` column; see the module docstring). ``executor``/``workers``
    choose where chunks of ``chunk_size`` games run; ``callback(games_done, n)`` is called in
    this process after each chunk. Interrupting returns the games finished so far. ``shape``
    (``True`` or ``"replay"``) adds the game's shape (see the module docstring).

    >>> rows = simulate("oh_hell", 2, players=3, seed=1, workers=1, progress=False)
    >>> len(rows), rows[0]["game_index"], rows[0]["seat"], sorted(rows[0])[:4]
    (6, 0, 0, ['actions', 'bid', 'bot', 'bot_seed'])
    """
    rows, done, interrupted = _played(game, n, players, bots, variant, seed, executor, workers, progress,
                                      chunk_size, fast, rotate_seats, table, callback, shape)
    if interrupted:
        warnings.warn(f"simulation interrupted: the rows hold the {done} of {n} games finished",
                      SimulationInterrupted, stacklevel=2)
    return Rows(rows, None if rows else BASE_COLUMNS, {"interrupted": interrupted, "games": done})


def _played(game, n, players, bots, variant, seed, executor, workers, progress, chunk_size, fast, rotate_seats,
            table, callback, shape) -> tuple[list[dict[str, Any]], int, bool]:
    """The rows of ``n`` games played as :func:`simulate` says, in order; how many games they hold; and
    whether the run was interrupted."""
    spec = game_spec(game)
    if table not in spec.tables:
        raise ValueError(f"{spec.title} has the tables {', '.join(map(repr, spec.tables))}, not {table!r}")
    check_whole(n, name="n (the number of games)", low=0, high=MAX_GAMES)
    check_whole(seed, name="seed", low=0, high=SEED_LIMIT - 1)
    seed = int(seed)
    if not (shape is False or shape is True or shape == "replay"):
        raise ValueError(f"shape is False, True or 'replay' (the shape from the public engine), not {shape!r}")
    if shape and table != "players":
        raise ValueError(f"the game's shape goes into the players table, not the {table!r} table")
    players = spec.default_players if players is None else spec.check_players(players)
    specs = tuple(bot_spec(bot) for bot in (bots if bots is not None else ("random",) * players))
    if len(specs) != players:
        raise ValueError(f"give one bot per seat: {players} players, {len(specs)} bots")
    for bot in specs:
        if bot.factory is None and bot.name not in bot_names(game):
            raise ValueError(f"{spec.title} has no bot named {bot.name!r}; its bots are "
                             f"{', '.join(bot_names(game))}, or give a factory(seed) -> bot")
    variant = dict(variant or {})
    rules = check_rules_name(variant.pop(RULES_NAME, None))
    full_variant = spec.check_variant(variant)        # a bad option fails here, before any work
    spec.new_game(players, seed=0, **full_variant)    # and so does a combination the game refuses
    given = tuple(sorted((key, full_variant[key]) for key in variant))   # as checked: a table as a tuple
    job = Job(game, players, given, seed, specs, fast, rotate_seats, table, shape, rules=rules)
    workers = (os.cpu_count() or 1) if workers is None else check_whole(workers, name="workers", low=1, high=1024)
    if chunk_size is None:
        chunk_size = max(1, min(250, n // (8 * workers) or 1))
    check_whole(chunk_size, name="chunk_size", low=1, high=MAX_GAMES)
    chunks = [(start, min(start + chunk_size, n)) for start in range(0, n, chunk_size)]

    results: dict[int, list[dict[str, Any]]] = {}
    interrupted = False
    bar = _progress_bar(n, f"{game} ({players} players)") if progress else None
    done = 0

    def finished(start: int, stop: int, rows: list[dict[str, Any]]) -> None:
        nonlocal done
        results[start] = rows
        done += stop - start
        if bar is not None:
            bar.update(stop - start)
        if callback is not None:
            callback(done, n)

    own_pool = None
    try:
        if executor is None and workers == 1:
            for start, stop in chunks:
                finished(start, stop, run_chunk(job, start, stop))
        else:
            if executor is None:
                executor = own_pool = ProcessPoolExecutor(workers, initializer=_ignore_interrupts)
            pending = {executor.submit(run_chunk, job, start, stop): (start, stop) for start, stop in chunks}
            try:
                while pending:
                    ready, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in ready:
                        start, stop = pending.pop(future)
                        finished(start, stop, future.result())
            finally:
                for future in pending:
                    future.cancel()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if bar is not None:
            bar.close()
        if own_pool is not None:
            own_pool.shutdown(wait=True, cancel_futures=True)

    rows = [row for start in sorted(results) for row in results[start]]
    return rows, done, interrupted


def _progress_bar(games: int, title: str):
    """A progress bar counting ``games`` (a widget in Jupyter, text elsewhere). Made only when asked for:
    tqdm starts its monitor thread with the first bar, even a disabled one, and the browser's Python has no
    threads."""
    from tqdm.auto import tqdm

    return tqdm(total=games, desc=title, unit="game")


def compare_variants(game: str, variants: Mapping[str, Mapping[str, Any]], n: int, **options):
    """``simulate`` once per named variant (same seeds: paired games), stacked with a ``label`` column
    (the variant's key here) beside the ``rules`` column (the rule set's name: its own
    ``"rules_name"``, else ``standard`` or the options that differ from the rulebook).

    ``compare_variants("coloretto", {"brown": {"scoring": "brown"}, "grey": {"scoring": "grey"}}, 500)``

    Game ``i`` is the same deal under every variant, so compare them deal by deal:
    ``plateau_lab.lab.stats.compare(table, reference="brown")`` gives each variant's mean
    difference from the reference with its paired interval and a sign test
    (:func:`plateau_lab.lab.stats.paired_difference`).
    """
    import pandas as pd

    frames = []
    for label, variant in variants.items():
        frame = simulate(game, n, variant=variant, **options).to_pandas()
        frames.append(frame.assign(label=label))
        if frame.attrs.get("interrupted"):
            break
    return pd.concat(frames, ignore_index=True)
