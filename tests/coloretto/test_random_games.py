"""Coloretto: 1,000 seeded random games per player count keep every invariant; stored traces."""

import random
from collections import Counter

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.lab.consistency import hidden_card_violations
from plateau_lab.core import load_json, play_out
from plateau_lab.games import coloretto
from plateau_lab.games.coloretto.cards import LAST_ROUND_CARD, deck
from plateau_lab.games.coloretto.engine import TAKE

#: Thousands of seeded games: a soak, left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

GAMES_PER_PLAYER_COUNT = 1000


def card_total(state):
    """How many cards there are in all, counted cheaply (for every step; ``cards_in_game`` per round)."""
    return (len(state.supply) + len(state.out_of_game) + sum(map(len, state.collections))
            + sum(len(cards) for cards in state.rows if cards) + (state.drawn is not None) + state.last_round)


def play_checking_invariants(players, seed, **variant):
    state = coloretto.new_game(players, seed=seed, **variant)
    full_deck = Counter(deck(state.colours, golden_joker=variant.get("golden_joker", False)))
    full_deck[LAST_ROUND_CARD] += 1
    assert state.cards_in_game() == full_deck
    card_count = card_total(state)
    takes = [0] * players
    rounds_after_last_round_card = 0
    rng = random.Random(seed)
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        after = state.apply(action)
        assert card_total(after) == card_count, "a card was lost or created"
        assert all(cards is None or len(cards) <= capacity for cards, capacity in zip(after.rows, after.capacities))
        if action.kind == TAKE:
            takes[state.current_player] += 1
        if after.round_number != state.round_number or after.is_over:
            assert takes == [1] * players, f"seed {seed}: takes per player this round {takes}"
            takes = [0] * players
            assert after.cards_in_game() == full_deck
            assert seed % 10 or not hidden_card_violations(after)   # observations (slower, so 1 game in 10)
            if not after.is_over:
                assert after.current_player == state.current_player  # the last taker starts
                assert not state.last_round, "the game went on after the last round"
                assert after.rows == ((),) * len(after.capacities) and not any(after.sat_out)
            rounds_after_last_round_card += state.last_round
        if action.kind == "draw":
            assert after.drawn is not None and not after.drawn.is_last_round
        state = after
    assert state.last_round and rounds_after_last_round_card == 1
    assert state.cards_in_game() == full_deck
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_thousand_random_games_keep_every_invariant(players):
    rounds = Counter()
    for seed in range(GAMES_PER_PLAYER_COUNT):
        variant = {"golden_joker": seed % 4 == 0, "scoring": "grey" if seed % 3 == 0 else "brown"}
        final = play_checking_invariants(players, seed, **variant)
        rounds[final.round_number] += 1
        if seed % 10 == 0:  # the fast scores agree with the reference search (slower, so 1 game in 10)
            assert final.scores == tuple(final.score_breakdown(p).total for p in range(players))
    assert len(rounds) > 1  # games differ in length


def test_every_game_saves_and_replays_exactly():
    for players in (2, 3, 4, 5):
        game = play_out(coloretto.new_game(players, seed=players), [RandomBot(s) for s in range(players)])
        assert load_json(game.to_json()) == game
