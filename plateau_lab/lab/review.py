"""Reviewing a finished game: every decision of a seat marked against the expert's choice.

:func:`review` analyses every decision of a finished game once (the expert's search,
:func:`plateau_lab.lab.expert.analyse`, or a :class:`~plateau_lab.lab.coach.Coach`'s analysis), scores it by
where the move played lies between the best and the worst legal move in points, and marks it an
inaccuracy, a mistake or a blunder when it is clearly worse than the expert's choice
(:data:`MARKS`), with an accuracy per player (:func:`accuracy_of`). Each :class:`Decision` keeps
its analysis, so every view of a decision shows the same figures; :data:`REVIEW_KEY` says how
they are worked out, for the learner.

>>> mark_of(0.8, True), round(accuracy_of(4.6, 5.0, 1.0))
('blunder', 64)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import GameState, check_seat, check_whole, count_of
from ..core.imagining import chance_words, model_of, remembered_observations
from . import expert
from .expert import MAX_PLAYOUTS, Analysis, _then
from .verdict import comparison, move_words

__all__ = ["Decision", "MARKS", "REVIEW_KEY", "REVIEW_PLAYOUTS_PER_MOVE", "Review", "accuracy_of", "mark_of",
           "review", "review_budget", "where_in_game"]


#: The marks of a decision, by the share of the gap between the best and the worst legal move that
#: the move played gave away (:func:`accuracy_of`), the largest first. A decision is marked only
#: when the move played is clearly worse than the expert's choice (:class:`~plateau_lab.lab.expert.Gap`).
MARKS = ((0.75, "blunder"), (0.5, "mistake"), (0.25, "inaccuracy"))

#: How the review's figures are worked out, for the learner.
REVIEW_KEY = (
    "How to read this: the expert plays each of your moves, and each other legal move, on many imagined "
    "deals of the cards you could not see, and counts the points each move scores on average and how often "
    "{winning}. A decision counts when its best and worst moves differ by more than luck can explain. It "
    "scores 100 when your move was the expert's choice or as good as far as the imagined deals can tell; "
    "less as your move gave away more of the points between the best and the worst move: about 64 when it "
    "gave away a tenth of them, 25 for three tenths, 0 for all. Your accuracy is the average. A move clearly "
    "worse than the expert's choice is an inaccuracy when it gave away a quarter of those points or more, a "
    "mistake for half or more, a blunder for three quarters or more.")


def mark_of(drop: float, clear: bool) -> str:
    """The mark of a decision that gave away ``drop`` (a share from 0 to 1) of the gap between the
    best and the worst legal move, the move played being ``clear``-ly worse than the best; "" for none.

    >>> mark_of(0.8, True), mark_of(0.3, True), mark_of(0.8, False), mark_of(0.1, True)
    ('blunder', 'inaccuracy', '', '')
    """
    if clear:
        for least, name in MARKS:
            if drop >= least - 1e-9:
                return name
    return ""


def accuracy_of(played: float, best: float, worst: float) -> float:
    """One decision's accuracy, from 0 to 100, from the share of the gap between the best and the
    worst legal move (in points) that the move played gave away: 100 for none, falling fast as it
    grows, as lichess's per-move accuracy falls with the chance to win lost (103.1668·e^(−4.354·d)
    − 3.1669 for a share ``d``, kept within 0 and 100): about 64 for a tenth, 25 for three tenths,
    0 for all of it.

    >>> [round(accuracy_of(played, 5.0, 1.0)) for played in (5.0, 4.6, 3.8, 1.0)], accuracy_of(3, 3, 3)
    ([100, 64, 25, 0], 100.0)
    """
    if best <= worst or played >= best:
        return 100.0
    drop = (best - played) / (best - worst)
    return min(100.0, max(0.0, 103.1668 * math.exp(-4.354 * drop) - 3.1669))


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat, from one analysis of its position (``analysis``, kept;
    ``position`` the state it was made in): the game's move number (``move_number``, 1 for the
    game's first move), the seat's own count (``number`` of ``of``, 1 for its first decision) and
    ``where`` it came ("hand 2, trick 3"), the move ``played``, the expert's choice (``best``), the
    points the move played scored less (``loss``, never below 0), the chance to win after the
    expert's choice and after the move played (``chance_before``, ``chance_after``), the share of
    the gap between the best and the worst legal move the move played gave away (``drop``: 0 when
    it is not clearly worse than the best), its ``mark`` (see :data:`MARKS`), whether the moves
    there differ by more than luck can explain (``counts``: only such decisions make the
    accuracy), the decision's ``accuracy`` (:func:`accuracy_of`) and a ``sentence`` saying it all."""

    move_number: int
    played: Any
    best: Any
    loss: float
    sentence: str
    number: int = 0
    of: int = 0
    where: str = ""
    chance_before: float = math.nan
    chance_after: float = math.nan
    drop: float = 0.0
    mark: str = ""
    accuracy: float = 100.0
    counts: bool = True
    analysis: Analysis | None = field(default=None, repr=False, compare=False)
    position: GameState | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True)
