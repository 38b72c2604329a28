"""Plotters Inc.: 1,000 seeded random games per player count, checking invariants at every step.

Within a trick each play moves one card from a hand to the trick; after every trick hands, open
stacks, discard piles and the worthless pile hold as many cards as the deck; at the end of every
round they hold exactly the deck, each card once. Every action taken was legal by the rules as
written here, independently of the engine; every round's scores are the formula applied to the
stacks; a round that ends during a trick ends because the next player holds only the fourth colour.
"""

from __future__ import annotations

import random

import pytest

from plateau_lab.games import plotters
from plateau_lab.games.plotters import engine
from plateau_lab.games.plotters.cards import COLOURS, Deal, Keep, Play, Take, deck_for

#: Thousands of seeded games: a soak, left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

GAMES = 1000


def all_cards(state) -> list:
    cards = [card for hand in state.hands for card in hand]
    cards += [card for _, card in state.trick]
    cards += [card for seat_stacks in state.stacks for stack in seat_stacks for card in stack]
    cards += [card for pile in state.discards for card in pile]
    cards += state.worthless
    return cards


def expected_score(open_sizes, discarded) -> int:
    """The rulebook's formula, written again independently of the engine."""
    ordered = sorted(open_sizes, reverse=True)
    a, b, rest = ordered[0], ordered[1], sum(ordered[2:]) + discarded
    if b == 0:
        return 0
    return a * b // rest if rest else a * b


def check_legal(state, action) -> None:
    """A take, keep or deal obeys the rules, checked from the position rather than from legal_actions().
    (Plays are checked by comparing legal_actions() with the cards the rules allow.)"""
    player = state.current_player
    if isinstance(action, Take):
        trick = state.trick
        assert state.phase == engine.TAKE_PHASE and len(trick) == state.players
        led = trick[0][1].colour
        high = max((card.number, seat) for seat, card in trick if card.colour == led)[1]
        assert player == high
        assert action.card in [card for _, card in trick] and action.card not in state.picked
    elif isinstance(action, Keep):
        assert state.phase == engine.KEEP_PHASE and state.kept[player] is None
        assert all(state.stacks[player])  # holds all four colours
    else:
        assert state.phase == engine.ROUND_OVER and isinstance(action, Deal)


def check_collections(state, deck: frozenset) -> None:
    """At the end of a round: exactly the deck's cards, each once; stacks hold their own colour and only
    kept ones; nobody holds four open colours. (These hold at every moment of the round, and any break
    would last until its end, so checking here catches every one.)"""
    cards = all_cards(state)
    assert len(cards) == len(deck) and set(cards) == deck
    for seat in range(state.players):
        kept = state.kept[seat]
        if kept is None:
            assert not state.discards[seat]
            assert not all(state.stacks[seat])
        else:
            assert all(not stack for colour, stack in zip(COLOURS, state.stacks[seat]) if colour not in kept)
        for colour, stack in zip(COLOURS, state.stacks[seat]):
            assert all(card.colour == colour for card in stack)


@pytest.mark.parametrize("players", [4, 5, 6])
def test_random_games_keep_every_invariant(players):
    deck = frozenset(deck_for(players))
    early_ends = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = plotters.new_game(players, seed=seed)
        rounds_seen = 0
        while not state.is_over:
            legal = state.legal_actions()
            player = state.current_player
            # the engine offers exactly what the rules allow
            if state.phase == engine.PLAY_PHASE:
                colours = {card.colour for _, card in state.trick}
                assert [a.card for a in legal] == [card for card in state.hands[player]
                                                   if len(colours) < 3 or card.colour in colours]
                action = rng.choice(legal)
            else:
                action = rng.choice(legal)
                check_legal(state, action)
            before, state = state, state.apply(action)
            if state.phase == engine.PLAY_PHASE and state.trick:  # a card went from a hand to the trick
                assert state.trick == before.trick + ((player, action.card),)
                assert len(state.hands[player]) == len(before.hands[player]) - 1
                assert action.card not in state.hands[player]
            elif state.phase == engine.TAKE_PHASE and not state.picked:  # the trick is full
                assert state.trick[-1][1] is action.card and action.card not in state.hands[player]
            elif state.phase == engine.PLAY_PHASE or state.phase == engine.KEEP_PHASE:  # a trick was shared out
                assert sum(map(len, state.hands)) + len(state.worthless) + sum(map(len, state.discards)) + sum(
                    len(stack) for stacks in state.stacks for stack in stacks) == len(deck)
            elif state.phase != engine.TAKE_PHASE:  # the round is over: every card of the round is in its place
                check_collections(state, deck)
            if len(state.round_scores) > rounds_seen:
                rounds_seen += 1
                if isinstance(action, Play):  # the round ended during a trick: someone could not play
                    early_ends += 1
                    blocked_hand = before.hands[(player + 1) % players]
                    unfinished = [card for _, card in before.trick] + [action.card]
                    colours = {card.colour for card in unfinished}
                    assert len(colours) == 3 and all(card.colour not in colours for card in blocked_hand)
                    assert set(unfinished) | set(blocked_hand) <= set(state.worthless)
                assert state.round_scores[-1] == tuple(
                    expected_score(state.open_sizes(seat), len(state.discards[seat])) for seat in range(players))
        assert rounds_seen == players == len(state.round_scores)
        assert state.scores == tuple(map(sum, zip(*state.round_scores)))
        assert state.winners and all(state.scores[w] == max(state.scores) for w in state.winners)
    assert early_ends > 0  # the early end of a round really happens in random play
