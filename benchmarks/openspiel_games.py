"""The five games OpenSpiel lacks, as OpenSpiel (``pyspiel``) Python games, so that OpenSpiel's own
search bots can play them: ``pyspiel.load_game("plateau_coloretto", {"players": 4, "seed": 7})``.

OpenSpiel has Oh Hell (``oh_hell``, which our engine follows move for move:
``tests/oh_hell/test_against_openspiel.py``); The Syndicate, Plotters Inc., Coloretto, Wimmüln and
Le Plateau it lacks. Each is registered here as ``plateau_<name>``, a thin shell over our engine:
the state holds an engine state and the engine makes every rule.

- **Actions.** OpenSpiel numbers actions; the engine's are objects with a text (``str(action)``,
  which names one move among a position's legal moves). Each game numbers the texts in the order
  it first meets them, so one move has one number wherever it comes up (a card, a row, a bid),
  and ``legal_actions()`` lists the numbers of the engine's legal moves.
- **Chance.** The engine deals from its seed and draws its later cards itself, so a game is
  dealt when it begins (OpenSpiel's "sampled stochastic": no chance nodes). The deal is the
  parameter ``seed`` (the engine's ``new_game(players, seed=...)``); :func:`wrap` seats OpenSpiel at
  a game already under way.
- **Information states.** A player's information state is everything he has seen, step by step:
  ``information_state_string(player)`` is a digest of his observations (the engine's
  ``observation(player)``) at every step so far (perfect recall, as OpenSpiel's own games give
  it); ``observation_string(player)`` is his observation now.
- **Resampling.** IS-MCTS plays each simulation in a world the player cannot tell from the real
  one: ``resample_from_infostate(player, sampler)`` deals the cards the player cannot see anew
  with the game's expert model (``MODEL.redeal``: consistent with everything the player has
  seen, a player who showed he lacks a suit never gets one, a fresh seed for the cards still to
  be drawn). The resampled state's information-state string for that player is the real one's.
- **Returns.** At the end, each player's score (the engine's ``scores``); 0 before.

Run on its own, it plays one random game of each through the wrapper and the engine side by side
(``tests/test_openspiel_wrappers.py`` does it for many games):
``.venv/bin/python benchmarks/openspiel_games.py``
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pyspiel

from plateau_lab.core import GameState, game_spec
from plateau_lab.core.imagining import MAX_PLAYOUT_MOVES, model_for

__all__ = ["GAMES", "EngineGame", "EngineState", "engine_of", "fair_oh_hell_resampler", "oh_hell_action",
           "oh_hell_move", "oh_hell_state", "openspiel_name", "wrap"]

#: The games OpenSpiel lacks, wrapped here (our names).
GAMES = ("syndicate", "plotters", "coloretto", "wimmuln", "le_plateau")

#: The most distinct actions a game may number (a bound OpenSpiel asks for; the games use far fewer).
MOST_ACTIONS = 100_000
#: Bounds on a player's score, for OpenSpiel's ``min_utility`` and ``max_utility``.
SCORE_BOUND = 10_000.0


def openspiel_name(name: str) -> str:
    """The name OpenSpiel loads our game ``name`` by: ``plateau_<name>``."""
    return f"plateau_{name}"


class _Step:
    """One engine state on a game's path, with the step before it (``parent``): the path a
    player remembers. Per player it keeps, once computed, the digest of his observations from
    the game's start to here and the list of them (:meth:`seen`)."""

    __slots__ = ("engine", "parent", "digests", "seen_by")

    def __init__(self, engine: GameState, parent: _Step | None):
        self.engine, self.parent = engine, parent
        self.digests: dict[int, str] = {}
        self.seen_by: dict[int, list[dict[str, Any]]] = {}

    def digest(self, player: int) -> str:
        """A digest of ``player``'s observations from the start of the path to here."""
        pending, step = [], self
        while step is not None and player not in step.digests:
            pending.append(step)
            step = step.parent
        before = step.digests[player] if step is not None else ""
        for step in reversed(pending):
            seen = repr(step.engine.observation(player)).encode()
            before = step.digests[player] = hashlib.blake2b(before.encode() + seen, digest_size=16).hexdigest()
        return before

    def seen(self, player: int) -> list[dict[str, Any]]:
        """``player``'s observations at every step of the path, this one last (what
        :func:`plateau_lab.core.imagining.remembered_observations` gives for a real game)."""
        if player not in self.seen_by:
            earlier = self.parent.seen(player) if self.parent is not None else []
            self.seen_by[player] = [*earlier, self.engine.observation(player)]
        return self.seen_by[player]


