"""A game's shape: how long it is, how many real decisions each player makes, how often the lead
changes and how close it ends, collected while the lab plays (``simulate(..., shape=True)``).

Measures (after Ludii's game metrics: Duration, DecisionMoves, LeadChange, DecisivenessThreshold):

* ``moves`` (per player): the moves the player made; the game's length is ``actions``, their sum.
* ``decisions`` (per player): the moves the player made with **more than one legal choice**: a
  forced move (one card that may follow, dealing the cards) is no decision.
* ``choices`` (per player, on the counter only): the legal moves the player had to choose from,
  added up over its moves; over the moves, the game's branching factor (Ludii: BranchingFactor).
* ``lead_changes`` (per game): how many times a different player took the lead **alone** between
  rounds (a tie at the top takes the lead from nobody; the first sole leader is no change).
* ``margin`` (per game, always in the table): the winner's score minus the runner-up's (0: a tie).

They are collected during play: on the fast path through its ``on_step`` hook (the legal moves of
every move), on the public engine by a :class:`WatchingBot` around each seat's bot. Lead changes
are read from the points of every round (:data:`ROUND_POINTS`), which the games record (Plotters
Inc., Wimmüln, Le Plateau always; The Syndicate, a turn a round, Coloretto, and Oh Hell, a trick a
round, when asked for them: ``list_rounds=True`` on the fast path, ``plateau_lab.core.fastpath``);
``shape="replay"`` plays the games on the public engine and reads the score after every move.

>>> counter = MoveCounter(2)
>>> counter(0, ["play 3", "play 5"], 1); counter(1, ["play 7"], 0); counter(0, ["pass", "bid"], 0)
>>> counter.moves, counter.decisions, counter.starter
([2, 1], [2, 0], 0)
>>> counter.choices, branching_factor(counter.choices, counter.moves)      # 5 legal moves over 3 moves
([4, 1], 1.6666666666666667)
>>> lead_changes([(0, 0), (5, 2), (5, 9), (9, 9), (12, 9)])     # 0 leads, then 1, tie, 0 again
2
>>> margin((12, 9, 10))
2
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .stats import mean_interval, wilson_interval

__all__ = ["MoveCounter", "WatchingBot", "Shape", "lead_changes", "round_totals", "margin", "branching_factor",
           "shape_summary",
           "ROUND_POINTS", "SHAPE_COLUMNS", "DEFINITIONS"]

#: The key of a round row (``Record.rounds``) that holds a player's points for the round, as the
#: fast paths name it; its sums over the rounds must be the final scores (else it is not used).
ROUND_POINTS = ("points", "round_score")
#: The columns ``simulate(..., shape=True)`` adds (``margin`` is always there).
SHAPE_COLUMNS = ("moves", "decisions", "lead_changes")
#: One line per measure of :func:`shape_summary`: what it is, and where it comes from.
DEFINITIONS = {
    "moves per game": "all the moves of a game, forced ones included (Ludii: Duration)",
    "decisions per player": "a player's moves with more than one legal choice, per game (Ludii: DecisionMoves)",
    "share of moves with a choice": "decisions over moves, over all the games' moves",
    "lead changes": "times a different player took the lead alone between rounds, per game (Ludii: LeadChange)",
    "margin": "the winner's score minus the runner-up's at the end, per game (0: a tie at the top)",
    "ties at the top": "the share of games that end with two or more players sharing the best score",
}


class MoveCounter:
    """An ``on_step(seat, legal, index)`` hook: per seat, the moves made, the real decisions
    among them (more than one legal move) and the legal moves offered in all (``choices``), and
    the seat of the first move (``starter``)."""

    __slots__ = ("moves", "decisions", "choices", "starter")

    def __init__(self, players: int):
        self.moves = [0] * players
        self.decisions = [0] * players
        self.choices = [0] * players
        self.starter: int | None = None

    def __call__(self, seat: int, legal: Sequence[Any], index: int) -> None:
        if self.starter is None:
            self.starter = seat
        self.moves[seat] += 1
        self.choices[seat] += len(legal)
        if len(legal) > 1:
            self.decisions[seat] += 1


class WatchingBot:
    """A seat's bot on the public engine, watched: before each of its moves it tells ``counter``
    the legal moves and notes the scores so far in ``scores`` (shared by all the seats' watchers,
    so that it lists the scores before every move of the game). It chooses as the bot does.

    >>> from plateau_lab.core import play_out
    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import syndicate
    >>> counter, scores = MoveCounter(3), []
    >>> final = play_out(syndicate.new_game(3, seed=1), [WatchingBot(RandomBot(s), counter, scores) for s in range(3)])
    >>> sum(counter.moves) == len(final.history) == len(scores)
    True
    """

    def __init__(self, bot: Any, counter: MoveCounter, scores: list[tuple[int, ...]]):
        self.bot, self.counter, self.scores = bot, counter, scores

    def choose(self, state: Any) -> Any:
        self.counter(state.current_player, state.legal_actions(), 0)
        self.scores.append(tuple(state.scores))
        return self.bot.choose(state)

    def __repr__(self) -> str:
        return f"WatchingBot({self.bot!r})"


@dataclass(frozen=True)
class Shape:
    """What one game's shape adds to its rows: per seat ``moves`` and ``decisions``, and the game's
    ``lead_changes`` (None when it could not be read)."""

    moves: tuple[int, ...]
    decisions: tuple[int, ...]
    lead_changes: int | None

    def row(self, seat: int) -> dict[str, Any]:
        """The columns of ``seat``'s row."""
        return {"moves": self.moves[seat], "decisions": self.decisions[seat], "lead_changes": self.lead_changes}


