"""Bots for a described game: the random bot, and the lab's expert reading the model the kit makes
from the description (plateau_lab/kit/model.py), run with the package's own expert and imagined-deal tests."""

import random
from collections import Counter

import pytest

from plateau_lab.core import RandomBot, game_spec, play_out
from plateau_lab.core.imagining import remembered_observations
from plateau_lab.kit.model import MODEL, suits_lacking
from plateau_lab.lab.bots import bot_names, make_bot
from plateau_lab.games import oh_hell
from plateau_lab.kit.bots import SteadyBot
from plateau_lab.kit.examples import OH_HELL
from tests import test_expert, test_imagined_states, test_protocol
from tests.kit.games import HEARTS_LIKE, LOWEST, NAMES

#: Games where following suit is the rule (Hearts-like's by its own hook), so a player who did not follow has shown a void.
FOLLOWING = NAMES


@pytest.mark.parametrize("name", NAMES)
def test_the_random_bot_and_the_expert_are_offered_and_play_a_whole_game(name):
    assert bot_names(name) == ("random", "heuristic", "expert")
    spec = game_spec(name)
    state = spec.new_game(seed=6)
    bots = [make_bot(name, "expert", seat, playouts=8) if seat == 0 else spec.bot("random", seat)
            for seat in range(state.players)]
    final = play_out(state, bots)
    assert final.is_over and len(final.scores) == state.players


@pytest.mark.parametrize("name", NAMES)
def test_every_registered_bot_plays_legal_moves_from_its_seed(name):
    test_protocol.test_every_registered_bot_plays_legal_moves_from_its_seed(name)


def test_the_steady_player_beats_random_players_as_the_hand_written_one_does():
    """Oh Hell, 200 deals, seats 0 and 2 against random players in seats 1 and 3: the kit's steady
    player from the description alone takes a lead like the hand-written heuristic bot's."""
    def points(new_game, steady):
        totals = [0, 0]
        for seed in range(200):
            state = new_game(4, seed=seed)
            bots = [steady(0), RandomBot(1), steady(2), RandomBot(3)]
            final = play_out(state, bots)
            totals[0] += final.scores[0] + final.scores[2]
            totals[1] += final.scores[1] + final.scores[3]
        return totals
    kit, hand_written = points(OH_HELL.new_game, SteadyBot), points(oh_hell.new_game, oh_hell.HeuristicBot)
    assert kit[0] > 1.3 * kit[1] and hand_written[0] > 1.3 * hand_written[1]


def test_a_steady_player_avoids_tricks_worth_points_against_it():
    """Hearts-like scores -1 a heart and -13 the queen of spades: steady players take fewer such
    points than random players at the same table."""
    taken = [0, 0]
    for seed in range(40):
        final = play_out(HEARTS_LIKE.new_game(4, seed=seed), [SteadyBot(0), RandomBot(1), SteadyBot(2), RandomBot(3)])
        taken[0] += final.scores[0] + final.scores[2]
        taken[1] += final.scores[1] + final.scores[3]
    assert taken[0] > taken[1]


@pytest.mark.parametrize("name", NAMES)
def test_dealing_the_cards_the_expert_cannot_see_anew_never_changes_its_choice(name):
    test_expert.test_dealing_the_cards_the_expert_cannot_see_anew_never_changes_its_choice(name)


@pytest.mark.parametrize("name", NAMES)
def test_the_imagined_deals_look_the_same_from_the_seat_and_hold_the_same_cards(name):
    test_expert.test_the_imagined_deals_look_the_same_from_the_seat_and_hold_the_same_cards(name)


@pytest.mark.parametrize("name", NAMES)
def test_cards_already_played_this_hand_are_never_dealt_to_a_hand(name):
    spec, rng = game_spec(name), random.Random(2)
    for seed in range(6):
        state = spec.new_game(seed=seed)
        while not state.is_over and len(state.finished_tricks) < 2:
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        played = [card for _, trick in state.finished_tricks for _, card in trick]
        world = MODEL.redeal(state, state.current_player, remembered_observations(state, state.current_player), rng)
        held = [card for hand in world.hands for card in hand]
        assert not (Counter(held) + Counter(played)) - state.cards_in_game()


@pytest.mark.parametrize("name", NAMES)
def test_every_move_the_expert_returns_is_legal(name):
    test_expert.test_every_move_the_expert_returns_is_legal(name)


@pytest.mark.parametrize("name", NAMES)
def test_an_imagined_deal_replays_and_loads_as_itself(name):
    test_imagined_states.test_the_issues_example_replays(name)


@pytest.mark.parametrize("name", NAMES)
def test_the_seat_saw_the_same(name):
    test_imagined_states.test_the_seat_saw_the_same(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_imagined_deals_at_random_positions(name):
    test_imagined_states.test_imagined_deals_at_random_positions(name)


@pytest.mark.parametrize("name", FOLLOWING)
def test_no_imagined_hand_holds_a_suit_its_player_has_shown_he_lacks(name):
    spec, rng, shown = game_spec(name), random.Random(3), 0
    for seed in range(30):
        state = spec.new_game(seed=seed)
        bots = [RandomBot(seat) for seat in range(state.players)]
        while not state.is_over and len(state.finished_tricks) < 3:
            state = state.apply(bots[state.current_player].choose(state))
        if state.is_over:
            continue
        lacking = suits_lacking(state)
        shown += sum(map(len, lacking))
        seat = state.current_player
        for _ in range(5):
            world = MODEL.redeal(state, seat, remembered_observations(state, seat), rng)
            for other, hand in enumerate(world.hands):
                assert not {card.suit for card in hand} & lacking[other], (name, seed, other)
    assert shown > 0


def test_a_rule_of_play_of_the_class_s_own_shows_voids_by_asking_the_hook():
    """Hearts-like: a player who leads a heart holds nothing else; one who does not follow lacks the suit led."""
    state = play_out(HEARTS_LIKE.new_game(4, seed=1), [RandomBot(seat) for seat in range(4)])
    lacking, expected = suits_lacking(state), [set() for _ in range(4)]
    for _, trick in state.finished_tricks:
        led = trick[0][1].suit
        if led == "H":
            expected[trick[0][0]] |= {"C", "D", "S"}
        for seat, card in trick[1:]:
            if card.suit != led:
                expected[seat].add(led)
    assert lacking == expected and any(expected)