class EngineGame(pyspiel.Game):
    """One of our games as an OpenSpiel game (see the module docstring). ``name`` is ours; the
    parameters are ``players`` and ``seed`` (the deal)."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None):
        spec = game_spec(self.name)
        params = dict(params or {})
        players = params.get("players", spec.default_players)
        info = pyspiel.GameInfo(num_distinct_actions=MOST_ACTIONS, max_chance_outcomes=0, num_players=players,
                                min_utility=-SCORE_BOUND, max_utility=SCORE_BOUND, utility_sum=None,
                                max_game_length=MAX_PLAYOUT_MOVES)
        super().__init__(_game_type(self.name), info, params)
        self.spec, self.model, self.players = spec, model_for(self.name), players
        self.seed = params.get("seed", 0)
        self.numbers: dict[str, int] = {}
        self.texts: list[str] = []

    def number_of(self, action: Any) -> int:
        """The number of an engine action (its text), given the first time the text is met."""
        text = str(action)
        number = self.numbers.get(text)
        if number is None:
            if len(self.texts) >= MOST_ACTIONS:
                raise ValueError(f"{self.spec.title} met more than {MOST_ACTIONS} distinct actions")
            number = self.numbers[text] = len(self.texts)
            self.texts.append(text)
        return number

    def new_initial_state(self) -> EngineState:
        return EngineState(self, _Step(self.spec.new_game(self.players, seed=self.seed), None))

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(recall)


class _Observer:
    """Strings only (no tensors): the information state (``recall``) or the observation now."""

    def __init__(self, recall: bool):
        self.recall = recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: EngineState, player: int) -> None:
        pass

    def string_from(self, state: EngineState, player: int) -> str:
        if self.recall:
            return state.step.digest(player)
        return repr(state.engine.observation(player))


class EngineState(pyspiel.State):
    """A position of an :class:`EngineGame`: the engine state (``engine``) and the path to it."""

    def __init__(self, game: EngineGame, step: _Step):
        super().__init__(game)
        self.game, self.step = game, step

    @property
    def engine(self) -> GameState:
        return self.step.engine

    def current_player(self) -> int:
        if self.engine.is_over:
            return pyspiel.PlayerId.TERMINAL
        return self.engine.current_player

    def _legal_actions(self, player: int) -> list[int]:
        if self.engine.is_over or player != self.engine.current_player:
            return []
        return sorted(self.game.number_of(action) for action in self.engine.legal_actions())

    def _apply_action(self, action: int) -> None:
        text = self.game.texts[action]
        move = next((legal for legal in self.engine.legal_actions() if str(legal) == text), None)
        if move is None:
            raise pyspiel.SpielError(f"{text} is not a legal move here")
        self.step = _Step(self.engine.apply(move), self.step)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game.texts[action]

    def chance_outcomes(self):
        raise pyspiel.SpielError("the engine deals its own cards: a wrapped game has no chance nodes")

    def is_terminal(self) -> bool:
        return self.engine.is_over

    def returns(self) -> list[float]:
        if not self.engine.is_over:
            return [0.0] * self.game.players
        return [float(score) for score in self.engine.scores]

    def clone(self) -> EngineState:
        # engine states never change: a clone shares the path, and its moves start a new branch
        return EngineState(self.game, self.step)

    def resample_from_infostate(self, player: int, sampler=None) -> EngineState:
        """A world ``player`` cannot tell from this one: the cards he cannot see dealt anew by the
        game's expert model, consistently with all he has seen. ``sampler`` (OpenSpiel's
        probability sampler, a callable giving a number in [0, 1)) seeds the deal."""
        draw = sampler() if sampler is not None else random.random()
        rng = random.Random(int(draw * 2 ** 53))
        world = self.game.model.redeal(self.engine, player, self.step.seen(player), rng)
        return EngineState(self.game, _Step(world, self.step.parent))

    def after(self, engine: GameState) -> EngineState:
        """The state after a move made on the engine (``engine``, the state it led to): the path
        goes on, and what the players had seen is kept (a bot playing a whole game reads it once)."""
        return EngineState(self.game, _Step(engine, self.step))

    def __str__(self) -> str:
        return str(self.engine)


def _game_type(name: str) -> pyspiel.GameType:
    spec = game_spec(name)
    return pyspiel.GameType(
        short_name=openspiel_name(name), long_name=spec.title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.players.stop - 1, min_num_players=spec.players.start,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"players": spec.default_players, "seed": 0})


def _register(name: str) -> type[EngineGame]:
    game_class = type(f"{name.title().replace('_', '')}Game", (EngineGame,), {"name": name})
    pyspiel.register_game(_game_type(name), game_class)
    return game_class


#: Our name -> the registered OpenSpiel game class.
GAME_CLASSES = {name: _register(name) for name in GAMES}


def wrap(game: EngineGame, states: list[GameState]) -> EngineState:
    """OpenSpiel's state for a game under way: ``states`` are the engine's states of one game of
    ``game``'s kind from its first to now (what each player has seen along the way)."""
    step = None
    for engine in states:
        step = _Step(engine, step)
    return EngineState(game, step)


