"""The expert: a search bot for every game, and the analysis, reviews and odds built on it.

**How it decides.** A player of a card game does not see the others' cards. The expert looks at
the game only as its seat sees it (``state.observation(seat)``, now and at every earlier step of
the game: what a player at the table remembers) and then, many times over:

1. deals the cards it cannot see at random among the places they may be, consistently with
   everything it has seen (its hand, the cards played, the face-up cards, how many cards every
   player holds; a trick game's cards already played are never dealt again), and
2. plays each of its legal moves in that imagined deal, followed by moves of everyone to a
   horizon (the end of the round or hand; six turns in The Syndicate), and notes the outcome
   (see :class:`plateau_lab.core.imagining.GameModel`; each game's model is ``MODEL`` in its
   ``expert_model`` module). The heuristic bots play the moves after its own (random rows make random collections; random tricks
   hand out cards no player would give away, and say nothing of how many tricks a hand takes),
   except in Le Plateau's card play, where they are random (its bidding, exchange, call and raise
   are the heuristic bot's: random bids are absurd). Every game's fast path can start from any
   position (Le Plateau's from its card play), and the playouts run there, several times faster
   than on the public engine.

The move with the best average outcome is chosen (determinized Monte Carlo search: Cowling,
Powley & Whitehouse 2012 call it "perfect information Monte Carlo"). Moves that fall clearly
behind are dropped half-way (successive halving), so the playouts go to the moves that matter.
Every move is compared on the same imagined deals, which makes the comparison fairer. Where the
playouts are too noisy to overrule a sound move (The Syndicate, whose six turns ahead decide
little of the game), the expert keeps the heuristic bot's move unless it finds one clearly better
(``guided``, see :class:`ExpertBot`).

The budget is a number of playouts (``playouts``; by default about a second of thinking on one
core, each game model's ``playouts``) or a time limit in seconds (``seconds``). The same seed gives
the same choice: the bot draws from its own generator, seeded per decision.

>>> from plateau_lab.games import syndicate
>>> state = syndicate.new_game(3, seed=4)
>>> bot = ExpertBot(seed=1, playouts=30)
>>> move = bot.choose(state)
>>> move in state.legal_actions(), move == ExpertBot(seed=1, playouts=30).choose(state)
(True, True)

**Analysis.** :func:`analyse` gives, for every legal move of a seat, the expected outcome with a
95 % interval and a sentence a learner can read; :func:`review` marks every decision of a
finished game with what it cost against the best move; :func:`odds` gives the chances the
StepViewer's odds bar shows.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import GameState, check_seat, count_of, check_whole, game_spec, seeded_random
from ..core.imagining import fresh_setup, model_of, playout, remembered_observations
from .stats import wilson_interval, z_value

__all__ = ["Analysis", "Decision", "ExpertBot", "MoveValue", "Odds", "Review", "analyse", "odds", "review",
           "review_budget"]

#: The most playouts one call may spend (a bound that keeps every call finite).
MAX_PLAYOUTS = 1_000_000


class _Tally:
    """Running mean and variance of one move's outcomes (Welford's method)."""

    __slots__ = ("count", "mean", "squares")

    def __init__(self):
        self.count, self.mean, self.squares = 0, 0.0, 0.0

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.squares += delta * (value - self.mean)

    def half_width(self, z: float) -> float:
        if self.count < 2:
            return math.inf
        return z * math.sqrt(self.squares / (self.count - 1) / self.count)


@dataclass(frozen=True)
class MoveValue:
    """One legal move as the expert sees it: its expected outcome (``mean``) with a 95 % interval
    (``low``, ``high``), the playouts behind it and a sentence of reason."""

    action: Any
    mean: float
    low: float
    high: float
    playouts: int
    reason: str

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Analysis:
    """Every legal move of ``seat`` with its expected outcome, the best first.

    ``measure`` says what the numbers mean ("points this round", …). ``str()`` gives one line
    per move, in words.
    """

    seat: int
    measure: str
    moves: tuple[MoveValue, ...]

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value_of(self, action: Any) -> MoveValue:
        """The analysis of one of the moves (an action or its text)."""
        for move in self.moves:
            if move.action == action or str(move.action) == str(action):
                return move
        raise ValueError(f"{action} is not one of the moves analysed; they are "
                         f"{', '.join(str(move.action) for move in self.moves)}")

    def __str__(self) -> str:
        return "\n".join(move.reason for move in self.moves)


def _amount(value: float) -> str:
    """Points as a learner reads them: "3.4 points", "1 point", "-2 points"."""
    rounded = round(value, 1)
    if rounded == int(rounded):
        whole = int(rounded)
        return f"{whole} point" if abs(whole) == 1 else f"{whole} points"
    return f"{rounded:.1f} points"


def _reasons(actions: Sequence[Any], tallies: Sequence[_Tally], measure: str,
             words: Callable[[Any], str]) -> list[MoveValue]:
    """Each move's value and its sentence, a move named in the learner's ``words``."""
    z = z_value(0.95)
    order = sorted(range(len(actions)), key=lambda index: (-tallies[index].count, -tallies[index].mean, index))
    best = order[0]
    values = []
    for index in order:
        tally, action = tallies[index], actions[index]
        half = tally.half_width(z)
        low, high = tally.mean - half, tally.mean + half
        expected = _amount(tally.mean)
        if math.isinf(half):
            around = f"from {count_of(tally.count, 'playout')} only"
        elif _amount(low) == _amount(high):
            around = f"the same in all {tally.count} playouts"
        else:
            around = f"likely between {_amount(low)} and {_amount(high)}"
        if len(actions) == 1:
            verdict = "it is the only legal move"
        elif index == best:
            verdict = "the best move found"
        else:
            loss = tallies[best].mean - tally.mean
            if loss <= tallies[best].half_width(z) + half and tally.count == tallies[best].count:
                verdict = f"about as good as {words(actions[best])}"
            elif tally.count < tallies[best].count:
                verdict = f"dropped early: clearly worse than {words(actions[best])}"
            else:
                verdict = f"{_amount(loss)} worse than {words(actions[best])}"
        reason = f"{words(action)}: {expected} expected ({measure}), {around}; {verdict}."
        values.append(MoveValue(action, tally.mean, low, high, tally.count, reason))
    return values


def _budget(state: GameState, playouts: int | None, seconds: float | None) -> tuple[int, float | None]:
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 3600:
            raise ValueError(f"seconds must be a number of seconds above 0 and at most 3600, not {seconds!r}")
        return MAX_PLAYOUTS, float(seconds)
    if playouts is None:
        return model_of(state).playouts_at(state), None
    return check_whole(playouts, name="playouts", low=1, high=MAX_PLAYOUTS), None


def _search(state: GameState, seat: int, seen: Sequence[dict[str, Any]], rng: random.Random, playouts: int,
            seconds: float | None, halving: bool, keep: Any = None) -> Analysis:
    """Determinized Monte Carlo from ``seat``'s point of view; see the module docstring. With
    ``halving``, the worse half of the moves is dropped after each stage, but never ``keep``."""
    model = model_of(state)
    actions = state.legal_actions()
    tallies = [_Tally() for _ in actions]
    if len(actions) == 1:
        return Analysis(seat, model.measure, tuple(_reasons(actions, tallies, model.measure, game_spec(state.setup.game).words)))
    alive = list(range(len(actions)))
    stages = max(1, math.ceil(math.log2(len(actions)))) if halving else 1
    started = time.perf_counter()
    spent = 0
    for stage in range(stages):
        # every stage gets an equal share of the budget (playouts or time), spread over the moves alive
        deals = max(1, (playouts // stages) // len(alive))
        stage_ends = None if seconds is None else started + seconds * (stage + 1) / stages
        dealt = 0
        while dealt < deals if stage_ends is None else (dealt < 2 or time.perf_counter() < stage_ends):
            world = model.redeal(state, seat, seen, rng)
            playout_seed = rng.getrandbits(64)
            for index in alive:
                tallies[index].add(model.outcome(world, world.apply(actions[index]), seat, playout_seed))
                spent += 1
            dealt += 1
            if spent >= MAX_PLAYOUTS:
                break
        if stage < stages - 1:
            alive.sort(key=lambda index: -tallies[index].mean)
            kept = alive[:max(2, math.ceil(len(alive) / 2))]
            alive = sorted(set(kept) | {index for index in alive if actions[index] == keep})
    return Analysis(seat, model.measure, tuple(_reasons(actions, tallies, model.measure, game_spec(state.setup.game).words)))


# ---------------------------------------------------------------- the bot and the analysis


class ExpertBot:
    """The expert: picks the move with the best expected outcome, searching from what its seat
    sees (see the module docstring). ``playouts`` or ``seconds`` set the budget per decision
    (default: the game model's ``playouts``); the same seed gives the same choices.

    ``guided``: keep the move of the game's heuristic bot (which reads only its observation too)
    unless the search finds a move clearly better, one whose whole 95 % interval lies above the
    heuristic move's expected outcome. A few hundred playouts on the public engine can be misled
    by chance; the guide keeps the expert from trading a sound move for a lucky-looking one. By
    default (None) each game's choice, :attr:`~plateau_lab.core.imagining.GameModel.guided`: guided where the playouts can
    mislead (few of them, or random play standing for the others), free where they are many and
    played as the others would.
    """

    def __init__(self, seed: int = 0, *, playouts: int | None = None, seconds: float | None = None,
                 guided: bool | None = None):
        self.seed = check_whole(seed, name="seed", low=0)
        if playouts is not None:
            check_whole(playouts, name="playouts", low=1, high=MAX_PLAYOUTS)
        if guided is not None and not isinstance(guided, bool):
            raise TypeError(f"guided must be true, false or None (the game's choice), not {guided!r}")
        self.playouts, self.seconds, self.guided = playouts, seconds, guided

    def choose(self, state: GameState):
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        guided = None
        if model_of(state).guided_at(state) if self.guided is None else self.guided:
            guide_seed = seeded_random(self.seed, "guide", len(state.history)).getrandbits(32)
            guided = game_spec(state.setup.game).bot("heuristic", guide_seed).choose(state)
        found = self.analysis(state, remembered_observations(state, seat), keep=guided)
        if guided is None or found.best.action == guided or found.best.low > found.value_of(guided).mean:
            return found.best.action
        return guided

    def analysis(self, state: GameState, seen: Sequence[dict[str, Any]], keep: Any = None) -> Analysis:
        """The search behind :meth:`choose`, from the observations ``seen`` (the current one last),
        never dropping the move ``keep``."""
        playouts, seconds = _budget(state, self.playouts, self.seconds)
        rng = seeded_random(self.seed, "expert", len(seen))
        return _search(state, state.current_player, seen, rng, playouts, seconds, halving=True, keep=keep)

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"playouts={self.playouts}"
        return f"ExpertBot(seed={self.seed}, {budget}, guided={self.guided})"


def analyse(state: GameState, seat: int, budget: int | None = None, *, seed: int = 0,
            seconds: float | None = None) -> Analysis:
    """Every legal move of ``seat`` (who must be to move) with its expected outcome, a 95 %
    interval and a sentence of reason, from what ``seat`` sees. ``budget`` is the number of
    playouts (shared equally by the moves; default: the game model's ``playouts``).

    >>> from plateau_lab.games import syndicate
    >>> state = syndicate.new_game(3, seed=4)
    >>> state = state.apply(state.legal_actions()[0])
    >>> analysis = analyse(state, 1, 60)
    >>> sorted(str(move.action) for move in analysis.moves) == sorted(map(str, state.legal_actions()))
    True
    >>> analysis.best.reason.startswith(str(analysis.best.action) + ":")
    True
    >>> all(move.low <= move.mean <= move.high for move in analysis.moves)
    True
    """
    model_of(state)
    seat = check_seat(seat, state.players)
    if state.current_player != seat:
        raise ValueError(f"player {seat} is not to move; player {state.current_player} is"
                         if state.current_player is not None else "the game is over: there is no move to analyse")
    playouts, seconds = _budget(state, budget, seconds)
    rng = seeded_random(check_whole(seed, name="seed", low=0), "analyse", len(state.history))
    return _search(state, seat, remembered_observations(state, seat), rng, playouts, seconds, halving=False)


# ---------------------------------------------------------------- reviewing a finished game


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: the move number (1 for the game's first move), the move
    played, the best move found, what the played move cost against it and a sentence saying so."""

    move_number: int
    played: Any
    best: Any
    loss: float
    sentence: str

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True)
class Review:
    """Every decision of ``seat`` that had a choice, and the three costliest (``mistakes``)."""

    seat: int
    measure: str
    decisions: tuple[Decision, ...]

    @property
    def mistakes(self) -> tuple[Decision, ...]:
        """The three decisions that cost the most (fewer when fewer cost anything), costliest first."""
        costly = [decision for decision in self.decisions if decision.loss > 0]
        return tuple(sorted(costly, key=lambda decision: (-decision.loss, decision.move_number))[:3])

    def __str__(self) -> str:
        if not self.mistakes:
            return f"Player {self.seat} made {len(self.decisions)} decisions; none cost anything the expert could measure."
        lines = [f"Player {self.seat}'s three costliest decisions of {len(self.decisions)}:"]
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


def review(game: GameState | Sequence[GameState], seat: int, budget: int | None = None, *, seed: int = 0) -> Review:
    """Mark every decision ``seat`` made in ``game`` (its final state, or the list of its states)
    with its loss against the best move the expert finds there, ``budget`` playouts per decision
    but never fewer than :data:`REVIEW_PLAYOUTS_PER_MOVE` per legal move (a Wimmüln cross has a
    hundred choices: one playout each would name a lucky one).

    >>> from plateau_lab.core.bots import RandomBot
    >>> from plateau_lab.core import play_out
    >>> from plateau_lab.games import coloretto
    >>> start = coloretto.new_game(2, seed=3)
    >>> game = start
    >>> for _ in range(6):
    ...     game = game.apply(RandomBot(len(game.history)).choose(game))
    >>> result = review(game, 0, 20)
    >>> all(decision.loss >= 0 for decision in result.decisions), len(result.mistakes) <= 3
    (True, True)
    """
    states = list(game.states()) if isinstance(game, GameState) else list(game)
    if not states or not all(isinstance(state, GameState) for state in states):
        raise TypeError("review reads a game: its last state, or the list of its states")
    seat = check_seat(seat, states[0].players)
    measure = model_of(states[0]).measure
    words = game_spec(states[0].setup.game).words
    decisions = []
    for before, after in zip(states, states[1:]):
        if before.current_player != seat or len(before.legal_actions()) < 2:
            continue
        played = after.history[-1]
        found = analyse(before, seat, review_budget(before, budget), seed=seed)
        best, mine = found.best, found.value_of(played)
        loss = max(0.0, best.mean - mine.mean)
        number = len(before.history) + 1
        if mine.action == best.action or loss == 0:
            sentence = (f"Move {number}: {words(played)} was the best move found ({_amount(mine.mean)} expected, "
                        f"{measure}).")
        else:
            sentence = (f"Move {number}: {words(played)} cost about {_amount(loss)} ({measure}): "
                        f"{words(best.action)} was better ({_amount(best.mean)} expected against "
                        f"{_amount(mine.mean)}).")
        decisions.append(Decision(number, played, best.action, loss, sentence))
    return Review(seat, measure, tuple(decisions))


# ---------------------------------------------------------------- live odds


@dataclass(frozen=True)
class Odds:
    """The odds bar: for each label ("player 2", "declarers"), the chance that it ``question``
    ("wins the game", "hits the estimate", "the declarers make the contract") with a 95 % Wilson
    interval, from ``playouts`` random continuations."""

    question: str
    labels: tuple[str, ...]
    chances: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]
    playouts: int

    def __str__(self) -> str:
        return "\n".join(f"{label if label != 'declarers' else 'The declarers'}: "
                         f"{chance:.0%} (likely {low:.0%} to {high:.0%})"
                         f"{'' if label == 'declarers' else ' ' + self.question}"
                         for label, chance, low, high in zip(self.labels, self.chances, self.lows, self.highs))


