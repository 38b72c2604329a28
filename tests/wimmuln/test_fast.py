"""Wimmüln's fast playout plays exactly the public engine's games with RandomBot.

The agreement tests play the public engine in lockstep with the fast playout: at every step the
fast playout's ``on_step`` checks that the seat to move and the texts of the legal actions, in
order, are the engine's, and that the random bot there picks the same one.
"""

import pytest

from lockstep import Follower

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln import fast
from plateau_lab.lab.simulate import simulate

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

# The option combinations besides the default (whole games, below): the bounds and values between.
OPTIONS = [{"rounds": 1}, {"target": 1}, {"target": 40}, {"target": 500, "rounds": 3}, {"target": 1000, "rounds": 2},
           {"target": 1, "rounds": 100}]


def lockstep(players, seed, bot_seeds, variant):
    """Play the fast path and the public engine side by side; the engine's final state."""
    bots = [RandomBot(s) for s in bot_seeds]
    state = wimmuln.new_game(players, seed=seed, **variant)

    def on_step(seat, legal, index):
        nonlocal state
        assert seat == state.current_player, (players, seed, variant, len(state.history))
        assert legal == [str(action) for action in state.legal_actions()], (players, seed, variant, len(state.history))
        action = bots[seat].choose(state)
        assert str(action) == legal[index]
        state = state.apply(action)

    record = fast.play_fast(players, seed, bot_seeds, variant, on_step=on_step)
    assert state.is_over and record.scores == state.scores and record.actions == len(state.history)
    public = fast.play_public(wimmuln.new_game(players, seed=seed, **variant), [RandomBot(s) for s in bot_seeds])
    assert record == public
    return state


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_single_rounds_agree_with_the_public_engine_at_every_step(players):
    no_trumps = doubles = 0
    for seed in range(150):
        final = lockstep(players, seed, [seed * 11 + seat for seat in range(players)], {"rounds": 1})
        no_trumps += final.round_results[0].trump is None
        doubles += any(cross.top == cross.bottom for cross in final.round_results[0].estimates)
    assert no_trumps > 0 and doubles > 0     # the dealer's choice and crosses of twin cards were played too


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_games_agree_with_the_public_engine_at_every_step(players):
    for seed in range(10):
        final = lockstep(players, seed, [seed * 13 + seat for seat in range(players)], {})
        assert max(final.scores) >= 200


@pytest.mark.parametrize("variant", OPTIONS)
def test_every_option_combination_agrees_with_the_public_engine(variant):
    for seed in range(8):
        for players in (3, 4, 5, 6):
            lockstep(players, seed, [seed + seat for seat in range(players)], variant)
    lockstep(5, 99, [7] * 5, variant)        # every seat's bot with the same seed


def test_the_variant_may_hold_every_option_with_its_default():
    every = wimmuln.SPEC.check_variant({})
    assert fast.play_fast(4, 3, [1, 2, 3, 4], every) == fast.play_fast(4, 3, [1, 2, 3, 4], {})


@pytest.mark.parametrize("players", [3, 6])
def test_rounds_and_extras_agree_with_the_public_engine(players):
    for seed in range(4):
        bot_seeds = list(range(players))
        assert fast.play_fast(players, seed, bot_seeds, {}) == fast.play_public(
            wimmuln.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])


def test_the_table_of_rounds_adds_up_to_the_scores():
    rounds = simulate("wimmuln", 3, players=4, table="rounds", workers=1, progress=False).to_pandas()
    players = simulate("wimmuln", 3, players=4, workers=1, progress=False).to_pandas()
    assert (rounds.groupby(["game_index", "round"]).tricks.sum() == 13).all()      # 15 cards, 2 in the cross
    totals = rounds.groupby(["game_index", "seat"]).points.sum()
    assert totals.tolist() == players.set_index(["game_index", "seat"]).score.tolist()
    assert (rounds.points == rounds.triangles + rounds.bonus).all()
    assert ((rounds.bonus > 0) == (rounds.hit_face_up | rounds.hit_face_down)).all()
    assert (players.rounds == players.game_index.map(rounds.groupby("game_index")["round"].max())).all()
    assert (players.hits <= players.rounds).all()


def test_heuristic_bots_play_on_the_public_engine_with_the_same_columns():
    table = simulate("wimmuln", 2, players=3, bots=["heuristic", "random", "random"], variant={"rounds": 2},
                     workers=1, progress=False).to_pandas()
    assert table.bot.tolist() == ["heuristic", "random", "random"] * 2
    assert set(table.columns) >= {"tricks", "triangles", "bonus", "hits", "rounds"}
    assert set(table["rounds"]) == {2}


def test_unknown_or_bad_options_are_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"speed": 1})
    with pytest.raises(ValueError, match="rounds must be a whole number from 1 to 100"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"rounds": 0})
    with pytest.raises(ValueError, match="target must be a whole number from 1 to 1000"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"target": 10**9})
    with pytest.raises(TypeError, match="target must be a whole number"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"target": "200"})


def test_the_fast_module_imports_no_private_name():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(fast))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names]
    assert imported and not [name for name in imported if name.startswith("_")]


def test_the_tricks_from_any_position_are_the_engine_s_move_by_move():
    """From positions of the play phase reached by other moves (mid-trick, late in a round, later
    rounds, 3 to 6 players), the fast tricks play on exactly as the public engine with RandomBot,
    to the end of the round or of the game, and score the rounds alike."""
    import random

    checked = 0
    for seed in range(160):
        rng = random.Random(seed)
        state = wimmuln.new_game(rng.choice([3, 4, 5, 6]), seed=seed)
        for _ in range(rng.randrange(0, 120)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.phase != "play":
            continue
        bot_seeds = [seed * 11 + seat for seat in range(state.players)]
        rounds = rng.choice([1, None])
        follow = Follower(state, bot_seeds)
        record = fast.play_on(state, bot_seeds, rounds=rounds, on_step=follow)
        end = follow.state
        assert end.is_over or (rounds == 1 and end.phase == "round over"), seed
        assert record.scores == end.scores, seed
        results = end.round_results[len(state.round_results):]
        assert len(results) == 1 or rounds is None, seed
        assert [(row["tricks"], row["points"]) for row in record.rounds] == [
            (result.tricks[seat], result.points[seat]) for result in results for seat in range(state.players)], seed
        assert record.actions == len(end.history) - len(state.history), seed
        checked += 1
    assert checked >= 60
