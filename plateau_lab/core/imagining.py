"""What a seat remembers, and how a game imagines the cards it cannot see: the game model.

The expert (``plateau_lab.lab.expert``) searches a game it knows only through a
:class:`GameModel`: how to deal anew the cards a seat cannot see, consistently with everything
it has seen (``redeal``), how far a playout goes and what its outcome is. Each game declares its
model as ``MODEL`` in the module its registry entry names (``GameSpec.expert_model``), beside its
rules and bots; this module is what those models build on, so a game needs nothing of the lab.

>>> from plateau_lab.games import syndicate
>>> state = syndicate.new_game(3, seed=4)
>>> seen = remembered_observations(state, 0)
>>> len(seen), seen[-1]["hand"] == state.observation(0)["hand"]
(1, True)

**An imagined deal is a state like any other.** A model's ``redeal`` makes its state with
:func:`imagined`, which gives it a fresh seed and a small record of where it came from (the real
state and the seat), nothing more: the search makes thousands of them. Only when such a state is
asked for its past (``states()``) or its save (``to_json()``) does the record ask the model
(:meth:`GameModel.imagined_past`) to write the imagined deal as the game's scenario, at the start
of the game, hand or turn it belongs to, with the moves since; core replays them and checks that
they lead to the state, so a save of an imagined position loads as that position. A game whose
scenario cannot say it raises :class:`~plateau_lab.core.NotReplayable`, saying why.

>>> from plateau_lab.core import load_json
>>> world = model_for("syndicate").redeal(state, 0, seen, random.Random(1))
>>> world.states()[-1] == world, load_json(world.to_json()) == world
(True, True)
>>> remembered_observations(world, 0) == seen
True
"""

from __future__ import annotations

import importlib
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from . import GameState, NotReplayable, ParseError, Setup, game_spec

__all__ = ["GameModel", "Imagined", "MAX_PLAYOUT_MOVES", "cards_seen_this_round", "chance_words", "count_words",
           "fresh_setup", "imagined", "in_order", "model_for", "model_of", "nobody_beats", "past_of", "playout",
           "remembered_observations", "split_into", "trick_reason", "trick_stands"]

#: Whatever the randomness, a playout ends after this many moves.
MAX_PLAYOUT_MOVES = 5_000


def remembered_observations(state: GameState, seat: int) -> list[dict[str, Any]]:
    """What ``seat`` saw at every step of the game so far, the current step last.

    The earlier steps are replayed from the game's start; only their observations are kept, so
    nothing a player at the table could not have seen reaches the expert.
    """
    earlier = state.states()[:-1]
    return [past.observation(seat) for past in earlier] + [state.observation(seat)]


def _cards_of(value: Any, card_type: type) -> list[Any]:
    """Every card object in a nested observation value (tuples, dicts), in order."""
    if isinstance(value, card_type):
        return [value]
    if isinstance(value, dict):
        return [card for part in value.values() for card in _cards_of(part, card_type)]
    if isinstance(value, (tuple, list)):
        return [card for part in value for card in _cards_of(part, card_type)]
    return []


def cards_seen_this_round(seen: Sequence[dict[str, Any]], round_key: str, keys: Sequence[str],
                          card_type: type) -> Counter:
    """The cards that lay face up under ``keys`` in any observation of the current round (the
    observations whose ``round_key`` equals the last one's), each counted as often as it was seen
    at most at one time (a deck may hold two equal cards)."""
    current = seen[-1][round_key]
    most: Counter = Counter()
    for observation in reversed(seen):
        if observation[round_key] != current:
            break
        at_once = Counter(card for key in keys for card in _cards_of(observation[key], card_type))
        most |= at_once
    return most


def split_into(pool: list[Any], sizes: Sequence[int]) -> list[tuple[Any, ...]]:
    """``pool`` cut into consecutive parts of ``sizes`` (the pool is already shuffled)."""
    parts, start = [], 0
    for size in sizes:
        parts.append(tuple(pool[start:start + size]))
        start += size
    return parts


def in_order(cards: Counter) -> list[Any]:
    """The cards of a multiset in a fixed order (by their text): the order a Counter lists them in
    follows where they lie, which the seat must not learn."""
    return sorted(cards.elements(), key=str)


def fresh_setup(state: GameState, rng: random.Random):
    """The setup with a new seed: the real seed would tell the deal and every future shuffle. A state
    made with it (the odds bar's copy of a position with its cards as they lie) has no past under
    the new seed: asked for one, it raises :class:`~plateau_lab.core.NotReplayable`."""
    return replace(state.setup, seed=rng.getrandbits(32), origin=Imagined(state, None))