def odds(state: GameState, seat: int | None = None, playouts: int = 200, *, seed: int = 0) -> Odds | None:
    """The chances the StepViewer's odds bar shows after a step: in Le Plateau, that the declarers
    make the contract (None before there is one); in Wimmüln, that each player hits the estimate
    (None before the crosses are laid); in the other games, that each player wins. ``seat``: as
    that seat sees the game (the cards it cannot see dealt at random); None: from the cards as
    they lie, for a viewer who sees every hand. The play that follows is random.

    >>> from plateau_lab.games import coloretto
    >>> bar = odds(coloretto.new_game(3, seed=1), playouts=30)
    >>> bar.question, len(bar.chances), all(low <= chance <= high for chance, low, high in
    ...                                      zip(bar.chances, bar.lows, bar.highs))
    ('wins the game', 3, True)
    """
    model = model_of(state)
    check_whole(playouts, name="playouts", low=1, high=MAX_PLAYOUTS)
    if seat is not None:
        seat = check_seat(seat, state.players)
        seen = remembered_observations(state, seat)
    rng = seeded_random(check_whole(seed, name="seed", low=0), "odds", len(state.history))
    question, labels, counts = None, (), None
    for _ in range(playouts):
        world = model.redeal(state, seat, seen, rng) if seat is not None else state.derive(
            setup=fresh_setup(state, rng))
        end = playout(world, rng, lambda now: model.odds_done(world, now))
        answer = model.odds(state, end)
        if answer is None:
            return None
        question, labels, outcomes = answer
        counts = [0] * len(labels) if counts is None else counts
        for index, came_true in enumerate(outcomes):
            counts[index] += came_true
    intervals = [wilson_interval(count, playouts) for count in counts]
    return Odds(question, labels, tuple(count / playouts for count in counts), tuple(low for low, _ in intervals),
                tuple(high for _, high in intervals), playouts)

