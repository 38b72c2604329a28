"""Coloretto's rows written with the kit (plateau_lab/kit/examples.py) play exactly the hand-written
engine's games: from the same seeds, the same colours, start cards and supply, the same legal moves in
the same order at every step, the same player to move, the same refusals' rules and the same scores."""

import inspect
import random
from collections import Counter

import pytest

from plateau_lab.core import IllegalAction, load_json
from plateau_lab.games import coloretto
from plateau_lab.kit import examples
from plateau_lab.kit.examples import COLORETTO

PLAYERS = range(2, 6)


def play_both(players: int, seed: int) -> tuple[object, object]:
    """One game on both engines, random moves chosen from the same generator; asserts at every step."""
    kit, hand = COLORETTO.new_game(players, seed=seed), coloretto.new_game(players, seed=seed)
    assert kit.colours == hand.colours and kit.supply == tuple(map(str, hand.supply))
    assert kit.collections == tuple(tuple(map(str, cards)) for cards in hand.collections)
    chooser = random.Random(f"{players}/{seed}")
    while True:
        where = f"{players} players, seed {seed}, step {len(hand.history)}"
        legal = [str(action) for action in hand.legal_actions()]
        assert [str(action) for action in kit.legal_actions()] == legal, where
        assert kit.current_player == hand.current_player and kit.scores == hand.scores, where
        assert kit.is_over == hand.is_over, where
        if hand.is_over:
            assert kit.collections == tuple(tuple(map(str, cards)) for cards in hand.collections), where
            assert kit.round_number == hand.round_number, where
            return kit, hand
        move = chooser.choice(legal)
        kit, hand = kit.apply(move), hand.apply(move)


def test_the_description_is_at_most_80_lines():
    source = inspect.getsource(examples)
    start, end = source.index("COLORETTO_DESCRIPTION = RowGame("), source.index("COLORETTO = define(")
    assert len(source[start:end].splitlines()) + 1 <= 80


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_games_from_the_same_seeds(players):
    for seed in range(40):
        play_both(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_ten_thousand_games_per_player_count(players):
    for seed in range(10_000):
        play_both(players, seed)


def test_refusals_name_the_same_rules():
    """Every move the hand-written engine refuses, the kit refuses for the same rule, changing nothing."""
    every = ["draw"] + [f"{kind} row {row}" for kind in ("place", "take") for row in range(1, 9)]
    seen = set()
    for seed in range(6):
        kit, hand = COLORETTO.new_game(3, seed=seed), coloretto.new_game(3, seed=seed)
        chooser = random.Random(seed)
        while not hand.is_over:
            legal = {str(action) for action in hand.legal_actions()}
            for move in every:
                if move in legal:
                    continue
                with pytest.raises(IllegalAction) as by_hand:
                    hand.apply(move)
                with pytest.raises(IllegalAction) as by_kit:
                    kit.apply(move)
                assert by_kit.value.rule == by_hand.value.rule, move
                assert kit.legal_actions() and by_kit.value.legal == kit.legal_actions(), move
                seen.add(by_kit.value.rule)
            move = chooser.choice(sorted(legal))
            kit, hand = kit.apply(move), hand.apply(move)
    assert len(seen) >= 5


def test_saves_and_scenarios_give_the_same_game_back():
    state = COLORETTO.new_game(4, seed=3)
    chooser = random.Random(3)
    for _ in range(30):
        state = state.apply(chooser.choice(state.legal_actions()))
    assert load_json(state.to_json()) == state
    text = COLORETTO.scenario_text(state)
    again = COLORETTO.scenario(text, seed=3)
    assert again == COLORETTO.new_game(4, seed=3)
    for move in state.history:
        again = again.apply(move)
    assert again == state and load_json(again.to_json()) == state


def test_the_supply_stays_hidden():
    state = COLORETTO.new_game(3, seed=1)
    seen = state.observation(0)
    assert "supply" not in seen and seen["supply_count"] == len(state.supply)
    assert state.cards_hidden_from(2) == Counter(state.supply)
    assert sum(state.cards_in_game().values()) == 7 * 9 - 9 + 10 + 3 + 1
