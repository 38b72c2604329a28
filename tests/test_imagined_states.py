"""Issue 31: a deal the expert imagines (its game model's ``redeal``) is a state like any other.

Over the registry, for every game with an expert model: the imagined state replays from its own
setup to itself, its save loads as it, the seat saw at every step of its past what it saw in the
real game, and so for a state played on from it (:func:`plateau_lab.lab.consistency.imagined_violations`);
a state that cannot be replayed says so (NotReplayable) for its past and its save alike.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from plateau_lab.core import GAME_NAMES, NotReplayable, ParseError, game_spec, load_json
from plateau_lab.core.imagining import GameModel, fresh_setup, model_for, remembered_observations
from plateau_lab.lab.consistency import imagined_violations

GAMES = [name for name in GAME_NAMES if game_spec(name).expert_model is not None]


def _writes_its_past(name: str) -> bool:
    return type(model_for(name)).imagined_past is not GameModel.imagined_past


def _random_variant(spec, rng: random.Random) -> dict:
    """Option values drawn at random among those the soak plays (``Option.played_values``)."""
    return {option.name: rng.choice(option.played_values()) for option in spec.options}


def _positions(name: str, count: int, seed: int):
    """``count`` (state, seat) pairs at random positions of random games: every player count and
    random options, several positions per game, the seat to act or another."""
    spec = game_spec(name)
    rng = random.Random(f"{name}/{seed}")
    drawn = 0
    while drawn < count:
        players = rng.choice(list(spec.players))
        try:
            state = spec.new_game(players, seed=rng.getrandbits(32), **_random_variant(spec, rng))
        except ValueError:                  # a combination of options the game refuses
            continue
        line = []
        while not state.is_over and len(line) < 3000:
            line.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        for _ in range(min(5, count - drawn)):
            state = rng.choice(line)
            yield state, state.current_player if rng.random() < 0.5 else rng.randrange(players), rng.getrandbits(32)
            drawn += 1


def _heuristic_position(name: str, moves: int = 12):
    """The issue's position: seed 5, the short game, ``moves`` moves of the heuristic bots."""
    spec = game_spec(name)
    players, variant = spec.short
    state = spec.new_game(players, seed=5, **variant)
    bots = [spec.bot("heuristic", seat) if "heuristic" in spec.bot_names else spec.bot("random", seat)
            for seat in range(players)]
    for _ in range(moves):
        if state.is_over:
            break
        state = state.apply(bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_the_issues_example_replays(name):
    """Seed 5, twelve heuristic moves, the model's redeal with random.Random(1): the imagined state
    replays to itself, its save loads as it, and the seat remembers what it saw."""
    if not _writes_its_past(name):
        pytest.skip(f"{name}'s model writes no past for its imagined deals yet: they raise NotReplayable")
    state = _heuristic_position(name)
    seat = state.current_player
    seen = remembered_observations(state, seat)
    imagined = model_for(name).redeal(state, seat, seen, random.Random(1))
    assert list(imagined.states())[-1] == imagined
    assert load_json(imagined.to_json()) == imagined
    mine = remembered_observations(imagined, seat)
    assert 1 <= len(mine) and mine == seen[len(seen) - len(mine):]
    assert imagined_violations(state, seat, imagined, seen) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_imagined_deals_at_random_positions(name):
    """Three hundred deals per game at random positions: no violation, and every deal replays or
    says it cannot (NotReplayable, for a limit its model names, never a past that leads elsewhere)."""
    model = model_for(name)
    replayed = 0
    for state, seat, seed in _positions(name, 300, seed=31):
        seen = remembered_observations(state, seat)
        world = model.redeal(state, seat, seen, random.Random(seed))
        assert imagined_violations(state, seat, world, seen) == [], (name, state.to_json(), seat, seed)
        try:
            world.states()
            replayed += 1
        except NotReplayable as err:
            assert not err.fault, (name, state.to_json(), seat, seed)
    assert (replayed > 0) == _writes_its_past(name)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_seat_saw_the_same(name):
    """Every game of the registry: what the seat remembers of the imagined state's past is what it
    saw of the real game over the same steps (the whole game, or the current round, hand or turn,
    where the imagined deal's scenario begins), never less than the current step, at random
    positions. At most one deal in ten may say it has no past (NotReplayable, a limit its model
    names), and as few of those in a later round (its model's ``round_key`` changed since the start)."""
    if game_spec(name).expert_model is None:
        pytest.skip(f"{name} has no expert model: nothing imagines its deals")
    model = model_for(name)
    drawn = replayed = later = replayed_later = 0
    for state, seat, seed in _positions(name, 30, seed=7):
        seen = remembered_observations(state, seat)
        world = model.redeal(state, seat, seen, random.Random(seed))
        in_a_later_round = model.round_key is not None and seen[0][model.round_key] != seen[-1][model.round_key]
        drawn += 1
        later += in_a_later_round
        try:
            mine = remembered_observations(world, seat)
        except NotReplayable as err:        # a limit the model names (e.g. a hand its scenario cannot write)
            assert not err.fault, (name, state.to_json(), seat, seed)
            continue
        assert 1 <= len(mine) <= len(seen)
        assert mine == seen[len(seen) - len(mine):], (name, state.to_json(), seat, seed)
        assert len(world.states()) == len(mine)
        replayed += 1
        replayed_later += in_a_later_round
    assert replayed * 10 >= drawn * 9, (name, replayed, drawn)
    assert replayed_later * 10 >= later * 9, (name, replayed_later, later)


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_with_a_new_seed_says_it_has_no_past(name):
    """The odds bar's copy of a position with a new seed (``fresh_setup``) cannot replay under that
    seed: asked for its past or its save, it says so instead of giving another game."""
    state = _heuristic_position(name, moves=5)
    copy = state.derive(setup=fresh_setup(state, random.Random(1)))
    for ask in (copy.states, copy.to_json, lambda: remembered_observations(copy, 0)):
        with pytest.raises(NotReplayable, match="new seed"):
            ask()


@pytest.mark.parametrize("name", GAMES)
def test_an_imagined_deal_is_not_written_until_asked(name):
    """The redeal writes no scenario (the search makes thousands of deals): the setup carries a
    record and no text, and the text appears in the save."""
    state = _heuristic_position(name)
    seat = state.current_player
    world = model_for(name).redeal(state, seat, remembered_observations(state, seat), random.Random(2))
    assert world.setup.scenario is None and world.setup.origin is not None
    assert world.setup == load_json(world.to_json()).setup if _writes_its_past(name) else True


@pytest.mark.parametrize("name", GAMES)
def test_the_written_deal_reads_or_fails_with_a_parse_error(name):
    """Each line of an imagined deal's scenario spoiled (its value replaced, or the line dropped)
    reads as a position or raises ParseError saying where: the keys the imagined deals need are
    checked like the rest."""
    if not _writes_its_past(name):
        pytest.skip(f"{name}'s model writes no past for its imagined deals yet")
    state = _heuristic_position(name)
    seat = state.current_player
    world = model_for(name).redeal(state, seat, remembered_observations(state, seat), random.Random(3))
    text = world.states()[0].setup.scenario
    module = game_spec(name).module
    lines = text.splitlines()
    for number, line in enumerate(lines):
        key = line.partition(":")[0]
        for spoiled in (f"{key}: x", f"{key}: 1 2; 3", f"{key}:", ""):
            attempt = "\n".join(lines[:number] + [spoiled] + lines[number + 1:])
            try:
                module.scenario(attempt, seed=world.setup.seed, **world.setup.variant)
            except ParseError:
                pass


def _cards_named(value, deck) -> set:
    """The cards of ``deck`` named anywhere in a move or an observation value."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return set()
    try:
        if value in deck:
            return {value}
    except TypeError:
        pass
    if isinstance(value, dict):
        return set().union(*(_cards_named(part, deck) for part in value.values()))
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(*(_cards_named(part, deck) for part in value))
    if dataclasses.is_dataclass(value):
        return set().union(*(_cards_named(getattr(value, f.name), deck) for f in dataclasses.fields(value)))
    return set()


@pytest.mark.parametrize("name", GAMES)
def test_an_imagined_state_s_history_is_its_own_past(name):
    """``history`` of an imagined state is the moves its own replay applies (what ``to_json``
    saves), from the scenario of its deal, never the real game's: where a real move named a card
    the seat never saw (a face-down card, another's cross or discard), the imagined history names
    the imagined deal's card. Over the positions the imagined deals differ there from the real game
    at least once, as the old history (the real moves) never did; and a state played on from an
    imagined one extends its history by that move."""
    if not _writes_its_past(name):
        pytest.skip(f"{name}'s model writes no past for its imagined deals yet")
    model = model_for(name)
    hidden_steps = differing = 0
    for state, seat, seed in _positions(name, 40, seed=11):
        seen = remembered_observations(state, seat)
        world = model.redeal(state, seat, seen, random.Random(seed))
        try:
            past = world.states()
        except NotReplayable as err:
            assert not err.fault
            with pytest.raises(NotReplayable):
                world.history
            continue
        assert world.history == past[-1].history
        assert [str(move) for move in world.history] == json.loads(world.to_json())["actions"]
        assert len(world.history) <= len(state.history)
        deck = state.cards_in_game()
        never_seen = set(deck) - _cards_named(seen, deck)
        real = state.history[len(state.history) - len(world.history):]
        for real_move, imagined_move in zip(real, world.history):
            if _cards_named(real_move, deck) & never_seen:
                hidden_steps += 1
                differing += real_move != imagined_move
        if not world.is_over:
            move = world.legal_actions()[0]
            assert world.apply(move).history == world.history + (move,)
    assert differing > 0 or hidden_steps == 0, (name, hidden_steps)