def engine_of(state: EngineState) -> GameState:
    """The engine state inside OpenSpiel's state."""
    return state.engine


# ---------------------------------------------------------------- Oh Hell: OpenSpiel's own game, fed our deal


def oh_hell_action(move: Any) -> int:
    """OpenSpiel's number for our Oh Hell move (default deck): a card is rank index x 4 + suit
    index (clubs, diamonds, spades, hearts), a bid of N is 52 + N."""
    from plateau_lab.games.oh_hell import SUITS, Bid
    if isinstance(move, Bid):
        return len(SUITS) * 13 + move.tricks
    return (move.card.rank - 2) * len(SUITS) + SUITS.index(move.card.suit)


def oh_hell_move(engine: GameState, action: int) -> Any:
    """Our legal move in ``engine`` for OpenSpiel's number ``action``."""
    for move in engine.legal_actions():
        if oh_hell_action(move) == action:
            return move
    raise ValueError(f"OpenSpiel's action {action} is no legal move here")


def oh_hell_state(engine: GameState):
    """OpenSpiel's ``oh_hell`` state dealt as our hand ``engine`` (at its start, default deck and
    scoring): the chance outcomes are the tricks, the dealer, the cards one at a time (OpenSpiel
    deals player 0 first whoever deals) and the trump card."""
    from plateau_lab.core import Play
    game = pyspiel.load_game("oh_hell", {"players": engine.players,
                                         "points_per_trick": engine.rules.points_per_trick,
                                         "off_bid_penalty": engine.rules.off_bid_penalty})
    state = game.new_initial_state()
    deal = [engine.tricks, engine.dealer]
    deal += [oh_hell_action(Play(engine.hands[seat][index])) for index in range(engine.tricks)
             for seat in range(engine.players)]
    deal.append(oh_hell_action(Play(engine.trump_card)))
    for action in deal:
        state.apply_action(action)
    return state


#: OpenSpiel's Oh Hell cards: rank index x 4 + suit index; bids are numbered from 52.
CARDS, SUIT_COUNT = 52, 4


