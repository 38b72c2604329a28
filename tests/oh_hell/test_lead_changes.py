"""Oh Hell's lead changes (issue 40): a round per trick, each player's standing what he would score if the
hand stopped there, against his bid (moved from tests/test_lead_changes.py)."""

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.bots import make_bot
from plateau_lab.lab.shape import lead_changes, round_totals

SEEDS = range(8)


def bot_seeds_for(seed, players):
    return [seed * 10 + seat for seat in range(players)]


def oh_hell_standings_by_replay(state, bots):
    """Oh Hell: zeros, then what each player would score if the hand stopped after each trick (its
    tricks won so far against its bid, under the hand's rules), read from the public engine."""
    lines = [tuple([0] * state.players)]
    while not state.is_over:
        after = state.apply(bots[state.current_player].choose(state))
        if sum(after.tricks_won) != sum(state.tricks_won):
            lines.append(tuple(after.rules.score(bid, won) for bid, won in zip(after.bids, after.tricks_won)))
        state = after
    return lines


@pytest.mark.parametrize("seed", SEEDS)
def test_oh_hell_lists_a_round_per_trick_the_standing_against_the_bids(seed):
    spec = game_spec("oh_hell")
    module = spec.fast_module()
    names = ["heuristic", "random", "bold", "heuristic"]
    bot_seeds = bot_seeds_for(seed, 4)
    record = module.play_fast(4, seed, bot_seeds, {}, bots=names, list_rounds=True)
    state = spec.new_game(4, seed=seed)
    assert len(record.rounds) == 4 * state.tricks and record.rounds[0]["round"] == 1
    replayed = oh_hell_standings_by_replay(state, [make_bot("oh_hell", name, s) for name, s in zip(names, bot_seeds)])
    assert round_totals(record.rounds, record.scores) == replayed and replayed[-1] == record.scores
    plain = module.play_fast(4, seed, bot_seeds, {}, bots=names)
    assert plain.rounds == () and (plain.scores, plain.actions, plain.extras) == \
        (record.scores, record.actions, record.extras)


def test_oh_hell_played_on_mid_hand_numbers_the_tricks_from_the_one_under_way():
    spec = game_spec("oh_hell")
    module = spec.fast_module()
    state, mover = spec.new_game(3, seed=5, tricks=5), RandomBot(5)
    while sum(state.tricks_won) < 2:
        state = state.apply(mover.choose(state))
    state = state.apply(mover.choose(state))              # the third trick under way
    bot_seeds = bot_seeds_for(5, 3)
    record = module.play_on(state, bot_seeds, list_rounds=True)
    public = module.play_public(state, [RandomBot(s) for s in bot_seeds], list_rounds=True)
    assert record == public and [row["round"] for row in record.rounds[::3]] == [3, 4, 5]
    assert round_totals(record.rounds, record.scores)[-1] == record.scores


def test_oh_hell_the_lead_changes_between_tricks_in_some_hands():
    module = game_spec("oh_hell").fast_module()
    counts = [lead_changes(round_totals(record.rounds, record.scores))
              for record in (module.play_fast(4, seed, bot_seeds_for(seed, 4), {"tricks": 8},
                                              bots=["heuristic"] * 4, list_rounds=True) for seed in range(30))]
    assert max(counts) > 0 and min(counts) < max(counts)
