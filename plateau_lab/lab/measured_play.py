"""One game of a comparison played and measured: its players' rows, with the game's shape and,
when asked, its drama and decisiveness.

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
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..core import check_whole, game_spec, play_out, seeded_random
from ..core.bots import RandomBot
from ..core.fastpath import Record
from ..core.imagining import fresh_setup
from .shape import MoveCounter, Shape, WatchingBot, lead_changes, round_totals
from .simulate import Job, bot_seed, fast_bots, game_seed, rows_of

__all__ = ["play_measured", "plays_fast", "win_chances", "win_shares", "drama_of", "decisiveness_of",
           "DRAMA_COST"]

#: The positions per game, and the random games played on from each, behind drama and decisiveness.
DRAMA_POSITIONS, DRAMA_CONTINUATIONS = 12, 20
#: What drama and decisiveness cost, in words for the page.
DRAMA_COST = (f"Drama and decisiveness read each player's chances at {DRAMA_POSITIONS} moments of every game, "
              f"each from {DRAMA_CONTINUATIONS} games played on from there: "
              f"up to {DRAMA_POSITIONS * DRAMA_CONTINUATIONS} "
              "more games for every game, so a comparison takes 2 to 40 times longer.")


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