def lead_changes(scores: Iterable[Sequence[float]]) -> int:
    """How many times a different player took the lead alone along ``scores`` (the scores after each
    round, or after each move: repeats change nothing). A tie at the top keeps the last sole
    leader; the first sole leader is not a change.

    >>> lead_changes([(0, 0, 0), (3, 1, 0), (3, 3, 0), (3, 4, 0), (6, 4, 0)])
    2
    >>> lead_changes([(0, 0), (2, 2)])
    0
    """
    changes, leader = 0, None
    for line in scores:
        best = max(line)
        leaders = [seat for seat, score in enumerate(line) if score == best]
        if len(leaders) == 1 and leaders[0] != leader:
            changes += leader is not None
            leader = leaders[0]
    return changes


def round_totals(rounds: Sequence[Mapping[str, Any]], scores: Sequence[int]) -> list[tuple[int, ...]] | None:
    """The scores after each round, from the round rows of a game's record (each with a ``seat``, a
    ``round`` and the round's points under a key of :data:`ROUND_POINTS`), starting from zeros;
    None when the rows hold no points or they do not add up to the final ``scores``.

    >>> rows = [{"seat": 0, "round": 1, "points": 3}, {"seat": 1, "round": 1, "points": 5},
    ...         {"seat": 0, "round": 2, "points": 4}, {"seat": 1, "round": 2, "points": 0}]
    >>> round_totals(rows, (7, 5))
    [(0, 0), (3, 5), (7, 5)]
    >>> round_totals(rows, (1, 1)) is None
    True
    """
    if not rounds:
        return None
    key = next((name for name in ROUND_POINTS if name in rounds[0]), None)
    if key is None:
        return None
    totals, lines, current = [0] * len(scores), [tuple([0] * len(scores))], rounds[0]["round"]
    for row in rounds:
        if row["round"] != current:
            lines.append(tuple(totals))
            current = row["round"]
        totals[row["seat"]] += row[key]
    lines.append(tuple(totals))
    return lines if tuple(totals) == tuple(scores) else None


def branching_factor(choices: Sequence[int], moves: Sequence[int]) -> float:
    """The legal moves a player had to choose from, on average over the moves made (Ludii's
    BranchingFactor): ``choices`` and ``moves`` per seat, as a :class:`MoveCounter` counts them.

    >>> branching_factor([12, 3], [4, 3])
    2.142857142857143
    >>> branching_factor([0], [0])
    Traceback (most recent call last):
    ValueError: no moves were made: a game of no moves has no branching factor
    """
    made = sum(moves)
    if made <= 0:
        raise ValueError("no moves were made: a game of no moves has no branching factor")
    return sum(choices) / made


def margin(scores: Sequence[int]) -> int:
    """The best score minus the second best (0 for a tie at the top; the score itself for one player).

    >>> margin((4, 9, 9)), margin((-30, 90, -30, -30))
    (0, 120)
    """
    ordered = sorted(scores, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else ordered[0]


def shape_summary(table, by: str | Sequence[str] | None = None, confidence: float = 0.95):
    """The shape measures of a ``simulate(..., shape=True)`` table, each with its mean, its interval
    (``low``, ``high``) and its definition (:data:`DEFINITIONS`), per group of ``by`` (e.g.
    ``"label"`` for a ``compare_variants`` table) or over the whole table.

    Means over games use the normal interval of :func:`~plateau_lab.lab.stats.mean_interval`;
    shares (of moves with a choice, of games tied at the top) their Wilson interval. ``lead changes`` is
    left out when the table has none.

    >>> from plateau_lab.lab.simulate import simulate
    >>> table = simulate("plotters", 20, shape=True, workers=1, progress=False).to_pandas()
    >>> summary = shape_summary(table)
    >>> summary.index.tolist()
    ['moves per game', 'decisions per player', 'share of moves with a choice', 'lead changes', 'margin', 'ties at the top']
    >>> bool(summary.loc["decisions per player", "mean"] <= summary.loc["moves per game", "mean"] / 4)
    True
    """
    import pandas as pd

    missing = set(SHAPE_COLUMNS) - set(table.columns)
    if missing:
        raise ValueError(f"the table has no {', '.join(sorted(missing))} column: make it with "
                         "simulate(..., shape=True)")
    if by is None:
        return _summary_of(table, confidence)
    parts = {label: _summary_of(group, confidence) for label, group in table.groupby(by)}
    return pd.concat(parts, names=[by] if isinstance(by, str) else list(by))


def _summary_of(table, confidence: float):
    """:func:`shape_summary` of one group."""
    import pandas as pd

    games = table.groupby("game_index").agg(actions=("actions", "first"), decisions=("decisions", "mean"),
                                            lead_changes=("lead_changes", "first"), margin=("margin", "first"))
    rows = {"moves per game": mean_interval(games["actions"], confidence),
            "decisions per player": mean_interval(games["decisions"], confidence)}
    decided, moved = int(table["decisions"].sum()), int(table["moves"].sum())
    rows["share of moves with a choice"] = (decided / moved, *wilson_interval(decided, moved, confidence))
    if games["lead_changes"].notna().all():
        rows["lead changes"] = mean_interval(games["lead_changes"].astype(float), confidence)
    rows["margin"] = mean_interval(games["margin"], confidence)
    tied = int((games["margin"] == 0).sum())
    rows["ties at the top"] = (tied / len(games), *wilson_interval(tied, len(games), confidence))
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=["mean", "low", "high"])
    frame["definition"] = [DEFINITIONS[name] for name in frame.index]
    frame.index.name = "measure"
    return frame
