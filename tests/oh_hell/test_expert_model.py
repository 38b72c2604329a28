"""The expert's model of Oh Hell: imagined deals a seat cannot tell from the real one (the same
observation, every card once, no card of a suit a player has shown he lacks), playouts on the fast
path that end as the public engine's, and an expert that plays legal moves and beats random bots."""

import random
from collections import Counter

import pytest

from plateau_lab.core import play_out
from plateau_lab.core.bots import RandomBot
from plateau_lab.core.imagining import model_for, remembered_observations
from plateau_lab.games import oh_hell
from plateau_lab.games.oh_hell.expert_model import MODEL, SUIT_BITS, deal_with_voids, suits_lacking
from plateau_lab.lab.bots import make_bot

PLAYERS = range(3, 8)


def a_position(rng, seed):
    """A hand played by random moves to a random point (bidding, between tricks, mid-trick), the
    longest hands often, so that players run out of suits."""
    players = rng.choice(PLAYERS)
    tricks = rng.choice((oh_hell.max_tricks(players), rng.randint(1, oh_hell.max_tricks(players))))
    state = oh_hell.new_game(players, seed=seed, tricks=tricks)
    mover = random.Random(seed)
    stop = rng.randrange(players * (tricks + 1))
    while len(state.history) < stop:
        state = state.apply(mover.choice(state.legal_actions()))
    return state


def check_redeal(state, seat, rng):
    seen = remembered_observations(state, seat)
    world = MODEL.redeal(state, seat, seen, rng)
    assert world.observation(seat) == state.observation(seat)
    assert world.cards_in_game() == state.cards_in_game() and max(world.cards_in_game().values()) == 1
    assert len(world.cards_in_game()) == 52
    assert world.cards_hidden_from(seat) == state.cards_hidden_from(seat)
    assert world.setup.seed != state.setup.seed and world.setup.variant == state.setup.variant
    assert world.legal_actions() == state.legal_actions() or world.current_player != seat
    lacking = suits_lacking(state.finished_tricks, state.trick, state.players)
    for other, hand in enumerate(world.hands):
        assert list(hand) == sorted(hand, key=oh_hell.hand_order)
        assert not any(SUIT_BITS[card.suit] & lacking[other] for card in hand), (state.setup.seed, other)
    return world, sum(map(bool, lacking))


def test_an_imagined_deal_keeps_the_seat_s_observation_every_card_once_and_every_void():
    rng, voids, changed = random.Random(3), 0, 0
    for seed in range(300):
        state = a_position(rng, seed)
        seat = rng.randrange(state.players)
        world, lacking = check_redeal(state, seat, rng)
        voids += lacking
        changed += any(world.hands[other] != state.hands[other] for other in range(state.players) if other != seat)
    assert voids >= 100 and changed >= 200


def test_a_player_who_did_not_follow_is_dealt_none_of_the_suit_led():
    state = oh_hell.scenario("""\
dealer: 1
trump: 2H
hand 0: 3C, 4C, 5C, 9H
hand 1: 3D, 4D, 5D, 10S
hand 2: 3S, 4S, 5S, 6S
bids: 0 0 0
leader: 2
""", seed=1)
    after = state.apply("play 3S").apply("play 3C")      # seat 0 holds no spade
    rng, spades_before = random.Random(0), 0
    for _ in range(40):
        world, lacking = check_redeal(after, 1, rng)
        assert lacking == 1 and not any(card.suit == "S" for card in world.hands[0])
        spades_before += any(card.suit == "S" for card in check_redeal(state, 1, rng)[0].hands[0])
    assert spades_before > 0          # before the trick, seat 1 imagines spades in seat 0's hand


def test_deal_with_voids_finds_the_one_way_left():
    cards = [oh_hell.parse_card(text) for text in ("2C", "3C", "4D", "5D", "6S", "7S")]
    clubs, diamonds, spades = SUIT_BITS["C"], SUIT_BITS["D"], SUIT_BITS["S"]
    for seed in range(30):
        pool = list(cards)
        random.Random(seed).shuffle(pool)
        parts = deal_with_voids(pool, [2, 2, 2], [clubs | diamonds, diamonds | spades, 15], random.Random(seed))
        assert Counter(card for part in parts for card in part) == Counter(cards)
        assert all(card.suit in "CD" for card in parts[0]) and all(card.suit in "DS" for card in parts[1])
    with pytest.raises(ValueError, match="cannot be dealt"):
        deal_with_voids(cards, [4, 2], [clubs | diamonds, clubs], random.Random(0))


def test_playouts_on_the_fast_path_end_as_the_public_engine_s_with_the_heuristic_bots():
    rng = random.Random(5)
    model = model_for("oh_hell")
    for seed in range(60):
        state = a_position(rng, seed)
        if state.is_over:
            continue
        after = state.apply(state.legal_actions()[0])
        seat = state.current_player
        end = play_out(after, [oh_hell.HeuristicBot(seed + other) for other in range(state.players)])
        assert model.outcome(state, after, seat, seed) == model.value(state, end, seat)


def test_the_expert_plays_legal_moves_and_beats_random_bots():
    """Twelve seeded hands of 4 players: the expert in seat 1 among random bots scores more than
    they do on average, and more than a random bot in its seat would in the same hands, and makes
    its bid in most of them (though it reads a bid as what the bidder's cards are worth, and a
    random bot's bid says nothing of its cards)."""
    expert_points, others_points, random_in_its_seat, made = 0, 0, 0, 0
    hands = 12
    for seed in range(hands):
        state = oh_hell.new_game(4, seed=seed, tricks=3 + seed % 4)
        bots = [RandomBot(100 + seed * 4 + seat) for seat in range(4)]
        bots[1] = make_bot("oh_hell", "expert", 1, playouts=30)
        final = state
        while not final.is_over:
            move = bots[final.current_player].choose(final)
            assert move in final.legal_actions()
            final = final.apply(move)
        expert_points += final.scores[1]
        made += final.bids[1] == final.tricks_won[1]
        others_points += sum(final.scores) - final.scores[1]
        random_in_its_seat += play_out(state, [RandomBot(100 + seed * 4 + seat) for seat in range(4)]).scores[1]
    assert expert_points > others_points / 3 and expert_points > random_in_its_seat
    assert made > hands / 2
