"""Seeded random hands of Oh Hell, for every player count, checking at every step that no card is
lost or duplicated, no seat sees a card hidden from it (in its observation or its picture), old
states never change, and every hand ends with its tricks won and its scores added up."""

import json
import random
from collections import Counter

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.consistency import cards_in, play_checked
from plateau_lab.core import GAME_NAMES, OBSERVATION_KEYS, load_json
from plateau_lab.games.oh_hell import DECK, Card, HeuristicBot, MADE_BID_BONUS, SPEC, hand_score, new_game
from plateau_lab.games.oh_hell.render import state_picture

GAMES = 600
registered = pytest.mark.skipif("oh_hell" not in GAME_NAMES, reason="registered later")


def a_variant(rng):
    return {"points_per_trick": rng.choice((1, 2)), "off_bid_penalty": rng.random() < 0.3}


def check_hidden(state):
    """No seat's observation or picture shows a card hidden from it, and the seat sees its own hand."""
    every = state.cards_in_game()
    for seat in range(state.players):
        seen = state.observation(seat)
        assert tuple(seen)[:len(OBSERVATION_KEYS)] == OBSERVATION_KEYS
        assert bool(seen["legal_actions"]) == (state.current_player == seat)
        del seen["legal_actions"]
        assert not cards_in(seen, Card) + state.cards_hidden_from(seat) - every
        assert not state.cards_hidden_from(seat) & Counter(state.hands[seat])
        json.dumps(seen, default=str)
    viewer = state.current_player if state.current_player is not None else 0
    svg = state.to_svg(viewer=viewer)
    assert not [card for card in state.cards_hidden_from(viewer) if card.describe() in svg]
    assert all(card.describe() in svg for card in state.hands[viewer])


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 8))
def test_random_hands_keep_every_card_hide_what_they_must_and_add_up(players):
    for number in range(GAMES // 5):
        rng = random.Random(f"{players}/{number}")
        variant = a_variant(rng)
        bots = [HeuristicBot(seat) for seat in range(players)] if number % 4 == 0 else None
        state = start = new_game(players, seed=number, **variant)
        assert state.cards_in_game() == Counter(DECK)
        while not state.is_over:
            saved = (state.to_json(), state.position())
            legal = state.legal_actions()
            move = bots[state.current_player].choose(state) if bots else rng.choice(legal)
            assert move in legal
            after = state.apply(move)
            assert (state.to_json(), state.position()) == saved
            state = after
            assert state.cards_in_game() == Counter(DECK)
            if number % 10 == 0:
                check_hidden(state)
        assert sum(state.tricks_won) == state.tricks == len(state.finished_tricks)
        assert not any(state.hands) and state.legal_actions() == () and state.winners
        assert len(state.history) == players * (state.tricks + 1)
        assert state.scores == tuple(hand_score(bid, won, **variant) for bid, won in zip(state.bids, state.tricks_won))
        exact = sum(bid == won for bid, won in zip(state.bids, state.tricks_won))
        if not variant["off_bid_penalty"]:
            assert sum(state.scores) == variant["points_per_trick"] * state.tricks + MADE_BID_BONUS * exact
        replayed = start
        for action in state.history:
            replayed = replayed.apply(str(action))
        assert replayed == state and replayed.log == state.log and replayed.scores == state.scores


def test_the_dealt_position_hides_the_stock_and_the_other_hands_from_every_seat():
    for players in range(3, 8):
        check_hidden(new_game(players, seed=players))


def test_the_teacher_s_picture_shows_every_hand():
    state = new_game(5, seed=3, tricks=4)
    svg = state.to_svg()
    assert all(card.describe() in svg for hand in state.hands for card in hand)
    assert svg == state.to_svg() and state._repr_svg_() == svg


def test_a_clickable_picture_marks_the_viewer_s_cards_and_names_the_trick():
    state = new_game(3, seed=5, tricks=3)
    while state.phase == "bid":
        state = state.apply(state.legal_actions()[0])
    state = state.apply(state.legal_actions()[0])
    svg = state_picture(state, state.current_player, clickable=True).svg()
    assert all(f'data-target="card {card}"' in svg for card in state.hands[state.current_player])
    assert svg.count("data-target=") == len(state.hands[state.current_player])
    assert f'data-name="played {state.trick[0][0]}"' in svg


def test_every_state_is_a_frozen_dataclass_with_the_protocol_s_equality():
    state = new_game(4, seed=6, tricks=3)
    forgetful = state.apply("bid 1").derive(_history=(), log=())
    assert forgetful == state.apply("bid 1") and hash(forgetful) == hash(state.apply("bid 1"))
    assert state.apply("bid 1") != state.apply("bid 0")


@registered
def test_saves_load_by_replay():
    for seed in range(20):
        state = SPEC.new_game(5, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        again = load_json(state.to_json())
        assert again == state and again.log == state.log and again.scores == state.scores


@registered
def test_a_whole_hand_passes_every_consistency_check():
    final, steps, problems = play_checked(new_game(4, seed=18, tricks=6), [RandomBot(seat) for seat in range(4)])
    assert final.is_over and steps == 4 * 7 and problems == []
