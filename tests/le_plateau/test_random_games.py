"""Le Plateau: seeded random hands for every player count and variant, checking the invariants,
and one stored playthrough trace per player count.

Invariants after every action: every card in exactly one place (the deck, ``cards_in_game()``),
and no seat's observation shows a card hidden from it; counters only on the spaces of
tricks played, of cards won in tricks (the Excuse's space for its player's team in the French
variant) and of the set-aside talon group; the hand ends exactly when the declarers hold the
objective or can no longer make it (checked with the networkx reference, not the engine's bitmask
fast path), or after the last trick; scores sum to zero after every hand (positive-only: only the
winning side scores).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from plateau_lab.lab.consistency import hidden_card_violations
from plateau_lab.core import play_out
from plateau_lab.games import le_plateau
from plateau_lab.games.le_plateau import Abdicate, Keep, MakeBid, Pass
from plateau_lab.games.le_plateau.rules import BIDDING, HAND_OVER, PASSED_OUT, PLAY, RAISE
from plateau_lab.hexboard import DECLARERS, OPPONENTS, fast, formation_held, still_possible

#: Thousands of seeded games: a soak, left out of a quick run (-m 'not slow').
pytestmark = pytest.mark.slow


class VariedBot:
    """Random moves, but bidding low often enough that Duo, Trio, calls, raises and abdications
    all happen (a uniformly random bidder almost always ends on a high Solo bid)."""

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def choose(self, state):
        actions = state.legal_actions()
        pick = self._random
        if state.phase == BIDDING:
            bids = [a for a in actions if isinstance(a, MakeBid)]
            return pick.choice(bids[:3]) if bids and pick.random() < 0.45 else Pass()
        if state.phase == RAISE:
            if Abdicate() in actions and pick.random() < 0.5:
                return Abdicate()
            return Keep() if pick.random() < 0.6 else pick.choice(actions)
        return pick.choice(actions)


def check_cards(state, *, observations: bool) -> None:
    """Every card in exactly one place; with ``observations``, no seat sees a card hidden from it."""
    assert state.cards_in_game() == Counter(state.rules.deck), "every card in exactly one place"
    if not observations:
        return
    assert not hidden_card_violations(state)


def check_counters(state) -> None:
    """Counters only on spaces the rules fill (before the end-of-hand fill)."""
    rules = state.rules
    allowed = {f"T{n}" for n in range(1, state.tricks_played + 1)}
    team_of_card = {}
    for seat, won in enumerate(state.taken):
        for card in won:
            if card.token:
                team_of_card[card.token] = state.team_of(seat)
    for card in state.set_aside:
        if card.token:
            team_of_card[card.token] = OPPONENTS
    on_board = {rules.layout[cell]: team for cell, team in state.board.counters.items()}
    for token, team in on_board.items():
        if token.startswith("T"):
            assert token in allowed, f"{token} occupied before its trick"
        else:
            assert token in team_of_card, f"{token} occupied but its card was not won"
            if not (rules.french_excuse and token == "EXC"):
                assert team == team_of_card[token], f"{token} holds the wrong team's counter"
    for token in team_of_card:
        if token in rules.cell_of_token:
            assert token in on_board, f"{token} was won but has no counter"
    for n in range(1, state.tricks_played + 1):
        if f"T{n}" in rules.cell_of_token:
            assert f"T{n}" in on_board, f"trick {n} was played but T{n} is empty"


def check_end(before, after, *, reference: bool) -> None:
    """The hand ends exactly when the rules say: verdicts from the board itself, with the networkx
    reference functions when ``reference`` (else the board's bitmask functions on the Board's
    counters, independent of the engine's own bookkeeping)."""
    if after.tricks_played == before.tricks_played or after.phase not in (PLAY, HAND_OVER):
        return
    objective = after.contract.objective
    board = after.board if after.phase == PLAY else after.result.board
    if reference:
        holds = formation_held(board, DECLARERS, objective) is not None
        possible = still_possible(board, DECLARERS, objective)
    else:
        holds = fast.board_holds(board, DECLARERS, objective)
        possible = fast.board_possible(board, DECLARERS, objective)
    if after.phase == PLAY:
        assert not holds and possible and after.tricks_played < after.rules.tricks
        return
    result = after.result
    assert result.won == holds
    assert holds or not possible
    if after.tricks_played == after.rules.tricks:
        assert len(board.counters) == 37, "after the last trick every space is occupied"
    else:
        assert len(board.counters) < 37 or holds


def check_scores(before, after, players) -> None:
    if after.phase not in (HAND_OVER, PASSED_OUT) or before.phase == after.phase:
        return
    gains = tuple(a - b for a, b in zip(after.totals, before.totals))
    if after.phase == PASSED_OUT:
        assert gains == (0,) * players
    elif after.rules.positive_only:
        winners = set(after.result.partners) | {after.result.declarer}
        if not after.result.won:
            winners = set(range(players)) - winners
        assert all((g > 0) == (seat in winners) for seat, g in enumerate(gains))
    else:
        assert sum(gains) == 0 and sum(after.totals) == 0


#: Every player count, and every variant at least once (variants combined to keep the suit fast).
CONFIGS = [(n, {}) for n in (2, 3, 4, 5, 6)] + [
    (3, {"full_deck": True}),
    (4, {"full_deck": True, "french_excuse": True}),
    (5, {"full_deck": True, "positive_only": True}),
    (6, {"french_excuse": True, "positive_only": True}),
    (4, {"board": "random", "positive_only": True}),
    (2, {"board": "random"}),
    (5, {"positive_only": True, "counter_sabotage": True}),
]
HANDS = 500
REFERENCE_HANDS = 40         # hands checked against the networkx reference (the rest: bitmask verdicts),
                             # and whose observations are checked for hidden cards


@pytest.mark.parametrize(("players", "variant"), CONFIGS, ids=lambda c: str(c))
def test_random_hands_keep_every_invariant(players, variant):
    hands_seen, actions = 0, Counter()
    game = 0
    while hands_seen < HANDS:
        state = le_plateau.new_game(players, seed=1000 + game, hands=players * 5, **variant)
        policy = [VariedBot(seed=game * 7 + seat) for seat in range(players)]
        check_cards(state, observations=True)
        while not state.is_over:
            action = policy[state.current_player].choose(state)
            after = state.apply(action)
            actions[type(action).__name__] += 1
            changed = after.phase != state.phase or after.tricks_played != state.tricks_played
            if changed and after.hand_number == state.hand_number:
                check_cards(after, observations=hands_seen + after.hand_number <= REFERENCE_HANDS)
                if after.phase != HAND_OVER:
                    check_counters(after)
                check_end(state, after, reference=hands_seen + after.hand_number <= REFERENCE_HANDS)
                check_scores(state, after, players)
            state = after
        hands_seen += state.hand_number
        game += 1
    assert actions["Play"] > 0 and actions["MakeBid"] > 0


def test_random_hands_reach_every_phase():
    """The varied policy really exercises partners, raises and abdication (so the invariants cover them)."""
    seen = Counter()
    for seed in range(40):
        final = play_out(le_plateau.new_game(5, seed=seed, hands=5), [VariedBot(seed * 5 + s) for s in range(5)])
        seen.update(type(action).__name__ for action in final.history)
    for kind in ("Call", "Raise", "Keep", "Abdicate", "Discard", "Deal"):
        assert seen[kind] > 0, kind
