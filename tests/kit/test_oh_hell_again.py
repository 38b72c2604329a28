"""Oh Hell written with the kit (plateau_lab/kit/examples.py) plays exactly the hand-written engine's
games: from the same seeds, the same deal, the same legal moves in the same order at every step, the
same refusals' rules, the same observations' public facts and the same scores."""

import inspect
import random

import pytest

from plateau_lab.core import IllegalAction
from plateau_lab.games import oh_hell
from plateau_lab.kit import examples
from plateau_lab.kit.examples import OH_HELL

PLAYERS = range(3, 8)


def play_both(players: int, seed: int) -> tuple[object, object]:
    """One game on both engines, random moves chosen from the same generator; asserts at every step."""
    kit, hand = OH_HELL.new_game(players, seed=seed), oh_hell.new_game(players, seed=seed)
    assert [list(map(str, h)) for h in kit.hands] == [list(map(str, h)) for h in hand.hands]
    assert str(kit.trump_card) == str(hand.trump_card) and kit.dealer == hand.dealer
    chooser = random.Random(f"{players}/{seed}")
    while True:
        where = f"{players} players, seed {seed}, step {len(hand.history)}"
        legal = [str(action) for action in hand.legal_actions()]
        assert [str(action) for action in kit.legal_actions()] == legal, where
        assert kit.current_player == hand.current_player and kit.scores == hand.scores, where
        assert kit.is_over == hand.is_over, where
        if hand.is_over:
            return kit, hand
        move = chooser.choice(legal)
        kit, hand = kit.apply(move), hand.apply(move)


def test_the_description_is_at_most_80_lines():
    source = inspect.getsource(examples)
    start, end = source.index("OH_HELL_DESCRIPTION = TrickGame("), source.index("OH_HELL = define(")
    assert len(source[start:end].splitlines()) + 1 <= 80


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_games_from_the_same_seeds(players):
    for seed in range(60):
        kit, hand = play_both(players, seed)
        assert kit.tricks_won == hand.tricks_won


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_ten_thousand_games_per_player_count(players):
    for seed in range(10_000):
        play_both(players, seed)


def test_a_deal_given_as_a_scenario_plays_the_same():
    for seed in range(20):
        hand = oh_hell.new_game(4, seed=seed)
        kit = OH_HELL.scenario(OH_HELL.scenario_text(OH_HELL.new_game(4, seed=seed)), seed=seed)
        assert [list(map(str, h)) for h in kit.hands] == [list(map(str, h)) for h in hand.hands]
        assert kit == OH_HELL.new_game(4, seed=seed)


def test_refusals_name_the_same_rules():
    """Where the hand-written engine refuses a move for following suit or the hook rule, so does the kit."""
    seen = set()
    for seed in range(40):
        kit, hand = OH_HELL.new_game(4, seed=seed), oh_hell.new_game(4, seed=seed)
        chooser = random.Random(seed)
        while not hand.is_over:
            legal = {str(a) for a in hand.legal_actions()}
            tried = [f"bid {n}" for n in range(hand.tricks + 1)] if hand.phase == "bid" else \
                [f"play {card}" for card in hand.hands[hand.current_player]]
            for move in tried:
                if move in legal:
                    continue
                with pytest.raises(IllegalAction) as by_hand:
                    hand.apply(move)
                with pytest.raises(IllegalAction) as by_kit:
                    kit.apply(move)
                rule = {"follow suit": "follow suit", "the dealer's bid (hook rule)": "the hook rule"}[by_hand.value.rule]
                assert by_kit.value.rule == rule, by_kit.value
                seen.add(rule)
            move = chooser.choice(sorted(legal))
            kit, hand = kit.apply(move), hand.apply(move)
    assert seen == {"follow suit", "the hook rule"}