def imagined(state: GameState, seat: int, rng: random.Random, **changes: Any) -> GameState:
    """``state`` with ``changes`` (the cards ``seat`` cannot see, dealt anew) and a fresh seed: the
    one way a model's ``redeal`` makes its state. It takes the seed from ``rng`` first, as
    :func:`fresh_setup` does, and writes nothing yet: its record (:class:`Imagined`) writes the
    deal as a scenario only when the state's past, save or history is asked for (its
    ``history`` is that of its imagined past, see :attr:`GameState.history`)."""
    record = Imagined(state, seat)
    setup = state.setup
    if "_history" in type(state).__dataclass_fields__:
        changes["_history"] = ()        # the real moves stay with the real state (a game keeping them in links: ignored)
    world = state.derive(setup=Setup(setup.game, setup.players, rng.getrandbits(32), setup.variant, None, record),
                         **changes)
    record.world = world
    return world


class Imagined:
    """Where an imagined state came from: the state ``origin`` it was imagined from, for ``seat``
    (None: only re-seeded), and the state ``world`` the model made. ``past(state)`` gives the first
    state and the moves to ``state`` (``world`` or a state played on from it), written once by the
    model's :meth:`GameModel.imagined_past` and kept."""

    __slots__ = ("origin", "seat", "world", "_past")

    def __init__(self, origin: GameState, seat: int | None):
        self.origin, self.seat, self.world, self._past = origin, seat, None, None

    def past(self, state: GameState) -> tuple[GameState, tuple[Any, ...]]:
        if self._past is None:
            game = self.origin.setup.game
            if self.seat is None or self.world is None:
                raise NotReplayable(f"this {game} position is a copy of another with a new seed, made to play it "
                                    "on with other luck: it has no past of its own under that seed; the past and the "
                                    "save are those of the position it copies")
            text, moves = model_of(self.origin).imagined_past(self.origin, self.world, self.seat)
            setup = self.world.setup
            try:
                first = game_spec(game).module.scenario(text, seed=setup.seed, **setup.variant)
            except (ParseError, ValueError, TypeError) as err:
                raise NotReplayable(f"this {game} position was imagined, and the scenario written for its deal "
                                    f"does not read back ({err}): a fault of the game's expert model",
                                    fault=True) from None
            self._past = (first, tuple(moves), len(self.world._history))
        first, moves, offset = self._past
        return first, moves + tuple(state._history[offset:])

    def history(self, state: GameState) -> tuple[Any, ...]:
        """``state.history``: the moves of its past (:meth:`past`); a copy with a new seed (no
        seat) keeps the moves of the position it copies."""
        if self.seat is None:
            return state._history
        return self.past(state)[1]


def past_of(state: GameState) -> tuple[GameState, tuple[Any, ...]]:
    """The first state of ``state``'s game and the moves from it to ``state`` (what ``states()``
    replays), for a dealt, written or imagined game alike."""
    origin = state.setup.origin
    return (state.setup.first_state(), state._history) if origin is None else origin.past(state)


# ---------------------------------------------------------------- a move's reasons in the game's words


def chance_words(chance: float, short: bool = False) -> str:
    """A chance as a learner reads it: "about 7 times in 10" (``short``: "7 in 10").

    >>> chance_words(0.68), chance_words(0.41, short=True), chance_words(0.1), chance_words(1.0)
    ('about 7 times in 10', '4 in 10', 'about 1 time in 10', 'in every imagined deal')
    >>> chance_words(0.02), chance_words(0.97, short=True), chance_words(0.0), chance_words(0.0, short=True)
    ('less than 1 time in 20', 'more than 19 in 20', 'in none of the imagined deals', 'in none')
    """
    if chance >= 1:
        return "in every one" if short else "in every imagined deal"
    if chance <= 0:
        return "in none" if short else "in none of the imagined deals"
    if chance < 0.05:
        return "less than 1 in 20" if short else "less than 1 time in 20"
    if chance > 0.95:
        return "more than 19 in 20" if short else "more than 19 times in 20"
    tenths = min(9, max(1, round(chance * 10)))
    return f"{tenths} in 10" if short else f"about {tenths} {'time' if tenths == 1 else 'times'} in 10"


