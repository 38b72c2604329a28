"""The expert's model of Le Plateau: imagined deals that respect the suits a player failed to follow
and keep the engine's order, analysis in bidding and in card play, and the odds bar's question (do
the declarers make the contract) (moved from tests/test_expert.py)."""

import random

from plateau_lab.core.imagining import model_for, remembered_observations
from plateau_lab.lab.expert import odds

from positions import analysed_at_two_budgets, position


def test_imagined_deals_give_no_player_a_suit_he_failed_to_follow():
    from plateau_lab.games.le_plateau.expert_model import voids_seen

    model, rng, checked = model_for("le_plateau"), random.Random(3), 0
    for seed in range(12):
        state = position("le_plateau", seed, 45)
        if state.is_over or state.phase != "play":
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        voids = voids_seen(seen, state.rules.french_excuse)
        for player, suits in voids.items():
            assert not [card for card in state.hands[player] if card.suit in suits], (seed, player)
        checked += sum(1 for player in voids if player != seat)
        for _ in range(10):
            world = model.redeal(state, seat, seen, rng)
            for player, suits in voids.items():
                assert not [card for card in world.hands[player] if card.suit in suits], (seed, player)
    assert checked >= 5


def test_playouts_from_imagined_deals_are_the_engine_s_games():
    """An imagined deal keeps every hand in the engine's order, so a playout from it on the fast path
    is, seed for seed, the game the public engine plays with random bots from that deal."""
    from plateau_lab.core.bots import RandomBot
    from plateau_lab.games.le_plateau.cards import sorted_cards
    from plateau_lab.games.le_plateau.fast import play_on

    model, rng, checked = model_for("le_plateau"), random.Random(5), 0
    for seed in range(8):
        state = position("le_plateau", seed, 25 + 3 * seed)
        if state.is_over or state.phase != "play":
            continue
        seat = state.current_player
        seen = remembered_observations(state, seat)
        for _ in range(6):
            world = model.redeal(state, seat, seen, rng)
            assert all(tuple(hand) == sorted_cards(hand) for hand in world.hands)
            seeds = [rng.getrandbits(32) for _ in range(world.players)]
            record = play_on(world, seeds, rounds=1)
            points, moves = tuple(row["points"] for row in record.rounds), record.actions
            engine, bots, played = world, [RandomBot(bot_seed) for bot_seed in seeds], 0
            while engine.phase == "play":
                engine = engine.apply(bots[engine.current_player].choose(engine))
                played += 1
            assert (points, moves) == (tuple(engine.result.points), played)
            checked += 1
    assert checked >= 24


def test_analysis_intervals_shrink_with_the_budget_in_bidding_and_in_card_play():
    from plateau_lab.games import le_plateau

    state = le_plateau.new_game(4, seed=7)
    bidding = state
    while state.phase != "play":
        state = state.apply(le_plateau.HeuristicBot().choose(state))
    for position_ in (bidding, state.apply(state.legal_actions()[0])):
        analysed_at_two_budgets(position_)


def test_the_odds_bar_asks_whether_the_declarers_make_the_contract():
    plateau = position("le_plateau", 4, 60)
    bar = odds(plateau, playouts=20)
    if plateau.contract is not None and plateau.phase == "play":
        assert bar.question == "the declarers make the contract" and bar.labels == ("declarers",)
        assert str(bar).startswith("The declarers: ")
