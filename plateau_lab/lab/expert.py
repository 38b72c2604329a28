"""The expert: a search bot for every game, and the analysis and odds built on it (the review of a
finished game, built on the analysis, is :mod:`plateau_lab.lab.review`).

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
95 % interval, the chance to win (the share of the imagined deals in which the seat wins, by the
game model's :meth:`~plateau_lab.core.imagining.GameModel.won`: comes out on top, hits the
estimate, its side wins the hand) and a sentence a learner can read: chances as "about 7 times
in 10", points only as a whole-number difference ("about 2 points more than …"; the one wording
of every comparison is :mod:`plateau_lab.lab.verdict`). :func:`plateau_lab.lab.review.review` marks
every decision of a finished game from one analysis each; :func:`odds` gives the chances the
StepViewer's odds bar shows.

**Reasons in the game's words.** Every move's sentence names the move as the table does, then says
what it does in the game's own terms, then gives its chances: "take row 1: takes two greens and a
+2: your greens go to 4; you lead at the end of this round about 6 times in 10 after it, …". The
game model says it (:meth:`~plateau_lab.core.imagining.GameModel.reason`, kept as
:attr:`MoveValue.says`), from what the seat sees and from facts the search counts on each imagined
deal (:meth:`~plateau_lab.core.imagining.GameModel.tally`: "no one after you can beat it about 8
times in 10", "your bid of 3 tricks is met about 6 times in 10 after it"); no game is named here.
"""

from __future__ import annotations

import math
import random
import time
from functools import partial
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import GameState, check_seat, check_whole, game_spec, seeded_random
from ..core.imagining import GameModel, chance_words, fresh_setup, model_of, playout, remembered_observations
from .stats import wilson_interval, z_value
from .verdict import comparison, lead_over, move_words, points_words

__all__ = ["Analysis", "ExpertBot", "Gap", "MoveValue", "Odds", "analyse", "chance_words", "odds", "points_words"]

#: The most playouts one call may spend (a bound that keeps every call finite).
MAX_PLAYOUTS = 1_000_000
#: A bounded search (``ExpertBot(bounded=True)``) tries at most this many moves per playout of its budget.
WIDEST = 4


class _Tally:
    """One move's outcomes and wins, deal by deal: every move alive is played on the same imagined
    deals in the same order, so two moves' lists pair up over their common first deals."""

    __slots__ = ("values", "wins", "mean", "squares", "facts")

    def __init__(self):
        self.values: list[float] = []
        self.wins: list[bool] = []
        self.mean, self.squares = 0.0, 0.0
        self.facts: list[int] = []          # how many deals each fact of the game model's tally came true in

    @property
    def count(self) -> int:
        return len(self.values)

    def add(self, value: float, won: bool, facts: Sequence[bool] = ()) -> None:
        self.values.append(value)
        self.wins.append(bool(won))
        if facts:
            if not self.facts:
                self.facts = [0] * len(facts)
            for place, fact in enumerate(facts):
                self.facts[place] += bool(fact)
        delta = value - self.mean                       # Welford's running mean and variance
        self.mean += delta / self.count
        self.squares += delta * (value - self.mean)

    def half_width(self, z: float) -> float:
        if self.count < 2:
            return math.inf
        return z * math.sqrt(self.squares / (self.count - 1) / self.count)

    @property
    def chance(self) -> float:
        return sum(self.wins) / self.count if self.count else math.nan

    @property
    def shares(self) -> tuple[float, ...]:
        """How often each counted fact came true, a share of the deals the move was tried on."""
        return tuple(count / self.count for count in self.facts) if self.count else ()


