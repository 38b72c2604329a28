"""Le Plateau's fast heuristic bot chooses exactly the moves of the public ``HeuristicBot``: at
every step of many seeded games (every player count, the variants, heuristic bots alone or with
random ones) the same player moves, among the same legal actions, and picks the same one."""

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau import HeuristicBot, SPEC, fast
from .test_fast import card_play_positions, label

#: Lockstep with the public engine over many games: left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

VARIANTS = [(players, {}) for players in SPEC.players] + [
    (2, {"board": "random"}), (3, {"full_deck": True}), (4, {"full_deck": True, "french_excuse": True}),
    (5, {"full_deck": True, "french_excuse": True}), (5, {"counter_sabotage": True}),
    (6, {"french_excuse": True}), (4, {"full_deck": True, "positive_only": True}),
    (5, {"positive_only": True, "counter_sabotage": True})] + [
    (players, {"positive_only": True}) for players in SPEC.players]     # the bids read the scoring


def seats_of(players: int, seed: int) -> list[bool]:
    """Which seats have the heuristic bot: all of them in even games, every other seat in odd ones."""
    return [seed % 2 == 0 or seat % 2 == 0 for seat in range(players)]


def play_in_lockstep(players: int, seed: int, options: dict, heuristic: list[bool]) -> int:
    """The fast playout, then the public engine with the same bots, compared at every step."""
    bot_seeds = [seed * 13 + seat for seat in range(players)]
    steps = []
    scores, actions, _ = fast.playout(players, seed, bot_seeds, options, heuristic=heuristic,
                                      on_step=lambda seat, legal, index: steps.append((seat, legal, index)))
    state = le_plateau.new_game(players, seed=seed, **options)
    bots = [HeuristicBot(bot_seed) if smart else RandomBot(bot_seed) for bot_seed, smart in zip(bot_seeds, heuristic)]
    for number, (seat, legal, index) in enumerate(steps):
        assert state.current_player == seat, (seed, number)
        assert [str(action) for action in state.legal_actions()] == legal, (seed, number)
        action = bots[seat].choose(state)
        assert str(action) == legal[index], (seed, number, state.log[-3:])
        state = state.apply(action)
    assert state.is_over and state.scores == scores and len(state.history) == actions == len(steps), seed
    return len(steps)


@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=[label(*variant) for variant in VARIANTS])
def test_the_fast_heuristic_bot_makes_the_public_bots_moves(players, options):
    assert sum(play_in_lockstep(players, seed, options, seats_of(players, seed)) for seed in range(6)) > 0


def test_from_any_card_play_position_too():
    for players in (2, 4, 6):
        for number, state in enumerate(card_play_positions(players, 5, {}, every=3)):
            heuristic = seats_of(players, number)
            bot_seeds = [number * 7 + seat for seat in range(players)]
            steps = []
            names = ["heuristic" if smart else "random" for smart in heuristic]
            record = fast.play_on(state, bot_seeds, bots=names, rounds=1, on_step=lambda *step: steps.append(step))
            points, moves = tuple(row["points"] for row in record.rounds), record.actions
            bots = [HeuristicBot(s) if smart else RandomBot(s) for s, smart in zip(bot_seeds, heuristic)]
            for seat, legal, index in steps:
                assert [str(action) for action in state.legal_actions()] == legal
                action = bots[seat].choose(state)
                assert str(action) == legal[index]
                state = state.apply(action)
            assert state.result.points == points and moves == len(steps)


def test_simulate_plays_heuristic_bots_on_the_fast_path_with_the_public_results():
    from plateau_lab.lab.simulate import fast_bots, simulate

    assert fast_bots(fast) == {"random", "heuristic", "bold"}
    bots = ["heuristic", "random", "bold"]
    fast_table = simulate("le_plateau", 6, players=3, bots=bots, workers=1, progress=False).to_pandas()
    public_table = simulate("le_plateau", 6, players=3, bots=bots, workers=1, progress=False, fast=False).to_pandas()
    assert fast_table.equals(public_table)


def test_play_fast_refuses_a_bot_it_does_not_play():
    with pytest.raises(ValueError, match="each one of bold, heuristic, random"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {}, bots=["heuristic", "expert", "random", "random"])
    with pytest.raises(ValueError, match="one bot per seat"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {}, bots=["heuristic"])
