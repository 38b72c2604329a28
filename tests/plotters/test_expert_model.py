"""The expert's model of Plotters Inc.: playouts to the end of the round on the fast path, valued as
the round score against the others', analysis while playing and taking, and an expert that beats
the heuristic bots over a round (moved from tests/test_expert.py)."""

import random
from collections import Counter

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.imagining import GameModel, model_for, playout
from plateau_lab.lab.expert import ExpertBot

from positions import analysed_at_two_budgets, position


def test_playouts_end_with_the_round_and_weigh_the_round_score_against_the_others():
    from plateau_lab.games.plotters.engine import GAME_OVER, ROUND_OVER

    model = model_for("plotters")
    checked = 0
    for seed in range(12):
        start = position("plotters", seed, 3 + 7 * seed % 30)
        if start.is_over or start.phase == ROUND_OVER:
            continue
        after = start.apply(start.legal_actions()[0])
        end = playout(after, random.Random(seed), lambda now: model.done(start, now), model.playout_bots(start, seed))
        assert end.phase in (ROUND_OVER, GAME_OVER) and len(end.round_scores) == len(start.round_scores) + 1, seed
        values = [model.value(start, end, seat) for seat in range(start.players)]
        assert sum(values) == pytest.approx(0), seed
        scores = end.round_scores[-1]
        assert values[0] == pytest.approx(scores[0] - sum(scores[1:]) / (start.players - 1)), seed
        checked += 1
    assert checked >= 8


def test_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    """The model's outcome (a fast playout to the end of the round) is, move for move and seed for
    seed, the outcome of the public engine played by its ``playout_bots``: from positions in the
    middle of a trick, with High picking, with a player keeping two colours, and moves that end a
    round or the game."""

    model = model_for("plotters")
    from plateau_lab.games.plotters.engine import high_share

    def reached(state, wanted):
        if wanted == "the last take":     # High's last pick of the round's last trick
            return state.phase == "take" and not any(state.hands) and len(state.picked) == high_share(state.players) - 1
        return state.phase == wanted

    wanted = ("play", "take", "keep", "the last take")
    phases, round_ends = Counter(), 0
    for seed in range(40):
        rng = random.Random(seed)
        state = game_spec("plotters").new_game(rng.choice([4, 5, 6]), seed=seed)
        phase, skip = wanted[seed % len(wanted)], rng.randrange(0, 80 * state.players)
        while not state.is_over and (len(state.history) < skip or not reached(state, phase)):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        for action in state.legal_actions()[:4]:
            after, playout_seed = state.apply(action), rng.getrandbits(64)
            fast = model.outcome(state, after, seat, playout_seed)
            assert fast == GameModel.outcome(model, state, after, seat, playout_seed), (seed, str(action))
            round_ends += model.done(state, after)
        phases[state.phase] += 1
    assert min(phases[phase] for phase in ("play", "take", "keep")) >= 8 and round_ends >= 5, (phases, round_ends)


def test_analysis_intervals_shrink_with_the_budget_while_playing_and_taking():
    from plateau_lab.games import plotters

    state = plotters.new_game(4, seed=0)
    while state.phase != "take" or len(state.round_scores) < 1:
        state = state.apply(plotters.HeuristicBot().choose(state))
    taking = state
    playing = state.apply(state.legal_actions()[0])
    while playing.phase != "play" or len(playing.legal_actions()) < 2:
        playing = playing.apply(plotters.HeuristicBot().choose(playing))
    for position_ in (taking, playing):
        large = analysed_at_two_budgets(position_)
        assert all(move.low <= move.mean <= move.high for move in large.moves)


@pytest.mark.slow
def test_expert_beats_the_heuristic_bots_over_a_round_in_a_small_seeded_duplicate_match():
    from plateau_lab.games import plotters

    gains = []
    for seed in range(2):
        def first_round(expert_seat):
            state = plotters.new_game(4, seed=seed)
            bots = [plotters.HeuristicBot() for _ in range(4)]
            if expert_seat is not None:
                bots[expert_seat] = ExpertBot(seed=seed, playouts=24)
            while not state.round_scores:
                state = state.apply(bots[state.current_player].choose(state))
            return state.round_scores[0]
        base = first_round(None)
        gains += [first_round(seat)[seat] - base[seat] for seat in range(4)]
    assert sum(gains) > 0, gains
