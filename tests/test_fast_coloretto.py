"""Coloretto's fast playout plays exactly the public engine's games with RandomBot."""

import pytest

from plateau_lab.bots import RandomBot
from plateau_lab.core import play_out
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto import fast


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [{}, {"scoring": "grey"}, {"golden_joker": True}],
                         ids=["brown", "grey", "golden_joker"])
def test_same_actions_and_scores_as_the_public_engine(players, options):
    for seed in range(60):
        bot_seeds = [seed * 11 + seat for seat in range(players)]
        scores, actions, moves, _ = fast.playout(players, seed, bot_seeds, trace=True, **options)
        final = play_out(coloretto.new_game(players, seed=seed, **options), [RandomBot(s) for s in bot_seeds])
        assert fast.public_actions(moves) == list(final.history), seed
        assert scores == final.scores and actions == len(final.history)


def test_extra_columns_agree_with_the_public_engine():
    for seed in range(20):
        fast_record = fast.play_fast(4, seed, [1, 2, 3, 4], {"golden_joker": True})
        public_record = fast.play_public(coloretto.new_game(4, seed=seed, golden_joker=True),
                                         [RandomBot(s) for s in (1, 2, 3, 4)])
        assert fast_record == public_record
    assert set(fast_record.extras[0]) == {"colours", "cards", "jokers", "plus_twos"}


def test_unknown_options_are_refused():
    with pytest.raises(ValueError, match="unknown option"):
        fast.play_fast(3, 1, [1, 2, 3], {"speed": 1})
    with pytest.raises(ValueError, match="scoring table"):
        fast.playout(3, 1, [1, 2, 3], scoring="blue")
