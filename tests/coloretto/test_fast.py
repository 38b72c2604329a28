"""Coloretto's fast playout offers, at every step, exactly the public engine's legal actions."""

import pytest

from lockstep import Follower

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import fast

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

OPTIONS = [{"scoring": scoring, "golden_joker": golden} for scoring in ("brown", "grey") for golden in (False, True)]


def fast_steps(players, seed, bot_seeds, options):
    """The fast playout's record and every step it took: (seat, legal action texts, chosen index)."""
    steps = []
    record = fast.play_fast(players, seed, bot_seeds, options,
                            on_step=lambda seat, legal, index: steps.append((seat, legal, index)))
    return record, steps


def engine_steps(players, seed, bot_seeds, options):
    """The public engine's final state and every step of its game with RandomBots, alike."""
    state = coloretto.new_game(players, seed=seed, **options)
    bots = [RandomBot(bot_seed) for bot_seed in bot_seeds]
    steps = []
    while not state.is_over:
        legal = state.legal_actions()
        action = bots[state.current_player].choose(state)
        steps.append((state.current_player, [str(a) for a in legal], legal.index(action)))
        state = state.apply(action)
    return state, steps


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda options: "-".join(map(str, options.values())))
def test_the_same_legal_actions_at_every_step_as_the_public_engine(players, options):
    for seed in range(40):
        bot_seeds = [seed * 11 + seat for seat in range(players)]
        record, fast_trace = fast_steps(players, seed, bot_seeds, options)
        final, engine_trace = engine_steps(players, seed, bot_seeds, options)
        for number, (fast_step, engine_step) in enumerate(zip(fast_trace, engine_trace)):
            assert fast_step == engine_step, f"seed {seed}, step {number}"
        assert len(fast_trace) == len(engine_trace) == record.actions == len(final.history)
        assert record.scores == final.scores


def test_on_step_changes_nothing():
    plain = fast.play_fast(4, 3, [1, 2, 3, 4], {"golden_joker": True})
    watched, steps = fast_steps(4, 3, [1, 2, 3, 4], {"golden_joker": True})
    assert plain == watched and len(steps) == plain.actions


def test_extra_columns_agree_with_the_public_engine():
    for seed in range(20):
        fast_record = fast.play_fast(4, seed, [1, 2, 3, 4], {"golden_joker": True})
        public_record = fast.play_public(coloretto.new_game(4, seed=seed, golden_joker=True),
                                         [RandomBot(s) for s in (1, 2, 3, 4)])
        assert fast_record == public_record
    assert set(fast_record.extras[0]) == {"colours", "cards", "jokers", "plus_twos"}


def test_every_option_with_its_default_filled_in_is_accepted():
    full = dict(coloretto.SPEC.check_variant({}))
    assert fast.play_fast(3, 1, [1, 2, 3], full) == fast.play_fast(3, 1, [1, 2, 3], {})


def test_unknown_options_players_and_seeds_are_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(3, 1, [1, 2, 3], {"speed": 1})
    with pytest.raises(ValueError, match="scoring must be one of"):
        fast.play_fast(3, 1, [1, 2, 3], {"scoring": "blue"})
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 5"):
        fast.play_fast(6, 1, [1] * 6, {})
    with pytest.raises(ValueError, match="one bot seed per seat"):
        fast.play_fast(3, 1, [1, 2], {})
    with pytest.raises(TypeError, match="seed must be a whole number"):
        fast.play_fast(3, "x", [1, 2, 3], {})


@pytest.mark.parametrize("players, variant", [(2, {}), (3, {"golden_joker": True}), (4, {"scoring": "grey"}),
                                              (5, {"golden_joker": True})])
def test_play_on_from_any_position_plays_the_engine_s_game_move_by_move(players, variant):
    """From positions reached by other moves (drawing, a card in hand, rows taken, late rounds),
    the fast path plays on exactly as the public engine with RandomBot."""
    import random

    for seed in range(40):
        rng = random.Random(seed)
        state = coloretto.new_game(players, seed=seed, **variant)
        for _ in range(rng.randrange(0, 150)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        bot_seeds = [seed * 7 + seat for seat in range(players)]
        follow = Follower(state, bot_seeds)
        record = fast.play_on(state, bot_seeds, on_step=follow)
        assert follow.state.is_over and record.scores == follow.state.scores, seed
        assert record.actions == len(follow.state.history) - len(state.history), seed


def test_play_on_stops_at_the_end_of_a_round_when_asked():
    state = coloretto.new_game(3, seed=2).apply("draw")
    record = fast.play_on(state, [1, 2, 3], rounds=1)
    engine, bots = state, [RandomBot(s) for s in (1, 2, 3)]
    while engine.round_number == state.round_number and not engine.is_over:
        engine = engine.apply(bots[engine.current_player].choose(engine))
    assert record.scores == engine.scores and record.actions == len(engine.history) - len(state.history)
    assert record == fast.play_on(state, [1, 2, 3], bots=["random"] * 3, rounds=1)
