"""The expert's model of The Syndicate: fast playouts that end as the public engine's, the outcome
(points ahead of the others, a game won counting more), imagined deals that respect the leads a
player could not follow, and the odds bar's question (moved from tests/test_expert.py)."""

import random
from collections import Counter

import pytest

from plateau_lab.core import game_spec
from plateau_lab.core.imagining import model_for, playout, remembered_observations
from plateau_lab.lab.expert import odds

from positions import position


def test_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    """The model's outcome (six turns on the fast path, heuristic bots in every seat) is, move for
    move and seed for seed, the outcome of the public engine played by its ``playout_bots``: from
    new turns and turns under way, and playouts that end the game."""

    model = model_for("syndicate")
    where, game_ends = Counter(), 0
    for seed in range(50):
        rng = random.Random(seed)
        state = game_spec("syndicate").new_game(seed=seed, target=rng.choice([3, 6, 12]))
        for _ in range(rng.randrange(0, 30)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        seat = state.current_player
        for action in rng.sample(state.legal_actions(), min(3, len(state.legal_actions()))):
            after, playout_seed = state.apply(action), rng.getrandbits(64)
            end = playout(after, random.Random(playout_seed), lambda now: model.done(state, now),
                          model.playout_bots(state, playout_seed))
            assert model.outcome(state, after, seat, playout_seed) == model.value(state, end, seat), (seed, str(action))
            game_ends += end.is_over
        where["lead" if state.table is None else "answer"] += 1
    assert min(where.values()) >= 10 and game_ends >= 10, (where, game_ends)


def test_outcome_is_the_points_ahead_of_the_others_and_a_game_won_counts_more():
    from plateau_lab.games.syndicate import scenario

    model = model_for("syndicate")
    start = scenario("scores: 10 3 4\nhand 0: Sea, Bard, Castle, Cave, Pact\nhand 1: Author, Desert\n"
                     "hand 2: Journey, Battle, Savage", seed=0)
    won = start.derive(points=(12, 3, 4))
    foiled = start.derive(points=(10, 4, 5))
    assert model.value(start, won, 0) == 2 + model.WIN
    assert model.value(start, won, 1) == -1 - model.WIN / 2
    assert model.value(start, foiled, 0) == -1 and model.value(start, foiled, 2) == 0.5


@pytest.mark.slow
def test_imagined_deals_give_no_player_a_card_sharing_a_lead_he_could_not_follow():
    """A player who answered a lead without sharing its mark holds no such card until he draws;
    that is true of the real hands, and the expert deals every imagined hand so."""
    from plateau_lab.games.syndicate import HeuristicBot
    from plateau_lab.games.syndicate.engine import shares_mark
    from plateau_lab.games.syndicate.expert_model import leads_not_followed

    model, rng, constrained = model_for("syndicate"), random.Random(2), 0
    for seed in range(30):
        state = game_spec("syndicate").new_game(seed=seed, target=20)
        bots = [HeuristicBot(seed + seat) for seat in range(3)]
        while not state.is_over:
            if rng.random() < 0.2:
                seat = rng.randrange(3)
                seen = remembered_observations(state, seat)
                refused = leads_not_followed(seen)
                world = model.redeal(state, seat, seen, rng)
                assert world.observation(seat) == state.observation(seat)
                for player in range(3):
                    for lead in refused[player]:
                        assert not [card for card in state.hands[player] if shares_mark(card, lead)], (seed, player)
                        assert not [card for card in world.hands[player] if shares_mark(card, lead)], (seed, player)
                        constrained += player != seat
            state = state.apply(bots[state.current_player].choose(state))
    assert constrained >= 30, constrained


def test_the_odds_bar_asks_who_wins_the_game():
    bar = odds(position("syndicate", 2, 6), playouts=20)
    assert bar.question == "wins the game" and len(bar.chances) == 3
