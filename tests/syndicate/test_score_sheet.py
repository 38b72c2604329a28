"""The Syndicate's score sheet: every turn of the game counted, as mastermind and as enforcer."""

import random

from plateau_lab.games.syndicate import new_game
from plateau_lab.games.syndicate.scoring import resolved_turns, score_sheet


def play_out(seed):
    rng, state = random.Random(seed), new_game(seed=seed, target=5)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def test_every_turn_of_the_game_is_counted_once():
    for seed in range(5):
        state = play_out(seed)
        turns, before = resolved_turns(state)
        assert len(turns) == sum(line.startswith("Totals: mastermind") for line in state.log)
        assert before == (0, 0, 0)
        sheet = score_sheet(state, 0)
        assert f"{len(turns)} turns counted" in sheet.title
        assert sum(int(row.items[0].what.split()[1]) for row in sheet.rows) == len(turns)   # "mastermind N times"
        assert tuple(row.total for row in sheet.rows) == state.scores


def test_no_sheet_before_the_game_is_over():
    state = new_game(seed=1)
    assert score_sheet(state, 0) is None
