"""Oh Hell in lockstep with OpenSpiel's ``oh_hell`` (the ``pyspiel`` package): the same deal, the
same legal moves at every decision, the same scores at the end.

Half of the games are dealt by OpenSpiel's chance (a seeded ``random.Random`` picks each outcome)
and set up in our engine with a scenario; the other half are dealt by our ``new_game`` and the same
deal is fed to OpenSpiel as its chance outcomes. Every player count from 3 to 7 is played, with
random numbers of tricks and both scorings. Moves are random legal ones. A second soak plays
decks drawn at random (OpenSpiel's num_suits and num_cards_per_suit, our options ``suits`` and
``cards_per_suit``).
"""

import random
from functools import cache

import pytest

from plateau_lab.core import Play
from plateau_lab.games.oh_hell import Bid, Card, SUITS, new_game, parse_card, scenario
from plateau_lab.games.oh_hell.rules import CARDS_PER_SUIT, SUIT_COUNT, max_tricks

#: Thousands of seeded games: a soak, left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

pyspiel = pytest.importorskip("pyspiel")

GAMES = 2000
#: Games on decks drawn at random.
DECK_GAMES = 1000


@cache
def openspiel_game(players, tricks, points_per_trick, off_bid_penalty, suits=SUIT_COUNT, cards_per_suit=CARDS_PER_SUIT):
    parameters = {"players": players, "points_per_trick": points_per_trick, "off_bid_penalty": off_bid_penalty,
                  "num_suits": suits, "num_cards_per_suit": cards_per_suit}
    if tricks is not None:
        parameters["num_tricks_fixed"] = tricks
    return pyspiel.load_game("oh_hell", parameters)


def suits_of(game):
    return game.get_parameters()["num_suits"]


def deck_size(game):
    """OpenSpiel numbers the cards of the deck first, then the bids: action ``deck_size + N`` is "bid N"."""
    parameters = game.get_parameters()
    return parameters["num_suits"] * parameters["num_cards_per_suit"]


def card_of(action, suits=SUIT_COUNT):
    """Our card for OpenSpiel's card number: rank index * suits + suit index (clubs, diamonds, spades, hearts)."""
    return Card(SUITS[action % suits], action // suits + 2)


def ours(openspiel_state, action, game):
    """Our move for an OpenSpiel action, read from OpenSpiel's own text of it."""
    text = openspiel_state.action_to_string(openspiel_state.current_player(), action)
    cards = deck_size(game)
    if action >= cards:
        assert text == str(action - cards)
        return Bid(action - cards)
    card = parse_card(text)
    assert card == card_of(action, suits_of(game)), (text, action)
    return Play(card)


def deal_by_openspiel(game, rng):
    """OpenSpiel's chance deals: (tricks, dealer, hands by seat, trump card), with the state after the deal."""
    state = game.new_initial_state()
    picked = []
    while state.is_chance_node():
        action = rng.choice([outcome for outcome, _ in state.chance_outcomes()])
        picked.append(action)
        state.apply_action(action)
    tricks, dealer, *cards = picked
    players = game.num_players()
    suits = suits_of(game)
    hands = tuple(tuple(card_of(action, suits) for action in cards[seat:players * tricks:players])
                  for seat in range(players))
    return tricks, dealer, hands, card_of(cards[-1], suits), state


def scenario_text(dealer, hands, trump_card):
    lines = [f"dealer: {dealer}", f"trump: {trump_card}"]
    lines += [f"hand {seat}: {', '.join(map(str, hand))}" for seat, hand in enumerate(hands)]
    return "\n".join(lines)


def deal_to_openspiel(game, state):
    """Feed our dealt ``state`` to OpenSpiel as its chance outcomes: tricks, dealer, the cards one at
    a time (OpenSpiel gives player 0 the first card whoever deals), the trump card."""
    openspiel_state = game.new_initial_state()
    number = {card_of(action, suits_of(game)): action for action in range(deck_size(game))}
    deal = [state.tricks, state.dealer]
    deal += [number[state.hands[seat][index]] for index in range(state.tricks) for seat in range(state.players)]
    deal.append(number[state.trump_card])
    for action in deal:
        assert action in dict(openspiel_state.chance_outcomes())
        openspiel_state.apply_action(action)
    assert not openspiel_state.is_chance_node()
    return openspiel_state


def random_deck(rng, players):
    """A deck drawn at random that deals every player a card and turns one up: (suits, cards per
    suit), at least 2 cards per suit as both games require."""
    suits = rng.randint(1, SUIT_COUNT)
    return suits, rng.randint(max(2, -(-(players + 1) // suits)), CARDS_PER_SUIT)


def play_in_lockstep(number, *, any_deck=False):
    """One game in both engines; returns the number of decisions compared. ``any_deck``: on a deck
    drawn at random rather than OpenSpiel's default 52 cards."""
    rng = random.Random(number)
    players = 3 + number % 5
    deck = random_deck(rng, players) if any_deck else (SUIT_COUNT, CARDS_PER_SUIT)
    fixed = rng.choice((None, rng.randint(1, max_tricks(players, deck[0] * deck[1]))))
    variant = {"points_per_trick": rng.choice((1, 1, 2, 3)), "off_bid_penalty": rng.random() < 0.3}
    if any_deck:
        variant |= {"suits": deck[0], "cards_per_suit": deck[1]}
    game = openspiel_game(players, fixed, variant["points_per_trick"], variant["off_bid_penalty"], *deck)
    if number % 2:
        tricks, dealer, hands, trump_card, theirs = deal_by_openspiel(game, rng)
        state = scenario(scenario_text(dealer, hands, trump_card), seed=number, tricks=fixed, **variant)
        assert (state.tricks, state.dealer, state.trump_card) == (tricks, dealer, trump_card)
        assert [sorted(map(str, hand)) for hand in state.hands] == [sorted(map(str, hand)) for hand in hands]
    else:
        state = new_game(players, seed=number, tricks=fixed, **variant)
        theirs = deal_to_openspiel(game, state)
    steps = 0
    while not theirs.is_terminal():
        where = f"game {number}, step {steps}"
        assert state.current_player == theirs.current_player(), where
        legal = {ours(theirs, action, game): action for action in theirs.legal_actions()}
        assert set(legal) == set(state.legal_actions()), where
        move = rng.choice(state.legal_actions())
        theirs.apply_action(legal[move])
        state = state.apply(str(move) if steps % 3 == 0 else move)
        steps += 1
    assert state.is_over and state.current_player is None
    assert list(state.scores) == theirs.returns(), f"game {number}: {state.log[-1]}"
    return steps


@pytest.mark.slow
def test_a_thousand_games_move_for_move_with_openspiel():
    steps = sum(play_in_lockstep(number) for number in range(GAMES))
    assert steps > 20 * GAMES


@pytest.mark.slow
def test_games_on_decks_drawn_at_random_move_for_move_with_openspiel():
    steps = sum(play_in_lockstep(number, any_deck=True) for number in range(DECK_GAMES))
    assert steps > 5 * DECK_GAMES
