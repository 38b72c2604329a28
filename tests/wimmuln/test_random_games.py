"""Wimmüln: 1,000 seeded random rounds for each player count, checking invariants all the way.

The checks here are written independently of the engine's rule functions: following suit,
the trick winner and the bonus table are worked out again from the rulebook's words.
"""

from collections import Counter

import pytest

from plateau_lab.core.bots import RandomBot
from plateau_lab.games import wimmuln
from plateau_lab.games.wimmuln.engine import ESTIMATE, OPEN, OVER

#: Thousands of seeded games: a soak, left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow

ROUNDS = 1000

# The rulebook's bonus table: (face-up is the lower card?, which card matched) -> points.
FACE_DOWN_LOWER, FACE_DOWN_HIGHER, FACE_UP_LOWER, FACE_UP_HIGHER, BOTH_SAME = 5, 10, 10, 20, 25


def table_bonus(up: int, down: int, tricks: int) -> int:
    if up == down:
        return BOTH_SAME if tricks == up else 0
    if tricks == down:
        return FACE_DOWN_LOWER if down < up else FACE_DOWN_HIGHER
    if tricks == up:
        return FACE_UP_LOWER if up < down else FACE_UP_HIGHER
    return 0


def winner_by_hand(trick, trump):
    """Highest trump, else highest of the led colour; the first of equals (max keeps the first)."""
    trumps = [(seat, c) for seat, c in trick if c.colour == trump]
    candidates = trumps or [(seat, c) for seat, c in trick if c.colour == trick[0][1].colour]
    return max(candidates, key=lambda entry: entry[1].number)[0]


def play_random_round(players: int, seed: int) -> None:
    state = wimmuln.new_game(players, seed=seed, rounds=1)
    bot = RandomBot(seed)
    dealt = Counter(c for hand in state.hands for c in hand) + Counter(c for _, c in state.trick)
    assert dealt == Counter(wimmuln.deck(state.colours))
    size = state.hand_size
    assert size * players == sum(dealt.values())
    first, second = state.shown
    assert Counter(state.shown) <= Counter(state.hands[state.dealer] + tuple(c for _, c in state.trick))
    if first.number == second.number or first.colour == second.colour:
        assert state.trump is None and state.phase == OPEN
    else:
        lower, higher = sorted(state.shown, key=lambda c: c.number)
        assert state.trump == lower.colour and state.trick == ((state.dealer, higher),)
    while not state.is_over:
        seat = state.current_player
        hand = state.hands[seat]
        action = bot.choose(state)
        after = state.apply(action)
        if state.phase == OPEN:
            assert seat == state.dealer and state.trump is None
        elif state.phase == ESTIMATE:
            assert state.estimates[seat] is None
            if after.phase == ESTIMATE:  # not everybody has laid: the others see only that he has
                other = (seat + 1) % players
                assert after.observation(other)["estimates"][seat] == {"top": "hidden", "bottom": "hidden"}
        else:
            led = state.trick[0][1].colour if state.trick else None
            if led is not None and any(c.colour == led for c in hand):
                assert action.card.colour == led, "must follow the colour led"
            if len(state.trick) == players - 1:
                trick = state.trick + ((seat, action.card),)
                assert after.finished_tricks[-1] == (winner_by_hand(trick, state.trump), trick)
        # nothing lost, nothing made: the hand shrinks by exactly the cards the action put down
        put_down = (action.top, action.bottom) if isinstance(action, wimmuln.Estimate) else (action.card,)
        assert sorted(after.hands[seat] + put_down) == list(hand)
        state = after
    assert state.phase == OVER and not any(state.hands)
    result = state.round_results[0]
    assert sum(result.tricks) == size - 2 == len(state.finished_tricks)
    kept = Counter(c for _, trick in state.finished_tricks for _, c in trick)
    kept.update(c for e in state.estimates for c in (e.top, e.bottom))
    assert kept == dealt
    for seat in range(players):
        won = [c for winner, trick in state.finished_tricks if winner == seat for _, c in trick]
        cross = result.estimates[seat]
        assert result.triangles[seat] == sum(c.triangles for c in won)
        assert state.scores[seat] == result.triangles[seat] + table_bonus(cross.top.number, cross.bottom.number,
                                                                          result.tricks[seat])


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_rounds_keep_the_invariants(players):
    for seed in range(ROUNDS):
        play_random_round(players, seed)


def test_triangles_in_a_round_add_up_to_the_cards_in_tricks():
    # 12 triangles a colour; the estimate cards' triangles are not won by anybody.
    state = wimmuln.new_game(4, seed=1, rounds=1)
    final = state
    bots = [RandomBot(s) for s in range(4)]
    while not final.is_over:
        final = final.apply(bots[final.current_player].choose(final))
    laid = sum(c.triangles for e in final.estimates for c in (e.top, e.bottom))
    assert sum(final.round_results[0].triangles) + laid == 60


@pytest.mark.parametrize("players", [3, 6])
def test_whole_games_end_at_200(players):
    for seed in range(20):
        state = wimmuln.new_game(players, seed=seed)
        bots = [RandomBot(seed + s) for s in range(players)]
        while not state.is_over:
            state = state.apply(bots[state.current_player].choose(state))
        totals = [0] * players
        for number, result in enumerate(state.round_results, start=1):
            assert max(totals) < 200 and result.round_number == number
            assert result.dealer == (number - 1) % players
            totals = [t + p for t, p in zip(totals, result.points)]
        assert tuple(totals) == state.scores and max(totals) >= 200
