"""The expert's model of Wimmüln: imagined deals that respect the colours a player did not follow
and the dealer's shown card, the odds bar's question (does each player hit the estimate), and an
expert that beats the heuristic bots (moved from tests/test_expert.py)."""

import random
from collections import Counter

import pytest

from plateau_lab.core.imagining import model_for, remembered_observations
from plateau_lab.lab.expert import ExpertBot, odds

from positions import position


def test_deals_agree_with_the_colours_a_player_did_not_follow_and_the_dealer_s_shown_card():
    from plateau_lab.games import wimmuln
    from plateau_lab.games.wimmuln.expert_model import colours_lacking, dealers_known_cards

    model, rng, checked = model_for("wimmuln"), random.Random(3), 0
    for seed in range(40):
        state = wimmuln.new_game(4, seed=seed)
        bots = [wimmuln.HeuristicBot() for _ in range(4)]
        while state.phase != "play" or len(state.finished_tricks) < 4 or state.current_player == state.dealer:
            state = state.apply(bots[state.current_player].choose(state))
        lacking, known = colours_lacking(state), dealers_known_cards(state)
        if not any(lacking) or not known:
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        for _ in range(20):
            world = model.redeal(state, seat, seen, rng)
            assert world.observation(seat) == state.observation(seat)
            assert world.cards_in_game() == state.cards_in_game()
            for other in range(4):
                assert not {card.colour_index for card in world.hands[other]} & lacking[other], (seed, other)
            dealer = state.dealer
            held = Counter(world.hands[dealer]) + Counter([world.estimates[dealer].bottom])
            assert not known - held, seed
        checked += 1
    assert checked >= 5


@pytest.mark.slow
def test_expert_beats_the_heuristic_bots_in_a_small_seeded_duplicate_match():
    from plateau_lab.games import wimmuln

    gains = []
    for seed in range(6):
        def play(expert_seat):
            state = wimmuln.new_game(4, seed=seed, rounds=1)
            bots = [wimmuln.HeuristicBot() for _ in range(4)]
            if expert_seat is not None:
                bots[expert_seat] = ExpertBot(seed=seed, playouts=60)
            while not state.is_over:
                state = state.apply(bots[state.current_player].choose(state))
            return state.scores
        base = play(None)
        gains += [play(seat)[seat] - base[seat] for seat in range(4)]
    assert sum(gains) > 0


def test_the_odds_bar_asks_who_hits_the_estimate_once_the_crosses_are_laid():
    wimmuln = position("wimmuln", 2, 0)
    assert odds(wimmuln, playouts=5) is None          # before the crosses are laid: nothing to hit yet
    playing = position("wimmuln", 2, 12)
    assert playing.phase == "play"
    bar = odds(playing, seat=playing.current_player, playouts=20)
    assert bar.question == "hits the estimate" and len(bar.labels) == 4
    assert "hits the estimate" in str(bar) and "%" in str(bar)
