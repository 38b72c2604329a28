"""The five games OpenSpiel lacks, wrapped as OpenSpiel Python games (``benchmarks/openspiel_games.py``,
what ``benchmarks/bench_ismcts.py`` plays OpenSpiel's ISMCTS on), against our engine: random games
through the wrapper and the engine side by side give the same player to move, the same legal moves
at every step and the same returns; a resampled world is one the player cannot tell from the real
one; and OpenSpiel's ISMCTSBot plays a legal move through the wrapper."""

import random
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")

sys.path.insert(0, str(Path(__file__).parent.parent / "benchmarks"))
import openspiel_games  # noqa: E402

from plateau_lab.core import game_spec  # noqa: E402

GAMES_EACH = 6


def random_game(name, seed):
    """A random game through the wrapper and the engine together, checked at every step; the list
    of the engine's states and the wrapper's state at the end."""
    game = pyspiel.load_game(openspiel_games.openspiel_name(name), {"seed": seed})
    state = game.new_initial_state()
    engine = game_spec(name).new_game(game.num_players(), seed=seed)
    states, rng = [engine], random.Random(seed)
    while not engine.is_over:
        player = state.current_player()
        assert player == engine.current_player
        legal = state.legal_actions()
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        assert sorted(state.action_to_string(player, action) for action in legal) == sorted(
            map(str, engine.legal_actions()))
        assert state.legal_actions((player + 1) % game.num_players()) == []
        move = rng.choice(engine.legal_actions())
        state.apply_action(game.number_of(move))
        engine = engine.apply(move)
        states.append(engine)
        assert state.engine == engine
    assert state.is_terminal() and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [float(score) for score in engine.scores]
    return game, states, state


@pytest.mark.parametrize("name", openspiel_games.GAMES)
def test_random_games_move_for_move_with_the_engine(name):
    for seed in range(GAMES_EACH):
        random_game(name, seed)


@pytest.mark.parametrize("name", openspiel_games.GAMES)
def test_a_resampled_world_looks_the_same_to_its_player(name):
    game, states, _ = random_game(name, 11)
    rng = random.Random(3)
    differ = 0
    for stop in sorted(rng.sample(range(len(states) - 1), 8)):
        state = openspiel_games.wrap(game, states[:stop + 1])
        player = state.current_player()
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        differ += world.engine != state.engine
        # a world is played on like the real game, and its moves leave the real one as it was
        world.apply_action(world.legal_actions()[0])
        assert state.engine == states[stop]
    assert differ > 0, "resampling never dealt the hidden cards anew"


@pytest.mark.parametrize("name", openspiel_games.GAMES)
def test_the_information_state_remembers_the_past(name):
    game, states, _ = random_game(name, 5)
    first = openspiel_games.wrap(game, states[:2])
    for player in range(game.num_players()):
        strings = {openspiel_games.wrap(game, states[:stop]).information_state_string(player)
                   for stop in range(1, 12)}
        assert len(strings) == 11          # every step is a new step of the player's memory
        assert first.information_state_string(player) == first.after(states[1]).step.parent.digest(player)


@pytest.mark.parametrize("name", openspiel_games.GAMES)
def test_openspiels_ismcts_plays_a_legal_move(name):
    from open_spiel.python.algorithms.ismcts import ISMCTSBot
    from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator
    import numpy as np

    game, states, _ = random_game(name, 2)
    stop = next(index for index in range(5, len(states)) if len(states[index].legal_actions()) > 1)
    state = openspiel_games.wrap(game, states[:stop + 1])
    bot = ISMCTSBot(game, RandomRolloutEvaluator(1, np.random.RandomState(1)), 2.0, 8,
                    random_state=np.random.RandomState(2))
    assert bot.step(state) in state.legal_actions()


def hands_in(world) -> list[set[int]]:
    """Each player's cards still in hand in OpenSpiel's Oh Hell state ``world`` (from its history)."""
    history, players = world.history(), world.num_players()
    tricks = history[0]
    deal = history[2:2 + players * tricks]
    played = set(history[3 + players * tricks:])
    return [{card for place, card in enumerate(deal) if place % players == seat and card not in played}
            for seat in range(players)]


@pytest.mark.parametrize("seed, steps", [(38_198, 0), (38_009, 30), (38_011, 18)])
def test_the_fair_oh_hell_resampler_deals_every_unseen_card_and_keeps_what_the_player_saw(seed, steps):
    """bench_ismcts.py's Oh Hell opponent samples its worlds with ``fair_oh_hell_resampler``: each
    world keeps the player's information state and legal moves, deals the undealt cards too (not
    only the others' real cards, as OpenSpiel's own resampler does), and gives no player a suit he
    did not follow."""
    from plateau_lab.games.oh_hell.expert_model import suits_lacking
    spec = game_spec("oh_hell")
    state = spec.new_game(4, seed=seed)
    theirs = openspiel_games.oh_hell_state(state)
    bots = [spec.bot("heuristic", seat) for seat in range(4)]
    for _ in range(steps):
        move = bots[state.current_player].choose(state)
        state = state.apply(move)
        theirs.apply_action(openspiel_games.oh_hell_action(move))
    seat = state.current_player
    others = [other for other in range(4) if other != seat]
    real = hands_in(theirs)
    lacking = suits_lacking(state.finished_tricks, state.trick, 4)
    resample = openspiel_games.fair_oh_hell_resampler(random.Random(seed))
    worlds = [resample(theirs, seat) for _ in range(100)]
    assert all(world.information_state_string(seat) == theirs.information_state_string(seat) for world in worlds)
    assert all(world.legal_actions() == theirs.legal_actions() for world in worlds)
    held = [hands_in(world) for world in worlds]
    assert all(hands[seat] == real[seat] for hands in held)
    assert any(set().union(*(hands[other] for other in others)) != set().union(*(real[other] for other in others))
               for hands in held), "some world deals an opponent a card nobody was dealt"
    assert all(not lacking[other] & (1 << (card % 4)) for hands in held for other in others for card in hands[other])
