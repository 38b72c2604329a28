"""Le Plateau's fast playout plays exactly the public engine's games with RandomBot."""

import pytest

from plateau_lab.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau import fast
from plateau_lab.simulate import simulate

VARIANTS = [(players, {}) for players in (2, 3, 4, 5, 6)] + [
    (3, {"full_deck": True}), (4, {"full_deck": True}), (5, {"full_deck": True, "french_excuse": True}),
    (6, {"french_excuse": True}), (5, {"positive_only": True}), (5, {"positive_only": True, "counter_sabotage": True}),
    (4, {"board": "random", "hands": 8}),
]


@pytest.mark.parametrize("players, options", VARIANTS, ids=[f"{p}-{'-'.join(o) or 'standard'}" for p, o in VARIANTS])
def test_same_actions_and_scores_as_the_public_engine(players, options):
    for seed in range(12):
        bot_seeds = [seed * 17 + seat for seat in range(players)]
        scores, actions, moves, _ = fast.playout(players, seed, bot_seeds, trace=True, **options)
        final = play_out(le_plateau.new_game(players, seed=seed, **options), [RandomBot(s) for s in bot_seeds])
        assert moves == list(final.history), seed
        assert scores == final.scores and actions == len(final.history)


@pytest.mark.parametrize("players", [2, 5])
def test_hands_and_extras_agree_with_the_public_engine(players):
    for seed in range(4):
        bot_seeds = list(range(players))
        assert fast.play_fast(players, seed, bot_seeds, {}) == fast.play_public(
            le_plateau.new_game(players, seed=seed), [RandomBot(s) for s in bot_seeds])


def test_the_table_of_hands_is_zero_sum_and_has_one_declarer_per_hand():
    hands = simulate("le_plateau", 4, players=4, table="rounds", workers=1, progress=False)
    played = hands[~hands.passed_out]
    assert (played.groupby(["game_index", "round"]).declarer.sum() == 1).all()
    assert (hands.groupby(["game_index", "round"]).points.sum() == 0).all()
    players = simulate("le_plateau", 4, players=4, workers=1, progress=False)
    assert players.declared.sum() == len(played) / 4
    assert (players.made <= players.declared).all() and (players.declared <= players.on_team).all()


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(4, 1, [1, 2, 3, 4], {"speed": 1})