#: Small counts as a learner reads them in a reason ("two greens").
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_words(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` of ``noun`` in words: "one green", "two greens", "no jokers", "12 cards".

    >>> count_words(1, "green"), count_words(2, "green"), count_words(0, "joker"), count_words(12, "card")
    ('one green', 'two greens', 'no jokers', '12 cards')
    >>> count_words(2, "+2", "+2s")
    'two +2s'
    """
    said = NUMBER_WORDS[count] if 0 <= count < len(NUMBER_WORDS) else str(count)
    return f"{said} {noun if count == 1 else (plural or noun + 's')}"


def nobody_beats(trick: Sequence[tuple[int, Any]], later: Sequence[tuple[int, Sequence[Any]]],
                 legal: Callable[[Sequence[Any], Sequence[tuple[int, Any]]], Sequence[Any]],
                 winner: Callable[[Sequence[tuple[int, Any]]], int]) -> bool:
    """Whether the card winning ``trick`` now (``(seat, card)`` pairs in the order played) stays
    the winner whatever the players still to play to it do: ``later`` lists them in order with
    their hands (in an imagined deal), ``legal(hand, trick)`` gives the cards one may play and
    ``winner(trick)`` the seat winning a trick. A card may only be beaten by a card played over
    it, so each later player is tried against the trick as it stands.

    >>> ranks = lambda trick: max(trick, key=lambda pair: pair[1])[0]       # the highest number wins
    >>> anything = lambda hand, trick: hand
    >>> nobody_beats([(0, 5), (1, 9)], [(2, (3, 8))], anything, ranks)
    True
    >>> nobody_beats([(0, 5)], [(1, (3, 4)), (2, (6,))], anything, ranks)
    False
    """
    now = winner(trick)
    for seat, hand in later:
        for card in legal(hand, trick):
            if winner((*trick, (seat, card))) != now:
                return False
    return True


def trick_stands(trick: Sequence[tuple[int, Any]], players: int, hands: Sequence[Sequence[Any]],
                 legal: Callable[[Sequence[Any], Sequence[tuple[int, Any]]], Sequence[Any]],
                 winner: Callable[[Sequence[tuple[int, Any]]], int],
                 beats: Callable[[Any, Any], bool] | None = None) -> bool:
    """In a trick game where each of ``players`` plays one card to a trick in seat order: whether
    the player who played last to the unfinished ``trick`` leads it and no one still to play
    (their ``hands``, in an imagined deal) can beat it (:func:`nobody_beats`). False for an
    empty or finished trick. ``beats(card, best)``, when the game has one, says whether a card
    played over the trick's best card beats it: the same answer as ``winner``, without reading
    the whole trick again (the search asks this once per move and imagined deal).

    >>> high = lambda trick: max(trick, key=lambda pair: pair[1])[0]
    >>> trick_stands([(2, 7), (0, 9)], 3, [(), (3, 8), ()], lambda hand, trick: hand, high)
    True
    >>> trick_stands([(2, 7), (0, 9)], 3, [(), (10,), ()], lambda hand, trick: hand, high)
    False
    >>> trick_stands([(2, 7), (0, 9)], 3, [(), (10,), ()], lambda hand, trick: hand, high, lambda card, best: card > best)
    False
    """
    if not trick or len(trick) >= players:
        return False
    last = trick[-1][0]
    if winner(trick) != last:
        return False
    later = [((last + step) % players, hands[(last + step) % players]) for step in range(1, players - len(trick) + 1)]
    if beats is None:
        return nobody_beats(trick, later, legal, winner)
    best = trick[-1][1]
    return not any(beats(card, best) for _, hand in later for card in legal(hand, trick))


def trick_reason(trick: Sequence[tuple[int, Any]], seat: int, players: int,
                 winner: Callable[[Sequence[tuple[int, Any]]], int], share: float | None = None,
                 name: Callable[[int], str] = lambda other: f"player {other}") -> str:
    """What ``seat``'s card, the last of ``trick`` (the cards on the table, face up), does to the
    trick, in words: takes it or leaves it to whom when it ends the trick; else who leads it now
    and, when ``seat`` does, how often no one after it could beat it in the imagined deals
    (``share``, from :func:`trick_stands`; None: not counted). ``name`` names a player.

    >>> high = lambda trick: max(trick, key=lambda pair: pair[1])[0]
    >>> trick_reason([(1, 5), (2, 9), (0, 7)], 0, 3, high)
    'leaves the trick to player 2'
    >>> trick_reason([(2, 7), (0, 9)], 0, 3, high, 0.8)
    'leads this trick for now: no one after you can beat it about 8 times in 10'
    >>> trick_reason([(2, 7), (0, 3)], 0, 3, high, 0.0)
    'leaves player 2 ahead in this trick for now'
    """
    leader = winner(trick)
    if len(trick) >= players:
        return "takes the trick" if leader == seat else f"leaves the trick to {name(leader)}"
    if leader != seat:
        return f"leaves {name(leader)} ahead in this trick for now"
    if share is None:
        return "leads this trick for now"
    if share >= 1:
        return "leads this trick, and no one after you can beat it in any imagined deal"
    if share <= 0:
        return "leads this trick for now, but someone after you can beat it in every imagined deal"
    return f"leads this trick for now: no one after you can beat it {chance_words(share)}"


# ---------------------------------------------------------------- one model per game


class GameModel(ABC):
    """What the expert needs to know of a game: how far a playout goes, what counts as its
    outcome, and how to deal the cards a seat cannot see (``redeal``)."""

    #: The outcome, as a learner reads it: "points this round", "final score", …
    measure = "points"
    #: The default number of playouts per decision: a median of about a second or less on one core
    #: of a shared 2-core machine (measured by ``benchmarks/bench_expert.py``).
    playouts = 200
    #: Whether the expert keeps the heuristic bot's move unless it finds a clearly better one.
    guided = True
    #: In a game dealt in rounds whose played cards stay out of every hand until the next deal,
    #: the observation key naming the deal in play (the round's or hand's number; the dealer in a
    #: game of one hand): no imagined deal may hold a card seen played under it. None otherwise.
    round_key: str | None = None

    def guided_at(self, state: GameState) -> bool:
        """Whether the expert is guided (see :class:`ExpertBot`) in this position."""
        return self.guided

    def playouts_at(self, state: GameState) -> int:
        """The default number of playouts for a decision in this position."""
        return self.playouts

    def done(self, start: GameState, state: GameState) -> bool:
        """Whether a playout that began at ``start`` ends at ``state``."""
        return state.is_over

    def value(self, start: GameState, end: GameState, seat: int) -> float:
        """The outcome for ``seat`` of a playout from ``start`` to ``end``: the points it gained."""
        return end.scores[seat] - start.scores[seat]

    def outcome(self, start: GameState, after: GameState, seat: int, seed: int) -> float:
        """The outcome for ``seat`` of one playout seeded ``seed`` from ``after``, a move played
        in ``start``: played on the public engine by :meth:`playout_bots`."""
        end = playout(after, random.Random(seed), lambda now: self.done(start, now), self.playout_bots(start, seed))
        return self.value(start, end, seat)

    #: What winning a playout means, as a learner reads it (see :meth:`won`): "you come out on top
    #: about 7 times in 10 after it".
    winning = "you come out on top"

    def won(self, start: GameState, end: Any, seat: int) -> bool:
        """Whether ``seat`` wins the playout from ``start`` to ``end`` (the state where it stopped,
        or the fast path's :class:`~plateau_lab.core.fastpath.Record` of it: anything with the
        ``scores`` then). By default: it comes out on top, its score then ahead of or level with
        every other seat's, so that the chance of it is the chance of leading the game at the
        horizon. A game where winning means something else there (a contract made, an estimate
        hit) overrides it, and :attr:`winning` with it.

        >>> from types import SimpleNamespace
        >>> model = model_for("coloretto")
        >>> [model.won(None, SimpleNamespace(scores=(5, 7, 7)), seat) for seat in range(3)]
        [False, True, True]
        """
        return end.scores[seat] >= max(end.scores)

    def result(self, start: GameState, after: GameState, seat: int, seed: int) -> tuple[float, bool]:
        """One playout seeded ``seed`` from ``after``, a move played in ``start``: its outcome for
        ``seat`` (what :meth:`outcome` gives) and whether ``seat`` won it (:meth:`won`), from the
        same playout. By default on the public engine, as :meth:`outcome`; a game whose
        ``outcome`` plays on its fast path overrides this too, on the same path."""
        end = playout(after, random.Random(seed), lambda now: self.done(start, now), self.playout_bots(start, seed))
        return self.value(start, end, seat), self.won(start, end, seat)

    def playout_bots(self, state: GameState, seed: int) -> list[Any] | None:
        """The bots that play the playouts (one per seat), or None for random moves."""
        return None

    # The reasons a move gets in the game's own words (issue 28). The search counts, for each
    # move on each imagined deal, the facts :meth:`tally` reads (a few booleans: "no one after you
    # can beat it", "your bid is met at the end of the hand"); :meth:`reason` then says the move
    # in the game's terms, from what the seat sees and how often each fact came true.

    def tally(self, start: GameState, after: GameState, seat: int) -> tuple[bool, ...]:
        """The facts the search counts for one move on one imagined deal: ``start`` the deal,
        ``after`` the move played in it. Every move of a decision gives as many facts, in the
        same order (the game's :meth:`reason` reads them by place). By default none."""
        return ()

    def judge(self, start: GameState, after: GameState, seat: int, seed: int) -> tuple[float, bool, tuple[bool, ...]]:
        """:meth:`result` and :meth:`tally` of one playout: ``(outcome, won, facts)``, what the
        search counts. A game whose facts are read at the playout's end (a bid met) overrides
        this to read them from the same playout."""
        value, won = self.result(start, after, seat, seed)
        return value, won, self.tally(start, after, seat)

    def reason(self, state: GameState, seat: int, action: Any, shares: Sequence[float]) -> str:
        """The move ``action`` of ``seat`` at ``state`` in the game's terms, as a clause whose
        subject is the move ("takes row 2: two greens and a +2; your greens go to 4", "is sure to
        take this trick about 8 times in 10: no one after you holds a card that beats it"), or ""
        when there is nothing to say beyond the chances. ``shares``: how often each fact of
        :meth:`tally` came true over the imagined deals the move was tried on (empty when it was
        not tried). It reads only what ``seat`` sees at ``state``: never a card it cannot see.
        By default ""."""
        return ""

    @abstractmethod
    def redeal(self, state: GameState, seat: int, seen: Sequence[dict[str, Any]], rng: random.Random) -> GameState:
        """A state ``seat`` cannot tell from ``state``: every card it cannot see dealt anew, made with
        :func:`imagined` (so that it has a past and a save of its own)."""

    def imagined_past(self, origin: GameState, world: GameState, seat: int) -> tuple[str, Sequence[Any]]:
        """The past of ``world``, a deal ``seat`` imagined from ``origin`` by :meth:`redeal`: the
        scenario text of its first state (the imagined deal at the start of the game, hand or turn)
        and the moves from there to ``world``, the seat's view of every step the same as in
        ``origin``'s past. Asked for only when ``world``'s past or save is (never by the search).
        A game whose scenario cannot write it raises :class:`~plateau_lab.core.NotReplayable`."""
        raise NotReplayable(f"this {origin.setup.game} position was imagined by the expert, and its game cannot yet "
                            "write an imagined deal as a scenario: it has no past or save of its own")

    def odds(self, state: GameState, end: GameState) -> tuple[str, tuple[str, ...], tuple[bool, ...]] | None:
        """The odds bar's question at ``state`` and, for a playout's ``end``, which labels came true:
        (question, labels, outcomes); None when the question has no answer yet."""
        return ("wins the game", tuple(f"player {seat}" for seat in range(state.players)),
                tuple(seat in end.winners for seat in range(state.players)))

    def odds_done(self, start: GameState, state: GameState) -> bool:
        return state.is_over


def model_of(state: GameState) -> GameModel:
    """The expert's model of ``state``'s game: ``MODEL`` in the module its registry entry names
    (``GameSpec.expert_model``)."""
    if not isinstance(state, GameState):
        raise TypeError(f"the expert reads a game state, not {type(state).__name__}")
    return model_for(state.setup.game)


def model_for(name: str) -> GameModel:
    """The expert's model of the game registered as ``name``."""
    spec = game_spec(name)
    if spec.expert_model is None:
        raise ValueError(f"the expert does not know {spec.title}: its registry entry names no expert model")
    return importlib.import_module(spec.expert_model).MODEL


def playout(state: GameState, rng: random.Random, done: Callable[[GameState], bool],
            bots: Sequence[Any] | None = None) -> GameState:
    """Moves by everyone from ``state`` until ``done`` says stop (or the game is over): ``bots``
    (one per seat) choose them, or, without bots, a random choice among the legal moves."""
    for _ in range(MAX_PLAYOUT_MOVES):
        if state.is_over or done(state):
            return state
        if bots is None:
            state = state.apply(rng.choice(state.legal_actions()))
        else:
            state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"a playout did not end within {MAX_PLAYOUT_MOVES} moves")
