"""Wimmüln's round written with the kit (plateau_lab/kit/examples.py) plays exactly the hand-written
engine's games: each deal of ``wimmuln.new_game(players, seed=seed, rounds=1)`` given to the kit as a
scenario (the dealer, the hands, the two cards the dealer shows), then the same legal moves in the same
order at every step, the same player to move, and the same scores.

The kit deals from its own seeds (its dealer drawn at random, the cards dealt from player 0), so the
two engines meet on the same deals through scenarios, as the issue allows; the colours a game for 3
takes out are written as out of play, so that both engines hide the same cards."""

import inspect
import random
from collections import Counter

import pytest

from plateau_lab.core import IllegalAction
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln.cards import COLOURS, deck
from plateau_lab.games.wimmuln.engine import Estimate, Open
from plateau_lab.kit import examples
from plateau_lab.kit.examples import WIMMULN

PLAYERS = range(3, 7)
SUITS = "RBGYK"            # the kit's suit letters, in Wimmüln's order of colours


def card_text(card) -> str:
    return f"{card.number}{SUITS[card.colour_index]}"


def move_text(action) -> str:
    """A Wimmüln move in the kit's words: the dealer's ``open`` is his ``play`` of the first card."""
    if isinstance(action, Estimate):
        return f"lay {card_text(action.top)} over {card_text(action.bottom)}"
    return f"play {card_text(action.card)}"


def as_scenario(hand) -> str:
    """The deal of a Wimmüln round just dealt, as the kit's scenario text."""
    hands = [list(cards) for cards in hand.hands]
    for seat, card in hand.trick:               # the shown card left face up goes back to the dealer
        hands[seat].append(card)
    lines = [f"dealer: {hand.dealer}", f"shown: {' '.join(map(card_text, hand.shown))}"]
    gone = [colour for colour in COLOURS if colour not in hand.colours]        # 3 players: two colours out
    if gone:
        lines.append("out of play: " + " ".join(map(card_text, deck(tuple(gone), hand.rules.numbers))))
    lines += [f"hand {seat}: {' '.join(map(card_text, cards))}" for seat, cards in enumerate(hands)]
    return "\n".join(lines) + "\n"


def play_both(players: int, seed: int):
    """One round on both engines, random moves chosen from the same generator; asserts at every step."""
    hand = wimmuln.new_game(players, seed=seed, rounds=1)
    kit = WIMMULN.scenario(as_scenario(hand), seed=seed)
    assert kit.trumps == (None if hand.trump is None else SUITS[wimmuln.cards.COLOURS.index(hand.trump)])
    chooser = random.Random(f"{players}/{seed}")
    while True:
        where = f"{players} players, seed {seed}, step {len(hand.history)}"
        legal = [move_text(action) for action in hand.legal_actions()]
        assert [str(action) for action in kit.legal_actions()] == legal, where
        assert kit.current_player == hand.current_player and kit.is_over == hand.is_over, where
        if hand.is_over:
            assert kit.scores == hand.scores, where
            return kit, hand
        move = chooser.randrange(len(legal))
        kit, hand = kit.apply(kit.legal_actions()[move]), hand.apply(hand.legal_actions()[move])


def test_the_description_is_at_most_80_lines():
    source = inspect.getsource(examples)
    start = source.index("def _cross_bonus(")
    end = source.index("WIMMULN = define(")
    assert len(source[start:end].splitlines()) <= 80


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_rounds_from_the_same_deals(players):
    for seed in range(40):
        kit, hand = play_both(players, seed)
        assert kit.tricks_won == hand.tricks_won


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
def test_ten_thousand_rounds_per_player_count(players):
    for seed in range(10_000):
        play_both(players, seed)


def test_three_players_play_with_three_colours_from_the_kits_own_seeds():
    for seed in range(10):
        state = WIMMULN.new_game(3, seed=seed)
        played = {card.suit for hand in state.hands for card in hand}
        assert len(played) == 3 and state.hand_size == 12 and not state.stock
        assert len(state.out_of_play) == 24 and not {card.suit for card in state.out_of_play} & played
        assert state.observation(1)["out_of_play"] == state.out_of_play and not state.cards_hidden_from(1) & Counter(
            state.out_of_play)
    assert len({frozenset(card.suit for card in WIMMULN.new_game(3, seed=seed).out_of_play) for seed in range(10)}) > 1


def test_both_ways_to_open_are_played():
    """Some deals have trumps (the shown card left face up), some none (the dealer chooses the card)."""
    opened = {isinstance(wimmuln.new_game(4, seed=seed, rounds=1).legal_actions()[0], Open) for seed in range(30)}
    assert opened == {True, False}


def test_refusals_name_the_rule_in_the_descriptions_words():
    hand = wimmuln.new_game(4, seed=0, rounds=1)
    kit = WIMMULN.scenario(as_scenario(hand), seed=0)
    with pytest.raises(IllegalAction) as refused:
        kit.apply(f"play {kit.hands[kit.current_player][0]}")
    assert refused.value.rule == "bidding before play"
    assert "lays 2 cards face down as his bid" in str(refused.value)
    while kit.phase != "play":
        kit = kit.apply(kit.legal_actions()[0])
    while not kit.trick or len({card.suit for card in kit.hands[kit.current_player]} | {kit.trick[0][1].suit}) < 2 \
            or kit.trick[0][1].suit not in {card.suit for card in kit.hands[kit.current_player]}:
        kit = kit.apply(kit.legal_actions()[0])      # on to a player holding the suit led and another
    led = kit.trick[0][1].suit
    with pytest.raises(IllegalAction) as refused:
        kit.apply(f"play {next(card for card in kit.hands[kit.current_player] if card.suit != led)}")
    assert refused.value.rule == "follow suit" and "follow the suit led if you can" in str(refused.value)


def test_crosses_stay_hidden_until_turned_over():
    kit = WIMMULN.scenario(as_scenario(wimmuln.new_game(4, seed=2, rounds=1)), seed=2)
    kit = kit.apply(kit.legal_actions()[0])
    if kit.phase == "bid":
        layer = (kit.current_player - 1) % 4
        other = (layer + 1) % 4
        assert kit.observation(other)["bids"][layer] == ("hidden", "hidden")
        assert kit.observation(layer)["bids"][layer] == kit.bids[layer]
    while kit.phase != "play":
        kit = kit.apply(kit.legal_actions()[0])
    seen = kit.observation(0)["bids"]
    assert all(laid[1] == "hidden" for seat, laid in enumerate(seen) if seat != 0)
    assert all(laid[0] == kit.bids[seat][0] for seat, laid in enumerate(seen))
    hidden = kit.cards_hidden_from(0)
    assert all(hidden[kit.bids[seat][1]] for seat in range(1, 4))