@dataclass(frozen=True)
class Gap:
    """How much better one move (``better``) did than another (``worse``) on the imagined deals
    both were tried on (``deals``): ``points`` more on average, with ``points_noise`` the half-width
    of its 95 % interval, and ``chance`` more of the playouts won (a share from 0 to 1).

    A gap is ``clear`` when chance alone could hardly make it: the points when their interval lies
    above 0; the chance by a sign test on the deals where one move won and the other did not (``b``
    deals for ``better``, ``c`` for ``worse``: clear when b - c > z·√(b + c + 1)). Within its
    noise, a gap is one the expert cannot tell apart from the luck of its imagined deals.

    The interval and the test hold for the gap among all the ``comparisons`` it is one of
    (Bonferroni: z is 1.96 for one, 2.69 for seven, 3.48 for 99): the expert's choice is the best
    of several noisy averages: of seven moves all alike, the one furthest behind the best looks
    clearly worse by a single comparison's 1.96 in 44 % of searches (independent normal averages,
    simulated), and a review would call it a mistake.
    """

    deals: int
    points: float
    points_noise: float
    chance: float
    chance_clear: bool

    @property
    def points_clear(self) -> bool:
        return self.points > self.points_noise

    @property
    def clear(self) -> bool:
        """Whether ``better`` is clearly better in points or in chance."""
        return self.points_clear or self.chance_clear


def comparisons_of(tallies: Sequence[Any]) -> int:
    """How many comparisons the expert's choice is one of: with each other move tried on as many
    deals as the most tried (at least one)."""
    most = max((tally.count for tally in tallies), default=0)
    return max(1, sum(1 for tally in tallies if tally.count == most) - 1)


def _gap(better: _Tally, worse: _Tally, comparisons: int = 1) -> Gap:
    """The gap between two moves' tallies, over their common first deals, as one of
    ``comparisons`` (see :class:`Gap`)."""
    deals = min(better.count, worse.count)
    z = z_value(1 - 0.05 / comparisons)
    differences = [a - b for a, b in zip(better.values[:deals], worse.values[:deals])]
    mean = sum(differences) / deals if deals else 0.0
    if deals < 2:
        noise = math.inf
    else:
        variance = sum((difference - mean) ** 2 for difference in differences) / (deals - 1)
        noise = z * math.sqrt(variance / deals)
    only_better = sum(1 for a, b in zip(better.wins[:deals], worse.wins[:deals]) if a and not b)
    only_worse = sum(1 for a, b in zip(better.wins[:deals], worse.wins[:deals]) if b and not a)
    chance = (only_better - only_worse) / deals if deals else 0.0
    return Gap(deals, mean, noise, chance, only_better - only_worse > z * math.sqrt(only_better + only_worse + 1))


@dataclass(frozen=True)
class MoveValue:
    """One legal move as the expert sees it: its expected outcome (``mean``) with a 95 % interval
    (``low``, ``high``), the playouts behind it, a sentence of reason beginning with the move's
    name (``reason``; ``why`` is the same without the name), the share of those playouts the
    seat won (``chance``, see :meth:`plateau_lab.core.imagining.GameModel.won`) with its 95 % Wilson
    interval (``chance_low``, ``chance_high``), and what the move does in the game's own terms
    (``says``, from :meth:`plateau_lab.core.imagining.GameModel.reason`: "takes row 2: two greens
    and a +2; your greens go to 4"; "" when the game has nothing to add), which ``why`` begins with."""

    action: Any
    mean: float
    low: float
    high: float
    playouts: int
    reason: str
    chance: float = math.nan
    chance_low: float = 0.0
    chance_high: float = 1.0
    why: str = ""
    says: str = ""

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Analysis:
    """Every legal move of ``seat`` with its expected outcome and its chance to win, the best first
    (the best expected outcome among the moves tried on every imagined deal).

    ``measure`` says what the points mean ("points this hand", …), ``winning`` what the chance is
    of ("you hit your estimate", …). ``str()`` gives one line per move, in words. :meth:`gap`
    compares two moves on the deals both were tried on.
    """

    seat: int
    measure: str
    moves: tuple[MoveValue, ...]
    winning: str = "you come out on top"
    tallies: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    @property
    def best(self) -> MoveValue:
        return self.moves[0]

    def value_of(self, action: Any) -> MoveValue:
        """The analysis of one of the moves (an action or its text)."""
        return self.moves[self._index(action)]

    def _index(self, action: Any) -> int:
        for index, move in enumerate(self.moves):
            if move.action == action or str(move.action) == str(action):
                return index
        raise ValueError(f"{action} is not one of the moves analysed; they are "
                         f"{', '.join(str(move.action) for move in self.moves)}")

    def gap(self, better: Any, worse: Any, comparisons: int | None = None) -> Gap:
        """How much better the move ``better`` did than ``worse`` (actions or their texts), as one
        of ``comparisons`` (None: of the comparisons of the best move with each other move tried on
        every deal, :func:`comparisons_of`)."""
        comparisons = comparisons_of(self.tallies) if comparisons is None else comparisons
        return _gap(self.tallies[self._index(better)], self.tallies[self._index(worse)], comparisons)

    def __str__(self) -> str:
        return "\n".join(move.reason for move in self.moves)