class Review:
    """Every decision of ``seat`` that had a choice, each analysed once; the marked ones, costliest
    first (``mistakes``), and the seat's ``accuracy`` (the average of its decisions' that count)."""

    seat: int
    measure: str
    decisions: tuple[Decision, ...]
    winning: str = "you come out on top"

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The three marked decisions that gave away the most (fewer when fewer are marked),
        costliest first."""
        marked = [decision for decision in self.decisions if decision.mark]
        return tuple(sorted(marked, key=lambda decision: (-decision.drop, -decision.loss, decision.number))[:3])

    @property
    def counted(self) -> tuple[Decision, ...]:
        """The decisions whose moves differ by more than luck can explain: those the accuracy averages."""
        return tuple(decision for decision in self.decisions if decision.counts)

    @property
    def accuracy(self) -> float | None:
        """The average accuracy of the decisions that count (None without one)."""
        counted = self.counted
        if not counted:
            return None
        return sum(decision.accuracy for decision in counted) / len(counted)

    def marks(self) -> str:
        """How many decisions got each mark, in words: "1 blunder, 2 inaccuracies"."""
        counts = [(sum(1 for decision in self.decisions if decision.mark == name), name) for _, name in MARKS]
        return ", ".join(count_of(count, name).replace("inaccuracys", "inaccuracies") for count, name in counts if count)

    def headline(self, who: str = "you") -> str:
        """The review in one line, of ``who`` ("you", or the name the table gives another player):
        the decisions, the accuracy and the marks."""
        who = who[:1].upper() + who[1:]
        if not self.decisions:
            return f"{who}: no decision to make, every move was the only legal one."
        head = f"{who}: {count_of(len(self.decisions), 'decision')}"
        if self.accuracy is None:
            return head + "; in none of them did the moves differ by more than luck can explain."
        head += f", accuracy {self.accuracy:.0f} %; "
        return head + (f"{self.marks()}." if self.mistakes else
                       "no move clearly worse than the expert's choice.")

    def __str__(self) -> str:
        lines = [self.headline()]
        if self.mistakes:
            lines.append(f"The costliest decisions of {len(self.decisions)}:")
            lines += [f"- {decision.sentence}" for decision in self.mistakes]
        return "\n".join(lines)


#: The fewest playouts a review gives each legal move of a decision.
REVIEW_PLAYOUTS_PER_MOVE = 8


def review_budget(state: GameState, budget: int | None) -> int | None:
    """The playouts a review spends on the decision at ``state``: ``budget`` (None: the game
    model's default), raised to :data:`REVIEW_PLAYOUTS_PER_MOVE` per legal move."""
    if budget is None:
        return None
    return max(check_whole(budget, name="budget", low=1, high=MAX_PLAYOUTS),
               min(MAX_PLAYOUTS, REVIEW_PLAYOUTS_PER_MOVE * len(state.legal_actions())))


#: The names of phases where the game's own word would read oddly after a comma.
PHASE_WORDS = {"bid": "bidding", "play": "card play"}


def where_in_game(state: GameState, seat: int) -> str:
    """Where in the game ``state`` is, as ``seat`` sees it: the hand, round or turn, and the trick
    or the phase ("hand 2, trick 3", "round 1, bidding", "turn 5").

    >>> from plateau_lab.games import oh_hell
    >>> where_in_game(oh_hell.new_game(4, seed=1), 0)
    'bidding'
    """
    seen = state.observation(seat)
    parts = [f"{noun} {seen[key]}" for key, noun in (("hand_number", "hand"), ("round", "round"), ("turn", "turn"))
             if key in seen][:1]
    phase = seen.get("phase")
    trick = _tricks_done(state)
    if phase == "play" and trick is not None:
        parts.append(f"trick {trick + 1}")
    elif phase:
        parts.append(PHASE_WORDS.get(phase, phase))
    return ", ".join(parts) or "the game"


def _tricks_done(state: GameState) -> int | None:
    """The tricks finished this hand or round, in a trick game (None in another)."""
    for name in ("finished_tricks", "tricks_played", "tricks_done"):
        done = getattr(state, name, None)
        if done is not None:
            return done if isinstance(done, int) else len(done)
    return None


def _decision(found: Analysis, position: GameState, played: Any, number: int, of: int) -> Decision:
    """One decision from its one analysis: the figures, the mark and the sentence."""
    def words(action: Any) -> str:
        return move_words(position.setup.game, action)

    best, mine = found.best, found.value_of(played)
    where = where_in_game(position, found.seat)
    loss = max(0.0, best.mean - mine.mean)
    tried = [move for move in found.moves if move.playouts == best.playouts]
    worst = min(tried, key=lambda move: move.mean)
    pairs = len(tried) * (len(tried) - 1) // 2      # the best and the worst are both picked out: of every pair
    counts = worst.action != best.action and found.gap(best.action, worst.action, pairs).points_clear
    head = f"Decision {number} of {of} ({where}): you played {words(played)}"
    if mine.action == best.action:
        sentence = f"{head}, the expert's choice too: " + _then(
            mine.says, f"{found.winning} {chance_words(mine.chance)} after it.")
        return Decision(len(position.history) + 1, played, best.action, 0.0, sentence, number, of, where,
                        best.chance, mine.chance, 0.0, "", 100.0, counts, found, position)
    gap = found.gap(best.action, played)
    clearly_worse = gap.points_clear and mine.playouts == best.playouts
    accuracy = accuracy_of(mine.mean, best.mean, worst.mean) if clearly_worse else 100.0
    drop = (best.mean - mine.mean) / (best.mean - worst.mean) if clearly_worse and best.mean > worst.mean else 0.0
    mark = mark_of(drop, clearly_worse)
    said = f", {'an' if mark[:1] in 'aeiou' else 'a'} {mark}" if mark else ""
    it = f": it {mine.says}" if mine.says else ""
    best_says = f", which {best.says}" if best.says else ""
    sentence = (f"{head}{said}{it}. The expert's choice: {words(best.action)}{best_says}. Your move: "
                + comparison(gap, mine.chance, best.chance, words(best.action), found.winning) + ".")
    return Decision(len(position.history) + 1, played, best.action, loss, sentence, number, of, where,
                    best.chance, mine.chance, drop, mark, accuracy, counts, found, position)


def review(game: GameState | Sequence[GameState], seat: int, budget: int | None = None, *, seed: int = 0,
           progress: Callable[[int, int], Any] | None = None, coach: Any = None) -> Review:
    """Mark every decision ``seat`` made in ``game`` (its final state, or the list of its states)
    against the expert's choice there, each from one analysis (kept in its :class:`Decision`)
    of ``budget`` playouts, never fewer than :data:`REVIEW_PLAYOUTS_PER_MOVE` per legal move (a
    Wimmüln cross has a hundred choices: one playout each would name a lucky one).

    A decision's accuracy is where the points of the move played lie between the worst (0) and
    the best legal move (100) (:func:`accuracy_of`; 100 when it is not clearly worse than the best,
    :class:`~plateau_lab.lab.expert.Gap`); the seat's is the average over the decisions whose best and worst moves differ
    by more than luck can explain. "Clearly" counts every comparison made at once: the move played
    is one of the best move's comparisons with each other move, and the best and the worst are the
    two picked out of every pair of moves (Bonferroni, :class:`~plateau_lab.lab.expert.Gap`). In
    Plotters Inc.'s card play (about eight moves, each tried on about eight imagined deals at the
    review's budget) the best and the worst passed a single comparison's test in three decisions
    of five, and there random play scored 63 % and the heuristic bot 68 %, though the heuristic
    bot's card play is worth about 22 points a game more than random play's: the whole review told
    them apart by 10 points (``benchmarks/bench_accuracy.py`` has the figures counted so).
    A decision clearly worse than the best is marked an inaccuracy,
    a mistake or a blunder by the share of that gap it gave away (:data:`MARKS`). ``str()`` and
    :data:`REVIEW_KEY` say so in words. ``progress(done, of)``, when given, is called after each
    decision is analysed (``done`` of the ``of`` decisions), for a progress bar. ``coach``, a
    :class:`~plateau_lab.lab.coach.Coach`: read each position's analysis from it (made there when
    it has none yet), so that the review says what a hint there said.

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.games import coloretto
    >>> game = coloretto.new_game(2, seed=3)
    >>> for _ in range(6):
    ...     game = game.apply(RandomBot(len(game.history)).choose(game))
    >>> result = review(game, 0, 20)
    >>> all(decision.loss >= 0 and 0 <= decision.accuracy <= 100 for decision in result.decisions)
    True
    >>> [decision.number for decision in result.decisions] == list(range(1, len(result.decisions) + 1))
    True
    >>> result.decisions[0].sentence.startswith(f"Decision 1 of {len(result.decisions)} (round 1)")
    True
    """
    states = list(game.states()) if isinstance(game, GameState) else list(game)
    if not states or not all(isinstance(state, GameState) for state in states):
        raise TypeError("review reads a game: its last state, or the list of its states")
    seat = check_seat(seat, states[0].players)
    model = model_of(states[0])
    choices = [(before, after.history[-1]) for before, after in zip(states, states[1:])
               if before.current_player == seat and len(before.legal_actions()) >= 2]
    check_whole(seed, name="seed", low=0)
    observed = _observed_by(states, seat)
    decisions = []
    for number, (before, played) in enumerate(choices, start=1):
        seen = observed[:len(before.history) + 1] if observed else remembered_observations(before, seat)
        found = (expert._analyse(before, seat, review_budget(before, budget), seed, None, seen) if coach is None else
                 coach.analysis(before, seat, review_budget(before, budget), seed=seed, seen=seen))
        decisions.append(_decision(found, before, played, number, len(choices)))
        if progress is not None:
            progress(number, len(choices))
    return Review(seat, model.measure, tuple(decisions), model.winning)


def _observed_by(states: Sequence[GameState], seat: int) -> list[dict[str, Any]]:
    """What ``seat`` saw at every state of a whole game given from its first state, one state per
    move (a review then reads each decision's past from it, instead of replaying the game up to
    every decision: the same observations, once); empty for a list that is not such a game."""
    first = states[0]
    if first.history or first.setup.origin is not None or any(
            len(state.history) != number for number, state in enumerate(states)):
        return []
    return [state.observation(seat) for state in states]
