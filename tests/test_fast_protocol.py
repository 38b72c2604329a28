"""Every game's fast path follows one protocol (``plateau_lab.core.fastpath.FastPath``): the same
names, the same parameters of the same kinds; from a new game, ``play_on``, ``play_fast``
and ``play_public`` play the same game with random bots; and step by step, with every bot the
fast path plays and every player count, the fast path's moves are the public engine's, and the seat
its record names as the first to move (``Record.starter``, when it names one) is. Parametrised over the registry: a game
registered with a fast path is checked with no code of its own here."""

import inspect

import pytest

from plateau_lab.core import GAME_NAMES, game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.fastpath import FastPath, Record
from plateau_lab.lab.bots import make_bot

FAST_GAMES = [name for name in GAME_NAMES if game_spec(name).fast]
FUNCTIONS = ("play_fast", "play_on", "play_public")
SEEDS = (1, 2, 3)


def protocol_parameters(name: str) -> list[tuple[str, inspect._ParameterKind]]:
    """The protocol's parameters of ``name`` (a method of ``FastPath``, ``self`` left out)."""
    return [(parameter.name, parameter.kind)
            for parameter in list(inspect.signature(getattr(FastPath, name)).parameters.values())[1:]]


def test_every_game_but_none_has_a_fast_path():
    assert FAST_GAMES, "no game registers a fast path"


@pytest.mark.parametrize("game", FAST_GAMES)
def test_the_fast_module_has_the_protocol_s_names(game):
    module = game_spec(game).fast_module()
    assert isinstance(module.FAST_BOTS, frozenset) and "random" in module.FAST_BOTS
    assert all(isinstance(bot, str) for bot in module.FAST_BOTS)
    for name in FUNCTIONS:
        assert callable(getattr(module, name, None)), f"{module.__name__} has no {name}"


@pytest.mark.parametrize("game", FAST_GAMES)
@pytest.mark.parametrize("function", FUNCTIONS)
def test_the_parameters_are_the_protocol_s(game, function):
    """The protocol's parameters come first, by name and kind; a game may add keyword-only
    options after them, each with a default."""
    module = game_spec(game).fast_module()
    expected = protocol_parameters(function)
    parameters = list(inspect.signature(getattr(module, function)).parameters.values())
    assert [(parameter.name, parameter.kind) for parameter in parameters[:len(expected)]] == expected
    for parameter in parameters[len(expected):]:
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, (function, parameter.name)
        assert parameter.default is not inspect.Parameter.empty, (function, parameter.name)
    protocol_defaults = {parameter.name: parameter.default
                         for parameter in inspect.signature(getattr(FastPath, function)).parameters.values()
                         if parameter.default is not inspect.Parameter.empty}
    assert {parameter.name: parameter.default for parameter in parameters[:len(expected)]
            if parameter.default is not inspect.Parameter.empty} == protocol_defaults


def moves_of(play, *arguments, **options):
    """``play(*arguments, **options, on_step=...)`` and the texts of the moves it chose."""
    moves = []
    record = play(*arguments, **options, on_step=lambda seat, legal, index: moves.append((seat, legal[index])))
    return record, moves


@pytest.mark.parametrize("game", FAST_GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_from_a_new_game_the_three_play_the_same_game(game, seed):
    spec = game_spec(game)
    module = spec.fast_module()
    players = spec.default_players
    bot_seeds = [seed * 10 + seat for seat in range(players)]
    fast, fast_moves = moves_of(module.play_fast, players, seed, bot_seeds, {})
    on, on_moves = moves_of(module.play_on, spec.new_game(players, seed=seed), bot_seeds)
    public = module.play_public(spec.new_game(players, seed=seed), [RandomBot(bot_seed) for bot_seed in bot_seeds])
    for record in (fast, on, public):
        assert isinstance(record, Record)
        assert len(record.scores) == players and all(isinstance(score, int) for score in record.scores)
    assert fast.scores == on.scores == public.scores
    assert fast.actions == on.actions == public.actions == len(fast_moves)
    assert fast_moves == on_moves
    assert fast.extras == on.extras == public.extras and fast.rounds == on.rounds == public.rounds
    assert fast.starter is None or fast.starter == fast_moves[0][0] == spec.new_game(players, seed=seed).current_player


@pytest.mark.parametrize("game", FAST_GAMES)
def test_named_random_bots_play_as_no_names_and_one_round_is_a_stretch_of_the_game(game):
    spec = game_spec(game)
    module = spec.fast_module()
    players = spec.default_players
    bot_seeds = list(range(players))
    state = spec.new_game(players, seed=5)
    assert module.play_fast(players, 5, bot_seeds, {}, bots=["random"] * players) == \
        module.play_fast(players, 5, bot_seeds, {})
    assert module.play_on(state, bot_seeds, bots=["random"] * players) == module.play_on(state, bot_seeds)
    whole, first = module.play_on(state, bot_seeds), module.play_on(state, bot_seeds, rounds=1)
    assert 0 < first.actions <= whole.actions
    with pytest.raises((TypeError, ValueError)):
        module.play_on(state, bot_seeds, rounds=0)


def lockstep(game: str, players: int, seed: int, variant: dict, names: tuple[str, ...]) -> int:
    """Play one game on the fast path and on the public engine side by side: at every step the
    seat to move, the legal moves (as text, in order) and the move chosen must be the same. The
    number of steps compared."""
    spec = game_spec(game)
    seeds = [seed * 10 + seat for seat in range(players)]
    steps = []
    record = spec.fast_module().play_fast(players, seed, seeds, variant, bots=list(names),
                                          on_step=lambda seat, legal, index: steps.append((seat, legal, index)))
    state = spec.new_game(players, seed=seed, **variant)
    assert record.starter is None or record.starter == state.current_player, "the fast path names another starter"
    bots = [make_bot(game, name, bot_seed) for name, bot_seed in zip(names, seeds)]
    for number, (seat, legal, index) in enumerate(steps):
        assert seat == state.current_player, f"step {number}: the fast path moved seat {seat}"
        assert legal == [str(action) for action in state.legal_actions()], f"step {number}: other legal moves"
        chosen = bots[seat].choose(state)
        assert str(chosen) == legal[index], f"step {number}: the fast path chose {legal[index]}, the bot {chosen}"
        state = state.apply(chosen)
    assert state.is_over and tuple(state.scores) == tuple(record.scores)
    assert record.actions == len(steps) == len(state.history)
    return len(steps)


@pytest.mark.parametrize("game", FAST_GAMES)
def test_the_fast_path_plays_the_public_engines_game_step_by_step_with_every_bot_it_plays(game):
    spec = game_spec(game)
    bots = sorted(spec.fast_module().FAST_BOTS)
    compared = 0
    for seed in range(3):
        short_players, short_variant = spec.short
        for players in spec.players:
            variant = short_variant if players == short_players else {}
            names = tuple(bots[(seed + seat) % len(bots)] for seat in range(players))
            compared += lockstep(game, players, seed, variant, names)
    assert compared > 0