def _reasons(actions: Sequence[Any], tallies: Sequence[_Tally], measure: str, winning: str,
             words: Callable[[Any], str], says: Callable[[Any, Sequence[float]], str] = lambda action, shares: ""
             ) -> tuple[list[MoveValue], list[_Tally]]:
    """Each move's value and its sentence, a move named in the learner's ``words`` and said in the
    game's terms by ``says(action, shares)`` (see :meth:`GameModel.reason`), the best first; the
    tallies in the same order."""
    z = z_value(0.95)
    order = sorted(range(len(actions)), key=lambda index: (-tallies[index].count, -tallies[index].mean, index))
    said = [says(action, tally.shares) for action, tally in zip(actions, tallies)]
    values = []
    for place, index in enumerate(order):
        tally, action = tallies[index], actions[index]
        half = tally.half_width(z)
        wins = sum(tally.wins)
        chance_low, chance_high = wilson_interval(wins, tally.count)
        why = _why(place, order, actions, tallies, measure, winning, words, said)
        values.append(MoveValue(action, tally.mean, tally.mean - half, tally.mean + half, tally.count,
                                f"{words(action)}: {why}", tally.chance, chance_low, chance_high, why, said[index]))
    return values, [tallies[index] for index in order]


def _then(says: str, rest: str) -> str:
    """A move's reason in the game's terms (``says``, may be empty), then the rest of its sentence."""
    return f"{says}; {rest}" if says else rest


def _why(place: int, order: Sequence[int], actions: Sequence[Any], tallies: Sequence[_Tally], measure: str,
         winning: str, words: Callable[[Any], str], said: Sequence[str] = ()) -> str:
    """The sentence of reason for the move at ``place`` of ``order`` (0: the best): the move in the
    game's terms (``said``, per move in the order of ``actions``), then its chances and points."""
    index, best = order[place], order[0]
    says = said[index] if said else ""
    if len(actions) == 1:
        return f"the only legal move: {says}." if says else "the only legal move."
    tally = tallies[index]
    if tally.count == 0:
        return _then(says, "not tried.")
    if place == 0:
        other = order[1]
        if tallies[other].count < tally.count:       # every other move was set aside early
            return "the expert's choice: " + _then(says, (
                f"{winning} {chance_words(tally.chance)} after it; the other moves were clearly worse and set aside "
                "early."))
        return "the expert's choice: " + _then(says, lead_over(
            _gap(tally, tallies[other], comparisons_of(tallies)), tally.chance, tallies[other].chance,
            words(actions[other]), winning) + ".")
    named = words(actions[best])
    if tally.count < tallies[best].count:
        return _then(says, f"clearly worse than {named}, so the expert stopped trying it early: {winning} "
                           f"{chance_words(tally.chance)} after it in the imagined deals it was tried in.")
    return _then(says, comparison(_gap(tallies[best], tally, comparisons_of(tallies)), tally.chance,
                                  tallies[best].chance, named, winning) + ".")


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
    return _analysis(state, seat, *_tallied(state, seat, seen, rng, playouts, seconds, halving, keep))


