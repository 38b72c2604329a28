"""A whole game analysed once, for the analysis board: every move, each player's chances move by
move, the learner's decisions marked, and the costliest of them as puzzles to try again.

:func:`analyse_game` reads a finished (or saved) game and one seat, and keeps, per move, the
state before and after it, who moved, the move in words, the chances after it and, for the
seat's own decisions, the :class:`~plateau_lab.lab.review.Decision` of the one review of the game
(:func:`plateau_lab.lab.review.review`: the figures every view of a decision shows)::

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.core.bots import RandomBot
    >>> game = game_spec("syndicate").new_game(3, seed=2, target=4)
    >>> while not game.is_over:
    ...     game = game.apply(RandomBot(len(game.history)).choose(game))
    >>> seen = []
    >>> found = analyse_game(game, 0, budget=20, seed=1, progress=lambda done, of: seen.append((done, of)))
    >>> len(found.moves) == len(game.history), seen[0][0], seen[-1][0] == seen[-1][1]
    (True, 0, True)
    >>> [move.decision.number for move in found.moves if move.decision] == [
    ...     decision.number for decision in found.review.decisions]
    True
    >>> found.chances[-1].chances == tuple(float(seat in game.winners) for seat in range(3))
    True

**The chances.** Once the game is over nothing is hidden any more, so each position's chances
are worked out from the cards as they lay (:func:`plateau_lab.lab.expert.odds` with no seat:
random play from there on, ``graph_playouts`` times; on the game's fast path where the question
is who wins the game). In a game not yet over they are the seat's own, from what it could see
(the cards it could not see dealt at random), so that the board gives nothing away.

**The work** is bounded by counts, not by time: ``graph_playouts`` continuations per position
(fewer in a long game: :data:`GRAPH_PLAYOUTS_IN_ALL` in all, at least :data:`FEWEST_GRAPH_PLAYOUTS`
each; where the question is who wins the game, at most about :data:`GRAPH_POSITIONS` positions
worked out, the chances between them read along a straight line) and the review's ``budget`` playouts per decision (never fewer than 8 per legal move). The benchmark
``benchmarks/bench_analysis_board.py`` measures it. ``progress(done, of)`` is called once before
any work (``done`` 0) and after every position and every decision, for a progress bar.

**Puzzles** (:class:`Puzzle`): the seat's marked decisions, costliest first, each the position
as the seat saw it; :meth:`Puzzle.attempt` says whether a move is as good as the expert's choice,
better than the move played or not, and why, from the decision's own analysis, without naming the
expert's choice; :meth:`Puzzle.answer` gives it, only when asked.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import GameState, check_seat, check_whole, game_spec, load_json, seeded_random
from ..core.imagining import GameModel, fresh_setup, model_of
from .coach import Coach, review_playouts
from .expert import Analysis, Odds, chance_words, odds
from .review import Decision, Review, review, review_budget
from .verdict import is_clear, move_words, points_words
from .stats import wilson_interval

__all__ = ["FEWEST_GRAPH_PLAYOUTS", "GRAPH_PLAYOUTS", "GRAPH_PLAYOUTS_IN_ALL", "GRAPH_POSITIONS",
           "REVIEW_PLAYOUTS", "GameAnalysis", "MoveEntry", "Puzzle", "Verdict", "analyse_game", "states_of"]

#: The continuations behind each position's chances on the evaluation graph ...
GRAPH_PLAYOUTS = 24
#: ... and behind all the graph's positions together: a long game gets fewer per position (never
#: fewer than :data:`FEWEST_GRAPH_PLAYOUTS`), so that its graph costs about what a short one's does.
GRAPH_PLAYOUTS_IN_ALL = 2400
FEWEST_GRAPH_PLAYOUTS = 6
#: The most positions whose chances a long game's graph works out (:func:`_graph_positions`).
GRAPH_POSITIONS = 90
#: The fewest playouts per decision of the review behind the board (as the play table's review:
#: a short game's decisions get more, :func:`~plateau_lab.lab.coach.review_playouts`).
REVIEW_PLAYOUTS = 40


@dataclass(frozen=True)
class MoveEntry:
    """One move of the game: its ``number`` (1 for the first), the state ``before`` and ``after``
    it, the ``player`` who made it, the ``action``, its ``words`` (what the reviewed seat may read:
    the move in the game's words once the game is over or when it is the seat's own, else what the
    game's log said of it), the ``chances`` after it (None where the game asks no question yet)
    and, for the seat's own decisions, their ``decision``."""

    number: int
    before: GameState
    after: GameState
    player: int
    action: Any
    words: str
    chances: Odds | None
    decision: Decision | None = None


@dataclass(frozen=True)
class Verdict:
    """What the learner is told of a move tried in a puzzle: whether it ``found`` a move as good as
    the expert's choice, whether it is ``better`` than the move played, and why (``text``)."""

    action: Any
    found: bool
    better: bool
    text: str

    def __str__(self) -> str:
        return self.text


class Puzzle:
    """One of the seat's marked decisions to try again: the ``position`` as the seat saw it
    (``before`` it, the state before, for the marks of the last move), what to do (:meth:`prompt`),
    a verdict on any legal move tried (:meth:`attempt`) and the expert's answer once asked
    (:meth:`answer`, which sets ``shown``). Every word comes from the decision's one analysis,
    made from what the seat could see."""

    def __init__(self, decision: Decision, before: GameState | None):
        if decision.analysis is None or decision.position is None:
            raise ValueError("a puzzle needs a reviewed decision, with its analysis and position")
        self.decision, self.before = decision, before
        self.position: GameState = decision.position
        self.seat: int = decision.analysis.seat
        self.words: Callable[[Any], str] = lambda action: move_words(self.position.setup.game, action)
        self.tried: list[Verdict] = []
        self.shown = False

    @property
    def analysis(self) -> Analysis:
        return self.decision.analysis

    def prompt(self) -> str:
        """What the puzzle asks, in the learner's words."""
        decision = self.decision
        marked = f", marked {'an' if decision.mark[:1] in 'aeiou' else 'a'} {decision.mark}" if decision.mark else ""
        return (f"Decision {decision.number} of {decision.of} ({decision.where}): your move here was "
                f"{self.words(decision.played)}{marked}. Find a better move.")

    def attempt(self, action: Any) -> Verdict:
        """The verdict on ``action`` (a legal move here, or its text): found (as good as the
        expert's choice, within what the imagined deals can tell apart), better than the move
        played, or not, and why, without naming the expert's choice."""
        legal = self.position.legal_actions()
        chosen = next((move for move in legal if move == action or str(move) == str(action)), None)
        if chosen is None:
            raise ValueError(f"{action} is not a legal move here; the legal moves are "
                             f"{', '.join(self.words(move) for move in legal)}")
        verdict = self._verdict(chosen)
        self.tried.append(verdict)
        return verdict

    def _verdict(self, chosen: Any) -> Verdict:
        found, played = self.analysis, self.decision.played
        best, mine = found.best, found.value_of(chosen)
        said = self.words(chosen)
        chance = f"{found.winning} {chance_words(mine.chance)} after it"
        if chosen == best.action:
            return Verdict(chosen, True, True, f"Yes: {said} is the expert's choice: {_reason(best.why)}")
        if not is_clear(found.gap(best.action, chosen)):
            return Verdict(chosen, True, True, f"Well found: {said} is about as good as the expert's choice, as far "
                                               f"as the imagined deals can tell: {chance}.")
        if chosen == played or str(chosen) == str(played):
            return Verdict(chosen, False, False, f"That is the move you played: {chance}. Try another.")
        named = self.words(played)
        theirs = found.value_of(played)
        after_played = f"{chance_words(theirs.chance, short=True)} after {named}"
        ahead, behind = found.gap(chosen, played), found.gap(played, chosen)
        if is_clear(ahead):
            points = points_words(ahead.points, named, ahead.points_noise)
            return Verdict(chosen, False, True, f"Better than the move you played, but not the best: {chance}, "
                                                f"{after_played}; {points}. Try again.")
        if is_clear(behind):
            return Verdict(chosen, False, False, f"Worse than the move you played: {chance}, {after_played}; "
                                                 f"{points_words(-behind.points, named, behind.points_noise)}. "
                                                 "Try again.")
        return Verdict(chosen, False, False, f"About as good as the move you played, as far as the imagined deals can "
                                             f"tell, and not the best: {chance}, {after_played}. Try again.")

    def answer(self) -> str:
        """The expert's choice and why (marks the answer as ``shown``)."""
        self.shown = True
        best = self.analysis.best
        return f"The expert's choice is {self.words(best.action)}: {_reason(best.why)}"


def _reason(why: str) -> str:
    """A move's reason after the words "is the expert's choice:" (which its own begin with)."""
    return why.strip().removeprefix("the expert's choice: ")


@dataclass
class GameAnalysis:
    """A game analysed for one ``seat`` (see the module docstring): ``states`` from the first to
    the last, ``moves`` (one :class:`MoveEntry` per move), ``chances`` (one per state, None where
    the game asks no question yet) and the seat's ``review``. ``full_view`` says whether the
    chances were worked out from every hand (the game being over)."""

    seat: int
    states: list[GameState]
    moves: list[MoveEntry]
    chances: list[Odds | None]
    review: Review
    full_view: bool
    budget: int | None
    seed: int
    coach: Coach = field(default_factory=Coach, repr=False)
    _others: dict[int, Review] = field(default_factory=dict, repr=False)

    @property
    def game(self) -> str:
        return self.states[0].setup.game

    @property
    def is_over(self) -> bool:
        return self.states[-1].is_over

    def decisions(self) -> list[MoveEntry]:
        """The moves that were the seat's decisions (a choice of two moves or more)."""
        return [move for move in self.moves if move.decision is not None]

    def puzzles(self) -> list[Puzzle]:
        """The seat's marked decisions as puzzles, the costliest first (the drop in the chance to
        win, then the points lost)."""
        marked = [move for move in self.decisions() if move.decision.mark]
        marked.sort(key=lambda move: (-move.decision.drop, -move.decision.loss, move.decision.number))
        return [Puzzle(move.decision, self.states[move.number - 2] if move.number > 1 else None) for move in marked]

    def review_of(self, seat: int, progress: Callable[[int, int], Any] | None = None) -> Review:
        """The review of any seat's decisions, with the same budget (the seat's own is
        ``review``); another seat's only once the game is over, since its decisions show its cards.
        ``progress(done, of)`` as :func:`~plateau_lab.lab.review.review`'s."""
        seat = check_seat(seat, self.states[0].players)
        if seat == self.seat:
            return self.review
        if not self.is_over:
            raise ValueError("another player's decisions are reviewed only once the game is over: they show his cards")
        if seat not in self._others:
            budget = review_playouts(self.states, seat) if self.budget is None else self.budget
            self._others[seat] = review(self.states, seat, budget, seed=self.seed, progress=progress, coach=self.coach)
        return self._others[seat]

    def ask_expert(self, index: int, budget: int | None = None) -> Analysis:
        """The expert's view of every legal move in the position ``states[index]``, from the player
        to move's view (the seat's own analysis when it is one of its decisions), with the review's
        budget (at least 8 playouts per legal move). Another player's position only once the game
        is over."""
        index = check_whole(index, name="position", low=0, high=len(self.states) - 1)
        if index < len(self.moves) and self.moves[index].decision is not None:
            return self.moves[index].decision.analysis
        state = self.states[index]
        if state.current_player is None:
            raise ValueError("the game is over here: there is no move to analyse")
        if state.current_player != self.seat and not self.is_over:
            raise ValueError("another player's moves are analysed only once the game is over: they show his cards")
        budget = (review_playouts(self.states, self.seat) if self.budget is None else self.budget) \
            if budget is None else budget
        return self.coach.analysis(state, state.current_player, review_budget(state, budget), seed=self.seed)


def states_of(game: GameState | Sequence[GameState] | str | bytes) -> list[GameState]:
    """The states of a game: from its last state, a list of its states, or a save's text."""
    if isinstance(game, (str, bytes)):
        game = load_json(game)
    states = game.states() if isinstance(game, GameState) else list(game)
    if not states or not all(isinstance(state, GameState) for state in states):
        raise TypeError("a game is its last state, the list of its states or the text of a save")
    for before, after in zip(states, states[1:]):
        if after.history[:-1] != before.history or len(after.history) != len(before.history) + 1:
            raise ValueError("the states are not one game in order, one move apart")
    return states


def analyse_game(game: GameState | Sequence[GameState] | str | bytes, seat: int, *, budget: int | None = None,
                 seed: int = 0, graph_playouts: int = GRAPH_PLAYOUTS, coach: Coach | None = None,
                 progress: Callable[[int, int], Any] | None = None, reviewed: Review | None = None) -> GameAnalysis:
    """Analyse ``game`` (its last state, its states or a save's text) for ``seat``: the chances
    at every position and the review of the seat's decisions (see the module docstring), or
    ``reviewed``, that review already made with the same budget and seed (the play table's).
    ``budget``: the review's playouts per decision (None: the play table's,
    :func:`~plateau_lab.lab.coach.review_playouts`); ``coach``: where each position's analysis is
    read from, or made and kept (the play table's :class:`~plateau_lab.lab.coach.Coach`, so that
    a hint, the review and the board say the same of one position)."""
    states = states_of(game)
    seat = check_seat(seat, states[0].players)
    coach = Coach() if coach is None else coach
    per_decision = review_playouts(states, seat, REVIEW_PLAYOUTS) if budget is None else \
        check_whole(budget, name="budget", low=1, high=100_000)
    check_whole(graph_playouts, name="graph_playouts", low=1, high=10_000)
    check_whole(seed, name="seed", low=0)
    full_view = states[-1].is_over
    choices = sum(1 for state in states[:-1] if state.current_player == seat and len(state.legal_actions()) >= 2)
    total = len(states) + choices
    report = progress or (lambda done, of: None)
    report(0, total)
    model = model_of(states[0])          # after the first report: the first use of a game's model loads it
    each = min(graph_playouts, max(FEWEST_GRAPH_PLAYOUTS, GRAPH_PLAYOUTS_IN_ALL // len(states)))
    worked = _graph_positions(states, model, full_view)
    chances: list[Odds | None] = []
    for index, state in enumerate(states):
        chances.append(_chances(state, model, None if full_view else seat, each,
                                seeded_random(seed, "game analysis", index)) if index in worked else None)
        report(index + 1, total)
    chances = _read_between(chances, worked)
    if reviewed is not None and (reviewed.seat != seat or len(reviewed.decisions) != choices):
        raise ValueError(f"the review given is not of player {seat}'s {choices} decisions in this game")
    checked = reviewed or review(states, seat, per_decision, seed=seed, coach=coach,
                                 progress=lambda done, of: report(len(states) + done, total))
    if reviewed is not None:
        report(total, total)
    by_number = {decision.move_number: decision for decision in checked.decisions}
    game_name = states[0].setup.game
    moves = []
    for number, (before, after) in enumerate(zip(states, states[1:]), start=1):
        action = after.history[-1]
        said = move_words(game_name, action) if full_view or before.current_player == seat else _logged(before, after)
        moves.append(MoveEntry(number, before, after, before.current_player, action, said, chances[number],
                               by_number.get(number)))
    return GameAnalysis(seat, states, moves, chances, checked, full_view, budget, seed, coach)


def _graph_positions(states: Sequence[GameState], model: GameModel, full_view: bool) -> set[int]:
    """The positions whose chances are worked out: all of them, but in a game longer than
    :data:`GRAPH_POSITIONS` whose question is who wins the game, seen from every hand on the fast
    path, only every few positions (evenly spread, the last always), the chances in between read
    along a straight line (:func:`_read_between`): who wins a whole game changes little from one
    card to the next.

    >>> from plateau_lab.core import game_spec
    >>> from plateau_lab.core.imagining import model_of
    >>> game = game_spec("plotters").new_game(4, seed=1)
    >>> states = [game] * 250
    >>> sorted(_graph_positions(states, model_of(game), True))[:4], len(_graph_positions(states, model_of(game), False))
    ([0, 3, 6, 9], 250)
    """
    last = len(states) - 1
    if not full_view or len(states) <= GRAPH_POSITIONS or not _on_fast_path(states[0], model):
        return set(range(len(states)))
    stride = -(-len(states) // GRAPH_POSITIONS)
    return set(range(0, last, stride)) | {last}


def _read_between(chances: list[Odds | None], worked: set[int]) -> list[Odds | None]:
    """The chances with each position not worked out (None) read along a straight line between the
    nearest positions worked out before and after it (chances, their intervals and playouts)."""
    known = sorted(worked)
    filled = list(chances)
    for left, right in zip(known, known[1:]):
        before, after = chances[left], chances[right]
        if before is None or after is None or before.labels != after.labels:
            continue
        for index in range(left + 1, right):
            share = (index - left) / (right - left)
            filled[index] = Odds(before.question, before.labels, _on_line(before.chances, after.chances, share),
                                 _on_line(before.lows, after.lows, share), _on_line(before.highs, after.highs, share),
                                 min(before.playouts, after.playouts))
    return filled


def _on_line(start: Sequence[float], end: Sequence[float], share: float) -> tuple[float, ...]:
    """The figures ``share`` of the way from ``start`` to ``end``.

    >>> _on_line((0.2, 1.0), (0.6, 0.0), 0.5)
    (0.4, 0.5)
    """
    return tuple(a + (b - a) * share for a, b in zip(start, end))


def _logged(before: GameState, after: GameState) -> str:
    """What the log said of a move (public), for a seat that may not know the move itself."""
    said = after.log[len(before.log):]
    return " ".join(said) if said else f"player {before.current_player} moved"


def _on_fast_path(state: GameState, model: GameModel) -> bool:
    """Whether the chances from the cards as they lie run on the game's fast path: the question
    is who wins the game (the model's own odds), and the game has one."""
    return (game_spec(state.setup.game).fast is not None and type(model).odds is GameModel.odds
            and type(model).odds_done is GameModel.odds_done)


def _chances(state: GameState, model: GameModel, seat: int | None, playouts: int, rng: random.Random) -> Odds | None:
    """The chances at ``state``: as ``seat`` sees it, or from the cards as they lie (None): on the
    game's fast path when the question is who wins the game, else :func:`odds`."""
    counted = _fast_odds(state, model, seat, playouts, rng)
    if counted is not None:
        question, labels, counts = counted
        return _odds_of(question, labels, counts, playouts)
    if seat is not None or not _on_fast_path(state, model) or state.is_over:
        return odds(state, seat, playouts, seed=rng.getrandbits(32))
    fast = game_spec(state.setup.game).fast_module()
    wins = [0] * state.players
    for _ in range(playouts):
        world = state.derive(setup=fresh_setup(state, rng))
        scores = fast.play_on(world, [rng.getrandbits(32) for _ in range(state.players)]).scores
        for player, score in enumerate(scores):
            wins[player] += score == max(scores)
    return _odds_of("wins the game", tuple(f"player {player}" for player in range(state.players)), wins, playouts)


def _fast_odds(state: GameState, model: GameModel, seat: int | None, playouts: int,
               rng: random.Random) -> tuple[str, tuple[str, ...], tuple[int, ...]] | None:
    """The counts behind the chances from the cards as they lie on the game's fast path, for a
    game whose own question has one there (the model's ``fast_odds``: Wimmüln's card play); else None."""
    fast_odds = getattr(model, "fast_odds", None)
    if seat is not None or fast_odds is None or state.is_over:
        return None
    return fast_odds(state, playouts, rng)


def _odds_of(question: str, labels: tuple[str, ...], counts: Sequence[int], playouts: int) -> Odds:
    """The chances from how many of ``playouts`` continuations each label came true in."""
    intervals = [wilson_interval(count, playouts) for count in counts]
    return Odds(question, labels, tuple(count / playouts for count in counts), tuple(low for low, _ in intervals),
                tuple(high for _, high in intervals), playouts)