def fair_oh_hell_resampler(rng: random.Random):
    """A ``resample(state, player)`` for OpenSpiel's Python ``ISMCTSBot.set_resampler`` on
    ``oh_hell``: a world ``player`` cannot tell from ``state``, the cards he cannot see (the others'
    hands and the undealt cards alike) dealt anew at random, a player who did not follow a suit
    given none of it. OpenSpiel's own ``ResampleFromInfostate`` (open_spiel 2.0.2) only shuffles
    the others' real cards among them, never an undealt card: a search sampling with it knows which
    cards are in play (see ``bench_ismcts.py``).

    Each world is OpenSpiel's state replayed from the same chance outcomes but the deal: the tricks,
    the dealer, the new deal (one card at a time from player 0, as OpenSpiel deals), the trump card,
    then every bid and card played."""
    from plateau_lab.games.oh_hell.cards import DECK
    from plateau_lab.games.oh_hell.expert_model import ALL_SUITS, SUIT_BITS, deal_with_voids
    from plateau_lab.core import Play
    card_of = {oh_hell_action(Play(card)): card for card in DECK}
    number_of = {card: action for action, card in card_of.items()}

    def resample(state, player: int):
        history, players = state.history(), state.num_players()
        tricks = history[0]
        deal, trump = history[2:2 + players * tricks], history[2 + players * tricks]
        moves = history[3 + players * tricks:]
        holder = {card: place % players for place, card in enumerate(deal)}
        played = [move for move in moves if move < CARDS]
        played_by: dict[int, list[int]] = {seat: [] for seat in range(players)}
        lacking = [0] * players
        for start in range(0, len(played), players):
            trick = played[start:start + players]
            for card in trick:
                played_by[holder[card]].append(card)
                if card % SUIT_COUNT != trick[0] % SUIT_COUNT:
                    lacking[holder[card]] |= SUIT_BITS[card_of[trick[0]].suit]
        others = [seat for seat in range(players) if seat != player]
        unseen = [card_of[card] for card in range(CARDS)
                  if card != trump and holder.get(card) != player and card not in played_by.get(holder.get(card), ())]
        rooms = [tricks - len(played_by[seat]) for seat in others]
        rooms.append(len(unseen) - sum(rooms))                       # the undealt cards
        rng.shuffle(unseen)
        parts = deal_with_voids(unseen, rooms, [ALL_SUITS & ~lacking[seat] for seat in others] + [ALL_SUITS], rng)
        hands = {player: [card for card in deal if holder[card] == player]}
        for seat, part in zip(others, parts):
            hands[seat] = played_by[seat] + [number_of[card] for card in part]
        world = state.get_game().new_initial_state()
        for action in [*history[:2], *(hands[place % players][place // players] for place in range(players * tricks)),
                       trump, *moves]:
            world.apply_action(action)
        return world

    return resample


def _side_by_side(name: str, seed: int) -> int:
    """One random game through the wrapper and the engine together: the same legal moves at every
    step, the same returns at the end; the number of moves."""
    game = pyspiel.load_game(openspiel_name(name), {"seed": seed})
    state, engine, rng = game.new_initial_state(), game_spec(name).new_game(game.num_players(), seed=seed), \
        random.Random(seed)
    moves = 0
    while not engine.is_over:
        player = state.current_player()
        assert player == engine.current_player, (name, seed, moves)
        theirs = sorted(state.action_to_string(player, action) for action in state.legal_actions())
        assert theirs == sorted(map(str, engine.legal_actions())), (name, seed, moves)
        move = rng.choice(engine.legal_actions())
        state.apply_action(game.number_of(move))
        engine = engine.apply(move)
        moves += 1
    assert state.is_terminal() and state.returns() == [float(score) for score in engine.scores]
    return moves


if __name__ == "__main__":
    for each in GAMES:
        print(f"{each}: {_side_by_side(each, 1)} moves in step with the engine")