def _tallied(state: GameState, seat: int, seen: Sequence[dict[str, Any]], rng: random.Random, playouts: int,
             seconds: float | None, halving: bool, keep: Any = None, bounded: bool = False
             ) -> tuple[list[Any], list[_Tally]]:
    """:func:`_search`'s legal moves and their tallies, without the sentences (a bot reads none).
    ``bounded``: spend at most ``playouts`` playouts, or one per legal move when there are more
    moves (every stage of the halving otherwise tries every move alive at least once); where there
    are more than :data:`WIDEST` times ``playouts`` moves, try that many: ``keep`` and others drawn
    at random."""
    model = model_of(state)
    actions = state.legal_actions()
    tallies = [_Tally() for _ in actions]
    if len(actions) == 1:
        return actions, tallies
    most = min(MAX_PLAYOUTS, max(playouts, len(actions))) if bounded else MAX_PLAYOUTS
    alive = list(range(len(actions)))
    if bounded and len(actions) > WIDEST * playouts:
        kept = [index for index in alive if actions[index] == keep][:1]
        others = [index for index in alive if index not in kept]
        alive = sorted(kept + rng.sample(others, WIDEST * playouts - len(kept)))
        most = len(alive)
    stages = max(1, math.ceil(math.log2(len(alive)))) if halving else 1
    started = time.perf_counter()
    spent = 0
    for stage in range(stages):
        # every stage gets an equal share of the budget (playouts or time), spread over the moves alive
        deals = max(1, (playouts // stages) // len(alive))
        stage_ends = None if seconds is None else started + seconds * (stage + 1) / stages
        dealt = 0
        while dealt < deals if stage_ends is None else (dealt < 2 or time.perf_counter() < stage_ends):
            if spent + len(alive) > most:
                break
            world = model.redeal(state, seat, seen, rng)
            playout_seed = rng.getrandbits(64)
            own = world.legal_actions()     # the imagined deal's own moves, which its engine finds at once
            for index in alive:
                move = own[index] if index < len(own) and own[index] == actions[index] else actions[index]
                tallies[index].add(*model.judge(world, world.apply(move), seat, playout_seed))
                spent += 1
            dealt += 1
        if stage < stages - 1:
            alive.sort(key=lambda index: -tallies[index].mean)
            kept = alive[:max(2, math.ceil(len(alive) / 2))]
            alive = sorted(set(kept) | {index for index in alive if actions[index] == keep})
    return actions, tallies


def _analysis(state: GameState, seat: int, actions: Sequence[Any], tallies: Sequence[_Tally]) -> Analysis:
    model = model_of(state)
    values, ordered = _reasons(actions, tallies, model.measure, model.winning, partial(move_words, state.setup.game),
                               _says(model, state, seat))
    return Analysis(seat, model.measure, tuple(values), model.winning, tuple(ordered))


def _says(model: GameModel, state: GameState, seat: int) -> Callable[[Any, Sequence[float]], str]:
    """The game model's reason for a move (:meth:`GameModel.reason`), checked to be a clause."""
    def says(action: Any, shares: Sequence[float]) -> str:
        said = model.reason(state, seat, action, shares)
        if not isinstance(said, str):
            raise TypeError(f"the {state.setup.game} model's reason for {action} is not text: {said!r}")
        return said.strip().rstrip(".")
    return says


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

    ``bounded``: spend at most ``playouts`` playouts a decision, or one per legal move where there
    are more moves (the expert at a small budget, as the design lab's player who searches plays:
    unbounded, every stage of the halving tries every move still in the running at least once,
    about two playouts per legal move whatever the budget); where there are more than
    :data:`WIDEST` times ``playouts`` legal moves (a Wimmüln cross), it tries that many: the
    heuristic bot's move and others drawn at random.

    >>> ExpertBot(3, playouts=8, bounded=True)
    ExpertBot(seed=3, playouts=8, guided=None, bounded=True)
    """

    def __init__(self, seed: int = 0, *, playouts: int | None = None, seconds: float | None = None,
                 guided: bool | None = None, bounded: bool = False):
        self.seed = check_whole(seed, name="seed", low=0)
        if playouts is not None:
            check_whole(playouts, name="playouts", low=1, high=MAX_PLAYOUTS)
        if guided is not None and not isinstance(guided, bool):
            raise TypeError(f"guided must be true, false or None (the game's choice), not {guided!r}")
        if not isinstance(bounded, bool):
            raise TypeError(f"bounded must be true or false, not {bounded!r}")
        self.playouts, self.seconds, self.guided, self.bounded = playouts, seconds, guided, bounded
        self._memory: dict[int, tuple[GameState, list[dict[str, Any]]]] = {}

    def choose(self, state: GameState):
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        guiding = model_of(state).guided_at(state) if self.guided is None else self.guided
        wide = self.bounded and len(actions) > WIDEST * _budget(state, self.playouts, self.seconds)[0]
        guided = keep = None
        if guiding or wide:                 # the heuristic bot's move: a guide, or a sure candidate of a wide choice
            guide_seed = seeded_random(self.seed, "guide", len(state.history)).getrandbits(32)
            keep = game_spec(state.setup.game).bot("heuristic", guide_seed).choose(state)
            guided = keep if guiding else None
        actions, tallies = _tallied(state, seat, *self._search_from(state, self._remembered(state, seat)),
                                    halving=True, keep=keep, bounded=self.bounded)
        best = min(range(len(actions)), key=lambda index: (-tallies[index].count, -tallies[index].mean, index))
        if guided is None or actions[best] == guided:
            return actions[best]
        theirs = tallies[actions.index(guided)]
        return actions[best] if tallies[best].mean - tallies[best].half_width(z_value(0.95)) > theirs.mean else guided

    def analysis(self, state: GameState, seen: Sequence[dict[str, Any]], keep: Any = None) -> Analysis:
        """The search behind :meth:`choose`, from the observations ``seen`` (the current one last),
        never dropping the move ``keep``."""
        return _search(state, state.current_player, *self._search_from(state, seen), halving=True, keep=keep)

    def _search_from(self, state: GameState, seen: Sequence[dict[str, Any]]) -> tuple:
        """The search's arguments after the seat: what it saw, its generator and its budget."""
        playouts, seconds = _budget(state, self.playouts, self.seconds)
        return seen, seeded_random(self.seed, "expert", len(seen)), playouts, seconds

    def _remembered(self, state: GameState, seat: int) -> list[dict[str, Any]]:
        """What ``seat`` saw at every step to ``state`` (:func:`remembered_observations`), kept from
        this bot's last decision in the same game and carried on by the moves played since, instead
        of replaying the whole game at every decision (the same observations: the engine replays
        the same moves)."""
        last, seen = self._memory.get(seat, (None, None))
        done = 0 if last is None else len(last.history)
        if (last is None or state.setup.origin is not None or last.setup != state.setup
                or len(state.history) < done or state.history[:done] != last.history):
            seen = remembered_observations(state, seat)
        elif len(state.history) > done:
            seen, position = list(seen), last      # the same observations kept: a model may know them again
            for move in state.history[done:-1]:
                position = position.apply(move)
                seen.append(position.observation(seat))
            seen.append(state.observation(seat))
        self._memory[seat] = (state, seen)
        return seen

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"playouts={self.playouts}"
        return f"ExpertBot(seed={self.seed}, {budget}, guided={self.guided}{', bounded=True' if self.bounded else ''})"


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
    return _analyse(state, seat, budget, seed, seconds, remembered_observations(state, seat))


def _analyse(state: GameState, seat: int, budget: int | None, seed: int, seconds: float | None,
             seen: Sequence[dict[str, Any]]) -> Analysis:
    """:func:`analyse` from the observations ``seen`` (what ``seat`` saw at every step, the current
    one last), worked out by the caller."""
    playouts, seconds = _budget(state, budget, seconds)
    rng = seeded_random(check_whole(seed, name="seed", low=0), "analyse", len(state.history))
    return _search(state, seat, seen, rng, playouts, seconds, halving=False)


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

